"""A slow, obviously correct model of range patterns: the oracle for the range tests.

Plain Python from the definitions in docs/ranges.md, sharing no code with the
package.  A pattern is a list of card specs ``(rank, suit)``:

- rank: a rank letter ``"A"`` .. ``"2"``; a frozenset of rank letters (a
  bracket or ``$L``); an uppercase rank-variable letter such as ``"R"``;
  or ``"*"`` for any rank.
- suit: ``"c" "d" "h" "s"``; a suit variable ``"w" "x" "y" "z"``; or None.

A hand matches when some distinct cards of the hand, one per spec, fit the
specs with the variables consistent: the same letter is the same rank (suit),
different letters are different ranks (suits), a rank variable never takes
a rank that a written rank or rank set takes in the same match, and a suit
variable never takes a suit written in the pattern.

Expressions are trees: ("pat", pattern), ("macro", name), ("union", [nodes]),
("inter", a, b), ("diff", a, b), ("chain", first, [(op, node), ...]) with op
":" or "!" (left to right), ("weight", node, w).  ``part_of`` follows the
weight rule of docs/ranges.md literally: a part holds a hand or not, and a
hand it holds has a weight; ``weight_of`` gives a hand's weight (0.0 = not
in the range).
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_VARS = "wxyz"


def _fits(cards: tuple[int, ...], pattern: list[tuple[Any, Any]]) -> bool:
    rank_of: dict[str, int] = {}
    suit_of: dict[str, int] = {}
    named: set[int] = set()
    written_suits = {SUITS.index(s) for _, s in pattern if s in tuple(SUITS)}
    for card, (rank, suit) in zip(cards, pattern, strict=True):
        r, s = card // 4, card % 4
        if isinstance(rank, frozenset):
            if RANKS[r] not in rank:
                return False
            named.add(r)
        elif rank == "*":
            pass
        elif rank in RANKS:
            if RANKS[r] != rank:
                return False
            named.add(r)
        else:  # a rank variable
            if rank_of.setdefault(rank, r) != r:
                return False
        if suit is None:
            pass
        elif suit in SUITS:
            if SUITS[s] != suit:
                return False
        elif suit_of.setdefault(suit, s) != s:
            return False
    values = list(rank_of.values())
    if len(set(values)) != len(values) or named & set(values):
        return False
    suits = list(suit_of.values())
    return len(set(suits)) == len(suits) and not (written_suits & set(suits))


def matches(hand: tuple[int, ...], pattern: list[tuple[Any, Any]]) -> bool:
    """Does the hand contain the pattern?"""
    return any(_fits(p, pattern) for p in permutations(hand, len(pattern)))


def macro(hand: tuple[int, ...], name: str) -> bool:
    suits = Counter(c % 4 for c in hand)
    ranks = Counter(c // 4 for c in hand)
    suited = sum(1 for n in suits.values() if n >= 2)
    return {
        "ds": suited >= 2,
        "ss": suited == 1,
        "rb": suited == 0,
        "np": max(ranks.values()) == 1,
    }[name]


def part_of(hand: tuple[int, ...], node: tuple[Any, ...]) -> float | None:
    """The hand's weight in the part, or None when the part does not hold it."""
    kind = node[0]
    if kind == "pat":
        return 1.0 if matches(hand, node[1]) else None
    if kind == "macro":
        return 1.0 if macro(hand, node[1]) else None
    if kind == "weight":  # P@w: what P holds, at w times its weight
        w = part_of(hand, node[1])
        return None if w is None else w * node[2]
    if kind in ("inter", "diff"):
        return part_of(hand, ("chain", node[1], [(":" if kind == "inter" else "!", node[2])]))
    if kind == "chain":
        w = part_of(hand, node[1])
        for op, operand in node[2]:
            if w is None:
                return None  # no step gives a hand back
            right = part_of(hand, operand)
            if op == ":":  # A:B: held by both, at the product of the weights
                w = None if right is None else w * right
            else:  # A!B: held by A and not by B, at A's weight
                w = w if right is None else None
        return w
    assert kind == "union"
    # held by any part, at the largest weight of the parts that hold it
    held = [w for w in (part_of(hand, item) for item in node[1]) if w is not None]
    return max(held) if held else None


def weight_of(hand: tuple[int, ...], node: tuple[Any, ...]) -> float:
    w = part_of(hand, node)
    return 0.0 if w is None else w


def render(node: tuple[Any, ...]) -> str:
    """Range text of a tree (parenthesised where the grammar needs it)."""
    kind = node[0]
    if kind == "pat":
        out = []
        for rank, suit in node[1]:
            if isinstance(rank, frozenset):
                text = "[" + ",".join(sorted(rank, key=RANKS.index)) + "]"
            else:
                text = rank
            out.append(text + (suit or ""))
        return "".join(out)
    if kind == "macro":
        return "$" + node[1]
    if kind == "weight":
        return f"({render(node[1])})@{node[2]!r}"
    if kind in ("inter", "diff"):
        op = ":" if kind == "inter" else "!"
        return f"({render(node[1])}){op}({render(node[2])})"
    if kind == "chain":  # one flat chain: A:B!C, each operand in parentheses
        return f"({render(node[1])})" + "".join(f"{op}({render(x)})" for op, x in node[2])
    return ", ".join(f"({render(item)})" for item in node[1])
