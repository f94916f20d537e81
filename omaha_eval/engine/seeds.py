"""Seeds: every seed form normalised once, and every stream derived from one.

A run's randomness is one integer, its ``seed``: Monte Carlo block i draws
from ``PCG64(SeedSequence(seed, spawn_key=(i,)))``, child i of
``SeedSequence(seed)`` (``(board, block)`` over a board pattern).  Blocks are
fixed by the number of trials, never by the threads that run them, so the
same seed gives the same result on any machine and any thread count, and
``EquityResult.seed`` reproduces the result it came with.  Runs made of
other runs derive their seeds here too: a batch spot's from the batch seed
and the spot's id (`spot_seed`), an equity distribution's combo runs from
the distribution's seed (`child_seed`).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from omaha_eval._checks import is_int
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote

__all__ = [
    "SEED_LIMIT",
    "block_stream",
    "child_seed",
    "is_plain_seed",
    "seed_value",
    "spot_seed",
]

SEED_LIMIT = 2**128  # SeedSequence keeps 128 bits of entropy
_DRAWN_BITS = 53  # seeds drawn here stay exact in any JSON reader


def is_plain_seed(seed: object) -> bool:
    """None or an int seed_value takes as it is (a fast path's test)."""
    return seed is None or (type(seed) is int and 0 <= seed < SEED_LIMIT)


def seed_value(seed: Any) -> int:
    """The integer seed of a run: an int as given; a SeedSequence's own
    entropy when it is a plain int seed; otherwise (a spawned or list-seeded
    SeedSequence, a Generator) 53 bits drawn from it; None: 53 fresh bits."""
    if seed is None:
        # the system's randomness, as secrets.randbits reads it (secrets imports hashlib)
        return int.from_bytes(os.urandom(8), "little") >> (64 - _DRAWN_BITS)
    if is_int(seed):
        if not 0 <= seed < SEED_LIMIT:
            raise OmahaEvalError(
                f"expected an int 0 <= seed < 2**128, got {quote(seed, 40)}",
                param="seed",
                value=seed,
            )
        return int(seed)
    if isinstance(seed, np.random.SeedSequence):
        if not seed.spawn_key and isinstance(seed.entropy, int) and seed.entropy < SEED_LIMIT:
            return seed.entropy
        return _drawn(seed)
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(2**_DRAWN_BITS))
    raise OmahaEvalTypeError(
        f"expected None, an int, a numpy SeedSequence or a Generator, got {quote(seed)}",
        param="seed",
        value=seed,
    )


def _drawn(sequence: np.random.SeedSequence) -> int:
    return int(sequence.generate_state(1, np.uint64)[0]) >> (64 - _DRAWN_BITS)


def block_stream(seed: int, key: tuple[int, ...]) -> np.random.PCG64:
    """The bit generator of one Monte Carlo block of a run: `key` is the
    block's number, (block,), or (board, block) over a board pattern, or
    (combo, block) in a split graph."""
    return np.random.PCG64(np.random.SeedSequence(seed, spawn_key=key))


def child_seed(seed: int, index: int) -> int:
    """The seed of part `index` of a run made of runs (a distribution's
    combo `index`): child `index` of ``SeedSequence(seed)``, as an int."""
    return _drawn(np.random.SeedSequence(seed, spawn_key=(index,)))


def spot_seed(batch_seed: int, spot_id: str) -> int:
    """The seed of a batch spot that has none: a function of the batch seed
    and the spot's id only, so results do not depend on the order, the
    workers or an interruption."""
    data = spot_id.encode("utf-8", "surrogatepass")
    words = np.frombuffer(data.ljust(-(-len(data) // 4) * 4, b"\0"), dtype="<u4")
    # The length goes in too, so ids that differ only by trailing NULs differ.
    return _drawn(np.random.SeedSequence([batch_seed, len(data), *words.tolist()]))
