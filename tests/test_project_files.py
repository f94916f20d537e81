"""The project files a release carries say what the package is.

CITATION.cff and CHANGELOG.md name the version written in
omaha_eval/_version.py, and the project metadata links to the changelog.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import omaha_eval

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    not (ROOT / "CITATION.cff").exists(), reason="needs the source tree (CITATION.cff)"
)


def test_citation_names_the_package_version():
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert citation["cff-version"] == "1.2.0"
    assert citation["version"] == omaha_eval.__version__
    assert citation["title"] and citation["authors"] and citation["license"] == "MIT"


def test_changelog_starts_with_the_package_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[([^\]]+)\]", text, flags=re.MULTILINE)
    assert versions and versions[0] == omaha_eval.__version__


def test_metadata_states_maturity_and_the_sdist_carries_the_changelog():
    """No [project.urls] to link the changelog (tests/test_links.py): the sdist
    carries it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(c.startswith("Development Status :: ") for c in project["classifiers"])
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert any(
        line.startswith("include ") and "CHANGELOG.md" in line.split()
        for line in manifest.splitlines()
    )
