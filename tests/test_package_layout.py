"""The package's layout, read from the source (issue 30, items 4 and 5):
no import cycle between modules, nor between the package's folders (a
folder's modules seen as one: the layers run one way); imports inside
functions only for the optional extras; no private name of another module
used; and in the query engine, a docstring in every file saying its job
and the checker's readers of quoted text agreeing with the type table."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha_eval.pql.check import READERS
from omaha_eval.pql.types import RULES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "omaha_eval"
PQL = PACKAGE / "pql"
pytestmark = pytest.mark.skipif(
    not (PQL / "syntax.py").exists(), reason="reads the source tree (omaha_eval/)"
)

# What may be imported inside a function: the optional extras (imported
# when a feature that needs one is used, so the package works without
# them), the web wing and the MCP server, which need the web and mcp extras,
# and one platform's modules; and the standard modules that only some calls
# need, imported by them so that `import omaha_eval` loads no more than a
# first equity() needs (tests/test_import_time.py).
OPTIONAL = (
    "matplotlib",
    "distributed",
    "dask",
    "pandas",
    "uvicorn",
    "starlette",
    "mcp",
    "omaha_eval.web",
    "omaha_eval.mcp",
    "msvcrt",
    "fcntl",
)
DEFERRED = (
    "concurrent.futures",  # the worker threads' pool, made by a run on more than one thread
    "importlib.metadata",  # where the package was installed from: an install hint's form
    "importlib.resources",  # the preflop orders' files, when a percent range is read
    "json",  # ... their file's header; and extras' install record
    "urllib.parse",  # ... the install record's path
    "html",  # a result shown as HTML (a notebook)
    "fractions",  # a percent range's bounds, read exactly
)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


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


def _is_type_checking(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def _run_time_imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports a module's top level runs (not under TYPE_CHECKING, not
    inside a function or class)."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            yield from _run_time_imports(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            yield from _run_time_imports(
                node.body + [s for h in node.handlers for s in h.body] + node.orelse
            )


def _top_imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import of a module's top level, those only for the type checker too."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            yield from _top_imports(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            yield from _top_imports(
                node.body + [s for h in node.handlers for s in h.body] + node.orelse
            )


def _graph(type_only: bool = False) -> dict[str, set[str]]:
    """Module -> the package modules its top level imports when it runs
    (`type_only`: and those it imports for the type checker)."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = set()
        for node in (_top_imports if type_only else _run_time_imports)(tree.body):
            found |= {m for m, _ in _imported(path, node) if m in MODULES}
        graph[name] = found - {name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[str]:
    """The nodes that reach themselves."""
    cycles = []
    for start in graph:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt == start:
                    cycles.append(start)
                elif nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return sorted(set(cycles))


def test_no_import_cycle_between_modules() -> None:
    assert _cycles(_graph()) == []


def test_no_import_cycle_between_modules_counting_type_only_imports() -> None:
    """A circle that only the type checker walks is still a circle: the two
    modules cannot be read, or moved, one without the other."""
    assert _cycles(_graph(type_only=True)) == []


def _folder(module: str) -> str:
    """The package's folder (subpackage) a module lies in; a module of the
    top level is a layer of its own."""
    parts = module.split(".")
    return ".".join(parts[:2])


def test_no_import_cycle_between_folders() -> None:
    """The layers run one way: no folder imports a module of a folder (or
    a top-level module) that imports it back, at any distance."""
    folders: dict[str, set[str]] = {}
    for module, imported in _graph().items():
        folders.setdefault(_folder(module), set()).update(
            f for f in map(_folder, imported) if f != _folder(module)
        )
    assert _cycles(folders) == []


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_imports_inside_functions_are_of_optional_extras_only() -> None:
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope in ast.walk(tree):
            if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for node in ast.walk(scope):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    for module, _ in _imported(path, node):
                        if not module.startswith(OPTIONAL + DEFERRED):
                            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {module}")
    assert found == []


def test_no_module_uses_a_private_name_of_another() -> None:
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = set()  # names bound to modules of the package
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for (module, name), a in zip(_imported(path, node), node.names, strict=True):
                    if name is not None and module.startswith("omaha_eval") and _private(name):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {module}.{name}")
                    if name is None and module.startswith("omaha_eval"):
                        aliases.add(a.asname or a.name.split(".")[0])
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and _private(node.attr)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value.id}.{node.attr}")
    assert found == []


def test_quoted_text_is_read_as_exactly_the_types_whose_rules_say_so() -> None:
    assert set(READERS) == {t for t, rules in RULES.items() if rules.quoted}


def test_every_pql_file_says_its_job() -> None:
    missing = [
        p.name
        for p in sorted(PQL.glob("*.py"))
        if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))
    ]
    assert missing == []


# The engine's own modules: the rest of the package goes through its face
# (omaha_eval/engine/__init__.py).
ENGINE_OWN = ("omaha_eval.engine.runner", "omaha_eval.engine.threads", "omaha_eval.engine.seeds")
# What starts a worker pool (only engine/threads.py and engine/executor.py may).
POOLS = ("ThreadPoolExecutor", "ProcessPoolExecutor", "multiprocessing.Pool", "get_context")
VIEWS = ("omaha_eval.study", "omaha_eval.solver", "omaha_eval.pql", "omaha_eval.cli")


def _every_import(path: Path) -> Iterator[str]:
    """Every module an import anywhere in a file names (functions too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield from (m for m, _ in _imported(path, node))


def test_nothing_outside_the_engine_imports_its_runner_threads_or_seeds() -> None:
    outside = {n: p for n, p in MODULES.items() if not n.startswith("omaha_eval.engine")}
    found = sorted(
        (name, module)
        for name, path in outside.items()
        for module in _every_import(path)
        if module in ENGINE_OWN
    )
    assert found == []


def test_nothing_outside_the_engine_starts_a_worker_pool() -> None:
    own = {"omaha_eval.engine.threads", "omaha_eval.engine.executor"}
    found = []
    for name, path in MODULES.items():
        if name in own:
            continue
        text = path.read_text(encoding="utf-8")
        found += [(name, pool) for pool in POOLS if pool in text]
    assert found == []


def test_the_engine_imports_no_view() -> None:
    engine = {n: p for n, p in MODULES.items() if n.startswith("omaha_eval.engine")}
    found = sorted(
        (name, module)
        for name, path in engine.items()
        for module in _every_import(path)
        if module.startswith(VIEWS)
    )
    assert found == []


def test_the_layout_test_sees_each_kind_of_import_it_forbids(tmp_path: Path) -> None:
    """The checks above read `from omaha_eval.engine import runner` and
    `import omaha_eval.engine.seeds` as the imports they are."""
    probe = PACKAGE / "study" / "probe_for_layout_test.py"
    source = "from omaha_eval.engine import runner\nimport omaha_eval.engine.seeds\n"
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found |= {m for m, _ in _imported(probe, node)}
    assert {"omaha_eval.engine.runner", "omaha_eval.engine.seeds"} <= found
