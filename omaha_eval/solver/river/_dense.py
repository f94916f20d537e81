"""The showdown of two ranges on a river as a table of every pair: the pot
share of each (OOP combo, IP combo) and whether they share a card.

Private, and for now only: the river solver takes its showdown from
solver.river.showdown, which hands out this table until the prepared C
showdown (RiverShowdown, O(N + M) a call) replaces it.  The shares come
from the pot split's owner (src_c/oe_split.c through _core.split_rows), one
call per pair of distinct (high, low) values, never from a rule written
here; the table costs N x M doubles three times, so it is refused above
PAIR_LIMIT pairs.
"""

from __future__ import annotations

import numpy as np

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import Game

__all__ = ["PAIR_LIMIT", "DenseShowdown"]

# Pairs the table may hold: 24 bytes each, 384 MB in all (4,000 x 4,000 combos).
PAIR_LIMIT = 16_000_000


class DenseShowdown:
    """`values(player, reach)`: for each combo of `player` (0: OOP, 1: IP),
    the sum over the other player's combos that share no card with it of
    reach x the pot share it wins against that combo; `live(player,
    reach)`: the sum of reach over those combos.  `reach` is (M,) or (T,
    M), the answer (N,) or (T, N)."""

    def __init__(
        self,
        board: CardArray,
        combos: tuple[CardArray, CardArray],
        game: Game,
        names: tuple[str, str],
    ) -> None:
        oop, ip = combos
        pairs = len(oop) * len(ip)
        if pairs > PAIR_LIMIT:
            raise OmahaEvalError(
                f"a showdown of {len(oop):,} x {len(ip):,} combos is a table of {pairs:,} "
                f"pairs here, over the limit of {PAIR_LIMIT:,}; narrow a range",
                param=names[int(len(ip) > len(oop))],
            )
        self.sizes = (len(oop), len(ip))
        # each call runs on the calling thread (no BLAS: its threads, on a busy
        # machine, made a 300 x 300 product 200 times slower): the solver's
        # threads cannot speed it up
        self.threaded = False
        live = (_checks.row_masks(oop)[:, None] & _checks.row_masks(ip)[None, :]) == 0
        self.meets = live.astype(np.float64)
        self.wins = (_pair_shares(board, oop, ip, game) * self.meets, self.meets.copy())
        self.wins[1][:] -= self.wins[0]  # two players: IP takes what OOP does not

    def values(self, player: int, reach: FloatArray) -> FloatArray:
        return _products(reach, self.wins[player], player)

    def live(self, player: int, reach: FloatArray) -> FloatArray:
        return _products(reach, self.meets, player)


def _products(reach: FloatArray, table: FloatArray, player: int) -> FloatArray:
    """For each row of reach (the other player's), the sums over the other
    player's combos of reach x table, for every combo of `player` (table:
    OOP's combos down, IP's across).  NumPy's einsum loops, whose sums run
    in the same order whatever the rows: a row's figures do not depend on
    the batch."""
    rows = np.atleast_2d(reach)
    spec = "tm,nm->tn" if player == 0 else "tn,nm->tm"
    out: FloatArray = np.einsum(spec, rows, table)
    return out if reach.ndim == 2 else out[0]


def _pair_shares(board: CardArray, oop: CardArray, ip: CardArray, game: Game) -> FloatArray:
    """OOP's pot share against every IP combo, as if no card collided."""
    values = []
    for combos in (oop, ip):
        high, low = _core.rank_hands(board, combos)
        if not game.has_low:
            low = np.zeros_like(low)
        keys = high.astype(np.int64) * 256 + low  # one key per distinct (high, low)
        distinct, of = np.unique(keys, return_inverse=True)
        values.append((distinct // 256, distinct % 256, of))
    (oh, ol, o_of), (ih, il, i_of) = values
    rows = len(oh) * len(ih)
    high = np.empty((rows, 2), np.uint16)
    low = np.empty((rows, 2), np.uint8)
    high[:, 0], high[:, 1] = np.repeat(oh, len(ih)), np.tile(ih, len(oh))
    low[:, 0], low[:, 1] = np.repeat(ol, len(il)), np.tile(il, len(ol))
    hi, lo = _core.split_rows(high, low)
    table = (hi[:, 0] + lo[:, 0]).reshape(len(oh), len(ih))
    shares: FloatArray = table[o_of][:, i_of]
    return shares
