"""The street kernel's outcome run (StreetSpot.run_outcomes, src_c/oe_street.h
on src_c/oe_showdown.c) against pair enumeration: the deal-by-deal oracle of
tests/oracles/showdown.py (any hole cards each side) and the engine's own
exact enumeration (EquitySpot.exact, one hole-card count): per hero the
outcome cells and makes_low, the two players' breakdown, the deal count;
random small ranges with weights, dead cards, 4/5/6 cards, both games,
flop, turn and river."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles.showdown import StreetOracle, plain_values
from random_hands import live_hands

import omaha_eval as oe
from omaha_eval import _core
from omaha_eval._checks import card_mask, row_masks
from omaha_eval.engine.sweep import street_outcomes
from omaha_eval.games import game as read_game

REL = 1e-12  # weighted sums: within this times the total deal weight

Hands = npt.NDArray[np.uint8]


def package_values(hands: list[list[int]], board: list[int]) -> list[tuple[int, int, int]]:
    """(high, low, category) by the package's evaluator (fast; the evaluator
    has exhaustive tests of its own)."""
    if not hands:
        return []
    high, low = oe.evaluate_batch(np.array(hands, dtype=np.uint8), np.array(board, np.uint8))
    category = oe.high_category(high)
    return list(zip(high.tolist(), low.tolist(), np.asarray(category).tolist(), strict=True))


@st.composite
def spots(draw: Any, sizes: tuple[int, int] = (4, 5), same_k: bool = False) -> dict[str, Any]:
    """A board of 3, 4 or 5 cards, 0 to 3 dead cards, and two sets of hands
    from a small pool of cards (so that hands share 1 to 4 cards), with unit
    or random weights (some 0), and a game."""
    n_board = draw(st.sampled_from([3, 4, 5]))
    n_dead = draw(st.integers(0, 3))
    k_hero = draw(st.sampled_from([4, 5, 6]))
    k_villain = k_hero if same_k else draw(st.sampled_from([4, 5, 6]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    cards = rng.choice(52, size=n_board + n_dead, replace=False)
    board, dead = sorted(cards[:n_board].tolist()), sorted(cards[n_board:].tolist())
    pool = rng.choice(
        np.setdiff1d(np.arange(52), cards), size=draw(st.integers(8, 14)), replace=False
    )
    small = n_board == 3  # a flop: few hands, the oracle is plain Python
    count = sizes[0] if small else sizes[1] * 3

    def hands(k: int) -> Hands:
        rows = {
            tuple(sorted(rng.choice(pool, size=k, replace=False).tolist())) for _ in range(count)
        }
        return np.array(sorted(rows), dtype=np.uint8)

    hero, villain = hands(k_hero), hands(k_villain)
    unit = draw(st.booleans())
    hero_w = np.ones(len(hero)) if unit else rng.choice([0.0, 0.5, 1.0, 3.0], size=len(hero))
    villain_w = np.ones(len(villain)) if unit else rng.exponential(size=len(villain))
    if not unit:
        villain_w[rng.random(len(villain)) < 0.2] = 0.0
        if draw(st.booleans()):  # heroes holding its cards block almost all: summed directly
            villain_w[0] = 1e6
    return {
        "board": board,
        "dead": dead,
        "hero": hero,
        "villain": villain,
        "hero_w": hero_w,
        "villain_w": villain_w,
        "game": draw(st.sampled_from(["omaha8", "omaha"])),
        "exact": unit,
    }


def street_spot(s: dict[str, Any]) -> _core.StreetSpot:
    dead = np.array(s["dead"], dtype=np.uint8)
    return _core.StreetSpot(
        np.array(s["board"], dtype=np.uint8),
        s["hero"],
        s["villain"],
        s["villain_w"],
        read_game(s["game"]).code,
        dead=card_mask(dead),
        hero_weight=s["hero_w"],
    )


def assert_sums(
    got: npt.NDArray[np.float64], want: npt.NDArray[np.float64], s: dict[str, Any], total: float
) -> None:
    if s["exact"]:  # weights whose sums are exact (whole numbers): equal
        assert np.array_equal(got, want), (got, want)
    else:
        assert np.abs(got - want).max(initial=0.0) <= REL * max(total, 1.0)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots())
def test_outcomes_equal_the_deal_by_deal_oracle(s: dict[str, Any]) -> None:
    spot = street_spot(s)
    outcome, makes_low, breakdown = street_outcomes(spot, len(s["hero"]) + len(s["villain"]), 1)
    want = StreetOracle(
        s["board"],
        s["dead"],
        s["hero"].tolist(),
        s["hero_w"].tolist(),
        s["villain"].tolist(),
        s["villain_w"].tolist(),
        high_only=s["game"] == "omaha",
        values=package_values,
    )
    total = float(want.outcome.sum())
    assert_sums(outcome, want.outcome, s, total)
    assert_sums(makes_low, want.makes_low, s, total)
    assert_sums(breakdown, want.breakdown, s, float(want.breakdown[0, :9].sum()))
    assert spot.deals == want.deals
    if s["game"] == "omaha":
        assert not makes_low.any() and not breakdown[:, 9:].any()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots())
def test_the_run_without_breakdown_and_the_totals_agree_with_the_full_run(
    s: dict[str, Any],
) -> None:
    """run_outcomes(breakdown=False) gives the same cells and makes_low, to
    the bit; run_totals the hero-weighted sums of the full run's (equal for
    whole-number weights) and the same breakdown."""
    spot = street_spot(s)
    outcome, makes_low, breakdown = spot.run_outcomes(0, spot.runouts)
    cells, low = spot.run_outcomes(0, spot.runouts, breakdown=False)
    assert np.array_equal(cells, outcome) and np.array_equal(low, makes_low)
    histogram, mine, both = spot.run_totals(0, spot.runouts)
    weighted = s["hero_w"] @ outcome
    total = float(weighted.sum())
    assert_sums(histogram, weighted, s, total)
    assert_sums(mine, np.array([s["hero_w"] @ makes_low]), s, total)
    assert np.array_equal(both, breakdown)


@settings(max_examples=30, deadline=None)
@given(spots(sizes=(8, 40), same_k=True))
def test_weighted_outcomes_equal_exact_enumeration(s: dict[str, Any]) -> None:
    """sum_i w_i * outcome[i] is EquitySpot.exact's outcome histogram, the
    hero's makes_low and both breakdown rows too, and the deals the same."""
    check_against_exact(s)


