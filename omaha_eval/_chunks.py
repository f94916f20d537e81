"""Monte Carlo in successive seeded chunks, pooled into one result.

The command line runs Monte Carlo as a series of ``equity()`` calls of at
most CHUNK_TRIALS trials each, so that it can show progress, stop at a
target standard error, and answer Ctrl-C with the result so far.  Chunk
seeds come from one SeedSequence (child i of ``SeedSequence(seed)``), and
chunk sizes depend only on the requested trials, so the same seed and
threads give the same pooled result.

Pooling: every figure of a result is a mean over its trials, so the pooled
figure is the trials-weighted mean of the chunks' figures; the chunks are
independent, so the variance of the pooled equity is
``sum((n_k / N)^2 * stderr_k^2)``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from omaha_eval._report import PLAYER_FIGURES

__all__ = ["CHUNK_TRIALS", "chunk_seeds", "chunk_sizes", "pool"]

# Big enough that per-call set-up (parsing, preparing the spot) is a small
# part of a chunk, small enough that Ctrl-C and the progress bar respond
# within a fraction of a second at the engine's trial rates.
CHUNK_TRIALS = 250_000

_MEANS = tuple(name for name in PLAYER_FIGURES if name != "stderr")


def chunk_seeds(seed: int) -> Iterator[int]:
    """The seed of chunk 0, 1, 2, ...: independent streams from one seed."""
    parent = np.random.SeedSequence(seed)
    while True:
        (child,) = parent.spawn(1)
        yield int(child.generate_state(1, np.uint64)[0])


def chunk_sizes(trials: int | None, chunk: int = CHUNK_TRIALS) -> Iterator[int]:
    """Sizes of the chunks of `trials` (None: chunks of `chunk` forever)."""
    left = trials
    while left is None or left > 0:
        size = chunk if left is None else min(chunk, left)
        yield size
        if left is not None:
            left -= size


def pooled_stderr(results: Sequence[Any]) -> list[float]:
    """Per player, the standard error of the pooled equity."""
    total = sum(r.trials for r in results)
    return [
        math.sqrt(sum((r.trials / total * r.players[i].stderr) ** 2 for r in results))
        for i in range(len(results[0].players))
    ]


def pool(results: Sequence[Any], seed: int, elapsed: float) -> Any:
    """One Monte Carlo result from chunks of the same spot with independent
    seeds (frozen dataclasses EquityResult/PlayerEquity, replaced field by
    field): trials summed, figures trials-weighted, standard errors pooled."""
    if len(results) == 1:
        return dataclasses.replace(results[0], seed=seed, elapsed=elapsed)
    total = sum(r.trials for r in results)
    weights = [r.trials / total for r in results]

    def mean(values: Sequence[float]) -> float:
        return math.fsum(w * v for w, v in zip(weights, values, strict=True))

    stderrs = pooled_stderr(results)
    players = []
    for i, first in enumerate(results[0].players):
        figures = {name: mean([getattr(r.players[i], name) for r in results]) for name in _MEANS}
        players.append(dataclasses.replace(first, **figures, stderr=stderrs[i]))
    return dataclasses.replace(
        results[0],
        players=type(results[0].players)(players),
        no_low=mean([r.no_low for r in results]),
        quartered=mean([r.quartered for r in results]),
        trials=total,
        seed=seed,
        elapsed=elapsed,
    )
