"""river_shares / river_equity against pair-by-pair brute force (plain
Python with the split of tests/oracles/evaluator.py) and a NumPy pairwise check."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import solver as rs

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError

TOL = 1e-12


def _check(got: oe.RiverShares, want: npt.NDArray[np.float64]) -> None:
    """want: rows (hi, lo, scoop, live) from the brute force."""
    for column, name in enumerate(("hi_share", "lo_share", "scoop")):
        a, b = getattr(got, name), want[:, column]
        assert np.array_equal(np.isnan(a), np.isnan(b)), name
        assert np.nanmax(np.abs(a - b), initial=0.0) <= TOL, name
    scale = max(1.0, float(want[:, 3].max()))
    assert np.max(np.abs(got.live_weight - want[:, 3]), initial=0.0) <= TOL * scale


def _brute(
    board: list[int],
    hero: npt.NDArray[np.uint8],
    villain: npt.NDArray[np.uint8],
    w: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    rows = rs.river_shares_brute(board, hero.tolist(), villain.tolist(), w.tolist())
    return np.array(rows, dtype=np.float64).reshape(-1, 4)


@pytest.mark.parametrize("seed", range(6))
def test_random_ranges_with_weights(seed: int) -> None:
    rng = np.random.default_rng(seed)
    board = rng.choice(52, size=5, replace=False).tolist()
    hero = rs.deal(rng, 25, 4, board)
    villain = rs.deal(rng, 50, 4, board)
    w = rng.random(50) * 3
    w[rng.random(50) < 0.2] = 0.0  # weight 0: not in the range
    _check(oe.river_shares(board, hero, villain, w), _brute(board, hero, villain, w))


@pytest.mark.parametrize(("k_hero", "k_villain"), [(4, 4), (5, 5), (6, 6), (4, 6), (6, 4), (5, 4)])
def test_heavy_card_removal(k_hero: int, k_villain: int) -> None:
    """Hands drawn from a dozen cards share 2, 3, 4 or more cards with each
    other: every term of the inclusion-exclusion and the direct fallback
    for heroes that block almost all the range are exercised."""
    rng = np.random.default_rng(100 + 10 * k_hero + k_villain)
    for _ in range(3):
        board = rng.choice(52, size=5, replace=False).tolist()
        rest = np.setdiff1d(np.arange(52), board)
        pool = rng.choice(rest, size=12, replace=False)
        outside = np.setdiff1d(np.arange(52), pool).tolist()
        hero = rs.deal(rng, 20, k_hero, outside)
        villain = rs.deal(rng, 60, k_villain, outside)
        w = rng.exponential(size=60)
        _check(oe.river_shares(board, hero, villain, w), _brute(board, hero, villain, w))


def test_hero_blocking_almost_all_the_range() -> None:
    """Live weight under 1/64 of the range: the C code sums that hero hand
    directly instead of subtracting nearly equal large sums."""
    rng = np.random.default_rng(21)
    board = [0, 5, 10, 15, 20]  # 2c 3d 4h 5s 7c
    hero = np.array([[51, 47, 43, 39], [50, 46, 42, 38]], dtype=np.uint8)
    rest = np.setdiff1d(np.arange(52), [*board, 51]).tolist()
    blocked = np.array(
        [[51, *sorted(rng.choice(rest, 3, replace=False))] for _ in range(300)], dtype=np.uint8
    )
    live = rs.deal(rng, 3, 4, board + hero.ravel().tolist())
    villain = np.vstack([blocked, live])
    w = np.concatenate([np.full(300, 5.0), [0.5, 1.0, 2.0]])
    r = oe.river_shares(board, hero, villain, w)
    assert r.live_weight[0] < w.sum() / 64  # the direct path for hero 0
    _check(r, _brute(board, hero, villain, w))


def test_no_live_villain_gives_nan() -> None:
    board = "2c 5h 7d Js Kd"
    hero = [[4, 8, 12, 16]]  # 3c 4c 5c 6c
    villain = [[4, 9, 10, 11], [8, 9, 10, 11]]  # each shares a card with the hero
    r = oe.river_shares(board, hero, villain)
    assert np.isnan(r.hi_share).all() and np.isnan(r.lo_share).all() and np.isnan(r.scoop).all()
    assert r.live_weight.tolist() == [0.0]
    r = oe.river_shares(board, hero, [[1, 2, 3, 6]], [0.0])  # only weight 0 is live
    assert np.isnan(r.hi_share[0]) and r.live_weight[0] == 0.0
    r = oe.river_shares(board, hero, np.empty((0, 4), dtype=np.uint8))
    assert np.isnan(r.hi_share[0])


def test_heads_up_equities_sum_to_one() -> None:
    rng = np.random.default_rng(7)
    for _ in range(20):
        deck = rng.permutation(52)
        board, a, b = deck[:5], deck[5:9].reshape(1, 4), deck[9:13].reshape(1, 4)
        ea = oe.river_equity(board, a, b)[0]
        eb = oe.river_equity(board, b, a)[0]
        assert abs(ea + eb - 1.0) <= TOL


def test_worked_examples() -> None:
    board = "3c 5h 8d Ks Jd"
    hero = oe.parse_cards("As 2s Kc Kh").reshape(1, 4)
    villain = oe.parse_cards("Ah 2h Qc 9h").reshape(1, 4)
    r = oe.river_shares(board, hero, villain)  # quartered: 3/4 of the pot
    assert (r.hi_share[0], r.lo_share[0], r.scoop[0]) == (0.5, 0.25, 0.0)
    r = oe.river_shares(board, villain, hero)
    assert (r.hi_share[0], r.lo_share[0], r.scoop[0]) == (0.0, 0.25, 0.0)
    r = oe.river_shares(
        "4c 6h 9d Ks Qd",
        oe.parse_cards("Kc Kh 2c 3c").reshape(1, 4),
        oe.parse_cards("Ac Ad 2d 3d").reshape(1, 4),
    )
    assert (r.hi_share[0], r.lo_share[0], r.scoop[0]) == (1.0, 0.0, 1.0)  # no low possible


def test_river_equity_is_hi_plus_lo() -> None:
    rng = np.random.default_rng(3)
    board = rng.choice(52, size=5, replace=False)
    hero, villain = rs.deal(rng, 200, 4, board.tolist()), rs.deal(rng, 300, 4, board.tolist())
    w = rng.random(300)
    r = oe.river_shares(board, hero, villain, w)
    assert np.array_equal(oe.river_equity(board, hero, villain, w), r.hi_share + r.lo_share)


@pytest.mark.parametrize("seed", range(3))
def test_numpy_pairwise_moderate_size(seed: int) -> None:
    rng = np.random.default_rng(1000 + seed)
    board = rng.choice(52, size=5, replace=False)
    high, _ = oe.rank_board(board)
    live = oe.all_hands()[high > 0]
    hero = live[rng.choice(len(live), size=1500, replace=False)]
    villain = live[rng.choice(len(live), size=2500, replace=False)]
    w = rng.random(2500)
    r = oe.river_shares(board, hero, villain, w)
    hh, hl = oe.rank_board(board, hero)
    vh, vl = oe.rank_board(board, villain)
    hi, lo, scoop, total = rs.river_shares_pairwise(hh, hl, hero, vh, vl, villain, w)
    for got, want in ((r.hi_share, hi), (r.lo_share, lo), (r.scoop, scoop)):
        assert np.max(np.abs(got - want)) <= TOL
    assert np.max(np.abs(r.live_weight - total)) <= TOL * total.max()


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 30),
    st.integers(0, 40),
    st.sampled_from([4, 5, 6]),
    st.integers(8, 30),
)
def test_property_against_pairwise(seed: int, n: int, m: int, k: int, pool_size: int) -> None:
    """Any small spot (hands from a pool of a few cards so they collide
    often, weights with zeros and wide ranges) matches the pairwise sum."""
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    board, pool = deck[:5], deck[5 : 5 + pool_size]
    outside = np.setdiff1d(np.arange(52), pool).tolist()
    hero, villain = rs.deal(rng, n, k, outside), rs.deal(rng, m, k, outside)
    villain = villain.reshape(m, k)
    w = rng.choice([0.0, 1e-3, 1.0, 7.5, 1e3], size=m)
    r = oe.river_shares(board, hero, villain, w)
    hh, hl = oe.rank_board(board, hero)
    vh, vl = oe.rank_board(board, villain)
    hi, lo, scoop, total = rs.river_shares_pairwise(hh, hl, hero, vh, vl, villain, w)
    for got, want in ((r.hi_share, hi), (r.lo_share, lo), (r.scoop, scoop)):
        none_live = total == 0
        assert np.isnan(got[none_live]).all()
        assert np.max(np.abs(got[~none_live] - want[~none_live]), initial=0.0) <= TOL
    assert np.allclose(r.live_weight, total, rtol=TOL, atol=TOL * max(1.0, w.sum()))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"villain_weights": [1.0, -1.0]}, OmahaEvalError, r"weight -1.0 at row 1"),
        ({"villain_weights": [1.0, np.nan]}, OmahaEvalError, r"weight nan at row 1"),
        ({"villain_weights": [1.0]}, OmahaEvalError, r"villain_weights: expected shape \(2,\)"),
        ({"villain_weights": ["a", "b"]}, OmahaEvalTypeError, "villain_weights: expected numbers"),
        (
            {"villain_combos": [[0, 1, 2, 3], [4, 5, 6, 7]]},
            OmahaEvalError,
            r"villain_combos: row 0 \(2c2d2h2s\) holds board card\(s\) 2c",
        ),
        ({"hero_combos": [[8, 9, 9, 11]]}, OmahaEvalError, "hero_combos: row 0 repeats a card"),
        ({"hero_combos": [[8, 9, 10]]}, OmahaEvalError, "hero_combos: expected 4, 5 or 6 cards"),
        ({"board": "2c 5h 7d"}, OmahaEvalError, "board: expected 5 cards"),
    ],
)
def test_errors(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    args: dict[str, object] = {
        "board": "2c 5h 7d Js Kd",
        "hero_combos": [[8, 9, 10, 11]],
        "villain_combos": [[12, 13, 15, 16], [17, 18, 19, 20]],
    }
    args.update(kwargs)
    with pytest.raises(error, match=message):
        oe.river_shares(**args)  # type: ignore[arg-type]