def check_against_exact(s: dict[str, Any]) -> None:
    spot = street_spot(s)
    outcome, makes_low, breakdown = street_outcomes(spot, len(s["hero"]) + len(s["villain"]), 2)
    board, dead = np.array(s["board"], np.uint8), np.array(s["dead"], np.uint8)
    hero, villain = s["hero"], s["villain"]
    keep_h, keep_v = s["hero_w"] > 0, s["villain_w"] > 0  # the engine's ranges hold weights > 0
    if not keep_h.any() or not keep_v.any():
        return
    exact = _core.EquitySpot(
        hero.shape[1],
        read_game(s["game"]).code,
        board,
        card_mask(board) | card_mask(dead),
        [_core.EQ_RANGE, _core.EQ_RANGE],
        [np.ascontiguousarray(hero[keep_h]), np.ascontiguousarray(villain[keep_v])],
        [s["hero_w"][keep_h], s["villain_w"][keep_v]],
        [row_masks(hero[keep_h]), row_masks(villain[keep_v])],
    )
    want_outcome, want_low, want_bd = np.zeros(16), np.zeros(2), np.zeros((2, _core.N_BREAKDOWN))
    deals, code = exact.exact(0, 1, want_outcome, want_low, want_bd)
    assert code == _core.EQ_OK
    total = float(want_outcome.sum())
    assert_sums(s["hero_w"] @ outcome, want_outcome, s, total)
    assert_sums(np.array([s["hero_w"] @ makes_low]), want_low[:1], s, total)
    assert_sums(breakdown, want_bd, s, total)
    assert spot.deals == deals


@pytest.mark.slow
@pytest.mark.parametrize("game", ["omaha8", "omaha"])
def test_hundreds_of_combos_on_a_flop_equal_exact_enumeration(game: str) -> None:
    """Random ranges of a few hundred hands with weights on a flop, two dead
    cards: the hero-weighted cells, makes_low, breakdown and deals of every
    runout against EquitySpot.exact."""
    rng = np.random.default_rng(46 + (game == "omaha"))
    cards = rng.choice(52, size=5, replace=False)
    board, dead = sorted(cards[:3].tolist()), sorted(cards[3:].tolist())
    s = {
        "board": board,
        "dead": dead,
        "hero": live_hands(rng, cards, 250),
        "villain": live_hands(rng, cards, 300),
        "game": game,
    }
    # weights of a few binary digits: every sum is exact in floating point, so
    # the comparison is too (summed deal by deal, 47 M deals, a reference
    # sum would drift by more than 1e-12 of the total)
    s["hero_w"] = rng.choice([0.25, 0.5, 1.0, 2.0, 3.0], size=250)
    s["villain_w"] = rng.choice([0.125, 0.5, 1.0, 1.5, 4.0], size=300)
    s["exact"] = True
    check_against_exact(s)


