"""The documentation site (mkdocs.yml, docs/) and the offline help.

The site builds with warnings as errors, lists every page, and its rendered
HTML is read back: code blocks where the Markdown has them, each command's
``--help`` whole, no Markdown emphasis inside code, no raw Sphinx roles,
every internal link and anchor resolving, nothing loaded from the network.
``omaha-eval help PAGE`` prints the pages of docs/ from the package, laid out
for a terminal; the rules page reads right in both.

The site tests need the docs extra (in the test extra, so CI runs them) and
the source tree; the site documents the package the tests import (the CLI
reference and the API hook import it).
"""

from __future__ import annotations

import html
import inspect
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from cli_helpers import OUTPUT_ENCODING, PACKAGE_PARENT, assert_one_line_error, run_cli

import omaha_eval
from omaha_eval.cli import main
from omaha_eval.cli._shell import as_written
from omaha_eval.cli.help import MARKER, PAGES, WIDTH, page_text
from omaha_eval.cli.terminal import terminal_text

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
DOCS_EXTRA = "the docs tools are not installed: pip install . --group docs"
ROLE = re.compile(r":(?:py:)?(?:func|class|attr|meth|mod|data|exc|obj):`")

needs_source = pytest.mark.skipif(
    not (ROOT / "mkdocs.yml").exists(), reason="needs the source tree (mkdocs.yml, docs/)"
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
    for module in ("mkdocs", "mkdocstrings", "mkdocstrings_handlers.python", "pymdownx"):
        pytest.importorskip(module, reason=DOCS_EXTRA)
    out = tmp_path_factory.mktemp("site")
    # From outside the source tree, with the package under test first on the
    # path (python -m would put the working directory there).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = PACKAGE_PARENT
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(out),
        ],
        cwd=out.parent,
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, f"mkdocs build --strict failed:\n{run.stdout}{run.stderr}"
    return out


class Page(HTMLParser):
    """What the tests read in one rendered page."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []  # <a href>
        self.assets: list[str] = []  # <script src>, <link rel=stylesheet href>, <img src>
        self.pres: list[str] = []  # the text of each <pre>
        self.marked_in_code: list[str] = []  # <em>/<strong> inside <code> or <pre>
        self.text: list[str] = []  # all text, outside <script>
        self._code = 0
        self._pre: list[str] | None = None
        self._script = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "a" and a.get("href") is not None:
            self.links.append(a["href"] or "")
        if tag in ("script", "img") and a.get("src"):
            self.assets.append(a["src"] or "")
        if tag == "link" and "stylesheet" in (a.get("rel") or "") and a.get("href"):
            self.assets.append(a["href"] or "")
        if tag in ("em", "strong") and self._code:
            self.marked_in_code.append(tag)
        if tag in ("code", "pre"):
            self._code += 1
        if tag == "pre":
            self._pre = []
        self._script = tag == "script" or self._script

    def handle_endtag(self, tag: str) -> None:
        if tag in ("code", "pre"):
            self._code -= 1
        if tag == "pre" and self._pre is not None:
            self.pres.append("".join(self._pre))
            self._pre = None
        if tag == "script":
            self._script = False

    def handle_data(self, data: str) -> None:
        if self._pre is not None:
            self._pre.append(data)
        if not self._script:
            self.text.append(data)


def _pages(site: Path) -> dict[str, Page]:
    """Every page of the site, by its path under the site's directory."""
    return {
        p.relative_to(site).as_posix(): Page(p.read_text(encoding="utf-8"))
        for p in sorted(site.rglob("*.html"))
    }


def _page(site: Path, name: str) -> Page:
    path = site / name / "index.html" if name else site / "index.html"
    return Page(path.read_text(encoding="utf-8"))


def _target(site: Path, page: str, path: str) -> Path:
    """The file a link's path names, from a page (a path from / starts at the
    site's root: 404.html is served at any depth)."""
    if not path:
        return site / page
    if path.startswith("/"):
        return site / path.lstrip("/")
    return (site / page).parent / path


