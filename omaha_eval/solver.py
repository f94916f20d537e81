"""Solver API: whole-board strength vectors, equity vectors on every street
and chip-exact showdowns, batch-first for callers that run millions of spots.

Values are those of omaha_eval.evaluator: ``high`` 1..7462 and ``low``
1..56, larger is better; ``low`` 0 means no qualifying eight-or-better low.

Hand order of :func:`all_hands` (and of :func:`rank_board` with
``hands=None``): the k-card hands as ascending rows of card ids (id = 4 *
rank + suit), in lexicographic order: ``[0 1 2 3]``, ``[0 1 2 4]``, ...,
``[48 49 50 51]`` for k = 4.  The order never depends on the board, so a
row index names the same hand on every board; :func:`hand_index` computes
it arithmetically.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from math import comb
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import _display
from omaha_eval._checks import BOARD_SIZE, HOLE_SIZES, CardArray
from omaha_eval.cards import format_cards
from omaha_eval.engine.boards import known_cards
from omaha_eval.engine.players import Player, hole_size, read_player
from omaha_eval.engine.results import figure
from omaha_eval.engine.runner import read_threads
from omaha_eval.engine.spot import live_rows
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.games import MAX_PLAYERS, Game
from omaha_eval.games import game as read_game
from omaha_eval.ranges import all_hands as _all_hands
from omaha_eval.types import (
    CardRows,
    Cards,
    Contributions,
    FloatArray,
    GameName,
    HandRange,
    Hands,
    Weights,
)  # fmt: skip
from omaha_eval.types import Player as PlayerInput  # engine.players.Player: a player as read

__all__ = [
    "N_HANDS",
    "Pot",
    "RiverShares",
    "ShowdownDetail",
    "StreetShares",
    "all_hands",
    "hand_index",
    "rank_board",
    "river_equity",
    "river_shares",
    "showdown",
    "street_equity",
]

N_HANDS: int = _core.N_HANDS4  # C(52, 4) = 270,725 four-card hands
MAX_CHIPS = 2**62  # total chips of a showdown, so that int64 sums cannot overflow

# _BINOMIAL[x, i] = C(x, i) for the combinatorial number system of hand_index.
_BINOMIAL = np.array([[comb(x, i) for i in range(7)] for x in range(52)], dtype=np.int64)


def all_hands(k: int = 4) -> CardArray:
    """Every k-card hand (k = 4, 5 or 6), (C(52, k), k) uint8, in the
    module's hand order.

    The array is built once per k, kept, shared and read-only (copy it to
    modify it): 270,725 rows (1.1 MB) for k = 4, 2,598,960 rows (13 MB)
    for k = 5 and 20,358,520 rows (122 MB) for k = 6.

    >>> all_hands()[:2].tolist()
    [[0, 1, 2, 3], [0, 1, 2, 4]]
    >>> len(all_hands()), len(all_hands(5))
    (270725, 2598960)
    >>> all_hands(5)[-1].tolist()
    [47, 48, 49, 50, 51]
    """
    return _all_hands(_checks.hole_cards(k, "k"))


def _one_or_rows(value: Any, name: str) -> tuple[CardArray, bool]:
    """One hand (text or ids) or an (N, k) array of hands, k = 4, 5 or 6;
    the flag says whether a single hand was given."""
    if isinstance(value, str) or _checks.ndim(value) == 1:
        return _checks.card_set(value, name, HOLE_SIZES).reshape(1, -1), True
    return _checks.hand_rows(value, name), False


def _off_board(rows: CardArray, name: str, board: CardArray) -> CardArray:
    """Rows given by the caller, whose results line up with them: one that
    holds a board card cannot be dealt, which is an error."""
    on_board = np.flatnonzero(~live_rows(rows, _checks.card_mask(board)))
    if on_board.size:
        row = rows[on_board[0]]
        raise OmahaEvalError(
            f"{name}: row {on_board[0]} ({format_cards(row)}) holds board card(s) "
            f"{format_cards(np.intersect1d(row, board))} of board {format_cards(board)}"
        )
    return rows


@overload
def hand_index(hand: str) -> int: ...
@overload
def hand_index(hand: Hands) -> int | npt.NDArray[np.int64]: ...
def hand_index(hand: Hands) -> int | npt.NDArray[np.int64]:
    """Row of a hand in :func:`all_hands` of its size, in any card order.

    One hand (text or 4, 5 or 6 ids) gives an ``int``; an (N, k) integer
    array gives an int64 array of N rows (k = 4, 5 or 6, from the row
    length).  Pure arithmetic (combinatorial number system): no table.

    >>> hand_index("2c 2d 2h 2s")
    0
    >>> hand_index([51, 50, 49, 48])
    270724
    >>> hand_index("2c 2d 2h 2s 3c"), hand_index("As Ah Ad Ac Ks Kh")
    (0, 20358519)
    """
    given, single = _one_or_rows(hand, "hand")
    rows = np.sort(given, axis=1)
    k = rows.shape[1]
    # Lexicographic rank = last index - colex rank of the complemented hand.
    comp = 51 - rows[:, ::-1].astype(np.int64)  # ascending again
    colex = sum(_BINOMIAL[comp[:, i], i + 1] for i in range(k))
    index: npt.NDArray[np.int64] = comb(52, k) - 1 - colex
    return int(index[0]) if single else index


def _row_index(rows: CardArray) -> npt.NDArray[np.int64]:
    """hand_index of each row of an (N, k) array of checked ids, N >= 0."""
    if not len(rows):
        return np.zeros(0, dtype=np.int64)
    return np.asarray(hand_index(rows), dtype=np.int64)


RowFinder = Callable[[CardArray], tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]]


def _row_finder(table: CardArray) -> RowFinder:
    """A lookup of hands in `table`, built once (its keys sorted): called
    with rows, it gives for each row the position in `table` of the same
    hand (cards in any order; the first such row) and whether there is one
    (where not, the position is meaningless).  Arrays of checked ids, k wide."""
    keys = _row_index(table)
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]

    def find(rows: CardArray) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
        want = _row_index(rows)
        if not len(sorted_keys):
            return np.zeros(len(want), dtype=np.intp), np.zeros(len(want), dtype=np.bool_)
        at = np.minimum(np.searchsorted(sorted_keys, want), len(sorted_keys) - 1)
        found: npt.NDArray[np.bool_] = sorted_keys[at] == want
        positions: npt.NDArray[np.intp] = order[at]
        return positions, found

    return find


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
    classes = _class_rows(hands, "hands", b)
    if classes is not None:
        return _core.rank_hands(b, classes)
    h = _off_board(_checks.hand_rows(hands, "hands"), "hands", b)
    return _core.rank_hands(b, h)


@dataclass(frozen=True)
class StreetShares:
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
        at, found = _row_finder(rows)(self.hero_combos)
        if not found.all():
            missing = format_cards(self.hero_combos[int(np.flatnonzero(~found)[0])])
            raise OmahaEvalError(f"hero_weights: hero hand {missing} is not in the set given")
        weights: FloatArray = given[at]
        return weights

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
                _display.hand_texts(self.hero_combos[i : i + 1])[0],
                *(_display.share(float(x)) for x in figures),
                f"{float(self.live_weight[i]):,.6g}",
            ]

        return summary, header, row, n

    def __str__(self) -> str:
        """A summary line and the first and last hands' figures (never every
        row: to_pandas() has them all)."""
        return _display.text(*self._table_parts(), "hands")

    def _repr_html_(self) -> str:
        """The same as an HTML table, for notebooks."""
        return _display.html_text("omaha-eval-street-shares", *self._table_parts(), "hands")

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per hero hand: ``hand`` (its text,
        best card first), ``equity``, ``hi_share``, ``lo_share``, ``scoop``
        and ``live_weight``, the arrays' values.  Needs pandas."""
        columns = {"hand": _display.hand_texts(self.hero_combos), "equity": self.equity}
        for name in ("hi_share", "lo_share", "scoop", "live_weight"):
            columns[name] = getattr(self, name)
        return _display.frame("StreetShares", columns)


