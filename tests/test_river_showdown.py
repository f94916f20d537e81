"""RiverShowdown (omaha_eval/solver/river_showdown.py on src_c/oe_showdown.c)
against a dense pair matrix in plain Python (tests/oracles/showdown.py:
each pair's pot share by docs/rules.md, zero where the hands share a card):
values = S @ r and live = D @ r, from both sides, for one reach vector and
for many, 4/5/6 cards, both games, dead cards; its input forms and errors."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.showdown import plain_values, river_matrices, river_matrices_numpy
from random_hands import live_hands

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.cards import format_hands
from omaha_eval.solver import RiverShowdown

REL = 1e-12  # fractional reaches: within this times the total reach


def package_values(hands: list[list[int]], board: list[int]) -> list[tuple[int, int, int]]:
    """(high, low, -) by the package's evaluator, for the bigger spots."""
    if not hands:
        return []
    high, low = oe.evaluate_batch(np.array(hands, dtype=np.uint8), np.array(board, np.uint8))
    return [(h, lo, 0) for h, lo in zip(high.tolist(), low.tolist(), strict=True)]


def hands_from(
    rng: np.random.Generator, pool: npt.ArrayLike, k: int, count: int
) -> npt.NDArray[np.uint8]:
    rows = {tuple(sorted(rng.choice(pool, size=k, replace=False).tolist())) for _ in range(count)}
    return np.array(sorted(rows), dtype=np.uint8)


def check_side(
    sd: RiverShowdown,
    shares: npt.NDArray[np.float64],
    dealt: npt.NDArray[np.float64],
    reach: npt.NDArray[np.float64],
    whole: bool,
) -> None:
    """One side's values and live reach, for reach (T, M) and its first row."""
    for r in (reach, reach[0]):
        got_values, got_live = sd.values(r), sd.live(r)
        want_values, want_live = r @ shares.T, r @ dealt.T
        assert got_values.shape == want_values.shape == got_live.shape
        if whole:  # whole-number reaches: exact
            assert np.array_equal(got_values, want_values)
            assert np.array_equal(got_live, want_live)
        else:
            tol = REL * max(float(np.abs(r).sum()), 1.0)
            assert np.abs(got_values - want_values).max(initial=0.0) <= tol
            assert np.abs(got_live - want_live).max(initial=0.0) <= tol


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    k_hero=st.sampled_from([4, 5, 6]),
    k_villain=st.sampled_from([4, 5, 6]),
    n_dead=st.integers(0, 3),
    pool_size=st.integers(9, 20),
    game=st.sampled_from(["omaha8", "omaha"]),
    whole=st.booleans(),
    reaches=st.integers(1, 4),
)
def test_values_and_live_equal_the_dense_pair_matrix(
    seed: int,
    k_hero: int,
    k_villain: int,
    n_dead: int,
    pool_size: int,
    game: str,
    whole: bool,
    reaches: int,
) -> None:
    rng = np.random.default_rng(seed)
    cards = rng.choice(52, size=5 + n_dead, replace=False)
    board, dead = cards[:5].astype(np.uint8), cards[5:].astype(np.uint8)
    pool = rng.choice(np.setdiff1d(np.arange(52), cards), size=pool_size, replace=False)
    hero, villain = hands_from(rng, pool, k_hero, 25), hands_from(rng, pool, k_villain, 30)
    if k_hero == k_villain:  # the same hand on both sides: all its cards shared
        villain = np.unique(np.concatenate([villain, hero[:4]]), axis=0)
    sd = RiverShowdown(board, hero, villain, dead=dead, game=game)
    assert np.array_equal(sd.hero_combos, hero) and np.array_equal(sd.villain_combos, villain)
    shares, dealt = river_matrices(
        board.tolist(), hero.tolist(), villain.tolist(), game == "omaha", package_values
    )
    pick = (
        rng.integers(0, 4, size=(reaches, len(villain)))
        if whole
        else rng.exponential(size=(reaches, len(villain)))
    )
    pick[:, rng.random(len(villain)) < 0.3] = 0.0  # combos the villain no longer plays
    check_side(sd, shares, dealt, pick.astype(np.float64), whole)
    back = rng.integers(0, 3, size=(reaches, len(hero))).astype(np.float64)
    # the villain takes the rest of the pot: dealt - shares
    check_side(sd.swapped(), dealt.T - shares.T, dealt.T, back, True)


def test_the_plain_evaluator_agrees_on_a_small_spot() -> None:
    """Both sides against the plain-Python evaluator's values, hi/lo."""
    rng = np.random.default_rng(11)
    cards = rng.choice(52, size=5, replace=False)
    pool = np.setdiff1d(np.arange(52), cards)[:13]
    hero, villain = hands_from(rng, pool, 4, 8), hands_from(rng, pool, 5, 8)
    sd = RiverShowdown(cards, hero, villain)
    shares, dealt = river_matrices(
        cards.tolist(), hero.tolist(), villain.tolist(), False, plain_values
    )
    reach = rng.random((2, len(villain)))
    check_side(sd, shares, dealt, reach, False)
    check_side(sd.swapped(), dealt.T - shares.T, dealt.T, rng.random((2, len(hero))), False)


