"""The release workflow publishes once, and builds the versions the package claims.

.github/workflows/wheels.yml builds the sdist, the platform wheels and the
orders wheel (omaha-eval-orders, the 6-card orders: orders/ in the sdist)
and, on a published release, uploads them.  A run that publishes must not be cancelled
by, or run beside, another run of the same release; and the wheels must be
built for exactly the CPython versions the classifiers name.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "wheels.yml"

pytestmark = pytest.mark.skipif(
    not WORKFLOW.exists(), reason="needs the source tree (.github/workflows)"
)


def _workflow() -> dict[Any, Any]:
    doc: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return doc


def _triggers(doc: dict[Any, Any]) -> dict[str, Any]:
    # YAML 1.1 reads the key `on` as the boolean True.
    on: dict[str, Any] = doc.get("on", doc.get(True))
    return on


def test_only_a_published_release_publishes():
    jobs = _workflow()["jobs"]
    publishing = [
        name
        for name, job in jobs.items()
        if any("pypi-publish" in str(step.get("uses", "")) for step in job.get("steps", []))
    ]
    assert publishing == ["publish"]
    condition = jobs["publish"]["if"]
    assert "github.event_name == 'release'" in condition
    assert "github.event.action == 'published'" in condition
    assert set(jobs["publish"]["needs"]) == {"sdist", "orders", "wheels"}


def test_a_release_starts_one_run_that_is_never_cancelled():
    doc = _workflow()
    on = _triggers(doc)
    assert on["release"]["types"] == ["published"]
    # A tag push would start a second run for the same ref as the release.
    assert "tags" not in (on.get("push") or {})
    concurrency = doc["concurrency"]
    assert "github.event_name" in concurrency["group"]
    assert concurrency["cancel-in-progress"] == "${{ github.event_name == 'pull_request' }}"


def test_wheels_are_built_for_every_classified_python_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    classified = {
        m.group(1)
        for c in project["project"]["classifiers"]
        if (m := re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", c))
    }
    built = {
        m.group(1)
        for selector in project["tool"]["cibuildwheel"]["build"]
        if (m := re.fullmatch(r"cp3(\d+)-\*", selector))
    }
    assert built == classified
    lowest = re.fullmatch(r">=3\.(\d+)", project["project"]["requires-python"])
    assert lowest is not None and min(classified, key=int) == lowest.group(1)


def _cibuildwheel() -> dict[str, Any]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    cibw: dict[str, Any] = project["tool"]["cibuildwheel"]
    return cibw


def test_the_orders_wheel_is_built_from_the_sdist_tested_and_published():
    jobs = _workflow()["jobs"]
    orders = jobs["orders"]
    assert orders["needs"] == "sdist"
    steps = orders["steps"]
    script = "\n".join(str(step.get("run", "")) for step in steps)
    assert "python -m build --wheel --outdir dist src/orders" in script  # from the sdist
    assert "pip install dist/*.whl sdist/*.tar.gz" in script  # both, as users install them
    assert "tests/test_orders_package.py" in script
    uploads = [step for step in steps if "upload-artifact" in str(step.get("uses", ""))]
    assert [u["with"]["path"] for u in uploads] == ["dist/*.whl"]
    # publish downloads every artifact (no name: the sdist, the orders and the wheels)
    (download,) = [s for s in jobs["publish"]["steps"] if "download-artifact" in str(s.get("uses"))]
    assert "name" not in download["with"] and download["with"]["merge-multiple"] is True


def test_wheels_are_tested_with_the_orders_of_their_sdist():
    cibw = _cibuildwheel()
    assert cibw["before-test"] == "python -m pip install {project}/orders"
    assert (ROOT / "orders" / "pyproject.toml").exists()


def test_free_threaded_wheels_are_built():
    cibw = _cibuildwheel()
    assert "cp314t-*" in cibw["build"]
    first = (ROOT / "omaha_eval" / "_core.pyx").read_text(encoding="utf-8").splitlines()[0]
    assert "freethreading_compatible=True" in first


def test_wheels_run_the_whole_default_tier_with_the_test_extra():
    """Every platform's wheels run the default tier (no list of files, which
    would leave the CLI, batch and queries untested off Linux), with what it
    needs (the test extra)."""
    cibw = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "cibuildwheel"
    ]
    command = shlex.split(cibw["test-command"])
    assert command[:3] == ["python", "-m", "pytest"], command
    assert [a for a in command[3:] if not a.startswith("-") and a != "no:cacheprovider"] == [
        "tests"
    ], command
    assert "-m" not in command[3:]  # pyproject's addopts choose the tier: every test not slow
    assert cibw["test-extras"] == ["test"]
    assert "tests" in cibw["test-sources"] and "pyproject.toml" in cibw["test-sources"]


def test_every_action_is_pinned_by_commit_with_its_release_named():
    """A tag can be moved to other code; a commit cannot.  The comment names
    the release, which the update bot rewrites with the SHA."""
    pinned = re.compile(r"^\s*(?:- )?uses: ([\w.-]+/[\w./-]+)@([0-9a-f]{40})  # v\d+(\.\d+)*$")
    seen = 0
    for workflow in sorted((ROOT / ".github" / "workflows").glob("*.yml")):
        for line in workflow.read_text(encoding="utf-8").splitlines():
            if re.match(r"^\s*(?:- )?uses:", line):
                seen += 1
                assert pinned.match(line), (workflow.name, line)
    assert seen >= 10


def test_an_update_bot_watches_the_actions():
    config = yaml.safe_load((ROOT / ".github" / "dependabot.yml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    ecosystems = {u["package-ecosystem"]: u for u in config["updates"]}
    assert ecosystems["github-actions"]["directory"] == "/"
    assert ecosystems["github-actions"]["schedule"]["interval"] in {"daily", "weekly", "monthly"}
