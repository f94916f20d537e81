"""The showdown sweep: a heads-up question settled range against range,
runout by runout (src_c/oe_street.c on src_c/oe_showdown.c).

On each runout every hand of both sides is valued once, the hands are
sorted, and every hero combo's deals against the villain range are summed
by outcome in one sweep with card removal by inclusion-exclusion: the cost
grows with the combos, not with their pairs.  It counts exactly what pair
enumeration counts (engine/runner.py ``exact_sums``): every deal of a
hero combo, a villain combo and a runout that share no card, weighted by
the product of the combos' weights; so the figures are the same, to the
bit where the weights are whole numbers (the counts are integers) and to
the rounding of the sums otherwise (about 1e-15 relative: the two add the
same terms in another order).

Applies (``sweep_work`` is not None) to heads-up spots with a flop, a turn
or a river known and a range or a random hand on a side; the planner
(engine/plan.py ``choose``) takes it when it is the cheaper exact kernel.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval.engine.parts import block_sums
from omaha_eval.engine.results import Sums
from omaha_eval.engine.spot import Seat, Spot, centring, unknown_hands

__all__ = [
    "SWEEP_HAND_WORK",
    "SweepSides",
    "spot_deals_per_pair",
    "street_outcomes",
    "sweep_outcomes",
    "sweep_sides",
    "sweep_sums",
    "sweep_work",
]

# The work of one hand on one runout (valued, sorted, swept), in the units
# of engine/plan.py (about 1e8 a second of one core): measured with
# benchmarks/bench_sweep.py.
SWEEP_HAND_WORK = 30.0
# ... and of preparing one hand for the question (its subsets, the lists of
# hands sharing three cards or more with it).
SWEEP_SETUP_WORK = 200.0
# A random hand (every hand of the cards left) is swept only up to this
# many hands (a 5-card random hand has 1.9 million, a 6-card one 20 million).
SWEEP_MAX_HANDS = 2_000_000
# The outcome cells of a heads-up deal: hi << 2 | lo, the masks of the high
# and low winners (bit 0 the hero, bit 1 the villain; lo 0: no low).
CELLS = 16
FloatArray = npt.NDArray[np.float64]


def _side_size(seat: Seat, spot: Spot) -> int:
    if seat.kind == "hand":
        return 1
    if seat.kind == "random":
        return math.comb(52 - spot.known.bit_count(), spot.k)
    return seat.live


def spot_deals_per_pair(spot: Spot) -> int:
    """The runouts each (hero combo, villain combo) pair that shares no card
    meets: the same for every such pair."""
    deck = 52 - len(spot.board) - len(spot.dead) - 2 * spot.k
    return math.comb(deck, 5 - len(spot.board))


def sweep_work(spot: Spot) -> float | None:
    """The estimated work of the sweep for this spot, or None where it does
    not apply: not heads-up, fewer than three board cards, two known hands
    (pair enumeration counts a handful of deals), or a random hand of more
    than SWEEP_MAX_HANDS hands."""
    if spot.n != 2 or len(spot.board) < 3 or all(s.kind == "hand" for s in spot.seats):
        return None
    sizes = [_side_size(s, spot) for s in spot.seats]
    if max(sizes) > SWEEP_MAX_HANDS:
        return None
    deck = 52 - len(spot.board) - len(spot.dead)
    runouts = math.comb(deck, 5 - len(spot.board))
    return float(runouts * sum(sizes) * SWEEP_HAND_WORK + sum(sizes) * SWEEP_SETUP_WORK)


@dataclass(frozen=True)
class SweepSides:
    """The two sides as the sweep takes them: each side's combos (a known
    hand is a side of one combo, a random hand every hand of the cards not
    known) and their weights, centred as exact enumeration centres them."""

    hero: npt.NDArray[np.uint8]
    hero_weights: npt.NDArray[np.float64]
    villain: npt.NDArray[np.uint8]
    villain_weights: npt.NDArray[np.float64]


def sweep_sides(spot: Spot) -> SweepSides:
    """The spot's two seats as sweep sides (seat 0 the hero)."""
    combos, weights = [], []
    for seat, factor in zip(spot.seats, centring(spot.seats), strict=True):
        hands, weight = seat.combos, seat.weights
        if seat.kind == "random":
            hands = unknown_hands(spot.known, spot.k)
            weight = np.ones(len(hands))
        combos.append(np.ascontiguousarray(hands, dtype=np.uint8))
        weights.append(np.ascontiguousarray(weight * factor, dtype=np.float64))
    return SweepSides(combos[0], weights[0], combos[1], weights[1])


