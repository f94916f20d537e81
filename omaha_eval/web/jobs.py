"""Long work as jobs: each runs on a thread of its own, reports its progress
and stops when asked (the engine's `stop` event), so that a page can show a
running count, a Cancel button can end the run, and a client that goes away
ends it too.

Work runs in two lanes, each with its own number of slots, so that short
answers never wait behind long jobs: the long lane (`max_jobs`: board
reports, queries, long equity runs) and the short lane (`short_jobs`: an
equity run estimated at a few seconds at most, and the answers given at
once, range, check and eval, which hold a slot while they compute).  A
request is read and prepared in a short slot, then moves to the lane its
estimated work calls for.  One more than a lane holds is refused with a
message rather than queued (a queue would hold the client's connection for
an unknown time, and a local page can simply try again).  A job nobody
watches (no event stream open, no poll for `idle` seconds) is cancelled,
and so is one that runs longer than its lane allows (`max_seconds`,
`short_seconds`: an estimate that was wrong cannot keep a short slot).
Finished jobs are kept a while for a last poll, then forgotten.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "LONG",
    "SHORT",
    "SHORT_JOBS",
    "SHORT_SECONDS",
    "Busy",
    "Job",
    "JobManager",
    "Progress",
    "Work",
]

# What a job's function is handed: a callback for its progress (any JSON-safe
# dict), and the event that asks it to stop.
Progress = Callable[[dict[str, Any]], None]
Work = Callable[[Progress, threading.Event], dict[str, Any]]

RUNNING, DONE, FAILED, CANCELLED = "running", "done", "failed", "cancelled"
LONG, SHORT = "long", "short"  # the lanes
SHORT_JOBS = 4  # short answers at once (each at most a few seconds of work)
SHORT_SECONDS = 30.0  # a job of the short lane running longer is cancelled


class Busy(Exception):
    """Every job slot is taken."""


@dataclass
class Job:
    """One run: its state, its last progress, and its result or error."""

    id: str
    kind: str
    lane: str = SHORT
    stop: threading.Event = field(default_factory=threading.Event)
    state: str = RUNNING
    progress: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    started: float = field(default_factory=time.monotonic)
    seen: float = field(default_factory=time.monotonic)  # last poll or event stream
    watchers: int = 0  # event streams open
    ended: float | None = None
    version: int = 0  # bumped at every change, for the event streams
    changed: threading.Condition = field(default_factory=threading.Condition)

    def snapshot(self) -> dict[str, Any]:
        """The job as the API shows it."""
        return {
            "id": self.id,
            "kind": self.kind,
            "lane": self.lane,
            "state": self.state,
            "progress": self.progress,
            "result": self.result,
            "error": self.error,
            "elapsed": (self.ended or time.monotonic()) - self.started,
        }

    def _update(self, **values: Any) -> None:
        with self.changed:
            for name, value in values.items():
                setattr(self, name, value)
            self.version += 1
            self.changed.notify_all()

    def wait_change(self, version: int, timeout: float) -> int:
        """Block until the job changes past `version` (or `timeout`
        seconds); the current version."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != version, timeout)
            return self.version

    def cancel(self) -> None:
        self.stop.set()


