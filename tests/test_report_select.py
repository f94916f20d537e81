"""Choosing report rows (omaha_eval/study/table/select.py): --where, --sort and
--top against a plain row-by-row reference written here."""

from __future__ import annotations

import math
import operator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_eval._range_parse import MAX_DEPTH
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.study.table.select import check_top, parse_sort, parse_where, select_rows

PAIRINGS = ["unpaired", "paired", "two pair", "trips"]
PY_OPS = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


@st.composite
def tables(draw: st.DrawFn) -> dict[str, list[object]]:
    n = draw(st.integers(0, 12))
    grid = st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0, None])
    return {
        "scoop": [draw(grid) for _ in range(n)],
        "equity": [draw(grid) for _ in range(n)],
        "pairing": [draw(st.sampled_from(PAIRINGS)) for _ in range(n)],
        "flush_possible": [draw(st.booleans()) for _ in range(n)],
    }


@st.composite
def comparisons(draw: st.DrawFn) -> tuple[str, object]:
    """(where text, a reference test of one row)"""
    kind = draw(st.sampled_from(["number", "percent", "text", "contains", "bool", "not"]))
    if kind in ("number", "percent"):
        name = draw(st.sampled_from(["scoop", "equity"]))
        op = draw(st.sampled_from(list(PY_OPS)))
        x = draw(st.sampled_from([0.0, 0.25, 0.5, 0.6, 1.0]))
        shown = f"{x * 100:g}%" if kind == "percent" else f"{x:g}"

        def number_test(row: dict[str, object]) -> bool:
            v = row[name]
            return v is not None and bool(PY_OPS[op](v, x))

        return f"{name.upper() if draw(st.booleans()) else name} {op} {shown}", number_test
    if kind == "text":
        p = draw(st.sampled_from(PAIRINGS))
        op = draw(st.sampled_from(["=", "!="]))
        return f'pairing{op}"{p.upper()}"', lambda row: (row["pairing"] == p) == (op == "=")
    if kind == "contains":
        part = draw(st.sampled_from(["pair", "un", "trips", "x"]))
        return f"pairing~{part}", lambda row: part in str(row["pairing"])
    if kind == "bool":
        return "flush_possible", lambda row: bool(row["flush_possible"])
    return "not flush_possible", lambda row: not row["flush_possible"]


@st.composite
def filters(draw: st.DrawFn) -> tuple[str, object]:
    """An 'or' of 'and's of comparisons, sometimes parenthesised."""
    groups = draw(st.lists(st.lists(comparisons(), min_size=1, max_size=3), min_size=1, max_size=3))
    texts = []
    for group in groups:
        joiner = draw(st.sampled_from([" and ", ", "]))
        text = joiner.join(t for t, _ in group)
        texts.append(f"({text})" if draw(st.booleans()) else text)

    def test(row: dict[str, object]) -> bool:
        return any(all(f(row) for _, f in group) for group in groups)  # type: ignore[operator]

    return " or ".join(texts), test


def _rows(table: dict[str, list[object]]) -> list[dict[str, object]]:
    n = len(table["scoop"])
    return [{k: v[i] for k, v in table.items()} for i in range(n)]


@settings(max_examples=300, deadline=None)
@given(tables(), filters())
def test_where_keeps_exactly_the_rows_the_reference_keeps(table, where) -> None:
    text, test = where
    expected = [i for i, row in enumerate(_rows(table)) if test(row)]
    assert select_rows(table, where=text).tolist() == expected


def _reference_order(rows: list[dict[str, object]], keys: list[tuple[str, bool]]) -> list[int]:
    """Stable sorts from the last key to the first: a missing number last."""
    order = list(range(len(rows)))
    for name, descending in reversed(keys):
        present = [i for i in order if rows[i][name] is not None]
        missing = [i for i in order if rows[i][name] is None]

        def key(i: int, name: str = name) -> object:
            v = rows[i][name]
            return v.lower() if isinstance(v, str) else v

        present.sort(key=key, reverse=descending)  # Python's sort is stable, reverse too
        order = present + missing
    return order


@settings(max_examples=300, deadline=None)
@given(
    tables(),
    st.lists(
        st.tuples(
            st.sampled_from(["scoop", "equity", "pairing"]), st.sampled_from(["", " asc", " desc"])
        ),
        min_size=1,
        max_size=3,
    ),
    st.integers(1, 15),
)
def test_sort_and_top_give_the_reference_order(table, keys, top) -> None:
    text = ", ".join(name + way for name, way in keys)
    wanted = [(name, way == " desc" or (way == "" and name != "pairing")) for name, way in keys]
    expected = _reference_order(_rows(table), wanted)[:top]
    assert select_rows(table, sort=text, top=top).tolist() == expected


def test_sort_defaults_numbers_highest_first_and_text_a_to_z() -> None:
    table = {"scoop": [0.1, 0.9, 0.5], "board": ["Kc", "Ac", "Qc"]}
    assert select_rows(table, sort="scoop").tolist() == [1, 2, 0]
    assert select_rows(table, sort="board").tolist() == [1, 0, 2]
    assert select_rows(table, sort="scoop asc").tolist() == [0, 2, 1]


def test_where_then_top_counts_the_rows_that_pass() -> None:
    table = {"scoop": np.array([0.9, 0.1, 0.8, 0.7])}
    assert select_rows(table, where="scoop>0.5", sort="scoop asc", top=2).tolist() == [3, 2]