def _street_spot(spot: Spot) -> tuple[SweepSides, _core.StreetSpot, int]:
    """The sweep sides, the prepared street question and both sides' hands
    (the work of a runout)."""
    sides = sweep_sides(spot)
    c_spot = _core.StreetSpot(
        np.ascontiguousarray(spot.board, dtype=np.uint8),
        sides.hero,
        sides.villain,
        sides.villain_weights,
        spot.game.code,
        dead=_checks.card_mask(spot.dead),
        hero_weight=sides.hero_weights,
    )
    return sides, c_spot, len(sides.hero) + len(sides.villain)


# Runouts a block of the sweep holds at least: a block's three arrays (a row
# of 17 numbers a hero) cost more to allocate and add than a runout of a
# small question takes to sweep.
OUTCOME_BLOCK_RUNOUTS = 4


def street_outcomes(
    c_spot: _core.StreetSpot,
    hands: int,
    threads: int,
    stop: object = None,
    *,
    breakdown: bool = True,
    progress: Callable[[int, int], object] | None = None,
) -> tuple[FloatArray, FloatArray, FloatArray | None]:
    """A prepared street question's outcome sums over every runout
    (StreetSpot.run_outcomes, src_c/oe_street.h), in the fixed blocks of
    engine/parts.py added in block order (the same bits on any number of
    threads; `hands`: both sides' hands, the work of a runout): per hero
    its outcome cells (N x 16) and makes-low weight (N), and both players'
    breakdown (2 x N_BREAKDOWN; None unless `breakdown`: it costs a pass
    over the villains a runout); `progress` hears the runouts swept."""

    def run(first: int, count: int) -> tuple[FloatArray, ...]:
        return c_spot.run_outcomes(first, count, breakdown)

    zero = run(0, 0)  # arrays of the right shapes, all 0
    sums = block_sums(
        run, c_spot.runouts, hands, threads, zero, stop, OUTCOME_BLOCK_RUNOUTS, progress
    )
    return sums[0], sums[1], sums[2] if breakdown else None


def sweep_outcomes(
    spot: Spot,
    threads: int,
    stop: object = None,
    *,
    breakdown: bool = True,
    progress: Callable[[int, int], object] | None = None,
) -> tuple[SweepSides, FloatArray, FloatArray, FloatArray | None, int]:
    """Every runout swept (street_outcomes): the sides, per hero combo its
    outcome cells (N x 16, villain weight summed over its deals) and
    makes-low weight (N), the breakdown of both players (2 x N_BREAKDOWN,
    deal weights; None unless `breakdown`) and the number of deals."""
    sides, c_spot, hands = _street_spot(spot)
    outcome, makes_low, bd = street_outcomes(
        c_spot, hands, threads, stop, breakdown=breakdown, progress=progress
    )
    return sides, outcome, makes_low, bd, c_spot.deals


def sweep_sums(spot: Spot, threads: int, stop: object = None) -> Sums:
    """The spot's sums, as exact enumeration gives them, by the sweep: the
    cells and makes-low weight summed over the hero's combos by their
    weights as each runout is swept (StreetSpot.run_totals: no row per
    combo), in the fixed blocks of engine/parts.py added in block order."""
    _, c_spot, hands = _street_spot(spot)
    zero = c_spot.run_totals(0, 0)
    histogram, mine, breakdown = block_sums(
        c_spot.run_totals, c_spot.runouts, hands, threads, zero, stop
    )
    low = np.array([mine[0], _makes_low(breakdown[1])])
    return Sums.of(histogram, low, breakdown, 2, c_spot.deals)


_LOW_CLASSES = [i for name, i in _core.BREAKDOWN_LOW_COLUMNS.items() if name != "no low"]


def _makes_low(breakdown: npt.NDArray[np.float64]) -> float:
    """A player's makes-low weight from its breakdown: its deals with a low."""
    return float(breakdown[_LOW_CLASSES].sum())
