"""The table of a query's result, as ``omaha-eval query`` prints it and
``str(result)`` shows it: the statement, a row per column with its value
and standard error, how it was computed and the notes; and the same as
HTML for notebooks.  No click here: the library and the command share it.

The last step of the query engine: parser (syntax.py) -> checker
(check.py) -> plan (plan.py) -> vectorised evaluation (evaluate.py) ->
result (result.py) -> its table (here).  A result is read through what the
table shows of it (Shown), so that result.py's ``str()`` can call here
without this module importing it."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any, Protocol

from omaha_eval.engine.report import aligned, html_table, pct
from omaha_eval.pql.syntax import tokens

__all__ = ["ShownColumn", "ShownResult", "query_cells", "query_html", "query_table"]


class ShownColumn(Protocol):
    """What the table shows of a column (result.Column)."""

    @property
    def name(self) -> str: ...
    @property
    def aggregate(self) -> str: ...
    @property
    def value(self) -> float | dict[str, float] | str | None: ...
    @property
    def percent(self) -> bool: ...
    @property
    def stderr(self) -> float | dict[str, float] | None: ...


class ShownResult(Protocol):
    """What the table shows of a result (result.QueryResult)."""

    @property
    def columns(self) -> Sequence[ShownColumn]: ...
    @property
    def trials(self) -> int: ...
    @property
    def kept(self) -> int: ...
    @property
    def method(self) -> str: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def statement(self) -> str: ...
    @property
    def boards(self) -> int: ...
    @property
    def interrupted(self) -> bool: ...
    @property
    def notes(self) -> Sequence[str]: ...


WIDE = 80  # a one-line statement longer than this is shown broken before from and where


def _grid(result: ShownResult) -> tuple[list[str], list[list[str]]]:
    """The table's header and a row per column (a histogram: a row per
    value) with its value and standard error (no error column when none
    has one)."""
    exact = result.method == "exact"
    rows: list[list[str]] = []
    for c in result.columns:
        if c.aggregate == "histogram":
            rows.append([c.name, "" if isinstance(c.value, dict) else _extreme(c.value), ""])
            if isinstance(c.value, dict) and isinstance(c.stderr, dict):
                for label, share in c.value.items():
                    rows.append([f"  {label}", pct(share), _pct_error(c.stderr[label], exact)])
        elif (c.aggregate == "count" or c.percent) and isinstance(c.value, float):
            assert isinstance(c.stderr, float)
            rows.append([c.name, pct(c.value), _pct_error(c.stderr, exact)])
        elif c.aggregate == "avg" and isinstance(c.value, float):
            assert isinstance(c.stderr, float)
            rows.append([c.name, *_number(c.value, c.stderr, exact)])
        else:  # min, max, or nothing kept
            rows.append([c.name, _extreme(c.value), ""])
    header = ["column", "value", "± stderr"]
    if not any(row[2] for row in rows):  # exact, or only min and max: no errors to show
        header, rows = header[:2], [row[:2] for row in rows]
    return header, rows


def _below(result: ShownResult, notes: Sequence[str]) -> list[str]:
    """The lines under the table: how it was computed, the notes, and
    whether Ctrl-C cut it short."""
    lines = [_how(result), *(f"note: {note}" for note in notes)]
    if result.interrupted:
        lines.append("INTERRUPTED: the figures are from the trials run before Ctrl-C")
    return lines


def query_cells(
    result: ShownResult, notes: Sequence[str] | None = None
) -> tuple[list[str], list[list[str]], list[str]]:
    """query_table's parts, for a page to lay out: the header, a row per
    column (a histogram: a row per value; formatted as the table shows
    them) and the lines under the table."""
    header, rows = _grid(result)
    return header, rows, _below(result, result.notes if notes is None else notes)


def query_table(result: ShownResult, notes: Sequence[str] | None = None) -> str:
    """The statement, a row per column (a histogram: a row per value) with
    its value and standard error, how it was computed, and the notes
    (default: the result's)."""
    header, rows = _grid(result)
    shown = result.notes if notes is None else notes
    lines = [*_statement_lines(result.statement), "", *aligned(header, rows), ""]
    return "\n".join([*lines, *_below(result, shown)])


def query_html(result: ShownResult, notes: Sequence[str] | None = None) -> str:
    """query_table as HTML (a notebook's display): the statement as
    preformatted text, the same cells in a <table>, the lines under it as
    paragraphs, every text escaped."""
    header, rows = _grid(result)
    shown = result.notes if notes is None else notes

    statement = "\n".join(_statement_lines(result.statement))
    return "\n".join(
        [
            f"<pre>{html.escape(statement)}</pre>",
            html_table("omaha-eval-query", header, rows, "; white-space: pre"),
            *(f"<p>{html.escape(line)}</p>" for line in _below(result, shown)),
        ]
    )


def _statement_lines(statement: str) -> list[str]:
    """The statement as written; one long line broken before its from and
    where, and a part still too long after a comma or before an and, or."""
    if "\n" in statement or len(statement) <= WIDE:
        return [line.rstrip() for line in statement.splitlines()]
    cuts, soft, depth = [0], [], 0
    for t in tokens(statement):
        if t.kind == "op" and t.text in "()":
            depth += 1 if t.text == "(" else -1
        elif t.kind == "op" and t.text == "," and depth == 0:
            soft.append(t.at + 1)
        elif t.kind == "name" and t.text.lower() in ("and", "or") and depth == 0:
            soft.append(t.at)
        elif t.kind == "name" and t.text.lower() in ("from", "where"):
            cuts.append(t.at)
    cuts.append(len(statement))
    lines = []
    for start, end in pairwise(cuts):
        indent = "" if start == 0 else "  "
        line = indent
        pieces = [start, *(c for c in soft if start < c < end), end]
        for a, b in pairwise(pieces):
            piece = statement[a:b].strip()
            if len(line) + len(piece) >= WIDE and line.strip():
                lines.append(line.rstrip())
                line = indent + "    "
            line += piece + " "
        lines.append(line.rstrip())
    return lines


def _how(result: ShownResult) -> str:
    """Exact or Monte Carlo, over how many deals, kept how often, the seed."""
    what = ("deal" if result.method == "exact" else "trial") + ("" if result.trials == 1 else "s")
    line = f"{result.method}, {result.trials:,} {what}"
    if result.boards > 1:
        line += f" over {result.boards:,} boards"
    if result.kept != result.trials:
        line += f", {result.kept:,} kept"
        # a share of the trials drawn estimates how often the where holds;
        # exact deals are weighted, so a share of their count would not
        if result.method != "exact" and result.boards == 1 and result.trials:
            line += f" ({pct(result.kept / result.trials)})"
    if result.method != "exact":
        line += f", seed {result.seed}"
    return line + f", {result.elapsed:.3f} s"


def _pct_error(stderr: float, exact: bool) -> str:
    if exact:
        return ""
    return f"± {100 * stderr:.3f}%" if math.isfinite(stderr) else "± n/a"


def _number(value: float, stderr: float, exact: bool) -> tuple[str, str]:
    """An average and its error, to two significant digits of the error."""
    if exact or not math.isfinite(stderr):
        return f"{value:.6g}", "" if exact else "± n/a"
    digits = 2 if stderr == 0 else max(0, min(8, 1 - math.floor(math.log10(stderr))))
    return f"{value:.{digits}f}", f"± {stderr:.{digits}f}"


def _extreme(value: Any) -> str:
    """A min or max: a number, a label, or "-" when nothing was kept."""
    if isinstance(value, float):
        return f"{value:.6g}"
    return "-" if value is None else str(value)
