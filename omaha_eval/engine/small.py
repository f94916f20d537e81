"""Small spots, fast: known hands on a flop, a turn or a river, as card text
or lists of card ids.

The most common question costs more in reading and preparing than in
counting, so for it everything up to the sums happens in one C call
(src_c/oe_small.h: the text read, the cards checked, the completions
counted and summarised), and only the result is built here, with the same
functions as every other result.  Anything else — ranges, arrays, unusual
text or options, a card twice, more than six players — returns None and
goes the general way, which also names any error; the answers are the same
(tests/test_small_spots.py compares them).
"""

from __future__ import annotations

import time
from typing import Any

import omaha_eval._core as _core
from omaha_eval.engine.results import RESULT_DEFAULTS, EquityResult, filled, player_result
from omaha_eval.games import Game, game

__all__ = ["small_spot"]


def small_spot(
    players: Any, board: Any, dead: Any, the_game: Any, start: float
) -> EquityResult | None:
    """The exact result of a small spot, or None when it is not one."""
    if type(players) not in (list, tuple):
        return None
    try:
        g = the_game if isinstance(the_game, Game) else game(the_game)
    except ValueError:
        return None
    out = _core.small_spot(players, board, dead, g.code)
    if out is None:
        return None
    rows, no_low, quartered, deals, board_text, dead_text = out
    results = tuple(
        player_result((label, "hand", 1), means, makes_low, breakdown, 0.0, g.has_low)
        for label, means, makes_low, breakdown in rows
    )
    values = {"players": results, "no_low": no_low, "quartered": quartered, **RESULT_DEFAULTS}
    values.update(method="exact", trials=deals, game=g.name, board=board_text, dead=dead_text)
    values["elapsed"] = time.perf_counter() - start
    return filled(EquityResult, values)
