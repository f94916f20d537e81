"""Speed of the solver API; run from the repository root:

    PYTHONPATH=. python benchmarks/bench_solver.py [--repeat 15] [--street-repeat 5]

(PYTHONPATH=. measures the in-place build; drop it to measure an installed
package.)

Inputs are made from a fixed seed before any timing.  Printed: the platform,
the load average, a checksum of every result, the median of the repeats, and
ratios against references timed in the same run (evaluate_batch for
rank_board; the naive O(N * M) per-pair computation in NumPy for
river_equity; for street_equity on the turn and the flop, one river_shares
call per runout on the hands that runout leaves live, summed with the
runout's live weights -- the same figures by a plainer route).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from functools import partial
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt
from benchlib import street_inputs

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
    the per-pair docs/rules.md split, card removal by bit masks."""
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


def per_runout_street(
    board: npt.NDArray[np.uint8],
    hero: npt.NDArray[np.uint8],
    villain: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """street_equity's equity by a plainer route: river_shares on every
    runout, over the hands it leaves live, weighted by their live weight."""
    bit = np.uint64(1)
    hm = np.bitwise_or.reduce(bit << hero.astype(np.uint64), axis=1)
    vm = np.bitwise_or.reduce(bit << villain.astype(np.uint64), axis=1)
    share = np.zeros(len(hero))
    deals = np.zeros(len(hero))
    rest = np.setdiff1d(np.arange(52), board).tolist()
    for more in combinations(rest, 5 - len(board)):
        runout = np.uint64(sum(1 << c for c in more))
        h_live = np.flatnonzero((hm & runout) == 0)
        v_live = (vm & runout) == 0
        full = np.concatenate([board, np.array(more, dtype=np.uint8)])
        r = oe.river_shares(full, hero[h_live], villain[v_live], weights[v_live])
        share[h_live] += np.nan_to_num(r.equity) * r.live_weight
        deals[h_live] += r.live_weight
    with np.errstate(invalid="ignore", divide="ignore"):
        out: npt.NDArray[np.float64] = share / deals
    return out


def bench_street(args: argparse.Namespace, rng: np.random.Generator) -> None:
    """street_equity, n x n weighted hands, on a turn and a flop."""
    n = args.hands
    for n_board, name in ((4, "turn"), (3, "flop")):
        board, hero, villain, weights = street_inputs(rng, n_board, n)
        repeat = args.street_repeat

        one = partial(oe.street_equity, board, hero, villain, weights, threads=1)
        two = partial(oe.street_equity, board, hero, villain, weights, threads=2)
        cpu_start = time.process_time()
        t_one, r_one = median_seconds(one, repeat, f"street_equity {name}")
        cpu_one = (time.process_time() - cpu_start) / (repeat + 1)  # with the warm-up
        t_two, r_two = median_seconds(two, repeat)
        eq, eq2 = r_one.equity, r_two.equity
        # the reference once (a flop takes 1,176 river_shares calls), no warm-up
        start, cpu_start = time.perf_counter(), time.process_time()
        ref = per_runout_street(board, hero, villain, weights)
        t_ref, cpu_ref = time.perf_counter() - start, time.process_time() - cpu_start
        same = np.array_equal(eq, eq2, equal_nan=True)
        diff = float(np.nanmax(np.abs(eq - ref)))
        runouts = 1176 if n_board == 3 else 48
        # CPU time (mean over the runs) as well: on a shared machine it is
        # less inflated than the wall clock by the other processes' turns
        print(
            f"street_equity, {name}, {n} x {n}, 1 thread:  {t_one * 1e3:9.1f} ms  "
            f"(CPU {cpu_one * 1e3:.1f} ms)  checksum {np.nansum(eq):.9f}  "
            f"({t_one / runouts * 1e3:.2f} ms per runout)"
        )
        print(
            f"street_equity, {name}, 2 threads:            {t_two * 1e3:9.1f} ms  "
            f"({t_one / t_two:.2f}x one thread; same bits: {same})"
        )
        print(
            f"river_shares per runout ({runouts} calls):  {t_ref * 1e3:9.1f} ms  "
            f"(CPU {cpu_ref * 1e3:.1f} ms)  checksum {np.nansum(ref):.9f}  "
            f"(street_equity is {t_ref / t_one:.1f}x faster, {cpu_ref / cpu_one:.1f}x in CPU; "
            f"max difference {diff:.1e})\n"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--hands", type=int, default=10_000, help="hero and villain range size")
    parser.add_argument(
        "--street-repeat",
        type=int,
        default=5,
        help="repeats of the street_equity timings (the flop takes seconds)",
    )
    parser.add_argument("--skip-street", action="store_true", help="rank, river and showdown only")
    args = parser.parse_args()

    print(
        f"platform: {platform.platform()}, {platform.processor() or platform.machine()}, "
        f"python {platform.python_version()}, numpy {np.__version__}, "
        f"cpus {os.cpu_count()}"
    )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"omaha_eval {oe.__version__}; seed {SEED}; median of {args.repeat} runs; "
        f"load average {load:.1f} (the cores may be shared)\n"
    )

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
    t_batch, (bh, bl) = median_seconds(lambda: oe.evaluate_batch(live_hands, board), args.repeat)
    assert np.array_equal(h[high > 0], bh) and np.array_equal(lo[high > 0], bl)
    print(
        f"rank_board, all {oe.N_HANDS} hands:          {t_rank * 1e3:8.3f} ms  "
        f"checksum {int(h.sum(dtype=np.int64)) + int(lo.sum(dtype=np.int64))}"
    )
    print(
        f"evaluate_batch, the {len(live_hands)} live hands: {t_batch * 1e3:8.3f} ms  "
        f"(rank_board is {t_batch / t_rank:.1f}x faster)\n"
    )

    # river_equity: n hero hands against n weighted villain hands
    t_eq, eq = median_seconds(
        lambda: oe.river_equity(board, hero, villain, weights), args.repeat, "river_equity"
    )
    t_naive, naive = median_seconds(
        lambda: naive_pairwise_equity(board, hero, villain, weights), max(1, args.repeat // 5)
    )
    diff = float(np.max(np.abs(eq - naive)))
    print(f"river_equity, {n} x {n}:            {t_eq * 1e3:8.3f} ms  checksum {eq.sum():.9f}")
    print(
        f"naive per-pair NumPy, {n} x {n}:    {t_naive * 1e3:8.3f} ms  checksum "
        f"{naive.sum():.9f}  (river_equity is {t_naive / t_eq:.0f}x faster; "
        f"max difference {diff:.1e})\n"
    )

    # showdown: one three-way hand with a side pot, per call
    hands = ["Ah 2h Qc 9h", "Kc Kh Qs Qd", "Jc Jh Tc Td"]
    t_show, pay = median_seconds(
        lambda: [oe.showdown(hands, "3c 5h 8d Ks Jd", [20, 100, 100]) for _ in range(1000)],
        args.repeat,
    )
    print(
        f"showdown, 3 seats with a side pot:       {t_show * 1e3:8.3f} us per call  "
        f"payouts {pay[0]}\n"
    )

    if not args.skip_street:
        bench_street(args, rng)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the end: {load:.1f}")
    print(
        "\nfastest single run (least disturbed by other load): "
        + ", ".join(f"{k} {v * 1e3:.3f} ms" for k, v in BEST.items())
    )


if __name__ == "__main__":
    main()
