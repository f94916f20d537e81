"""The low's runouts in a board report: ``lost_nut_low``, per row and
player, the chance of holding the nut low on the known board (a flop or a
turn) and no longer on the row's board (the known board and the row's
card): the turns or rivers on which the nut low is lost.

Per player over its hands live on the row's board (none of their cards
known or the row's): a hand counts 0 or 1, a range the weighted share of
its combos that held the nut low before the card and not after, a random
hand the share of every hand of the cards left (4 hole cards; more: nan).
With fixed hands and one range or random hand this is the chance over the
row's deals; with several ranges each is weighed on its own, without the
other ranges' card removal.  On a report from fewer than three known cards
(nothing held before the row's cards), and in a game without a low, 0.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval.engine.spot import Spot, live_rows
from omaha_eval.hands import all_hands
from omaha_eval.streets import FLOP, TURN

__all__ = ["RANDOM_MAX_HOLE", "lost_nut_low"]

RANDOM_MAX_HOLE = 4  # a random hand is listed hand by hand: 270,725 of 4 cards


def lost_nut_low(spot: Spot, news: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
    """(rows, players): lost_nut_low of each row (its new cards `news`, rows
    x 1) for each player of the prepared spot."""
    rows, n = len(news), spot.n
    out = np.zeros((rows, n))
    if len(spot.board) not in (FLOP, TURN) or not spot.game.has_low or rows == 0:
        return out
    base = np.ascontiguousarray(spot.board, dtype=np.uint8).reshape(1, -1)
    news = np.ascontiguousarray(news, dtype=np.uint8).reshape(rows, -1)
    boards = np.ascontiguousarray(np.concatenate([np.repeat(base, rows, axis=0), news], axis=1))
    new_masks = _checks.row_masks(news)
    for i, seat in enumerate(spot.seats):
        if seat.kind == "random":
            if spot.k > RANDOM_MAX_HOLE:
                out[:, i] = math.nan
                continue
            combos = all_hands(spot.k)
            combos = np.ascontiguousarray(combos[live_rows(combos, spot.known)])
            weights = np.ones(len(combos))
        else:
            combos = np.ascontiguousarray(seat.combos, dtype=np.uint8)
            weights = np.ones(1) if seat.kind == "hand" else seat.weights
        before = _core.nut_low_held(combos, base)[0].astype(bool)
        after = _core.nut_low_held(combos, boards).astype(bool)
        masks = _checks.row_masks(combos)
        for r in range(rows):
            live = (masks & new_masks[r]) == 0
            total = float(weights[live].sum())
            lost = float(weights[live & before & ~after[r]].sum())
            out[r, i] = lost / total if total > 0 else 0.0
    return out
