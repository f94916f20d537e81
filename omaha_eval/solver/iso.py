"""Suit isomorphism: an index of (hole, board) up to suit permutation, and
canonical boards, for solvers that shrink a game by its suit symmetry.

Two deals are one class when a permutation of the four suits maps one onto
the other round by round (hole | flop | turn | river); cards within a round
are unordered.  The index follows K. Waugh, "A Fast and Optimal Hand
Isomorphism Algorithm" (2013); the compiled core (src_c/oe_iso.c) does the
work, on whole arrays without the GIL.

>>> HandIndexer(4, "preflop").size
16432
>>> flops, counts = canonical_flops()
>>> len(flops), int(counts.sum())
(1755, 22100)
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import streets
from omaha_eval._blocks import ROWS, interruptible, map_rows
from omaha_eval._checks import HOLE_SIZES, CardArray
from omaha_eval.cards import format_cards
from omaha_eval.errors import OmahaEvalError, quote
from omaha_eval.types import Board, CardId, Cards

__all__ = [
    "STREETS",
    "HandIndexer",
    "canonical",
    "canonical_flops",
    "canonical_rivers",
    "canonical_turns",
]

IndexArray = npt.NDArray[np.int64]

# The board's rounds dealt by each street (omaha_eval/streets.py).
STREETS: dict[str, tuple[int, ...]] = {street: streets.rounds(street) for street in streets.STREETS}
_STREET_OF_BOARD = streets.STREET_OF_SIZE

_LOCK = threading.Lock()
_INDEXERS: dict[tuple[int, ...], _core.Isomorphism] = {}


def _indexer(rounds: tuple[int, ...]) -> _core.Isomorphism:
    """The one compiled indexer of a round structure, built on first use."""
    with _LOCK:
        if rounds not in _INDEXERS:
            _INDEXERS[rounds] = _core.Isomorphism(rounds)
        return _INDEXERS[rounds]


def _street(value: Any) -> str:
    if not isinstance(value, str) or value not in STREETS:
        raise OmahaEvalError(
            f"expected one of {', '.join(STREETS)}, got {quote(value)}", param="street", value=value
        )
    return value


class HandIndexer:
    """Index of a k-card hand and a board of one street, up to suit
    permutation (k = 4, 5 or 6; street ``"preflop"``, ``"flop"``,
    ``"turn"`` or ``"river"``).

    One indexer is one street: each street is its own index space, the rows
    of a solver's table for that street, so ``size`` is that street's number
    of classes (Waugh's indexer numbers every round of one deal at once; a
    solver asks for one street at a time).  Indices are dense in ``[0,
    size)``, equal for every suit permutation of (hole, board) and for any
    order of the cards within a round (the flop's three cards, the hole's
    k); the turn and the river are rounds of their own.  ``unindex`` gives
    the canonical member of a class: the suits ordered by how many cards
    they hold in each round, then by which (the order of src_c/oe_iso.c),
    become clubs, diamonds, hearts and spades; each round's cards ascending.

    >>> flop = HandIndexer(4, "flop")
    >>> flop.size
    204461673
    >>> i = flop.index("As Ad Kc 2h", "Qs Jd 3h")
    >>> i == flop.index("Ah Ac Kd 2s", "Jc 3s Qh")  # hearts <-> spades, clubs <-> diamonds
    True
    >>> hole, board = flop.unindex(i)
    >>> format_cards(hole), format_cards(board)
    ('2hKsAcAd', '3hJdQc')
    """

    def __init__(self, hole_cards: int = 4, street: str = "flop") -> None:
        self.hole_cards = _checks.hole_cards(hole_cards)
        self.street = _street(street)
        self.board_cards = sum(STREETS[self.street])
        self._iso = _indexer((self.hole_cards, *STREETS[self.street]))

    @property
    def size(self) -> int:
        """The number of classes: indices are 0..size - 1."""
        size: int = self._iso.size
        return size

    def __repr__(self) -> str:
        return f"HandIndexer(hole_cards={self.hole_cards}, street={self.street!r})"

    def _board(self, board: Any) -> CardArray:
        if board is None and self.board_cards == 0:
            return np.empty(0, np.uint8)
        return _checks.card_set(board, "board", (self.board_cards,))

    def index(self, hole: Cards, board: Board | None = None) -> int:
        """Index of one hand (text or ids) on a board of the street (None or
        empty preflop)."""
        h = _checks.card_set(hole, "hole", (self.hole_cards,))
        b = self._board(board)
        _checks.disjoint(("hole", h), ("board", b))
        index, _ = self._iso.index_rows(h.reshape(1, -1), b.reshape(1, -1))
        return int(index[0])

    def unindex(self, index: int | np.integer[Any]) -> tuple[CardArray, CardArray]:
        """The canonical (hole, board) of class `index`, as uint8 ids."""
        i = _checks.count(index, "index", minimum=0, maximum=self.size - 1)
        holes, boards = self._iso.unindex_rows(np.array([i], np.int64))
        return holes[0], boards[0]

    def index_many(self, holes: npt.ArrayLike, boards: npt.ArrayLike | None = None) -> IndexArray:
        """int64 indices of N hands: `holes` (N, k) and `boards` (N, b) card
        ids, b the street's board size (None preflop).  Every row is
        checked (ids 0..51, no card twice in a row and its board) before the
        compiled loop runs without the GIL.
        """
        h = _checks.id_array(holes, "holes", dims=2)
        if h.shape[1] != self.hole_cards:
            raise OmahaEvalError(
                f"expected {self.hole_cards} cards per row, got shape {h.shape}", param="holes"
            )
        if boards is None and self.board_cards == 0:
            b = np.empty((len(h), 0), np.uint8)
        else:
            b = _checks.id_array(boards, "boards", dims=2)
            if b.shape != (len(h), self.board_cards):
                raise OmahaEvalError(
                    f"expected shape ({len(h)}, {self.board_cards}) to match holes "
                    f"{h.shape} on the {self.street}, got {b.shape}",
                    param="boards",
                )
        index = np.empty(len(h), np.int64)
        bad = -1

        def step(lo: int, hi: int) -> None:  # in blocks, for Ctrl-C
            nonlocal bad
            if bad < 0:
                index[lo:hi], first = self._iso.index_rows(h[lo:hi], b[lo:hi])
                bad = lo + first if first >= 0 else -1

        interruptible(len(h), ROWS, step)
        if bad >= 0:
            raise OmahaEvalError(
                f"row {bad} repeats a card: hole {format_cards(h[bad])} "
                f"board {format_cards(b[bad])}",
                param="holes/boards",
            )
        result: IndexArray = index
        return result

    def unindex_many(self, indices: npt.ArrayLike) -> tuple[CardArray, CardArray]:
        """The canonical (holes (N, k), boards (N, b)) of N indices."""
        i = _indices(indices, "indices", self.size)
        holes: CardArray
        boards: CardArray
        holes, boards = map_rows(self._iso.unindex_rows, len(i), i)
        return holes, boards


def _indices(value: Any, name: str, size: int) -> IndexArray:
    """A 1-D integer array of indices in 0..size - 1, as C-contiguous int64."""
    arr = _checks.int_array(value, name, 1, what="indices")
    if arr.size:
        bad = (arr < 0) | (arr >= size)
        if bad.any():
            first = int(np.flatnonzero(bad)[0])
            raise OmahaEvalError(
                f"index {int(arr[first])} at row {first} is outside 0..{size - 1:,} "
                f"in {quote(value)}",
                param=name,
                value=value,
            )
    return np.ascontiguousarray(arr, dtype=np.int64)


def canonical(hole: Cards, board: Board | None = None) -> tuple[CardArray, CardArray]:
    """The canonical member of the class of (hole, board): the same for
    every suit permutation, with the street read from the board (none,
    a flop, a turn or a river); see :class:`HandIndexer`.

    >>> hole, board = canonical("Kh Qh 7s 2d", "Ah 9h 4s Tc")
    >>> format_cards(hole), format_cards(board)
    ('2s7hQdKd', '4h9dAdTc')
    >>> [format_cards(x) for x in canonical("Ks Qs 7c 2h", "9s 4c As Td")]
    ['2s7hQdKd', '4h9dAdTc']
    """
    h = _checks.card_set(hole, "hole", HOLE_SIZES)
    b = _checks.card_set("" if board is None else board, "board", tuple(_STREET_OF_BOARD))
    indexer = HandIndexer(len(h), _STREET_OF_BOARD[len(b)])
    return indexer.unindex(indexer.index(h, b))


_FLOPS: list[tuple[CardArray, IndexArray]] = []


def canonical_flops() -> tuple[CardArray, IndexArray]:
    """The 1,755 flops up to suit permutation: (flops (1755, 3) uint8, the
    canonical member of each class in index order, each flop ascending;
    counts (1755,) int64, how many of the 22,100 flops each stands for).

    Built once, kept, shared and read-only (copy to modify).

    >>> flops, counts = canonical_flops()
    >>> format_cards(flops[0]), int(counts[0])
    ('2c3c4c', 4)
    >>> sorted(set(counts.tolist()))
    [4, 12, 24]
    """
    with _LOCK:
        if not _FLOPS:
            iso = _core.Isomorphism((3,))
            every = np.array(
                [(a, b, c) for a in range(52) for b in range(a + 1, 52) for c in range(b + 1, 52)],
                np.uint8,
            )
            index, _ = iso.index_rows(every, np.empty((len(every), 0), np.uint8))
            counts = np.bincount(index, minlength=iso.size).astype(np.int64)
            flops, _ = iso.unindex_rows(np.arange(iso.size, dtype=np.int64))
            flops.setflags(write=False)
            counts.setflags(write=False)
            _FLOPS.append((flops, counts))
        return _FLOPS[0]


def _next_cards(rounds: tuple[int, ...], known: CardArray) -> tuple[CardArray, IndexArray]:
    """Classes of the next card after the `known` rounds (the flop, then the
    turn): the lowest card of each and how many cards it stands for."""
    cards = np.setdiff1d(np.arange(52, dtype=np.uint8), known)
    first = np.broadcast_to(known[: rounds[0]], (len(cards), rounds[0]))
    rest = np.column_stack(
        [np.broadcast_to(known[rounds[0] :], (len(cards), len(known) - 3)), cards]
    ).astype(np.uint8)
    index, _ = _indexer(rounds).index_rows(np.ascontiguousarray(first), rest)
    _, first_of, counts = np.unique(index, return_index=True, return_counts=True)
    order = np.argsort(first_of)
    return cards[first_of[order]], counts[order].astype(np.int64)


def canonical_turns(flop: Board) -> tuple[CardArray, IndexArray]:
    """The turn cards of `flop` up to the suit permutations that keep the
    flop: (turns, uint8, the lowest card of each class, ascending; counts,
    int64, how many of the 49 turn cards each stands for).

    >>> turns, counts = canonical_turns("Ah Kh 7c")
    >>> len(turns), int(counts.sum())
    (36, 49)
    >>> format_cards(turns[:3]), counts[:3].tolist()
    ('2c2d2h', [1, 2, 1])
    """
    f = _checks.card_set(flop, "flop", (3,))
    return _next_cards((3, 1), f)


def canonical_rivers(flop: Board, turn: Cards | CardId) -> tuple[CardArray, IndexArray]:
    """The river cards after `flop` and `turn` up to the suit permutations
    that keep both: (rivers, uint8, the lowest card of each class,
    ascending; counts, int64, how many of the 48 river cards each stands
    for).

    >>> rivers, counts = canonical_rivers("Ah Kh 7c", "2h")  # diamonds <-> spades
    >>> len(rivers), int(counts.sum())
    (35, 48)
    >>> len(canonical_rivers("Ah Kh 7c", "2d")[0])  # nothing left to swap
    48
    """
    f = _checks.card_set(flop, "flop", (3,))
    t = _checks.card_set(turn, "turn", (1,))
    _checks.disjoint(("flop", f), ("turn", t))
    return _next_cards((3, 1, 1), np.concatenate([f, t]))
