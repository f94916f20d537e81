"""`import omaha_eval` from a source tree that is not built: one clear error
that says what to run (not a circular-import traceback)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(
    not (REPO_ROOT / "omaha_eval").is_dir(), reason="needs the source tree (omaha_eval/)"
)
def test_unbuilt_source_tree_says_what_to_run(tmp_path: Path) -> None:
    tree = tmp_path / "checkout"
    shutil.copytree(
        REPO_ROOT / "omaha_eval",
        tree / "omaha_eval",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "_core.c", "__pycache__"),
    )
    # -S: no site-packages.  An editable install (`pip install -e .`) of the
    # checkout under test puts a finder there that serves omaha_eval's
    # submodules, the compiled core included, to any omaha_eval package
    # missing them: the copy would import the built core of the checkout.
    proc = subprocess.run(
        [sys.executable, "-S", "-c", "import omaha_eval"],
        cwd=tree,  # the current directory comes first on sys.path, as from a checkout
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={"PATH": "", "PYTHONNOUSERSITE": "1"},
    )
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: omaha_eval: the compiled core is not built")
    assert "pip install -e ." in last and "circular" not in proc.stderr
