"""Exhaustive checks of the lookup tables where the combinatorics are known."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest
from oracles import evaluator as ref

from omaha_eval import _core, high_category, high_name, low_name

# Standard counts of five-card hands per category, and distinct classes.
CATEGORY_HANDS = {
    "Straight flush": 40,
    "Four of a kind": 624,
    "Full house": 3744,
    "Flush": 5108,
    "Straight": 10200,
    "Three of a kind": 54912,
    "Two pair": 123552,
    "Pair": 1098240,
    "High card": 1302540,
}
CATEGORY_CLASSES = {
    "Straight flush": 10,
    "Four of a kind": 156,
    "Full house": 156,
    "Flush": 1277,
    "Straight": 10,
    "Three of a kind": 858,
    "Two pair": 858,
    "Pair": 2860,
    "High card": 1277,
}


@pytest.fixture(scope="module")
def all_five_card_hands() -> np.ndarray:
    hands = np.fromiter(
        combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)), count=comb(52, 5)
    )
    return np.ascontiguousarray(hands)


def test_every_five_card_hand_has_one_of_7462_high_values(all_five_card_hands):
    high = _core.high5_rows(all_five_card_hands)
    assert len(high) == 2_598_960
    values, counts = np.unique(high, return_counts=True)
    assert values.tolist() == list(range(1, 7463))

    names = {v: high_category(int(v)) for v in values}
    hands = Counter()
    classes = Counter()
    for v, n in zip(values.tolist(), counts.tolist(), strict=True):
        hands[names[v]] += n
        classes[names[v]] += 1
    assert dict(hands) == CATEGORY_HANDS
    assert dict(classes) == CATEGORY_CLASSES
    # categories occupy contiguous value ranges, worst to best
    order = [names[v] for v in values.tolist()]
    assert [k for i, k in enumerate(order) if i == 0 or order[i - 1] != k] == [
        "High card",
        "Pair",
        "Two pair",
        "Three of a kind",
        "Straight",
        "Flush",
        "Full house",
        "Four of a kind",
        "Straight flush",
    ]


def test_every_five_card_hand_low_is_one_of_56(all_five_card_hands):
    low = _core.low5_rows(all_five_card_hands)
    values = np.unique(low)
    assert values.tolist() == list(range(0, 57))
    tops = Counter(low_name(int(v)).split("-")[0] for v in values if v)
    assert tops == {"5": 1, "6": 5, "7": 15, "8": 35}


def test_every_high_class_matches_the_reference_definition():
    """Each of the 7462 classes, built from a representative hand, gets the
    value the brute-force definition (tests/oracles/evaluator.py) gives it."""
    reps = []
    for ranks in combinations(range(13), 5):
        reps.append([4 * r for r in ranks])  # a flush
        reps.append([4 * r + (i == 0) for i, r in enumerate(ranks)])
    for ranks in ref._rank_multisets_with_pair():
        seen: Counter[int] = Counter()
        hand = []
        for r in ranks:
            hand.append(4 * r + seen[r])
            seen[r] += 1
        reps.append(hand)
    assert len(reps) == 7462
    ours = _core.high5_rows(np.array(reps, dtype=np.uint8))
    theirs = [ref.high_value(h) for h in reps]
    assert ours.tolist() == theirs


def test_every_low_matches_the_reference_definition():
    for ranks in combinations(range(1, 9), 5):  # ace = 1 .. eight = 8
        hand = [4 * (12 if r == 1 else r - 2) + i % 4 for i, r in enumerate(ranks)]
        assert _core.low5_rows(np.array([hand], dtype=np.uint8))[0] == ref.low_value(hand)


def test_low_order_follows_the_rules():
    def low(text: str) -> int:
        return int(_core.low5_rows(np.array([ref.cards(text)], dtype=np.uint8))[0])

    assert low("7c5d3h2sAc") > low("7d6c4h3s2c")  # second cards 5 vs 6
    assert low("8c6d4h3sAc") > low("8d6c4c3c2c")  # last cards A vs 2
    assert low("5c4d3h2sAc") == 56 and low_name(56) == "5-4-3-2-A"
    assert low("8c7d6h5s4c") == 1 and low_name(1) == "8-7-6-5-4"
    assert low("9c5d3h2sAc") == 0  # a nine does not qualify
    assert low("8c8d3h2sAc") == 0  # a pair disqualifies


def test_names_of_extremes():
    assert high_name(7462) == "Royal flush"
    assert high_name(7461) == "Straight flush, king high"
    assert high_name(7453) == "Straight flush, five high"
    assert high_name(5854) == "Straight, five high"
    assert high_name(1) == "High card, seven"


def test_board_table_path_equals_direct_path_for_all_four_card_hands():
    """One board against every four-card hand that avoids it (C(47,4) of the
    270,725): the folded board-table path equals the per-row scan."""
    board = np.array(ref.cards("Ah7h4d5hKc"), dtype=np.uint8)
    rest = [c for c in range(52) if c not in board]
    holes = np.array(list(combinations(rest, 4)), dtype=np.uint8)
    assert len(holes) == comb(47, 4)
    shared = _core.evaluate_rows(holes, board.reshape(1, 5))
    per_row = _core.evaluate_rows(holes, np.repeat(board.reshape(1, 5), len(holes), axis=0))
    np.testing.assert_array_equal(shared[0], per_row[0])
    np.testing.assert_array_equal(shared[1], per_row[1])
    # spot-check against the oracle
    for i in range(0, len(holes), 4999):
        assert (shared[0][i], shared[1][i]) == ref.evaluate(holes[i].tolist(), board.tolist())
