#!/usr/bin/env python
"""The one kernel under exact heads-up range questions (issue 46): what
``equity()`` and ``split_graph()`` cost through the plan, which picks the
showdown sweep, against ``street_equity`` on the same spot (the sweep alone,
measured in the same run), and against pair enumeration where that is
quick enough to time.

Run from the repository root after an in-place build:

    python setup.py build_ext --inplace && python benchmarks/bench_one_kernel.py [--repeat N] [--big] [--threads T]

Prints the platform (with the load), then for each spot the median wall
and CPU seconds of `repeat` runs of each way and its ratios to ``street_equity``,
and a checksum of the figures (the same whichever way computed them).
`--big` adds 15% against 15% on a flop (about half a minute a run).
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import platform_line  # noqa: E402

import omaha_eval as oe  # noqa: E402
from omaha_eval.engine import plan_spot, prepare, read_options, read_question, spot_sums  # noqa: E402

SPOTS = [
    ("AA:$ds vs KK, flop", "AA:$ds", "KK", "Jd4d8c"),
    ("15% vs 15%, turn", "15%", "15%", "Kh7d2c5s"),
    ("15% vs 15%, river", "15%", "15%", "Kh7d2c5s9h"),
]
BIG = [("15% vs 15%, flop", "15%", "15%", "Kh7d2c")]
# Pair enumeration is timed where it takes at most this many deals (about
# ten seconds): the 95 s for AA:$ds vs KK on a flop is not rerun.
PAIRS_MAX_DEALS = 3e8


def median(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """The median wall and process CPU seconds (every thread's) of `repeat`
    runs, and the last result: on a shared machine the CPU time is the
    steadier measure of work, the wall time what a user waits."""
    result, walls, cpus = None, [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        result = fn()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def pairs(hero: str, villain: str, board: str, threads: int) -> Any:
    """The same spot by pair enumeration (the plan's other exact kernel)."""
    q = read_question([hero, villain], board)
    spot = prepare(q.players, q.k, q.board, q.dead, q.game)
    plan = plan_spot(read_options(exact=True, threads=threads), spot)
    return spot_sums(spot, dataclasses.replace(plan, kernel="pairs"))


def run(spots: list[tuple[str, str, str, str]], repeat: int, threads: int) -> None:
    print(f"threads {threads}, median of {repeat}")
    for name, hero, villain, board in spots:
        print(f"{name}:")
        spot(hero, villain, board, repeat, threads)


def spot(hero: str, villain: str, board: str, repeat: int, threads: int) -> None:
    """One spot each way, with its ratios and checksum."""
    h, v = oe.Range(hero), oe.Range(villain)  # read once for all three ('15%': tens of ms)
    street, street_cpu, s = median(lambda: oe.street_equity(board, h, v, threads=threads), repeat)
    eq, eq_cpu, e = median(lambda: oe.equity([h, v], board, exact=True, threads=threads), repeat)
    split, split_cpu, g = median(
        lambda: oe.split_graph(h, v, board, exact=True, threads=threads), repeat
    )
    check = (e.players[0].equity, g.range_equity, s.range_equity(h))
    print(f"  {len(g.combos):,} hero combos, {e.trials:,} deals  (wall, then CPU)")
    print(f"  street_equity          {street:9.3f} s {street_cpu:9.3f} s")
    for what, wall, cpu in [
        ("equity(exact=True)", eq, eq_cpu),
        ("split_graph(exact)", split, split_cpu),
    ]:
        print(
            f"  {what:<22} {wall:9.3f} s {cpu:9.3f} s  "
            f"{wall / street:5.2f}x street_equity ({cpu / street_cpu:4.2f}x its CPU)"
        )
    if e.trials <= PAIRS_MAX_DEALS:
        slow, _, p = median(lambda: pairs(hero, villain, board, threads), 1)
        agree = abs(float(p.equity()[0]) - e.players[0].equity) < 1e-12
        print(
            f"  pair enumeration       {slow:9.3f} s  {slow / eq:7.1f}x the sweep (agrees: {agree})"
        )
    print(f"  checksum {sum(check):.12f} (equity, graph, street: {check[0]:.12f} each)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--big", action="store_true", help="add 15%% vs 15%% on a flop")
    args = parser.parse_args()
    print(platform_line())
    run(SPOTS + (BIG if args.big else []), args.repeat, args.threads)


if __name__ == "__main__":
    main()
