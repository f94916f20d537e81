"""One side of a solver question (a hero or a villain), read as every
player is (engine/players.py), with the board's cards removed."""

from __future__ import annotations

from typing import Any

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray
from omaha_eval.cards import format_cards
from omaha_eval.engine.players import Player, read_player
from omaha_eval.engine.spot import live_rows
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import Game
from omaha_eval.hands import hand_table

__all__ = ["off_board", "read_side"]


def read_side(
    value: Any,
    name: str,
    k: int,
    board: CardArray,
    game: Game,
    weights: Any = None,
    weights_name: str | None = None,
) -> Player:
    """One side of a solver question, read as every player is
    (engine/players.py): its rows, none holding a board card (an array's
    rows line up with the results, so such a row is an error; a range's
    are dropped), and its weights.  A random hand is every hand.
    (HandClasses: solver.question.side_rows.)"""
    p = read_player(value, name, k, game, weights=weights, weights_name=weights_name)
    if p.kind == "random":
        hands = hand_table(k)
        live = np.ascontiguousarray(hands[live_rows(hands, _checks.card_mask(board))])
        return Player("range", p.label, live, np.ones(len(live)))
    if p.aligned or p.kind == "hand":
        off_board(p.combos, name, board)
        return p
    keep = live_rows(p.combos, _checks.card_mask(board))
    return Player(
        p.kind,
        p.label,
        np.ascontiguousarray(p.combos[keep]),
        np.ascontiguousarray(p.weights[keep]),
        p.scale,
    )


def off_board(rows: CardArray, name: str, board: CardArray) -> CardArray:
    """Rows given by the caller, whose results line up with them: one that
    holds a board card cannot be dealt, which is an error."""
    on_board = np.flatnonzero(~live_rows(rows, _checks.card_mask(board)))
    if on_board.size:
        row = rows[on_board[0]]
        raise OmahaEvalError(
            f"row {on_board[0]} ({format_cards(row)}) holds board card(s) "
            f"{format_cards(np.intersect1d(row, board))} of board {format_cards(board)}",
            param=name,
        )
    return rows
