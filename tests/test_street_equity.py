"""street_equity against exact equity() for sampled hero hands,
against the deal-by-deal plain-Python brute force of tests/oracles/solver.py,
and against river_shares on the river; input forms, threads and errors."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import solver as rs
from random_hands import live_hands

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.solver.street import street_equity

TOL = 1e-12
FIGURES = ("hi_share", "lo_share", "scoop")


def _check_against_equity(
    r: oe.StreetShares,
    rows: list[int],
    board: npt.ArrayLike,
    villain: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
    game: str,
) -> None:
    """Each sampled hero row against exact equity() of that hand vs the range."""
    for i in rows:
        hand = r.hero_combos[i]
        live = ~np.isin(villain, hand).any(axis=1) & (weights > 0)
        if not live.any():
            assert np.isnan(r.hi_share[i]) and r.live_weight[i] == 0.0
            continue
        e = oe.equity([hand, (villain, weights)], np.asarray(board), exact=True, game=game)
        p = e.players[0]
        for figure in (*FIGURES, "equity"):
            assert abs(getattr(r, figure)[i] - getattr(p, figure)) <= TOL, (i, figure)
        assert r.live_weight[i] == pytest.approx(weights[live].sum(), rel=1e-12)


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
@pytest.mark.parametrize("n_board", [3, 4])
@pytest.mark.parametrize("seed", range(2))
def test_random_ranges_equal_exact_equity(n_board: int, game: str, seed: int) -> None:
    rng = np.random.default_rng(100 * n_board + seed + (game == "omaha") * 7)
    board = rng.choice(52, size=n_board, replace=False)
    hero = live_hands(rng, board, 1500)
    villain = live_hands(rng, board, 250)
    weights = rng.random(250) * 4
    weights[rng.random(250) < 0.15] = 0.0  # not in the range
    r = street_equity(board, hero, villain, weights, game=game)
    assert r.hero_combos.shape == hero.shape and np.array_equal(r.hero_combos, hero)
    _check_against_equity(
        r, rng.choice(1500, size=5, replace=False).tolist(), board, villain, weights, game
    )
    if game == "omaha":
        assert not r.lo_share.any()


@pytest.mark.parametrize("n_board", [3, 4])
def test_heavy_card_removal_equals_exact_equity(n_board: int) -> None:
    """Hands from a dozen cards share two, three or four cards with each
    other, so every card-removal correction runs, and heroes that block
    nearly all of the (weighted) range take the direct path."""
    rng = np.random.default_rng(31 + n_board)
    board = rng.choice(52, size=n_board, replace=False)
    pool = rng.choice(np.setdiff1d(np.arange(52), board), size=11, replace=False)
    hero = live_hands(rng, board, 60, pool=pool)
    villain = live_hands(rng, board, 120, pool=pool)
    weights = rng.exponential(size=120)
    weights[0] *= 1e6  # one heavy hand: heroes holding one of its cards block almost all
    r = street_equity(board, hero, villain, weights)
    _check_against_equity(r, list(range(0, 60, 4)), board, villain, weights, "omaha8")


@pytest.mark.parametrize("k", [5, 6])
def test_big_o_and_six_card_hands_equal_exact_equity(k: int) -> None:
    rng = np.random.default_rng(k)
    board = rng.choice(52, size=4, replace=False)
    hero = live_hands(rng, board, 200, k=k)
    villain = live_hands(rng, board, 80, k=k)
    weights = rng.random(80)
    r = street_equity(board, hero, villain, weights)
    _check_against_equity(r, [0, 57, 199], board, villain, weights, "omaha8")


@pytest.mark.parametrize(
    ("k_hero", "k_villain", "n_board"),
    [(4, 6, 4), (6, 4, 4), (5, 4, 5), pytest.param(4, 5, 3, marks=pytest.mark.slow)],
)
def test_mixed_hand_sizes_equal_the_brute_force(k_hero: int, k_villain: int, n_board: int) -> None:
    """equity() needs one hand size for everybody; the deal-by-deal brute
    force does not."""
    rng = np.random.default_rng(10 * k_hero + k_villain)
    board = rng.choice(52, size=n_board, replace=False)
    pool = rng.choice(np.setdiff1d(np.arange(52), board), size=14, replace=False)
    hero = live_hands(rng, board, 4 if n_board == 3 else 6, k=k_hero, pool=pool)
    villain = live_hands(rng, board, 5 if n_board == 3 else 12, k=k_villain, pool=pool)
    weights = rng.random(len(villain)) + 0.1
    r = street_equity(board, hero, villain, weights)
    want = np.array(
        rs.street_shares_brute(board.tolist(), hero.tolist(), villain.tolist(), weights.tolist())
    )
    for column, figure in enumerate(FIGURES):
        got = getattr(r, figure)
        assert np.array_equal(np.isnan(got), np.isnan(want[:, column]))
        assert np.nanmax(np.abs(got - want[:, column]), initial=0.0) <= TOL, figure
    assert np.allclose(r.live_weight, want[:, 3], rtol=1e-12, atol=0)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([4, 5]),
    st.sampled_from(["omaha8", "omaha"]),
    st.integers(9, 20),
)
def test_property_turns_and_rivers_equal_the_brute_force(
    seed: int, n_board: int, game: str, pool_size: int
) -> None:
    rng = np.random.default_rng(seed)
    board = rng.choice(52, size=n_board, replace=False)
    pool = rng.choice(np.setdiff1d(np.arange(52), board), size=pool_size, replace=False)
    hero = rs.deal(rng, 3, 4, np.setdiff1d(np.arange(52), pool).tolist())
    villain = rs.deal(rng, 6, 4, np.setdiff1d(np.arange(52), pool).tolist())
    weights = rng.choice([0.0, 1e-3, 1.0, 7.5], size=6)
    r = street_equity(board, hero, villain, weights, game=game)
    want = np.array(
        rs.street_shares_brute(
            board.tolist(), hero.tolist(), villain.tolist(), weights.tolist(), game
        )
    )
    for column, figure in enumerate(FIGURES):
        got = getattr(r, figure)
        assert np.array_equal(np.isnan(got), np.isnan(want[:, column]))
        assert np.nanmax(np.abs(got - want[:, column]), initial=0.0) <= TOL, figure


def test_river_is_river_shares() -> None:
    rng = np.random.default_rng(5)
    board = rng.choice(52, size=5, replace=False)
    hero, villain = live_hands(rng, board, 300), live_hands(rng, board, 400)
    weights = rng.random(400)
    for game in ("omaha8", "omaha"):
        a = street_equity(board, hero, villain, weights, game=game)
        b = oe.river_shares(board, hero, villain, weights, game=game)
        for figure in (*FIGURES, "live_weight", "equity"):
            assert np.array_equal(getattr(a, figure), getattr(b, figure), equal_nan=True)
        want = (
            rs.river_shares_brute(
                board.tolist(), hero[:10].tolist(), villain.tolist(), weights.tolist()
            )
            if game == "omaha8"
            else None
        )
        if want is not None:
            assert np.allclose(
                np.array(want)[:, :3], np.c_[a.hi_share, a.lo_share, a.scoop][:10], rtol=0, atol=TOL
            )


def test_any_thread_count_gives_the_same_bits() -> None:
    rng = np.random.default_rng(8)
    board = rng.choice(52, size=3, replace=False)
    hero, villain = live_hands(rng, board, 1200), live_hands(rng, board, 900)
    weights = rng.random(900)
    one = street_equity(board, hero, villain, weights, threads=1)
    for threads in (2, 3, 8):
        other = street_equity(board, hero, villain, weights, threads=threads)
        for figure in (*FIGURES, "live_weight"):
            assert np.array_equal(getattr(one, figure), getattr(other, figure), equal_nan=True)


def test_heads_up_equities_sum_to_one_on_every_street() -> None:
    rng = np.random.default_rng(2)
    for n_board in (3, 4, 5):
        deck = rng.permutation(52)
        board, a, b = deck[:n_board], deck[5:9].reshape(1, 4), deck[9:13].reshape(1, 4)
        ea = street_equity(board, a, b).equity[0]
        eb = street_equity(board, b, a).equity[0]
        assert abs(ea + eb - 1.0) <= TOL


def test_worked_flop_example() -> None:
    # Ad Kd 3s 2s vs Ks Kh Qs Qc on Jd 4d 3c: the exact figures of equity()
    hero, villain = "Ad Kd 3s 2s", "Ks Kh Qs Qc"
    r = street_equity(
        "Jd 4d 3c", oe.parse_cards(hero).reshape(1, 4), oe.parse_cards(villain).reshape(1, 4)
    )
    p = oe.equity([hero, villain], "Jd 4d 3c", exact=True).players[0]
    assert abs(r.equity[0] - p.equity) <= TOL and abs(r.scoop[0] - p.scoop) <= TOL
    assert r.live_weight.tolist() == [1.0]


@pytest.mark.slow
def test_ranges_and_text_drop_hands_holding_board_cards() -> None:
    board = "Ah 7d 2c"
    r_text = street_equity(board, "AA", "KK, QQ@0.5")
    hero_range, villain_range = oe.Range("AA"), oe.Range("KK, QQ@0.5")
    r_range = street_equity(board, hero_range, villain_range)
    keep_h = ~np.isin(hero_range.combos, oe.parse_cards(board)).any(axis=1)
    keep_v = ~np.isin(villain_range.combos, oe.parse_cards(board)).any(axis=1)
    assert keep_h.sum() < len(hero_range)  # Ah is on the board: some hands dropped
    r_array = street_equity(
        board,
        hero_range.combos[keep_h],
        villain_range.combos[keep_v],
        villain_range.weights[keep_v],
    )
    for r in (r_text, r_range):
        assert np.array_equal(r.hero_combos, hero_range.combos[keep_h])
        for figure in (*FIGURES, "live_weight"):
            assert np.array_equal(getattr(r, figure), getattr(r_array, figure), equal_nan=True)
    # the hero's weights are not used
    assert np.array_equal(
        street_equity(board, "AA@0.1", "KK").equity,
        street_equity(board, "AA", "KK").equity,
        equal_nan=True,
    )


def test_text_takes_its_hand_size_from_the_other_side() -> None:
    rng = np.random.default_rng(4)
    board = np.array([0, 13, 26, 39], dtype=np.uint8)  # 2c 5d 8h Js
    hero = live_hands(rng, board, 3, k=5)
    r = street_equity(board, hero, "KK")
    villain = oe.Range("KK", hole_cards=5)
    keep = ~np.isin(villain.combos, board).any(axis=1)
    want = street_equity(board, hero, villain.combos[keep])
    assert np.array_equal(r.equity, want.equity)
    assert street_equity(board, "AA", hero).hero_combos.shape[1] == 5


def test_river_shares_accepts_ranges_and_a_game() -> None:
    board = "Jd 4d 3c Qd 5h"
    r = oe.river_shares(board, "AA", oe.Range("KK"), game="omaha")
    assert r.hero_combos.shape[1] == 4 and not r.lo_share.any()
    assert np.allclose(
        oe.river_equity(board, "AA", oe.Range("KK"), game="omaha"), r.equity, equal_nan=True
    )


def test_no_live_villain_gives_nan_and_zero_weight() -> None:
    board = "2c 5h 7d"
    hero = [[4, 8, 12, 16]]  # 3c 4c 5c 6c
    r = street_equity(board, hero, [[4, 9, 10, 11], [8, 9, 10, 11]])
    assert np.isnan(r.hi_share).all() and np.isnan(r.scoop).all() and r.live_weight[0] == 0.0
    r = street_equity(board, hero, np.empty((0, 4), dtype=np.uint8))
    assert np.isnan(r.equity[0])
    r = street_equity(board, np.empty((0, 4), dtype=np.uint8), [[4, 9, 10, 11]])
    assert r.equity.shape == (0,) and r.hero_combos.shape == (0, 4)


def test_result_is_frozen() -> None:
    r = street_equity("2c 5h 7d", [[4, 8, 12, 16]], [[20, 24, 28, 32]])
    with pytest.raises(AttributeError):
        r.hi_share = r.lo_share  # type: ignore[misc]
    assert oe.RiverShares is type(r)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"board": "2c 5h"}, OmahaEvalError, "board: expected 3, 4 or 5 cards, got 2"),
        ({"board": "2c 5h 7d Js Kd 9c"}, OmahaEvalError, "board: expected 3, 4 or 5 cards, got 6"),
        (
            {"hero": [[0, 9, 10, 11]]},
            OmahaEvalError,
            r"hero: row 0 \(2c4d4h4s\) holds board card\(s\) 2c of board 2c5h7d",
        ),
        ({"hero": [[8, 9, 9, 11]]}, OmahaEvalError, "hero: row 0 repeats a card"),
        ({"hero": [[8, 9, 10]]}, OmahaEvalError, "hero: expected 4, 5 or 6 cards per row"),
        ({"hero": [[8.0, 9, 10, 11]]}, OmahaEvalTypeError, "hero: expected integer card ids"),
        ({"villain": "AA,,"}, OmahaEvalError, "villain: range: column 4"),
        (
            {"villain_weights": [1.0, -1.0]},
            OmahaEvalError,
            r"villain_weights: weight -1.0 at row 1",
        ),
        ({"villain_weights": [1.0]}, OmahaEvalError, r"villain_weights: expected shape \(2,\)"),
        (
            {"villain": oe.Range("KK"), "villain_weights": [1.0]},
            OmahaEvalError,
            "villain_weights: a range .* carries its own weights",
        ),
        ({"game": "holdem"}, OmahaEvalError, "game: expected a game, one of omaha8"),
        ({"threads": 0}, OmahaEvalError, "threads: expected a whole number >= 1, got 0"),
        ({"threads": 1.5}, OmahaEvalError, "threads: expected a whole number >= 1, got 1.5"),
        ({"threads": 10_000}, OmahaEvalError, "threads: expected at most"),
    ],
)
def test_errors(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    args: dict[str, Any] = {
        "board": "2c 5h 7d",
        "hero": [[8, 9, 10, 11]],
        "villain": [[12, 13, 15, 16], [17, 18, 19, 20]],
    }
    args.update(kwargs)
    with pytest.raises(error, match=message):
        street_equity(**args)
