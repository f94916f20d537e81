"""What a range makes on a board: ``range_hits()`` and its answer,
``RangeHits``.

Every class a hand can fall in is defined here once (HIT_CLASSES, with
docs/hits.md saying the same in a player's words).  A class is a property
of one hand on one board (0 or 1); a range's share of a class is the
weighted share of its live hands (those that touch no board or dead card)
in it, exactly, over every hand of the range.

The classes come in groups; the groups marked *partition* hold every hand
in exactly one of their classes, so their shares add up to 1:

- ``high`` (partition): the hand's best high now, by category (the
  evaluator's categories: high card ... straight flush);
- ``low`` (partition; hi/lo games): ``nut_low`` (the board's nut low,
  docs/rules.md "The nuts": the best low any two cards not on the board
  make with it, dead cards or not), ``second_nut_low`` (the next best such
  low), ``other_low`` and ``no_low``;
- ``low_draws`` (flop and turn, hi/lo games; hands with no low now):
  ``low_draw`` (some next card gives a low), ``nut_low_draw`` (some next
  card gives the nut low of the board it makes) and
  ``nut_low_draw_backup`` (a nut-low draw holding a third low rank not on
  the board, so a card that pairs one of its low cards leaves a low);
  each class holds the next;
- ``flush_draws`` (flop and turn): ``flush_draw`` (two or more cards of a
  suit the board shows twice, a card of it still unseen) and
  ``nut_flush_draw`` (a flush draw holding the best card of its suit not
  on the board);
- ``straights`` (partition; flop and turn): ``straight_made`` (a straight
  now), else by outs, the unseen cards (not in the hand, on the board or
  dead) after which the hand makes a straight: ``wrap_13`` (13 or more),
  ``wrap_9`` (9 to 12), ``straight_draw`` (1 to 8), ``no_straight_draw``;
- ``made`` (each 0 or 1 on its own): ``set`` (a pocket pair of a rank the
  board shows once), ``top_set`` (of the board's top rank),
  ``hole_two_pair`` (two ranks of the hand each on the board once),
  ``overpair`` (a pocket pair above every board card), ``top_pair``
  (exactly one card of the board's top rank, shown once on the board).

A straight, a flush and a low here are made of exactly two hole cards and
three board cards (docs/rules.md).  With no board the answer has a row per
flop (up to the suit permutations that keep the range and the dead cards),
each with its probability: the chance of that flop with a hand of the
range (weights and card removal counted), so that the probability-weighted
mean of a class over the rows is the range's share of it over every flop.

>>> hits = range_hits("AsAhJc9c", "Kh 7d 2c")
>>> hits["set"], hits["overpair"], hits["pair"] + hits["two_pair"]
(0.0, 1.0, 1.0)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import _documents
from omaha_eval import vocabulary as words
from omaha_eval._cache import lru_cache
from omaha_eval._checks import CardArray
from omaha_eval._documents import Document, card_rows, needs, numbers
from omaha_eval.cards import SUITS, card_id, format_board, format_cards, rank_of, suit_of
from omaha_eval.engine.boards import read_cards
from omaha_eval.engine.plan import EXACT_WORK_LIMIT, read_progress, read_stop
from omaha_eval.engine.players import Player as ReadPlayer
from omaha_eval.engine.players import hole_size, read_player
from omaha_eval.engine.spot import Spot, live_rows, prepare
from omaha_eval.errors import OmahaEvalError, quote
from omaha_eval.evaluator import CATEGORIES, evaluate_batch, high_category, nut_low
from omaha_eval.games import Game
from omaha_eval.games import game as read_game
from omaha_eval.hands import all_hands
from omaha_eval.streets import BOARD_SIZE, FLOP
from omaha_eval.study.boards.classes import board_classes, symmetries
from omaha_eval.study.table.columns import (
    Table,
    column_key,
    columns_document,
    document_columns,
)
from omaha_eval.study.table.select import RowSelection
from omaha_eval.study.table.textures import GROUPINGS, Texture, texture_of_ids
from omaha_eval.types import Board, DeadCards, GameName, Player, StopFlag

__all__ = [
    "HIT_CLASSES",
    "HIT_GROUPS",
    "BoardHits",
    "Hands",
    "HitClass",
    "PreparedHits",
    "RangeHits",
    "board_hits",
    "classes_for",
    "column_prototype",
    "hit_flags",
    "prepare_range_hits",
    "range_hits",
    "read_show",
    "shown_columns",
]

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
RANK_COUNT = 13
ACE = RANK_COUNT - 1
BOARD_SIZES = (0, FLOP, FLOP + 1, BOARD_SIZE)  # no board (every flop), a flop, a turn, a river


@dataclass(frozen=True)
class HitClass:
    """One class: its column ``name``, its ``label`` for people, its
    ``group`` (HIT_GROUPS), and whether it needs a low game (``low``) or
    cards to come (``draw``)."""

    name: str
    label: str
    group: str
    low: bool = False
    draw: bool = False


def _category_name(label: str) -> str:
    return label.lower().replace(" ", "_")


HIT_CLASSES: tuple[HitClass, ...] = (
    *(HitClass(_category_name(c), c, "high") for c in CATEGORIES),
    HitClass("nut_low", "nut low", "low", low=True),
    HitClass("second_nut_low", "second nut low", "low", low=True),
    HitClass("other_low", "other low", "low", low=True),
    HitClass("no_low", "no low", "low", low=True),
    HitClass("low_draw", "low draw", "low_draws", low=True, draw=True),
    HitClass("nut_low_draw", "nut-low draw", "low_draws", low=True, draw=True),
    HitClass("nut_low_draw_backup", "nut-low draw with backup", "low_draws", low=True, draw=True),
    HitClass("flush_draw", "flush draw", "flush_draws", draw=True),
    HitClass("nut_flush_draw", "nut flush draw", "flush_draws", draw=True),
    HitClass("straight_made", "straight made", "straights", draw=True),
    HitClass("wrap_13", "wrap, 13+ outs", "straights", draw=True),
    HitClass("wrap_9", "wrap, 9-12 outs", "straights", draw=True),
    HitClass("straight_draw", "straight draw, 1-8 outs", "straights", draw=True),
    HitClass("no_straight_draw", "no straight draw", "straights", draw=True),
    HitClass("set", "set", "made"),
    HitClass("top_set", "top set", "made"),
    HitClass("hole_two_pair", "both hole cards pair the board", "made"),
    HitClass("overpair", "overpair", "made"),
    HitClass("top_pair", "top pair", "made"),
)
# The groups, and which of them are partitions (every hand in exactly one class).
HIT_GROUPS = {
    "high": True,
    "low": True,
    "low_draws": False,
    "flush_draws": False,
    "straights": True,
    "made": False,
}
WRAP_OUTS = (13, 9)  # outs of wrap_13 and wrap_9 at least


def classes_for(has_low: bool, board_size: int) -> tuple[HitClass, ...]:
    """The classes a board of this size answers in a game with or without a low."""
    draws = board_size < BOARD_SIZE
    return tuple(c for c in HIT_CLASSES if (has_low or not c.low) and (draws or not c.draw))


# ------------------------------------------------------------ rank tables

# The low ranks as bits: ace bit 0, deuce bit 1 ... eight bit 7; other
# ranks 0 (the C core's own table, oe_low_bit).
LOW_BIT = _core.low_bits().astype(np.int64)
# The straights' rank windows: the wheel (A-2-3-4-5) and 2-6 ... T-A.
WINDOWS = np.array([(1 << ACE) | 0b1111] + [0b11111 << r for r in range(9)], dtype=np.int64)
_MASKS = np.arange(1 << RANK_COUNT, dtype=np.int64)
_POPCOUNT: IntArray = ((_MASKS[:, None] >> np.arange(RANK_COUNT)) & 1).sum(axis=1)
_RANK_BITS = 1 << np.arange(RANK_COUNT, dtype=np.int64)


def low_table() -> npt.NDArray[np.uint8]:
    """(256, 256), read-only: the best low (0: none) of a hand holding the
    low ranks of mask h on a board holding those of mask b: the C core's
    own table (oe_best_low_table, the evaluator's rule), not a copy."""
    table: npt.NDArray[np.uint8] = _core.best_low_table()
    return table


_LOW_PAIRS = np.array([(1 << a) | (1 << b) for a, b in combinations(range(8), 2)])


@lru_cache(maxsize=256)
def nut_lows(board_mask: int) -> tuple[int, int]:
    """(nut, second nut) low values of a board of low-rank mask
    `board_mask` (0: none), by its ranks alone (docs/rules.md, "The
    nuts"): the nut is evaluator.nut_low's, the second the next best low
    any two low ranks make with the board."""
    nut = nut_low(board_mask)
    lows = {int(v) for v in low_table()[_LOW_PAIRS, board_mask]} - {0, nut}
    return nut, max(lows, default=0)


def _straight_table(board_ranks: int) -> BoolArray:
    """(8192,): whether a hand of rank mask H makes a straight on a board of
    rank mask `board_ranks`: some window W whose ranks off the board (at
    most two) are all in H, H holding two ranks of W."""
    hands = np.arange(1 << RANK_COUNT, dtype=np.int64)
    out = np.zeros(len(hands), dtype=np.bool_)
    for w in WINDOWS.tolist():
        missing = w & ~board_ranks
        if _POPCOUNT[missing] > 2:
            continue
        out |= ((hands & missing) == missing) & (_POPCOUNT[hands & w] >= 2)
    return out


@lru_cache(maxsize=4096)
def straight_tables(board_ranks: int) -> tuple[BoolArray, IntArray]:
    """(made now, out ranks) by hand rank mask: out ranks is the mask of the
    ranks whose card would give the hand a straight it does not make now."""
    now = _straight_table(board_ranks)
    outs = np.zeros(len(now), dtype=np.int64)
    for r in range(RANK_COUNT):
        outs |= (_straight_table(board_ranks | 1 << r) & ~now).astype(np.int64) << r
    now.flags.writeable = False
    outs.flags.writeable = False
    return now, outs


def _categories(holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]) -> IntArray:
    """Each hand's best high category on a board of 3 to 5 cards (the one
    owner of a hand on a board in bulk: evaluate_batch)."""
    high, _ = evaluate_batch(holes, board)
    codes: IntArray = np.asarray(high_category(high), dtype=np.int64)
    return codes


