"""The one thread runner: jobs of C work on worker threads, the caller
waiting in short interruptible steps.

The engine's C loops release the GIL, so jobs run in parallel on worker
threads while the calling thread waits in steps of WAIT_STEP: Ctrl-C (which
Python delivers to the main thread only), a run's stop event set from
another thread, or a closed consumer then reach the work within that step;
`halt()` tells the running C loops to return early, and Interrupted carries
the results of the jobs that finished.  Results come back in job order
whatever the threads, so sums added in that order are the same bits on any
machine.  Exact parts and Monte Carlo rounds (engine/runner.py), the street
kernel's runout blocks (solver/street.py) and board-report rows
(study/boards/board_report.py) all run here.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from queue import Empty, SimpleQueue
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from omaha_eval.engine.interrupts import interrupts_held

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

__all__ = ["WAIT_STEP", "Interrupted", "Stopped", "Workers", "bind"]

# How often the waiting thread wakes up (seconds): the bound on Ctrl-C delay
# where signals cannot interrupt a wait.
WAIT_STEP = 0.05

T = TypeVar("T")


class Stopped(Exception):
    """A job that the stop flag ended early (its results are dropped), or a
    run whose stop event was set."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, a stop event or a closed consumer during a run; `partial`
    holds the results of the jobs that finished, in job order."""

    def __init__(self, partial: list[Any]) -> None:
        super().__init__()
        self.partial = partial


def bind(fn: Callable[..., T], *args: Any) -> Callable[[], T]:
    """fn(*args) as a job."""

    def job() -> T:
        return fn(*args)

    return job


class Workers:
    """Jobs on up to `threads` worker threads (a pool made on first use and
    shut down on exit).  `halt()` stops the running C work; `stop` is a
    run's stop event (anything with is_set()); `on_wait()` is called at each
    step of the wait (a progress display).

    Each job keeps its own outcome and then wakes the waiting thread through
    a queue (a C SimpleQueue, safe to interrupt); the calls into the pool
    hold Ctrl-C back (engine/interrupts.py): an interrupt inside them could
    leave one of the pool's locks held and its shutdown waiting forever."""

    def __init__(
        self,
        halt: Callable[[], object],
        threads: int,
        stop: Any = None,
        on_wait: Callable[[], object] | None = None,
    ) -> None:
        self.halt = halt
        self.threads = max(1, threads)
        self.stop = stop
        self.on_wait = on_wait
        self.pool: ThreadPoolExecutor | None = None
        self._outcomes: dict[int, tuple[bool, Any]] = {}  # job number: (ok, value or error)
        self._ended: SimpleQueue[int] = SimpleQueue()  # wake-ups only: outcomes say what ended
        self._submitted = 0

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.halt()  # nothing should be running; if it is, end it now
            with interrupts_held():
                self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool.shutdown(wait=True)  # joins the threads: safe to interrupt

    def _stopping(self) -> bool:
        return self.stop is not None and bool(self.stop.is_set())

    def _submit(self, job: Callable[[], Any]) -> _Job:
        """Call inside interrupts_held(), keeping the job where an interrupt
        raised at the block's end still finds it."""
        if self.pool is None:
            # imported with the first pool: a run on the calling thread needs none
            from concurrent.futures import ThreadPoolExecutor

            self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix="omaha_eval")
        number = self._submitted
        self._submitted += 1
        outcomes, ended = self._outcomes, self._ended
        pool = self.pool

        def tracked() -> None:
            try:
                outcomes[number] = (True, job())
            except BaseException as error:  # raised by the waiting thread, in job order
                outcomes[number] = (False, error)
            finally:
                ended.put(number)

        return _Job(number, pool.submit(tracked))

    def _wait(self, jobs: Iterable[_Job]) -> None:
        """Until every job has ended, in short steps (raises Stopped when the
        stop event is set)."""
        # a set, each wake-up taking off the job it names: a scan of every
        # job at each wake-up made a run of many short jobs quadratic
        # (membership tests only: the workers add outcomes meanwhile)
        outcomes = self._outcomes
        waiting = {job.number for job in jobs if job.number not in outcomes}
        while waiting:
            if self._stopping():
                raise Stopped
            try:
                waiting.discard(self._ended.get(timeout=WAIT_STEP))
            except Empty:  # a wake-up another wait took: the outcomes say what ended
                waiting = {n for n in waiting if n not in outcomes}
            if self.on_wait is not None:
                with interrupts_held():  # a progress bar takes its lock in Python code
                    self.on_wait()

    def _result(self, job: _Job) -> Any:
        ok, value = self._outcomes.pop(job.number)  # consumed once: memory stays bounded
        if not ok:
            raise value
        return value

    def run(self, jobs: Sequence[Callable[[], T]], inline: bool = False) -> list[T]:
        """Every job's result, in job order (`inline`: one job, run on the
        calling thread).  When interrupted, the work is halted and
        Interrupted carries the results of the jobs that ran.  A job's error
        is raised once every job has ended."""
        if inline and len(jobs) == 1 and not self._stopping():
            return [jobs[0]()]
        submitted: list[_Job] = []
        try:
            with interrupts_held():
                submitted.extend(self._submit(job) for job in jobs)
            self._wait(submitted)
        except BaseException:
            self.halt()
            raise Interrupted(self._finished(submitted)) from None
        return [self._result(job) for job in submitted]

    def stream(self, jobs: Iterable[Callable[[], T]], ahead: int | None = None) -> Iterator[T]:
        """The jobs' results in job order, at most `ahead` jobs (default: two
        per thread) submitted and not yet consumed, so memory stays bounded
        however many jobs there are.  One thread: the jobs run on the
        calling thread, one by one.  When interrupted, the work is halted and
        Interrupted (a KeyboardInterrupt) is raised."""
        if self.threads == 1:
            try:
                for job in jobs:
                    if self._stopping():
                        raise Interrupted([])
                    yield job()
            except (KeyboardInterrupt, Stopped):
                self.halt()
                raise
            return
        ahead = ahead or 2 * self.threads
        todo = iter(jobs)
        pending: deque[_Job] = deque()
        try:
            with interrupts_held():
                for job in todo:
                    pending.append(self._submit(job))
                    if len(pending) >= ahead:
                        break
            while pending:
                self._wait([pending[0]])
                done = pending.popleft()
                nxt = next(todo, None)
                if nxt is not None:
                    with interrupts_held():
                        pending.append(self._submit(nxt))
                yield self._result(done)
        except GeneratorExit:  # the consumer stopped early
            self._cancel(pending)
            raise
        except (KeyboardInterrupt, Stopped):
            self._cancel(pending)
            raise Interrupted([]) from None

    def _cancel(self, pending: Iterable[_Job]) -> None:
        self.halt()
        with interrupts_held():
            for job in pending:
                job.future.cancel()

    def _finished(self, submitted: Sequence[_Job]) -> list[Any]:
        """The results of the jobs that ran, in job order: the jobs not
        started are cancelled, the halted ones waited for."""
        with interrupts_held():
            ran = [job for job in submitted if not job.future.cancel()]
        self._wait_ended(ran)
        return [value for ok, value in (self._outcomes.pop(job.number) for job in ran) if ok]

    def _wait_ended(self, jobs: Sequence[_Job]) -> None:
        """Until the jobs have ended, whatever the stop event (they were halted)."""
        for job in jobs:
            while job.number not in self._outcomes:
                with contextlib.suppress(Empty):
                    self._ended.get(timeout=WAIT_STEP)


class _Job(NamedTuple):
    number: int
    future: Future[None]
