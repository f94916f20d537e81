"""Monte Carlo chunks of the command line (omaha_eval/_chunks.py): sizes,
seeds, and pooling real equity results."""

from __future__ import annotations

import math

import numpy as np

import omaha_eval
from omaha_eval import _chunks
from omaha_eval._report import PLAYER_FIGURES


def test_chunk_sizes() -> None:
    assert list(_chunks.chunk_sizes(1_000_000)) == [250_000] * 4
    assert list(_chunks.chunk_sizes(600_001, chunk=250_000)) == [250_000, 250_000, 100_001]
    assert list(_chunks.chunk_sizes(7)) == [7]
    endless = _chunks.chunk_sizes(None, chunk=10)
    assert [next(endless) for _ in range(3)] == [10, 10, 10]


def test_chunk_seeds_are_reproducible_and_distinct() -> None:
    first = _chunks.chunk_seeds(5)
    again = _chunks.chunk_seeds(5)
    a = [next(first) for _ in range(50)]
    assert a == [next(again) for _ in range(50)]
    assert len(set(a)) == 50
    other = _chunks.chunk_seeds(6)
    assert next(other) not in a
    # child i of SeedSequence(seed), as documented
    child = np.random.SeedSequence(5).spawn(3)[2]
    assert a[2] == int(child.generate_state(1, np.uint64)[0])


def test_pool_is_the_trials_weighted_mean_with_pooled_stderr() -> None:
    hands = ["AdKd3s2s", "QhQcJhTc", "*"]
    sizes = [40_000, 40_000, 20_000]
    parts = [
        omaha_eval.equity(hands, "Jd4d8c", trials=n, exact=False, seed=s, threads=1)
        for n, s in zip(sizes, (1, 2, 3), strict=True)
    ]
    pooled = _chunks.pool(parts, seed=99, elapsed=1.5)
    assert type(pooled) is type(parts[0])
    assert pooled.method == "monte-carlo" and pooled.trials == sum(sizes)
    assert pooled.seed == 99 and pooled.elapsed == 1.5
    w = np.array(sizes) / sum(sizes)
    for i, player in enumerate(pooled.players):
        for name in PLAYER_FIGURES:
            values = np.array([getattr(p.players[i], name) for p in parts])
            if name == "stderr":
                assert math.isclose(player.stderr, math.sqrt(np.sum((w * values) ** 2)))
            else:
                assert math.isclose(getattr(player, name), float(w @ values), abs_tol=1e-15)
        assert math.isclose(player.equity, player.hi_share + player.lo_share, abs_tol=1e-12)
    assert math.isclose(sum(p.equity for p in pooled.players), 1.0, abs_tol=1e-12)
    for name in ("no_low", "quartered"):
        values = np.array([getattr(p, name) for p in parts])
        assert math.isclose(getattr(pooled, name), float(w @ values), abs_tol=1e-15)
    # one chunk: the result itself, with the command's seed and time
    single = _chunks.pool(parts[:1], seed=7, elapsed=0.5)
    assert single.players == parts[0].players and single.seed == 7
