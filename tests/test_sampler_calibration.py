"""Calibration of Monte Carlo where ranges rarely fit together: every run's
standard error is valid for that run.

The spots are the hard ones for a sampler: tight 4- to 9-player spots whose
ranges are explicit hands that barely fit together (a handful of deals out
of millions of assignments), a board pattern over them, and a reducible
case (two assignments that no one-player-at-a-time move connects, the
failure of a Gibbs chain).  Each is solved exactly and run by seeded Monte
Carlo at 10,000 and 40,000 trials over many seeds; the engine picks its own
sampler: the listed one where the assignments that fit are few, the
sequential one (importance weights) where they are many (each spot's is
checked).  For each run
and player, z = (estimate - exact) / reported standard error, and:

- no |z| above Z_MAX (for ~1,000 normal z-scores, P(any |z| > 4.5) ~ 0.007);
  a player whose equity is too near 0 or 1 for a run to see its rare
  outcomes (fewer than RARE of them expected) is left out; one whose
  equity is exactly 0 or 1 is estimated exactly, with the rare-event floor
  (engine/results.rare_floor) as its error;
- the sum of the z^2 of each trial size within the central 1 - SIGNIFICANCE
  of its chi-square law (too large: bias or understated errors; too small:
  overstated);
- for every spot and trial size, each run's reported error within 2x of the
  spread of the estimates over the seeds (the error of that run, measured).

Everything is seeded (one thread): the tests cannot pass or fail by chance.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from chi_square import chi2_sf

import omaha_eval as oe
from omaha_eval.engine.question import read_question
from omaha_eval.engine.results import rare_floor
from omaha_eval.engine.spot import prepare

pytestmark = pytest.mark.slow  # about a minute: the statistical tier

SIGNIFICANCE = 0.001
Z_MAX = 4.5
SEEDS = 20
TRIAL_SIZES = (10_000, 40_000)
RARE = 20  # outcomes a run must expect to see for its z-score to be normal


def pool_spot(
    seed: int, n_ranges: int, n_board: int, pool: int, combos: int, k: int = 4
) -> tuple[list[object], str]:
    """A hero hand and n_ranges weighted ranges of `combos` hands each, all
    from one pool of `pool` cards, so that few assignments fit together."""
    rng = np.random.default_rng(seed)
    cards = rng.permutation(52).tolist()
    board, hero, rest = cards[:n_board], sorted(cards[n_board : n_board + k]), cards[n_board + k :]
    hands = np.array(list(itertools.combinations(sorted(rest[:pool]), k)), dtype=np.uint8)
    players: list[object] = [oe.format_cards(hero)]
    for _ in range(n_ranges):
        pick = rng.choice(len(hands), combos, replace=False)
        players.append((hands[pick], rng.choice([0.5, 1.0, 2.0], combos)))
    return players, oe.format_cards(board)


def reducible() -> list[object]:
    """Two ranges whose only deals are (AA22, KK33) and (KK33, AA22): every
    heavy hand holds As and Ks, so it fits with neither; from one deal, no
    change of one player's hand reaches the other."""
    c = oe.parse_cards
    aces, kings = sorted(c("AsAh2c2d")), sorted(c("KsKh3c3d"))
    free = [x for x in range(52) if x not in set(c("AsAhKsKh2c2d3c3d9d8d7h"))]
    heavy = [sorted([*c("AsKs"), *pair]) for pair in itertools.combinations(free[:6], 2)][:12]
    combos = np.array([aces, kings, *heavy], dtype=np.uint8)
    hero = (combos, np.array([1.0, 0.333] + [3.0] * 12))
    villain = (combos, np.array([0.333, 1.0] + [3.0] * 12))
    return [hero, villain]


