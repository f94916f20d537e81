"""Executable documentation and static checks, run as tests."""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import pkgutil
import re
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from optional_extras import tier

import omaha_eval

ROOT = Path(__file__).resolve().parents[1]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


# The package and every module in it, subpackages' included (walk_packages
# imports each package to look inside); __main__ would run the command.
MODULES = sorted(
    ["omaha_eval"]
    + [
        m.name
        for m in pkgutil.walk_packages(omaha_eval.__path__, "omaha_eval.")
        if m.name != "omaha_eval.__main__"
    ]
)


def _examples_of(name: str) -> str:
    """The `>>>` and `...` lines of a module's source."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    if not spec.origin.endswith(".py"):  # the compiled core: its examples are in _core.pyi's
        return ""
    source = Path(spec.origin).read_text(encoding="utf-8")
    return "\n".join(
        line for line in source.splitlines() if line.lstrip().startswith((">>>", "..."))
    )


@pytest.mark.parametrize("name", [pytest.param(m, marks=tier(_examples_of(m))) for m in MODULES])
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert result.failed == 0


def test_docstring_examples_cover_every_module_file():
    """The modules whose examples run are the package's files, at any depth."""
    package = Path(omaha_eval.__file__).parent
    files = set()
    for path in package.rglob("*"):
        if path.suffix == ".py" or path.name.endswith(tuple(EXTENSION_SUFFIXES)):
            parts = path.relative_to(package).with_name(path.name.split(".")[0]).parts
            files.add(".".join(("omaha_eval", *parts)).removesuffix(".__init__"))
    assert "omaha_eval.engine.players" in MODULES
    assert set(MODULES) == files - {"omaha_eval.__main__"}


def test_readme_json_table_lists_every_field_of_a_result():
    """The README's JSON table names exactly the keys of EquityResult.to_dict()
    (plus the command's notes): the results' fields are the one list."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
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


@pytest.mark.skipif(
    not (ROOT / "omaha_eval").is_dir(), reason="needs the source tree (omaha_eval/)"
)
def test_ruff_lint_is_clean():
    run = subprocess.run([*_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.skipif(
    not (ROOT / "omaha_eval").is_dir(), reason="needs the source tree (omaha_eval/)"
)
def test_ruff_format_leaves_every_file_as_it_is():
    """The code is laid out by the formatter (ruff format), not by hand."""
    run = subprocess.run(
        [*_tool("ruff"), "format", "--check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


# Places where a hand-made layout carries meaning (a table read by people)
# may keep the formatter off; a few at most, so that layout stays the
# formatter's.
MAX_FORMAT_SKIPS = 20


@pytest.mark.skipif(
    not (ROOT / "omaha_eval").is_dir(), reason="needs the source tree (omaha_eval/)"
)
def test_the_formatter_is_turned_off_in_few_places():
    found = []
    for path in ROOT.rglob("*.py"):
        if {"build", ".git"} & set(path.relative_to(ROOT).parts):
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}:{n}" for n in range(text.count("fmt: skip"))]
        found += [f"{path.relative_to(ROOT)}:off" for n in range(text.count("fmt: off"))]
    assert len(found) <= MAX_FORMAT_SKIPS, found


@pytest.mark.slow
def test_mypy_strict_is_clean():
    run = subprocess.run(_tool("mypy"), cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def _text_io_without_encoding(tree: ast.AST) -> list[int]:
    """Lines that open, read or write a text file with the locale's encoding
    (cp1252 on many Windows machines): open() not in a binary mode, path.open()
    given a text mode or text options, read_text() and write_text(), none
    passing encoding=.  (A bare x.open() is left alone, since batch's Output
    has one too: such reads are caught at run time, by the default tier's run
    in a cp1252 locale, tests/test_default_tier_locale.py.)"""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or any(k.arg == "encoding" for k in node.keywords):
            continue
        func, args = node.func, node.args
        mode = next((k.value for k in node.keywords if k.arg == "mode"), None)
        if isinstance(func, ast.Name) and func.id == "open":
            mode = args[1] if len(args) > 1 else mode
            text = len(args) < 4 and not (isinstance(mode, ast.Constant) and "b" in mode.value)
        elif isinstance(func, ast.Attribute) and func.attr == "open":
            mode = args[0] if args else mode
            text_mode = isinstance(mode, ast.Constant) and "b" not in mode.value
            text_options = any(k.arg in ("newline", "errors") for k in node.keywords)
            text = len(args) < 3 and (text_mode or text_options)
        elif isinstance(func, ast.Attribute) and func.attr == "read_text":
            text = not args
        elif isinstance(func, ast.Attribute) and func.attr == "write_text":
            text = len(args) < 2
        else:
            continue
        if text:
            lines.append(node.lineno)
    return lines


def test_text_files_are_opened_with_an_explicit_encoding():
    found = []
    for folder in ("omaha_eval", "tests", "tools", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            rel = path.relative_to(ROOT).as_posix()
            found += [f"{rel}:{line}" for line in _text_io_without_encoding(tree)]
    assert found == [], "pass encoding='utf-8' here"


def test_the_encoding_check_sees_every_form():
    code = """
open("a"); open("a", "w"); open("a", mode="r"); Path("a").open("w")
p.open(newline=""); p.read_text(); p.write_text("x")
open("a", "rb"); open("a", encoding="utf-8"); p.open("wb"); p.open(mode, buffering=0)
p.read_text("utf-8"); p.read_text(encoding="utf-8"); p.write_text("x", "utf-8"); out.open()
"""
    lines = _text_io_without_encoding(ast.parse(code))
    assert sorted(lines) == [2, 2, 2, 2, 3, 3, 3]
