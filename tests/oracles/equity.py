"""Plain-Python equity by brute force: the oracle for tests/test_equity*.py.

Straight from docs/rules.md ("Equity"): every non-colliding assignment of hands
to the players (weight: the product of the hands' weights) times every
completion of the board; each deal is scored with tests/oracles/evaluator.py and
split with its `split`.  Exact arithmetic (Fractions), so it is slow: keep
the spots small (river, turn, flop, or a deck shrunk by dead cards).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product
from typing import Any

from oracles import evaluator as ref

FIGURES = (
    "equity",
    "hi_share",
    "lo_share",
    "scoop",
    "hi_win",
    "hi_tie",
    "lo_win",
    "lo_tie",
    "quartered",
    "makes_low",
)


def brute_equity(
    players: list[list[tuple[list[int], float]]],
    board: list[int],
    dead: list[int],
    high_only: bool = False,
) -> dict[str, Any]:
    """players[i] is a list of (hand, weight); a known hand is [(hand, 1)].

    Returns {"players": [{figure: Fraction}], "no_low", "low_split",
    "any_quartered", "deals"}.  A player is quartered on a deal when their
    share of the pot is exactly 1/4 (counted here in Fractions from the
    winners: each half split equally among its winners, the whole pot to the
    high winners when no low qualifies).
    """
    n = len(players)
    sums = [dict.fromkeys(FIGURES, Fraction(0)) for _ in range(n)]
    no_low = low_split = any_quartered = total = Fraction(0)
    deals = 0
    taken = set(board) | set(dead)
    deck = [c for c in range(52) if c not in taken]
    cache: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] = {}

    def value(hand: list[int], full: list[int]) -> tuple[int, int]:
        key = (tuple(sorted(hand)), tuple(sorted(full)))
        if key not in cache:
            cache[key] = ref.evaluate(hand, full)
        return cache[key]

    for assignment in product(*players):
        hands = [h for h, _ in assignment]
        used = [c for h in hands for c in h]
        if len(set(used)) != len(used) or set(used) & taken:
            continue
        weight = Fraction(1)
        for _, w in assignment:
            weight *= Fraction(w)
        if weight == 0:
            continue
        rest = [c for c in deck if c not in used]
        for more in combinations(rest, 5 - len(board)):
            full = board + list(more)
            values = [value(h, full) for h in hands]
            highs = [v[0] for v in values]
            lows = [0 if high_only else v[1] for v in values]
            hi_share, lo_share = ref.split(highs, lows)
            top = max(highs)
            hi_winners = [i for i in range(n) if highs[i] == top]
            best_low = max(lows)
            lo_winners = [i for i in range(n) if best_low and lows[i] == best_low]
            for i in range(n):
                s = sums[i]
                s["hi_share"] += weight * Fraction(hi_share[i])
                s["lo_share"] += weight * Fraction(lo_share[i])
                sole_hi = hi_winners == [i]
                sole_lo = lo_winners == [i]
                s["scoop"] += weight * (sole_hi and (not lo_winners or sole_lo))
                s["hi_win"] += weight * sole_hi
                s["hi_tie"] += weight * (i in hi_winners and not sole_hi)
                s["lo_win"] += weight * sole_lo
                s["lo_tie"] += weight * (i in lo_winners and not sole_lo)
                s["makes_low"] += weight * (lows[i] > 0)
            pot_share = [
                Fraction(i in hi_winners, len(hi_winners)) * (Fraction(1, 2) if lo_winners else 1)
                + (Fraction(i in lo_winners, 2 * len(lo_winners)) if lo_winners else 0)
                for i in range(n)
            ]
            for i in range(n):
                sums[i]["quartered"] += weight * (pot_share[i] == Fraction(1, 4))
            no_low += weight * (not lo_winners)
            low_split += weight * (len(lo_winners) >= 2)
            any_quartered += weight * (Fraction(1, 4) in pot_share)
            total += weight
            deals += 1
    out = []
    for s in sums:
        s["equity"] = s["hi_share"] + s["lo_share"]
        out.append({key: v / total for key, v in s.items()})
    return {
        "players": out,
        "no_low": no_low / total,
        "low_split": low_split / total,
        "any_quartered": any_quartered / total,
        "deals": deals,
    }


CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
LOW_RANKS = (12, 0, 1, 2, 3, 4, 5, 6)  # A, 2 .. 8


def nut_low(full: list[int]) -> int:
    """The best low any two hole cards of different low ranks could make with
    this board (0: none), by trying every pair of ranks."""
    best = 0
    for a, b in combinations(LOW_RANKS, 2):
        hole = [4 * a + s for s in range(4) if 4 * a + s not in full][:1]
        hole += [4 * b + s for s in range(4) if 4 * b + s not in full][:1]
        if len(hole) == 2:
            best = max(best, ref.best_low(hole, full))
    return best


def brute_breakdown(
    hands: list[list[int]], board: list[int], dead: list[int], high_only: bool = False
) -> list[dict[str, Fraction]]:
    """For known hands, every completion of the board: each player's chance
    to end with each high category and, unless high only, with the nut low
    (nut_low), another qualifying low, or no low."""
    taken = set(board) | set(dead) | {c for h in hands for c in h}
    deck = [c for c in range(52) if c not in taken]
    counts = [dict.fromkeys((*CATEGORY_NAMES, "nut low", "other low", "no low"), 0) for _ in hands]
    boards = 0
    for more in combinations(deck, 5 - len(board)):
        full = board + list(more)
        nut = nut_low(full)
        boards += 1
        for i, hand in enumerate(hands):
            best = max(ref.high_key(five) for five in ref.combos(hand, full))
            counts[i][CATEGORY_NAMES[best[0]]] += 1
            if not high_only:
                low = ref.best_low(hand, full)
                counts[i]["no low" if not low else "nut low" if low == nut else "other low"] += 1
    names = CATEGORY_NAMES + (() if high_only else ("nut low", "other low", "no low"))
    return [{name: Fraction(c[name], boards) for name in names} for c in counts]
