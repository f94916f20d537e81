"""showdown's side pots (docs/rules.md "Side pots"): pots end only at the
amounts of players still in; folded chips join the pots they reach; chips
above every live amount go back.  Hand-worked spots, then random spots
against the plain-Python layer-and-merge splitter of tests/oracles/solver.py."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import solver as rs

import omaha_eval as oe

BOARD = "3c 5h 8d Ks Jd"  # lows possible
TRIP_KINGS = "Kc Kh Qs Qd"  # best high here, no low
LOW_8532A = "Ah 2h Qc 9h"  # 8-5-3-2-A
LOW_8532A_TOO = "Ad 2d Tc 9c"  # the same low
NO_LOW_BOARD = "9c Tc Jd Qh 2s"


def test_issue_12_folded_amounts_do_not_cut_the_pot() -> None:
    # the two live hands tie; the four folded amounts (12, 1, 19, 4) all lie
    # inside the one live layer (0, 22]: one pot of 80, no odd chip
    hands = ["2hAsQh8h", "2cAhQd8s", None, None, None, None]
    chips = [22, 22, 12, 1, 19, 4]
    assert oe.showdown(hands, "Kc6s9cKs6c", chips, button=3, game="omaha") == [40, 40, 0, 0, 0, 0]
    assert rs.showdown(
        [oe.parse_cards(h).tolist() if h else None for h in hands],
        oe.parse_cards("Kc6s9cKs6c").tolist(),
        chips,
        3,
        "omaha",
    ) == [40, 40, 0, 0, 0, 0]


def test_folded_chips_inside_a_live_layer_join_that_pot() -> None:
    # live: seat 0 all-in 10 (best high), seats 1, 2 at 40; seat 3 folded after 25.
    # main pot 10 x 4 = 40 (seats 0-2), side pot 30 + 30 + 15 = 75 (seats 1, 2)
    hands = ["Ad Kd 3h 4h", "Qc Qd 5c 5d", "Jc Js 6c 6d", None]
    assert oe.showdown(hands, NO_LOW_BOARD, [10, 40, 40, 25]) == [40, 75, 0, 0]


def test_odd_chips_dealt_once_per_live_pot() -> None:
    # 40 live + 4 folded chips: one pot of 44 between two tied highs, 22 each.
    # Cut at the folded 1 and 2 (the old behaviour), the layers of 5 and 3
    # chips would each have sent an odd chip to the same seat: 23 / 21.
    hands = ["Ad Kd 3h 4h", "Ac Kc 5h 6h", None, None, None]
    for button in range(5):
        assert oe.showdown(hands, NO_LOW_BOARD, [20, 20, 2, 1, 1], button=button) == [
            22,
            22,
            0,
            0,
            0,
        ]
    hands = hands[:3]
    # 41 chips: one odd chip, to the first tied winner clockwise from the button
    assert oe.showdown(hands, NO_LOW_BOARD, [20, 20, 1], button=0) == [20, 21, 0]
    assert oe.showdown(hands, NO_LOW_BOARD, [20, 20, 1], button=1) == [21, 20, 0]


def test_folded_chips_above_every_live_amount_go_back() -> None:
    # seat 2 put in 60 and folded; the live players put in 30: 30 of seat 2's
    # chips are in the pot (90 in all), the other 30 were never called
    assert oe.showdown([TRIP_KINGS, LOW_8532A, None], BOARD, [30, 30, 60]) == [45, 45, 30]
    # two folded players above the live amount: each gets their own excess
    assert oe.showdown([TRIP_KINGS, None, None], BOARD, [5, 9, 12]) == [15, 4, 7]


def test_everyone_folded_or_a_live_player_who_put_in_nothing() -> None:
    assert oe.showdown([None, None, None], BOARD, [3, 0, 8]) == [3, 0, 8]
    # a live player who put in nothing contests no pot: the one pot, (0, 10],
    # holds 10 + 4 chips and only seat 1 contests it
    assert oe.showdown([LOW_8532A, TRIP_KINGS, None], BOARD, [0, 10, 4]) == [0, 14, 0]


def test_hi_lo_pot_with_folded_chips_quartered() -> None:
    # seats 0 and 1 share the low; seat 0 also has the best high; seat 2
    # folded after 13: one pot of 73 = high 37 + low 36 (18 each)
    hands = ["As 2s Kc Kh", LOW_8532A, None]
    assert oe.showdown(hands, BOARD, [30, 30, 13]) == [55, 18, 0]


def test_side_pots_reference_on_hand_worked_cases() -> None:
    """The oracle itself, on spots worked out from docs/rules.md by hand."""
    assert rs.side_pots([22, 22, 12, 1, 19, 4], [True, True] + [False] * 4) == (
        [(80, [0, 1])],
        [0] * 6,
    )
    assert rs.side_pots([10, 40, 40, 25], [True, True, True, False]) == (
        [(40, [0, 1, 2]), (75, [1, 2])],
        [0, 0, 0, 0],
    )
    assert rs.side_pots([30, 30, 60], [True, True, False]) == ([(90, [0, 1])], [0, 0, 30])
    assert rs.side_pots([3, 0, 8], [False] * 3) == ([], [3, 0, 8])


@st.composite
def side_pot_spots(
    draw: st.DrawFn,
) -> tuple[list[list[int] | None], list[int], list[int], int, str]:
    n = draw(st.integers(2, 10))
    k = draw(st.sampled_from([4, 5, 6]))
    while 5 + k * n > 52:
        k -= 1
    seed = draw(st.integers(0, 2**32 - 1))
    deck = np.random.default_rng(seed).permutation(52).tolist()
    board = deck[:5]
    live = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    # few distinct live amounts, so ties, equal all-ins and odd chips are common
    live_amount = st.sampled_from([0, 1, 2, 3, 7, 10, 25, 25, 99, 100])
    amounts = [draw(live_amount) for _ in range(n)]
    top = max([a for a, alive in zip(amounts, live, strict=True) if alive], default=0)
    for i in range(n):
        if not live[i]:  # folded: anywhere, inside the live layers or above them all
            amounts[i] = draw(st.integers(0, top + 30))
    hands = [deck[5 + k * i : 5 + k * (i + 1)] if live[i] else None for i in range(n)]
    button = draw(st.integers(0, n - 1))
    game = draw(st.sampled_from(["omaha8", "omaha"]))
    return hands, board, amounts, button, game


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(side_pot_spots())
def test_property_matches_the_layer_and_merge_reference(
    spot: tuple[list[list[int] | None], list[int], list[int], int, str],
) -> None:
    hands, board, chips, button, game = spot
    payouts = oe.showdown(hands, board, chips, button=button, game=game)
    assert payouts == rs.showdown(hands, board, chips, button, game)
    assert sum(payouts) == sum(chips) and min(payouts) >= 0
    assert all(payouts[i] == 0 or hands[i] is not None or chips[i] > 0 for i in range(len(chips)))


@settings(max_examples=200, deadline=None)
@given(side_pot_spots(), st.data())
def test_property_folded_amounts_matter_only_by_layer(
    spot: tuple[list[list[int] | None], list[int], list[int], int, str], data: st.DataObject
) -> None:
    """Metamorphic, no oracle: a chip moved between two folded players whose
    amounts stay strictly inside the same live layer changes no payout of a
    live player (the pots hold the same chips)."""
    hands, board, chips, button, game = spot
    live_levels = sorted({0, *(c for c, h in zip(chips, hands, strict=True) if h is not None)})
    folded = [i for i, h in enumerate(hands) if h is None]
    pairs = [(a, b) for a in folded for b in folded if a != b and chips[a] > 0]
    if not pairs:
        return
    a, b = data.draw(st.sampled_from(pairs))

    def layer(x: int) -> int:  # index of the live layer (lo, hi] holding chip x
        return sum(x > level for level in live_levels)

    moved = list(chips)
    moved[a] -= 1
    moved[b] += 1
    top = live_levels[-1]
    same = layer(chips[a]) == layer(moved[a]) == layer(chips[b]) == layer(moved[b])
    if not same or max(chips[a], moved[b]) > top:
        return
    before = oe.showdown(hands, board, chips, button=button, game=game)
    after = oe.showdown(hands, board, moved, button=button, game=game)
    assert [before[i] for i in range(len(hands)) if hands[i] is not None] == [
        after[i] for i in range(len(hands)) if hands[i] is not None
    ]


@pytest.mark.parametrize("n", range(2, 11))
def test_ten_seats_every_size(n: int) -> None:
    """n live players with rising all-ins and a folded player between each
    pair of them: the pots are exactly the live layers."""
    rng = np.random.default_rng(n)
    deck = rng.permutation(52).tolist()
    board = deck[:5]
    hands: list[list[int] | None] = [deck[5 + 4 * i : 9 + 4 * i] for i in range(n)]
    chips = [10 * (i + 1) for i in range(n)]
    hands += [None] * (n - 1)
    chips += [10 * (i + 1) + 5 for i in range(n - 1)]
    hands, chips = hands[:10], chips[:10]
    button = int(rng.integers(len(hands)))
    for game in ("omaha8", "omaha"):
        payouts = oe.showdown(hands, board, chips, button=button, game=game)
        assert sum(payouts) == sum(chips)
        assert payouts == rs.showdown(hands, board, chips, button, game)
        pots, back = rs.side_pots(chips, [h is not None for h in hands])
        assert len(pots) == n and back == [0] * len(hands)