def _plain_categories(
    ranks: IntArray, board_ranks: IntArray
) -> tuple[IntArray, npt.NDArray[np.bool_]]:
    """The best high category of hands given by their ranks (P, k),
    ascending, on a board of those ranks, dealt in suits that make no flush
    (what a hand of those ranks makes unless it flushes), and which
    patterns can be dealt with the board (no rank five times).  The board's
    cards take suits that put at most two of them in a suit; each hole card
    a suit its rank has free."""
    taken = np.zeros((RANK_COUNT, len(SUITS)), dtype=np.bool_)
    per_suit = np.zeros(len(SUITS), dtype=np.int64)
    board = []
    for r in board_ranks.tolist():
        s = min((int(per_suit[s]), s) for s in range(len(SUITS)) if not taken[r, s])[1]
        taken[r, s] = True
        per_suit[s] += 1
        board.append(card_id(r, s))
    # free[r, j]: the j-th suit rank r has free (-1: none left)
    free = np.full((RANK_COUNT, len(SUITS)), -1, dtype=np.int64)
    for r in range(RANK_COUNT):
        suits = np.flatnonzero(~taken[r])
        free[r, : len(suits)] = suits
    p, k = ranks.shape
    first = np.argmax(ranks[:, :, None] == ranks[:, None, :], axis=2)  # of each rank
    suits = free[ranks, np.arange(k)[None, :] - first]
    dealt = (suits >= 0).all(axis=1)
    cats = np.zeros(p, dtype=np.int64)  # a pattern no deal holds weighs nothing
    if dealt.any():
        holes = card_id(ranks[dealt], suits[dealt]).astype(np.uint8)
        cats[dealt] = _categories(holes, np.array(board, dtype=np.uint8))
    return cats, dealt


