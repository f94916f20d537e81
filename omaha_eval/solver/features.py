"""Hand-abstraction features: the distribution of each hand's equity over
the runouts to the river, with EHS and EHS^2, for bucketing hands.

A hero hand on a flop or a turn meets, on each runout r to the river, the
villain hands live on r; its equity there is its river pot share
(``hi_share + lo_share``, docs/rules.md) against them.  Deals weigh as in
:func:`~omaha_eval.street_equity` (villain hand by its weight, then a
runout it leaves), so runout r has probability proportional to the live
weight it leaves, and the mean equity (EHS) is the street equity itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import _display, _documents
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.cards import format_hands
from omaha_eval.engine import block_sums
from omaha_eval.engine.boards import known_cards
from omaha_eval.engine.plan import read_options
from omaha_eval.games import game as read_game
from omaha_eval.solver.classes import HandClasses
from omaha_eval.solver.question import read_sides
from omaha_eval.solver.street import street_spot
from omaha_eval.streets import DEALT_BOARDS
from omaha_eval.types import Board, GameName, Player, Weights

__all__ = ["MAX_BINS", "EquityFeatures", "equity_features"]

MAX_BINS = 1000


@dataclass(frozen=True, eq=False, repr=False)
class EquityFeatures(_display.RowsShown):
    """Per hero hand (rows aligned with ``hero_combos``):

    - ``histogram`` (N, bins): the probability that the hand's river
      equity falls in bin b = [b/bins, (b+1)/bins) (1 in the last bin; an
      equity within 1e-9/bins below an edge counts as on it, so rounding
      never moves an exact 1/2 down a bin); each row sums to 1;
    - ``ehs``: the mean of the equity (expected hand strength), equal to
      :func:`~omaha_eval.street_equity`'s ``equity``;
    - ``ehs2``: the mean of its square (EHS^2; ``ehs2 - ehs**2`` is its
      variance over the runouts);
    - ``live_weight``: as in :class:`~omaha_eval.StreetShares`;
    - ``hero_combos`` (N, k): the hero hands (or class representatives).

    Where no villain hand is live against a hero hand the row, ``ehs`` and
    ``ehs2`` are NaN and ``live_weight`` 0.
    """

    histogram: FloatArray
    ehs: FloatArray
    ehs2: FloatArray
    live_weight: FloatArray
    hero_combos: CardArray

    @property
    def edges(self) -> FloatArray:
        """The bins + 1 bin edges, 0 to 1."""
        return np.linspace(0.0, 1.0, self.histogram.shape[1] + 1)

    _rows_word = "hands"  # str() and _repr_html_: _display.RowsShown
    _html_kind = "omaha-eval-features"

    def _table_parts(self) -> tuple[list[str], list[str], _display.Row, int]:
        n, bins = self.histogram.shape
        summary = [
            f"EquityFeatures: {n:,} hero hand{'' if n == 1 else 's'}, a histogram of "
            f"{bins:,} equity bin{'' if bins == 1 else 's'} each (to_pandas(): hist_0..)"
        ]
        header = ["hand", "EHS", "EHS^2", "live weight"]

        def row(i: int) -> list[str]:
            return [
                format_hands(self.hero_combos[i : i + 1])[0],
                _display.share(float(self.ehs[i])),
                _display.share(float(self.ehs2[i])),
                f"{float(self.live_weight[i]):,.6g}",
            ]

        return summary, header, row, n

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per hero hand: ``hand`` (its text,
        best card first), ``ehs``, ``ehs2``, ``live_weight`` and
        ``hist_0`` .. ``hist_{bins-1}`` (the histogram's columns);
        ``attrs["edges"]`` the bin edges.  Needs pandas."""
        columns: dict[str, Any] = {"hand": format_hands(self.hero_combos)}
        columns.update(ehs=self.ehs, ehs2=self.ehs2, live_weight=self.live_weight)
        for b in range(self.histogram.shape[1]):
            columns[f"hist_{b}"] = self.histogram[:, b]
        return _display.frame("EquityFeatures", columns, {"edges": self.edges.tolist()})

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: each array as a list (``histogram`` a list per
        hand, ``hero_combos`` rows of card ids; NaN as None);
        ``EquityFeatures.from_dict`` reads it back."""
        return _documents.array_document(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EquityFeatures:
        """The result ``to_dict()`` wrote, with its arrays."""
        return _documents.from_document(cls, data, cards=("hero_combos",))


def equity_features(
    board: Board,
    hero: Player | HandClasses,
    villain: Player | HandClasses,
    villain_weights: Weights | None = None,
    bins: int = 10,
    game: GameName = "omaha8",
    threads: int | None = None,
) -> EquityFeatures:
    """Equity histogram, EHS and EHS^2 of every hero hand against a
    weighted villain range on a flop or a turn (a river: one runout),
    exact over every runout with exact card removal (module docstring).

    ``board``, ``hero``, ``villain``, ``villain_weights``, ``game`` and
    ``threads`` are those of :func:`~omaha_eval.street_equity`, hero and
    villain :class:`~omaha_eval.HandClasses` included (one row per class);
    ``bins`` (1 to 1,000) equal bins over [0, 1].  The runouts are summed
    in fixed blocks in C (the street kernel's river vectors, binned), so
    any thread count gives the same bits.

    >>> f = equity_features("Jd 4d 3c Qd", [[49, 45, 7, 3]], [[51, 47, 43, 39]], bins=4)
    >>> f.histogram.tolist(), float(f.ehs[0]), float(f.ehs2[0])  # wins 9 rivers in 10
    ([[0.1, 0.0, 0.0, 0.9]], 0.9, 0.9)
    """
    b = known_cards(board, "board", DEALT_BOARDS)
    the_game = read_game(game)
    n_bins = _checks.count(bins, "bins", 1, MAX_BINS)
    workers = read_options(threads=threads).threads
    names = ("hero", "villain", "villain_weights")
    h, v, w = read_sides(b, hero, villain, villain_weights, names, the_game)
    spot, top, workers = street_spot(b, h, v, w, the_game.code, workers)
    n = len(h)

    def run(first: int, count: int) -> FloatArray:
        hist, moment = _core.street_features(spot, first, count, n_bins)
        return np.concatenate([hist, moment.T], axis=1)

    sums = block_sums(run, spot.runouts, n + len(v), workers, np.zeros((n, n_bins + 3)))
    total = sums[:, n_bins]
    live = spot.finish(np.zeros((3, n)))[3]
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        empty = ~(total > 0) | ~(live > 0)
        scale = np.where(empty, np.nan, 1.0 / np.where(empty, 1.0, total))
        histogram = sums[:, :n_bins] * scale[:, None]
        ehs, ehs2 = sums[:, n_bins + 1] * scale, sums[:, n_bins + 2] * scale
        if top > 0:
            live = live * top
    return EquityFeatures(histogram=histogram, ehs=ehs, ehs2=ehs2, live_weight=live, hero_combos=h)
