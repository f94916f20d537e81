"""Shared input checks: the few rules every entry point applies the same way.

Each module checks its own arguments beside the code that uses them; the
checks they share live here: quoting bad input in messages, arrays of card
ids, sets of cards, cards in two places, counts (whole numbers, 1e5
included) and weights.  Everything that reaches the compiled core has
passed one of these: card ids become C-contiguous uint8 arrays of ids 0..51
with no card repeated.  Errors are OmahaEvalError (or OmahaEvalTypeError)
naming the parameter and quoting the input.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval.cards import card_str, format_cards, parse_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.games import HOLE_SIZES, MAX_PLAYERS
from omaha_eval.streets import BOARD_SIZE
from omaha_eval.types import CardArray, FloatArray

__all__ = [
    "BOARD_SIZE",
    "HOLE_SIZES",
    "MAX_PLAYERS",
    "CardArray",
    "FloatArray",
    "card_mask",
    "card_set",
    "count",
    "disjoint",
    "first_repeating_row",
    "hand_rows",
    "hole_cards",
    "id_array",
    "int_array",
    "is_int",
    "ndim",
    "number_array",
    "quote",
    "row_masks",
    "sizes_text",
    "weights",
    "whole",
]


def sizes_text(sizes: Collection[int]) -> str:
    """'4, 5 or 6'."""
    ordered = sorted(sizes)
    if len(ordered) == 1:
        return str(ordered[0])
    return ", ".join(map(str, ordered[:-1])) + f" or {ordered[-1]}"


def ndim(value: Any) -> int:
    """Dimensions of an array-like, or -1 when it is not one."""
    try:
        return int(np.ndim(value))
    except (TypeError, ValueError):
        return -1


def is_int(value: Any) -> bool:
    """An integer that is not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def int_array(
    value: Any, name: str, dims: int, what: str = "card ids"
) -> npt.NDArray[np.integer[Any]]:
    """An integer array-like (of card ids, or of `what`) with `dims`
    dimensions, as given (its values not yet checked)."""
    if isinstance(value, (str, bytes)):
        raise OmahaEvalTypeError(
            f"expected an array of {what}, got text {quote(value)}", param=name, value=value
        )
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError) as exc:  # ragged lists, odd objects
        raise OmahaEvalTypeError(
            f"not an array of {what}: {quote(value)}", param=name, value=value
        ) from exc
    if arr.size == 0 and arr.dtype.kind == "f":
        arr = arr.astype(np.uint8)  # [] and np.empty(0) default to float
    if arr.dtype.kind not in "iu":
        raise OmahaEvalTypeError(
            f"expected integer {what}, got dtype {arr.dtype} in {quote(value)}",
            param=name,
            value=value,
        )
    if arr.ndim != dims:
        raise OmahaEvalError(
            f"expected a {dims}-D array of {what}, got shape {arr.shape} in {quote(value)}",
            param=name,
            value=value,
        )
    return arr


def id_array(value: Any, name: str, dims: int) -> CardArray:
    """An integer array-like of card ids as a C-contiguous uint8 array with
    `dims` dimensions; every id must be 0..51."""
    arr = int_array(value, name, dims)
    # small inputs (one hand) are checked faster in Python than by NumPy reductions
    small = arr.size <= 64
    if arr.size and (
        not all(0 <= c <= 51 for c in arr.ravel().tolist())
        if small
        else arr.min() < 0 or arr.max() > 51
    ):
        bad = arr[(arr < 0) | (arr > 51)].ravel()[0]
        raise OmahaEvalError(
            f"card id {int(bad)} is outside 0..51 in {quote(value)}", param=name, value=value
        )
    return np.ascontiguousarray(arr, dtype=np.uint8)


def card_set(value: Any, name: str, sizes: Collection[int] | None = None) -> CardArray:
    """One set of cards (text, a sequence of ids or a 1-D integer array; a
    bare card id where one card is allowed), checked for repeats and, when
    given, for its number of cards."""
    if isinstance(value, str):
        arr = parse_cards(value, name)
    else:
        one = sizes is not None and 1 in sizes and is_int(value)
        arr = id_array([value] if one else value, name, dims=1)
        ids = arr.tolist()
        if len(set(ids)) != len(ids):
            twice = card_str(next(c for i, c in enumerate(ids) if c in ids[:i]))
            raise OmahaEvalError(
                f"card {twice} appears twice in {quote(value)}", param=name, value=value
            )
    if sizes is not None and len(arr) not in sizes:
        raise OmahaEvalError(
            f"expected {sizes_text(sizes)} cards, got {len(arr)} in {quote(value)}",
            param=name,
            value=value,
        )
    return arr


def first_repeating_row(rows: CardArray) -> int:
    """Index of the first row that holds a card twice, else -1."""
    ordered = np.sort(rows, axis=1)
    repeats = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    return int(repeats[0]) if repeats.size else -1


