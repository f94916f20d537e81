#!/usr/bin/env python
"""Range parsing + expansion speed (goals: '*' under 50 ms, '15%' under 20 ms).

Run from the repository root after an in-place build:

    python setup.py build_ext --inplace && python benchmarks/bench_ranges.py [--six]

Prints the platform, then medians of:
- cold: the first Range() in a fresh interpreter (builds the cached all-hands
  array, suit classes and, for '%', reads the shipped order), import excluded;
- warm: Range() again in the same process;
- the reference measured in the same run: the same C matcher run on all
  270,725 hands, without the suit-class shortcut, and its ratio;
- 5-card hands (and 6-card with --six: 20.4 M hands, about 1 GB of memory);
- ``hand in r`` per call, on seeded random hands made before timing;
- percent ranges of every preflop order (4- and 5-card, and 6-card with
  --six; hi/lo and high only; heads-up and 6h): the first ``15%`` in a fresh
  interpreter (cold), the order's load alone (cold), and ``15%`` again (warm).
A checksum over every result guards against measuring different work.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import omaha_eval  # noqa: E402
from omaha_eval import _core, ranges  # noqa: E402
from omaha_eval import _range_parse as rp  # noqa: E402
from omaha_eval.hands import hand_table  # noqa: E402

EXPRESSIONS = [
    "*",
    "15%",
    "5%-10%",
    "AA",
    "AA:$ds",
    "AxAyxy",
    "RRON",
    "xxyy",
    "TT+",
    "[KQ-87]",
    "$L$L$L",
    "A2:$ds!AA",
    "AA:$ds@1, A2**@0.5",
    "AsKh7d2c",
    "[A-T]s[A-T]s",
    "AA:xxyy, JJ!JJJ, KK, 10%!RR",
]


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def cold_ms(text: str, hole_cards: int = 4, repeat: int = 5) -> float:
    return fresh_ms(f"omaha_eval.Range({text!r}, hole_cards={hole_cards})", repeat)


def fresh_ms(statement: str, repeat: int) -> float:
    """Median time of one statement in fresh interpreters (imports excluded)."""
    code = (
        f"import sys, time; sys.path.insert(0, {str(ROOT)!r})\n"
        "import omaha_eval\nfrom omaha_eval import _preflop\n"
        f"t0 = time.perf_counter(); {statement}\n"
        "print(time.perf_counter() - t0)\n"
    )
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(repeat)
    ]
    return statistics.median(runs) * 1e3


def percent_orders(sizes: list[int], repeat: int) -> int:
    """Cold and warm cost of the first percent range of each order; returns a checksum."""
    print(
        f"\npercent ranges of each order, median of {repeat} fresh interpreters (cold) "
        "and of 5 calls (warm):"
    )
    print(f"  {'order':22} {'hands':>9} {'cold 15%':>10} {'load alone':>11} {'warm 15%':>10}")
    checksum = 0
    for k in sizes:
        for game in ("omaha8", "omaha"):
            for table in ("hu", "6h"):
                text = "15%" + ("" if table == "hu" else table)
                make = f"omaha_eval.Range({text!r}, hole_cards={k}, game={game!r})"
                cold = fresh_ms(make, repeat)
                load = fresh_ms(f"_preflop.load_order({k}, {game!r}, {table!r})", repeat)
                r = omaha_eval.Range(text, hole_cards=k, game=game)
                checksum += len(r) + int(r.combos[::97].sum(dtype=np.int64))
                warm = median_ms(lambda t=text, k=k, g=game: omaha_eval.Range(t, k, g), 5)
                name = f"{text} {k}-card {game}"
                print(f"  {name:22} {len(r):9d} {cold:7.0f} ms {load:8.0f} ms {warm:7.1f} ms")
    return checksum


def direct_ms(text: str, repeat: int) -> float:
    """Reference: every pattern of the expression matched on all 270,725
    hands by the C matcher (no suit-class shortcut); ':' '!' ',' skipped."""
    hands = hand_table(4)
    patterns = [node for node in rp.nodes(rp.parse(text)) if isinstance(node, rp.Pattern)]
    alts = [
        [list(a) for a in sorted({ranges._c_pattern(alt) for alt in p.alts}) if a] for p in patterns
    ]

    def run() -> None:
        for a in alts:
            if a:
                _core.match_rows(a, hands)

    return median_ms(run, repeat)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--six", action="store_true", help="also time 6-card hands (slow, ~1 GB)")
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--cold-repeat", type=int, default=5, help="fresh interpreters per cold figure")
    args = ap.parse_args()
    print(
        f"platform: {platform.platform()} | {platform.processor() or platform.machine()} | "
        f"python {platform.python_version()} | numpy {np.__version__} | "
        f"omaha_eval {omaha_eval.__version__}"
    )
    print(f"load average (1, 5, 15 min): {os.getloadavg()} (a shared machine inflates times)")
    checksum = 0

    print("\ncold (fresh interpreter, first Range(), import excluded), median of 5:")
    for text in ["*", "15%", "AA:$ds"]:
        print(f"  {text!r:34} {cold_ms(text):8.2f} ms")

    print(f"\nwarm 4-card (median of {args.repeat}):")
    print(f"  {'expression':34} {'hands':>7} {'Range()':>10} {'C on all hands':>15} {'ratio':>6}")
    for text in EXPRESSIONS:
        r = omaha_eval.Range(text)
        checksum += len(r) + int(r.combos.sum(dtype=np.int64)) + int(r.weights.sum() * 4)
        warm = median_ms(lambda t=text: omaha_eval.Range(t), args.repeat)
        ref = direct_ms(text, max(3, args.repeat // 3)) if "%" not in text and text != "*" else None
        ref_text = f"{ref:12.2f} ms" if ref is not None else f"{'-':>15}"
        ratio = f"{ref / warm:6.1f}" if ref is not None else f"{'-':>6}"
        print(f"  {text!r:34} {len(r):7d} {warm:7.2f} ms {ref_text} {ratio}")

    for k in [5, 6] if args.six else [5]:
        print(f"\nwarm {k}-card (median of 3, after one untimed call):")
        for text in ["*", "AA", "AA:$ds", "RRON", "AsKh"]:
            r = omaha_eval.Range(text, hole_cards=k)
            checksum += len(r)
            ms = median_ms(lambda t=text, k=k: omaha_eval.Range(t, hole_cards=k), 3)
            print(f"  {text!r:34} {len(r):9d} {ms:8.1f} ms")

    rng = np.random.default_rng(2026)
    sample = np.sort(np.array([rng.choice(52, 4, replace=False) for _ in range(20_000)]), axis=1)
    r = omaha_eval.Range("AA:$ds, 15%")
    hits = sum(h in r for h in sample[:100])  # warm the key cache
    t0 = time.perf_counter()
    hits = sum(h in r for h in sample)
    per_call = (time.perf_counter() - t0) / len(sample) * 1e6
    checksum += hits
    print(
        f"\n'hand in r' on {len(sample)} seeded random hands: "
        f"{per_call:.2f} us per call ({hits} hits)"
    )
    checksum += percent_orders([4, 5, 6] if args.six else [4, 5], args.cold_repeat)
    print(f"\nload average (1, 5, 15 min) at the end: {os.getloadavg()}")
    print(f"checksum: {checksum}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
