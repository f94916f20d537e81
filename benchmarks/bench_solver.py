"""Speed of the solver API (issue 6); run from the repository root:

    PYTHONPATH=. python benchmarks/bench_solver.py [--repeat 15]

(PYTHONPATH=. measures the in-place build; drop it to measure an installed
package.)

Inputs are made from a fixed seed before any timing.  Printed: the platform,
a checksum of every result, the median of the repeats, and ratios against
references timed in the same run (evaluate_batch for rank_board; the naive
O(N * M) per-pair computation in NumPy for river_equity).
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
import numpy.typing as npt

import omaha_eval as oe

SEED = 20261130


BEST: dict[str, float] = {}  # fastest repeat of each measurement, for the summary


def median_seconds(fn: Callable[[], Any], repeat: int, name: str = "") -> tuple[float, Any]:
    result = fn()  # warm-up (tables, caches); its result is the checksummed one
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    if name:
        BEST[name] = min(times)
    return statistics.median(times), result


def naive_pairwise_equity(
    board: npt.NDArray[np.uint8],
    hero: npt.NDArray[np.uint8],
    villain: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
    chunk: int = 500,
) -> npt.NDArray[np.float64]:
    """Every hero x villain pair in NumPy (hero rows in chunks to bound memory):
    the per-pair RULES.md split, card removal by bit masks."""
    hh, hl = oe.rank_board(board, hero)
    vh, vl = oe.rank_board(board, villain)
    bit = np.uint64(1)
    hm = np.bitwise_or.reduce(bit << hero.astype(np.uint64), axis=1)
    vm = np.bitwise_or.reduce(bit << villain.astype(np.uint64), axis=1)
    vh64, vl64 = vh.astype(np.int64)[None, :], vl.astype(np.int64)[None, :]
    out = np.empty(len(hero))
    for s in range(0, len(hero), chunk):
        h = hh[s : s + chunk].astype(np.int64)[:, None]
        lo = hl[s : s + chunk].astype(np.int64)[:, None]
        any_low = (lo > 0) | (vl64 > 0)
        share = np.where(any_low, 0.5, 1.0) * ((h > vh64) + 0.5 * (h == vh64))
        share += np.where(lo > 0, 0.5 * ((lo > vl64) + 0.5 * (lo == vl64)), 0.0)
        w = np.where((hm[s : s + chunk, None] & vm[None, :]) == 0, weights[None, :], 0.0)
        out[s : s + chunk] = (w * share).sum(axis=1) / w.sum(axis=1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--hands", type=int, default=10_000, help="hero and villain range size")
    args = parser.parse_args()

    print(f"platform: {platform.platform()}, {platform.processor() or platform.machine()}, "
          f"python {platform.python_version()}, numpy {np.__version__}, "
          f"cpus {os.cpu_count()}")  # fmt: skip
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"omaha_eval {oe.__version__}; seed {SEED}; median of {args.repeat} runs; "
          f"load average {load:.1f} (the cores may be shared)\n")  # fmt: skip

    rng = np.random.default_rng(SEED)
    board = rng.choice(52, size=5, replace=False).astype(np.uint8)
    high, _ = oe.rank_board(board)
    live_hands = np.ascontiguousarray(oe.all_hands()[high > 0])
    n = args.hands
    hero = live_hands[rng.choice(len(live_hands), size=n, replace=False)]
    villain = live_hands[rng.choice(len(live_hands), size=n, replace=False)]
    weights = rng.random(n)

    # rank_board: every four-card hand of one board
    t_rank, (h, lo) = median_seconds(lambda: oe.rank_board(board), args.repeat, "rank_board")
    t_batch, (bh, bl) = median_seconds(
        lambda: oe.evaluate_batch(live_hands, board), args.repeat
    )
    assert np.array_equal(h[high > 0], bh) and np.array_equal(lo[high > 0], bl)
    print(f"rank_board, all {oe.N_HANDS} hands:          {t_rank * 1e3:8.3f} ms  "
          f"checksum {int(h.sum(dtype=np.int64)) + int(lo.sum(dtype=np.int64))}")  # fmt: skip
    print(f"evaluate_batch, the {len(live_hands)} live hands: {t_batch * 1e3:8.3f} ms  "
          f"(rank_board is {t_batch / t_rank:.1f}x faster)\n")  # fmt: skip

    # river_equity: n hero hands against n weighted villain hands
    t_eq, eq = median_seconds(
        lambda: oe.river_equity(board, hero, villain, weights), args.repeat, "river_equity"
    )
    t_naive, naive = median_seconds(
        lambda: naive_pairwise_equity(board, hero, villain, weights), max(1, args.repeat // 5)
    )
    diff = float(np.max(np.abs(eq - naive)))
    print(f"river_equity, {n} x {n}:            {t_eq * 1e3:8.3f} ms  checksum {eq.sum():.9f}")
    print(f"naive per-pair NumPy, {n} x {n}:    {t_naive * 1e3:8.3f} ms  checksum "
          f"{naive.sum():.9f}  (river_equity is {t_naive / t_eq:.0f}x faster; "
          f"max difference {diff:.1e})\n")  # fmt: skip

    # showdown: one three-way hand with a side pot, per call
    hands = ["Ah 2h Qc 9h", "Kc Kh Qs Qd", "Jc Jh Tc Td"]
    t_show, pay = median_seconds(
        lambda: [oe.showdown(hands, "3c 5h 8d Ks Jd", [20, 100, 100]) for _ in range(1000)],
        args.repeat,
    )
    print(f"showdown, 3 seats with a side pot:       {t_show * 1e3:8.3f} us per call  "
          f"payouts {pay[0]}")  # fmt: skip
    print("\nfastest single run (least disturbed by other load): " +
          ", ".join(f"{k} {v * 1e3:.3f} ms" for k, v in BEST.items()))  # fmt: skip


if __name__ == "__main__":
    main()
