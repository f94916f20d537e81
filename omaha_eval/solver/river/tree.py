"""The river's betting tree, from the sizes: two players, OOP acts first.

A node is an action line: ``""`` (the root, OOP to act), ``check``,
``bet 50%``, ``bet 50% / raise 100%``, ``check / check`` (a showdown),
``bet 50% / fold``...  Sizes are fractions of the pot at that moment: a bet
of f puts f x the pot in; a raise of f first calls, then adds f x the pot
after that call (the pot-size raise of pot limit is f = 1).  A bet or raise
that would take more than the player has is an all-in, named ``all-in``;
``allin=True`` adds an all-in to every spot where a player may bet or
raise.  ``max_raises`` raises at most follow a bet (an all-in facing a bet
is a raise).  A player given no bet sizes may only check, call or fold.

Chips are counted from the start of the river: ``put`` is what each player
has put in on the river so far; the pot is ``pot + put[0] + put[1]``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from omaha_eval._checks import count, is_int
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote

__all__ = [
    "ALL_IN",
    "CALL",
    "CHECK",
    "FOLD",
    "IP",
    "MAX_NODES",
    "MAX_RAISES",
    "MAX_SIZE",
    "MAX_SIZES",
    "NO_SIZES",
    "OOP",
    "PLAYER_NAMES",
    "SEPARATOR",
    "Node",
    "Sizes",
    "Tree",
    "build_tree",
    "read_chips",
    "read_sizes",
    "size_name",
]

OOP, IP = 0, 1
PLAYER_NAMES = ("oop", "ip")
CHECK, CALL, FOLD, ALL_IN = "check", "call", "fold", "all-in"
SEPARATOR = " / "  # between the actions of a line
MAX_SIZES = 20  # sizes one list may hold (more is a mistake)
NO_SIZES = "none"  # the text of no size: the player only checks, calls or folds
# The largest size, as a fraction of the pot: ten pots.  A bare "50" (fifty
# pots, where 50% was meant) is refused rather than read as an all-in.
MAX_SIZE = 10.0
MAX_RAISES = 10
# Nodes a tree may hold: each costs a few NumPy calls an iteration, so a
# tree this large is already slow; a larger one is refused before it is built.
MAX_NODES = 20_000

Kind = Literal["decision"] | Literal["fold"] | Literal["showdown"]  # a Union at run time too


def size_name(fraction: float) -> str:
    """A size as people write it: 0.5 -> '50%', 1/3 -> '33.33%'."""
    return f"{round(100 * fraction, 2):g}%"


def _size(value: Any, name: str) -> float:
    """One size: '50%' (of the pot), or a number (0.5), in (0, MAX_SIZE]."""
    if isinstance(value, str):
        text = value.strip()
        percent = text.endswith("%")
        try:
            number = float(text[:-1] if percent else text)
        except ValueError:
            raise OmahaEvalError(
                f"expected a size such as '50%' or 0.5, got {quote(value)}", param=name, value=value
            ) from None
        number = number / 100 if percent else number
    elif is_int(value) or isinstance(value, (float, np.floating)):
        number = float(value)
    else:
        raise OmahaEvalTypeError(
            f"expected a size such as '50%' or 0.5, got {quote(value)}", param=name, value=value
        )
    if not (math.isfinite(number) and number > 0):
        raise OmahaEvalError(
            f"a size must be a finite fraction of the pot above 0, got {quote(value)}",
            param=name,
            value=value,
        )
    if number > MAX_SIZE:
        raise OmahaEvalError(
            f"{quote(value)} is {size_name(number)} of the pot, more than "
            f"{size_name(MAX_SIZE)}; write '50%' for half the pot",
            param=name,
            value=value,
        )
    return number


def read_sizes(value: Any, name: str) -> tuple[float, ...]:
    """A list of sizes: a sequence of sizes ('50%', 0.5), or text of sizes
    separated by commas ('50%, 100%'); at most MAX_SIZES, none twice.  An
    empty list (``()``, ``""`` or ``"none"``) is no size."""
    if isinstance(value, str) and value.strip().lower() == NO_SIZES:
        return ()
    if isinstance(value, str):
        items: Sequence[Any] = [t for t in value.split(",") if t.strip()]
    elif isinstance(value, Sequence):
        items = value
    elif is_int(value) or isinstance(value, (float, np.floating)):
        items = [value]
    else:
        raise OmahaEvalTypeError(
            f"expected sizes such as ('50%', '100%'), got {quote(value)}", param=name, value=value
        )
    if len(items) > MAX_SIZES:
        raise OmahaEvalError(f"{len(items)} sizes, more than {MAX_SIZES}", param=name, value=value)
    sizes = tuple(_size(v, name) for v in items)
    names = [size_name(s) for s in sizes]
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise OmahaEvalError(f"the size {twice} is given twice", param=name, value=value)
    return tuple(sorted(sizes))


def read_chips(value: Any, name: str, least: float) -> float:
    """A number of chips (pot, stack): finite and above `least` (0 for the
    pot: a pot of nothing has nothing to play for; -1 for the stack, which
    may be 0)."""
    if not (is_int(value) or isinstance(value, (float, np.floating))):
        raise OmahaEvalTypeError(
            f"expected a number of chips, got {quote(value)}", param=name, value=value
        )
    number = float(value)
    if not (math.isfinite(number) and number > least):
        bound = "above 0" if least == 0 else "0 or more"
        raise OmahaEvalError(
            f"expected a finite number of chips {bound}, got {quote(value, 40)}",
            param=name,
            value=value,
        )
    return number


@dataclass(frozen=True)
class Sizes:
    """What each player may bet and raise: `bets[p]` (fractions of the pot;
    empty: check, call or fold only), `raises` (both players'),
    `max_raises` after a bet, and whether an all-in is offered."""

    bets: tuple[tuple[float, ...], tuple[float, ...]]
    raises: tuple[float, ...]
    max_raises: int
    allin: bool

    @classmethod
    def read(
        cls,
        bets: Any,
        raises: Any,
        max_raises: Any,
        allin: Any,
        oop_bets: Any = None,
        ip_bets: Any = None,
    ) -> Sizes:
        """The sizes as given to solve_river, each checked and named."""
        common = read_sizes(bets, "bets")
        per = tuple(
            common if given is None else read_sizes(given, name)
            for given, name in ((oop_bets, "oop_bets"), (ip_bets, "ip_bets"))
        )
        if not isinstance(allin, bool):
            raise OmahaEvalTypeError(
                f"expected True or False, got {quote(allin)}", param="allin", value=allin
            )
        return cls(
            (per[0], per[1]),
            read_sizes(raises, "raises"),
            count(max_raises, "max_raises", 0, MAX_RAISES),
            allin,
        )

    def check_stack(self, pot: float, stack: float) -> None:
        """A bet into the starting pot must fit the stack: a size the player
        cannot bet is a mistake in the sizes, not an all-in (raises deeper in
        the tree are capped to all-in)."""
        for player, name in ((OOP, "oop_bets"), (IP, "ip_bets")):
            for size in self.bets[player]:
                if size * pot > stack * (1 + 1e-12):
                    which = "bets" if self.bets[0] == self.bets[1] else name
                    raise OmahaEvalError(
                        f"a bet of {size_name(size)} of the pot of {pot:g} is "
                        f"{size * pot:g} chips, more than the stack of {stack:g} "
                        "(the all-in is the stack)",
                        param=which,
                        value=size_name(size),
                    )


@dataclass(frozen=True)
class Node:
    """One node: its line, what it is, who acts and the actions (decision
    nodes), the children's indices in the tree, the chips each player has
    put in, and at a fold who folded."""

    index: int
    line: str
    kind: Kind
    player: int | None
    actions: tuple[str, ...]
    children: tuple[int, ...]
    put: tuple[float, float]
    folder: int | None = None

    @property
    def terminal(self) -> bool:
        return self.kind != "decision"


@dataclass(frozen=True)
class Tree:
    """The nodes in preorder (the root first, a node before its children),
    the starting pot and the effective stack."""

    nodes: tuple[Node, ...]
    pot: float
    stack: float

    def __len__(self) -> int:
        return len(self.nodes)

    def decisions(self, player: int | None = None) -> list[Node]:
        """The decision nodes (of `player`), in preorder."""
        return [n for n in self.nodes if n.kind == "decision" and player in (None, n.player)]

    def terminals(self) -> list[Node]:
        return [n for n in self.nodes if n.terminal]

    def final_pot(self, node: Node) -> float:
        return self.pot + node.put[0] + node.put[1]


@dataclass
class _Builder:
    pot: float
    stack: float
    sizes: Sizes
    nodes: list[Node | None]

    def add(self, line: tuple[str, ...], put: tuple[float, float], player: int, raises: int) -> int:
        """The node after `line`, `player` to act (and its subtree): its index."""
        if len(self.nodes) >= MAX_NODES:
            raise OmahaEvalError(
                f"the betting tree has more than {MAX_NODES:,} nodes; give fewer sizes or "
                "a lower max_raises",
                param="bets",
            )
        index = len(self.nodes)
        self.nodes.append(None)  # its place in preorder, filled once its children are
        options = self.options(put, player, raises, bool(line) and line[-1] == CHECK)
        children = []
        for action, after, ends, more in options:
            text = (*line, action)
            if ends is None:
                children.append(self.add(text, after, 1 - player, more))
            else:
                children.append(self.terminal(text, after, ends, player))
        self.nodes[index] = Node(
            index,
            SEPARATOR.join(line),
            "decision",
            player,
            tuple(o[0] for o in options),
            tuple(children),
            put,
        )
        return index

    def terminal(
        self, line: tuple[str, ...], put: tuple[float, float], kind: Kind, player: int
    ) -> int:
        index = len(self.nodes)
        folder = player if kind == "fold" else None
        self.nodes.append(Node(index, SEPARATOR.join(line), kind, None, (), (), put, folder))
        return index

    def options(
        self, put: tuple[float, float], player: int, raises: int, after_check: bool
    ) -> list[tuple[str, tuple[float, float], Kind | None, int]]:
        """(action, chips put in after it, the terminal it ends in or None,
        raises made) of each action of `player`."""
        mine, theirs = put[player], put[1 - player]

        def putting(amount: float) -> tuple[float, float]:
            return (amount, theirs) if player == OOP else (theirs, amount)

        if mine == theirs:  # nothing to call: check or bet
            checked: Kind | None = "showdown" if after_check else None
            out = [(CHECK, put, checked, 0)]
            out += self.bets(putting, player, self.pot + mine + theirs, mine, "bet", 0)
            return out
        out = [(FOLD, put, "fold", raises), (CALL, putting(theirs), "showdown", raises)]
        if raises < self.sizes.max_raises and theirs < self.stack:
            out += self.bets(putting, player, self.pot + 2 * theirs, theirs, "raise", raises + 1)
        return out

    def bets(
        self, putting: Any, player: int, base: float, floor: float, verb: str, raises: int
    ) -> list[tuple[str, tuple[float, float], Kind | None, int]]:
        """The bets (or raises) of `player`: each size's amount on top of
        `floor` (what is to be called) as a fraction of `base` (the pot after
        the call), capped to the stack as an all-in, then the all-in itself
        when offered and not already there."""
        if not self.sizes.bets[player] or self.stack <= floor:
            return []
        sizes = self.sizes.bets[player] if verb == "bet" else self.sizes.raises
        out: list[tuple[str, tuple[float, float], Kind | None, int]] = []
        for size in sizes:  # ascending: once one is all-in, so are the rest
            amount = floor + size * base
            if amount > self.stack * (1 + 1e-12):  # more than the player has: an all-in
                out.append((ALL_IN, putting(self.stack), None, raises))
                return out
            exact = amount >= self.stack * (1 - 1e-12)  # exactly the stack, by its size
            out.append(
                (f"{verb} {size_name(size)}", putting(min(amount, self.stack)), None, raises)
            )
            if exact:
                return out
        if self.sizes.allin:
            out.append((ALL_IN, putting(self.stack), None, raises))
        return out


def build_tree(pot: float, stack: float, sizes: Sizes) -> Tree:
    """The tree of the river from the starting pot, the effective stack and
    the sizes (refused above MAX_NODES nodes, before more are made)."""
    sizes.check_stack(pot, stack)
    builder = _Builder(pot, stack, sizes, [])
    builder.add((), (0.0, 0.0), OOP, 0)
    nodes = tuple(n for n in builder.nodes if n is not None)
    assert len(nodes) == len(builder.nodes)
    return Tree(nodes, pot, stack)
