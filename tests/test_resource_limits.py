"""Resource limits: memory after import, and requests too large to
enumerate exactly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import resident_memory_measured

import omaha_eval
from omaha_eval.errors import OmahaEvalError

RSS_GOAL_MB = 100  # the goal: under 100 MB resident with the 4-card tables built

PROBE = """
import omaha_eval as oe
oe.evaluate("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h")
for line in open("/proc/self/status", encoding="utf-8"):
    if line.startswith("VmRSS:"):
        print(int(line.split()[1]))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
@resident_memory_measured
def test_resident_memory_after_import_and_first_evaluation(tmp_path):
    """A fresh interpreter importing this omaha_eval (the same one the tests
    import) and evaluating one hand stays under the goal."""
    parent = str(Path(omaha_eval.__file__).resolve().parents[1])
    run = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=parent),
        capture_output=True,
        text=True,
        check=True,
    )
    rss_mb = int(run.stdout.split()[-1]) / 1024
    assert rss_mb < RSS_GOAL_MB, f"{rss_mb:.1f} MB resident"


# ------------------------------------------------------------ equity
HUGE = ["As Ks Qs 2d", "*", "*"]  # two random hands preflop: ~6.5e16 units of exact work


def test_enormous_exact_request_is_refused_with_a_clear_message():
    with pytest.raises(
        OmahaEvalError, match=r"exact: this spot needs about .* units of work"
    ) as info:
        omaha_eval.equity(HUGE, exact=True)
    assert "Monte Carlo" in str(info.value)
    with pytest.raises(OmahaEvalError, match=r"above the limit"):
        omaha_eval.equity(["*"] * 10, exact=True)


def test_enormous_spot_falls_back_to_monte_carlo_by_itself():
    r = omaha_eval.equity(HUGE, trials=20_000, seed=1, threads=1)
    assert r.method == "monte-carlo" and r.trials == 20_000
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-12)


# Two ranges in which every hand of one shares a card with every hand of the other.
NEVER_A = (np.array([[0, 1, 2, 3], [4, 5, 6, 7]]), np.ones(2))
NEVER_B = (np.array([[0, 4, 8, 9], [1, 5, 10, 11]]), np.ones(2))


def test_ranges_that_cannot_be_dealt_together_are_refused_not_looped_on():
    with pytest.raises(OmahaEvalError, match=r"no deal is possible"):
        omaha_eval.equity([NEVER_A, NEVER_B], exact=True)
    # found by a search before any trial, not by a million rejected draws
    with pytest.raises(OmahaEvalError, match=r"no deal is possible"):
        omaha_eval.equity([NEVER_A, NEVER_B], exact=False, trials=1000, seed=1, threads=1)


# Two small ranges on the turn that do not touch the board or the hero.
RANGE_A = np.array([[20, 24, 28, 32], [21, 25, 29, 33]])  # 7c8c9cTc, 7d8d9dTd
RANGE_B = np.array([[0, 16, 18, 22], [2, 17, 19, 23]])  # 2c6c6h7h, 2h6d6s7s


@pytest.mark.parametrize("scale", [1e-200, 1e155, 1e300])
def test_exact_equity_does_not_depend_on_the_scale_of_range_weights(scale):
    """docs/rules.md weighs a deal by the product of the hands' weights; scaling
    one range's weights scales every deal alike, so no figure may change."""

    def run(s: float) -> list[float]:
        a = (RANGE_A, np.array([1.0, 3.0]) * s)
        b = (RANGE_B, np.array([2.0, 1.0]) * s)
        r = omaha_eval.equity(["As Ks Qs 2d", a, b], board="Jd 4d 3c Qd", exact=True)
        return [p.equity for p in r.players] + [r.no_low]

    assert run(scale) == pytest.approx(run(1.0), abs=1e-12)
