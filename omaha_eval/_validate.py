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


GAMES = ("omaha8", "omaha")  # hi/lo, and high only (the whole pot to the high)


def game(value: Any) -> str:
    """One of GAMES."""
    if not isinstance(value, str) or value not in GAMES:
        choices = ", ".join(map(repr, GAMES))
        raise OmahaEvalError(f"game: expected one of {choices}, got {_quote(value)}")
    return value


def _first_repeating_row(rows: CardArray) -> int:
    """Index of the first row that holds a card twice, else -1."""
    ordered = np.sort(rows, axis=1)
    repeats = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    return int(repeats[0]) if repeats.size else -1


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


# ---------------------------------------------------------------- solver (issue 6)
MAX_SEATS = 10  # RULES.md: 2 to 10 players
MAX_CHIPS = 2**62  # total chips of a showdown, so that int64 sums cannot overflow


def hand_rows(value: Any, name: str, board: CardArray) -> CardArray:
    """Hands (N, k) of ids, k in 4..6, none repeating a card or holding a
    card of `board`."""
    h = id_array(value, name, ndim=2)
    if h.shape[1] not in HOLE_SIZES:
        raise OmahaEvalError(
            f"{name}: expected {_sizes_text(HOLE_SIZES)} cards per row, got shape {h.shape}"
        )
    bad = _core.first_invalid_row(h, board.reshape(1, BOARD_SIZE))
    if bad >= 0:
        row = h[bad]
        if len(np.unique(row)) != len(row):
            raise OmahaEvalError(f"{name}: row {bad} repeats a card: {format_cards(row)}")
        shared = format_cards(np.intersect1d(row, board))
        raise OmahaEvalError(
            f"{name}: row {bad} ({format_cards(row)}) holds board card(s) {shared} "
            f"of board {format_cards(board)}"
        )
    return h


def weights(value: Any, name: str, n: int) -> npt.NDArray[np.float64]:
    """n finite weights >= 0 as float64 (None: all 1)."""
    if value is None:
        return np.ones(n, dtype=np.float64)
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError) as exc:
        raise OmahaEvalTypeError(f"{name}: not an array of numbers: {_quote(value)}") from exc
    if arr.dtype.kind not in "iuf":
        raise OmahaEvalTypeError(
            f"{name}: expected numbers, got dtype {arr.dtype} in {_quote(value)}"
        )
    if arr.shape != (n,):
        raise OmahaEvalError(f"{name}: expected shape ({n},), got {arr.shape} in {_quote(value)}")
    arr = np.ascontiguousarray(arr, dtype=np.float64)
    bad = ~np.isfinite(arr) | (arr < 0)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise OmahaEvalError(
            f"{name}: weight {float(arr[i])!r} at row {i} is not a finite number >= 0 "
            f"in {_quote(value)}"
        )
    return arr


def hand_for_index(value: Any) -> tuple[npt.NDArray[np.uint8], bool]:
    """One four-card hand (text or ids) or an (N, 4) array of them, as sorted
    rows (N, 4); the flag says whether a single hand was given."""
    if isinstance(value, str) or _ndim(value) == 1:
        return np.sort(cards(value, "hand", (4,))).reshape(1, 4), True
    h = id_array(value, "hand", ndim=2)
    if h.shape[1] != 4:
        raise OmahaEvalError(f"hand: expected rows of 4 cards, got shape {h.shape}")
    h = np.sort(h, axis=1)
    bad = _first_repeating_row(h)
    if bad >= 0:
        raise OmahaEvalError(f"hand: row {bad} repeats a card: {format_cards(h[bad])}")
    return h, False


