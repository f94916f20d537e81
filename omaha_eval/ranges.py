"""Omaha ranges: range text such as ``AA:$ds, KK@0.5`` expanded to weighted hands.

``Range(text, hole_cards=4)`` (or ``parse_range``) parses a range expression
(the syntax is in docs/ranges.md) and expands it to every hand it matches:

- ``combos``: uint8 array (K, hole_cards) of card ids (id = 4 * rank + suit,
  see omaha_eval.cards), each row ascending, rows in lexicographic order of
  the rows (2c2d2h2s first, then 2c2d2h3c, ...);
- ``weights``: float64 array (K,), each hand's relative weight (1 unless
  ``@w`` says otherwise);
- ``len(r)`` is K, ``hand in r`` tests one hand, ``r.fraction`` is K over
  the number of all hands of that size.

Cards known elsewhere (board, dead cards, other players) are not removed
here; equity removes them when it deals.

>>> r = Range("AA")
>>> len(r), r.combos.shape, round(r.fraction, 5)
(6961, (6961, 4), 0.02571)
>>> "As Ah 7d 2c" in r, "As Kh 7d 2c" in r
(True, False)
>>> len(Range("AxAyxy"))  # double-suited aces: the aces' suits both paired
864
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
import omaha_eval._preflop as _preflop
import omaha_eval._range_parse as rp
from omaha_eval._blocks import interruptible
from omaha_eval._cache import lru_cache
from omaha_eval.cards import card_id
from omaha_eval.errors import OmahaEvalTypeError
from omaha_eval.games import Game
from omaha_eval.games import game as read_game
from omaha_eval.hands import hand_table, row_index
from omaha_eval.types import GameName

__all__ = ["Range", "card_sets", "parse_range"]

Mask = npt.NDArray[np.bool_]
Weights = npt.NDArray[np.float64]
CTuple = tuple[int, int, int, int, int]


# ---------------------------------------------------------------- limits
# Hands evaluated at a time: the masks and weights of a range's parts take
# memory in proportion to this, not to the 20 M six-card hands (a 4-card
# range is one chunk).
CHUNK_ROWS = 1 << 19
# Memory the parts of one range may hold at once, besides the hand table
# and the result: deeply nested weighted parts get smaller chunks.
MAX_PART_BYTES = 256 << 20
# Work one range may take, in matcher steps (_Budget): about a nanosecond
# each on the project's 2-core machine, so 10 seconds or so at most.  The
# steps are estimated from the text before any hand is matched.
MAX_STEPS = 10_000_000_000
# Matcher steps of one C call (a few hundredths of a second; calls on fewer
# than 1,024 hands are not worth their set-up): Ctrl-C lands between calls.
CALL_STEPS = 30_000_000
# Steps of a pass of one numpy operation over one hand (a mask or weights),
# and the fixed cost of one part on one chunk (Python and numpy overhead).
ROW_STEPS = 2
SCAN_STEPS = 10  # a pattern's first test on one hand, in the matcher
PART_STEPS = 20_000
# Weights of parts: past these the products of weights leave float range.
WEIGHT_RANGE = (1e-300, 1e300)


@lru_cache(maxsize=3)
def _shapes(k: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    hands = hand_table(k)
    suited = np.empty(hands.shape[0], dtype=np.uint8)
    max_rank = np.empty(hands.shape[0], dtype=np.uint8)

    def step(lo: int, hi: int) -> None:
        suited[lo:hi], max_rank[lo:hi] = _core.hand_shapes(hands[lo:hi])

    interruptible(hands.shape[0], CHUNK_ROWS, step)
    return suited, max_rank


# Hand sizes whose suit classes are built once and used for matching: 4
# cards (16,432 classes).  For 5 cards (134,459 classes of 2.6 M hands) the
# one-off sort took about 1-2 s, more than direct matching of a few
# patterns costs (30-400 ms each), so 5 and 6 cards match directly.
SUIT_CLASS_SIZES = (4,)


@lru_cache(maxsize=2)
def _suit_classes(
    k: int = 4,
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8], npt.NDArray[np.intp]]:
    """The suit-isomorphism classes of k-card hands: their keys (ascending),
    one representative hand each, and each hand's class."""
    hands = hand_table(k)
    keys, first, inverse = np.unique(
        _preflop.class_keys(hands), return_index=True, return_inverse=True
    )
    return keys, np.ascontiguousarray(hands[first]), inverse.ravel()


