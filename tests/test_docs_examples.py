"""Every example of the README and of docs/ runs, and prints what its page shows.

tools/docs_examples.py reads the pages' code blocks (one reader: it also
rewrites the output the transcripts show); this module runs them all:

- ```python blocks with `>>>` prompts run as doctests, each with the imports
  of the blocks above it on its page; ```python blocks without prompts run
  as scripts;
- indented command blocks: each `omaha-eval ...` line runs (exit 0) and a
  `$ omaha-eval ...` transcript prints the lines shown under it (times aside);
  a line `A && B` runs each part;
- what does not run here is named below, with the reason: EXCLUDED (installs,
  builds, benchmarks, a cluster) and OTHER_PAGES (pages with a test of their
  own).  Any other block must be a display (a table, a grammar), and a test
  checks that no runnable-looking block is left out.

Also here: the README's quick start (its form, and a spot where the high and
the low both matter) and its links (absolute, and only to pages the project
owns or names in LINKS).

Needs the source tree (README.md, docs/, tools/, examples/).
"""

from __future__ import annotations

import doctest
import importlib.util
import io
import json
import os
import re
import shlex
import sys
from contextlib import redirect_stdout
from pathlib import Path
from types import ModuleType

import pytest
from optional_extras import needs_an_extra, tier

from omaha_eval.cli._shell import as_written, pipe_encoding

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "docs_examples.py"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

pytestmark = pytest.mark.skipif(
    not (TOOL.exists() and (ROOT / "examples").exists()),
    reason="needs the source tree (docs/, tools/, examples/)",
)


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_examples", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


docs = _tool() if TOOL.exists() else None

# Commands the pages show that the tests do not run (a regular expression
# matched against the whole command, one part of an `&&` line), and why.
EXCLUDED = {
    r"pip install .*": "installs into the environment running the tests",
    r"pip wheel .*": "builds the wheels (tests/test_packaging.py builds and installs them)",
    r"pytest": "the test suite itself",
    r"python setup\.py build_ext --inplace": "rebuilds the core in place (about 45 s)",
    r"(PYTHONPATH=\. )?python benchmarks/\S+\.py.*": "a benchmark: minutes of timing",
    r"python tools/gen_preflop_order\.py.*": "regenerates a preflop order: hours",
    r"python tools/gen_preflop_atlas\.py.*": "sweeps every board class: tens of minutes",
    r"omaha-eval .*--dask tcp://scheduler:8786": "needs a Dask scheduler at that address",
    r"omaha-eval serve.*": "serves until stopped (tests/test_web_api.py starts and stops one)",
    r"omaha-eval mcp": "serves a client over stdio until it closes (tests/test_mcp_server.py)",
}

# Pages whose examples another module runs, with checks of its own.
OTHER_PAGES = {
    "docs/pql.md": "tests/test_docs_pql.py runs its ```sql and ```python blocks",
}

# Block kinds that are shown, not run: ```text (a grammar, a signature) and
# indented blocks that are not commands (the card table, printed figures).
DISPLAY = {"text", "indented"}


def _pages() -> list[str]:
    return [p for p in docs.PAGES if p not in OTHER_PAGES] if docs else []


def _blocks() -> list:
    return [b for page in _pages() for b in docs.blocks(page)]


def _excluded(command: str) -> str | None:
    return next((why for pattern, why in EXCLUDED.items() if re.fullmatch(pattern, command)), None)


def _command_parts() -> list[tuple[str, str]]:
    """(where, command) of every command line, each part of an `&&` line."""
    found = []
    for block in _blocks():
        if block.is_commands:
            for line, command in docs.commands(block):
                found += [(f"{block.page}:{line}", part.strip()) for part in command.split("&&")]
    return found


def test_every_block_is_run_or_named():
    """A block is run here (doctest, script, commands), by the module its page
    names, or a display; a new kind of block, or a command neither run nor
    excluded, fails."""
    unknown = []
    for block in _blocks():
        if block.kind == "python" or block.is_doctest or block.is_commands:
            continue
        if block.kind not in DISPLAY:
            unknown.append(f"{block.where}: ```{block.kind}")
    assert unknown == []
    for where, command in _command_parts():
        assert command.startswith("omaha-eval ") or _excluded(command), (
            f"{where}: {command!r} is neither run nor named in EXCLUDED"
        )
    for page in OTHER_PAGES:
        assert page in docs.PAGES and (ROOT / OTHER_PAGES[page].split()[0]).exists()


def test_every_exclusion_names_a_command_on_a_page():
    """No stale entries: each excluded command is still shown somewhere."""
    commands = [c for _, c in _command_parts()]
    for pattern in EXCLUDED:
        assert any(re.fullmatch(pattern, c) for c in commands), pattern


READER_PAGE = """
Text.

    omaha-eval eval AsAh2c3d KsQdJh9c9h
    pip install . && omaha-eval range AA

    $ omaha-eval eval "Ad Kd 3s 2s" "Jd 4d 3c Qd 5h"
    high  Flush

    low   5-4-3-2-A
    $ omaha-eval range AA

Text.

    id = 4 * rank + suit

```python
>>> 1 + 1
2
```

```text
    omaha-eval inside a fence
```
"""


