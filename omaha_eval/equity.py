"""Equity of Omaha hands and ranges: exact enumeration or Monte Carlo.

``equity(players, board, dead)`` answers "what share of the pot does each
player win, on average, over the cards still to come?" under the rules and
the definition of docs/rules.md ("Equity"): every completion of the board
and, for ranges and random hands, every non-colliding deal, weighted by the
product of the hands' weights.  ``equity_rounds`` is the same run, yielding
the running result after each round of Monte Carlo (for progress displays);
the command line and batch use it too (omaha_eval.engine is the engine).

>>> r = equity(["As Ah 2c 3d", "7c 7d 4c 5d"], board="Ks Qd Jh 9c 9h")
>>> [p.equity for p in r.players], r.method, r.no_low
([1.0, 0.0], 'exact', 1.0)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from omaha_eval.engine import (
    Rounds,
    boards,
    is_plain_seed,
    patterns,
    plan_spot,
    spot_rounds,
    weak_estimate,
)
from omaha_eval.engine.plan import (
    AUTO_EXACT_WORK,
    DEFAULT_TRIALS,
    EXACT_WORK_LIMIT,
    MAX_THREADS,
    MAX_TRIALS,
    Plan,
    RunOptions,
    choose,
    read_options,
)
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.results import (
    DEAL_FIGURES,
    FIGURES,
    EquityResult,
    Figure,
    PlayerEquity,
    Sums,
    deal_figures,
    equity_result,
    player_results,
)
from omaha_eval.engine.small import small_spot
from omaha_eval.engine.spot import Spot, prepare
from omaha_eval.types import Board, DeadCards, GameName, Player, Seed, StopFlag

__all__ = [
    "AUTO_EXACT_WORK",
    "DEAL_FIGURES",
    "DEFAULT_TRIALS",
    "EXACT_WORK_LIMIT",
    "FIGURES",
    "EquityInterrupted",
    "EquityResult",
    "EquityRounds",
    "Figure",
    "PlayerEquity",
    "equity",
    "equity_rounds",
]


class EquityInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped ``equity()`` during Monte Carlo: ``result`` holds the
    figures of the trials done before it (``result.interrupted`` is True)."""

    def __init__(self, result: EquityResult) -> None:
        super().__init__(f"interrupted after {result.trials:,} trials")
        self.result = result


class EquityRounds(Rounds[EquityResult]):
    """The running results of an equity run (an iterator), with what it will
    do: `plan` (exact by pair enumeration or the showdown sweep, or Monte
    Carlo; the trials), `work`, the estimated work of its exact kernel, the
    cheaper one (about 1e8 a second of one core; over a board pattern, of
    the whole run, sampled or not), and `question`, the question as
    read."""

    def __init__(
        self, results: Iterator[EquityResult], plan: Plan, work: float, question: Question
    ) -> None:
        super().__init__(results)
        self.plan = plan
        self.work = work
        self.question = question


def _result(
    seats: Sequence[tuple[str, Any, int]],
    sums: Sums,
    stderr: Sequence[float],
    plan: Plan,
    question: Question,
    start: float,
    **more: Any,
) -> EquityResult:
    weak = weak_estimate(sums)
    reached = None
    if not plan.exact and plan.target_stderr is not None:
        reached = max(stderr) <= plan.target_stderr and not weak
    weak_notes = [weak_note(sums)] if weak else []
    more["notes"] = (*question.notes, *more.get("notes", ()), *weak_notes)
    return equity_result(
        player_results(seats, sums, stderr, question.game.has_low),
        deal_figures(sums.deal.tolist()),
        method="exact" if plan.exact else "monte-carlo",
        trials=sums.count,
        seed=plan.seed,
        elapsed=time.perf_counter() - start,
        game=question.game.name,
        board=boards.board_text(question.board),
        dead=boards.text(question.dead),
        target_stderr=plan.target_stderr,
        target_reached=reached,
        **more,
    )


def weak_note(sums: Sums) -> str:
    """What a run whose effective sample is too small says of itself."""
    return (
        f"the ranges rarely fit together: the {sums.count:,} trials weigh as "
        f"{sums.effective_trials():,.0f} independent ones, too few for the standard error "
        "to be trusted; give more trials"
    )


