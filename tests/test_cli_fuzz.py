"""Fuzzing the omaha-eval command line.

Arbitrary argument lists (subcommands, options, hands, numbers, any text)
go to the command in-process.  The contract of omaha_eval/cli: exit code
0, or 2 with one line "omaha-eval: error: ..." on stderr; never a traceback;
--json output is strict JSON (no NaN).  `eval --json` answers are compared
with the plain-Python reference.
"""

from __future__ import annotations

import json
import os
import tempfile
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref
from oracles import inputs as oracle

from omaha_eval import cli

EXAMPLES = max(int(os.environ.get("OMAHA_EVAL_FUZZ_EXAMPLES", "200")) // 4, 25)
fuzz = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

WORDS = [
    "eval",
    "equity",
    "batch",
    "--help",
    "-h",
    "--version",
    "--json",
    "--board",
    "-b",
    "--dead",
    "-d",
    "--trials",
    "-n",
    "--exact",
    "--monte-carlo",
    "--target-stderr",
    "--seed",
    "-s",
    "--threads",
    "-t",
    "--game",
    "-g",
    "--quiet",
    "-q",
    "--output",
    "-o",
    "omaha8",
    "omaha",
    "*",
    "0",
    "1",
    "2",
    "-1",
    "1000",
    "1e9",
    "0.01",
    "nan",
    "inf",
    "AsAh2c3d",
    "7c7d4c5d",
    "KsQdJh",
    "Jd 4d 3c Qd 5h",
    "Ad Kd 3s 2s",
    "A♠ 2♦ K♣ K♥",
    "10h9h8h7h",
    "As",
    "--",
    "-",
    "",
    "spots.csv",
    "\u212as",
    "AA",
    "x" * 300,
]
MAX_NUMBER = 20_000  # trials and threads the fuzzer may ask for: bounded work


def bounded(token: str) -> str:
    """Numbers above MAX_NUMBER (any digits int() reads) become MAX_NUMBER."""
    try:
        return str(MAX_NUMBER) if abs(int(token)) > MAX_NUMBER else token
    except ValueError:
        return token


# What a shell can pass: any text but NUL, plus the lone surrogates Python
# makes of bytes that are not UTF-8 (surrogateescape, e.g. "\udcff").
argv_text = st.text(
    st.one_of(
        st.characters(blacklist_characters="\x00"),
        st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF),
    ),
    max_size=10,
)


def passable(text: str) -> bool:
    """Whether this system's arguments can hold `text`: POSIX passes bytes of
    the locale's encoding, so under a cp1252 or C locale neither A♠ nor
    '\x80' reaches a command (Windows passes UTF-16: everything does)."""
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        return False
    return True


arguments = st.lists(st.one_of(st.sampled_from(WORDS), argv_text), max_size=9).map(
    lambda args: [bounded(a) for a in args if passable(a)]
)
commands = st.tuples(st.sampled_from(["eval", "equity", "batch", "", "--help"]), arguments).map(
    lambda t: ([t[0]] if t[0] else []) + t[1]
)


@contextmanager
def empty_directory() -> Iterator[None]:
    """Work in a fresh temporary directory (batch may read or write files)."""
    before = os.getcwd()
    with tempfile.TemporaryDirectory() as path:
        os.chdir(path)
        try:
            yield
        finally:
            os.chdir(before)


def invoke(args: list[str]) -> Any:
    with empty_directory():
        with open("spots.csv", "w", encoding="utf-8") as f:
            f.write("players,board\nAsAh2c3d 7c7d4c5d,KsQdJh\n")
        return CliRunner().invoke(cli.main, args, catch_exceptions=True)


def strict_loads(text: str) -> Any:
    """json.loads refusing NaN and Infinity, which Python reads by default."""

    def refuse(token: str) -> Any:
        raise AssertionError(f"{token} in {text[:80]!r}: not strict JSON")

    return json.loads(text, parse_constant=refuse)


def check_contract(args: list[str], result: Any) -> None:
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        shown = "".join(traceback.format_exception(exc))
        raise AssertionError(f"omaha-eval {args!r} raised:\n{shown}")
    assert result.exit_code in (0, 2), (args, result.exit_code, result.output)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("omaha-eval: error: "), (args, lines)
    if result.exit_code == 0 and "--json" in args and result.stdout.startswith("{"):
        strict_loads(result.stdout)


@fuzz
@given(commands)
def test_cli_any_arguments(args):
    check_contract(args, invoke(args))


@pytest.mark.parametrize("odd", ["\x1e", "\n", "\r", "\x0b", "\x85", "\u2028", "\x1b[31m"])
@pytest.mark.parametrize(
    "args", [["batch", "eval", "{odd}", "--output", "eval"], ["eval", "--x{odd}"]]
)
def test_errors_quoting_characters_that_do_not_print_stay_on_one_line(args, odd):
    """What click quotes of the arguments (a record separator, a line
    break, a terminal escape) is written escaped: still one line."""
    args = [a.replace("{odd}", odd) for a in args]
    result = invoke(args)
    check_contract(args, result)
    assert result.exit_code == 2
    assert odd not in result.stderr.removesuffix("\n")


@fuzz
@given(st.permutations(range(52)), st.sampled_from([4, 5, 6]), st.sampled_from(["", " ", ","]))
def test_cli_eval_json_matches_reference(cards, k, sep):
    hole, board = cards[:k], cards[k : k + 5]
    text = [sep.join(ref.RANKS[c >> 2] + ref.SUITS[c & 3] for c in part) for part in (hole, board)]
    result = invoke(["eval", *text, "--json"])
    check_contract(text, result)
    assert result.exit_code == 0
    out = strict_loads(result.stdout)
    low = out["low"]["value"] if out["low"] else 0
    assert (out["high"]["value"], low) == ref.evaluate(hole, board)
    assert oracle.parse(text[0]) == hole


OPTIONS = [
    ["--exact"],
    ["--monte-carlo"],
    ["--trials", "3000"],
    ["-n", "0"],
    ["-n", "1"],
    ["--seed", "7"],
    ["-s", "-3"],
    ["--threads", "2"],
    ["-t", "0"],
    ["--game", "omaha"],
    ["-g", "razz"],
    ["--target-stderr", "0.01"],
    ["--target-stderr", "0"],
    ["--quiet"],
    ["--board", "KsQdJh"],
    ["-b", "Ks Qd Jh Tc"],
    ["-b", "KsKs"],
    ["--dead", "2c"],
    ["-d", "Zz"],
]


@fuzz
@given(
    st.permutations(range(52)),
    st.integers(2, 4),
    st.lists(st.sampled_from(OPTIONS), max_size=4),
    st.booleans(),
)
def test_cli_equity_mostly_valid(cards, n, options, random_last):
    hands = [
        "".join(ref.RANKS[c >> 2] + ref.SUITS[c & 3] for c in cards[4 * i : 4 * i + 4])
        for i in range(n)
    ]
    if random_last:
        hands[-1] = "*"
    args = ["equity", *hands, *[a for option in options for a in option], "--json"]
    if "--exact" not in args and "--trials" not in args and "-n" not in args:
        args += ["--trials", "3000"]  # bounded work
    result = invoke(args)
    check_contract(args, result)
    if result.exit_code == 0:
        out = strict_loads(result.stdout)
        assert len(out["players"]) == n
        assert sum(p["equity"] for p in out["players"]) == pytest.approx(1.0, abs=1e-9)