class JobManager:
    """The running and recently finished jobs.  `errors` turns an exception
    of a job's function into the error dict the API returns (None: the
    exception is not the user's and is re-raised in the job's thread)."""

    def __init__(
        self,
        max_jobs: int = 2,
        *,
        short_jobs: int = SHORT_JOBS,
        idle: float = 15.0,
        max_seconds: float = 600.0,
        short_seconds: float = SHORT_SECONDS,
        keep: float = 300.0,
        errors: Callable[[BaseException], dict[str, Any] | None] | None = None,
    ) -> None:
        self.max_jobs = max_jobs
        self.limits = {LONG: max_jobs, SHORT: short_jobs}
        self.seconds = {LONG: max_seconds, SHORT: min(short_seconds, max_seconds)}
        self._held = {LONG: 0, SHORT: 0}  # slots held by answers that are not jobs
        self.idle = idle
        self.max_seconds = max_seconds
        self.keep = keep
        self.errors = errors
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)

    def running(self) -> int:
        with self._lock:
            return sum(job.state == RUNNING for job in self._jobs.values())

    def used(self, lane: str) -> int:
        """The slots of `lane` taken (call with the lock held)."""
        jobs = sum(job.state == RUNNING and job.lane == lane for job in self._jobs.values())
        return jobs + self._held[lane]

    def _check_free(self, lane: str) -> None:
        limit = self.limits[lane]
        if self.used(lane) < limit:
            return
        if lane == LONG:
            raise Busy(
                f"the server is busy: {limit} long job{'' if limit == 1 else 's'} already "
                "running; cancel one or try again when one ends"
            )
        raise Busy(
            f"the server is busy: {limit} short answer{'' if limit == 1 else 's'} being "
            "computed; try again in a moment"
        )

    def reserve(self, kind: str, lane: str = LONG) -> Job:
        """A new job in a free slot of `lane` (Busy when there is none);
        `start` runs it."""
        with self._lock:
            self._forget_old()
            self._check_free(lane)
            job = Job(id=f"{next(self._ids)}-{kind}", kind=kind, lane=lane)
            self._jobs[job.id] = job
            return job

    def move(self, job: Job, lane: str) -> None:
        """Move a reserved job to a slot of another lane (Busy when that
        lane is full: the job keeps its slot, the caller releases it)."""
        with self._lock:
            if job.lane != lane:
                self._check_free(lane)
                job.lane = lane

    @contextmanager
    def slot(self, lane: str = SHORT) -> Iterator[None]:
        """A slot of `lane` held while an answer that is not a job computes
        (Busy when the lane is full)."""
        with self._lock:
            self._check_free(lane)
            self._held[lane] += 1
        try:
            yield
        finally:
            with self._lock:
                self._held[lane] -= 1

    def release(self, job: Job, error: dict[str, Any]) -> None:
        """End a reserved job that never started (its input was refused)."""
        job._update(state=FAILED, error=error, ended=time.monotonic())

    def start(self, job: Job, work: Work) -> None:
        thread = threading.Thread(
            target=self._run, args=(job, work), daemon=True, name=f"omaha-eval job {job.id}"
        )
        thread.start()

    def _run(self, job: Job, work: Work) -> None:
        def progress(values: dict[str, Any]) -> None:
            job._update(progress=values)

        try:
            result = work(progress, job.stop)
        except KeyboardInterrupt:  # the engine's answer to the stop event (exact runs)
            job._update(state=CANCELLED, ended=time.monotonic())
            return
        except BaseException as exc:
            error = self.errors(exc) if self.errors is not None else None
            if error is None:
                job._update(
                    state=FAILED,
                    ended=time.monotonic(),
                    error={"error": "internal error: the run failed", "field": None},
                )
                raise
            job._update(state=FAILED, error=error, ended=time.monotonic())
            return
        stopped = job.stop.is_set() or bool(result.get("interrupted"))
        job._update(state=CANCELLED if stopped else DONE, result=result, ended=time.monotonic())

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            job = self._jobs.get(job_id)
        if job is not None:
            job.seen = time.monotonic()
        return job

    def watch(self, job: Job, delta: int) -> None:
        """An event stream opened (+1) or closed (-1): the last one to close
        on a running job cancels it (its client went away)."""
        with self._lock:
            job.watchers += delta
            job.seen = time.monotonic()
            gone = job.watchers <= 0 and delta < 0
        if gone and job.state == RUNNING:
            job.cancel()

    def sweep(self) -> None:
        """Cancel the jobs nobody watches and those over their time; forget
        old finished ones.  Called every second by the app."""
        now = time.monotonic()
        with self._lock:
            for job in self._jobs.values():
                if job.state != RUNNING:
                    continue
                unwatched = job.watchers <= 0 and now - job.seen > self.idle
                if unwatched or now - job.started > self.seconds[job.lane]:
                    job.cancel()
            self._forget_old()

    def cancel_all(self) -> None:
        with self._lock:
            for job in self._jobs.values():
                job.cancel()

    def _forget_old(self) -> None:
        now = time.monotonic()
        old = [
            j.id for j in self._jobs.values() if j.ended is not None and now - j.ended > self.keep
        ]
        for job_id in old:
            del self._jobs[job_id]
