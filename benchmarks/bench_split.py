#!/usr/bin/env python
"""split_graph speed (goal: 15% against 15% on a flop, 1% standard error
per combo, one thread: under 10 s; a range against a hand exact).

Run from the repository root after an in-place build:

    python setup.py build_ext --inplace && python benchmarks/bench_split.py [--quick] [--repeat N]

Prints the platform (with the load), then for each case the median wall and
CPU seconds of `repeat` runs on one thread, and the reference measured in
the same run: the plain loop a user would write, ``equity([combo,
*villains], ...)`` for each combo of the hero's range, drawing the trials
the graph drew for that combo (timed on a seeded sample of SAMPLE combos
and scaled to the whole range), and the ratio.
`--quick` runs every 8th combo of the hero's range.  A checksum over the
results guards against measuring different work.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import platform_line  # noqa: E402

import omaha_eval as oe  # noqa: E402

FLOP = "Kh 7d 2c"
SAMPLE = 200  # combos of the reference loop, drawn with SEED
SEED = 20261206
CASES: list[tuple[str, str, str, dict[str, Any]]] = [
    ("15% vs 15%, flop, 1% stderr a combo", "15%", "15%", {"target_stderr": 0.01}),
    ("AA:$ds vs a hand, flop, exact", "AA:$ds", "KcKd7h6h", {"exact": True}),
]


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Median wall and CPU seconds of `repeat` calls, and the first result."""
    wall, cpu, first = [], [], None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        first = result if first is None else first
    return statistics.median(wall), statistics.median(cpu), first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="every 8th combo of the hero")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case")
    args = parser.parse_args()
    print(platform_line())
    print(f"board {FLOP}; one thread; medians of {args.repeat} runs (wall / CPU seconds)")
    oe.split_graph("AsAh3c4d", "KsKd4c5h", FLOP)  # warm-up: tables and imports
    checksum = 0.0
    for name, hero_text, villain, options in CASES:
        r = oe.Range(hero_text)
        hero = (r.combos[::8], r.weights[::8]) if args.quick else (r.combos, r.weights)
        graph_wall, graph_cpu, g = timed(
            lambda h=hero, v=villain, o=options: oe.split_graph(
                h, v, FLOP, seed=SEED, threads=1, **o
            ),
            args.repeat,
        )
        n = len(g.combos)
        rng = np.random.default_rng(SEED)
        rows = rng.choice(n, min(SAMPLE, n), replace=False)

        def loop(rows: np.ndarray = rows, g: Any = g, v: str = villain) -> list[float]:
            # the same work: each combo's trials as the graph drew them (or exact)
            how = [
                {"exact": True}
                if g.method == "exact"
                else {"exact": False, "trials": int(g.trials[i]), "seed": int(i)}
                for i in rows.tolist()
            ]
            return [
                oe.equity([g.combos[i], v], FLOP, threads=1, **o).players[0].equity
                for i, o in zip(rows.tolist(), how, strict=True)
            ]

        loop_wall, loop_cpu, values = timed(loop, args.repeat)
        scale = n / len(rows)
        # the reference loop answers the same question: its equities agree
        # with the graph's within their errors (exact: to the rounding)
        error = np.sqrt(2) * g.stderr[rows]
        worst = float(np.max(np.abs(np.array(values) - g.equity[rows]) - 5 * error - 1e-12))
        checksum += float(np.round(g.equity.sum(), 6))
        print(f"\n{name}: {n:,} combos, {g.method}, mean trials {g.trials.mean():,.0f} a combo")
        print(f"  split_graph        {graph_wall:8.2f} s wall  {graph_cpu:8.2f} s CPU")
        print(
            f"  equity() per combo {loop_wall * scale:8.2f} s wall  {loop_cpu * scale:8.2f} s CPU"
            f"  (the loop over {len(rows)} combos, scaled by {scale:.1f})"
        )
        print(
            f"  ratio              {graph_wall / (loop_wall * scale):8.2f} x wall "
            f"{graph_cpu / (loop_cpu * scale):6.2f} x CPU; "
            f"{'agrees' if worst <= 0 else 'DISAGREES'} with the loop"
        )
    print(f"\nchecksum {checksum:.6f}")


if __name__ == "__main__":
    main()