@lru_cache(maxsize=3)
def _hand_classes(k: int) -> npt.NDArray[np.int32]:
    """The preflop class of each hand of hand_table(k), as a position in
    _preflop.all_class_keys(k).  (Cached: 1 MB for k = 4, 10 MB for 5,
    81 MB for 6; keys from C, then a hash lookup, no sort of all hands.)"""
    hands = hand_table(k)
    lookup = _preflop.class_index(k)
    classes = np.empty(hands.shape[0], dtype=np.int32)

    def step(lo: int, hi: int) -> None:
        classes[lo:hi] = lookup(_preflop.class_keys(hands[lo:hi]))

    interruptible(hands.shape[0], CHUNK_ROWS, step)
    classes.flags.writeable = False
    return classes


# ---------------------------------------------------------------- patterns for C
def _c_card(
    card: rp.Card, rank_vars: dict[str, int], suit_vars: dict[str, int], written_suits: int
) -> CTuple:
    if card.suit is not None:
        suits = 1 << card.suit
    elif card.suit_var is not None:
        suits = 0xF & ~written_suits  # a suit variable never names a written suit
    else:
        suits = 0xF
    rank_var = -1 if card.rank_var is None else rank_vars.setdefault(card.rank_var, len(rank_vars))
    suit_var = -1 if card.suit_var is None else suit_vars.setdefault(card.suit_var, len(suit_vars))
    return (card.ranks, suits, rank_var, suit_var, int(card.named))


def _is_free(card: rp.Card) -> bool:
    return (
        card.ranks == rp.ALL_RANKS
        and not card.named
        and card.rank_var is None
        and card.suit is None
        and card.suit_var is None
    )


def _card_shapes(cards: Sequence[CTuple]) -> list[tuple[int, ...]]:
    """Each card's shape: two cards are interchangeable for the matcher
    (src_c/oe_ranges.c, prepare) when their shapes are equal: the same
    ranks, suits and kind, and the same variables or variables that no other
    card uses (99: they sort after the shared ones, which bind and prune)."""
    rank_uses = Counter(t[2] for t in cards)
    suit_uses = Counter(t[3] for t in cards)
    return [
        (
            ranks,
            suits,
            named,
            99 if rank_var >= 0 and rank_uses[rank_var] == 1 else rank_var,
            99 if suit_var >= 0 and suit_uses[suit_var] == 1 else suit_var,
        )
        for ranks, suits, rank_var, suit_var, named in cards
    ]


def _c_pattern(alt: rp.Alt) -> tuple[CTuple, ...]:
    """A pattern alternative for the C matcher: free cards ('*') dropped (a
    pattern never has more cards than the hand, so one is always left for
    each), named cards first (the matcher's contract), tightest first, and
    interchangeable cards adjacent (the matcher tries one order of them)."""
    written = 0
    for c in alt:
        if c.suit is not None:
            written |= 1 << c.suit
    rank_vars: dict[str, int] = {}
    suit_vars: dict[str, int] = {}
    cards = [_c_card(c, rank_vars, suit_vars, written) for c in alt if not _is_free(c)]
    keyed = [
        ((1 - t[4], t[2] < 0, t[0].bit_count(), t[1].bit_count(), shape, t), t)
        for shape, t in zip(_card_shapes(cards), cards, strict=True)
    ]
    keyed.sort()
    return tuple(t for _, t in keyed)


# ---------------------------------------------------------------- cost model
def _hands_holding(k: int, sets: list[tuple[int, int]]) -> int:
    """How many k-card hands hold at least `need` cards of each of some
    disjoint sets of cards, given as (size, need): exact."""
    ways = [1] + [0] * k  # ways[j]: hands of j cards from the sets so far, each need met
    rest = 52
    for size, need in sets:
        rest -= size
        more = [0] * (k + 1)
        for i, w in enumerate(ways):
            for j in range(need, min(size, k - i) + 1):
                more[i + j] += w * math.comb(size, j)
        ways = more
    return sum(w * math.comb(rest, k - j) for j, w in enumerate(ways))