def _tally(values: IntArray, size: int) -> IntArray:
    """(N, size): how often each row of `values` (N, k) holds 0 ... size - 1."""
    n = len(values)
    at = (np.arange(n, dtype=np.int64)[:, None] * size + values).reshape(-1)
    return np.bincount(at, minlength=n * size).reshape(n, size)


@dataclass(frozen=True)
class Hands:
    """A set of hands read once for many boards: ``combos`` (N, k), the
    hands' rank patterns (``pattern`` (N,): each hand's row of ``counts``
    (P, 13), how many cards of each rank), and ``suits`` (N, 4), how many
    cards of each suit.  Everything but flushes depends on the ranks alone,
    so it is worked out once per pattern."""

    combos: npt.NDArray[np.uint8]
    pattern: IntArray
    counts: IntArray
    suits: IntArray

    @classmethod
    def of(cls, combos: npt.NDArray[np.uint8]) -> Hands:
        # a hand's ranks in order (its cards are ascending, so are its
        # ranks) as one number in base 13: the pattern's key
        ranks = rank_of(combos.astype(np.int64))
        key = np.zeros(len(combos), dtype=np.int64)
        for j in range(combos.shape[1]):
            key = key * RANK_COUNT + ranks[:, j]
        keys, pattern = np.unique(key, return_inverse=True)
        digits = np.zeros((len(keys), combos.shape[1]), dtype=np.int64)
        rest = keys.copy()
        for j in range(combos.shape[1] - 1, -1, -1):
            digits[:, j] = rest % RANK_COUNT
            rest //= RANK_COUNT
        return cls(
            combos,
            pattern.reshape(-1).astype(np.int64),
            _tally(digits, RANK_COUNT),
            _tally(suit_of(combos.astype(np.int64)), 4),
        )


@dataclass(frozen=True)
class BoardHits:
    """What the hands of a Hands make on one board: ``classes``, and the
    flags of each rank pattern (``by_pattern`` (P, C)) for the classes
    that depend on ranks alone; the others (``by_hand``: class index ->
    (N,) flags) and the hands whose high category is not their pattern's
    (``suited``: their indices and categories: flushes) per hand."""

    classes: tuple[HitClass, ...]
    by_pattern: BoolArray
    by_hand: dict[int, BoolArray]
    suited: tuple[IntArray, IntArray]

    def shares(self, hands: Hands, weights: FloatArray) -> FloatArray:
        """Each class's weighted share of the hands (`weights`, N: 0 for a
        hand not dealt on this board)."""
        total = float(weights.sum())
        mass = np.bincount(hands.pattern, weights=weights, minlength=len(hands.counts))
        sums: FloatArray = np.asarray(mass @ self.by_pattern.astype(np.float64), dtype=np.float64)
        for j, flags in self.by_hand.items():
            sums[j] = weights[flags].sum()
        at, codes = self.suited
        if len(at):
            first = self.classes.index(_CATEGORY_CLASSES[0])
            old = self.by_pattern[hands.pattern[at], first : first + len(CATEGORIES)]
            w = weights[at]
            sums[first : first + len(CATEGORIES)] -= w @ old.astype(np.float64)
            np.add.at(sums, first + codes.astype(np.int64), w)
        out: FloatArray = sums / total if total > 0 else np.zeros(len(sums))
        return out

    def flags(self, hands: Hands) -> BoolArray:
        """(N, C): every hand's 0/1 flags."""
        out = self.by_pattern[hands.pattern]
        for j, flags in self.by_hand.items():
            out[:, j] = flags
        at, codes = self.suited
        first = self.classes.index(_CATEGORY_CLASSES[0])
        out[at, first : first + len(CATEGORIES)] = False
        out[at, first + codes.astype(np.int64)] = True
        return out


_CATEGORY_CLASSES = tuple(c for c in HIT_CLASSES if c.group == "high")


