"""Monte Carlo with ranges: the independent sampler (whole assignments drawn
until no two share a card) and the Gibbs chain (each call one chain started
from such an exact draw) against exact enumeration, with standard errors
computed the way valid for each: from the spread of the means of independent
calls ("blocks", each with its own seeded BitGenerator).

Spots: a fixed hand and 2 to 4 weighted ranges drawn from a small pool of
cards, so that most assignments collide (as with tight ranges multiway), on
the turn and the river so that exact enumeration stays cheap.  Everything is
seeded: the tests cannot pass or fail by chance from run to run.  The
checks: no |z| above Z_MAX, and the sum of the z^2 within the central
1 - SIGNIFICANCE of its chi-square law.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest
from chi_square import chi2_sf
from equity_spots import exact_counts, ids, make_spot

from omaha_eval import _core

SIGNIFICANCE = 0.001
Z_MAX = 4.5
BLOCKS = 40
BLOCK_TRIALS = 2048


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
    sums, deal = np.zeros((n, 8)), np.zeros(3)
    _core.equity_sums(n, outcome, sums, deal)
    return float(sums[0, 0] + sums[0, 1]) / deal[0]


def exact_equity0(players: list, board: list[int], game: str) -> float:
    spot = make_spot(players, board, game=game)
    out = exact_counts(spot)[0]
    assert out.sum() > 0
    return equity0(spot.n, out)


def block_means(spot: _core.EquitySpot, seed: int, blocks: int, trials: int) -> np.ndarray:
    means = []
    for s in np.random.SeedSequence(seed).spawn(blocks):
        out, low = np.zeros(1 << (2 * spot.n)), np.zeros(spot.n)
        done, code = spot.monte_carlo(np.random.PCG64(s), trials, 10**7, out, low)
        assert (done, code) == (trials, _core.EQ_OK)
        means.append(equity0(spot.n, out))
    return np.array(means)


def test_sampler_choice_is_the_spots() -> None:
    players, board = SPOTS["river, 3 ranges"][0]
    a = make_spot(players, board, exact=False, sampler="auto")
    b = make_spot(players, board, exact=False, sampler="auto")
    assert a.sampler == b.sampler == "chain"  # fewer than 1 in 32 assignments are dealt
    assert make_spot(players, board, exact=False).sampler == "independent"  # the default
    one_range = make_spot(players[:2], board, exact=False, sampler="auto")
    assert one_range.sampler == "independent"  # nothing to collide
    wide = [ids("As Ah 2c 3d"), ("range", [ids("Kc Kd 4c 5d"), ids("Qs Js Ts 9s")], [1, 1])]
    assert make_spot([*wide, ("range", [ids("7c 7d 8c 8d")], [1])], [],
                     exact=False, sampler="auto").sampler == "independent"  # fmt: skip
    forced = make_spot(players, board, exact=False, sampler="independent")
    assert forced.sampler == "independent"
    with pytest.raises(ValueError, match="sampler"):
        make_spot(players, board, exact=False, sampler="gibbs")


@pytest.mark.parametrize("sampler", ["independent", "chain"])
def test_samplers_match_exact_with_block_standard_errors(sampler: str) -> None:
    zs = []
    for i, (name, ((players, board), game)) in enumerate(SPOTS.items()):
        truth = exact_equity0(players, board, game)
        spot = make_spot(players, board, game=game, exact=False, sampler=sampler)
        trials = BLOCK_TRIALS if sampler == "chain" else BLOCK_TRIALS // 8  # rejection is slow
        m = block_means(spot, 100 + i, BLOCKS, trials)
        se = m.std(ddof=1) / math.sqrt(BLOCKS)
        z = (m.mean() - truth) / se
        assert abs(z) < Z_MAX, (name, z)
        zs.append(z)
    s = sum(z * z for z in zs)
    assert SIGNIFICANCE / 2 < chi2_sf(s, len(zs)) < 1 - SIGNIFICANCE / 2, zs


def test_chain_is_the_target_from_its_first_trials() -> None:
    """Blocks of 1 and of 2 trials: the exact start and one sweep are each
    distributed as the target (binomial-free check: z from the spread)."""
    (players, board), game = SPOTS["river, 4 ranges"]
    truth = exact_equity0(players, board, game)
    spot = make_spot(players, board, game=game, exact=False, sampler="chain")
    for trials, seed in ((1, 7), (2, 8)):
        m = block_means(spot, seed, 6000, trials)
        z = (m.mean() - truth) / (m.std(ddof=1) / math.sqrt(len(m)))
        assert abs(z) < Z_MAX, (trials, z)


def test_chain_standard_error_matches_the_spread_of_repeated_runs() -> None:
    """A run = 16 blocks; its reported standard error (spread of its block
    means) against the spread of the means of 40 runs with other seeds."""
    (players, board), game = SPOTS["river, 3 ranges"]
    spot = make_spot(players, board, game=game, exact=False, sampler="chain")
    runs, reported = [], []
    for r in range(40):
        m = block_means(spot, 1000 + r, 16, 1024)
        runs.append(m.mean())
        reported.append(m.var(ddof=1) / 16)
    # (R - 1) * var(run means) / sigma^2 is chi-square(R - 1) when the
    # reported variance (averaged over 40 runs: nearly exact) is right.
    s = (len(runs) - 1) * np.var(runs, ddof=1) / np.mean(reported)
    assert SIGNIFICANCE / 2 < chi2_sf(s, len(runs) - 1) < 1 - SIGNIFICANCE / 2, s


@pytest.mark.parametrize("sampler", ["independent", "chain"])
def test_ranges_that_cannot_be_dealt_together(sampler: str) -> None:
    same = ("range", [ids("Ac Ad Kc Kd")], [1.0])
    spot = make_spot([ids("2c 3c 4c 5c"), same, same], [], exact=False, sampler=sampler)
    out, low = np.zeros(1 << 6), np.zeros(3)
    done, code = spot.monte_carlo(np.random.PCG64(1), 100, 1000, out, low)
    assert (done, code) == (0, _core.EQ_NO_DEAL)
