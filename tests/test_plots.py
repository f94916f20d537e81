"""Pictures (omaha_eval/plots.py, omaha-eval equity --plot): real PNG and SVG
files of the size asked, whose plotted data are the computed arrays."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import assert_one_line_error, run_cli, run_python

import omaha_eval as oe
from omaha_eval.extras import install_hint
from omaha_eval.plots import plot_breakdown, plot_distributions, plot_spot, save_figure
from omaha_eval.solver.distribution import equity_distribution

HERO, VILLAIN, BOARD = "AA:$ds", "KcKd4c5d", "Ks7d2h"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.slow  # draws with matplotlib (the plot extra, in test-slow)
def test_distribution_curve_is_the_computed_curve(tmp_path: Path) -> None:
    d = equity_distribution(HERO, VILLAIN, BOARD)
    fig = plot_distributions([d], "a spot")
    (line,) = fig.axes[0].lines
    x, y = d.curve()
    np.testing.assert_allclose(line.get_xdata(), 100 * x)
    np.testing.assert_allclose(line.get_ydata(), 100 * y)
    assert fig.axes[0].get_xlabel().startswith("share of the range")
    path = save_figure(fig, tmp_path / "curve.png")
    assert png_size(path) == (700, 450)  # 7 x 4.5 inches at 100 dpi


@pytest.mark.slow  # draws with matplotlib (the plot extra, in test-slow)
def test_breakdown_bars_are_the_breakdown(tmp_path: Path) -> None:
    r = oe.equity([HERO, VILLAIN], BOARD)
    fig = plot_breakdown(r, "a spot")
    bars = fig.axes[0].patches
    names = list(r.players[0].breakdown)
    heights = [b.get_height() for b in bars]
    want = [100 * p.breakdown[n] for p in r.players for n in names]
    np.testing.assert_allclose(heights, want)
    svg = save_figure(fig, tmp_path / "bars.svg")
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and root.get("width") == "576pt"  # 8 inches


@pytest.mark.slow  # draws with matplotlib (the plot extra, in test-slow)
def test_spot_figure_holds_both() -> None:
    r = oe.equity([HERO, VILLAIN], BOARD)
    d = equity_distribution(HERO, VILLAIN, BOARD)
    fig = plot_spot(r, [d], "x")
    assert len(fig.axes) == 2 and fig.axes[0].lines and fig.axes[1].patches


@pytest.mark.slow
def test_command_line_draws_the_file(tmp_path: Path) -> None:
    proc = run_cli(
        "equity", HERO, VILLAIN, "-b", BOARD, "--breakdown", "--plot", "spot.png", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert png_size(tmp_path / "spot.png") == (800, 900)  # two panels of 8 x 4.5 inches
    assert "note: pictures drawn to spot.png" in proc.stdout
    assert_one_line_error(
        run_cli("equity", HERO, VILLAIN, "*", "-b", BOARD, "--plot", "x.png", cwd=tmp_path),
        "--plot: equity distributions are drawn for heads-up spots only",
    )
    assert_one_line_error(
        run_cli("equity", HERO, VILLAIN, "--plot", "x.gif", cwd=tmp_path), "--plot", ".png or .svg"
    )


def test_without_matplotlib_the_option_says_what_to_install(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['matplotlib'] = None; sys.modules['matplotlib.figure'] = None\n"
        "from omaha_eval.cli import main\n"
        f"main(['equity', '{HERO}', '{VILLAIN}', '-b', '{BOARD}', '--plot', 'x.png'],"
        " prog_name='omaha-eval')"
    )
    proc = run_python(code, tmp_path)
    assert proc.returncode == 1 and install_hint("plot") in proc.stderr, proc.stderr
    assert not (tmp_path / "x.png").exists()


@pytest.mark.slow  # draws with matplotlib (the plot extra, in test-slow)
def test_a_river_solution_picture_has_a_bar_a_class_and_action() -> None:
    # here with the other pictures: tools/sanitize.sh leaves matplotlib out
    solution = oe.solve_river(
        "Kh Qd 7c 4s 2d",
        "KsKdAs3s, Ac3c5h6h, Ah3d9c9h, JcTc9d9s",
        "AdKc3c9s, Ac5d9c9d@0.5",
        pot=100,
        stack=200,
        max_iterations=40,
    )
    fig = solution.plot()
    summary = solution.summary()
    bars = fig.axes[0].patches
    assert len(bars) == len(summary.rows) * len(summary.actions)
