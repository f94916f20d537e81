"""The rows of a board report: the next street's boards up to the suit
permutations that keep everything known.

A permutation of the suits that maps the board onto itself (as a set), the
dead cards onto themselves, every fixed hand onto itself and every range
onto itself, weights included, maps every deal onto a deal of the same
weight and the same outcome: the boards it maps onto each other have the
same figures and the same probability, so the report computes one of them
(the class's representative) and counts the others (`sizes`).  Random
hands are kept by every permutation.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from omaha_eval._checks import CardArray
from omaha_eval.engine.spot import Spot
from omaha_eval.hands import row_finder
from omaha_eval.solver.classes import CARD_MAP
from omaha_eval.streets import FLOP

__all__ = ["BoardClasses", "board_classes", "new_cards", "symmetries"]

IntArray = npt.NDArray[np.int64]


def new_cards(n_board: int) -> int:
    """Cards the next street adds to a board of n_board cards: the rest of
    the flop, else one (the turn, the river)."""
    return FLOP - n_board if n_board < FLOP else 1


def _keeps_set(card_map: npt.NDArray[np.uint8], cards: CardArray) -> bool:
    return set(card_map[cards].tolist()) == set(cards.tolist())


def _keeps_range(
    card_map: npt.NDArray[np.uint8], combos: CardArray, weights: npt.NDArray[np.float64]
) -> bool:
    find = row_finder(combos)
    at, found = find(card_map[combos])
    return bool(found.all() and (weights[at] == weights).all())


def symmetries(spot: Spot) -> npt.NDArray[np.uint8]:
    """(G, 52) card maps of the suit permutations that keep the spot's board,
    dead cards, hands and ranges (the identity first)."""
    keep = []
    for card_map in CARD_MAP:
        if not (_keeps_set(card_map, spot.board) and _keeps_set(card_map, spot.dead)):
            continue
        ok = True
        for s in spot.seats:
            if s.kind == "hand":
                ok = _keeps_set(card_map, s.combos[0])
            elif s.kind == "range":
                ok = _keeps_range(card_map, s.combos, s.weights)
            if not ok:
                break
        if ok:
            keep.append(card_map)
    return np.array(keep, dtype=np.uint8)


@dataclass(frozen=True)
class BoardClasses:
    """The live boards of the next street and their classes: ``boards``
    (N, d) every live set of new cards (ascending rows, in order),
    ``class_of`` (N,) the class of each, ``representatives`` (C, d) each
    class's lowest member, ``sizes`` (C,) how many boards each holds."""

    boards: CardArray
    class_of: IntArray
    representatives: CardArray
    sizes: IntArray


def _codes(rows: CardArray) -> IntArray:
    code = np.zeros(len(rows), dtype=np.int64)
    for j in range(rows.shape[1]):
        code = code * 52 + rows[:, j].astype(np.int64)
    return code


def _combinations(deck: list[int], d: int) -> CardArray:
    """Every set of d cards of `deck` (increasing), as rows in the order of
    itertools.combinations (lexicographic by position): the positions come
    from a boolean grid of increasing tuples (d <= 3, a deck of 52 at most)."""
    m = len(deck)
    if d == 1:
        at = np.arange(m).reshape(-1, 1)
    else:
        grid = np.ones((m,) * d, dtype=bool)
        pos = np.arange(m)
        for j in range(d - 1):  # position j before position j + 1
            shape_j, shape_k = [1] * d, [1] * d
            shape_j[j], shape_k[j + 1] = m, m
            grid &= pos.reshape(shape_j) < pos.reshape(shape_k)
        at = np.argwhere(grid)
    return np.asarray(deck, dtype=np.uint8)[at].reshape(-1, d)


def board_classes(spot: Spot, maps: npt.NDArray[np.uint8]) -> BoardClasses:
    """The classes of the next street's live boards under `maps`: the new
    cards come from the cards no one knows (not the board, the dead cards
    or a fixed hand; range hands that hold them are dropped per row)."""
    d = new_cards(len(spot.board))
    deck = [c for c in range(52) if not spot.known >> c & 1]
    boards = _combinations(deck, d)
    if len(maps) == 1:  # the identity alone: each board its own class, in order
        return BoardClasses(
            boards,
            np.arange(len(boards), dtype=np.int64),
            boards,
            np.ones(len(boards), dtype=np.int64),
        )
    keys = np.stack([_codes(np.sort(m[boards], axis=1)) for m in maps]).min(axis=0)
    class_keys, class_of, sizes = np.unique(keys, return_inverse=True, return_counts=True)
    reps = np.zeros((len(class_keys), d), dtype=np.uint8)
    rest = class_keys.copy()
    for j in range(d - 1, -1, -1):
        reps[:, j] = rest % 52
        rest //= 52
    return BoardClasses(boards, class_of.reshape(-1).astype(np.int64), reps, sizes.astype(np.int64))