def board_hits(
    hands: Hands,
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    has_low: bool = True,
    live: BoolArray | None = None,
    memo: dict[tuple[int, ...], BoolArray] | None = None,
) -> BoardHits:
    """The classes a board of 3 to 5 cards answers and what every hand of
    `hands` makes there.  `live` marks the hands that touch no board or
    dead card (None: all of them); the others get flags too, meaningless:
    give them weight 0.  `memo` keeps the rank patterns' flags by the
    board's ranks, for many boards with the same hands and dead cards."""
    classes = classes_for(has_low, len(board))
    index = {c.name: j for j, c in enumerate(classes)}
    b = board.astype(np.int64)
    d = dead.astype(np.int64)
    key = tuple(sorted(rank_of(b).tolist()))
    flags = None if memo is None else memo.get(key)
    if flags is None:
        flags = _rank_flags(hands, classes, index, b, d, has_low)
        if memo is not None:
            memo[key] = flags
    by_hand: dict[int, BoolArray] = {}
    # flushes: the hands holding two of a suit the board shows three times
    board_suits = np.bincount(suit_of(b), minlength=4)
    flushing = np.ones(len(hands.combos), dtype=np.bool_) if live is None else live.copy()
    flushing &= (board_suits >= 3).any()
    for s in np.flatnonzero(board_suits >= 3).tolist():
        flushing &= hands.suits[:, s] >= 2
    at = np.flatnonzero(flushing)
    suited_cats = _categories(hands.combos[at], board) if len(at) else np.zeros(0, np.int64)
    suited = (at.astype(np.int64), suited_cats)

    if len(board) < BOARD_SIZE:
        dead_suits = np.bincount(suit_of(d), minlength=4)
        draw = np.zeros(len(hands.combos), dtype=np.bool_)
        nut_draw = np.zeros(len(hands.combos), dtype=np.bool_)
        on_board = set(b.tolist())
        for s in np.flatnonzero(board_suits == 2).tolist():
            mine = hands.suits[:, s]
            this = (mine >= 2) & (13 - 2 - dead_suits[s] - mine > 0)
            draw |= this
            # the nut card of the suit: the best one not on the board (the nuts
            # are the board's: docs/rules.md)
            top = next(card_id(r, s) for r in range(ACE, -1, -1) if card_id(r, s) not in on_board)
            nut_draw |= this & (hands.combos == top).any(axis=1)
        by_hand[index["flush_draw"]] = draw
        by_hand[index["nut_flush_draw"]] = nut_draw

    return BoardHits(classes, flags, by_hand, suited)


def _rank_flags(
    hands: Hands,
    classes: tuple[HitClass, ...],
    index: dict[str, int],
    b: IntArray,
    d: IntArray,
    has_low: bool,
) -> BoolArray:
    """(P, C): the flags of every rank pattern for the classes that depend
    on the ranks alone (the others stay 0)."""
    counts = hands.counts
    p = len(counts)
    flags = np.zeros((p, len(classes)), dtype=np.bool_)
    board_ranks = np.bincount(rank_of(b), minlength=RANK_COUNT)
    dead_ranks = np.bincount(rank_of(d), minlength=RANK_COUNT)
    unseen = 4 - board_ranks - dead_ranks  # per rank, before the hand's own cards
    draws = len(b) < BOARD_SIZE
    # the high category of each pattern with no flush (flushes: board_hits)
    k = hands.combos.shape[1]
    ranks = np.repeat(np.tile(np.arange(RANK_COUNT), (p, 1)).reshape(-1), counts.reshape(-1))
    cats, _ = _plain_categories(ranks.reshape(p, k), rank_of(b))
    for code, c in enumerate(_CATEGORY_CLASSES):
        flags[:, index[c.name]] = cats == code
    if has_low:
        _low_flags(flags, index, counts, board_ranks, unseen, draws)
    if draws:
        _straight_flags(flags, index, counts, board_ranks, unseen)
    _made_flags(flags, index, counts, board_ranks)
    flags.flags.writeable = False
    return flags


def _low_flags(
    flags: BoolArray,
    index: dict[str, int],
    counts: IntArray,
    board_ranks: IntArray,
    unseen: IntArray,
    draws: bool,
) -> None:
    """Set the low classes of every rank pattern in `flags`: the low made
    now (nut, second nut, other, none) and, with cards to come, the draws."""
    table = low_table()
    hand_low = (counts > 0).astype(np.int64) @ LOW_BIT
    board_low = int((board_ranks > 0).astype(np.int64) @ LOW_BIT)
    low_now = table[hand_low, board_low]
    nut, second = nut_lows(board_low)
    is_nut = (low_now > 0) & (low_now == nut)
    is_second = (low_now > 0) & (low_now == second)
    flags[:, index["nut_low"]] = is_nut
    flags[:, index["second_nut_low"]] = is_second
    flags[:, index["other_low"]] = (low_now > 0) & ~is_nut & ~is_second
    flags[:, index["no_low"]] = low_now == 0
    if not draws:
        return
    any_low = np.zeros(len(counts), dtype=np.bool_)
    any_nut = np.zeros(len(counts), dtype=np.bool_)
    for r in range(RANK_COUNT):
        bit = int(LOW_BIT[r])
        if not bit:
            continue
        coming = (unseen[r] - counts[:, r]) > 0  # a card of rank r still to come
        after = table[hand_low, board_low | bit]
        nut_after = nut_low(board_low | bit)
        any_low |= coming & (after > 0)
        any_nut |= coming & (after > 0) & (after == nut_after)
    no_low = low_now == 0
    nut_draw = no_low & any_nut
    flags[:, index["low_draw"]] = no_low & any_low
    flags[:, index["nut_low_draw"]] = nut_draw
    spare = _POPCOUNT[hand_low & ~board_low] >= 3
    flags[:, index["nut_low_draw_backup"]] = nut_draw & spare


def _straight_flags(
    flags: BoolArray,
    index: dict[str, int],
    counts: IntArray,
    board_ranks: IntArray,
    unseen: IntArray,
) -> None:
    """Set the straight classes of every rank pattern in `flags` (a board
    with cards to come): made, or drawing by its outs."""
    hand_set = (counts > 0).astype(np.int64) @ _RANK_BITS
    board_set = int((board_ranks > 0).astype(np.int64) @ _RANK_BITS)
    made, out_ranks = straight_tables(board_set)
    made_now = made[hand_set]
    bits = (out_ranks[hand_set][:, None] >> np.arange(RANK_COUNT)) & 1
    outs = np.where(made_now, 0, (bits * (unseen[None, :] - counts)).sum(axis=1))
    flags[:, index["straight_made"]] = made_now
    flags[:, index["wrap_13"]] = ~made_now & (outs >= WRAP_OUTS[0])
    flags[:, index["wrap_9"]] = ~made_now & (outs >= WRAP_OUTS[1]) & (outs < WRAP_OUTS[0])
    flags[:, index["straight_draw"]] = ~made_now & (outs >= 1) & (outs < WRAP_OUTS[1])
    flags[:, index["no_straight_draw"]] = ~made_now & (outs == 0)


