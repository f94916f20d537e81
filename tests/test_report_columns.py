"""Reports as columns (omaha_eval/study/table/columns.py): the column-wise JSON
and CSV, and the boards command's --where, --sort and --top against the
report's rows chosen by hand."""

from __future__ import annotations

import csv
import io
import json
import math

import numpy as np
import pytest
from click.testing import CliRunner

import omaha_eval as oe
from omaha_eval.cli import main
from omaha_eval.study.boards.columns import board_columns, with_player_aliases
from omaha_eval.study.boards.report import PLAYER_FIGURES
from omaha_eval.study.table.columns import columns_csv, columns_json, document_columns

TABLE = {
    "board": ["AhKh7c", "2c3d4h", "9s9d2c"],
    "boards": np.array([4, 12, 12]),
    "scoop": np.array([0.123456789123, math.nan, 0.5]),
    "flush_possible": [True, False, True],
    "trials": np.array([990, 990, 990]),
}


def test_json_round_trips_through_its_columns() -> None:
    document = json.loads(columns_json(TABLE, game="omaha8"))
    assert document["game"] == "omaha8" and document["rows"] == 3
    assert document["columns"] == list(TABLE)
    assert document["same"] == {"trials": 990}  # one value on every row: written once
    columns = document_columns(document)
    assert columns["board"] == TABLE["board"] and columns["trials"] == [990] * 3
    assert columns["scoop"] == [0.123456789, None, 0.5]  # nine significant digits, NaN null
    assert columns["flush_possible"] == [True, False, True]


def test_csv_has_a_header_and_a_line_per_row() -> None:
    rows = list(csv.reader(io.StringIO(columns_csv(TABLE))))
    assert rows[0] == list(TABLE)
    assert rows[1] == ["AhKh7c", "4", "0.123456789123", "True", "990"]
    assert rows[2][2] == ""  # a missing number: an empty cell
    assert len(rows) == 4


SPOT = ["JhTh9s8s", "7c7d5h4h"]


@pytest.fixture(scope="module")
def report() -> oe.BoardReport:
    return oe.board_report(SPOT, "7s6h2c")


def test_player_one_figures_are_also_read_by_their_bare_names(report) -> None:
    table = with_player_aliases(board_columns(report))
    np.testing.assert_array_equal(table["scoop"], table["p1_scoop"])
    assert "p2_scoop" in table and "p2_equity" in table


def test_boards_where_sort_and_top_choose_the_rows_a_plain_loop_chooses(report) -> None:
    args = [
        "boards",
        *SPOT,
        "--board",
        "7s6h2c",
        "--csv",
        "--where",
        "p2_equity >= 20% and not flush_possible or boards > 3",
        "--sort",
        "equity asc",
        "--top",
        "7",
    ]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    got = [row[0] for row in list(csv.reader(io.StringIO(out.output)))[1:]]
    j = list(PLAYER_FIGURES).index("equity")
    rows = [
        r
        for r in range(len(report))
        if (report.values[r, 1, j] >= 0.2 and not report.textures[r].flush_possible)
        or report.boards[r] > 3
    ]
    rows.sort(key=lambda r: report.values[r, 0, j])  # stable, as the command's sort
    assert got == [report.board_texts[r] for r in rows[:7]]


def test_boards_json_holds_the_chosen_rows_only(report) -> None:
    out = CliRunner().invoke(
        main, ["boards", *SPOT, "--board", "7s6h2c", "--json", "--top", "3", "--sort", "p1_scoop"]
    )
    document = json.loads(out.output)
    j = list(PLAYER_FIGURES).index("scoop")
    order = np.argsort(-report.values[:, 0, j], kind="stable")[:3]
    assert document["rows"] == 3
    assert document_columns(document)["board"] == [report.board_texts[r] for r in order]


@pytest.mark.parametrize(
    ("flag", "text", "words"),
    [
        ("--where", "scop>1", "--where: column 1: no column 'scop'"),
        ("--where", "scoop>", "--where: column 7: expected a value"),
        ("--sort", "scoop sideways", "--sort: column 7: expected ','"),
    ],
)
def test_boards_bad_selection_names_its_flag(flag, text, words) -> None:
    out = CliRunner().invoke(main, ["boards", *SPOT, "--board", "7s6h2c", flag, text])
    assert out.exit_code == 2
    assert words in out.output


def test_boards_top_must_be_a_count() -> None:
    out = CliRunner().invoke(main, ["boards", *SPOT, "--board", "7s6h2c", "--top", "0"])
    assert out.exit_code == 2 and "--top" in out.output


def test_sampled_figures_are_written_to_the_digits_their_errors_warrant() -> None:
    table = {
        "equity": [0.452345678, 0.452345678, 0.5],
        "equity_stderr": [0.00512345, 0.0512345, 0.0],
    }
    columns = document_columns(json.loads(columns_json(table)))
    assert columns["equity"] == [0.4523, 0.452, 0.5]  # an exact figure (no error) as it is
    assert columns["equity_stderr"] == [0.0051, 0.051, 0.0]
