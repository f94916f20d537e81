"""The weight left after removing cards, written once.

For each row of `against` (a set of cards: a hero's combo, a row's new
board cards) the total weight of the hands of a range that share no card
with it: what card removal leaves of the range.  A split graph weighs its
combos by it, a board report its rows, the showdown sweep its deals
(src_c/oe_street.c counts the same thing in C, per runout).

Two ways to the same number, the cheaper chosen by its cost:

- **directly**: every (row, hand) pair's card masks, in chunks (cost
  rows x hands);
- **by inclusion-exclusion** over the subsets S of the row's cards: the
  range's total, less the weight of the hands holding each card of the
  row, plus those holding each two, ... , ``sum_S (-1)^|S| W(S)``, where
  W(S) is the weight of the hands holding every card of S (cost about
  2^k x (hands + rows)).  W(S) is looked up in a table over card tuples
  for |S| <= DENSE_SIZE (52^|S| entries), and in the sorted subset keys of
  the hands beyond.

Memory stays bounded whatever the sizes: a chunk of pairs, one column of
keys at a time, and a table of at most 52^DENSE_SIZE doubles.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks

__all__ = ["DENSE_SIZE", "live_weight"]

FloatArray = npt.NDArray[np.float64]
# Subsets of at most this many cards are counted in a dense table (52^3
# doubles: 1 MB); larger ones by sorted keys (a dense 52^4 table costs more to
# clear than a sort of the keys).
DENSE_SIZE = 3
# Pairs of masks compared at once by the direct way (16 MB of masks).
_PAIR_CHUNK = 1 << 21


def live_weight(
    hands: npt.NDArray[np.uint8],
    weights: FloatArray | None,
    against: npt.NDArray[np.uint8],
    *,
    stop: Any = None,
) -> FloatArray:
    """For each row of `against` (a 2-D array, a row of card ids each), the total of `weights`
    over the rows of `hands` that share no card with it (`weights` None:
    their number).  Exact for counts; for weights, to the rounding of the
    sums (what is below 1e-12 of the range's total is 0: nothing is left
    but rounding).  `stop` (anything with is_set()) is heard between
    steps: KeyboardInterrupt."""
    hands = np.asarray(hands, dtype=np.uint8)
    against = np.asarray(against, dtype=np.uint8)
    w = np.ones(len(hands)) if weights is None else np.asarray(weights, dtype=np.float64)
    if not len(against):
        return np.zeros(0)
    if not len(hands):
        return np.zeros(len(against))
    k, ka = hands.shape[1], against.shape[1]
    direct = float(len(hands)) * len(against)
    by_subsets = float(2 ** min(k, ka)) * (len(hands) + len(against))
    if direct <= by_subsets:
        out = _direct(hands, w, against, stop)
    else:
        out = _by_subsets(hands, w, against, stop)
    # rounding must not make a weight negative, nor leave a trace of one gone
    out[out < 1e-12 * float(w.sum())] = 0.0
    return out


def _heard(stop: Any) -> None:
    if stop is not None and stop.is_set():
        raise KeyboardInterrupt


def _direct(
    hands: npt.NDArray[np.uint8], w: FloatArray, against: npt.NDArray[np.uint8], stop: Any
) -> FloatArray:
    masks = _checks.row_masks(hands)
    rows = _checks.row_masks(against)
    out = np.zeros(len(rows))
    step = max(1, _PAIR_CHUNK // len(masks))
    for first in range(0, len(rows), step):
        _heard(stop)
        clear = (rows[first : first + step, None] & masks[None, :]) == 0
        out[first : first + step] = np.einsum("ij,j->i", clear, w)  # no BLAS: one order
    return out


def _keys(cards: npt.NDArray[np.int64], columns: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """Each row's cards in `columns` (ascending) as one number, base 52."""
    key: npt.NDArray[np.int64] = cards[:, columns[0]].copy()
    for c in columns[1:]:
        key *= 52
        key += cards[:, c]
    return key


def _by_subsets(
    hands: npt.NDArray[np.uint8], w: FloatArray, against: npt.NDArray[np.uint8], stop: Any
) -> FloatArray:
    held = np.sort(hands, axis=1).astype(np.int64)
    rows = np.sort(against, axis=1).astype(np.int64)
    k, ka = held.shape[1], rows.shape[1]
    out = np.full(len(rows), float(w.sum()))
    for size in range(1, min(k, ka) + 1):
        sign = -1.0 if size % 2 else 1.0
        if size <= DENSE_SIZE:
            table = np.zeros(52**size)
            for cols in combinations(range(k), size):
                _heard(stop)
                table += np.bincount(_keys(held, cols), weights=w, minlength=52**size)
            for cols in combinations(range(ka), size):
                out += sign * table[_keys(rows, cols)]
            continue
        for cols in combinations(range(k), size):
            _heard(stop)
            keys = _keys(held, cols)
            order = np.argsort(keys, kind="stable")
            keys = keys[order]
            running = np.concatenate(([0.0], np.cumsum(w[order])))
            for row_cols in combinations(range(ka), size):
                wanted = _keys(rows, row_cols)
                lo = np.searchsorted(keys, wanted, side="left")
                hi = np.searchsorted(keys, wanted, side="right")
                out += sign * (running[hi] - running[lo])
    return out
