"""``omaha-eval split`` (omaha_eval/cli/split.py) and the split graph's
pictures (omaha_eval/study/split_plot.py): the rows the flags choose are the
library's rows, filtered and sorted as a plain loop over them does."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from cli_helpers import assert_one_line_error, run_cli, run_on_terminal

import omaha_eval as oe
from omaha_eval.cards import format_hands
from omaha_eval.cli import main
from omaha_eval.study.boards.columns import board_prototype, with_player_aliases
from omaha_eval.study.split import SPLIT_FIGURES, graph_prototype, split_graph
from omaha_eval.study.table.select import read_selection

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


# ------------------------------------------------ issue 47 items 1, 5 and 6


def test_the_text_says_the_method_the_trials_per_combo_and_the_seed(tmp_path: Path) -> None:
    sampled = run_cli(
        "split", HERO, VILLAIN, "-b", BOARD, "--monte-carlo", "-n", "300", "-s", "5", cwd=tmp_path
    )
    assert sampled.returncode == 0, sampled.stderr
    assert "monte-carlo, 300 trials per combo, seed 5, largest standard error" in sampled.stdout
    g = split_graph(HERO, VILLAIN, BOARD, exact=True)
    deals = sorted(set(g.trials.tolist()))
    exact = run_cli("split", HERO, VILLAIN, "-b", BOARD, "--top", "1", cwd=tmp_path)
    assert f"exact, {deals[0]:,} to {deals[-1]:,} deals per combo" in exact.stdout


def test_the_columns_the_sort_and_the_filter_read_are_shown(tmp_path: Path) -> None:
    args = ("--sort", "live_weight", "--where", "trials > 100 and makes_low > 0")
    proc = run_cli("split", HERO, VILLAIN, "-b", BOARD, *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    header, _, *rows = proc.stdout.split("\n\n")[1].splitlines()
    names = header.split()
    assert names[-2:] == ["live_weight", "trials"]  # the sort's, then the filter's
    g = split_graph(HERO, VILLAIN, BOARD)
    by_hand = dict(zip(format_hands(g.combos), g.live_weight.tolist(), strict=True))
    for row in rows:
        cells = row.split()
        assert float(cells[-2]) == pytest.approx(by_hand[cells[0]], rel=1e-5)


def test_boards_shows_the_column_it_sorts_by(tmp_path: Path) -> None:
    # issue 47: --sort lost_nut_low did not print it
    args = (
        "boards",
        "AsAh2c3d",
        "KcKd4c5d",
        "-b",
        "Jd4d8c9s",
        "--sort",
        "p2_nut_low",
        "--top",
        "4",
    )
    proc = run_cli(*args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    header, _, *rows = proc.stdout.split("\n\n")[1].splitlines()
    assert header.split()[-1] == "p2_nut_low"
    report = oe.board_report(["AsAh2c3d", "KcKd4c5d"], "Jd4d8c9s")
    want = sorted(report.figure("nut_low", 1).tolist(), reverse=True)[:4]
    assert [float(r.split()[-1].rstrip("%")) / 100 for r in rows] == pytest.approx(want, abs=5e-5)


@pytest.mark.parametrize(
    ("command", "prototype"),
    [
        ("split", graph_prototype()),
        ("boards", with_player_aliases(board_prototype(2, False))),
    ],
)
def test_the_help_s_filter_and_sort_examples_read_against_its_own_columns(
    command: str, prototype: dict[str, Any]
) -> None:
    # issue 47 item 6: split's --where help gave board report filters (pairing=paired)
    options = {o.name: o for o in main.commands[command].params}
    for name, param in (("where_text", "where"), ("sort_text", "sort")):
        given = (options[name].help or "").split("e.g.")[1].split("(")[0]
        examples = re.findall(r"'([^']+)'", given)
        assert len(examples) == 2, given
        for text in examples:
            read_selection(prototype, **{param: text})


def test_a_slow_graph_says_how_long_it_will_take(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import omaha_eval.cli.split as command

    monkeypatch.setattr(command, "SLOW", -1.0)  # every run counts as slow
    args = ["split", HERO, VILLAIN, "-b", BOARD, "--exact", "--top", "1"]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    assert "note: enumerating every deal of the 5 combos will take about 0 seconds" in out.output


@pytest.mark.slow  # a few seconds of the sweep, on a pseudo-terminal
def test_an_exact_graph_shows_its_progress_on_a_terminal(tmp_path: Path) -> None:
    # 15% against 15% on a flop: about 4 s of one core, past the bar's delay
    args = ["split", "15%", "15%", "-b", "Kh7d2c", "--exact", "-t", "1", "--top", "1"]
    code, shown = run_on_terminal(args, tmp_path)
    assert code == 0
    assert "combo" in shown and "/32799 [" in shown, shown  # done of all, with its time left
    code, shown = run_on_terminal([*args, "--quiet"], tmp_path)
    assert code == 0 and shown == ""