def _made_flags(
    flags: BoolArray, index: dict[str, int], counts: IntArray, board_ranks: IntArray
) -> None:
    """Set the made hands of every rank pattern in `flags`, in the words
    every view shares (omaha_eval/vocabulary.py)."""
    hand_set = (counts > 0).astype(np.int64) @ _RANK_BITS
    board_set = int((board_ranks > 0).astype(np.int64) @ _RANK_BITS)
    pairs = (counts >= 2).astype(np.int64) @ _RANK_BITS
    singles = (counts == 1).astype(np.int64) @ _RANK_BITS
    once = int((board_ranks == 1).astype(np.int64) @ _RANK_BITS)
    flags[:, index["set"]] = words.holds_set(pairs, once)
    flags[:, index["top_set"]] = words.top_set(pairs, once, board_set)
    flags[:, index["hole_two_pair"]] = words.hole_two_pair(hand_set, once)
    flags[:, index["overpair"]] = words.overpair(pairs, board_set)
    flags[:, index["top_pair"]] = words.top_pair(singles, once, board_set)


def hit_flags(
    combos: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    has_low: bool = True,
) -> tuple[tuple[HitClass, ...], BoolArray]:
    """The classes a board of 3 to 5 cards answers and, per hand (rows of
    `combos`), a row of 0/1 flags, one per class."""
    hands = Hands.of(combos)
    hits = board_hits(hands, board, dead, has_low)
    return hits.classes, hits.flags(hands)


def column_prototype(has_low: bool, grouped: bool) -> Table:
    """A one-row table of the columns RangeHits.columns() has for every
    flop (grouped or not) of a game with or without a low: what a filter
    or a sort is read against before the work."""
    table: Table = {"board": [""], "boards": [0], "probability": [0.0], "hands": [0]}
    if not grouped:
        sample = texture_of_ids([0, 1, 2])
        table.update({n: [v] for n, v in sample.to_dict().items()})
        table["texture"] = [sample.label]
    table.update({c.name: [0.0] for c in classes_for(has_low, FLOP)})
    return table


SHOW_DEFAULT = ("high",)  # the groups a table of many rows shows unless asked


def read_show(value: str | Sequence[str] | None, has_low: bool) -> tuple[str, ...]:
    """The class groups a table of many rows shows (HIT_GROUPS' names, as
    a list or comma-separated text; None: SHOW_DEFAULT), checked against
    the classes every flop has in a game with or without a low."""
    if value is None:
        return SHOW_DEFAULT
    names = value.split(",") if isinstance(value, str) else list(value)
    groups = [str(n).strip() for n in names if str(n).strip()]
    have = {c.group for c in classes_for(has_low, FLOP)}
    for g in groups:
        if g not in have:
            why = "" if g not in HIT_GROUPS else " (a high-only game has no low classes)"
            raise OmahaEvalError(
                f"expected groups of {', '.join(c for c in HIT_GROUPS if c in have)}{why}, "
                f"got {quote(g)}",
                param="show",
                value=value,
            )
    if not groups:
        raise OmahaEvalError("expected a group of classes, got none", param="show", value=value)
    return tuple(dict.fromkeys(groups))


def shown_columns(
    classes: Sequence[HitClass], groups: Sequence[str], selection: RowSelection | None = None
) -> list[str]:
    """The columns a table of many rows shows: every class of the groups
    asked (a partition whole, so that its shares add up to 1 in each row),
    then the columns the rows are chosen by (a filter's, a sort's) that are
    not among them."""
    names = [c.name for c in classes if c.group in groups]
    chosen: list[str] = []
    if selection is not None and selection.where is not None:
        chosen += selection.where.names
    if selection is not None and selection.order is not None:
        chosen += [name for name, _ in selection.order.keys]
    fixed = ("board", "boards", "probability")
    return names + [n for n in dict.fromkeys(chosen) if n not in names and n not in fixed]


# ----------------------------------------------------------------- answer


