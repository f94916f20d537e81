"""The compiled core declares itself free-threading compatible, so that a
free-threaded CPython (3.14t) keeps the GIL off after importing it."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from cli_helpers import cli_env

PYX = Path(__file__).resolve().parents[1] / "omaha_eval" / "_core.pyx"
FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


@pytest.mark.skipif(not PYX.exists(), reason="needs the source tree")
def test_core_declares_free_threading_compatibility() -> None:
    first = PYX.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# cython:") and "freethreading_compatible=True" in first


@pytest.mark.skipif(not FREE_THREADED, reason="needs a free-threaded CPython (3.13t, 3.14t)")
def test_importing_the_core_keeps_the_gil_off(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-W",
            "error::RuntimeWarning",
            "-c",
            "import sys, omaha_eval, omaha_eval._core; print(sys._is_gil_enabled())",
        ],
        cwd=tmp_path,
        env=cli_env(),
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"
