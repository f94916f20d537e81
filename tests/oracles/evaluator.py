"""A slow, obviously correct Omaha hi/lo evaluator: the oracle for the tests.

Plain Python straight from docs/rules.md: try every 2-from-hole x 3-from-board
combination and keep the best high and the best low.  Shares no code with
the package (not even the card parser) so that a bug there cannot hide.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card(text: str) -> int:
    """'As' -> 51 (id = 4 * rank + suit)."""
    return 4 * RANKS.index(text[0].upper()) + SUITS.index(text[1].lower())


def cards(text: str) -> list[int]:
    text = text.replace(" ", "").replace(",", "")
    return [card(text[i : i + 2]) for i in range(0, len(text), 2)]


def rank(c: int) -> int:
    return c // 4


def suit(c: int) -> int:
    return c % 4


# ---------------------------------------------------------------- high
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def high_key(five: list[int]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks): Python tuple order is hand order."""
    ranks = sorted((rank(c) for c in five), reverse=True)
    counts = Counter(ranks)
    # ranks by (count, rank), both descending
    grouped = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    flush = len({suit(c) for c in five}) == 1
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # A-2-3-4-5, five high
            straight_top = 3
    shape = sorted(counts.values(), reverse=True)
    if straight_top is not None and flush:
        return STRAIGHT_FLUSH, (straight_top,)
    if shape[0] == 4:
        return QUADS, grouped
    if shape == [3, 2]:
        return FULL_HOUSE, grouped
    if flush:
        return FLUSH, grouped
    if straight_top is not None:
        return STRAIGHT, (straight_top,)
    if shape[0] == 3:
        return TRIPS, grouped
    if shape == [2, 2, 1]:
        return TWO_PAIR, grouped
    if shape[0] == 2:
        return PAIR, grouped
    return HIGH_CARD, grouped


@lru_cache(maxsize=1)
def _high_classes() -> dict[tuple[int, tuple[int, ...]], int]:
    """Every distinct high key, numbered 1.. from worst to best."""
    keys = set()
    for ranks in combinations(range(13), 5):  # five distinct ranks: suited or not
        keys.add(high_key([4 * r for r in ranks]))  # all clubs: a flush
        keys.add(high_key([4 * r + (i == 0) for i, r in enumerate(ranks)]))
    for ranks in _rank_multisets_with_pair():
        seen: Counter[int] = Counter()
        five = []
        for r in ranks:
            five.append(4 * r + seen[r])
            seen[r] += 1
        keys.add(high_key(five))
    return {k: i + 1 for i, k in enumerate(sorted(keys))}


def _rank_multisets_with_pair() -> list[tuple[int, ...]]:
    out = []
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        rs = (a, b, c, d, e)
                        if len(set(rs)) < 5 and max(Counter(rs).values()) <= 4:
                            out.append(rs)
    return out


def high_value(five: list[int]) -> int:
    """1..7462, larger is better."""
    return _high_classes()[high_key(five)]


# ---------------------------------------------------------------- low
def low_key(five: list[int]) -> tuple[int, ...] | None:
    """Low ranks (ace = 1 .. eight = 8) highest first, or None if no 8-or-better
    low.  A smaller tuple is a better low."""
    lows = sorted((1 if rank(c) == 12 else rank(c) + 2 for c in five), reverse=True)
    if len(set(lows)) != 5 or lows[0] > 8:
        return None
    return tuple(lows)


@lru_cache(maxsize=1)
def _low_classes() -> dict[tuple[int, ...], int]:
    lows = sorted(tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5))
    # best (5,4,3,2,1) first -> 56
    return {k: 56 - i for i, k in enumerate(lows)}


def low_value(five: list[int]) -> int:
    """0 for no low, else 1..56, larger is better."""
    key = low_key(five)
    return 0 if key is None else _low_classes()[key]


# ---------------------------------------------------------------- Omaha
def combos(hole: list[int], board: list[int]):  # type: ignore[no-untyped-def]
    """Every five-card hand of exactly two hole cards and three board cards."""
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            yield list(two) + list(three)


def best_high(hole: list[int], board: list[int]) -> int:
    return max(high_value(f) for f in combos(hole, board))


def best_low(hole: list[int], board: list[int]) -> int:
    return max(low_value(f) for f in combos(hole, board))


def evaluate(hole: list[int], board: list[int]) -> tuple[int, int]:
    return best_high(hole, board), best_low(hole, board)


# ---------------------------------------------------------------- the pot
def split(highs: list[int], lows: list[int]) -> tuple[list[float], list[float]]:
    """(hi_share, lo_share) per player of one pot everybody contests."""
    n = len(highs)
    top = max(highs)
    hi_winners = [i for i in range(n) if highs[i] == top]
    best_lo = max(lows)
    lo_winners = [i for i in range(n) if best_lo and lows[i] == best_lo]
    hi_half = 0.5 if lo_winners else 1.0
    hi = [hi_half / len(hi_winners) if i in hi_winners else 0.0 for i in range(n)]
    lo = [0.5 / len(lo_winners) if i in lo_winners else 0.0 for i in range(n)]
    return hi, lo
