"""Reports of many rows as columns: the table a report's rows make (a name
per column, a value per row), and its JSON and CSV forms.

A report of many rows written row by row repeats every name in every row
(a flop report: 1,755 rows of nested objects); column-wise it names each
column once: ``{"columns": [names], "rows": n, "data": {name: [values]}}``
beside the run's description.  The same table is what ``--where``,
``--sort`` and ``--top`` choose rows from (study/table/select.py).

Nothing here knows a view: each view makes its own columns (a board
report's: study/boards/columns.py) and these write and read them.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval._documents import listed, mapping, needs, texts, whole
from omaha_eval.errors import OmahaEvalError
from omaha_eval.records import json_ready

__all__ = [
    "JSON_DIGITS",
    "MAX_DOCUMENT_ROWS",
    "STDERR_DIGITS",
    "Table",
    "column_key",
    "columns_csv",
    "columns_document",
    "columns_json",
    "document_columns",
    "figure_quantum",
    "rounded_figure",
    "take_rows",
]

Table = dict[str, Any]  # column name -> a list or an array, one value per row
# Significant digits of an exact figure (and any number without a standard
# error) in the JSON: beyond any figure's use (an exact figure is a ratio of
# deal counts), and half the length of a float's full repr.
JSON_DIGITS = 9
STDERR = "_stderr"  # a figure's standard error: its column's name and this
# The most rows a column-wise document may say it has: far past any view's
# (every flop: 22,100), so that a few bytes cannot ask for gigabytes.
MAX_DOCUMENT_ROWS = 1 << 20


def document_columns(document: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The columns of a column-wise document (study/table/columns.py's
    ``columns_document``; parsed JSON too), every one a value per row
    again, in order (``same`` and ``copies`` spread out).  A key it needs
    that is missing, or that holds what it cannot (a column of another
    length than ``rows``), is named."""
    needs(document, ("columns", "rows", "same", "data"), "data")
    rows = whole(document["rows"], "data['rows']", 0, MAX_DOCUMENT_ROWS)
    same = mapping(document["same"], "data['same']")
    data = mapping(document["data"], "data['data']")
    copies = mapping(document.get("copies", {}), "data['copies']")
    columns = {}
    for name in texts(document["columns"], "data['columns']"):
        source = copies.get(name)
        key = name if name in data or not isinstance(source, str) else source
        if key in data:
            columns[name] = list(listed(data[key], f"data['data'][{key!r}]", rows))
        elif name in same:
            columns[name] = [same[name]] * rows
        else:
            raise OmahaEvalError(f"column {name} has no values", param="data['data']", value=name)
    return columns


def column_key(document: Mapping[str, Any], name: str) -> str:
    """The key under which document_columns found the values of column
    `name` of a column-wise document (``data['data']['p1_scoop']``; a copy:
    its source's; one value for every row: ``data['same'][...]``), for an
    error about them."""
    data, copies = document["data"], document.get("copies", {})
    source = copies.get(name) if isinstance(copies, Mapping) else None
    key = name if name in data or not isinstance(source, str) else source
    return f"data['data'][{key!r}]" if key in data else f"data['same'][{name!r}]"


def _plain(values: Any) -> list[Any]:
    """A column as JSON-ready Python values (NaN and infinities: None)."""
    if isinstance(values, np.ndarray):
        values = values.tolist()
    return [json_ready(v) if isinstance(v, float) else v for v in values]


def take_rows(table: Mapping[str, Any], rows: npt.NDArray[np.intp]) -> Table:
    """The table's chosen rows, in that order."""
    out: Table = {}
    for name, values in table.items():
        if isinstance(values, np.ndarray):
            out[name] = values[rows]
        else:
            out[name] = [values[int(i)] for i in rows]
    return out


def _number(value: Any, digits: int | None) -> Any:
    if isinstance(value, float) and digits is None:
        return value if math.isfinite(value) else None
    if isinstance(value, float):
        return float(f"{value:.{digits}g}") if math.isfinite(value) else None
    return value


