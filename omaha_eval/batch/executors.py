"""Batch spots as parts of a run on the one executor (engine/executor.py:
local worker threads or processes, or a Dask cluster).  Each spot runs
through ``equity()``, the same engine as every other entry point, and
becomes its record here: a bad spot an error entry, a stopped one an
"interrupted" one, an internal error or a spot lost on the way a "failed"
one, so that one spot never stops the batch."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from omaha_eval.batch.spots import Spot, error_record
from omaha_eval.engine.executor import DASK_TIMEOUT, Done, Executor, dask_client, relay
from omaha_eval.equity import EquityInterrupted
from omaha_eval.errors import OmahaEvalError, describe
from omaha_eval.records import csv_row, spot_record

if TYPE_CHECKING:  # pragma: no cover
    from omaha_eval.engine.results import EquityResult

__all__ = ["DASK_TIMEOUT", "SpotResult", "Task", "dask_client", "execute", "solve"]

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
    return {
        "players": list(spot.players),
        "board": spot.board,
        "dead": spot.dead,
        "game": spot.game,
    }


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
        return SpotResult(
            spot.id, spot_record(spot.id, "interrupted", message, stopped.result.to_dict())
        )
    except KeyboardInterrupt:  # stopped with nothing to show (exact enumeration)
        message = "interrupted; a resumed run redoes it"
        return SpotResult(spot.id, error_record(spot.id, _as_given(spot), message, "interrupted"))
    except Exception as exc:  # one spot's failure must not stop the batch
        return _failed(spot, exc)
    return SpotResult(spot.id, spot_record(spot.id, "ok", None, result.to_dict()), result)


_FINISHED = object()  # a worker thread's last word: it takes no more spots


def execute(tasks: list[Task], where: Executor) -> Iterator[SpotResult]:
    """Yield each task's result as it finishes, on the executor `where`.  A
    spot lost on the way (it could not reach its worker, a Dask worker
    died) becomes a "failed" record, for a resumed run."""

    def result(done: Done[SpotResult | None]) -> SpotResult | None:
        if done.error is not None:
            return _failed(tasks[done.index].spot, done.error)
        if done.value is None or where.kind != "dask":
            return done.value
        # after a trip through Dask the EquityResult object stays out: the
        # record holds every figure
        return SpotResult(done.value.id, done.value.record)

    return relay(where.run(_solve_part, tasks), result)


def _solve_part(task: Task, stop: Any) -> SpotResult | None:
    """solve() as the executor calls it: the run's stop event (threads) given
    to the spot."""
    return solve(Task(task.spot, task.equity, task.threads, stop))


def _failed(spot: Spot, exc: BaseException) -> SpotResult:
    message = f"internal error: {type(exc).__name__}: {exc}; a resumed run tries it again"
    return SpotResult(spot.id, error_record(spot.id, _as_given(spot), message, "failed"))