@dataclass(frozen=True, eq=False)
class RangeHits:
    """The shares of a range's hands in each class (HIT_CLASSES), per board.

    Per row r (one board, or with no board given one class of flops; or a
    group of them): ``board_texts[r]``, ``boards[r]`` (boards the row
    holds), ``probability[r]`` (its chance; the rows' sum is 1),
    ``hands[r]`` (live hands of the range on it) and ``values[r, j]``, the
    weighted share of the live hands in class ``classes[j]``.  One board:
    one row, read by name (``hits["nut_low"]``), and ``combos``,
    ``weights`` and ``flags`` (hands x classes, 0/1) say which hands make
    what.  ``mean(name)`` is a class's probability-weighted share over the
    rows."""

    range: str
    game: str
    board: str
    dead: str
    classes: tuple[HitClass, ...]
    known: npt.NDArray[np.uint8]
    new: npt.NDArray[np.uint8]
    boards: IntArray
    probability: FloatArray
    hands: IntArray
    values: FloatArray
    combos: npt.NDArray[np.uint8] | None = None
    weights: FloatArray | None = None
    found: tuple[Hands, BoardHits] | None = field(default=None, repr=False)
    grouped_by: str | None = None
    labels: tuple[str, ...] | None = None
    elapsed: float = field(default=0.0, compare=False)

    def __len__(self) -> int:
        return len(self.probability)

    @cached_property
    def flags(self) -> BoolArray | None:
        """(hands, classes) 0/1: what each hand of ``combos`` makes (one
        board), else None."""
        if self.found is None:
            return None
        hands, found = self.found
        return found.flags(hands)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.classes)

    @cached_property
    def board_texts(self) -> list[str]:
        if self.labels is not None:
            return list(self.labels)
        known = self.known.tolist()
        return [format_board(known + row.tolist()) for row in self.new]

    @cached_property
    def textures(self) -> list[Texture | None]:
        if self.labels is not None:
            return [None] * len(self)
        known = self.known.tolist()
        return [texture_of_ids(known + row.tolist()) for row in self.new]

    def _column(self, name: str) -> int:
        if not isinstance(name, str) or name not in self.names:
            raise OmahaEvalError(
                f"expected one of {', '.join(self.names)}, got {quote(name)}",
                param="name",
                value=name,
            )
        return self.names.index(name)

    def share(self, name: str) -> FloatArray:
        """A class's share on each row."""
        column: FloatArray = self.values[:, self._column(name)]
        return column

    def mean(self, name: str) -> float:
        """A class's probability-weighted share over the rows: over every
        flop, the range's share of it."""
        p = self.probability / self.probability.sum()
        return float(p @ self.share(name))

    def __getitem__(self, name: str) -> float:
        """A class's share (one board), or its mean over the rows."""
        return self.mean(name)

    def group(self, by: str = "texture") -> RangeHits:
        """The rows grouped by a texture grouping (study/table/textures.py
        GROUPINGS), as BoardReport.group: a row per group, in order of first
        appearance, with the summed boards and probabilities and the
        probability-weighted mean share of every class."""
        if self.labels is not None:
            raise OmahaEvalError("group: these rows are already grouped", param="by", value=by)
        if not isinstance(by, str) or by not in GROUPINGS:
            raise OmahaEvalError(
                f"expected one of {', '.join(GROUPINGS)}, got {quote(by)}", param="by", value=by
            )
        name_of = GROUPINGS[by]
        keys = [str(name_of(t)) for t in self.textures if t is not None]
        names = list(dict.fromkeys(keys))
        member = np.array([names.index(k) for k in keys], dtype=np.int64)
        g = len(names)
        prob = np.bincount(member, weights=self.probability, minlength=g).astype(np.float64)
        values = np.zeros((g, len(self.classes)))
        np.add.at(values, member, self.probability[:, None] * self.values)
        values /= np.where(prob > 0, prob, 1.0)[:, None]
        return replace(
            self,
            new=np.zeros((g, 0), np.uint8),
            boards=np.bincount(member, weights=self.boards, minlength=g).astype(np.int64),
            probability=prob,
            hands=np.bincount(member, weights=self.hands, minlength=g).astype(np.int64),
            values=values,
            combos=None,
            weights=None,
            found=None,
            grouped_by=by,
            labels=tuple(names),
        )

    def columns(self) -> Table:
        """The rows as a table of columns: ``board``, ``boards``,
        ``probability``, ``hands``, the textures (rows of boards), then a
        column per class (its share)."""
        table: Table = {
            "board": list(self.board_texts),
            "boards": self.boards,
            "probability": self.probability,
            "hands": self.hands,
        }
        if self.labels is None:
            textures = [t for t in self.textures if t is not None]
            for name in Texture.__dataclass_fields__:
                table[name] = [getattr(t, name) for t in textures]
            table["texture"] = [t.label for t in textures]
        for j, c in enumerate(self.classes):
            table[c.name] = self.values[:, j]
        return table

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the run, ``mean`` (every class over the rows),
        ``classes`` (name, label, group), then the rows column by column
        (study/table/columns.py), every figure as it is (``from_dict`` reads
        it back)."""
        return columns_document(
            self.columns(),
            digits=None,
            range=self.range,
            game=self.game,
            board=self.board,
            dead=self.dead,
            grouped_by=self.grouped_by,
            classes=[{"name": c.name, "label": c.label, "group": c.group} for c in self.classes],
            mean={c.name: self.mean(c.name) for c in self.classes},
        )

    @classmethod
    def from_dict(cls, data: Document) -> RangeHits:
        """The answer :meth:`to_dict` wrote (or its JSON read back, NaN as
        None), or the JSON of ``omaha-eval hits --json`` (the same shape,
        its figures to the digits it writes, its rows those chosen).
        ``mean`` and the textures are derived from the rows and ignored.
        The per-hand detail of a one-board answer (``combos``, ``weights``
        and ``flags``) is not in the document: it comes back None
        (``range_hits()`` on the board gives it again); the time taken is
        not written (``elapsed`` 0).  A malformed document raises
        OmahaEvalError naming the key."""
        needs(data, ("range", "game", "board", "dead", "grouped_by", "classes"))
        columns = document_columns(data)
        names = tuple(c.name for c in HIT_CLASSES)
        by_name = {c.name: c for c in HIT_CLASSES}
        classes = []
        for i, c in enumerate(_documents.listed(data["classes"], "data['classes']")):
            at = f"data['classes'][{i}]"
            classes.append(by_name[_documents.choice(needs(c, ("name",), at)["name"], at, names)])
        if not classes:
            raise OmahaEvalError("expected a class or more, got none", param="data['classes']")
        needed = ("board", "boards", "probability", "hands", *(c.name for c in classes))
        needs(columns, needed, "data['columns']")
        board = _documents.text(data["board"], "data['board']")
        known = card_rows([board], "data['board']")[0]
        n = len(columns["board"])
        grouped_by = _documents.optional(
            _documents.choice, data["grouped_by"], "data['grouped_by']", tuple(GROUPINGS)
        )
        if grouped_by is not None:
            new = np.zeros((n, 0), np.uint8)
        else:
            rows = card_rows(columns["board"], "data['data']['board']", len(known))
            new = np.ascontiguousarray(rows[:, len(known) :])
        key = partial(column_key, data)
        shares = [_documents.shares(columns[c.name], key(c.name), n) for c in classes]
        values = np.stack(shares, axis=-1) if shares else np.zeros((n, 0))
        texts = _documents.texts(columns["board"], "data['data']['board']")
        return cls(
            range=_documents.text(data["range"], "data['range']"),
            game=_documents.game_name(data["game"], "data['game']"),
            board=board,
            dead=_documents.text(data["dead"], "data['dead']"),
            classes=tuple(classes),
            known=known,
            new=new,
            boards=numbers(columns["boards"], np.int64, column_key(data, "boards"), 0, None, n),
            probability=_documents.shares(
                columns["probability"], column_key(data, "probability"), n
            ),
            hands=numbers(columns["hands"], np.int64, column_key(data, "hands"), 0, None, n),
            values=values.reshape(n, len(classes)),
            grouped_by=grouped_by,
            labels=texts if grouped_by is not None else None,
        )

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A DataFrame of :meth:`columns`.  Needs pandas."""
        try:
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise ImportError(
                "RangeHits.to_pandas() needs pandas, which is not installed: pip install pandas"
            ) from None
        return pandas.DataFrame(self.columns())

    def __str__(self) -> str:
        return hits_table(self)

    def __repr__(self) -> str:
        return (
            f"RangeHits({self.range!r}, board={self.board!r}, {len(self)} "
            f"row{'' if len(self) == 1 else 's'})"
        )


