"""StreetShares.range_equity: the hero range's equity against the villain
range, checked against equity() (exact enumeration of the same
range-vs-range spot) on flops, turns and rivers, with weights and with hands
that collide with each other and with the board."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.cards import format_cards

WEIGHTS = [0.25, 0.5, 1.0, 2.0, 3.0]


def _range_text(rows: np.ndarray, weights: list[float]) -> str:
    return ", ".join(f"{format_cards(r)}@{w}" for r, w in zip(rows, weights, strict=True))


SPOTS = {
    "seed": st.integers(0, 2**32 - 1),
    "board_size": st.sampled_from([3, 4, 5]),
    "game": st.sampled_from(["omaha8", "omaha"]),
    "sizes": st.tuples(st.integers(1, 4), st.integers(1, 4)),
    "data": st.data(),
}


@settings(max_examples=20, deadline=None)
@given(**SPOTS)
def test_range_equity_is_equity_of_the_hero_range(
    seed: int, board_size: int, game: str, sizes: tuple[int, int], data: st.DataObject
) -> None:
    _check_against_equity(seed, board_size, game, sizes, data)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(**SPOTS)
def test_range_equity_is_equity_of_the_hero_range_many_spots(
    seed: int, board_size: int, game: str, sizes: tuple[int, int], data: st.DataObject
) -> None:
    _check_against_equity(seed, board_size, game, sizes, data)


def _check_against_equity(
    seed: int, board_size: int, game: str, sizes: tuple[int, int], data: st.DataObject
) -> None:
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    board = deck[:board_size]
    # hands drawn from a few cards beyond the board, so that hero and villain
    # hands often share cards (card removal); one hero hand may hold a board card
    pool = deck[board_size : board_size + 20]
    hero = np.array([np.sort(rng.choice(pool, 4, replace=False)) for _ in range(sizes[0])])
    villain = np.array([np.sort(rng.choice(pool, 4, replace=False)) for _ in range(sizes[1])])
    if data.draw(st.booleans()):
        hero = np.vstack([hero, np.sort(np.append(pool[:3], board[0]))])
    hero, villain = np.unique(hero, axis=0), np.unique(villain, axis=0)
    hw = data.draw(st.lists(st.sampled_from(WEIGHTS), min_size=len(hero), max_size=len(hero)))
    vw = data.draw(st.lists(st.sampled_from(WEIGHTS), min_size=len(villain), max_size=len(villain)))
    hero_text, villain_text = _range_text(hero, hw), _range_text(villain, vw)
    shares = oe.street_equity(board, oe.Range(hero_text), oe.Range(villain_text), game=game)
    got = shares.range_equity(oe.Range(hero_text))
    try:
        want = oe.equity([hero_text, villain_text], board, exact=True, game=game)
    except OmahaEvalError:  # no hero and villain hands can be dealt together
        assert math.isnan(got)
        return
    assert got == pytest.approx(want.players[0].equity, abs=1e-12)


BOARD = "Qd 7h 2d"
HERO = "AsAh2c3d@2, KsKh4c5d, Qs9c9d8h@0.5"  # Qs: collides with no board card
VILLAIN = "7c7d8c9d, QhQc5s6h@0.5, As3c4h5d@3"  # As, 3c: collide with hero hands


def test_range_equity_with_weights_as_an_array_or_as_the_range() -> None:
    hero = oe.Range(HERO)
    r = oe.street_equity(BOARD, hero, VILLAIN)
    # hero_combos keep the range's order here (no hand holds a board card)
    aligned = [
        hero.weights[int(np.flatnonzero((hero.combos == row).all(axis=1))[0])]
        for row in r.hero_combos
    ]
    assert r.range_equity(aligned) == r.range_equity(hero)
    want = oe.equity([HERO, VILLAIN], BOARD).players[0].equity
    assert r.range_equity(hero) == pytest.approx(want, abs=1e-12)


def test_range_equity_without_weights_counts_every_hero_hand_once() -> None:
    r = oe.street_equity(BOARD, HERO, VILLAIN)
    unweighted = "AsAh2c3d@1, KsKh4c5d@1, Qs9c9d8h@1"  # @1: a range, not 12 cards
    want = oe.equity([unweighted, VILLAIN], BOARD).players[0].equity
    assert r.range_equity() == pytest.approx(want, abs=1e-12)
    # and it is not the plain mean of the rows: live weights differ by card removal
    assert r.range_equity() != pytest.approx(float(np.mean(r.equity)), abs=1e-6)


def test_range_equity_is_nan_when_no_hero_hand_is_live() -> None:
    r = oe.street_equity(BOARD, [[48, 49, 0, 5]], [[48, 50, 8, 13]])
    assert math.isnan(r.range_equity())


@pytest.mark.parametrize(
    ("weights", "error", "message"),
    [
        ([1.0], OmahaEvalError, r"hero_weights: expected shape \(3,\)"),
        ([1.0, -1.0, 1.0], OmahaEvalError, "hero_weights: weight -1.0 at row 1"),
        ("AA", OmahaEvalTypeError, "hero_weights: expected numbers"),
        (
            oe.Range("AsAh2c3d, KsKh4c5d"),
            OmahaEvalError,
            "hero_weights: hero hand .* is not in the set given",
        ),
        (
            oe.Range("AsAh2c3d!AsAh2c3d"),
            OmahaEvalError,  # an empty set
            "hero_weights: hero hand .* is not in the set given",
        ),
    ],
)
def test_range_equity_errors(weights: object, error: type[Exception], message: str) -> None:
    r = oe.street_equity(BOARD, HERO, VILLAIN)
    with pytest.raises(error, match=message):
        r.range_equity(weights)
