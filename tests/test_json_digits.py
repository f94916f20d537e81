"""The digits of the column-wise JSON (study/table/columns.py): a sampled
figure rounded to the decade below a tenth of its standard error (never
moved by more than a tenth of it), the error to two significant digits, an
exact figure to nine; a column equal to an earlier one written once; and
the JSON the commands write read back by the results' from_dict."""

from __future__ import annotations

import json
import math
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run_cli
from hypothesis import given
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval.study.boards.columns import board_columns
from omaha_eval.study.table.columns import (
    JSON_DIGITS,
    columns_document,
    columns_json,
    document_columns,
    figure_quantum,
    rounded_figure,
)

figures = st.floats(min_value=-2.0, max_value=2.0, allow_nan=False)
errors = st.floats(min_value=1e-9, max_value=10.0, allow_nan=False)


@given(figures, errors)
def test_rounding_never_moves_a_figure_by_more_than_a_tenth_of_its_error(
    value: float, stderr: float
) -> None:
    written = rounded_figure(value, stderr)
    assert abs(written - value) <= stderr / 10
    assert abs(written - value) <= figure_quantum(stderr) / 2 * (1 + 1e-9) + 1e-15


@given(figures, errors)
def test_a_rounded_figure_has_no_digit_below_its_decade(value: float, stderr: float) -> None:
    quantum = figure_quantum(stderr)
    assert stderr / 100 < quantum <= stderr / 10
    assert _last_digit(rounded_figure(value, stderr)) >= round(math.log10(quantum))


def _last_digit(x: float) -> int:
    """The power of ten of the last digit of x as JSON writes it (repr)."""
    exponent = Decimal(repr(x)).normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return exponent


def test_an_exact_or_nan_figure_keeps_its_stated_digits() -> None:
    table = {
        "scoop": np.array([0.123456789123, math.nan, 0.5]),
        "scoop_stderr": np.array([0.0, 0.01, math.nan]),
    }
    data = document_columns(columns_document(table))
    assert data["scoop"] == [float(f"{0.123456789123:.{JSON_DIGITS}g}"), None, 0.5]
    assert data["scoop_stderr"] == [0.0, 0.01, None]


def test_a_sampled_report_is_written_to_its_errors_digits() -> None:
    """Every sampled figure of a report's JSON within a tenth of its error of
    the report's, on a multiple of its decade; every error to two
    significant digits of the report's."""
    report = oe.board_report(["As2sKd3h", "15%"], board="3c8dKs", trials=400, seed=3)
    table = board_columns(report)
    data = document_columns(json.loads(columns_json(table)))
    sampled = [n for n in table if n + "_stderr" in table]
    assert sampled
    for name in sampled:
        for raw, err, written in zip(table[name], table[name + "_stderr"], data[name], strict=True):
            if err > 0:
                assert abs(written - raw) <= err / 10, name
                decade = round(math.log10(figure_quantum(err)))
                assert _last_digit(written) >= decade, (name, written, err)
        for raw, written in zip(table[name + "_stderr"], data[name + "_stderr"], strict=True):
            assert written == float(f"{raw:.2g}")


def test_a_column_equal_to_an_earlier_one_is_written_once() -> None:
    table = {
        "a": np.array([0.25, 0.5, 0.75]),
        "b": np.array([1.0, 2.0, 3.0]),
        "c": np.array([0.25, 0.5, 0.75]),
    }
    document = json.loads(columns_json(table))
    assert document["copies"] == {"c": "a"} and "c" not in document["data"]
    assert document_columns(document)["c"] == [0.25, 0.5, 0.75]
    assert "copies" not in columns_document(table)  # the web page's shape: no copies


def test_the_boards_json_reads_back_as_the_report(tmp_path: Path) -> None:
    players, board = ["As2sJd9h", "KcKd7c6h"], "Ks8d3c"
    done = run_cli("boards", *players, "--board", board, "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    back = oe.BoardReport.from_dict(json.loads(done.stdout))
    report = oe.board_report(players, board)
    assert back.board_texts == report.board_texts and back.method == "exact"
    np.testing.assert_allclose(back.values, report.values, rtol=1e-8, atol=1e-12)
    np.testing.assert_allclose(back.deal, report.deal, rtol=1e-8, atol=1e-12)


def test_the_hits_json_reads_back(tmp_path: Path) -> None:
    done = run_cli("hits", "A2**", "--board", "Jd4d3c", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    back = oe.RangeHits.from_dict(json.loads(done.stdout))
    hits = oe.range_hits("A2**", "Jd4d3c")
    assert back.names == hits.names and back.board_texts == hits.board_texts
    np.testing.assert_allclose(back.values, hits.values, rtol=1e-8, atol=1e-12)


@pytest.mark.slow  # two Monte Carlo graphs, one in a subprocess: over 5 s on a loaded machine
def test_the_split_json_reads_back(tmp_path: Path) -> None:
    args = ["AA**", "KK**", "--board", "Jd4d3c", "--trials", "100", "--seed", "5"]
    done = run_cli("split", *args, "--top", "7", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    back = oe.SplitGraph.from_dict(document)
    assert len(back.combos) == 7 == len(document["rows"])
    graph = oe.split_graph("AA**", ["KK**"], "Jd4d3c", trials=100, seed=5)
    chosen = np.array(document["rows"])
    np.testing.assert_array_equal(back.equity, graph.equity[chosen])
    np.testing.assert_array_equal(
        np.sort(back.combos, axis=1), np.sort(graph.combos[chosen], axis=1)
    )
