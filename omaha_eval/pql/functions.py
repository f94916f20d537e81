"""The query language's function table: for each function its arguments,
its result (by the types of types.py), its meaning in Omaha, an example,
its cost, and its implementation over a block of deals (NumPy over the rows
asked, reading the values block.py computes in C); and the keywords that
name values (streets, hand types, flop categories, true and false).

The table (FUNCTIONS) is the one owner of what a function means: the
checker (check.py) checks calls against it, docs/pql.md lists it (a test checks that
the page and the table agree), and tests/oracles/query.py re-implements
each meaning in plain Python over every deal of small spots.

Readings kept from ProPokerTools: ``winsHi``/``winsLo`` mean alone best,
``tiesHi``/``tiesLo`` sharing the best (a tie is not a win); ``nutHi``/
``nutLo`` mean that no hand made of cards not on that street's board could
beat it (other players' cards are not blockers); board textures as Open
PQL defines them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval import vocabulary as words
from omaha_eval._cache import cache
from omaha_eval.cards import RANKS, rank_of
from omaha_eval.evaluator import CATEGORIES, nut_low
from omaha_eval.hands import hand_index  # the hand order of all_hands
from omaha_eval.pql.block import Array, Block, Rows
from omaha_eval.pql.types import RULES, Bounds, Type
from omaha_eval.streets import DEALT_BOARDS, FLOP, STREET_BOARDS, STREET_OF_SIZE, STREETS, TURN

__all__ = [
    "FLOP_CATEGORIES",
    "FUNCTIONS",
    "HAND_TYPES",
    "HAND_TYPE_ALIASES",
    "HAND_TYPE_NAMES",
    "KEYWORDS",
    "STREETS",
    "STREET_NAMES",
    "Function",
    "Param",
    "Shape",
    "rank_text",
]


STREET_NAMES = STREET_OF_SIZE

# Hand types: the keywords, worst first (the C categories' order), and the
# names shown (evaluator.CATEGORIES, lower case).
HAND_TYPES = (
    "highcard",
    "pair",
    "twopair",
    "trips",
    "straight",
    "flush",
    "fullhouse",
    "quads",
    "straightflush",
)
HAND_TYPE_ALIASES = {"threeofakind": 3, "fourofakind": 7}
HAND_TYPE_NAMES = tuple(name.lower() for name in CATEGORIES)

# Flop categories (Open PQL's), worst first; their Omaha meaning is in
# flop_category below and docs/pql.md.
FLOP_CATEGORIES = (
    "flopnothing",
    "flopunderpair",
    "flopthirdpair",
    "floppocket23",
    "flopsecondpair",
    "floppocket12",
    "floptoppair",
    "flopoverpair",
    "flopbottomtwo",
    "floptopandbottom",
    "floptoptwo",
    "floptrips",
    "flopset",
    "flopstraight",
    "flopflush",
    "flopfullhouse",
    "flopquads",
    "flopstraightflush",
)
_FLOP = {name: i for i, name in enumerate(FLOP_CATEGORIES)}

# Every keyword that names a value: its type and value.
KEYWORDS: dict[str, tuple[Type, int]] = {
    **{name: (Type.STREET, v) for name, v in STREETS.items()},
    **{name: (Type.HANDTYPE, i) for i, name in enumerate(HAND_TYPES)},
    **{name: (Type.HANDTYPE, i) for name, i in HAND_TYPE_ALIASES.items()},
    **{name: (Type.FLOPCAT, i) for i, name in enumerate(FLOP_CATEGORIES)},
    "true": (Type.BOOL, True),
    "false": (Type.BOOL, False),
}


@dataclass(frozen=True)
class Param:
    """An argument: its name, its type, whether it must be a constant (a
    player's name, a street, a keyword or a quoted string), and for a
    number the values it takes (`bounds`: its own, else its type's)."""

    name: str
    type: Type
    const: bool = True
    bounds: Bounds | None = None

    @property
    def numbers(self) -> Bounds | None:
        """The numbers this argument takes (None: it is not a number)."""
        return self.bounds or RULES[self.type].numbers


@dataclass(frozen=True)
class Function:
    """One function: its name, arguments and result, its meaning in Omaha,
    an example query, its implementation (block, rows, *arguments) -> one
    value per row, and its cost per row in the engine's work units (about
    1e8 a second): cost(shape, *arguments), the arguments that are
    expressions given as None."""

    name: str
    params: tuple[Param, ...]
    returns: Type
    meaning: str
    example: str
    impl: Callable[..., Array]
    cost: Callable[..., float] = lambda *args: 1.0
    aliases: tuple[str, ...] = ()
    streets: tuple[int, ...] = DEALT_BOARDS  # the streets it takes, if it takes one
    low: bool = False  # reads a player's low: a game without one refuses it
    # board sizes (3 the flop, 4 the turn) whose order of dealing it reads
    # besides its street argument: turnCard() is the card after the flop
    orders: tuple[int, ...] = ()


FUNCTIONS: dict[str, Function] = {}  # lower-case name (and aliases) -> function

# The arguments most functions take.
PLAYER = Param("player", Type.PLAYER)
STREET = Param("street", Type.STREET)
HAND_TYPE = Param("type", Type.HANDTYPE)
FLOP_CATEGORY = Param("category", Type.FLOPCAT)
RANK_SET = Param("ranks", Type.RANKSET, const=False)


def _define(
    name: str,
    params: tuple[Param, ...],
    returns: Type,
    meaning: str,
    example: str,
    *,
    aliases: tuple[str, ...] = (),
    streets: tuple[int, ...] = DEALT_BOARDS,
    cost: Callable[..., float] | None = None,
    low: bool = False,
    orders: tuple[int, ...] = (),
) -> Callable[[Callable[..., Array]], Callable[..., Array]]:
    """Register a function with its arguments, result, meaning and example."""

    def register(impl: Callable[..., Array]) -> Callable[..., Array]:
        f = Function(
            name,
            params,
            returns,
            meaning,
            example,
            impl,
            cost or (lambda *args: 1.0),
            aliases,
            streets,
            low,
            orders,
        )
        for key in (name, *aliases):
            FUNCTIONS[key.lower()] = f
        return impl

    return register


# ------------------------------------------------------------------ helpers


@cache
def _key_table() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    return _core.high_key_table()


def _category_of() -> npt.NDArray[np.int8]:
    """The category (0 = high card .. 8 = straight flush) of each high value
    (index 0: no value, -1)."""
    return _key_table()[0]


def _key_ranks() -> npt.NDArray[np.int8]:
    """(7463, 5): the ranks of each high value's five cards, by count then
    rank (two pair 4-4-2-2-5 is 4, 4, 2, 2, 5: its second pair is column 2)."""
    return _key_table()[1]


_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64)
_MAX_RANK = np.array([m.bit_length() - 1 for m in range(1 << 13)], dtype=np.int64)
_MIN_RANK = np.array([(m & -m).bit_length() - 1 for m in range(1 << 13)], dtype=np.int64)


def _hand(block: Block, rows: Rows, p: int) -> npt.NDArray[np.uint8]:
    hand: npt.NDArray[np.uint8] = block.deals.hands[rows, p]
    return hand


def _board(block: Block, rows: Rows, street: int) -> npt.NDArray[np.uint8]:
    board: npt.NDArray[np.uint8] = block.deals.boards[rows, :street]
    return board


def rank_set(cards: npt.NDArray[np.uint8]) -> Array:
    """The set of ranks of each row of cards: a 13-bit mask."""
    return np.asarray(
        np.bitwise_or.reduce(np.left_shift(1, rank_of(cards).astype(np.int64)), axis=1)
    )


def _duplicated(cards: npt.NDArray[np.uint8]) -> Array:
    """The ranks held twice or more in each row."""
    ranks = rank_of(cards).astype(np.int64)
    counts = np.zeros((len(cards), 13), dtype=np.int64)
    np.add.at(counts, (np.arange(len(cards))[:, None], ranks), 1)
    return np.asarray(((counts >= 2) * (1 << np.arange(13))).sum(axis=1))


def _board_low(block: Block, rows: Rows, street: int) -> Array:
    """The distinct low ranks of the street's board (bit 0 = ace .. 7 = eight)."""
    return block.board(street)[0][rows]


def _board_ranks(block: Block, rows: Rows, street: int) -> Array:
    """The ranks of the street's board (bit r = rank r)."""
    return block.board(street)[1][rows]


def _board_suits(block: Block, rows: Rows, street: int) -> Array:
    """(rows, 4): the cards of each suit on the street's board."""
    return block.board(street)[2][rows]


def _high(block: Block, rows: Rows, p: int, street: int) -> Array:
    return np.asarray(block.values(street, p)[0][rows, p].astype(np.int64))


def _low(block: Block, rows: Rows, p: int, street: int) -> Array:
    return np.asarray(block.values(street, p)[1][rows, p].astype(np.int64))


def _bit(p: int) -> int:
    return 1 << p


@dataclass(frozen=True)
class Shape:
    """What a function's cost depends on: the players, their hole cards and
    the dead cards of the spot."""

    players: int
    k: int
    dead: int


def _runout_cost(shape: Shape, street: int) -> float:
    """An equity with every hand known: every completion of the street's board."""
    unseen = 52 - shape.players * shape.k - street - shape.dead
    return float(comb(max(unseen, 0), 5 - street) * shape.players * 3 + 100)


# ------------------------------------------------------------------ showdown

_define(
    "riverEquity",
    (PLAYER,),
    Type.EQUITY,
    "the player's share of the pot at the river (hi share + lo share; the whole pot "
    "to the best high when no low qualifies)",
    "select avg(riverEquity(hero)) from game='omaha8', hero='AA**', villain='*'",
)(lambda block, rows, p: block.shares()[rows, p])
_define(
    "fractionalRiverEquity",
    (PLAYER,),
    Type.FRACTION,
    "riverEquity as a fraction (1/2 for half the pot, 3/4 for the high and a low "
    "shared two ways): the same value, shown as the fraction it is",
    "select histogram(fractionalRiverEquity(hero)) from hero='A2**', villain='A2**'",
)(lambda block, rows, p: block.shares()[rows, p])
_define(
    "winsHi",
    (PLAYER,),
    Type.BOOL,
    "the player alone has the best high at the river (a tie is not a win)",
    "select count(winsHi(hero)) from hero='AA**', villain='KK**'",
)(lambda block, rows, p: block.winners()[0][rows] == _bit(p))
_define(
    "tiesHi",
    (PLAYER,),
    Type.BOOL,
    "the player shares the best high at the river with another player",
    "select count(tiesHi(hero)) from hero='AA**', villain='AA**'",
)(
    lambda block, rows, p: (
        ((block.winners()[0][rows] >> p) & 1).astype(bool)
        & (_POPCOUNT[block.winners()[0][rows]] > 1)
    )
)
_define(
    "winsLo",
    (PLAYER,),
    Type.BOOL,
    "the player alone has the best qualifying (eight-or-better) low at the river",
    "select count(winsLo(hero)) from hero='A2**', villain='A3**'",
    low=True,
)(lambda block, rows, p: block.winners()[1][rows] == _bit(p))
_define(
    "tiesLo",
    (PLAYER,),
    Type.BOOL,
    "the player shares the best qualifying low at the river with another player "
    "(two ways without the high: quartered)",
    "select count(tiesLo(hero)) from hero='A2**', villain='A2**'",
    low=True,
)(
    lambda block, rows, p: (
        ((block.winners()[1][rows] >> p) & 1).astype(bool)
        & (_POPCOUNT[block.winners()[1][rows]] > 1)
    )
)


@_define(
    "scoops",
    (PLAYER,),
    Type.BOOL,
    "the player wins the whole pot alone: the best high alone, and the best low "
    "alone or no qualifying low",
    "select count(scoops(hero)) from hero='A2**', villain='*'",
)
def _scoops(block: Block, rows: Rows, p: int) -> Array:
    return np.asarray(block.scoopers()[rows] == _bit(p))


@_define(
    "quartered",
    (PLAYER,),
    Type.BOOL,
    "the player gets exactly a quarter of the pot at the river (as when sharing "
    "the best low two ways without the best high)",
    "select count(quartered(hero)) from hero='A2**', villain='A2**'",
)
def _quartered(block: Block, rows: Rows, p: int) -> Array:
    return np.asarray((block.quartered()[rows] >> p) & 1 == 1)


@_define(
    "winningHandType",
    (),
    Type.HANDTYPE,
    "the hand type of the best high at the river (every winner's, when it is shared)",
    "select histogram(winningHandType()) from p1='*', p2='*', p3='*', p4='*', p5='*', p6='*'",
)
def _winning_hand_type(block: Block, rows: Rows) -> Array:
    return np.asarray(_category_of()[block.values(5)[0][rows].max(axis=1)].astype(np.int64))


# ------------------------------------------------------------------ per street

_define(
    "handType",
    (PLAYER, STREET),
    Type.HANDTYPE,
    "the hand type of the player's best high on the street (two hole cards and three "
    "of that street's board cards)",
    "select histogram(handType(hero, river)) from hero='15%', villain='*'",
)(lambda block, rows, p, s: _category_of()[_high(block, rows, p, s)].astype(np.int64))
_define(
    "exactHandType",
    (PLAYER, STREET, HAND_TYPE),
    Type.BOOL,
    "the player's high on the street is of exactly this hand type",
    "select count(exactHandType(hero, flop, flush)) from hero='AsKs**', villain='*'",
)(lambda block, rows, p, s, t: _category_of()[_high(block, rows, p, s)] == t)
_define(
    "minHandType",
    (PLAYER, STREET, HAND_TYPE),
    Type.BOOL,
    "the player's high on the street is of this hand type or better",
    "select count(minHandType(hero, flop, trips)) from hero='KK**', villain='*'",
)(lambda block, rows, p, s, t: _category_of()[_high(block, rows, p, s)] >= t)
_define(
    "hiRating",
    (PLAYER, STREET),
    Type.HIRATING,
    "the player's best high on the street as a rating, 1 (7-5-4-3-2) to 7,462 (a "
    "royal flush): larger is better, equal ratings tie",
    "select avg(hiRating(hero, river)) from hero='AA**', villain='*'",
)(lambda block, rows, p, s: _high(block, rows, p, s))
_define(
    "minHiRating",
    (PLAYER, STREET, Param("rating", Type.HIRATING, const=False)),
    Type.BOOL,
    "the player's high on the street rates at least this (a five-card hand such as "
    "'AsAdKsKdQc' rated by rateHiHand, or a rating)",
    "select count(minHiRating(hero, river, 'AsAdKsKdQc')) from hero='AA**', villain='*'",
)(lambda block, rows, p, s, r: _high(block, rows, p, s) >= r)


def _best_of_players(values: Array, p: int) -> Array:
    return np.asarray(values[:, p] >= values.max(axis=1))


_define(
    "bestHiRating",
    (PLAYER, STREET),
    Type.BOOL,
    "no other player has a better high on the street (ties allowed)",
    "select count(bestHiRating(hero, flop)) from hero='AA**', villain='KK**'",
    aliases=("maxHiRating",),
)(lambda block, rows, p, s: _best_of_players(block.values(s)[0][rows], p))
_define(
    "loRating",
    (PLAYER, STREET),
    Type.LORATING,
    "the player's best eight-or-better low on the street as a rating: 0 for no low, "
    "else 1 (8-7-6-5-4) to 56 (5-4-3-2-A), larger is better",
    "select histogram(loRating(hero, river)) from hero='A2**', villain='*'",
    low=True,
)(lambda block, rows, p, s: _low(block, rows, p, s))
_define(
    "minLoRating",
    (PLAYER, STREET, Param("rating", Type.LORATING, const=False)),
    Type.BOOL,
    "the player has a qualifying low on the street at least as good as this one (a "
    "low such as '8765A' rated by rateLoHand, or a rating)",
    "select count(minLoRating(hero, river, '7542A')) from hero='A2**', villain='*'",
    low=True,
)(lambda block, rows, p, s, r: (_low(block, rows, p, s) >= r) & (_low(block, rows, p, s) > 0))
_define(
    "madeLo",
    (PLAYER, STREET),
    Type.BOOL,
    "the player has a qualifying low on the street (it needs three low ranks on the "
    "board, and two of the player's own)",
    "select count(madeLo(hero, river)) from hero='A23*', villain='*'",
    low=True,
)(lambda block, rows, p, s: _low(block, rows, p, s) > 0)


@_define(
    "bestLoRating",
    (PLAYER, STREET),
    Type.BOOL,
    "the player has a qualifying low on the street and no other player a better one",
    "select count(bestLoRating(hero, turn)) from hero='A2**', villain='A3**'",
    low=True,
)
def _best_low(block: Block, rows: Rows, p: int, s: int) -> Array:
    low = block.values(s)[1][rows]
    return (low[:, p] > 0) & _best_of_players(low, p)


_define(
    "nutHi",
    (PLAYER, STREET),
    Type.BOOL,
    "no hand of two cards not on the street's board could make a better high with it: "
    "the player holds the nuts (other players' cards do not block)",
    "select count(nutHi(hero, flop)) from hero='*', villain='*'",
)(lambda block, rows, p, s: _high(block, rows, p, s) == block.nut_high(s)[rows])


@_define(
    "nutLo",
    (PLAYER, STREET),
    Type.BOOL,
    "the player has a qualifying low on the street and no two cards not on the board "
    "could make a better one: the board's nut low (docs/rules.md, 'The nuts': dead cards "
    "and other players' cards do not change it)",
    "select count(nutLo(hero, river)) from hero='A2**', villain='*'",
    low=True,
)
def _nut_lo(block: Block, rows: Rows, p: int, s: int) -> Array:
    low = _low(block, rows, p, s)
    return np.asarray((low > 0) & (low == nut_low(_board_low(block, rows, s))))


@_define(
    "nutHiForHandType",
    (PLAYER, STREET),
    Type.BOOL,
    "the player's high is the best of its hand type that the street's board allows "
    "(the nut flush, the top set...): the best high of that type that any two cards "
    "not on the board make as their hand (their best high) with the board",
    "select count(nutHiForHandType(hero, flop)) from hero='AsKs**', villain='*'",
)
def _nut_for_type(block: Block, rows: Rows, p: int, s: int) -> Array:
    high = _high(block, rows, p, s)
    best = block.nut_by_category(s)[rows, _category_of()[high]]
    return np.asarray(high == best)


_define(
    "hvhEquity",
    (PLAYER, STREET),
    Type.EQUITY,
    "the player's exact share of the pot with every player's hand known and the board "
    "of the street, over every way the rest of the board can come (dead cards left "
    "out); preflop, over every board",
    "select avg(hvhEquity(hero, flop)) from hero='AA**', villain='*'",
    aliases=("equity",),
    streets=STREET_BOARDS,
    cost=lambda shape, p, s: _runout_cost(shape, s),
)(lambda block, rows, p, s: block.equity(s, rows)[:, p])
_define(
    "minHvHEquity",
    (PLAYER, STREET, Param("equity", Type.EQUITY, const=False)),
    Type.BOOL,
    "hvhEquity of the player on the street is at least this",
    "select count(minHvHEquity(hero, flop, 0.5)) from hero='AA**', villain='*'",
    aliases=("minEquity",),
    streets=STREET_BOARDS,
    cost=lambda shape, p, s, x: _runout_cost(shape, s),
)(lambda block, rows, p, s, x: block.equity(s, rows)[:, p] >= x)


@_define(
    "flopHandCategory",
    (PLAYER,),
    Type.FLOPCAT,
    "what the player's best flop hand makes of the flop, worst first: flopnothing; "
    "a pair (a pocket pair below the flop: flopunderpair; pairing its third, second "
    "or top rank: flopthirdpair, flopsecondpair, floptoppair; a pocket pair between "
    "its ranks: floppocket23, floppocket12; above them: flopoverpair); two of its "
    "ranks paired by hole cards (flopbottomtwo, floptopandbottom, floptoptwo); trips "
    "with a paired flop (floptrips) or a set from a pocket pair (flopset); then "
    "flopstraight, flopflush, flopfullhouse, flopquads, flopstraightflush.  On a "
    "paired flop the board's pair is everyone's: a hand is classed by the pair it "
    "adds",
    "select histogram(flopHandCategory(hero)) from hero='AA**', villain='*'",
    orders=(FLOP,),
)
def flop_category(block: Block, rows: Rows, p: int) -> Array:
    high = _high(block, rows, p, 3)
    cat = _category_of()[high].astype(np.int64)
    keys = _key_ranks()[high].astype(np.int64)  # the cards' ranks: by count, then rank
    top, second, third, distinct, board_pair = _flop_ranks(block, rows)
    # the pair a hand adds: its pair on an unpaired flop, its second pair
    # (the one that is not the board's) on a paired flop
    pair = np.where((cat == 2) & (keys[:, 0] == board_pair), keys[:, 2], keys[:, 0])
    trips = np.select(
        [distinct == 3, distinct == 2], [_FLOP["flopset"], _FLOP["floptrips"]], _FLOP["flopnothing"]
    )
    two = np.select(
        [(keys[:, 0] == top) & (keys[:, 2] == second), keys[:, 0] == top],
        [_FLOP["floptoptwo"], _FLOP["floptopandbottom"]],
        _FLOP["flopbottomtwo"],
    )
    conditions = [
        cat >= 4,
        cat == 3,
        (cat == 2) & (distinct == 3),
        ((cat == 2) & (distinct == 2)) | ((cat == 1) & (distinct == 3)),
    ]
    made = _MADE[cat.clip(0, 8)]
    by_pair = _pair_category(pair, top, second, third)
    result: Array = np.select(conditions, [made, trips, two, by_pair], _FLOP["flopnothing"])
    return result


# The flop category of each high category from a straight up (below: by the pairs).
_MADE = np.array(
    [_FLOP["flopnothing"]] * 4
    + [
        _FLOP[name]
        for name in ("flopstraight", "flopflush", "flopfullhouse", "flopquads", "flopstraightflush")
    ]
)


def _flop_ranks(block: Block, rows: Rows) -> tuple[Array, Array, Array, Array, Array]:
    """The flop's top, second and third distinct ranks (-1: none), how many
    distinct ranks it has, and the rank it pairs (on a paired flop)."""
    flop = -np.sort(-rank_of(_board(block, rows, 3)).astype(np.int64), axis=1)  # best first
    top = flop[:, 0]
    middle = np.where(flop[:, 1] != top, flop[:, 1], flop[:, 2])  # second distinct rank
    distinct = 1 + (flop[:, 1] != flop[:, 0]) + (flop[:, 2] != flop[:, 1])
    second = np.where(distinct >= 2, middle, -1)
    third = np.where(distinct == 3, flop[:, 2], -1)
    board_pair = np.where(flop[:, 0] == flop[:, 1], flop[:, 0], flop[:, 1])
    return top, second, third, distinct, board_pair


def _pair_category(pair: Array, top: Array, second: Array, third: Array) -> Array:
    """The category of a hand that adds one pair to the flop, by its rank."""
    return np.select(
        [
            pair == top,
            pair == second,
            pair == third,
            pair > top,
            pair > np.maximum(second, third),
            (third >= 0) & (pair > third),
        ],
        [
            _FLOP["floptoppair"],
            _FLOP["flopsecondpair"],
            _FLOP["flopthirdpair"],
            _FLOP["flopoverpair"],
            _FLOP["floppocket12"],
            _FLOP["floppocket23"],
        ],
        _FLOP["flopunderpair"],
    )


_define(
    "exactFlopHandCategory",
    (PLAYER, FLOP_CATEGORY),
    Type.BOOL,
    "the player's flop category is exactly this one",
    "select count(exactFlopHandCategory(hero, flopset)) from hero='KK**', villain='*'",
    orders=(FLOP,),
)(lambda block, rows, p, c: flop_category(block, rows, p) == c)
_define(
    "minFlopHandCategory",
    (PLAYER, FLOP_CATEGORY),
    Type.BOOL,
    "the player's flop category is this one or a better one",
    "select count(minFlopHandCategory(hero, floptoppair)) from hero='AK**', villain='*'",
    orders=(FLOP,),
)(lambda block, rows, p, c: flop_category(block, rows, p) >= c)


# ------------------------------------------------------------------ outs


def _outs(what: int, category: int = 0) -> Callable[..., Array]:
    def outs(block: Block, rows: Rows, p: int, s: int, *rest: Any) -> Array:
        d = block.deals
        return _core.outs(
            np.ascontiguousarray(d.hands[rows]),
            np.ascontiguousarray(d.boards[rows]),
            p,
            s,
            block.dead,
            block.game.code,
            what,
            rest[0] if what == _core.OUTS_CATEGORY else 0,
        ).astype(np.int64)

    return outs


_OUTS_COST = 45 * 30.0


def _define_outs(
    name: str,
    params: tuple[Param, ...],
    returns: Type,
    meaning: str,
    example: str,
    *,
    low: bool = False,
) -> Callable[[Callable[..., Array]], Callable[..., Array]]:
    """Register a function of the outs to the next street: it takes the flop
    or the turn, at _OUTS_COST a row."""
    return _define(
        name,
        params,
        returns,
        meaning,
        example,
        streets=(FLOP, TURN),
        cost=lambda *a: _OUTS_COST,
        low=low,
    )


_define_outs(
    "nutLoOuts",
    (PLAYER, STREET),
    Type.INT,
    "how many of the unseen cards (in no player's hand, not on the board, not dead), "
    "dealt next, give the player the nut low on the next street (flop or turn)",
    "select avg(nutLoOuts(hero, flop)) from hero='A2**', villain='*', board='7c8d9h'",
    low=True,
)(_outs(0))
_define_outs(
    "nutHiOuts",
    (PLAYER, STREET),
    Type.INT,
    "how many of the unseen cards, dealt next, give the player the nut high on the next "
    "street (flop or turn)",
    "select avg(nutHiOuts(hero, flop)) from hero='AsKs**', villain='*', board='2s7s9h'",
)(_outs(1))
_define_outs(
    "outsToHandType",
    (PLAYER, STREET, HAND_TYPE),
    Type.INT,
    "how many of the unseen cards, dealt next, give the player at least this hand type "
    "on the next street (flop or turn)",
    "select avg(outsToHandType(hero, flop, flush)) from hero='AsKs**', villain='*', board='2s7s9h'",
)(_outs(2))


@_define_outs(
    "minOutsToHandType",
    (PLAYER, STREET, HAND_TYPE, Param("outs", Type.INT, const=False, bounds=Bounds(0, 52, True))),
    Type.BOOL,
    "outsToHandType of the player is at least this",
    "select count(minOutsToHandType(hero, flop, flush, 9)) from hero='AsKs**', "
    "villain='*', board='2s7s9h'",
)
def _min_outs(block: Block, rows: Rows, p: int, s: int, t: int, n: Array) -> Array:
    return _outs(2)(block, rows, p, s, t) >= n


# ------------------------------------------------------------------ board


_define(
    "boardAllowsMadeLo",
    (STREET,),
    Type.BOOL,
    "the street's board holds three or more distinct low ranks (A to 8): a low can be made",
    "select count(boardAllowsMadeLo(turn)) from hero='*', villain='*'",
)(lambda block, rows, s: _POPCOUNT[_board_low(block, rows, s)] >= 3)
_define(
    "boardLoCardCount",
    (STREET,),
    Type.INT,
    "the distinct low ranks (A to 8) on the street's board",
    "select histogram(boardLoCardCount(flop)) from hero='*', villain='*'",
)(lambda block, rows, s: _POPCOUNT[_board_low(block, rows, s)])
_define(
    "pairedBoard",
    (STREET,),
    Type.BOOL,
    "two cards of the street's board share a rank",
    "select count(pairedBoard(river)) from hero='*', villain='*'",
)(lambda block, rows, s: _POPCOUNT[_board_ranks(block, rows, s)] < s)
_define(
    "boardSuitCount",
    (STREET,),
    Type.INT,
    "the distinct suits on the street's board",
    "select histogram(boardSuitCount(flop)) from hero='*', villain='*'",
)(lambda block, rows, s: (_board_suits(block, rows, s) > 0).sum(axis=1))
_define(
    "monotoneBoard",
    (STREET,),
    Type.BOOL,
    "every card of the street's board is of one suit",
    "select count(monotoneBoard(flop)) from hero='*', villain='*'",
)(lambda block, rows, s: (_board_suits(block, rows, s) > 0).sum(axis=1) == 1)
_define(
    "twoToneBoard",
    (STREET,),
    Type.BOOL,
    "exactly two suits on the street's board",
    "select count(twoToneBoard(flop)) from hero='*', villain='*'",
)(lambda block, rows, s: (_board_suits(block, rows, s) > 0).sum(axis=1) == 2)
_define(
    "rainbowBoard",
    (STREET,),
    Type.BOOL,
    "every card of the street's board is of a different suit (a river, five cards, never is)",
    "select count(rainbowBoard(turn)) from hero='*', villain='*'",
)(lambda block, rows, s: ((_board_suits(block, rows, s) > 0).sum(axis=1) == s) & (s < 5))
_define(
    "flushingBoard",
    (STREET,),
    Type.BOOL,
    "three or more cards of the street's board share a suit: a flush can be made",
    "select count(flushingBoard(river)) from hero='*', villain='*'",
)(lambda block, rows, s: _board_suits(block, rows, s).max(axis=1) >= 3)

# every five-rank straight, as rank masks (the wheel A-2-3-4-5 first)
_STRAIGHTS = [(1 << 12) | 0b1111] + [0b11111 << low for low in range(9)]


@_define(
    "straightBoard",
    (STREET,),
    Type.BOOL,
    "the street's board holds three ranks of some straight: a straight can be made",
    "select count(straightBoard(flop)) from hero='*', villain='*'",
)
def _straight_board(block: Block, rows: Rows, s: int) -> Array:
    ranks = _board_ranks(block, rows, s)
    return np.asarray(np.logical_or.reduce([_POPCOUNT[ranks & m] >= 3 for m in _STRAIGHTS]))


_define(
    "boardRanks",
    (STREET,),
    Type.RANKSET,
    "the set of ranks on the street's board",
    "select histogram(rankCount(boardRanks(flop))) from hero='*', villain='*'",
)(lambda block, rows, s: _board_ranks(block, rows, s))
_define(
    "duplicatedBoardRanks",
    (STREET,),
    Type.RANKSET,
    "the ranks the street's board holds twice or more",
    "select count(rankCount(duplicatedBoardRanks(river)) > 0) from hero='*', villain='*'",
)(lambda block, rows, s: _duplicated(_board(block, rows, s)))


@_define(
    "boardInRange",
    (Param("pattern", Type.BOARD),),
    Type.BOOL,
    "the river's five-card board matches the pattern, read in the range language as "
    "a set of five cards (docs/ranges.md: 'sss' is every board holding three spades "
    "or more)",
    "select count(boardInRange('sss')) from hero='*', villain='*'",
)
def _board_in(block: Block, rows: Rows, members: npt.NDArray[np.bool_]) -> Array:
    board = np.sort(block.deals.boards[rows], axis=1)
    return members[hand_index(board)] if len(rows) else np.zeros(0, bool)


_define(
    "turnCard",
    (),
    Type.CARD,
    "the turn card (the fourth board card)",
    "select histogram(turnCard()) from hero='AsAh**', villain='*', board='KsQd2c'",
    orders=(FLOP, TURN),
)(lambda block, rows: block.deals.boards[rows, 3].astype(np.int64))
_define(
    "riverCard",
    (),
    Type.CARD,
    "the river card (the fifth board card)",
    "select count(riverCard() = 'As') from hero='*', villain='*'",
    orders=(TURN,),
)(lambda block, rows: block.deals.boards[rows, 4].astype(np.int64))


# ------------------------------------------------------------------ players


@_define(
    "inRange",
    (PLAYER, Param("range", Type.RANGE)),
    Type.BOOL,
    "the player's hand is in the range (range text of docs/ranges.md, in the spot's "
    "hand size and game; weights are not read)",
    "select avg(riverEquity(hero)) from hero='AA**', villain='*' where inRange(hero, 'AA:$ds')",
)
def _in_range(block: Block, rows: Rows, p: int, members: npt.NDArray[np.bool_]) -> Array:
    hand = np.sort(_hand(block, rows, p), axis=1)
    return members[hand_index(hand)] if len(rows) else np.zeros(0, bool)


_define(
    "handRanks",
    (PLAYER,),
    Type.RANKSET,
    "the set of ranks in the player's hand",
    "select histogram(rankCount(handRanks(hero))) from hero='*', villain='*'",
)(lambda block, rows, p: rank_set(_hand(block, rows, p)))
_define(
    "duplicatedHandRanks",
    (PLAYER,),
    Type.RANKSET,
    "the ranks the player's hand holds twice or more",
    "select count(rankCount(duplicatedHandRanks(hero)) = 2) from hero='*', villain='*'",
)(lambda block, rows, p: _duplicated(_hand(block, rows, p)))
_define(
    "pocketPair",
    (PLAYER,),
    Type.BOOL,
    "two of the player's hole cards share a rank",
    "select count(pocketPair(hero)) from hero='*', villain='*'",
)(lambda block, rows, p: _duplicated(_hand(block, rows, p)) > 0)


@_define(
    "overpair",
    (PLAYER, STREET),
    Type.BOOL,
    "the player holds a pair of a rank above every rank of the street's board",
    "select count(overpair(hero, flop)) from hero='QQ**', villain='*'",
)
def _overpair(block: Block, rows: Rows, p: int, s: int) -> Array:
    # the word's one owner: omaha_eval/vocabulary.py (range_hits says it too)
    return words.overpair(_duplicated(_hand(block, rows, p)), _board_ranks(block, rows, s))


def _nth(ranks: Array, n: int) -> Array:
    """The n-th highest rank of each set (1-based), -1 when it has fewer."""
    for _ in range(n - 1):
        ranks = np.where(ranks > 0, ranks & ~(1 << np.maximum(_MAX_RANK[ranks], 0)), 0)
    return np.where(ranks > 0, _MAX_RANK[ranks], -1)


_define(
    "hasTopBoardRank",
    (PLAYER, STREET),
    Type.BOOL,
    "the player holds a card of the street's board's highest rank",
    "select count(hasTopBoardRank(hero, flop)) from hero='A***', villain='*'",
)(
    lambda block, rows, p, s: (
        (rank_set(_hand(block, rows, p)) >> np.maximum(_nth(_board_ranks(block, rows, s), 1), 0))
        & 1
        == 1
    )
)


@_define(
    "hasSecondBoardRank",
    (PLAYER, STREET),
    Type.BOOL,
    "the player holds a card of the street's board's second-highest rank (none on a "
    "board of one rank)",
    "select count(hasSecondBoardRank(hero, flop)) from hero='*', villain='*'",
)
def _has_second(block: Block, rows: Rows, p: int, s: int) -> Array:
    second = _nth(_board_ranks(block, rows, s), 2)
    return np.asarray(
        (second >= 0) & ((rank_set(_hand(block, rows, p)) >> np.maximum(second, 0)) & 1 == 1)
    )


@_define(
    "handBoardIntersections",
    (PLAYER, STREET),
    Type.INT,
    "how many of the player's hole cards share a rank with the street's board",
    "select histogram(handBoardIntersections(hero, flop)) from hero='*', villain='*'",
)
def _intersections(block: Block, rows: Rows, p: int, s: int) -> Array:
    board = _board_ranks(block, rows, s)
    hand = rank_of(_hand(block, rows, p)).astype(np.int64)
    return np.asarray(((board[:, None] >> hand) & 1).sum(axis=1))


_define(
    "intersectingHandRanks",
    (PLAYER, STREET),
    Type.RANKSET,
    "the ranks of the player's hand that are on the street's board",
    "select count(rankCount(intersectingHandRanks(hero, flop)) >= 2) from hero='*', villain='*'",
)(lambda block, rows, p, s: rank_set(_hand(block, rows, p)) & _board_ranks(block, rows, s))
_define(
    "nonIntersectingHandRanks",
    (PLAYER, STREET),
    Type.RANKSET,
    "the ranks of the player's hand that are not on the street's board",
    "select avg(rankCount(nonIntersectingHandRanks(hero, flop))) from hero='*', villain='*'",
)(
    lambda block, rows, p, s: (
        rank_set(_hand(block, rows, p)) & ~_board_ranks(block, rows, s) & 0x1FFF
    )
)

# ------------------------------------------------------------------ ranks and values

_define(
    "maxRank",
    (RANK_SET,),
    Type.RANK,
    "the highest rank of the set (none: no rank)",
    "select histogram(maxRank(boardRanks(flop))) from hero='*', villain='*'",
)(lambda block, rows, r: np.where(r > 0, _MAX_RANK[r], -1))
_define(
    "minRank",
    (RANK_SET,),
    Type.RANK,
    "the lowest rank of the set (none: no rank)",
    "select histogram(minRank(boardRanks(flop))) from hero='*', villain='*'",
)(lambda block, rows, r: np.where(r > 0, _MIN_RANK[r], -1))
_define(
    "nthRank",
    (Param("n", Type.INT, bounds=Bounds(1, 13, whole=True)), RANK_SET),
    Type.RANK,
    "the n-th highest rank of the set, counted from 1 (none: no rank)",
    "select count(nthRank(2, boardRanks(flop)) = 'K') from hero='*', villain='*'",
)(lambda block, rows, n, r: _nth(r, n))
_define(
    "rankCount",
    (RANK_SET,),
    Type.INT,
    "how many ranks the set holds",
    "select avg(rankCount(handRanks(hero))) from hero='*', villain='*'",
)(lambda block, rows, r: _POPCOUNT[r])


def _literal(name: str, param: Param, meaning: str, example: str) -> None:
    """A function that is its argument (a constant, read from its text
    before any deal) on every row."""
    _define(name, (param,), param.type, meaning, example)(
        lambda block, rows, value: np.full(len(rows), value, dtype=np.int64)
    )


_literal(
    "toCard",
    Param("card", Type.CARD),
    "the card written ('As')",
    "select count(turnCard() = toCard('As')) from hero='*', villain='*', board='KsQd2c'",
)
_literal(
    "toRank",
    Param("rank", Type.RANK),
    "the rank written ('A', 'T' or '10', '2')",
    "select count(maxRank(boardRanks(river)) = toRank('A')) from hero='*', villain='*'",
)
_literal(
    "rateHiHand",
    Param("hand", Type.HIRATING),
    "the rating of a five-card high hand written out ('AsAdKsKdQc')",
    "select count(hiRating(hero, river) >= rateHiHand('AsAdKsKdQc')) from hero='AA**', villain='*'",
)
_literal(
    "rateLoHand",
    Param("low", Type.LORATING),
    "the rating of a low written as its five ranks ('8765A', '5432A')",
    "select count(loRating(hero, river) >= rateLoHand('7542A')) from hero='A2**', villain='*'",
)


def rank_text(rank: int) -> str:
    """'A' for 12, ..., '2' for 0; '-' for no rank."""
    return RANKS[rank] if 0 <= rank < 13 else "-"