def _code_blocks(markdown: str) -> list[list[str]]:
    """The lines of each code block of a Markdown page: fenced, or indented
    four spaces after a blank line outside a list."""
    blocks: list[list[str]] = []
    lines = markdown.splitlines()
    i = 0
    in_list = False
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^(\s*)(```|~~~)", line)
        if fence:
            end = next(j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(fence[2]))
            blocks.append([x.strip() for x in lines[i + 1 : end]])
            i = end + 1
            continue
        if re.match(r"^\s*([-*+]|\d+\.)\s", line):
            in_list = True
        elif line and not line.startswith(" "):
            in_list = False
        if line.startswith("    ") and not in_list and i > 0 and not lines[i - 1].strip():
            block = []
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                block.append(lines[i].strip())
                i += 1
            blocks.append(block)
            continue
        i += 1
    return [[x for x in b if x] for b in blocks if any(b)]


def _help_text(*args: str) -> str:
    """`omaha-eval ARGS --help` as a terminal of 80 columns shows it."""
    from click.testing import CliRunner

    run = CliRunner().invoke(main, [*args, "--help"], prog_name="omaha-eval", terminal_width=80)
    assert run.exit_code == 0, run.output
    return run.output


def _summary(command) -> str:
    return " ".join(inspect.cleandoc(command.help or "").split("\n\n")[0].split())


# ---------------------------------------------------------------- the site


@needs_source
def test_docs_nav_lists_every_page_and_the_owned_references():
    yaml = pytest.importorskip("yaml", reason=DOCS_EXTRA)

    class Loader(yaml.SafeLoader):  # MkDocs' own tag: a path relative to the config's folder
        pass

    Loader.add_constructor("!relative", lambda loader, node: loader.construct_scalar(node))
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    pages = _nav_pages(config["nav"])
    missing = [page for page in pages if not (DOCS / page).exists()]
    assert missing == [], "pages in mkdocs.yml's nav that are not in docs/"
    on_disk = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    assert sorted(pages) == on_disk
    for page in (
        "index.md",
        "rules.md",
        "ranges.md",
        "pql.md",
        "cli.md",
        "api.md",
        "solver.md",
        "batch.md",
        "benchmarks.md",
    ):
        assert page in pages


@pytest.mark.slow
@needs_source
def test_docs_site_builds_strict(site):
    for page in ("rules", "ranges", "pql", "cli", "api", "solver", "batch", "benchmarks"):
        assert (site / page / "index.html").exists(), page
    assert (site / "index.html").exists()


@pytest.mark.slow
@needs_source
def test_docs_code_blocks_are_rendered_where_the_markdown_has_them(site):
    for md in sorted(DOCS.glob("*.md")):
        page = _page(site, "" if md.stem == "index" else md.stem)
        rendered = "\n".join(page.pres)
        for block in _code_blocks(md.read_text(encoding="utf-8")):
            for line in block:
                assert html.unescape(line) in rendered, (
                    f"{md.name}: {line!r} is not in a code block"
                )


@pytest.mark.slow
@needs_source
def test_docs_no_emphasis_inside_code(site):
    marked = {name: page.marked_in_code for name, page in _pages(site).items()}
    assert {name: tags for name, tags in marked.items() if tags} == {}


@pytest.mark.slow
@needs_source
def test_docs_cli_reference_is_each_commands_help_whole(site):
    page = _page(site, "cli")
    rendered = "\n".join(page.pres)
    for args in [(), *[(name,) for name in main.commands]]:
        for line in _help_text(*args).splitlines():  # examples one per line, "*" "*" kept
            assert line.rstrip() in rendered, (args, line)
    assert 'AsKs2d3d "*" "*"' in rendered
    assert "Range syntax" in rendered  # the range cheat sheet (the range command's epilog)
    text = " ".join(" ".join(page.text).split())
    for name, command in main.commands.items():
        assert f"omaha-eval {name} {_summary(command)}" in text, name  # the table: summaries whole
        assert _summary(command).endswith("."), name
        assert f"omaha-eval-{name}" in page.ids, name


@pytest.mark.slow
@needs_source
def test_docs_api_reference_has_every_export(site):
    page = _page(site, "api")
    missing = [
        name
        for name in omaha_eval.__all__
        if not any(a == f"omaha_eval.{name}" or a.endswith(f".{name}") for a in page.ids)
    ]
    assert missing == []


@pytest.mark.slow
@needs_source
def test_docs_api_reference_renders_the_docstrings(site):
    raw = (site / "api" / "index.html").read_text(encoding="utf-8")
    page = Page(raw)
    text = " ".join(" ".join(page.text).split())
    assert not ROLE.search(text), ROLE.search(text)
    assert "RULES.md" not in text  # the rules are docs/rules.md
    assert "_core." not in text and "new_figure(" not in text and "field(" not in text
    assert "<blockquote>" not in raw  # doctests are code, not nested quotes
    rendered = "\n".join(page.pres)
    for name in ("equity", "evaluate", "all_hands", "preflop"):
        doc = inspect.getdoc(getattr(omaha_eval, name)) or ""
        for line in doc.splitlines():
            if line.lstrip().startswith(">>> "):
                assert line.strip() in rendered, (name, line)
    for name in ("HIGH_MAX", "LOW_MAX", "N_HANDS"):  # the value, not the expression behind it
        assert f"{name}: int = {getattr(omaha_eval, name)}" in text, name
    # what a reader looks for first comes first
    assert raw.index('id="functions"') < raw.index('id="classes"') < raw.index('id="constants"')


@pytest.mark.slow
@needs_source
def test_docs_every_internal_link_and_anchor_resolves(site):
    pages = _pages(site)
    broken = []
    for name, page in pages.items():
        for href in page.links:
            url = urlsplit(href)
            if url.scheme or url.netloc or href.startswith("mailto:"):
                continue
            target = _target(site, name, unquote(url.path))
            if target.is_dir():
                target = target / "index.html"
            target_name = target.resolve().relative_to(site.resolve()).as_posix()
            if target_name not in pages and not target.is_file():
                broken.append(f"{name}: {href}")
            elif url.fragment and url.fragment not in pages[target_name].ids:
                broken.append(f"{name}: {href} (no such anchor)")
    assert broken == []


@pytest.mark.slow
@needs_source
def test_docs_nothing_is_loaded_from_the_network(site):
    for name, page in _pages(site).items():
        remote = [a for a in page.assets if urlsplit(a).scheme or a.startswith("//")]
        assert remote == [], name
        for asset in page.assets:
            assert _target(site, name, urlsplit(asset).path).is_file(), (name, asset)
        for href in page.links:
            assert "omaha-eval.github.io" not in href, (name, href)  # that site does not exist
    for css in site.rglob("*.css"):
        assert not re.search(r"url\(\s*['\"]?(https?:)?//", css.read_text(encoding="utf-8")), css


@pytest.mark.slow
@needs_source
def test_docs_home_page_points_to_every_page(site):
    page = _page(site, "")
    raw = (site / "index.html").read_text(encoding="utf-8")
    where_next = Page(raw[raw.index('id="where-next"') :])
    targets = {href.rstrip("/") for href in where_next.links}
    for name in ("rules", "ranges", "pql", "solver", "batch", "benchmarks", "cli", "api"):
        assert name in targets, name
    assert "pip install omaha-eval" not in "\n".join(page.pres)  # not on the package index yet


# ---------------------------------------------------------------- offline help


@needs_source
@pytest.mark.parametrize("name", [name for name in PAGES if name != "cli"])
def test_help_prints_the_docs_page_laid_out(tmp_path, name):
    proc = run_cli("help", name, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    source = page_text(name, main)  # the page, with the API's exports listed in "api"
    expected = terminal_text(source, WIDTH, PAGES.__contains__)
    assert proc.stdout == as_written(expected, OUTPUT_ENCODING)


@needs_source
def test_help_cli_is_docs_cli_with_each_commands_help(tmp_path):
    proc = run_cli("help", "cli", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    head = (DOCS / "cli.md").read_text(encoding="utf-8").split(MARKER)[0]
    expected = as_written(terminal_text(head, WIDTH, PAGES.__contains__), OUTPUT_ENCODING)
    assert head.strip() and proc.stdout.startswith(expected.rstrip("\n"))
    for args in [(), *[(name,) for name in main.commands]]:
        for line in _help_text(*args).splitlines():
            line = as_written(line, OUTPUT_ENCODING)
            assert ("    " + line).rstrip() in proc.stdout, (args, line)  # a code block


def test_help_without_a_page_lists_the_pages(tmp_path):
    proc = run_cli("help", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    listed = [line.split()[0] for line in proc.stdout.splitlines()[1:]]
    assert listed == list(PAGES)


def test_help_unknown_page_names_the_argument_and_lists_the_pages(tmp_path):
    proc = run_cli("help", "rulez", cwd=tmp_path)
    assert_one_line_error(proc, "PAGE", "'rulez'", *(f"'{name}'" for name in PAGES))


@pytest.mark.slow
@needs_source
def test_build_ships_the_docs_pages_as_they_are(tmp_path):
    """setup.py's build_py (what a wheel is built from) copies docs/*.md into
    the package, byte for byte: the pages `omaha-eval help` prints."""
    run = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    shipped = tmp_path / "omaha_eval" / "_docs"
    assert sorted(p.name for p in shipped.iterdir()) == sorted(p.name for p in DOCS.glob("*.md"))
    for name in PAGES:
        assert (shipped / f"{name}.md").read_bytes() == (DOCS / f"{name}.md").read_bytes()


@pytest.mark.slow
@needs_source
def test_rules_page_lists_and_table_render_on_the_site_and_in_the_terminal(site):
    """docs/rules.md's lists are lists and its table a table, both in the
    built site (Python-Markdown needs a blank line before them) and in
    `omaha-eval help rules` (items on lines of their own, columns aligned)."""
    built = (site / "rules" / "index.html").read_text(encoding="utf-8")
    consequences = built.split("Consequences that tests must cover:")[1]
    assert re.match(r"\s*</p>\s*<ul>", consequences), consequences[:200]
    assert "<li>Four hearts on the board and one heart in hand: no flush.</li>" in consequences
    equity = built.split("all non-colliding deals, weighted):")[1]
    assert re.match(r"\s*</p>\s*<ul>", equity), equity[:200]
    table = built.split("<table>")[1].split("</table>")[0]
    assert table.count("<tr>") == 4 and "|" not in table
    assert "<td>A♣ 3♠ J♥ J♣</td>" in table

    text = terminal_text((DOCS / "rules.md").read_text(encoding="utf-8"), WIDTH, PAGES.__contains__)
    lines = text.splitlines()
    start = lines.index("Consequences that tests must cover:")
    assert lines[start + 2].startswith("- Four hearts on the board")
    rows = [
        line for line in lines if line.lstrip().startswith(("hole ", "A♠ 2♥", "A♦ 4♥", "A♣ 3♠"))
    ]
    assert len(rows) == 4 and "|" not in "".join(rows)
    second = {
        row.index(word)
        for row, word in zip(rows, ["best low", "none", "7-5-4", "7-5-3"], strict=True)
    }
    assert len(second) == 1, rows  # the second column starts at one place in every row
