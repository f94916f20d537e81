"""A spot over every board of a board or dead-card pattern (engine/boards.py).

The answer is the mean of the spot's figures over every matching board (and
dead-card set) that can be dealt, each equally likely:

- Exact: each board is enumerated as a spot of its own and the boards'
  figures are averaged.
- Monte Carlo, stratified: every board gets the same number of trials (at
  least 2: the trials divided among the boards, rounded up), board s
  drawing from ``SeedSequence(seed, spawn_key=(s, block))``; the standard
  error comes from the variance within each board: stratified sampling.

Boards are prepared and run one at a time, so memory does not grow with
their number.  Ctrl-C (or the plan's stop event) between or during boards
ends the run with KeyboardInterrupt: a mean over some of the boards is not
an estimate of the whole.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from omaha_eval._checks import CardArray
from omaha_eval.engine import runner
from omaha_eval.engine.plan import EXACT_WORK_LIMIT, TRIAL_WORK, WORK_PER_SECOND, Plan
from omaha_eval.engine.players import Player
from omaha_eval.engine.results import Sums
from omaha_eval.engine.spot import Spot, prepare
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import Game

__all__ = ["check_sampling_work", "no_target", "pattern_sums", "pattern_work"]


def _spot(
    players: Sequence[Player], k: int, board: CardArray, dead: CardArray, game: Game
) -> Spot | None:
    try:
        return prepare(players, k, board, dead, game)
    except OmahaEvalError:
        return None  # a range with no hand left on this board: that board cannot be dealt


# Estimated work (spot.Spot.work's units, about 1e8 a second) of preparing
# one board of a pattern, per range hand (its card mask, its removal, its
# alias table) and for the spot itself (a trial's is plan.TRIAL_WORK).
PREPARE_PER_HAND = 10
PREPARE_PER_BOARD = 50_000


def pattern_work(
    players: Sequence[Player],
    k: int,
    pairs: Sequence[tuple[CardArray, CardArray]],
    game: Game,
    trials: int | None = None,
    *,
    exact_work: Callable[[Spot], float] = Spot.work,
    trial_work: float = TRIAL_WORK,
) -> float:
    """Estimated work of a run over every pair: preparing each board, then
    enumerating it (trials None; `exact_work` of its spot) or drawing its
    share of the trials (`trial_work` each).  Each board's spot has the
    same shape: the first one that can be dealt tells."""
    for b, d in pairs:
        spot = _spot(players, k, b, d, game)
        if spot is not None:
            hands = sum(seat.live for seat in spot.seats if seat.kind == "range")
            prepare_work = PREPARE_PER_BOARD + PREPARE_PER_HAND * hands
            if trials is None:
                return (exact_work(spot) + prepare_work) * len(pairs)
            each = max(2, math.ceil(trials / len(pairs)))
            return (prepare_work + trial_work * each) * len(pairs)
    return 0.0


def check_sampling_work(work: float, boards: int, trials: int) -> None:
    """Refuse, before any work, sampling a pattern that would take hours."""
    if work > EXACT_WORK_LIMIT:
        raise OmahaEvalError(
            f"{boards:,} boards and {trials:,} trials need about {work:.2g} units of "
            f"work (about {work / WORK_PER_SECOND:,.0f} s), above the limit of "
            f"{EXACT_WORK_LIMIT:.0e}; narrow the pattern or give fewer trials",
            param="board",
        )


def no_target(target: float | None) -> None:
    """A pattern's boards each take their share of the trials: a target
    standard error cannot stop them."""
    if target is not None:
        raise OmahaEvalError(
            "not available with a board or dead-card pattern (give trials)", param="target_stderr"
        )


def pattern_sums(
    players: Sequence[Player],
    k: int,
    pairs: Sequence[tuple[CardArray, CardArray]],
    game: Game,
    plan: Plan,
) -> tuple[Sums, list[float], int, list[int]]:
    """The run over every (board, dead) pair: the sums (exact: the boards'
    mean, each board scaled to weight 1), each player's standard error,
    the number of boards that could be dealt, and the hands each player
    could hold on the first of them."""
    n = len(players)
    total = Sums.zero(n)
    variance = np.zeros(n)  # stratified: sum over boards of n_s^2 se_s^2, over N^2 at the end
    each = max(2, math.ceil(plan.trials / len(pairs)))
    boards = 0
    live: list[int] = []
    for s, (b, d) in enumerate(pairs):
        if plan.stop is not None and plan.stop.is_set():
            raise KeyboardInterrupt
        spot = _spot(players, k, b, d, game)
        if spot is None:
            continue
        c_spot = spot.c_spot(exact=plan.exact)
        if not runner.dealable(c_spot):
            continue  # no assignment of the ranges fits on this board: it cannot be dealt
        boards += 1
        live = live or [seat.live for seat in spot.seats]
        if plan.exact:
            sums = runner.exact_sums(spot, c_spot, plan.threads, plan.stop)
            total = total + sums.scaled(1.0 / sums.total)
        else:
            assert plan.seed is not None
            sums, se = runner.monte_carlo_sums(
                spot, c_spot, each, plan.seed, (s,), plan.threads, plan.stop
            )
            total = total + sums
            variance += sums.count**2 * np.asarray(se) ** 2
    if not boards:
        raise OmahaEvalError(
            "no board matching the pattern leaves a hand in every player's range", param="board"
        )
    if plan.exact:
        return total.scaled(1.0 / boards), [0.0] * n, boards, live
    return total, [math.sqrt(v) / total.count for v in variance.tolist()], boards, live
