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
pytestmark = pytest.mark.skipif(
    not (ROOT / "src_c" / "oe_split.h").exists(),
    reason="reads the source tree (src_c/, omaha_eval/)",
)
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
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


# Card arithmetic: id = 4 * rank + suit belongs to omaha_eval/cards.py
# (card_id, rank_of, suit_of) and src_c/oe_cards.h (OE_CARD, OE_RANK, OE_SUIT).
PY_CARD_ARITHMETIC = re.compile(r">>\s*2\b(?!\s*\*)|&\s*3\b|\b4\s*\*\s*(?:rank\b|RANKS\.index)")
C_CARD_ARITHMETIC = re.compile(
    r"\b(?:id|card|c|[a-z_]*hand\[[^]]*\]|[a-z_]*cards?\[[^]]*\])\s*(?:>>\s*2|&\s*3)\b"
)


def test_card_arithmetic_only_in_the_encoding_s_owners() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in python_sources()
        if p.name != "cards.py"
        for n, line in code_lines(p)
        if PY_CARD_ARITHMETIC.search(line)
    ]
    found += [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in sorted(C_SOURCES.glob("*.[ch]"))
        if p.name != "oe_cards.h"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if C_CARD_ARITHMETIC.search(line)
    ]
    assert found == []


def test_the_rank_and_suit_letters_are_written_once() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in python_sources()
        if p.name != "cards.py"
        for n, text in message_strings(p)
        if text in ("23456789TJQKA", "cdhs")
    ]
    assert found == []


def test_the_player_limit_is_written_once() -> None:
    # games.py's PLAYERS in Python, OE_MAX_DEAL in C; messages format them
    found = [
        f"{p.relative_to(ROOT)}:{n}: {text!r}"
        for p in python_sources()
        for n, text in message_strings(p)
        if re.search(r"\b2 to 10\b", text)
    ]
    c_limits = [
        f"{p.name}: {line.strip()}"
        for p in sorted(C_SOURCES.glob("*.h"))
        for line in p.read_text(encoding="utf-8").splitlines()
        if re.match(r"#define OE_\w*MAX_(PLAYERS|DEAL)\s+\d", line)
    ]
    # the split's mask width and the small spots' and board reports' cell
    # bounds are other rules
    assert sorted(c_limits) == sorted(
        [
            "oe_boards.h: #define OE_BOARDS_MAX_PLAYERS 6 /* 4^6 cells a row: larger spots go row by row */",
            "oe_cards.h: #define OE_MAX_DEAL 10 /* the most players a deal holds (games.py's PLAYERS) */",
            "oe_split.h: #define OE_MAX_PLAYERS 32",
            "oe_small.h: #define OE_SMALL_MAX_PLAYERS 6 /* 4^6 outcome cells on the stack; more players go the general way */",
        ]
    )
    assert found == []


def test_the_compiled_limits_agree_with_games() -> None:
    from omaha_eval import _core
    from omaha_eval.games import MAX_PLAYERS

    assert _core.EQ_MAX_PLAYERS == _core.MANY_MAX_PLAYERS == MAX_PLAYERS


def test_only_oe_split_decides_a_scoop_in_c() -> None:
    # the copies that were: a scoop written as shares adding up to 1, and
    # the branchless winner rule outside oe_split.h
    found = [
        f"{p.name}:{n}"
        for p in sorted(C_SOURCES.glob("*.[ch]"))
        if p.name != "oe_split.h"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"hs\[i\] \+ ls\[i\]|==\s*1\.0|oe_fast_winners", line)
        and p.name != "oe_split.c"
    ]
    assert found == []


def test_only_oe_split_gives_a_pot_share_in_c() -> None:
    # a half or a quarter of the pot written as a number: the split's rule
    # again (oe_street.c weighed its sums so before it took oe_split.h's)
    found = [
        f"{p.name}:{n}: {line.strip()}"
        for p in sorted(C_SOURCES.glob("*.[ch]"))
        if p.name not in ("oe_split.h", "oe_split.c")
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\b0?\.(5|25)\s*\*|\*\s*0?\.(5|25)\b|/\s*[24]\.0?\b", line)
        and not line.lstrip().startswith(("*", "/*", "//"))
    ]
    assert found == []


