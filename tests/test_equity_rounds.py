"""The engine's driver (omaha_eval/engine/runner.py): results that do not
depend on the thread count, rounds and progress, and Ctrl-C stopping a long
run within half a second, in the library as in the command line."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import cli_env
from oracles import evaluator as ref

import omaha_eval as oe

HERO = "As Ah 2c 3d"


def _weighted_range() -> tuple[np.ndarray, np.ndarray]:
    hands = ["Kd Kc 4s 5s", "Qh Qd 6c 7c", "Js Jh 8d 9d", "Tc Td 4h 5h", "9s 9c 6d 7d"]
    combos = np.array([ref.cards(h) for h in hands], dtype=np.uint8)
    return combos, np.array([1.0, 0.3, 2.5, 0.7, 1.9])


@pytest.mark.parametrize(
    "spot",
    [
        dict(players=[HERO, "*"], trials=200_000, exact=False),
        dict(players=[HERO, "*", "*"], board="Kd 7h 2s", target_stderr=0.003, exact=False),
        dict(players=[HERO, "15%", "KK"], board="Kd 7h", trials=100_000, exact=False),
        # exact in many parts with weighted ranges: the sums are added in part order
        dict(players=[HERO, _weighted_range(), "*"], board="Kd 7h 2s 9c", exact=True),
    ],
)
def test_same_seed_same_result_for_any_thread_count(spot: dict) -> None:
    results = [oe.equity(**spot, seed=7, threads=t) for t in (1, 2, 3, 8)]
    dicts = [r.to_dict() for r in results]
    for d in dicts:
        d.pop("elapsed")
    assert all(d == dicts[0] for d in dicts[1:])


def test_rounds_run_up_to_the_result_of_equity() -> None:
    rounds = list(oe.equity_rounds([HERO, "*", "*"], trials=1_500_000, seed=4))
    assert len(rounds) > 1
    assert [r.trials for r in rounds] == sorted({r.trials for r in rounds})  # growing
    final = oe.equity([HERO, "*", "*"], trials=1_500_000, seed=4)
    assert rounds[-1].players == final.players and rounds[-1].trials == 1_500_000
    seen: list[int] = []
    oe.equity([HERO, "*", "*"], trials=1_500_000, seed=4, progress=lambda r: seen.append(r.trials))
    assert seen == [r.trials for r in rounds]


def test_exact_runs_in_one_round() -> None:
    (only,) = oe.equity_rounds([HERO, "7c 7d 4c 5d"], board="Ks Qd Jh")
    assert only.method == "exact" and only.seed is None


def test_closing_the_rounds_early_stops_the_workers() -> None:
    before = threading.active_count()
    rounds = oe.equity_rounds([HERO, "*", "*", "*"], trials=10**9, seed=1, threads=2)
    first = next(rounds)
    assert 0 < first.trials < 10**9
    rounds.close()
    assert threading.active_count() == before


def test_bad_arguments_raise_before_the_first_round() -> None:
    with pytest.raises(oe.OmahaEvalError, match="trials"):
        oe.equity_rounds([HERO, "*"], trials=0)  # no next() needed


def test_ctrl_c_between_rounds_gives_the_rounds_done() -> None:
    """A KeyboardInterrupt outside the C loops (here from `progress`, as
    Ctrl-C can land while a round's result is built) still raises
    EquityInterrupted holding the rounds done before it."""
    seen: list[oe.EquityResult] = []

    def progress(result: oe.EquityResult) -> None:
        seen.append(result)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(oe.EquityInterrupted) as info:
        oe.equity([HERO, "*"], trials=10**7, seed=1, threads=1, progress=progress)
    partial = info.value.result
    assert partial.interrupted and partial.trials == seen[1].trials < 10**7
    assert partial.players == seen[1].players


CHILD = """
import sys, time
import omaha_eval as oe
try:
    print("running", flush=True)
    oe.equity({players!r}, {board!r}, exact={exact!r}, trials={trials!r}, threads={threads})
    print("finished", flush=True)
except KeyboardInterrupt as exc:
    caught = time.monotonic()
    result = getattr(exc, "result", None)
    print("caught", repr(caught), "trials", result.trials if result else 0, flush=True)
"""


# slow: a bound in wall time, which a loaded runner (the wheels' per-platform
# default tier, four builds at once) can miss; the slow tier and .ci/run keep it.
@pytest.mark.slow
@pytest.mark.skipif(
    sys.platform == "win32", reason="sends SIGINT to the child: POSIX (Windows has CTRL_C_EVENT)"
)
@pytest.mark.parametrize(
    ("players", "board", "exact", "trials", "threads"),
    [
        ([HERO, "*", "*", "*"], "", False, 10**9, 1),  # Monte Carlo, one thread
        ([HERO, "*", "*", "*"], "", False, 10**9, 2),
        # exact enumeration of minutes: two random hands on a river
        (["Ad Kd 3s 2s", "*", "*"], "Jd 4d 3c 9h 8s", True, None, 2),
    ],
)
def test_ctrl_c_stops_a_long_run_within_half_a_second(
    players: list[str], board: str, exact: bool, trials: int | None, threads: int, tmp_path: Path
) -> None:
    code = CHILD.format(players=players, board=board, exact=exact, trials=trials, threads=threads)
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=tmp_path,  # never the repository root: its source tree is not built in CI
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "running"
    time.sleep(1.5)  # well into the C loops
    sent = time.monotonic()  # CLOCK_MONOTONIC: the same clock in both processes
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    words = out.split()
    assert words[:1] == ["caught"], (out, err)
    delay = float(words[1]) - sent
    assert delay < 0.5, f"KeyboardInterrupt {delay:.3f} s after SIGINT"
    if not exact:
        assert int(words[3]) > 0  # EquityInterrupted carries the trials done
