"""Where batch spots run: on local worker threads or processes, or on a Dask
cluster.  Each spot runs through ``equity()``, the same engine as every other
entry point.

Nothing waits forever: Ctrl-C (or a consumer that stops) ends every executor
at once, what was not written being left for a resumed run (threads: the
stop event reaches each running spot, which has STOP_GRACE to hand in its
figures; processes: terminated; Dask: cancelled); worker processes die with
their parent, and a dead one is an error; a scheduler without a worker for
DASK_NO_WORKER_TIMEOUT is an error."""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from omaha_eval import extras
from omaha_eval.batch.spots import Spot, error_record
from omaha_eval.equity import EquityInterrupted
from omaha_eval.errors import OmahaEvalError, OmahaEvalFailure, describe
from omaha_eval.records import csv_row, spot_record

if TYPE_CHECKING:  # pragma: no cover
    from omaha_eval.engine.results import EquityResult

__all__ = ["SpotResult", "Task", "execute", "solve"]

EquityFunction = Callable[..., Any]
DASK_TIMEOUT = 10.0  # seconds to reach a scheduler, handshake included, and for each question
STOP_GRACE = 0.25  # seconds the running spots get, after Ctrl-C, to hand in their figures so far
PARENT_POLL = 0.5  # seconds between a worker process's looks at its parent (without prctl)
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a Linux process gets when its parent dies
DASK_NO_WORKER_TIMEOUT = 60.0  # seconds a scheduler may have no worker (an adaptive cluster
# may be starting one) before the batch gives up
DASK_CHECK = 1.0  # seconds between asking the scheduler for its workers
DASK_POLL = 0.05  # seconds between looks for finished Dask spots (Ctrl-C is heard in between)


@dataclass(frozen=True)
class SpotResult:
    """The outcome of one spot.

    ``record`` is the JSON-ready dict written to a JSON Lines output: ``id``,
    ``status`` ("ok" or "error"), ``error`` (the message, or None) and, for
    "ok", every field of ``EquityResult.to_dict()``.  ``row`` is the same
    flattened to the CSV columns.  ``result`` is the EquityResult itself
    (None for an error, and after a trip through Dask).
    """

    id: str
    record: dict[str, Any]
    result: EquityResult | None = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return bool(self.record["status"] == "ok")

    @property
    def error(self) -> str | None:
        return self.record["error"]  # type: ignore[no-any-return]

    @property
    def row(self) -> dict[str, Any]:
        return csv_row(self.record)


@dataclass(frozen=True)
class Task:
    """A spot to run, the equity function to run it with, and its threads."""

    spot: Spot
    equity: EquityFunction
    threads: int | None
    stop: Any = None  # a threading.Event shared by the batch: set on Ctrl-C


def _as_given(spot: Spot) -> dict[str, Any]:
    return {"players": list(spot.players), "board": spot.board, "dead": spot.dead,
            "game": spot.game}  # fmt: skip


def solve(task: Task) -> SpotResult | None:
    """Run one checked spot (in a worker).  A bad spot becomes an error entry,
    an internal error a "failed" one, and a run stopped by the batch's stop
    event an "interrupted" one (with the figures so far, for Monte Carlo);
    None when the batch was stopped before this spot began."""
    spot = task.spot
    if task.stop is not None and task.stop.is_set():
        return None
    options: dict[str, Any] = {} if task.stop is None else {"stop": task.stop}
    try:
        result = task.equity(
            list(spot.players),
            spot.board,
            spot.dead,
            trials=spot.trials,
            exact=spot.exact,
            seed=spot.seed,
            threads=task.threads,
            target_stderr=spot.target_stderr,
            game=spot.game,
            hole_cards=spot.hole_cards,
            strict=spot.strict,
            **options,
        )
    except OmahaEvalError as exc:
        return SpotResult(spot.id, error_record(spot.id, _as_given(spot), describe(exc)))
    except EquityInterrupted as stopped:
        message = f"interrupted after {stopped.result.trials:,} trials; a resumed run redoes it"
        return SpotResult(spot.id, spot_record(spot.id, "interrupted", message,
                                               stopped.result.to_dict()))  # fmt: skip
    except KeyboardInterrupt:  # stopped with nothing to show (exact enumeration)
        message = "interrupted; a resumed run redoes it"
        return SpotResult(spot.id, error_record(spot.id, _as_given(spot), message, "interrupted"))
    except Exception as exc:  # one spot's failure must not stop the batch
        return _failed(spot, exc)
    return SpotResult(spot.id, spot_record(spot.id, "ok", None, result.to_dict()), result)


_FINISHED = object()  # a worker thread's last word: it takes no more spots


