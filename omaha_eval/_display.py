"""How the array results show themselves (StreetShares, EquityDistribution,
EquityFeatures, ManyEquity, HandClasses): ``str()`` is a summary line and a
table of the first and last rows, never every row (the way pandas shows a
long frame); ``_repr_html_`` the same cells as an HTML table
(engine/report.py's html_table); ``to_pandas()`` every row, with pandas
imported only then (omaha_eval does not install it)."""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np

from omaha_eval import extras
from omaha_eval._reprs import short_repr
from omaha_eval.engine.report import aligned, html_table, pct

SHOWN = 5  # rows shown at each end of a long table

Row = Callable[[int], list[str]]


def share(x: float) -> str:
    """A fraction as a table shows it (NaN: no deal, shown as n/a)."""
    return "n/a" if not np.isfinite(x) else pct(x)


def _shown(n: int) -> list[int | None]:
    """The rows a table shows: all of up to 2 * SHOWN, else the first and
    last SHOWN with None where the others are left out."""
    if n <= 2 * SHOWN:
        return list(range(n))
    return [*range(SHOWN), None, *range(n - SHOWN, n)]


def _cells(header: Sequence[str], row: Row, n: int) -> list[list[str]]:
    return [row(i) if i is not None else ["...", *[""] * (len(header) - 1)] for i in _shown(n)]


def _left_out(n: int, what: str) -> list[str]:
    if n <= 2 * SHOWN:
        return []
    return [f"{n - 2 * SHOWN:,} more {what} not shown (to_pandas() has every row)"]


def text(summary: Sequence[str], header: list[str], row: Row, n: int, what: str) -> str:
    """The summary lines, then the table of at most 2 * SHOWN + 1 rows."""
    return "\n".join([*summary, "", *aligned(header, _cells(header, row, n)), *_left_out(n, what)])


def html_text(
    kind: str, summary: Sequence[str], header: list[str], row: Row, n: int, what: str
) -> str:
    """`text` as HTML: the summary as paragraphs, the cells in a <table>."""
    paragraphs = [f"<p>{html.escape(line)}</p>" for line in summary]
    tail = [f"<p>{html.escape(line)}</p>" for line in _left_out(n, what)]
    return "\n".join([*paragraphs, html_table(kind, header, _cells(header, row, n)), *tail])


def frame(owner: str, columns: dict[str, Any], attrs: dict[str, Any] | None = None) -> Any:
    """A pandas DataFrame of `columns` (name -> values, every row), with
    ``attrs``; a clear ImportError without pandas."""
    try:  # imported by name: pandas ships no type stubs for mypy
        pandas = importlib.import_module("pandas")
    except ImportError:
        raise ImportError(
            f"{owner}.to_pandas() needs pandas, which is not installed: "
            f"{extras.install_hint('pandas')}"
        ) from None
    result = pandas.DataFrame(columns)
    result.attrs.update(attrs or {})
    return result


class RowsShown:
    """What an array result shows of itself, from its ``_table_parts()``
    (summary lines, header, a row's cells, the row count): ``str()`` (the
    summary and the first and last rows: `text`), ``_repr_html_`` (the
    same in HTML, with the CSS class `_html_kind`) and ``repr()``
    (short_repr).  `_rows_word` names its rows.  A dataclass that shows
    itself so is declared with ``repr=False`` (else its own repr wins)."""

    _rows_word: ClassVar[str]
    _html_kind: ClassVar[str]

    def _table_parts(self) -> tuple[list[str], list[str], Row, int]:
        raise NotImplementedError

    def __str__(self) -> str:
        """A summary line and the first and last rows' figures (never every
        row: to_pandas() has them all)."""
        return text(*self._table_parts(), self._rows_word)

    def _repr_html_(self) -> str:
        """The same as an HTML table, for notebooks."""
        return html_text(self._html_kind, *self._table_parts(), self._rows_word)

    def __repr__(self) -> str:
        """The arrays by shape and dtype (``str()``: the figures)."""
        return short_repr(self)
