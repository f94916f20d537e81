"""Choosing rows of a report: ``--where`` (a filter), ``--sort`` (an
order) and ``--top N`` (the first N), on any table of named columns.

A table is a mapping of column name -> one value per row (a list or a
NumPy array): numbers (figures, probabilities, counts), text (a board, a
texture's name) or true/false (a texture such as ``flush_possible``).
Nothing here knows which columns a report has: the report (or the command)
gives them, so a figure added to a report can be filtered and sorted on at
once.

``where`` (docs/boards.md, "Choosing rows") is comparisons joined by
``and`` (or a comma), ``or`` and ``not``, with parentheses:

- ``NAME OP VALUE``, OP one of ``= == != <> < <= > >=``, and ``~`` (text
  that contains VALUE); a number may end in ``%`` (``scoop>50%`` is
  ``scoop>0.5``); text is a word or quoted (``pairing="two pair"``); text
  compares without regard to case;
- a true/false column alone (``flush_possible``, ``not low_possible``) or
  compared with ``true``/``false``.

A row whose number is missing (None or NaN) passes no comparison.

``sort``: column names separated by commas, each optionally followed by
``asc`` or ``desc``; numbers sort highest first and text A to Z unless told.
Ties keep the rows' order.

>>> table = {"board": ["AhKh7c", "2c3d4h", "9s9d2c"], "scoop": [0.2, 0.6, 0.4],
...          "pairing": ["unpaired", "unpaired", "paired"]}
>>> select_rows(table, where="scoop>30%", sort="scoop").tolist()
[1, 2]
>>> select_rows(table, where="pairing=unpaired or scoop<0.3", top=1).tolist()
[0]

Bad text raises OmahaEvalError naming the parameter (``where``, ``sort``,
``top``; the command line shows its flag) with the column and the text
with a caret under the bad spot, as range and query errors do.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval._range_parse import MAX_DEPTH, syntax_error
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.study.table.columns import STDERR

__all__ = [
    "OPERATORS",
    "Column",
    "RowFilter",
    "RowOrder",
    "RowSelection",
    "check_top",
    "column_kinds",
    "parse_sort",
    "parse_where",
    "read_selection",
    "select_rows",
]

OPERATORS = ("=", "==", "!=", "<>", "<", "<=", ">", ">=", "~")
MAX_TEXT = 2_000  # characters of --where or --sort text: far beyond any real filter
_TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<op>==|!=|<>|<=|>=|[=<>~(),])
      | (?P<string>'[^']*'|"[^"]*")
      | (?P<word>[A-Za-z0-9_.+\-%]+)""",
    re.VERBOSE,
)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?%?\Z")
_TRUE, _FALSE = ("true", "yes"), ("false", "no")
BoolArray = npt.NDArray[np.bool_]
Table = Mapping[str, Any]


@dataclass(frozen=True)
class Column:
    """A column ready for comparing: ``kind`` is "number", "text" or "bool"
    (or "any": no rows, so any comparison); ``values`` float64 (NaN for a
    missing number), str or bool."""

    kind: str
    values: npt.NDArray[Any]


def _column(name: str, values: Any) -> Column:
    array = np.asarray(values)
    if array.size == 0:
        return Column("any", np.zeros(0, dtype=np.bool_))
    if array.dtype == np.bool_:
        return Column("bool", array)
    if array.dtype.kind in "iuf":
        return Column("number", array.astype(np.float64))
    items = list(array.tolist()) if array.ndim else []
    if items and all(isinstance(v, bool) for v in items):
        return Column("bool", np.array(items, dtype=np.bool_))
    if all(v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)) for v in items):
        floats = [math.nan if v is None else float(v) for v in items]
        return Column("number", np.array(floats, dtype=np.float64))
    return Column("text", np.array(["" if v is None else str(v) for v in items], dtype=object))


def column_kinds(table: Table) -> dict[str, Column]:
    """Every column of a table as a Column, keyed by its name in lower case."""
    return {name.lower(): _column(name, values) for name, values in table.items()}


@dataclass(frozen=True)
class _Token:
    kind: str  # "op", "string", "word", "end"
    text: str
    at: int


