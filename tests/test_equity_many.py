"""equity_many (omaha_eval/solver/many.py): row by row equal to equity(..., exact=True)
on random spots of every street, hand size and player count; every bad row
named by index in one error, before any work."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval.solver.many import ManyEquity, equity_many

FIGURES = ("equity", "hi_share", "lo_share", "scoop")


def random_spots(
    rng: np.random.Generator, n: int, p: int, k: int, b: int
) -> tuple[np.ndarray, np.ndarray]:
    deals = np.argsort(rng.random((n, 52)), axis=1)[:, : p * k + b]
    return deals[:, : p * k].reshape(n, p, k), deals[:, p * k :]


def assert_rows_equal_equity(hands: np.ndarray, boards: np.ndarray, game: str) -> None:
    got = equity_many(hands, boards, game=game)
    for r in range(len(hands)):
        want = oe.equity(
            hands[r].tolist(), board=boards[r].tolist(), exact=True, threads=1, game=game
        )
        for figure in FIGURES:
            row = getattr(got, figure)[r]
            np.testing.assert_allclose(
                row,
                [getattr(p, figure) for p in want.players],
                rtol=0,
                atol=1e-12,
                err_msg=f"row {r} {figure}",
            )
    np.testing.assert_allclose(got.equity.sum(axis=1), 1.0, atol=1e-12)


@pytest.mark.parametrize("b", [5, 4, 3])
@pytest.mark.parametrize("k", [4, 5, 6])
@pytest.mark.parametrize("game", ["omaha8", "omaha"])
def test_heads_up_rows_equal_equity(b: int, k: int, game: str) -> None:
    rng = np.random.default_rng(1000 * b + 10 * k + (game == "omaha"))
    hands, boards = random_spots(rng, {5: 40, 4: 25, 3: 6}[b], 2, k, b)
    assert_rows_equal_equity(hands, boards, game)


@settings(max_examples=40, deadline=None)
@given(
    p=st.integers(2, 7),
    k=st.sampled_from([4, 5, 6]),
    b=st.sampled_from([3, 4, 5]),
    game=st.sampled_from(["omaha8", "omaha"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_multiway_rows_equal_equity(p: int, k: int, b: int, game: str, seed: int) -> None:
    if p * k + b > 52 - (5 - b):
        return
    hands, boards = random_spots(np.random.default_rng(seed), 3 if b == 3 else 5, p, k, b)
    assert_rows_equal_equity(hands, boards, game)


def test_ten_players() -> None:
    hands, boards = random_spots(np.random.default_rng(7), 4, 10, 4, 5)
    assert_rows_equal_equity(hands, boards, "omaha8")


def test_result_is_frozen_and_shaped() -> None:
    hands, boards = random_spots(np.random.default_rng(3), 6, 3, 4, 4)
    r = equity_many(hands, boards)
    assert isinstance(r, ManyEquity)
    for figure in FIGURES:
        arr = getattr(r, figure)
        assert arr.shape == (6, 3) and arr.dtype == np.float64
    np.testing.assert_allclose(r.equity, r.hi_share + r.lo_share, atol=0)
    with pytest.raises(AttributeError):
        r.equity = None  # type: ignore[misc]
    empty = equity_many(np.zeros((0, 2, 4), np.uint8), np.zeros((0, 5), np.uint8))
    assert empty.equity.shape == (0, 2)


def test_bad_rows_named_by_index_in_one_error() -> None:
    hands, boards = random_spots(np.random.default_rng(5), 12, 2, 4, 4)
    hands = hands.astype(np.int64)
    hands[3, 1, 2] = 60  # id out of range
    boards[7, 0] = hands[7, 0, 0]  # a card in a hand and on the board
    hands[9, 1, 3] = hands[9, 0, 1]  # a card in two hands
    boards[10, 2] = -1
    with pytest.raises(oe.OmahaEvalError) as info:
        equity_many(hands, boards)
    text = str(info.value)
    # each row in the words equity() uses for the same spot
    assert "4 bad row(s) (3, 7, 9, 10)" in text
    assert f"hands[3][1]: card id 60 is outside 0..51 in {hands[3, 1].tolist()}" in text
    assert f"boards[10]: card id -1 is outside 0..51 in {boards[10].tolist()}" in text
    card = oe.format_cards([int(boards[7, 0])])
    assert f"card {card} is in both hands[7][0] and boards[7]" in text
    card = oe.format_cards([int(hands[9, 0, 1])])
    assert f"card {card} is in both hands[9][0] and hands[9][1]" in text


@pytest.mark.parametrize(
    ("hands", "boards", "message"),
    [
        (np.zeros((2, 1, 4), int), np.zeros((2, 5), int), "hands: expected 2 to 10 players"),
        (np.zeros((2, 11, 4), int), np.zeros((2, 5), int), "hands: expected 2 to 10 players"),
        (np.zeros((2, 2, 3), int), np.zeros((2, 5), int), "hands: expected 4, 5 or 6 cards"),
        (np.zeros((2, 2, 4), int), np.zeros((2, 2), int), "boards: expected shape (2, 3)"),
        (np.zeros((2, 2, 4), int), np.zeros((3, 5), int), "boards: expected shape (2, 3)"),
        (np.zeros((2, 4), int), np.zeros((2, 5), int), "hands: expected a 3-D array"),
        (np.zeros((2, 2, 4)), np.zeros((2, 5), int), "hands: expected integer card ids"),
        ("As Ks Qs Js", np.zeros((2, 5), int), "hands: expected an array of card ids"),
        # as equity() says of eight six-card hands on a flop
        (
            np.zeros((2, 8, 6), int),
            np.zeros((2, 3), int),
            "hands: too few cards left: 8 players"
            " x 6 hole cards, 3 board and 0 dead cards leave 1 for the 2 board cards to come",
        ),
    ],
)
def test_shape_and_type_errors(hands: object, boards: object, message: str) -> None:
    with pytest.raises(oe.OmahaEvalError, match=re.escape(message)):
        equity_many(hands, boards)


def test_bad_game() -> None:
    hands, boards = random_spots(np.random.default_rng(1), 2, 2, 4, 5)
    with pytest.raises(oe.OmahaEvalError, match="game"):
        equity_many(hands, boards, game="holdem")
