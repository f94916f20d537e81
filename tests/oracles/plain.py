"""Plain enumeration, vectorised: the reference for the fast exact loops.

Every deal is listed (every non-colliding assignment of hands to the
players times every completion of the board), every hand's high and low are
the best of its C(k, 2) x C(5, 3) five-card combinations, each scored by the
five-card evaluator (``_core.high5_rows`` / ``low5_rows``, themselves checked
against the plain-Python oracle on all 2,598,960 five-card hands), and the
winners of each deal are read straight from the values.  Nothing of the fast
path (folded hands, rank-multiset counting, the quint tables, the sink) is
used, so the two can only agree by both being right.

A player is a list of card ids (a fixed hand), ``("range", combos,
weights)`` or ``"*"`` (any hand of the cards not known), as in
tests/equity_spots.py.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from omaha_eval import _core

CHUNK = 1 << 16  # deal rows scored at a time (60 five-card rows each)
LOW_RANKS = (12, 0, 1, 2, 3, 4, 5, 6)  # A, 2, ..., 8: the ranks a low uses


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def _row_masks(rows: np.ndarray) -> np.ndarray:
    masks = np.zeros(len(rows), np.uint64)
    for column in rows.T:
        masks |= np.uint64(1) << column.astype(np.uint64)
    return masks


def _hands(players: list[Any], known: int) -> tuple[list[np.ndarray], list[np.ndarray], int]:
    """Each player's hands (K, k) and weights (K,), known cards removed."""
    fixed = [p for p in players if not isinstance(p, (str, tuple))]
    k = len(fixed[0]) if fixed else next(len(p[1][0]) for p in players if isinstance(p, tuple))
    hands, weights = [], []
    for p in players:
        if isinstance(p, str):  # "*": every hand of the cards not known
            deck = [c for c in range(52) if not known >> c & 1]
            rows = np.array(list(combinations(deck, k)), dtype=np.uint8)
            w = np.ones(len(rows))
        elif isinstance(p, tuple):
            rows = np.asarray(p[1], dtype=np.uint8).reshape(-1, k)
            w = np.asarray(p[2], dtype=np.float64)
        else:  # a fixed hand: its cards are among the known ones
            hands.append(np.array([p], dtype=np.uint8))
            weights.append(np.ones(1))
            continue
        keep = (_row_masks(rows) & np.uint64(known)) == 0
        hands.append(rows[keep])
        weights.append(w[keep])
    return hands, weights, k


