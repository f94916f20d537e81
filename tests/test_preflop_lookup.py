"""omaha_eval.preflop: each hand's percentile and equity against random
hands, read from the shipped orders, against the orders and percent ranges."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_eval import _preflop, preflop
from omaha_eval.cards import format_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.ranges import Range

CASES = [(k, g, t) for k in (4, 5, 6) for g in ("omaha8", "omaha") for t in ("hu", "6h")]


def _relabel(hand: list[int], perm: tuple[int, ...]) -> list[int]:
    return [4 * (c // 4) + perm[c % 4] for c in hand]


@pytest.mark.parametrize(("k", "game", "table"), CASES)
def test_a_hand_gets_its_class_figures(k: int, game: str, table: str) -> None:
    order = _preflop.load_order(k, game, table)
    rng = np.random.default_rng(k)
    positions = [0, 1, len(order.ranking) // 2, len(order.ranking) - 1]
    for place in positions + rng.choice(len(order.ranking), 20).tolist():
        cls = int(order.ranking[place])
        hand = _preflop.key_hand(int(order.keys[cls]))
        pct = 100 * int(order.start[cls]) / order.hands
        for perm in [(0, 1, 2, 3), (3, 1, 0, 2), (2, 3, 1, 0)]:  # suits renamed, cards reordered
            cards = _relabel(hand, perm)[::-1]
            assert preflop.percentile(cards, game, table) == pct
            assert preflop.equity_vs_random(cards, game, table) == order.equity[cls]
    best = _preflop.key_hand(int(order.keys[order.ranking[0]]))
    assert preflop.percentile(best, game, table) == 0.0
    worst = int(order.ranking[-1])
    want = 100 - 100 * int(order.counts[worst]) / order.hands
    got = preflop.percentile(_preflop.key_hand(int(order.keys[worst])), game, table)
    assert got == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize(
    ("game", "table"), list(itertools.product(("omaha8", "omaha"), ("hu", "6h")))
)
def test_in_p_percent_exactly_when_below_p(game: str, table: str) -> None:
    suffix = "" if table == "hu" else table
    rng = np.random.default_rng(2)
    hands = np.sort(np.array([rng.choice(52, 4, replace=False) for _ in range(3000)]), axis=1)
    pct = preflop.percentile(hands, game, table)
    assert isinstance(pct, np.ndarray) and pct.dtype == np.float64 and pct.shape == (3000,)
    for p in (1, 12.5, 40, 90):
        r = Range(f"{p}%{suffix}", game=game)
        inside = np.array([h in r for h in hands[:600]])
        assert (inside == (pct[:600] < p)).all()


def test_arrays_equal_single_hands_and_text() -> None:
    rng = np.random.default_rng(5)
    for k in (4, 5, 6):
        hands = np.array([rng.choice(52, k, replace=False) for _ in range(50)], dtype=np.int64)
        pct = preflop.percentile(hands, "omaha", "6h")
        eq = preflop.equity_vs_random(hands, "omaha", "6h")
        assert isinstance(eq, np.ndarray) and eq.shape == (50,)
        for i in range(0, 50, 7):
            assert preflop.percentile(hands[i], "omaha", "6h") == pct[i]
            assert preflop.equity_vs_random(list(hands[i]), "omaha", "6h") == eq[i]
    assert preflop.percentile("As Ah 3s 2h") == preflop.percentile("A♠ A♥ 3♠ 2♥") == 0.0
    top = _preflop.load_order(4, "omaha8", "hu")
    assert preflop.equity_vs_random("AsAh3s2h", game="PLO8") == top.equity[top.ranking[0]]
    empty = preflop.percentile(np.zeros((0, 5), np.uint8))
    assert isinstance(empty, np.ndarray) and empty.shape == (0,)


def test_six_handed_equities_are_shares_of_six() -> None:
    worst = preflop.equity_vs_random("2c 2d 2h 2s", table="6h")  # two cards can play: one pair
    assert isinstance(worst, float) and worst < 0.02
    top = preflop.equity_vs_random("As Ah 3s 2h", table="6h")
    assert isinstance(top, float) and 2 / 6 < top < 0.5
    assert preflop.percentile("As Ah 3s 2h", table="6h") == 0.0


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (("AsAh3s",), OmahaEvalError, "hands: expected 4, 5 or 6 cards, got 3"),
        (("AsAsKd2c",), OmahaEvalError, "hands: card As appears twice"),
        (("AsAhKdZz",), OmahaEvalError, "hands"),
        (([[51, 51, 1, 2]],), OmahaEvalError, "hands: row 0 repeats a card"),
        (([[1, 2, 3]],), OmahaEvalError, "hands: expected 4, 5 or 6 cards per row"),
        (([[1, 2, 3, 52]],), OmahaEvalError, "hands: card id 52 is outside 0..51"),
        (([[1.0, 2.0, 3.0, 4.0]],), OmahaEvalTypeError, "hands: expected integer card ids"),
        ((np.zeros((2, 2, 4), np.uint8),), OmahaEvalError, "hands: expected a 2-D array"),
        (("AsAh3s2h", "holdem"), OmahaEvalError, "game: expected a game.*'holdem'"),
        (("AsAh3s2h", "omaha8", "9h"), OmahaEvalError, "table: expected 'hu'.*'9h'"),
        (("AsAh3s2h", "omaha8", 6), OmahaEvalError, "table: expected 'hu'.*6"),
    ],
)
def test_bad_input_names_the_parameter(args: tuple[object, ...], error: type, words: str) -> None:
    for fn in (preflop.percentile, preflop.equity_vs_random):
        with pytest.raises(error, match=words):
            fn(*args)


# ---------------------------------------------------------------- preflop_rank, strength_order
def _reference_class(hand: list[int], order: _preflop.PreflopOrder) -> int:
    """A hand's class, the slow way: its four per-suit rank masks, largest
    first, packed as the class keys are (13 bits each), found by bisection."""
    masks = sorted((sum(1 << (c // 4) for c in hand if c % 4 == s) for s in range(4)), reverse=True)
    key = sum(m << (13 * (3 - i)) for i, m in enumerate(masks))
    cls = int(np.searchsorted(order.keys, np.uint64(key)))
    assert int(order.keys[cls]) == key
    return cls


def _reference_rank(cls: int, order: _preflop.PreflopOrder) -> tuple[int, int]:
    """(1 + classes ranked above, hands in them): above means a larger
    equity, or the same and a smaller key (the order's rule).  The equities
    as the order holds them: whole millionths in a Monte Carlo order, exact
    quarter pots over the same deals in the atlas's (equal doubles exactly
    when the counts are equal)."""
    eq = order.equity
    above = (eq > eq[cls]) | ((eq == eq[cls]) & (order.keys < order.keys[cls]))
    return 1 + int(above.sum()), int(order.counts[above].sum())


def _hand_of(case: tuple[int, str, str]) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=case[0], max_size=case[0], unique=True)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CASES).flatmap(lambda case: st.tuples(st.just(case), _hand_of(case))))
def test_preflop_rank_against_the_slow_reference(
    drawn: tuple[tuple[int, str, str], list[int]],
) -> None:
    (k, game, table), hand = drawn
    order = _preflop.load_order(k, game, table)
    cls = _reference_class(hand, order)
    rank, better = _reference_rank(cls, order)
    got = preflop.preflop_rank(hand, game, table)
    assert (got.rank, got.classes, got.hole_cards) == (rank, len(order.keys), k)
    assert got.percentile == 100 * better / order.hands == preflop.percentile(hand, game, table)
    assert got.equity == preflop.equity_vs_random(hand, game, table)
    perms = itertools.permutations(range(4))
    assert got.class_hands == len({tuple(sorted(_relabel(hand, p))) for p in perms})
    assert (got.game, got.table) == (game, table)
    assert got.hand == format_cards(sorted(hand, reverse=True))


def test_preflop_rank_reads_text_and_any_game_name() -> None:
    top = preflop.preflop_rank("As Ah 3s 2h", game="PLO8", table="HU")
    assert (top.rank, top.percentile, top.game, top.table) == (1, 0.0, "omaha8", "hu")
    worst = preflop.preflop_rank("2c2d2h2s", table="6h")
    assert worst.rank == worst.classes == 16_432 and worst.class_hands == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("AsAh3s",), "hand: expected 4, 5 or 6 cards, got 3"),
        (("AsAsKd2c",), "hand: card As appears twice"),
        (("AsAh3s2h", "holdem"), "game: expected a game.*'holdem'"),
        (("AsAh3s2h", "omaha8", "9h"), "table: expected 'hu'.*'9h'"),
    ],
)
def test_preflop_rank_bad_input_names_the_parameter(args: tuple[object, ...], words: str) -> None:
    with pytest.raises(OmahaEvalError, match=words):
        preflop.preflop_rank(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(("k", "game", "table"), CASES)
def test_strength_order_sorts_by_the_slow_reference(k: int, game: str, table: str) -> None:
    """Best class first, ties in the rows' order; `first` picks the same start."""
    order = _preflop.load_order(k, game, table)
    rng = np.random.default_rng(k * 7 + len(game))
    hands = np.array([rng.choice(52, k, replace=False) for _ in range(160)], dtype=np.uint8)
    hands[80:] = hands[:80][rng.permutation(80)]  # hands of one class, far apart
    ranks = {}  # by class: each costs a pass over the order
    for cls in {_reference_class(h.tolist(), order) for h in hands}:
        ranks[cls] = _reference_rank(cls, order)[0]
    rank = [ranks[_reference_class(h.tolist(), order)] for h in hands]
    want = sorted(range(len(hands)), key=lambda i: (rank[i], i))
    assert preflop.strength_order(hands, game, table).tolist() == want
    for first in (0, 1, 10, 159, 160, 400):
        assert preflop.strength_order(hands, game, table, first=first).tolist() == want[:first]


def test_strength_order_wants_many_hands() -> None:
    with pytest.raises(OmahaEvalError, match=r"hands: expected an \(N, k\) array"):
        preflop.strength_order("AsAh3s2h")
    assert preflop.strength_order(np.zeros((0, 4), np.uint8)).tolist() == []