RiverShares = StreetShares  # the river is the last street: the same figures


def _side(value: Any, name: str, k: int, board: CardArray, game: Game,
          weights: Any = None, weights_name: str | None = None) -> Player:  # fmt: skip
    """One side of a solver question, read as every player is
    (engine/players.py): its rows, none holding a board card (an array's
    rows line up with the results, so such a row is an error; a range's
    are dropped), and its weights.  A random hand is every hand.
    :class:`~omaha_eval.HandClasses` of the board are their hands, each
    with its class's weight (`weights`: one per class, None: all 1)."""
    from omaha_eval.classes import HandClasses

    if isinstance(value, HandClasses):
        _class_rows(value, name, board)
        w = _checks.weights(weights, weights_name or f"{name} weights", len(value))
        value, weights = value.hands, w[value.class_of]
    p = read_player(value, name, k, game, weights=weights, weights_name=weights_name)
    if p.kind == "random":
        hands = _all_hands(k)
        live = np.ascontiguousarray(hands[live_rows(hands, _checks.card_mask(board))])
        return Player("range", p.label, live, np.ones(len(live)))
    if p.aligned or p.kind == "hand":
        _off_board(p.combos, name, board)
        return p
    keep = live_rows(p.combos, _checks.card_mask(board))
    return Player(p.kind, p.label, np.ascontiguousarray(p.combos[keep]),
                  np.ascontiguousarray(p.weights[keep]), p.scale)  # fmt: skip


