"""Plain-Python equity by brute force: the oracle for tests/test_equity*.py.

Straight from RULES.md ("Equity"): every non-colliding assignment of hands
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

FIGURES = ("equity", "hi_share", "lo_share", "scoop", "hi_win", "hi_tie", "lo_win",
           "lo_tie", "makes_low")  # fmt: skip


def brute_equity(
    players: list[list[tuple[list[int], float]]],
    board: list[int],
    dead: list[int],
    high_only: bool = False,
) -> dict[str, Any]:
    """players[i] is a list of (hand, weight); a known hand is [(hand, 1)].

    Returns {"players": [{figure: Fraction}], "no_low", "quartered", "deals"}.
    """
    n = len(players)
    sums = [dict.fromkeys(FIGURES, Fraction(0)) for _ in range(n)]
    no_low = quartered = total = Fraction(0)
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
            no_low += weight * (not lo_winners)
            quartered += weight * (len(lo_winners) >= 2)
            total += weight
            deals += 1
    out = []
    for s in sums:
        s["equity"] = s["hi_share"] + s["lo_share"]
        out.append({key: v / total for key, v in s.items()})
    return {"players": out, "no_low": no_low / total, "quartered": quartered / total,
            "deals": deals}  # fmt: skip
