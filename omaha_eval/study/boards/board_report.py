"""Board reports: the figures of every board of the next street at once.

``board_report(players, board, dead)`` deals the next street (no board:
every flop; a flop: every turn; a turn: every river; one or two cards: the
rest of the flop) and gives, for each class of those boards under the suit
permutations that keep everything known (study/boards/classes.py), the figures
of ``equity()`` on that board and the class's probability under the deal
distribution of ``equity()`` on the spot (ranges, weights and card removal
included).  So the probability-weighted mean of every figure over the rows
is the figure of ``equity()`` on the spot: exactly when exact, within the
standard errors when sampled.

>>> r = board_report(["As Ah 2c 3d", "Ks Kh 4c 5d"], "Qd 7h 2d")
>>> len(r), r.method, int(r.boards.sum())
(41, 'exact', 41)
>>> spot = equity(["As Ah 2c 3d", "Ks Kh 4c 5d"], "Qd 7h 2d")
>>> round(float(r.mean("equity")[0]), 12) == round(spot.players[0].equity, 12)
True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval.engine import (
    MAX_REJECTS,
    NO_DEAL,
    block_stream,
    kernel_of,
    live_weight,
    plan_spot,
    run_parts,
)
from omaha_eval.engine.boards import board_text
from omaha_eval.engine.boards import text as cards_text
from omaha_eval.engine.executor import Executor, read_executor
from omaha_eval.engine.plan import (
    TRIAL_WORK,
    Plan,
    RunOptions,
    check_sampling_work,
    read_options,
    read_progress,
)
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.spot import Spot, prepare
from omaha_eval.equity import equity  # noqa: F401 (the docstring's)
from omaha_eval.errors import OmahaEvalError
from omaha_eval.study.boards import rows as row_figures
from omaha_eval.study.boards.classes import BoardClasses, board_classes, symmetries
from omaha_eval.study.boards.lows import lost_nut_low
from omaha_eval.study.boards.report import BoardReport, BoardReportInterrupted
from omaha_eval.types import Board, DeadCards, GameName, Player, Seed, StopFlag

T = TypeVar("T")

__all__ = [
    "REPORT_TRIALS",
    "ROW_MIN_TRIALS",
    "ROW_TARGET_MAX_TRIALS",
    "ROW_TRIALS",
    "DaskClient",
    "PreparedReport",
    "board_report",
    "prepare_board_report",
    "row_trials",
]

# Monte Carlo trials of a row when neither `trials` nor `target_stderr` is
# given: ROW_TRIALS, fewer when the report has many rows, so that its
# trials in all stay about REPORT_TRIALS (about 7 s of one core's sampling
# for a 4-card hand against a range, before each row's setup), but
# never fewer than ROW_MIN_TRIALS (a row's equity then within about 1%).
ROW_TRIALS = 20_000
REPORT_TRIALS = 40_000_000
ROW_MIN_TRIALS = 2_000
# With `target_stderr` alone, a row stops here even if the target is not met.
ROW_TARGET_MAX_TRIALS = 1_000_000
# Assignments of the ranges drawn to weigh the rows when two or more ranges
# are sampled (their probabilities are then estimates, with standard errors).
PROBABILITY_SAMPLES = 4096
PROBABILITY_STREAM = 1 << 40  # the stream key of those draws (rows use 0..rows-1)
PROGRESS_EVERY = 0.25  # seconds between progress calls
SHARED_MAX_PARTS = 8  # threads of one shared enumeration of fixed hands (a table each)
ROWS_A_JOB = 64  # at most, of the rows a thread runs one after another (_engine)
CHUNKS_PER_WORKER = 4  # runs of rows a worker of an executor: enough to balance them


def row_trials(rows: int) -> int:
    """The default Monte Carlo trials of each of a report's `rows` rows."""
    return max(ROW_MIN_TRIALS, min(ROW_TRIALS, REPORT_TRIALS // max(rows, 1)))


class DaskClient(Protocol):
    """What board_report takes of a distributed.Client (its type is not
    imported: the dask extra is optional)."""

    scheduler: object

    def submit(self, *args: Any, **kwargs: Any) -> Any: ...


def _one_range_weights(
    spot: Spot, reps: npt.NDArray[np.uint8], stop: Any = None
) -> npt.NDArray[np.float64]:
    """Each row's deal weight with at most one range: the weight of its hands
    that miss the row's new cards (random hands weigh the same on every row)."""
    seats = [s for s in spot.seats if s.kind == "range"]
    if not seats:
        return np.ones(len(reps))
    return live_weight(seats[0].combos, seats[0].weights, reps, stop=stop)


def _sampled_weights(
    spot: Spot, classes: BoardClasses, seed: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Each class's probability with two or more ranges, estimated: the
    expected share of the class's boards that miss the ranges' hands, over
    PROBABILITY_SAMPLES assignments drawn from the spot (rejection of the
    colliding ones); and its standard error."""
    rng = np.random.Generator(block_stream(seed, (PROBABILITY_STREAM,)))
    seats = [s for s in spot.seats if s.kind == "range"]
    masks = [_checks.row_masks(s.combos) for s in seats]
    probs = [s.weights / s.weights.sum() for s in seats]
    drawn: list[npt.NDArray[np.uint64]] = []
    have, tries = 0, 0
    while have < PROBABILITY_SAMPLES:
        tries += PROBABILITY_SAMPLES
        if tries > MAX_REJECTS * 4:
            raise OmahaEvalError(NO_DEAL, param="players")
        union = np.zeros(PROBABILITY_SAMPLES, np.uint64)
        ok = np.ones(PROBABILITY_SAMPLES, bool)
        for m, p in zip(masks, probs, strict=True):
            pick = m[rng.choice(len(m), PROBABILITY_SAMPLES, p=p)]
            ok &= (union & pick) == 0
            union |= pick
        drawn.append(union[ok])
        have += int(ok.sum())
    union = np.concatenate(drawn)[:PROBABILITY_SAMPLES]
    order = np.argsort(classes.class_of, kind="stable")
    board_masks = _checks.row_masks(classes.boards)[order]
    starts = np.flatnonzero(np.r_[True, np.diff(classes.class_of[order]) != 0])
    total = np.zeros(len(classes.sizes))
    square = np.zeros(len(classes.sizes))
    for i in range(0, len(union), 256):
        live = (board_masks[None, :] & union[i : i + 256, None]) == 0
        counts = np.add.reduceat(live.astype(np.float64), starts, axis=1)
        total += counts.sum(axis=0)
        square += (counts**2).sum(axis=0)
    s = len(union)
    mean = total / s
    stderr = np.sqrt(np.maximum(square / s - mean**2, 0.0) / (s - 1))
    norm = mean.sum()
    return mean / norm, stderr / norm


def board_report(
    players: Sequence[Player],
    board: Board = "",
    dead: DeadCards = "",
    *,
    game: GameName | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: Seed = None,
    threads: int | None = None,
    executor: str | DaskClient | None = None,
    progress: Callable[[BoardReport], object] | None = None,
    stop: StopFlag | None = None,
) -> BoardReport:
    """Every board of the next street, one row per class of them, with the
    figures of ``equity()`` on each and its probability.

    `players`, `board` (0 to 4 known cards), `dead` and `game` (default
    ``"omaha8"``) as for :func:`~omaha_eval.equity`.  The rows: the classes
    of the next street's boards (every flop, turn or river that no known
    card blocks) under the suit permutations that keep the board, the dead
    cards and every hand and range; each row's ``board`` is the known board
    and its lowest class member, ``boards`` how many boards the class
    holds, ``probability`` its chance on the spot, and per player the
    figures of EquityResult (equity, hi/lo shares, scoop, hi/lo win and
    tie, quartered, makes low) with the deal's no low, low split and any
    quartered.

    Exact or Monte Carlo as ``equity()`` chooses (``exact=None``: exact
    when the spot's exact work is small).  Monte Carlo runs each row on its
    own: `trials` per row (default row_trials: ROW_TRIALS, fewer for a
    report of many rows, down to ROW_MIN_TRIALS) or, with `target_stderr`,
    until every player's equity error is at most that (`trials` capping it,
    default ROW_TARGET_MAX_TRIALS); row r draws from child r of `seed`, so
    the same seed gives the same report on any number of `threads` and any
    `executor` (None: this process's threads; ``"thread"``, ``"process"``
    or a Dask client: the one executor, engine/executor.py, with `threads`
    workers).  With two or more ranges sampled, the probabilities are
    estimates too (``probability_stderr``).

    `progress` gets the partial report now and then; Ctrl-C, or setting
    `stop`, raises BoardReportInterrupted (a KeyboardInterrupt) whose
    ``report`` holds the rows done (``report.interrupted``; ``len`` rows of
    ``report.total_rows``).  Bad input raises OmahaEvalError, as equity().
    """
    return prepare_board_report(
        players,
        board,
        dead,
        game=game,
        exact=exact,
        trials=trials,
        target_stderr=target_stderr,
        seed=seed,
        threads=threads,
        executor=executor,
        progress=progress,
        stop=stop,
    ).run()


def prepare_board_report(
    players: Sequence[Player],
    board: Board = "",
    dead: DeadCards = "",
    *,
    game: GameName | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: Seed = None,
    threads: int | None = None,
    executor: str | DaskClient | None = None,
    progress: Callable[[BoardReport], object] | None = None,
    stop: StopFlag | None = None,
) -> PreparedReport:
    """A board report read and checked, not yet run: the arguments of
    :func:`board_report`, each read once (bad input raises OmahaEvalError
    here, before any work), and ``run()`` deals the rows from what was read
    without reading the players, the board or the dead cards again.  The
    command line and the web page start their reports so; ``board_report``
    is ``prepare_board_report(...).run()``."""
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
    where = None if executor is None else read_executor(executor, options.threads)
    question = read_question(
        players,
        board,
        dead,
        game="omaha8" if game is None else game,
        board_sizes=range(5),
        patterns=False,
    )
    # patterns=False: the board and the dead cards are card ids, not patterns
    assert isinstance(question.board, np.ndarray) and isinstance(question.dead, np.ndarray)
    try:  # the cards of the spot checked (a card twice): an error before the run too
        spot = prepare(question.players, question.k, question.board, question.dead, question.game)
    except KeyboardInterrupt:  # as a run stopped before its first row
        raise BoardReportInterrupted(_no_rows(question, options, 0, start)) from None
    return PreparedReport(question, spot, options, where, time.perf_counter() - start)


@dataclass(frozen=True)
class PreparedReport:
    """A board report's input as read (prepare_board_report): the question,
    its spot (the cards checked, the known ones out of the ranges), the run
    options, the executor (None: this process's threads) and the seconds
    reading took (the report's ``elapsed`` counts them)."""

    question: Question
    spot: Spot
    options: RunOptions
    executor: Executor | None
    read_seconds: float

    def run(self, progress: Callable[[BoardReport], object] | None = None) -> BoardReport:
        """The report (BoardReportInterrupted on Ctrl-C or `stop`, as
        board_report); `progress`, when given, in place of the one the
        report was prepared with."""
        options = self.options
        if progress is not None:
            options = replace(options, progress=read_progress(progress))
        return _run(self, options)


def _run(prepared: PreparedReport, options: RunOptions) -> BoardReport:
    """The rows of a prepared report (PreparedReport.run)."""
    start = time.perf_counter() - prepared.read_seconds
    question, spot, where = prepared.question, prepared.spot, prepared.executor
    progress = options.progress
    rows = 0  # known once the board classes are
    try:  # before the first row: Ctrl-C and `stop` end the report too, with no rows
        _heard(options.stop)
        classes = board_classes(spot, symmetries(spot))
        _heard(options.stop)
        reps = classes.representatives
        rows = len(reps)
        todo = _dealable(spot, reps, options.stop)
        plan = plan_spot(
            options,
            spot,
            trial_work=None,
            default_trials=row_trials(len(todo)),
            target_trials=ROW_TARGET_MAX_TRIALS,
        )
        weight, prob_stderr = _row_weights(spot, classes, plan, options)
        _heard(options.stop)
    except KeyboardInterrupt:
        raise BoardReportInterrupted(_no_rows(question, options, rows, start)) from None
    if not plan.exact:  # every row samples its trials
        check_sampling_work(
            plan,
            TRIAL_WORK,
            options.trials is not None,
            f" for each of the {len(todo):,} rows",
            runs=len(todo),
        )

    report_of = _Assembler(
        question,
        spot,
        plan,
        classes,
        weight,
        prob_stderr,
        todo,
        start,
        None if where is None else where.kind,
    )
    try:
        _deal_rows(report_of, where, progress)
    except KeyboardInterrupt:
        raise BoardReportInterrupted(report_of.report(interrupted=True)) from None
    result = report_of.report()
    if progress is not None:
        progress(result)
    return result


def _dealable(
    spot: Spot, reps: npt.NDArray[np.uint8], stop: StopFlag | None
) -> npt.NDArray[np.intp]:
    """The rows that can be dealt: those where every range has a hand left."""
    dealable = np.ones(len(reps), bool)
    for s in spot.seats:
        if s.kind == "range":
            dealable &= live_weight(s.combos, None, reps, stop=stop) > 0.5
    return np.flatnonzero(dealable)


def _row_weights(
    spot: Spot, classes: BoardClasses, plan: Plan, options: RunOptions
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Each row's weight on the spot (a board of its class) and its standard
    error: 1 each when exact, the one range's live weight when one range is
    sampled, estimated from sampled deals when two or more are."""
    reps = classes.representatives
    if plan.exact:
        return np.ones(len(reps)), np.zeros(len(reps))
    if sum(s.kind == "range" for s in spot.seats) <= 1:
        return _one_range_weights(spot, reps, options.stop), np.zeros(len(reps))
    weight, prob_stderr = _sampled_weights(spot, classes, options.seed)
    return weight / np.maximum(classes.sizes, 1), prob_stderr


def _deal_rows(
    report_of: _Assembler, where: Executor | None, progress: Callable[[BoardReport], object] | None
) -> None:
    """The rows `report_of` is to collect (its todo), by the fastest way
    that fits: the fixed hands' board kernel, one range's exact rows, or
    the engine (this process's threads, or the executor `where`)."""
    question, spot, plan, todo = report_of.question, report_of.spot, report_of.plan, report_of.todo
    reps = report_of.classes.representatives
    fixed = all(s.kind == "hand" for s in spot.seats)
    if where is None and fixed and plan.exact and spot.n <= _core.BOARDS_MAX_PLAYERS:
        _fixed(report_of, spot, reps, todo, plan, progress)
    elif where is None and plan.exact and row_figures.range_fits(spot):
        _one_range(report_of, question, spot, reps[todo], todo, plan, progress)
    else:
        _engine(report_of, question, spot, plan, reps, todo, where, progress)


def _heard(stop: Any) -> None:
    """KeyboardInterrupt when `stop` is set (the phases before the rows)."""
    if stop is not None and stop.is_set():
        raise KeyboardInterrupt


def _no_rows(question: Any, options: Any, rows: int, start: float) -> BoardReport:
    """The report of a run stopped before its first row: none of its `rows`
    (0: not known yet), interrupted."""
    n = len(question.players)
    known = np.asarray(question.board, dtype=np.uint8).reshape(-1)
    new = 3 - len(known) if len(known) < 3 else 1  # the next street's cards
    nf, nd = len(row_figures.PLAYER_FIGURES), len(row_figures.DEAL_NAMES)
    return BoardReport(
        players=tuple(p.label for p in question.players),
        kinds=tuple(p.kind for p in question.players),
        game=question.game.name,
        board=cards_text(question.board),
        dead=cards_text(question.dead),
        known=known,
        new=np.zeros((0, new), np.uint8),
        boards=np.zeros(0, np.int64),
        probability=np.zeros(0),
        probability_stderr=np.zeros(0),
        values=np.zeros((0, n, nf)),
        stderr=np.zeros((0, n, nf)),
        deal=np.zeros((0, nd)),
        deal_stderr=np.zeros((0, nd)),
        trials=np.zeros(0, np.int64),
        method="exact" if options.exact else "monte-carlo",
        seed=None if options.exact else options.seed,
        target_stderr=options.target,
        total_rows=rows,
        interrupted=True,
        elapsed=time.perf_counter() - start,
        notes=question.notes,
    )


class _Assembler:
    """Collects the rows as they come (one by one or in blocks) and builds
    the report of those done."""

    def __init__(
        self,
        question: Any,
        spot: Spot,
        plan: Plan,
        classes: BoardClasses,
        weight: npt.NDArray[np.float64],
        prob_stderr: npt.NDArray[np.float64],
        todo: npt.NDArray[np.intp],
        start: float,
        executor: str | None,
    ) -> None:
        self.question, self.spot, self.plan, self.classes = question, spot, plan, classes
        self.weight, self.prob_stderr, self.todo, self.start = weight, prob_stderr, todo, start
        self.executor = executor
        self.board_known = board_text(question.board)
        self.dead_text = cards_text(question.dead)
        rows, n, nf = len(classes.representatives), spot.n, len(row_figures.PLAYER_FIGURES)
        nd = len(row_figures.DEAL_NAMES)
        self.have = np.zeros(rows, bool)  # the rows added
        self.values, self.stderr = np.zeros((rows, n, nf)), np.zeros((rows, n, nf))
        self.deal, self.deal_stderr = np.zeros((rows, nd)), np.zeros((rows, nd))
        self.trials = np.zeros(rows, np.int64)
        self.row_weight = np.zeros(rows)  # exact runs' deal weights (RowFigures.weight)
        self.lock = threading.Lock()
        self.last_progress = time.perf_counter()
        # the rows' own figures, from the row's board alone
        self.lost_nut_low = lost_nut_low(spot, classes.representatives)
        self.lost_column = row_figures.PLAYER_FIGURES.index("lost_nut_low")

    def add(self, row: int, figures: row_figures.RowFigures) -> None:
        with self.lock:
            self._put(
                row,
                figures.values,
                figures.stderr,
                figures.deal,
                figures.deal_stderr,
                figures.trials,
                figures.weight,
            )

    def add_block(self, rows: npt.NDArray[np.intp], block: row_figures.RowBlock) -> None:
        with self.lock:
            if len(rows) == len(self.have) and not self.have.any():  # every row: take the arrays
                assert (rows == np.arange(len(rows))).all()
                self.values, self.stderr = block.values, block.stderr
                self.deal, self.deal_stderr = block.deal, block.deal_stderr
                self.trials, self.row_weight = block.trials, block.weight
                self.have[:] = True
                return
            self._put(
                rows,
                block.values,
                block.stderr,
                block.deal,
                block.deal_stderr,
                block.trials,
                block.weight,
            )

    def _put(
        self,
        rows: Any,
        values: Any,
        stderr: Any,
        deal: Any,
        deal_stderr: Any,
        trials: Any,
        weight: Any,
    ) -> None:
        self.values[rows], self.stderr[rows] = values, stderr
        self.deal[rows], self.deal_stderr[rows] = deal, deal_stderr
        self.trials[rows], self.row_weight[rows] = trials, weight
        self.have[rows] = True

    def maybe_progress(self, progress: Callable[[BoardReport], object] | None) -> None:
        if progress is None or time.perf_counter() - self.last_progress < PROGRESS_EVERY:
            return
        self.last_progress = time.perf_counter()
        progress(self.report())

    def report(self, interrupted: bool = False) -> BoardReport:
        """The report of the rows done so far (a partial one holds fewer than
        ``total_rows``)."""
        with self.lock:
            todo = self.todo
            rows = todo[self.have[todo] & (self.trials[todo] > 0)]
            row_weight = self.row_weight[rows]
            sizes = self.classes.sizes[rows].astype(np.float64)
            weight = (row_weight if self.plan.exact else self.weight[rows]) * sizes
            keep = weight > 0
            rows, weight = rows[keep], weight[keep]
            if len(rows) == len(self.have):  # every row, in order: no row will change
                values, stderr, deal, deal_stderr, trials = (
                    self.values,
                    self.stderr,
                    self.deal,
                    self.deal_stderr,
                    self.trials,
                )
            else:
                values, stderr = self.values[rows], self.stderr[rows]
                deal, deal_stderr = self.deal[rows], self.deal_stderr[rows]
                trials = self.trials[rows]
            values[:, :, self.lost_column] = self.lost_nut_low[rows]
        total = float(weight.sum())
        probability = weight / total if total > 0 else weight
        prob_stderr = self.prob_stderr[rows]  # sampled estimates: already shares
        q = self.question
        return BoardReport(
            players=tuple(p.label for p in q.players),
            kinds=tuple(s.kind for s in self.spot.seats),
            game=q.game.name,
            board=board_text(q.board),
            dead=cards_text(q.dead),
            known=np.array(self.spot.board, dtype=np.uint8),
            new=np.ascontiguousarray(self.classes.representatives[rows]),
            boards=self.classes.sizes[rows].astype(np.int64),
            probability=probability,
            probability_stderr=np.asarray(prob_stderr, dtype=np.float64),
            values=values,
            stderr=stderr,
            deal=deal,
            deal_stderr=deal_stderr,
            trials=trials,
            method="exact" if self.plan.exact else "monte-carlo",
            seed=self.plan.seed,
            target_stderr=self.plan.target_stderr,
            total_rows=len(self.todo),
            interrupted=interrupted,
            elapsed=time.perf_counter() - self.start,
            notes=q.notes,
        )


def _fixed(
    report: _Assembler,
    spot: Spot,
    reps: npt.NDArray[np.uint8],
    todo: npt.NDArray[np.intp],
    plan: Plan,
    progress: Callable[[BoardReport], object] | None,
) -> None:
    """Fixed hands, exact: the shared enumeration in parts (one a thread)
    when its tables fit, else chunks of rows in compiled calls."""
    rows = reps[todo]
    if row_figures.shared_fits(spot.n, len(rows)):
        _shared(report, spot, rows, todo, plan, progress)
        return
    chunk = row_figures.FIXED_CHUNK
    works = [_core.BoardsExact() for _ in range(0, len(rows), chunk)]

    def part(c: int, _: Plan) -> list[row_figures.RowFigures]:
        first = c * chunk
        count = min(chunk, len(rows) - first)
        return list(row_figures.fixed_rows(spot, rows, works[c], first, count))

    for c, figures in _parts(part, len(works), plan, works, report, progress):
        for i, fig in enumerate(figures):
            report.add(int(todo[c * chunk + i]), fig)


def _shared(
    report: _Assembler,
    spot: Spot,
    rows: npt.NDArray[np.uint8],
    todo: npt.NDArray[np.intp],
    plan: Plan,
    progress: Callable[[BoardReport], object] | None,
) -> None:
    """Every row at once: the parts of the shared enumeration, their tables
    added in part order once all are done (no row is whole before)."""
    parts = max(1, min(plan.threads, SHARED_MAX_PARTS))
    works = [_core.BoardsExact() for _ in range(parts)]

    def part(p: int, _: Plan) -> Any:
        return row_figures.shared_part(spot, rows, works[p], p, parts)

    tables = [table for _, table in _parts(part, parts, plan, works, report, progress)]
    report.add_block(todo, row_figures.shared_block(tables))


def _one_range(
    report: _Assembler,
    question: Any,
    spot: Spot,
    rows: npt.NDArray[np.uint8],
    todo: npt.NDArray[np.intp],
    plan: Plan,
    progress: Callable[[BoardReport], object] | None,
) -> None:
    """Fixed hands against one range, exact, every row at once: one shared
    enumeration on one thread (one part: the figures never depend on the
    threads; its sums of weights are in one order)."""
    work = _core.BoardsExact()

    def part(_: int, __: Plan) -> row_figures.RowBlock:
        return row_figures.range_block(question.players, spot, rows, work)

    for _, block in _parts(part, 1, replace(plan, threads=1), [work], report, progress):
        report.add_block(todo, block)


def _parts(
    part: Callable[[int, Plan], T],
    count: int,
    plan: Plan,
    works: Sequence[Any],
    report: _Assembler,
    progress: Callable[[BoardReport], object] | None,
) -> Iterator[tuple[int, T]]:
    """Parts 0..count-1 of compiled work (`works`: their C runs, halted on
    Ctrl-C or `stop`) on the engine's parts driver, the partial report shown
    as they go."""

    def halt() -> None:
        for w in works:
            w.stop()

    def show() -> None:
        report.maybe_progress(progress)

    for done in run_parts(kernel_of(part), range(count), plan, halt=halt, on_wait=show):
        yield done
        show()


def _engine(
    report: _Assembler,
    question: Any,
    spot: Spot,
    plan: Plan,
    reps: npt.NDArray[np.uint8],
    todo: npt.NDArray[np.intp],
    where: Executor | None,
    progress: Callable[[BoardReport], object] | None,
) -> None:
    """One engine run per row, the rows parts of one run on the engine's
    parts driver: on this process's threads, or on the executor `where`
    (worker processes, a Dask cluster)."""
    kernel = row_figures.RowKernel(question.players, spot, reps)
    workers = plan.threads if where is None else max(where.workers, 1)
    # rows in runs of a few (each row still its own plan): a job per row of a
    # few thousand trials spent more on handing jobs to threads than it won;
    # an executor gets a few runs a worker, to balance them
    per_job = (
        max(1, min(ROWS_A_JOB, len(todo) // (8 * workers)))
        if where is None
        else -(-len(todo) // (CHUNKS_PER_WORKER * workers))
    )

    def show() -> None:
        report.maybe_progress(progress)

    for row, fig in run_parts(
        kernel, todo.tolist(), plan, executor=where, per_job=per_job, on_wait=show
    ):
        report.add(row, fig)
        show()
