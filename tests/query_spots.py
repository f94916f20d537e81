"""Small exact spots for the query tests, and the engine and the oracle
(tests/oracles/query.py) asked the same aggregates over them.

A Spec is a spot as text: the seats (a hand, a list of hands, or '*'), the
board, and the cards left to come (live); every other card is dead, so that
a spot has few deals.  ``check`` asks the engine, exactly, the aggregates a
value's kind allows (count, avg, histogram, min, max) and compares them
with the oracle's over the same deals.

A flop spot's turn is dealt as its own street: the oracle deals both orders
of the last two cards.  The engine's answers for what reads the turn of a
flop spot are taken as the mean over turn cards of the same query with the
turn given (each weighted by its deals), which is what they mean; the
direct exact query is checked on its own (test_query_functions.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import Any

from oracles import evaluator as ref
from oracles import query as oracle

import omaha_eval as oe
from omaha_eval.pql.functions import STREETS
from omaha_eval.pql.types import Type

STREET_NAMES = {v: k for k, v in STREETS.items()}
TOLERANCE = 1e-12
SEATS = ("hero", "villain", *(f"villain{i}" for i in range(2, 10)))

KIND = {
    Type.BOOL: "bool",
    Type.NUM: "number",
    Type.EQUITY: "number",
    Type.FRACTION: "fraction",
    Type.INT: "int",
    Type.HIRATING: "int",
    Type.LORATING: "low",
    Type.HANDTYPE: "handtype",
    Type.FLOPCAT: "flopcat",
    Type.CARD: "card",
    Type.RANK: "rank",
    Type.RANKSET: "rankset",
}
SELECTORS = {
    "bool": ("count",),
    "number": ("avg", "histogram", "min", "max"),
    "fraction": ("avg", "histogram", "min", "max"),
    "int": ("avg", "histogram", "min", "max"),
    "low": ("avg", "histogram", "min", "max"),
    "handtype": ("histogram", "min", "max"),
    "flopcat": ("histogram", "min", "max"),
    "rank": ("histogram", "min", "max"),
    "card": ("histogram",),
    "rankset": ("histogram",),
}


# ------------------------------------------------------------------ spots


@dataclass(frozen=True)
class Spec:
    """A spot as text: the seats (a hand, a list of hands, or '*'), the board,
    and the cards left to come (live); every other card is dead."""

    name: str
    players: tuple[Any, ...]
    board: str
    live: str
    game: str = "omaha8"

    @property
    def k(self) -> int:
        hand = next(p for p in self.players if isinstance(p, str) and p != "*")
        return len(ref.cards(hand))

    def known_cards(self) -> set[int]:
        cards = set(ref.cards(self.board)) | set(ref.cards(self.live))
        for p in self.players:
            for hand in [p] if isinstance(p, str) else p:
                if hand != "*":
                    cards |= set(ref.cards(hand))
        return cards

    @property
    def dead(self) -> str:
        known = self.known_cards()
        return "".join(card_text(c) for c in range(52) if c not in known)

    def seat_hands(self) -> list[list[str]]:
        """Each seat's hands as text ('*': every hand of the live cards)."""
        out = []
        for p in self.players:
            if p == "*":
                out.append(
                    [
                        "".join(card_text(c) for c in h)
                        for h in combinations(ref.cards(self.live), self.k)
                    ]
                )
            else:
                out.append([p] if isinstance(p, str) else list(p))
        return out

    def spot(self) -> oracle.Spot:
        return oracle.make_spot(
            self.seat_hands(), self.board, self.dead, high_only=self.game == "omaha"
        )

    def bindings(self, board: str | None = None) -> str:
        seats = []
        for name, p in zip(SEATS, self.players, strict=False):  # at most 10 seats
            text = p if isinstance(p, str) else ", ".join(f"({h})" for h in p)
            seats.append(f"{name}='{text}'")
        board = self.board if board is None else board
        return f"game='{self.game}', {', '.join(seats)}, board='{board}', dead='{self.dead}'"

    @property
    def flop(self) -> bool:
        return len(ref.cards(self.board)) == 3

    def with_game(self, game: str) -> Spec:
        return Spec(f"{self.name}-{game}", self.players, self.board, self.live, game)


