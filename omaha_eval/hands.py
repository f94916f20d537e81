"""The hand order: one owner, for ranges, queries, board reports and the
solver wing (it lies below all of them).

The k-card hands as ascending rows of card ids (id = 4 * rank + suit), in
lexicographic order: ``[0 1 2 3]``, ``[0 1 2 4]``, ..., ``[48 49 50 51]`` for
k = 4.  The order never depends on the board, so a row index names the same
hand on every board; :func:`hand_index` computes it arithmetically, and
:func:`row_finder` looks hands up in any table of hands.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from math import comb
from typing import overload

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval._cache import lru_cache
from omaha_eval._checks import HOLE_SIZES, CardArray
from omaha_eval.types import Hands

__all__ = [
    "N_HANDS",
    "RowFinder",
    "all_hands",
    "hand_index",
    "hand_table",
    "one_or_rows",
    "row_finder",
    "row_index",
]

N_HANDS: int = _core.N_HANDS4  # C(52, 4) = 270,725 four-card hands


# _BINOMIAL[x, i] = C(x, i) for the combinatorial number system of hand_index.
_BINOMIAL = np.array([[comb(x, i) for i in range(7)] for x in range(52)], dtype=np.int64)


@lru_cache(maxsize=3)
def hand_table(k: int) -> npt.NDArray[np.uint8]:
    """Every k-card hand, rows ascending, lexicographic order; read-only.
    (Cached: 1 MB for k = 4, 13 MB for 5, 122 MB for 6.)"""
    if k < 6:
        hands = _core.all_hands_k(k)
    else:
        # the 6-card table from the 5-card one, one first card at a time (a
        # C call over all 20 M would not let Ctrl-C in for most of a second):
        # the hands starting with card c are c and every 5 cards above it,
        # a tail of the 5-card table
        fives = hand_table(5)
        hands = np.empty((math.comb(52, 6), 6), dtype=np.uint8)
        row = 0
        for c in range(52 - 5):
            tail = fives[fives.shape[0] - math.comb(51 - c, 5) :]
            hands[row : row + tail.shape[0], 0] = c
            hands[row : row + tail.shape[0], 1:] = tail
            row += tail.shape[0]
        assert row == hands.shape[0]
    hands.flags.writeable = False
    return hands


def all_hands(k: int = 4) -> CardArray:
    """Every k-card hand (k = 4, 5 or 6), (C(52, k), k) uint8, in the
    module's hand order.

    The array is built once per k, kept, shared and read-only (copy it to
    modify it): 270,725 rows (1.1 MB) for k = 4, 2,598,960 rows (13 MB)
    for k = 5 and 20,358,520 rows (122 MB) for k = 6.

    >>> all_hands()[:2].tolist()
    [[0, 1, 2, 3], [0, 1, 2, 4]]
    >>> len(all_hands()), len(all_hands(5))
    (270725, 2598960)
    >>> all_hands(5)[-1].tolist()
    [47, 48, 49, 50, 51]
    """
    return hand_table(_checks.hole_cards(k, "k"))


def one_or_rows(value: Hands, name: str) -> tuple[CardArray, bool]:
    """One hand (text or ids) or an (N, k) array of hands, k = 4, 5 or 6;
    the flag says whether a single hand was given."""
    if isinstance(value, str) or _checks.ndim(value) == 1:
        return _checks.card_set(value, name, HOLE_SIZES).reshape(1, -1), True
    return _checks.hand_rows(value, name), False


@overload
def hand_index(hand: str) -> int: ...


@overload
def hand_index(hand: Hands) -> int | npt.NDArray[np.int64]: ...


def hand_index(hand: Hands) -> int | npt.NDArray[np.int64]:
    """Row of a hand in :func:`all_hands` of its size, in any card order.

    One hand (text or 4, 5 or 6 ids) gives an ``int``; an (N, k) integer
    array gives an int64 array of N rows (k = 4, 5 or 6, from the row
    length).  Pure arithmetic (combinatorial number system): no table.

    >>> hand_index("2c 2d 2h 2s")
    0
    >>> hand_index([51, 50, 49, 48])
    270724
    >>> hand_index("2c 2d 2h 2s 3c"), hand_index("As Ah Ad Ac Ks Kh")
    (0, 20358519)
    """
    given, single = one_or_rows(hand, "hand")
    rows = np.sort(given, axis=1)
    k = rows.shape[1]
    # Lexicographic rank = last index - colex rank of the complemented hand,
    # summed a column at a time (a copy of every row in int64 costs 48 bytes a
    # 6-card hand: gigabytes for a whole range)
    colex = np.zeros(len(rows), dtype=np.int64)
    for i in range(k):
        colex += _BINOMIAL[51 - rows[:, k - 1 - i].astype(np.int64), i + 1]
    index: npt.NDArray[np.int64] = comb(52, k) - 1 - colex
    return int(index[0]) if single else index


def row_index(rows: CardArray) -> npt.NDArray[np.int64]:
    """hand_index of each row of an (N, k) array of checked ids, N >= 0."""
    if not len(rows):
        return np.zeros(0, dtype=np.int64)
    return np.asarray(hand_index(rows), dtype=np.int64)


RowFinder = Callable[[CardArray], tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]]


def row_finder(table: CardArray) -> RowFinder:
    """A lookup of hands in `table`, built once (its keys sorted): called
    with rows, it gives for each row the position in `table` of the same
    hand (cards in any order; the first such row) and whether there is one
    (where not, the position is meaningless).  Arrays of checked ids, k wide."""
    keys = row_index(table)
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]

    def find(rows: CardArray) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
        want = row_index(rows)
        if not len(sorted_keys):
            return np.zeros(len(want), dtype=np.intp), np.zeros(len(want), dtype=np.bool_)
        at = np.minimum(np.searchsorted(sorted_keys, want), len(sorted_keys) - 1)
        found: npt.NDArray[np.bool_] = sorted_keys[at] == want
        positions: npt.NDArray[np.intp] = order[at]
        return positions, found

    return find
