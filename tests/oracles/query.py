"""Plain-Python query functions over every deal of small spots: the oracle
for tests/test_query_*.py.

A spot is every seat's hands (one for a known hand, a few for a small range,
all of equal weight), a board of 0 to 4 cards and dead cards.  ``deals``
lists every deal of it: every assignment of hands that shares no card,
times every completion of the board, times every order in which the
completion can come (which cards make the flop, which is the turn, which the
river); each deal weighs 1 / (the orders of its completion), so that every
set of cards counts alike and every street is dealt as a dealer deals it.

Each function of the query language (omaha_eval/pql/functions.py, whose
table states the meanings) is re-implemented here from that meaning and
docs/rules.md, on one deal at a time: highs and lows by the evaluator oracle
(tests/oracles/evaluator.py) on the street's board, the pot split by its
``split``, nuts by trying every two cards not on the street's board, outs by
trying every unseen card, hvhEquity by every completion of the street's
board.  Nothing of the package's fast paths is used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations, product
from typing import Any

from oracles import evaluator as ref
from oracles import ranges as ref_ranges
from oracles.equity import CATEGORY_NAMES

STREETS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
LOW_RANKS = frozenset((12, 0, 1, 2, 3, 4, 5, 6))  # A, 2 .. 8
# Open PQL's flop categories, worst first (the order min... compares by).
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
_MADE_FLOP = {
    ref.STRAIGHT: "flopstraight",
    ref.FLUSH: "flopflush",
    ref.FULL_HOUSE: "flopfullhouse",
    ref.QUADS: "flopquads",
    ref.STRAIGHT_FLUSH: "flopstraightflush",
}
# every five-rank straight as a set of ranks, the wheel (A-2-3-4-5) included
STRAIGHTS = [frozenset({12, 0, 1, 2, 3})] + [frozenset(range(low, low + 5)) for low in range(9)]


# ------------------------------------------------------------------ values


_HIGH: dict[tuple[tuple[int, ...], bool], tuple[int, int]] = {}
_LOW: dict[tuple[int, ...], int] = {}


def high5(five: tuple[int, ...]) -> tuple[int, int]:
    """(high value 1..7462, category) of five cards.  The evaluator oracle's
    answer depends only on the ranks and on whether the suits are all one:
    kept by those."""
    key = (tuple(sorted(ref.rank(c) for c in five)), len({ref.suit(c) for c in five}) == 1)
    found = _HIGH.get(key)
    if found is None:
        found = _HIGH[key] = (ref.high_value(list(five)), ref.high_key(list(five))[0])
    return found


def low5(five: tuple[int, ...]) -> int:
    """The low value (0: none, 1..56) of five cards: it depends on the ranks only."""
    key = tuple(sorted(ref.rank(c) for c in five))
    found = _LOW.get(key)
    if found is None:
        found = _LOW[key] = ref.low_value(list(five))
    return found


@cache
def _with_triple(hole: tuple[int, ...], triple: tuple[int, ...]) -> tuple[int, int]:
    """The best high and low of two of the hole cards with these three board cards."""
    high = low = 0
    for two in combinations(hole, 2):
        high = max(high, high5(two + triple)[0])
        low = max(low, low5(two + triple))
    return high, low


def best(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, int]:
    """(best high, best low) of exactly two hole cards and three board cards
    (the best of every pair with every triple: the best over the triples of
    the best over the pairs)."""
    pairs = [_with_triple(hole, tuple(sorted(t))) for t in combinations(board, 3)]
    return max(h for h, _ in pairs), max(lo for _, lo in pairs)


def category(high: int) -> int:
    """The hand type (0 = high card .. 8 = straight flush) of a high value."""
    return _CATEGORY_OF[high]


def _categories() -> dict[int, int]:
    out = {}
    for (cat, _), value in ref._high_classes().items():
        out[value] = cat
    return out


_CATEGORY_OF = _categories()


@dataclass(frozen=True)
class Nuts:
    """What any two cards not on a board make with it at best."""

    high: int
    low: int  # 0: no low can be made
    by_category: tuple[int, ...]  # the best high of each hand type (0: none)


@cache
def nuts(board: tuple[int, ...]) -> Nuts:
    """Every two cards not on the board (other players' cards do not
    block), each with every three cards of the board.  Two cards alike in
    rank and in being of the board's flush suit or not (the one suit that
    three board cards can share) make the same hands: one pair of each kind
    is tried."""
    suits = _suits(board)
    flush_suit = max(suits, key=lambda s: suits[s]) if max(suits.values()) >= 3 else -1
    kinds: dict[tuple[tuple[int, bool], ...], tuple[int, int]] = {}
    rest = [c for c in range(52) if c not in board]
    for a, b in combinations(rest, 2):
        kind = tuple(sorted((ref.rank(c), ref.suit(c) == flush_suit) for c in (a, b)))
        kinds.setdefault(kind, (a, b))
    by_category = [0] * 9  # the best hand of each type some two cards make as their hand
    low = 0
    for two in kinds.values():
        hands = [two + triple for triple in combinations(board, 3)]
        value, cat = max(high5(h) for h in hands)
        by_category[cat] = max(by_category[cat], value)
        low = max(low, *(low5(h) for h in hands))
    return Nuts(max(by_category), low, tuple(by_category))


# ------------------------------------------------------------------ spots and deals


@dataclass(frozen=True)
class Spot:
    """players[i]: the hands seat i may hold (one for a known hand), of
    equal weight; board: 0 to 4 cards; high_only: the high takes the pot."""

    players: tuple[tuple[tuple[int, ...], ...], ...]
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    high_only: bool = False

    @property
    def k(self) -> int:
        return len(self.players[0][0])


def make_spot(
    players: list[str | list[str]], board: str = "", dead: str = "", high_only: bool = False
) -> Spot:
    """A spot from card text: a player is a hand ('AsAh2c3d') or a list of them."""
    seats = []
    for p in players:
        hands = [p] if isinstance(p, str) else p
        seats.append(tuple(tuple(ref.cards(h)) for h in hands))
    return Spot(tuple(seats), tuple(ref.cards(board)), tuple(ref.cards(dead)), high_only)


def street_orders(more: tuple[int, ...], given: int) -> list[tuple[int, ...]]:
    """The distinct ways the cards `more` can complete a board of `given`
    cards: which of them complete the flop (in any order: a flop is one
    street), which is the turn and which the river."""
    to_flop = max(0, 3 - given)
    orders = set()
    for p in permutations(more):
        orders.add(tuple(sorted(p[:to_flop])) + p[to_flop:])
    return sorted(orders)


@dataclass
class Deal:
    """One deal: every hand, the five board cards in the order dealt."""

    spot: Spot
    hands: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    weight: Fraction
    _values: dict[Any, Any] = field(default_factory=dict, repr=False)

    @property
    def n(self) -> int:
        return len(self.hands)

    def value(self, p: int, street: int) -> tuple[int, int]:
        """Player p's (high, low) on the street (low 0 in the high-only game)."""
        key = (p, street)
        if key not in self._values:
            high, low = best(self.hands[p], self.board[:street])
            self._values[key] = (high, 0 if self.spot.high_only else low)
        found: tuple[int, int] = self._values[key]
        return found

    def high(self, p: int, street: int) -> int:
        return self.value(p, street)[0]

    def low(self, p: int, street: int) -> int:
        return self.value(p, street)[1]

    def unseen(self, street: int) -> list[int]:
        """Cards in no hand, not on the street's board, not dead."""
        known = set(self.board[:street]) | set(self.spot.dead)
        known |= {c for h in self.hands for c in h}
        return [c for c in range(52) if c not in known]

    def next_values(self, p: int, street: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """For each unseen card dealt as the next card: player p's high and
        low on the next street, and its board (sorted)."""
        key = ("next", p, street)
        if key not in self._values:
            out = []
            for c in self.unseen(street):
                board = (*self.board[:street], c)
                high, low = best(self.hands[p], board)
                out.append((high, 0 if self.spot.high_only else low, tuple(sorted(board))))
            self._values[key] = out
        found: list[tuple[int, int, tuple[int, ...]]] = self._values[key]
        return found

    def winners(self) -> tuple[list[int], list[int]]:
        """The players with the best high and with the best qualifying low at the river."""
        highs = [self.high(p, 5) for p in range(self.n)]
        lows = [self.low(p, 5) for p in range(self.n)]
        hi = [p for p in range(self.n) if highs[p] == max(highs)]
        lo = [p for p in range(self.n) if max(lows) > 0 and lows[p] == max(lows)]
        return hi, lo

    def shares(self) -> list[float]:
        highs = [self.high(p, 5) for p in range(self.n)]
        lows = [self.low(p, 5) for p in range(self.n)]
        hi, lo = ref.split(highs, lows)
        return [h + lo_ for h, lo_ in zip(hi, lo, strict=True)]


def deals(spot: Spot) -> Iterator[Deal]:
    """Every deal of the spot, weighted (see the module's docstring)."""
    taken = set(spot.board) | set(spot.dead)
    for hands in product(*spot.players):
        used = [c for h in hands for c in h]
        if len(set(used)) != len(used) or taken & set(used):
            continue
        rest = [c for c in range(52) if c not in taken and c not in used]
        for more in combinations(rest, 5 - len(spot.board)):
            orders = street_orders(more, len(spot.board))
            for order in orders:
                yield Deal(spot, hands, spot.board + order, Fraction(1, len(orders)))


def runout_equity(
    spot: Spot, hands: tuple[tuple[int, ...], ...], board: tuple[int, ...]
) -> list[float]:
    """Every player's pot share with these hands and this board, over every
    completion of the board by the cards not known (dead ones left out)."""
    return _runout_equity(spot.high_only, spot.dead, hands, board)


@cache
def _runout_equity(
    high_only: bool,
    dead: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    board: tuple[int, ...],
) -> list[float]:
    known = set(board) | set(dead) | {c for h in hands for c in h}
    rest = [c for c in range(52) if c not in known]
    totals = [0.0] * len(hands)
    count = 0
    for more in combinations(rest, 5 - len(board)):
        full = board + more
        values = [best(h, full) for h in hands]
        highs = [v[0] for v in values]
        lows = [0 if high_only else v[1] for v in values]
        hi, lo = ref.split(highs, lows)
        for p in range(len(hands)):
            totals[p] += hi[p] + lo[p]
        count += 1
    return [t / count for t in totals]


# ------------------------------------------------------------------ the functions
# Each takes a deal and the arguments as values: a player's seat, a street
# (its board size), a hand type or flop category (its index), a rating, a
# set of ranks (a frozenset of 0 = deuce .. 12 = ace), a card id, a rank, a
# range or board pattern (a tree of tests/oracles/ranges.py).


def _board(d: Deal, s: int) -> tuple[int, ...]:
    return d.board[:s]


def _ranks(cards: tuple[int, ...]) -> frozenset[int]:
    return frozenset(ref.rank(c) for c in cards)


def _duplicated(cards: tuple[int, ...]) -> frozenset[int]:
    counts = Counter(ref.rank(c) for c in cards)
    return frozenset(r for r, n in counts.items() if n >= 2)


def _low_ranks(cards: tuple[int, ...]) -> frozenset[int]:
    return frozenset(r for r in _ranks(cards) if r in LOW_RANKS)


def _suits(cards: tuple[int, ...]) -> Counter[int]:
    return Counter(ref.suit(c) for c in cards)


def _sole(p: int, winners: list[int]) -> bool:
    return winners == [p]


def _shared(p: int, winners: list[int]) -> bool:
    return p in winners and len(winners) > 1


def scoops(d: Deal, p: int) -> bool:
    hi, lo = d.winners()
    return _sole(p, hi) and (not lo or _sole(p, lo))


def quartered(d: Deal, p: int) -> bool:
    """Exactly a quarter of the pot, counted in Fractions from the winners."""
    hi, lo = d.winners()
    share = Fraction(p in hi, len(hi)) * (Fraction(1, 2) if lo else 1)
    if lo:
        share += Fraction(p in lo, 2 * len(lo))
    return share == Fraction(1, 4)


def winning_hand_type(d: Deal) -> int:
    return category(max(d.high(p, 5) for p in range(d.n)))


def best_high_rating(d: Deal, p: int, s: int) -> bool:
    return d.high(p, s) >= max(d.high(q, s) for q in range(d.n))


def best_low_rating(d: Deal, p: int, s: int) -> bool:
    return d.low(p, s) > 0 and d.low(p, s) >= max(d.low(q, s) for q in range(d.n))


def nut_high(d: Deal, p: int, s: int) -> bool:
    return d.high(p, s) == nuts(tuple(sorted(_board(d, s)))).high


def nut_low(d: Deal, p: int, s: int) -> bool:
    return d.low(p, s) > 0 and d.low(p, s) == nuts(tuple(sorted(_board(d, s)))).low


def nut_high_for_hand_type(d: Deal, p: int, s: int) -> bool:
    high = d.high(p, s)
    return high == nuts(tuple(sorted(_board(d, s)))).by_category[category(high)]


def hvh_equity(d: Deal, p: int, s: int) -> float:
    return runout_equity(d.spot, d.hands, _board(d, s))[p]


def _pair_category(r: int, flop_ranks: list[int]) -> str:
    """A pair of rank r against the flop's distinct ranks (highest first)."""
    names = ("floptoppair", "flopsecondpair", "flopthirdpair")
    if r in flop_ranks:
        return names[flop_ranks.index(r)]
    if r > flop_ranks[0]:
        return "flopoverpair"
    if len(flop_ranks) >= 2 and r > flop_ranks[1]:
        return "floppocket12"
    if len(flop_ranks) >= 3 and r > flop_ranks[2]:
        return "floppocket23"
    return "flopunderpair"


def flop_hand_category(d: Deal, p: int) -> int:
    """From the meaning: the category of the player's best flop hand (two
    hole cards and the whole flop), and what it adds to the flop."""
    key = ("flop category", p)
    if key not in d._values:
        d._values[key] = _flop_category(d.hands[p], _board(d, 3))
    found: int = d._values[key]
    return found


def _flop_category(hole: tuple[int, ...], flop: tuple[int, ...]) -> int:
    five = max((two + flop for two in combinations(hole, 2)), key=lambda f: high5(f)[0])
    cat, grouped = ref.high_key(list(five))
    flop_ranks = sorted(_ranks(flop), reverse=True)
    board_pairs = _duplicated(flop)
    if cat in _MADE_FLOP:
        name = _MADE_FLOP[cat]
    elif cat == ref.TRIPS:
        # a set: a pocket pair with an unpaired flop; trips: one hole card
        # with the flop's pair; the flop's own trips add nothing
        name = {3: "flopset", 2: "floptrips", 1: "flopnothing"}[len(flop_ranks)]
    elif cat == ref.TWO_PAIR:
        pairs = sorted({r for r in grouped if grouped.count(r) == 2}, reverse=True)
        if board_pairs:  # the flop's pair and the one the hand adds
            (added,) = [r for r in pairs if r not in board_pairs]
            name = _pair_category(added, flop_ranks)
        else:  # both hole cards pair flop ranks
            where = tuple(flop_ranks.index(r) for r in pairs)
            name = {(0, 1): "floptoptwo", (0, 2): "floptopandbottom", (1, 2): "flopbottomtwo"}[
                where
            ]
    elif cat == ref.PAIR:
        (r,) = [r for r in set(grouped) if grouped.count(r) == 2]
        name = "flopnothing" if r in board_pairs else _pair_category(r, flop_ranks)
    else:
        name = "flopnothing"
    return FLOP_CATEGORIES.index(name)


def _outs(d: Deal, p: int, s: int, gives: Callable[[int, int, tuple[int, ...]], bool]) -> int:
    """The unseen cards that, dealt as the next card, make gives(high, low, next board) true."""
    return sum(gives(high, low, board) for high, low, board in d.next_values(p, s))


def nut_low_outs(d: Deal, p: int, s: int) -> int:
    return _outs(d, p, s, lambda h, lo, b: lo > 0 and lo == nuts(b).low)


def nut_high_outs(d: Deal, p: int, s: int) -> int:
    return _outs(d, p, s, lambda h, lo, b: h == nuts(b).high)


def outs_to_hand_type(d: Deal, p: int, s: int, t: int) -> int:
    return _outs(d, p, s, lambda h, lo, b: category(h) >= t)


def straight_board(d: Deal, s: int) -> bool:
    ranks = _ranks(_board(d, s))
    return any(len(ranks & straight) >= 3 for straight in STRAIGHTS)


def in_range(cards: tuple[int, ...], tree: Any) -> bool:
    return ref_ranges.weight_of(tuple(sorted(cards)), tree) > 0


def nth_rank(n: int, ranks: frozenset[int]) -> int:
    ordered = sorted(ranks, reverse=True)
    return ordered[n - 1] if len(ordered) >= n else -1


def second_board_rank(d: Deal, s: int) -> int:
    return nth_rank(2, _ranks(_board(d, s)))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    # showdown, at the river
    "riverEquity": lambda d, p: d.shares()[p],
    "fractionalRiverEquity": lambda d, p: d.shares()[p],
    "winsHi": lambda d, p: _sole(p, d.winners()[0]),
    "tiesHi": lambda d, p: _shared(p, d.winners()[0]),
    "winsLo": lambda d, p: _sole(p, d.winners()[1]),
    "tiesLo": lambda d, p: _shared(p, d.winners()[1]),
    "scoops": scoops,
    "quartered": quartered,
    "winningHandType": winning_hand_type,
    # per street
    "handType": lambda d, p, s: category(d.high(p, s)),
    "exactHandType": lambda d, p, s, t: category(d.high(p, s)) == t,
    "minHandType": lambda d, p, s, t: category(d.high(p, s)) >= t,
    "hiRating": lambda d, p, s: d.high(p, s),
    "minHiRating": lambda d, p, s, r: d.high(p, s) >= r,
    "bestHiRating": best_high_rating,
    "loRating": lambda d, p, s: d.low(p, s),
    "minLoRating": lambda d, p, s, r: 0 < d.low(p, s) and d.low(p, s) >= r,
    "madeLo": lambda d, p, s: d.low(p, s) > 0,
    "bestLoRating": best_low_rating,
    "nutHi": nut_high,
    "nutLo": nut_low,
    "nutHiForHandType": nut_high_for_hand_type,
    "hvhEquity": hvh_equity,
    "minHvHEquity": lambda d, p, s, x: hvh_equity(d, p, s) >= x,
    "flopHandCategory": flop_hand_category,
    "exactFlopHandCategory": lambda d, p, c: flop_hand_category(d, p) == c,
    "minFlopHandCategory": lambda d, p, c: flop_hand_category(d, p) >= c,
    # outs
    "nutLoOuts": nut_low_outs,
    "nutHiOuts": nut_high_outs,
    "outsToHandType": outs_to_hand_type,
    "minOutsToHandType": lambda d, p, s, t, n: outs_to_hand_type(d, p, s, t) >= n,
    # the board
    "boardAllowsMadeLo": lambda d, s: len(_low_ranks(_board(d, s))) >= 3,
    "boardLoCardCount": lambda d, s: len(_low_ranks(_board(d, s))),
    "pairedBoard": lambda d, s: len(_ranks(_board(d, s))) < s,
    "boardSuitCount": lambda d, s: len(_suits(_board(d, s))),
    "monotoneBoard": lambda d, s: len(_suits(_board(d, s))) == 1,
    "twoToneBoard": lambda d, s: len(_suits(_board(d, s))) == 2,
    "rainbowBoard": lambda d, s: len(_suits(_board(d, s))) == s,
    "flushingBoard": lambda d, s: max(_suits(_board(d, s)).values()) >= 3,
    "straightBoard": straight_board,
    "boardRanks": lambda d, s: _ranks(_board(d, s)),
    "duplicatedBoardRanks": lambda d, s: _duplicated(_board(d, s)),
    "boardInRange": lambda d, tree: in_range(d.board, tree),
    "turnCard": lambda d: d.board[3],
    "riverCard": lambda d: d.board[4],
    # the players' hands
    "inRange": lambda d, p, tree: in_range(d.hands[p], tree),
    "handRanks": lambda d, p: _ranks(d.hands[p]),
    "duplicatedHandRanks": lambda d, p: _duplicated(d.hands[p]),
    "pocketPair": lambda d, p: bool(_duplicated(d.hands[p])),
    "overpair": lambda d, p, s: any(r > max(_ranks(_board(d, s))) for r in _duplicated(d.hands[p])),
    "hasTopBoardRank": lambda d, p, s: max(_ranks(_board(d, s))) in _ranks(d.hands[p]),
    "hasSecondBoardRank": lambda d, p, s: second_board_rank(d, s) in _ranks(d.hands[p]),
    "handBoardIntersections": lambda d, p, s: sum(
        ref.rank(c) in _ranks(_board(d, s)) for c in d.hands[p]
    ),
    "intersectingHandRanks": lambda d, p, s: _ranks(d.hands[p]) & _ranks(_board(d, s)),
    "nonIntersectingHandRanks": lambda d, p, s: _ranks(d.hands[p]) - _ranks(_board(d, s)),
    # ranks and values
    "maxRank": lambda d, ranks: max(ranks) if ranks else -1,
    "minRank": lambda d, ranks: min(ranks) if ranks else -1,
    "nthRank": lambda d, n, ranks: nth_rank(n, ranks),
    "rankCount": lambda d, ranks: len(ranks),
    "toCard": lambda d, c: c,
    "toRank": lambda d, r: r,
    "rateHiHand": lambda d, five: ref.high_value(list(five)),
    "rateLoHand": lambda d, five: ref.low_value(list(five)),
}


