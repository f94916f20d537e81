"""Monte Carlo with ranges: the independent sampler (whole assignments drawn
until no two share a card, trials of weight 1) and the sequential sampler
(sequential importance sampling: every trial counts, with a weight) against
exact enumeration, each with the standard error the engine reports for it
(engine/results.py, Sums.stderr: the per-trial variance, or the weighted
residuals of the ratio estimator).

Spots: a fixed hand and 2 to 4 weighted ranges drawn from a small pool of
cards, so that most assignments collide (as with tight ranges multiway), on
the turn and the river so that exact enumeration stays cheap.  Everything is
seeded: the tests cannot pass or fail by chance from run to run.  The
checks: no |z| above Z_MAX, and the sum of the z^2 within the central
1 - SIGNIFICANCE of its chi-square law.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from chi_square import chi2_sf
from equity_spots import exact_counts, ids, make_spot

from omaha_eval import _core
from omaha_eval.engine.results import Sums

SIGNIFICANCE = 0.001
Z_MAX = 4.5
TRIALS = 40_000


def pool_spot(seed: int, n_ranges: int, n_board: int, pool: int, combos: int) -> tuple:
    """A hero hand, then n_ranges ranges of `combos` weighted hands each, all
    from one pool of `pool` cards; a board of n_board cards."""
    rng = np.random.default_rng(seed)
    cards = rng.permutation(52).tolist()
    board, hero, rest = cards[:n_board], sorted(cards[n_board : n_board + 4]), cards[n_board + 4 :]
    hands = [list(h) for h in combinations(sorted(rest[:pool]), 4)]
    players: list = [hero]
    for _ in range(n_ranges):
        pick = rng.choice(len(hands), combos, replace=False)
        players.append(
            ("range", np.array([hands[i] for i in pick]), rng.choice([0.5, 1.0, 2.0], combos))
        )
    return players, board


SPOTS = {
    "river, 3 ranges": (pool_spot(1, 3, 5, 18, 24), "omaha8"),
    "river, 4 ranges": (pool_spot(2, 4, 5, 22, 30), "omaha8"),
    "turn, 3 ranges": (pool_spot(3, 3, 4, 18, 20), "omaha8"),
    "turn, 2 ranges, high only": (pool_spot(4, 2, 4, 12, 25), "omaha"),
    "river, 3 ranges, high only": (pool_spot(5, 3, 5, 17, 24), "omaha"),
}


def equity0(n: int, outcome: np.ndarray) -> float:
    sums, deal = np.zeros((n, _core.N_SUMS)), np.zeros(_core.N_DEAL_SUMS)
    _core.equity_sums(n, outcome, sums, deal)
    return float(sums[0, 0] + sums[0, 1]) / deal[0]


def exact_equity0(players: list, board: list[int], game: str) -> float:
    spot = make_spot(players, board, game=game)
    out = exact_counts(spot)[0]
    assert out.sum() > 0
    return equity0(spot.n, out)


def run(spot: _core.EquitySpot, seed: int, trials: int) -> Sums:
    """One Monte Carlo run, summed as the engine sums it."""
    n = spot.n
    out, sq, low, bd = (
        np.zeros(1 << (2 * n)),
        np.zeros(1 << (2 * n)),
        np.zeros(n),
        np.zeros((n, 12)),
    )
    weighted = spot.sampler == "sequential"
    done, code = spot.monte_carlo(
        np.random.PCG64(seed), trials, 10**7, out, low, bd, sq if weighted else None
    )
    assert (done, code) == (trials, _core.EQ_OK)
    return Sums.of(out, low, bd, n, done, sq if weighted else None)


def test_sampler_choice_is_the_spots() -> None:
    players, board = SPOTS["river, 3 ranges"][0]
    a = make_spot(players, board, exact=False, sampler="auto")
    b = make_spot(players, board, exact=False, sampler="auto")
    # fewer than 1 in 32 assignments are dealt, and those that are, few: listed
    assert a.sampler == b.sampler == "listed"
    assert make_spot(players, board, exact=False).sampler == "independent"  # the default
    one_range = make_spot(players[:2], board, exact=False, sampler="auto")
    assert one_range.sampler == "independent"  # nothing to collide
    wide = [ids("As Ah 2c 3d"), ("range", [ids("Kc Kd 4c 5d"), ids("Qs Js Ts 9s")], [1, 1])]
    assert (
        make_spot(
            [*wide, ("range", [ids("7c 7d 8c 8d")], [1])], [], exact=False, sampler="auto"
        ).sampler
        == "independent"
    )
    forced = make_spot(players, board, exact=False, sampler="independent")
    assert forced.sampler == "independent"
    with pytest.raises(ValueError, match="sampler"):
        make_spot(players, board, exact=False, sampler="gibbs")


@pytest.mark.parametrize("sampler", ["independent", "listed", "sequential"])
def test_samplers_match_exact_with_their_standard_errors(sampler: str) -> None:
    zs = []
    for i, (name, ((players, board), game)) in enumerate(SPOTS.items()):
        truth = exact_equity0(players, board, game)
        spot = make_spot(players, board, game=game, exact=False, sampler=sampler)
        trials = TRIALS if sampler == "sequential" else TRIALS // 8  # rejection is slow
        total = run(spot, 100 + i, trials)
        z = (float(total.equity()[0]) - truth) / total.stderr()[0]
        assert abs(z) < Z_MAX, (name, z)
        zs.append(z)
    s = sum(z * z for z in zs)
    assert SIGNIFICANCE / 2 < chi2_sf(s, len(zs)) < 1 - SIGNIFICANCE / 2, zs


def test_weights_of_the_sequential_sampler_are_the_target_for_one_trial() -> None:
    """Runs of a single trial each: the weighted mean over many of them is
    the exact equity (every trial on its own is a draw of the target)."""
    (players, board), game = SPOTS["river, 4 ranges"]
    truth = exact_equity0(players, board, game)
    spot = make_spot(players, board, game=game, exact=False, sampler="sequential")
    total = Sums.zero(spot.n, weighted=True)
    for seed in range(3000):
        total = total + run(spot, seed, 1)
    z = (float(total.equity()[0]) - truth) / total.stderr()[0]
    assert abs(z) < Z_MAX, z


def test_sequential_standard_error_matches_the_spread_of_repeated_runs() -> None:
    """40 runs with other seeds: the spread of their estimates against the
    standard error each reports (averaged: nearly exact)."""
    (players, board), game = SPOTS["river, 3 ranges"]
    spot = make_spot(players, board, game=game, exact=False, sampler="sequential")
    runs, reported = [], []
    for r in range(40):
        total = run(spot, 1000 + r, 4096)
        runs.append(float(total.equity()[0]))
        reported.append(total.stderr()[0] ** 2)
    # (R - 1) * var(run estimates) / sigma^2 is chi-square(R - 1) when the
    # reported variance is right.
    s = (len(runs) - 1) * np.var(runs, ddof=1) / np.mean(reported)
    assert SIGNIFICANCE / 2 < chi2_sf(s, len(runs) - 1) < 1 - SIGNIFICANCE / 2, s


def test_ranges_that_cannot_be_dealt_together() -> None:
    same = ("range", [ids("Ac Ad Kc Kd")], [1.0])
    players = [ids("2c 3c 4c 5c"), same, same]
    spot = make_spot(players, [], exact=False, sampler="independent")
    out, low = np.zeros(1 << 6), np.zeros(3)
    done, code = spot.monte_carlo(np.random.PCG64(1), 100, 1000, out, low)
    assert (done, code) == (0, _core.EQ_NO_DEAL)
    # the sequential sampler counts every trial, each of weight 0
    spot = make_spot(players, [], exact=False, sampler="sequential")
    sq = np.zeros(1 << 6)
    done, code = spot.monte_carlo(np.random.PCG64(1), 100, 1000, out, low, None, sq)
    assert (done, code) == (100, _core.EQ_OK) and not out.any() and not sq.any()
