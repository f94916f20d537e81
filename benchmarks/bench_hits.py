"""Speed of range_hits (issue 39, item 1); run from the repository root:

    PYTHONPATH=. python benchmarks/bench_hits.py [--repeat 5]

One thread throughout.  Printed: the platform and load average, a checksum
of every answer (the sum of its classes' shares and its row count), the
median and fastest wall time of the repeats and the median CPU time (less
inflated by other processes on a shared machine), and for each case the
issue's target with whether this run met it:

1. range_hits('15%', flop) on seeded random flops: under 50 ms.  The
   reference, timed in the same run: one evaluate_batch of the same hands
   on a river (the evaluator's one pass over them), as a ratio;
2. range_hits('15%') over every flop, grouped by texture: under 10 s (one
   repeat: it is long), and the ratio to 1,755 single-flop calls (the
   flop classes one at a time, as the first case times them).

Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
from benchlib import measure, platform_line

import omaha_eval as oe

RANGE = "15%"
FLOP_CLASSES = 1_755
SEED = 1


def checksum(hits: oe.RangeHits) -> str:
    return f"{sum(hits.mean(c.name) for c in hits.classes):.9f}/{len(hits)} rows"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(platform_line())
    rng = np.random.default_rng(SEED)
    flops = [oe.format_cards(rng.choice(52, size=3, replace=False)) for _ in range(5)]
    hands = oe.Range(RANGE).combos

    print(f"1. range_hits({RANGE!r}, flop), {len(flops)} seeded flops (vs evaluate_batch)")
    times = []
    for flop in flops:
        live = hands[~np.isin(hands, oe.parse_cards(flop)).any(axis=1)]
        river = np.setdiff1d(np.arange(52), np.concatenate([oe.parse_cards(flop), live[0]]))[:5]
        river = np.concatenate([oe.parse_cards(flop), river[:2]])
        rest = live[~np.isin(live, river).any(axis=1)]
        reference, _ = measure(
            f"evaluate_batch({len(rest):,} hands, river)",
            lambda rest=rest, river=river: oe.evaluate_batch(rest, river),
            args.repeat,
        )
        t, hits = measure(
            f"range_hits({RANGE!r}, {flop!r})",
            lambda flop=flop: oe.range_hits(RANGE, flop),
            args.repeat,
        )
        print(f"  checksum {checksum(hits)}; ratio {t / reference:.1f}x")
        times.append(t)
    median = statistics.median(times)
    print(
        f"  median over the flops {1000 * median:.1f} ms; target < 50 ms: "
        f"{'met' if median < 0.05 else 'MISSED'}"
    )

    print(f"2. range_hits({RANGE!r}) over every flop, grouped by texture")
    t, hits = measure("range_hits(by='texture')", lambda: oe.range_hits(RANGE, by="texture"), 1)
    print(
        f"  checksum {checksum(hits)}; ratio to {FLOP_CLASSES:,} single-flop calls "
        f"{t / (FLOP_CLASSES * median):.2f}x; target < 10 s: {'met' if t < 10 else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
