"""Caller-sized work in short compiled calls, so that Ctrl-C is seen.

A compiled loop runs without the GIL and Python sees a signal only between
two calls: a loop over an array the caller sized (1e8 rows) is cut into
blocks of a few hundredths of a second each.  The blocks change no result:
each row is computed alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["ROWS", "interruptible", "map_rows"]

# Rows of hand evaluation or indexing per compiled call: about 25 ms.
ROWS = 1 << 18


def interruptible(rows: int, block: int, step: Callable[[int, int], None]) -> None:
    """step(lo, hi) over rows in blocks of at most `block`: each is a short
    C call, so Ctrl-C lands between two of them."""
    for lo in range(0, rows, block):
        step(lo, min(lo + block, rows))


def map_rows(call: Callable[..., Any], rows: int, *arrays: Any, block: int = ROWS) -> Any:
    """call(*arrays) row-wise in blocks (arrays of `rows` rows are sliced,
    others passed whole): its array, or tuple of arrays, put back together.
    One block is the plain call."""
    if rows <= block:
        return call(*arrays)

    def part(lo: int, hi: int) -> Any:
        return call(*(a[lo:hi] if len(a) == rows else a for a in arrays))

    parts: list[Any] = []
    interruptible(rows, block, lambda lo, hi: parts.append(part(lo, hi)))
    if isinstance(parts[0], tuple):
        return tuple(np.concatenate(column) for column in zip(*parts, strict=True))
    return np.concatenate(parts)
