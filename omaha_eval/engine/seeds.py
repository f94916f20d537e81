"""Seeds: every seed form normalised once, and the stream of each block.

A run's randomness is one integer, its ``seed``: Monte Carlo block i draws
from ``PCG64(SeedSequence(seed, spawn_key=(i,)))``, child i of
``SeedSequence(seed)``.  Blocks are fixed by the number of trials, never by
the threads that run them, so the same seed gives the same result on any
machine and any thread count, and ``EquityResult.seed`` reproduces the
result it came with.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np

from omaha_eval._checks import is_int, quote
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError

__all__ = ["SEED_LIMIT", "block_stream", "seed_value"]

SEED_LIMIT = 2**128  # SeedSequence keeps 128 bits of entropy
_DRAWN_BITS = 53  # seeds drawn here stay exact in any JSON reader


def seed_value(seed: Any) -> int:
    """The integer seed of a run: an int as given; a SeedSequence's own
    entropy when it is a plain int seed; otherwise (a spawned or list-seeded
    SeedSequence, a Generator) 53 bits drawn from it; None: 53 fresh bits."""
    if seed is None:
        return secrets.randbits(_DRAWN_BITS)
    if is_int(seed):
        if not 0 <= seed < SEED_LIMIT:
            raise OmahaEvalError(f"seed: expected an int 0 <= seed < 2**128, got {quote(seed, 40)}")
        return int(seed)
    if isinstance(seed, np.random.SeedSequence):
        if not seed.spawn_key and isinstance(seed.entropy, int) and seed.entropy < SEED_LIMIT:
            return seed.entropy
        return int(seed.generate_state(1, np.uint64)[0]) >> (64 - _DRAWN_BITS)
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(2**_DRAWN_BITS))
    raise OmahaEvalTypeError(
        f"seed: expected None, an int, a numpy SeedSequence or a Generator, got {quote(seed)}"
    )


def block_stream(seed: int, key: tuple[int, ...]) -> np.random.PCG64:
    """The bit generator of one Monte Carlo block of a run: `key` is the
    block's number, (block,), or (board, block) over a board pattern."""
    return np.random.PCG64(np.random.SeedSequence(seed, spawn_key=key))
