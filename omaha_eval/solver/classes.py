"""Isomorphism classes of hands on one board: class vectors for solvers.

Two hands are in the same class on a board when a permutation of the four
suits maps one onto the other and maps the board onto itself, round by
round: the flop (the first three cards) onto itself as a set, the turn (the
fourth) and the river (the fifth) each onto itself.  This is the
equivalence of a suit-isomorphism index of (hole, board) (Waugh's indexer)
restricted to that one board: ``(h, b)`` and ``(h', b)`` share an index
exactly when some suit permutation maps h to h' and each round of b onto
itself.  Such a permutation leaves every figure of the board unchanged
(values, equities against a suit-symmetric range, features), so a solver
computes one value per class and shares it between the members.

A class's id is the smallest :func:`~omaha_eval.hand_index` over its
members' images (the board's permutations are a group, so every member
gets the same id); its representative is the hand with that index, cards
ascending.

>>> c = hand_classes("Ks 7s 2s", "AA")   # the range's hands, then its classes
>>> len(c.hands), len(c), int(c.sizes.sum())
(6121, 1267, 6121)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval import _display
from omaha_eval._checks import CardArray
from omaha_eval.cards import card_id, format_cards, format_hands, rank_of, suit_of
from omaha_eval.engine.boards import known_cards
from omaha_eval.engine.players import hole_size
from omaha_eval.errors import OmahaEvalError, quote
from omaha_eval.games import game as read_game
from omaha_eval.hands import row_finder, row_index
from omaha_eval.solver.iso import HandIndexer
from omaha_eval.solver.sides import read_side
from omaha_eval.streets import DEALT_BOARDS, STREET_OF_SIZE
from omaha_eval.types import Board, GameName, Player

__all__ = ["CARD_MAP", "HandClasses", "check_symmetric", "hand_classes", "same_board", "suit_maps"]

IntArray = npt.NDArray[np.int64]

# CARD_MAP[g, c]: card c under suit permutation g (rank kept, suit s -> perm[s]).
_PERMS = np.array(list(permutations(range(4))), dtype=np.int64)
_DECK = np.arange(52)
CARD_MAP = card_id(rank_of(_DECK)[None, :], _PERMS[:, suit_of(_DECK)]).astype(np.uint8)


def _rounds(board: CardArray) -> list[CardArray]:
    """The rounds of a board: the flop, then the turn and the river if dealt."""
    return [board[:3], *(board[i : i + 1] for i in range(3, len(board)))]


def suit_maps(board: CardArray) -> npt.NDArray[np.uint8]:
    """(G, 52) card maps of the suit permutations that map each round of
    the board onto itself (the identity first; G divides 24)."""
    rounds = [set(r.tolist()) for r in _rounds(board)]
    keep = [g for g in range(24) if all({int(CARD_MAP[g, c]) for c in r} == r for r in rounds)]
    return CARD_MAP[keep]


def same_board(a: CardArray, b: CardArray) -> bool:
    """The same cards in each round (the flop's in any order)."""
    return len(a) == len(b) and all(
        set(x.tolist()) == set(y.tolist()) for x, y in zip(_rounds(a), _rounds(b), strict=True)
    )


def _images(board: CardArray, rows: CardArray) -> IntArray:
    """(N, G) hand_index of every row under every permutation of the board."""
    maps = suit_maps(board)
    out = np.empty((len(rows), len(maps)), dtype=np.int64)
    for g, card_map in enumerate(maps):
        out[:, g] = row_index(card_map[rows])
    return out


@dataclass(frozen=True, eq=False, repr=False)
class HandClasses(_display.RowsShown):
    """The classes of a set of hands on one board (module docstring).

    - ``board``: the board, as given;
    - ``hands`` (N, k) uint8: the hands, rows in the given order (a
      range's hands that hold a board card dropped);
    - ``class_of`` (N,) int64: each hand's class, 0..C-1;
    - ``representatives`` (C, k) uint8: each class's canonical member
      (cards ascending), which need not be among ``hands``;
    - ``class_ids`` (C,) int64: the representatives' hand_index, ascending
      (the class ids of every set of hands on this board);
    - ``sizes`` (C,) int64: how many of ``hands`` are in each class (they
      sum to N);
    - ``orbit_sizes`` (C,) int64: how many hands the whole class holds;
    - ``len(classes)`` is C.

    Passed as the hero of :func:`~omaha_eval.street_equity`,
    :func:`~omaha_eval.river_shares`, :func:`~omaha_eval.equity_features`
    or as ``hands`` of :func:`~omaha_eval.rank_board` (with the same
    board), it makes them compute the representatives only: one row per
    class.  As the villain it is the range of its ``hands``, each with
    its class's weight (``villain_weights`` has one weight per class).
    :meth:`expand` maps a class vector back onto ``hands``;
    :meth:`to_classes` maps a per-hand vector onto the classes.
    """

    board: CardArray
    hands: CardArray
    class_of: IntArray
    representatives: CardArray
    class_ids: IntArray
    sizes: IntArray
    orbit_sizes: IntArray

    def __len__(self) -> int:
        return len(self.class_ids)

    _rows_word = "classes"  # str() and _repr_html_: _display.RowsShown
    _html_kind = "omaha-eval-classes"

    def _table_parts(self) -> tuple[list[str], list[str], _display.Row, int]:
        n, c = len(self.hands), len(self)
        summary = [
            f"HandClasses on {format_cards(self.board)}: {n:,} hand{'' if n == 1 else 's'} "
            f"in {c:,} class{'' if c == 1 else 'es'}"
        ]
        header = ["class id", "representative", "hands", "whole class"]

        def row(i: int) -> list[str]:
            return [
                f"{int(self.class_ids[i])}",
                format_hands(self.representatives[i : i + 1])[0],
                f"{int(self.sizes[i]):,}",
                f"{int(self.orbit_sizes[i]):,}",
            ]

        return summary, header, row, c

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per class: ``class_id``,
        ``representative`` (its text, best card first), ``size`` (hands of
        ``hands`` in it) and ``orbit_size``; ``attrs["board"]`` the board's
        text.  Needs pandas."""
        columns = {
            "class_id": self.class_ids,
            "representative": format_hands(self.representatives),
            "size": self.sizes,
            "orbit_size": self.orbit_sizes,
        }
        return _display.frame("HandClasses", columns, {"board": format_cards(self.board)})

    def expand(self, class_values: npt.ArrayLike) -> npt.NDArray[Any]:
        """Per hand (N, ...) from per class (C, ...): each hand gets its
        class's row, ``class_values[class_of]``."""
        values = np.asarray(class_values)
        if values.ndim == 0 or values.shape[0] != len(self):
            raise OmahaEvalError(
                f"expected {len(self)} rows (one per class), got shape "
                f"{values.shape} in {quote(class_values)}",
                param="class_values",
                value=class_values,
            )
        return values[self.class_of]

    def to_classes(self, values: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """Per class (C, ...) from per hand (N, ...): the mean over each
        class's members among ``hands``.  A vector that is the same on
        every member (any figure of the board against a symmetric range)
        comes back as that value, to float rounding, and ``expand`` of it
        gives the vector back."""
        arr = np.asarray(values)
        if arr.ndim == 0 or arr.shape[0] != len(self.hands) or arr.dtype.kind not in "iufb":
            raise OmahaEvalError(
                f"expected {len(self.hands)} numbers or rows (one per hand), got "
                f"shape {arr.shape} in {quote(values)}",
                param="values",
                value=values,
            )
        total = np.zeros((len(self), *arr.shape[1:]))
        np.add.at(total, self.class_of, arr.astype(np.float64))
        sizes = self.sizes.reshape(-1, *([1] * (arr.ndim - 1)))
        with np.errstate(invalid="ignore", divide="ignore"):
            mean: npt.NDArray[np.float64] = total / sizes
        return mean


def classes_of_rows(board: CardArray, rows: CardArray) -> HandClasses:
    """The classes of rows already read (no board card in any).  Which rows
    share a class is the suit-isomorphism index of (hole, board), the
    compiled indexer's (src_c/oe_iso.c, which owns the classes under suit
    permutations); the images of one member of each class give its id, its
    orbit and its representative."""
    if len(suit_maps(board)) == 1:  # no permutation but the identity: each hand is its class
        return _classes_alone(board, rows)
    indexer = HandIndexer(rows.shape[1], STREET_OF_SIZE[len(board)])
    iso = indexer.index_many(rows, np.broadcast_to(board, (len(rows), len(board))))
    _, first, member_class = np.unique(iso, return_index=True, return_inverse=True)
    images = _images(board, rows[first])  # (C, G): each class's first member
    ids = images.min(axis=1) if len(first) else np.zeros(0, dtype=np.int64)
    by_id = np.argsort(ids, kind="stable")  # classes in id order
    rank = np.empty(len(by_id), dtype=np.int64)
    rank[by_id] = np.arange(len(by_id))
    class_of = rank[member_class.reshape(-1)]
    ordered = np.sort(images[by_id], axis=1)
    orbit = 1 + (ordered[:, 1:] != ordered[:, :-1]).sum(axis=1)
    # the representative: the first member's image that has the class id
    best = np.argmin(images[by_id], axis=1) if len(first) else np.zeros(0, dtype=np.int64)
    representatives = np.sort(suit_maps(board)[best[:, None], rows[first[by_id]]], axis=1)
    return HandClasses(
        board=board,
        hands=rows,
        class_of=class_of,
        representatives=np.ascontiguousarray(representatives),
        class_ids=ids[by_id].astype(np.int64),
        sizes=np.bincount(class_of, minlength=len(by_id)).astype(np.int64),
        orbit_sizes=orbit.astype(np.int64),
    )


def _classes_alone(board: CardArray, rows: CardArray) -> HandClasses:
    """The classes of rows on a board that only the identity keeps: one
    hand each (a hand listed twice is one class)."""
    ids = row_index(rows) if len(rows) else np.zeros(0, dtype=np.int64)
    class_ids, first, class_of = np.unique(ids, return_index=True, return_inverse=True)
    class_of = class_of.reshape(-1).astype(np.int64)
    return HandClasses(
        board=board,
        hands=rows,
        class_of=class_of,
        representatives=np.ascontiguousarray(np.sort(rows[first], axis=1)),
        class_ids=class_ids.astype(np.int64),
        sizes=np.bincount(class_of, minlength=len(class_ids)).astype(np.int64),
        orbit_sizes=np.ones(len(class_ids), dtype=np.int64),
    )


def hand_classes(board: Board, hands: Player, game: GameName = "omaha8") -> HandClasses:
    """The isomorphism classes of ``hands`` on ``board`` (3, 4 or 5 cards):
    hands as every solver function reads a side (an (N, k) array, whose
    rows may not hold a board card; a Range or range text, whose hands that
    do are dropped; ``"*"``: every hand).  ``game`` reads percent terms of
    range text.

    >>> hands = [[48, 40, 0, 4], [49, 41, 1, 5], [50, 42, 2, 5]]  # AcQc2c3c AdQd2d3d AhQh2h3d
    >>> c = hand_classes("Ks 7s 2s", hands)
    >>> c.class_of.tolist(), c.sizes.tolist(), c.orbit_sizes.tolist()
    ([0, 0, 1], [2, 1], [3, 6])
    >>> hand_classes("Ah Kd 7c", hands[:2]).sizes.tolist()  # a rainbow flop: no symmetry
    [1, 1]
    """
    b = known_cards(board, "board", DEALT_BOARDS)
    p = read_side(hands, "hands", hole_size(hands) or 4, b, read_game(game))
    return classes_of_rows(b, p.combos)


def check_symmetric(
    board: CardArray, rows: CardArray, weights: npt.NDArray[np.float64], name: str
) -> None:
    """Class values need a range that every permutation of the board maps
    onto itself, weights included (else members of a class differ): an
    error naming `name` and a hand whose image is missing otherwise.  A
    hand listed twice is compared by its first row's weight."""
    held = weights > 0
    rows, w = rows[held], weights[held]
    if not len(rows):
        return
    find = row_finder(rows)
    for card_map in suit_maps(board)[1:]:
        at, found = find(card_map[rows])
        bad = np.flatnonzero(~found | (w[at] != w))
        if len(bad):
            i = int(bad[0])
            raise OmahaEvalError(
                f"class values need a range the board's suit permutations map onto "
                f"itself, but {format_cards(rows[i])} (weight {float(w[i]):g}) maps to "
                f"{format_cards(np.sort(card_map[rows[i]]))}, which has another weight or "
                f"none on board {format_cards(board)}",
                param=name,
            )