def test_the_reader_sees_every_kind_of_block():
    """tools/docs_examples.py on a page made for it: commands one a line,
    then transcripts with their output (blank lines kept) up to the next
    `$ `; a display; fenced blocks, an indented line inside a fence left in it."""
    found = docs.blocks("page.md", READER_PAGE)
    assert [(b.line, b.kind, b.is_commands, b.is_doctest) for b in found] == [
        (4, "indented", True, False),
        (15, "indented", False, False),
        (17, "python", False, True),
        (22, "text", False, False),
    ]
    assert docs.commands(found[0]) == [
        (4, "omaha-eval eval AsAh2c3d KsQdJh9c9h"),
        (5, "pip install . && omaha-eval range AA"),
    ]
    assert docs.transcripts(found[0]) == [
        (7, 'omaha-eval eval "Ad Kd 3s 2s" "Jd 4d 3c Qd 5h"', "high  Flush\n\nlow   5-4-3-2-A"),
        (11, "omaha-eval range AA", ""),
    ]
    assert docs.without_times("0.128 s, 12 s, 1,000 trials") == "<time> s, <time> s, 1,000 trials"


def test_the_pages_hold_examples_of_every_kind():
    blocks = _blocks()
    assert sum(b.is_doctest for b in blocks) >= 10
    assert sum(b.kind == "python" and not b.is_doctest for b in blocks) >= 1
    assert {c.split()[1] for b in blocks if b.is_commands for _, c, _ in docs.transcripts(b)} >= {
        "eval",
        "equity",
        "query",
    }


def _imports_above(block) -> str:
    """The import statements of the page's `>>>` blocks above `block`: a
    later block may use a name an earlier one imported, as in a reader's
    session, and nothing else carries over."""
    parser = doctest.DocTestParser()
    above = [b for b in docs.blocks(block.page) if b.is_doctest and b.line < block.line]
    examples = [e for b in above for e in parser.get_examples(b.text)]
    imports = [e.source for e in examples if e.source.startswith(("import ", "from "))]
    if not needs_an_extra(block.text):  # (an extra's import is for the blocks that use it)
        imports = [i for i in imports if not needs_an_extra(i)]
    return "".join(imports)


@pytest.mark.parametrize(
    "block",
    [pytest.param(b, id=b.where, marks=tier(b.text)) for b in _blocks() if b.is_doctest],
)
def test_doctest_examples_print_what_the_page_shows(block):
    globs: dict[str, object] = {}
    exec(_imports_above(block), globs)
    test = doctest.DocTestParser().get_doctest(block.text, globs, block.where, block.page, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    summary = runner.summarize(verbose=False)
    assert summary.attempted > 0 and summary.failed == 0


@pytest.mark.parametrize(
    "where, code",
    [
        pytest.param(b.where, b.text, marks=tier(b.text))
        for b in _blocks()
        if b.kind == "python" and not b.is_doctest
    ],
)
def test_python_script_examples_run(where, code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with redirect_stdout(io.StringIO()):
        exec(compile(code, where, "exec"), {"__name__": "__docs__"})


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A working directory holding examples/, as a checkout does."""
    docs.copy_examples(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    "where, command",
    [(w, c) for w, c in _command_parts() if not _excluded(c)],
)
def test_command_examples_run(where, command, checkout):
    run = docs.run_command(command, checkout)
    assert run.returncode == 0, f"{where}: {command}\n{run.stderr}"


def _transcripts() -> list[tuple[str, str, str]]:
    return [
        (f"{b.page}:{line}", command, shown)
        for b in _blocks()
        if b.is_commands
        for line, command, shown in docs.transcripts(b)
    ]


@pytest.mark.parametrize("where, command, shown", _transcripts())
def test_transcripts_print_what_the_page_shows(where, command, shown, checkout):
    """The output shown is what the program prints (regenerate it with
    `PYTHONPATH=. python tools/docs_examples.py`)."""
    run = docs.run_command(command, checkout)
    assert run.returncode == 0, f"{where}: {command}\n{run.stderr}"
    printed = run.stdout.strip("\n").splitlines()
    shown = as_written(shown, pipe_encoding(os.environ))  # A♠ as As where the locale has no ♠
    assert docs.without_times("\n".join(printed)) == docs.without_times(shown), (
        f"{where}: run PYTHONPATH=. python tools/docs_examples.py"
    )


def test_the_seeded_transcript_is_monte_carlo_with_its_seed():
    """The README's seeded example really samples, with the seed it shows."""
    [(_, command, shown)] = [t for t in _transcripts() if "--seed 7" in t[1]]
    assert "--monte-carlo" in shlex.split(command)
    assert "monte-carlo" in shown and "seed 7" in shown


# ------------------------------------------------------------------ quick start


def _readme_commands() -> list[str]:
    return [c for b in docs.blocks("README.md") if b.is_commands for _, c in docs.commands(b)]


def test_readme_quick_start_keeps_its_form():
    first, second = _readme_commands()[:2]
    assert first.startswith("pip install . && omaha-eval equity ")
    assert second == 'pip install ".[test]" && pytest'


def test_the_wheel_example_has_a_wheel():
    """examples/' "aces-vs-wheel-river": the aces meet a made wheel, which
    is the best low and the high (a five-high straight)."""
    import omaha_eval as oe

    row = next(
        line
        for line in (ROOT / "examples" / "spots.csv").read_text(encoding="utf-8").splitlines()
        if line.startswith("aces-vs-wheel-river,")
    )
    _, players, board, *_ = row.split(",")
    aces, wheel = (oe.evaluate(hand, board) for hand in players.split("|"))
    assert aces.high_name.startswith("Three of a kind, aces")
    assert (wheel.low_name, wheel.high_name) == ("5-4-3-2-A", "Straight, five high")


def test_readme_quick_start_spot_needs_both_halves(checkout):
    """The first spot a new user sees is a hi/lo spot: a low is often made,
    and each player wins a real part of both the high and the low."""
    command = _readme_commands()[0].split("&&")[1].strip()
    run = docs.run_command(command + " --json", checkout)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["no_low"] < 0.5
    for player in result["players"]:
        assert player["hi_share"] > 0.1 and player["lo_share"] > 0.1, player
