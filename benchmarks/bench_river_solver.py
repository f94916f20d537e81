#!/usr/bin/env python
"""solve_river speed and memory (issue 48's goals: a spot of a few hundred
combos a side to 0.1% of the pot in under 5 s; 15% against 15% with bets of
50% and 100%, one raise of 100%, at most two raises and all-in, to 0.3% in
under 120 s on 2 threads and under 2 GB).

Run from the repository root after an in-place build:

    python setup.py build_ext --inplace && python benchmarks/bench_river_solver.py [--repeat N] [--big]

Every case solves the issue's tree (pot 100, stack 200) on Kh 7d 2c 3s 8h,
hi/lo, between two seeded samples of the 15% range (all of it with --big,
about 30,000 combos a side: that one needs the prepared C showdown, and is
refused by the pair table the solver uses until then).  Prints the
platform (with the load), then per case the combos, the tree's nodes, the
median wall and CPU seconds of `repeat` solves, the iterations and
iterations per second, the exploitability reached, its curve, and the peak
memory of the process (VmHWM) after the case.  The reference, measured in
the same run: one iteration's showdowns computed as a solver would without
a prepared showdown, by river_shares on each terminal's reach (re-ranking
and re-sorting every call), against the solver's own iteration.  A
checksum over the EVs and the root strategy guards against measuring
different work.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import platform_line  # noqa: E402

import omaha_eval as oe  # noqa: E402
from omaha_eval.solver.river.cfr import Dcfr  # noqa: E402
from omaha_eval.solver.river.solve import prepare_river  # noqa: E402

BOARD = "Kh 7d 2c 3s 8h"
SEED = 20261207
TREE = {"pot": 100, "stack": 200, "bets": ("50%", "100%"), "raises": ("100%",), "max_raises": 2}
# (name, combos a side (None: the whole range), target exploitability)
CASES: list[tuple[str, int | None, float]] = [
    ("300 vs 300 combos of 15%, to 0.1%", 300, 0.001),
    ("1,000 vs 1,000 combos of 15%, to 0.3%", 1000, 0.003),
]
BIG = ("15% vs 15%, to 0.3%", None, 0.003)


def sample(combos: int | None, stream: int) -> Any:
    """A seeded sample of the 15% range's combos that hold no board card."""
    r = oe.Range("15%")
    live = r.combos[~np.isin(r.combos, oe.parse_cards(BOARD)).any(axis=1)]
    if combos is None:
        return live
    rng = np.random.default_rng([SEED, stream])
    return live[np.sort(rng.choice(len(live), combos, replace=False))]


def peak_mb() -> float:
    with open("/proc/self/status", encoding="utf-8") as f:
        line = next(x for x in f if x.startswith("VmHWM"))
    return int(line.split()[1]) / 1024


def checksum(s: oe.RiverSolution) -> float:
    return round(s.oop_ev, 6) + round(float(s.strategies[""].sum(axis=1) @ np.arange(4)), 3)


def reference_iteration(prepared: Any) -> tuple[float, float]:
    """Seconds of one solver iteration, and of the same iteration's
    showdowns by river_shares per terminal (one call per terminal and
    player, each re-ranking both ranges)."""
    solver = Dcfr(prepared.tree, prepared.showdown, prepared.weights)
    t0 = time.perf_counter()
    solver.iterate()
    own = time.perf_counter() - t0
    terminals = len(prepared.tree.terminals())
    t0 = time.perf_counter()
    for player in (0, 1):
        hero, villain = prepared.combos[player], prepared.combos[1 - player]
        oe.river_shares(BOARD, hero, villain, prepared.weights[1 - player])
    per_call = (time.perf_counter() - t0) / 2
    return own, per_call * terminals * 2


def run_case(name: str, combos: int | None, target: float, repeat: int, threads: int) -> None:
    oop, ip = sample(combos, 0), sample(combos, 1)
    try:
        prepared = prepare_river(
            BOARD, oop, ip, **TREE, target_exploitability=target, threads=threads
        )
    except oe.OmahaEvalError as refused:
        print(f"{name}: {len(oop):,} x {len(ip):,} combos refused here: {refused}")
        return
    wall, cpu, solved = [], [], None
    for _ in range(repeat):
        c0, t0 = time.process_time(), time.perf_counter()
        solved = prepared.run()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    assert solved is not None
    own, reference = reference_iteration(prepared)
    median = statistics.median(wall)
    print(
        f"{name}: {len(solved.combos[0]):,} x {len(solved.combos[1]):,} combos, "
        f"{len(prepared.tree):,} nodes; {median:.2f} s wall (cpu {statistics.median(cpu):.2f} s), "
        f"{solved.iterations} iterations ({solved.iterations / median:.1f}/s), exploitability "
        f"{100 * solved.exploitability:.3f}% of the pot ({solved.stopped_by}); peak "
        f"{peak_mb():,.0f} MB; checksum {checksum(solved):.6f}"
    )
    print("  curve: " + ", ".join(f"{i}: {100 * x:.3f}%" for i, x in solved.curve))
    print(
        f"  one iteration {1000 * own:.1f} ms; its showdowns by river_shares per terminal "
        f"{1000 * reference:.1f} ms ({reference / own:.1f}x)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--big", action="store_true", help="also 15%% against 15%% (the C showdown)"
    )
    args = parser.parse_args()
    print(platform_line())
    print(f"threads {args.threads}, median of {args.repeat} solves")
    for name, combos, target in [*CASES, *([BIG] if args.big else [])]:
        run_case(name, combos, target, args.repeat if combos else 1, args.threads)


if __name__ == "__main__":
    main()
