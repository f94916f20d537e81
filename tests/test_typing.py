"""The public API's types, as type checkers and stubtest see them.

mypy --strict and pyright (basedpyright in pyright's "standard" mode,
tests/typing/pyrightconfig.json) read tests/typing/user_script.py, a typed
use of the API, without an error, and refuse every misuse in
tests/typing/misuse_script.py: each of its statements is one misuse, and
each checker reports errors on exactly those lines.  No parameter of the
public callables is Any (tools/count_any_params.py).  stubtest finds what
mypy reads in the package to agree with it at run time (allowlist: Cython's
artefacts, tests/typing/stubtest_allowlist.txt), with the optional extras
hidden, so it needs none of them.
"""

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TYPING = ROOT / "tests" / "typing"
USER = TYPING / "user_script.py"
MISUSE = TYPING / "misuse_script.py"
# The optional extras' packages (pyproject.toml: plot, dask, test).
OPTIONAL = ("matplotlib", "distributed", "dask", "pandas")

slow = pytest.mark.slow  # each checker takes several seconds


def _tool(name: str) -> list[str]:
    exe = shutil.which(name)
    return [exe] if exe else [sys.executable, "-m", name]


def misuse_lines() -> set[int]:
    """The lines of misuse_script.py's statements after its imports: its calls."""
    tree = ast.parse(MISUSE.read_text(encoding="utf-8"))
    return {
        node.lineno
        for node in tree.body
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
    }


def mypy_error_lines(script: Path) -> tuple[set[int], int, str]:
    run = subprocess.run(
        [*_tool("mypy"), "--strict", "--no-error-summary", str(script.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    errors = re.finditer(r"^(.+?):(\d+): error:", run.stdout, re.M)
    lines = {int(m[2]) for m in errors if Path(m[1]).name == script.name}
    return lines, run.returncode, run.stdout + run.stderr


def pyright_error_lines(script: Path) -> tuple[set[int], int, str]:
    run = subprocess.run(
        [
            *_tool("basedpyright"),
            "--outputjson",
            "--pythonpath",
            sys.executable,
            "-p",
            str(TYPING / "pyrightconfig.json"),
            str(script),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    report = json.loads(run.stdout)
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    lines = {d["range"]["start"]["line"] + 1 for d in errors}
    return lines, run.returncode, run.stdout + run.stderr


def test_the_misuse_script_has_misuses():
    assert len(misuse_lines()) >= 20


@slow
@pytest.mark.parametrize("checker", [mypy_error_lines, pyright_error_lines])
def test_typed_use_of_the_api_passes(checker):
    lines, returncode, output = checker(USER)
    assert (lines, returncode) == (set(), 0), output


@slow
@pytest.mark.parametrize("checker", [mypy_error_lines, pyright_error_lines])
def test_each_misuse_is_one_error_line(checker):
    lines, returncode, output = checker(MISUSE)
    assert returncode == 1, output
    assert len(lines) == len(misuse_lines()), output
    assert lines == misuse_lines(), output


# stubtest run with the optional extras unimportable: what a user without
# them has (tests/typing/stubtest_mypy.ini has mypy skip them too).
_HIDDEN_RUN = """
import importlib.abc, sys

class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {hidden!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (hidden)", name=name)
        return None

sys.meta_path.insert(0, Hide())
from mypy.stubtest import main
sys.exit(main())
"""


@slow
def test_stubtest_passes_without_the_optional_extras(tmp_path):
    # run from outside the source tree: the package checked is the one the
    # tests import (installed, or the tree on PYTHONPATH), never a bare checkout
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            _HIDDEN_RUN.format(hidden=OPTIONAL),
            "omaha_eval",
            "--mypy-config-file",
            str(TYPING / "stubtest_mypy.ini"),
            "--allowlist",
            str(TYPING / "stubtest_allowlist.txt"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout


def test_the_optional_extras_are_hidden_from_that_run():
    code = _HIDDEN_RUN.format(hidden=OPTIONAL).replace(
        "from mypy.stubtest import main\nsys.exit(main())", "import pandas"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "No module named 'pandas' (hidden)" in run.stderr


def test_no_parameter_of_the_public_callables_is_any():
    """tools/count_any_params.py: every public parameter has a precise type."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "count_any_params.py"), "-v"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert re.search(r"parameters of the public callables: 0 Any,", run.stdout), run.stdout
