"""Monte Carlo equity: agreement with exact enumeration, seeding, stopping."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_equity_exact import FIXED_SPOTS, RANGE_SPOTS, SMALL_DECK_DEAD, range_of

import omaha_eval as oe
from omaha_eval.engine.results import rare_floor

SPOTS = {
    "preflop heads-up": (["6c6d6h6s", "5c4d3h2s"], "", ""),
    "flop heads-up": FIXED_SPOTS["flop heads-up"],
    "flop 3-way dead": FIXED_SPOTS["flop 3-way dead"],
    "turn 6 cards 3-way": FIXED_SPOTS["turn 6 cards 3-way"],
    "turn range": RANGE_SPOTS["turn range"],
    "river two ranges 3-way": RANGE_SPOTS["river two ranges 3-way"],
    "flop ranges": RANGE_SPOTS["flop ranges"],
    "random hand, small deck": (["As 2h 3c 3d", "*"], "Ac Ad Ah", SMALL_DECK_DEAD),
    "two random hands, small deck": (
        ["As 2h 3c 3d", "*", "*"],
        "Ac Ad Ah Kc",
        " ".join(
            f"{r}{s}" for r in "23456789" for s in "cdhs" if f"{r}{s}" not in ("2h", "3c", "3d")
        ),
    ),
    "range and random hand, small deck": (
        [
            "As 2h 3c 3d",
            range_of(("2c 2d Kc Kd", 1.0), ("3h 3s Kh Ks", 2.0), ("4s 3h Kc Ks", 0.5)),
            "*",
        ],
        "Ac Ad Ah",
        " ".join(f"{r}{s}" for r in "56789TJQ" for s in "cdhs"),
    ),
    "five-card random hand on the river": (["As 2s 3h Kd Kc", "*"], "6s 7h 8d Jc 4s", ""),
    "random hand on the river 3-way": (["As 2h 3c 3d", "*", "Tc Td 6s 7s"], "Kc Qd 4h 5s 8s", ""),
}
PROBABILITIES = ("scoop", "hi_win", "hi_tie", "lo_win", "lo_tie", "quartered", "makes_low")


@pytest.mark.parametrize("name", list(SPOTS))
def test_monte_carlo_within_four_standard_errors_of_exact(name: str) -> None:
    players, board, dead = SPOTS[name]
    exact = oe.equity(players, board, dead, exact=True)
    mc = oe.equity(players, board, dead, exact=False, trials=200_000, seed=2024, threads=2)
    assert mc.method == "monte-carlo" and mc.trials == 200_000 and mc.seed == 2024
    assert sum(p.equity for p in mc.players) == pytest.approx(1.0, abs=1e-12)
    for want, got in zip(exact.players, mc.players, strict=True):
        # (a player whose share never varies has stderr 0: then exactly right)
        assert abs(got.equity - want.equity) <= 4 * got.stderr + 1e-12
        # the other figures are proportions: binomial standard errors
        for figure in PROBABILITIES:
            p = getattr(want, figure)
            se = math.sqrt(p * (1 - p) / mc.trials)
            assert abs(getattr(got, figure) - p) <= 4 * se + 1e-12, figure
    for figure in ("no_low", "low_split", "any_quartered"):
        p = getattr(exact, figure)
        assert abs(getattr(mc, figure) - p) <= 4 * math.sqrt(p * (1 - p) / mc.trials) + 1e-12


def test_stderr_matches_spread_across_seeds() -> None:
    # The reported standard error describes the real spread of estimates.
    players, board, dead = SPOTS["flop heads-up"]
    runs = [
        oe.equity(players, board, dead, exact=False, trials=20_000, seed=s, threads=1)
        for s in range(40)
    ]
    estimates = np.array([r.players[0].equity for r in runs])
    reported = np.mean([r.players[0].stderr for r in runs])
    # 40 samples: the sample sd is within ~35% of the true sd with high probability
    assert 0.6 * reported < estimates.std(ddof=1) < 1.5 * reported


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_same_seed_same_result(threads: int) -> None:
    players, board, dead = RANGE_SPOTS["flop ranges"]
    a = oe.equity(players, board, dead, exact=False, trials=30_001, seed=7, threads=threads)
    b = oe.equity(players, board, dead, exact=False, trials=30_001, seed=7, threads=threads)
    assert a.players == b.players and a.trials == b.trials == 30_001
    c = oe.equity(players, board, dead, exact=False, trials=30_001, seed=8, threads=threads)
    assert c.players != a.players


def test_seed_forms() -> None:
    players, board, _ = FIXED_SPOTS["flop heads-up"]

    def run(seed: object) -> oe.EquityResult:
        return oe.equity(players, board, exact=False, trials=5_000, seed=seed, threads=2)

    by_int = run(11)
    assert run(np.random.SeedSequence(11)).players == by_int.players
    assert run(np.random.SeedSequence(11)).seed == 11
    unseeded = run(None)
    assert isinstance(unseeded.seed, int)
    assert run(unseeded.seed).players == unseeded.players  # the reported seed reproduces
    gen_a, gen_b = np.random.default_rng(5), np.random.default_rng(5)
    first = run(gen_a)
    assert run(gen_b).players == first.players
    assert run(first.seed).players == first.players  # the seed drawn from it reproduces
    assert run(gen_a).players != first.players  # a Generator moves on, as in NumPy
    spawned = np.random.SeedSequence(11).spawn(1)[0]
    assert run(run(spawned).seed).players == run(spawned).players


def test_target_stderr_stops_when_reached() -> None:
    players, board, _ = FIXED_SPOTS["flop 3-way dead"]
    r = oe.equity(players, board, exact=False, target_stderr=0.004, seed=1, threads=2)
    assert max(p.stderr for p in r.players) <= 0.004
    assert r.trials < 1_000_000
    capped = oe.equity(players, board, exact=False, target_stderr=1e-6, trials=50_000, seed=1)
    assert capped.trials == 50_000 and max(p.stderr for p in capped.players) > 1e-6
    again = oe.equity(players, board, exact=False, target_stderr=0.004, seed=1, threads=2)
    assert again.players == r.players and again.trials == r.trials


def test_auto_method_choice() -> None:
    assert oe.equity(["6c6d6h6s", "5c4d3h2s"]).method == "exact"
    r = oe.equity(["6c6d6h6s", "*", "*"], trials=10_000, seed=1)
    assert r.method == "monte-carlo" and r.trials == 10_000
    six_way = [
        "As Ks Qs Js",
        "Ah Kh Qh Jh",
        "Ad Kd Qd Jd",
        "Ac Kc Qc Jc",
        "Ts 9s 8s 7s",
        "Th 9h 8h 7h",
    ]
    assert oe.equity(six_way).method == "exact"  # 98,280 boards: cheap


def test_high_only_monte_carlo() -> None:
    players, board, dead = FIXED_SPOTS["turn 3-way"]
    exact = oe.equity(players, board, dead, game="omaha")
    mc = oe.equity(players, board, dead, game="omaha", exact=False, trials=50_000, seed=3)
    assert mc.no_low == 1.0 and all(p.lo_share == 0 for p in mc.players)
    for want, got in zip(exact.players, mc.players, strict=True):
        assert abs(got.equity - want.equity) <= 4 * got.stderr + 1e-12


def test_an_equity_the_same_in_every_trial_has_the_rare_event_floor_as_its_error():
    """A hand that wins every sampled deal (the aces full on this turn cannot
    lose) shows 100% with the error of a chance of 1/(n + 2), not 0: the
    sampling cannot tell it from a rare loss."""
    r = oe.equity(["AsAh2c3d", "7c7d8h9s"], "AdAc4d5c", exact=False, trials=500, seed=1)
    assert [p.equity for p in r.players] == [1.0, 0.0]
    assert [p.stderr for p in r.players] == [pytest.approx(rare_floor(500))] * 2
    varied = oe.equity(["AsAh2c3d", "7c7d8h9s"], "Ad7h4d", exact=False, trials=500, seed=1)
    assert varied.players[0].stderr > rare_floor(500)  # the sample's own error stands
