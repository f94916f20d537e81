"""Evaluator speed, measured.  Run:  python benchmarks/bench_evaluator.py

Seeded inputs are made outside the timed regions; each figure is the median
of several repeats; a checksum of the results is printed so that runs can be
compared; ratios are against references measured in the same run:

  (a) random (hole, board) pairs, hi+lo, batch API, one thread
  (b) one board against all 270,725 four-card hands (hands using a board
      card included: the C loop does not care; the solver API filters them)
  (c) per-call latency of evaluate() (text in, HandValue out)
  (e) a fresh interpreter: import omaha_eval + the first evaluation (NumPy's
      own import included, also shown alone)
  (d) the plain-Python reference (tests/oracles/evaluator.py) on the same pairs, and
      phevaluator (high only, 5-card lookups over the 60 combinations) when
      installed (pip install -r benchmarks/requirements.txt)
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np

import omaha_eval as oe
from omaha_eval import _core

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles import evaluator as reference


def median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def random_deals(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    # argsort of uniform keys = a random permutation per row; take k+5 cards
    return np.argsort(rng.random((n, 52)), axis=1)[:, : k + 5].astype(np.uint8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    print(
        f"platform: {platform.platform()} | {platform.processor() or platform.machine()} | "
        f"Python {platform.python_version()} | NumPy {np.__version__} | omaha_eval {oe.__version__}"
    )

    # (a) random pairs, distinct boards, per k
    for k in (4, 5, 6):
        deals = random_deals(args.hands, k, args.seed)
        holes, boards = np.ascontiguousarray(deals[:, :k]), np.ascontiguousarray(deals[:, k:])
        t_api = median_time(lambda h=holes, b=boards: oe.evaluate_batch(h, b), args.repeats)
        t_core = median_time(lambda h=holes, b=boards: _core.evaluate_rows(h, b), args.repeats)
        high, low = oe.evaluate_batch(holes, boards)
        checksum = int(high.astype(np.int64).sum() * 57 + low.astype(np.int64).sum())
        print(
            f"(a) k={k} random pairs: {args.hands / t_api / 1e6:6.2f} M hands/s validated, "
            f"{args.hands / t_core / 1e6:6.2f} M hands/s C loop alone | checksum {checksum}"
        )

    # (b) one board, all 270,725 four-card hands
    all_hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    board = oe.parse_cards("Ah 7h 4d 5h Kc")
    others = all_hands[~np.isin(all_hands, board).any(axis=1)]
    t_all = median_time(lambda: _core.evaluate_rows(all_hands, board.reshape(1, 5)), args.repeats)
    t_val = median_time(lambda: oe.evaluate_batch(others, board), args.repeats)
    high, low = _core.evaluate_rows(all_hands, board.reshape(1, 5))
    print(
        f"(b) one board x all {len(all_hands):,} hands: {t_all * 1e3:.2f} ms (C loop); "
        f"{len(others):,} non-colliding hands validated: {t_val * 1e3:.2f} ms | "
        f"checksum {int(high.astype(np.int64).sum() + low.astype(np.int64).sum())}"
    )

    # (c) per-call latency
    calls = 20_000
    t_call = median_time(
        lambda: [oe.evaluate("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h") for _ in range(calls)], 5
    )
    ids_hole, ids_board = oe.parse_cards("AdKd3s2s"), oe.parse_cards("Jd4d3cQd5h")
    t_ids = median_time(lambda: [oe.evaluate(ids_hole, ids_board) for _ in range(calls)], 5)
    print(
        f"(c) evaluate() latency: {t_call / calls * 1e6:.2f} us/call (text), "
        f"{t_ids / calls * 1e6:.2f} us/call (uint8 ids)"
    )

    # (e) start-up: the tables are built at import
    def fresh(code: str) -> float:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - t0

    first = statistics.median(
        fresh("import omaha_eval as oe; oe.evaluate('AdKd3s2s', 'Jd4d3cQd5h')") for _ in range(5)
    )
    numpy_alone = statistics.median(fresh("import numpy") for _ in range(5))
    print(
        f"(e) import + first evaluate(): {first * 1e3:.0f} ms in a fresh interpreter "
        f"(import numpy alone: {numpy_alone * 1e3:.0f} ms)"
    )

    # (d) references on the same random pairs (fewer: they are slow)
    deals = random_deals(args.hands, 4, args.seed)
    n_ref = 2_000
    sample = [(d[:4].tolist(), d[4:].tolist()) for d in deals[:n_ref]]
    t_ref = median_time(lambda: [reference.evaluate(h, b) for h, b in sample], 3)
    ref_rate = n_ref / t_ref
    holes, boards = np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
    ours_rate = args.hands / median_time(lambda: oe.evaluate_batch(holes, boards), args.repeats)
    assert [reference.evaluate(h, b) for h, b in sample[:200]] == list(
        zip(*(a.tolist() for a in oe.evaluate_batch(holes[:200], boards[:200])), strict=True)
    )
    print(
        f"(d) plain-Python reference: {ref_rate:,.0f} hands/s -> omaha_eval is "
        f"{ours_rate / ref_rate:,.0f}x faster (hi+lo)"
    )
    try:
        from phevaluator import evaluate_cards  # type: ignore[import-not-found]
    except ImportError:
        print("(d) phevaluator not installed (pip install -r benchmarks/requirements.txt)")
        return
    names = [[oe.format_cards([c]) for c in d] for d in deals[:20_000]]
    n_ph = len(names)

    def ph_omaha_high() -> list[int]:
        # phevaluator ranks 1 (best) .. 7462: the best of the 60 combinations
        return [
            min(
                evaluate_cards(*(a, b), *t)
                for a, b in combinations(d[:4], 2)
                for t in combinations(d[4:], 3)
            )
            for d in names
        ]

    t_ph = median_time(ph_omaha_high, 3)
    ph = ph_omaha_high()
    high, _ = oe.evaluate_batch(holes[:n_ph], boards[:n_ph])
    agree = all(7463 - p == h for p, h in zip(ph, high.tolist(), strict=True))
    print(
        f"(d) phevaluator, high only, 60 lookups per hand in Python: {n_ph / t_ph:,.0f} hands/s "
        f"-> omaha_eval (hi+lo) is {ours_rate / (n_ph / t_ph):,.0f}x faster; "
        f"high values agree: {agree}"
    )


if __name__ == "__main__":
    main()