def test_a_missing_number_passes_no_comparison() -> None:
    table = {"scoop": [None, math.nan, 0.5]}
    assert select_rows(table, where="scoop>=0 or scoop<0 or scoop!=0.25").tolist() == [2]


def test_numpy_bool_and_int_columns_keep_their_kinds() -> None:
    table = {"boards": np.array([4, 12, 24]), "flush_possible": np.array([True, False, True])}
    assert select_rows(table, where="boards>=12 and flush_possible=true").tolist() == [2]
    assert select_rows(table, where="flush_possible != yes").tolist() == [1]


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("scop>1", 1, "no column 'scop'"),
        ("scoop>", 7, "expected a value"),
        ("scoop>abc", 7, "expected a number"),
        ("pairing<3", 8, "compare it with"),
        ("(scoop>1", 9, "expected ')'"),
        ("scoop>1 xor", 9, "expected 'and', 'or' or the end"),
        ("scoop ~ 1", 7, "'~' (contains) is for text"),
        ("scoop", 6, "expected an operator"),
        ("flush_possible=maybe", 16, "true or false"),
        ("", 1, "got nothing"),
        ("scoop>1 $", 9, "unexpected '$'"),
    ],
)
def test_bad_where_names_the_parameter_quotes_the_text_and_points_a_caret(
    text, column, words
) -> None:
    table = {"scoop": [0.5], "pairing": ["paired"], "flush_possible": [True]}
    with pytest.raises(OmahaEvalError) as caught:
        parse_where(text, table)
    error = caught.value
    assert error.param == "where" and error.value == text
    assert error.detail.startswith(f"column {column}: ") and words in error.detail
    assert error.detail.splitlines()[-1] == "    " + " " * (column - 1) + "^"


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("scop", 1, "no column 'scop'"),
        ("scoop up", 7, "expected ','"),
        ("scoop,", 7, "got the end"),
    ],
)
def test_bad_sort_names_the_parameter_with_a_caret(text, column, words) -> None:
    with pytest.raises(OmahaEvalError) as caught:
        parse_sort(text, {"scoop": [0.5]})
    assert caught.value.param == "sort" and caught.value.value == text
    assert caught.value.detail.startswith(f"column {column}: ") and words in caught.value.detail


@pytest.mark.parametrize("bad", [0, -3])
def test_top_must_be_one_or_more(bad) -> None:
    with pytest.raises(OmahaEvalError, match=r"top: expected 1 or more rows"):
        check_top(bad)


@pytest.mark.parametrize("bad", [True, 2.0, "3", None])
def test_top_must_be_a_whole_number(bad) -> None:
    with pytest.raises(OmahaEvalTypeError, match=r"top: expected a whole number"):
        check_top(bad)


def test_where_that_is_not_text_is_a_type_error() -> None:
    with pytest.raises(OmahaEvalTypeError, match=r"where: expected text"):
        parse_where(3, {"scoop": [0.5]})  # type: ignore[arg-type]


# ------------------------------------ issue 45 item 3a, issue 47 item 6


@pytest.mark.parametrize(
    "text",
    [
        "(" * 250 + "scoop>0" + ")" * 250,  # 507 characters: under MAX_TEXT
        "not " * 300 + "scoop>0",
        "(not " * 120 + "scoop>0" + ")" * 120,
    ],
)
def test_a_where_nested_past_the_bound_is_an_error_naming_where(text) -> None:
    # was a RecursionError: a 3,000-line traceback on the command line, a 500 on the web
    with pytest.raises(OmahaEvalError) as caught:
        parse_where(text, {"scoop": [0.5]})
    assert caught.value.param == "where" and caught.value.value == text
    assert f"nested more than {MAX_DEPTH} deep" in caught.value.detail


def test_a_where_nested_to_the_bound_is_read() -> None:
    table = {"scoop": [0.25, 0.75]}
    deep = "(" * MAX_DEPTH + "scoop>0.5" + ")" * MAX_DEPTH
    assert select_rows(table, where=deep).tolist() == [1]
    nots = "not " * MAX_DEPTH + "scoop>0.5"  # an even number of nots
    assert select_rows(table, where=nots).tolist() == [1]


def test_a_mistyped_column_is_told_the_closest_names_and_every_column() -> None:
    table = {name: [0.5] for name in ("equity", "hi_share", "lo_share", "scoop", "set")}
    table |= {f"column_{i}": [0.5] for i in range(40)}  # more than a line's worth
    table |= {"scoop_stderr": [0.0], "equity_stderr": [0.0]}
    for parse, param in ((parse_where, "where"), (parse_sort, "sort")):
        with pytest.raises(OmahaEvalError) as caught:
            parse("hi_shar" if param == "sort" else "hi_shar>0", table)
        detail = caught.value.detail.splitlines()[0]
        assert caught.value.param == param
        assert "no column 'hi_shar' (did you mean 'hi_share' or 'lo_share'?)" in detail
        listed = detail.split("columns: ", 1)[1]
        for name in table:
            if not name.endswith("_stderr"):
                assert f"{name}, " in listed, name  # every column, the last ones too
        assert f"the {len(table)} columns" in detail and "2 standard errors" in detail


def test_a_column_nothing_resembles_gets_no_guess() -> None:
    with pytest.raises(OmahaEvalError) as caught:
        parse_where("zzz>0", {"scoop": [0.5]})
    assert "did you mean" not in caught.value.detail
    assert "no column 'zzz'; the column: scoop" in caught.value.detail