def _assignments(
    hands: list[np.ndarray], weights: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every assignment of one hand per player sharing no card: the hands
    (A, n, k), the products of their weights (A,) and their card masks (A,)."""
    chosen = np.zeros((1, 0), np.intp)
    masks = np.zeros(1, np.uint64)
    w = np.ones(1)
    for rows, ws in zip(hands, weights, strict=True):
        row_masks = _row_masks(rows)
        a, c = np.nonzero((masks[:, None] & row_masks[None, :]) == 0)
        chosen = np.column_stack([chosen[a], c])
        masks = masks[a] | row_masks[c]
        w = w[a] * ws[c]
    stacked = np.stack([hands[p][chosen[:, p]] for p in range(len(hands))], axis=1)
    return stacked, w, masks


def _best(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Best high and low of each hole row on its board row: the best of the
    C(k, 2) x 10 combinations of exactly two hole and three board cards."""
    k = holes.shape[1]
    fives = [
        np.column_stack([holes[:, i], holes[:, j], boards[:, a], boards[:, b], boards[:, c]])
        for i, j in combinations(range(k), 2)
        for a, b, c in combinations(range(5), 3)
    ]
    stacked = np.ascontiguousarray(np.stack(fives, axis=1).reshape(-1, 5), dtype=np.uint8)
    high = _core.high5_rows(stacked).reshape(len(holes), -1).max(axis=1)
    low = _core.low5_rows(stacked).reshape(len(holes), -1).max(axis=1)
    return high, low


# Bit of each rank in a board's set of low ranks (0 for 9 to K).
_LOW_BIT = np.array([1 << LOW_RANKS.index(r) if r in LOW_RANKS else 0 for r in range(13)])


def _nut_low(board: np.ndarray) -> int:
    """The best low any two hole cards could make with this board, by ranks:
    the best over every pair of low ranks, each as some card off the board."""
    best = 0
    for r1, r2 in combinations(LOW_RANKS, 2):
        hole = [4 * r1 + s for s in range(4) if 4 * r1 + s not in board][:1]
        hole += [4 * r2 + s for s in range(4) if 4 * r2 + s not in board][:1]
        if len(hole) == 2:
            _, low = _best(np.array([hole], np.uint8), np.array([board], np.uint8))
            best = max(best, int(low[0]))
    return best


def plain_counts(
    players: list[Any], board: list[int], dead: list[int], game: str = "omaha8"
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """(outcome histogram 4^n, makes_low n, breakdown (n, N_BREAKDOWN), deals)
    of every deal, as the C loops count them (oe_equity.h)."""
    n = len(players)
    high_only = game == "omaha"
    fixed_cards = [c for p in players if not isinstance(p, (str, tuple)) for c in p]
    known = _mask(board) | _mask(dead) | _mask(fixed_cards)
    hands, weights, _ = _hands(players, known)
    deck = [c for c in range(52) if not known >> c & 1]
    need = 5 - len(board)
    # the completions (one of no cards on a river: the board as it is)
    more = np.array(list(combinations(deck, need)), dtype=np.uint8)
    more = more.reshape(len(more), need)
    boards = np.column_stack([np.tile(np.array(board, np.uint8), (len(more), 1)), more])
    board_masks = _row_masks(more)
    assigned, deal_weights, assigned_masks = _assignments(hands, weights)
    outcome = np.zeros(1 << (2 * n))
    makes_low = np.zeros(n)
    breakdown = np.zeros((n, _core.N_BREAKDOWN))
    nut_lows: dict[int, int] = {}
    category = np.array([_core.high_category(v) for v in range(1, _core.HIGH_MAX + 1)])
    # every (assignment, completion) pair that shares no card
    clash = (assigned_masks[:, None] & board_masks[None, :]) != 0
    which, completion = np.nonzero(~clash & (deal_weights[:, None] != 0))
    bits = 1 << np.arange(n)
    for start in range(0, len(which), CHUNK):
        a, c = which[start : start + CHUNK], completion[start : start + CHUNK]
        b, w = boards[c], deal_weights[a]
        values = [_best(assigned[a, p], b) for p in range(n)]
        high = np.stack([v[0] for v in values], axis=1).astype(np.int64)
        low = np.zeros_like(high) if high_only else np.stack([v[1] for v in values], axis=1)
        hi = ((high == high.max(axis=1, keepdims=True)) * bits).sum(axis=1)
        best_low = low.max(axis=1, keepdims=True)
        lo = ((low == best_low) & (best_low > 0)).dot(bits)
        np.add.at(outcome, (hi << n) | lo, w)
        makes_low += ((low > 0) * w[:, None]).sum(axis=0)
        for p in range(n):
            np.add.at(breakdown[p], category[high[:, p] - 1], w)
        if not high_only:
            # the nut low depends on the board's set of low ranks only
            low_masks = np.bitwise_or.reduce(_LOW_BIT[b >> 2], axis=1)
            keys, first, inverse = np.unique(low_masks, return_index=True, return_inverse=True)
            for key, i in zip(keys.tolist(), first.tolist(), strict=True):
                if key not in nut_lows:
                    nut_lows[key] = _nut_low(b[i])
            nut = np.array([nut_lows[key] for key in keys.tolist()])[inverse.ravel()]
            for p in range(n):
                cls = np.where(
                    low[:, p] == 0,
                    _core.BREAKDOWN_LOW_COLUMNS["no low"],
                    np.where(
                        low[:, p] == nut,
                        _core.BREAKDOWN_LOW_COLUMNS["nut low"],
                        _core.BREAKDOWN_LOW_COLUMNS["other low"],
                    ),
                )
                np.add.at(breakdown[p], cls, w)
    deals = len(which)
    return outcome, makes_low, breakdown, deals