def _pass_share(alt: Sequence[CTuple], k: int) -> float:
    """At most the share of k-card hands that pass the matcher's first test
    (each set of fitting cards held by as many cards as need it): exact when
    the sets are disjoint, else that of the rarest set."""
    need = Counter((ranks, suits) for ranks, suits, *_ in alt)
    sets = list(need.items())
    disjoint = all(
        a[0] & b[0] == 0 or a[1] & b[1] == 0 for i, (a, _) in enumerate(sets) for b, _ in sets[:i]
    )
    sizes = [((r.bit_count() * s.bit_count()), n) for (r, s), n in sets]
    if disjoint:
        held = _hands_holding(k, sizes)
    else:
        held = min(_hands_holding(k, [one]) for one in sizes)
    return held / math.comb(52, k)


def _search_steps(alt: Sequence[CTuple], k: int) -> float:
    """About the matcher's steps for one hand that passes its first test:
    its backtracking search (src_c/oe_ranges.c, place) takes the pattern's
    cards in order, each with about as many choices as the hand's free
    cards that fit it, given the variables bound before it (a bound
    variable: one rank of 13, one suit of 4); a run of interchangeable
    cards takes its cards in increasing order (t! fewer ways for t of
    them); each partial match is a loop over the k cards.  An estimate of
    the mean, not a bound."""
    shapes = _card_shapes(alt)
    rank_vars: set[int] = set()
    suit_vars: set[int] = set()
    named = 0
    nodes, level, run = 0.0, 1.0, 0
    for i, (ranks, suits, rank_var, suit_var, is_named) in enumerate(alt):
        run = run + 1 if i and shapes[i] == shapes[i - 1] else 1
        if rank_var in rank_vars:
            rank_share = 1 / 13
        elif rank_var >= 0:  # a new rank variable: not a rank taken before
            rank_share = max(0, 13 - len(rank_vars) - named) / 13
        else:
            rank_share = ranks.bit_count() / 13
        if suit_var in suit_vars:
            suit_share = 1 / 4
        elif suit_var >= 0:
            suit_share = max(0, suits.bit_count() - len(suit_vars)) / 4
        else:
            suit_share = suits.bit_count() / 4
        level *= (k - i) * rank_share * suit_share / run
        nodes += level
        if rank_var >= 0:
            rank_vars.add(rank_var)
        if suit_var >= 0:
            suit_vars.add(suit_var)
        named += is_named
    return nodes * (k + 2)


