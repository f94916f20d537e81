"""One driver for runs made of parts.

A run made of parts is a list of independent parts, each computed alone by
the kernel a client hands over: a board report's rows, a split graph's
combos, an equity distribution's combos, the blocks of a Monte Carlo run,
the parts of an exact enumeration, the runout blocks of a street question.
The driver owns, once, for every one of them:

- **a part's plan**: ``Plan.part(i)``: one thread, and part i's own random
  streams (spawn key ``(i,)`` under the run's seed: engine/seeds.py), so
  a part's figures depend on the run's seed and its index alone, whichever
  thread, process or machine computes it;
- **the one stopping rule** on a target standard error (`sample_part`,
  with `next_block`; the compiled twin in src_c/oe_graph.c takes the same
  constants and `OVERSHOOT`);
- **jobs**: consecutive parts grouped (`per_job`) so that a job is worth
  handing to a thread, each part still its own plan;
- **where they run**: the engine's threads (results in part order, Ctrl-C
  and a stop event heard within a step: engine/threads.py) or an executor
  (worker processes, a Dask cluster: engine/executor.py), to which a kernel
  must travel (a picklable object whose ``start()`` prepares it there);
- **stop and progress**: the run's stop event reaches every part's plan,
  ``halt()`` the running C loops, ``on_wait()`` is called while waiting.

It imports nothing from a view: a client hands it a kernel and its
constants, and keeps its classes, weights and result.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from omaha_eval.engine.plan import BLOCK_WORK, Plan
from omaha_eval.engine.threads import Interrupted, Stopped, Workers, bind

if TYPE_CHECKING:  # loaded with the executor itself (worker processes, Dask)
    from omaha_eval.engine.executor import Executor

__all__ = [
    "MIN_BLOCKS",
    "OVERSHOOT",
    "Kernel",
    "PartSampling",
    "block_sums",
    "blocks_of",
    "kernel_of",
    "next_block",
    "run_parts",
    "sample_part",
]

T = TypeVar("T")
# What block_sums adds up: an array, or a tuple of arrays.
Summable = TypeVar("Summable", npt.NDArray[np.float64], tuple[npt.NDArray[np.float64], ...])

# With a target standard error, each block is aimed this far past the trials
# the target needs: errors shrink as 1/sqrt(trials), and a block that stops
# just short of the target costs a whole block more.
OVERSHOOT = 1.05


class Kernel(Protocol[T]):  # type: ignore[misc]
    """What a client hands the driver: ``start()`` prepares the work once
    (in each process that runs parts: a kernel that goes to an executor is
    pickled, so it holds the inputs, not the prepared work) and returns
    the function that computes part ``index`` with its plan."""

    def start(self) -> Callable[[int, Plan], T]: ...


@dataclass(frozen=True)
class _Ready(Generic[T]):
    """A part function already prepared, for runs on this process's threads."""

    run: Callable[[int, Plan], T]

    def start(self) -> Callable[[int, Plan], T]:
        return self.run


def kernel_of(run: Callable[[int, Plan], T]) -> Kernel[T]:
    """A kernel from a part function (threads of this process only)."""
    return _Ready(run)


class _StopAll:
    """The event a run's parts watch: the run's own stop, or the driver's
    (set when the run is interrupted or its consumer stops)."""

    def __init__(self, outer: Any) -> None:
        self.outer = outer
        self.event = threading.Event()

    def is_set(self) -> bool:
        return self.event.is_set() or (self.outer is not None and bool(self.outer.is_set()))

    def set(self) -> None:
        self.event.set()


