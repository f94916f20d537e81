"""Running a prepared spot: exact enumeration in parts, Monte Carlo in
seeded blocks, on worker threads, in rounds.

- **Exact**: the deals are cut into a number of disjoint parts fixed by the
  spot's work (never by the threads); threads run the parts; each part's
  sums are added in part order, so the result is the same for any number
  of threads.
- **Monte Carlo**: the trials are cut into blocks of BLOCK_TRIALS, block i
  seeded with child i of the run's seed (engine/seeds.py); rounds of blocks
  run on the threads and are added in block order.  When range deals rarely
  fit (EquitySpot.sampler "chain"), a block is one Markov chain started from
  an exact draw, blocks are smaller (CHAIN_BLOCK_TRIALS), and the standard
  error comes from the spread of the blocks' means.  After each round the
  running result is yielded, and with a target standard error the next
  round is sized from the errors so far (only from results, so again the
  same for any number of threads).
- **Ctrl-C**: the calling thread waits in short, interruptible steps while
  the C loops run on worker threads; on KeyboardInterrupt, when the plan's
  stop event is set (another thread asks the run to end, as batch does), or
  when the consumer of `run` closes it, the spot's stop flag is set, every C
  loop returns within milliseconds, and Monte Carlo yields the result so
  far, marked interrupted.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval.engine.results import (
    EquityResult,
    Sums,
    block_stderr,
    deal_results,
    player_results,
)
from omaha_eval.engine.seeds import block_stream
from omaha_eval.engine.spot import Spot
from omaha_eval.errors import OmahaEvalError

__all__ = [
    "BLOCK_TRIALS",
    "Plan",
    "Rounds",
    "default_threads",
    "exact_sums",
    "monte_carlo_sums",
    "run",
]

# Trials per Monte Carlo block: each block has its own seeded stream.
BLOCK_TRIALS = 1 << 15
# With the chain sampler (spots whose range deals rarely fit: see
# EquitySpot.sampler) each block is one Markov chain from an exact start, and
# the standard error comes from the spread of the blocks' means: smaller
# blocks, and at least MIN_CHAIN_BLOCKS of them before a target may stop it.
CHAIN_BLOCK_TRIALS = 1 << 12
MIN_CHAIN_BLOCKS = 16
# Blocks per round: a running result after each (a fraction of a second).
ROUND_BLOCKS = 16
# With a target standard error, the first round: enough trials for a stable
# variance estimate.
TARGET_FIRST_BLOCKS = 2
# A range deal that collides is drawn again; this many in a row means the
# ranges can (almost) never be dealt together.
MAX_REJECTS = 1_000_000
# Exact spots of at most this much work (spot.Spot.work) run in one part on
# the calling thread; bigger ones in parts of about PART_WORK, at most MAX_PARTS.
INLINE_WORK = 2e6
PART_WORK = 5e6
MAX_PARTS = 64
# How often the waiting thread wakes up (seconds): the bound on Ctrl-C delay
# where signals cannot interrupt a wait.
WAIT_STEP = 0.05

T = TypeVar("T")
FloatArray = npt.NDArray[np.float64]


def default_threads() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class Plan:
    """How to run a spot: the method, the trials (cap) and target standard
    error of Monte Carlo, its seed, and the threads."""

    exact: bool
    trials: int
    target_stderr: float | None
    seed: int | None
    threads: int
    stop: Any = None  # anything with is_set() (a threading.Event): stop when it is set


class _Buffers(threading.local):
    """Each worker thread's histogram, makes-low and breakdown counts, reused
    from unit to unit."""

    def get(self, n: int) -> tuple[FloatArray, FloatArray, FloatArray]:
        cells = 1 << (2 * n)
        outcome: FloatArray | None = getattr(self, "outcome", None)
        if outcome is None or len(outcome) != cells:
            self.outcome = outcome = np.zeros(cells)
            self.makes_low = np.zeros(n)
            self.breakdown = np.zeros((n, len(_core.BREAKDOWN_COLUMNS)))
        else:
            outcome.fill(0.0)
            self.makes_low.fill(0.0)
            self.breakdown.fill(0.0)
        return outcome, self.makes_low, self.breakdown


class _Workers:
    """Units of C work on up to `threads` threads; the caller waits in short
    interruptible steps and stops the spot when interrupted."""

    def __init__(self, c_spot: _core.EquitySpot, threads: int, stop: Any = None) -> None:
        self.c_spot = c_spot
        self.threads = threads
        self.stop = stop
        self.pool: ThreadPoolExecutor | None = None

    def __enter__(self) -> _Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.c_spot.stop()  # nothing should be running; if it is, end it now
            self.pool.shutdown(wait=True, cancel_futures=True)

    def run(self, jobs: Sequence[Callable[[], T]]) -> list[T]:
        """Every job's result, in job order.  On KeyboardInterrupt, or when
        the plan's stop event is set, the spot is stopped and `Interrupted`
        carries the results of the jobs that ran."""
        if self.threads == 1 and len(jobs) == 1 and getattr(jobs[0], "inline", False):
            return [jobs[0]()]
        if self.pool is None:
            self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix="omaha_eval")
        futures = [self.pool.submit(job) for job in jobs]
        try:
            pending: set[Future[T]] = set(futures)
            while pending:
                if self.stop is not None and self.stop.is_set():
                    raise _Stopped
                _, pending = wait(pending, timeout=WAIT_STEP)
        except BaseException:
            self.c_spot.stop()
            for f in futures:
                f.cancel()
            raise Interrupted(_finished(futures)) from None
        return [f.result() for f in futures]


def _finished(futures: Sequence[Future[Any]]) -> list[Any]:
    """The results of the futures that ran (waiting for the stopped ones)."""
    done = []
    for f in futures:
        try:
            done.append(f.result())
        except (CancelledError, Exception):
            pass
    return done


class _Stopped(Exception):
    """A unit that the stop flag ended early (its results are dropped), or a
    run whose stop event was set."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or a closed consumer) during a round; `partial` holds the
    results of the units that ran, completely or up to the stop."""

    def __init__(self, partial: list[Any]) -> None:
        super().__init__()
        self.partial = partial


def _result(spot: Spot, sums: Sums, stderr: Sequence[float], plan: Plan, start: float,
            *, interrupted: bool = False) -> EquityResult:  # fmt: skip
    seats = [(s.player.label, s.player.kind, s.live) for s in spot.seats]
    reached = None
    if not plan.exact and plan.target_stderr is not None:
        reached = max(stderr) <= plan.target_stderr
    return EquityResult(
        players=player_results(seats, sums, stderr, spot.game.has_low),
        **deal_results(sums),
        method="exact" if plan.exact else "monte-carlo",
        trials=sums.count,
        seed=None if plan.exact else plan.seed,
        elapsed=time.perf_counter() - start,
        game=spot.game.name,
        board=_text(spot.board),
        dead=_text(spot.dead),
        interrupted=interrupted,
        target_stderr=None if plan.exact else plan.target_stderr,
        target_reached=reached,
    )


def _text(cards: npt.NDArray[np.uint8]) -> str:
    from omaha_eval.cards import format_cards

    return format_cards(cards)


class Rounds(Iterator[EquityResult]):
    """The running results of a run (an iterator), with what it will do:
    `plan` (exact or Monte Carlo, the trials) and `work`, the estimated work
    of exact enumeration (spot.Spot.work: about 1e8 a second of one core)."""

    def __init__(self, results: Iterator[EquityResult], plan: Plan, work: float) -> None:
        self._results = results
        self.plan = plan
        self.work = work

    def __next__(self) -> EquityResult:
        return next(self._results)

    def close(self) -> None:
        """Stop early: the worker threads end at once."""
        close = getattr(self._results, "close", None)
        if close is not None:
            close()


def run(spot: Spot, plan: Plan, start: float) -> Iterator[EquityResult]:
    """Yield the running result after each round (exact: once, at the end);
    `start` is the perf_counter time the question was asked."""
    c_spot = spot.c_spot(exact=plan.exact)
    if plan.exact:
        sums = exact_sums(spot, c_spot, plan.threads, plan.stop)
        yield _result(spot, sums, [0.0] * spot.n, plan, start)
        return
    yield from _run_monte_carlo(spot, c_spot, plan, start)


def exact_sums(spot: Spot, c_spot: _core.EquitySpot, threads: int, stop: Any = None) -> Sums:
    """Every deal of the spot, in parts fixed by its work, on `threads`."""
    work = spot.work()
    parts = 1 if work <= INLINE_WORK else min(MAX_PARTS, math.ceil(work / PART_WORK))
    buffers = _Buffers()
    n = spot.n

    def part(p: int) -> Sums:
        outcome, makes_low, breakdown = buffers.get(n)
        deals, code = c_spot.exact(p, parts, outcome, makes_low, breakdown)
        if code == _core.EQ_STOPPED:
            raise _Stopped  # an incomplete part has no exact meaning
        return Sums.of(outcome, makes_low, breakdown, n, deals)

    jobs = [_job(part, p, inline=parts == 1) for p in range(parts)]
    with _Workers(c_spot, min(threads, parts), stop) as workers:
        try:
            results = workers.run(jobs)
        except Interrupted:
            raise KeyboardInterrupt from None
    total = Sums.zero(n)
    for r in results:
        total = total + r
    if total.count == 0:
        raise OmahaEvalError(
            "players: no deal is possible: every combination of the ranges shares a card"
        )
    return total


def _job(fn: Callable[[int], T], arg: int, *, inline: bool) -> Callable[[], T]:
    def job() -> T:
        return fn(arg)

    job.inline = inline  # type: ignore[attr-defined]
    return job


def _block_trials(c_spot: _core.EquitySpot) -> int:
    """Trials per block: fixed by the spot's sampler, never by the threads."""
    return CHAIN_BLOCK_TRIALS if c_spot.sampler == "chain" else BLOCK_TRIALS


