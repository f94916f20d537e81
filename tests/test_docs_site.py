"""The documentation site (mkdocs.yml, docs/) builds with warnings as errors,
lists every page, and its references cover the package's exports and commands.

Needs the docs extra (in the test extra, so CI runs it) and the source tree;
the site documents the installed package (the CLI reference imports it).
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import omaha_eval

ROOT = Path(__file__).resolve().parents[1]
DOCS_EXTRA = "the docs extra is not installed: pip install '.[docs]'"

pytestmark = pytest.mark.skipif(
    not (ROOT / "mkdocs.yml").exists(), reason="needs the source tree (mkdocs.yml)"
)


def _nav_pages(nav: list[object]) -> list[str]:
    pages: list[str] = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            pages += _nav_pages(value)
        elif isinstance(value, str) and not re.match(r"[a-z]+://", value):
            pages.append(value)
    return pages


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built once, `mkdocs build --strict`: its directory."""
    for module in ("mkdocs", "mkdocstrings", "mkdocstrings_handlers.python", "mkdocs_click"):
        pytest.importorskip(module, reason=DOCS_EXTRA)
    out = tmp_path_factory.mktemp("site")
    # Run from outside the source tree, so that the CLI reference imports the
    # installed package (python -m puts the working directory on sys.path).
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
         str(ROOT / "mkdocs.yml"), "--site-dir", str(out)],
        cwd=out.parent,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )  # fmt: skip
    assert run.returncode == 0, f"mkdocs build --strict failed:\n{run.stdout}{run.stderr}"
    return out


def _text(site: Path, page: str) -> str:
    return html.unescape((site / page / "index.html").read_text(encoding="utf-8"))


def test_docs_nav_lists_every_page_and_the_owned_references():
    yaml = pytest.importorskip("yaml", reason=DOCS_EXTRA)
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = _nav_pages(config["nav"])
    missing = [page for page in pages if not (ROOT / "docs" / page).exists()]
    assert missing == [], "pages in mkdocs.yml's nav that are not in docs/"
    on_disk = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    assert sorted(pages) == on_disk
    for page in ("index.md", "rules.md", "ranges.md", "pql.md", "cli.md", "api.md", "solver.md",
                 "batch.md", "benchmarks.md"):  # fmt: skip
        assert page in pages


@pytest.mark.slow
def test_docs_site_builds_strict(site):
    for page in ("rules", "ranges", "pql", "cli", "api", "solver", "batch", "benchmarks"):
        assert (site / page / "index.html").exists(), page
    assert (site / "index.html").exists()


@pytest.mark.slow
def test_docs_api_reference_has_every_export(site):
    text = (site / "api" / "index.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'id="([\w.]+)"', text))
    missing = [name for name in omaha_eval.__all__
               if not any(a == f"omaha_eval.{name}" or a.endswith(f".{name}") for a in anchors)]  # fmt: skip
    assert missing == []


@pytest.mark.slow
def test_docs_cli_reference_has_every_command(site):
    from omaha_eval.cli import main

    text = _text(site, "cli")
    for name, command in main.commands.items():
        assert f"omaha-eval {name}" in text, name
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("--"):
                    assert opt in text, f"{name} {opt}"
