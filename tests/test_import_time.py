"""`import omaha_eval` loads what a first equity() needs and nothing else
(issue 49): batch, queries, the study views, the solver wing, pandas,
matplotlib and the web come on first use, through the package's module
`__getattr__`, with `__all__` and `dir()` as before and every name still
seen by type checkers.  The time itself is measured, not asserted:
benchmarks/bench_import.py (docs/benchmarks.md)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import omaha_eval

INIT = Path(omaha_eval.__file__)

# What `import omaha_eval` must not load: the parts only some calls need, and
# the optional extras' libraries.
HEAVY = (
    "omaha_eval.batch",
    "omaha_eval.pql",
    "omaha_eval.study",
    "omaha_eval.solver",
    "omaha_eval.web",
    "omaha_eval.mcp",
    "omaha_eval.plots",
    "pandas",
    "matplotlib",
    "starlette",
    "uvicorn",
    "mcp",
    "distributed",
    "importlib.metadata",  # an install hint's reading of the install record (9 ms)
    "concurrent.futures",  # the worker pool, made by a run on more than one thread
)


def _loaded_after(code: str) -> list[str]:
    """The modules a fresh interpreter holds after running `code`."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    names: list[str] = json.loads(out)
    return names


def _heavy(names: list[str]) -> list[str]:
    return [m for m in names if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_import_loads_no_heavy_module() -> None:
    assert _heavy(_loaded_after("import omaha_eval")) == []


def test_a_first_equity_loads_no_heavy_module_either() -> None:
    """What the import leaves out is what a first equity() does not need:
    an exact run and a seeded Monte Carlo run load none of it."""
    code = (
        "import omaha_eval as oe\n"
        "oe.equity(['AsAh2c3d', '7c7d4c5d'], board='Ks8d3c')\n"
        "oe.equity(['AsAh2c3d', '15%'], trials=2000, seed=1, threads=1)"
    )
    assert _heavy(_loaded_after(code)) == []


def test_a_lazy_name_loads_its_own_part_only() -> None:
    loaded = _loaded_after("import omaha_eval\nomaha_eval.query")
    assert "omaha_eval.pql" in loaded
    assert not [m for m in loaded if m.startswith(("omaha_eval.study", "omaha_eval.batch"))]


def _lazy_table() -> dict[str, str]:
    table: dict[str, str] = omaha_eval._LAZY  # the table itself, read as the package reads it
    return table


def _type_checking_imports() -> dict[str, str]:
    """Name -> module of the imports under `if TYPE_CHECKING:` in
    omaha_eval/__init__.py (a submodule imported by name: its own path)."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom) and imp.module is not None
                for alias in imp.names:
                    whole = f"{imp.module}.{alias.name}"
                    found[alias.name] = whole if imp.module == "omaha_eval" else imp.module
    return found


def test_the_lazy_table_and_the_type_checkers_imports_agree() -> None:
    assert _type_checking_imports() == _lazy_table()


def test_every_lazy_name_is_exported_and_not_imported_eagerly() -> None:
    assert set(_lazy_table()) <= set(omaha_eval.__all__)
    source = INIT.read_text(encoding="utf-8")
    tree = ast.parse(source)
    eager = {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert not eager & set(_lazy_table())


@pytest.mark.parametrize("name", sorted(omaha_eval.__all__))
def test_every_exported_name_is_its_modules_object(name: str) -> None:
    value = getattr(omaha_eval, name)
    where = _lazy_table().get(name)
    if where is not None:
        module = sys.modules[where]
        assert value is (module if where == f"omaha_eval.{name}" else getattr(module, name))
    assert name in dir(omaha_eval)


def test_dir_lists_the_names_not_imported_yet() -> None:
    code = "import omaha_eval\nprint(' '.join(dir(omaha_eval)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert set(omaha_eval.__all__) <= set(out)


def test_star_import_gives_every_exported_name() -> None:
    namespace: dict[str, object] = {}
    exec("from omaha_eval import *", namespace)
    assert set(omaha_eval.__all__) <= set(namespace)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        omaha_eval.no_such_name  # noqa: B018
    assert not hasattr(omaha_eval, "no_such_name")
