"""Range text -> syntax tree: a hand-written recursive-descent parser (private).

The grammar (docs/ranges.md is the reference, with an example per construct)::

    range    := item ("," item)*
    item     := chain ("@" NUMBER)?              weight of the whole chain
    chain    := operand ((":" | "!") operand)*   left to right
    operand  := "(" range ")" | PERCENT | "$" HAND_MACRO | pattern
    pattern  := slot+ "+"?                       cards may be separated by spaces
    slot     := card | "[" alt ("," alt)* "]" SUIT?
    alt      := card+ ("-" card+ | "+")?
    card     := (RANK | "10" | RANK_VAR | "*" | "$" RANK_CLASS) SUIT? | SUIT
    SUIT     := c d h s | w x y z (suit variables)
    PERCENT  := N "%" ("-" N "%")? "6h"?          "6h": the six-handed order

Every pattern comes out with its brackets, spans and "+" expanded into
alternatives (tuples of cards).  Letters are case-insensitive: a k q j t are
ranks, c d h s suits, w x y z suit variables, every other letter a rank
variable.  All errors are OmahaEvalError with the column and a caret.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import product
from typing import TYPE_CHECKING, NoReturn

from omaha_eval.cards import LOW_RANKS, RANKS, SUIT_SYMBOLS, SUITS
from omaha_eval.errors import OmahaEvalError

if TYPE_CHECKING:
    from fractions import Fraction

ALL_RANKS = 0x1FFF
SUIT_VARS = "wxyz"
# every letter that is not a rank, a suit or a suit variable names a rank variable
RANK_VARS = "".join(
    ch
    for ch in "abcdefghijklmnopqrstuvwxyz"
    if ch.upper() not in RANKS and ch not in SUITS + SUIT_VARS
)

HAND_MACROS = {
    "ds": "double-suited: two or more suits each hold two or more cards",
    "ss": "single-suited: exactly one suit holds two or more cards",
    "rb": "rainbow: no two cards share a suit",
    "np": "no pair: no two cards share a rank",
}
RANK_CLASSES = {
    "l": LOW_RANKS,  # low cards, the ranks that make an eight-or-better low
    "b": "AKQJT",  # broadway
    "w": "A2345",  # wheel cards
}

MAX_ALTERNATIVES = 500  # choices one pattern may expand to: matching costs grow with them
# Choices of all patterns together, counted before each is expanded: the
# parser's own time and memory grow with them (about 0.1 s for 10,000).
MAX_TOTAL_ALTERNATIVES = 10_000
MAX_DEPTH = 50  # parentheses inside parentheses: deeper is a mistake, and Python's stack is finite
# Characters of range text, checked before it is read: a long list of
# six-card hands (about 1,500 of them) fits, and the parser's time stays
# well under a second.
MAX_TEXT_LENGTH = 20_000
MAX_NUMBER_LENGTH = 50  # characters of one weight or percent: longer is a slip
SHOWN_WIDTH = 72  # characters of the text an error shows around the bad spot


@dataclass(frozen=True)
class Card:
    """One card of a pattern: a rank constraint and a suit constraint.

    ranks: allowed ranks as a bit mask (bit r = rank r, 2 = 0 .. A = 12);
    named: the ranks were written (a rank, a bracket or $L), so rank
    variables of the same match must take other ranks; rank_var/suit_var:
    the variable's letter or None; suit: an explicit suit 0..3 or None.
    """

    ranks: int = ALL_RANKS
    named: bool = False
    rank_var: str | None = None
    suit: int | None = None
    suit_var: str | None = None
    col: int = 0

    @property
    def single_rank(self) -> int | None:
        """The rank when exactly one was named, else None."""
        if self.named and self.ranks & (self.ranks - 1) == 0:
            return self.ranks.bit_length() - 1
        return None

    def shape(self) -> tuple[object, ...]:
        """Everything but the rank and the column (spans must keep it)."""
        return (
            self.single_rank is None,
            self.ranks if self.single_rank is None else None,
            self.rank_var,
            self.suit,
            self.suit_var,
        )

    def shifted(self, by: int) -> Card:
        r = self.single_rank
        return self if r is None else replace(self, ranks=1 << (r + by))


Alt = tuple[Card, ...]


@dataclass(frozen=True)
class Pattern:
    alts: tuple[Alt, ...]
    col: int
    text: str


@dataclass(frozen=True)
class Macro:
    name: str
    col: int


@dataclass(frozen=True)
class Percent:
    low: Fraction  # percent, 0..100
    high: Fraction
    col: int
    table: str = "hu"  # whose order: "hu" heads-up, "6h" six-handed (the suffix)
    game: str = "omaha8"  # the game's name (the Range's game; not in the text)


@dataclass(frozen=True)
class Union_:
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Chain:
    """Operands joined by ':' (intersection) and '!' (but not), read left
    to right: ``A:B!C`` is ``(A:B)!C``.  Kept flat, so that a long chain
    does not make a deep tree."""

    first: Node
    rest: tuple[tuple[str, Node], ...]  # (":" or "!", operand)


@dataclass(frozen=True)
class Weighted:
    node: Node
    weight: float
    col: int  # the '@'


Node = Pattern | Macro | Percent | Union_ | Chain | Weighted


def nodes(tree: Node) -> Iterator[Node]:
    """Every node of a tree: the tree itself, then each part's nodes, left
    to right (no recursion: a text may nest deeply)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, Union_):
            stack.extend(reversed(node.items))
        elif isinstance(node, Chain):
            stack.extend(reversed([node.first, *(operand for _, operand in node.rest)]))
        elif isinstance(node, Weighted):
            stack.append(node.node)


