"""Every shell example of the command's help texts and of the pages (README.md,
docs/*.md) runs as written in bash.

Bash expands `$ds` inside double quotes to nothing: `omaha-eval range
"AA:$ds"` would run `range AA:`.  The first test has bash read each example
(with `omaha-eval` a function that records its arguments) and compares what
it passed with what the example means (shlex's reading, as
tests/test_docs_examples.py runs the pages' commands).  The second runs each
help text's example in bash, the real command on PATH, from a directory
holding examples/ and the query file the help describes; it must exit 0.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli_env, skip_unless_arguments_encode
from click.testing import CliRunner

from omaha_eval.cli import main

ROOT = Path(__file__).resolve().parents[1]
BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(
    BASH is None or sys.platform == "win32", reason="needs bash and a POSIX shell script"
)

# Examples a test cannot run as written, and why (each still read by bash above).
NOT_RUN = {
    "--dask tcp://scheduler:8786": "needs a Dask scheduler at that address",
    "omaha-eval serve": "serves until stopped (tests/test_web_api.py starts and stops it)",
    "omaha-eval mcp": "serves a client over stdio until it closes (tests/test_mcp_server.py)",
}
# Examples that take the slow tier: what they need that the default tier has not.
SLOW = {
    "--plot": "draws with matplotlib (the plot extra, in test-slow)",
    "--target-stderr 0.005": "samples every flop class to a target: seconds of two ranges' Monte Carlo",
}


def help_examples() -> list[tuple[str, str]]:
    """(command, example) for each line of each command's help "Examples:"
    (a line ending in a backslash joined with the next, as bash does)."""
    found = []
    for name, command in [("omaha-eval", main), *sorted(main.commands.items())]:
        text = inspect.cleandoc(command.help or "")
        lines = text.split("Examples:")[1].split("\n\n")[0].splitlines()
        joined = "\n".join(lines).replace("\\\n", " ")
        found += [
            (name, " ".join(line.split())) for line in joined.splitlines() if "omaha-eval " in line
        ]
    return found


def page_examples() -> list[tuple[str, str]]:
    """(page:line, example) of every omaha-eval command line of the pages
    (tools/docs_examples.py reads them), each part of an `&&` line."""
    if not (ROOT / "tools" / "docs_examples.py").exists():
        return []
    spec = importlib.util.spec_from_file_location(
        "docs_examples", ROOT / "tools" / "docs_examples.py"
    )
    assert spec is not None and spec.loader is not None
    docs = sys.modules.setdefault(spec.name, importlib.util.module_from_spec(spec))
    spec.loader.exec_module(docs)  # (in sys.modules: its dataclass looks its module up there)
    found = []
    for page in docs.PAGES:
        for block in docs.blocks(page):
            if not block.is_commands:
                continue
            lines = [*docs.commands(block), *((n, c) for n, c, _ in docs.transcripts(block))]
            for line, command in lines:
                found += [
                    (f"{page}:{line}", part.strip())
                    for part in command.split("&&")
                    if part.strip().startswith("omaha-eval ")
                ]
    return found


EXAMPLES = help_examples() + page_examples()


def meant(example: str) -> list[str]:
    """The arguments the example means: shlex's words after `omaha-eval`, up
    to the first shell operator (a pipe, a redirection)."""
    lexer = shlex.shlex(example, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    words = list(lexer)
    start = words.index("omaha-eval") + 1
    end = next((i for i in range(start, len(words)) if set(words[i]) <= set("|&;<>()")), None)
    return words[start:end]


def test_every_help_text_and_page_has_examples() -> None:
    assert {name for name, _ in help_examples()} == {"omaha-eval", *main.commands}
    if (ROOT / "docs").is_dir():
        assert len(page_examples()) >= 10


@pytest.mark.parametrize(("where", "example"), EXAMPLES)
def test_bash_passes_each_example_the_arguments_it_means(
    tmp_path: Path, where: str, example: str
) -> None:
    record = tmp_path / "argv"
    script = (
        f'omaha-eval() {{ printf "%s\\0" "$@" > {shlex.quote(str(record))}; }}\n'
        "less() { cat > /dev/null; }\n"
        f"{example}\n"
    )
    assert BASH is not None
    skip_unless_arguments_encode([script])
    subprocess.run(
        [BASH, "--norc", "--noprofile", "-c", script],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=30,
    )
    passed = record.read_bytes().decode("utf-8").split("\0")[:-1]
    assert passed == meant(example), f"{where}: bash reads {example!r} otherwise (quote a $)"


def _run_param(name: str, example: str) -> object:
    slow = next((why for flag, why in SLOW.items() if flag in example), None)
    return pytest.param(name, example, marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize(
    ("name", "example"),
    [_run_param(n, e) for n, e in help_examples() if not any(x in e for x in NOT_RUN)],
)
def test_help_examples_run_in_bash(tmp_path: Path, name: str, example: str) -> None:
    if "examples/" in example:
        if not (ROOT / "examples").is_dir():
            pytest.skip("needs the source tree's examples/")
        shutil.copytree(ROOT / "examples", tmp_path / "examples")
    skip_unless_arguments_encode(meant(example))
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "omaha-eval").write_text(
        f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m omaha_eval "$@"\n', encoding="utf-8"
    )
    (bindir / "less").write_text("#!/bin/sh\ncat > /dev/null\n", encoding="utf-8")  # no pager
    for script in bindir.iterdir():
        script.chmod(0o755)
    query = inspect.cleandoc(main.commands["query"].help or "").split("quartered.pql (")[1]
    (tmp_path / "quartered.pql").write_text(query.split("\n", 1)[1], encoding="utf-8")
    env = {**cli_env(), "PATH": os.pathsep.join([str(bindir), os.environ.get("PATH", "")])}
    assert BASH is not None
    run = subprocess.run(
        [BASH, "--norc", "--noprofile", "-o", "pipefail", "-c", example],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 0, f"{name}: {example}\n{run.stderr.decode(errors='replace')}"


# A command whose rows --where and --sort choose, and arguments that give it rows.
ROW_COMMANDS = {
    "hits": ["AAKK"],
    "boards": ["AsAh2c3d", "KsKh4c5d", "--board", "Qh7d9c"],
}


def _row_flag_examples(name: str, flag: str) -> list[str]:
    """The texts the help of a command's --where or --sort quotes as examples."""
    option = next(p for p in main.commands[name].params if flag in getattr(p, "opts", ()))
    said = (option.help or "").split("e.g.")[1].split("(")[0]
    return re.findall(r"'([^']+)'", said)


@pytest.mark.parametrize(
    ("name", "flag", "text"),
    [
        (n, f, t)
        for n in ROW_COMMANDS
        for f in ("--where", "--sort")
        for t in _row_flag_examples(n, f)
    ],
)
def test_the_row_flags_examples_in_a_help_are_that_command_s_own(name, flag, text) -> None:
    result = CliRunner().invoke(main, [name, *ROW_COMMANDS[name], flag, text, "--top", "1"])
    assert result.exit_code == 0, result.output
