"""Small spots, fast: known hands on a flop, a turn or a river, as card text
or lists of card ids.

The most common question costs more in reading and preparing than in
counting, so for it the cards are read with the quick reader of
omaha_eval.cards, checked with the engine's own rules, and everything up to
the sums happens in one C call (src_c/oe_small.h: the completions counted
and summarised); the result is built with the same function as every other
result.  Anything else (ranges, arrays, unusual text or options, a card
twice, more than SMALL_MAX_PLAYERS players) returns None and goes the
general way, which also names any error; the answers are the same
(tests/test_small_spots.py compares them).
"""

from __future__ import annotations

import time
from typing import Any

import omaha_eval._core as _core
from omaha_eval.cards import format_cards, quick_ids
from omaha_eval.engine.results import EquityResult, equity_result, player_result
from omaha_eval.engine.spot import cards_left
from omaha_eval.games import Game, game

__all__ = ["small_spot"]


def _ids(value: Any) -> list[int] | None:
    """Card text or a list of card ids, as ids; None for anything else."""
    if type(value) is str:
        return quick_ids(value)
    if type(value) in (list, tuple) and all(type(c) is int for c in value):
        return list(value)
    return None


def small_spot(
    players: Any, board: Any, dead: Any, the_game: Any, start: float
) -> EquityResult | None:
    """The exact result of a small spot, or None when it is not one."""
    if type(players) not in (list, tuple) or not 2 <= len(players) <= _core.SMALL_MAX_PLAYERS:
        return None
    try:
        g = the_game if isinstance(the_game, Game) else game(the_game)
    except ValueError:
        return None
    b, d = _ids(board), _ids(dead)
    hands = []
    for p in players:
        h = _ids(p)
        if h is None:
            return None
        hands.append(h)
    if b is None or d is None:
        return None
    flat = [c for h in hands for c in h] + b + d
    # a card twice, or a deck too small: the general way names it
    if len(set(flat)) != len(flat) or cards_left(len(hands), len(hands[0]), len(b), len(d)) < 0:
        return None
    out = _core.small_spot(hands, b, d, g.code)
    if out is None:
        return None
    rows, no_low, quartered, deals = out
    results = tuple(
        player_result((_label(p, h), "hand", 1), means, makes_low, breakdown, 0.0, g.has_low)
        for p, h, (means, makes_low, breakdown) in zip(players, hands, rows, strict=True)
    )
    return equity_result(
        results,
        {"no_low": no_low, "quartered": quartered},
        method="exact",
        trials=deals,
        elapsed=time.perf_counter() - start,
        game=g.name,
        board=format_cards(b),
        dead=format_cards(d),
    )


def _label(given: Any, ids: list[int]) -> str:
    return given.strip() if type(given) is str else format_cards(ids)
