"""Board report rows on the batch executors (omaha_eval.batch.executors):
local threads or processes, or a Dask cluster.  Rows go in chunks, each a
batch task whose "equity function" is `rows_task` (a module-level
function, so processes and Dask can pickle it), which runs the rows
exactly as board_report does in this process: the same plan, the same
seeds, the same figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from omaha_eval.batch.executors import Task, execute
from omaha_eval.batch.spots import Spot as BatchSpot
from omaha_eval.engine.plan import Plan
from omaha_eval.engine.question import read_question
from omaha_eval.engine.spot import prepare
from omaha_eval.errors import OmahaEvalError
from omaha_eval.reports import rows as row_figures

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from omaha_eval.engine.question import Question
    from omaha_eval.engine.spot import Spot
    from omaha_eval.reports.report import BoardReport

__all__ = ["CHUNKS_PER_WORKER", "rows_task", "run_rows"]

CHUNKS_PER_WORKER = 4  # tasks per worker: enough to balance, few enough to ship ranges rarely


@dataclass(frozen=True)
class _Rows:
    """What a chunk hands back (batch calls its ``to_dict``)."""

    rows: list[int]
    figures: list[row_figures.RowFigures]

    def to_dict(self) -> dict[str, Any]:
        return {"rows": self.rows, "figures": self.figures}


def _player_value(p: Any) -> Any:
    """A player as the task carries it: a hand's text, '*', or (combos, weights)."""
    if p.kind == "range":
        return (p.combos, p.weights)
    return p.label if p.kind == "random" else p.combos[0].tolist()


@dataclass(frozen=True)
class Chunk:
    """Rows of one task: the known board's text, the row numbers and their
    new cards.  It travels as the batch spot's board (batch passes the
    board through to the task's function untouched)."""

    known: str
    numbers: tuple[int, ...]
    news: tuple[tuple[int, ...], ...]


def rows_task(players: list[Any], board: Chunk, dead: str, *, trials: int | None,
              exact: bool | None, seed: int, threads: int | None, target_stderr: float | None,
              game: str, hole_cards: int | None, strict: bool = False, stop: Any = None
              ) -> _Rows:  # fmt: skip
    """Run one chunk of rows: batch's "equity function" for a task (its
    arguments are those batch passes; `threads` is ignored: a row runs on
    one thread, the executor's workers run the chunks)."""
    q = read_question(players, board.known, dead, game=game, hole_cards=hole_cards,
                      board_sizes=range(5), patterns=False)  # fmt: skip
    plan = Plan(bool(exact), trials or 1, target_stderr, None if exact else seed, 1, stop)
    spot = prepare(q.players, q.k, q.board, q.dead, q.game)  # type: ignore[arg-type]
    base = row_figures.RowBase(q.players, spot)
    out = []
    for row, new in zip(board.numbers, board.news, strict=True):
        try:
            fig = row_figures.engine_row(base, np.asarray(new, np.uint8), plan.part(row, stop))
        except OmahaEvalError:  # the input is checked: no deal fits this board (probability 0)
            fig = row_figures.nan_row(len(q.players))
        out.append(fig)
    return _Rows(list(board.numbers), out)


def run_rows(report: Any, question: Question, spot: Spot, plan: Plan,
             reps: Any, todo: Any, workers: int, kind: str, client: Any,
             progress: Callable[[BoardReport], object] | None) -> None:  # fmt: skip
    """Every row of `todo` on the executor (`kind` "thread" or "process" with
    `workers` workers, or "dask" on `client`), each chunk's rows added to
    `report` as they come.  KeyboardInterrupt (Ctrl-C, or the plan's stop
    set) after the rows that came."""
    rows = [int(r) for r in todo]
    size = max(1, -(-len(rows) // (CHUNKS_PER_WORKER * max(workers, 1))))
    players = tuple(_player_value(p) for p in question.players)
    tasks = []
    for i in range(0, len(rows), size):
        numbers = tuple(rows[i : i + size])
        chunk = Chunk(report.board_known, numbers, tuple(tuple(int(c) for c in reps[r])
                                                         for r in numbers))  # fmt: skip
        spot_ = BatchSpot(id=str(i), players=players, board=chunk, dead=report.dead_text,  # type: ignore[arg-type]
                          trials=plan.trials, exact=plan.exact, seed=plan.seed or 0,
                          target_stderr=plan.target_stderr, game=question.game.name,
                          hole_cards=question.k)  # fmt: skip
        tasks.append(Task(spot_, rows_task, 1))
    stop = plan.stop
    results = execute(tasks, workers, client, kind)
    try:
        for result in results:
            record = result.record
            if record["status"] == "error":
                raise OmahaEvalError(record["error"])
            if record["status"] != "ok":
                continue
            for row, fig in zip(record["rows"], record["figures"], strict=True):
                report.add(row, fig)
            report.maybe_progress(progress)
            if stop is not None and stop.is_set():
                raise KeyboardInterrupt
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
