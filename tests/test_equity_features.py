"""equity_features against the slow obvious reference (street_equity on
every runout to the river, binned in Python), against street_equity's
equity, and its input forms, threads and errors."""

from __future__ import annotations

import subprocess
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_hands import live_hands

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError

TOL = 1e-12
SNAP = 1e-9  # an equity this close below a bin edge (times bins) is on it: the documented rule


def reference(
    board: npt.NDArray[Any],
    hero: npt.NDArray[np.uint8],
    villain: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
    bins: int,
    game: str = "omaha8",
) -> tuple[npt.NDArray[np.float64], ...]:
    """(histogram, ehs, ehs2): street_equity on each runout to the river, over
    the hands it leaves live, each runout weighted by the live weight it
    leaves (a deal is a villain hand by weight, then a runout)."""
    hist = np.zeros((len(hero), bins))
    m0, m1, m2 = np.zeros(len(hero)), np.zeros(len(hero)), np.zeros(len(hero))
    rest = np.setdiff1d(np.arange(52), board).tolist()
    for more in combinations(rest, 5 - len(board)):
        h_live = np.flatnonzero(~np.isin(hero, more).any(axis=1))
        v_live = ~np.isin(villain, more).any(axis=1)
        if not len(h_live) or not v_live.any():
            continue
        full = np.concatenate([board, np.array(more, dtype=np.uint8)])
        r = oe.street_equity(full, hero[h_live], villain[v_live], weights[v_live], game=game)
        ok = r.live_weight > 0
        i, e, w = h_live[ok], r.equity[ok], r.live_weight[ok]
        b = np.clip(np.floor(e * bins + SNAP).astype(int), 0, bins - 1)
        np.add.at(hist, (i, b), w)
        np.add.at(m0, i, w)
        np.add.at(m1, i, w * e)
        np.add.at(m2, i, w * e * e)
    with np.errstate(invalid="ignore", divide="ignore"):
        return hist / m0[:, None], m1 / m0, m2 / m0


def _assert_equal_to_reference(
    f: oe.EquityFeatures, want: tuple[npt.NDArray[np.float64], ...]
) -> None:
    for got, expected in zip((f.histogram, f.ehs, f.ehs2), want, strict=True):
        assert np.array_equal(np.isnan(got), np.isnan(expected))
        assert np.nanmax(np.abs(got - expected), initial=0.0) <= TOL


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
@pytest.mark.parametrize("bins", [1, 5, 10])
def test_turn_features_equal_the_per_river_loop(bins: int, game: str) -> None:
    rng = np.random.default_rng(bins + 50 * (game == "omaha"))
    board = rng.choice(52, size=4, replace=False).astype(np.uint8)
    hero, villain = live_hands(rng, board, 120), live_hands(rng, board, 90)
    weights = rng.random(90)
    weights[:10] = 0.0
    f = oe.equity_features(board, hero, villain, weights, bins=bins, game=game)
    assert f.histogram.shape == (120, bins) and np.array_equal(f.hero_combos, hero)
    _assert_equal_to_reference(f, reference(board, hero, villain, weights, bins, game))


def test_flop_features_equal_the_per_runout_loop() -> None:
    """Every (turn, river) pair: 1,176 street_equity calls in the reference."""
    rng = np.random.default_rng(7)
    board = rng.choice(52, size=3, replace=False).astype(np.uint8)
    hero, villain = live_hands(rng, board, 25), live_hands(rng, board, 30)
    weights = rng.exponential(size=30)
    f = oe.equity_features(board, hero, villain, weights, bins=8)
    _assert_equal_to_reference(f, reference(board, hero, villain, weights, 8))


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([3, 4, 5]),
    st.sampled_from([4, 5, 6]),
    st.integers(1, 12),
    st.integers(10, 18),
)
def test_property_heavy_card_removal_equals_the_loop(
    seed: int, n_board: int, k: int, bins: int, pool_size: int
) -> None:
    """Hands from a few cards share up to k cards: every card-removal
    correction and the direct sums of blocking heroes run."""
    rng = np.random.default_rng(seed)
    board = rng.choice(52, size=n_board, replace=False).astype(np.uint8)
    pool = rng.choice(np.setdiff1d(np.arange(52), board), size=pool_size, replace=False)
    hero = live_hands(rng, board, 12, k=k, pool=pool)
    villain = live_hands(rng, board, 20, k=k, pool=pool)
    # weights spanning 1e4, as street_equity's own property test: the
    # inclusion-exclusion (here and in the reference) rounds to about
    # 1e-16 times the largest weight over the live one
    weights = rng.choice([0.0, 1e-3, 1.0, 7.5], size=20)
    f = oe.equity_features(board, hero, villain, weights, bins=bins)
    _assert_equal_to_reference(f, reference(board, hero, villain, weights, bins))


