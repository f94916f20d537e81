"""Batch analysis: many equity spots, in parallel, resumable.

A spot is a mapping with the fields ``id``, ``players`` (2 to 10 hands or
ranges: a list, or one text with ``|`` between players), ``board``, ``dead``,
``trials``, ``exact``, ``seed``, ``target_stderr``, ``game``,
``hole_cards`` and ``strict``; only ``players`` is required.  Every spot runs through
``omaha_eval.equity``, the engine of every entry point, so a spot's result is
the library's for the same question.  `run` yields one `SpotResult` per spot
as each finishes; `run_file` reads spots from CSV or JSON Lines and appends
each result to an output file the moment it is known, skipping the spots
already there, so a killed run started again completes the rest.

Spots run on local worker threads by default (each spot's engine on one
thread), on worker processes, or on a Dask cluster (``dask=ADDRESS``).  A spot
without a seed gets one derived from the batch ``seed`` and its id, so results
do not depend on the order, the workers or an interruption.

The parts: spots.py (the fields of a spot, checked), files.py (reading and
writing CSV and JSON Lines), executors.py (spots as parts on the one executor,
engine/executor.py).

From a script or a notebook::

    from omaha_eval import batch
    spots = [{"id": "aces", "players": ["AsAh2c3d", "7c7d4c5d"], "board": "KsQdJh9c9h"}]
    for r in batch.run(spots):
        print(r.id, r.record["players"][0]["equity"])   # aces 1.0

    import pandas as pd                                   # spots from / results to pandas
    results = pd.DataFrame(r.row for r in batch.run(df))  # df: a DataFrame of spots
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from omaha_eval.batch.executors import SpotResult, Task, execute
from omaha_eval.batch.files import Output, max_players, read_spots
from omaha_eval.batch.spots import check_spots, row_id, spot_seed
from omaha_eval.engine.executor import DASK_TIMEOUT, Executor, dask_client, read_executor
from omaha_eval.engine.plan import default_threads
from omaha_eval.equity import equity as library_equity
from omaha_eval.errors import OmahaEvalError
from omaha_eval.types import SpotTable

if TYPE_CHECKING:  # pragma: no cover  (distributed: the optional dask extra)
    from typing import TypedDict

    from distributed import Client
    from typing_extensions import Unpack  # typing's own from Python 3.11

    class _RunOptions(TypedDict, total=False):
        """The options of `run` that `run_file` passes on."""

        workers: int | None
        dask: str | Client | None
        seed: int
        threads: int | None
        defaults: Mapping[str, Any] | None
        equity: Callable[..., Any] | None
        executor: Literal["thread", "process"]


__all__ = [
    "BatchSummary",
    "SpotResult",
    "default_workers",
    "read_spots",
    "run",
    "run_file",
    "spot_seed",
]


def default_workers() -> int:
    """The local cores this process may use."""
    return default_threads()


def _as_rows(spots: Any) -> list[Any]:
    if hasattr(spots, "to_dict") and hasattr(spots, "columns"):  # a pandas DataFrame
        return list(spots.to_dict("records"))
    if isinstance(spots, (str, bytes, Mapping)):
        raise OmahaEvalError(
            f"expected an iterable of spots, got {type(spots).__name__}", param="spots"
        )
    return list(spots)


def run(
    spots: Iterable[Mapping[str, Any]] | SpotTable,
    *,
    workers: int | None = None,
    dask: str | Client | None = None,
    seed: int = 0,
    skip: Collection[str] | Callable[[str], bool] = (),
    threads: int | None = 1,
    defaults: Mapping[str, Any] | None = None,
    equity: Callable[..., Any] | None = None,
    executor: Literal["thread", "process"] = "thread",
) -> Iterator[SpotResult]:
    """Run equity on every spot; yield a SpotResult for each as it finishes.

    `spots` is an iterable of mappings (or a pandas DataFrame) with the spot
    fields; `defaults` fills fields a spot leaves empty.  Rows that cannot be
    read come first, as error entries; spots whose id is in `skip` (or for
    which `skip(id)` is true) are not run.  `workers` (default and at most:
    the local cores) threads run the spots, each spot's engine on `threads`
    threads; ``executor="process"`` uses worker
    processes instead.  `dask` is a scheduler address or a
    ``distributed.Client``: the spots run on that cluster instead.  `equity`
    replaces ``omaha_eval.equity`` (it must be importable by the workers).

    Checks everything up front: duplicate ids and bad arguments raise
    OmahaEvalError before any spot runs.
    """
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise OmahaEvalError(f"expected an integer >= 1, got {workers!r}", param="workers")
    where = read_executor(executor, 1)  # a name it knows (engine/executor.py), before any work
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OmahaEvalError(f"expected an integer >= 0, got {seed!r}", param="seed")
    equity_fn = equity if equity is not None else library_equity
    ready, failed = check_spots(_as_rows(spots), seed, defaults)
    skipped = skip if callable(skip) else set(skip).__contains__
    tasks = [Task(spot, equity_fn, threads) for spot in ready if not skipped(spot.id)]
    client = dask_client(dask) if dask is not None else None
    errors = [SpotResult(spot_id, record) for spot_id, record in failed if not skipped(spot_id)]
    # more workers than cores only add overhead (the results do not depend on them)
    local = min(workers or default_workers(), default_workers())
    where = Executor("dask", local, client) if client is not None else replace(where, workers=local)
    owned = client is not None and client is not dask  # made here from an address: closed here
    return _results(errors, tasks, where, owned)


def _results(
    errors: list[SpotResult], tasks: list[Task], where: Executor, owned: bool
) -> Iterator[SpotResult]:
    try:
        yield from errors
        yield from execute(tasks, where)
    finally:
        if owned:
            with contextlib.suppress(Exception):  # a scheduler that is gone: nothing to close
                where.client.close(timeout=DASK_TIMEOUT)


@dataclass(frozen=True)
class BatchSummary:
    """What run_file did: spots in INPUT, skipped (already in OUTPUT), run
    now, and how many of those became error entries."""

    total: int
    skipped: int
    done: int
    errors: int


def run_file(
    input: str | os.PathLike[str],
    output: str | os.PathLike[str],
    *,
    on_start: Callable[[int], None] | None = None,
    on_result: Callable[[SpotResult], None] | None = None,
    **options: Unpack[_RunOptions],
) -> BatchSummary:
    """Run the spots of INPUT and append each result to OUTPUT as it
    finishes (CSV or JSON Lines, each by its extension).  Spots whose id is
    already in OUTPUT are skipped, so the same call after an interruption
    completes the rest.  `options` are those of `run`.  `on_start` receives
    the number of spots to run; `on_result` each result after it is written.
    """
    rows = read_spots(input)
    out = Output(Path(output), max_players(rows))  # locked, read, recognised
    results: Iterator[SpotResult] = iter(())
    done = errors = skipped = 0

    def already(spot_id: str) -> bool:
        return out.key(spot_id) in out.done

    try:
        results = run(rows, skip=already, **options)  # checks everything first
        out.open()
        skipped = sum(1 for i, raw in enumerate(rows, start=1) if already(row_id(raw, i)))
        if on_start is not None:
            on_start(len(rows) - skipped)
        for result in results:
            out.write(result.record)
            done += 1
            errors += result.record["status"] != "ok"
            if on_result is not None:
                on_result(result)
    finally:
        close = getattr(results, "close", None)
        if close is not None:  # stops the workers at once when interrupted
            close()
        out.close()
    return BatchSummary(total=len(rows), skipped=skipped, done=done, errors=errors)
