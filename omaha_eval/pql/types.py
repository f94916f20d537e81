"""The query language's types, and the one table of what the values of each
type can do (RULES): which are numbers, which compare and how, which a
histogram counts, where quoted text is read as one, what an argument of
the type is said to expect, and the numbers it takes.

Every type rule of the language is here, once: the checker (check.py)
applies them to a statement, the function table (functions.py) names its
arguments and results by these types, and the result (result.py) shows
values by them.  Nothing here knows a function, a card or a deal.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import omaha_eval._core as _core

__all__ = [
    "COUNTABLE",
    "INTEGRAL",
    "NUMERIC",
    "ORDERED",
    "RULES",
    "SELECTORS",
    "SHARES",
    "Bounds",
    "Rules",
    "Takes",
    "Type",
    "comparable",
    "expects",
    "fits",
]


class Type(enum.Enum):
    """The types of values; each value is a NumPy array over a block's rows
    (STREET, PLAYER and STRING are constants, known when a query is read)."""

    BOOL = "boolean"
    NUM = "number"
    INT = "whole number"
    EQUITY = "equity"  # a share of the pot, 0 to 1
    FRACTION = "fraction"  # a share of the pot, shown as a fraction
    HIRATING = "high rating"  # 1..7462, larger is better
    LORATING = "low rating"  # 0 (no low), 1..56, larger is better
    HANDTYPE = "hand type"
    FLOPCAT = "flop category"
    CARD = "card"
    RANK = "rank"
    RANKSET = "rank set"
    STREET = "street"
    PLAYER = "player"
    STRING = "text"
    RANGE = "range text"  # an argument only: read as a range of the spot's hands
    BOARD = "board pattern"  # an argument only: read as a set of five cards

    @property
    def a(self) -> str:
        """The type's name with its article ("an equity", "a rank")."""
        return f"{'an' if self.value[0] in 'aeiou' else 'a'} {self.value}"


# Values that are shares of 0 to 1 (a probability, a share of the pot): their
# averages are shown as percents, as counts are (never 25.24% beside 0.557317).
SHARES = frozenset({Type.BOOL, Type.EQUITY, Type.FRACTION})


@dataclass(frozen=True)
class Bounds:
    """The numbers a numeric argument takes: `low` to `high`, whole numbers
    only when `whole`."""

    low: float
    high: float
    whole: bool

    def read(self, value: float) -> int | float | None:
        """The value as the argument takes it (an int when whole), or None
        when it is not one of its numbers."""
        if not self.low <= value <= self.high:  # NaN too
            return None
        if self.whole:
            return int(value) if float(value).is_integer() else None
        return float(value)

    def __str__(self) -> str:
        kind = "a whole number" if self.whole else "a number"
        return f"{kind} {self.low:,g} to {self.high:,g}"


@dataclass(frozen=True)
class Rules:
    """What the values of one type can do.

    - `number`: a number: arithmetic takes it, and it mixes with every
      other number (an argument of one numeric type takes any);
    - `whole`: whole numbers (shown so, a min or max as an int);
    - `compare`: "order" (every comparison, in the type's order), "equal"
      (= and <> only), "" (none: an argument of functions only);
    - `counted`: a histogram counts its values;
    - `quoted`: quoted text is read as a value of the type, before any deal:
      "argument" (as a function's argument), "compared" (also on the other
      side of a comparison), "only" (an argument that must be quoted text),
      "" (never: quoted text there is an error);
    - `expects`: an argument of the type as an error describes it
      ("{numbers}" stands for the numbers it takes; empty: the type's name);
    - `numbers`: a numeric type's numbers as an argument.
    """

    number: bool = False
    whole: bool = False
    compare: Literal["order", "equal", ""] = ""
    counted: bool = False
    quoted: Literal["argument", "compared", "only", ""] = ""
    expects: str = ""
    numbers: Bounds | None = None


