"""Board-pattern equity against the per-board loop it replaces.

    python benchmarks/bench_board_patterns.py [--repeat 7]

AsAh2c3d vs KcKd4c5d on every all-spade flop (`board="sss"`), exact and by
stratified Monte Carlo, against calling equity() once per matching flop and
averaging.  Prints the platform and load, then per variant the median and
best wall time of `--repeat` runs, a checksum (player 0's equity) and the
ratio to the per-board loop measured in the same run.  The machine is
shared: read the medians and the ratios.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import omaha_eval as oe
from omaha_eval.ranges import card_sets

HANDS = ["AsAh2c3d", "KcKd4c5d"]
PATTERN = "sss"


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    result = fn()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), result


def per_board_loop(exact: bool, trials: int) -> float:
    known = {c for h in HANDS for c in oe.parse_cards(h).tolist()}
    flops = [b for b in card_sets(PATTERN) if not known & set(b.tolist())]
    each = max(2, -(-trials // len(flops)))
    results = [
        oe.equity(HANDS, list(b), exact=exact, trials=None if exact else each, seed=i, threads=1)
        for i, b in enumerate(flops)
    ]
    return float(np.mean([r.players[0].equity for r in results]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--trials", type=int, default=200_000)
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, load {load:.1f}; "
        f"Python {platform.python_version()}, NumPy {np.__version__}"
    )
    for exact in (True, False):
        report(exact, args.trials, args.repeat)


def report(exact: bool, trials: int, repeat: int) -> None:
    """One variant: the pattern and the per-board loop, timed in turn."""
    name = "exact" if exact else f"Monte Carlo, {trials:,} trials"
    loop_med, loop_best, loop_eq = timed(lambda: per_board_loop(exact, trials), repeat)

    def pattern() -> float:
        r = oe.equity(HANDS, board=PATTERN, exact=exact, trials=trials, seed=1, threads=1)
        return r.players[0].equity

    med, best, eq = timed(pattern, repeat)
    print(
        f"{name}: board={PATTERN!r} median {1e3 * med:.1f} ms (best {1e3 * best:.1f}), "
        f"checksum {eq:.6f}; per-board loop median {1e3 * loop_med:.1f} ms "
        f"(best {1e3 * loop_best:.1f}), checksum {loop_eq:.6f}; ratio {loop_med / med:.2f}x"
    )


if __name__ == "__main__":
    main()
