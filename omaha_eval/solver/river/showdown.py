"""What the river solver asks of a showdown, and where it gets one.

The solver sees a showdown only through :class:`PairShowdown`: for each
combo of one player, the reach-weighted pot share it wins against the other
player's combos that share no card with it (``values``), and the reach of
those combos (``live``, the fold value).  Both take one reach vector (M,)
or a stack of them (T, M), one per terminal node, and answer (N,) or (T, N).

:func:`prepare_showdown` makes it: the pair table of solver/river/_dense.py
until the prepared C showdown (solver/river_showdown.py's RiverShowdown) is
wired in here, the one place that changes.
"""

from __future__ import annotations

from typing import Protocol

from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.games import Game
from omaha_eval.solver.river._dense import DenseShowdown

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
    return DenseShowdown(board, combos, game, names)
