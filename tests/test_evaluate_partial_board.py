"""evaluate() on a flop or a turn: the best 2 + 3 hand so far,
against the plain-Python oracle of tests/oracles/evaluator.py (every combination of
two hole cards and three board cards)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref

import omaha_eval as oe
from omaha_eval import OmahaEvalError, _core


def _check_cards_used(v: oe.HandValue, hole: list[int], board: list[int]) -> None:
    """The cards shown make the value, two from the hole and three from the board."""
    used = oe.parse_cards(v.high_cards).tolist()
    assert len(set(used) & set(hole)) == 2 and len(set(used) & set(board)) == 3
    assert ref.high_value(used) == v.high
    if v.low_cards is None:
        assert v.low == 0 and v.low_name is None
    else:
        used = oe.parse_cards(v.low_cards).tolist()
        assert len(set(used) & set(hole)) == 2 and len(set(used) & set(board)) == 3
        assert ref.low_value(used) == v.low


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([4, 5, 6]), st.sampled_from([3, 4, 5]))
def test_property_matches_the_oracle(seed: int, k: int, n_board: int) -> None:
    deck = np.random.default_rng(seed).permutation(52).tolist()
    hole, board = deck[:k], deck[k : k + n_board]
    v = oe.evaluate(hole, board)
    assert (v.high, v.low) == ref.evaluate(hole, board)
    assert v.high_name == oe.high_name(v.high) and v.low_name == oe.low_name(v.low)
    _check_cards_used(v, hole, board)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([4, 5, 6]),
    st.sampled_from([3, 4]),
    st.integers(1, 40),
)
def test_a_batch_on_flops_and_turns_matches_the_oracle(
    seed: int, k: int, n_board: int, n: int
) -> None:
    # evaluate_batch is the one bulk owner of a hand on a 3- to 5-card board
    rng = np.random.default_rng(seed)
    deals = np.array([rng.permutation(52)[: k + n_board] for _ in range(n)], dtype=np.uint8)
    high, low = oe.evaluate_batch(deals[:, :k], deals[:, k:])  # a board per hand
    expected = [ref.evaluate(d[:k].tolist(), d[k:].tolist()) for d in deals]
    assert list(zip(high.tolist(), low.tolist(), strict=True)) == expected
    board, rest = deals[0, k:], rng.permutation(np.setdiff1d(np.arange(52), deals[0, k:]))
    holes = np.array([rng.choice(rest, size=k, replace=False) for _ in range(n)])
    high, low = oe.evaluate_batch(holes, board)  # one board for all, folded first
    expected = [ref.evaluate(h.tolist(), board.tolist()) for h in holes]
    assert list(zip(high.tolist(), low.tolist(), strict=True)) == expected


def test_partial_kernel_agrees_with_the_river_kernel_on_rivers() -> None:
    rng = np.random.default_rng(12)
    for _ in range(300):
        deck = rng.permutation(52).astype(np.uint8)
        k = int(rng.integers(4, 7))
        hole, board = deck[:k].copy(), deck[k : k + 5].copy()
        a = _core.evaluate_partial(hole, board)
        b = _core.evaluate_detail(hole, board)
        assert a[:2] == b[:2]


def test_flop_has_one_board_triple() -> None:
    # the three flop cards are in every hand: two pair needs a pocket pair
    v = oe.evaluate("Ks Kh 2c 3d", "Qs Qh 7c")
    assert v.high_name == "Two pair, kings and queens"
    assert sorted(oe.parse_cards(v.high_cards).tolist()) == sorted(
        oe.parse_cards("Ks Kh Qs Qh 7c").tolist()
    )
    # a flop with three low ranks and two more in hand: a low already
    v = oe.evaluate("Ah 2h Kc Kd", "3c 4d 8s")
    assert v.low_name == "8-4-3-2-A" and v.low_cards == "8s4d3c2hAh"


def test_flop_with_two_low_ranks_has_no_low() -> None:
    v = oe.evaluate("Ah 2h 3c 4d", "5c 5d Ks")
    assert v.low == 0 and v.low_name is None and v.low_cards is None
    assert v.high_name == "Pair of fives"


def test_turn_rules_of_exactly_two_plus_three() -> None:
    # four hearts on the turn and one in hand: no flush
    assert oe.evaluate("Ah Kc Qd Js", "2h 5h 8h 9h").high_name != "Flush, ace high"
    assert oe.high_category(oe.evaluate("Ah 3h Qd Js", "2h 5h 8h 9c").high) == "Flush"
    # four to a straight on the board and one connector in hand: no straight
    assert oe.high_category(oe.evaluate("9c Kd Kh 2s", "5c 6d 7h 8s").high) != "Straight"
    # three aces in hand: two play
    assert oe.evaluate("As Ah Ad Kc", "7d 4h 3s 2c").high_name == "Pair of aces"
    # the wheel on a turn, counterfeit-proof with two spare low cards
    v = oe.evaluate("Ad 2d Kd Ks", "3c 4h 5s Qd")
    assert v.high_name == "Straight, five high" and v.low_name == "5-4-3-2-A"


def test_counterfeit_on_the_flop() -> None:
    # the flop's deuce pairs the hand's: A-2 needs three other low ranks, there are two
    v = oe.evaluate("Ac 2c Kd Ks", "2d 5h 8s")
    assert v.low == 0 and v.low_cards is None
    # with a three in hand the player finds another combination: A-3
    v = oe.evaluate("Ac 2c 3h Kd", "2d 5h 8s")
    assert v.low_name == "8-5-3-2-A" and v.low_cards == "8s5h3h2dAc"
    # the turn's 4 is a third low rank besides the deuce: A-2 plays with 4-5-8
    v = oe.evaluate("Ac 2c Kd Ks", "2d 5h 8s 4c")
    assert v.low_name == "8-5-4-2-A"


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As Kd Qh 2c", "Jd 4d", r"board: expected 3, 4 or 5 cards, got 2 in 'Jd 4d'"),
        ("As Kd Qh 2c", "", r"board: expected 3, 4 or 5 cards, got 0"),
        ("As Kd Qh 2c", "Jd 4d 3c Qd 5h 6h", r"board: expected 3, 4 or 5 cards, got 6"),
        ("As Kd Qh 2c", "Jd 4d As", r"card As is in both hole and board"),
        ("As Kd Qh", "Jd 4d 3c", r"hole: expected 4, 5 or 6 cards, got 3"),
        ("As Kd Qh 2c", [0, 1, 1], r"board: card 2d appears twice"),
    ],
)
def test_errors(hole: str, board: object, message: str) -> None:
    with pytest.raises(OmahaEvalError, match=message):
        oe.evaluate(hole, board)
