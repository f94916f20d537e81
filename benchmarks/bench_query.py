"""Query speed: the four queries of the query engine's speed targets, each
against equity() on the same spot in the same run.

    PYTHONPATH=. python benchmarks/bench_query.py [--repeat 5] [--trials 1000000]
                                                  [--hvh-trials 100000]

One thread everywhere, Monte Carlo with a fixed seed.  Prints the platform
and load, then for each query the median and best wall time of `--repeat`
runs (after one warm-up run), its trials per second, a checksum (the
query's figures), equity() on the same players drawn the same way, the
ratio of the two rates, and the query's target with whether this run met
it.  The first query measures what equity() measures, from the same seed,
so its figures must equal equity()'s: the line says whether they do.  The
machine is shared: read the medians, the ratios and the load printed first.
Nothing here is asserted; the targets are read, not tested.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchlib

import omaha_eval as oe

SEED = 20261130


@dataclass(frozen=True)
class Case:
    """One query, the equity() spot it is measured against, and its target:
    a rate in trials per second, or a ratio to equity()'s rate."""

    name: str
    text: str
    players: tuple[str, ...]
    game: str
    rate: float | None = None
    ratio: float | None = None
    hvh: bool = False  # sized by --hvh-trials (an exact equity per deal and street)


CASES = (
    Case(
        "equity and scoops, A2 vs 15%",
        "select avg(riverEquity(hero)), count(scoops(hero)) "
        "from game='omaha8', hero='A2**', villain='15%'",
        ("A2**", "15%"),
        "omaha8",
        ratio=0.5,
    ),
    Case(
        "A2 quartered, vs two 15% hands",
        "select count(tiesLo(hero)) from game='omaha8', hero='A2**', villain1='15%', "
        "villain2='15%' where nutLo(hero, river) and not (winsHi(hero) or tiesHi(hero))",
        ("A2**", "15%", "15%"),
        "omaha8",
        rate=2e6,
    ),
    Case(
        "ahead on the flop, behind on the turn, wins",
        "select count(hvhEquity(villain, turn) > 0.5 and winsHi(hero)) from game='omahahi', "
        "hero='AA**', villain='****' where hvhEquity(hero, flop) > 0.5",
        ("AA**", "****"),
        "omahahi",
        rate=5e4,
        hvh=True,
    ),
    Case(
        "hand types of a 15% range at the river",
        "select histogram(handType(hero, river)) from hero='15%', villain='*'",
        ("15%", "*"),
        "omaha8",
        rate=3e6,
    ),
)


def median(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Median and best wall time of `repeat` calls after a warm-up, and the
    last result."""
    times, result = benchlib.timed(fn, repeat)
    return statistics.median(times), min(times), result


def checksum(result: oe.QueryResult) -> str:
    """The query's figures, rounded: equal checksums, equal answers."""
    parts = []
    for c in result.columns:
        if isinstance(c.value, dict):
            parts.append("{" + ", ".join(f"{k}: {v:.6f}" for k, v in c.value.items()) + "}")
        else:
            parts.append(f"{c.value:.6f}")
    return "; ".join(parts)


def same_as_equity(result: oe.QueryResult, equity: oe.EquityResult) -> bool:
    """The first query's figures are equity()'s hero equity and scoop."""
    hero = equity.players[0]
    return [c.value for c in result.columns] == [hero.equity, hero.scoop]


def run_case(case: Case, trials: int, repeat: int) -> dict[str, Any]:
    def query() -> oe.QueryResult:
        result = oe.query(case.text, trials=trials, exact=False, seed=SEED, threads=1)
        assert isinstance(result, oe.QueryResult)
        return result

    def equity() -> oe.EquityResult:
        return oe.equity(
            list(case.players), game=case.game, trials=trials, exact=False, seed=SEED, threads=1
        )

    q_med, q_best, q_result = median(query, repeat)
    e_med, e_best, e_result = median(equity, repeat)
    q_rate, e_rate = q_result.trials / q_med, e_result.trials / e_med
    if case.ratio is not None:
        target, met = f"query/equity() >= {case.ratio:g}", q_rate / e_rate >= case.ratio
    else:
        assert case.rate is not None
        target, met = f">= {case.rate / 1e6:g} M trials/s", q_rate >= case.rate
    print(f"{case.name}: {case.text}")
    print(
        f"  query    median {q_med * 1e3:9.1f} ms  best {q_best * 1e3:9.1f} ms  "
        f"{q_rate / 1e6:7.3f} M trials/s  ({q_result.trials:,} trials, kept {q_result.kept:,})  "
        f"checksum {checksum(q_result)}"
    )
    agree = ""
    if case.ratio is not None:
        agree = (
            "  same figures as the query"
            if same_as_equity(q_result, e_result)
            else ("  FIGURES DIFFER from the query's")
        )
    print(
        f"  equity() median {e_med * 1e3:9.1f} ms  best {e_best * 1e3:9.1f} ms  "
        f"{e_rate / 1e6:7.3f} M trials/s{agree}"
    )
    print(
        f"  ratio query/equity() {q_rate / e_rate:.2f};  target {target}: "
        f"{'met' if met else 'NOT MET'}",
        flush=True,
    )
    return {"name": case.name, "rate": q_rate, "ratio": q_rate / e_rate, "met": met}


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--trials", type=int, default=1_000_000)
    parser.add_argument("--hvh-trials", type=int, default=100_000)
    args = parser.parse_args(argv)
    print(f"{benchlib.platform_line()}, omaha_eval {oe.__version__}")
    print(f"one thread, seed {SEED}, medians of {args.repeat} runs after a warm-up\n")
    return [
        run_case(case, args.hvh_trials if case.hvh else args.trials, args.repeat) for case in CASES
    ]


if __name__ == "__main__":
    main()
