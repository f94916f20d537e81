"""Running the omaha-eval command as a user would: in a subprocess.

The subprocess runs ``python -m omaha_eval`` from a temporary directory (never
the repository root) with the package the tests import first on its path: the
installed package in CI, the in-place build in a worktree.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import omaha_eval

PACKAGE_PARENT = str(Path(omaha_eval.__file__).resolve().parent.parent)
REPO_ROOT = Path(__file__).resolve().parent.parent


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([PACKAGE_PARENT, env.get("PYTHONPATH", "")]).rstrip(
        os.pathsep
    )
    env.pop("COLUMNS", None)
    return env


def cli_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "omaha_eval", *args]


def run_cli(
    *args: str, cwd: Path, timeout: float = 120, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    """Run `omaha-eval ARGS` to completion; stdin is closed, output captured
    (so stderr is not a terminal, as when piped)."""
    return subprocess.run(
        cli_command(*args),
        cwd=cwd,
        env=cli_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        **kwargs,
    )


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *needles: str) -> None:
    """Exit code 2, nothing on stdout, one line on stderr naming the problem."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