def _sides(
    board: CardArray, hero: Any, villain: Any, villain_weights: Any,
    names: tuple[str, str, str], game: Game,
) -> tuple[CardArray, CardArray, FloatArray]:  # fmt: skip
    """(hero rows, villain rows, villain weights as given) of a solver
    question.  Each side's hand size is its own (text takes the other
    side's, else 4)."""
    hero_name, villain_name, weights_name = names
    k_hero, k_villain = _hole_size(hero), _hole_size(villain)
    classes = _class_rows(hero, hero_name, board)
    if classes is not None:
        h = Player("range", hero_name, classes, np.ones(len(classes)))
    else:
        h = _side(hero, hero_name, k_hero or k_villain or 4, board, game)
    v = _side(villain, villain_name, k_villain or h.combos.shape[1], board, game,
              villain_weights, weights_name)  # fmt: skip
    if classes is not None:
        from omaha_eval.classes import check_symmetric

        check_symmetric(board, v.combos, v.weights, villain_name)
    return h.combos, v.combos, v.weights * v.scale


def _hole_size(value: Any) -> int | None:
    """A side's hole-card count if it fixes one (HandClasses: its hands')."""
    from omaha_eval.classes import HandClasses

    return int(value.hands.shape[1]) if isinstance(value, HandClasses) else hole_size(value)


def _class_rows(value: Any, name: str, board: CardArray) -> CardArray | None:
    """The representatives of HandClasses given for `name` (an error unless
    they are the classes of this board), or None for any other input."""
    from omaha_eval.classes import HandClasses, same_board

    if not isinstance(value, HandClasses):
        return None
    if not same_board(value.board, board):
        raise OmahaEvalError(
            f"{name}: the classes of board {format_cards(value.board)}, not of board "
            f"{format_cards(board)} (each round's cards must match)"
        )
    return value.representatives


