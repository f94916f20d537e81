"""pytest-benchmark view of the evaluator.

    pytest benchmarks/test_bench_evaluator.py --benchmark-enable

Inputs are seeded and built outside the timed calls; compare runs with
pytest-benchmark's --benchmark-compare.  The plain script
bench_evaluator.py prints rates, ratios and checksums.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import omaha_eval as oe

N = 200_000


@pytest.fixture(scope="module", params=[4, 5, 6])
def deals(request):
    k = request.param
    rng = np.random.default_rng(7)
    d = np.argsort(rng.random((N, 52)), axis=1)[:, : k + 5].astype(np.uint8)
    return np.ascontiguousarray(d[:, :k]), np.ascontiguousarray(d[:, k:])


def test_batch_random_pairs(benchmark, deals):
    holes, boards = deals
    high, _ = benchmark(oe.evaluate_batch, holes, boards)
    assert len(high) == N and high.min() >= 1


def test_one_board_all_hands(benchmark):
    board = oe.parse_cards("Ah 7h 4d 5h Kc")
    hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    hands = hands[~np.isin(hands, board).any(axis=1)]
    high, _ = benchmark(oe.evaluate_batch, hands, board)
    assert len(high) == 178_365


def test_evaluate_latency(benchmark):
    v = benchmark(oe.evaluate, "Ad Kd 3s 2s", "Jd 4d 3c Qd 5h")
    assert v.low == oe.LOW_MAX