def run_parts(
    kernel: Kernel[T],
    parts: Sequence[int],
    plan: Plan,
    *,
    executor: Executor | None = None,
    per_job: int = 1,
    halt: Callable[[], object] | None = None,
    on_wait: Callable[[], object] | None = None,
    keep_partial: bool = False,
) -> Iterator[tuple[int, T]]:
    """Each part of `parts` (their indices) computed by `kernel` with its
    own plan, ``plan.part(i)``, yielded as ``(i, value)``: in part order on
    the plan's threads (inline on one), as they finish on an `executor`.

    `per_job` consecutive parts make one job (a thread's or a worker's);
    `halt()` tells the running C loops to return early (threads) and
    `on_wait()` is called at each step of the wait (a progress display).
    Threads take the jobs a few ahead of the consumer (memory stays
    bounded), or with `keep_partial` all at once, and then on an
    interruption the parts that ended (halted ones hand in what they had)
    are yielded, in part order, before KeyboardInterrupt goes on.
    Ctrl-C, the plan's stop event, or the consumer closing the iterator
    end the run: the parts' plans see their stop set, the running loops
    are halted, and KeyboardInterrupt goes on (a part's own error is raised
    as it was raised)."""
    if not parts:
        return
    per_job = max(1, per_job)
    jobs = [list(parts[i : i + per_job]) for i in range(0, len(parts), per_job)]
    if executor is not None:
        yield from _on_executor(kernel, jobs, plan, executor)
        return
    yield from _on_threads(kernel.start(), jobs, plan, halt, on_wait, keep_partial)


def _on_threads(
    run: Callable[[int, Plan], T],
    jobs: list[list[int]],
    plan: Plan,
    halt: Callable[[], object] | None,
    on_wait: Callable[[], object] | None,
    keep_partial: bool,
) -> Iterator[tuple[int, T]]:
    """The jobs on the plan's threads (run_parts)."""
    stop = _StopAll(plan.stop)

    def job(indices: list[int]) -> list[tuple[int, T]]:
        out = []
        for i in indices:
            if stop.is_set():
                raise KeyboardInterrupt
            out.append((i, run(i, plan.part(i, stop))))
        return out

    def stopped() -> None:
        stop.set()
        if halt is not None:
            halt()

    ended = False  # every job done: nothing left to halt (a C spot may run again)

    def halted() -> None:
        if not ended:
            stopped()

    threads = min(plan.threads, len(jobs))
    with Workers(halted, threads, plan.stop, on_wait=on_wait) as workers:
        try:
            if not keep_partial:
                for done in workers.stream(bind(job, indices) for indices in jobs):
                    yield from done
                ended = True
                return
            try:
                ran = workers.run([bind(job, indices) for indices in jobs], inline=threads == 1)
            except Interrupted as interrupted:
                for done in interrupted.partial:
                    yield from done
                raise KeyboardInterrupt from None
            ended = True
            for done in ran:
                yield from done
        except GeneratorExit:
            stopped()
            raise
        except Stopped:  # a part's C loop saw the stop: the run was interrupted
            stopped()
            raise KeyboardInterrupt from None


@dataclass(frozen=True)
class _Chunk(Generic[T]):
    """Parts that travel to an executor's worker: the kernel (its inputs),
    the plan without its stop event (a worker gets its own) and the parts."""

    kernel: Kernel[T]
    plan: Plan
    indices: tuple[int, ...]


def _run_chunk(chunk: _Chunk[T], stop: Any) -> list[tuple[int, T]]:
    """A chunk's parts in a worker (a module-level function: processes and
    Dask ship it)."""
    run = chunk.kernel.start()
    out = []
    for i in chunk.indices:
        if stop is not None and stop.is_set():
            raise KeyboardInterrupt
        out.append((i, run(i, chunk.plan.part(i, stop))))
    return out


def _on_executor(
    kernel: Kernel[T], jobs: list[list[int]], plan: Plan, executor: Executor
) -> Iterator[tuple[int, T]]:
    """The jobs on an executor, each part's value as its chunk comes back;
    KeyboardInterrupt when the plan's stop is set (after the chunks that
    came)."""
    portable = replace(plan, stop=None, threads=1)
    chunks = [_Chunk(kernel, portable, tuple(indices)) for indices in jobs]
    outcomes = executor.run(_run_chunk, chunks)
    try:
        for done in outcomes:
            yield from done.get()
            if plan.stop is not None and plan.stop.is_set():
                raise KeyboardInterrupt
    finally:
        outcomes.close()


# ---------------------------------------------------------------- blocks of a sum

# A run of blocks (a question's runouts) is cut into at least MIN_BLOCKS, so
# that threads are kept busy, and each holds at most about BLOCK_WORK units of
# work (engine/plan.py: Ctrl-C between blocks is quick on any input).
MIN_BLOCKS = 64