def hits_table(hits: RangeHits) -> str:
    """The classes by group with their share (the mean over the rows)."""
    where = f"board {hits.board or '(every flop)'}" + (f", dead {hits.dead}" if hits.dead else "")
    lines = [f"{hits.range}: {hits.game}, {where}"]
    if len(hits) == 1:
        lines[0] += f", {int(hits.hands[0]):,} live hands"
    else:
        lines[0] += f", {len(hits):,} {'groups' if hits.labels else 'rows'}"
    width = max(len(c.label) for c in hits.classes)
    group = None
    for c in hits.classes:
        if c.group != group:
            group = c.group
            lines += ["", f"{group.replace('_', ' ')}:"]
        lines.append(f"  {c.label:<{width}}  {100 * hits.mean(c.name):6.2f}%")
    return "\n".join(lines)


# --------------------------------------------------------------- the call


def range_hits(
    range: Player,
    board: Board = "",
    dead: DeadCards = "",
    *,
    game: GameName | None = None,
    by: str | None = None,
    hole_cards: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    stop: StopFlag | None = None,
) -> RangeHits:
    """What a range makes on a board: the weighted share of its live hands
    in every class of HIT_CLASSES (docs/hits.md), exactly.

    `range` as a player of :func:`~omaha_eval.equity` (range text, a hand,
    a ``Range``, an array of hands; ``"*"`` is every hand), read as every
    view reads a player, with the same errors; `board` 0 (every flop: a row per
    flop), 3, 4 or 5 cards; `dead` known removed cards; `game` any name of
    omaha_eval.games (default ``"omaha8"``: without a low, no low classes);
    `by` groups the flops by a texture grouping (``"texture"``...);
    `hole_cards` fixes the hand size (else the range's, or 4).  `progress`,
    if given, is called with the boards done and their number as the work
    goes; setting `stop` (a ``threading.Event``) from another thread, like
    Ctrl-C, ends the run with KeyboardInterrupt.  Bad input raises the
    errors equity() raises; a run of more than engine/plan.py's
    EXACT_WORK_LIMIT (a range of millions of hands on every flop) is
    refused before any work."""
    return prepare_range_hits(
        range,
        board,
        dead,
        game=game,
        by=by,
        hole_cards=hole_cards,
        progress=progress,
        stop=stop,
    ).run()


def prepare_range_hits(
    range: Player,
    board: Board = "",
    dead: DeadCards = "",
    *,
    game: GameName | None = None,
    by: str | None = None,
    hole_cards: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    stop: StopFlag | None = None,
) -> PreparedHits:
    """The arguments of :func:`range_hits`, each read once and checked (bad
    input and a run over the work limit raise here, before any work), and
    the estimated work of the run (``work``, engine/plan.py's units), which
    ``run()`` does.  The web page starts its hits so; ``range_hits`` is
    ``prepare_range_hits(...).run()``."""
    if by is not None and (not isinstance(by, str) or by not in GROUPINGS):
        raise OmahaEvalError(
            f"expected one of {', '.join(GROUPINGS)}, got {quote(by)}", param="by", value=by
        )
    stop, progress = read_stop(stop), read_progress(progress)
    the_game = read_game("omaha8" if game is None else game)
    b = read_cards(board, "board", BOARD_SIZES, patterns=False)
    d = read_cards(dead, "dead", None, patterns=False)
    assert isinstance(b, np.ndarray) and isinstance(d, np.ndarray)  # patterns=False
    player, k = _read_range(range, hole_cards, the_game)
    spot = prepare([player], k, b, d, the_game, names=["range"])
    prepared = PreparedHits(player.label, spot, by, progress, stop)
    if prepared.work > EXACT_WORK_LIMIT:
        raise OmahaEvalError(
            f"{prepared.hands:,} hands on {prepared.boards:,} flops need about "
            f"{prepared.work:.2g} units of work, above the limit of {EXACT_WORK_LIMIT:.0e}; "
            "give a board, or a range of fewer hands",
            param="range",
        )
    return prepared