class _Budget:
    """The steps a range will take, charged part by part in the order of
    the text, before any hand is matched; the part that takes the total past
    MAX_STEPS is the error's column."""

    def __init__(self, text: str, name: str, k: int) -> None:
        self.text, self.name, self.k = text, name, k
        self.rows = math.comb(52, k)
        self.steps = 0
        self.parts = 0

    def charge(self, steps: float, col: int) -> None:
        self.steps += int(steps)
        self.parts += 1
        chunks = -(-self.rows // CHUNK_ROWS)
        total = self.steps + self.parts * chunks * PART_STEPS
        if total > MAX_STEPS:
            raise rp.syntax_error(
                self.text,
                col,
                f"the range is too costly to expand: up to here it takes about "
                f"{total:,} matching steps over the {self.rows:,} {self.k}-card hands, "
                f"more than the limit of {MAX_STEPS:,} (some seconds of work); narrow the "
                "range: fewer terms, tighter patterns (fewer variables and brackets) or "
                "fewer hole cards",
                self.name,
            )


# ---------------------------------------------------------------- plans
# A range text becomes a plan: its parts made ready for matching, their
# costs charged.  Then each chunk of hands goes through the plan.
@dataclass(frozen=True, eq=False)
class _Match:
    alts: list[list[CTuple]]  # empty: every hand (only free cards)
    by_class: bool  # one hand per suit class decides (no suit written)
    block: int  # hands per C call
    col: int


@dataclass(frozen=True, eq=False)
class _Shape:
    name: str  # a hand macro
    col: int


@dataclass(frozen=True, eq=False)
class _Top:
    inside: Mask  # per preflop class: in the percent range
    col: int


@dataclass(frozen=True, eq=False)
class _Weight:
    part: Plan
    weight: float


@dataclass(frozen=True, eq=False)
class _Chain:
    first: Plan
    rest: tuple[tuple[str, Plan], ...]


@dataclass(frozen=True, eq=False)
class _Union:
    items: tuple[Plan, ...]


Plan = _Match | _Shape | _Top | _Weight | _Chain | _Union


@dataclass(frozen=True, eq=False)
class _Planned:
    plan: Plan
    weights: tuple[float, float] | None  # least and largest weight (None: all 1)
    bytes_out: int  # per hand, of the part's result: a mask, and weights if any
    bytes_peak: int  # per hand, held at once while the part is evaluated


def _first_col(node: rp.Node) -> int:
    while not isinstance(node, (rp.Pattern, rp.Macro, rp.Percent)):
        if isinstance(node, rp.Union_):
            node = node.items[0]
        elif isinstance(node, rp.Chain):
            node = node.first
        else:
            node = node.node
    return node.col


def _weight_bounds(lo: float, hi: float, budget: _Budget, col: int) -> tuple[float, float]:
    """(lo, hi), the least and largest weight of a part, when floats hold
    every product of them (weights multiply the same way in _evaluate, and
    float products are monotone, so each weight lies between)."""
    if not (WEIGHT_RANGE[0] <= lo and hi <= WEIGHT_RANGE[1]):
        raise rp.syntax_error(
            budget.text,
            col,
            f"weights multiply to {lo:g}..{hi:g}, beyond what a float holds "
            f"({WEIGHT_RANGE[0]:g} to {WEIGHT_RANGE[1]:g}); use smaller weights",
            budget.name,
        )
    return lo, hi


def _percent_classes(node: rp.Percent, k: int) -> Mask:
    """Which classes of k-card hands (in _preflop.all_class_keys order) a
    percent range holds: a class is in low%-high% when the share of hands in
    better classes is at least low% and below high% (counts compared
    exactly, as integers)."""
    order = _preflop.load_order(k, node.game, node.table)
    better_low = math.ceil(node.low * order.hands / 100)
    better_high = math.ceil(node.high * order.hands / 100)
    inside: Mask = (order.start >= better_low) & (order.start < better_high)
    return inside


def _plan(node: rp.Node, k: int, budget: _Budget) -> _Planned:
    """How a part of a range is evaluated over k-card hands, its work charged
    to the budget."""
    rows = budget.rows
    if isinstance(node, rp.Pattern):
        return _plan_pattern(node, k, budget)
    if isinstance(node, rp.Macro):
        budget.charge(rows * ROW_STEPS, node.col)
        return _Planned(_Shape(node.name, node.col), None, 1, 1)
    if isinstance(node, rp.Percent):
        budget.charge(rows * 3 * ROW_STEPS, node.col)
        return _Planned(_Top(_percent_classes(node, k), node.col), None, 1, 1)
    if isinstance(node, rp.Weighted):
        part = _plan(node.node, k, budget)
        budget.charge(rows * 4 * ROW_STEPS, node.col)
        lo, hi = part.weights or (1.0, 1.0)
        scaled = _weight_bounds(lo * node.weight, hi * node.weight, budget, node.col)
        peak = max(part.bytes_peak, part.bytes_out + 17)
        return _Planned(_Weight(part.plan, node.weight), scaled, 9, peak)
    if isinstance(node, rp.Chain):
        return _plan_chain(node, k, budget)
    assert isinstance(node, rp.Union_)
    return _plan_union(node, k, budget)


def _plan_pattern(node: rp.Pattern, k: int, budget: _Budget) -> _Planned:
    """A card pattern: its distinct alternatives searched in C, per suit
    class when no suit is written."""
    rows = budget.rows
    distinct = {_c_pattern(alt) for alt in node.alts}
    if () in distinct:  # only free cards: every hand
        budget.charge(rows * ROW_STEPS, node.col)
        return _Planned(_Match([], False, rows, node.col), None, 1, 2)
    alts = sorted(distinct)
    by_class = k in SUIT_CLASS_SIZES and not any(
        c.suit is not None for alt in node.alts for c in alt
    )
    searched = sum(SCAN_STEPS + _search_steps(a, k) for a in alts)  # per hand
    if by_class:  # every class representative searched, then one gather
        steps = len(_suit_classes(k)[1]) * searched + rows * ROW_STEPS
    else:
        passed = sum(_pass_share(a, k) * _search_steps(a, k) for a in alts)
        steps = rows * (SCAN_STEPS * len(alts) + passed)
    budget.charge(steps, node.col)
    block = max(1024, int(CALL_STEPS / searched))
    return _Planned(_Match([list(a) for a in alts], by_class, block, node.col), None, 1, 2)


def _plan_chain(node: rp.Chain, k: int, budget: _Budget) -> _Planned:
    """Parts joined by ':' (intersection: weights multiply) and '!' (but not),
    left to right."""
    first = _plan(node.first, k, budget)
    weights: tuple[float, float] | None = first.weights
    out, peak = first.bytes_out, first.bytes_peak
    rest = []
    for op, operand in node.rest:
        right = _plan(operand, k, budget)
        rest.append((op, right.plan))
        peak = max(peak, out + right.bytes_peak, out + right.bytes_out + 18)
        if op == ":" and right.weights is not None:
            lo, hi = weights or (1.0, 1.0)
            at = _first_col(operand)
            weights = _weight_bounds(lo * right.weights[0], hi * right.weights[1], budget, at)
        out = 1 if weights is None else 9
        budget.charge(budget.rows * (out + 1) * ROW_STEPS, _first_col(operand))
    return _Planned(_Chain(first.plan, tuple(rest)), weights, out, peak)


def _plan_union(node: rp.Union_, k: int, budget: _Budget) -> _Planned:
    """Parts joined by commas: a hand in any of them (at the largest of its
    weights there)."""
    items = [_plan(item, k, budget) for item in node.items]
    bounds = [p.weights or (1.0, 1.0) for p in items]  # an unweighted part weighs 1
    union_weights = None
    if any(p.weights is not None for p in items):
        union_weights = (min(b[0] for b in bounds), max(b[1] for b in bounds))
    out = 1 if union_weights is None else 9
    peak, held = 0, 0
    for item in items:
        peak = max(peak, held + item.bytes_peak, held + item.bytes_out + out + 8)
        held = out
    budget.charge(budget.rows * len(items) * (out + 1) * ROW_STEPS, _first_col(node))
    return _Planned(_Union(tuple(p.plan for p in items)), union_weights, out, peak)


# ---------------------------------------------------------------- evaluation
# A part of a range, on some hands: which it holds (a mask) and their
# weights, None when every one weighs 1.  Weights are 0 wherever the mask
# is False: a hand a part does not hold gets nothing from it (_part).
Part = tuple[Mask, Weights | None]


def _part(mask: Mask, weights: Weights | float | None) -> Part:
    """The one place where weights meet membership: the weights of hands
    outside the mask are dropped, so that no operator reads them."""
    return mask, None if weights is None else np.where(mask, weights, 0.0)


def _match_rows(plan: _Match, hands: npt.NDArray[np.uint8]) -> Mask:
    hit = np.empty(hands.shape[0], dtype=np.bool_)

    def step(lo: int, hi: int) -> None:
        hit[lo:hi] = _core.match_rows(plan.alts, hands[lo:hi]).view(np.bool_)

    interruptible(hands.shape[0], plan.block, step)
    return hit


def _match(plan: _Match, k: int, lo: int, hi: int) -> Mask:
    if not plan.alts:
        return np.ones(hi - lo, dtype=np.bool_)
    if plan.by_class:
        # no suit written: renaming suits cannot change a match, so one hand
        # per suit class decides for the whole class (16,432 instead of 270,725)
        _, reps, inverse = _suit_classes(k)
        hit: Mask = _match_rows(plan, reps)[inverse[lo:hi]]
        return hit
    return _match_rows(plan, hand_table(k)[lo:hi])


def _macro(name: str, k: int, lo: int, hi: int) -> Mask:
    suited, max_rank = (a[lo:hi] for a in _shapes(k))
    hit: Mask
    if name == "ds":
        hit = suited >= 2
    elif name == "ss":
        hit = suited == 1
    elif name == "rb":
        hit = suited == 0
    else:
        assert name == "np", name
        hit = max_rank == 1
    return hit


def _evaluate(plan: Plan, k: int, lo: int, hi: int) -> Part:
    """Which of the hands hand_table(k)[lo:hi] a part holds, with weights.
    The weight rule (docs/ranges.md, "Weights") is here and only here."""
    if isinstance(plan, _Match):
        return _match(plan, k, lo, hi), None
    if isinstance(plan, _Shape):
        return _macro(plan.name, k, lo, hi), None
    if isinstance(plan, _Top):
        return plan.inside[_hand_classes(k)[lo:hi]], None
    if isinstance(plan, _Weight):
        # P@w: what P holds, its weights times w
        mask, w = _evaluate(plan.part, k, lo, hi)
        return _part(mask, plan.weight if w is None else w * plan.weight)
    if isinstance(plan, _Chain):
        mask, weights = _evaluate(plan.first, k, lo, hi)
        for op, operand in plan.rest:
            m, w = _evaluate(operand, k, lo, hi)
            if op == "!":
                # A!B: what A holds and B does not, at A's weights
                mask, weights = _part(mask & ~m, weights)
            elif weights is None and w is None:
                mask = mask & m
            else:
                # A:B: what both hold, at the product of their weights
                left: Weights | float = 1.0 if weights is None else weights
                right: Weights | float = 1.0 if w is None else w
                mask, weights = _part(mask & m, left * right)
        return mask, weights
    assert isinstance(plan, _Union)
    # P1, P2, ...: what any part holds, at the largest weight of the parts
    # that hold it (an unweighted part weighs 1; the others give 0)
    mask, weights = _evaluate(plan.items[0], k, lo, hi)
    for item in plan.items[1:]:
        m, w = _evaluate(item, k, lo, hi)
        if weights is not None or w is not None:
            left = mask.astype(np.float64) if weights is None else weights
            weights = np.maximum(left, m.astype(np.float64) if w is None else w)
        mask = mask | m
    return mask, weights


def _rows(mask: Mask, hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The rows of hands where mask is True, a chunk at a time (Ctrl-C
    lands between chunks); each row taken as one k-byte item, which
    np.compress copies faster than a 2-D row."""
    k = hands.shape[1]
    items = hands.view(np.dtype((np.void, k))).ravel()
    out = np.empty(int(np.count_nonzero(mask)), dtype=items.dtype)
    at = 0

    def step(lo: int, hi: int) -> None:
        nonlocal at
        part = np.compress(mask[lo:hi], items[lo:hi])
        out[at : at + len(part)] = part
        at += len(part)

    interruptible(len(items), CHUNK_ROWS, step)
    return out.view(np.uint8).reshape(-1, k)


def _expand(node: rp.Node, k: int, text: str, name: str = "range") -> tuple[Mask, Weights | None]:
    """Which hands of hand_table(k) a range holds (a mask) and the weights of
    those hands, in order (None: all 1).  The cost is charged first (an
    error before any work when it is too high), then the plan runs over
    the hands chunk by chunk."""
    budget = _Budget(text, name, k)
    planned = _plan(node, k, budget)
    rows = budget.rows
    chunk = min(CHUNK_ROWS, max(4096, MAX_PART_BYTES // max(1, planned.bytes_peak)))
    mask = np.empty(rows, dtype=np.bool_)
    pieces: list[Weights] = []
    for lo in range(0, rows, chunk):
        hi = min(lo + chunk, rows)
        m, w = _evaluate(planned.plan, k, lo, hi)
        mask[lo:hi] = m
        if w is not None:
            pieces.append(np.compress(m, w))
    if planned.weights is None:
        return mask, None
    return mask, np.concatenate(pieces)


# ---------------------------------------------------------------- every hand
def _every_hand(tree: rp.Node) -> bool:
    """Whether a range is every hand, weight 1: a pattern of free cards
    alone (``*``, ``****``) or the whole preflop order (``100%``)."""
    if isinstance(tree, rp.Pattern):
        return any(_c_pattern(alt) == () for alt in tree.alts)
    return isinstance(tree, rp.Percent) and tree.low == 0 and tree.high == 100


# ---------------------------------------------------------------- hand lists
def _card(card: rp.Card) -> int | None:
    """The id of a pattern card that names one card (a rank and a suit),
    else None."""
    rank = card.single_rank
    if rank is None or card.suit is None or card.rank_var is not None or card.suit_var is not None:
        return None
    return int(card_id(rank, card.suit))


def _hand_list(tree: rp.Node, k: int) -> dict[tuple[int, ...], float] | None:
    """A range written as whole hands alone (``AsKsQsJs, AhAd2c3d@0.5``:
    each pattern k cards, each card one rank and one suit; weights on terms
    or groups; unions): each hand (its cards ascending) with its weight, by
    the weight rule of _evaluate (a union: the largest; P@w: P's times w).
    None for any other text, or weights a float cannot hold (the general
    reading reports those).  Read in time proportional to the hands, not
    to all the hands of k cards (20 M of six)."""
    if isinstance(tree, rp.Pattern):
        hands: dict[tuple[int, ...], float] = {}
        for alt in tree.alts:
            cards = [_card(c) for c in alt]
            if len(cards) != k or None in cards:
                return None
            if len(set(cards)) == k:  # a card twice: no hand holds it
                hands[tuple(sorted(int(c) for c in cards if c is not None))] = 1.0
        return hands
    if isinstance(tree, rp.Weighted):
        part = _hand_list(tree.node, k)
        if part is None:
            return None
        weighted = {hand: w * tree.weight for hand, w in part.items()}
        if (
            weighted
            and not WEIGHT_RANGE[0]
            <= min(weighted.values())
            <= max(weighted.values())
            <= WEIGHT_RANGE[1]
        ):
            return None
        return weighted
    if isinstance(tree, rp.Union_):
        union: dict[tuple[int, ...], float] = {}
        for item in tree.items:
            part = _hand_list(item, k)
            if part is None:
                return None
            for hand, w in part.items():
                union[hand] = max(w, union.get(hand, 0.0))
        return union
    return None


def _hand_rows(hands: dict[tuple[int, ...], float]) -> tuple[npt.NDArray[np.uint8], Weights]:
    """The hands of a hand list as a range holds them: rows ascending, in
    the order of all hands (lexicographic), with their weights."""
    rows = np.array(list(hands), dtype=np.uint8).reshape(len(hands), -1)
    weights = np.fromiter(hands.values(), dtype=np.float64, count=len(hands))
    order = np.argsort(row_index(rows), kind="stable")
    return np.ascontiguousarray(rows[order]), weights[order]


class Range:
    """The hands a range expression matches, with their weights.

    ``Range(text, hole_cards=4, game="omaha8")``: `text` is range syntax
    (docs/ranges.md), `hole_cards` 4, 5 or 6, `game` any name of
    omaha_eval.games: the game whose preflop order percent terms (``15%``)
    take; nothing else depends on it.  Attributes ``combos`` (uint8, K x
    hole_cards, read-only), ``weights`` (float64, K, read-only), ``text``,
    ``hole_cards``, ``game``, ``fraction``; ``len()`` and ``in`` work as for
    a set of hands.  Raises OmahaEvalError, with the column and a caret, on
    bad text.

    >>> r = Range("AA:$ds, KK@0.5")
    >>> len(r), sorted(set(r.weights.tolist()))
    (7819, [0.5, 1.0])
    """

    __slots__ = ("_combos", "_count", "_keys", "_text", "_weights", "game", "hole_cards")

    def __init__(self, text: str, hole_cards: int = 4, game: GameName = "omaha8") -> None:
        if not isinstance(text, str):
            got = f"{type(text).__name__} {_checks.quote(text)}"
            raise OmahaEvalTypeError(
                f"expected range text such as 'AA:$ds', got {got}", param="range"
            )
        self._text = text
        self.hole_cards = _checks.hole_cards(hole_cards)
        self.game: Game = read_game(game)
        tree = rp.parse(self._text, self.hole_cards, game=self.game.name)
        self._keys: npt.NDArray[np.int64] | None = None
        if _every_hand(tree):
            # every hand, weight 1: nothing to list or weigh; the hands are
            # the shared hand table, the weights a read-only view of one 1
            self._count = math.comb(52, self.hole_cards)
            self._combos: npt.NDArray[np.uint8] | None = None
            self._weights: Weights = np.broadcast_to(np.float64(1.0), (self._count,))
            return
        weights: Weights | None
        listed = _hand_list(tree, self.hole_cards)
        if listed is not None:  # whole hands alone: no pass over every hand
            combos, weights = _hand_rows(listed)
            if len(weights) and bool((weights == 1.0).all()):
                weights = None
        elif isinstance(tree, rp.Percent):
            # a percent range alone: its classes' hands listed directly, with
            # no pass over every hand (20 M for six cards)
            keys = _preflop.all_class_keys(self.hole_cards)
            inside = _percent_classes(tree, self.hole_cards)
            combos, weights = _preflop.class_hands(keys[inside], self.hole_cards), None
        else:
            mask, weights = _expand(tree, self.hole_cards, self._text)
            combos = _rows(mask, hand_table(self.hole_cards))
        if weights is None:  # every hand weighs 1
            ones = np.empty(combos.shape[0])

            def fill(lo: int, hi: int) -> None:
                ones[lo:hi] = 1.0

            interruptible(len(ones), CHUNK_ROWS, fill)
            weights = ones
        w = weights
        combos.flags.writeable = False
        w.flags.writeable = False
        self._combos = combos
        self._count = len(combos)
        self._weights = w

    @property
    def text(self) -> str:
        """The range text as given."""
        return self._text

    @property
    def combos(self) -> npt.NDArray[np.uint8]:
        """The hands, uint8 (K, hole_cards): rows ascending, in lexicographic order."""
        if self._combos is None:  # every hand: the shared, read-only hand table
            return hand_table(self.hole_cards)
        return self._combos

    @property
    def holds_every_hand(self) -> bool:
        """Whether the range is every hand of its size, weight 1 (``*``,
        ``100%``...): known without listing them."""
        return self._combos is None

    @property
    def weights(self) -> Weights:
        """Relative weight of each hand, float64 (K,), all > 0."""
        return self._weights

    @property
    def total(self) -> int:
        """The number of all hands of this size."""
        return math.comb(52, self.hole_cards)

    @property
    def fraction(self) -> float:
        """Share of all hands of this size that the range holds (unweighted)."""
        return len(self) / self.total

    def __len__(self) -> int:
        return self._count

    def _packed(self, rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
        # base-52 digits: ascending rows in lexicographic order -> ascending keys
        keys: npt.NDArray[np.int64] = np.zeros(rows.shape[0], dtype=np.int64)
        for col in range(rows.shape[1]):
            keys = keys * 52 + rows[:, col]
        return keys

    def __contains__(self, hand: Any) -> bool:
        cards = np.sort(_checks.card_set(hand, "hand", (self.hole_cards,)))
        if self.holds_every_hand:
            return True
        if self._keys is None:
            self._keys = self._packed(self.combos)
        key = self._packed(cards.reshape(1, -1))[0]
        i = int(np.searchsorted(self._keys, key))
        return i < len(self._keys) and bool(self._keys[i] == key)

    def __repr__(self) -> str:
        game = "" if self.game.name == "omaha8" else f", game={self.game.name!r}"
        return f"Range({self._text!r}, hole_cards={self.hole_cards}{game}) with {len(self)} hands"


def parse_range(text: str, hole_cards: int = 4, game: GameName = "omaha8") -> Range:
    """``Range(text, hole_cards, game)``: the hands of a range expression with their weights.

    >>> len(parse_range("RRON"))  # exactly one pair, no trips, no second pair
    82368
    """
    return Range(text, hole_cards, game)


def _pattern_sizes(node: rp.Node, name: str, text: str) -> set[int]:
    """The numbers of cards the patterns of a tree name (macros, percent
    ranges and weights are about hands, not about sets of cards)."""
    if isinstance(node, rp.Pattern):
        return {len(alt) for alt in node.alts}
    if isinstance(node, (rp.Macro, rp.Percent, rp.Weighted)):
        what = {rp.Macro: "a hand macro", rp.Percent: "a percent range", rp.Weighted: "a weight"}
        raise rp.syntax_error(
            text, getattr(node, "col", 0), f"{what[type(node)]} has no meaning here", name
        )
    if isinstance(node, rp.Chain):
        parts = [node.first, *(operand for _, operand in node.rest)]
        return set().union(*(_pattern_sizes(part, name, text) for part in parts))
    assert isinstance(node, rp.Union_)
    return set().union(*(_pattern_sizes(item, name, text) for item in node.items))


MAX_SET_CARDS = 6  # cards of one set a pattern may name: the largest hand table


def card_sets(text: str, name: str = "board", most: int = 5) -> npt.NDArray[np.uint8]:
    """Every set of cards a pattern matches, for board and dead-card patterns
    (``"Ks**"``: every three cards holding the Ks; ``"sss"``: three spades;
    ``"[A-8][A-8][A-8]"``: three low cards): a (S, n) uint8 array, each row
    ascending, rows in lexicographic order.  Every part of the pattern must
    name the same number of cards n, at most `most`.

    >>> card_sets("sss").shape, card_sets("AsKs*").shape
    ((286, 3), (50, 3))
    """
    if not isinstance(text, str):
        got = _checks.quote(text)
        raise OmahaEvalTypeError(f"expected card text or a pattern, got {got}", param=name)
    tree = rp.parse(text, most, name)
    sizes = _pattern_sizes(tree, name, text)
    if len(sizes) != 1:
        raise rp.syntax_error(
            text, 0, f"every part must name the same number of cards, got {sorted(sizes)}", name
        )
    (n,) = sizes
    if n > MAX_SET_CARDS:
        raise rp.syntax_error(
            text, 0, f"a pattern of {n} cards; at most {MAX_SET_CARDS} (write the cards)", name
        )
    mask, _ = _expand(tree, n, text, name)
    return _rows(mask, hand_table(n))
