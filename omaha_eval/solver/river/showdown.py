"""What the river solver asks of a showdown, and where it gets one.

The solver sees a showdown only through :class:`PairShowdown`: for each
combo of one player, the reach-weighted pot share it wins against the other
player's combos that share no card with it (``values``), and the reach of
those combos (``live``, the fold value).  Both take one reach vector (M,)
or a stack of them (T, M), one per terminal node, and answer (N,) or (T, N).

:func:`prepare_showdown` makes it: the prepared C showdown that
``omaha_eval.solver.RiverShowdown`` is the public face of (src_c/oe_showdown.c:
hand values, their orders and the card-removal tables made once, O(N + M)
a call without the GIL), read straight (the solver's combos and reaches are
its own, checked once).
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

import omaha_eval._core as _core
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.games import Game

__all__ = ["PairShowdown", "prepare_showdown"]


class PairShowdown(Protocol):
    """A river showdown between OOP's combos (player 0) and IP's (player 1)."""

    @property
    def sizes(self) -> tuple[int, int]:
        """The combos of OOP and of IP."""
        ...

    @property
    def threaded(self) -> bool:
        """Whether calls on several threads at once run in parallel (the
        solver then spreads a batch's rows over its threads)."""
        ...

    def values(self, player: int, reach: FloatArray) -> FloatArray:
        """For each combo of `player`: sum of reach x pot share won, over
        the other player's combos sharing no card with it."""
        ...

    def live(self, player: int, reach: FloatArray) -> FloatArray:
        """For each combo of `player`: sum of reach over the other player's
        combos sharing no card with it."""
        ...


def prepare_showdown(
    board: CardArray, combos: tuple[CardArray, CardArray], game: Game, names: tuple[str, str]
) -> PairShowdown:
    """The showdown of OOP's and IP's combos (checked: none holds a board
    card, none repeats a card) on the river `board` in `game` (`names`:
    the players' parameters, for an error about their size)."""
    return _PreparedShowdown(board, combos, game)


class _PreparedShowdown:
    """PairShowdown over the C showdown (_core.ShowdownSpot)."""

    threaded = True  # the C loop releases the GIL

    def __init__(self, board: CardArray, combos: tuple[CardArray, CardArray], game: Game) -> None:
        oop, ip = (np.ascontiguousarray(c, dtype=np.uint8) for c in combos)
        self.sizes = (len(oop), len(ip))
        self._spot = _core.ShowdownSpot(
            np.ascontiguousarray(board, dtype=np.uint8), oop, ip, game.code
        )

    def values(self, player: int, reach: FloatArray) -> FloatArray:
        return self._run(self._spot.values, player, reach)

    def live(self, player: int, reach: FloatArray) -> FloatArray:
        return self._run(self._spot.live, player, reach)

    @staticmethod
    def _run(call: Any, player: int, reach: FloatArray) -> FloatArray:
        rows = np.ascontiguousarray(np.atleast_2d(reach), dtype=np.float64)
        out: FloatArray = call(player, rows)
        return out if reach.ndim == 2 else out[0]
