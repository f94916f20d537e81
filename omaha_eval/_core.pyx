# cython: language_level=3, embedsignature=True
"""Compiled core of omaha_eval (private).

Every function here trusts its arguments: C-contiguous uint8 arrays of valid,
non-repeating card ids, checked beforehand by omaha_eval._validate.  Use the
public modules instead.
"""
cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t

import numpy as np

from omaha_eval._capi cimport *

if oe_init() != 0:  # builds the lookup tables once, at import
    raise ImportError("omaha_eval: could not build the lookup tables")

HIGH_MAX = OE_HIGH_MAX
LOW_MAX = OE_LOW_MAX


@cython.boundscheck(False)
@cython.wraparound(False)
def high5_rows(const uint8_t[:, ::1] cards):
    """High value of each row of five cards."""
    cdef Py_ssize_t i, n = cards.shape[0]
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] o = out
    with nogil:
        for i in range(n):
            o[i] = oe_high5(&cards[i, 0])
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
def low5_rows(const uint8_t[:, ::1] cards):
    """Low value of each row of five cards (0 = no qualifying low)."""
    cdef Py_ssize_t i, n = cards.shape[0]
    out = np.empty(n, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    with nogil:
        for i in range(n):
            o[i] = oe_low5(&cards[i, 0])
    return out


def evaluate_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards):
    """(high, low) of each hole row on its board row, or on boards[0] for
    all rows when boards has a single row."""
    cdef Py_ssize_t n = holes.shape[0]
    cdef int k = <int>holes.shape[1]
    cdef size_t stride = 0 if boards.shape[0] == 1 else 5
    high = np.empty(n, dtype=np.uint16)
    low = np.empty(n, dtype=np.uint8)
    cdef uint16_t[::1] h = high
    cdef uint8_t[::1] l = low
    if n == 0:
        return high, low
    with nogil:
        oe_eval_batch(&holes[0, 0], <size_t>n, k, &boards[0, 0], stride, &h[0], &l[0])
    return high, low


def first_invalid_row(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards):
    """Index of the first row with an id above 51 or a repeated card, else -1."""
    cdef Py_ssize_t n = holes.shape[0]
    cdef ptrdiff_t bad
    cdef size_t stride = 0 if boards.shape[0] == 1 else 5
    if n == 0:
        return -1
    with nogil:
        bad = oe_first_invalid_row(&holes[0, 0], <size_t>n, <int>holes.shape[1],
                                   &boards[0, 0], stride)
    return bad


def evaluate_detail(const uint8_t[::1] hole, const uint8_t[::1] board):
    """(high, low, hi_used, lo_used): used = (hole i, hole j, board a, b, c)."""
    cdef uint16_t high
    cdef uint8_t low
    cdef uint8_t hi_used[5]
    cdef uint8_t lo_used[5]
    oe_eval_hand_detail(&hole[0], <int>hole.shape[0], &board[0], &high, &low,
                        hi_used, lo_used)
    lo = tuple(lo_used[i] for i in range(5)) if low else None
    return high, low, tuple(hi_used[i] for i in range(5)), lo


def high_category(int high):
    """Category 0 (high card) .. 8 (straight flush) of a high value."""
    return oe_high_category(<uint16_t>high)


def high_key(int high):
    """(category, tie-break ranks) of a high value: ranks as 0..12, ordered by
    count then rank (a straight gives only its top card)."""
    cdef uint32_t key = oe_high_keys[high - 1]
    return key >> 20, tuple((key >> (16 - 4 * i)) & 15 for i in range(5))


def low_mask(int low):
    """Set of low ranks (bit 0 = ace .. bit 7 = eight) of a low value 1..56."""
    cdef int m
    for m in range(256):
        if oe_low_value[m] == low:
            return m
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
def split_rows(const uint16_t[:, ::1] high, const uint8_t[:, ::1] low):
    """Pot shares of each showdown row: high/low (T, n) values of n players
    contesting one pot -> (hi_share, lo_share), float64 (T, n)."""
    cdef Py_ssize_t i, t = high.shape[0]
    cdef int n = <int>high.shape[1]
    hi = np.zeros((t, n), dtype=np.float64)
    lo = np.zeros((t, n), dtype=np.float64)
    cdef double[:, ::1] h = hi
    cdef double[:, ::1] l = lo
    if t == 0 or n == 0:
        return hi, lo
    with nogil:
        for i in range(t):
            oe_split_shares(n, &high[i, 0], &low[i, 0], &h[i, 0], &l[i, 0])
    return hi, lo
include "_solver.pxi"


include "_equity.pxi"
include "_ranges.pxi"
include "_many.pxi"
include "_small.pxi"
