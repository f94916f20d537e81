"""Chip-exact showdowns: the pots of a finished hand, side pots and odd
chips included (docs/rules.md, "Side pots"), split by src_c/oe_split.c."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval._checks import BOARD_SIZE, HOLE_SIZES, CardArray
from omaha_eval.engine.boards import known_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.games import MAX_PLAYERS
from omaha_eval.games import game as read_game
from omaha_eval.types import Cards, Contributions, GameName

__all__ = ["Pot", "ShowdownDetail", "showdown"]

MAX_CHIPS = 2**62  # total chips of a showdown, so that int64 sums cannot overflow


def _seats(mask: int, n: int) -> tuple[int, ...]:
    return tuple(i for i in range(n) if mask >> i & 1)


@dataclass(frozen=True)
class Pot:
    """One pot of a showdown (docs/rules.md, "Side pots"), as the split made it:

    - ``amount``: its chips (every player's between two live amounts);
    - ``eligible``: the seats contesting it;
    - ``hi_winners``: the seats winning its high half (the whole pot when
      ``lo_winners`` is empty: nobody eligible has a qualifying low, or a
      high-only game); ``lo_winners``: the seats winning its low half;
    - ``payouts``: the chips it gives each seat (odd chips included).
    """

    amount: int
    eligible: tuple[int, ...]
    hi_winners: tuple[int, ...]
    lo_winners: tuple[int, ...]
    payouts: tuple[int, ...]


@dataclass(frozen=True)
class ShowdownDetail:
    """``showdown(..., detail=True)``: the payouts, the pots that make them
    (bottom first: the main pot, then each side pot) and the chips no live
    player called, given back (per seat).  ``payouts[i]`` is the sum of
    ``pot.payouts[i]`` over the pots plus ``uncalled[i]``."""

    payouts: list[int]
    pots: tuple[Pot, ...]
    uncalled: list[int]


@overload
def showdown(
    hands: Sequence[Cards | None],
    board: Cards,
    contributions: Contributions,
    button: int = 0,
    game: GameName = "omaha8",
    *,
    detail: Literal[False] = False,
) -> list[int]: ...


@overload
def showdown(
    hands: Sequence[Cards | None],
    board: Cards,
    contributions: Contributions,
    button: int = 0,
    game: GameName = "omaha8",
    *,
    detail: Literal[True],
) -> ShowdownDetail: ...


def showdown(
    hands: Sequence[Cards | None],
    board: Cards,
    contributions: Contributions,
    button: int = 0,
    game: GameName = "omaha8",
    *,
    detail: bool = False,
) -> list[int] | ShowdownDetail:
    """Chip-exact payouts of a finished hand, one per seat.

    ``hands[i]`` is seat i's hand (text or ids, 4 to 6 cards) or ``None`` if
    that player folded; ``contributions[i]`` the chips they put in (ints >=
    0).  Pots (docs/rules.md, "Side pots") end only at the amounts put in by the
    players still in: the main pot holds everyone's chips up to the smallest
    such amount, folded players' included, the next side pot everyone's
    chips from there up to the next one, and so on.  A folded player's
    amount never starts a pot of its own, so its odd chips are not dealt
    separately.  Each pot is contested by the players still in who put in
    its top amount, and split on its own: half to the best high, half to
    the best 8-or-better low, the high taking all when nobody has a low
    (``game="omaha"``: high only).  Odd chips go to the high half, then one
    each to the tied winners first clockwise from ``button`` (seats
    button+1, button+2, ...).  Chips above the largest amount of any player
    still in were never called (e.g. a bet by a player who then folded, or
    every chip when all folded): they go back to whoever put them in.  The
    payouts sum to the contributions exactly.

    ``detail=True`` returns a :class:`ShowdownDetail`: the payouts, each
    :class:`Pot` (amount, eligible seats, winners of each half, its chips
    per seat) as the C showdown made it, and the uncalled chips.

    >>> showdown(["Ad Kd 3s 2s", "Qs Qh 7c 6c"], "Jd 4d 3c Qd 5h", [50, 50])
    [100, 0]
    >>> showdown(["As 2s Kc Kh", "Ah 2h Qc 9h"], "3c 5h 8d Ks Jd", [40, 40])
    [60, 20]
    >>> showdown(["As 2s Kc Kh", "Ah 2h Qc 9h", None], "3c 5h 8d Ks Jd", [40, 40, 25])
    [79, 26, 0]
    >>> d = showdown(["As 2s Kc Kh", "Ah 2h Qc 9h", "Qs Qh 4c 4d", None], "3c 5h 8d Ks Jd",
    ...              [10, 40, 40, 50], detail=True)
    >>> for pot in d.pots:
    ...     print(pot.amount, pot.eligible, pot.hi_winners, pot.lo_winners, pot.payouts)
    40 (0, 1, 2) (0,) (0, 1) (30, 10, 0, 0)
    90 (1, 2) (2,) (1,) (0, 45, 45, 0)
    >>> d.uncalled, d.payouts
    ([0, 0, 0, 10], [30, 55, 45, 10])
    """
    if not isinstance(detail, (bool, np.bool_)):
        raise OmahaEvalTypeError(
            f"expected True or False, got {quote(detail)}", param="detail", value=detail
        )
    held, b, chips, seat = _showdown_args(hands, board, contributions, button)
    code = read_game(game).code
    if not detail:
        return [int(x) for x in _core.showdown_chips(b, held, chips, seat, code)]
    return _detail(len(held), *_core.showdown_chips(b, held, chips, seat, code, True))


def _detail(
    n: int,
    payouts: npt.NDArray[np.int64],
    made: list[tuple[int, int, int, int]],
    rows: npt.NDArray[np.int64],
) -> ShowdownDetail:
    """The ShowdownDetail of `n` seats from the C showdown's payouts and its
    pots (amount and seat masks: eligible, high and low winners; each
    pot's chips per seat)."""
    pots = tuple(
        Pot(int(amount), _seats(eligible, n), _seats(hi, n), _seats(lo, n), tuple(row))
        for (amount, eligible, hi, lo), row in zip(made, rows.tolist(), strict=True)
    )
    paid = [int(x) for x in payouts]
    uncalled = [paid[i] - sum(p.payouts[i] for p in pots) for i in range(n)]
    return ShowdownDetail(paid, pots, uncalled)


def _chip_count(value: Any, name: str) -> int:
    if not _checks.is_int(value):
        raise OmahaEvalTypeError(
            f"expected an integer number of chips, got {quote(value)}", param=name, value=value
        )
    if value < 0:
        raise OmahaEvalError(
            f"chips cannot be negative, got {quote(value, 40)}", param=name, value=value
        )
    if value > MAX_CHIPS:
        raise OmahaEvalError(
            f"more than {MAX_CHIPS} chips: {quote(value, 40)}", param=name, value=value
        )
    return int(value)


def _showdown_args(
    hands: Any, board: Any, contributions: Any, button: Any
) -> tuple[list[CardArray | None], CardArray, npt.NDArray[np.int64], int]:
    """The arguments of showdown, checked: hands (None = folded), the board,
    contributions as int64 and the button seat."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
        raise OmahaEvalTypeError(
            f"expected a list with one hand (or None if folded) per seat, got {quote(hands)}",
            param="hands",
            value=hands,
        )
    n = len(hands)
    if not 2 <= n <= MAX_PLAYERS:
        raise OmahaEvalError(f"expected 2 to {MAX_PLAYERS} seats, got {n}", param="hands")
    held = [
        None if h is None else _checks.card_set(h, f"hands[{i}]", HOLE_SIZES)
        for i, h in enumerate(hands)
    ]
    b = known_cards(board, "board", (BOARD_SIZE,))
    _checks.disjoint(
        ("board", b), *((f"hands[{i}]", h) for i, h in enumerate(held) if h is not None)
    )
    if isinstance(contributions, (str, bytes)) or _checks.ndim(contributions) != 1:
        raise OmahaEvalTypeError(
            f"expected one integer per seat, got {quote(contributions)}",
            param="contributions",
            value=contributions,
        )
    chips = [_chip_count(c, f"contributions[{i}]") for i, c in enumerate(contributions)]
    if len(chips) != n:
        raise OmahaEvalError(
            f"expected {n} values (one per seat), got {len(chips)}", param="contributions"
        )
    if sum(chips) > MAX_CHIPS:
        raise OmahaEvalError(f"total {sum(chips)} exceeds {MAX_CHIPS}", param="contributions")
    if not _checks.is_int(button):
        raise OmahaEvalTypeError(
            f"expected a seat number, got {quote(button)}", param="button", value=button
        )
    if not 0 <= button < n:
        raise OmahaEvalError(
            f"expected a seat 0..{n - 1}, got {quote(button, 40)}", param="button", value=button
        )
    return held, b, np.array(chips, dtype=np.int64), int(button)
