"""The board and the dead cards: the one reader of known cards, and patterns.

``board="Ks Qd Jh"`` is cards; ``board="sss"`` (every all-spade flop),
``"Ks**"`` (every flop holding the Ks) and ``dead="AA"`` (some two aces are
dead) are range-language patterns over sets of cards
(omaha_eval.ranges.card_sets): text that is not cards is a pattern (text
that looks like cards gets a note saying how it was read, engine/lookalikes.py;
`strict`: an error instead).  A spot
with a pattern is the mean of the spot's figures over every matching board
(and dead-card set) that can be dealt with the players' known hands, each
equally likely (docs/rules.md, "Equity", applied to each board in turn):
`scenarios` lists those pairs, counted (MAX_BOARDS) before they are made,
and engine/patterns.py runs them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray
from omaha_eval.cards import card_count, format_board, format_cards
from omaha_eval.engine import lookalikes
from omaha_eval.engine.players import Player
from omaha_eval.errors import OmahaEvalError
from omaha_eval.ranges import card_sets  # the range language reads a pattern

__all__ = [
    "MAX_BOARDS",
    "PATTERN_CARDS",
    "CardPattern",
    "Cards",
    "averaged_over",
    "board_text",
    "is_pattern_text",
    "known_cards",
    "read_cards",
    "scenarios",
    "text",
]

MAX_BOARDS = 100_000  # (board, dead) combinations one question may average over
# A pattern names at most this many cards: a whole board, or five dead cards
# (every set of six cards would be 20 M sets, far beyond MAX_BOARDS).
PATTERN_CARDS = 5


@dataclass(frozen=True)
class CardPattern:
    """Cards given by a pattern: every set of cards it matches."""

    text: str
    sets: CardArray  # (S, n), rows ascending
    note: str | None = None  # how text that looks like cards was read (engine/lookalikes.py)


Cards = CardArray | CardPattern


def known_cards(value: Any, name: str, sizes: Sequence[int] | None) -> CardArray:
    """Known cards (text or ids; `sizes`: the counts allowed), where a
    pattern cannot be answered (the solver's boards)."""
    return _checks.card_set(value, name, sizes)


def read_cards(
    value: Any,
    name: str,
    sizes: Sequence[int] | None,
    *,
    patterns: bool = True,
    strict: bool = False,
) -> Cards:
    """Known cards (text or ids; `sizes`: the counts allowed), or a pattern
    when the text is not cards (`patterns=False`: an error instead;
    `strict`: an error for text that looks like cards)."""
    if isinstance(value, str) and is_pattern_text(value) and patterns:
        how = lookalikes.reading(value)
        if how is not None and strict:
            raise OmahaEvalError(lookalikes.refusal(name, value, how), param=name, value=value)
        try:
            sets = card_sets(value, name, most=PATTERN_CARDS)
            if sizes is not None and sets.shape[1] not in sizes:
                raise OmahaEvalError(
                    f"the pattern {value.strip()!r} names {sets.shape[1]} cards; {name} "
                    f"takes {_checks.sizes_text(sizes)}",
                    param=name,
                )
        except OmahaEvalError as exc:
            raise OmahaEvalError(
                lookalikes.with_reading(exc.detail, value, how), param=exc.param, value=value
            ) from None
        note = None
        if how is not None:
            many = "boards" if name == "board" else "sets of cards"
            note = lookalikes.note(name, value, how, sets, many)
        return CardPattern(value.strip(), sets, note)
    return known_cards(value, name, sizes)


def text(cards: Cards) -> str:
    """How a result shows known cards: the cards, or the pattern as given."""
    return cards.text if isinstance(cards, CardPattern) else format_cards(cards)


def board_text(cards: Cards) -> str:
    """How a result shows a known board: as players write it (the flop high
    to low: cards.format_board), or the pattern as given."""
    return cards.text if isinstance(cards, CardPattern) else format_board(cards)


def is_pattern_text(text: str) -> bool:
    """Board or dead-card text that is a pattern: not empty, and not cards."""
    return bool(text.strip()) and card_count(text) == 0


def averaged_over(board: str, dead: str, count: int) -> str:
    """What a result over `count` (board, dead) pairs averages over, from its
    `board` and `dead` texts (text(): a pattern is text that is not cards):
    "6 dead-card sets matching 'AA'", not boards matching an empty board."""
    board_pattern, dead_pattern = is_pattern_text(board), is_pattern_text(dead)
    if board_pattern and dead_pattern:
        return f"{count:,} boards and dead-card sets matching board {board!r} and dead {dead!r}"
    if dead_pattern:
        return f"{count:,} dead-card sets matching {dead!r}"
    return f"{count:,} boards matching {board!r}"


def scenarios(
    board: Cards, dead: Cards, players: Sequence[Player]
) -> list[tuple[CardArray, CardArray]]:
    """Every (board, dead cards) pair the patterns allow that shares no card
    with the other or with a player's hand; counted (MAX_BOARDS) before the
    pairs are made."""
    fixed = 0
    for p in players:
        if p.kind == "hand":
            fixed |= _checks.card_mask(p.combos[0])
    boards = _choices(board, fixed, "board")
    deads = _choices(dead, fixed, "dead")
    if len(boards) * len(deads) > MAX_BOARDS:
        raise OmahaEvalError(
            f"the patterns allow {len(boards) * len(deads):,} board and dead-card "
            f"combinations, more than {MAX_BOARDS:,}; narrow the pattern",
            param="board",
        )
    pairs = [(b, d) for (b, bm), (d, dm) in itertools.product(boards, deads) if not bm & dm]
    if not pairs:
        raise OmahaEvalError(
            "no board matching the pattern can be dealt with these dead cards and hands",
            param="board",
        )
    return pairs


def _choices(cards: Cards, fixed: int, name: str) -> list[tuple[CardArray, int]]:
    if not isinstance(cards, CardPattern):
        return [(cards, _checks.card_mask(cards))]
    masks = _checks.row_masks(cards.sets)
    keep = np.flatnonzero((masks & np.uint64(fixed)) == 0)
    if not len(keep):
        raise OmahaEvalError(
            f"no set of cards matches {cards.text!r} without a card of a player's hand",
            param=name,
            value=cards.text,
        )
    if len(keep) > MAX_BOARDS:
        raise OmahaEvalError(
            f"the pattern {cards.text!r} matches {len(keep):,} sets of cards, more "
            f"than {MAX_BOARDS:,}; narrow the pattern",
            param=name,
        )
    return [(cards.sets[i], int(masks[i])) for i in keep.tolist()]
