"""Speed of equity_features (issue 23's target: 10,000 hero hands against a
10,000-hand weighted range, one thread, in at most 10 s on a flop and 1 s
on a turn); run from the repository root:

    PYTHONPATH=. python benchmarks/bench_features.py [--repeat 3] [--hands 10000]

Inputs are drawn from a fixed seed before any timing.  Printed: the
platform and load, a checksum of each result, the median of the repeats
(after a warm-up), whether the target is met, and the same figures by the
plain route timed once in the same run: street_equity on every runout to
the river over the hands it leaves live, binned in NumPy, with the largest
difference between the two.  Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt
from benchlib import platform_line, street_inputs, timed_cpu

import omaha_eval as oe

SEED = 20261202
TARGET_S = {"flop": 10.0, "turn": 1.0}
BINS = 10


def median_seconds(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Median wall and CPU seconds of `repeat` calls after a warm-up (CPU
    time: less inflated by other processes on a shared machine)."""
    wall, cpu, result = timed_cpu(fn, repeat)
    return statistics.median(wall), statistics.median(cpu), result


def per_runout(
    board: npt.NDArray[np.uint8],
    hero: npt.NDArray[np.uint8],
    villain: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(histogram, ehs) by the plain route: street_equity on each river,
    each runout weighted by the live weight it leaves."""
    bit = np.uint64(1)
    hm = np.bitwise_or.reduce(bit << hero.astype(np.uint64), axis=1)
    vm = np.bitwise_or.reduce(bit << villain.astype(np.uint64), axis=1)
    hist = np.zeros((len(hero), BINS))
    m0, m1 = np.zeros(len(hero)), np.zeros(len(hero))
    rest = np.setdiff1d(np.arange(52), board).tolist()
    for more in combinations(rest, 5 - len(board)):
        runout = np.uint64(sum(1 << c for c in more))
        h_live = np.flatnonzero((hm & runout) == 0)
        v_live = (vm & runout) == 0
        full = np.concatenate([board, np.array(more, dtype=np.uint8)])
        r = oe.street_equity(full, hero[h_live], villain[v_live], weights[v_live], threads=1)
        ok = r.live_weight > 0
        i, e, w = h_live[ok], r.equity[ok], r.live_weight[ok]
        b = np.clip(np.floor(e * BINS + 1e-9).astype(np.int64), 0, BINS - 1)
        np.add.at(hist, (i, b), w)
        m0[i] += w
        m1[i] += w * e
    with np.errstate(invalid="ignore", divide="ignore"):
        return hist / m0[:, None], m1 / m0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--hands", type=int, default=10_000, help="hero and villain range size")
    parser.add_argument("--skip-reference", action="store_true", help="equity_features only")
    args = parser.parse_args()
    print(platform_line())
    print(
        f"omaha_eval {oe.__version__}; seed {SEED}; {args.hands} x {args.hands} hands, "
        f"{BINS} bins, one thread; median of {args.repeat} runs after a warm-up\n"
    )

    rng = np.random.default_rng(SEED)
    n = args.hands
    for n_board, name in ((4, "turn"), (3, "flop")):
        board, hero, villain, weights = street_inputs(rng, n_board, n)

        run = partial(oe.equity_features, board, hero, villain, weights, bins=BINS, threads=1)
        t, cpu, f = median_seconds(run, args.repeat)
        t_street, cpu_street, _ = median_seconds(
            partial(oe.street_equity, board, hero, villain, weights, threads=1), args.repeat
        )
        met = "met" if t <= TARGET_S[name] else "NOT met"
        print(
            f"equity_features, {name} {oe.format_cards(board)}: median {t:8.3f} s  "
            f"(CPU {cpu:.3f} s)  checksum {np.nansum(f.histogram * np.arange(BINS)):.9f} / "
            f"{np.nansum(f.ehs):.9f} / {np.nansum(f.ehs2):.9f}  "
            f"target <= {TARGET_S[name]:g} s: {met}"
        )
        print(
            f"street_equity (EHS alone), {name}:   median {t_street:8.3f} s  "
            f"(CPU {cpu_street:.3f} s; features cost {cpu / cpu_street:.2f}x in CPU)"
        )
        if not args.skip_reference:
            start, cpu_start = time.perf_counter(), time.process_time()
            hist, ehs = per_runout(board, hero, villain, weights)
            t_ref, cpu_ref = time.perf_counter() - start, time.process_time() - cpu_start
            diff = max(
                float(np.nanmax(np.abs(hist - f.histogram))), float(np.nanmax(np.abs(ehs - f.ehs)))
            )
            print(
                f"street_equity per runout, binned:  once   {t_ref:8.3f} s  "
                f"(CPU {cpu_ref:.3f} s)  checksum {np.nansum(hist * np.arange(BINS)):.9f} / "
                f"{np.nansum(ehs):.9f}  (equity_features {cpu_ref / cpu:.1f}x faster in CPU; "
                f"max difference {diff:.1e})"
            )
        print(flush=True)


if __name__ == "__main__":
    main()
