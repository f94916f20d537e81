"""Long work as jobs: each runs on a thread of its own, reports its progress
and stops when asked (the engine's `stop` event), so that a page can show a
running count, a Cancel button can end the run, and a client that goes away
ends it too.

At most `max_jobs` run at once; one more is refused with a message rather
than queued (a queue would hold the client's connection for an unknown
time, and a local page can simply try again).  A job nobody watches (no
event stream open, no poll for `idle` seconds) is cancelled, and so is one
that runs longer than `max_seconds`.  Finished jobs are kept a while for a
last poll, then forgotten.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Busy", "Job", "JobManager", "Progress", "Work"]

# What a job's function is handed: a callback for its progress (any JSON-safe
# dict), and the event that asks it to stop.
Progress = Callable[[dict[str, Any]], None]
Work = Callable[[Progress, threading.Event], dict[str, Any]]

RUNNING, DONE, FAILED, CANCELLED = "running", "done", "failed", "cancelled"


class Busy(Exception):
    """Every job slot is taken."""


@dataclass
class Job:
    """One run: its state, its last progress, and its result or error."""

    id: str
    kind: str
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

    def __init__(self, max_jobs: int = 2, *, idle: float = 15.0, max_seconds: float = 600.0,
                 keep: float = 300.0,
                 errors: Callable[[BaseException], dict[str, Any] | None] | None = None,
                 ) -> None:  # fmt: skip
        self.max_jobs = max_jobs
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

    def reserve(self, kind: str) -> Job:
        """A new job in a free slot (Busy when there is none); `start` runs it."""
        with self._lock:
            self._forget_old()
            if sum(job.state == RUNNING for job in self._jobs.values()) >= self.max_jobs:
                raise Busy(
                    f"the server is busy: {self.max_jobs} job"
                    f"{'' if self.max_jobs == 1 else 's'} already running; cancel one or "
                    "try again when one ends"
                )
            job = Job(id=f"{next(self._ids)}-{kind}", kind=kind)
            self._jobs[job.id] = job
            return job

    def release(self, job: Job, error: dict[str, Any]) -> None:
        """End a reserved job that never started (its input was refused)."""
        job._update(state=FAILED, error=error, ended=time.monotonic())

    def start(self, job: Job, work: Work) -> None:
        thread = threading.Thread(target=self._run, args=(job, work), daemon=True,
                                  name=f"omaha-eval job {job.id}")  # fmt: skip
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
                if unwatched or now - job.started > self.max_seconds:
                    job.cancel()
            self._forget_old()

    def cancel_all(self) -> None:
        with self._lock:
            for job in self._jobs.values():
                job.cancel()

    def _forget_old(self) -> None:
        now = time.monotonic()
        old = [j.id for j in self._jobs.values()
               if j.ended is not None and now - j.ended > self.keep]  # fmt: skip
        for job_id in old:
            del self._jobs[job_id]
