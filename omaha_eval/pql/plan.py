"""The plan of a checked statement (check.py): what evaluate.py enumerates
or samples, and in what blocks.

The query engine is parser (syntax.py) -> checker (check.py) -> plan (here)
-> vectorised evaluation (evaluate.py) -> result (result.py, report.py).

Exact or Monte Carlo is chosen as ``equity()`` chooses (engine/plan.py),
by the work of every deal with the query's own work per deal (an equity
with every hand known costs a whole enumeration per deal), and every cost
bound is checked before any statement runs.  Exact deals are every
assignment of hands to the players that shares no card (assignments), each
weighted as equity() weights it (the product of the range weights), times
every completion of the board, dealt in street groups (street_groups).
Over a board or dead-card pattern each board is a stratum of its own
(board_spot) and counts alike (as in equity()).  A block holds block_rows
deals, decided by the query alone, so that a seed deals the same blocks on
every machine.
"""

from __future__ import annotations

import itertools
import math
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
from omaha_eval import engine
from omaha_eval.engine import patterns
from omaha_eval.engine.plan import BLOCK_WORK, Plan, RunOptions, choose
from omaha_eval.engine.spot import Spot, live_rows, prepare
from omaha_eval.engine.sweep import sweep_work
from omaha_eval.errors import OmahaEvalError
from omaha_eval.hands import hand_table as all_hands
from omaha_eval.pql.check import Prepared
from omaha_eval.pql.reduce import equity_columns

__all__ = [
    "BLOCK_ROWS",
    "MAX_ASSIGNMENTS",
    "assignments",
    "block_rows",
    "board_spot",
    "check_assignments",
    "completion_count",
    "deal_count",
    "plan",
    "row_work",
    "street_groups",
]

# Deals per block: equity()'s Monte Carlo block, so that a query draws the
# very deals equity() draws from the same seed (a few megabytes of rows) ...
BLOCK_ROWS = engine.BLOCK_TRIALS
# ... fewer when the query's work per deal is large (an equity per row):
# a block is at most the run's BLOCK_WORK (engine/plan.py).
# Exact enumeration lists its assignments of hands: at most this many.
MAX_ASSIGNMENTS = 5_000_000
# Work per deal before any function: dealing it and every hand's river value.
ROW_WORK, PLAYER_WORK = 20.0, 10.0


def row_work(prep: Prepared) -> float:
    """The work of one deal: dealing it, every river value, the functions."""
    shape = prep.ctx.shape
    exprs = [e for _, e in prep.selectors] + ([prep.where] if prep.where else [])
    return ROW_WORK + PLAYER_WORK * shape.players + sum(e.cost(shape) for e in exprs)


def block_rows(prep: Prepared) -> int:
    """The deals of a block: BLOCK_ROWS, halved until the block's work is at
    most BLOCK_WORK (decided by the query, so the same seed deals the same
    blocks on every machine)."""
    rows = BLOCK_ROWS
    while rows > 1 and rows * row_work(prep) > BLOCK_WORK:
        rows //= 2
    return rows


def board_spot(prep: Prepared, board: Any, dead: Any) -> Spot | None:
    """The spot of one board of a pattern; None when it cannot be dealt."""
    q = prep.question
    try:
        return prepare(q.players, q.k, board, dead, q.game, prep.players)
    except OmahaEvalError:
        return None


