"""The command's exit codes, as docs/cli.md lists them: 0 done, 1 a failure
that is not the input's fault (an extra or data not installed, an output
file that cannot be written, a run that failed), 2 a usage error, 130
Ctrl-C."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from omaha_eval.cli import _shell, main
from omaha_eval.extras import install_hint

ROOT = Path(__file__).resolve().parents[1]
SPOT = ["equity", "AsAh2c3d", "7c7d4c5d", "--board", "Ks8d3c"]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.skipif(not (ROOT / "docs" / "cli.md").exists(), reason="needs the source tree")
def test_the_documented_codes_are_the_codes_used() -> None:
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    codes = [int(m) for m in re.findall(r"^\| (\d+) \|", table, re.MULTILINE)]
    assert codes == [0, _shell.EXIT_FAILURE, _shell.EXIT_BAD_INPUT, _shell.EXIT_INTERRUPTED]
    assert (_shell.EXIT_FAILURE, _shell.EXIT_BAD_INPUT, _shell.EXIT_INTERRUPTED) == (1, 2, 130)


def test_done_is_0() -> None:
    assert _run(*SPOT)[0] == 0


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AsAh2c3d", "7c7d4c5d", "--board", "KsKs8d"],  # a card twice
        ["equity", "AsAh2c3d", "--nonsense"],  # an unknown option
        ["equity", "AsAh2c3d", "7c7d4c5d", "--exact", "--monte-carlo"],  # options that exclude
        ["help", "nowhere"],  # not a page
        ["nonsense"],  # not a command
    ],
)
def test_a_usage_error_is_2(args: list[str]) -> None:
    code, output = _run(*args)
    assert code == 2, output
    assert len(output.strip().splitlines()) == 1 and "Traceback" not in output


def test_an_output_file_that_cannot_be_written_is_1(tmp_path: Path) -> None:
    spots = tmp_path / "spots.csv"
    spots.write_text("id,players\na,AsAh2c3d|KsKh4c5d\n", encoding="utf-8")
    code, output = _run("batch", str(spots), "-o", str(tmp_path / "missing" / "out.csv"))
    assert code == 1, output
    assert "--output" in output and "cannot write" in output


def test_a_missing_extra_is_1_and_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # the web extra is not installed
    code, output = _run("serve")
    assert code == 1, output
    assert "the web extra" in output and install_hint("web") in output


def test_the_mcp_server_without_its_extra_is_1_and_names_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the mcp extra is not installed: neither the SDK nor the server imported yet
    for name in [m for m in sys.modules if m.startswith(("mcp.", "omaha_eval.mcp"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "mcp", None)
    code, output = _run("mcp")
    assert code == 1, output
    assert "the mcp extra" in output and install_hint("mcp") in output
