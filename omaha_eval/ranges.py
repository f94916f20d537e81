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
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
import omaha_eval._preflop as _preflop
import omaha_eval._range_parse as rp
from omaha_eval.errors import OmahaEvalTypeError
from omaha_eval.games import Game
from omaha_eval.games import game as read_game

__all__ = ["Range", "card_sets", "parse_range"]

Mask = npt.NDArray[np.bool_]
Weights = npt.NDArray[np.float64]
CTuple = tuple[int, int, int, int, int]


@lru_cache(maxsize=3)
def all_hands(k: int) -> npt.NDArray[np.uint8]:
    """Every k-card hand, rows ascending, lexicographic order; read-only.
    (Cached: 1 MB for k = 4, 13 MB for 5, 122 MB for 6.)"""
    hands = _core.all_hands_k(k)
    hands.flags.writeable = False
    return hands


@lru_cache(maxsize=3)
def _shapes(k: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    return _core.hand_shapes(all_hands(k))


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
    hands = all_hands(k)
    keys, first, inverse = np.unique(
        _preflop.class_keys(hands), return_index=True, return_inverse=True
    )
    return keys, np.ascontiguousarray(hands[first]), inverse.ravel()


@lru_cache(maxsize=3)
def _hand_classes(k: int) -> npt.NDArray[np.int32]:
    """The preflop class of each hand of all_hands(k), as a position in
    _preflop.all_class_keys(k).  (Cached: 1 MB for k = 4, 10 MB for 5,
    81 MB for 6; keys from C, then a hash lookup, no sort of all hands.)"""
    classes = _preflop.class_index(k)(_preflop.class_keys(all_hands(k)))
    classes.flags.writeable = False
    return classes


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


def _c_pattern(alt: rp.Alt) -> tuple[CTuple, ...]:
    """A pattern alternative for the C matcher: free cards ('*') dropped (a
    pattern never has more cards than the hand, so one is always left for
    each), named cards first (the matcher's contract), tightest first,
    identical cards adjacent."""
    written = 0
    for c in alt:
        if c.suit is not None:
            written |= 1 << c.suit
    rank_vars: dict[str, int] = {}
    suit_vars: dict[str, int] = {}
    cards = [_c_card(c, rank_vars, suit_vars, written) for c in alt if not _is_free(c)]
    cards.sort(key=lambda t: (1 - t[4], t[2] < 0, bin(t[0]).count("1"), bin(t[1]).count("1"), t))
    return tuple(cards)


def _match(pattern: rp.Pattern, k: int) -> Mask:
    hands = all_hands(k)
    alts = {_c_pattern(alt) for alt in pattern.alts}
    if () in alts:  # only free cards: every hand
        return np.ones(hands.shape[0], dtype=np.bool_)
    c_alts = [list(a) for a in sorted(alts)]
    if k in SUIT_CLASS_SIZES and not any(c.suit is not None for alt in pattern.alts for c in alt):
        # no suit written: renaming suits cannot change a match, so one hand
        # per suit class decides for the whole class (16,432 instead of 270,725)
        _, reps, inverse = _suit_classes(k)
        hit: Mask = _core.match_rows(c_alts, reps).view(np.bool_)[inverse]
        return hit
    return _core.match_rows(c_alts, hands).view(np.bool_)


def _macro(name: str, k: int) -> Mask:
    suited, max_rank = _shapes(k)
    if name == "ds":
        return suited >= 2
    if name == "ss":
        return suited == 1  # type: ignore[no-any-return]
    if name == "rb":
        return suited == 0  # type: ignore[no-any-return]
    assert name == "np", name
    return max_rank == 1  # type: ignore[no-any-return]


def _percent(node: rp.Percent, k: int) -> Mask:
    # a class is in low%-high% when the share of hands in better classes is
    # at least low% and below high%; counts compared exactly as integers
    order = _preflop.load_order(k, node.game, node.table)
    lo = math.ceil(node.low * order.hands / 100)
    hi = math.ceil(node.high * order.hands / 100)
    inside = (order.start >= lo) & (order.start < hi)
    return inside[_hand_classes(k)]


def _evaluate(node: rp.Node, k: int) -> tuple[Mask, Weights | None]:
    """Membership mask over all_hands(k) and weights (None: all 1)."""
    if isinstance(node, rp.Pattern):
        return _match(node, k), None
    if isinstance(node, rp.Macro):
        return _macro(node.name, k), None
    if isinstance(node, rp.Percent):
        return _percent(node, k), None
    if isinstance(node, rp.Weighted):
        mask, w = _evaluate(node.node, k)
        return mask, np.where(mask, node.weight if w is None else w * node.weight, 0.0)
    if isinstance(node, rp.Binary):
        a, wa = _evaluate(node.left, k)
        b, wb = _evaluate(node.right, k)
        if node.op == "!":
            return a & ~b, wa
        if wa is None or wb is None:
            return a & b, wa if wb is None else wb
        return a & b, wa * wb
    assert isinstance(node, rp.Union_)
    mask, weights = _evaluate(node.items[0], k)
    for item in node.items[1:]:
        m, w = _evaluate(item, k)
        if weights is not None or w is not None:
            # a hand in several parts takes the largest of their weights
            # (ProPokerTools' rule): KK@0.5, AA@1 gives AAKK weight 1
            left = np.where(mask, 1.0, 0.0) if weights is None else weights
            right = np.where(m, 1.0, 0.0) if w is None else w
            weights = np.maximum(left, right)
        mask = mask | m
    return mask, weights


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

    __slots__ = ("_combos", "_keys", "_text", "_weights", "game", "hole_cards")

    def __init__(self, text: str, hole_cards: int = 4, game: Any = "omaha8") -> None:
        if not isinstance(text, str):
            got = f"{type(text).__name__} {_checks.quote(text)}"
            raise OmahaEvalTypeError(f"range: expected range text such as 'AA:$ds', got {got}")
        self._text = text
        self.hole_cards = _checks.hole_cards(hole_cards)
        self.game: Game = read_game(game)
        tree = rp.parse(self._text, self.hole_cards, game=self.game.name)
        mask, weights = _evaluate(tree, self.hole_cards)
        # np.compress: much faster than boolean indexing of a 2-D array
        combos = np.compress(mask, all_hands(self.hole_cards), axis=0)
        w = np.ones(combos.shape[0]) if weights is None else np.compress(mask, weights)
        combos.flags.writeable = False
        w.flags.writeable = False
        self._combos: npt.NDArray[np.uint8] = combos
        self._weights: Weights = w
        self._keys: npt.NDArray[np.int64] | None = None

    @property
    def text(self) -> str:
        """The range text as given."""
        return self._text

    @property
    def combos(self) -> npt.NDArray[np.uint8]:
        """The hands, uint8 (K, hole_cards): rows ascending, in lexicographic order."""
        return self._combos

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
        return int(self._combos.shape[0])

    def _packed(self, rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
        # base-52 digits: ascending rows in lexicographic order -> ascending keys
        keys = np.zeros(rows.shape[0], dtype=np.int64)
        for col in range(rows.shape[1]):
            keys = keys * 52 + rows[:, col]
        return keys

    def __contains__(self, hand: Any) -> bool:
        cards = np.sort(_checks.card_set(hand, "hand", (self.hole_cards,)))
        if self._keys is None:
            self._keys = self._packed(self._combos)
        key = self._packed(cards.reshape(1, -1))[0]
        i = int(np.searchsorted(self._keys, key))
        return i < len(self._keys) and bool(self._keys[i] == key)

    def __repr__(self) -> str:
        game = "" if self.game.name == "omaha8" else f", game={self.game.name!r}"
        return f"Range({self._text!r}, hole_cards={self.hole_cards}{game}) with {len(self)} hands"


def parse_range(text: str, hole_cards: int = 4, game: Any = "omaha8") -> Range:
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
    if isinstance(node, rp.Binary):
        return _pattern_sizes(node.left, name, text) | _pattern_sizes(node.right, name, text)
    assert isinstance(node, rp.Union_)
    return set().union(*(_pattern_sizes(item, name, text) for item in node.items))


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
        raise OmahaEvalTypeError(f"{name}: expected card text or a pattern, got {got}")
    tree = rp.parse(text, most, name)
    sizes = _pattern_sizes(tree, name, text)
    if len(sizes) != 1:
        raise rp.syntax_error(
            text, 0, f"every part must name the same number of cards, got {sorted(sizes)}", name
        )
    (n,) = sizes
    mask, _ = _evaluate(tree, n)
    sets: npt.NDArray[np.uint8] = np.compress(mask, all_hands(n), axis=0)
    return sets
