"""Speed of beats() (issue 47, item 4); run from the repository root:

    PYTHONPATH=. python benchmarks/bench_beats.py [--repeat 21]

One thread.  Each case times beats(hand, villain, board) with the villain's
range read before the clock starts (a Range: reading a range text is the
range reader's cost, the same for every view), and, in the same run, the
reference: one evaluate_batch of the villain's live combos on the board
(evaluating every live villain combo once).  Printed: the platform and load
average, a checksum of every answer (the groups' counts and the shares),
the medians of the repeats (wall and CPU time) and the ratio of the CPU
medians, with the issue's target (at most 10x) and whether this run met it.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
from benchlib import platform_line, timed_cpu

import omaha_eval as oe
from omaha_eval import _checks
from omaha_eval.engine.spot import live_rows

TARGET = 10.0
# (hand, villain range, board): a flop, a turn and a river against 15%, a
# 4-card hand against every hand, a 6-card hand against a 6-card range
CASES = [
    ("AhKh3d4c", "15%", "Qh7h6s"),
    ("AhKh3d4c", "15%", "Qh7h6s2c"),
    ("AhKh3d4c", "15%", "Qh7h6s2c9d"),
    ("AsAd2c3h", "100%", "Jc8d5c"),
    ("AsAhKsKhQsQh", "JJ", "Jh9h2c"),
]


def checksum(answer: oe.Beats) -> str:
    v = answer.villains[0]
    counts = sum(g.count for g in (*v.high, *v.low))
    return f"{counts}/{v.high_share:.9f}/{v.low_share:.9f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    print(platform_line())
    ratios = []
    for hand, text, board in CASES:
        k = len(oe.parse_cards(hand))
        villain = oe.Range(text, hole_cards=k)
        known = _checks.card_mask(oe.parse_cards(hand + board))
        live = np.ascontiguousarray(villain.combos[live_rows(villain.combos, known)])
        cards = oe.parse_cards(board)
        ref_wall, ref_cpu, _ = timed_cpu(
            lambda live=live, cards=cards: oe.evaluate_batch(live, cards), args.repeat
        )
        wall, cpu, answer = timed_cpu(
            lambda h=hand, v=villain, b=board: oe.beats(h, v, b), args.repeat
        )
        ratio = statistics.median(cpu) / statistics.median(ref_cpu)
        ratios.append(ratio)
        print(
            f"beats({hand}, {text!r} ({k}-card), {board}): {len(live):,} live combos\n"
            f"  evaluate_batch of them  median {1e3 * statistics.median(ref_wall):8.3f} ms  "
            f"cpu {1e3 * statistics.median(ref_cpu):8.3f} ms\n"
            f"  beats                   median {1e3 * statistics.median(wall):8.3f} ms  "
            f"cpu {1e3 * statistics.median(cpu):8.3f} ms\n"
            f"  checksum {checksum(answer)}; ratio {ratio:.1f}x"
        )
    worst = max(ratios)
    print(
        f"largest ratio {worst:.1f}x; target <= {TARGET:g}x: {'met' if worst <= TARGET else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
