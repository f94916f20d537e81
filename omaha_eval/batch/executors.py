"""Where batch spots run: in the calling thread, on a local pool of threads or
processes, or on a Dask cluster.  Each spot runs through ``equity()``, the
same engine as every other entry point."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from omaha_eval.batch.files import csv_row
from omaha_eval.batch.spots import Spot, error_record
from omaha_eval.equity import EquityInterrupted
from omaha_eval.errors import OmahaEvalError, for_people

__all__ = ["SpotResult", "Task", "execute", "solve"]

EquityFunction = Callable[..., Any]


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
    result: Any = field(default=None, compare=False, repr=False)

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
            **options,
        )
    except OmahaEvalError as exc:
        return SpotResult(spot.id, error_record(spot.id, _as_given(spot), for_people(str(exc))))
    except EquityInterrupted as stopped:
        message = f"interrupted after {stopped.result.trials:,} trials; a resumed run redoes it"
        head = {"id": spot.id, "status": "interrupted", "error": message}
        return SpotResult(spot.id, {**head, **stopped.result.to_dict()})
    except KeyboardInterrupt:  # stopped with nothing to show (exact enumeration)
        message = "interrupted; a resumed run redoes it"
        return SpotResult(spot.id, error_record(spot.id, _as_given(spot), message, "interrupted"))
    except Exception as exc:  # one spot's failure must not stop the batch
        message = f"internal error: {type(exc).__name__}: {exc}; a resumed run tries it again"
        return SpotResult(spot.id, error_record(spot.id, _as_given(spot), message, "failed"))
    record: dict[str, Any] = {"id": spot.id, "status": "ok", "error": None, **result.to_dict()}
    return SpotResult(spot.id, record, result)


def _ignore_sigint() -> None:
    # Workers leave Ctrl-C to the parent, which stops the pool itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
    thread costs nothing to start).  On Ctrl-C (or when the consumer stops)
    the batch's stop event ends the running spots within a fraction of a
    second; their interrupted results are yielded before KeyboardInterrupt
    goes on."""
    stop = threading.Event()
    pending = iter([Task(t.spot, t.equity, t.threads, stop) for t in tasks])
    pool = ThreadPoolExecutor(workers, thread_name_prefix="omaha_eval-batch")
    running: deque[Future[SpotResult | None]] = deque()

    def submit() -> None:
        task = next(pending, None)
        if task is not None:
            running.append(pool.submit(solve, task))

    for _ in range(2 * workers):  # a small window: a big batch is not queued at once
        submit()
    try:
        while running:
            done, _ = wait(running, timeout=0.05, return_when="FIRST_COMPLETED")
            for future in done:
                running.remove(future)
                submit()
                result = future.result()
                if result is not None:
                    yield result
    except KeyboardInterrupt:
        stop.set()
        for future in running:
            future.cancel()
        for future in running:
            if not future.cancelled():
                result = future.result()  # returns soon: the stop event is set
                if result is not None:
                    yield result
        raise
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)


def _execute_processes(tasks: list[Task], workers: int) -> Iterator[SpotResult]:
    # Processes pay off only when per-spot Python work (parsing big ranges)
    # dominates a long batch: each spawned process imports NumPy and builds
    # the tables first (about a second for two workers here).  "spawn"
    # avoids forking a threaded parent.  Ctrl-C terminates the workers at
    # once: their running spots are not written, and a resumed run does them.
    import multiprocessing  # here: `import omaha_eval` need not pay for it

    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_ignore_sigint)
    finished = False
    try:
        for result in pool.imap_unordered(solve, tasks, chunksize=1):
            if result is not None:
                yield result
        finished = True
    finally:
        if finished:
            pool.close()
        else:  # interrupted or abandoned: stop the workers now
            pool.terminate()
        pool.join()


def _execute_dask(tasks: list[Task], client: Any) -> Iterator[SpotResult]:
    from distributed import as_completed

    # A window of submitted spots keeps the scheduler busy without queueing
    # a whole large batch on it at once.
    window = 4 * max(1, sum(client.nthreads().values()))
    pending = iter(tasks)
    queue = as_completed(loop=client.loop)  # type: ignore[no-untyped-call]
    running: set[Any] = set()

    def submit() -> None:
        task = next(pending, None)
        if task is not None:
            future = client.submit(solve, task, pure=False)
            running.add(future)
            queue.add(future)  # type: ignore[no-untyped-call]

    for _ in range(window):
        submit()
    try:
        for future in queue:
            outcome: SpotResult | None = future.result()
            running.discard(future)
            future.release()
            submit()
            # The EquityResult object stays on the worker: the record holds every figure.
            if outcome is not None:
                yield SpotResult(outcome.id, outcome.record)
    finally:
        for future in running:
            future.cancel()


DASK_TIMEOUT = 10.0  # seconds to reach a scheduler, handshake included


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
        raise OmahaEvalError(
            "dask: running on a cluster needs the 'distributed' package "
            "(pip install 'omaha-eval[dask]')"
        ) from None
    if isinstance(dask, Client):
        return dask
    if not isinstance(dask, str):
        raise OmahaEvalError(f"dask: expected a scheduler address or a Client, got {dask!r}")
    address = dask.strip()
    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise OmahaEvalError(f"dask: {address!r} is not a scheduler address: {exc}") from None

    class ClosingClient(Client):
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
            box["client"] = ClosingClient(  # type: ignore[no-untyped-call]
                address, timeout=timeout, set_as_default=False
            )
        except BaseException as exc:  # MemoryError from a peer that is not Dask, too
            box["error"] = exc

    thread = threading.Thread(target=connect, name="omaha_eval-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout + 5)
    if thread.is_alive():  # left behind: a daemon thread does not hold up the exit
        raise OmahaEvalError(
            f"dask: no answer from a Dask scheduler at {address!r} within {timeout:g} s"
        )
    if "error" in box:
        failure = box["error"]
        message = " ".join(str(failure).split()) or type(failure).__name__
        raise OmahaEvalError(
            f"dask: cannot connect to the scheduler at {address!r}: {message}"
        ) from None
    return box["client"]
