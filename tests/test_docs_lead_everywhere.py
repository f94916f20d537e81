"""A new user finds every capability from the README and from the docs'
first page: each command of the ``omaha-eval`` group (read from the group,
so a command added later is checked too), each page of docs/, and each
extra with the command that installs it.  A failure names what to add and
where."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from omaha_eval.cli import main
from omaha_eval.extras import EXTRAS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
INDEX = ROOT / "docs" / "index.md"
pytestmark = pytest.mark.skipif(
    not (ROOT / "mkdocs.yml").exists(), reason="needs the source tree (README.md, docs/)"
)
CAPABILITIES = "## What it does, and what each part needs"  # the README's map


def _section(text: str, heading: str) -> str:
    """The text under `heading`, up to the next heading of its level."""
    assert heading in text, f"missing the section {heading!r}"
    level = heading.split(" ")[0]
    rest = text.split(heading, 1)[1]
    return re.split(rf"\n{level} ", rest)[0]


def _readme_map() -> str:
    return _section(README.read_text(encoding="utf-8"), CAPABILITIES)


def _index() -> str:
    return INDEX.read_text(encoding="utf-8")


def _pages() -> list[str]:
    return sorted(p.stem for p in (ROOT / "docs").glob("*.md") if p.stem != "index")


@pytest.mark.parametrize("command", sorted(main.commands))
def test_every_command_is_led_to_from_the_readme(command: str) -> None:
    assert f"`omaha-eval {command}" in _readme_map(), (
        f"add a row for `omaha-eval {command}` to the README's table under {CAPABILITIES!r}"
    )


@pytest.mark.parametrize("command", sorted(main.commands))
def test_every_command_is_led_to_from_the_docs_first_page(command: str) -> None:
    assert f"`omaha-eval {command}" in _section(_index(), "## Where next"), (
        f"name `omaha-eval {command}` in docs/index.md's 'Where next' (the commands' line)"
    )


@pytest.mark.parametrize("page", _pages())
def test_every_docs_page_is_linked_from_the_readme(page: str) -> None:
    assert f"(docs/{page}.md)" in _readme_map(), (
        f"link docs/{page}.md from the README's section {CAPABILITIES!r} (a row, or the "
        "'Where next' paragraph under the table)"
    )


@pytest.mark.parametrize("page", _pages())
def test_every_docs_page_is_linked_from_the_docs_first_page(page: str) -> None:
    assert f"]({page}.md)" in _section(_index(), "## Where next"), (
        f"add a line for [{page}]({page}.md) to docs/index.md's 'Where next'"
    )


@pytest.mark.parametrize("extra", sorted(EXTRAS))
def test_every_extra_is_named_with_its_install_command(extra: str) -> None:
    index = _section(_index(), "## What to install")
    assert f"- `{extra}`:" in index, f"add the extra {extra!r} to docs/index.md's 'What to install'"
    readme = _readme_map()
    assert f"`{extra}` extra" in readme or f'pip install ".[{extra}]"' in readme, (
        f"say what the extra {extra!r} is for in the README's table under {CAPABILITIES!r}"
    )


def test_the_map_names_the_python_entry_points() -> None:
    import omaha_eval

    for name in ("equity", "evaluate", "board_report", "query", "Range", "rank_board", "showdown"):
        assert name in omaha_eval.__all__, name
        assert f"`{name}`" in _readme_map(), name
    assert "`batch.run`" in _readme_map()
