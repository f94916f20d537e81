"""Shell completion (click's): the scripts for bash, zsh and fish, and the
answers each shell's script asks the command for, asked as the shell does
(the _OMAHA_EVAL_COMPLETE, COMP_WORDS and COMP_CWORD variables); where bash
is here, its script is sourced and its completion function called."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli_command, cli_env

VARIABLE = "_OMAHA_EVAL_COMPLETE"


def complete(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cli_command(),
        cwd=tmp_path,
        env={**cli_env(), **env},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def offered(output: str) -> set[str]:
    """The values in a completion answer: bash's lines are `type,value`;
    zsh's and fish's are type, value and help on lines of their own."""
    return {line.split(",", 1)[-1].split("\t")[0] for line in output.splitlines()}


@pytest.mark.parametrize(
    ("shell", "defines"),
    [
        ("bash", "complete -o nosort -F _omaha_eval_completion omaha-eval"),
        ("zsh", "compdef _omaha_eval_completion omaha-eval"),
        ("fish", "complete --no-files --command omaha-eval"),
    ],
)
def test_source_prints_the_completion_script_not_the_help(
    tmp_path: Path, shell: str, defines: str
) -> None:
    proc = complete(tmp_path, **{VARIABLE: f"{shell}_source"})
    assert proc.returncode == 0, proc.stderr
    assert "Usage:" not in proc.stdout
    assert defines in proc.stdout
    assert f"{VARIABLE}={shell}_complete" in proc.stdout


# (the words typed, the word completed) -> what must be offered, what must not
ASKED = [
    (["eq"], ["equity"], ["eval", "batch"]),
    (["e"], ["equity", "eval"], ["batch"]),
    (["help", "r"], ["rules", "ranges"], ["pql", "cli"]),
    (["equity", "AsAh2c3d", "--bo"], ["--board"], ["--dead"]),
    (["batch", "--"], ["--output", "--workers"], ["--board"]),
]


@pytest.mark.parametrize(("words", "wanted", "unwanted"), ASKED)
def test_bash_gets_the_commands_options_and_pages(
    tmp_path: Path, words: list[str], wanted: list[str], unwanted: list[str]
) -> None:
    proc = complete(
        tmp_path,
        **{VARIABLE: "bash_complete"},
        COMP_WORDS=" ".join(["omaha-eval", *words]),
        COMP_CWORD=str(len(words)),
    )
    assert proc.returncode == 0, proc.stderr
    assert all(line.startswith("plain,") for line in proc.stdout.splitlines()), proc.stdout
    values = offered(proc.stdout)
    assert set(wanted) <= values and not set(unwanted) & values, proc.stdout


@pytest.mark.parametrize(("words", "wanted", "unwanted"), ASKED)
def test_zsh_and_fish_get_the_same(
    tmp_path: Path, words: list[str], wanted: list[str], unwanted: list[str]
) -> None:
    line = " ".join(["omaha-eval", *words])
    zsh = complete(
        tmp_path, **{VARIABLE: "zsh_complete"}, COMP_WORDS=line, COMP_CWORD=str(len(words))
    )
    # fish passes the whole line and the word under the cursor
    fish = complete(tmp_path, **{VARIABLE: "fish_complete"}, COMP_WORDS=line, COMP_CWORD=words[-1])
    for proc in (zsh, fish):
        assert proc.returncode == 0, proc.stderr
        values = offered(proc.stdout)
        assert set(wanted) <= values and not set(unwanted) & values, proc.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.skipif(sys.platform == "win32", reason="the command as bash finds it: a POSIX script")
def test_bash_sources_the_script_and_its_function_completes(tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    command = bindir / "omaha-eval"  # the console script, as bash finds it on PATH
    command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m omaha_eval "$@"\n', encoding="utf-8")
    command.chmod(0o755)
    script = """
        eval "$(_OMAHA_EVAL_COMPLETE=bash_source omaha-eval)"
        complete -p omaha-eval
        COMP_WORDS=(omaha-eval help r); COMP_CWORD=2
        _omaha_eval_completion omaha-eval
        printf 'offered:%s\\n' "${COMPREPLY[@]}"
    """
    env = {**cli_env(), "PATH": os.pathsep.join([str(bindir), os.environ.get("PATH", "")])}
    proc = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", script],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "-F _omaha_eval_completion omaha-eval" in proc.stdout
    got = sorted(
        line.removeprefix("offered:")
        for line in proc.stdout.splitlines()
        if line.startswith("offered:")
    )
    assert got == ["ranges", "rules"], proc.stdout


def test_every_game_option_completes_the_game_names() -> None:
    """Every command's --game, those added later too, offers every name and
    alias the games registry takes, each with its game's title."""
    import click

    from omaha_eval.cli import main
    from omaha_eval.games import game, game_names

    found = 0
    for name, command in main.commands.items():
        for param in command.params:
            if param.name != "game":
                continue
            found += 1
            ctx = click.Context(command, info_name=name)
            items = param.shell_complete(ctx, "")
            assert [item.value for item in items] == game_names(), name
            assert all(item.help == game(item.value).title for item in items), name
            assert {item.value for item in param.shell_complete(ctx, "OMAHA8")} == {"omaha8"}
    assert found >= 5
