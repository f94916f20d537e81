"""Text that looks like cards but is read as a pattern: the one definition.

ProPokerTools' rule stays (engine/players.py, engine/boards.py): distinct
cards make a hand (a player: exactly the spot's number of cards) or known
cards (board, dead), and every other text is the range language.  Some of
that other text looks like cards, and the user is told how it was read (a
note in the result; ``strict=True``, ``--strict-cards``: an error instead).

Text **has the shape of cards** when, separators (spaces, commas) aside, it
is one or more two-character tokens (three for ``10``) and nothing else, at
least one of them a card, each token being

- a rank (2-9, T, J, Q, K, A or 10), a rank variable (any other letter
  that is not a suit or a suit variable) or a suit variable (w x y z),
- then a suit (c d h s or a symbol), a suit variable or a rank variable,

any case.  A comma separates terms in the range language, so with commas
each token between them is a pattern of its own, and the reading says so.
So ``AsAh2c3x``, ``AsAh2c``, ``KsQdZh``, ``Ks Qd Jh 9y``, ``AsAh2c3p`` and
``As,Ah,2c`` have it; ``AA``, ``AK**``, ``AxAy`` (no card), ``sss``, ``15%``
and ``*`` do not.  The range language reads such a token as the parser does
(omaha_eval/_range_parse.py): ``3x`` is a three of suit variable x;
``3p`` is two cards (a three, and a card of rank variable p); ``Zh`` is two
cards (one of suit variable z, and a heart).

Range text also looks like a hand macro written without its ``$`` when one
of its terms (between ``,`` ``:`` ``!`` ``(`` ``)`` ``@``) is exactly ds, ss,
rb or np: ``AA:ds`` is the aces holding a diamond and a spade, not
``AA:$ds``.
"""

from __future__ import annotations

import re

from omaha_eval._checks import CardArray
from omaha_eval._range_parse import HAND_MACROS, RANK_VARS, SUIT_VARS
from omaha_eval.cards import SUIT_SYMBOLS, SUITS, format_cards

__all__ = ["STRICT", "hand_list_note", "note", "reading", "refusal", "with_reading"]

# How notes and errors name the switch; the command line shows its flag instead.
STRICT = "strict=True"

_SUIT_SYMBOLS = "".join(SUIT_SYMBOLS)
_SUIT_NAMES = {"c": "a club", "d": "a diamond", "h": "a heart", "s": "a spade"}
_RANK_CHARS = "23456789TJQKAtjqka"
_RANK_VAR_CHARS = RANK_VARS + RANK_VARS.upper()
_SUIT_VAR_CHARS = SUIT_VARS + SUIT_VARS.upper()
_FIRST = f"10|[{_RANK_CHARS}{_RANK_VAR_CHARS}{_SUIT_VAR_CHARS}]"
_SECOND = f"[{SUITS}{SUITS.upper()}{_SUIT_SYMBOLS}{_SUIT_VAR_CHARS}{_RANK_VAR_CHARS}]"
_TOKEN = re.compile(rf"({_FIRST})({_SECOND})")
_SHAPED = re.compile(rf"[\s,]*(?:(?:{_FIRST})(?:{_SECOND})[\s,]*)+")
_TERMS = re.compile(r"[,:!()@]")


def _letters(chars: list[str], what: str) -> str | None:
    if not chars:
        return None
    if len(chars) == 1:
        return f"{chars[0]} is a {what}"
    return f"{', '.join(chars[:-1])} and {chars[-1]} are {what}s"


def _add(seen: list[str], char: str) -> None:
    if char.lower() not in (c.lower() for c in seen):
        seen.append(char)


def _card_reading(text: str, k: int | None) -> str | None:
    if _SHAPED.fullmatch(text) is None:
        return None
    tokens = _TOKEN.findall(text)
    variables = _SUIT_VAR_CHARS + _RANK_VAR_CHARS
    suit_vars: list[str] = []
    rank_vars: list[str] = []
    for char in (c for token in tokens for c in token):
        if char in variables:
            _add(suit_vars if char in _SUIT_VAR_CHARS else rank_vars, char)
    real = sum(first not in variables and second not in variables for first, second in tokens)
    # a token is two cards when its first letter is a suit variable (Zh: a
    # card of suit z, and a heart) or its second a rank variable (3p)
    split = [a + b for a, b in tokens if a in _SUIT_VAR_CHARS or b in _RANK_VAR_CHARS]
    cards = len(tokens) + len(split)
    if not real:
        return None  # patterns of variables only (AxAy) do not look like cards
    terms = [term for term in text.split(",") if term.strip()]
    listed = len(terms) > 1 and any(len(_TOKEN.findall(term)) > 1 for term in terms)
    if real == len(tokens) and (k is None or (k == cards and not listed)):
        return None  # cards: a hand of k cards, or known cards
    parts = [_letters(suit_vars, "suit variable"), _letters(rank_vars, "rank variable")]
    if split:
        each = "is two cards" if len(split) == 1 else "are two cards each"
        parts.append(f"{', '.join(split)} {each}")
    if "," in text:
        parts.append("',' separates terms, each a pattern of its own")
    elif k is not None and cards != k:
        parts.append(f"{cards} cards where hands hold {k}")
    return ", ".join(p for p in parts if p)


def _describe(char: str) -> str:
    low = char.lower()
    if low in _SUIT_NAMES:
        return _SUIT_NAMES[low]
    kind = "suit" if low in SUIT_VARS else "rank"
    return f"a card of {kind} variable {char}"


def _macro_reading(text: str) -> str | None:
    for term in _TERMS.split(text):
        word = term.strip()
        if word.lower() in HAND_MACROS:
            cards = " and ".join(_describe(c) for c in word)
            return f"{word} is two cards, {cards}, not the hand macro ${word.lower()}"
    return None


def reading(text: str, k: int | None = None, *, macros: bool = False) -> str | None:
    """How text that looks like cards is read as a pattern ("x is a suit
    variable"), or None when it does not look like cards.  `k`: the
    spot's hole cards, for a player (a count of cards other than k is said);
    `macros`: range text, where a bare ds, ss, rb or np is said too."""
    found = _card_reading(text, k)
    if found is None and macros:
        found = _macro_reading(text)
    return found


def note(name: str, text: str, how: str, matched: CardArray, noun: str) -> str:
    """The note of text read as a pattern although it looks like cards, with
    what it matches in a full deck (`matched`: its rows, `noun` what they
    are: "only 9cJhQdKs", "169 boards"; the result's table counts those left
    once the known cards are removed)."""
    if len(matched) == 1:
        count = f"only {format_cards(matched[0])}"
    else:
        count = f"{len(matched):,} {noun} of a full deck"
    return (
        f"{name}: {text.strip()!r} read as a pattern ({how}), matching {count}; {STRICT} refuses it"
    )


def hand_list_note(name: str, text: str, hands: int) -> str:
    """The note of a player written as a comma list of whole hands."""
    return f"{name}: {text.strip()!r} read as a range of {hands:,} hands (',' separates hands)"


def refusal(name: str, text: str, how: str) -> str:
    """The error ``strict=True`` gives instead of that note (its detail:
    the error names `name` as its param)."""
    return f"{text.strip()!r} would be read as a pattern ({how}); {STRICT} refuses it"


def with_reading(message: str, text: str, how: str | None) -> str:
    """An error about `text` that says how it was read, if it looks like
    cards: on the message's first line (range errors show the text below,
    with a caret)."""
    if how is None:
        return message
    first, *rest = message.split("\n", 1)
    return "\n".join([f"{first} ({text.strip()!r} was read as a pattern: {how})", *rest])
