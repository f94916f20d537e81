"""Batch runner and command-line overheads, against plain equity() loops.

    python benchmarks/bench_batch.py [--repeat 3]

Workloads (seeded, built before any timing):
  small: 200 heads-up turn spots of fixed hands (exact, about a millisecond each)
  large: 16 three-way flop spots with a random hand (Monte Carlo, 300,000 trials)

For each, the reference is a plain loop calling omaha_eval.equity(threads=1)
spot by spot in this process; batch.run is timed inline (workers=1), with
2 worker processes and with 2 threads.  Then the command line: start-up
(`omaha-eval eval`), and `omaha-eval equity` Monte Carlo in 250,000-trial
chunks against one equity() call of the same trials.  Medians of --repeat
runs; ratios are reference time / measured time (above 1 = faster).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a source tree

import omaha_eval
from omaha_eval import batch
from omaha_eval.cards import format_cards


def make_spots(kind: str, count: int, seed: int) -> list[dict[str, Any]]:
    rng = np.random.default_rng(seed)
    spots = []
    for i in range(count):
        deck = rng.permutation(52).astype(np.uint8)
        if kind == "small":  # heads-up, turn: 44 rivers, enumerated
            spots.append(
                {
                    "id": f"s{i}",
                    "players": [format_cards(deck[:4]), format_cards(deck[4:8])],
                    "board": format_cards(deck[8:12]),
                }
            )
        else:  # three-way with a random hand on the flop: Monte Carlo
            spots.append(
                {
                    "id": f"l{i}",
                    "players": [format_cards(deck[:4]), format_cards(deck[4:8]), "*"],
                    "board": format_cards(deck[8:11]),
                    "trials": 300_000,
                    "exact": False,
                }
            )
    return spots


def plain_loop(spots: list[dict[str, Any]]) -> float:
    total = 0.0
    for s in spots:
        r = omaha_eval.equity(
            s["players"],
            s["board"],
            trials=s.get("trials"),
            exact=s.get("exact"),
            seed=batch.spot_seed(0, s["id"]),
            threads=1,
        )
        total += r.players[0].equity
    return total


def batch_run(spots: list[dict[str, Any]], **options: Any) -> float:
    return sum(r.record["players"][0]["equity"] for r in batch.run(spots, **options))


def timed(fn: Any, repeat: int) -> tuple[float, Any]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def cli(*args: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(Path(omaha_eval.__file__).parent.parent))
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "omaha_eval", *args],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(
        f"platform: {platform.platform()}, {platform.processor() or platform.machine()}, "
        f"python {platform.python_version()}, numpy {np.__version__}, "
        f"cores {batch.default_workers()}, omaha_eval {omaha_eval.__version__}"
    )
    print(f"medians of {repeat} runs; ratio = plain loop time / this time\n")

    for kind, count in (("small", 200), ("large", 16)):
        spots = make_spots(kind, count, seed=2026)
        plain_loop(spots[:2])  # warm-up: first calls, caches
        ref_t, ref_sum = timed(lambda s=spots: plain_loop(s), repeat)
        print(f"{kind}: {count} spots, checksum {ref_sum:.12f}")
        print(f"  plain equity() loop      {ref_t:8.3f} s   {count / ref_t:8.1f} spots/s")
        for label, options in (
            ("batch.run inline", {"workers": 1}),
            ("batch.run 2 processes", {"workers": 2, "executor": "process"}),
            ("batch.run 2 threads", {"workers": 2, "executor": "thread"}),
        ):
            t, checksum = timed(lambda o=options, s=spots: batch_run(s, **o), repeat)
            same = "same" if abs(checksum - ref_sum) < 1e-9 else f"DIFFERS {checksum:.12f}"
            print(
                f"  {label:24} {t:8.3f} s   {count / t:8.1f} spots/s   ratio {ref_t / t:5.2f}"
                f"   checksum {same}"
            )
        print()

    startup = statistics.median(
        cli("eval", "AdKd3s2s", "JdQd4d3c5h") for _ in range(max(repeat, 5))
    )
    print(f"command start-up (omaha-eval eval): {startup:.3f} s")
    args = ["AdKd3s2s", "*", "*", "*", "*", "*"]
    one_t, _ = timed(
        lambda: omaha_eval.equity(args, trials=2_000_000, exact=False, seed=1, threads=2), repeat
    )
    cli_t = statistics.median(
        cli("equity", *args, "-n", "2000000", "--monte-carlo", "-s", "1", "-t", "2", "-q")
        for _ in range(repeat)
    )
    print(
        f"6-way 2,000,000 trials, 2 threads: one equity() call {one_t:.3f} s; "
        f"omaha-eval equity (8 chunks, incl. start-up) {cli_t:.3f} s; "
        f"chunking + start-up overhead {cli_t - one_t - startup:+.3f} s"
    )


if __name__ == "__main__":
    main()