# The high value's key layout (category above five 4-bit ranks) belongs to
# src_c/oe_tables.h (OE_KEY_*); Python unpacks keys through the core
# (_core.high_key, _core.high_key_table).
C_KEY_LAYOUT = re.compile(
    r"OE_KEY_CATEGORY_SHIFT|\b16\s*-\s*4\s*\*|oe_high_keys\[[^]]*\]\s*(?:>>|&)"
)
PY_KEY_LAYOUT = re.compile(r">>\s*20\b|>>\s*\(?\s*16\s*-\s*4\b")


def cython_code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of a .pyx/.pxi file without comments (Cython does not
    tokenize as Python)."""
    return [
        (n, line.split("#", 1)[0])
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
    ]


def test_the_high_key_layout_is_written_once() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in sorted(C_SOURCES.glob("*.[ch]"))
        if p.name != "oe_tables.h"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if C_KEY_LAYOUT.search(line)
    ]
    found += [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in sorted([*PACKAGE.glob("*.pxi"), *PACKAGE.glob("*.pyx")])
        for n, line in cython_code_lines(p)
        if PY_KEY_LAYOUT.search(line)
    ]
    found += [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in python_sources()
        for n, line in code_lines(p)
        if PY_KEY_LAYOUT.search(line)
    ]
    assert found == []


def test_the_unpacked_key_table_agrees_with_the_oracle() -> None:
    from oracles import evaluator as ref

    from omaha_eval import _core

    category, ranks = _core.high_key_table()
    assert category[0] == -1
    want = sorted(ref._high_classes(), key=ref._high_classes().__getitem__)
    got = [
        (int(category[v]), tuple(int(r) for r in ranks[v][: len(want[v - 1][1])]))
        for v in range(1, _core.HIGH_MAX + 1)
    ]
    assert got == want
    assert all(_core.high_key(v) == (category[v], tuple(ranks[v])) for v in (1, 3000, 7462))


# The high categories' names: evaluator.py's CATEGORIES (keyed by the C
# enum's codes); the names with more than one word are distinctive enough to
# find anywhere else.  A board's pairing (study/table/textures.py: "two pair",
# "full house" boards) is another rule, named after them on purpose.
CATEGORY_WORDS = (
    "high card",
    "two pair",
    "three of a kind",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)
BOARD_PAIRINGS = {("textures.py", "two pair"), ("textures.py", "full house")}


def test_the_category_names_are_written_once() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}: {text!r}"
        for p in python_sources()
        if p.name != "evaluator.py"
        for n, text in message_strings(p)
        if text.strip().lower().startswith(CATEGORY_WORDS) and (p.name, text) not in BOARD_PAIRINGS
    ]
    assert found == []


def test_the_category_names_follow_the_c_codes() -> None:
    from oracles import evaluator as ref

    from omaha_eval import evaluator
    from omaha_eval.cards import parse_cards

    assert len(evaluator.CATEGORIES) == evaluator._core.N_CATEGORIES
    names = (
        "HIGH_CARD",
        "PAIR",
        "TWO_PAIR",
        "TRIPS",
        "STRAIGHT",
        "FLUSH",
        "FULL_HOUSE",
        "QUADS",
        "STRAIGHT_FLUSH",
    )
    # the oracle numbers the categories in that order, as the C enum must
    assert [getattr(ref, name) for name in names] == [evaluator._CODE[n] for n in names]
    examples = {
        "HIGH_CARD": "As Kd 9h 5c 3s",
        "PAIR": "As Ad 9h 5c 3s",
        "TWO_PAIR": "As Ad 9h 9c 3s",
        "TRIPS": "As Ad Ah 5c 3s",
        "STRAIGHT": "9s 8d 7h 6c 5s",
        "FLUSH": "As Ks 9s 5s 3s",
        "FULL_HOUSE": "As Ad Ah 5c 5s",
        "QUADS": "As Ad Ah Ac 3s",
        "STRAIGHT_FLUSH": "9s 8s 7s 6s 5s",
    }
    for name, hand in examples.items():
        high = evaluator._core.high5_rows(parse_cards(hand).reshape(1, 5))[0]
        assert evaluator.high_category(int(high)) == evaluator.CATEGORIES[evaluator._CODE[name]]
        assert ref.high_key(parse_cards(hand).tolist())[0] == evaluator._CODE[name]


# Board sizes and street names belong to omaha_eval/streets.py.  Seen from
# the source: a literal table of them (the sizes 3, 4, 5 with or without
# preflop's 0, a dict keyed by the street names) or a constant named after a
# street.
_STREET_NAMES = {"flop", "turn", "river"}
_STREET_CONSTANT = re.compile(r"^_?(FLOP|TURN|RIVER|BOARD_SIZES?)$")


def street_tables(path: Path) -> list[tuple[int, str]]:
    """The literal board-size tables and street constants of a module."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            ints = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            named = [e for e in node.elts if "BOARD_SIZE" in ast.unparse(e)]
            if len(ints) + len(named) == len(node.elts) and {3, 4} <= set(ints) <= {0, 3, 4, 5}:
                found.append(node)
        elif isinstance(node, ast.Dict):
            if _STREET_NAMES <= {k.value for k in node.keys if isinstance(k, ast.Constant)}:
                found.append(node)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            if any(isinstance(t, ast.Name) and _STREET_CONSTANT.match(t.id) for t in node.targets):
                found.append(node)
    return [(node.lineno, ast.get_source_segment(source, node) or "") for node in found]