@pytest.mark.parametrize("n_board", [4, 5])
def test_plain_python_values_agree_on_a_small_spot(n_board: int) -> None:
    """One spot settled with the plain-Python evaluator throughout: hands of
    4 and 5 cards sharing cards, weights, a dead card, hi/lo."""
    rng = np.random.default_rng(7 + n_board)
    cards = rng.choice(52, size=n_board + 1, replace=False)
    board, dead = sorted(cards[:n_board].tolist()), [int(cards[-1])]
    pool = np.setdiff1d(np.arange(52), cards)[:16]
    hero = np.array(
        sorted({tuple(sorted(rng.choice(pool, 4, replace=False))) for _ in range(5)}), np.uint8
    )
    villain = np.array(
        sorted({tuple(sorted(rng.choice(pool, 5, replace=False))) for _ in range(6)}), np.uint8
    )
    s = {
        "board": board,
        "dead": dead,
        "hero": hero,
        "villain": villain,
        "hero_w": rng.random(len(hero)) + 0.5,
        "villain_w": rng.random(len(villain)) + 0.5,
        "game": "omaha8",
        "exact": False,
    }
    outcome, makes_low, breakdown = street_outcomes(street_spot(s), 11, 1)
    want = StreetOracle(
        board,
        dead,
        hero.tolist(),
        s["hero_w"].tolist(),
        villain.tolist(),
        s["villain_w"].tolist(),
        values=plain_values,
    )
    total = float(want.outcome.sum())
    assert total > 0
    assert_sums(outcome, want.outcome, s, total)
    assert_sums(makes_low, want.makes_low, s, total)
    assert_sums(breakdown, want.breakdown, s, total)


def test_threads_give_the_same_bits_and_run_agrees_with_the_cells() -> None:
    """Blocks added in order: one and two threads give the same bits; the
    shares of run() are the cells weighed by the split's shares."""
    rng = np.random.default_rng(3)
    board = rng.choice(52, size=3, replace=False).astype(np.uint8)
    hero, villain = live_hands(rng, board, 120), live_hands(rng, board, 150)
    w = rng.random(len(villain))
    spot = _core.StreetSpot(board, hero, villain, w, read_game("omaha8").code)
    one = street_outcomes(spot, len(hero) + len(villain), 1)
    two = street_outcomes(spot, len(hero) + len(villain), 2)
    for a, b in zip(one, two, strict=True):
        assert np.array_equal(a, b)
    hi, lo, scoop = spot.run(0, spot.runouts)
    cells = one[0]
    # cell hi << 2 | lo: the hero's shares of each outcome (docs/rules.md)
    hi_of = np.zeros(16)
    lo_of = np.zeros(16)
    scoop_of = np.zeros(16)
    for cell in range(4, 16):
        high, low = cell >> 2, cell & 3
        half = 0.5 if low else 1.0
        hi_of[cell] = half / bin(high).count("1") if high & 1 else 0.0
        lo_of[cell] = 0.5 / bin(low).count("1") if low & 1 else 0.0
        scoop_of[cell] = high == 1 and low in (0, 1)
    total = cells.sum()
    for got, per_cell in ((hi, hi_of), (lo, lo_of), (scoop, scoop_of)):
        assert np.abs(got - cells @ per_cell).max() <= REL * total


def test_street_spot_refuses_bad_hero_weights_and_blocks() -> None:
    board = np.array([0, 5, 10], np.uint8)
    hands = np.array([[20, 21, 22, 23], [24, 25, 26, 27]], np.uint8)
    with pytest.raises(ValueError, match="hero weights"):
        _core.StreetSpot(board, hands, hands, np.ones(2), 0, hero_weight=np.ones(3))
    spot = _core.StreetSpot(board, hands, hands, np.ones(2), 0)
    with pytest.raises(ValueError, match="out of range"):
        spot.run_outcomes(0, spot.runouts + 1)
    outcome, makes_low, breakdown = spot.run_outcomes(0, 0)
    assert outcome.shape == (2, 16) and makes_low.shape == (2,) and breakdown.shape == (2, 12)
    assert not outcome.any() and not breakdown.any()
    with pytest.raises(ValueError, match="out of range"):
        spot.run_totals(1, spot.runouts)
    histogram, mine, breakdown = spot.run_totals(0, 0)
    assert histogram.shape == (16,) and mine.shape == (1,) and breakdown.shape == (2, 12)
    assert not histogram.any() and not mine.any() and not breakdown.any()