# The digits a JSON document writes (the rule, here alone; docs/boards.md
# says it in words):
# - a sampled figure (its standard error s > 0) is rounded to the decade
#   below a tenth of s, 10 ** floor(log10(s / 10)): it moves by at most half
#   of that, under a twentieth of s (0.45231 with s = 0.0051: 0.4523);
# - a standard error is written to two significant digits (STDERR_DIGITS);
# - an exact figure (s = 0, or no error beside it) and any other number to
#   JSON_DIGITS significant digits.
STDERR_DIGITS = 2


def figure_quantum(stderr: float) -> float:
    """The decade a sampled figure with standard error `stderr` (> 0) is
    rounded to: the decade below a tenth of the error."""
    return 10.0 ** math.floor(math.log10(stderr / 10))


def rounded_figure(value: float, stderr: float) -> float:
    """A sampled figure to the digits its standard error justifies (the
    rule above): never further than stderr / 20 from `value`."""
    if not (math.isfinite(value) and math.isfinite(stderr) and stderr > 0):
        return value
    decimals = -math.floor(math.log10(stderr / 10))
    return round(value, decimals)


def _to_error(values: list[Any], errors: list[Any], digits: int) -> list[Any]:
    """Each figure of a column rounded by its row's standard error (a figure
    with no error, or an error of 0: exact, to `digits` significant digits)."""
    return [
        rounded_figure(v, e)
        if isinstance(v, float) and isinstance(e, float) and math.isfinite(v + e) and e > 0
        else _number(v, digits)
        for v, e in zip(values, errors, strict=True)
    ]


def columns_document(
    table: Mapping[str, Any],
    *,
    digits: int | None = JSON_DIGITS,
    copies: bool = False,
    **run: Any,
) -> dict[str, Any]:
    """JSON-ready column-wise data: the `run` items (the report's
    description), then ``columns`` (every name, in order), ``rows`` (how
    many), ``same`` (name -> the value of a column that holds one value on
    every row: written once) and ``data`` (name -> its values, one per
    row, for the other columns); with `copies`, also ``copies`` (name ->
    the name of an earlier column of ``data`` it equals value for value:
    written once, under that name).

    Numbers are written by the rule above: `digits` significant digits, a
    column NAME with a column NAME_stderr beside it rounded row by row to
    the decade below a tenth of that error, the error to two significant
    digits (None for NaN).  `digits` None writes every number as it is
    (a document read back exactly)."""
    lengths = {len(v) for v in table.values()}
    rows = lengths.pop() if lengths else 0
    raw = {name: _plain(values) for name, values in table.items()}

    def written(name: str) -> list[Any]:  # each column by its one rule, once
        column = raw[name]
        if digits is not None and name.endswith(STDERR):
            return [_number(v, STDERR_DIGITS) for v in column]
        if digits is not None and name + STDERR in raw:
            return _to_error(column, raw[name + STDERR], digits)
        return [_number(v, digits) for v in column]

    plain = {name: written(name) for name in raw}
    same: dict[str, Any] = {}
    data: dict[str, Any] = {}
    copied: dict[str, str] = {}
    first: dict[str, str] = {}  # a column's JSON text -> the first column written so
    for name, column in plain.items():
        if rows > 1 and all(v == column[0] for v in column):
            same[name] = column[0]
            continue
        if copies:
            text = json.dumps(column, allow_nan=False)
            if text in first:
                copied[name] = first[text]
                continue
            first[text] = name
        data[name] = column
    return {
        **{k: json_ready(v) for k, v in run.items()},
        "columns": list(table),
        "rows": rows,
        "same": same,
        **({"copies": copied} if copies else {}),
        "data": data,
    }


def columns_csv(table: Mapping[str, Any]) -> str:
    """A CSV header of the column names and a line per row (a missing
    number: an empty cell)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(list(table))
    columns = [_plain(values) for values in table.values()]
    for row in zip(*columns, strict=True):
        writer.writerow(["" if v is None else v for v in row])
    return out.getvalue()


def columns_json(table: Mapping[str, Any], *, digits: int | None = JSON_DIGITS, **run: Any) -> str:
    """columns_document as strict JSON text (null, never NaN), without the
    spaces after separators, a column equal to an earlier one written once
    (``copies``): the JSON of the commands' ``--json``."""
    document = columns_document(table, digits=digits, copies=True, **run)
    return json.dumps(
        json_ready(document), ensure_ascii=False, allow_nan=False, separators=(",", ":")
    )
