"""One side of a solver question (a hero or a villain), read as every
player is (engine/players.py), with the board's cards removed."""

from __future__ import annotations

from typing import Any

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.cards import format_cards
from omaha_eval.engine.players import Player, read_player
from omaha_eval.engine.spot import Seat, live_rows
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import Game
from omaha_eval.hands import hand_table

__all__ = ["live_hands", "off_board", "off_cards", "read_side", "seat_rows"]


def read_side(
    value: Any,
    name: str,
    k: int,
    board: CardArray,
    game: Game,
    weights: Any = None,
    weights_name: str | None = None,
    dead: CardArray | None = None,
) -> Player:
    """One side of a solver question, read as every player is
    (engine/players.py): its rows, none holding a board card or a `dead`
    card (an array's rows line up with the results, so such a row is an
    error; a range's are dropped), and its weights.  A random hand is every
    hand.  (HandClasses: solver.question.read_sides.)"""
    p = read_player(value, name, k, game, weights=weights, weights_name=weights_name)
    known = _checks.card_mask(board) | (0 if dead is None else _checks.card_mask(dead))
    if p.kind == "random":
        live = live_hands(k, known)
        return Player("range", p.label, live, np.ones(len(live)))
    if p.aligned or p.kind == "hand":
        off_board(p.combos, name, board)
        if dead is not None:
            off_cards(p.combos, name, dead, "dead")
        return p
    keep = live_rows(p.combos, known)
    return Player(
        p.kind,
        p.label,
        np.ascontiguousarray(p.combos[keep]),
        np.ascontiguousarray(p.weights[keep]),
        p.scale,
    )


def live_hands(k: int, known: int) -> CardArray:
    """Every hand of `k` cards that holds none of the `known` cards (a card
    mask): the rows of a random hand."""
    hands = hand_table(k)
    return np.ascontiguousarray(hands[live_rows(hands, known)])


def seat_rows(seat: Seat, k: int, known: int) -> tuple[CardArray, FloatArray]:
    """A prepared seat's combos and weights after card removal (a random
    hand: every live hand, weight 1)."""
    if seat.kind != "random":
        return seat.combos, seat.weights
    live = live_hands(k, known)
    return live, np.ones(len(live))


def off_board(rows: CardArray, name: str, board: CardArray) -> CardArray:
    """Rows given by the caller, whose results line up with them: one that
    holds a board card cannot be dealt, which is an error."""
    return off_cards(rows, name, board, "board")


def off_cards(rows: CardArray, name: str, cards: CardArray, what: str) -> CardArray:
    """off_board for any known cards (`what`: "board", "dead")."""
    held = np.flatnonzero(~live_rows(rows, _checks.card_mask(cards)))
    if held.size:
        row = rows[held[0]]
        raise OmahaEvalError(
            f"row {held[0]} ({format_cards(row)}) holds {what} card(s) "
            f"{format_cards(np.intersect1d(row, cards))} of {what} {format_cards(cards)}",
            param=name,
        )
    return rows