def _chip_count(value: Any, name: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise OmahaEvalTypeError(
            f"{name}: expected an integer number of chips, got {_quote(value)}"
        )
    if value < 0:
        raise OmahaEvalError(f"{name}: chips cannot be negative, got {int(value)}")
    return int(value)


def showdown(
    hands: Any, board: Any, contributions: Any, button: Any, game_value: Any
) -> tuple[list[CardArray | None], CardArray, npt.NDArray[np.int64], int, str]:
    """The arguments of solver.showdown, checked: hands (None = folded), the
    board, contributions as int64, the button seat and the game."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
        raise OmahaEvalTypeError(
            "hands: expected a list with one hand (or None if folded) per seat, "
            f"got {_quote(hands)}"
        )
    n = len(hands)
    if not 2 <= n <= MAX_SEATS:
        raise OmahaEvalError(f"hands: expected 2 to {MAX_SEATS} seats, got {n}")
    held = [None if h is None else cards(h, f"hands[{i}]", HOLE_SIZES) for i, h in enumerate(hands)]
    b = cards(board, "board", (BOARD_SIZE,))
    disjoint(("board", b), *((f"hands[{i}]", h) for i, h in enumerate(held) if h is not None))
    if isinstance(contributions, (str, bytes)) or _ndim(contributions) != 1:
        raise OmahaEvalTypeError(
            f"contributions: expected one integer per seat, got {_quote(contributions)}"
        )
    chips = [_chip_count(c, f"contributions[{i}]") for i, c in enumerate(contributions)]
    if len(chips) != n:
        raise OmahaEvalError(f"contributions: expected {n} values (one per seat), got {len(chips)}")
    if sum(chips) > MAX_CHIPS:
        raise OmahaEvalError(f"contributions: total {sum(chips)} exceeds {MAX_CHIPS}")
    if isinstance(button, (bool, np.bool_)) or not isinstance(button, (int, np.integer)):
        raise OmahaEvalTypeError(f"button: expected a seat number, got {_quote(button)}")
    if not 0 <= button < n:
        raise OmahaEvalError(f"button: expected a seat 0..{n - 1}, got {int(button)}")
    return held, b, np.array(chips, dtype=np.int64), int(button), game(game_value)

# ---------------------------------------------------------------- equity

MAX_PLAYERS = 10


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
    row = _first_repeating_row(arr)
    if row >= 0:
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


MAX_THREADS = 256


def equity_options(
    trials: Any, exact: Any, threads: Any, target_stderr: Any, game_value: Any
) -> tuple[int | None, bool | None, int | None, float | None, str]:
    """The keyword options of omaha_eval.equity, checked."""
    if trials is not None:
        trials = positive_int(trials, "trials")
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise OmahaEvalTypeError(f"exact: expected True, False or None, got {_quote(exact)}")
    if threads is not None:
        threads = positive_int(threads, "threads")
        if threads > MAX_THREADS:  # each worker keeps its own histogram (up to 8 MB)
            raise OmahaEvalError(f"threads: expected at most {MAX_THREADS}, got {threads}")
    if target_stderr is not None:
        if isinstance(target_stderr, bool) or not isinstance(
            target_stderr, (int, float, np.integer, np.floating)
        ):
            raise OmahaEvalTypeError(
                f"target_stderr: expected a number > 0, got {_quote(target_stderr)}"
            )
        try:
            as_float = float(target_stderr)
        except OverflowError:  # an int beyond float range
            as_float = float("nan")
        if not (np.isfinite(as_float) and as_float > 0):
            raise OmahaEvalError(f"target_stderr: expected a number > 0, got {target_stderr!r}")
        target_stderr = as_float
    return trials, None if exact is None else bool(exact), threads, target_stderr, game(game_value)


# ---------------------------------------------------------------- batch spots
# One spot of a batch file or of omaha_eval.batch.run(): the fields a row may
# carry, checked here; the cards themselves are checked by equity().

SPOT_FIELDS = ("id", "players", "board", "dead", "trials", "exact", "seed", "target_stderr", "game")
PLAYER_SEPARATOR = "|"  # between players in one text field (ranges use commas)


def is_missing(value: Any) -> bool:
    """Empty CSV cells, JSON nulls and pandas NaN all mean 'not given'."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    if type(value).__name__ == "NAType":  # pandas.NA, without importing pandas
        return True
    return isinstance(value, (float, np.floating)) and value != value


def spot_int(value: Any, name: str, minimum: int) -> int:
    if isinstance(value, bool):
        raise OmahaEvalTypeError(f"{name}: expected an integer, got {_quote(value)}")
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # pandas turns integer columns with blanks into floats
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise OmahaEvalError(f"{name}: expected an integer, got {_quote(value)}") from None
    if not isinstance(value, (int, np.integer)):
        raise OmahaEvalTypeError(f"{name}: expected an integer, got {_quote(value)}")
    if int(value) < minimum:
        raise OmahaEvalError(f"{name}: expected an integer >= {minimum}, got {_quote(value)}")
    return int(value)


def _spot_bool(value: Any, name: str) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "y"):
        return True
    if text in ("0", "false", "no", "n"):
        return False
    raise OmahaEvalError(f"{name}: expected true or false, got {_quote(value)}")


