"""A query error's caret line is found for every place in every text: at
the very end of a text ending in a newline (issue 29: an IndexError), on
lines split by "\\r\\n", and past characters such as "\\r" or U+2028 that
str.splitlines() would take for line ends but the query reads as spaces;
the command line shows such errors as one line, from TEXT, - and --file."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, cli_command, cli_env, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval.pql.syntax import QueryError, parse

P = "select count(winsHi(hero)) from hero='AA**', villain='*'"


def _error(text: str) -> QueryError:
    with pytest.raises(QueryError) as info:
        oe.query(text)
    return info.value


@pytest.mark.parametrize(
    ("text", "column"),
    [
        (f"{P} where\n", (2, 1)),  # the end of the query, on the empty last line
        (f"{P} where\r\n", (2, 1)),
        (f"{P}\nwhere\n\n", (4, 1)),
        (f"{P} where\n  ", (2, 3)),
        (f"{P} where \r winz(hero)\n", (1, len(P) + 10)),  # "\r" is a space, not a line end
        (f"{P} where \u2028 winz(hero)\n", (1, len(P) + 10)),
    ],
)
def test_the_caret_line_is_found_at_any_place(text: str, column: tuple[int, int]) -> None:
    exc = _error(text)
    assert exc.column == column
    assert str(exc).startswith(f"query: line {column[0]}, column {column[1]}: ")
    assert_caret_under(exc, text)


def assert_caret_under(exc: QueryError, text: str) -> None:
    """The error's last two lines: its line of the text (every space shown
    as one) and a caret under the character at its column (past the end:
    nothing above it)."""
    assert exc.column is not None
    row, col = exc.column
    source = "".join(" " if c.isspace() else c for c in text.split("\n")[row - 1])
    assert 1 <= col <= len(source) + 1
    line, caret = str(exc).split("\n")[-2:]
    assert caret.strip() == "^"
    at = caret.index("^")
    assert line[at : at + 1] == source[col - 1 : col]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["select", " ", "\n", "\r\n", "\r", "\u2028", "(", ")", "count", "x", "'", "--", ","]
        ),
        max_size=12,
    )
)
def test_any_bad_text_is_a_query_error_with_its_caret(parts: list[str]) -> None:
    text = "".join(parts)
    try:
        parse(text)
    except QueryError as exc:
        assert_caret_under(exc, text)


def test_the_command_shows_an_error_at_the_end_of_a_file_as_one_line(tmp_path: Path) -> None:
    (tmp_path / "q.pql").write_text(f"{P} where\n", encoding="utf-8")
    assert_one_line_error(
        run_cli("query", "--file", "q.pql", cwd=tmp_path),
        "--file: 'q.pql': line 2, column 1:",
        "got the end of the query",
    )


def test_the_command_shows_an_error_at_the_end_of_standard_input_as_one_line(
    tmp_path: Path,
) -> None:
    import subprocess

    proc = subprocess.run(
        cli_command("query", "-"),
        cwd=tmp_path,
        env=cli_env(),
        input=f"{P} where\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert_one_line_error(proc, "query: line 2, column 1:", "got the end of the query")
