"""Small spots, fast: known hands on a flop, a turn or a river, as card text
or lists of card ids.

The most common question costs more in reading and preparing than in
counting, so for it the cards are read in the compiled core (two-character
cards, by omaha_eval.cards' own table, given to it here), checked with the
engine's own rules, and everything up to the sums happens in one C call
(src_c/oe_small.h: the completions counted and summarised); the result is
built with the same function as every other result.  Anything else
(ranges, arrays, unusual text or options, a card twice, more than
SMALL_MAX_PLAYERS players) returns None and goes the general way, which
also names any error; the answers are the same (tests/test_small_spots.py
compares them).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import omaha_eval._core as _core
from omaha_eval.cards import TWO_CHARACTER_IDS, board_of_checked_ids, text_of_checked_ids
from omaha_eval.engine.results import EquityResult, equity_result, player_result
from omaha_eval.engine.spot import cards_left
from omaha_eval.games import Game, game

__all__ = ["small_spot"]

_core.small_card_table(TWO_CHARACTER_IDS)
# Games by the names people pass most, read once (games.game is the owner).
_GAMES: dict[str, Game] = {name: game(name) for name in ("omaha8", "omaha")}
# The labels of the hands and boards seen last, kept for the next call
# (solvers ask about the same cards again and again); bounded.
_LABELS: dict[bytes, str] = {}
_BOARDS: dict[bytes, str] = {}
LABELS_KEPT = 4096


def _kept(kept: dict[bytes, str], ids: bytes, text_of: Callable[[bytes], str]) -> str:
    """text_of(ids), kept in `kept` for the next call while it has room."""
    text = kept.get(ids)
    if text is None:
        text = text_of(ids)
        if len(kept) < LABELS_KEPT:
            kept[ids] = text
    return text


def _label(ids: bytes) -> str:
    return _kept(_LABELS, ids, text_of_checked_ids)


def _board(ids: bytes) -> str:
    return _kept(_BOARDS, ids, board_of_checked_ids)


def small_spot(
    players: Any, board: Any, dead: Any, the_game: Any, start: float
) -> EquityResult | None:
    """The exact result of a small spot, or None when it is not one."""
    g = the_game if isinstance(the_game, Game) else None
    if isinstance(the_game, str):
        g = _GAMES.get(the_game)
    if g is None:
        try:
            g = game(the_game)
        except ValueError:
            return None
    read = _core.small_read(players, board, dead)
    if read is None:
        return None
    cards, k, nb, nd = read
    n = len(players)
    if cards_left(n, k, nb, nd) < 0:  # a deck too small: the general way names it
        return None
    rows, deal, deals = _core.small_spot(cards, n, k, nb, nd, g.code, g.has_low)
    results = tuple(  # each hand labelled by its cards, however they were typed
        player_result((_label(cards[i * k : (i + 1) * k]), "hand", 1), figures, 0.0)
        for i, figures in enumerate(rows)
    )
    return equity_result(
        results,
        deal,
        method="exact",
        trials=deals,
        elapsed=time.perf_counter() - start,
        game=g.name,
        board=_board(cards[n * k : n * k + nb]),
        dead=_label(cards[n * k + nb :]),
    )