def test_board_sizes_are_written_once() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}: {text}"
        for p in python_sources()
        if p.name != "streets.py"
        for n, text in street_tables(p)
    ]
    assert found == []


def dicts_outside_records() -> list[tuple[Path, ast.Dict, set[str]]]:
    """Every dict literal of the package outside records.py, with its
    constant keys."""
    found = []
    for p in python_sources():
        if p.name != "records.py":
            for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Dict):
                    keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                    found.append((p, node, keys))
    return found


# A spot's record (id, status, error, then its figures) is built by
# records.spot_record alone: a dict literal holding the head's keys
# elsewhere builds it again.
def test_spot_records_are_built_once() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{node.lineno}"
        for p, node, keys in dicts_outside_records()
        if {"status", "error"} <= keys
    ]  # records.RECORD_HEAD's
    assert found == []


def _unpacks_to_dict(node: ast.Dict) -> bool:
    return any(
        key is None and isinstance(value, ast.Call) and "to_dict" in ast.unparse(value.func)
        for key, value in zip(node.keys, node.values, strict=True)
    )


# A result's document (its figures, then its notes) is records.result_document's:
# a dict literal that unpacks a to_dict() beside "notes" writes it again.
def test_result_documents_are_built_once() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{node.lineno}"
        for p, node, keys in dicts_outside_records()
        if "notes" in keys and _unpacks_to_dict(node)
    ]
    assert found == []


# The suit permutations as card maps: solver/classes.py's CARD_MAP (the
# classes themselves are the C core's: src_c/oe_suit_class.h).
def test_the_suit_permutations_are_listed_once() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in python_sources()
        if p.relative_to(PACKAGE).as_posix() != "solver/classes.py"
        for n, line in code_lines(p)
        if re.search(
            r"permutations \( (?:range \( 4 \)|\[ 0 , 1 , 2 , 3 \]|\( 0 , 1 , 2 , 3 \))", line
        )
    ]
    assert found == []