def _spot_results(
    spot: Spot, plan: Plan, question: Question, start: float
) -> Iterator[EquityResult]:
    seats = [(s.player.label, s.player.kind, s.live) for s in spot.seats]
    for r in spot_rounds(spot, plan):
        yield _result(seats, r.total, r.stderr, plan, question, start, interrupted=r.interrupted)


def _pattern_results(
    question: Question, pairs: list[Any], plan: Plan, start: float
) -> Iterator[EquityResult]:
    sums, stderr, n_boards, live = patterns.pattern_sums(
        question.players, question.k, pairs, question.game, plan
    )
    seats = [(p.label, p.kind, n) for p, n in zip(question.players, live, strict=True)]
    yield _result(seats, sums, stderr, plan, question, start, boards=n_boards)


def equity_rounds(
    players: Sequence[Player],
    board: Board = "",
    dead: DeadCards = "",
    *,
    trials: int | None = None,
    exact: bool | None = None,
    seed: Seed = None,
    threads: int | None = None,
    target_stderr: float | None = None,
    game: GameName = "omaha8",
    hole_cards: int | None = None,
    stop: StopFlag | None = None,
    strict: bool = False,
) -> EquityRounds:
    """The run of :func:`equity`, one running result at a time.

    Checks every argument and prepares the spot at once (raising
    OmahaEvalError for bad input), then returns an iterator that yields the
    running EquityResult after each round of Monte Carlo (exact: one result);
    its ``plan`` says which method will run and ``work`` estimates the work
    of exact enumeration (about 1e8 a second).
    Ctrl-C during a round, or setting `stop` (a ``threading.Event``, from
    another thread), ends it: the iterator yields the result so far, with
    ``interrupted=True``, and stops (exact, and board patterns:
    KeyboardInterrupt).  Closing the iterator early stops the worker threads.
    """
    start = time.perf_counter()
    options = read_options(
        trials=trials,
        exact=exact,
        target_stderr=target_stderr,
        seed=seed,
        threads=threads,
        stop=stop,
    )
    return rounds_of(
        options, players, board, dead, game=game, hole_cards=hole_cards, strict=strict, start=start
    )


def rounds_of(
    options: RunOptions,
    players: Sequence[Player],
    board: Board = "",
    dead: DeadCards = "",
    *,
    game: GameName = "omaha8",
    hole_cards: int | None = None,
    strict: bool = False,
    start: float | None = None,
) -> EquityRounds:
    """:func:`equity_rounds` with the run options already read (the
    command line and batch read them once, with the rest of their input)."""
    start = time.perf_counter() if start is None else start
    question = read_question(players, board, dead, game=game, hole_cards=hole_cards, strict=strict)
    if question.patterned:
        patterns.no_target(options.target)
        pairs = boards.scenarios(question.board, question.dead, question.players)
        work = patterns.pattern_work(question.players, question.k, pairs, question.game)
        plan = choose(options, work, trial_work=None, target=False)
        if not plan.exact:  # what sampling will cost, preparing every board included
            work = patterns.pattern_work(
                question.players, question.k, pairs, question.game, plan.trials
            )
            patterns.check_sampling_work(work, len(pairs), plan.trials)
        return EquityRounds(_pattern_results(question, pairs, plan, start), plan, work, question)
    assert not isinstance(question.board, boards.CardPattern)
    assert not isinstance(question.dead, boards.CardPattern)
    spot = prepare(question.players, question.k, question.board, question.dead, question.game)
    plan = plan_spot(options, spot)
    return EquityRounds(_spot_results(spot, plan, question, start), plan, plan.work, question)


def _plain_options(trials: Any, seed: Any, threads: Any) -> bool:
    """Options that are valid and leave an exact answer as it is (a bad value
    takes the general path, which names it)."""
    return (
        (trials is None or (type(trials) is int and 1 <= trials <= MAX_TRIALS))
        and is_plain_seed(seed)
        and (threads is None or (type(threads) is int and 1 <= threads <= MAX_THREADS))
    )