# ------------------------------------------------------------------ aggregates and labels


def label(value: Any, kind: str) -> str:
    """A value as the query's histograms show it: kind is 'bool', 'handtype',
    'flopcat', 'card', 'rank', 'rankset', 'int', 'low' (a low value),
    'fraction' or 'number'."""
    if kind == "bool":
        return "true" if value else "false"
    if kind == "handtype":
        return CATEGORY_NAMES[value]
    if kind == "flopcat":
        return FLOP_CATEGORIES[value]
    if kind == "card":
        return ref.RANKS[ref.rank(value)] + ref.SUITS[ref.suit(value)]
    if kind == "rank":
        return ref.RANKS[value] if value >= 0 else "-"
    if kind == "rankset":
        return "".join(ref.RANKS[r] for r in sorted(value, reverse=True)) or "-"
    if kind == "int":
        return str(int(value))
    if kind == "low":  # as players read a low, highest card first: 8-6-4-2-A
        return _LOW_NAMES.get(value, "no low")
    if kind == "fraction":
        # a share's denominator divides 2 x 10! / ...: at most 2 x 10 x 10 here
        return str(Fraction(value).limit_denominator(1000))
    return format(float(value), ".6g")


_LOW_NAMES = {
    value: "-".join("A" if r == 1 else str(r) for r in key)
    for key, value in ref._low_classes().items()
}


@dataclass(frozen=True)
class Aggregates:
    """A value's aggregates over the deals kept: its weighted mean, its
    distribution (by label), its extremes, the deals kept and their weight."""

    mean: float | None
    histogram: dict[str, float]
    low: Any
    high: Any
    kept: int


def aggregate(
    values: list[tuple[Fraction, Any]], kind: str, keep: list[bool] | None = None
) -> Aggregates:
    """values: (weight, value) per deal; keep: which deals a where keeps."""
    rows = [wv for i, wv in enumerate(values) if keep is None or keep[i]]
    total = sum((w for w, _ in rows), Fraction(0))
    if not rows:
        return Aggregates(None, {}, None, None, 0)
    mean = None
    if kind not in ("handtype", "flopcat", "card", "rank", "rankset"):
        mean = float(sum(w * Fraction(float(v)) for w, v in rows) / total)
    counts: dict[str, Fraction] = {}
    for w, v in rows:
        key = label(v, kind)
        counts[key] = counts.get(key, Fraction(0)) + w
    order = [v for _, v in rows]
    if kind == "rankset":
        low = high = None
    else:
        low, high = min(order), max(order)
    return Aggregates(mean, {k: float(c / total) for k, c in counts.items()}, low, high, len(rows))
