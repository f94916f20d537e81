#!/usr/bin/env python
"""Write the generated parts of docs/pql.md from the package's own tables.

    PYTHONPATH=. python tools/pql_reference.py          # rewrite docs/pql.md
    PYTHONPATH=. python tools/pql_reference.py --check  # exit 1 if it is stale

The query language's function table (omaha_eval.pql.functions.FUNCTIONS)
is the one owner of what each function means; the games registry
(omaha_eval.games) owns the game names; functions.py owns the hand-type and
flop-category keywords.  This script copies them into the page between
marker lines, ``<!-- begin NAME: ... -->`` and ``<!-- end NAME -->``, and
leaves the hand-written text around them alone.  tests/test_docs_pql.py
checks that the committed page is what this script writes.

Only the grouping of the functions into sections is this script's own (the
table does not group them); a function in no group, or in two, is an error.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

from omaha_eval import games
from omaha_eval.pql import functions as fn
from omaha_eval.pql.functions import Function, Param
from omaha_eval.pql.types import Type

PAGE = Path(__file__).resolve().parents[1] / "docs" / "pql.md"

# The reference's sections: (title, id, what the section holds, functions).
GROUPS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "Showdown",
        "showdown",
        "What happens at the river, with the whole board dealt: who wins the high and "
        "the low, each player's share of the pot.",
        (
            "riverEquity",
            "fractionalRiverEquity",
            "winsHi",
            "tiesHi",
            "winsLo",
            "tiesLo",
            "scoops",
            "quartered",
            "winningHandType",
        ),
    ),
    (
        "Per street",
        "per-street",
        "A player's hand on a street: its high and low, whether they are the best at "
        "the table or the nuts, its equity with every hand known, its flop category and "
        "its outs.",
        (
            "handType",
            "exactHandType",
            "minHandType",
            "hiRating",
            "minHiRating",
            "bestHiRating",
            "loRating",
            "minLoRating",
            "madeLo",
            "bestLoRating",
            "nutHi",
            "nutLo",
            "nutHiForHandType",
            "hvhEquity",
            "minHvHEquity",
            "flopHandCategory",
            "exactFlopHandCategory",
            "minFlopHandCategory",
            "nutLoOuts",
            "nutHiOuts",
            "outsToHandType",
            "minOutsToHandType",
        ),
    ),
    (
        "Board",
        "board",
        "The board's texture on a street, whatever the players hold.",
        (
            "boardAllowsMadeLo",
            "boardLoCardCount",
            "pairedBoard",
            "boardSuitCount",
            "monotoneBoard",
            "twoToneBoard",
            "rainbowBoard",
            "flushingBoard",
            "straightBoard",
            "boardRanks",
            "duplicatedBoardRanks",
            "boardInRange",
            "turnCard",
            "riverCard",
        ),
    ),
    (
        "Players",
        "players",
        "A player's hole cards, alone or against a street's board.",
        (
            "inRange",
            "handRanks",
            "duplicatedHandRanks",
            "pocketPair",
            "overpair",
            "hasTopBoardRank",
            "hasSecondBoardRank",
            "handBoardIntersections",
            "intersectingHandRanks",
            "nonIntersectingHandRanks",
        ),
    ),
    (
        "Ranks",
        "ranks",
        "Sets of ranks (from boardRanks, handRanks and the like) taken apart.",
        ("maxRank", "minRank", "nthRank", "rankCount"),
    ),
    (
        "Conversions",
        "conversions",
        "Quoted text made into a value, to compare with or to pass on.",
        ("toCard", "toRank", "rateHiHand", "rateLoHand"),
    ),
)

# How an argument of each type may be written.
_TAKES: dict[Type, str] = {
    Type.PLAYER: "a player's name",
    Type.HANDTYPE: "a hand type: a keyword such as `flush`, or quoted (`'flush'`)",
    Type.FLOPCAT: "a flop category: a keyword such as `flopset`, or quoted",
    Type.HIRATING: "a high rating: a quoted five-card hand (`'AsAdKsKdQc'`) or {numbers}",
    Type.LORATING: "a low rating: a quoted low (`'8765A'`) or {numbers}",
    Type.EQUITY: "an equity, {numbers}",
    Type.RANGE: "quoted range text ([range language](ranges.md))",
    Type.BOARD: "a quoted board pattern ([range language](ranges.md#board-and-dead-card-patterns))",
    Type.CARD: "a quoted card (`'As'`)",
    Type.RANK: "a quoted rank (`'A'`, `'T'` or `'10'`)",
    Type.RANKSET: (
        "a set of ranks: an expression such as `boardRanks(flop)`, or quoted ranks (`'AKQ'`)"
    ),
    Type.INT: "{numbers}",
    Type.NUM: "a number",
}


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def functions() -> list[Function]:
    """Every function of the table once, in the table's order."""
    unique: dict[str, Function] = {}
    for f in fn.FUNCTIONS.values():
        unique.setdefault(f.name, f)
    return list(unique.values())