def equity(
    players: Sequence[Player],
    board: Board = "",
    dead: DeadCards = "",
    *,
    trials: int | None = None,
    exact: bool | None = None,
    seed: Seed = None,
    threads: int | None = None,
    target_stderr: float | None = None,
    game: GameName = "omaha8",
    hole_cards: int | None = None,
    progress: Callable[[EquityResult], object] | None = None,
    stop: StopFlag | None = None,
    strict: bool = False,
) -> EquityResult:
    """Equity of 2 to 10 Omaha players, by exact enumeration or Monte Carlo.

    Each entry of `players` is a hand (``"As Kd 3c 2h"`` or card ids; 4, 5
    or 6 cards, the same for everybody), ``"*"`` (any hand, dealt uniformly
    from the cards left), range text (``"AA:$ds, KK@0.5"``, docs/ranges.md;
    text is a hand only when it is exactly the spot's number of cards, so
    ``"AsKs"`` is every hand holding both), a ``Range``, or a set of hands:
    an (K, k) array of card ids (weight 1 each), any object with ``combos``
    (K x k card ids) and ``weights`` (K), or a ``(combos, weights)`` pair.
    Hands of a range that touch a known card are removed first.  `board`
    holds 0 to 5 known board cards (or a pattern: ``"sss"``, every
    all-spade flop), `dead` the known removed cards; `hole_cards` fixes the
    spot's hand size (else it is the first hand's, or 4).  Text that looks
    like cards but is read as a pattern (``"AsAh2c3x"``: x is a suit
    variable) gets a note in the result's ``notes``; ``strict=True`` makes
    it an error instead.

    ``exact=None`` enumerates every deal when the estimated work is small
    (about a second; AUTO_EXACT_WORK) and uses Monte Carlo otherwise;
    ``exact=True`` always enumerates (refused above EXACT_WORK_LIMIT);
    ``exact=False`` always samples.  Monte Carlo draws `trials` deals
    (default DEFAULT_TRIALS), or with `target_stderr` stops once every
    player's standard error is at most that (`trials` then caps the work,
    default TARGET_MAX_TRIALS); trials whose work passes EXACT_WORK_LIMIT
    (engine/plan.py: TRIAL_WORK units a trial) are refused before any run.
    The same `seed` (None, an int, a SeedSequence or a Generator; the
    result's ``seed`` reproduces it) gives the same result for any number
    of `threads` (default: every core).
    `game` is any name of omaha_eval.games (``"omaha8"`` hi/lo, ``"omaha"``
    high only, or an alias such as ``"plo8"``, ``"plo"``).  `progress`, if
    given, is called with the running result after each round.

    Ctrl-C raises EquityInterrupted (a KeyboardInterrupt) within a fraction
    of a second; during Monte Carlo its ``result`` holds the trials so far.
    Setting `stop` (a ``threading.Event``) from another thread does the
    same.
    Raises OmahaEvalError for bad input: a card twice anywhere (players,
    board, dead), wrong card counts, too few cards left, a range with no
    hand left after card removal.

    >>> r = equity(["6c6d6h6s", "5c4d3h2s"], board="Ks Qd Jh")
    >>> r.method, round(sum(p.equity for p in r.players), 12)
    ('exact', 1.0)
    """
    if (
        (exact is None or exact is True)
        and target_stderr is None
        and hole_cards is None
        and stop is None
        and isinstance(strict, bool)  # a bad value goes the general way, which names it
        and _plain_options(trials, seed, threads)
    ):
        quick = small_spot(players, board, dead, game, time.perf_counter())
        if quick is not None:
            if progress is not None:
                progress(quick)
            return quick
    start = time.perf_counter()
    options = read_options(
        trials=trials,
        exact=exact,
        target_stderr=target_stderr,
        seed=seed,
        threads=threads,
        stop=stop,
        progress=progress,
    )
    rounds = rounds_of(
        options, players, board, dead, game=game, hole_cards=hole_cards, strict=strict, start=start
    )
    result: EquityResult | None = None
    try:
        for result in rounds:
            if options.progress is not None:
                options.progress(result)
    except KeyboardInterrupt:
        # Ctrl-C between two rounds (building a round's result, or in
        # `progress`): the rounds done so far are the partial result
        rounds.close()
        if result is None or result.method == "exact":
            raise
        raise EquityInterrupted(dataclasses.replace(result, interrupted=True)) from None
    assert result is not None  # every run yields at least once
    if result.interrupted:
        raise EquityInterrupted(result)
    return result
