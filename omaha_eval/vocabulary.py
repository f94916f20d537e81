"""The words players use for what hole cards make with a board, each
defined once for every view that says it: what a range makes
(study/hits.py's ``made`` classes) and the queries (pql/functions.py's
``overpair``).

Each word is a yes or no of one hand on one board, read from sets of ranks
(rank masks: bit r = rank r, deuce = 0 ... ace = 12), an int or arrays of
them, one element per hand:

- ``pairs``: the ranks the hand holds twice or more;
- ``singles``: the ranks it holds exactly once;
- ``held``: every rank it holds;
- ``board``: every rank the board shows; ``once``: those it shows exactly once.

The queries' flop categories (``flopset``, ``floptoppair``,
``flopoverpair``...) are another thing: Open PQL's partition of hands by
their best five cards, so that a hand falls in one of them only.  These
words are properties of the hole cards and the board, and a hand may have
several (docs/hits.md, "Made hands and the queries' flop categories").
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = ["holds_set", "hole_two_pair", "overpair", "top_pair", "top_rank", "top_set"]

Ranks: TypeAlias = int | npt.NDArray[np.int64]  # rank masks: one, or one a hand
Flags: TypeAlias = npt.NDArray[np.bool_]
RANKS = 13
# the highest rank of each rank mask (-1: none), and how many ranks it holds
_TOP = np.array([m.bit_length() - 1 for m in range(1 << RANKS)], dtype=np.int64)
_COUNT = np.array([m.bit_count() for m in range(1 << RANKS)], dtype=np.int64)


def top_rank(ranks: Ranks) -> npt.NDArray[np.int64]:
    """The highest rank of a set of ranks (-1 when empty)."""
    top: npt.NDArray[np.int64] = _TOP[ranks]
    return top


def _has(ranks: Ranks, rank: npt.NDArray[np.int64]) -> Flags:
    """Whether `ranks` holds `rank` (a rank of -1: no)."""
    return np.asarray((rank >= 0) & ((ranks >> np.maximum(rank, 0)) & 1 == 1))


def holds_set(pairs: Ranks, once: Ranks) -> Flags:
    """A set: a pocket pair of a rank the board shows once."""
    return np.asarray((pairs & once) != 0)


def top_set(pairs: Ranks, once: Ranks, board: Ranks) -> Flags:
    """A set of the board's top rank."""
    return _has(pairs & once, top_rank(board))


def hole_two_pair(held: Ranks, once: Ranks) -> Flags:
    """Two ranks of the hand each shown once on the board: two pair made
    with both hole cards, not with a board pair."""
    return np.asarray(_COUNT[held & once] >= 2)


def overpair(pairs: Ranks, board: Ranks) -> Flags:
    """A pocket pair above every rank of the board."""
    return np.asarray(top_rank(pairs) > top_rank(board))


def top_pair(singles: Ranks, once: Ranks, board: Ranks) -> Flags:
    """Exactly one card of the board's top rank, which the board shows once."""
    return _has(singles & once, top_rank(board))
