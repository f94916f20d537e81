#!/usr/bin/env python
"""The examples of the README and of docs/, and their shown output rewritten.

    PYTHONPATH=. python tools/docs_examples.py          # rerun every `$ ` transcript, rewrite
    PYTHONPATH=. python tools/docs_examples.py --check  # exit 1 if a page shows other output

This module is the one reader of the pages' examples: tests/test_docs_examples.py
runs every one of them through `blocks()`.  A page's examples are its code
blocks: fenced (```python, ```sql, or bare) and indented by four spaces.  An
indented block whose first line is a shell command (`COMMANDS` below) holds
commands, one a line; a line starting `$ ` is a transcript, and the lines after
it, to the next `$ ` line or the end of the block, are the output it shows.
The output shown is what this script writes, never typed: it runs each
transcript's command (`python -m omaha_eval ...`, from a temporary copy of
examples/) and puts its standard output on the page.  Times (`0.128 s`) differ
from run to run; the test compares the rest.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The pages: the README, then docs/ in name order.
PAGES = ("README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")))
# How a command line starts (after an optional `$ `): an indented block whose
# first line starts so holds commands; any other indented block is a display
# (the card table, a script's printed figures).
COMMANDS = ("omaha-eval ", "pip ", "python ", "PYTHONPATH=", "pytest", "bash ", "git ", "mkdocs ")
INDENT = "    "
TIME = re.compile(r"\b\d+(\.\d+)? s\b")


@dataclass(frozen=True)
class Block:
    """One code block of a page: `kind` is the fence's language ("python",
    "sql", "" for a bare fence) or "indented"; `line` is its first line's
    number (1-based, the fence's or the block's)."""

    page: str
    line: int
    kind: str
    text: str

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def is_doctest(self) -> bool:
        return any(line.startswith(">>> ") for line in self.text.splitlines())

    @property
    def is_commands(self) -> bool:
        first = self.text.splitlines()[0].removeprefix("$ ")
        return self.kind == "indented" and first.startswith(COMMANDS)


def blocks(page: str, text: str | None = None) -> list[Block]:
    """Every code block of `page` (a path relative to the root), in order."""
    if text is None:
        text = (ROOT / page).read_text(encoding="utf-8")
    lines = text.splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if fence:
            end = next(j for j in range(i + 1, len(lines)) if lines[j].rstrip() == "```")
            found.append(Block(page, i + 1, fence.group(1), "\n".join(lines[i + 1 : end]) + "\n"))
            i = end + 1
            continue
        if lines[i].startswith(INDENT) and (i == 0 or not lines[i - 1].strip()):
            end = i
            while end < len(lines) and (lines[end].startswith(INDENT) or not lines[end].strip()):
                end += 1
            body = [line[len(INDENT) :] for line in lines[i:end]]
            found.append(Block(page, i + 1, "indented", "\n".join(body).strip("\n") + "\n"))
            i = end
            continue
        i += 1
    return found


def transcripts(block: Block) -> list[tuple[int, str, str]]:
    """A command block's `$ ` lines: (line number on the page, command, the
    output shown after it, without trailing blank lines)."""
    found = []
    body = block.text.splitlines()
    starts = [k for k, line in enumerate(body) if line.startswith("$ ")]
    for n, k in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(body)
        shown = "\n".join(body[k + 1 : end]).strip("\n")
        found.append((block.line + k, body[k][2:], shown))
    return found


def commands(block: Block) -> list[tuple[int, str]]:
    """A command block's lines before its first transcript: (line number,
    command)."""
    found = []
    for k, line in enumerate(block.text.splitlines()):
        if line.startswith("$ "):
            break
        if line.strip():
            found.append((block.line + k, line))
    return found


def without_times(text: str) -> str:
    return TIME.sub("<time> s", text)


def run_command(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`omaha-eval ARGS` as `python -m omaha_eval ARGS` with this interpreter,
    the package it imports first on the path, from `cwd`; stdin closed,
    output captured (so no progress bar)."""
    import omaha_eval
    from omaha_eval.cli._shell import pipe_encoding

    args = shlex.split(command)
    if args[0] != "omaha-eval":
        raise ValueError(f"not an omaha-eval command: {command!r}")
    env = dict(os.environ)
    parent = str(Path(omaha_eval.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([parent, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.pop("COLUMNS", None)
    return subprocess.run(
        [sys.executable, "-m", "omaha_eval", *args[1:]],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding=pipe_encoding(env),  # the locale's: cp1252 on a Windows runner
        timeout=600,
    )


def copy_examples(into: Path) -> None:
    """The commands' working directory holds examples/, as a checkout does."""
    shutil.copytree(ROOT / "examples", into / "examples")


def rewrite(page: str, cwd: Path) -> tuple[str, str]:
    """(the page as it is, the page with every transcript's output rerun)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    lines = text.splitlines()
    # From the end, so that line numbers above stay right.
    for block in reversed(blocks(page, text)):
        if not block.is_commands:
            continue
        for line, command, shown in reversed(transcripts(block)):
            run = run_command(command, cwd)
            if run.returncode != 0:
                raise SystemExit(f"{page}:{line}: {command}\nexit {run.returncode}: {run.stderr}")
            start = line  # the output's first line, 0-based, is the line after the command
            end = start + (len(shown.splitlines()) if shown else 0)
            out = [INDENT + row if row else "" for row in run.stdout.strip("\n").splitlines()]
            lines[start:end] = out
    return text, "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which pages are stale")
    args = parser.parse_args(argv)
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        copy_examples(Path(tmp))
        for page in PAGES:
            old, new = rewrite(page, Path(tmp))
            if without_times(old) != without_times(new):
                stale.append(page)
                if not args.check:
                    (ROOT / page).write_text(new, encoding="utf-8")
    for page in stale:
        print(f"{page}: {'stale' if args.check else 'rewritten'}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