def _grouped() -> list[tuple[str, str, str, list[Function]]]:
    by_name = {f.name: f for f in functions()}
    listed = [name for *_, names in GROUPS for name in names]
    twice = sorted({n for n in listed if listed.count(n) > 1})
    unknown = sorted(set(listed) - set(by_name))
    missing = [n for n in by_name if n not in listed]
    if twice or unknown or missing:
        raise SystemExit(
            f"tools/pql_reference.py: GROUPS lists {twice or 'none'} twice, "
            f"{unknown or 'none'} not in the table, and misses {missing or 'none'}"
        )
    return [(title, ref, about, [by_name[n] for n in names]) for title, ref, about, names in GROUPS]


def anchor(f: Function) -> str:
    """The function's anchor on the page: its name in lower case."""
    return f.name.lower()


def _argument(f: Function, p: Param) -> str:
    if p.type is Type.STREET:
        takes = _or([fn.STREET_NAMES[s] for s in f.streets])
    else:
        takes = _TAKES[p.type].format(numbers=p.numbers)  # a number's range: the table's
    if not p.const:
        takes += ", or any expression of that type"
    return f"`{p.name}`: {takes}"


def shown(query: str) -> str:
    """A query as the page shows it: `from` and `where` begin lines."""
    return re.sub(r" (from|where) ", lambda m: f"\n{m.group(1)} ", query)


def function_section(f: Function) -> str:
    """One function's entry: its call, result, arguments, meaning, example."""
    call = f"{f.name}({', '.join(p.name for p in f.params)})"
    lines = [f"### {call} {{#{anchor(f)}}}", ""]
    lines.append(f"- **result**: {f.returns.a}")
    if f.params:
        lines.append(f"- **arguments**: {'; '.join(_argument(f, p) for p in f.params)}")
    lines.append(f"- **meaning**: {f.meaning}")
    if f.aliases:
        lines.append(f"- **also called**: {', '.join(f'`{a}`' for a in f.aliases)}")
    lines += ["", "```sql", shown(f.example), "```", ""]
    return "\n".join(lines)


def functions_part() -> str:
    """The function reference: an index of the groups, then each group."""
    grouped = _grouped()
    out = []
    for title, ref, _, fs in grouped:
        links = ", ".join(f"[{f.name}](#{anchor(f)})" for f in fs)
        out.append(f"- **[{title}](#functions-{ref})**: {links}")
    out.append("")
    for title, ref, about, fs in grouped:
        out += [f"## Functions: {title.lower()} {{#functions-{ref}}}", "", about, ""]
        out += [function_section(f) for f in fs]
    return "\n".join(out).rstrip("\n")


def games_part() -> str:
    """Every name the game binding takes, from the games registry."""
    out = []
    for g in games.GAMES:
        names = ", ".join(f"`{n}`" for n in (g.name, *g.aliases))
        sizes = _or([str(k) for k in g.hole_sizes])
        out.append(f"- **{g.title}**: {names}; {sizes} hole cards")
    for name, base in games.FIVE_CARD_NAMES.items():
        title = games.game(base).title
        out.append(f"- **{title}**, five hole cards: `{name}` (ProPokerTools' name)")
    return "\n".join(out)


def keywords_part() -> str:
    """The hand-type and flop-category keywords, worst first."""
    out = ["| hand type keyword | shown in results as |", "|---|---|"]
    aliases = {i: name for name, i in fn.HAND_TYPE_ALIASES.items()}
    for i, (word, shown) in enumerate(zip(fn.HAND_TYPES, fn.HAND_TYPE_NAMES, strict=True)):
        also = f" (or `{aliases[i]}`)" if i in aliases else ""
        out.append(f"| `{word}`{also} | {shown} |")
    out += [
        "",
        "Flop categories, worst first (their meanings are under "
        "[flopHandCategory](#flophandcategory)): "
        + ", ".join(f"`{c}`" for c in fn.FLOP_CATEGORIES)
        + ".",
    ]
    return "\n".join(out)


PARTS: dict[str, Callable[[], str]] = {
    "games": games_part,
    "keywords": keywords_part,
    "functions": functions_part,
}


def render(page: str) -> str:
    """The page with every generated part rewritten."""
    for name, make in PARTS.items():
        pattern = re.compile(
            rf"(<!-- begin {name}: [^\n]*-->\n)(?:.*?\n)?(<!-- end {name} -->)", flags=re.DOTALL
        )
        if len(pattern.findall(page)) != 1:
            raise SystemExit(
                f"{PAGE}: expected one '<!-- begin {name}: ... -->' ... '<!-- end {name} -->' block"
            )
        page = pattern.sub(lambda m, make=make: m.group(1) + make() + "\n" + m.group(2), page)
    return page


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args()
    page = PAGE.read_text(encoding="utf-8")
    new = render(page)
    if args.check:
        if new != page:
            print(f"{PAGE} is stale: run PYTHONPATH=. python tools/pql_reference.py")
            return 1
        return 0
    if new != page:
        PAGE.write_text(new, encoding="utf-8")
        print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