def _tokens(text: str, param: str) -> list[_Token]:
    if not isinstance(text, str):
        raise OmahaEvalTypeError(f"expected text, got {quote(text)}", param=param, value=text)
    if len(text) > MAX_TEXT:
        raise OmahaEvalError(
            f"expected at most {MAX_TEXT:,} characters, got {len(text):,}", param=param, value=text
        )
    out = []
    at = 0
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None:
            raise _error(text, at, f"unexpected {text[at]!r}", param)
        if m.lastgroup != "space":
            kind = m.lastgroup or "word"
            value = m.group()[1:-1] if kind == "string" else m.group()
            out.append(_Token(kind, value, at))
        at = m.end()
    out.append(_Token("end", "", len(text)))
    return out


SUGGESTIONS = 3  # the close names a mistyped column gets ("did you mean")


def _no_column(typed: str, columns: Mapping[str, Any]) -> str:
    """The words for a column name that is not there: the names closest to
    it, then every column (the standard errors said once for all: a
    figure's name and _stderr)."""
    names = [n for n in columns if not n.endswith(STDERR)]
    errors = [n for n in columns if n.endswith(STDERR)]
    close = [repr(n) for n in difflib.get_close_matches(typed.lower(), list(columns), SUGGESTIONS)]
    guess = f" (did you mean {_either(close)}?)" if close else ""
    listed = ", ".join(names)
    if errors:
        listed += f", and {len(errors)} standard errors: a figure's name and {STDERR} ({errors[0]})"
    count = "the column" if len(columns) == 1 else f"the {len(columns)} columns"
    return f"no column {typed!r}{guess}; {count}: {listed}"


