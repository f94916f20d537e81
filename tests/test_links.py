"""Honest links: the project's files point only at what can be checked.

Inside the repository a link is relative (README.md -> docs/rules.md) and
names a file that exists; no URL names the GitHub organisation or the
documentation site the project once assumed (neither can be checked to
exist), and no install line names the package on the index, which has no
release: installs are from the source tree (`pip install ".[plot]"`); an
extra added to an installed copy (`pip install "omaha-eval[plot]"`) is not
fetched from there.  The
URLs that remain are others' pages, each checked by hand when added (LINKS).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from omaha_eval.cli import main

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
# The files a reader or a packager follows links in.
FILES = [
    "README.md",
    "CONTRIBUTING.md",
    "SECURITY.md",
    "CHANGELOG.md",
    "CITATION.cff",
    "pyproject.toml",
    "mkdocs.yml",
]
pytestmark = pytest.mark.skipif(
    not all((ROOT / name).exists() for name in [*FILES, "docs"]),
    reason="needs the source tree (docs/, README.md, CONTRIBUTING.md...)",
)
# Others' pages the files cite, each checked by hand when added.
LINKS = {
    "https://click.palletsprojects.com",
    "https://tqdm.github.io",
    "https://distributed.dask.org",
    "https://github.com/google/atheris",
    "https://github.com/solve-poker/Poker-Query-Language",
    "https://keepachangelog.com/en/1.1.0/",
    "https://semver.org/spec/v2.0.0.html",
    "https://citation-file-format.github.io/",
    "https://modelcontextprotocol.io",  # the protocol's site (the mcp SDK's homepage)
}
URL = re.compile(r"https?://[^\s)>\]\"'`,;]+")
# What cannot be checked to exist: the organisation, a site of the project, the
# package on the index.
UNVERIFIABLE = [
    (re.compile(r"github\.com/omaha[-_]eval\b", re.IGNORECASE), "the GitHub organisation"),
    (
        re.compile(r"omaha[-_]eval\.(github\.io|readthedocs\.io|org|dev)", re.IGNORECASE),
        "a documentation site",
    ),
    (
        # an extra added to an installed copy (`pip install "omaha-eval[web]"`)
        # fetches the extra's libraries only: it names no release
        re.compile(r"""pip install ["']?omaha[-_]eval\b(?!\[)""", re.IGNORECASE),
        "the package on the index (install from the source tree)",
    ),
]
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _texts() -> dict[str, str]:
    texts = {name: (ROOT / name).read_text(encoding="utf-8") for name in FILES}
    for page in sorted((ROOT / "docs").glob("*.md")):
        texts[page.relative_to(ROOT).as_posix()] = page.read_text(encoding="utf-8")
    helps = [CliRunner().invoke(main, ["--help"]).output]
    helps += [CliRunner().invoke(main, [name, "--help"]).output for name in main.commands]
    texts["omaha-eval --help"] = "\n".join(helps)
    return texts


def unverifiable(text: str) -> list[str]:
    """What in `text` names something that cannot be checked to exist."""
    return [f"{what}: {m[0]!r}" for pattern, what in UNVERIFIABLE for m in pattern.finditer(text)]


# The one module that may name the package on the index: it writes that hint
# only for an installed copy (from a wheel, which a release puts on the index,
# or from a source tree: pip keeps it and adds the extra's libraries).
FROM_AN_INDEX = "omaha_eval/extras.py"


def test_no_file_names_the_organisation_a_site_or_the_package_on_the_index() -> None:
    texts = _texts()
    for module in sorted((ROOT / "omaha_eval").rglob("*.py")):  # its messages, its docstrings
        if module.relative_to(ROOT).as_posix() != FROM_AN_INDEX:
            texts[module.relative_to(ROOT).as_posix()] = module.read_text(encoding="utf-8")
    found = {where: unverifiable(text) for where, text in texts.items()}
    assert found == {where: [] for where in found}


def test_every_url_is_a_cited_page() -> None:
    urls = {
        where: sorted({u.rstrip(".") for u in URL.findall(text)})
        for where, text in _texts().items()
    }
    # the local server's own address (omaha-eval serve) is on this machine: it exists
    local = ("http://127.0.0.1", "http://localhost")
    stray = {
        where: [u for u in found if u not in LINKS and not u.startswith(local)]
        for where, found in urls.items()
    }
    assert stray == {where: [] for where in stray}


def test_the_package_metadata_gives_no_url() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert all(url in LINKS for url in project.get("urls", {}).values())


@pytest.mark.parametrize(
    "page",
    [
        "README.md",
        "CONTRIBUTING.md",
        *(p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "docs").glob("*.md"))),
    ],
)
def test_relative_links_name_files_of_the_tree(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    for target in MARKDOWN_LINK.findall(text):
        if re.match(r"[a-z]+://|#|mailto:", target):
            continue
        path = target.split("#")[0]
        assert (ROOT / page).parent.joinpath(path).exists(), f"{page}: {target}"


def test_readme_links_inside_the_repository_are_relative() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = MARKDOWN_LINK.findall(readme)
    assert "docs/rules.md" in targets and "docs/pql.md" in targets


def test_the_check_finds_what_cannot_be_checked() -> None:
    assert unverifiable("see https://github.com/omaha-eval/omaha-eval/blob/main/docs")
    assert unverifiable("https://omaha-eval.github.io/omaha-eval/")
    assert unverifiable("pip install omaha-eval") and unverifiable('pip install "omaha-eval>=0.1"')
    assert not unverifiable('pip install "omaha-eval[plot]"')  # an extra for an installed copy
    assert not unverifiable('pip install ".[plot]" && omaha-eval help')
    assert URL.findall("see (https://a.example/x), or <http://b.example>") == [
        "https://a.example/x",
        "http://b.example",
    ]
