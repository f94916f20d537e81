"""``omaha-eval solve`` (omaha_eval/cli/solve.py): its table, JSON and CSV
are the library's solution of the same spot; bad input is one line naming
the flag or argument, exit 2; on a terminal a progress bar shows the
exploitability falling."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, run_cli, run_on_terminal

import omaha_eval as oe

BOARD = "Jd8c5h4s2h"
OOP = "AsAh3c6d@0.5, KcKd2c3d, 9s9h7c6c, As2s3s4d, QhJh9c9d, 6s7s8d8h"
IP = "Ac2d5c6h, AdKh7d7h@2, Th9h8s6h, 3h3s4c5s, KsQsJcTc"
SPOT = (BOARD, OOP, IP, "--pot", "100", "--stack", "150", "--raises", "none", "--target", "0.5%")


def _library() -> oe.RiverSolution:
    return oe.solve_river(
        BOARD, OOP, IP, pot=100, stack=150, raises=(), target_exploitability=0.005
    )


def test_the_table_is_the_library_s_solution(tmp_path: Path) -> None:
    proc = run_cli("solve", *SPOT, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    want = str(_library()).splitlines()
    got = proc.stdout.splitlines()
    assert got[:3] == want[:3]  # the spot and the EVs
    assert got[3].split(" after ")[0] == want[3].split(" after ")[0]  # the exploitability
    assert got[4:] == want[4:]  # the root strategy by class


def test_json_reads_back_as_the_library_s_solution(tmp_path: Path) -> None:
    proc = run_cli("solve", *SPOT, "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    back = oe.RiverSolution.from_dict(json.loads(proc.stdout))
    want = _library()
    assert back.to_dict() | {"elapsed": 0} == want.to_dict() | {"elapsed": 0}


def test_csv_is_a_row_per_node_and_combo(tmp_path: Path) -> None:
    proc = run_cli("solve", *SPOT, "--csv", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rows = list(csv.DictReader(io.StringIO(proc.stdout)))
    columns = _library().columns()
    assert list(rows[0]) == list(columns) and len(rows) == len(columns["line"])
    assert [r["hand"] for r in rows[:3]] == columns["hand"][:3]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--bets", "half"), "--bets:"),
        (("--bets", "400%"), "--bets:"),
        (("--ip-bets", "-1"), "--ip-bets:"),
        (("--target", "abc"), "--target"),
        (("--target", "200%"), "--target:"),
        (("--max-raises", "-1"), "--max-raises"),
        (("--json", "--csv"), "--json and --csv"),
        (("--game", "bridge"), "--game"),
        (("--dead", "Jd"), "--dead:"),
    ],
)
def test_bad_input_is_one_line_naming_the_flag(
    tmp_path: Path, args: tuple[str, ...], needle: str
) -> None:
    assert_one_line_error(run_cli("solve", *SPOT, *args, cwd=tmp_path), needle)


@pytest.mark.parametrize(
    ("spot", "needle"),
    [
        (("Jd8c5h",), "BOARD:"),
        ((BOARD, "AA@-2", IP), "OOP:"),
        ((BOARD, OOP, "Jd2c3c4c"), "IP:"),
    ],
)
def test_bad_arguments_name_the_argument(
    tmp_path: Path, spot: tuple[str, ...], needle: str
) -> None:
    full = (*spot, OOP, IP)[:3]
    proc = run_cli("solve", *full, "--pot", "100", "--stack", "150", cwd=tmp_path)
    assert_one_line_error(proc, needle)


@pytest.mark.slow
def test_a_terminal_shows_the_exploitability_falling(tmp_path: Path) -> None:
    code, shown = run_on_terminal(
        ["solve", *SPOT[:-2], "--target", "0.0001%", "--max-iterations", "3000"], tmp_path
    )
    assert code == 0 and "exploitability" in shown and "% of the pot" in shown


@pytest.mark.slow
def test_plot_draws_the_root_strategy(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="pictures need matplotlib (the plot extra)")
    proc = run_cli("solve", *SPOT, "--plot", "root.png", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "root.png").read_bytes()[:4] == b"\x89PNG"