def _either(words: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _shown(token: _Token) -> str:
    return "the end" if token.kind == "end" else repr(token.text)


def _error(text: str, at: int, message: str, param: str) -> OmahaEvalError:
    return syntax_error(text, at, message, param, value=text)


# ---------------------------------------------------------------- filters

# A compiled filter: a function of the table's columns giving a row mask.
_Test = Callable[[Mapping[str, Column]], BoolArray]


@dataclass(frozen=True)
class RowFilter:
    """A parsed ``where``: :meth:`mask` gives the rows that pass."""

    text: str
    names: tuple[str, ...]  # the columns it reads
    test: _Test

    def mask(self, table: Table | Mapping[str, Column]) -> BoolArray:
        columns = _as_columns(table)
        return self.test(columns)


def _as_columns(table: Table | Mapping[str, Column]) -> Mapping[str, Column]:
    if all(isinstance(v, Column) for v in table.values()):
        return {k.lower(): v for k, v in table.items()}
    return column_kinds(table)


class _Parser:
    def __init__(self, text: str, columns: Mapping[str, Column], param: str) -> None:
        self.text = text
        self.columns = columns
        self.param = param
        self.tokens = _tokens(text, param)
        self.i = 0
        self.depth = 0  # parentheses and nots open: each level a few Python frames
        self.names: list[str] = []

    def fail(self, token: _Token, message: str) -> OmahaEvalError:
        return _error(self.text, token.at, message, self.param)

    @property
    def token(self) -> _Token:
        return self.tokens[self.i]

    def word(self, *words: str) -> bool:
        t = self.token
        if (t.kind == "word" and t.text.lower() in words) or (t.kind == "op" and t.text in words):
            self.i += 1
            return True
        return False

    def parse(self) -> _Test:
        if self.token.kind == "end":
            raise self.fail(self.token, "expected a comparison such as scoop>0.5, got nothing")
        test = self.or_()
        if self.token.kind != "end":
            raise self.fail(
                self.token, f"expected 'and', 'or' or the end, got {_shown(self.token)}"
            )
        return test

    def or_(self) -> _Test:
        parts = [self.and_()]
        while self.word("or"):
            parts.append(self.and_())
        if len(parts) == 1:
            return parts[0]
        return lambda c: np.logical_or.reduce([p(c) for p in parts])

    def and_(self) -> _Test:
        parts = [self.not_()]
        while self.word("and", ","):
            parts.append(self.not_())
        if len(parts) == 1:
            return parts[0]
        return lambda c: np.logical_and.reduce([p(c) for p in parts])

    def deeper(self, token: _Token) -> None:
        """One more level open at `token`: refused past MAX_DEPTH (a real
        filter nests a few deep; Python's stack is finite)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(token, f"parentheses and nots nested more than {MAX_DEPTH} deep")

    def not_(self) -> _Test:
        t = self.token
        if self.word("not"):
            self.deeper(t)
            inner = self.not_()
            self.depth -= 1
            return lambda c: ~inner(c)
        return self.atom()

    def atom(self) -> _Test:
        t = self.token
        if t.kind == "op" and t.text == "(":
            self.deeper(t)
            self.i += 1
            inner = self.or_()
            if not self.word(")"):
                raise self.fail(self.token, "expected ')'")
            self.depth -= 1
            return inner
        if t.kind != "word" or not _NAME.match(t.text):
            raise self.fail(t, f"expected a column name, got {_shown(t)}")
        name = t.text.lower()
        if name not in self.columns:
            raise self.fail(t, _no_column(t.text, self.columns))
        self.names.append(name)
        self.i += 1
        kind = self.columns[name].kind
        op = self.token
        if op.kind != "op" or op.text not in OPERATORS:
            if kind in ("bool", "any"):
                return lambda c: c[name].values.astype(np.bool_)
            raise self.fail(op, f"expected an operator ({' '.join(OPERATORS)}) after {t.text!r}")
        self.i += 1
        value = self.token
        if value.kind not in ("word", "string"):
            raise self.fail(value, f"expected a value after {op.text!r}")
        self.i += 1
        return self.comparison(name, kind, op, value)

    def comparison(self, name: str, kind: str, op: _Token, value: _Token) -> _Test:
        if kind == "any":
            return lambda c: np.zeros(len(c[name].values), dtype=np.bool_)
        if kind == "number":
            if value.kind != "word" or not _NUMBER.match(value.text):
                raise self.fail(value, f"{name} is a number: expected a number, got {value.text!r}")
            if op.text == "~":
                raise self.fail(op, f"'~' (contains) is for text; {name} is a number")
            number = float(value.text.rstrip("%")) / (100.0 if value.text.endswith("%") else 1.0)
            compare = _NUMBER_OPS[op.text]
            return lambda c: compare(c[name].values, number)
        if kind == "bool":
            word = value.text.lower()
            if word not in (*_TRUE, *_FALSE) or op.text not in ("=", "==", "!=", "<>"):
                raise self.fail(
                    value if op.text in ("=", "==", "!=", "<>") else op,
                    f"{name} is true or false: compare it with =true or =false",
                )
            wanted = (word in _TRUE) != (op.text in ("!=", "<>"))
            return lambda c: c[name].values.astype(np.bool_) == wanted
        if op.text not in ("=", "==", "!=", "<>", "~"):
            raise self.fail(op, f"{name} is text: compare it with =, != or ~ (contains)")
        needle = value.text.lower()
        if op.text == "~":
            return lambda c: np.array(
                [needle in str(v).lower() for v in c[name].values], dtype=np.bool_
            )
        negate = op.text in ("!=", "<>")
        return lambda c: np.array(
            [(str(v).lower() == needle) != negate for v in c[name].values], dtype=np.bool_
        )


def _compare(op: Callable[[Any, float], Any]) -> Callable[[npt.NDArray[Any], float], BoolArray]:
    def apply(values: npt.NDArray[Any], number: float) -> BoolArray:
        with np.errstate(invalid="ignore"):
            result: BoolArray = np.asarray(op(values, number), dtype=np.bool_) & ~np.isnan(values)
        return result

    return apply


_NUMBER_OPS = {
    "=": _compare(np.equal),
    "==": _compare(np.equal),
    "!=": _compare(np.not_equal),
    "<>": _compare(np.not_equal),
    "<": _compare(np.less),
    "<=": _compare(np.less_equal),
    ">": _compare(np.greater),
    ">=": _compare(np.greater_equal),
}


def parse_where(text: str, table: Table | Mapping[str, Column], param: str = "where") -> RowFilter:
    """A ``where`` text read against a table's columns (their names and
    kinds); OmahaEvalError (``param``, the text, a caret) when it is bad."""
    parser = _Parser(text, _as_columns(table), param)
    test = parser.parse()
    return RowFilter(text, tuple(dict.fromkeys(parser.names)), test)


# ----------------------------------------------------------------- orders


@dataclass(frozen=True)
class RowOrder:
    """A parsed ``sort``: (column, descending) keys, the first the main one."""

    text: str
    keys: tuple[tuple[str, bool], ...]

    def order(self, table: Table | Mapping[str, Column]) -> npt.NDArray[np.intp]:
        """The rows' indices in this order (ties keep the rows' order; a
        missing number sorts last)."""
        columns = _as_columns(table)
        lists = []
        for name, descending in reversed(self.keys):  # np.lexsort: last key is the main one
            column = columns[name]
            if column.kind == "text":
                _, ranks = np.unique(
                    np.array([str(v).lower() for v in column.values]), return_inverse=True
                )
                key = ranks.astype(np.float64)
            else:
                key = column.values.astype(np.float64)
            key = -key if descending else key
            lists.append(np.where(np.isnan(key), np.inf, key))
        n = len(next(iter(columns.values())).values) if columns else 0
        if not lists:
            return np.arange(n, dtype=np.intp)
        return np.lexsort(lists).astype(np.intp)


def parse_sort(text: str, table: Table | Mapping[str, Column], param: str = "sort") -> RowOrder:
    """A ``sort`` text read against a table's columns."""
    tokens = _tokens(text, param)
    columns = _as_columns(table)
    keys: list[tuple[str, bool]] = []
    i = 0
    while True:
        t = tokens[i]
        if t.kind != "word" or not _NAME.match(t.text):
            raise _error(text, t.at, f"expected a column name, got {_shown(t)}", param)
        name = t.text.lower()
        if name not in columns:
            raise _error(text, t.at, _no_column(t.text, columns), param)
        i += 1
        descending = columns[name].kind != "text"
        if tokens[i].kind == "word" and tokens[i].text.lower() in ("asc", "desc"):
            descending = tokens[i].text.lower() == "desc"
            i += 1
        keys.append((name, descending))
        if tokens[i].kind == "end":
            return RowOrder(text, tuple(keys))
        if tokens[i].text != ",":
            raise _error(
                text,
                tokens[i].at,
                f"expected ',', 'asc', 'desc' or the end, got {_shown(tokens[i])}",
                param,
            )
        i += 1


