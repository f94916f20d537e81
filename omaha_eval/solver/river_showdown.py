"""The river showdown prepared once for solver loops: every combo's pot
share against a reach-weighted range, and the fold value, in C."""

from __future__ import annotations

from typing import Any

import numpy as np

import omaha_eval._core as _core
from omaha_eval._checks import BOARD_SIZE, CardArray, disjoint, number_array, quote
from omaha_eval.cards import format_cards, format_hands
from omaha_eval.engine.boards import known_cards
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import Game
from omaha_eval.games import game as read_game
from omaha_eval.solver.question import side_hole_size
from omaha_eval.solver.sides import read_side
from omaha_eval.types import Cards, FloatArray, GameName, Reach
from omaha_eval.types import Player as PlayerInput

__all__ = ["RiverShowdown"]

_SIDES = ("hero", "villain")


class RiverShowdown:
    """The showdown of two ranges on a river, prepared once (hand values,
    their orders by high and by low, the card-removal tables: in C) for
    solvers that ask it thousands of times with changing reaches.

    ``hero`` and ``villain`` are read as :func:`street_equity` reads its
    sides: range text with weights (each side's hole cards from the other
    side's, else 4), a weighted set of hands (a :class:`~omaha_eval.Range`),
    or an (N, k) integer array of card ids (k = 4, 5 or 6; a row holding a
    board or dead card is an error there, a range drops such hands).
    ``board`` must be five cards; ``dead`` cards are off the deck;
    ``game`` None is ``"omaha8"`` (hi/lo), ``"omaha"`` plays high only.

    The live combos of each side, in one fixed order (a range's order, an
    array's rows): ``hero_combos`` (N, k) and ``villain_combos`` (M, k')
    uint8, with ``hero_weights`` and ``villain_weights`` (float64, as given;
    1 for an array).  ``hands(side)`` gives their text.

    ``values(villain_reach)`` gives each hero combo h its expected share of
    the pot against the villain combos weighted by their reach r:
    ``sum over v of r[v] * share(h, v)``, over the villain combos that
    share no card with h, where ``share`` is the fraction of the pot h takes
    at showdown (docs/rules.md: halves, quarters, scoops; high only in a
    high-only game).  ``live(villain_reach)`` is ``sum over v of r[v]``
    over the same combos (what a fold wins against).  Neither is divided by
    the live reach.  ``villain_reach`` is (M,), giving (N,), or (T, M) for T
    reach vectors at once, giving (T, N); finite and >= 0.

    The villain's side: ``swapped()`` is the same showdown seen by the
    villain (its ``hero_combos`` are the villain's), sharing this one's
    preparation: ``sd.swapped().values(hero_reach)``.

    Cost: preparation O(N + M) plus the combos sharing four or more cards;
    each call O(N + M) per reach vector, the C loop without the GIL (threads
    may call one showdown at once).  Sums are exact for whole-number
    reaches; otherwise each is within a few units of rounding of the total
    reach (not of the combo's live reach).

    >>> sd = RiverShowdown("Jd4d3cQd5h", "Ad Kd 3s 2s", "AhKh2c2h, QsQc9s9c")
    >>> sd.hands("villain")
    ['AhKh2h2c', 'QsQc9s9c']
    >>> sd.values([1.0, 1.0]).tolist()  # three quarters, then a scoop
    [1.75]
    >>> sd.live([[1.0, 1.0], [0.5, 0.0]]).tolist()
    [[2.0], [0.5]]
    >>> sd.swapped().values([1.0]).tolist()
    [0.25, 0.0]
    """

    hero_combos: CardArray
    villain_combos: CardArray
    hero_weights: FloatArray
    villain_weights: FloatArray
    board: CardArray
    dead: CardArray
    game: Game

    def __init__(
        self,
        board: Cards,
        hero: PlayerInput,
        villain: PlayerInput,
        *,
        dead: Cards = "",
        game: GameName | None = None,
    ) -> None:
        b = known_cards(board, "board", (BOARD_SIZE,))
        d = known_cards(dead, "dead", None)
        disjoint(("board", b), ("dead", d))
        the_game = read_game("omaha8" if game is None else game)
        k_hero, k_villain = side_hole_size(hero), side_hole_size(villain)
        h = read_side(hero, "hero", k_hero or k_villain or 4, b, the_game, dead=d)
        v = read_side(villain, "villain", k_villain or h.combos.shape[1], b, the_game, dead=d)
        spot = _core.ShowdownSpot(b, h.combos, v.combos, the_game.code)
        sides = ((h.combos, h.weights * h.scale), (v.combos, v.weights * v.scale))
        self._init(spot, 0, sides, b, d, the_game)

    def _init(
        self,
        spot: _core.ShowdownSpot,
        side: int,
        sides: tuple[tuple[CardArray, FloatArray], tuple[CardArray, FloatArray]],
        board: CardArray,
        dead: CardArray,
        game: Game,
    ) -> None:
        self._spot, self._side, self._sides = spot, side, sides
        self.hero_combos, self.hero_weights = sides[side]
        self.villain_combos, self.villain_weights = sides[1 - side]
        self.board, self.dead, self.game = board, dead, game

    def swapped(self) -> RiverShowdown:
        """The same showdown from the villain's side: its hero is this one's
        villain (no new preparation)."""
        view = RiverShowdown.__new__(RiverShowdown)
        view._init(self._spot, 1 - self._side, self._sides, self.board, self.dead, self.game)
        return view

    def hands(self, side: str = "hero") -> list[str]:
        """The text of the hero's (``"hero"``) or the villain's
        (``"villain"``) combos, in the order of the values."""
        if side not in _SIDES:
            raise OmahaEvalError(
                f"expected 'hero' or 'villain', got {quote(side)}", param="side", value=side
            )
        return format_hands(self.hero_combos if side == "hero" else self.villain_combos)

    def values(self, villain_reach: Reach) -> FloatArray:
        """Each hero combo's reach-weighted pot share: (M,) -> (N,), or
        (T, M) -> (T, N) (see the class)."""
        reach, one = self._reach(villain_reach)
        out = self._spot.values(self._side, reach)
        return out[0] if one else out

    def live(self, villain_reach: Reach) -> FloatArray:
        """Each hero combo's live villain reach (the fold value): (M,) ->
        (N,), or (T, M) -> (T, N)."""
        reach, one = self._reach(villain_reach)
        out = self._spot.live(self._side, reach)
        return out[0] if one else out

    def _reach(self, value: Any) -> tuple[FloatArray, bool]:
        """The reach as a C-contiguous (T, M) float64 array, and whether it
        was given as one vector; finite and >= 0."""
        name, m = "villain_reach", len(self.villain_combos)
        arr = number_array(value, name)
        if arr.ndim not in (1, 2) or arr.shape[-1] != m or (arr.ndim == 2 and not len(arr)):
            raise OmahaEvalError(
                f"expected shape ({m},) or (T, {m}) with T >= 1 (a reach per villain combo), "
                f"got shape {arr.shape} in {quote(value)}",
                param=name,
                value=value,
            )
        with np.errstate(over="ignore", invalid="ignore"):
            reach = np.ascontiguousarray(arr[None] if arr.ndim == 1 else arr, dtype=np.float64)
        if not (np.isfinite(reach).all() and (reach >= 0).all()):
            bad = np.argwhere(~np.isfinite(reach) | (reach < 0))[0]
            at = f"[{bad[1]}]" if arr.ndim == 1 else f"[{bad[0]}, {bad[1]}]"
            raise OmahaEvalError(
                f"reach {float(reach[tuple(bad)])!r} at {at} is not a finite number >= 0 in "
                f"{quote(value)}",
                param=name,
                value=value,
            )
        return reach, arr.ndim == 1

    def __repr__(self) -> str:
        return (
            f"RiverShowdown(board={format_cards(self.board)!r}, "
            f"{len(self.hero_combos):,} hero combos, {len(self.villain_combos):,} villain "
            f"combos, game={self.game.name!r})"
        )
