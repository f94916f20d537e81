"""Plain-Python (and plain-NumPy) oracles for the solver API.

Nothing here shares code with omaha_eval's solver: the river and street
shares are summed pair by pair (and runout by runout) with the split of
tests/oracles/evaluator.py, and the showdown cuts pots and deals odd chips straight
from docs/rules.md.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from oracles import evaluator as ref


def river_shares_brute(
    board: list[int],
    hero: list[list[int]],
    villain: list[list[int]],
    weights: list[float],
) -> list[tuple[float, float, float, float]]:
    """(hi_share, lo_share, scoop, live_weight) per hero hand, pair by pair;
    NaN shares when no villain hand with weight > 0 is live."""
    hero_values = [ref.evaluate(h, board) for h in hero]
    villain_values = [ref.evaluate(v, board) for v in villain]
    out = []
    for h, (hh, hl) in zip(hero, hero_values, strict=True):
        hi = lo = scoop = live = 0.0
        for v, (vh, vl), w in zip(villain, villain_values, weights, strict=True):
            if w <= 0 or set(h) & set(v):
                continue
            his, los = ref.split([hh, vh], [hl, vl])
            live += w
            hi += w * his[0]
            lo += w * los[0]
            scoop += w * (his[1] + los[1] == 0.0)  # the villain wins nothing
        if live == 0:
            out.append((float("nan"),) * 3 + (0.0,))
        else:
            out.append((hi / live, lo / live, scoop / live, live))
    return out


def street_shares_brute(
    board: list[int],
    hero: list[list[int]],
    villain: list[list[int]],
    weights: list[float],
    game: str = "omaha8",
) -> list[tuple[float, float, float, float]]:
    """(hi_share, lo_share, scoop, live_weight) per hero hand on a flop, turn
    or river, deal by deal: every runout and villain hand that share no card
    with the hero hand, the board or each other, weighted by the villain
    weight, split with tests/reference.py.  live_weight: the weight of the
    villain hands that share no card with the hero hand.  NaN shares when
    there is no deal.  Slow: keep it to a few hands on a turn or a river."""
    cache: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] = {}

    def value(hand: list[int], full: list[int]) -> tuple[int, int]:
        key = (tuple(hand), tuple(full))
        if key not in cache:
            high, low = ref.evaluate(hand, full)
            cache[key] = (high, low if game == "omaha8" else 0)
        return cache[key]

    rest = [c for c in range(52) if c not in board]
    out = []
    for h in hero:
        hi = lo = scoop = deals = live = 0.0
        for v, w in zip(villain, weights, strict=True):
            if w <= 0 or set(h) & set(v):
                continue
            live += w
            for more in combinations(
                [c for c in rest if c not in h and c not in v], 5 - len(board)
            ):
                full = board + list(more)
                (hh, hl), (vh, vl) = value(h, full), value(v, full)
                his, los = ref.split([hh, vh], [hl, vl])
                deals += w
                hi += w * his[0]
                lo += w * los[0]
                scoop += w * (his[1] + los[1] == 0.0)
        if deals == 0:
            out.append((float("nan"),) * 3 + (0.0,))
        else:
            out.append((hi / deals, lo / deals, scoop / deals, live))
    return out


def _masks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    bits = np.left_shift(np.uint64(1), hands.astype(np.uint64))
    return np.bitwise_or.reduce(bits, axis=1)


def river_shares_pairwise(
    hero_high: npt.NDArray[np.integer],
    hero_low: npt.NDArray[np.integer],
    hero_hands: npt.NDArray[np.uint8],
    villain_high: npt.NDArray[np.integer],
    villain_low: npt.NDArray[np.integer],
    villain_hands: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], ...]:
    """The naive O(N * M) computation in NumPy, from given hand values:
    (hi_share, lo_share, scoop, live_weight).  The split per pair follows
    docs/rules.md directly (a low qualifies if either hand has one)."""
    hh = hero_high.astype(np.int64)[:, None]
    hl = hero_low.astype(np.int64)[:, None]
    vh = villain_high.astype(np.int64)[None, :]
    vl = villain_low.astype(np.int64)[None, :]
    any_low = (hl > 0) | (vl > 0)
    hi = np.where(any_low, 0.5, 1.0) * ((hh > vh) + 0.5 * (hh == vh))
    lo = np.where(hl > 0, 0.5 * ((hl > vl) + 0.5 * (hl == vl)), 0.0)
    villain_gets = np.where(any_low, 0.5, 1.0) * ((vh > hh) + 0.5 * (hh == vh)) + np.where(
        vl > 0, 0.5 * ((vl > hl) + 0.5 * (hl == vl)), 0.0
    )
    scoop = villain_gets == 0.0
    live = (_masks(hero_hands)[:, None] & _masks(villain_hands)[None, :]) == 0
    w = np.where(live, weights[None, :], 0.0)
    total = w.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (
            (w * hi).sum(axis=1) / total,
            (w * lo).sum(axis=1) / total,
            (w * scoop).sum(axis=1) / total,
            total,
        )


def pot_winners(
    high: list[int], low: list[int], eligible: list[int]
) -> tuple[list[int], list[int]]:
    """The eligible seats with the best high, and with the best qualifying
    low (none when no eligible seat has one)."""
    best_hi = max(high[i] for i in eligible)
    best_lo = max(low[i] for i in eligible)
    hi_winners = [i for i in eligible if high[i] == best_hi]
    lo_winners = [i for i in eligible if best_lo > 0 and low[i] == best_lo]
    return hi_winners, lo_winners


def split_chips(
    high: list[int], low: list[int], eligible: list[int], amount: int, button: int
) -> list[int]:
    """docs/rules.md chip split of one pot among the eligible seats."""
    n = len(high)
    pay = [0] * n
    hi_winners, lo_winners = pot_winners(high, low, eligible)
    if lo_winners:
        halves = [(hi_winners, amount - amount // 2), (lo_winners, amount // 2)]
    else:
        halves = [(hi_winners, amount)]
    for winners, chips in halves:
        clockwise = sorted(winners, key=lambda seat: (seat - button - 1) % n)
        for k, seat in enumerate(clockwise):
            pay[seat] += chips // len(winners) + (k < chips % len(winners))
    return pay


def side_pots(
    contributions: list[int], live: list[bool]
) -> tuple[list[tuple[int, list[int]]], list[int]]:
    """docs/rules.md, "Side pots", read literally: cut the chips into layers at
    every distinct contribution; a layer is contested by the live players
    who paid all of it; consecutive layers contested by the same players are
    one pot.  Returns the pots as (chips, contesting seats), bottom first,
    and the chips that no live player contests (layers above every live
    contribution), per seat: those go back to whoever put them in."""
    n = len(contributions)
    pots: list[tuple[int, list[int]]] = []
    back = [0] * n
    previous = 0
    for level in sorted(set(c for c in contributions if c > 0)):
        payers = [i for i in range(n) if contributions[i] >= level]
        contesting = [i for i in payers if live[i]]
        depth = level - previous
        if not contesting:
            for i in payers:
                back[i] += depth
        elif pots and pots[-1][1] == contesting:
            pots[-1] = (pots[-1][0] + depth * len(payers), contesting)
        else:
            pots.append((depth * len(payers), contesting))
        previous = level
    return pots, back


def showdown(
    hands: list[list[int] | None],
    board: list[int],
    contributions: list[int],
    button: int = 0,
    game: str = "omaha8",
) -> list[int]:
    """Side pots from the contributions (side_pots), each split on its own."""
    values = [ref.evaluate(h, board) if h is not None else (0, 0) for h in hands]
    high = [v[0] for v in values]
    low = [v[1] if game == "omaha8" else 0 for v in values]
    pots, pay = side_pots(contributions, [h is not None for h in hands])
    for amount, contesting in pots:
        for i, chips in enumerate(split_chips(high, low, contesting, amount, button)):
            pay[i] += chips
    return pay


def deal(rng: np.random.Generator, count: int, k: int, exclude: list[int]) -> npt.NDArray[np.uint8]:
    """count random k-card hands avoiding `exclude` (hands may overlap)."""
    deck = np.setdiff1d(np.arange(52), exclude)
    return np.array(
        [np.sort(rng.choice(deck, size=k, replace=False)) for _ in range(count)], dtype=np.uint8
    )
