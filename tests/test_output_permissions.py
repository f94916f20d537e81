"""Every file the package writes follows the umask, as a file made by
open() does (issue 49: the --plot pictures came out 0o600 whatever the
umask): a new file gets 0o666 less the umask, a file written over keeps its
permissions.  The writers: pictures (plots.save_figure, through
_files.write_whole; the commands' --plot) and batch outputs (a new file
appended to, a resumed file rewritten beside itself)."""

from __future__ import annotations

import ast
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import run_cli

import omaha_eval
from omaha_eval._files import write_whole
from omaha_eval.batch.files import Output

UMASKS = [0o022, 0o077]
PACKAGE = Path(omaha_eval.__file__).parent


@pytest.fixture(params=UMASKS, ids=lambda m: f"umask{m:03o}")
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    mask: int = request.param
    before = os.umask(mask)
    try:
        yield mask
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _write_text(text: str) -> object:
    return lambda path: Path(path).write_text(text, encoding="utf-8")


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "picture.svg"
    write_whole(target, _write_text("<svg/>"))
    assert target.read_text(encoding="utf-8") == "<svg/>"
    assert _mode(target) == 0o666 & ~umask
    assert [p.name for p in tmp_path.iterdir()] == ["picture.svg"]  # nothing left beside it


def test_a_file_written_over_keeps_its_mode(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "picture.svg"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_whole(target, _write_text("new"))
    assert target.read_text(encoding="utf-8") == "new" and _mode(target) == 0o640


def test_a_failed_write_leaves_the_old_file_and_nothing_beside_it(tmp_path: Path) -> None:
    target = tmp_path / "picture.png"
    target.write_bytes(b"old")

    def fails(path: Path) -> None:
        path.write_bytes(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        write_whole(target, fails)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["picture.png"]


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_a_new_batch_output_gets_the_mode_the_umask_gives(
    tmp_path: Path, umask: int, suffix: str
) -> None:
    path = tmp_path / f"out{suffix}"
    out = Output(path, n_players=2)
    out.open()
    out.close()
    assert _mode(path) == 0o666 & ~umask


def test_a_resumed_batch_output_keeps_its_mode(tmp_path: Path, umask: int) -> None:
    """A resume that takes records out rewrites the file beside itself:
    the file keeps the mode it had, whatever the umask."""
    path = tmp_path / "out.jsonl"
    failed = '{"id": "a", "status": "failed", "error": "internal"}\n'
    kept = '{"id": "b", "status": "error", "error": "board: expected 3 to 5 cards"}\n'
    path.write_text(failed + kept, encoding="utf-8")
    path.chmod(0o604)
    out = Output(path, n_players=2)  # the failed record goes: the rest is rewritten
    out.close()
    assert out.done == {"b"}
    assert path.read_text(encoding="utf-8") == kept and _mode(path) == 0o604


@pytest.mark.slow  # draws with matplotlib (the plot extra, in test-slow)
def test_a_picture_of_the_command_line_gets_the_mode_the_umask_gives(
    tmp_path: Path, umask: int
) -> None:
    pytest.importorskip("matplotlib")
    proc = run_cli("equity", "AA:$ds", "KcKd4c5d", "-b", "Ks7d2h", "--plot", "x.png", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert _mode(tmp_path / "x.png") == 0o666 & ~umask


@pytest.mark.slow
def test_save_figure_follows_the_umask(tmp_path: Path, umask: int) -> None:
    pytest.importorskip("matplotlib")
    from omaha_eval.plots import new_figure, save_figure

    path = save_figure(new_figure(1, 1), tmp_path / "x.svg")
    assert _mode(path) == 0o666 & ~umask
    path.chmod(0o600)
    save_figure(new_figure(1, 1), path)  # written over: its own mode stays
    assert _mode(path) == 0o600


# What makes a file only its owner can read, whatever the umask.
OWNER_ONLY = ("mkstemp", "NamedTemporaryFile", "mkdtemp", "TemporaryDirectory")


def test_no_module_makes_files_the_umask_does_not_govern() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
            if name in OWNER_ONLY:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {name}")  # type: ignore[attr-defined]
    assert found == []