def execute(tasks: list[Task], workers: int, client: Any, executor: str) -> Iterator[SpotResult]:
    """Yield each task's result as it finishes."""
    if not tasks:
        return
    if client is not None:
        yield from _execute_dask(tasks, client)
    elif executor == "process" and workers > 1:
        yield from _execute_processes(tasks, min(workers, len(tasks)))
    else:
        yield from _execute_threads(tasks, min(workers, len(tasks)))


def _execute_threads(tasks: list[Task], workers: int) -> Iterator[SpotResult]:
    """Spots on worker threads (the engine's C loops release the GIL, and a
    thread costs nothing to start), each taking the next spot when it is
    free.  On Ctrl-C (or when the consumer stops) the batch's stop event
    reaches every running spot; those that stop within STOP_GRACE hand in
    their interrupted results, which are yielded before KeyboardInterrupt
    goes on.  The threads are daemons and nobody waits for the others: a
    spot that does not heed the stop is left behind, unwritten, for a
    resumed run to do."""
    stop = threading.Event()
    todo = deque(Task(t.spot, t.equity, t.threads, stop) for t in tasks)
    done: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def work() -> None:
        try:
            while not stop.is_set():
                try:
                    task = todo.popleft()
                except IndexError:
                    return
                done.put(solve(task))
        finally:
            done.put(_FINISHED)

    for i in range(workers):
        threading.Thread(target=work, name=f"omaha_eval-batch-{i}", daemon=True).start()
    live = workers
    try:
        while live:
            item = done.get()
            if item is _FINISHED:
                live -= 1
            elif item is not None:
                yield item
    except KeyboardInterrupt:
        stop.set()
        deadline = time.monotonic() + STOP_GRACE
        while live and (left := deadline - time.monotonic()) > 0:
            try:
                item = done.get(timeout=left)
            except queue.Empty:
                break
            if item is _FINISHED:
                live -= 1
            elif item is not None:
                yield item
        raise
    finally:
        stop.set()


def _execute_processes(tasks: list[Task], workers: int) -> Iterator[SpotResult]:
    # Processes pay off only when per-spot Python work (parsing big ranges)
    # dominates a long batch: each spawned process imports NumPy and builds
    # the tables first (about a second for two workers here).  "spawn"
    # avoids forking a threaded parent.  Ctrl-C (or the consumer stopping)
    # terminates the workers at once: their running spots are not written,
    # and a resumed run does them.  A worker that dies (killed, out of
    # memory) breaks the pool: one error, not a wait for results that never
    # come.
    pool = ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(),),
    )
    pending = iter(tasks)
    running: dict[Future[SpotResult | None], Task] = {}

    def submit() -> None:
        task = next(pending, None)
        if task is not None:
            running[pool.submit(solve, task)] = task

    finished = False
    try:
        for _ in range(2 * workers):  # a small window: a big batch is not queued at once
            submit()
        while running:
            done, _ = wait(running, return_when="FIRST_COMPLETED")
            for future in done:
                task = running.pop(future)
                try:
                    result = future.result()
                except BrokenProcessPool:
                    raise OmahaEvalFailure(
                        "a worker process ended before its spot did (killed, or out "
                        "of memory?); the spots not written are left for a resumed run",
                        param="executor",
                    ) from None
                except Exception as exc:  # the spot could not reach its worker (pickling)
                    result = _failed(task.spot, exc)
                submit()
                if result is not None:
                    yield result
        finished = True
    finally:
        if not finished:  # interrupted, abandoned or broken: stop the workers now
            _terminate_workers(pool)
        # The pool's own thread cancels the spots not started: a future cancelled
        # here could be failed by that thread too, once it sees the workers gone,
        # and Python 3.11 raises InvalidStateError there (a traceback on Ctrl-C).
        pool.shutdown(wait=True, cancel_futures=True)


def _terminate_workers(pool: Any) -> None:
    """SIGTERM to a process pool's workers (ProcessPoolExecutor.terminate_workers
    from Python 3.14; its process table before)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list(getattr(pool, "_processes", {}).values()):
        with contextlib.suppress(Exception):  # already gone
            process.terminate()


def _worker_start(parent: int) -> None:
    """Set up a worker process: Ctrl-C is for the parent, which stops the
    pool itself, and the worker dies with its parent (a killed batch leaves
    no worker running).  On Linux the kernel sends SIGKILL when the parent
    goes (prctl PR_SET_PDEATHSIG: strictly, when the parent's thread that
    started the worker ends, here the one that runs the batch); elsewhere a
    thread watches the parent's pid."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not _die_with_parent():
        watch = threading.Thread(
            target=_watch_parent, args=(parent,), name="omaha_eval-parent", daemon=True
        )
        watch.start()
    if os.getppid() != parent:  # the parent died before the worker could ask
        os._exit(1)


def _die_with_parent() -> bool:
    """Ask Linux for SIGKILL when the parent dies; False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        answer = libc.prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no C library to ask, or no prctl in it
        return False
    return bool(answer == 0)


def _watch_parent(parent: int) -> None:
    """End this process once its parent is gone (it gets a new parent pid)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