@pytest.mark.parametrize("n_board", [3, 4])
def test_ehs_is_street_equity_and_rows_sum_to_one(n_board: int) -> None:
    rng = np.random.default_rng(n_board)
    board = rng.choice(52, size=n_board, replace=False).astype(np.uint8)
    hero = live_hands(rng, board, 400)
    villain = live_hands(rng, board, 60 if n_board == 3 else 300)
    weights = rng.random(len(villain))
    f = oe.equity_features(board, hero, villain, weights)
    r = oe.street_equity(board, hero, villain, weights)
    assert np.nanmax(np.abs(f.ehs - r.equity)) <= TOL
    assert np.array_equal(f.live_weight, r.live_weight)
    assert np.abs(f.histogram.sum(axis=1) - 1).max() <= TOL
    assert (f.ehs2 >= f.ehs**2 - TOL).all() and (f.ehs2 <= f.ehs + TOL).all()
    assert np.array_equal(f.edges, np.linspace(0, 1, 11))


def test_a_hero_that_meets_no_villain_gets_nan() -> None:
    board = oe.parse_cards("Ks 7d 2h")
    villain = oe.parse_cards("As Ah Qc Qd").reshape(1, 4)
    hero = np.stack([oe.parse_cards("As Jc Jd 9h"), oe.parse_cards("Tc Td 9c 9d")])
    f = oe.equity_features(board, hero, villain)
    assert np.isnan(f.histogram[0]).all() and np.isnan(f.ehs[0]) and np.isnan(f.ehs2[0])
    assert f.live_weight[0] == 0.0 and abs(f.histogram[1].sum() - 1) <= TOL


def test_threads_give_the_same_bits() -> None:
    rng = np.random.default_rng(11)
    board = rng.choice(52, size=4, replace=False).astype(np.uint8)
    hero, villain = live_hands(rng, board, 3000), live_hands(rng, board, 3000)
    weights = rng.random(3000)
    one = oe.equity_features(board, hero, villain, weights, threads=1)
    two = oe.equity_features(board, hero, villain, weights, threads=2)
    for name in ("histogram", "ehs", "ehs2", "live_weight"):
        assert np.array_equal(getattr(one, name), getattr(two, name), equal_nan=True), name


def test_ranges_and_classes_as_inputs() -> None:
    """Range text reads as in street_equity; HandClasses give one row per
    class, whose expansion is the per-hand features."""
    board = "Qs 8s 3s 4d"
    per_hand = oe.equity_features(board, "AA:s", "KK, 22@0.5")
    classes = oe.hand_classes(board, "AA:s")
    by_class = oe.equity_features(board, classes, "KK, 22@0.5")
    assert len(by_class.ehs) == len(classes) < len(per_hand.ehs)
    assert np.array_equal(classes.hands, per_hand.hero_combos)
    assert np.abs(classes.expand(by_class.histogram) - per_hand.histogram).max() <= TOL
    assert np.abs(classes.expand(by_class.ehs2) - per_hand.ehs2).max() <= TOL


@pytest.mark.parametrize(
    ("kwargs", "error", "names"),
    [
        ({"bins": 0}, OmahaEvalError, "bins"),
        ({"bins": 1001}, OmahaEvalError, "bins"),
        ({"bins": "10"}, OmahaEvalTypeError, "bins"),
        ({"board": "Ks 7d"}, OmahaEvalError, "board"),
        ({"villain_weights": [1.0, -1.0]}, OmahaEvalError, "villain_weights"),
        ({"hero": [[0, 1, 2, 200]]}, OmahaEvalError, "hero"),
        ({"hero": [[47, 1, 2, 3]]}, OmahaEvalError, "hero"),
        ({"threads": 0}, OmahaEvalError, "threads"),
        ({"game": "stud"}, OmahaEvalError, "game"),
    ],
)
def test_bad_input_names_the_parameter(kwargs: dict[str, Any], error: type, names: str) -> None:
    args: dict[str, Any] = {
        "board": "Ks 7d 2h",
        "hero": [[0, 1, 4, 5]],
        "villain": [[8, 9, 12, 13], [16, 17, 20, 21]],
    }
    args.update(kwargs)
    with pytest.raises(error, match=names):
        oe.equity_features(**args)


@pytest.mark.slow
def test_bucket_flop_example_prints_one_line_per_bucket_covering_the_range() -> None:
    pytest.importorskip("sklearn", reason="examples/requirements.txt is not installed")
    root = Path(__file__).resolve().parents[1]
    args = ["--board", "Ks 7s 2s", "--hero", "AA", "--villain", "20%", "--buckets", "3"]
    run = subprocess.run(
        [sys.executable, str(root / "examples" / "bucket_flop.py"), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    buckets = [line.split() for line in lines[2:]]
    assert [int(b[0]) for b in buckets] == [0, 1, 2]
    ehs = [float(b[2]) for b in buckets]
    assert ehs == sorted(ehs, reverse=True)  # strongest first
    hands = len(oe.hand_classes("Ks 7s 2s", "AA").hands)
    assert sum(int(b[1].replace(",", "")) for b in buckets) == hands
