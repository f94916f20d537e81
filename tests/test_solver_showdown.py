"""showdown: the docs/rules.md pot examples by hand, and random spots against the
plain-Python showdown of tests/oracles/solver.py."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref
from oracles import solver as rs

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError

BOARD = "3c 5h 8d Ks Jd"  # low ranks 3, 5, 8: lows possible
TRIP_KINGS = "Kc Kh Qs Qd"  # three kings, no low
LOW_8532A = "Ah 2h Qc 9h"  # 8-5-3-2-A, queen high
LOW_8532A_TOO = "Ad 2d Tc 9c"  # the same low, ten high
NO_LOW_BOARD = "9c Tc Jd Qh 2s"  # one low rank: nobody has a low


def test_quartering() -> None:
    # both hold 8-5-3-2-A; the first also has the best high: 1/2 + 1/4
    assert oe.showdown(["As 2s Kc Kh", LOW_8532A], BOARD, [40, 40]) == [60, 20]


def test_scoop() -> None:
    assert oe.showdown(["Ad Kd 3s 2s", "Qs Qh 7c 6c"], "Jd 4d 3c Qd 5h", [50, 50]) == [100, 0]


def test_split_high_and_low() -> None:
    assert oe.showdown([TRIP_KINGS, LOW_8532A], BOARD, [30, 30]) == [30, 30]


def test_no_low_board_high_takes_all() -> None:
    hands = ["Ad Kd 3h 4h", "7c 7d 7h 3s"]  # broadway vs a pair; A-3-4 make no low here
    assert oe.showdown(hands, NO_LOW_BOARD, [25, 25]) == [50, 0]


def test_short_stack_best_low_wins_only_main_pot_low_half() -> None:
    # seat 0 all-in for 20 with the only low; seats 1 and 2 put in 100 each
    hands = [LOW_8532A, TRIP_KINGS, "Jc Jh Tc Td"]
    payouts = oe.showdown(hands, BOARD, [20, 100, 100])
    # main pot 60: high 30 to seat 1, low 30 to seat 0; side pot 160 to seat 1
    assert payouts == [30, 190, 0]


def test_three_way_side_pots() -> None:
    hands = ["Ad Kd 3h 4h", "Qc Qd 5c 5d", "Jc Js 6c 6d", "4c 4d 3c 3d"]
    # strengths: seat 0 > 1 > 2 > 3; all-ins at 10, 30 and 60
    payouts = oe.showdown(hands, NO_LOW_BOARD, [10, 30, 60, 60])
    assert payouts == [40, 60, 60, 0]


def test_folded_chips_stay_in_the_pot() -> None:
    hands = [None, TRIP_KINGS, "Jc Jh Tc Td"]
    assert oe.showdown(hands, BOARD, [30, 50, 50]) == [0, 130, 0]


def test_uncontested_pot_goes_back() -> None:
    # seat 0 bet 100 and folded to an all-in for 40: the 60 nobody else paid returns
    assert oe.showdown([None, TRIP_KINGS], BOARD, [100, 40]) == [60, 80]
    assert oe.showdown([None, None], BOARD, [10, 25]) == [10, 25]


def test_odd_chip_goes_to_the_high_half() -> None:
    # 33 chips (the folded seat's included): high half 17, low half 16
    assert oe.showdown([TRIP_KINGS, LOW_8532A, None], BOARD, [11, 11, 11]) == [17, 16, 0]


@pytest.mark.parametrize(
    ("button", "expected"), [(0, [38, 19, 18]), (1, [38, 18, 19]), (2, [38, 19, 18])]
)
def test_odd_chip_in_a_tied_low_goes_clockwise_from_button(
    button: int, expected: list[int]
) -> None:
    hands = [TRIP_KINGS, LOW_8532A, LOW_8532A_TOO]
    # 75 chips: high half 38 to seat 0, low half 37 split 19/18 between 1 and 2
    assert oe.showdown(hands, BOARD, [25, 25, 25], button=button) == expected


@pytest.mark.parametrize(
    ("button", "expected"), [(0, [0, 17, 16]), (1, [0, 16, 17]), (2, [0, 17, 16])]
)
def test_odd_chip_in_a_tied_high(button: int, expected: list[int]) -> None:
    hands = ["7c 7d 7h 3s", "Ad Kd 3h 4h", "Ac Kc 5h 6h"]  # two broadways tie
    assert oe.showdown(hands, NO_LOW_BOARD, [11, 11, 11], button=button) == expected


def test_high_only_game_ignores_lows() -> None:
    assert oe.showdown([TRIP_KINGS, LOW_8532A], BOARD, [30, 30], game="omaha") == [60, 0]


def test_ids_and_numpy_integers_accepted() -> None:
    hands = [oe.parse_cards(TRIP_KINGS), list(oe.parse_cards(LOW_8532A).tolist())]
    payouts = oe.showdown(hands, oe.parse_cards(BOARD), np.array([30, 30]), button=np.int64(1))
    assert payouts == [30, 30] and all(type(p) is int for p in payouts)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 10),
    k=st.sampled_from([4, 5]),
    game=st.sampled_from(["omaha8", "omaha"]),
    data=st.data(),
)
def test_property_matches_reference_and_conserves_chips(
    seed: int, n: int, k: int, game: str, data: st.DataObject
) -> None:
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52).tolist()
    board = deck[:5]
    k = k if 5 + k * n <= 52 else 4
    # few distinct amounts so that ties, side pots and odd chips are common
    amounts = st.sampled_from([0, 1, 2, 3, 7, 10, 25, 25, 99, 100])
    contributions = data.draw(st.lists(amounts, min_size=n, max_size=n))
    folded = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    button = data.draw(st.integers(0, n - 1))
    hands: list[list[int] | None] = [
        None if folded[i] else deck[5 + k * i : 5 + k * (i + 1)] for i in range(n)
    ]
    payouts = oe.showdown(hands, board, contributions, button=button, game=game)
    assert sum(payouts) == sum(contributions)
    assert all(p >= 0 for p in payouts)
    assert payouts == rs.showdown(hands, board, contributions, button=button, game=game)


def test_reference_split_agrees_with_the_oracle_split() -> None:
    """The chip reference gives the same fractions as tests/reference.split
    when the pot divides evenly."""
    rng = np.random.default_rng(9)
    for _ in range(50):
        deck = rng.permutation(52).tolist()
        board, n = deck[:5], int(rng.integers(2, 7))
        hands = [deck[5 + 4 * i : 9 + 4 * i] for i in range(n)]
        values = [ref.evaluate(h, board) for h in hands]
        hi, lo = ref.split([v[0] for v in values], [v[1] for v in values])
        pot = 2 * 720 * n  # divisible by every split of halves among <= 6 players
        chips = oe.showdown(hands, board, [pot // n] * n)
        assert chips == [round((h + low) * pot) for h, low in zip(hi, lo, strict=True)]


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ({"hands": "As Ks Qs Js"}, OmahaEvalTypeError, "hands: expected a list"),
        ({"hands": [TRIP_KINGS]}, OmahaEvalError, "hands: expected 2 to 10 seats, got 1"),
        (
            {"hands": [TRIP_KINGS, "Kc 2c 3d 4d"]},
            OmahaEvalError,
            "card Kc is in both hands\\[0\\] and hands\\[1\\]",
        ),
        (
            {"hands": [TRIP_KINGS, "3c 2c 4d 6d"]},
            OmahaEvalError,
            "card 3c is in both board and hands\\[1\\]",
        ),
        ({"hands": [TRIP_KINGS, "2c 4d 6d"]}, OmahaEvalError, "hands\\[1\\]: expected 4, 5 or 6"),
        ({"contributions": [10, -1]}, OmahaEvalError, "contributions\\[1\\]: chips cannot be"),
        ({"contributions": [10, 2.5]}, OmahaEvalTypeError, "contributions\\[1\\]: expected an int"),
        ({"contributions": [10, True]}, OmahaEvalTypeError, "contributions\\[1\\]: expected an"),
        ({"contributions": [10, 10, 10]}, OmahaEvalError, "expected 2 values"),
        ({"contributions": 20}, OmahaEvalTypeError, "contributions: expected one integer per"),
        ({"contributions": [2**62, 1]}, OmahaEvalError, "contributions: total"),
        ({"button": 2}, OmahaEvalError, "button: expected a seat 0..1, got 2"),
        ({"button": "0"}, OmahaEvalTypeError, "button: expected a seat number"),
        ({"game": "holdem"}, OmahaEvalError, "game: expected a game, one of omaha8"),
        ({"board": "3c 5h 8d Ks"}, OmahaEvalError, "board: expected 5 cards"),
    ],
)
def test_errors(args: dict[str, object], error: type[Exception], message: str) -> None:
    call: dict[str, object] = {
        "hands": [TRIP_KINGS, LOW_8532A],
        "board": BOARD,
        "contributions": [10, 10],
    }
    call.update(args)
    with pytest.raises(error, match=message):
        oe.showdown(**call)  # type: ignore[arg-type]


# ------------------------------------------------------------------ detail=True


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 10),
    game=st.sampled_from(["omaha8", "omaha"]),
    data=st.data(),
)
def test_detail_pots_are_the_oracle_side_pots_split_by_the_oracle_split(
    seed: int, n: int, game: str, data: st.DataObject
) -> None:
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52).tolist()
    board = deck[:5]
    amounts = st.sampled_from([0, 1, 2, 3, 7, 10, 25, 25, 99, 100])
    contributions = data.draw(st.lists(amounts, min_size=n, max_size=n))
    folded = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    button = data.draw(st.integers(0, n - 1))
    hands: list[list[int] | None] = [
        None if folded[i] else deck[5 + 4 * i : 9 + 4 * i] for i in range(n)
    ]
    got = oe.showdown(hands, board, contributions, button=button, game=game, detail=True)
    values = [ref.evaluate(h, board) if h is not None else (0, 0) for h in hands]
    high = [v[0] for v in values]
    low = [v[1] if game == "omaha8" else 0 for v in values]
    pots, back = rs.side_pots(contributions, [h is not None for h in hands])
    assert [(p.amount, list(p.eligible)) for p in got.pots] == pots
    for pot in got.pots:
        hi, lo = rs.pot_winners(high, low, list(pot.eligible))
        assert (list(pot.hi_winners), list(pot.lo_winners)) == (hi, lo)
        assert list(pot.payouts) == rs.split_chips(
            high, low, list(pot.eligible), pot.amount, button
        )
        assert sum(pot.payouts) == pot.amount
    assert got.uncalled == back
    # the payouts are each seat's shares of the pots plus its uncalled chips
    sums = [sum(p.payouts[i] for p in got.pots) + got.uncalled[i] for i in range(n)]
    assert got.payouts == sums
    assert got.payouts == oe.showdown(hands, board, contributions, button=button, game=game)


def test_detail_of_a_quartered_main_pot_and_a_side_pot() -> None:
    """Seat 0 (all in short) and seat 1 hold the same low and quarter the
    main pot's low half; seat 2's trip kings win the high half of both pots,
    seat 1's low the side pot's low half."""
    hands = [LOW_8532A, LOW_8532A_TOO, TRIP_KINGS]
    d = oe.showdown(hands, BOARD, [10, 20, 20], detail=True)
    main, side = d.pots
    assert (main.amount, main.eligible, main.hi_winners, main.lo_winners) == (
        30,
        (0, 1, 2),
        (2,),
        (0, 1),
    )
    assert main.payouts == (7, 8, 15)  # low 15: the odd chip to seat 1, clockwise first
    assert (side.amount, side.eligible, side.hi_winners, side.lo_winners) == (
        20,
        (1, 2),
        (2,),
        (1,),
    )
    assert side.payouts == (0, 10, 10)
    assert d.uncalled == [0, 0, 0] and d.payouts == [7, 18, 25]


def test_detail_when_everyone_folds_is_no_pot_and_every_chip_back() -> None:
    d = oe.showdown([None, None], BOARD, [5, 9], detail=True)
    assert d.pots == () and d.uncalled == [5, 9] and d.payouts == [5, 9]


def test_detail_must_be_a_bool() -> None:
    with pytest.raises(OmahaEvalTypeError, match="detail: expected True or False, got 'yes'"):
        oe.showdown([TRIP_KINGS, LOW_8532A], BOARD, [10, 10], detail="yes")  # type: ignore[call-overload]
