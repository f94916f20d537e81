"""Bad input to equity(): each a clear OmahaEvalError naming what is wrong."""

from __future__ import annotations

import re

import numpy as np
import pytest
from oracles import evaluator as ref

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError

A, B = "As Ah 2c 3d", "7c 7d 4c 5d"


def combos(*hands: str) -> np.ndarray:
    return np.array([ref.cards(h) for h in hands], dtype=np.uint8)


@pytest.mark.parametrize(
    ("players", "board", "dead", "message"),
    [
        ([A, "As Kd Qd Jd"], "", "", "card As is in both players[0] and players[1]"),
        ([A, B], "Ah Kd Qd", "", "card Ah is in both board and players[0]"),
        ([A, B], "Kd Qd Jd", "Qd", "card Qd is in both board and dead"),
        ([A, B], "", "7c", "card 7c is in both dead and players[1]"),
        ([A, "7c 7d 4c 7c"], "", "", "players[1]: card 7c appears twice"),
        ([A, B], "Kd Kd", "", "board: card Kd appears twice"),
        ([A, "7c 7d 4c 5d 6d 8d 9d"], "", "", "players[1]: 7 cards, more than the spot's 4"),
        ([A, B + " 8s"], "", "", "players[1]: 5 hole cards, but players[0] has 4"),
        ([A, B], "Kd Qd Jd Td 9d 8d", "", "board: expected 0, 1, 2, 3, 4 or 5 cards, got 6"),
        ([A], "", "", "players: expected 2 to 10 players, got 1"),
        ([A] + ["*"] * 10, "", "", "players: expected 2 to 10 players, got 11"),
        ([A, "Zz Kd Qd Jd"], "", "", "players[1]: range: column 1"),  # not cards: read as a range
        (["*"] * 9 + [B + " 8s"], "Kd Qd Jd", "", "too few cards left: 10 players x 5 hole cards"),
        (
            ["*"] * 8,
            "",
            " ".join(f"{r}{s}" for r in "23456" for s in "cdhs"),
            "too few cards left: 8 players x 4 hole cards, 0 board and 20 dead cards leave 0",
        ),
    ],
)
def test_bad_spots(players: list, board: str, dead: str, message: str) -> None:
    with pytest.raises(OmahaEvalError, match=re.escape(message)):
        oe.equity(players, board, dead)


def test_empty_range_after_card_removal() -> None:
    ranged = (combos("As Ks 2s 3s", "Ah Kh 2h 3h"), np.array([1.0, 2.0]))
    with pytest.raises(OmahaEvalError, match=r"players\[1\]: no hand of the range is left"):
        oe.equity(["As Ad 4c 5c", ranged], board="Kh 7d 8d")


def test_zero_weights_only() -> None:
    ranged = (combos("Ks Kd 2s 3s", "Qh Kh 2h 3h"), np.array([0.0, 0.0]))
    with pytest.raises(OmahaEvalError, match="every weight is 0"):
        oe.equity([A, ranged])


def test_ranges_that_cannot_be_dealt_together() -> None:
    # Both ranges need the king of spades: no deal exists.
    one = (combos("Ks 2s 3s 4s", "Ks 5h 6h 7h"), np.ones(2))
    two = (combos("Ks Qd Jd Td", "Ks Qc Jc Tc"), np.ones(2))
    with pytest.raises(OmahaEvalError, match="no deal is possible"):
        oe.equity([one, two], board="Ah Ad Ac 9s 9d", exact=True)
    with pytest.raises(OmahaEvalError, match="no deal is possible"):
        oe.equity([one, two], board="Ah Ad Ac 9s 9d", exact=False, trials=10, threads=1)


def test_an_array_of_hands_is_a_range_of_weight_one_each() -> None:
    board = "Kh 8h 2s"
    as_array = oe.equity(["As Ah 2c 3d", combos(A, B)], board)
    as_pair = oe.equity(["As Ah 2c 3d", (combos(A, B), np.ones(2))], board)
    assert as_array.players == as_pair.players


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ((combos(A), np.array([1.0, 2.0])), r"players\[1\] weights: expected shape \(1,\)"),
        ((combos(A, B), np.array([1.0, np.nan])), "weight nan at row 1 is not a finite"),
        ((combos(A, B), np.array([1.0, -1.0])), "weight -1.0 at row 1"),
        ((combos("As Ah 2c 2c"), np.ones(1)), r"players\[1\] combos: row 0 repeats a card"),
        ((np.zeros((0, 4), np.uint8), np.ones(0)), "a range of no hands"),
        ((np.array([[1, 2, 3]], np.uint8), np.ones(1)), r"got shape \(1, 3\)"),
        ((np.array([[1, 2, 3, 99]]), np.ones(1)), "card id 99 is outside 0..51"),
    ],
)
def test_bad_ranges(value: object, message: str) -> None:
    with pytest.raises(OmahaEvalError, match=message):
        oe.equity(["Kd Kc 9s 9h", value])


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"trials": 0}, OmahaEvalError, "trials: expected a whole number >= 1, got 0"),
        ({"trials": 1.5}, OmahaEvalError, "trials: expected a whole number >= 1, got 1.5"),
        ({"trials": True}, OmahaEvalTypeError, "trials"),
        ({"threads": 0}, OmahaEvalError, "threads: expected a whole number >= 1"),
        ({"exact": "yes"}, OmahaEvalTypeError, "exact: expected True, False or None"),
        ({"target_stderr": 0}, OmahaEvalError, "target_stderr: expected a number > 0"),
        ({"target_stderr": "small"}, OmahaEvalTypeError, "target_stderr"),
        ({"game": "holdem"}, OmahaEvalError, "game: expected a game, one of omaha8"),
        (
            {"seed": -1, "exact": False},
            OmahaEvalError,
            r"seed: expected an int 0 <= seed < 2\*\*128",
        ),
        ({"seed": "abc", "exact": False}, OmahaEvalTypeError, "seed: expected None, an int"),
        ({"seed": 2.5}, OmahaEvalTypeError, "seed: expected None, an int"),  # even if exact
    ],
)
def test_bad_options(options: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        oe.equity([A, B], "Kd Qd Jd", **options)


def test_players_must_be_a_list() -> None:
    with pytest.raises(OmahaEvalTypeError, match="players: expected a list"):
        oe.equity(A)  # type: ignore[arg-type]


def test_exact_refuses_absurd_work() -> None:
    with pytest.raises(OmahaEvalError, match="exact: this spot needs about"):
        oe.equity(["*", "*", "*"], exact=True)


def test_range_text_equals_its_combos() -> None:
    """Range text in equity() is the same as passing the Range's combos and weights."""
    from omaha_eval import Range, equity

    board, hero = "Kd 9d 4c 7h 2s", "Ks Kh 2c 3d"
    r = Range("AA:$ds")
    by_text = equity(["AA:$ds", hero], board)
    by_combos = equity([(r.combos, r.weights), hero], board)
    assert by_text.method == by_combos.method == "exact"
    for a, b in zip(by_text.players, by_combos.players, strict=True):
        assert a.equity == b.equity and a.lo_share == b.lo_share
