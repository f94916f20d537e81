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


# ---------------------------------------------------------------- equity

MAX_PLAYERS = 10
GAMES = ("omaha8", "omaha")


def weighted_hands(value: Any, name: str) -> tuple[CardArray, npt.NDArray[np.float64]]:
    """A weighted set of hands: an object with attributes ``combos`` (K x k
    card ids) and ``weights`` (K), or a ``(combos, weights)`` pair.  Returns
    them as uint8 (K, k) and float64 (K,) arrays; weights finite and >= 0."""
    if isinstance(value, tuple):
        combos, weights = value
    else:
        combos, weights = value.combos, value.weights
    arr = id_array(combos, f"{name} combos", ndim=2)
    if arr.shape[1] not in HOLE_SIZES or arr.shape[0] == 0:
        raise OmahaEvalError(
            f"{name}: expected combos of shape (K, {_sizes_text(HOLE_SIZES)}) with K >= 1, "
            f"got shape {arr.shape}"
        )
    ordered = np.sort(arr, axis=1)
    repeats = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    if repeats.size:
        row = int(repeats[0])
        raise OmahaEvalError(f"{name}: combo {row} repeats a card: {format_cards(arr[row])}")
    try:
        w = np.asarray(weights, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise OmahaEvalTypeError(f"{name}: weights are not numbers: {_quote(weights)}") from exc
    if w.shape != (arr.shape[0],):
        raise OmahaEvalError(
            f"{name}: expected {arr.shape[0]} weights (one per combo), got shape {w.shape}"
        )
    bad = np.flatnonzero(~np.isfinite(w) | (w < 0))
    if bad.size:
        raise OmahaEvalError(
            f"{name}: weight {float(w[bad[0]])!r} of combo {int(bad[0])} "
            "is not a finite number >= 0"
        )
    return arr, np.ascontiguousarray(w)


def positive_int(value: Any, name: str) -> int:
    """An int >= 1 (bool refused)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OmahaEvalTypeError(f"{name}: expected a whole number >= 1, got {_quote(value)}")
    if value < 1:
        raise OmahaEvalError(f"{name}: expected a whole number >= 1, got {value!r}")
    return int(value)


def equity_options(
    trials: Any, exact: Any, threads: Any, target_stderr: Any, game: Any
) -> tuple[int | None, bool | None, int | None, float | None, str]:
    """The keyword options of omaha_eval.equity, checked."""
    if trials is not None:
        trials = positive_int(trials, "trials")
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise OmahaEvalTypeError(f"exact: expected True, False or None, got {_quote(exact)}")
    if threads is not None:
        threads = positive_int(threads, "threads")
    if target_stderr is not None:
        if isinstance(target_stderr, bool) or not isinstance(
            target_stderr, (int, float, np.integer, np.floating)
        ):
            raise OmahaEvalTypeError(
                f"target_stderr: expected a number > 0, got {_quote(target_stderr)}"
            )
        if not (np.isfinite(target_stderr) and target_stderr > 0):
            raise OmahaEvalError(f"target_stderr: expected a number > 0, got {target_stderr!r}")
        target_stderr = float(target_stderr)
    if game not in GAMES:
        names = ", ".join(map(repr, GAMES))
        raise OmahaEvalError(f"game: expected one of {names}, got {_quote(game)}")
    return trials, None if exact is None else bool(exact), threads, target_stderr, str(game)
# ---------------------------------------------------------------- ranges
def range_text(value: Any, name: str = "range") -> str:
    """Range text must be a str (bytes and other types are refused)."""
    if not isinstance(value, str):
        got = f"{type(value).__name__} {_quote(value)}"
        raise OmahaEvalTypeError(f"{name}: expected range text such as 'AA:$ds', got {got}")
    return value


def hole_cards(value: Any) -> int:
    """The number of hole cards of a hand: 4, 5 or 6."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OmahaEvalTypeError(f"hole_cards: expected an int 4, 5 or 6, got {_quote(value)}")
    if int(value) not in HOLE_SIZES:
        raise OmahaEvalError(f"hole_cards: expected {_sizes_text(HOLE_SIZES)}, got {int(value)}")
    return int(value)


def range_syntax_error(text: str, pos: int, message: str, name: str = "range") -> OmahaEvalError:
    """The error for bad range text: the message, the column (1-based) and
    the text with a caret under the bad spot."""
    shown = "".join(" " if ch.isspace() else ch for ch in text)
    return OmahaEvalError(f"{name}: column {pos + 1}: {message}\n    {shown}\n    {' ' * pos}^")
