"""Speed of board reports with the low's figures (issue 39: quartered,
nut_low, lost_nut_low) against a previous build, in the same run:

    python benchmarks/bench_low_figures.py [--repeat 5] [--baseline DIR]

The target: "a flop's turns with the new figures, hand vs range, exact: at
most 1.5x today's turn report".  DIR is a source tree of the previous
implementation with its _core built in place (benchmarks/benchlib.py), e.g.

    git archive fca8082 | tar -x -C build/baseline
    (cd build/baseline && python setup.py build_ext --inplace)

Each line: median and best wall time, deals per second, a checksum (the
probability-weighted mean equity of player 1 and the rows: the same in both
builds, whose equity figures agree), then the previous build's median and
the ratio (previous / this: above 1 is faster now, so the target is a ratio
of at least 1 / 1.5 = 0.67).  One thread; the machine is shared: the load
is printed first and last.
"""

from __future__ import annotations

import argparse
from typing import Any

import benchlib

TURNS = (["JhTh9s8s", "20%"], "7s6h2c")  # bench_boards.py's case 3
TURNS_A2 = (["As2sJd9h", "15%"], "7s6h3c")  # a low flop: the nut low held, and lost


def report_case(players: list[str], board: str) -> benchlib.Case:
    def case() -> Any:
        import omaha_eval as oe

        deals = int(oe.board_report(players, board, exact=True, threads=1).trials.sum())
        return (
            lambda: oe.board_report(players, board, exact=True, threads=1),
            float(deals),
            lambda r: f"{float(r.mean('equity')[0]):.9f}/{len(r)} rows",
        )

    return case


CASES: dict[str, benchlib.Case] = {
    "flop's turns, JhTh9s8s vs 20%, exact": report_case(*TURNS),
    "flop's turns, As2sJd9h vs 15%, exact": report_case(*TURNS_A2),
}


def main() -> None:
    if benchlib.worker_main(CASES):
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", default=None)
    args = parser.parse_args()
    print(benchlib.platform_line())
    benchlib.compare(__file__, CASES, list(CASES), args.repeat, args.baseline, "deals")
    print(benchlib.platform_line())


if __name__ == "__main__":
    main()
