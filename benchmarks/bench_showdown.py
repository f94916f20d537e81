"""Speed of the showdown kernel (src_c/oe_showdown.c): the street kernel's
full run and RiverShowdown, against river_shares and street_equity in the
same run, and against a previous build:

    python benchmarks/bench_showdown.py [--repeat 5] [--flop-repeat 1] [--baseline DIR]

DIR is a source tree of the previous implementation with its _core built in
place (benchmarks/benchlib.py), e.g.

    git archive b048884 | tar -x -C build/baseline
    (cd build/baseline && python setup.py build_ext --inplace)

It runs the cases the previous build has (street_equity, river_shares).
The spots: 15% against 15% (about 30,000 combos a side) on the river
Kh7d2c5s9h, the turn Kh7d2c5s and the flop Kh7d2c, and AA:$ds against KK
(hundreds against thousands of combos) on the flop Jd4d8c.  Reach vectors
come from a fixed seed, outside the timed region.

Each line: median and best wall time (preparation included where the line
says "full run"), deals or hand pairs per second, a checksum (the same in
both builds where both run the case), then the previous build's median and
the ratio (previous / this: above 1 is faster now).  The ratios between
cases of this run follow.  The machine is shared: the load is printed
first and last.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import benchlib
import numpy as np

SEED = 20261207
RIVER, TURN, FLOP = "Kh7d2c5s9h", "Kh7d2c5s", "Kh7d2c"
WIDE = ("15%", "15%")
NARROW = ("AA:$ds", "KK")


def sides(board: str, ranges: tuple[str, str]) -> tuple[Any, ...]:
    """(board ids, hero rows, villain rows, villain weights) as street_equity reads them."""
    import omaha_eval as oe
    from omaha_eval.engine.boards import known_cards
    from omaha_eval.games import game
    from omaha_eval.solver.question import read_sides

    b = known_cards(board, "board", (3, 4, 5))
    hero, villain = oe.Range(ranges[0]), oe.Range(ranges[1])
    h, v, w = read_sides(b, hero, villain, None, ("hero", "villain", "weights"), game("omaha8"))
    return b, h, v, w


def street_equity_case(board: str, threads: int) -> benchlib.Case:
    """street_equity (hi share, lo share, scoop per hero), preparation included."""

    def case() -> Any:
        import omaha_eval as oe

        b, h, v, w = sides(board, WIDE)
        runouts = {3: 1176, 4: 48, 5: 1}[len(b)]
        return (
            lambda: oe.street_equity(b, h, v, w, threads=threads),
            float(len(h) * len(v) * runouts),  # pairs x runouts: deals, near enough
            lambda r: f"{float(np.nansum(r.equity)):.9f}",
        )

    return case


def outcomes_case(board: str, ranges: tuple[str, str], threads: int) -> benchlib.Case:
    """The full run: prepare, then every runout's outcome cells, makes_low
    and breakdown (engine.sweep.street_outcomes)."""

    def case() -> Any:
        from omaha_eval import _core
        from omaha_eval.engine.sweep import street_outcomes

        b, h, v, w = sides(board, ranges)

        def run() -> Any:
            spot = _core.StreetSpot(b, h, v, w, 0)
            return street_outcomes(spot, len(h) + len(v), threads), spot.deals

        deals = run()[1]
        return (
            run,
            float(deals),
            lambda r: f"{float(r[0][0].sum()):.1f}/{float(r[0][2].sum()):.1f}/{r[1]}",
        )

    return case


def river_shares_case() -> Any:
    import omaha_eval as oe

    b, h, v, w = sides(RIVER, WIDE)
    return (
        lambda: oe.river_shares(b, h, v, w),
        float(len(h) * len(v)),
        lambda r: f"{float(np.nansum(r.equity)):.9f}",
    )


def showdown_case(what: str, reaches: int) -> benchlib.Case:
    """RiverShowdown: its preparation, or values / live for T reach vectors."""

    def case() -> Any:
        from omaha_eval.solver import RiverShowdown

        b, h, v, _ = sides(RIVER, WIDE)
        sd = RiverShowdown(b, h, v)
        reach = np.random.default_rng(SEED).random((reaches, len(v)))
        calls: dict[str, Callable[[], Any]] = {
            "prepare": lambda: RiverShowdown(b, h, v),
            "values": lambda: sd.values(reach),
            "live": lambda: sd.live(reach),
        }
        checks: dict[str, Callable[[Any], str]] = {
            "prepare": lambda s: f"{len(s.hero_combos)}x{len(s.villain_combos)}",
            "values": lambda x: f"{float(x.sum()):.6f}",
            "live": lambda x: f"{float(x.sum()):.6f}",
        }
        return calls[what], float(len(h) * len(v) * reaches), checks[what]

    return case


STREET: dict[str, benchlib.Case] = {
    "street_equity river 15% vs 15%": street_equity_case(RIVER, 1),
    "street_equity turn 15% vs 15%": street_equity_case(TURN, 1),
    "full run river 15% vs 15%": outcomes_case(RIVER, WIDE, 1),
    "full run turn 15% vs 15%, 1 thread": outcomes_case(TURN, WIDE, 1),
    "full run turn 15% vs 15%, 2 threads": outcomes_case(TURN, WIDE, 2),
}
FLOP_CASES: dict[str, benchlib.Case] = {
    "street_equity flop 15% vs 15%, 2 threads": street_equity_case(FLOP, 2),
    "full run flop 15% vs 15%, 1 thread": outcomes_case(FLOP, WIDE, 1),
    "full run flop 15% vs 15%, 2 threads": outcomes_case(FLOP, WIDE, 2),
    "full run flop AA:$ds vs KK, 1 thread": outcomes_case("Jd4d8c", NARROW, 1),
}
SHOWDOWN: dict[str, benchlib.Case] = {
    "river_shares 15% vs 15%": river_shares_case,
    "RiverShowdown prepare": showdown_case("prepare", 1),
    "RiverShowdown.values T=1": showdown_case("values", 1),
    "RiverShowdown.values T=16": showdown_case("values", 16),
    "RiverShowdown.live T=1": showdown_case("live", 1),
}
CASES = {**STREET, **FLOP_CASES, **SHOWDOWN}
# the cases the previous build can run
OLD = {name for name in CASES if name.startswith(("street_equity", "river_shares"))}


def main() -> None:
    if benchlib.worker_main(CASES):
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--flop-repeat", type=int, default=1, help="0: skip the flop")
    parser.add_argument("--baseline", default=None)
    args = parser.parse_args()
    print(benchlib.platform_line())
    med: dict[str, tuple[float, float]] = {}
    for cases, repeat, unit in (
        (STREET, args.repeat, "deals"),
        (FLOP_CASES, args.flop_repeat, "deals"),
        (SHOWDOWN, args.repeat, "pairs"),
    ):
        if repeat > 0:
            med |= benchlib.compare(__file__, CASES, list(cases), repeat, args.baseline, unit, OLD)
    print("ratios in this run (median CPU times; threads: wall times):")
    for a, b, clock in (
        ("full run river 15% vs 15%", "street_equity river 15% vs 15%", 1),
        ("full run turn 15% vs 15%, 1 thread", "street_equity turn 15% vs 15%", 1),
        ("full run flop 15% vs 15%, 2 threads", "street_equity flop 15% vs 15%, 2 threads", 1),
        ("full run flop 15% vs 15%, 1 thread", "full run flop 15% vs 15%, 2 threads", 0),
        ("RiverShowdown.values T=1", "river_shares 15% vs 15%", 1),
        ("RiverShowdown.values T=16", "RiverShowdown.values T=1", 1),
    ):
        if a in med and b in med:
            print(f"  {a} / {b}: {med[a][clock] / med[b][clock]:.3f}")
    print(benchlib.platform_line())


if __name__ == "__main__":
    main()
