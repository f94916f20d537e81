"""``omaha-eval split`` (omaha_eval/cli/split.py) and the split graph's
pictures (omaha_eval/study/split_plot.py): the rows the flags choose are the
library's rows, filtered and sorted as a plain loop over them does."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import assert_one_line_error, run_cli

from omaha_eval.cards import format_hands
from omaha_eval.study.split import SPLIT_FIGURES, split_graph

HERO = "AsAh2c3d, AcAd2s4s@0.5, Ac2c3h4h, 7c7d8c9d, Ad2d3c4s, 5c6c7h8h"
VILLAIN = "QsQc5s6h@0.5, JhTh9s8s, KcKd7h6h"
BOARD = "Kh8d2d3s"


def test_json_is_the_graph_column_wise_with_where_sort_and_top(tmp_path: Path) -> None:
    args = (
        "split",
        HERO,
        VILLAIN,
        "-b",
        BOARD,
        "--where",
        "makes_low > 0.5",
        "--sort",
        "lo_share",
        "--top",
        "2",
        "--json",
    )
    proc = run_cli(*args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    g = split_graph(HERO, VILLAIN, BOARD)
    hands = format_hands(g.combos)
    # the plain reference: every combo, filtered, sorted by lo share (highest first)
    chosen = [i for i in range(len(hands)) if g.makes_low[i] > 0.5]
    chosen.sort(key=lambda i: -g.lo_share[i])
    assert data["rows"] == chosen[:2]
    assert data["columns"]["hand"] == [hands[i] for i in chosen[:2]]
    for name in SPLIT_FIGURES:
        assert data["columns"][name] == [float(getattr(g, name)[i]) for i in chosen[:2]]
        assert data["means"][name] == pytest.approx(g.mean(name), abs=1e-15)
    assert data["method"] == "exact" and data["combos"] == len(hands)


def test_csv_has_a_row_per_combo_sorted_by_equity(tmp_path: Path) -> None:
    proc = run_cli("split", HERO, VILLAIN, "-b", BOARD, "--csv", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rows = list(csv.DictReader(io.StringIO(proc.stdout)))
    g = split_graph(HERO, VILLAIN, BOARD)
    assert len(rows) == len(g.combos)
    equity = [float(r["equity"]) for r in rows]
    assert equity == sorted(equity, reverse=True)
    assert sorted(equity) == sorted(g.equity.tolist())
    assert set(rows[0]) >= {"hand", "weight", *SPLIT_FIGURES, "stderr", "live_weight"}


def test_table_says_the_range_means(tmp_path: Path) -> None:
    proc = run_cli("split", HERO, VILLAIN, "-b", BOARD, "--top", "3", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    g = split_graph(HERO, VILLAIN, BOARD)
    assert f"equity {100 * g.range_equity:.2f}%" in proc.stdout
    table = proc.stdout.split("\n\n")[1].splitlines()
    hands = format_hands(g.combos[np.argsort(-g.equity, kind="stable")[:3]])
    assert [line.split()[0] for line in table[2:]] == hands  # under the header and its rule


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (("--where", "scop > 1"), ("--where", "scop")),
        (("--sort", "nothing"), ("--sort", "nothing")),
        (("--top", "0"), ("--top",)),
        (("--trials", "0"), ("--trials",)),
        (("--json", "--csv"), ("--json", "--csv")),
    ],
)
def test_bad_flags_get_one_line_naming_the_flag(
    tmp_path: Path, args: tuple[str, ...], needles: tuple[str, ...]
) -> None:
    proc = run_cli("split", HERO, VILLAIN, "-b", BOARD, *args, cwd=tmp_path)
    assert_one_line_error(proc, *needles)


def test_a_card_twice_is_the_equity_error(tmp_path: Path) -> None:
    proc = run_cli("split", "AsAh2c3d", "AsKd4c5d", cwd=tmp_path)
    assert_one_line_error(proc, "As")


@pytest.mark.slow  # draws with matplotlib (the plot extra, in test-slow)
def test_pictures_are_the_graph(tmp_path: Path) -> None:
    from omaha_eval.plots import save_figure
    from omaha_eval.study.split_plot import CURVES, plot_split, plot_split_map

    g = split_graph(HERO, VILLAIN, BOARD)
    fig = plot_split(g)
    curves = fig.axes[0].lines
    assert len(curves) == len(CURVES)
    for line, name in zip(curves, CURVES, strict=True):
        x, y = g.curve(name)
        np.testing.assert_allclose(line.get_xdata(), 100 * x)
        np.testing.assert_allclose(line.get_ydata(), 100 * y)
    points = plot_split_map(g).axes[0].collections[0].get_offsets()
    np.testing.assert_allclose(np.asarray(points), 100 * np.column_stack([g.hi_share, g.lo_share]))
    assert save_figure(fig, tmp_path / "split.svg").stat().st_size > 0
    proc = run_cli(
        "split", HERO, VILLAIN, "-b", BOARD, "--plot", str(tmp_path / "s.png"), cwd=tmp_path
    )
    assert proc.returncode == 0 and (tmp_path / "s.png").stat().st_size > 0, proc.stderr


def test_a_where_nested_250_deep_is_an_error_naming_the_flag(tmp_path: Path) -> None:
    # issue 45 item 3a: a RecursionError, a 3,000-line traceback
    nested = "(" * 250 + "scoop>0" + ")" * 250
    proc = run_cli("split", HERO, VILLAIN, "-b", BOARD, "--where", nested, cwd=tmp_path)
    assert_one_line_error(proc, "--where: column 51: ", "nested more than")
