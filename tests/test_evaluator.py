"""The compiled evaluator against the plain-Python oracle, and docs/rules.md."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref

import omaha_eval as oe


def deal(k: int) -> st.SearchStrategy[list[int]]:
    """k hole cards then five board cards, all distinct."""
    return st.permutations(range(52)).map(lambda p: list(p[: k + 5]))


@pytest.mark.parametrize("k", [4, 5, pytest.param(6, marks=pytest.mark.slow)])
@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_evaluate_matches_reference(k, data):
    cards = data.draw(deal(k))
    hole, board = cards[:k], cards[k:]
    v = oe.evaluate(hole, board)
    assert (v.high, v.low) == ref.evaluate(hole, board)
    # the reported five cards really make those values
    assert ref.high_value(ref.cards(v.high_cards)) == v.high
    assert sorted(ref.cards(v.high_cards)) == sorted(
        next(c for c in ref.combos(hole, board) if sorted(c) == sorted(ref.cards(v.high_cards)))
    )
    if v.low:
        assert ref.low_value(ref.cards(v.low_cards)) == v.low
        assert v.low_name == oe.low_name(v.low)
    else:
        assert v.low_cards is None and v.low_name is None


@pytest.mark.parametrize("k", [4, 5, 6])
@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 40))
def test_batch_matches_reference(k, seed, n):
    rng = np.random.default_rng(seed)
    deals = np.array([rng.permutation(52)[: k + 5] for _ in range(n)], dtype=np.uint8)
    high, low = oe.evaluate_batch(deals[:, :k], deals[:, k:])
    assert high.dtype == np.uint16 and low.dtype == np.uint8
    expected = [ref.evaluate(d[:k].tolist(), d[k:].tolist()) for d in deals]
    assert list(zip(high.tolist(), low.tolist(), strict=True)) == expected


@pytest.mark.parametrize("k", [4, 5, pytest.param(6, marks=pytest.mark.slow)])
@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_shared_board_batch_matches_reference(k, seed):
    rng = np.random.default_rng(seed)
    cards = rng.permutation(52)
    board, rest = cards[:5], cards[5:]
    holes = np.array([rng.choice(rest, size=k, replace=False) for _ in range(30)])
    high, low = oe.evaluate_batch(holes, board)
    expected = [ref.evaluate(h.tolist(), board.tolist()) for h in holes]
    assert list(zip(high.tolist(), low.tolist(), strict=True)) == expected


def test_batch_accepts_any_integer_dtype_and_layout():
    deals = np.array([[51, 47, 43, 39, 0, 4, 8, 12, 16], [1, 2, 3, 5, 6, 7, 9, 10, 11]])
    expected = oe.evaluate_batch(deals[:, :4].astype(np.uint8), deals[:, 4:].astype(np.uint8))
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint64):
        got = oe.evaluate_batch(deals[:, :4].astype(dtype), deals[:, 4:].astype(dtype))
        np.testing.assert_array_equal(got[0], expected[0])
    fortran = np.asfortranarray(deals)
    strided = oe.evaluate_batch(fortran[:, :4], fortran[:, 4:])
    np.testing.assert_array_equal(strided[0], expected[0])
    readonly = deals.copy()
    readonly.setflags(write=False)
    np.testing.assert_array_equal(
        oe.evaluate_batch(readonly[:, :4], readonly[:, 4:])[1], expected[1]
    )
    empty = oe.evaluate_batch(np.empty((0, 4), np.uint8), np.empty((0, 5), np.uint8))
    assert empty[0].shape == (0,) and empty[1].shape == (0,)


# ------------------------------------------------------------ docs/rules.md
def ev(hole: str, board: str) -> oe.HandValue:
    return oe.evaluate(hole, board)


def test_worked_example_1_both_nuts():
    v = ev("A♦ K♦ 3♠ 2♠", "J♦ 4♦ 3♣ Q♦ 5♥")
    assert v.high_name == "Flush, ace high"
    assert sorted(v.high_cards) == sorted("AdKdJd4dQd")
    assert v.low_name == "5-4-3-2-A" and v.low == oe.LOW_MAX


def test_worked_example_2_counterfeit_and_best_low():
    board = "2♣ 5♥ 7♦ J♠ K♦"
    assert ev("A♠ 2♥ K♣ Q♣", board).low_name is None  # the 2 pairs the board
    assert ev("A♦ 4♥ K♥ Q♦", board).low_name == "7-5-4-2-A"
    best = ev("A♣ 3♠ J♥ J♣", board)
    assert best.low_name == "7-5-3-2-A"
    assert best.low > ev("A♦ 4♥ K♥ Q♦", board).low


def test_worked_example_3_two_low_ranks_no_low():
    for hole in ("A♠ 2♠ 3♠ 5♠", "A♣ 2♦ 3♥ 8♥", "2c 3d 7h 8s"):
        assert ev(hole, "4♣ 6♥ 9♦ K♠ Q♦").low == oe.LOW_NONE


def test_worked_example_4_low_and_trips():
    v = ev("A♠ 2♦ K♣ K♥", "3♣ 5♥ 8♦ K♠ Q♦")
    assert v.low_name == "8-5-3-2-A"
    assert v.high_name == "Three of a kind, kings"


def test_four_flush_board_one_suited_hole_card_is_no_flush():
    v = ev("Ah Kc Qd 2s", "9h 7h 5h 3h Jc")
    assert oe.high_category(v.high) != "Flush"
    assert oe.high_category(ev("Ah 2h Qd 2s", "9h 7h 5h 3h Jc").high) == "Flush"


def test_four_to_a_straight_on_board_one_connector_is_no_straight():
    v = ev("9c 2d 2h Ks", "5c 6d 7h 8s Kd")
    assert oe.high_category(v.high) not in ("Straight", "Straight flush")
    assert v.high_name == "Pair of kings"
    assert oe.high_category(ev("9c Td 2h Ks", "5c 6d 7h 8s Kd").high) == "Straight"


def test_three_aces_in_hand_only_two_play():
    v = ev("As Ah Ad 2c", "Ks Qd Jh 9c 9h")
    assert v.high_name == "Two pair, aces and nines"
    # the fourth ace is on the board, but a third from the hand cannot play
    assert ev("As Ah Ad Kc", "Ac 7d 4h 3s 2s").high_name == "Three of a kind, aces"


def test_board_pair_plays_in_every_hand():
    assert ev("Kh 2c 3d 4s", "Ks Kd 7c 9h Jd").high_name == "Three of a kind, kings"
    v = ev("Qh Qc 3d 4s", "Ks Kd 7c 9h 2d")
    assert v.high_name == "Two pair, kings and queens"


def test_quartered_low_values_tie():
    board = "2c 5h 7d Js Kd"
    a, b = ev("Ac 3s Jh Jc", board), ev("Ad 3h Qs Kh", board)
    assert a.low == b.low and a.low_name == "7-5-3-2-A"
    assert a.high > b.high  # trip jacks beat kings: a gets 1/2 + 1/4 of the pot


def test_hole_card_rank_repeated_on_board_counterfeits():
    # A2 counterfeited by the board deuce; the 3 saves a low with A3
    assert ev("As 2h 3c Kd", "2c 4h 8d Js Qd").low_name == "8-4-3-2-A"
    assert ev("As 2h Kc Kd", "2c 4h 8d Js Qd").low_name is None


def test_wheel_is_both_straight_and_best_low():
    v = ev("As 2d Kc Qh", "3c 4h 5d Js 9d")
    assert v.high_name == "Straight, five high" and v.low_name == "5-4-3-2-A"


def test_no_wraparound_straight():
    v = ev("Qs Kd 9c 9h", "Ac 2h 3d 7s 8c")
    assert oe.high_category(v.high) != "Straight"


def test_high_and_low_may_use_different_hole_cards():
    v = ev("Kh Qh Ac 2d", "3h 4h 7h Kc 9s")
    assert v.high_name == "Flush, king high"
    assert sorted(v.high_cards) == sorted("KhQh7h4h3h")
    assert v.low_name == "7-4-3-2-A"
    assert sorted(v.low_cards) == sorted("7h4h3h2dAc")
