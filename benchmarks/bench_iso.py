"""Speed of the suit-isomorphism indexer; run from the repository root:

    PYTHONPATH=. python benchmarks/bench_iso.py [--hands 1000000] [--repeat 9]

(PYTHONPATH=. measures the in-place build; drop it to measure an installed
package.)

Inputs: 4-card hands on flops, drawn from a fixed seed before any timing.
Printed: the platform, the load average, a checksum of every result, the
median and the fastest of the repeats, for HandIndexer(4, "flop")'s
index_many (the public call, input checks included) and unindex_many, and a
reference timed in the same run: the plain NumPy canonicalisation (the least
image of each deal over the 24 suit permutations, as tests/oracles/iso.py
computes it), whose classes the indexer's must equal.  The issue's targets
(one thread: index >= 20 M hands/s, unindex >= 5 M/s) are printed with
whether this run met them; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from collections.abc import Callable
from itertools import permutations
from typing import Any

import numpy as np
import numpy.typing as npt
from benchlib import timed_cpu

import omaha_eval as oe

SEED = 20261202
TARGETS = {"index_many": 20e6, "unindex_many": 5e6}


CPU: dict[str, float] = {}  # median CPU seconds of each case (a shared machine's load aside)


def timed(fn: Callable[[], Any], repeat: int, name: str) -> tuple[float, float, Any]:
    """(median, fastest) wall seconds of `repeat` calls after a warm-up, and a
    result; the median CPU seconds go to CPU[name]."""
    times, cpu, result = timed_cpu(fn, repeat)
    CPU[name] = statistics.median(cpu)
    return statistics.median(times), min(times), result


def least_images(
    holes: npt.NDArray[np.uint8], flops: npt.NDArray[np.uint8]
) -> npt.NDArray[np.int64]:
    """The reference: each deal's least image over the suit permutations,
    hole and flop each sorted, packed 6 bits a card."""
    rows = np.hstack([holes, flops]).astype(np.int64)
    ranks, suits = rows // 4, rows % 4
    best = np.full(len(rows), np.iinfo(np.int64).max)
    for perm in permutations(range(4)):
        image = 4 * ranks + np.array(perm)[suits]
        key = np.zeros(len(rows), np.int64)
        for part in (image[:, :4], image[:, 4:]):
            for column in np.sort(part, axis=1).T:
                key = key * 64 + column
        best = np.minimum(best, key)
    return best


def deals(n: int, rng: np.random.Generator) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """n random (hole, flop) without a repeated card: 7 distinct cards a row."""
    rows = np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)
    return np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()

    print(
        f"platform: {platform.platform()}, {platform.processor() or platform.machine()}, "
        f"python {platform.python_version()}, numpy {np.__version__}, cpus {os.cpu_count()}"
    )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"omaha_eval {oe.__version__}; seed {SEED}; {args.hands:,} 4-card hands on flops; "
        f"median of {args.repeat} runs; load average {load:.1f} (the cores may be shared)\n"
    )

    rng = np.random.default_rng(SEED)
    holes, flops = deals(args.hands, rng)
    indexer = oe.HandIndexer(4, "flop")
    n = args.hands

    t_index, b_index, index = timed(
        lambda: indexer.index_many(holes, flops), args.repeat, "index_many"
    )
    t_unindex, b_unindex, (c_holes, c_flops) = timed(
        lambda: indexer.unindex_many(index), args.repeat, "unindex_many"
    )
    n_ref = min(n, 200_000)  # the reference is slow: a slice, its rate scaled
    t_ref, b_ref, ref = timed(
        lambda: least_images(holes[:n_ref], flops[:n_ref]), max(1, args.repeat // 3), "reference"
    )

    # the figures must be right before they are fast
    assert np.array_equal(indexer.index_many(c_holes, c_flops), index)
    pairs = np.unique(np.stack([index[:n_ref], ref], axis=1), axis=0)
    assert len(pairs) == len(np.unique(ref)) == len(np.unique(index[:n_ref]))

    rates = {"index_many": n / t_index, "unindex_many": n / t_unindex}
    ref_rate = n_ref / t_ref
    print(
        f"index_many:     median {t_index * 1e3:8.2f} ms  best {b_index * 1e3:8.2f} ms  "
        f"{rates['index_many'] / 1e6:7.2f} M hands/s  checksum {int(index.sum()) % 10**12}"
    )
    print(
        f"unindex_many:   median {t_unindex * 1e3:8.2f} ms  best {b_unindex * 1e3:8.2f} ms  "
        f"{rates['unindex_many'] / 1e6:7.2f} M hands/s  checksum "
        f"{int(c_holes.sum(dtype=np.int64)) + int(c_flops.sum(dtype=np.int64))}"
    )
    print(
        f"NumPy least image ({n_ref:,}): median {t_ref * 1e3:8.2f} ms  best {b_ref * 1e3:8.2f} ms  "
        f"{ref_rate / 1e6:7.2f} M hands/s  checksum {int(ref.sum()) % 10**12}"
    )
    print(
        f"index_many / reference: x{rates['index_many'] / ref_rate:.0f}; the same classes "
        f"on the {n_ref:,} reference rows\n"
    )
    print(
        f"by CPU time (what one thread does while others share the cores): index_many "
        f"{n / CPU['index_many'] / 1e6:.2f}, unindex_many {n / CPU['unindex_many'] / 1e6:.2f}, "
        f"reference {n_ref / CPU['reference'] / 1e6:.2f} M hands/s\n"
    )
    for name, target in TARGETS.items():
        best = n / (b_index if name == "index_many" else b_unindex)
        wall, cpu = rates[name] >= target, n / CPU[name] >= target
        print(
            f"target {name} >= {target / 1e6:g} M hands/s: wall median "
            f"{'met' if wall else 'NOT MET'}, CPU median {'met' if cpu else 'NOT MET'} "
            f"(wall median {rates[name] / 1e6:.2f}, fastest run {best / 1e6:.2f}, "
            f"CPU {n / CPU[name] / 1e6:.2f} M/s)"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the end: {load:.1f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
