"""Where batch spots run: in the calling thread, on a local pool of threads or
processes, or on a Dask cluster.  Each spot runs through ``equity()``, the
same engine as every other entry point."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from omaha_eval.batch.files import csv_row
from omaha_eval.batch.spots import Spot, error_record
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


def _as_given(spot: Spot) -> dict[str, Any]:
    return {"players": list(spot.players), "board": spot.board, "dead": spot.dead,
            "game": spot.game}  # fmt: skip


def solve(task: Task) -> SpotResult:
    """Run one checked spot (in a worker).  A bad spot becomes an error entry."""
    spot = task.spot
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
        )
    except OmahaEvalError as exc:
        return SpotResult(spot.id, error_record(spot.id, _as_given(spot), for_people(str(exc))))
    except Exception as exc:  # one spot's failure must not stop the batch
        message = f"internal error: {type(exc).__name__}: {exc}"
        return SpotResult(spot.id, error_record(spot.id, _as_given(spot), message))
    record = {"id": spot.id, "status": "ok", "error": None, **result.to_dict()}
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
    elif workers == 1:
        for task in tasks:
            yield solve(task)
    else:
        yield from _execute_pool(tasks, min(workers, len(tasks)), executor)


def _execute_pool(tasks: list[Task], workers: int, executor: str) -> Iterator[SpotResult]:
    # Threads by default: the engine's C loops release the GIL, so spots run
    # in parallel, and a thread costs nothing to start, where each spawned
    # process imports NumPy and builds the tables first (about a second for
    # two workers here: benchmarks/bench_batch.py, README "Batch analysis").
    # Processes pay off only when per-spot Python work (parsing big ranges)
    # dominates a long batch.  "spawn" avoids forking a threaded parent.
    import multiprocessing  # here: `import omaha_eval` need not pay for it
    from multiprocessing.pool import ThreadPool

    if executor == "thread":
        pool: Any = ThreadPool(workers)
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_ignore_sigint)
    finished = False
    try:
        yield from pool.imap_unordered(solve, tasks, chunksize=1)
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
    queue = as_completed()  # type: ignore[no-untyped-call]
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
            outcome: SpotResult = future.result()
            running.discard(future)
            future.release()
            submit()
            # The EquityResult object stays on the worker: the record holds every figure.
            yield SpotResult(outcome.id, outcome.record)
    finally:
        for future in running:
            future.cancel()


def dask_client(dask: Any) -> Any:
    """A distributed.Client for a scheduler address (a Client passes)."""
    try:
        from distributed import Client
    except ImportError:
        raise OmahaEvalError(
            "dask: running on a cluster needs the 'distributed' package "
            "(pip install 'omaha-eval[dask]')"
        ) from None
    if isinstance(dask, Client):
        return dask
    if not isinstance(dask, str):
        raise OmahaEvalError(f"dask: expected a scheduler address or a Client, got {dask!r}")
    try:
        return Client(dask, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:  # ValueError: a malformed address
        message = " ".join(str(exc).split())
        raise OmahaEvalError(
            f"dask: cannot connect to the scheduler at {dask!r}: {message}"
        ) from None