def _spot_float(value: Any, name: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise OmahaEvalError(f"{name}: expected a number, got {_quote(value)}") from None
    if not number > 0 or number == float("inf"):
        raise OmahaEvalError(f"{name}: expected a positive number, got {_quote(value)}")
    return number


def _spot_cards_text(value: Any, name: str) -> str:
    if is_missing(value):
        return ""
    if not isinstance(value, str):
        raise OmahaEvalTypeError(f"{name}: expected card text, got {_quote(value)}")
    return value.strip()


def spot_players(value: Any, name: str = "players") -> tuple[str, ...]:
    """Players of a spot: a list of hand or range texts, or one text with the
    players separated by '|'."""
    if is_missing(value):
        raise OmahaEvalError(f"{name}: missing (give 2 to {MAX_PLAYERS} hands or ranges)")
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(PLAYER_SEPARATOR)]
    elif isinstance(value, (list, tuple)):
        if not all(isinstance(p, str) for p in value):
            raise OmahaEvalTypeError(f"{name}: expected hand or range texts, got {_quote(value)}")
        parts = [p.strip() for p in value]
    else:
        raise OmahaEvalTypeError(
            f"{name}: expected a list of hands or one text with '|' between them, "
            f"got {_quote(value)}"
        )
    if any(not p for p in parts):
        raise OmahaEvalError(f"{name}: an empty player in {_quote(value)}")
    if not 2 <= len(parts) <= MAX_PLAYERS:
        raise OmahaEvalError(
            f"{name}: expected 2 to {MAX_PLAYERS} players, got {len(parts)} in {_quote(value)}"
        )
    return tuple(parts)


def spot_id(value: Any, row: int) -> str:
    """The id of a spot (text; a missing id becomes the row number)."""
    if is_missing(value):
        return str(row)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, (str, int, np.integer)):
        raise OmahaEvalTypeError(f"id: expected text or an integer, got {_quote(value)}")
    return str(value).strip()


def spot(raw: Any, row: int) -> dict[str, Any]:
    """A spot (a mapping with SPOT_FIELDS) checked and normalised to plain
    Python values; `row` (1-based) names it in messages and is the id when
    none is given."""
    if not isinstance(raw, dict):
        raise OmahaEvalTypeError(
            f"row {row}: expected an object with spot fields, got {_quote(raw)}"
        )
    unknown = sorted(set(raw) - set(SPOT_FIELDS), key=str)
    if unknown:
        raise OmahaEvalError(
            f"row {row}: unknown field {_quote(unknown[0])}; fields are {', '.join(SPOT_FIELDS)}"
        )
    out: dict[str, Any] = {
        "id": spot_id(raw.get("id"), row),
        "players": spot_players(raw.get("players")),
        "board": _spot_cards_text(raw.get("board"), "board"),
        "dead": _spot_cards_text(raw.get("dead"), "dead"),
        "trials": None,
        "exact": None,
        "seed": None,
        "target_stderr": None,
        "game": "omaha8",
    }
    if not is_missing(raw.get("trials")):
        out["trials"] = spot_int(raw["trials"], "trials", 1)
    if not is_missing(raw.get("exact")):
        out["exact"] = _spot_bool(raw["exact"], "exact")
    if not is_missing(raw.get("seed")):
        out["seed"] = spot_int(raw["seed"], "seed", 0)
    if not is_missing(raw.get("target_stderr")):
        out["target_stderr"] = _spot_float(raw["target_stderr"], "target_stderr")
    if not is_missing(raw.get("game")):
        game = str(raw["game"]).strip().lower()
        if game not in GAMES:
            raise OmahaEvalError(f"game: expected omaha8 or omaha, got {_quote(raw['game'])}")
        out["game"] = game
    return out


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