def _number(numbers: Bounds, expects: str = "", quoted: Literal["argument", ""] = "") -> Rules:
    """A numeric type's rules: ordered and counted, whole when its numbers are."""
    return Rules(
        number=True,
        whole=numbers.whole,
        compare="order",
        counted=True,
        quoted=quoted,
        expects=expects,
        numbers=numbers,
    )


RULES: dict[Type, Rules] = {
    Type.BOOL: Rules(compare="equal", counted=True),
    Type.NUM: _number(Bounds(-math.inf, math.inf, whole=False)),
    Type.INT: _number(Bounds(0, 2**53, whole=True), "{numbers}"),
    Type.EQUITY: _number(Bounds(0, 1, whole=False), "an equity, {numbers}"),
    Type.FRACTION: _number(Bounds(0, 1, whole=False)),
    Type.HIRATING: _number(
        Bounds(1, float(_core.HIGH_MAX), whole=True),
        "a high rating ({numbers}) or a quoted five-card hand",
        quoted="argument",
    ),
    Type.LORATING: _number(
        Bounds(0, float(_core.LOW_MAX), whole=True),
        "a low rating ({numbers}) or a quoted low such as '8765A'",
        quoted="argument",
    ),
    Type.HANDTYPE: Rules(
        compare="order", counted=True, quoted="compared", expects="a hand type (such as flush)"
    ),
    Type.FLOPCAT: Rules(
        compare="order", counted=True, quoted="compared", expects="a flop category"
    ),
    Type.CARD: Rules(
        compare="equal", counted=True, quoted="compared", expects="a card (such as 'As')"
    ),
    Type.RANK: Rules(
        compare="order", counted=True, quoted="compared", expects="a rank (such as 'A')"
    ),
    Type.RANKSET: Rules(compare="equal", counted=True, quoted="compared", expects="a set of ranks"),
    Type.STREET: Rules(expects="a street (flop, turn or river)"),
    Type.PLAYER: Rules(expects="a player's name"),
    Type.STRING: Rules(),
    Type.RANGE: Rules(quoted="only", expects="quoted range text (such as 'AA:$ds')"),
    Type.BOARD: Rules(quoted="only", expects="a quoted board pattern (such as 'sss')"),
}

NUMERIC = frozenset(t for t, r in RULES.items() if r.number)
INTEGRAL = frozenset(t for t, r in RULES.items() if r.whole)  # whole numbers, shown so
ORDERED = frozenset(t for t, r in RULES.items() if r.compare == "order")
COUNTABLE = frozenset(t for t, r in RULES.items() if r.counted)  # what a histogram counts


def fits(got: Type, want: Type) -> bool:
    """A value of type `got` where `want` is expected: the same type, or
    numbers both."""
    return got is want or (want in NUMERIC and got in NUMERIC)


def comparable(left: Type, right: Type) -> bool:
    """The two sides of a comparison agree: one type, or numbers both (what
    comparisons each type takes: its rules' `compare`)."""
    return left is right or (left in NUMERIC and right in NUMERIC)


def expects(t: Type, numbers: Bounds | None) -> str:
    """An argument of type `t` (taking `numbers`) as an error describes it."""
    text = RULES[t].expects
    return text.format(numbers=numbers) if text else t.a


@dataclass(frozen=True)
class Takes:
    """The types a selector takes (`test` of the expression's type), and how
    an error says what it needs."""

    test: Callable[[Type], bool]
    needs: str


_ORDERED_VALUE = "an ordered value (a number, a hand type, a rank...)"
SELECTORS = {  # the aggregates of syntax.AGGREGATES
    "count": Takes(lambda t: t is Type.BOOL, "a true/false condition"),
    "avg": Takes(lambda t: t in NUMERIC or t is Type.BOOL, "a number or a condition"),
    "histogram": Takes(lambda t: t in COUNTABLE, "a value to count (not a player or a street)"),
    "min": Takes(lambda t: t in ORDERED, _ORDERED_VALUE),
    "max": Takes(lambda t: t in ORDERED, _ORDERED_VALUE),
}
