"""Input validation: the one place where user input is checked.

Everything that reaches the compiled core passes through here first: card
text or ids become C-contiguous uint8 arrays of ids 0..51 with no card
repeated.  Errors name the parameter and quote the input.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval import _core
from omaha_eval.cards import card_str, format_cards, parse_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError

CardArray = npt.NDArray[np.uint8]

HOLE_SIZES = (4, 5, 6)
BOARD_SIZE = 5


def _quote(value: Any, limit: int = 80) -> str:
    try:
        text = repr(value)
    except Exception:  # e.g. SystemError from a NumPy 'U' array holding an invalid
        # code point: the error being reported must still be ours
        text = f"<{type(value).__name__} whose repr() fails>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _sizes_text(sizes: Collection[int]) -> str:
    sizes = sorted(sizes)
    if len(sizes) == 1:
        return str(sizes[0])
    return ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"


def _ndim(value: Any) -> int:
    try:
        return int(np.ndim(value))
    except (TypeError, ValueError):
        return -1


def id_array(value: Any, name: str, ndim: int) -> CardArray:
    """An integer array-like of card ids as a C-contiguous uint8 array with
    `ndim` dimensions; every id must be 0..51."""
    if isinstance(value, (str, bytes)):
        raise OmahaEvalTypeError(f"{name}: expected an array of card ids, got text {_quote(value)}")
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError) as exc:  # ragged lists, odd objects
        raise OmahaEvalTypeError(f"{name}: not an array of card ids: {_quote(value)}") from exc
    if arr.size == 0 and arr.dtype.kind == "f":
        arr = arr.astype(np.uint8)  # [] and np.empty(0) default to float
    if arr.dtype.kind not in "iu":
        raise OmahaEvalTypeError(
            f"{name}: expected integer card ids, got dtype {arr.dtype} in {_quote(value)}"
        )
    if arr.ndim != ndim:
        raise OmahaEvalError(
            f"{name}: expected a {ndim}-D array of card ids, "
            f"got shape {arr.shape} in {_quote(value)}"
        )
    # small inputs (one hand) are checked faster in Python than by NumPy reductions
    small = arr.size <= 64
    if arr.size and (
        not all(0 <= c <= 51 for c in arr.ravel().tolist())
        if small
        else arr.min() < 0 or arr.max() > 51
    ):
        bad = arr[(arr < 0) | (arr > 51)].ravel()[0]
        raise OmahaEvalError(f"{name}: card id {int(bad)} is outside 0..51 in {_quote(value)}")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def cards(value: Any, name: str, sizes: Collection[int] | None = None) -> CardArray:
    """One set of cards (text, a sequence of ids or a 1-D integer array),
    checked for repeats and, when given, for its number of cards."""
    if isinstance(value, str):
        arr = parse_cards(value, name)
    else:
        arr = id_array(value, name, ndim=1)
        ids = arr.tolist()
        if len(set(ids)) != len(ids):
            twice = card_str(next(c for i, c in enumerate(ids) if c in ids[:i]))
            raise OmahaEvalError(f"{name}: card {twice} appears twice in {_quote(value)}")
    if sizes is not None and len(arr) not in sizes:
        raise OmahaEvalError(
            f"{name}: expected {_sizes_text(sizes)} cards, got {len(arr)} in {_quote(value)}"
        )
    return arr


def disjoint(*named: tuple[str, CardArray]) -> None:
    """No card may appear in two of the named sets (a hand and the board,
    the board and the dead cards, two players...)."""
    owner: dict[int, str] = {}
    for name, arr in named:
        for card in arr.tolist():
            if card in owner:
                raise OmahaEvalError(f"card {card_str(card)} is in both {owner[card]} and {name}")
            owner[card] = name


def hand_and_board(hole: Any, board: Any) -> tuple[CardArray, CardArray]:
    """One hand of 4, 5 or 6 cards and a complete board."""
    h = cards(hole, "hole", HOLE_SIZES)
    b = cards(board, "board", (BOARD_SIZE,))
    disjoint(("hole", h), ("board", b))
    return h, b


def batch(holes: Any, boards: Any) -> tuple[CardArray, CardArray]:
    """holes (N, k) with k in 4..6 and boards (N, 5) or (5,), as uint8
    C-contiguous arrays; boards comes back 2-D (1 row when shared)."""
    h = id_array(holes, "holes", ndim=2)
    if h.shape[1] not in HOLE_SIZES:
        raise OmahaEvalError(
            f"holes: expected {_sizes_text(HOLE_SIZES)} cards per row, got shape {h.shape}"
        )
    b = id_array(boards, "boards", ndim=1 if _ndim(boards) == 1 else 2)
    if b.ndim == 1:
        if b.shape[0] != BOARD_SIZE:
            raise OmahaEvalError(f"boards: a shared board needs 5 cards, got shape {b.shape}")
        b = b.reshape(1, BOARD_SIZE)
    elif b.shape[1] != BOARD_SIZE or b.shape[0] != h.shape[0]:
        raise OmahaEvalError(
            f"boards: expected shape ({h.shape[0]}, 5) or (5,) to match holes {h.shape}, "
            f"got {b.shape}"
        )
    bad = _core.first_invalid_row(h, b)
    if bad >= 0:
        board_row = b[0] if b.shape[0] == 1 else b[bad]
        raise OmahaEvalError(
            f"holes/boards: row {bad} repeats a card: hole {format_cards(h[bad])} "
            f"board {format_cards(board_row)}"
        )
    return h, b