# Runouts per question are cut into fixed blocks: the work is split into them
# whatever the thread count, and their sums are added in block order, so
# every thread count gives the same bits.  At least MIN_BLOCKS keep threads
# busy; a block holds about BLOCK_WORK hand evaluations (a few hundredths of
# a second), so Ctrl-C between blocks is quick on any input.
MIN_BLOCKS = 64
BLOCK_WORK = 2_000_000
# Below this many hand evaluations per question, threads cost more than they save.
_THREAD_WORK = 200_000


def _street_sums(spot: _core.StreetSpot, hands: int, threads: int) -> FloatArray:
    """Sums of every runout's deals, block by block, added in block order."""
    return block_sums(spot.run, spot.runouts, hands, threads, (3, spot.n_hero))


def block_sums(run: Callable[[int, int], FloatArray], runouts: int, hands: int, threads: int,
               shape: tuple[int, ...]) -> FloatArray:  # fmt: skip
    """The sum of run(first, count) (arrays of `shape`) over fixed blocks
    of the runouts, added in block order whatever the threads."""
    blocks_wanted = max(MIN_BLOCKS, -(-runouts * hands // BLOCK_WORK))
    size = max(1, -(-runouts // blocks_wanted))
    blocks = [(first, min(size, runouts - first)) for first in range(0, runouts, size)]
    total = np.zeros(shape)
    if threads == 1 or len(blocks) == 1:
        for first, count in blocks:
            total += run(first, count)
        return total
    pool = ThreadPoolExecutor(max_workers=min(threads, len(blocks)))
    try:
        pending: deque[Future[FloatArray]] = deque()
        todo = iter(blocks)
        for first, count in todo:  # a few blocks ahead: memory stays bounded
            pending.append(pool.submit(run, first, count))
            if len(pending) >= 2 * threads:
                break
        while pending:
            total += pending.popleft().result()  # Ctrl-C interrupts the wait
            block = next(todo, None)
            if block is not None:
                pending.append(pool.submit(run, *block))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return total


def street_spot(board: CardArray, hero: CardArray, villain: CardArray, weights: FloatArray,
                code: int, threads: int) -> tuple[_core.StreetSpot, float, int]:  # fmt: skip
    """The prepared street question, the scale of its weights (live weights
    are to be multiplied back by it) and the threads worth using."""
    # only relative weights matter to the shares: scaled to a largest of 1, huge
    # weights (1e306) cannot overflow the C sums; live weight is scaled back
    top = float(weights.max()) if len(weights) else 0.0
    spot = _core.StreetSpot(board, hero, villain, weights / top if top > 0 else weights, code)
    if spot.runouts * (len(hero) + len(villain)) < _THREAD_WORK:
        threads = 1
    return spot, top, threads


def street_shares(board: CardArray, hero: CardArray, villain: CardArray, weights: FloatArray,
                  code: int, threads: int) -> StreetShares:  # fmt: skip
    """The street kernel on rows already read and checked (every entry
    point's hands go through engine/players.py first)."""
    spot, top, threads = street_spot(board, hero, villain, weights, code, threads)
    hi, lo, scoop, live = spot.finish(_street_sums(spot, len(hero) + len(villain), threads))
    if top > 0:
        with np.errstate(over="ignore"):
            live = live * top
    return StreetShares(hi_share=hi, lo_share=lo, scoop=scoop, live_weight=live, hero_combos=hero)


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
    b = known_cards(board, "board", (3, 4, 5))
    the_game = read_game(game)
    workers = read_threads(threads)
    names = ("hero", "villain", "villain_weights")
    h, v, w = _sides(b, hero, villain, villain_weights, names, the_game)
    return street_shares(b, h, v, w, the_game.code, workers)


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
    b = known_cards(board, "board", (BOARD_SIZE,))
    the_game = read_game(game)
    names = ("hero_combos", "villain_combos", "villain_weights")
    h, v, w = _sides(b, hero_combos, villain_combos, villain_weights, names, the_game)
    return street_shares(b, h, v, w, the_game.code, threads=1)


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


def _seats(mask: int, n: int) -> tuple[int, ...]:
    return tuple(i for i in range(n) if mask >> i & 1)


@dataclass(frozen=True)
class Pot:
    """One pot of a showdown (docs/rules.md, "Side pots"), as the split made it:

    - ``amount``: its chips (every player's between two live amounts);
    - ``eligible``: the seats contesting it;
    - ``hi_winners``: the seats winning its high half (the whole pot when
      ``lo_winners`` is empty: nobody eligible has a qualifying low, or a
      high-only game); ``lo_winners``: the seats winning its low half;
    - ``payouts``: the chips it gives each seat (odd chips included).
    """

    amount: int
    eligible: tuple[int, ...]
    hi_winners: tuple[int, ...]
    lo_winners: tuple[int, ...]
    payouts: tuple[int, ...]


@dataclass(frozen=True)
class ShowdownDetail:
    """``showdown(..., detail=True)``: the payouts, the pots that make them
    (bottom first: the main pot, then each side pot) and the chips no live
    player called, given back (per seat).  ``payouts[i]`` is the sum of
    ``pot.payouts[i]`` over the pots plus ``uncalled[i]``."""

    payouts: list[int]
    pots: tuple[Pot, ...]
    uncalled: list[int]


@overload
def showdown(hands: Sequence[Cards | None], board: Cards, contributions: Contributions,
             button: int = 0, game: GameName = "omaha8", *,
             detail: Literal[False] = False) -> list[int]: ...  # fmt: skip
@overload
def showdown(hands: Sequence[Cards | None], board: Cards, contributions: Contributions,
             button: int = 0, game: GameName = "omaha8", *,
             detail: Literal[True]) -> ShowdownDetail: ...  # fmt: skip
def showdown(
    hands: Sequence[Cards | None],
    board: Cards,
    contributions: Contributions,
    button: int = 0,
    game: GameName = "omaha8",
    *,
    detail: bool = False,
) -> list[int] | ShowdownDetail:
    """Chip-exact payouts of a finished hand, one per seat.

    ``hands[i]`` is seat i's hand (text or ids, 4 to 6 cards) or ``None`` if
    that player folded; ``contributions[i]`` the chips they put in (ints >=
    0).  Pots (docs/rules.md, "Side pots") end only at the amounts put in by the
    players still in: the main pot holds everyone's chips up to the smallest
    such amount, folded players' included, the next side pot everyone's
    chips from there up to the next one, and so on.  A folded player's
    amount never starts a pot of its own, so its odd chips are not dealt
    separately.  Each pot is contested by the players still in who put in
    its top amount, and split on its own: half to the best high, half to
    the best 8-or-better low, the high taking all when nobody has a low
    (``game="omaha"``: high only).  Odd chips go to the high half, then one
    each to the tied winners first clockwise from ``button`` (seats
    button+1, button+2, ...).  Chips above the largest amount of any player
    still in were never called (e.g. a bet by a player who then folded, or
    every chip when all folded): they go back to whoever put them in.  The
    payouts sum to the contributions exactly.

    ``detail=True`` returns a :class:`ShowdownDetail`: the payouts, each
    :class:`Pot` (amount, eligible seats, winners of each half, its chips
    per seat) as the C showdown made it, and the uncalled chips.

    >>> showdown(["Ad Kd 3s 2s", "Qs Qh 7c 6c"], "Jd 4d 3c Qd 5h", [50, 50])
    [100, 0]
    >>> showdown(["As 2s Kc Kh", "Ah 2h Qc 9h"], "3c 5h 8d Ks Jd", [40, 40])
    [60, 20]
    >>> showdown(["As 2s Kc Kh", "Ah 2h Qc 9h", None], "3c 5h 8d Ks Jd", [40, 40, 25])
    [79, 26, 0]
    >>> d = showdown(["As 2s Kc Kh", "Ah 2h Qc 9h", "Qs Qh 4c 4d", None], "3c 5h 8d Ks Jd",
    ...              [10, 40, 40, 50], detail=True)
    >>> for pot in d.pots:
    ...     print(pot.amount, pot.eligible, pot.hi_winners, pot.lo_winners, pot.payouts)
    40 (0, 1, 2) (0,) (0, 1) (30, 10, 0, 0)
    90 (1, 2) (2,) (1,) (0, 45, 45, 0)
    >>> d.uncalled, d.payouts
    ([0, 0, 0, 10], [30, 55, 45, 10])
    """
    if not isinstance(detail, (bool, np.bool_)):
        raise OmahaEvalTypeError(f"detail: expected True or False, got {quote(detail)}")
    held, b, chips, seat = _showdown_args(hands, board, contributions, button)
    code = read_game(game).code
    if not detail:
        return [int(x) for x in _core.showdown_chips(b, held, chips, seat, code)]
    payouts, made, rows = _core.showdown_chips(b, held, chips, seat, code, True)
    n = len(held)
    pots = tuple(
        Pot(int(amount), _seats(eligible, n), _seats(hi, n), _seats(lo, n), tuple(row))
        for (amount, eligible, hi, lo), row in zip(made, rows.tolist(), strict=True)
    )
    paid = [int(x) for x in payouts]
    uncalled = [paid[i] - sum(p.payouts[i] for p in pots) for i in range(n)]
    return ShowdownDetail(paid, pots, uncalled)


def _chip_count(value: Any, name: str) -> int:
    if not _checks.is_int(value):
        raise OmahaEvalTypeError(f"{name}: expected an integer number of chips, got {quote(value)}")
    if value < 0:
        raise OmahaEvalError(f"{name}: chips cannot be negative, got {quote(value, 40)}")
    if value > MAX_CHIPS:
        raise OmahaEvalError(f"{name}: more than {MAX_CHIPS} chips: {quote(value, 40)}")
    return int(value)


def _showdown_args(
    hands: Any, board: Any, contributions: Any, button: Any
) -> tuple[list[CardArray | None], CardArray, npt.NDArray[np.int64], int]:
    """The arguments of showdown, checked: hands (None = folded), the board,
    contributions as int64 and the button seat."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
        raise OmahaEvalTypeError(
            f"hands: expected a list with one hand (or None if folded) per seat, got {quote(hands)}"
        )
    n = len(hands)
    if not 2 <= n <= MAX_PLAYERS:
        raise OmahaEvalError(f"hands: expected 2 to {MAX_PLAYERS} seats, got {n}")
    held = [
        None if h is None else _checks.card_set(h, f"hands[{i}]", HOLE_SIZES)
        for i, h in enumerate(hands)
    ]
    b = known_cards(board, "board", (BOARD_SIZE,))
    _checks.disjoint(
        ("board", b), *((f"hands[{i}]", h) for i, h in enumerate(held) if h is not None)
    )
    if isinstance(contributions, (str, bytes)) or _checks.ndim(contributions) != 1:
        raise OmahaEvalTypeError(
            f"contributions: expected one integer per seat, got {quote(contributions)}"
        )
    chips = [_chip_count(c, f"contributions[{i}]") for i, c in enumerate(contributions)]
    if len(chips) != n:
        raise OmahaEvalError(f"contributions: expected {n} values (one per seat), got {len(chips)}")
    if sum(chips) > MAX_CHIPS:
        raise OmahaEvalError(f"contributions: total {sum(chips)} exceeds {MAX_CHIPS}")
    if not _checks.is_int(button):
        raise OmahaEvalTypeError(f"button: expected a seat number, got {quote(button)}")
    if not 0 <= button < n:
        raise OmahaEvalError(f"button: expected a seat 0..{n - 1}, got {quote(button, 40)}")
    return held, b, np.array(chips, dtype=np.int64), int(button)