# Card arithmetic written as division and remainder (rank = id // 4, suit =
# id % 4, or a suit cycled with i % 4): cards.py's rank_of, suit_of and
# SUITS.  Other fours counted on purpose: the bytes of a 32-bit word when a
# seed's text is hashed (engine/seeds.py, once).
PY_DIV_MOD_4 = re.compile(r"(?://|%)\s*4\b")
C_MOD_4 = re.compile(r"%\s*4\b")
OTHER_FOURS = {"omaha_eval/engine/seeds.py": 1}


def test_card_division_by_four_only_in_the_encoding_s_owners() -> None:
    hits: dict[str, list[str]] = {}
    for p in python_sources():
        if p.name != "cards.py":
            for n, line in code_lines(p):
                if PY_DIV_MOD_4.search(line):
                    hits.setdefault(p.relative_to(ROOT).as_posix(), []).append(f"{n}: {line}")
    for p in sorted([*PACKAGE.glob("*.pxi"), *PACKAGE.glob("*.pyx")]):
        for n, line in cython_code_lines(p):
            if PY_DIV_MOD_4.search(line):
                hits.setdefault(p.relative_to(ROOT).as_posix(), []).append(f"{n}: {line}")
    for p in sorted(C_SOURCES.glob("*.[ch]")):
        if p.name != "oe_cards.h":
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
                if C_MOD_4.search(line) and not line.lstrip().startswith(("*", "/*", "//")):
                    hits.setdefault(p.relative_to(ROOT).as_posix(), []).append(f"{n}: {line}")
    found = [
        f"{path}:{hit}"
        for path, lines in hits.items()
        if len(lines) != OTHER_FOURS.get(path, 0)
        for hit in lines
    ]
    assert found == []
    assert {path: len(lines) for path, lines in hits.items()} == OTHER_FOURS


SUIT_SYMBOL_CHARS = "♣♦♥♠♧♢♡♤"


def test_the_suit_symbols_are_read_only_by_cards() -> None:
    # a table or a character class of them: the reading of a symbol as its
    # suit (cards.SUIT_SYMBOLS); examples in help texts and messages pass
    found = [
        f"{p.relative_to(ROOT)}:{n}: {text!r}"
        for p in python_sources()
        if p.name != "cards.py"
        for n, text in message_strings(p)
        if text.strip() and all(ch in SUIT_SYMBOL_CHARS for ch in text.strip())
    ]
    assert found == []


def test_the_low_ranks_are_written_once() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{n}: {text!r}"
        for p in python_sources()
        if p.name != "cards.py"
        for n, text in message_strings(p)
        if "A2345678" in text or "2345678A" in text
    ]
    assert found == []


# The player limit in the web pages' templates and scripts: pages.py fills
# the templates from games.py's PLAYERS; the scripts read the page.
WEB = PACKAGE / "web"
WEB_PLAYER_LIMIT = re.compile(
    r"\b2\s*(?:to|-|–)\s*10\b|\b(?:MIN|MAX)\w*\s*=\s*(?:2|10)\b|data-(?:min|max)=\"\d"
)


def test_the_player_limit_is_not_written_in_the_web_pages() -> None:
    pages = sorted([*(WEB / "templates").glob("*.html"), *(WEB / "static").glob("*.js")])
    found = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in pages
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if WEB_PLAYER_LIMIT.search(line)
    ]
    assert found == []


def test_the_pages_show_the_player_limit_of_games() -> None:
    pytest.importorskip("starlette")
    from omaha_eval.games import MAX_PLAYERS, PLAYERS
    from omaha_eval.web.pages import render

    for page in ("equity", "boards"):
        text = render(page)
        assert f"Players ({PLAYERS[0]} to {MAX_PLAYERS})" in text
        assert f'data-min="{PLAYERS[0]}" data-max="{MAX_PLAYERS}"' in text


def test_the_nut_low_of_a_board_is_read_only_through_its_owner() -> None:
    # docs/rules.md "The nuts": the C table oe_nut_low, read in Python by
    # evaluator.nut_low alone (queries and range_hits call it)
    found = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in python_sources()
        if p.name != "evaluator.py"
        for n, line in code_lines(p)
        if "nut_low_table" in line
    ]
    assert found == []
