"""Running prepared work: exact enumeration in parts, Monte Carlo in seeded
blocks, on worker threads, in rounds.  Equity and queries both run here.

A plan (engine/plan.py) says what to run; the jobs run on worker threads
(engine/threads.py, the one thread runner).

- **Exact**: the deals are cut into a number of disjoint parts fixed by the
  work (never by the threads); threads run the parts; each part's sums are
  added in part order, so the result is the same for any number of threads.
- **Monte Carlo**: the trials are cut into blocks, block i seeded with child
  i of the run's seed (engine/seeds.py); rounds of blocks run on the threads
  and are added in block order.  After each round the running total is
  yielded, and with a target standard error the next round is sized from
  the errors so far (only from results, so again the same for any number of
  threads).  Blocks are made as the rounds need them, never all at once.
- **Ctrl-C**: the calling thread waits in short, interruptible steps while
  the C loops run on worker threads; on KeyboardInterrupt, when the plan's
  stop event is set (another thread asks the run to end, as batch does), or
  when the consumer of a run closes it, the work's stop flag is set, every C
  loop returns within milliseconds, and Monte Carlo yields the total so
  far, marked interrupted.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval.engine.parts import (
    Kernel,
    PartSampling,
    kernel_of,
    next_block,
    run_parts,
    sample_part,
)
from omaha_eval.engine.plan import Plan, RunOptions, choose
from omaha_eval.engine.results import Sums
from omaha_eval.engine.seeds import block_stream
from omaha_eval.engine.spot import Spot
from omaha_eval.engine.sweep import sweep_sums, sweep_work
from omaha_eval.engine.threads import Stopped
from omaha_eval.errors import OmahaEvalError

__all__ = [
    "BLOCK_TRIALS",
    "Round",
    "Rounds",
    "dealable",
    "equity_sampling",
    "exact_parts",
    "exact_sums",
    "monte_carlo_sums",
    "plan_spot",
    "sample",
    "spot_rounds",
    "spot_sums",
    "weak_estimate",
]

# Trials per Monte Carlo block: each block has its own seeded stream.
BLOCK_TRIALS = 1 << 15
# A weighted run (the sequential sampler) whose effective sample is smaller
# than this has too few trials that matter for its standard error to be
# trusted: the run says so, and never counts a target as reached.
MIN_EFFECTIVE_TRIALS = 200
# Blocks per round: a running result after each (a fraction of a second).
ROUND_BLOCKS = 16
# With a target standard error, the first round: enough trials for a stable
# variance estimate.
TARGET_FIRST_BLOCKS = 2
# A range deal that collides is drawn again; this many in a row means the
# ranges can (almost) never be dealt together.
MAX_REJECTS = 1_000_000
# Exact work of at most this much (spot.Spot.work) runs in one part on the
# calling thread; more in parts of about PART_WORK, at most MAX_PARTS.
INLINE_WORK = 2e6
PART_WORK = 5e6
MAX_PARTS = 64

T = TypeVar("T")
FloatArray = npt.NDArray[np.float64]


class Stoppable(Protocol):
    """Prepared work whose C loops can be told to return early."""

    def stop(self) -> None: ...


class _Buffers(threading.local):
    """Each worker thread's histograms (of the weights and of their
    squares), makes-low and breakdown counts, reused from unit to unit."""

    def get(self, n: int) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
        cells = 1 << (2 * n)
        outcome: FloatArray | None = getattr(self, "outcome", None)
        if outcome is None or len(outcome) != cells:
            self.outcome = outcome = np.zeros(cells)
            self.outcome_sq = np.zeros(cells)
            self.makes_low = np.zeros(n)
            self.breakdown = np.zeros((n, _core.N_BREAKDOWN))
        else:
            outcome.fill(0.0)
            self.outcome_sq.fill(0.0)
            self.makes_low.fill(0.0)
            self.breakdown.fill(0.0)
        return outcome, self.outcome_sq, self.makes_low, self.breakdown


# ---------------------------------------------------------------- exact


def exact_parts(
    work: Stoppable, part: Callable[[int, int], T], parts: int, threads: int, stop: Any = None
) -> list[T]:
    """Every part (part(p, parts), p = 0..parts-1) of exact work, in order,
    on up to `threads` threads (the parts driver).  KeyboardInterrupt when
    interrupted (an incomplete enumeration has no exact meaning)."""
    plan = Plan(exact=True, trials=1, target_stderr=None, seed=None, threads=threads, stop=stop)
    kernel = kernel_of(lambda p, _: part(p, parts))
    return [value for _, value in run_parts(kernel, range(parts), plan, halt=work.stop)]


def parts_for(work: float) -> int:
    """Parts of exact work of this size (fixed by the work, never the threads)."""
    return 1 if work <= INLINE_WORK else min(MAX_PARTS, math.ceil(work / PART_WORK))


def exact_sums(spot: Spot, c_spot: _core.EquitySpot, threads: int, stop: Any = None) -> Sums:
    """Every deal of the spot, in parts fixed by its work, on `threads`."""
    buffers = _Buffers()
    n = spot.n

    def part(p: int, parts: int) -> Sums:
        outcome, _, makes_low, breakdown = buffers.get(n)
        deals, code = c_spot.exact(p, parts, outcome, makes_low, breakdown)
        if code == _core.EQ_STOPPED:
            raise Stopped  # an incomplete part has no exact meaning
        return Sums.of(outcome, makes_low, breakdown, n, deals)

    total = Sums.zero(n)
    for r in exact_parts(c_spot, part, parts_for(spot.work()), threads, stop):
        total = total + r
    if total.count == 0:
        raise OmahaEvalError(NO_DEAL_POSSIBLE, param="players")
    return total


NO_DEAL_POSSIBLE = "no deal is possible: every combination of the ranges shares a card"
# Combos a search for one deal may try before it leaves the question to the
# sampler (a few milliseconds).
DEAL_SEARCH = 1_000_000


def dealable(c_spot: _core.EquitySpot) -> bool:
    """Whether the spot has a deal (a search; True when it ran out of budget:
    the sampler then finds out)."""
    return c_spot.dealable(DEAL_SEARCH) is not False


# ---------------------------------------------------------------- Monte Carlo


@dataclass(frozen=True)
class Round(Generic[T]):
    """The running total of a Monte Carlo run after a round: the total, the
    trials done, each figure's standard error, and whether the run was
    interrupted (the total then holds the blocks that finished)."""

    total: T
    trials: int
    stderr: list[float]
    interrupted: bool = False


@dataclass(frozen=True)
class Sampling(Generic[T]):
    """What a Monte Carlo run adds up, block by block: `block(index, size)`
    runs one block (in a worker thread) and returns its tally; `zero` is
    the empty tally, `add` adds two, `trials` counts a tally's trials, and
    `stderr(total, blocks)` gives the standard errors (`blocks`: every
    block's tally, in order, when `keep_blocks`).  Block i must draw from
    its own stream, fixed by the run's seed and i alone."""

    block: Callable[[int, int], T]
    zero: T
    add: Callable[[T, T], T]
    trials: Callable[[T], int]
    stderr: Callable[[T, list[T]], list[float]]
    block_trials: int
    keep_blocks: bool = False
    min_blocks: int = 1  # before a target standard error may stop the run
    check: Callable[[T], None] | None = None  # raises when the total so far shows no answer
    trusted: Callable[[T], bool] | None = None  # whether the errors may stop the run


def sample(
    work: Stoppable, sampling: Sampling[T], plan: Plan, *, rounds: bool = True
) -> Iterator[Round[T]]:
    """Run the plan's trials in blocks 0, 1, ... (block i draws from its own
    stream: see Sampling.block), yielding the running total after each
    round (`rounds=False`: once, at the end).  With a target standard
    error, stop once every error is at most that, after `min_blocks`."""
    assert plan.seed is not None
    size_each = sampling.block_trials
    total = sampling.zero
    done = 0
    kept: list[T] = []
    next_blocks = TARGET_FIRST_BLOCKS if plan.target_stderr else ROUND_BLOCKS
    if not rounds:
        next_blocks = math.ceil(plan.trials / size_each)
    threads = min(plan.threads, max(1, math.ceil(plan.trials / size_each)))
    blocks = replace(plan, threads=threads)
    index = 0
    while done < plan.trials:
        sizes = _block_sizes(done, plan.trials, min(next_blocks, ROUND_BLOCKS * 64), size_each)
        kernel = _blocks_kernel(sampling, index, sizes)
        results = []
        try:
            for _, r in run_parts(
                kernel, range(index, index + len(sizes)), blocks, halt=work.stop, keep_partial=True
            ):
                results.append(r)
        except KeyboardInterrupt:
            for r in results:  # the blocks that ended (a halted one hands in its trials)
                total = sampling.add(total, r)
                kept.append(r)
            done = sampling.trials(total)
            if done:
                yield Round(total, done, sampling.stderr(total, kept), interrupted=True)
                return
            raise
        index += len(sizes)
        for r in results:
            total = sampling.add(total, r)
            if sampling.keep_blocks:
                kept.append(r)
        done = sampling.trials(total)
        if sampling.check is not None:
            sampling.check(total)
        stderr = sampling.stderr(total, kept)
        if rounds or done >= plan.trials:
            yield Round(total, done, stderr)
        if plan.target_stderr is None:
            continue
        worst = max(stderr)
        trusted = sampling.trusted is None or sampling.trusted(total)
        if worst <= plan.target_stderr and index >= sampling.min_blocks and trusted:
            return
        # the one stopping rule (engine/parts.py), in whole blocks of a round
        more = math.ceil(next_block(done, worst, plan.target_stderr, 1) / size_each)
        if not (math.isfinite(worst) and done):
            more = ROUND_BLOCKS
        next_blocks = min(ROUND_BLOCKS, max(more, sampling.min_blocks - index))


def _blocks_kernel(sampling: Sampling[T], first: int, sizes: list[int]) -> Kernel[T]:
    """Blocks first, first + 1, ... of a round, of these sizes, as parts."""
    return kernel_of(lambda b, _: sampling.block(b, sizes[b - first]))


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


def equity_sampling(
    spot: Spot, c_spot: _core.EquitySpot, seed: int, prefix: tuple[int, ...]
) -> Sampling[Sums]:
    """How an equity spot's Monte Carlo blocks run and add up."""
    buffers = _Buffers()
    n = spot.n
    weighted = c_spot.sampler == "sequential"

    def block(index: int, size: int) -> Sums:
        outcome, outcome_sq, makes_low, breakdown = buffers.get(n)
        stream = block_stream(seed, (*prefix, index))
        done, code = c_spot.monte_carlo(
            stream,
            size,
            MAX_REJECTS,
            outcome,
            makes_low,
            breakdown,
            outcome_sq if weighted else None,
        )
        if code == _core.EQ_NO_DEAL:
            raise OmahaEvalError(NO_DEAL, param="players")
        return Sums.of(outcome, makes_low, breakdown, n, done, outcome_sq if weighted else None)

    return Sampling(
        block=block,
        zero=Sums.zero(n, weighted),
        add=Sums.__add__,
        trials=lambda s: s.count,
        stderr=lambda total, _: total.stderr(),
        block_trials=BLOCK_TRIALS,
        check=_dealt,
        trusted=lambda total: not weak_estimate(total),
    )


def sample_equity_part(
    spot: Spot, c_spot: _core.EquitySpot, plan: Plan, first: int, least: int, most: int
) -> tuple[Sums, float]:
    """One part of a run of parts (a split graph's combo, a distribution's
    hand) sampled as an equity spot, on the calling thread: its blocks from
    the part's streams under the plan's seed, the parts driver's stopping
    rule on the first player's standard error (block sizes as PartSampling
    reads `first`, `least` and `most`).  The sums, and that error."""
    assert plan.seed is not None
    sampling = equity_sampling(spot, c_spot, plan.seed, plan.key)
    total = sample_part(
        PartSampling(
            block=sampling.block,
            zero=sampling.zero,
            add=sampling.add,
            trials=sampling.trials,
            error=lambda total: total.stderr()[0],
            first=first,
            least=least,
            most=most,
            trusted=sampling.trusted,
            check=sampling.check,
        ),
        plan,
    )
    return total, total.stderr()[0]


NO_DEAL = (
    f"{MAX_REJECTS:,} deals in a row gave two ranges the same card; "
    "these ranges cannot (or almost never) be dealt together"
)


def _dealt(total: Sums) -> None:
    """Trials that all have weight 0 (weighted trials): no deal was found."""
    if total.count and total.total == 0:
        raise OmahaEvalError(NO_DEAL, param="players")


def weak_estimate(total: Sums) -> bool:
    """Whether a weighted run's effective sample is too small for its
    standard error to be trusted (MIN_EFFECTIVE_TRIALS)."""
    return total.sq_deal is not None and total.effective_trials() < MIN_EFFECTIVE_TRIALS


def plan_spot(options: RunOptions, spot: Spot, **how: Any) -> Plan:
    """The plan of one spot (engine/plan.py ``choose``, `how` its keywords),
    each exact kernel priced on the spot: pair enumeration and, where it
    applies, the showdown sweep."""
    return choose(options, spot.work(), sweep=sweep_work(spot), **how)


def spot_sums(spot: Spot, plan: Plan) -> Sums:
    """Every deal of the spot, by the plan's exact kernel (pair enumeration
    where the sweep does not apply: a board report row whose range card
    removal left one hand)."""
    if plan.kernel == "sweep" and sweep_work(spot) is not None:  # a part may not be heads-up
        sums = sweep_sums(spot, plan.threads, plan.stop)
        if sums.count == 0:
            raise OmahaEvalError(NO_DEAL_POSSIBLE, param="players")
        return sums
    return exact_sums(spot, spot.c_spot(exact=True), plan.threads, plan.stop)


def spot_rounds(spot: Spot, plan: Plan) -> Iterator[Round[Sums]]:
    """The rounds of a spot: exact (once, at the end, stderr 0) or Monte Carlo."""
    if plan.exact:
        sums = spot_sums(spot, plan)
        yield Round(sums, sums.count, [0.0] * spot.n)
        return
    c_spot = spot.c_spot(exact=False)
    assert plan.seed is not None
    if not dealable(c_spot):
        raise OmahaEvalError(NO_DEAL_POSSIBLE, param="players")
    yield from sample(c_spot, equity_sampling(spot, c_spot, plan.seed, ()), plan)


def monte_carlo_sums(
    spot: Spot,
    c_spot: _core.EquitySpot,
    trials: int,
    seed: int,
    prefix: tuple[int, ...],
    threads: int,
    stop: Any = None,
) -> tuple[Sums, list[float]]:
    """`trials` Monte Carlo trials of the spot (its C spot, sampling:
    spot.c_spot(exact=False)) in blocks keyed prefix + (i,), without rounds
    (a part of a bigger run, e.g. one board of a pattern): the sums and each
    player's standard error.  KeyboardInterrupt when interrupted (a part of
    a run has no meaning alone)."""
    plan = Plan(
        exact=False, trials=trials, target_stderr=None, seed=seed, threads=threads, stop=stop
    )
    last = None
    for last in sample(c_spot, equity_sampling(spot, c_spot, seed, prefix), plan, rounds=False):
        if last.interrupted:
            raise KeyboardInterrupt
    assert last is not None
    return last.total, last.stderr


R_co = TypeVar("R_co", covariant=True)


class Rounds(Iterator[R_co]):
    """A run's running results, one per round (an iterator that the entry
    points' round types extend with what the run will do); closing it
    early stops the worker threads at once."""

    def __init__(self, results: Iterator[R_co]) -> None:
        self._results = results

    def __next__(self) -> R_co:
        return next(self._results)

    def close(self) -> None:
        """Stop early: the worker threads end at once."""
        close = getattr(self._results, "close", None)
        if close is not None:
            close()