SPOTS = {
    "9 players, river, 9 deals fit": pool_spot(3, 8, 5, 43, 9),
    "9 players, river, 18 deals fit": pool_spot(6, 8, 5, 43, 9),
    "8 players, river": pool_spot(7, 7, 5, 40, 10),
    "7 players, turn": pool_spot(8, 6, 4, 34, 10),
    "6 players, river": pool_spot(4, 5, 5, 30, 8),
    "4 players, 5-card hands, turn": pool_spot(5, 3, 4, 17, 25, k=5),
    "reducible, flop": (reducible(), "9d 8d 7h"),
    "reducible, a pattern of flops": (reducible(), "9d8d*"),
    "5 players, river, many deals fit": pool_spot(13, 4, 5, 22, 120),
    "6 players, river, many deals fit": pool_spot(17, 5, 5, 26, 100),
    "4 players, river, many deals fit": pool_spot(20, 3, 5, 16, 300),
    "6 players, river, wide ranges": pool_spot(21, 5, 5, 24, 150),
}
SEQUENTIAL = {name for name in SPOTS if "many" in name or "wide" in name}


def sampler_of(players: list[object], board: str) -> str:
    q = read_question(players, board if "*" not in board else "9d 8d 7h")
    spot = prepare(q.players, q.k, q.board, q.dead, q.game)  # type: ignore[arg-type]
    return spot.c_spot(exact=False).sampler


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, int], tuple[list[float], np.ndarray, np.ndarray]]:
    """(spot, trials) -> (exact equities, estimates (seeds x players), errors)."""
    out = {}
    for name, (players, board) in SPOTS.items():
        truth = [p.equity for p in oe.equity(players, board, exact=True).players]
        for trials in TRIAL_SIZES:
            est, err = [], []
            for seed in range(SEEDS):
                r = oe.equity(players, board, exact=False, trials=trials, seed=seed, threads=1)
                est.append([p.equity for p in r.players])
                err.append([p.stderr for p in r.players])
            out[name, trials] = truth, np.array(est), np.array(err)
    return out


def test_each_spot_takes_the_sampler_it_is_here_for() -> None:
    for name, (players, board) in SPOTS.items():
        want = "sequential" if name in SEQUENTIAL else "listed"
        assert sampler_of(players, board) == want, name


@pytest.mark.parametrize("trials", TRIAL_SIZES)
def test_z_scores_are_standard_normal(runs: dict, trials: int) -> None:
    zs: list[float] = []
    for name in SPOTS:
        truth, est, err = runs[name, trials]
        for p, t in enumerate(truth):
            if min(t, 1 - t) == 0:
                # the same on every deal: estimated exactly; its error is only
                # the rare-event floor, a bound on what no run can see
                assert np.allclose(est[:, p], t, atol=1e-12), name
                assert (err[:, p] >= rare_floor(trials)).all(), name  # of the effective trials
                continue
            if min(t, 1 - t) * trials < RARE:
                continue
            z = (est[:, p] - t) / err[:, p]
            assert np.abs(z).max(initial=0) <= Z_MAX, (name, p, z)
            zs.extend(z.tolist())
    s = sum(z * z for z in zs)
    assert len(zs) > 500
    assert SIGNIFICANCE / 2 < chi2_sf(s, len(zs)) < 1 - SIGNIFICANCE / 2, (s, len(zs))


@pytest.mark.parametrize("trials", TRIAL_SIZES)
def test_each_runs_standard_error_is_within_twice_the_spread(runs: dict, trials: int) -> None:
    for name in SPOTS:
        truth, est, err = runs[name, trials]
        spread = est.std(axis=0, ddof=1)
        for p in np.flatnonzero(spread > 0):
            if min(truth[p], 1 - truth[p]) * trials < RARE:
                continue
            ratio = err[:, p] / spread[p]
            assert (ratio > 0.5).all() and (ratio < 2.0).all(), (name, p, ratio)


def test_a_target_is_reached_only_with_an_honest_error() -> None:
    """The reducible case with a target: the estimate is within the
    target's reach of the truth in every seed (the old chain sampler
    claimed its target with the estimate 50 standard errors off)."""
    players, board = SPOTS["reducible, flop"]
    truth = oe.equity(players, board, exact=True).players[0].equity
    for seed in range(40):
        r = oe.equity(players, board, exact=False, target_stderr=0.01, seed=seed, threads=1)
        assert r.target_reached
        assert abs(r.players[0].equity - truth) <= Z_MAX * r.players[0].stderr, seed