def _failed(spot: Spot, exc: BaseException) -> SpotResult:
    message = f"internal error: {type(exc).__name__}: {exc}; a resumed run tries it again"
    return SpotResult(spot.id, error_record(spot.id, _as_given(spot), message, "failed"))


def _execute_dask(tasks: list[Task], client: Any) -> Iterator[SpotResult]:
    from distributed import as_completed

    address = client.scheduler.address
    # A window of submitted spots keeps the scheduler busy without queueing
    # a whole large batch on it at once.
    window = 4 * max(1, _dask_threads(client, address))
    pending = iter(tasks)
    arrivals = as_completed(loop=client.loop)  # type: ignore[no-untyped-call]
    running: dict[Any, Task] = {}

    def submit() -> None:
        task = next(pending, None)
        if task is not None:
            future = client.submit(solve, task, pure=False)
            running[future] = task
            arrivals.add(future)  # type: ignore[no-untyped-call]

    for _ in range(window):
        submit()
    seen = time.monotonic()  # when the scheduler last had a worker
    asked = seen
    try:
        while running:
            ready = arrivals.next_batch(block=False)  # type: ignore[no-untyped-call]
            if not ready:
                now = time.monotonic()
                if now - asked >= DASK_CHECK:
                    asked = now
                    if _dask_threads(client, address):
                        seen = now
                    elif now - seen >= DASK_NO_WORKER_TIMEOUT:
                        raise OmahaEvalFailure(
                            f"the scheduler at {address!r} has had no worker for "
                            f"{DASK_NO_WORKER_TIMEOUT:g} s (none started, or they died); the "
                            "spots not written are left for a resumed run",
                            param="dask",
                        )
                time.sleep(DASK_POLL)
                continue
            for future in ready:
                task = running.pop(future)
                try:
                    outcome: SpotResult | None = future.result()
                except Exception as exc:  # the cluster lost it (KilledWorker, say)
                    outcome = _failed(task.spot, exc)
                future.release()
                submit()
                # The EquityResult object stays on the worker: the record holds every figure.
                if outcome is not None:
                    yield SpotResult(outcome.id, outcome.record)
    finally:
        if running:  # the scheduler drops what nobody waits for
            with contextlib.suppress(Exception):
                client.cancel(list(running))


def _dask_threads(client: Any, address: str) -> int:
    """The worker threads the scheduler has now (0: no worker)."""
    try:
        return sum(client.nthreads(callback_timeout=DASK_TIMEOUT).values())
    except Exception as exc:  # a timeout or a closed connection: the scheduler is gone
        message = " ".join(str(exc).split()) or type(exc).__name__
        raise OmahaEvalFailure(
            f"lost the scheduler at {address!r}: {message}", param="dask"
        ) from None


def dask_client(dask: Any, timeout: float = DASK_TIMEOUT) -> Any:
    """A distributed.Client for a scheduler address (a Client passes).

    Every failure is one OmahaEvalError: a malformed address is refused
    before any client is made; the connection runs on a thread of its own
    and is given up after `timeout` seconds (a port that accepts and never
    answers, or speaks another protocol, would otherwise hang); a client
    that failed half way is closed, so retries in one process stay clean."""
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise extras.missing(
            "dask", "running on a cluster needs the 'distributed' package", param="dask"
        ) from None
    if isinstance(dask, Client):
        return dask
    if not isinstance(dask, str):
        raise OmahaEvalError(
            f"expected a scheduler address or a Client, got {dask!r}", param="dask"
        )
    address = dask.strip()
    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise OmahaEvalError(
            f"{address!r} is not a scheduler address: {exc}", param="dask"
        ) from None

    class _ClosingClient(Client):
        def start(self, **kwargs: Any) -> Any:
            try:
                return super().start(**kwargs)  # type: ignore[no-untyped-call]
            except BaseException:
                with contextlib.suppress(BaseException):
                    self.close(timeout=1)  # type: ignore[no-untyped-call]
                raise

    box: dict[str, Any] = {}

    def connect() -> None:
        try:
            box["client"] = _ClosingClient(  # type: ignore[no-untyped-call]
                address, timeout=timeout, set_as_default=False
            )
        except BaseException as exc:  # MemoryError from a peer that is not Dask, too
            box["error"] = exc

    thread = threading.Thread(target=connect, name="omaha_eval-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout + 5)
    if thread.is_alive():  # left behind: a daemon thread does not hold up the exit
        raise OmahaEvalFailure(
            f"no answer from a Dask scheduler at {address!r} within {timeout:g} s", param="dask"
        )
    if "error" in box:
        failure = box["error"]
        message = " ".join(str(failure).split()) or type(failure).__name__
        raise OmahaEvalFailure(
            f"cannot connect to the scheduler at {address!r}: {message}", param="dask"
        ) from None
    return box["client"]
