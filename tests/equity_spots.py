"""Building C equity spots (omaha_eval._core.EquitySpot) straight from card ids,
for the tests of the compiled loops (exact enumeration, Monte Carlo, breakdown).

A player is a list of card ids (a fixed hand), ``("range", combos, weights)``
or ``"*"`` (any hand).  Everything here is plain and independent of the
package's Python layer: range combos touching a known card are removed here,
as the layer does, and for exact runs "*" becomes the range of every hand.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
from oracles import evaluator as ref
from oracles import plain

from omaha_eval import _core

Player = Any


def ids(text: str) -> list[int]:
    return ref.cards(text) if text else []


def mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def make_spot(
    players: list[Player],
    board: list[int] = (),  # type: ignore[assignment]
    dead: list[int] = (),  # type: ignore[assignment]
    game: str = "omaha8",
    exact: bool = True,
    **options: Any,
) -> _core.EquitySpot:
    fixed = [p for p in players if not isinstance(p, (str, tuple))]
    k = len(fixed[0]) if fixed else next(len(p[1][0]) for p in players if isinstance(p, tuple))
    known = mask(board) | mask(dead) | mask(c for h in fixed for c in h)
    kinds, combos, weights, masks = [], [], [], []
    for p in players:
        if isinstance(p, str):  # "*"
            if exact:
                deck = [c for c in range(52) if not known >> c & 1]
                c = np.array(list(combinations(deck, k)), dtype=np.uint8)
                p = ("range", c, np.ones(len(c)))
            else:
                kinds.append(2)
                combos.append(np.zeros((0, k), np.uint8))
                weights.append(np.zeros(0))
                masks.append(np.zeros(0, np.uint64))
                continue
        if isinstance(p, tuple):
            _, c, w = p
            c = np.asarray(c, dtype=np.uint8).reshape(-1, k)
            w = np.asarray(w, dtype=np.float64)
            m = np.array([mask(row) for row in c], dtype=np.uint64)
            keep = (m & np.uint64(known)) == 0
            kinds.append(1)
            combos.append(np.ascontiguousarray(c[keep]))
            weights.append(np.ascontiguousarray(w[keep]))
            masks.append(np.ascontiguousarray(m[keep]))
        else:
            kinds.append(0)
            combos.append(np.array([p], dtype=np.uint8))
            weights.append(np.ones(1))
            masks.append(np.zeros(1, np.uint64))
    g = _core.GAME_OMAHA if game == "omaha" else _core.GAME_OMAHA8
    b = np.array(board, dtype=np.uint8)
    return _core.EquitySpot(k, g, b, known, kinds, combos, weights, masks, **options)


def empty_counts(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return np.zeros(1 << (2 * n)), np.zeros(n), np.zeros((n, 12))


def exact_counts(spot: _core.EquitySpot, parts: int = 1) -> tuple[np.ndarray, ...]:
    """(outcome, makes_low, breakdown, deals), summed over `parts` parts."""
    out, low, bd = empty_counts(spot.n)
    deals = 0
    for part in range(parts):
        d, code = spot.exact(part, parts, out, low, bd)
        assert code == _core.EQ_OK
        deals += d
    return out, low, bd, deals


def plain_counts(
    players: list[Player],
    board: list[int] = (),
    dead: list[int] = (),  # type: ignore[assignment]
    game: str = "omaha8",
) -> tuple[np.ndarray, ...]:
    """The same counts by plain enumeration (tests/oracles/plain.py)."""
    return plain.plain_counts(players, list(board), list(dead), game)


def deal_random_spot(
    rng: np.random.Generator, n: int, k: int, n_board: int, n_dead: int = 0
) -> tuple[list[list[int]], list[int], list[int]]:
    cards = rng.permutation(52).tolist()
    hands = [sorted(cards[i * k : (i + 1) * k]) for i in range(n)]
    rest = cards[n * k :]
    return hands, rest[:n_board], rest[n_board : n_board + n_dead]
