"""Pair by pair, runout by runout: the oracles of the showdown kernels
(src_c/oe_showdown.c through StreetSpot.run_outcomes and RiverShowdown).

Nothing here shares code with the kernels: every (hero, villain, runout)
deal is listed and settled one at a time by the split of
tests/oracles/evaluator.py (docs/rules.md), card removal by sets of cards.
The hands' values come from `values(hands, board)`: the plain-Python
evaluator by default (small spots), or any other (the package's
evaluate_batch for bigger ones: the kernels' sums, not the evaluator, are
under test there; the evaluator has its own exhaustive tests).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

import numpy as np
import numpy.typing as npt

from oracles import evaluator as ref
from oracles.equity import nut_low

BREAKDOWN = 12  # 9 high categories, then nut low, other low, no low
NUT_LOW, OTHER_LOW, NO_LOW = 9, 10, 11

# (high, low, category) of each hand on a complete board
Values = Callable[[list[list[int]], list[int]], list[tuple[int, int, int]]]


def plain_values(hands: list[list[int]], board: list[int]) -> list[tuple[int, int, int]]:
    """The plain-Python evaluator: every 2 + 3 combination."""
    out = []
    for hand in hands:
        best = max(ref.high_key(five) for five in ref.combos(hand, board))
        high, low = ref.evaluate(hand, board)
        out.append((high, low, best[0]))
    return out


def outcome_cell(highs: Sequence[int], lows: Sequence[int]) -> int:
    """hi << 2 | lo for two players (bit 0 the hero, bit 1 the villain): the
    winners of each half, no low winners when no one has a low."""
    top, best = max(highs), max(lows)
    hi = sum(1 << i for i in range(2) if highs[i] == top)
    lo = sum(1 << i for i in range(2) if best and lows[i] == best)
    return hi << 2 | lo


class StreetOracle:
    """Every deal of a heads-up street question: per hero the villain
    weight in each outcome cell and where the hero has a low, the players'
    breakdown (each deal weighted w_hero * w_villain) and the deal count."""

    def __init__(
        self,
        board: list[int],
        dead: list[int],
        hero: list[list[int]],
        hero_weights: list[float],
        villain: list[list[int]],
        villain_weights: list[float],
        high_only: bool = False,
        values: Values = plain_values,
    ) -> None:
        n = len(hero)
        self.outcome = np.zeros((n, 16))
        self.makes_low = np.zeros(n)
        self.breakdown = np.zeros((2, BREAKDOWN))
        self.deals = 0
        rest = [c for c in range(52) if c not in board and c not in dead]
        nuts: dict[frozenset[int], int] = {}
        for more in combinations(rest, 5 - len(board)):
            full = board + list(more)
            taken = set(more)
            live_h = [i for i, h in enumerate(hero) if not taken & set(h)]
            live_v = [j for j, v in enumerate(villain) if not taken & set(v)]
            hv = dict(zip(live_h, values([hero[i] for i in live_h], full), strict=True))
            vv = dict(zip(live_v, values([villain[j] for j in live_v], full), strict=True))
            low_ranks = frozenset(
                ref.rank(c) for c in full if ref.rank(c) in (12, 0, 1, 2, 3, 4, 5, 6)
            )
            if low_ranks not in nuts:
                nuts[low_ranks] = nut_low(full)
            nut = nuts[low_ranks]
            for i in live_h:
                for j in live_v:
                    if set(hero[i]) & set(villain[j]) or villain_weights[j] <= 0:
                        continue
                    self._deal(i, j, hv[i], vv[j], hero_weights, villain_weights, nut, high_only)

    def _deal(
        self,
        i: int,
        j: int,
        h: tuple[int, int, int],
        v: tuple[int, int, int],
        hero_weights: list[float],
        villain_weights: list[float],
        nut: int,
        high_only: bool,
    ) -> None:
        lows = (0, 0) if high_only else (h[1], v[1])
        wv = villain_weights[j]
        self.outcome[i, outcome_cell((h[0], v[0]), lows)] += wv
        if lows[0]:
            self.makes_low[i] += wv
        if hero_weights[i] > 0:
            self.deals += 1
        both = hero_weights[i] * wv
        for row, (category, low) in enumerate(((h[2], lows[0]), (v[2], lows[1]))):
            self.breakdown[row, category] += both
            if not high_only:
                column = NO_LOW if not low else NUT_LOW if low == nut else OTHER_LOW
                self.breakdown[row, column] += both


def river_matrices(
    board: list[int],
    hero: list[list[int]],
    villain: list[list[int]],
    high_only: bool = False,
    values: Values = plain_values,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(S, D), N x M: S[i, j] the fraction of the pot hero hand i takes
    against villain hand j at showdown (docs/rules.md), D[i, j] 1 where the
    two hands share no card; both 0 where they do.  A reach r over the
    villains gives values (S @ r) and live reach (D @ r)."""
    hv, vv = values(hero, board), values(villain, board)
    shares = np.zeros((len(hero), len(villain)))
    dealt = np.zeros((len(hero), len(villain)))
    for i, h in enumerate(hero):
        for j, v in enumerate(villain):
            if set(h) & set(v):
                continue
            lows = [0, 0] if high_only else [hv[i][1], vv[j][1]]
            hi, lo = ref.split([hv[i][0], vv[j][0]], lows)
            shares[i, j] = hi[0] + lo[0]
            dealt[i, j] = 1.0
    return shares, dealt


def river_matrices_numpy(
    board: npt.NDArray[np.uint8],
    hero: npt.NDArray[np.uint8],
    villain: npt.NDArray[np.uint8],
    high_only: bool = False,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """river_matrices for thousands of hands: the same per-pair rule of
    docs/rules.md in NumPy (a low qualifies if either hand has one; the high
    half, or the whole pot when no low, to the better high; ties share),
    the hands valued by the package's evaluate_batch."""
    import omaha_eval as oe

    hh, hl = (x.astype(np.int64) for x in oe.evaluate_batch(hero, board))
    vh, vl = (x.astype(np.int64) for x in oe.evaluate_batch(villain, board))
    if high_only:
        hl, vl = np.zeros_like(hl), np.zeros_like(vl)
    h, lo_h = hh[:, None], hl[:, None]
    any_low = (lo_h > 0) | (vl[None, :] > 0)
    hi = np.where(any_low, 0.5, 1.0) * ((h > vh[None, :]) + 0.5 * (h == vh[None, :]))
    lo = np.where(lo_h > 0, 0.5 * ((lo_h > vl[None, :]) + 0.5 * (lo_h == vl[None, :])), 0.0)
    bit = np.uint64(1)
    hm = np.bitwise_or.reduce(bit << hero.astype(np.uint64), axis=1)
    vm = np.bitwise_or.reduce(bit << villain.astype(np.uint64), axis=1)
    dealt = ((hm[:, None] & vm[None, :]) == 0).astype(np.float64)
    return (hi + lo) * dealt, dealt
