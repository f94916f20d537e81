"""`pip install -e .`, the command an unbuilt checkout's ImportError names.

In a fresh venv, on a copy of the source tree: pip builds the core in place
(through the build-system requirements, fetched by pip), and the package then
imports from anywhere as the copy itself; the command runs; and the unbuilt
tree's own test passes beside the editable install.  Slow: a build and a
venv; needs the source tree, and PyPI (or its mirror) for pip.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]
README_EXAMPLE = ["equity", "AsAh2c3d", "7c7d4c5d", "--board", "KsQdJh"]
ELAPSED = re.compile(r", [0-9.]+ s$", re.MULTILINE)
# Left out of the copy: what a build or a test run leaves in a checkout.
NOT_SOURCE = shutil.ignore_patterns(
    ".git",
    "build",
    "dist",
    "*.so",
    "*.pyd",
    "_core.c",
    "__pycache__",
    "*.egg-info",
    ".hypothesis",
    ".benchmarks",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".venv",
)


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, encoding="utf-8")
    assert proc.returncode == 0, f"{shlex.join(cmd)}\n{(proc.stdout + proc.stderr)[-6000:]}"
    return proc.stdout


@pytest.mark.slow
@pytest.mark.skipif(
    not (ROOT / "setup.py").exists(), reason="needs the source tree (setup.py, pyproject.toml)"
)
def test_editable_install_builds_in_place_and_imports_from_anywhere(tmp_path: Path) -> None:
    source = tmp_path / "checkout"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = str(bindir / "python")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(VIRTUAL_ENV=str(venv), PATH=os.pathsep.join([str(bindir), env.get("PATH", "")]))
    env["OMAHA_EVAL_TEST_TIME_LIMIT"] = "off"  # the test run below is about imports, not time

    _run([python, "-m", "pip", "install", "-q", "-e", ".[test]"], source, env)

    code = "import omaha_eval, omaha_eval._core as c; print(omaha_eval.__file__); print(c.__file__)"
    where = _run([python, "-c", code], elsewhere, env).splitlines()
    package = (source / "omaha_eval").resolve()
    assert [Path(w).resolve().parent for w in where] == [package, package], where
    # the same table as the package under test prints (the run's time apart)
    shown = _run([str(bindir / "omaha-eval"), *README_EXAMPLE], elsewhere, env)
    expected = run_cli(*README_EXAMPLE, cwd=elsewhere).stdout
    assert ELAPSED.sub("", shown) == ELAPSED.sub("", expected) and "exact, 820 deals" in shown

    # The unbuilt tree's test, run by the venv's pytest with the editable
    # install's finder on its path (it made that test fail once).
    log = _run(
        [python, "-m", "pytest", "-p", "no:cacheprovider", "tests/test_source_tree_import.py"],
        source,
        env,
    )
    assert "1 passed" in log, log
