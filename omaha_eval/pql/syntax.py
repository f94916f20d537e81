"""The parser, the first step of the query engine: query text -> the
tokens and the syntax tree of its statements (then check.py, plan.py,
evaluate.py, result.py).

The grammar is written once, in EBNF, in docs/pql.md ("Statements"), and
tests/test_docs_pql.py checks that this module implements its rules: each
rule a method of Parser of the same name (``or_``, ``and_``, ``not_``
for Python's words), but the word lists (``aggregate``, ``comparison``,
``keyword``: AGGREGATES, COMPARISONS, KEYWORDS), ``name`` (a NAME token
that is not a keyword) and the tokens (NAME, NUMBER, STRING and
``comment``: tokens()).  Keywords and names are case-insensitive.

A hand-written recursive-descent parser (as for range text,
omaha_eval/_range_parse.py): the language is small, and every error must
name its column.  Errors are QueryError (an OmahaEvalError) with the
column and, in the exception's text, the line and a caret.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar

from omaha_eval.errors import OmahaEvalError

__all__ = [
    "AGGREGATES",
    "Binary",
    "Binding",
    "Call",
    "Literal",
    "Name",
    "Node",
    "Parser",
    "QueryError",
    "Selector",
    "Statement",
    "Unary",
    "parse",
]

AGGREGATES = ("avg", "count", "histogram", "min", "max")
KEYWORDS = {"select", "from", "where", "as", "and", "or", "not"}
COMPARISONS = ("=", "<>", "!=", "<=", ">=", "<", ">")
MAX_TEXT = 100_000  # characters of query text: far beyond any real query
# How deep an expression may be: parentheses, calls, 'not' and '-' one
# inside another, and the syntax tree itself (each operator of a chain
# such as a + b + c is a level: the chain is computed left to right).
# Reading, compiling and evaluating recurse over these levels, up to ten
# Python frames each: deeper is a mistake, and Python's stack is finite.
MAX_DEPTH = 50


class QueryError(OmahaEvalError):
    """Bad query text: the message names the column; ``str()`` of the error
    adds the line with a caret under it (the command line shows the first
    line only)."""

    def __init__(self, message: str, text: str = "", at: int | None = None) -> None:
        self.message = message
        self.column = None if at is None else _column(text, at)
        where = detail = ""
        if self.column is not None:
            row, col = self.column
            where = f"line {row}, column {col}: " if "\n" in text else f"column {col}: "
            # lines split at "\n" alone, as _column counts them; every space
            # shown as one (a tab, "\r", U+2028), so the caret stays under its column
            line = "".join(" " if c.isspace() else c for c in text.split("\n")[row - 1])
            start = max(0, col - 60)
            detail = f"\n    {line[start : start + 120]}\n    {' ' * (col - 1 - start)}^"
        super().__init__(f"{where}{message}{detail}", param="query", value=text or None)


def _column(text: str, at: int) -> tuple[int, int]:
    """1-based (line, column) of offset `at`."""
    before = text[:at]
    return before.count("\n") + 1, at - (before.rfind("\n") + 1) + 1


# ------------------------------------------------------------------ tokens


@dataclass(frozen=True)
class Token:
    kind: str  # "name", "number", "string", "op", "end"
    text: str  # as written (a string's value, quotes removed)
    at: int  # offset in the query text


_TOKEN = re.compile(
    r"""(?P<space>\s+|--[^\n]*)
      | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
      | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
      | (?P<string>'(?:[^']|'')*'|"(?:[^"]|"")*")
      | (?P<op><>|!=|<=|>=|[=<>+\-*/(),;])""",
    re.VERBOSE,
)


def tokens(text: str) -> list[Token]:
    """The tokens of a query text, comments and spaces left out."""
    out = []
    at = 0
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None:
            if text[at] in "'\"":
                raise QueryError("a string without its closing quote", text, at)
            raise QueryError(f"unexpected character {text[at]!r}", text, at)
        kind = m.lastgroup
        assert kind is not None
        if kind == "string":
            quote = m.group()[0]
            out.append(Token("string", m.group()[1:-1].replace(quote * 2, quote), at))
        elif kind != "space":
            out.append(Token(kind, m.group(), at))
        at = m.end()
    out.append(Token("end", "", len(text)))
    return out


# ------------------------------------------------------------------ the tree


@dataclass(frozen=True)
class Node:
    at: int  # offset of the node's first character
    # levels of the tree from this node down (a leaf: 1), bounded by MAX_DEPTH
    depth: int = field(default=1, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Literal(Node):
    value: float | str
    kind: str  # "number" or "string"


@dataclass(frozen=True)
class Name(Node):
    name: str  # as written; compared case-insensitively


@dataclass(frozen=True)
class Call(Node):
    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Unary(Node):
    op: str  # "not" or "-"
    operand: Node


@dataclass(frozen=True)
class Binary(Node):
    op: str  # and or, a comparison, + - * /
    left: Node
    right: Node


@dataclass(frozen=True)
class Selector:
    aggregate: str  # one of AGGREGATES
    expr: Node
    alias: str | None
    at: int
    end: int  # just past its closing parenthesis


@dataclass(frozen=True)
class Binding:
    key: str  # as written
    value: str
    at: int
    value_at: int


@dataclass(frozen=True)
class Statement:
    selectors: tuple[Selector, ...]
    bindings: tuple[Binding, ...]
    where: Node | None
    text: str = field(compare=False)  # the whole query text, for messages
    start: int = 0  # offset of the statement in it
    end: int = 0


# ------------------------------------------------------------------ the parser

_N = TypeVar("_N", bound=Node)


class Parser:
    """The recursive-descent parser of one query text: a method per rule of
    the grammar (docs/pql.md), each returning what its rule reads."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokens(text)
        self.i = 0
        self.depth = 0

    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def fail(self, message: str, at: int | None = None) -> NoReturn:
        raise QueryError(message, self.text, self.tok.at if at is None else at)

    def keyword(self, word: str) -> bool:
        """Consume the keyword `word` (any case) if it is next."""
        if self.tok.kind == "name" and self.tok.text.lower() == word:
            self.i += 1
            return True
        return False

    def op(self, symbol: str) -> bool:
        if self.tok.kind == "op" and self.tok.text == symbol:
            self.i += 1
            return True
        return False

    def expect_op(self, symbol: str, what: str) -> None:
        if not self.op(symbol):
            self.fail(f"expected {symbol!r} {what}, got {self._shown()}")

    def _shown(self) -> str:
        return "the end of the query" if self.tok.kind == "end" else repr(self.tok.text)

    def script(self) -> list[Statement]:
        statements = []
        while True:
            while self.op(";"):
                pass
            if self.tok.kind == "end":
                break
            statements.append(self.statement())
            if self.tok.kind != "end" and not self.op(";"):
                self.fail(f"expected ';' or the end of the query, got {self._shown()}")
        if not statements:
            raise QueryError("no statement: a query is 'select ... from ...'", self.text, 0)
        return statements

    def statement(self) -> Statement:
        start = self.tok.at
        if not self.keyword("select"):
            self.fail(f"a statement starts with 'select', got {self._shown()}")
        selectors = [self.selector()]
        while self.op(","):
            selectors.append(self.selector())
        if not self.keyword("from"):
            self.fail(f"expected ',' or 'from' after the selectors, got {self._shown()}")
        bindings = [self.binding()]
        while self.op(","):
            if self.tok.kind != "name":  # a trailing comma
                break
            bindings.append(self.binding())
        where = None
        if self.keyword("where"):
            where = self.expr()
        return Statement(tuple(selectors), tuple(bindings), where, self.text, start, self.tok.at)

    def selector(self) -> Selector:
        at = self.tok.at
        word = self.tok.text.lower() if self.tok.kind == "name" else ""
        if word not in AGGREGATES:
            self.fail(
                f"a selector is {', '.join(AGGREGATES)} of an expression "
                f"(as in 'count(winsHi(hero))'), got {self._shown()}"
            )
        self.i += 1
        self.expect_op("(", f"after {word}")
        expr = self.expr()
        self.expect_op(")", f"to close {word}(")
        end = self.toks[self.i - 1].at + 1
        alias = None
        if self.keyword("as"):
            if self.tok.kind != "name" or self.tok.text.lower() in KEYWORDS:
                self.fail(f"expected a name after 'as', got {self._shown()}")
            alias = self.tok.text
            self.i += 1
        return Selector(word, expr, alias, at, end)

    def binding(self) -> Binding:
        at = self.tok.at
        if self.tok.kind != "name" or self.tok.text.lower() in KEYWORDS:
            self.fail(f"expected a binding such as hero='AA**', got {self._shown()}")
        key = self.tok.text
        self.i += 1
        self.expect_op("=", f"after {key}")
        if self.tok.kind != "string":
            self.fail(f"{key}: expected a quoted value ({key}='...'), got {self._shown()}")
        value, value_at = self.tok.text, self.tok.at
        self.i += 1
        return Binding(key, value, at, value_at)

    @contextmanager
    def nested(self) -> Iterator[None]:
        """One level more of nesting in the text (parentheses, a call's
        arguments, 'not', '-'): the parser recurses once more."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(f"the expression nests more than {MAX_DEPTH} deep")
        try:
            yield
        finally:
            self.depth -= 1

    def node(self, kind: type[_N], at: int, *fields: Any) -> _N:
        """A node over its children (the fields that are nodes), one level
        deeper than the deepest of them: a tree deeper than MAX_DEPTH (a
        chain of hundreds of operators) is refused here, at its operator."""
        below = [f.depth for f in fields if isinstance(f, Node)]
        below += [a.depth for f in fields if isinstance(f, tuple) for a in f]
        depth = 1 + max(below, default=0)
        if depth > MAX_DEPTH:
            self.fail(
                f"the expression is more than {MAX_DEPTH} levels deep (each operator of a "
                "chain such as a + b + c counts one): split it, or use fewer terms",
                at,
            )
        return kind(at, *fields, depth=depth)

    def expr(self) -> Node:
        with self.nested():
            return self.or_()

    def or_(self) -> Node:
        node = self.and_()
        while True:
            at = self.tok.at
            if not self.keyword("or"):
                return node
            node = self.node(Binary, at, "or", node, self.and_())

    def and_(self) -> Node:
        node = self.not_()
        while True:
            at = self.tok.at
            if not self.keyword("and"):
                return node
            node = self.node(Binary, at, "and", node, self.not_())

    def not_(self) -> Node:
        at = self.tok.at
        if self.keyword("not"):
            with self.nested():
                return self.node(Unary, at, "not", self.not_())
        return self.compare()

    def compare(self) -> Node:
        node = self.sum()
        at = self.tok.at
        for symbol in COMPARISONS:
            if self.op(symbol):
                return self.node(Binary, at, "<>" if symbol == "!=" else symbol, node, self.sum())
        return node

    def sum(self) -> Node:
        node = self.product()
        while True:
            at = self.tok.at
            if self.op("+"):
                node = self.node(Binary, at, "+", node, self.product())
            elif self.op("-"):
                node = self.node(Binary, at, "-", node, self.product())
            else:
                return node

    def product(self) -> Node:
        node = self.unary()
        while True:
            at = self.tok.at
            if self.op("*"):
                node = self.node(Binary, at, "*", node, self.unary())
            elif self.op("/"):
                node = self.node(Binary, at, "/", node, self.unary())
            else:
                return node

    def unary(self) -> Node:
        at = self.tok.at
        if self.op("-"):
            with self.nested():
                return self.node(Unary, at, "-", self.unary())
        return self.atom()

    def atom(self) -> Node:
        tok = self.tok
        if tok.kind == "number":
            value = float(tok.text)
            if not math.isfinite(value):  # 1e309: past the largest double
                self.fail(f"the number {tok.text} is too large")
            self.i += 1
            return Literal(tok.at, value, "number")
        if tok.kind == "string":
            self.i += 1
            return Literal(tok.at, tok.text, "string")
        if self.op("("):
            node = self.expr()
            self.expect_op(")", "to close '('")
            return node
        if tok.kind == "name" and tok.text.lower() not in KEYWORDS:
            self.i += 1
            if self.op("("):
                args: list[Node] = []
                if not self.op(")"):
                    args.append(self.expr())
                    while self.op(","):
                        args.append(self.expr())
                    self.expect_op(")", f"to close {tok.text}(")
                return self.node(Call, tok.at, tok.text, tuple(args))
            return Name(tok.at, tok.text)
        self.fail(f"expected a value, a name or '(', got {self._shown()}")


def parse(text: str) -> list[Statement]:
    """The statements of a query text (QueryError with the column when it
    cannot be read)."""
    if not isinstance(text, str):
        raise QueryError(f"expected query text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise QueryError(f"the query text holds {len(text):,} characters, more than {MAX_TEXT:,}")
    return Parser(text).script()
