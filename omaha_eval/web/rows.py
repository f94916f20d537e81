"""The rows a page asks for of a board report: grouped by a texture, and
chosen by a filter, a sort and a count (``group``, ``where``, ``sort``,
``top``), as ``omaha-eval boards`` chooses them (study/table/select.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from omaha_eval.records import json_ready
from omaha_eval.study.boards.columns import (
    board_columns,
    board_prototype,
    column_name,
    with_player_aliases,
)
from omaha_eval.study.boards.report import BoardReport
from omaha_eval.study.table.columns import take_rows
from omaha_eval.study.table.select import RowSelection, read_selection
from omaha_eval.study.table.textures import GROUPINGS
from omaha_eval.web.bodies import ApiError, Body

__all__ = ["MAX_ROWS", "RowChoice", "read_row_choice"]

MAX_ROWS = 25_000  # rows a request may ask for (a flop report of two hands: 13,244)


@dataclass(frozen=True)
class RowChoice:
    group: str | None
    selection: RowSelection

    def apply(self, report: BoardReport) -> dict[str, Any]:
        """The report's dict (BoardReport.to_dict()) with only the chosen
        rows, in their order, and ``rows_shown``, ``rows_all``,
        ``grouped_by`` and ``read``: the columns the filter and the sort
        read (by their names in the table: ``scoop`` is ``p1_scoop``), a
        value per chosen row, for the page to show beside its own."""
        shown = report.group(self.group) if self.group and len(report) else report
        columns = board_columns(shown)
        table = with_player_aliases(columns)
        rows = self.selection.rows(table)
        data = shown.to_dict(
            groups=None if shown.labels is not None else "texture", rows=rows.tolist()
        )
        data["rows_shown"], data["rows_all"] = len(rows), len(shown)
        read = take_rows({n: table[n] for n in self.selection.columns}, rows)
        data["read"] = {
            column_name(n, columns): json_ready(np.asarray(v).tolist()) for n, v in read.items()
        }
        return data


def read_row_choice(body: Body, players: int) -> RowChoice:
    """The request's group, where, sort and top, checked against the
    columns a report of so many players has (422 before the run)."""
    group = body.text("group") or None
    where = body.text("where") or None
    sort = body.text("sort") or None
    top = body.whole("top", 1, MAX_ROWS)
    if group is not None and group not in GROUPINGS:
        raise ApiError(f"group: expected one of {', '.join(GROUPINGS)}, got {group!r}", "group")
    prototype = with_player_aliases(board_prototype(players, group is not None))
    return RowChoice(group, read_selection(prototype, where=where, sort=sort, top=top))