def blocks_of(items: int, item_work: float, least: int = 1) -> list[tuple[int, int]]:
    """The fixed blocks of `items` items (a question's runouts, each
    `item_work` units of work), as (first, count): at least MIN_BLOCKS
    (threads kept busy), each about BLOCK_WORK at most (Ctrl-C between blocks
    is quick) and at least `least` items."""
    wanted = max(MIN_BLOCKS, math.ceil(items * item_work / BLOCK_WORK))
    size = max(least, -(-items // wanted), 1)
    return [(first, min(size, items - first)) for first in range(0, items, size)]


def block_sums(
    run: Callable[[int, int], Summable],
    items: int,
    item_work: float,
    threads: int,
    zero: Summable,
    stop: Any = None,
    least: int = 1,
    progress: Callable[[int, int], object] | None = None,
) -> Summable:
    """The sum of ``run(first, count)`` (an array, or a tuple of arrays, like
    `zero`) over the fixed blocks of `items` items (blocks_of), added in
    block order whatever the threads: the same bits on any number of them.
    The blocks are parts of one run on the parts driver, a few ahead (memory
    stays bounded); they are short, so Ctrl-C and `stop` are heard between
    them.  `progress`, if given, is called with the items summed so far and
    `items` as each block is added."""
    blocks = blocks_of(items, item_work, least)
    plan = Plan(exact=True, trials=1, target_stderr=None, seed=None, threads=threads, stop=stop)

    def block(b: int, _: Plan) -> Summable:
        return run(*blocks[b])

    total, done = zero, 0
    for b, part in run_parts(kernel_of(block), range(len(blocks)), plan):
        if isinstance(total, tuple):
            total = tuple(t + p for t, p in zip(total, part, strict=True))
        else:
            total = total + part
        done += blocks[b][1]
        if progress is not None:
            progress(done, items)
    return total


# ---------------------------------------------------------------- one part's sampling


@dataclass(frozen=True)
class PartSampling(Generic[T]):
    """How one part's Monte Carlo draws and adds up: `block(b, size)` draws
    block b of the part (from the part's stream b: ``plan.stream(b)``),
    `zero` the empty tally, `add` adds two, `trials` counts a tally's
    trials, `error` its largest standard error (of the figures the target
    is on), `trusted` whether that error may stop the part (None: always),
    `check` raises when the tally shows no answer (None: never).  The block
    sizes: without a target, blocks of `most` trials; with one, `first`
    trials first, then each block sized by the stopping rule
    (`next_block`, at least `least` trials), the target looked at once
    `min_blocks` blocks are in."""

    block: Callable[[int, int], T]
    zero: T
    add: Callable[[T, T], T]
    trials: Callable[[T], int]
    error: Callable[[T], float]
    first: int
    least: int
    most: int
    min_blocks: int = 1
    trusted: Callable[[T], bool] | None = None
    check: Callable[[T], None] | None = None


def next_block(done: int, error: float, target: float, least: int) -> int:
    """The stopping rule's next block (src_c/oe_graph.c's next_block is its
    compiled twin): the trials that bring an error of `error` after `done`
    trials down to `target` (errors shrink as 1/sqrt(trials)), aimed
    OVERSHOOT past it, at least `least` (also when the error is not a
    number yet)."""
    if not (math.isfinite(error) and done > 0):
        return least
    wanted = math.ceil(done * (error / target) ** 2 * OVERSHOOT)
    return max(least, wanted - done)


def sample_part(sampling: PartSampling[T], plan: Plan) -> T:
    """One part's Monte Carlo on the calling thread: blocks 0, 1, ... until
    the plan's trials, or with a target standard error once the part's
    error is at most that (after `min_blocks` blocks, and only when it can
    be trusted).  KeyboardInterrupt when the plan's stop is set."""
    s, target = sampling, plan.target_stderr
    total, blocks = s.zero, 0
    while (done := s.trials(total)) < plan.trials:
        if plan.stop is not None and plan.stop.is_set():
            raise KeyboardInterrupt
        if blocks and target is not None and blocks >= s.min_blocks:
            error = s.error(total)
            if error <= target and (s.trusted is None or s.trusted(total)):
                break
            size = next_block(done, error, target, s.least)
        else:
            size = s.first if target is not None else s.most
        total = s.add(total, s.block(blocks, min(size, plan.trials - done)))
        blocks += 1
        if s.check is not None:
            s.check(total)
    return total
