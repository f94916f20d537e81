"""Solver API: whole-board strength vectors, river equity vectors and
chip-exact showdowns, batch-first for callers that run millions of spots.

Values are those of omaha_eval.evaluator: ``high`` 1..7462 and ``low``
1..56, larger is better; ``low`` 0 means no qualifying eight-or-better low.

Hand order of :func:`all_hands` (and of :func:`rank_board` with
``hands=None``): the 270,725 four-card hands as ascending rows of card ids
(id = 4 * rank + suit), in lexicographic order: ``[0 1 2 3]``,
``[0 1 2 4]``, ..., ``[48 49 50 51]``.  The order never depends on the
board, so a row index names the same hand on every board;
:func:`hand_index` computes it arithmetically.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any, overload

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval._checks import BOARD_SIZE, HOLE_SIZES, CardArray, quote
from omaha_eval.cards import format_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.games import game as read_game

__all__ = [
    "N_HANDS",
    "RiverShares",
    "all_hands",
    "hand_index",
    "rank_board",
    "river_equity",
    "river_shares",
    "showdown",
]

N_HANDS: int = _core.N_HANDS4  # C(52, 4) = 270,725 four-card hands
MAX_SEATS = _checks.MAX_PLAYERS
MAX_CHIPS = 2**62  # total chips of a showdown, so that int64 sums cannot overflow

# _BINOMIAL[x, i] = C(x, i) for the combinatorial number system of hand_index.
_BINOMIAL = np.array([[comb(x, i) for i in range(5)] for x in range(52)], dtype=np.int64)


@lru_cache(maxsize=1)
def _all_hands() -> npt.NDArray[np.uint8]:
    hands = _core.all_hands_rows()
    hands.setflags(write=False)
    return hands


def all_hands() -> npt.NDArray[np.uint8]:
    """Every four-card hand, (270725, 4) uint8, in the module's hand order.

    The array is shared and read-only; copy it to modify it.

    >>> all_hands()[:2].tolist()
    [[0, 1, 2, 3], [0, 1, 2, 4]]
    >>> len(all_hands())
    270725
    """
    return _all_hands()


def _hand_rows(value: Any, name: str, board: CardArray) -> CardArray:
    """Hands (N, k) of ids, k in 4..6, none repeating a card or holding a
    card of `board`."""
    h = _checks.id_array(value, name, dims=2)
    if h.shape[1] not in HOLE_SIZES:
        raise OmahaEvalError(
            f"{name}: expected {_checks.sizes_text(HOLE_SIZES)} cards per row, got shape {h.shape}"
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


def _index_rows(value: Any) -> tuple[npt.NDArray[np.uint8], bool]:
    """One four-card hand (text or ids) or an (N, 4) array of them, as sorted
    rows (N, 4); the flag says whether a single hand was given."""
    if isinstance(value, str) or _checks.ndim(value) == 1:
        return np.sort(_checks.card_set(value, "hand", (4,))).reshape(1, 4), True
    h = _checks.id_array(value, "hand", dims=2)
    if h.shape[1] != 4:
        raise OmahaEvalError(f"hand: expected rows of 4 cards, got shape {h.shape}")
    h = np.sort(h, axis=1)
    bad = _checks.first_repeating_row(h)
    if bad >= 0:
        raise OmahaEvalError(f"hand: row {bad} repeats a card: {format_cards(h[bad])}")
    return h, False


@overload
def hand_index(hand: str) -> int: ...
@overload
def hand_index(hand: Any) -> int | npt.NDArray[np.int64]: ...
def hand_index(hand: Any) -> int | npt.NDArray[np.int64]:
    """Row of a four-card hand in :func:`all_hands`, in any card order.

    One hand (text or 4 ids) gives an ``int``; an (N, 4) integer array gives
    an int64 array of N rows.  Pure arithmetic (combinatorial number system).

    >>> hand_index("2c 2d 2h 2s")
    0
    >>> hand_index([51, 50, 49, 48])
    270724
    """
    rows, single = _index_rows(hand)
    # Lexicographic rank = last index - colex rank of the complemented hand.
    comp = 51 - rows[:, ::-1].astype(np.int64)  # ascending again
    colex = sum(_BINOMIAL[comp[:, i], i + 1] for i in range(4))
    index: npt.NDArray[np.int64] = N_HANDS - 1 - colex
    return int(index[0]) if single else index


def rank_board(
    board: Any, hands: npt.ArrayLike | None = None
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """High and low value of every hand on a complete five-card board.

    With ``hands=None``: arrays of length 270,725 aligned with
    :func:`all_hands`; a hand that holds a board card cannot be dealt and
    gets ``high = 0`` and ``low = 0`` (0 is never a real high value, so
    ``high > 0`` is the mask of the live hands).  With ``hands`` an (N, k)
    integer array (k = 4, 5 or 6): arrays of length N in its order; a hand
    that holds a board card is an error there.

    >>> high, low = rank_board("Jd 4d 3c Qd 5h")
    >>> i = hand_index("Ad Kd 3s 2s")
    >>> int(high[i]), int(low[i])
    (7135, 56)
    >>> int(high[hand_index("Jd 2c 2d 2h")])
    0
    """
    b = _checks.card_set(board, "board", (BOARD_SIZE,))
    if hands is None:
        return _core.rank_all_hands(b)
    h = _hand_rows(hands, "hands", b)
    return _core.rank_hands(b, h)


@dataclass(frozen=True)
class RiverShares:
    """Per hero hand, against a weighted villain range on one river (RULES.md,
    "Equity"): arrays aligned with the hero hands.

    ``hi_share``/``lo_share`` are the expected fractions of the pot won
    through the high half (the whole pot when neither hand has a low) and
    the low half; ``scoop`` is the probability of winning the whole pot
    alone; ``live_weight`` is the villain weight left after card removal.
    Where ``live_weight`` is 0 (no villain hand can be dealt against that
    hero hand) the shares are NaN.
    """

    hi_share: npt.NDArray[np.float64]
    lo_share: npt.NDArray[np.float64]
    scoop: npt.NDArray[np.float64]
    live_weight: npt.NDArray[np.float64]

    @property
    def equity(self) -> npt.NDArray[np.float64]:
        """Expected pot share, ``hi_share + lo_share``."""
        total: npt.NDArray[np.float64] = self.hi_share + self.lo_share
        return total


def river_shares(
    board: Any,
    hero_combos: npt.ArrayLike,
    villain_combos: npt.ArrayLike,
    villain_weights: npt.ArrayLike | None = None,
) -> RiverShares:
    """hi/lo shares and scoop of every hero hand against a weighted range.

    ``hero_combos`` (N, k) and ``villain_combos`` (M, k') are integer arrays
    of card ids (k, k' = 4, 5 or 6); ``villain_weights`` (M,) are finite and
    >= 0 (None: all 1).  Card removal is exact: against each hero hand,
    villain hands sharing a card with it are left out and the rest are
    weighted in proportion to their weights.  No hand may hold a board card
    (an error: filter with ``rank_board(board)[0] > 0`` or
    ``~np.isin(hands, board).any(axis=1)``).

    Runs in O(N + M) plus the card-removal corrections, not O(N * M): hands
    are bucketed by value and swept with running sums per card and card pair
    (inclusion-exclusion), see src_c/oe_solver.c.

    >>> r = river_shares("Jd 4d 3c Qd 5h", [[49, 45, 7, 3]], [[51, 47, 43, 39]])
    >>> float(r.hi_share[0]), float(r.lo_share[0]), float(r.scoop[0])
    (0.5, 0.5, 1.0)
    """
    b = _checks.card_set(board, "board", (BOARD_SIZE,))
    hero = _hand_rows(hero_combos, "hero_combos", b)
    villain = _hand_rows(villain_combos, "villain_combos", b)
    w = _checks.weights(villain_weights, "villain_weights", len(villain))
    hi, lo, scoop, live = _core.river_equity_rows(b, hero, villain, w)
    return RiverShares(hi_share=hi, lo_share=lo, scoop=scoop, live_weight=live)


def river_equity(
    board: Any,
    hero_combos: npt.ArrayLike,
    villain_combos: npt.ArrayLike,
    villain_weights: npt.ArrayLike | None = None,
) -> npt.NDArray[np.float64]:
    """Expected pot share (hi_share + lo_share) of every hero hand against a
    weighted villain range on a complete board: :func:`river_shares`
    ``.equity``.  NaN where no villain hand is live against the hero hand."""
    return river_shares(board, hero_combos, villain_combos, villain_weights).equity


def showdown(
    hands: list[Any] | tuple[Any, ...],
    board: Any,
    contributions: Any,
    button: int = 0,
    game: str = "omaha8",
) -> list[int]:
    """Chip-exact payouts of a finished hand, one per seat.

    ``hands[i]`` is seat i's hand (text or ids, 4 to 6 cards) or ``None`` if
    that player folded; ``contributions[i]`` the chips they put in (ints >=
    0).  The chips are cut into a main pot and side pots at each all-in
    level; each pot is contested by the players who paid into it and did not
    fold (folded chips stay in the pots), and split on its own: half to the
    best high, half to the best 8-or-better low, the high taking all when
    nobody has a low (``game="omaha"``: high only).  Odd chips go to the high
    half, then one each to the tied winners first clockwise from ``button``
    (seats button+1, button+2, ...).  A pot nobody may contest (e.g. a bet
    called by no one who stayed in) goes back to the players who paid into
    it.  The payouts sum to the contributions exactly.

    >>> showdown(["Ad Kd 3s 2s", "Qs Qh 7c 6c"], "Jd 4d 3c Qd 5h", [50, 50])
    [100, 0]
    >>> showdown(["As 2s Kc Kh", "Ah 2h Qc 9h"], "3c 5h 8d Ks Jd", [40, 40])
    [60, 20]
    """
    held, b, chips, seat = _showdown_args(hands, board, contributions, button)
    payouts = _core.showdown_chips(b, held, chips, seat, read_game(game).code)
    return [int(x) for x in payouts]


def _chip_count(value: Any, name: str) -> int:
    if not _checks.is_int(value):
        raise OmahaEvalTypeError(f"{name}: expected an integer number of chips, got {quote(value)}")
    if value < 0:
        raise OmahaEvalError(f"{name}: chips cannot be negative, got {quote(value, 40)}")
    if value > MAX_CHIPS:
        raise OmahaEvalError(f"{name}: more than {MAX_CHIPS} chips: {quote(value, 40)}")
    return int(value)


def _showdown_args(
    hands: Any, board: Any, contributions: Any, button: Any
) -> tuple[list[CardArray | None], CardArray, npt.NDArray[np.int64], int]:
    """The arguments of showdown, checked: hands (None = folded), the board,
    contributions as int64 and the button seat."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
        raise OmahaEvalTypeError(
            "hands: expected a list with one hand (or None if folded) per seat, "
            f"got {quote(hands)}"
        )
    n = len(hands)
    if not 2 <= n <= MAX_SEATS:
        raise OmahaEvalError(f"hands: expected 2 to {MAX_SEATS} seats, got {n}")
    held = [
        None if h is None else _checks.card_set(h, f"hands[{i}]", HOLE_SIZES)
        for i, h in enumerate(hands)
    ]
    b = _checks.card_set(board, "board", (BOARD_SIZE,))
    _checks.disjoint(
        ("board", b), *((f"hands[{i}]", h) for i, h in enumerate(held) if h is not None)
    )
    if isinstance(contributions, (str, bytes)) or _checks.ndim(contributions) != 1:
        raise OmahaEvalTypeError(
            f"contributions: expected one integer per seat, got {quote(contributions)}"
        )
    chips = [_chip_count(c, f"contributions[{i}]") for i, c in enumerate(contributions)]
    if len(chips) != n:
        raise OmahaEvalError(f"contributions: expected {n} values (one per seat), got {len(chips)}")
    if sum(chips) > MAX_CHIPS:
        raise OmahaEvalError(f"contributions: total {sum(chips)} exceeds {MAX_CHIPS}")
    if not _checks.is_int(button):
        raise OmahaEvalTypeError(f"button: expected a seat number, got {quote(button)}")
    if not 0 <= button < n:
        raise OmahaEvalError(f"button: expected a seat 0..{n - 1}, got {quote(button, 40)}")
    return held, b, np.array(chips, dtype=np.int64), int(button)
