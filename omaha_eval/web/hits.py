"""POST /api/hits: what a range makes (omaha_eval.range_hits), for the
Hits page; the rows of every flop chosen as the command line chooses them
(--where, --sort, --top: omaha_eval/study/table/select.py) and the columns
its table shows (--show).  Read and checked here (prepare_range_hits, its
work estimated), run as a job by api.py: every flop in the long lane, one
board in the lane its work calls for."""

from __future__ import annotations

import math
import threading
from typing import Any

from omaha_eval.games import game
from omaha_eval.study.hits import (
    column_prototype,
    prepare_range_hits,
    read_show,
    shown_columns,
)
from omaha_eval.study.table.columns import columns_document, take_rows
from omaha_eval.study.table.select import read_selection
from omaha_eval.study.table.textures import GROUPINGS
from omaha_eval.web.bodies import ApiError, Body
from omaha_eval.web.jobs import Progress
from omaha_eval.web.work import Prepared, field

__all__ = ["MAX_ROWS", "prepare_hits"]

MAX_ROWS = 25_000  # rows a request may ask for (every flop: 1,755)


def prepare_hits(body: Body, stop: threading.Event) -> Prepared:
    """The request read (range, board, dead, game, group, show, where, sort,
    top), the run prepared (422 before any work) and its work: one board
    priced by its hands, every flop always the long lane.  The run answers
    the shares of every class (one board: one row; none: a row per flop or
    per group), the run and the chosen rows column by column as
    ``omaha-eval hits --json`` writes them, with ``rows_total`` and
    ``shown`` (the columns a table of many rows shows: --show's classes,
    then those the rows are chosen by)."""
    text = body.text("range")
    board, dead = body.text("board"), body.text("dead")
    name = body.text("game") or "omaha8"
    group = body.text("group") or None
    show = body.text("show") or None
    where = body.text("where") or None
    sort = body.text("sort") or None
    top = body.whole("top", 1, MAX_ROWS)
    body.done()
    if not text.strip():
        raise ApiError("range: a range is needed, such as '15%' or 'A2**'", "range")
    if group is not None and group not in GROUPINGS:
        raise ApiError(f"group: expected one of {', '.join(GROUPINGS)}, got {group!r}", "group")
    if group is not None and board.strip():
        raise ApiError("group: the rows of every flop are grouped; give no board", "group")
    with field("game"):
        the_game = game(name)
    # the texts are read once, before the work
    selection = read_selection(
        column_prototype(the_game.has_low, group is not None), where=where, sort=sort, top=top
    )
    groups = read_show(show, the_game.has_low)
    prepared = prepare_range_hits(text, board, dead, game=the_game.name, by=group, stop=stop)

    def run(progress: Progress) -> dict[str, Any]:
        found = prepared.run(lambda done, total: progress({"done": done, "total": total}))
        table = found.columns()
        rows = selection.rows(table)
        document = found.to_dict()
        for key in ("columns", "rows", "same", "data"):
            document.pop(key)
        return {
            **columns_document(take_rows(table, rows), **document),
            "rows_total": len(found),
            "shown": shown_columns(found.classes, groups, selection),
        }

    return Prepared(run, prepared.work if len(prepared.spot.board) else math.inf)