def test_the_shares_are_river_shares_times_the_live_weight() -> None:
    """values(w) / live(w) is river_shares' equity for the range's weights."""
    board = "Kh7d2c5s9h"
    hero, villain = oe.Range("AA:$ds, KK, A2"), oe.Range("QQ@0.5, A3, 67")
    sd = RiverShowdown(board, hero, villain)
    want = oe.river_shares(board, hero, villain)
    assert np.array_equal(sd.hero_combos, want.hero_combos)
    live = sd.live(sd.villain_weights)
    np.testing.assert_allclose(live, want.live_weight, rtol=1e-12, atol=1e-9)
    got = sd.values(sd.villain_weights) / np.where(live > 0, live, np.nan)
    np.testing.assert_allclose(got, want.equity, rtol=0, atol=1e-12)


def test_a_range_keeps_its_weights_and_drops_what_dead_cards_hold() -> None:
    sd = RiverShowdown("Jd4d3cQd5h", "AsAh2c3d@2, KsKh4c5d", "7c7d8c9d, QsQc5s6h@0.5", dead="5d")
    assert len(sd.hero_combos) == 1 and sd.hero_weights.tolist() == [2.0]  # KsKh4c5d: dead 5d
    assert sd.hands("hero") == format_hands(sd.hero_combos) == sd.swapped().hands("villain")
    assert sorted(sd.villain_weights.tolist()) == [0.5, 1.0] and len(sd.hands("villain")) == 2
    assert sd.values(np.ones(2)).shape == (1,) and sd.live(np.ones((3, 2))).shape == (3, 1)
    assert sd.swapped().values([1.0]).shape == (2,)


def test_many_threads_may_ask_one_showdown_at_once() -> None:
    sd = RiverShowdown("Kh7d2c5s9h", oe.Range("AA, A2"), oe.Range("KK, A3"))
    reach = np.random.default_rng(2).random((3, len(sd.villain_combos)))
    want = sd.values(reach)
    out: list[npt.NDArray[np.float64]] = []
    threads = [threading.Thread(target=lambda: out.append(sd.values(reach))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(out) == 4 and all(np.array_equal(o, want) for o in out)


@pytest.mark.parametrize(
    ("kwargs", "param"),
    [
        ({"board": "Jd4d3cQd"}, "board"),
        ({"board": "Jd4d3cQd5h", "dead": "Jd"}, "dead"),
        ({"hero": [[0, 1, 2, 3]], "dead": "2d"}, "hero"),
        ({"villain": np.array([[9, 13, 14, 15]])}, "villain"),  # 5h is on the board
        ({"hero": "AAA+-"}, "hero"),
        ({"game": "stud"}, "game"),
    ],
)
def test_bad_input_names_its_parameter(kwargs: dict[str, Any], param: str) -> None:
    args = {"board": "Jd4d3cQd5h", "hero": "AA", "villain": "KK", **kwargs}
    board, hero, villain = args.pop("board"), args.pop("hero"), args.pop("villain")
    with pytest.raises(OmahaEvalError) as info:
        RiverShowdown(board, hero, villain, **args)
    assert info.value.param == param


@pytest.mark.parametrize(
    ("reach", "error", "text"),
    [
        ([1.0, 2.0], OmahaEvalError, "expected shape (3,) or (T, 3)"),
        (np.ones((0, 3)), OmahaEvalError, "T >= 1"),
        (np.ones((2, 2, 3)), OmahaEvalError, "expected shape"),
        ([1.0, float("nan"), 2.0], OmahaEvalError, "reach nan at [1]"),
        ([[1.0, 1.0, 1.0], [1.0, -1.0, 1.0]], OmahaEvalError, "reach -1.0 at [1, 1]"),
        ([1.0, float("inf"), 2.0], OmahaEvalError, "not a finite number"),
        (["a", "b", "c"], OmahaEvalTypeError, "expected numbers"),
    ],
)
def test_bad_reach_is_refused_naming_it(reach: Any, error: type, text: str) -> None:
    sd = RiverShowdown("Jd4d3cQd5h", "AsAh2s2h", "KcKsQcQs, KhKsQhQs, KcKhQcQh")
    with pytest.raises(error) as info:
        sd.values(reach)
    assert info.value.param == "villain_reach" and text in str(info.value)
    with pytest.raises(error):
        sd.live(reach)


def test_hands_refuses_an_unknown_side() -> None:
    sd = RiverShowdown("Jd4d3cQd5h", "AsAh2s2h", "KcKsQcQs")
    with pytest.raises(OmahaEvalError) as info:
        sd.hands("oop")
    assert info.value.param == "side"
    assert "RiverShowdown(board='Jd4d3cQd5h'" in repr(sd)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["omaha8", "omaha"])
def test_thousands_of_combos_equal_the_dense_matrix(game: str) -> None:
    """2,500 random hands against 3,000 on a river, reach vectors of random
    weights with many zeros, both sides."""
    rng = np.random.default_rng(48 + (game == "omaha"))
    board = rng.choice(52, size=5, replace=False).astype(np.uint8)
    hero, villain = live_hands(rng, board, 2500), live_hands(rng, board, 3000)
    sd = RiverShowdown(board, hero, villain, game=game)
    shares, dealt = river_matrices_numpy(board, hero, villain, game == "omaha")
    reach = rng.random((3, len(villain))) * (rng.random((3, len(villain))) < 0.5)
    check_side(sd, shares, dealt, reach, False)
    check_side(sd.swapped(), dealt.T - shares.T, dealt.T, rng.random((2, len(hero))), False)