def _seat_rows(spot: Spot, i: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """A seat's hands for exact enumeration (a random hand: every hand of the
    cards not known) and their weights."""
    seat = spot.seats[i]
    if seat.kind == "random":
        hands = all_hands(spot.k)
        live = np.ascontiguousarray(hands[live_rows(hands, spot.known)])
        return live, np.ones(len(live))
    return seat.combos, seat.weights


def _seat_size(spot: Spot, i: int) -> int:
    """How many hands _seat_rows lists for the seat, without listing them."""
    seat = spot.seats[i]
    return comb(spot.deck, spot.k) if seat.kind == "random" else len(seat.combos)


def street_groups(n_board: int, streets: set[int]) -> list[int]:
    """The cards to come in the groups exact enumeration deals in order: one
    group when nothing read tells the streets apart (each completion listed
    once), else a group per street to come up to the last one read (the
    turn of a flop spot is then each card to come, not the lower of two)."""
    cuts = sorted(s for s in streets if n_board < s < 5)
    bounds = [n_board, *cuts, 5]
    return [b - a for a, b in itertools.pairwise(bounds) if b > a]


def completion_count(cards: int, groups: list[int]) -> int:
    """The ways to deal `groups` (cards per street group) from `cards` unseen."""
    total = 1
    for g in groups:
        total *= comb(max(cards, 0), g)
        cards -= g
    return total


def deal_count(spot: Spot, streets: set[int]) -> float:
    """An upper bound of the deals of exact enumeration: every assignment of
    the seats' hands (colliding ones too) times the completions."""
    sizes = [_seat_size(spot, i) for i in range(spot.n)]
    drawn = sum(spot.k for s in spot.seats if s.kind != "hand")
    groups = street_groups(len(spot.board), streets)
    return float(math.prod(sizes)) * completion_count(spot.deck - drawn, groups)


def assignments(spot: Spot) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """Every assignment of hands to the seats that shares no card (n x k
    cards each), with its weight: the product of its hands' weights.
    OmahaEvalError when there are more than MAX_ASSIGNMENTS, found before
    the memory for them is taken (not by the product of the ranges' sizes)."""
    # (annotated: NumPy 2.2's stubs would fix each to its first shape)
    chosen: npt.NDArray[np.intp] = np.zeros((1, 0), np.intp)
    masks: npt.NDArray[np.uint64] = np.zeros(1, np.uint64)
    w: npt.NDArray[np.float64] = np.ones(1)
    rows = [_seat_rows(spot, i) for i in range(spot.n)]
    for hands, weights in rows:
        m = _checks.row_masks(hands)
        a, c = _disjoint_pairs(masks, m)
        chosen = np.column_stack([chosen[a], c])
        masks, w = masks[a] | m[c], w[a] * weights[c]
    assigned = np.stack([rows[p][0][chosen[:, p]] for p in range(spot.n)], axis=1)
    return np.ascontiguousarray(assigned, dtype=np.uint8), np.ascontiguousarray(w)


# Pairs (an assignment so far, the next seat's hand) compared at once while
# listing assignments: a temporary of a few tens of megabytes, whatever the
# sizes of the ranges (their product may be billions).
PAIRS_AT_ONCE = 1 << 22


def _disjoint_pairs(
    masks: npt.NDArray[np.uint64], m: npt.NDArray[np.uint64]
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The pairs (i, j), in order, of masks[i] and m[j] sharing no card:
    compared a slice of `masks` at a time, refused (OmahaEvalError) as soon
    as they pass MAX_ASSIGNMENTS."""
    step = max(1, PAIRS_AT_ONCE // max(len(m), 1))
    found: list[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]] = []
    total = 0
    for start in range(0, len(masks), step):
        a, c = np.nonzero((masks[start : start + step, None] & m[None, :]) == 0)
        total += len(a)
        if total > MAX_ASSIGNMENTS:
            raise OmahaEvalError(
                f"more than {MAX_ASSIGNMENTS:,} assignments of hands to list; "
                "sample instead (Monte Carlo)",
                param="exact",
            )
        found.append((a + start, c))
    if not found:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    return np.concatenate([a for a, _ in found]), np.concatenate([c for _, c in found])


def check_assignments(spot: Spot) -> None:
    """Refuse, before any statement runs, exact enumeration of a spot with
    more than MAX_ASSIGNMENTS assignments of hands (listed, bounded, only
    when the product of the seats' sizes could pass it)."""
    if math.prod(_seat_size(spot, i) for i in range(spot.n)) > MAX_ASSIGNMENTS:
        assignments(spot)


def plan(prep: Prepared, options: RunOptions) -> Plan:
    """Exact or Monte Carlo, chosen as equity() chooses (engine/plan.py) by
    the work of every deal with the query's work per deal; every cost
    bound checked (before any statement runs)."""
    per_row = row_work(prep)
    if prep.spot is not None:
        deals = deal_count(prep.spot, prep.streets)
        # a statement that reduces to equity may take the engine's sweep
        sweep = sweep_work(prep.spot) if equity_columns(prep) is not None else None
        chosen = choose(
            options, deals * per_row, sweep=sweep, trial_work=per_row, what=" of this query"
        )
        if chosen.exact and chosen.kernel == "pairs":
            check_assignments(prep.spot)
        return chosen
    patterns.no_target(options.target)
    q = prep.question
    streets = prep.streets

    def exact_work(spot: Spot) -> float:
        return deal_count(spot, streets) * per_row

    work = patterns.pattern_work(q.players, q.k, prep.pairs, q.game, exact_work=exact_work)
    chosen = choose(options, work, trial_work=None, target=False)
    if chosen.exact:  # the boards are alike in size: the first that can be dealt tells
        first = next(filter(None, (board_spot(prep, b, d) for b, d in prep.pairs)), None)
        if first is not None:
            check_assignments(first)
    else:
        sampled = patterns.pattern_work(
            q.players, q.k, prep.pairs, q.game, chosen.trials, trial_work=per_row
        )
        patterns.check_sampling_work(sampled, len(prep.pairs), chosen.trials)
    return chosen
