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
(reports/board_report.py) all run here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor, wait
from typing import Any, TypeVar

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
    step of the wait (a progress display)."""

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

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.halt()  # nothing should be running; if it is, end it now
            self.pool.shutdown(wait=True, cancel_futures=True)

    def _stopping(self) -> bool:
        return self.stop is not None and bool(self.stop.is_set())

    def _submit(self, job: Callable[[], T]) -> Future[T]:
        if self.pool is None:
            self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix="omaha_eval")
        return self.pool.submit(job)

    def _wait(self, futures: set[Future[Any]]) -> None:
        """Until every future is done, in short steps (raises Stopped when the
        stop event is set)."""
        pending = futures
        while pending:
            if self._stopping():
                raise Stopped
            _, pending = wait(pending, timeout=WAIT_STEP)
            if self.on_wait is not None:
                self.on_wait()

    def run(self, jobs: Sequence[Callable[[], T]], inline: bool = False) -> list[T]:
        """Every job's result, in job order (`inline`: one job, run on the
        calling thread).  When interrupted, the work is halted and
        Interrupted carries the results of the jobs that ran.  A job's error
        is raised once every job has ended."""
        if inline and len(jobs) == 1 and not self._stopping():
            return [jobs[0]()]
        futures = [self._submit(job) for job in jobs]
        try:
            self._wait(set(futures))
        except BaseException:
            self.halt()
            for f in futures:
                f.cancel()
            raise Interrupted(_finished(futures)) from None
        return [f.result() for f in futures]

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
        pending: deque[Future[T]] = deque()
        try:
            for job in todo:
                pending.append(self._submit(job))
                if len(pending) >= ahead:
                    break
            while pending:
                self._wait({pending[0]})
                done = pending.popleft()
                nxt = next(todo, None)
                if nxt is not None:
                    pending.append(self._submit(nxt))
                yield done.result()
        except GeneratorExit:  # the consumer stopped early
            self._cancel(pending)
            raise
        except (KeyboardInterrupt, Stopped):
            self._cancel(pending)
            raise Interrupted([]) from None

    def _cancel(self, pending: Iterable[Future[Any]]) -> None:
        self.halt()
        for f in pending:
            f.cancel()


def _finished(futures: Sequence[Future[Any]]) -> list[Any]:
    """The results of the futures that ran (waiting for the stopped ones)."""
    done = []
    for f in futures:
        try:
            done.append(f.result())
        except (CancelledError, Exception):
            pass
    return done
