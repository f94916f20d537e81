"""Equity distributions (omaha_eval/solver/distribution.py): each combo's equity
equals street_equity's and, one by one, equity()'s; preflop by seeded Monte
Carlo; heads-up only."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.errors import OmahaEvalError
from omaha_eval.solver.distribution import equity_distribution


@pytest.mark.parametrize(
    ("hero", "villain", "board", "game"),
    [
        pytest.param("AA:$ds", "KK", "Kh 7d 2c", "omaha8", marks=pytest.mark.slow),
        ("A2:$ss", "7c7d4c5d", "Kh 8d 2c 3s", "omaha8"),
        ("KK@0.5, QQ", "AsAd4c5c", "Kh 7d 2c", "omaha"),
    ],
)
def test_equals_street_equity_and_equity_one_by_one(
    hero: str, villain: str, board: str, game: str
) -> None:
    d = equity_distribution(hero, villain, board, game=game)
    r = oe.street_equity(board, hero, villain, game=game)
    keep = r.live_weight > 0
    np.testing.assert_array_equal(d.combos, r.hero_combos[keep])
    np.testing.assert_allclose(d.equity, r.equity[keep], rtol=0, atol=1e-12)
    whole = oe.equity([hero, villain], board, exact=True, game=game)
    assert d.range_equity == pytest.approx(whole.players[0].equity, abs=1e-12)
    rng = np.random.default_rng(3)
    for i in rng.choice(len(d.combos), 3, replace=False).tolist():
        one = oe.equity([d.combos[i], villain], board, exact=True, game=game)
        assert d.equity[i] == pytest.approx(one.players[0].equity, abs=1e-12)
    assert d.method == "exact" and (d.stderr == 0).all()


def test_weights_follow_the_range() -> None:
    d = equity_distribution("KK@0.5, QQ", "AsAd4c5c", "Kh 7d 2c")
    kings = np.array([(row // 4 == 11).sum() >= 2 for row in d.combos])
    assert set(d.weights[kings & ~np.array([(r // 4 == 10).sum() >= 2 for r in d.combos])]) == {0.5}


@pytest.mark.slow
def test_preflop_is_seeded_monte_carlo() -> None:
    a = equity_distribution("AA:$ds", "7c7d4c5d", trials=500, seed=9)
    b = equity_distribution("AA:$ds", "7c7d4c5d", trials=500, seed=9, threads=2)
    assert a.method == "monte-carlo"
    np.testing.assert_array_equal(a.equity, b.equity)
    assert (a.stderr > 0).all()
    whole = oe.equity(["AA:$ds", "7c7d4c5d"], exact=False, trials=400_000, seed=1)
    assert abs(a.range_equity - whole.players[0].equity) < 4 * np.sqrt(
        np.sum((a.stderr / len(a.stderr)) ** 2) + whole.players[0].stderr ** 2
    )


def test_curve_is_sorted_and_covers_the_range() -> None:
    d = equity_distribution("AA:$ds", "KK", "Kh 7d 2c")
    x, y = d.curve()
    assert (np.diff(y) <= 0).all() and (np.diff(x) > 0).all()
    assert 0 < x[0] and x[-1] < 1


def test_multiway_is_refused() -> None:
    with pytest.raises(OmahaEvalError, match="heads-up"):
        equity_distribution("AA", ["KK", "QQ", "JJ"], "Kh 7d 2c")