# The work of one live hand's classes on one board, and of reading the hands
# once (their rank patterns), in engine/plan.py's units: benchmarks/bench_hits.py
# (a 15% range: a flop in about 6 ms, every flop in about 2 s).
HAND_BOARD_WORK = 3.0
HAND_WORK = 20.0


@dataclass(frozen=True, eq=False)
class PreparedHits:
    """range_hits' input as read (prepare_range_hits): the range's label,
    its spot (the board and dead cards checked, the known cards out of the
    range), the grouping, and the progress callback and stop flag."""

    label: str
    spot: Spot
    by: str | None
    progress: Callable[[int, int], object] | None
    stop: Any

    @property
    def hands(self) -> int:
        """The range's live hands (stars: every hand of the cards left,
        counted, not listed)."""
        return self.spot.seats[0].live

    @cached_property
    def boards(self) -> int:
        """The boards the run answers: one, or the classes of flops under
        the suit permutations that keep the dead cards (those of the run for
        a range that takes every suit alike: the estimate)."""
        spot = self.spot
        if len(spot.board):
            return 1
        cards = Spot([], spot.k, spot.board, spot.dead, spot.game, spot.known)
        return len(board_classes(cards, symmetries(cards)).representatives)

    @property
    def work(self) -> float:
        """The run's estimated work (engine/plan.py's units)."""
        return float(self.hands * (HAND_WORK + self.boards * HAND_BOARD_WORK))

    def run(self, progress: Callable[[int, int], object] | None = None) -> RangeHits:
        """The answer (KeyboardInterrupt on Ctrl-C or `stop`, as
        range_hits); `progress`, when given, in place of the one it was
        prepared with."""
        shown = self.progress if progress is None else read_progress(progress)
        spot = self.spot
        b, d, has_low = spot.board, spot.dead, spot.game.has_low
        _heard(self.stop)
        combos, weights = _live_hands(spot)
        if len(b):
            hands = Hands.of(combos)
            found = board_hits(hands, b, d, has_low)
            values = found.shares(hands, weights)
            hits = RangeHits(
                self.label,
                spot.game.name,
                format_board(b),
                format_cards(d),
                found.classes,
                b,
                np.zeros((1, 0), np.uint8),
                np.ones(1, np.int64),
                np.ones(1),
                np.array([len(combos)]),
                values.reshape(1, -1),
                combos,
                weights,
                (hands, found),
            )
            if shown is not None:
                shown(1, 1)
        else:
            hits = _every_flop(self, combos, weights, shown)
        return hits if self.by is None else hits.group(self.by)


def _heard(stop: Any) -> None:
    """KeyboardInterrupt when `stop` is set."""
    if stop is not None and stop.is_set():
        raise KeyboardInterrupt


def _read_range(value: Any, hole_cards: Any, game: Game) -> tuple[ReadPlayer, int]:
    """The range as every view reads a player (engine/players.py, with its
    errors: a hand, range text, a Range, an array of hands, stars for any
    hand), named ``range``, and its hole cards."""
    k = _checks.hole_cards(hole_cards) if hole_cards is not None else hole_size(value) or 4
    return read_player(value, "range", k, game), k


def _live_hands(spot: Spot) -> tuple[npt.NDArray[np.uint8], FloatArray]:
    """The range's hands that the board and the dead cards leave, and their
    weights: stars (any hand) are every hand of the cards left, weight 1."""
    seat = spot.seats[0]
    if seat.kind != "random":
        return seat.combos, seat.weights
    every = all_hands(spot.k)
    combos = np.ascontiguousarray(every[live_rows(every, spot.known)])
    return combos, np.ones(len(combos))


def _every_flop(
    prepared: PreparedHits,
    combos: CardArray,
    weights: FloatArray,
    progress: Callable[[int, int], object] | None,
) -> RangeHits:
    """A row per class of flops: each flop's live hands, their shares and
    the flop's chance (its live hands' weight, times the class size).  The
    stop flag is heard and the progress told at every flop."""
    spot = prepared.spot
    dead, has_low = spot.dead, spot.game.has_low
    classes = board_classes(spot, symmetries(spot))
    _heard(prepared.stop)
    reps = classes.representatives
    masks = _checks.row_masks(combos)
    hands = Hands.of(combos)
    names = classes_for(has_low, FLOP)
    values = np.zeros((len(reps), len(names)))
    mass = np.zeros(len(reps))
    counted = np.zeros(len(reps), dtype=np.int64)
    memo: dict[tuple[int, ...], BoolArray] = {}
    for r, flop in enumerate(reps):
        _heard(prepared.stop)
        flop_mask = np.uint64(sum(1 << int(c) for c in flop))
        live = (masks & flop_mask) == 0
        w = np.where(live, weights, 0.0)
        mass[r] = float(w.sum())
        counted[r] = int(live.sum())
        if mass[r] > 0:
            values[r] = board_hits(hands, flop, dead, has_low, live, memo).shares(hands, w)
        if progress is not None:
            progress(r + 1, len(reps))
    # a flop that leaves the range no hand is no row (as board reports leave it out)
    dealt = mass > 0
    weight = mass[dealt] * classes.sizes[dealt]
    return RangeHits(
        prepared.label,
        spot.game.name,
        "",
        format_cards(dead),
        names,
        np.zeros(0, np.uint8),
        np.ascontiguousarray(reps[dealt]),
        classes.sizes[dealt].astype(np.int64),
        weight / weight.sum(),
        counted[dealt],
        values[dealt],
    )
