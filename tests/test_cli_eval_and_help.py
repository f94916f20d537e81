"""The omaha-eval command, run in a subprocess: eval, help, errors."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, run_cli, run_python
from oracles import evaluator as ref

import omaha_eval


@pytest.mark.parametrize(
    ("hole", "board", "high_name", "low_name"),
    [
        # docs/rules.md worked examples 1 and 4
        ("A♦ K♦ 3♠ 2♠", "J♦ 4♦ 3♣ Q♦ 5♥", "Flush, ace high", "5-4-3-2-A"),
        ("As 2d Kc Kh", "3c 5h 8d Ks Qd", "Three of a kind, kings", "8-5-3-2-A"),
        # worked example 3: two low ranks on the board, no low for anyone
        ("Ah 2h 3h 5c", "4c 6h 9d Ks Qd", None, None),
    ],
)
def test_eval_text(
    tmp_path: Path, hole: str, board: str, high_name: str | None, low_name: str | None
) -> None:
    proc = run_cli("eval", hole, board, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    high_line, low_line = proc.stdout.splitlines()
    assert high_line.startswith("high  ")
    assert low_line.startswith("low   ")
    if high_name is not None:
        assert high_name in high_line
    if low_name is None:
        assert "none" in low_line
    else:
        assert low_name in low_line


@pytest.mark.slow
def test_eval_json_matches_reference(tmp_path: Path) -> None:
    """Random deals (seeded): the values and the five cards used agree with
    the plain-Python oracle."""
    rng = random.Random(5)
    for _ in range(6):
        deck = rng.sample(range(52), 11)
        k = rng.choice((4, 5, 6))
        hole, board = deck[:k], deck[6:11]
        text = lambda ids: " ".join(ref.RANKS[c // 4] + ref.SUITS[c % 4] for c in ids)  # noqa: E731
        proc = run_cli("eval", text(hole), text(board), "--json", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        doc = json.loads(proc.stdout)
        assert set(doc) == {"hole", "board", "high", "low"}
        high, low = ref.evaluate(hole, board)
        assert doc["high"]["value"] == high
        used = ref.cards(doc["high"]["cards"])
        assert ref.high_value(used) == high
        assert len(set(used) & set(hole)) == 2 and len(set(used) & set(board)) == 3
        if low == 0:
            assert doc["low"] is None
        else:
            assert doc["low"]["value"] == low
            used = ref.cards(doc["low"]["cards"])
            assert ref.low_value(used) == low
            assert len(set(used) & set(hole)) == 2 and len(set(used) & set(board)) == 3


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["eval", "AdKd3s", "JdQd4d3c5h"], ["HOLE:", "'AdKd3s'"]),
        (["eval", "AdKd3s2s", "JdQd4d3c5c6c"], ["BOARD:", "'JdQd4d3c5c6c'"]),
        (["eval", "AdKd3s2s", "JdQd4d3cXx"], ["BOARD:", "'Xx'"]),
        (["eval", "AdKd3s2s", "AdQd4d3c5c"], ["Ad", "hole", "board"]),
        (["eval", "AdKd3s2s"], ["BOARD"]),
        (["eval", "AdKd3s2s", "JdQd4d3c5h", "--bogus"], ["--bogus"]),
        (["nonsense"], ["nonsense"]),
        (["equity", "AsAh2c3d", "7c7d4c5d", "--trials", "0"], ["--trials"]),
        (["equity", "AsAh2c3d", "7c7d4c5d", "--game", "stud"], ["--game", "stud"]),
        (["batch", "spots.txt", "-o", "out.csv"], ["INPUT", "spots.txt"]),
        (["batch", "missing.csv", "-o", "out.csv"], ["INPUT", "missing.csv"]),
        (["batch", "spots.csv"], ["--output"]),
    ],
)
def test_bad_input_is_one_line_exit_2(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    (tmp_path / "spots.txt").write_text("id,players\n", encoding="utf-8")
    proc = run_cli(*args, cwd=tmp_path)
    assert_one_line_error(proc, *needles)


def test_bare_command_prints_help_with_the_commands(tmp_path: Path) -> None:
    proc = run_cli(cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.startswith("Usage: omaha-eval")
    commands = proc.stdout.split("Commands:")[1]
    assert all(name in commands for name in ("eval", "equity", "batch", "range"))


@pytest.mark.parametrize("command", [[], ["eval"], ["equity"], ["batch"], ["range"]])
def test_help_for_every_command_has_examples(tmp_path: Path, command: list[str]) -> None:
    proc = run_cli(*command, "--help", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Usage: omaha-eval")
    assert "Examples:" in proc.stdout
    for line in proc.stdout.split("Examples:")[1].splitlines():
        if line.strip().startswith("omaha-eval"):
            break
    else:
        pytest.fail("no example command line in --help")


def test_version(tmp_path: Path) -> None:
    proc = run_cli("--version", cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"omaha-eval, version {omaha_eval.__version__}"


def test_cli_runs_the_package_under_test(tmp_path: Path) -> None:
    """The subprocess imports the same omaha_eval as these tests (installed
    in CI, the in-place build in a worktree), not a stray copy."""
    code = "import omaha_eval, sys; sys.stdout.write(omaha_eval.__file__)"
    out = run_python(code, tmp_path, check=True).stdout
    assert Path(out).resolve() == Path(omaha_eval.__file__).resolve()


def _installed_script() -> str | None:
    """The omaha-eval console script, when the package under test is installed."""
    try:
        dist = metadata.distribution("omaha-eval")
    except metadata.PackageNotFoundError:
        return None
    if not any(ep.name == "omaha-eval" for ep in dist.entry_points):
        return None
    located = Path(str(dist.locate_file("omaha_eval/__init__.py"))).resolve()
    if located != Path(omaha_eval.__file__).resolve():
        return None  # installed elsewhere: not the package these tests import
    script = Path(sys.executable).parent / "omaha-eval"
    return str(script) if script.exists() else shutil.which("omaha-eval")


def test_console_script(tmp_path: Path) -> None:
    """The installed `omaha-eval` executable (CI installs the package)."""
    script = _installed_script()
    if script is None:
        pytest.skip("omaha-eval is not installed (source tree run); python -m omaha_eval is tested")
    proc = subprocess.run(
        [script, "eval", "AdKd3s2s", "JdQd4d3c5h"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Flush, ace high" in proc.stdout and "5-4-3-2-A" in proc.stdout
    bad = subprocess.run(
        [script, "eval", "AdKd3s2s", "JdQd"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert_one_line_error(bad, "BOARD")
