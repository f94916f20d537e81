"""Omaha hi/lo hand evaluation: one hand (`evaluate`) or many (`evaluate_batch`).

A hand of 4, 5 or 6 hole cards on a five-card board makes its high and its
low from exactly two hole cards and exactly three board cards (docs/rules.md).

Values (the same as the C core, src_c/oe_cards.h):

- ``high``: 1..7462, larger is better; 7462 is a royal flush.
- ``low``: 0 for no qualifying eight-or-better low, else 1..56, larger is
  better; 56 is 5-4-3-2-A.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, overload

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval._blocks import ROWS, interruptible, map_rows
from omaha_eval._cache import lru_cache
from omaha_eval._checks import BOARD_SIZE, HOLE_SIZES, CardArray
from omaha_eval.cards import LOW_RANKS, RANKS, format_cards, rank_of
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.streets import DEALT_BOARDS
from omaha_eval.types import CardIds, CardRows, Cards, HighValues

__all__ = [
    "HIGH_MAX",
    "LOW_MAX",
    "LOW_NONE",
    "HandValue",
    "evaluate",
    "evaluate_batch",
    "high_category",
    "high_name",
    "low_name",
    "nut_low",
]

HIGH_MAX: int = _core.HIGH_MAX
LOW_MAX: int = _core.LOW_MAX
LOW_NONE = 0
BOARD_SIZES = DEALT_BOARDS  # evaluate(): a flop, a turn or a river

# The high categories' names, written once (CONTRIBUTING.md's owners), keyed
# by the C core's codes (enum oe_category, src_c/oe_eval.h): CATEGORIES[code]
# names the code the core gives, worst to best.
_CODE = _core.CATEGORY_CODES
_CATEGORY_NAMES = {
    _CODE["HIGH_CARD"]: "High card",
    _CODE["PAIR"]: "Pair",
    _CODE["TWO_PAIR"]: "Two pair",
    _CODE["TRIPS"]: "Three of a kind",
    _CODE["STRAIGHT"]: "Straight",
    _CODE["FLUSH"]: "Flush",
    _CODE["FULL_HOUSE"]: "Full house",
    _CODE["QUADS"]: "Four of a kind",
    _CODE["STRAIGHT_FLUSH"]: "Straight flush",
}
CATEGORIES = tuple(_CATEGORY_NAMES[code] for code in range(_core.N_CATEGORIES))
_RANK_WORDS = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)
_ACE = RANKS.index("A")


@dataclass(frozen=True)
class HandValue:
    """The best high and the best low of one hand on one board.

    ``high_cards``/``low_cards`` are the five cards that make each hand,
    two from the hole and three from the board, best first.
    """

    high: int
    low: int
    high_name: str
    low_name: str | None
    high_cards: str
    low_cards: str | None


def _check_high(value: Any) -> int:
    if not isinstance(value, (int, np.integer)) or not 1 <= int(value) <= HIGH_MAX:
        raise OmahaEvalError(f"expected a high value 1..{HIGH_MAX}, got {value!r}", param="high")
    return int(value)


def _high_array(high: Any) -> npt.NDArray[np.intp] | None:
    """An array-like of high values (any shape, one or more dimensions) as
    intp, checked: integers 1..7462.  None for a scalar (checked by
    _check_high, as before arrays were taken)."""
    if isinstance(high, (str, bytes)) or _checks.ndim(high) == 0:
        return None
    try:
        arr = np.asarray(high)
    except (TypeError, ValueError) as exc:  # ragged lists
        raise OmahaEvalTypeError(
            f"expected integer high values 1..{HIGH_MAX}, got {_checks.quote(high)}",
            param="high",
            value=high,
        ) from exc
    if arr.size == 0 and arr.dtype.kind == "f":
        arr = arr.astype(np.intp)  # [] defaults to float
    if arr.dtype.kind not in "iu":
        raise OmahaEvalTypeError(
            f"expected integer high values 1..{HIGH_MAX}, got dtype {arr.dtype} "
            f"in {_checks.quote(high)}",
            param="high",
            value=high,
        )
    bad = (arr < 1) | (arr > HIGH_MAX)
    if bad.any():
        where = tuple(int(i[0]) for i in np.nonzero(bad))
        at = where[0] if len(where) == 1 else where
        raise OmahaEvalError(
            f"expected high values 1..{HIGH_MAX}, got {int(arr[where])} at index {at} "
            f"in {_checks.quote(high)}",
            param="high",
            value=high,
        )
    return arr.astype(np.intp)


@lru_cache(maxsize=1)
def _category_codes() -> npt.NDArray[np.uint8]:
    """Category code of every high value: [v - 1] for value v."""
    return _core.high_key_table()[0][1:].astype(np.uint8)


@lru_cache(maxsize=1)
def _names() -> npt.NDArray[np.str_]:
    """high_name of every high value: [v - 1] for value v."""
    return np.array([high_name(v) for v in range(1, HIGH_MAX + 1)])


@overload
def high_category(high: int | np.integer[Any]) -> str: ...
@overload
def high_category(high: HighValues) -> str | npt.NDArray[np.uint8]: ...
def high_category(high: int | np.integer[Any] | HighValues) -> str | npt.NDArray[np.uint8]:
    """Category of a high value: its name for one value (7462 -> 'Straight
    flush'); for an array of values (any shape), an array of category codes
    of the same shape, uint8 0..8, indexes into CATEGORIES (0 = high card
    ... 8 = straight flush), for filters such as ``high_category(h) >= 5``
    (a flush or better).

    >>> high_category(7462)
    'Straight flush'
    >>> high_category(np.array([1, 7462])).tolist()
    [0, 8]
    """
    values = _high_array(high)
    if values is not None:
        codes: npt.NDArray[np.uint8] = _category_codes()[values - 1]
        return codes
    return CATEGORIES[_core.high_category(_check_high(high))]


@overload
def high_name(high: int | np.integer[Any]) -> str: ...
@overload
def high_name(high: HighValues) -> str | npt.NDArray[np.str_]: ...
def high_name(high: int | np.integer[Any] | HighValues) -> str | npt.NDArray[np.str_]:
    """Full name of a high value, e.g. 'Full house, kings over nines'; for
    an array of values (any shape), an array of names (str) of that shape.

    >>> high_name(7462)
    'Royal flush'
    >>> high_name(1)
    'High card, seven'
    >>> high_name([7462, 1]).tolist()
    ['Royal flush', 'High card, seven']
    """
    values = _high_array(high)
    if values is not None:
        names: npt.NDArray[np.str_] = _names()[values - 1]
        return names
    category, ranks = _core.high_key(_check_high(high))
    top, word, plural = ranks[0], _RANK_WORDS, _RANK_PLURALS
    name = CATEGORIES[category]
    if category == _CODE["STRAIGHT_FLUSH"]:
        return "Royal flush" if top == _ACE else f"{name}, {word[top]} high"
    if category in (_CODE["QUADS"], _CODE["TRIPS"]):
        return f"{name}, {plural[top]}"
    if category == _CODE["FULL_HOUSE"]:
        return f"{name}, {plural[top]} over {plural[ranks[3]]}"
    if category in (_CODE["STRAIGHT"], _CODE["FLUSH"]):
        return f"{name}, {word[top]} high"
    if category == _CODE["TWO_PAIR"]:
        return f"{name}, {plural[top]} and {plural[ranks[2]]}"
    if category == _CODE["PAIR"]:
        return f"{name} of {plural[top]}"
    return f"{name}, {word[top]}"


def low_name(value: int) -> str | None:
    """Name of a low value, highest card first: 56 -> '5-4-3-2-A'; 0 -> None.

    >>> low_name(56)
    '5-4-3-2-A'
    >>> low_name(1)
    '8-7-6-5-4'
    """
    if not isinstance(value, (int, np.integer)) or not 0 <= int(value) <= LOW_MAX:
        raise OmahaEvalError(f"expected a low value 0..{LOW_MAX}, got {value!r}", param="low")
    if value == LOW_NONE:
        return None
    mask = _core.low_mask(int(value))
    return "-".join(LOW_RANKS[i] for i in reversed(range(8)) if mask >> i & 1)


@lru_cache(maxsize=1)
def _nut_low_table() -> npt.NDArray[np.uint8]:
    table = _core.nut_low_table()
    table.flags.writeable = False
    return table


@overload
def nut_low(board_low: int | np.integer[Any]) -> int: ...
@overload
def nut_low(board_low: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.uint8]: ...
def nut_low(
    board_low: int | np.integer[Any] | npt.NDArray[np.integer[Any]],
) -> int | npt.NDArray[np.uint8]:
    """The nut low of a board (docs/rules.md, "The nuts"): the best low any
    two cards not on the board make with it, 0 when it allows none; known
    dead cards and other hands do not change it.  `board_low` is the set of
    low ranks the board shows (bit 0 = ace .. bit 7 = eight), an int or an
    array of them (checked by the caller: 0..255).

    The one owner of the rule: the C core's table (src_c/oe_tables.h,
    oe_nut_low), which the engine's breakdown reads in its loops and every
    Python reader (queries, range_hits) reads through this function.

    >>> nut_low(0b01000011), low_name(nut_low(0b01000011))  # A, 2, 7 on the board
    (50, '7-4-3-2-A')
    """
    if isinstance(board_low, (int, np.integer)):
        return int(_nut_low_table()[int(board_low)])
    table: npt.NDArray[np.uint8] = _nut_low_table()[board_low]
    return table


def _used(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], used: tuple[int, ...], low: bool
) -> str:
    ids = [int(hole[used[0]]), int(hole[used[1]])] + [int(board[i]) for i in used[2:]]
    # best first: by rank, the ace last for a low
    ids.sort(key=lambda c: (rank_of(c) + 1) % 13 if low else rank_of(c), reverse=True)
    return format_cards(ids)


def _hand_and_board(hole: Any, board: Any) -> tuple[CardArray, CardArray]:
    """One hand of 4, 5 or 6 cards and a flop, a turn or a river, checked."""
    h = _checks.card_set(hole, "hole", HOLE_SIZES)
    b = _checks.card_set(board, "board", BOARD_SIZES)
    _checks.disjoint(("hole", h), ("board", b))
    return h, b


def _rows_and_boards(holes: Any, boards: Any) -> tuple[CardArray, CardArray]:
    """holes (N, k) with k in 4..6 and boards (N, m) or (m,), m a flop, a
    turn or a river, checked, as uint8 C-contiguous arrays; boards comes
    back 2-D (1 row when shared)."""
    h = _checks.id_array(holes, "holes", dims=2)
    if h.shape[1] not in HOLE_SIZES:
        raise OmahaEvalError(
            f"expected {_checks.sizes_text(HOLE_SIZES)} cards per row, got shape {h.shape}",
            param="holes",
        )
    b = _checks.id_array(boards, "boards", dims=1 if _checks.ndim(boards) == 1 else 2)
    sizes = _checks.sizes_text(BOARD_SIZES)
    if b.ndim == 1:
        if b.shape[0] not in BOARD_SIZES:
            raise OmahaEvalError(
                f"a shared board needs {sizes} cards, got shape {b.shape}", param="boards"
            )
        b = b.reshape(1, -1)
    elif b.shape[1] not in BOARD_SIZES or b.shape[0] != h.shape[0]:
        raise OmahaEvalError(
            f"expected shape ({h.shape[0]}, m) or (m,), m = {sizes} board cards, to match "
            f"holes {h.shape}, got {b.shape}",
            param="boards",
        )
    bad = _first_invalid_row(h, b)
    if bad >= 0:
        board_row = b[0] if b.shape[0] == 1 else b[bad]
        raise OmahaEvalError(
            f"row {bad} repeats a card: hole {format_cards(h[bad])} "
            f"board {format_cards(board_row)}",
            param="holes/boards",
        )
    return h, b


def _first_invalid_row(h: CardArray, b: CardArray) -> int:
    """The first row of hands and boards (or one shared board) that holds a
    card twice, else -1; in blocks, for Ctrl-C."""
    found = -1
    shared = b.shape[0] == 1 and h.shape[0] != 1

    def step(lo: int, hi: int) -> None:
        nonlocal found
        if found < 0:
            bad = _core.first_invalid_row(h[lo:hi], b if shared else b[lo:hi])
            found = lo + bad if bad >= 0 else -1

    interruptible(len(h), ROWS, step)
    return found


def evaluate(hole: Cards, board: Cards) -> HandValue:
    """Best high and best low of `hole` (4, 5 or 6 cards) on `board`: a
    river (5 cards), or a flop or a turn (3 or 4 cards) for the best hand so
    far.  Either way a hand is exactly two hole cards and three board cards
    (on a flop, all three), and a low needs three different low ranks on
    the board.

    Cards are text (``"As Kd 3c 2h"``) or ids (see omaha_eval.cards).

    >>> v = evaluate("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h")
    >>> v.high_name, v.low_name
    ('Flush, ace high', '5-4-3-2-A')
    >>> v = evaluate("Ad Kd 3s 2s", "Jd 4d 5h")
    >>> v.high_name, v.high_cards, v.low_name, v.low_cards
    ('High card, ace', 'AdKdJd5h4d', None, None)
    >>> v = evaluate("Ad Kd 3s 2s", "Jd 4d 5h 6c")
    >>> v.high_name, v.low_name, v.low_cards
    ('Straight, six high', '6-5-4-2-A', '6c5h4d2sAd')
    """
    h, b = _hand_and_board(hole, board)
    if len(b) == BOARD_SIZE:
        high, low, hi_used, lo_used = _core.evaluate_detail(h, b)
    else:  # a flop or a turn
        high, low, hi_used, lo_used = _core.evaluate_partial(h, b)
    return HandValue(
        high=high,
        low=low,
        high_name=high_name(high),
        low_name=low_name(low),
        high_cards=_used(h, b, hi_used, low=False),
        low_cards=_used(h, b, lo_used, low=True) if lo_used else None,
    )


def evaluate_batch(
    holes: CardRows, boards: CardRows | CardIds
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """High and low values of many hands at once.

    `holes` is an integer array (N, k) of card ids, k = 4, 5 or 6; `boards`
    is (N, m), one board per hand, or (m,), one board for all: a river (m =
    5), or a flop or a turn (3 or 4) for the best hand on the board as it
    is, as :func:`evaluate` scores it (exactly two hole cards and three
    board cards; a low needs three different low ranks on the board).
    Returns ``(high, low)`` as uint16 and uint8 arrays of length N.  Every
    row is checked (ids 0..51, no card twice in a hand and its board) before
    the C loop runs without the GIL.

    >>> from omaha_eval.cards import parse_cards
    >>> holes = np.array([parse_cards("AdKd3s2s"), parse_cards("7c7d4c5d")])
    >>> evaluate_batch(holes, parse_cards("Jd4d5h"))  # a flop: high card, no low
    (array([1203, 4200], dtype=uint16), array([0, 0], dtype=uint8))
    """
    h, b = _rows_and_boards(holes, boards)
    return map_rows(_core.evaluate_rows, len(h), h, b)  # type: ignore[no-any-return]
