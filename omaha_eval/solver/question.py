"""The two sides of a solver question (street_equity, river_shares,
equity_features): each read as a player, or given as the HandClasses of the
board (class vectors)."""

from __future__ import annotations

from typing import Any

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.cards import format_cards
from omaha_eval.engine.players import Player, hole_size
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import Game
from omaha_eval.solver.classes import HandClasses, check_symmetric, same_board
from omaha_eval.solver.sides import read_side

__all__ = ["class_rows", "read_sides", "side_hole_size"]


def read_sides(
    board: CardArray,
    hero: Any,
    villain: Any,
    villain_weights: Any,
    names: tuple[str, str, str],
    game: Game,
) -> tuple[CardArray, CardArray, FloatArray]:
    """(hero rows, villain rows, villain weights as given) of a solver
    question, each side read by solver.sides.read_side.  Each side's hand
    size is its own (text takes the other side's, else 4).  The
    :class:`~omaha_eval.HandClasses` of the board as the hero: one row per
    class (the villain range must then be symmetric under the board's suit
    permutations); as the villain: their hands, each with its class's
    weight (`villain_weights`: one per class, None: all 1)."""
    hero_name, villain_name, weights_name = names
    k_hero, k_villain = side_hole_size(hero), side_hole_size(villain)
    classes = class_rows(hero, hero_name, board)
    if classes is not None:
        h = Player("range", hero_name, classes, np.ones(len(classes)))
    else:
        h = read_side(hero, hero_name, k_hero or k_villain or 4, board, game)
    if isinstance(villain, HandClasses):
        class_rows(villain, villain_name, board)
        w = _checks.weights(villain_weights, weights_name, len(villain))
        villain, villain_weights = villain.hands, w[villain.class_of]
    k = k_villain or h.combos.shape[1]
    v = read_side(villain, villain_name, k, board, game, villain_weights, weights_name)
    if classes is not None:
        check_symmetric(board, v.combos, v.weights, villain_name)
    return h.combos, v.combos, v.weights * v.scale


def side_hole_size(value: Any) -> int | None:
    """A side's hole-card count if it fixes one (HandClasses: its hands')."""
    return int(value.hands.shape[1]) if isinstance(value, HandClasses) else hole_size(value)


def class_rows(value: Any, name: str, board: CardArray) -> CardArray | None:
    """The representatives of HandClasses given for `name` (an error unless
    they are the classes of this board), or None for any other input."""
    if not isinstance(value, HandClasses):
        return None
    if not same_board(value.board, board):
        raise OmahaEvalError(
            f"the classes of board {format_cards(value.board)}, not of board "
            f"{format_cards(board)} (each round's cards must match)",
            param=name,
        )
    return value.representatives
