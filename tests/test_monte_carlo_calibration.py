"""Statistical validation of Monte Carlo equity against exact enumeration
(spots whose ranges rarely fit together: tests/test_sampler_calibration.py).

A fixed grid of spots (heads-up to 4-way; 4, 5 and 6 hole cards; 0, 1, 3 and
4 board cards; dead cards; random opponents; hi/lo and high only) is solved
exactly and by seeded Monte Carlo.  For each spot

    z = (Monte Carlo estimate - exact value) / standard error

for player 0's equity (the standard error the package reports), for the
probability that no low qualifies (binomial standard error of the exact
probability, computed here), and for every probability of every player and
of the deal with the error the package gives a sampled probability
(engine/results.binomial_stderr, as board reports report it).
If the estimates are unbiased and the reported errors right, the z-scores
are close to independent standard normals, so the tests require:

- no |z| above 4.5 (for 70 normal z-scores, P(any |z| > 4.5) is about 5e-4);
- the sum of squares of each set of z-scores within the central 99.9% of
  its chi-square distribution (SIGNIFICANCE = 0.001, two-sided): too large
  means bias or understated errors, too small overstated errors.

Everything is seeded (one seed per spot, one thread), so the outcome is
fixed: these tests cannot pass or fail by chance from run to run.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest
from chi_square import chi2_sf

import omaha_eval as oe
from omaha_eval import equity
from omaha_eval.engine.results import DEAL_FIGURES, FIGURES, binomial_stderr

SIGNIFICANCE = 0.001  # two-sided, for each chi-square check
Z_MAX = 4.5
TRIALS = 40_000
RANKS, SUITS = "23456789TJQKA", "cdhs"


def text(ids: list[int]) -> str:
    return " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in ids)


def grid() -> list[dict[str, object]]:
    """The spots: dealt from one seeded generator so the grid is fixed.
    Each shape (players, hole cards, board cards, dead cards, game, random
    opponent) appears with several different deals."""
    shapes = [
        # (players, k, board, dead, game, last player is "*")
        (2, 4, 0, 0, "omaha8", False),
        (2, 4, 0, 0, "omaha8", False),
        (2, 4, 0, 0, "omaha", False),
        (2, 4, 1, 0, "omaha8", False),  # Courchevel-style one-card board
        (2, 4, 3, 0, "omaha8", False),
        (2, 4, 3, 2, "omaha8", False),
        (2, 4, 4, 0, "omaha8", True),
        (2, 5, 0, 0, "omaha8", False),
        (2, 5, 3, 0, "omaha8", False),
        (2, 6, 3, 0, "omaha8", False),
        (2, 5, 5, 0, "omaha8", True),
        (3, 4, 0, 0, "omaha8", False),
        (3, 4, 3, 0, "omaha8", False),
        (3, 4, 3, 3, "omaha", False),
        (3, 5, 3, 0, "omaha8", False),
        (4, 4, 3, 0, "omaha8", False),
        (4, 6, 4, 0, "omaha8", False),
    ]
    rng = np.random.default_rng(20261130)
    spots = []
    for repeat in range(2):
        for n, k, n_board, n_dead, game, random_last in shapes:
            cards = rng.permutation(52).tolist()
            hands = [text(cards[i * k : (i + 1) * k]) for i in range(n)]
            rest = cards[n * k :]
            if random_last:
                hands[-1] = "*"
            spots.append(
                {
                    "players": hands,
                    "board": text(rest[:n_board]),
                    "dead": text(rest[n_board : n_board + n_dead]),
                    "game": game,
                    "seed": 1000 + len(spots) + 100 * repeat,
                }
            )
    return spots


SPOTS = grid()


@cache
def solved(i: int) -> tuple[oe.EquityResult, oe.EquityResult]:
    spot = dict(SPOTS[i])
    seed = spot.pop("seed")
    exact = equity(**spot, exact=True)
    mc = equity(**spot, exact=False, trials=TRIALS, seed=seed, threads=1)
    return exact, mc


def z_scores() -> tuple[list[float], list[float]]:
    """(equity z-scores, no-low z-scores); spots where the figure cannot vary
    (exact value 0 or 1) are checked for equality instead."""
    z_equity, z_no_low = [], []
    for i in range(len(SPOTS)):
        exact, mc = solved(i)
        assert exact.method == "exact" and mc.method == "monte-carlo"
        assert mc.trials == TRIALS
        e, m = exact.players[0].equity, mc.players[0]
        if m.stderr == 0:
            assert m.equity == e, SPOTS[i]
        else:
            z_equity.append((m.equity - e) / m.stderr)
        p = exact.no_low
        if p in (0.0, 1.0):
            assert mc.no_low == p, SPOTS[i]
        else:
            z_no_low.append((mc.no_low - p) / math.sqrt(p * (1 - p) / TRIALS))
    return z_equity, z_no_low


# The probabilities of a result (each a count of trials over the trials):
# every figure but the pot shares and the error.
SHARES = ("equity", "hi_share", "lo_share", "stderr")
PLAYER_PROBABILITIES = tuple(f.name for f in FIGURES if f.name not in SHARES)
DEAL_PROBABILITIES = tuple(f.name for f in DEAL_FIGURES)


def binomial_z_scores() -> list[float]:
    """Every probability's z-score with the package's binomial error of the
    sampled value; a probability whose exact value is 0 or 1 must equal it."""
    z = []
    for i in range(len(SPOTS)):
        exact, mc = solved(i)
        pairs = [
            (getattr(e, name), getattr(m, name))
            for e, m in zip(exact.players, mc.players, strict=True)
            for name in PLAYER_PROBABILITIES
        ]
        pairs += [(getattr(exact, name), getattr(mc, name)) for name in DEAL_PROBABILITIES]
        for want, got in pairs:
            if want in (0.0, 1.0):
                assert got == want, SPOTS[i]
            else:
                z.append((got - want) / float(binomial_stderr(got, TRIALS)))
    return z


def test_chi2_sf_matches_known_quantiles():
    # chi-square quantiles from tables: P(X > q) for (dof, q)
    assert chi2_sf(5.991, 2) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(18.307, 10) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(63.691, 40) == pytest.approx(0.01, abs=1e-4)
    assert chi2_sf(26.509, 40) == pytest.approx(0.95, abs=1e-4)
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(11.070, 5) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(49.588, 29) == pytest.approx(0.01, abs=1e-4)
    assert chi2_sf(17.708, 29) == pytest.approx(0.95, abs=1e-4)


def check_normal(z: list[float], name: str) -> None:
    assert len(z) >= 20, f"{name}: only {len(z)} z-scores"
    worst = max(z, key=abs)
    assert abs(worst) <= Z_MAX, f"{name}: |z| = {abs(worst):.2f} > {Z_MAX}; all: {z}"
    sf = chi2_sf(sum(v * v for v in z), len(z))
    assert SIGNIFICANCE / 2 < sf < 1 - SIGNIFICANCE / 2, (
        f"{name}: sum of z^2 = {sum(v * v for v in z):.1f} over {len(z)} spots, "
        f"upper-tail p = {sf:.2g}; z = {[round(v, 2) for v in z]}"
    )


def test_monte_carlo_equity_z_scores_are_standard_normal():
    z_equity, _ = z_scores()
    check_normal(z_equity, "equity")


def test_monte_carlo_no_low_z_scores_are_standard_normal():
    _, z_no_low = z_scores()
    check_normal(z_no_low, "no_low")


def test_monte_carlo_probabilities_with_their_reported_error_are_standard_normal():
    check_normal(binomial_z_scores(), "probabilities")


def test_monte_carlo_is_deterministic_given_the_seed():
    spot = dict(SPOTS[12])
    seed = spot.pop("seed")
    for threads in (1, 2):
        a = equity(**spot, exact=False, trials=20_000, seed=seed, threads=threads)
        b = equity(**spot, exact=False, trials=20_000, seed=seed, threads=threads)
        assert [p.equity for p in a.players] == [p.equity for p in b.players]
        assert a.to_dict() | {"elapsed": 0} == b.to_dict() | {"elapsed": 0}


if __name__ == "__main__":  # python tests/test_hardening_stats.py: the figures in the README
    for name, z in zip(("equity", "no_low"), z_scores(), strict=True):
        s = sum(v * v for v in z)
        print(
            f"{name}: {len(z)} z-scores, max |z| = {max(map(abs, z)):.2f}, "
            f"sum z^2 = {s:.1f}, P(chi2_{len(z)} > sum) = {chi2_sf(s, len(z)):.2f}"
        )
