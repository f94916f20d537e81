"""omaha_eval.preflop: each hand's percentile and equity against random
hands, read from the shipped orders, against the orders and percent ranges."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from omaha_eval import _preflop, preflop
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
    assert preflop.equity_vs_random("AsAh3s2h", game="PLO8") == 0.727003
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