def check_top(value: Any, param: str = "top") -> int:
    """``top``: a whole number of rows, 1 or more."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OmahaEvalTypeError(
            f"expected a whole number of rows, got {quote(value)}", param=param, value=value
        )
    if value < 1:
        raise OmahaEvalError(
            f"expected 1 or more rows, got {quote(value)}", param=param, value=value
        )
    return int(value)


@dataclass(frozen=True)
class RowSelection:
    """``where``, ``sort`` and ``top`` read once, against a table's columns
    or a prototype of them (a row of each column, before a report is run):
    :meth:`rows` chooses a table's rows by them."""

    where: RowFilter | None = None
    order: RowOrder | None = None
    top: int | None = None

    @property
    def columns(self) -> tuple[str, ...]:
        """The columns the sort and the filter read, the sort's first, each
        once (in lower case, as the table's names are read): what a view
        shows beside its own columns, so that the rows' order and choice
        can be seen."""
        sort = [] if self.order is None else [name for name, _ in self.order.keys]
        where = [] if self.where is None else list(self.where.names)
        return tuple(dict.fromkeys([*sort, *where]))

    def rows(self, table: Table | Mapping[str, Column]) -> npt.NDArray[np.intp]:
        """The indices of the rows chosen: those passing ``where``, in
        ``sort``'s order (else the table's), the first ``top`` of them."""
        columns = _as_columns(table)
        lengths = {len(c.values) for c in columns.values()}
        if len(lengths) > 1:
            raise OmahaEvalError(f"columns of different lengths: {sorted(lengths)}", param="table")
        n = lengths.pop() if lengths else 0
        if n == 0:  # nothing to choose (a column of no rows has no kind to compare)
            return np.arange(0, dtype=np.intp)
        rows = self.order.order(columns) if self.order is not None else np.arange(n, dtype=np.intp)
        if self.where is not None:
            keep = self.where.mask(columns)
            rows = rows[keep[rows]]
        return rows if self.top is None else rows[: self.top]


def read_selection(
    table: Table | Mapping[str, Column],
    *,
    where: str | None = None,
    sort: str | None = None,
    top: int | None = None,
) -> RowSelection:
    """The texts read against a table's columns (names and kinds), each
    error naming its parameter, before any row is chosen."""
    columns = _as_columns(table)
    return RowSelection(
        None if where is None else parse_where(where, columns),
        None if sort is None else parse_sort(sort, columns),
        None if top is None else check_top(top),
    )


def select_rows(
    table: Table | Mapping[str, Column],
    *,
    where: str | None = None,
    sort: str | None = None,
    top: int | None = None,
) -> npt.NDArray[np.intp]:
    """The indices of the rows `where`, `sort` and `top` choose of a table
    (read_selection, then RowSelection.rows)."""
    return read_selection(table, where=where, sort=sort, top=top).rows(table)
