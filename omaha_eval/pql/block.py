"""A block of deals, and what the query functions read of it, computed in C
once per block and kept (src_c/oe_rows.h): each player's high and low on
each street, the winners and pot shares at the river, the nuts of each
street's board, each player's equity with every hand known (computed for
the rows asked, when asked).

A block is T deals (rows): ``hands`` (T, n, k) card ids, ``boards`` (T, 5)
(the whole board, dealt to the river) and ``weights`` (T,).  Streets are
named by their board size: 3 (flop), 4 (turn), 5 (river); 0 (preflop)
only for the equity of known hands.

Part of vectorised evaluation: evaluate.py makes the blocks, the functions
(functions.py) read these values through the expressions (expressions.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval.games import Game

__all__ = ["Array", "Block", "Deals", "Rows"]

IntArray = npt.NDArray[np.int64]
Array = npt.NDArray[Any]  # one value per row of a block, of an expression's type
Rows = IntArray  # rows of a block, by position
T = TypeVar("T")


@dataclass
class Deals:
    """The deals of a block as made: rows of hands, boards and weights."""

    hands: npt.NDArray[np.uint8]
    boards: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]


@dataclass
class Block:
    """The deals of a block and the values read from them, each computed
    the first time it is asked for (every query function reads these)."""

    deals: Deals
    game: Game
    dead: int  # card mask of the dead cards (outs and equities leave them out)
    _cache: dict[Any, Any] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.deals.weights)

    @property
    def players(self) -> int:
        return int(self.deals.hands.shape[1])

    def values(
        self, street: int, player: int | None = None
    ) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
        """(high, low), (T, n): the players' best high and low on the street,
        every player's, or only `player`'s column filled (each player's
        computed once, when first asked for)."""
        key = ("values", street)
        if key not in self._cache:
            n = self.players
            self._cache[key] = (
                np.zeros((self.size, n), np.uint16),
                np.zeros((self.size, n), np.uint8),
                np.zeros(n, dtype=bool),  # the players computed
            )
        high, low, done = self._cache[key]
        want = done.copy()
        want[slice(None) if player is None else player] = True
        missing = want & ~done
        if missing.any():
            mask = int(np.sum(1 << np.flatnonzero(missing)))
            _core.street_values(
                self.deals.hands, self.deals.boards, street, self.game.code, high, low, mask
            )
            done |= missing
        return high, low

    def _once(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value kept under `key`, made the first time it is asked for."""
        if key not in self._cache:
            self._cache[key] = make()
        value: T = self._cache[key]
        return value

    def winners(self) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]:
        """(high winners, low winners) at the river: bit masks of players
        (low 0: no qualifying low), named by the one split (oe_split.h)."""
        return self._once("winners", lambda: _core.pot_winners(*self.values(5)))

    def scoopers(self) -> npt.NDArray[np.uint32]:
        """(T,): who scoops at the river, as a player's bit (0: nobody), by
        the one rule (oe_split.h's oe_scoops)."""
        return self._once("scoopers", lambda: _core.scoopers(*self.winners(), self.players))

    def quartered(self) -> npt.NDArray[np.uint32]:
        """(T,): who gets exactly a quarter of the pot at the river, as a bit
        mask of the players, by the one rule (oe_split.h's oe_quartered)."""
        return self._once(
            "quartered", lambda: _core.quartered_players(*self.winners(), self.players)
        )

    def shares(self) -> npt.NDArray[np.float64]:
        """(T, n): every player's share of the pot at the river (the split
        of oe_split.h: hi_share + lo_share)."""

        def make() -> npt.NDArray[np.float64]:
            hi, lo = _core.split_rows(*self.values(5))
            return hi + lo

        return self._once("shares", make)

    def board(self, street: int) -> tuple[IntArray, IntArray, IntArray]:
        """(low ranks, ranks, cards of each suit (T, 4)) of the street's
        board: its low ranks as a mask (bit 0 = ace .. 7 = eight), its ranks
        (bit r = rank r, 2 = 0 .. A = 12)."""

        def make() -> tuple[IntArray, IntArray, IntArray]:
            low, ranks, suits = _core.board_summary(self.deals.boards, street)
            return low.astype(np.int64), ranks.astype(np.int64), suits.astype(np.int64)

        return self._once(("board", street), make)

    def nut_high(self, street: int) -> npt.NDArray[np.uint16]:
        return self._once(("nut high", street), lambda: _core.nut_high(self.deals.boards, street))

    def nut_by_category(self, street: int) -> npt.NDArray[np.uint16]:
        return self._once(
            ("nut by category", street),
            lambda: _core.nut_by_category(self.deals.boards, street),
        )

    def equity(self, street: int, rows: IntArray) -> npt.NDArray[np.float64]:
        """(len(rows), n): every player's exact pot share with every hand
        known and the board of the street, the rest of the board enumerated
        (the dead cards left out), for the rows asked; computed once per row."""
        key = ("equity", street)
        if key not in self._cache:
            self._cache[key] = (
                np.full((self.size, self.players), np.nan),
                np.zeros(self.size, dtype=bool),
            )
        table, done = self._cache[key]
        todo = rows[~done[rows]]
        if len(todo):
            todo = np.unique(todo)
            n = self.players
            equity, hi, lo, scoop = (np.zeros((len(todo), n)) for _ in range(4))
            dead = np.full(len(todo), self.dead, dtype=np.uint64)
            _core.many_exact(
                np.ascontiguousarray(self.deals.hands[todo]),
                np.ascontiguousarray(self.deals.boards[todo, :street]),
                self.game.code,
                equity,
                hi,
                lo,
                scoop,
                dead,
            )
            table[todo] = equity
            done[todo] = True
        shares: npt.NDArray[np.float64] = table[rows]
        return shares
