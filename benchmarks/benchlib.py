"""Shared benchmark machinery: timing, platform line, and the same case run
by a previous build of the package in a subprocess (``--baseline DIR``: a
source tree whose compiled _core is built in place, e.g. ``git archive
<commit> | tar -x -C DIR`` then ``python setup.py build_ext --inplace``).

Each case is a function returning (callable, units, checksum function): the
inputs are made before the callable is timed.  The current build and the
baseline each run the case `repeat` times, twice in turn (A B A B), so that a
change of load on the shared machine hits both; medians and bests are over
all runs.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

Case = Callable[[], tuple[Callable[[], Any], float, Callable[[Any], Any]]]


def platform_line() -> str:
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if "model name" in line)
    except (OSError, StopIteration):
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"{platform.system()} {platform.machine()}, {cpu}, {os.cpu_count()} cores, "
        f"load {load}; Python {platform.python_version()}, NumPy {np.__version__}"
    )


def timed(fn: Callable[[], Any], repeat: int) -> tuple[list[float], Any]:
    """Wall times of `repeat` calls after one warm-up call, and the last result."""
    result = fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return times, result


def timed_cpu(fn: Callable[[], Any], repeat: int) -> tuple[list[float], list[float], Any]:
    """Wall and CPU times of `repeat` calls after one warm-up call (CPU time:
    less inflated by other processes on a shared machine), and the warm-up's
    result (the checksummed one)."""
    result = fn()
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu, result


def measure(name: str, fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """timed_cpu, printed as one line (median and fastest wall time, median
    CPU time); returns the median wall time and the result."""
    wall, cpu, result = timed_cpu(fn, repeat)
    median = statistics.median(wall)
    print(
        f"  {name:44} median {median:8.4f} s  fastest {min(wall):8.4f} s  "
        f"cpu {statistics.median(cpu):8.4f} s"
    )
    return median, result


def street_inputs(
    rng: np.random.Generator, n_board: int, n: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A seeded street question: (board of n_board cards, n hero and n
    villain 4-card hands off the board, n villain weights)."""
    import omaha_eval as oe

    board = rng.choice(52, size=n_board, replace=False).astype(np.uint8)
    hands = oe.all_hands()
    live = np.ascontiguousarray(hands[~np.isin(hands, board).any(axis=1)])
    hero = live[rng.choice(len(live), size=n, replace=False)]
    villain = live[rng.choice(len(live), size=n, replace=False)]
    return board, hero, villain, rng.random(n)


def run_case(case: Case, repeat: int) -> dict[str, Any]:
    fn, units, check = case()
    times, cpu, result = timed_cpu(fn, repeat)
    return {"times": times, "cpu": cpu, "units": units, "checksum": check(result)}


def worker_main(cases: dict[str, Case]) -> bool:
    """`--worker NAME REPEAT`: run one case, print its JSON; True if so."""
    if len(sys.argv) == 4 and sys.argv[1] == "--worker":
        print(json.dumps(run_case(cases[sys.argv[2]], int(sys.argv[3]))))
        return True
    return False


def baseline_case(script: str, baseline: str, name: str, repeat: int) -> dict[str, Any] | None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([baseline, os.path.dirname(script)]))
    proc = subprocess.run(
        [sys.executable, script, "--worker", name, str(repeat)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def compare(
    script: str,
    cases: dict[str, Case],
    names: list[str],
    repeat: int,
    baseline: str | None,
    unit: str,
    old_ok: set[str] | None = None,
) -> dict[str, tuple[float, float]]:
    """Print, for each case: median and best time, rate, checksum, and the
    baseline's median and the ratio when it can run the case; return the
    cases' median wall and CPU times (for ratios between cases of the same
    run)."""
    medians: dict[str, tuple[float, float]] = {}
    for name in names:
        ours = run_case(cases[name], repeat)
        old = None
        if baseline and (old_ok is None or name in old_ok):
            old = baseline_case(script, baseline, name, repeat)
            again = run_case(cases[name], repeat)
            ours["times"] += again["times"]
            ours["cpu"] += again["cpu"]
            if old is not None:
                more = baseline_case(script, baseline, name, repeat)
                if more is not None:
                    old["times"] += more["times"]
                    old["cpu"] += more["cpu"]
        med, best = statistics.median(ours["times"]), min(ours["times"])
        medians[name] = (med, statistics.median(ours["cpu"]))
        # CPU time too: on a shared machine less inflated than the wall clock
        line = (
            f"{name:<44} median {med * 1e3:9.2f} ms  best {best * 1e3:9.2f} ms  "
            f"cpu {statistics.median(ours['cpu']) * 1e3:9.2f} ms  "
            f"{ours['units'] / med / 1e6:8.3f} M {unit}/s  checksum {ours['checksum']}"
        )
        if old is not None:
            omed = statistics.median(old["times"])
            line += (
                f"\n{'':<44} previous {omed * 1e3:9.2f} ms  "
                f"cpu {statistics.median(old['cpu']) * 1e3:9.2f} ms  "
                f"{old['units'] / omed / 1e6:8.3f} M {unit}/s  -> x{omed / med:.2f}"
                f"{'' if old['checksum'] == ours['checksum'] else '  (checksum differs)'}"
            )
        print(line, flush=True)
    return medians
