"""Board report rows on the one executor (engine/executor.py): local
threads or processes, or a Dask cluster.  Rows go in chunks, each a part
(`RowChunk`: the spot as its inputs, the plan's figures and the rows) run
by `rows_task` (a module-level function, so processes and Dask can pickle
it), which runs the rows exactly as board_report does in this process:
the same plan, the same seeds, the same figures.  A chunk's error comes
back as the error itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from omaha_eval.engine.plan import Plan
from omaha_eval.engine.question import read_question
from omaha_eval.engine.spot import prepare
from omaha_eval.errors import OmahaEvalError
from omaha_eval.study.boards import rows as row_figures

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from omaha_eval.engine.executor import Executor
    from omaha_eval.engine.question import Question
    from omaha_eval.study.boards.report import BoardReport

__all__ = ["CHUNKS_PER_WORKER", "RowChunk", "rows_task", "run_rows"]

CHUNKS_PER_WORKER = 4  # tasks per worker: enough to balance, few enough to ship ranges rarely


def _player_value(p: Any) -> Any:
    """A player as the chunk carries it: a hand's text, '*', or (combos, weights)."""
    if p.kind == "range":
        return (p.combos, p.weights)
    return p.label if p.kind == "random" else p.combos[0].tolist()


@dataclass(frozen=True)
class RowChunk:
    """Rows of one part: the spot (players as `_player_value` gives them,
    the known board's and the dead cards' text, the game and hole cards),
    the plan's figures, and the row numbers with their new cards."""

    players: tuple[Any, ...]
    known: str
    dead: str
    game: str
    hole_cards: int
    exact: bool
    trials: int | None
    target_stderr: float | None
    seed: int
    numbers: tuple[int, ...]
    news: tuple[tuple[int, ...], ...]


def rows_task(chunk: RowChunk, stop: Any) -> list[row_figures.RowFigures]:
    """Run one chunk of rows on one thread (the executor's workers run the
    chunks): each row's figures, in the chunk's order."""
    q = read_question(
        list(chunk.players),
        chunk.known,
        chunk.dead,
        game=chunk.game,
        hole_cards=chunk.hole_cards,
        board_sizes=range(5),
        patterns=False,
    )
    seed = None if chunk.exact else chunk.seed
    plan = Plan(chunk.exact, chunk.trials or 1, chunk.target_stderr, seed, 1, stop)
    spot = prepare(q.players, q.k, q.board, q.dead, q.game)  # type: ignore[arg-type]
    base = row_figures.RowBase(q.players, spot)
    out = []
    for row, new in zip(chunk.numbers, chunk.news, strict=True):
        try:
            fig = row_figures.engine_row(base, np.asarray(new, np.uint8), plan.part(row, stop))
        except OmahaEvalError:  # the input is checked: no deal fits this board (probability 0)
            fig = row_figures.nan_row(len(q.players))
        out.append(fig)
    return out


def run_rows(
    report: Any,
    question: Question,
    plan: Plan,
    reps: Any,
    todo: Any,
    where: Executor,
    progress: Callable[[BoardReport], object] | None,
) -> None:
    """Every row of `todo` on the executor `where`, each chunk's rows added
    to `report` as they come.  A chunk's error is raised here as it was
    raised in the chunk.  KeyboardInterrupt (Ctrl-C, or the plan's stop
    set) after the rows that came."""
    rows = [int(r) for r in todo]
    size = max(1, -(-len(rows) // (CHUNKS_PER_WORKER * max(where.workers, 1))))
    players = tuple(_player_value(p) for p in question.players)
    chunks = []
    for i in range(0, len(rows), size):
        numbers = tuple(rows[i : i + size])
        news = tuple(tuple(int(c) for c in reps[r]) for r in numbers)
        chunk = RowChunk(
            players,
            report.board_known,
            report.dead_text,
            question.game.name,
            question.k,
            plan.exact,
            plan.trials,
            plan.target_stderr,
            plan.seed or 0,
            numbers,
            news,
        )
        chunks.append(chunk)
    stop = plan.stop
    results = where.run(rows_task, chunks)
    try:
        for done in results:
            for row, fig in zip(chunks[done.index].numbers, done.get(), strict=True):
                report.add(row, fig)
            report.maybe_progress(progress)
            if stop is not None and stop.is_set():
                raise KeyboardInterrupt
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
