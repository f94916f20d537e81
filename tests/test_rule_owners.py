"""One owner per rule (CONTRIBUTING.md, "Owners"): lints that fail when a
second owner appears where it can be seen from the source (issue 30, item 3)."""

from __future__ import annotations

import ast
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# lints of the source tree: the wheel jobs run the tests from copies of
# test-sources, without it
pytestmark = pytest.mark.skipif(not (ROOT / "src_c" / "oe_split.h").exists(),
                                reason="reads the source tree (src_c/, omaha_eval/)")  # fmt: skip
_FSTRING_TEXT = getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)  # Python 3.12+
PACKAGE = ROOT / "omaha_eval"
C_SOURCES = ROOT / "src_c"


def python_sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of a Python file without its strings and comments."""
    lines: dict[int, list[str]] = {}
    with path.open(encoding="utf-8") as f:
        for tok in tokenize.generate_tokens(f.readline):
            if tok.type not in (tokenize.STRING, tokenize.COMMENT, _FSTRING_TEXT):
                lines.setdefault(tok.start[0], []).append(tok.string)
    return [(n, " ".join(parts)) for n, parts in sorted(lines.items())]


def message_strings(path: Path) -> list[tuple[int, str]]:
    """Every string literal of a module that is not a docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]  # fmt: skip


# Card arithmetic: id = 4 * rank + suit belongs to omaha_eval/cards.py
# (card_id, rank_of, suit_of) and src_c/oe_cards.h (OE_CARD, OE_RANK, OE_SUIT).
PY_CARD_ARITHMETIC = re.compile(r">>\s*2\b(?!\s*\*)|&\s*3\b|\b4\s*\*\s*(?:rank\b|RANKS\.index)")
C_CARD_ARITHMETIC = re.compile(
    r"\b(?:id|card|c|[a-z_]*hand\[[^]]*\]|[a-z_]*cards?\[[^]]*\])\s*(?:>>\s*2|&\s*3)\b"
)


def test_card_arithmetic_only_in_the_encoding_s_owners() -> None:
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in python_sources() if p.name != "cards.py"
             for n, line in code_lines(p) if PY_CARD_ARITHMETIC.search(line)]  # fmt: skip
    found += [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
              for p in sorted(C_SOURCES.glob("*.[ch]")) if p.name != "oe_cards.h"
              for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
              if C_CARD_ARITHMETIC.search(line)]  # fmt: skip
    assert found == []


def test_the_rank_and_suit_letters_are_written_once() -> None:
    found = [f"{p.relative_to(ROOT)}:{n}" for p in python_sources() if p.name != "cards.py"
             for n, text in message_strings(p) if text in ("23456789TJQKA", "cdhs")]  # fmt: skip
    assert found == []


def test_the_player_limit_is_written_once() -> None:
    # games.py's PLAYERS in Python, OE_MAX_DEAL in C; messages format them
    found = [f"{p.relative_to(ROOT)}:{n}: {text!r}" for p in python_sources()
             for n, text in message_strings(p) if re.search(r"\b2 to 10\b", text)]  # fmt: skip
    c_limits = [f"{p.name}: {line.strip()}" for p in sorted(C_SOURCES.glob("*.h"))
                for line in p.read_text(encoding="utf-8").splitlines()
                if re.match(r"#define OE_\w*MAX_(PLAYERS|DEAL)\s+\d", line)]  # fmt: skip
    # the split's mask width and the small spots' and board reports' cell
    # bounds are other rules
    assert sorted(c_limits) == sorted([
        "oe_boards.h: #define OE_BOARDS_MAX_PLAYERS 6 /* 4^6 cells a row: larger spots go row by row */",
        "oe_cards.h: #define OE_MAX_DEAL 10 /* the most players a deal holds (games.py's PLAYERS) */",
        "oe_split.h: #define OE_MAX_PLAYERS 32",
        "oe_small.h: #define OE_SMALL_MAX_PLAYERS 6 /* 4^6 outcome cells on the stack; more players go the general way */",
    ])  # fmt: skip
    assert found == []


def test_the_compiled_limits_agree_with_games() -> None:
    from omaha_eval import _core
    from omaha_eval.games import MAX_PLAYERS

    assert _core.EQ_MAX_PLAYERS == _core.MANY_MAX_PLAYERS == MAX_PLAYERS


def test_only_oe_split_decides_a_scoop_in_c() -> None:
    # the copies that were: a scoop written as shares adding up to 1, and
    # the branchless winner rule outside oe_split.h
    found = [f"{p.name}:{n}" for p in sorted(C_SOURCES.glob("*.[ch]")) if p.name != "oe_split.h"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"hs\[i\] \+ ls\[i\]|==\s*1\.0|oe_fast_winners", line)
             and p.name != "oe_split.c"]  # fmt: skip
    assert found == []
