"""Running the omaha-eval command as a user would: in a subprocess.

The subprocess runs ``python -m omaha_eval`` from a temporary directory (never
the repository root) with the package the tests import first on its path: the
installed package in CI, the in-place build in a worktree.
"""

from __future__ import annotations

import os
import select
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import omaha_eval
from omaha_eval.cli._shell import pipe_encoding

PACKAGE_PARENT = str(Path(omaha_eval.__file__).resolve().parent.parent)

# A test that bounds a process's resident memory cannot run under
# tools/sanitize.sh: ASan's shadow memory inflates it.
resident_memory_measured = pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""), reason="ASan's shadow memory inflates RSS"
)
REPO_ROOT = Path(__file__).resolve().parent.parent


# The source tree's 6-card orders (omaha_eval_orders), which pytest puts on
# sys.path (pyproject's pythonpath) and a command run from the tests must find too.
ORDERS = REPO_ROOT / "orders"
# What the command's output is decoded with (cp1252 on a Windows runner).
OUTPUT_ENCODING = pipe_encoding(os.environ)


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    paths = [PACKAGE_PARENT] + ([str(ORDERS)] if (ORDERS / "omaha_eval_orders").is_dir() else [])
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.pop("COLUMNS", None)
    return env


def cli_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "omaha_eval", *args]


def run_cli(
    *args: str, cwd: Path, timeout: float = 120, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    """Run `omaha-eval ARGS` to completion; stdin is closed, output captured
    (so stderr is not a terminal, as when piped)."""
    return _run(cli_command(*args), cwd, timeout, **kwargs)


def run_python(
    code: str, cwd: Path, timeout: float = 120, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    """Run `python -c CODE` as run_cli runs the command: from `cwd` (a
    temporary directory: never the repository root, whose source tree CI
    does not build), importing the package under test."""
    return _run([sys.executable, "-c", code], cwd, timeout, **kwargs)


def skip_unless_arguments_encode(argv: list[str]) -> None:
    """A POSIX system passes arguments as bytes of the locale's encoding:
    under a cp1252 or C locale, A♠ cannot be typed (Windows passes them as
    UTF-16, so there they run)."""
    try:
        for arg in argv:
            os.fsencode(arg)
    except UnicodeEncodeError as exc:
        pytest.skip(f"the arguments cannot be written in this system's encoding: {exc}")


def _run(
    argv: list[str], cwd: Path, timeout: float, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    skip_unless_arguments_encode(argv)
    return subprocess.run(
        argv,
        cwd=cwd,
        env=cli_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding=OUTPUT_ENCODING,
        timeout=timeout,
        **kwargs,
    )


def assert_one_line_error(
    proc: subprocess.CompletedProcess[str], *needles: str, code: int = 2
) -> None:
    """Exit code `code` (2: bad input; 1: a failure, such as an output that
    cannot be written), nothing on stdout, one line on stderr naming the problem."""
    assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def run_on_terminal(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run with stderr on a pseudo-terminal; returns (exit code, what it showed)."""
    if sys.platform == "win32":
        pytest.skip("needs a POSIX pseudo-terminal")
    import fcntl  # POSIX only, as are the two below
    import pty
    import termios

    master, slave = pty.openpty()
    # a terminal of 100 columns (a new pseudo-terminal has 0, where tqdm draws nothing)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen(
        cli_command(*args),
        cwd=cwd,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=slave,
        stdin=subprocess.DEVNULL,
    )
    os.close(slave)
    shown = b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            shown += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    proc.wait(timeout=60)
    assert proc.stdout is not None
    proc.stdout.close()
    return proc.returncode, shown.decode(errors="replace")


def wait_for_lines(path: Path, count: int, proc: subprocess.Popen[str], limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_text(encoding="utf-8").count("\n") >= count:
            return
        time.sleep(0.05)
    pytest.fail(f"{path.name} did not reach {count} lines (exit code {proc.poll()})")


def start_batch(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        cli_command("batch", *args),
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def group_gone(pgid: int, limit: float = 10.0) -> bool:
    """True once no process of the group is left (workers included)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def child_pids(pid: int) -> list[int]:
    """The pids of a process's children (Linux: /proc), for checking that
    they end with it."""
    tasks = Path(f"/proc/{pid}/task")
    if not tasks.is_dir():
        pytest.skip("needs /proc")
    return [
        int(c)
        for task in tasks.iterdir()
        for c in (task / "children").read_text(encoding="utf-8").split()
    ]


def pids_gone(pids: list[int], limit: float = 10.0) -> bool:
    """True once none of `pids` is running (a zombie waiting for its new
    parent to reap it has ended)."""

    def running(pid: int) -> bool:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
        except (FileNotFoundError, ProcessLookupError):
            return False
        return stat.rsplit(")", 1)[1].split()[0] != "Z"

    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if not any(running(pid) for pid in pids):
            return True
        time.sleep(0.05)
    return False


HELD_EQUITY = """\
\"\"\"omaha_eval.equity, except that a spot without a board waits while the
file 'hold' beside this module exists, deaf to the batch's stop event (as a
long loop of the engine would be).\"\"\"
import os, time
from omaha_eval import equity as library

HERE = os.path.dirname(os.path.abspath(__file__))
HOLD = os.path.join(HERE, "hold")

def equity(players, board="", dead="", **options):
    options.pop("stop", None)
    if not board and os.path.exists(HOLD):
        open(os.path.join(HERE, f"held-{os.getpid()}-{time.monotonic_ns()}"), "w").close()
        while os.path.exists(HOLD):
            time.sleep(0.01)
    return library(players, board, dead, **options)
"""

HELD_BATCH = """\
import sys
import held_equity
import omaha_eval.batch as batch
batch.library_equity = held_equity.equity  # what batch.run calls when given no equity
if __name__ == "__main__":  # spawned workers import this file too
    from omaha_eval.cli import main
    main(sys.argv[1:], prog_name="omaha-eval")
"""


def write_held_equity(folder: Path) -> None:
    """held_equity.py in `folder`, holding spots without a board while
    folder/'hold' exists."""
    (folder / "held_equity.py").write_text(HELD_EQUITY, encoding="utf-8")
    (folder / "hold").touch()


def held_spots(folder: Path) -> int:
    """How many spots held_equity has held so far."""
    return sum(1 for p in folder.iterdir() if p.name.startswith("held-"))


def start_held_batch(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    """`omaha-eval batch ARGS` in its own session, whose spots without a
    board run through held_equity (see write_held_equity)."""
    write_held_equity(tmp_path)
    (tmp_path / "held_batch.py").write_text(HELD_BATCH, encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, "held_batch.py", "batch", *args],
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def wait_until(condition: Any, proc: subprocess.Popen[str] | None, limit: float, what: str) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and (proc is None or proc.poll() is None):
        if condition():
            return
        time.sleep(0.02)
    pytest.fail(f"{what}: not within {limit} s (exit code {proc and proc.poll()})")
