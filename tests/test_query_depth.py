"""How deep an expression may be: one bound, syntax.MAX_DEPTH, on the
nesting of the text (parentheses, calls, not, -) and on the depth of its
tree (each operator of a chain a + b + c is a level), checked as the text
is read.  Deeper is a QueryError at the place it passes the bound, never a
RecursionError from reading, compiling, costing or evaluating (issue 29:
avg(1+1+...+1) with 1,200 terms, 1,500 'and's); the deepest accepted of
each kind runs, even from a caller already deep in its own stack."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_one_line_error, run_cli

import omaha_eval as oe
from omaha_eval.pql.syntax import MAX_DEPTH, QueryError

FROM = "from hero='AsAh2c3d', villain='KsKh4c5d', board='Ac7d2h9s'"


def chain(op: str, term: str, terms: int) -> str:
    return f" {op} ".join([term] * terms)


def nested(n: int, kind: str) -> str:
    """An expression nested n deep in the text, of a value known beforehand."""
    if kind == "parentheses":
        return "(" * n + "1" + ")" * n
    if kind == "calls":  # read, not compiled: too deep is found first
        return "rankCount(" * (n - 1) + "handRanks(hero)" + ")" * (n - 1)
    if kind == "not":
        return "not " * n + "winsHi(hero)"
    assert kind == "minus"
    return "- " * n + "1"


def deep_stack(frames: int, call: Callable[[], Any]) -> Any:
    """call() from `frames` frames down, as from a deep caller."""
    return call() if frames == 0 else deep_stack(frames - 1, call)


@pytest.mark.parametrize(
    ("selector", "column"),
    [
        (f"avg({chain('+', '1', 1200)})", 12 + 4 * MAX_DEPTH - 2),  # the operator past the bound
        (f"count({chain('and', 'winsHi(hero)', 1501)})", None),
        (f"count({chain('or', 'winsHi(hero)', 300)})", None),
        (f"avg({chain('*', 'riverEquity(hero)', 200)})", None),
        (f"avg({chain('-', '1', 200)})", None),
        (f"avg({nested(MAX_DEPTH, 'parentheses')})", None),
        (f"avg({nested(MAX_DEPTH, 'calls')})", None),
        (f"count({nested(MAX_DEPTH, 'not')})", None),
        (f"avg({nested(MAX_DEPTH, 'minus')})", None),
        (f"avg({nested(5000, 'parentheses')})", None),
    ],
)
def test_too_deep_an_expression_is_a_query_error(selector: str, column: int | None) -> None:
    text = f"select {selector} {FROM}"
    with pytest.raises(QueryError, match=f"more than {MAX_DEPTH}") as info:
        oe.query(text)
    assert info.value.column is not None
    if column is not None:
        assert info.value.column == (1, column)
        assert text[column - 1] == "+"


@pytest.mark.parametrize(
    ("selector", "value"),
    [
        (f"avg({chain('+', '1', MAX_DEPTH)})", MAX_DEPTH),
        (f"avg({chain('-', '1', MAX_DEPTH)})", 2 - MAX_DEPTH),
        (f"count({chain('and', 'pairedBoard(turn) = false', MAX_DEPTH // 2)})", 1.0),
        (f"count({chain('or', 'pairedBoard(river)', MAX_DEPTH - 1)})", None),
        (f"avg({nested(MAX_DEPTH - 1, 'parentheses')})", 1.0),
        (f"count({nested(MAX_DEPTH - 2, 'not')})", None),
        (f"avg({nested(MAX_DEPTH - 1, 'minus')})", -1.0),
        (f"avg(({chain('+', '(1 + 1)', MAX_DEPTH - 3)}) / 2)", MAX_DEPTH - 3),
    ],
)
def test_the_deepest_accepted_expression_runs_from_a_deep_caller(
    selector: str, value: float | None
) -> None:
    text = f"select {selector} {FROM}"
    result = deep_stack(300, lambda: oe.query(text))
    assert isinstance(result, oe.QueryResult) and result.method == "exact"
    got = result.columns[0].value
    assert isinstance(got, float)
    if value is not None:
        assert got == pytest.approx(value)


def test_the_command_refuses_a_long_chain_in_one_line(tmp_path: Path) -> None:
    text = f"select avg({chain('+', '1', 1200)}) {FROM}"
    assert_one_line_error(run_cli("query", text, cwd=tmp_path), "query: column", "levels deep")
