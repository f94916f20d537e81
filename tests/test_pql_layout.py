"""The query engine's layout (issue 30, items 4 and 5), read from the source:
no import cycle through omaha_eval/pql, no import inside a function there
(the one left is the run options' block, which moves to the engine's plan),
no private name of another module used there, a docstring in every file
saying its job, and the checker's readers of quoted text agreeing with the
type table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from omaha_eval.pql.check import READERS
from omaha_eval.pql.types import RULES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "omaha_eval"
PQL = PACKAGE / "pql"
pytestmark = pytest.mark.skipif(not (PQL / "syntax.py").exists(),
                                reason="reads the source tree (omaha_eval/pql/)")  # fmt: skip

# Imports inside functions that stay, and why: (file, module imported).
INSIDE_FUNCTIONS: set[tuple[str, str]] = set()


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_module(name: str) -> bool:
    return name in MODULES or (ROOT / Path(*name.split("."))).with_suffix(".pyx").exists()


def _imported(path: Path, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str | None]]:
    """(module, name taken from it or None) of an import statement, the
    module resolved as Python resolves it (a name that is a submodule: that
    module)."""
    if isinstance(node, ast.Import):
        return [(a.name, None) for a in node.names]
    base = node.module or ""
    if node.level:
        package = _module_name(path).split(".")
        if path.name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, *([base] if base else [])])
    found: list[tuple[str, str | None]] = []
    for a in node.names:
        sub = f"{base}.{a.name}"
        found.append((sub, None) if _is_module(sub) else (base, a.name))
    return found


def _graph() -> dict[str, set[str]]:
    """Module -> the package modules its top level imports."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found |= {m for m, _ in _imported(path, node) if m in MODULES}
        graph[name] = found - {name}
    return graph


def test_no_import_cycle_runs_through_pql() -> None:
    graph = _graph()
    cycles = []
    for start in (m for m in graph if m.startswith("omaha_eval.pql")):
        # the modules reachable from start that reach it back
        seen, todo = set(), [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt == start:
                    cycles.append(start)
                elif nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    assert sorted(set(cycles)) == []


def _pql_sources() -> list[Path]:
    return sorted(PQL.glob("*.py"))


def test_no_import_inside_a_function_in_pql() -> None:
    found = []
    for path in _pql_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope in ast.walk(tree):
            if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for node in ast.walk(scope):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    for module, _ in _imported(path, node):
                        if (path.name, module) not in INSIDE_FUNCTIONS:
                            found.append(f"{path.name}:{node.lineno}: {module}")
    assert found == []


def test_pql_uses_no_private_name_of_another_module() -> None:
    found = []
    for path in _pql_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = set()  # names bound to imported modules
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for (module, name), a in zip(_imported(path, node), node.names, strict=True):
                    if name is not None and name.startswith("_"):
                        found.append(f"{path.name}:{node.lineno}: {module}.{name}")
                    if name is None:
                        aliases.add(a.asname or a.name.split(".")[0])
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in aliases and node.attr.startswith("_")):  # fmt: skip
                found.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert found == []


def test_quoted_text_is_read_as_exactly_the_types_whose_rules_say_so() -> None:
    assert set(READERS) == {t for t, rules in RULES.items() if rules.quoted}


def test_every_pql_file_says_its_job() -> None:
    missing = [p.name for p in _pql_sources()
               if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]  # fmt: skip
    assert missing == []