_NUMBER = re.compile(r"(\d+(?:\.\d*)?|\.\d+)")
_PERCENT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*%")
_TABLE = re.compile(r"\d[0-9A-Za-z]*")  # a table-size suffix right after '%': 6h


def syntax_error(
    text: str, pos: int, message: str, name: str = "range", value: object = None
) -> OmahaEvalError:
    """The error for bad range text: the message, the column (1-based) and
    the text with a caret under the bad spot (a long text: SHOWN_WIDTH
    characters around it)."""
    shown = "".join(" " if ch.isspace() else ch for ch in text)
    caret = pos
    if len(shown) > SHOWN_WIDTH:
        start = max(0, min(pos - SHOWN_WIDTH // 2, len(shown) - SHOWN_WIDTH))
        left = "..." if start else ""
        right = "..." if start + SHOWN_WIDTH < len(shown) else ""
        shown = left + shown[start : start + SHOWN_WIDTH] + right
        caret = pos - start + len(left)
    return OmahaEvalError(
        f"column {pos + 1}: {message}\n    {shown}\n    {' ' * caret}^",
        param=name,
        value=value,
    )


class _Parser:
    def __init__(
        self, text: str, hole_cards: int, name: str = "range", game: str = "omaha8"
    ) -> None:
        self.name = name
        self.text = text
        self.pos = 0
        self.k = hole_cards
        self.depth = 0
        self.game = game
        self.alternatives = 0  # of every pattern so far

    # ---------------------------------------------------------------- helpers
    def fail(self, message: str, pos: int | None = None) -> NoReturn:
        raise syntax_error(self.text, self.pos if pos is None else pos, message, self.name)

    def skip_ws(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def describe(self) -> str:
        ch = self.peek()
        return "the end" if ch == "" else repr(ch)

    # ---------------------------------------------------------------- grammar
    def parse(self) -> Node:
        if len(self.text) > MAX_TEXT_LENGTH:
            self.fail(
                f"range text of {len(self.text):,} characters, more than the limit of "
                f"{MAX_TEXT_LENGTH:,}; write a shorter range (fewer terms, or spans and "
                "brackets such as 'AA-TT', '[A-T]')",
                MAX_TEXT_LENGTH,
            )
        self.skip_ws()
        if self.pos == len(self.text):
            self.fail("empty range: expected a hand pattern such as 'AA' or '15%'")
        node = self.range_()
        if self.pos < len(self.text):
            what = "')' without '('" if self.peek() == ")" else f"unexpected {self.describe()}"
            self.fail(f"{what}; expected ',', ':', '!' or '@' between terms")
        return node

    def range_(self) -> Node:
        items = [self.item()]
        while self.peek() == ",":
            self.pos += 1
            self.skip_ws()
            items.append(self.item())
        return items[0] if len(items) == 1 else Union_(tuple(items))

    def item(self) -> Node:
        node = self.chain()
        if self.peek() == "@":
            at = self.pos
            self.pos += 1
            self.skip_ws()
            m = _NUMBER.match(self.text, self.pos)
            if m is None:
                self.fail("expected a weight after '@', e.g. '@0.5'")
            self.check_number(m.group(1))
            weight = float(m.group(1))
            if not 0 < weight < float("inf"):
                self.fail(f"weight must be a positive number, got {m.group(1)}", at + 1)
            self.pos = m.end()
            self.skip_ws()
            node = Weighted(node, weight, at)
            if self.peek() and self.peek() in ":!@":
                self.fail(
                    f"{self.describe()} after a weight; a weight ends its term "
                    "(write '(AA!AAA)@0.5', not 'AA@0.5!AAA')"
                )
        return node

    def chain(self) -> Node:
        first = self.operand()
        rest: list[tuple[str, Node]] = []
        while self.peek() in (":", "!"):
            op = self.peek()
            self.pos += 1
            self.skip_ws()
            rest.append((op, self.operand()))
        return Chain(first, tuple(rest)) if rest else first

    def operand(self) -> Node:
        self.skip_ws()
        start = self.pos
        ch = self.peek()
        node: Node
        if ch == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                self.fail(f"parentheses nested more than {MAX_DEPTH} deep")
            self.pos += 1
            self.skip_ws()
            if self.peek() == ")":
                self.fail("empty parentheses")
            node = self.range_()
            self.depth -= 1
            if self.peek() != ")":
                self.fail(
                    f"expected ')' to close the '(' at column {start + 1}, got {self.describe()}"
                )
            self.pos += 1
        elif _PERCENT.match(self.text, self.pos):
            node = self.percent()
        elif ch == "$" and self.macro_name()[1] in HAND_MACROS:
            end, name = self.macro_name()
            self.pos = end
            node = Macro(name, start)
        elif ch == "":
            self.fail("expected a hand pattern, '(', a macro or a percent, got the end")
        elif ch in ",:!@)]":
            self.fail(f"expected a hand pattern, '(', a macro or a percent before {ch!r}")
        else:
            node = self.pattern()
        self.skip_ws()
        return node

    def percent(self) -> Percent:
        from fractions import Fraction  # read with the first percent range, not the package

        start = self.pos
        low = self.percent_number()
        table_at = self.pos
        table = self.percent_table()
        high: Fraction | None = None
        save = self.pos
        self.skip_ws()
        if self.peek() == "-":
            if table != "hu":
                self.fail("the table size goes after the whole span, e.g. '5%-10%6h'", table_at)
            self.pos += 1
            self.skip_ws()
            if not _PERCENT.match(self.text, self.pos):
                self.fail("expected a percent after '-', e.g. '5%-10%'")
            high = self.percent_number()
            if high < low:
                self.fail(f"percent span goes down: {low}% to {high}%", start)
            table = self.percent_table()
        else:
            self.pos = save
        if high is None:
            low, high = Fraction(0), low
        return Percent(low, high, start, table, self.game)

    def percent_table(self) -> str:
        """The table size written right after '%': '6h' (six-handed) or none (heads-up)."""
        m = _TABLE.match(self.text, self.pos)
        if m is None:
            return "hu"
        if m.group().lower() != "6h":
            self.fail(
                f"unknown table size {m.group()!r} after a percent; write '6h' for the "
                "six-handed order (e.g. '15%6h') or nothing for heads-up"
            )
        self.pos = m.end()
        return "6h"

    def check_number(self, digits: str) -> None:
        if len(digits) > MAX_NUMBER_LENGTH:
            self.fail(f"number of {len(digits):,} characters (at most {MAX_NUMBER_LENGTH})")

    def percent_number(self) -> Fraction:
        from fractions import Fraction

        m = _PERCENT.match(self.text, self.pos)
        assert m is not None
        self.check_number(m.group(1))
        value = Fraction(m.group(1))
        if value > 100:
            self.fail(f"percent above 100: {m.group(1)}%")
        self.pos = m.end()
        return value

    def macro_name(self) -> tuple[int, str]:
        """(end, name) of the macro at '$': the whole letter run when it is a
        known name, else its first letter (a rank class followed by a suit)."""
        end = self.pos + 1
        while end < len(self.text) and self.text[end].isascii() and self.text[end].isalpha():
            end += 1
        run = self.text[self.pos + 1 : end].lower()
        if run in HAND_MACROS or run in RANK_CLASSES:
            return end, run
        if run[:1] in RANK_CLASSES:
            return self.pos + 2, run[:1]
        known = ", ".join("$" + n for n in [*HAND_MACROS, *(n.upper() for n in RANK_CLASSES)])
        self.fail(f"unknown macro ${self.text[self.pos + 1 : end]}; known: {known}")

    # ---------------------------------------------------------------- patterns
    def pattern(self) -> Pattern:
        start = self.pos
        slots: list[list[Alt]] = []  # each slot: its alternatives
        while True:
            ch = self.peek()
            if ch == "[":
                slots.append(self.bracket())
            elif ch and ch not in ",:!@()]+%-" and not ch.isspace():
                slots.append([(self.card(),)])
            else:
                break
            # spaces may separate cards, but not a pattern from what follows it
            save = self.pos
            self.skip_ws()
            nxt = self.peek()
            if (
                not nxt
                or nxt in ",:!@()]+%-"
                or (nxt == "$" and self.macro_name()[1] in HAND_MACROS)
            ):
                self.pos = save
                if nxt == "$":
                    self.skip_ws()
                    self.fail(
                        "a hand macro cannot be part of a card pattern; join them with ':' "
                        "(e.g. 'AA:$ds')"
                    )
                break
        if not slots:
            self.fail(f"expected a hand pattern, got {self.describe()}")
        plain = [alts[0] for alts in slots if len(alts) == 1]
        self.check_repeats([c for alt in plain for c in alt])
        choices = math.prod(len(s) for s in slots)  # counted before anything is expanded
        self.check_count(choices, start)
        alts = [tuple(c for part in choice for c in part) for choice in product(*slots)]
        self.skip_ws()
        if self.peek() in ("+", "-"):
            if choices > 1:
                what = "'+'" if self.peek() == "+" else "a span"
                self.fail(
                    f"{what} after a whole pattern needs one without brackets "
                    "(several spans in one hand go in brackets: '[AK-AT][22-55]')"
                )
            if self.peek() == "+":
                alts = self.plus(alts[0], start)
                self.pos += 1
            else:
                alts = self.top_level_span(alts[0], start)
        self.check_size(alts, start)
        return Pattern(tuple(alts), start, self.text[start : self.pos].strip())

    def top_level_span(self, first: Alt, start: int) -> list[Alt]:
        """`AA-TT`, `A-T`, `AsKs-AsTs` (the other end after '-'), or `KK-`
        (down to the deuce), outside brackets."""
        self.pos += 1  # the '-'
        self.skip_ws()
        end_at = self.pos
        other: list[Card] = []
        while self.peek() and self.peek() not in ",:!@()[]+%-" and not self.peek().isspace():
            other.append(self.card())
        if other:
            return self.span(first, tuple(other), start, end_at)
        return self.down(first, start)

    def check_repeats(self, cards: list[Card]) -> None:
        seen: set[tuple[int, int]] = set()
        for c in cards:
            r = c.single_rank
            if r is not None and c.suit is not None:
                if (r, c.suit) in seen:
                    self.fail(f"card {RANKS[r]}{SUITS[c.suit]} appears twice in one pattern", c.col)
                seen.add((r, c.suit))

    def check_count(self, choices: int, start: int) -> None:
        if choices > MAX_ALTERNATIVES:
            self.fail(
                f"pattern expands to {choices:,} alternatives (limit {MAX_ALTERNATIVES}); "
                "split it with ','",
                start,
            )
        if self.alternatives + choices > MAX_TOTAL_ALTERNATIVES:
            self.fail(
                f"the patterns up to here expand to {self.alternatives + choices:,} "
                f"alternatives (limit {MAX_TOTAL_ALTERNATIVES:,} for a whole range); "
                "write a narrower range with fewer or smaller brackets and spans",
                start,
            )

    def check_size(self, alts: list[Alt], start: int) -> None:
        self.check_count(len(alts), start)
        self.alternatives += len(alts)
        for alt in alts:
            if len(alt) > self.k and self.name in ("board", "dead"):  # card_sets
                self.fail(
                    f"a {self.name} pattern names at most {self.k} cards, got {len(alt)}", start
                )
            if len(alt) > self.k:
                self.fail(
                    f"pattern has {len(alt)} cards but hands have {self.k} (for "
                    f"{len(alt)}-card Omaha, hole_cards={len(alt)})"
                    if len(alt) <= 6
                    else f"pattern has {len(alt)} cards but hands have {self.k}",
                    start,
                )

    def plus(self, alt: Alt, start: int) -> list[Alt]:
        ranks = [c.single_rank for c in alt if c.single_rank is not None]
        if not ranks or any(c.named and c.single_rank is None for c in alt):
            self.fail(
                "'+' raises written ranks; this pattern has none to raise (e.g. 'TT+')", start
            )
        top = max(ranks)
        return [tuple(c.shifted(by) for c in alt) for by in range(12 - top + 1)]

    def down(self, alt: Alt, start: int) -> list[Alt]:
        """`X-`: the written ranks of X lowered together, one step at a time,
        until the lowest is a deuce (the mirror of `X+`)."""
        ranks = [c.single_rank for c in alt if c.single_rank is not None]
        if not ranks or any(c.named and c.single_rank is None for c in alt):
            self.fail(
                "'-' lowers written ranks; this pattern has none to lower (e.g. 'KK-')", start
            )
        return [tuple(c.shifted(-by) for c in alt) for by in range(min(ranks) + 1)]

    def bracket(self) -> list[Alt]:
        open_at = self.pos
        self.pos += 1
        alts: list[Alt] = []
        while True:
            self.skip_ws()
            alts += self.bracket_alt()
            self.skip_ws()
            if self.peek() == ",":
                self.pos += 1
                continue
            if self.peek() == "]":
                self.pos += 1
                break
            self.fail(
                f"expected ',' or ']' to close the '[' at column {open_at + 1}, "
                f"got {self.describe()}"
            )
        suit, suit_var = self.suit_here()
        # one card each, ranks only: merge into one card with a rank set
        if all(
            len(a) == 1
            and a[0].named
            and a[0].suit is None
            and a[0].suit_var is None
            and a[0].rank_var is None
            for a in alts
        ):
            mask = 0
            for a in alts:
                mask |= a[0].ranks
            return [(Card(ranks=mask, named=True, suit=suit, suit_var=suit_var, col=open_at),)]
        if suit is not None or suit_var is not None:
            self.fail("a suit after ']' needs single ranks inside, e.g. '[A-T]s'", open_at)
        return alts

    def bracket_alt(self) -> list[Alt]:
        start = self.pos
        cards: list[Card] = []
        while self.peek() and self.peek() not in ",]-+" and not self.peek().isspace():
            if self.peek() == "[":
                self.fail("brackets cannot be nested")
            cards.append(self.card())
            self.skip_ws()
        if not cards:
            self.fail(f"expected ranks or cards inside brackets, got {self.describe()}")
        self.check_repeats(cards)
        if self.peek() == "+":
            self.pos += 1
            return self.plus(tuple(cards), start)
        if self.peek() != "-":
            return [tuple(cards)]
        self.pos += 1
        self.skip_ws()
        end_at = self.pos
        other: list[Card] = []
        while self.peek() and self.peek() not in ",]-+" and not self.peek().isspace():
            other.append(self.card())
            self.skip_ws()
        if not other:
            self.fail("expected the other end of the span after '-'")
        return self.span(tuple(cards), tuple(other), start, end_at)

    def span(self, a: Alt, b: Alt, start: int, end_at: int) -> list[Alt]:
        if len(a) != len(b) or any(x.shape() != y.shape() for x, y in zip(a, b, strict=True)):
            self.fail("the two ends of a span must have the same form, e.g. '[KQ-87]'", end_at)
        if not any(x.single_rank is not None for x in a):
            self.fail("a span needs written ranks at both ends, e.g. '[A-T]'", start)
        # cards equal at both ends stay (AsKs-AsTs: the ace stays, the king moves)
        moving = [
            (i, y.single_rank - x.single_rank)  # type: ignore[operator]
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            if x.single_rank is not None and x.single_rank != y.single_rank
        ]
        offsets = {d for _, d in moving}
        if len(offsets) > 1:
            self.fail(
                "every rank that moves must move by the same step across a span, "
                "e.g. '[KQ-87]' or 'AsKs-AsTs'",
                end_at,
            )
        d = offsets.pop() if offsets else 0
        step = 1 if d >= 0 else -1
        moves = {i for i, _ in moving}
        return [
            tuple(c.shifted(k) if j in moves else c for j, c in enumerate(a))
            for k in range(0, d + step, step)
        ]

    def suit_here(self) -> tuple[int | None, str | None]:
        """(suit, suit variable) written right here, with no space before it."""
        ch = SUIT_SYMBOLS.get(self.peek(), self.peek().lower())
        if ch and ch in SUITS:
            self.pos += 1
            return SUITS.index(ch), None
        if ch and ch in SUIT_VARS:
            self.pos += 1
            return None, ch
        return None, None

    def card(self) -> Card:
        start = self.pos
        ch = self.peek()
        low = SUIT_SYMBOLS.get(ch, ch.lower())
        ranks, named, rank_var = ALL_RANKS, False, None
        if ch == "1":
            if not self.text.startswith("10", self.pos):
                self.fail("'1' is not a rank; write A for an ace, T or 10 for a ten")
            self.pos += 2
            ranks, named = 1 << RANKS.index("T"), True
        elif len(ch) == 1 and ch.isascii() and ch.upper() in RANKS:
            self.pos += 1
            ranks, named = 1 << RANKS.index(ch.upper()), True
        elif ch == "*":
            self.pos += 1
        elif ch == "$":
            end, name = self.macro_name()
            if name in HAND_MACROS:
                self.fail(
                    "a hand macro cannot be part of a card pattern; join them with ':' "
                    "(e.g. 'AA:$ds')"
                )
            ranks = sum(1 << RANKS.index(r) for r in RANK_CLASSES[name])
            named = True
            self.pos = end
        elif len(low) == 1 and low in SUITS + SUIT_VARS:
            pass  # a suit alone: any rank
        elif len(low) == 1 and ch.isascii() and low in RANK_VARS:
            self.pos += 1
            rank_var = low
        else:
            self.fail(
                f"cannot read a card at {self.describe()}; cards are ranks AKQJT98765432, "
                "suits cdhs, '*', suit variables wxyz or rank variables like R"
            )
        suit, suit_var = self.suit_here()
        return Card(ranks, named, rank_var, suit, suit_var, start)


def parse(text: str, hole_cards: int = 4, name: str = "range", game: str = "omaha8") -> Node:
    """Syntax tree of range text; raises OmahaEvalError (naming `name`) with
    a caret on error.  `game` (a game's name) is the order percent terms take."""
    return _Parser(text, hole_cards, name, game).parse()