def card_text(c: int) -> str:
    return ref.RANKS[ref.rank(c)] + ref.SUITS[ref.suit(c)]


LIVE16 = "2d 4s 5d 6h 8c 9h Th Qs Kh Jd 7s 3d As 4h 8d Tc"
BASE = [
    Spec("flop4", ("Ah2h5c9d", "KsKd3h4c"), "Jh7h3c", LIVE16),
    Spec("turn4", ("Ah2h5c9d", "KsKd3h4c"), "Jh7h3c8d", LIVE16.replace("8d", "6c")),
    Spec(
        "flop4x3",
        ("Ah2h5c9d", "KsKd3h4c", "QcJc6d6s"),
        "Jh7h3c",
        "2d 4s 5d 6h 8c 9h Th Qs Kh 7s 3d As 4h 8d",
    ),
    Spec(
        "flop4range",
        ("Ah2h5c9d", ("KsKd3h4c", "QsQd3h4c", "KsKd4d5s")),
        "Jh7h3c",
        "2d 6h 8c 9h Th Kh Jd 7s 3d As 4h 8d",
    ),
    Spec("turn4any", ("*", "KsKd3h4c"), "Jh7h3c8d", "Ah 2h 5c 9d 4s Qs As Td Tc"),
    Spec("flop5", ("Ah2h5c9dTd", "KsKd3h4cQc"), "Jh7h3c", LIVE16.replace("Tc", "6c")),
    Spec("turn5", ("Ah2h5c9dTd", "KsKd3h4cQc"), "Jh7h3c8d", LIVE16.replace("8d", "6c")),
    Spec("flop6", ("Ah2h5c9dTd6s", "KsKd3h4cQcJs"), "Jh7h3c", LIVE16.replace("Tc", "6c")),
    Spec("turn6", ("Ah2h5c9dTd6s", "KsKd3h4cQcJs"), "Jh7h3c8d", LIVE16.replace("8d", "6c")),
]
SPECS = {s.name: s for base in BASE for s in (base.with_game("omaha8"), base.with_game("omaha"))}
# The default tier's spots: both games, every hand size, a flop and a turn,
# three players and a random hand; the slow tier runs the others (the range
# spot among them: a fifth of the default tier's query time alone).
QUICK = ("flop4-omaha8", "flop4x3-omaha", "turn4any-omaha8", "turn5-omaha8", "turn6-omaha")


@cache
def deals_of(spec: Spec) -> list[oracle.Deal]:
    """The oracle's deals of the spot (kept: the values they cache are reused)."""
    return list(oracle.deals(spec.spot()))


@dataclass(frozen=True)
class Arg:
    """An argument: its text in the query, its value on a deal, and whether
    it reads the turn."""

    text: str
    value: Callable[[oracle.Deal], Any]
    turn: bool = False


def const(text: str, value: Any) -> Arg:
    return Arg(text, lambda d: value)


def street(s: int) -> Arg:
    """A street argument (a flop spot's turn is read as its own street)."""
    return Arg(STREET_NAMES[s], lambda d: s, s == 4)


def call(name: str, *args: Arg) -> Arg:
    impl = oracle.FUNCTIONS[name]
    return Arg(
        f"{name}({', '.join(a.text for a in args)})",
        lambda d: impl(d, *(a.value(d) for a in args)),
        any(a.turn for a in args) or name in ("turnCard", "riverCard"),
    )


def selectors_of(kind: str, text: str) -> list[str]:
    return [f"{a}({text})" for a in SELECTORS[kind]]


