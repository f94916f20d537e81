"""rank_board, all_hands and hand_index against evaluate_batch, the
plain-Python oracle and itertools."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest
from oracles import evaluator as ref
from oracles import solver as rs

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError


def test_all_hands_is_the_documented_order() -> None:
    hands = oe.all_hands()
    assert hands.shape == (270725, 4) and hands.dtype == np.uint8
    expected = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    assert np.array_equal(hands, expected)
    assert not hands.flags.writeable


def test_hand_index_inverts_all_hands() -> None:
    hands = oe.all_hands()
    assert np.array_equal(oe.hand_index(hands), np.arange(len(hands)))
    rng = np.random.default_rng(5)
    shuffled = rng.permuted(hands[:1000], axis=1)  # card order does not matter
    assert np.array_equal(oe.hand_index(shuffled), np.arange(1000))


def test_hand_index_single_hand() -> None:
    assert oe.hand_index("2c 2d 2h 2s") == 0
    assert oe.hand_index("As Ah Ad Ac") == 270724
    i = oe.hand_index("Kd Ad 2s 3s")
    assert isinstance(i, int)
    assert sorted(oe.all_hands()[i].tolist()) == sorted(ref.cards("AdKd2s3s"))


@pytest.mark.parametrize(
    ("hand", "error", "message"),
    [
        ("As Kd Qh", OmahaEvalError, "hand: expected 4, 5 or 6 cards, got 3"),
        ("As As Qh Jc", OmahaEvalError, "appears twice"),
        ([[0, 1, 2, 2]], OmahaEvalError, "row 0 repeats a card"),
        ([[0, 1, 2, 52]], OmahaEvalError, "card id 52 is outside 0..51"),
        ([[0, 1, 2, 3, 4, 5, 6]], OmahaEvalError, r"4, 5 or 6 cards per row, got shape \(1, 7\)"),
        ([[0, 1, 2]], OmahaEvalError, "expected 4, 5 or 6 cards per row"),
        ([[0.0, 1.0, 2.0, 3.0]], OmahaEvalTypeError, "integer card ids"),
    ],
)
def test_hand_index_errors(hand: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        oe.hand_index(hand)


@pytest.mark.parametrize("seed", range(4))
def test_rank_board_all_hands_equals_evaluate_batch(seed: int) -> None:
    rng = np.random.default_rng(seed)
    board = rng.choice(52, size=5, replace=False)
    high, low = oe.rank_board(board)
    hands = oe.all_hands()
    live = ~np.isin(hands, board).any(axis=1)
    assert live.sum() == comb(47, 4)
    want_high, want_low = oe.evaluate_batch(hands[live], board)
    assert np.array_equal(high[live], want_high)
    assert np.array_equal(low[live], want_low)
    assert not high[~live].any() and not low[~live].any()
    assert (high[live] > 0).all()


def test_rank_board_matches_the_oracle_on_a_sample() -> None:
    rng = np.random.default_rng(11)
    for _ in range(3):
        board = rng.choice(52, size=5, replace=False).tolist()
        high, low = oe.rank_board(board)
        for row in rng.integers(0, oe.N_HANDS, size=40):
            hand = oe.all_hands()[row].tolist()
            if set(hand) & set(board):
                assert (high[row], low[row]) == (0, 0)
            else:
                assert (int(high[row]), int(low[row])) == ref.evaluate(hand, board)


@pytest.mark.parametrize("k", [4, 5, 6])
def test_rank_board_given_hands(k: int) -> None:
    rng = np.random.default_rng(k)
    board = rng.choice(52, size=5, replace=False)
    hands = rs.deal(rng, 3000, k, board.tolist())
    hands = rng.permuted(hands, axis=1)  # any card order
    high, low = oe.rank_board(board, hands)
    want_high, want_low = oe.evaluate_batch(hands, board)
    assert np.array_equal(high, want_high) and np.array_equal(low, want_low)


def test_rank_board_worked_examples() -> None:
    high, low = oe.rank_board("2c 5h 7d Js Kd")
    assert low[oe.hand_index("As 2h Kc Qc")] == 0  # the 2 pairs the board
    assert oe.low_name(int(low[oe.hand_index("Ac 3s Jh Jc")])) == "7-5-3-2-A"
    assert oe.high_name(int(high[oe.hand_index("Ac 3s Jh Jc")])) == "Three of a kind, jacks"
    _, low = oe.rank_board("4c 6h 9d Ks Qd")
    assert not low.any()  # two low ranks on board: no low for anyone


def test_rank_board_errors() -> None:
    with pytest.raises(OmahaEvalError, match=r"hands: row 1 .* holds board card"):
        oe.rank_board("2c 5h 7d Js Kd", [[4, 8, 12, 16], [1, 13, 9, 14]])
    with pytest.raises(OmahaEvalError, match="board: expected 5 cards"):
        oe.rank_board("2c 5h 7d Js")
    with pytest.raises(OmahaEvalError, match="hands: expected 4, 5 or 6 cards per row"):
        oe.rank_board("2c 5h 7d Js Kd", [[0, 4, 8]])
    high, low = oe.rank_board("2c 5h 7d Js Kd", np.empty((0, 4), dtype=np.uint8))
    assert high.shape == (0,) and low.shape == (0,)


def test_solver_docstring_examples() -> None:
    import doctest

    import omaha_eval.hands
    import omaha_eval.solver.showdown
    import omaha_eval.solver.street

    attempted = 0
    for module in (omaha_eval.hands, omaha_eval.solver.street, omaha_eval.solver.showdown):
        result = doctest.testmod(module)
        assert result.failed == 0, module
        attempted += result.attempted
    assert attempted >= 10
