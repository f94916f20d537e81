"""Cards: the project's one encoding, and its text forms.

    id = 4 * rank + suit

    rank  2  3  4  5  6  7  8  9  T  J  Q  K  A
    value 0  1  2  3  4  5  6  7  8  9 10 11 12

    suit  c  d  h  s       (symbols: ♣ ♦ ♥ ♠)
    value 0  1  2  3

So 2c = 0, 2d = 1, ..., As = 51.  The same table is in src_c/oe_cards.h and
the README; tests/test_cards.py checks that all three agree.

>>> parse_cards("As Kd 10h 2c").tolist()
[51, 45, 34, 0]
>>> format_cards([51, 45, 34, 0])
'AsKdTh2c'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.streets import FLOP

__all__ = [
    "CARD_TEXT",
    "LOW_RANKS",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "board_of_checked_ids",
    "card_count",
    "card_id",
    "card_str",
    "format_board",
    "format_cards",
    "format_hands",
    "parse_cards",
    "rank_of",
    "suit_of",
]

# Card text longer than this is refused before it is read: 52 cards with
# separators and suit symbols take a few hundred characters.
MAX_TEXT = 1_000
RANKS = "23456789TJQKA"
SUITS = "cdhs"
LOW_RANKS = "A2345678"  # the ranks of an eight-or-better low, the ace low first
# the suit symbols people type (black and white), each read as its letter
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}

# One card: a rank (10 or one of RANKS, any case) then a suit letter or symbol.
# Both cases are spelled out: re.IGNORECASE would also match the Kelvin sign
# (U+212A, folds to k) and the long s (U+017F, folds to s).
_CARD_PATTERN = r"(?:10|[2-9tjqkaTJQKA])[cdhsCDHS♣♦♥♠♧♢♡♤]"
_CARD = re.compile(_CARD_PATTERN)
_SEPARATORS = re.compile(r"[\s,]*")
_WELL_FORMED = re.compile(rf"[\s,]*(?:{_CARD_PATTERN}[\s,]*)*")

IdsT = TypeVar("IdsT", int, "npt.NDArray[Any]")


def card_id(rank: IdsT, suit: IdsT | int) -> IdsT:
    """Id of the card with rank 0..12 (2..A) and suit 0..3 (c, d, h, s):
    the encoding, written once (ints or integer arrays)."""
    return 4 * rank + suit


def rank_of(card: IdsT) -> IdsT:
    """Rank 0..12 of card ids (ints or integer arrays)."""
    return card >> 2


def suit_of(card: IdsT) -> IdsT:
    """Suit 0..3 of card ids (ints or integer arrays)."""
    return card & 3


CARD_TEXT = tuple(r + s for r in RANKS for s in SUITS)  # id -> 'As'
# the same two characters as bytes, by card id (format_hands)
_CARD_BYTES = np.frombuffer("".join(CARD_TEXT).encode("ascii"), dtype=np.uint8).reshape(52, 2)
_IDS = {  # lower-case token -> id, for every written form
    (rank_text + suit_text).lower(): card_id(rank, SUITS.index(suit))
    for rank, rank_char in enumerate(RANKS)
    for rank_text in ([rank_char, "10"] if rank_char == "T" else [rank_char])
    for suit_text, suit in [*zip(SUITS, SUITS, strict=True), *SUIT_SYMBOLS.items()]
}


# Every card written as two characters (a rank and a suit letter or symbol,
# either case): the forms nearly every input uses, which the compiled core
# reads from this table for small spots (engine/small.py).
TWO_CHARACTER_IDS = {token: card for token, card in _IDS.items() if len(token) == 2}
TWO_CHARACTER_IDS |= {t[0].upper() + t[1]: c for t, c in TWO_CHARACTER_IDS.items()}
TWO_CHARACTER_IDS |= {t[0] + t[1].upper(): c for t, c in TWO_CHARACTER_IDS.items()}


def card_count(text: str) -> int:
    """How many cards `text` holds when it is cards and nothing else
    (separators aside), else 0: the test that tells a hand from range text."""
    if _WELL_FORMED.fullmatch(text) is None:
        return 0
    return len(_CARD.findall(text))


def card_str(card: int) -> str:
    """Two-character text of one card id, e.g. 51 -> 'As'."""
    return CARD_TEXT[card]


def parse_cards(text: str, name: str = "cards") -> npt.NDArray[np.uint8]:
    """Parse card text into a uint8 array of ids, in the order written.

    Accepts ``As Kd``, ``AsKd``, ``10s``, ``ah``, ``A♠ K♦`` and commas as
    separators.  Raises OmahaEvalError (naming `name` and quoting the text)
    on anything else, or if a card appears twice.

    >>> parse_cards("A♠,k♦ 10c").tolist()
    [51, 45, 32]
    """
    if not isinstance(text, str):
        raise OmahaEvalTypeError(
            f"expected card text, got {type(text).__name__} {text!r}", param=name
        )
    if len(text) > MAX_TEXT:
        raise OmahaEvalError(
            f"{len(text):,} characters of card text, more than {MAX_TEXT:,} (the whole deck "
            f"written out with separators is a few hundred): {quote(text)}",
            param=name,
            value=text,
        )
    if _WELL_FORMED.fullmatch(text) is None:
        _raise_unreadable(text, name)
    ids = [_IDS[token.lower()] for token in _CARD.findall(text)]
    if len(set(ids)) != len(ids):
        twice = next(c for i, c in enumerate(ids) if c in ids[:i])
        raise OmahaEvalError(f"card {CARD_TEXT[twice]} appears twice in {text!r}", param=name)
    return np.array(ids, dtype=np.uint8)


def _raise_unreadable(text: str, name: str) -> None:
    """Find the first thing in `text` that is not a card or separator."""
    pos = 0
    while pos < len(text):
        pos = _SEPARATORS.match(text, pos).end()  # type: ignore[union-attr]
        card = _CARD.match(text, pos)
        if card is None:
            break
        pos = card.end()
    bad = text[pos : pos + 2]
    raise OmahaEvalError(
        f"cannot read a card at column {pos + 1} ({bad!r}) "
        f"in {text!r}; cards look like 'As', 'Td', '10d', 'ah' or 'A♠'",
        param=name,
    )


def format_cards(cards: Iterable[int] | npt.ArrayLike) -> str:
    """Text of card ids, e.g. [51, 45] -> 'AsKd'."""
    try:
        ids: list[object] = np.asarray(cards).ravel().tolist()
    except (TypeError, ValueError) as exc:  # ragged lists, odd objects
        raise OmahaEvalTypeError(f"not a sequence of card ids: {cards!r}", param="cards") from exc
    text = []
    for c in ids:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise OmahaEvalError(f"{c!r} is not a card id 0..51 in {cards!r}", param="cards")
        text.append(CARD_TEXT[c])
    return "".join(text)


def format_board(cards: Iterable[int] | npt.ArrayLike) -> str:
    """A board as players write it: the flop high to low (rank, then suit:
    s, h, d, c), then the turn and the river as dealt: [12, 50, 49, 2] ->
    'AhAd5c2h'.  Every board text the package writes (a report's rows, its
    CSV and JSON, the command line and the web page) comes from here."""
    text = format_cards(cards)  # checks the ids
    ids = np.asarray(cards).ravel().tolist()
    flop = sorted(ids[:FLOP], reverse=True)
    return "".join(CARD_TEXT[c] for c in flop) + text[2 * FLOP :]


def format_hands(combos: npt.NDArray[np.uint8]) -> list[str]:
    """Text of each row of card ids (checked already), best card first, for
    many hands at once: [[0, 51]] -> ['As2c']."""
    rows = np.sort(np.asarray(combos, dtype=np.uint8), axis=1)[:, ::-1]
    n, k = rows.shape
    if n == 0 or k == 0:
        return [""] * n
    chars = np.ascontiguousarray(_CARD_BYTES[rows].reshape(n, 2 * k))
    return [b.decode("ascii") for b in chars.view(f"S{2 * k}").ravel().tolist()]


def board_of_checked_ids(ids: bytes) -> str:
    """format_board of a board the compiled core has read and checked (one
    byte a card): the small spots' fast way."""
    return text_of_checked_ids(bytes(sorted(ids[:FLOP], reverse=True)) + ids[FLOP:])


def text_of_checked_ids(ids: bytes) -> str:
    """Text of card ids the compiled core has read and checked (one byte
    each, below 52): the small spots' fast way, without format_cards' checks."""
    return "".join([CARD_TEXT[c] for c in ids])
