"""Executable documentation and static checks, run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import omaha_eval

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_readme_examples_run():
    """Every ```python block of the README with >>> prompts runs as shown."""
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.DOTALL)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "README.md", None, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    assert runner.summarize(verbose=False).attempted > 0
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize(
    "name",
    sorted(
        m.name
        for m in pkgutil.iter_modules(omaha_eval.__path__, "omaha_eval.")
        if m.name != "omaha_eval.__main__"
    ),
)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert result.failed == 0


def test_readme_json_table_lists_every_field_of_a_result():
    """The README's JSON table names exactly the keys of EquityResult.to_dict()
    (plus the command's notes): the results' fields are the one list."""
    readme = (ROOT / "README.md").read_text()
    table = readme.split("### JSON output", 1)[1].split("All figures are fractions", 1)[0]
    keys = set()
    for cell in re.findall(r"^\| (.*?) \|", table, flags=re.M):
        keys |= {k.removeprefix("players[i].") for k in re.findall(r"`([\w.\[\]]+)`", cell)}
    result = omaha_eval.equity(["AsAh2c3d", "7c7d4c5d"], board="KsQdJh")
    documented = set(result.to_dict()) | set(result.to_dict()["players"][0]) | {"notes"}
    assert keys == documented


def _tool(name: str) -> list[str]:
    exe = shutil.which(name)
    return [exe] if exe else [sys.executable, "-m", name]


def test_ruff_lint_is_clean():
    run = subprocess.run([*_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.slow
def test_mypy_strict_is_clean():
    run = subprocess.run(_tool("mypy"), cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
