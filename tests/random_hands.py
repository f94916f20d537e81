"""Random hands for the tests of the vector functions (street equity,
features): distinct hands that avoid the board, drawn from a seeded
generator, plain NumPy and Python."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def live_hands(
    rng: np.random.Generator,
    board: npt.ArrayLike,
    count: int,
    k: int = 4,
    pool: npt.ArrayLike | None = None,
) -> npt.NDArray[np.uint8]:
    """count distinct random k-card hands avoiding the board (from `pool` if given)."""
    deck = np.setdiff1d(np.arange(52) if pool is None else pool, board)
    seen: set[tuple[int, ...]] = set()
    while len(seen) < count:
        seen.add(tuple(sorted(rng.choice(deck, size=k, replace=False).tolist())))
    return np.array(sorted(seen), dtype=np.uint8)
