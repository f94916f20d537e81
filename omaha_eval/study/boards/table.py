"""The readable table of a board report, as text and as HTML: what
``omaha-eval boards`` prints and ``str(report)``."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from omaha_eval.engine.report import aligned, html_table, pct, shown_text
from omaha_eval.games import game as read_game

__all__ = ["SHOWN_ROWS", "grid_names", "heading", "report_html", "report_table", "rows_grid"]

# Rows shown at each end of a long report (the top and the bottom by equity).
SHOWN_ROWS = 10


class ShownReport(Protocol):
    """What the tables read of a report (reports/report.BoardReport, which
    shows itself with these tables: this module does not import it; read-only,
    as a frozen report's fields are)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def game(self) -> str: ...

    @property
    def board(self) -> str: ...

    @property
    def dead(self) -> str: ...

    @property
    def boards(self) -> npt.NDArray[np.int64]: ...

    @property
    def probability(self) -> npt.NDArray[np.float64]: ...

    @property
    def stderr(self) -> npt.NDArray[np.float64]: ...

    @property
    def trials(self) -> npt.NDArray[np.int64]: ...

    @property
    def method(self) -> str: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def total_rows(self) -> int: ...

    @property
    def interrupted(self) -> bool: ...

    @property
    def elapsed(self) -> float: ...

    @property
    def notes(self) -> tuple[str, ...]: ...

    @property
    def labels(self) -> tuple[str, ...] | None: ...

    def __len__(self) -> int: ...

    @property
    def board_texts(self) -> list[str]: ...

    def figure(self, name: str, player: int = 0) -> npt.NDArray[np.float64]: ...

    def group(self, by: Any = "texture") -> ShownReport: ...


def _columns(report: ShownReport) -> list[tuple[str, str, int | None]]:
    """(header, figure, player) of the table's figure columns."""
    has_low = read_game(report.game).has_low
    cols: list[tuple[str, str, int | None]] = []
    for i in range(len(report.players)):
        tag = f"p{i + 1} "
        cols += [(tag + "equity", "equity", i), (tag + "scoop", "scoop", i)]
        if has_low and i == 0:
            cols.append((tag + "lo share", "lo_share", i))
    if has_low:
        cols += [("low split", "low_split", None), ("no low", "no_low", None)]
    return cols


def grid_names(report: ShownReport) -> list[str]:
    """The table's column names (study/boards/columns.py's) of the grid's
    columns, in order."""
    names = ["board", "boards", "probability"]
    return names + [
        name if player is None else f"p{player + 1}_{name}" for _, name, player in _columns(report)
    ]


def rows_grid(
    report: ShownReport,
    order: list[int] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> tuple[list[str], list[list[str]]]:
    """The header and the cells of rows `order` (default: all), then a
    column for each of `extra` (a name and its values, a value per row of
    the report) that the grid does not show already: a column a filter or
    a sort reads is seen beside the rows it chose."""
    cols = _columns(report)
    first = "group" if report.labels is not None else "board"
    header = [first, "boards", "probability", *(c[0] for c in cols)]
    added = {k: v for k, v in (extra or {}).items() if k not in grid_names(report)}
    header += list(added)
    rows = []
    for r in order if order is not None else range(len(report)):
        cells = [
            report.board_texts[r],
            f"{int(report.boards[r]):,}",
            pct(float(report.probability[r])),
        ]
        for _, name, player in cols:
            value = report.figure(name, player or 0)[r]
            cells.append(pct(float(value)) if np.isfinite(value) else "-")
        cells += [_cell(values[r]) for values in added.values()]
        rows.append(cells)
    return header, rows


def _cell(value: Any) -> str:
    """A column's value as the grid shows it: a figure (a fraction) as a
    percentage, a count with separators, anything else as its text."""
    if isinstance(value, (bool, np.bool_, str)):
        return str(value)
    if isinstance(value, (int, np.integer)):
        return f"{int(value):,}"
    number = float(value)
    return pct(number) if np.isfinite(number) else "-"


def heading(report: ShownReport) -> list[str]:
    who = " vs ".join(shown_text(p) for p in report.players)
    where = f"board {report.board or '(none)'}" + (f", dead {report.dead}" if report.dead else "")
    what = f"{len(report):,} {'groups' if report.labels is not None else 'rows'}"
    boards = int(report.boards.sum())
    detail = f"{report.game}, {where}: {report.method}, {what} ({boards:,} boards)"
    if report.method != "exact" and len(report):
        detail += f", seed {report.seed}, {int(report.trials.sum()):,} trials"
        detail += f", largest equity error {100 * float(report.stderr[:, :, 0].max()):.3f}%"
    detail += f", {report.elapsed:.2f} s"
    lines = [who, detail]
    if report.interrupted:
        lines.append(f"INTERRUPTED: {len(report):,} of {report.total_rows:,} rows")
    lines += [f"note: {n}" for n in report.notes]
    return lines


def _sections(report: ShownReport) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, header, rows) of each table of the report."""
    if not len(report):
        return []
    if report.labels is not None:  # groups: in their order (most likely first), as --group
        return [("", *rows_grid(report))]
    if len(report) <= 2 * SHOWN_ROWS:
        order = np.argsort(-report.figure("equity", 0), kind="stable").tolist()
        return [("", *rows_grid(report, order))]
    order = np.argsort(-report.figure("equity", 0), kind="stable").tolist()
    top = order[:SHOWN_ROWS]
    bottom = order[-SHOWN_ROWS:]
    return [
        (f"top {SHOWN_ROWS} by p1 equity", *rows_grid(report, top)),
        (f"bottom {SHOWN_ROWS} by p1 equity", *rows_grid(report, bottom)),
        ("by texture", *rows_grid(report.group("texture"))),
    ]


def report_table(report: ShownReport) -> str:
    """The heading, then the top and bottom rows and the texture groups (a
    short or grouped report: every row)."""
    lines = heading(report)
    for title, header, rows in _sections(report):
        lines += ["", *([title] if title else []), *aligned(header, rows)]
    return "\n".join(lines)


def report_html(report: ShownReport) -> str:
    """report_table as HTML, every text escaped."""
    parts = [f"<p>{html.escape(line)}</p>" for line in heading(report)]
    for title, header, rows in _sections(report):
        if title:
            parts.append(f"<h4>{html.escape(title)}</h4>")
        parts.append(html_table("omaha-eval-boards", header, rows))
    return "\n".join(parts)
