"""Board textures: what a row of a board report is, in a player's words.

Every texture is a function of the board's cards alone (the row's board:
the known cards and the street's new ones), defined here once:

- ``pairing``: ``"unpaired"``, ``"paired"`` (one rank twice), ``"two pair"``,
  ``"trips"`` (one rank three times), ``"full house"`` (trips and a pair),
  ``"quads"``;
- ``suits``: by the most cards of one suit, m: ``"rainbow"`` (m = 1),
  ``"two-tone"`` (m = 2; ``"double two-tone"`` when two suits have two),
  ``"monotone"`` (every card one suit, three or more cards), else
  ``"three-flush"`` or ``"four-flush"`` (m = 3 or 4 on a turn or river);
- ``flush_possible``: some suit can reach three board cards by the river
  (m + cards still to come >= 3), so a flush can be made;
- ``low_ranks``: the distinct ranks A-8 on the board (the ace low);
- ``low_possible``: a qualifying low can be made by the river (low_ranks +
  cards still to come >= 3: every low uses three board ranks of A-8);
- ``straight_possible``: the board holds three distinct ranks within five
  consecutive ones (A-2-3-4-5 through T-J-Q-K-A), so two hole cards can
  make a straight on it now ("connected");
- ``high``: the highest rank, ``"A"`` ... ``"2"``.

>>> t = texture("Ah Kh 7c")
>>> t.pairing, t.suits, t.flush_possible, t.low_ranks, t.low_possible, t.straight_possible, t.high
('unpaired', 'two-tone', True, 2, True, False, 'A')
>>> texture("5s 4s 3s 2s").suits, texture("5s 4s 3s 2s").straight_possible
('monotone', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval.cards import RANKS, rank_of, suit_of
from omaha_eval.streets import BOARD_SIZE, DEALT_BOARDS
from omaha_eval.types import Board

__all__ = ["GROUPINGS", "Texture", "texture", "texture_of_ids"]

# Rank ids (deuce 0 ... ace 12) that count for the low: A and 2-8.
LOW_RANKS = frozenset({12, 0, 1, 2, 3, 4, 5, 6})
# The straights' rank windows: the wheel (ace low) and 2-6 ... T-A.
_WINDOWS = [frozenset({12, 0, 1, 2, 3})] + [frozenset(range(r, r + 5)) for r in range(9)]


@dataclass(frozen=True)
class Texture:
    """The textures of one board (module docstring)."""

    pairing: str
    suits: str
    flush_possible: bool
    low_ranks: int
    low_possible: bool
    straight_possible: bool
    high: str

    @property
    def label(self) -> str:
        """The ``"texture"`` group: pairing and suits, and "connected" when
        a straight can be made (``"unpaired two-tone connected"``)."""
        return " ".join(
            [self.pairing, self.suits, *(["connected"] if self.straight_possible else [])]
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _pairing(counts: list[int]) -> str:
    top = counts[0]
    second = counts[1] if len(counts) > 1 else 0
    if top >= 4:
        return "quads"
    if top == 3:
        return "full house" if second >= 2 else "trips"
    if top == 2:
        return "two pair" if second == 2 else "paired"
    return "unpaired"


def _suits(counts: list[int], cards: int) -> str:
    top = counts[0]
    if top == cards and cards >= 3:
        return "monotone"
    if top == 1:
        return "rainbow"
    if top == 2:
        return "double two-tone" if counts.count(2) >= 2 else "two-tone"
    return "three-flush" if top == 3 else "four-flush"


def texture_of_ids(cards: list[int]) -> Texture:
    """The textures of a board given as card ids (checked by the caller)."""
    ranks = [rank_of(c) for c in cards]
    to_come = BOARD_SIZE - len(cards)
    rank_counts = sorted(Counter(ranks).values(), reverse=True)
    suit_counts = sorted(Counter(suit_of(c) for c in cards).values(), reverse=True)
    distinct = set(ranks)
    low = len(distinct & LOW_RANKS)
    return Texture(
        pairing=_pairing(rank_counts),
        suits=_suits(suit_counts, len(cards)),
        flush_possible=suit_counts[0] + to_come >= 3,
        low_ranks=low,
        low_possible=low + to_come >= 3,
        straight_possible=any(len(distinct & w) >= 3 for w in _WINDOWS),
        high=RANKS[max(ranks)],
    )


def texture(board: Board) -> Texture:
    """The textures of a board of 3 to 5 cards (text or ids)."""
    ids = _checks.card_set(board, "board", DEALT_BOARDS)
    return texture_of_ids([int(c) for c in np.asarray(ids)])


# The named groupings of BoardReport.group: each maps a row's texture to its group.
GROUPINGS: dict[str, Callable[[Texture], str]] = {
    "texture": lambda t: t.label,
    "pairing": lambda t: t.pairing,
    "suits": lambda t: t.suits,
    "low": lambda t: f"{t.low_ranks} low rank{'' if t.low_ranks == 1 else 's'}",
    "high": lambda t: f"{t.high} high",
    "flush": lambda t: "flush possible" if t.flush_possible else "no flush",
    "straight": lambda t: "connected" if t.straight_possible else "disconnected",
}