def _stderr(blocks: list[Sums], total: Sums, chain: bool) -> list[float]:
    """Each player's standard error, as the sampler allows: from the per-trial
    variance for independent trials, from the blocks' means for chains."""
    return block_stderr(blocks) if chain else total.iid_stderr()


def _block_sizes(done_trials: int, cap: int, blocks: int, size_each: int) -> list[int]:
    """Sizes of the next `blocks` blocks, full ones except at the cap."""
    sizes = []
    for _ in range(blocks):
        size = min(size_each, cap - done_trials)
        if size <= 0:
            break
        sizes.append(size)
        done_trials += size
    return sizes


def _run_monte_carlo(
    spot: Spot, c_spot: _core.EquitySpot, plan: Plan, start: float
) -> Iterator[EquityResult]:
    n, seed = spot.n, plan.seed
    assert seed is not None
    block = _block_runner(c_spot, n, seed, ())
    size_each = _block_trials(c_spot)
    chain = c_spot.sampler == "chain"

    total = Sums.zero(n)
    blocks: list[Sums] = []  # kept for a chain's standard error
    next_blocks = TARGET_FIRST_BLOCKS if plan.target_stderr and not chain else ROUND_BLOCKS
    threads = min(plan.threads, max(1, math.ceil(plan.trials / size_each)))
    with _Workers(c_spot, threads, plan.stop) as workers:
        while total.count < plan.trials:
            sizes = _block_sizes(total.count, plan.trials, next_blocks, size_each)
            first = len(blocks) if chain else total.count // size_each
            jobs = [_bind(block, first + i, size, inline=False) for i, size in enumerate(sizes)]
            try:
                results = workers.run(jobs)
            except Interrupted as stop:
                partial: list[tuple[Sums, int]] = stop.partial
                for sums, _ in partial:
                    total = total + sums
                    blocks.append(sums)
                if total.count:
                    stderr = _stderr(blocks, total, chain)
                    yield _result(spot, total, stderr, plan, start, interrupted=True)
                    return
                raise KeyboardInterrupt from None
            _check_dealt(results)
            for sums, _ in results:
                total = total + sums
                if chain:
                    blocks.append(sums)
            stderr = _stderr(blocks, total, chain)
            yield _result(spot, total, stderr, plan, start)
            if plan.target_stderr is None:
                continue
            worst = max(stderr)
            if worst <= plan.target_stderr and (not chain or len(blocks) >= MIN_CHAIN_BLOCKS):
                return
            # errors shrink as 1/sqrt(trials): aim just past the target
            wanted = math.ceil(total.count * (worst / plan.target_stderr) ** 2 * 1.05)
            more = max(1, math.ceil((wanted - total.count) / size_each))
            next_blocks = min(ROUND_BLOCKS, more)


