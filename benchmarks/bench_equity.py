"""Equity speed: exact enumeration and Monte Carlo, against the PyPI peer.

    python benchmarks/bench_equity.py [--repeat 7]

Prints the platform, then for each spot the median wall time over
`--repeat` runs, the rate, a checksum, and the peer `poker-equity` (if
installed: see benchmarks/requirements.txt) on the same spot in the same
run, with the ratio and whether both agree on the equities.  Inputs are
fixed or drawn from a seeded generator outside the timed region.  Timings
on a shared machine move: read the medians and the ratios, not the digits.
Two-thread lines also give the CPU time of both runs: equal CPU with little
wall-time gain means the cores were busy with other work, not contention.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchlib

import omaha_eval as oe

try:  # the peer is optional: only benchmarks need it
    import poker_equity as pe
except ImportError:  # pragma: no cover
    pe = None

HEADS_UP = ["6c6d6h6s", "5c4d3h2s"]


def platform_line() -> str:
    return f"{benchlib.platform_line()}, omaha_eval {oe.__version__}"


def median_time(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Median wall time and median CPU time of `repeat` calls (after one
    warm-up call), and the last result."""
    result = fn()
    walls, cpus = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus), result


def six_way_hands(seed: int) -> list[str]:
    """Six random four-card hands, dealt once from a seeded generator."""
    deck = np.random.default_rng(seed).permutation(52)[:24].reshape(6, 4)
    return [oe.format_cards(h) for h in deck]


def peer_equities(result: dict[str, Any]) -> list[float]:
    return [p["equity"] for p in result["players"]]


def agree(estimates: list[tuple[float, float]], exact: oe.EquityResult) -> str:
    """Whether (equity, standard error) estimates are within 4 standard
    errors of our exact answer."""
    worst = 0.0
    for (value, se), truth in zip(estimates, exact.players, strict=True):
        if se > 0:
            worst = max(worst, abs(value - truth.equity) / se)
        elif abs(value - truth.equity) > 1e-12:
            worst = float("inf")
    verdict = "agrees with" if worst <= 4 else "DISAGREES with"
    return f"{verdict} exact (worst {worst:.1f} SE)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--trials", type=int, default=2_000_000)
    args = parser.parse_args()
    r, trials = args.repeat, args.trials
    print(platform_line())
    print(f"poker-equity {'installed' if pe else 'NOT installed'}; medians of {r} runs\n")

    # 1. Exact heads-up preflop: 1,086,008 boards.
    wall, cpu1, ex = median_time(lambda: oe.equity(HEADS_UP, exact=True, threads=1), r)
    checksum = sum(round(p.equity * ex.trials) for p in ex.players)
    print(f"exact heads-up preflop {HEADS_UP}, {ex.trials:,} boards")
    print(
        f"  omaha_eval 1 thread : {wall * 1e3:8.1f} ms  ({ex.trials / wall / 1e6:.1f} M boards/s;"
        f" CPU {cpu1 * 1e3:.1f} ms: {ex.trials / cpu1 / 1e6:.1f} M boards per CPU-second)"
        f"  equity {[round(p.equity, 6) for p in ex.players]}  checksum {checksum}"
    )
    wall2, cpu2, ex2 = median_time(lambda: oe.equity(HEADS_UP, exact=True, threads=2), r)
    assert ex2.players == ex.players
    print(
        f"  omaha_eval 2 threads: {wall2 * 1e3:8.1f} ms  (x{wall / wall2:.2f} vs 1 thread; "
        f"CPU {cpu2 * 1e3:.0f} ms vs {cpu1 * 1e3:.0f} ms)"
    )
    if pe:
        pwall, pcpu, pex = median_time(lambda: pe.exact_from_text("omaha_hi_lo", HEADS_UP), r)
        same = max(abs(a.equity - b) for a, b in zip(ex.players, peer_equities(pex), strict=True))
        print(
            f"  poker-equity exact  : {pwall * 1e3:8.1f} ms wall, {pcpu * 1e3:.0f} ms CPU  "
            f"-> omaha_eval x{pwall / wall:.1f} faster (wall, 1 thread vs theirs); "
            f"max |equity difference| {same:.1e}"
        )

    # 2. Per-call cost of a small spot (the river: one board).
    river = (["Ad Kd 3s 2s", "Ac 4h Qc Qs"], "Jd 4d 3c Qd 5h")
    wall, _, _ = median_time(lambda: [oe.equity(*river) for _ in range(200)], r)
    print(f"\nper call, river heads-up exact: {wall / 200 * 1e6:8.1f} us")
    if pe:
        pwall, _, _ = median_time(
            lambda: [pe.exact_from_text("omaha_hi_lo", *river) for _ in range(200)], r
        )
        print(f"  poker-equity             : {pwall / 200 * 1e6:8.1f} us")

    # 3. Monte Carlo, heads-up and six-way preflop, per thread and 2 threads.
    six = six_way_hands(seed=20261130)
    for name, hands in (("heads-up", HEADS_UP), ("6-way", six)):
        exact = oe.equity(hands, exact=True, threads=2)
        print(f"\nMonte Carlo {name} preflop {hands}, {trials:,} trials")
        runs: dict[int, float] = {}
        cpus: dict[int, float] = {}
        for threads in (1, 2):

            def ours(threads: int = threads, hands: list[str] = hands) -> oe.EquityResult:
                return oe.equity(hands, exact=False, trials=trials, seed=1, threads=threads)

            wall, cpus[threads], mc = median_time(ours, r)
            runs[threads] = wall
            checksum = round(sum(p.equity * (i + 1) for i, p in enumerate(mc.players)), 6)
            extra = f"  (CPU {cpus[1] * 1e3:.0f} ms: {trials / cpus[1] / 1e6:.2f} M per CPU-second)"
            if threads == 2:
                extra = (
                    f"  (x{runs[1] / wall:.2f} vs 1 thread; CPU {cpus[2] * 1e3:.0f} ms vs "
                    f"{cpus[1] * 1e3:.0f} ms)"
                )
            print(
                f"  omaha_eval {threads} thread{'s' if threads > 1 else ' '}: "
                f"{wall * 1e3:8.1f} ms  {trials / wall / 1e6:6.2f} M trials/s"
                f"{' per thread' if threads == 1 else ' total'}{extra}  checksum {checksum}  "
                f"{agree([(p.equity, p.stderr) for p in mc.players], exact)}"
            )
        if pe:

            def theirs(hands: list[str] = hands) -> dict[str, Any]:
                return pe.chunk_from_text("omaha_hi_lo", hands, samples=trials, seed=1, threads=1)

            pwall, _, pmc = median_time(theirs, r)
            peer = [(p["equity"], p["std_error"]) for p in pmc["players"]]
            print(
                f"  poker-equity 1 thread: {pwall * 1e3:7.1f} ms  {trials / pwall / 1e6:6.2f} M "
                f"trials/s  -> omaha_eval x{pwall / runs[1]:.1f} faster per thread; "
                f"{agree(peer, exact)}"
            )


if __name__ == "__main__":
    main()