def hand_rows(value: Any, name: str, k: int | None = None) -> CardArray:
    """An (N, k) integer array of hands, one per row, checked: ids 0..51,
    k one of HOLE_SIZES (or the given k), no card twice in a row."""
    rows = id_array(value, name, dims=2)
    if rows.shape[1] not in HOLE_SIZES:
        raise OmahaEvalError(
            f"expected {sizes_text(HOLE_SIZES)} cards per row, got shape {rows.shape}", param=name
        )
    if k is not None and rows.shape[1] != k:
        raise OmahaEvalError(f"hands of {rows.shape[1]} cards, but the spot's have {k}", param=name)
    bad = first_repeating_row(rows)
    if bad >= 0:
        raise OmahaEvalError(f"row {bad} repeats a card: {format_cards(rows[bad])}", param=name)
    return rows


def disjoint(*named: tuple[str, CardArray]) -> None:
    """No card may appear in two of the named sets (a hand and the board,
    the board and the dead cards, two players...)."""
    owner: dict[int, str] = {}
    for name, arr in named:
        for card in arr.tolist():
            if card in owner:
                raise OmahaEvalError(
                    f"card {card_str(card)} is in both {owner[card]} and {name}", param=name
                )
            owner[card] = name


def card_mask(cards: CardArray) -> int:
    """The 52-bit mask of a set of card ids."""
    mask = 0
    for c in cards.tolist():
        mask |= 1 << c
    return mask


def row_masks(rows: CardArray) -> npt.NDArray[np.uint64]:
    """The 52-bit card mask of each row (a column at a time: big ranges)."""
    masks = np.zeros(len(rows), np.uint64)
    for column in rows.T:
        masks |= np.left_shift(np.uint64(1), column.astype(np.uint64))
    return masks


def whole(value: Any, name: str, expected: str) -> int:
    """An integer, or a float that is a whole number (``1e5``, ``2.0``: what
    arithmetic and scientific notation give), as an int; bool, text, a float
    with a fraction, NaN and infinities are refused, the message saying
    `expected` and quoting the value."""
    if is_int(value):
        return int(value)
    if isinstance(value, (float, np.floating)):
        if math.isfinite(value) and float(value).is_integer():
            return int(value)
        raise OmahaEvalError(
            f"expected {expected}, got {quote(value, 40)}", param=name, value=value
        )
    raise OmahaEvalTypeError(f"expected {expected}, got {quote(value)}", param=name, value=value)


def count(value: Any, name: str, minimum: int = 1, maximum: int | None = None) -> int:
    """A whole number in minimum..maximum (`whole`: 1e5 is 100000)."""
    number = whole(value, name, f"a whole number >= {minimum}")
    if number < minimum:
        raise OmahaEvalError(
            f"expected a whole number >= {minimum}, got {quote(value, 40)}", param=name, value=value
        )
    if maximum is not None and number > maximum:
        raise OmahaEvalError(
            f"expected at most {maximum:,}, got {quote(value, 40)}", param=name, value=value
        )
    return number


def hole_cards(value: Any, name: str = "hole_cards") -> int:
    """The number of hole cards of a hand: one of HOLE_SIZES (4, 5 or 6;
    `whole`: 4.0 is 4)."""
    k = whole(value, name, f"{sizes_text(HOLE_SIZES)} hole cards")
    if k not in HOLE_SIZES:
        raise OmahaEvalError(f"expected {sizes_text(HOLE_SIZES)} hole cards, got {k}", param=name)
    return k


def number_array(value: Any, name: str) -> npt.NDArray[Any]:
    """An array of numbers (integers or floats), as given."""
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError) as exc:
        raise OmahaEvalTypeError(
            f"not an array of numbers: {quote(value)}", param=name, value=value
        ) from exc
    if arr.dtype.kind not in "iuf":
        raise OmahaEvalTypeError(
            f"expected numbers, got dtype {arr.dtype} in {quote(value)}", param=name, value=value
        )
    return arr


def weights(value: Any, name: str, n: int) -> FloatArray:
    """n finite weights >= 0 as float64 (None: all 1)."""
    if value is None:
        return np.ones(n, dtype=np.float64)
    arr = number_array(value, name)
    if arr.shape != (n,):
        raise OmahaEvalError(
            f"expected shape ({n},), got {arr.shape} in {quote(value)}", param=name, value=value
        )
    with np.errstate(over="ignore", invalid="ignore"):
        arr = np.ascontiguousarray(arr, dtype=np.float64)
    bad = ~np.isfinite(arr) | (arr < 0)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise OmahaEvalError(
            f"weight {float(arr[i])!r} at row {i} is not a finite number >= 0 in {quote(value)}",
            param=name,
            value=value,
        )
    return arr