def _block_runner(
    c_spot: _core.EquitySpot, n: int, seed: int, prefix: tuple[int, ...]
) -> Callable[[int, int], tuple[Sums, int]]:
    """Run block `index` of `size` trials: its own stream, keyed prefix + (index,)."""
    buffers = _Buffers()

    def block(index: int, size: int) -> tuple[Sums, int]:
        outcome, makes_low, breakdown = buffers.get(n)
        stream = block_stream(seed, (*prefix, index))
        done, code = c_spot.monte_carlo(stream, size, MAX_REJECTS, outcome, makes_low, breakdown)
        return Sums.of(outcome, makes_low, breakdown, n, done), code

    return block


def _check_dealt(results: Sequence[tuple[Sums, int]]) -> None:
    if any(code == _core.EQ_NO_DEAL for _, code in results):
        raise OmahaEvalError(
            f"players: {MAX_REJECTS:,} deals in a row gave two ranges the same card; "
            "these ranges cannot (or almost never) be dealt together"
        )


def monte_carlo_sums(
    spot: Spot, trials: int, seed: int, prefix: tuple[int, ...], threads: int, stop: Any = None
) -> tuple[Sums, list[float]]:
    """`trials` Monte Carlo trials of the spot in blocks keyed prefix + (i,),
    without rounds (a part of a bigger run, e.g. one board of a pattern):
    the sums and each player's standard error."""
    c_spot = spot.c_spot(exact=False)
    block = _block_runner(c_spot, spot.n, seed, prefix)
    size_each = _block_trials(c_spot)
    sizes = _block_sizes(0, trials, math.ceil(trials / size_each), size_each)
    jobs = [_bind(block, i, size, inline=len(sizes) == 1) for i, size in enumerate(sizes)]
    with _Workers(c_spot, min(threads, len(jobs)), stop) as workers:
        try:
            results = workers.run(jobs)
        except Interrupted:
            raise KeyboardInterrupt from None
    _check_dealt(results)
    total = Sums.zero(spot.n)
    for sums, _ in results:
        total = total + sums
    return total, _stderr([sums for sums, _ in results], total, c_spot.sampler == "chain")


def _bind(fn: Callable[[int, int], T], index: int, size: int, *, inline: bool) -> Callable[[], T]:
    def job() -> T:
        return fn(index, size)

    job.inline = inline  # type: ignore[attr-defined]
    return job
