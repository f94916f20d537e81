"""Equity vectors on every street: the pot share of every hero hand
against a weighted villain range over every runout, exact, and the whole
board's strength vector (rank_board)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import _display, _documents
from omaha_eval._checks import BOARD_SIZE, CardArray
from omaha_eval.cards import format_cards, format_hands
from omaha_eval.engine import block_sums
from omaha_eval.engine.boards import known_cards
from omaha_eval.engine.plan import read_options
from omaha_eval.engine.results import figure
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import game as read_game
from omaha_eval.hands import row_finder
from omaha_eval.solver.question import class_rows, read_sides
from omaha_eval.solver.sides import off_board
from omaha_eval.streets import DEALT_BOARDS
from omaha_eval.types import CardRows, Cards, FloatArray, GameName, HandRange, Weights
from omaha_eval.types import Player as PlayerInput  # engine.players.Player: a player as read

__all__ = [
    "RiverShares",
    "StreetShares",
    "rank_board",
    "river_equity",
    "river_shares",
    "street_equity",
    "street_shares",
    "street_spot",
]


def rank_board(
    board: Cards, hands: CardRows | None = None
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """High and low value of every hand on a complete five-card board.

    With ``hands=None``: arrays of length 270,725 aligned with
    :func:`all_hands`; a hand that holds a board card cannot be dealt and
    gets ``high = 0`` and ``low = 0`` (0 is never a real high value, so
    ``high > 0`` is the mask of the live hands).  With ``hands`` an (N, k)
    integer array (k = 4, 5 or 6): arrays of length N in its order; a hand
    that holds a board card is an error there.  With ``hands`` the
    :class:`~omaha_eval.HandClasses` of this board: one value per class,
    its representative's (``classes.expand`` gives every member's).

    >>> from omaha_eval import hand_index
    >>> high, low = rank_board("Jd 4d 3c Qd 5h")
    >>> i = hand_index("Ad Kd 3s 2s")
    >>> int(high[i]), int(low[i])
    (7135, 56)
    >>> int(high[hand_index("Jd 2c 2d 2h")])
    0
    """
    b = known_cards(board, "board", (BOARD_SIZE,))
    if hands is None:
        return _core.rank_all_hands(b)
    classes = class_rows(hands, "hands", b)
    if classes is not None:
        return _core.rank_hands(b, classes)
    h = off_board(_checks.hand_rows(hands, "hands"), "hands", b)
    return _core.rank_hands(b, h)


@dataclass(frozen=True, repr=False)
class StreetShares(_display.RowsShown):
    """Per hero hand, against a weighted villain range on a flop, a turn or
    a river (docs/rules.md, "Equity"): arrays aligned with ``hero_combos``.

    Every (villain hand, runout) pair that shares no card with the hero
    hand, the board or each other is one deal, weighted by the villain
    hand's weight; the figures are expectations over those deals.
    ``hi_share``/``lo_share`` are the expected fractions of the pot won
    through the high half (the whole pot when neither hand has a low) and
    the low half; ``scoop`` is the probability of winning the whole pot
    alone.  ``live_weight`` is the total weight of the villain hands that
    share no card with the hero hand (or the board): each of them meets the
    same number of runouts, so this is the weight the deals give the range,
    and on the river it is the range's weight left after card removal.
    Where ``live_weight`` is 0 (no villain hand can be dealt against that
    hero hand) the shares are NaN.  ``hero_combos`` (N, k) uint8 are the
    hero hands the rows describe: the given array, or a range's hands that
    hold no board card.
    """

    hi_share: FloatArray = field(metadata=figure("hi_share"))
    lo_share: FloatArray = field(metadata=figure("lo_share"))
    scoop: FloatArray = field(metadata=figure("scoop"))
    live_weight: FloatArray = field()
    hero_combos: CardArray = field()

    @property
    def equity(self) -> FloatArray:
        """Expected pot share, ``hi_share + lo_share``."""
        total: FloatArray = self.hi_share + self.lo_share
        return total

    def range_equity(self, hero_weights: Weights | HandRange | None = None) -> float:
        """The hero range's equity against the villain range: the expected
        pot share over every deal of a hero hand, a villain hand and a
        runout that share no card (docs/rules.md, "Equity"), each weighted
        by the hero hand's weight times the villain hand's.

        Every live (hero, villain) pair meets the same number of runouts,
        so this is the mean of ``equity`` over the hero hands weighted by
        ``w * live_weight``, where ``w`` are the hero weights::

            range_equity = sum(w[i] * live_weight[i] * equity[i])
                           / sum(w[i] * live_weight[i])

        over the hands with ``live_weight > 0`` (NaN when there is none):
        what ``equity()`` reports for the hero range on the same spot.
        ``hero_weights`` (street_equity does not use the hero's): None, every
        hero hand 1; N finite weights >= 0 aligned with ``hero_combos``; or
        the weighted set the hero was given as (a Range: each row of
        ``hero_combos`` takes its weight there, whatever was dropped).

        >>> import omaha_eval as oe
        >>> hero = oe.Range("AsAh2c3d@2, KsKh4c5d")
        >>> r = street_equity("Qd7h2d3s", hero, "7c7d8c9d, QsQc5s6h@0.5")
        >>> e = oe.equity(["AsAh2c3d@2, KsKh4c5d", "7c7d8c9d, QsQc5s6h@0.5"], "Qd7h2d3s")
        >>> abs(r.range_equity(hero) - e.players[0].equity) < 1e-12
        True
        """
        w = self._hero_weights(hero_weights)
        live = self.live_weight > 0
        mass = w[live] * self.live_weight[live]
        total = float(mass.sum())
        return float((mass * self.equity[live]).sum() / total) if total > 0 else float("nan")

    def _hero_weights(self, value: Any) -> FloatArray:
        """range_equity's hero weights, one per row of hero_combos."""
        n = len(self.hero_combos)
        if not (hasattr(value, "combos") and hasattr(value, "weights")):
            return _checks.weights(value, "hero_weights", n)
        k = self.hero_combos.shape[1]
        rows = _checks.hand_rows(value.combos, "hero_weights combos", k)
        given = _checks.weights(value.weights, "hero_weights weights", len(rows))
        at, found = row_finder(rows)(self.hero_combos)
        if not found.all():
            missing = format_cards(self.hero_combos[int(np.flatnonzero(~found)[0])])
            raise OmahaEvalError(
                f"hero hand {missing} is not in the set given", param="hero_weights"
            )
        weights: FloatArray = given[at]
        return weights

    _rows_word = "hands"  # str() and _repr_html_: _display.RowsShown
    _html_kind = "omaha-eval-street-shares"

    def _table_parts(self) -> tuple[list[str], list[str], _display.Row, int]:
        n = len(self.hero_combos)
        summary = [
            f"StreetShares: {n:,} hero hand{'' if n == 1 else 's'}, range equity "
            f"{_display.share(self.range_equity())} (every hero hand weighted 1)"
        ]
        header = ["hand", "equity", "hi share", "lo share", "scoop", "live weight"]
        equity = self.equity

        def row(i: int) -> list[str]:
            figures = (equity[i], self.hi_share[i], self.lo_share[i], self.scoop[i])
            return [
                format_hands(self.hero_combos[i : i + 1])[0],
                *(_display.share(float(x)) for x in figures),
                f"{float(self.live_weight[i]):,.6g}",
            ]

        return summary, header, row, n

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per hero hand: ``hand`` (its text,
        best card first), ``equity``, ``hi_share``, ``lo_share``, ``scoop``
        and ``live_weight``, the arrays' values.  Needs pandas."""
        columns = {"hand": format_hands(self.hero_combos), "equity": self.equity}
        for name in ("hi_share", "lo_share", "scoop", "live_weight"):
            columns[name] = getattr(self, name)
        return _display.frame("StreetShares", columns)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: each array as a list (``hero_combos`` as rows of
        card ids; NaN as None); ``StreetShares.from_dict`` reads it back."""
        return _documents.array_document(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StreetShares:
        """The result ``to_dict()`` wrote, with its arrays."""
        return _documents.from_document(cls, data, cards=("hero_combos",))


RiverShares = StreetShares  # the river is the last street: the same figures


# Below this many hand evaluations per question, threads cost more than they save.
_THREAD_WORK = 200_000


def _street_sums(spot: _core.StreetSpot, hands: int, threads: int) -> FloatArray:
    """Sums of every runout's deals, block by block, added in block order
    (engine/parts.py: the same bits on any number of threads)."""
    return block_sums(spot.run, spot.runouts, hands, threads, np.zeros((3, spot.n_hero)))


def street_spot(
    board: CardArray,
    hero: CardArray,
    villain: CardArray,
    weights: FloatArray,
    code: int,
    threads: int,
) -> tuple[_core.StreetSpot, float, int]:
    """The prepared street question, the scale of its weights (live weights
    are to be multiplied back by it) and the threads worth using."""
    # only relative weights matter to the shares: scaled to a largest of 1, huge
    # weights (1e306) cannot overflow the C sums; live weight is scaled back
    top = float(weights.max()) if len(weights) else 0.0
    spot = _core.StreetSpot(board, hero, villain, weights / top if top > 0 else weights, code)
    if spot.runouts * (len(hero) + len(villain)) < _THREAD_WORK:
        threads = 1
    return spot, top, threads


def street_shares(
    board: CardArray,
    hero: CardArray,
    villain: CardArray,
    weights: FloatArray,
    code: int,
    threads: int,
) -> StreetShares:
    """The street kernel on rows already read and checked (every entry
    point's hands go through engine/players.py first)."""
    spot, top, threads = street_spot(board, hero, villain, weights, code, threads)
    hi, lo, scoop, live = spot.finish(_street_sums(spot, len(hero) + len(villain), threads))
    if top > 0:
        with np.errstate(over="ignore"):
            live = live * top
    return StreetShares(hi_share=hi, lo_share=lo, scoop=scoop, live_weight=live, hero_combos=hero)


def _read_shares(
    board: Any,
    board_sizes: tuple[int, ...],
    sides: tuple[Any, Any, Any],
    names: tuple[str, str, str],
    game: Any,
    threads: Any,
) -> StreetShares:
    """street_shares of a question as given: the board (of one of
    `board_sizes` cards), the game, the threads and the sides (hero,
    villain, villain weights: solver.question.read_sides) read, in that
    order, each error naming its parameter by `names`."""
    b = known_cards(board, "board", board_sizes)
    the_game = read_game(game)
    workers = read_options(threads=threads).threads
    h, v, w = read_sides(b, *sides, names, the_game)
    return street_shares(b, h, v, w, the_game.code, workers)


def street_equity(
    board: Cards,
    hero: PlayerInput,
    villain: PlayerInput,
    villain_weights: Weights | None = None,
    game: GameName = "omaha8",
    threads: int | None = None,
) -> StreetShares:
    """Exact pot share of every hero hand against a weighted villain range
    on a flop, a turn or a river (3, 4 or 5 board cards), over every runout.

    ``hero`` and ``villain`` are each an (N, k) integer array of card ids
    (k = 4, 5 or 6; a row holding a board card is an error), a weighted set
    of hands (anything with ``.combos`` and ``.weights``, e.g. a
    :class:`omaha_eval.Range`; the hero's weights are not used) or range
    text (read as ``Range(text, hole_cards=k)``, k from the other side, else
    4); the hands of a range that hold a board card are dropped.
    ``villain_weights`` (finite, >= 0; None: all 1) go with a villain array
    only.  Card removal is exact: every (villain hand, runout) pair that
    shares no card with the hero hand, the board or each other is one deal,
    weighted by the villain weight (see :class:`StreetShares`).
    ``game="omaha"`` plays high only (the high takes the whole pot).  The
    runouts are split into fixed blocks over ``threads`` workers (None:
    every core); any thread count gives the same result, to the bit.  On a
    river this is :func:`river_shares`.

    Class vectors: ``hero`` may be the :class:`~omaha_eval.HandClasses` of
    this board (:func:`~omaha_eval.hand_classes`); the rows are then its
    classes, only their representatives are computed, and
    ``classes.expand(r.equity)`` is every member's equity.  The villain
    range must then be mapped onto itself by the board's suit
    permutations (else members differ: an error).  ``villain`` may be
    HandClasses too, with ``villain_weights`` one weight per class (each
    member's).  One input type rather than a ``by_class`` flag: the same
    result type and readers serve both, and the classes, built once per
    board, are reused across calls.

    >>> r = street_equity("Jd 4d 3c", [[49, 45, 7, 3]], [[51, 47, 43, 39]])
    >>> r.hero_combos.shape, round(float(r.equity[0] + street_equity(
    ...     "Jd 4d 3c", [[51, 47, 43, 39]], [[49, 45, 7, 3]]).equity[0]), 12)
    ((1, 4), 1.0)
    """
    names = ("hero", "villain", "villain_weights")
    return _read_shares(board, DEALT_BOARDS, (hero, villain, villain_weights), names, game, threads)


def river_shares(
    board: Cards,
    hero_combos: PlayerInput,
    villain_combos: PlayerInput,
    villain_weights: Weights | None = None,
    game: GameName = "omaha8",
) -> RiverShares:
    """hi/lo shares and scoop of every hero hand against a weighted range on
    a complete board (:func:`street_equity` on a river).

    ``hero_combos`` (N, k) and ``villain_combos`` (M, k') are integer arrays
    of card ids (k, k' = 4, 5 or 6), weighted sets of hands (``.combos`` and
    ``.weights``, e.g. a Range) or range text; ``villain_weights`` (M,) go
    with a villain array, finite and >= 0 (None: all 1).  Card removal is
    exact: against each hero hand, villain hands sharing a card with it are
    left out and the rest are weighted in proportion to their weights.  No
    row of an array may hold a board card (an error: filter with
    ``rank_board(board)[0] > 0`` or ``~np.isin(hands, board).any(axis=1)``);
    a range's hands that do are dropped.  ``game="omaha"``: high only.
    :class:`~omaha_eval.HandClasses` of the board give one row per class
    (see :func:`street_equity`).

    Runs in O(N + M) plus the card-removal corrections, not O(N * M): hands
    are bucketed by value and swept with running sums per card and card pair
    (inclusion-exclusion), see src_c/oe_street.c.

    >>> r = river_shares("Jd 4d 3c Qd 5h", [[49, 45, 7, 3]], [[51, 47, 43, 39]])
    >>> float(r.hi_share[0]), float(r.lo_share[0]), float(r.scoop[0])
    (0.5, 0.5, 1.0)
    >>> r = river_shares("Jd 4d 3c Qd 5h", [[49, 45, 7, 3]], [[51, 47, 43, 39]], game="omaha")
    >>> float(r.hi_share[0]), float(r.lo_share[0]), float(r.scoop[0])
    (1.0, 0.0, 1.0)
    """
    sides = (hero_combos, villain_combos, villain_weights)
    names = ("hero_combos", "villain_combos", "villain_weights")
    return _read_shares(board, (BOARD_SIZE,), sides, names, game, threads=1)


def river_equity(
    board: Cards,
    hero_combos: PlayerInput,
    villain_combos: PlayerInput,
    villain_weights: Weights | None = None,
    game: GameName = "omaha8",
) -> FloatArray:
    """Expected pot share (hi_share + lo_share) of every hero hand against a
    weighted villain range on a complete board: :func:`river_shares`
    ``.equity`` (same arguments).  NaN where no villain hand is live
    against the hero hand."""
    return river_shares(board, hero_combos, villain_combos, villain_weights, game).equity
