"""POST /api/hits: what a range makes (omaha_eval.range_hits), for the
Hits page; the rows of every flop chosen as the command line chooses them
(--where, --sort, --top: omaha_eval/study/table/select.py)."""

from __future__ import annotations

from typing import Any

from omaha_eval.games import game
from omaha_eval.study.hits import column_prototype, range_hits
from omaha_eval.study.table.columns import columns_document, take_rows
from omaha_eval.study.table.select import read_selection
from omaha_eval.study.table.textures import GROUPINGS
from omaha_eval.web.bodies import ApiError, Body

__all__ = ["MAX_ROWS", "hits_answer"]

MAX_ROWS = 25_000  # rows a request may ask for (every flop: 1,755)


def hits_answer(body: Body) -> dict[str, Any]:
    """The shares of every class (one board: one row; none: a row per flop
    or per group), the run and the chosen rows column by column, as
    ``omaha-eval hits --json`` writes them, with ``rows_total``."""
    text = body.text("range")
    board, dead = body.text("board"), body.text("dead")
    name = body.text("game") or "omaha8"
    group = body.text("group") or None
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
    the_game = game(name)
    # the texts are read once, before the work
    selection = read_selection(
        column_prototype(the_game.has_low, group is not None), where=where, sort=sort, top=top
    )
    found = range_hits(text, board, dead, game=the_game.name, by=group)
    table = found.columns()
    rows = selection.rows(table)
    run = found.to_dict()
    for key in ("columns", "rows", "same", "data"):
        run.pop(key)
    return {**columns_document(take_rows(table, rows), **run), "rows_total": len(found)}
