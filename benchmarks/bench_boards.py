"""Speed of board reports (issue 31); run from the repository root:

    PYTHONPATH=. python benchmarks/bench_boards.py [--repeat 5]

One thread throughout.  Printed: the platform and load average, a checksum
of every report (the sum of its probability-weighted equities and its row
count), the median and fastest wall time of the repeats (and the median CPU
time: less inflated by other processes on a shared machine), and for each
case the issue's target with whether this run met it:

1. two hands heads-up, every flop, exact: at most 3x the exact preflop
   equity() of the same two hands, timed in the same run (the ratio);
2. 'AA:$ds' vs '15%' over the flop classes, 0.5% standard error per row
   (target_stderr=0.005, seed 1): under 5 s (one repeat: it is long);
3. a flop's turns, hand vs range, exact: under 1 s (and the ratio to the
   exact equity() on the flop, timed in the same run).

With --hand-vs-range, also (one run each: minutes): a 4-card and a 6-card
hand against '15%' on every flop (17,296 and 15,180 rows, no suit
symmetry), default trials a row, seed 1, on one thread and on two.

Nothing is asserted.
"""

from __future__ import annotations

import argparse

from benchlib import measure, platform_line

import omaha_eval as oe

HANDS = ["As2sJd9h", "KcKd7c6h"]  # A2 with a suited ace against kings: no suit symmetry
RANGES = ["AA:$ds", "15%"]
TURNS = (["JhTh9s8s", "20%"], "7s6h2c")
HAND_VS_RANGE = (["As2sKd3h", "15%"], ["AsAhKs2c3d4h", "15%"])


def checksum(report: oe.BoardReport) -> str:
    return f"{float(report.mean('equity')[0]):.9f}/{len(report)} rows"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--hand-vs-range", action="store_true", help="also case 4 (minutes)")
    args = parser.parse_args()
    print(platform_line())

    print("1. two hands, every flop, exact (vs the exact preflop equity() of the same hands)")
    reference, spot = measure(
        "equity(preflop, exact)", lambda: oe.equity(HANDS, exact=True, threads=1), args.repeat
    )
    t, report = measure(
        "board_report(flops, exact)",
        lambda: oe.board_report(HANDS, exact=True, threads=1),
        args.repeat,
    )
    print(
        f"  checksum {checksum(report)} (equity() {spot.players[0].equity:.9f}); "
        f"ratio {t / reference:.1f}x, target <= 3x: {'met' if t <= 3 * reference else 'MISSED'}"
    )

    print("2. 'AA:$ds' vs '15%', every flop class, 0.5% standard error per row")
    t, report = measure(
        "board_report(target_stderr=0.005)",
        lambda: oe.board_report(RANGES, target_stderr=0.005, seed=1, threads=1),
        1,
    )
    print(
        f"  checksum {checksum(report)}, {int(report.trials.sum()):,} trials, largest row "
        f"error {float(report.stderr[:, :, 0].max()):.4f}; target < 5 s: "
        f"{'met' if t < 5 else 'MISSED'}"
    )

    print("3. a flop's turns, hand vs range, exact (vs the exact equity() on the flop)")
    reference, spot = measure(
        "equity(flop, exact)", lambda: oe.equity(*TURNS, exact=True, threads=1), args.repeat
    )
    t, report = measure(
        "board_report(flop, exact)",
        lambda: oe.board_report(*TURNS, exact=True, threads=1),
        args.repeat,
    )
    print(
        f"  checksum {checksum(report)} (equity() {spot.players[0].equity:.9f}); ratio "
        f"{t / reference:.1f}x; target < 1 s: {'met' if t < 1 else 'MISSED'}"
    )
    if not args.hand_vs_range:
        return

    print("4. a hand against '15%', every flop, default trials a row (one run each)")
    for players in HAND_VS_RANGE:
        for threads in (1, 2):
            t, report = measure(
                f"board_report({players[0]} vs 15%, threads={threads})",
                lambda players=players, threads=threads: oe.board_report(
                    players, seed=1, threads=threads
                ),
                1,
            )
            print(f"  checksum {checksum(report)}, {int(report.trials.sum()):,} trials")


if __name__ == "__main__":
    main()