def engine(spec: Spec, selectors: list[str], turn: bool, where: str = "") -> list[Any]:
    """The engine's exact values of the selectors; `turn`: on a flop spot,
    the mean over every turn card of the query with that turn given."""
    clause = f" where {where}" if where else ""
    if not (turn and spec.flop):
        text = f"select {', '.join(selectors)} from {spec.bindings()}{clause}"
        result = oe.query(text, exact=True)
        assert result.method == "exact"
        return [c.value for c in result.columns]
    parts = []
    for c in turn_cards(spec):
        text = (
            f"select {', '.join(selectors)} from {spec.bindings(spec.board + card_text(c))}{clause}"
        )
        result = oe.query(text, exact=True)
        parts.append((result.kept, [col.value for col in result.columns]))
    return [_merge(sel, [(w, v[i]) for w, v in parts]) for i, sel in enumerate(selectors)]


@cache
def turn_cards(spec: Spec) -> tuple[int, ...]:
    """The cards that can come on the turn of a flop spot: on no board, not
    dead, and left out by some assignment of the seats' hands."""
    spot = spec.spot()
    taken = set(spot.board) | set(spot.dead)
    free = set()
    for hands in product(*spot.players):
        used = {c for h in hands for c in h}
        if len(used) == spot.k * len(hands) and not used & taken:
            free |= set(range(52)) - taken - used
    return tuple(sorted(free))


def _merge(selector: str, parts: list[tuple[int, Any]]) -> Any:
    """Aggregates of the parts (each with its deals) as one."""
    parts = [(w, v) for w, v in parts if w and v is not None]
    total = sum(w for w, _ in parts)
    if not total:  # the where keeps nothing in any part
        return None
    aggregate = selector.split("(")[0]
    values = [v for _, v in parts]
    if aggregate in ("avg", "count"):
        return sum(w * v for w, v in parts) / total
    if aggregate == "histogram":
        out: dict[str, float] = {}
        for w, h in parts:
            for key, share in h.items():
                out[key] = out.get(key, 0.0) + w * share / total
        return out
    if not any(isinstance(v, str) for v in values):
        return (min if aggregate == "min" else max)(values)
    return values  # labels: compared as the set of extremes seen


def expected(kind: str, selector: str, agg: oracle.Aggregates) -> Any:
    aggregate = selector.split("(")[0]
    if aggregate in ("avg", "count"):
        return agg.mean
    if aggregate == "histogram":
        return agg.histogram if agg.kept else None
    extreme = agg.low if aggregate == "min" else agg.high
    if extreme is None:
        return None
    if kind in ("number", "fraction", "int", "low"):
        return float(extreme)
    return oracle.label(extreme, kind)


def assert_agrees(selector: str, got: Any, want: Any) -> None:
    if want is None:  # nothing kept
        assert got is None, (selector, got)
        return
    if isinstance(want, dict):
        assert isinstance(got, dict), (selector, got)
        assert set(got) == set(want), (selector, got, want)
        for key, share in want.items():
            assert math.isclose(got[key], share, abs_tol=TOLERANCE), (selector, key, got, want)
    elif isinstance(want, float):
        assert got is not None and math.isclose(got, want, abs_tol=TOLERANCE), (selector, got, want)
    elif isinstance(got, list):  # min/max labels merged over turn cards
        assert want in got, (selector, got, want)
    else:
        assert got == want, (selector, got, want)


def check(spec: Spec, case_list: list[Arg], kind: str, where: Arg | None = None) -> int:
    """Compare every case on the spot (kept by `where`, if given) with the
    oracle; the number of aggregates compared."""
    deals = deals_of(spec)
    keep = None if where is None else [bool(where.value(d)) for d in deals]
    if where is not None and where.turn:
        groups = [(case_list, True)]
    else:
        groups = [([c for c in case_list if c.turn == turn], turn) for turn in (False, True)]
    compared = 0
    for group, turn in groups:
        if not group:
            continue
        selectors = [s for c in group for s in selectors_of(kind, c.text)]
        got = iter(engine(spec, selectors, turn, where.text if where else ""))
        for c in group:
            agg = oracle.aggregate([(d.weight, c.value(d)) for d in deals], kind, keep)
            for sel in selectors_of(kind, c.text):
                assert_agrees(f"{spec.name}: {sel}", next(got), expected(kind, sel, agg))
                compared += 1
    return compared
