"""The documentation pages the package ships: docs/ holds the one copy of
each, the wheel carries them as package data (setup.py's build_py copies
docs/*.md to omaha_eval/_docs/), and a source tree reads docs/ itself.
``omaha-eval help`` prints them and the web's Query page takes its examples
from them."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from omaha_eval.errors import OmahaEvalError

__all__ = ["page_names", "page_source", "page_title"]


def _folder() -> Path | None:
    """Where the pages are: the package's _docs/, else a source tree's docs/."""
    shipped = resources.files("omaha_eval") / "_docs"
    if shipped.is_dir():
        return Path(str(shipped))
    root = Path(__file__).resolve().parents[1]
    return root / "docs" if (root / "mkdocs.yml").is_file() else None


def page_names() -> list[str]:
    """The name of every page shipped (docs/<name>.md), sorted."""
    folder = _folder()
    return sorted(p.stem for p in folder.glob("*.md")) if folder is not None else []


def page_title(name: str) -> str:
    """A page's title: its first heading's text."""
    for line in page_source(name).splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return name


def page_source(name: str) -> str:
    """docs/<name>.md as shipped in the package, else from the source tree
    (OmahaEvalError about `page` when neither holds it)."""
    shipped = resources.files("omaha_eval") / "_docs" / f"{name}.md"
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    root = Path(__file__).resolve().parents[1]  # a source tree (or an editable install of it)
    source = root / "docs" / f"{name}.md"
    if (root / "mkdocs.yml").is_file() and source.is_file():
        return source.read_text(encoding="utf-8")
    raise OmahaEvalError(
        f"the page {name!r} is not installed with this copy of omaha_eval "
        f"(expected {shipped}); reinstall the package",
        param="page",
        value=name,
    )
