"""What a player is: the one reader of players, for every entry point.

``equity()``, the command line, batch files and the solver functions all
read their players here, with one rule (ProPokerTools' reading):

- text that is exactly the spot's number of hole cards, all distinct
  (``"AsAh2c3d"`` in four-card Omaha) is a **hand**;
- ``"*"`` (or ``"**"``, ``"***"``...: stars only) is a **random** hand,
  any hand dealt uniformly from the cards left;
- every other text is the **range** language (docs/ranges.md), so
  ``"AsKs"`` is every hand holding both cards and ``"AsKd3s2z"`` the hands
  with those three cards and a deuce of a fourth suit;
- card ids (a sequence or 1-D array of k ids) are a hand;
- a weighted set of hands is a range: a :class:`~omaha_eval.Range`, any
  object with ``combos`` (K x k ids) and ``weights`` (K), or a
  ``(combos, weights)`` pair.

The spot's number of hole cards is `hole_cards` when given, else that of the
first hand, id array or range object, else the first card text of 4, 5 or 6
cards, else 4.

>>> players, k = read_players(["AsAh2c3d", "AsKs", "*"])
>>> [(p.kind, len(p.combos)) for p in players], k
([('hand', 1), ('range', 1225), ('random', 0)], 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray, FloatArray, quote
from omaha_eval.cards import card_count, format_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.games import OMAHA8, Game

__all__ = ["Kind", "Player", "read_players"]

Kind = Literal["hand", "range", "random"]


@dataclass(frozen=True, eq=False)
class Player:
    """One player as read: its kind, its label (the text as given, the
    cards of a hand given as ids, or ``"range of K hands"``), and its hands:
    ``combos`` (K x k card ids; one row for a hand, none for a random hand)
    with ``weights`` (K, relative, the largest scaled to 1)."""

    kind: Kind
    label: str
    combos: CardArray
    weights: FloatArray


def is_random_text(text: str) -> bool:
    """Stars only: '*' means any hand, and so does '**' (any two cards)."""
    stripped = "".join(text.split())
    return bool(stripped) and set(stripped) == {"*"}


def _weighted(combos: Any, weights: Any, name: str, k: int | None) -> tuple[CardArray, FloatArray]:
    """A weighted set of hands, checked: uint8 (K, k) and float64 (K,)."""
    arr = _checks.id_array(combos, f"{name} combos", dims=2)
    if arr.shape[1] not in _checks.HOLE_SIZES or arr.shape[0] == 0:
        raise OmahaEvalError(
            f"{name}: expected combos of shape (K, {_checks.sizes_text(_checks.HOLE_SIZES)}) "
            f"with K >= 1, got shape {arr.shape}"
        )
    if k is not None and arr.shape[1] != k:
        raise OmahaEvalError(f"{name}: hands of {arr.shape[1]} cards, but the spot's have {k}")
    row = _checks.first_repeating_row(arr)
    if row >= 0:
        raise OmahaEvalError(f"{name}: combo {row} repeats a card: {format_cards(arr[row])}")
    try:
        w = np.asarray(weights, dtype=np.float64)
    except (TypeError, ValueError, OverflowError) as exc:
        raise OmahaEvalTypeError(f"{name}: weights are not numbers: {quote(weights)}") from exc
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
    top = float(w.max())
    # only relative weights matter; scaled, products over players stay in range
    return arr, np.ascontiguousarray(w / top if top > 0 else w)


def _size_of(value: Any) -> int | None:
    """The hole-card count a player fixes (4, 5 or 6), if it fixes one."""
    size = None
    if isinstance(value, str):
        size = card_count(value)
    elif hasattr(value, "combos") and hasattr(value, "weights"):
        size = _width(value.combos)
    elif isinstance(value, tuple) and len(value) == 2 and _checks.ndim(value[0]) == 2:
        size = _width(value[0])
    elif _checks.ndim(value) == 1:
        size = int(np.shape(value)[0])
    return size if size in _checks.HOLE_SIZES else None


def _width(combos: Any) -> int | None:
    return int(np.shape(combos)[1]) if _checks.ndim(combos) == 2 else None


def _spot_size(values: Sequence[Any], hole_cards: int | None) -> tuple[int, str | None]:
    """The spot's hole-card count and the name of the player that set it."""
    if hole_cards is not None:
        return _checks.hole_cards(hole_cards), None
    texts_last = sorted(range(len(values)), key=lambda i: isinstance(values[i], str))
    for i in texts_last:
        size = _size_of(values[i])
        if size is not None:
            return size, f"players[{i}]"
    return 4, None  # only random hands and range text: Omaha's four


def read_player(value: Any, name: str, k: int, game: Game = OMAHA8) -> Player:
    """One player of a spot whose hands have k cards (`game`: the order
    percent terms such as ``15%`` take)."""
    if isinstance(value, str):
        if is_random_text(value):
            return Player("random", value.strip(), np.zeros((0, k), np.uint8), np.zeros(0))
        cards = card_count(value)
        if cards == k:
            hand = _checks.card_set(value, name, (k,))
            return Player("hand", value.strip(), hand.reshape(1, k), np.ones(1))
        if cards > k:
            raise OmahaEvalError(f"{name}: {cards} cards, more than the spot's {k} hole cards")
        return _range_text(value, name, k, game)
    if hasattr(value, "combos") and hasattr(value, "weights"):
        combos, w = _weighted(value.combos, value.weights, name, k)
        label = getattr(value, "text", None)
        return Player("range", label if isinstance(label, str) else _range_label(combos), combos, w)
    if isinstance(value, tuple) and len(value) == 2 and _checks.ndim(value[0]) == 2:
        combos, w = _weighted(value[0], value[1], name, k)
        return Player("range", _range_label(combos), combos, w)
    if _checks.ndim(value) == 2:
        raise OmahaEvalError(f"{name}: a 2-D array of hands needs weights: pass (combos, weights)")
    hand = _checks.card_set(value, name, (k,))
    return Player("hand", format_cards(hand), hand.reshape(1, k), np.ones(1))


def _range_label(combos: CardArray) -> str:
    return f"range of {len(combos):,} hands"


def _range_text(text: str, name: str, k: int, game: Game) -> Player:
    from omaha_eval.ranges import Range  # ranges import the core; players need it only here

    try:
        r = Range(text, hole_cards=k, game=game)
    except OmahaEvalError as exc:
        raise OmahaEvalError(f"{name}: {exc}") from None
    if len(r) == 0:
        raise OmahaEvalError(f"{name}: the range {text.strip()!r} holds no {k}-card hand")
    combos, w = _weighted(r.combos, r.weights, name, k)
    return Player("range", text.strip(), combos, w)


def read_players(
    values: Any, hole_cards: int | None = None, name: str = "players", game: Game = OMAHA8
) -> tuple[list[Player], int]:
    """The players of a spot (2 to 10) and their number of hole cards;
    range text reads percent terms in `game`'s preflop order."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise OmahaEvalTypeError(
            f"{name}: expected a list of 2 to {_checks.MAX_PLAYERS} players, got {quote(values)}"
        )
    if not 2 <= len(values) <= _checks.MAX_PLAYERS:
        raise OmahaEvalError(
            f"{name}: expected 2 to {_checks.MAX_PLAYERS} players, got {len(values)}"
        )
    k, setter = _spot_size(values, hole_cards)
    for i, value in enumerate(values):
        size = _size_of(value)
        # a hand of another size is a mistake, not range text
        if size is not None and size != k and (hole_cards is None or not isinstance(value, str)):
            where = f"players[{i}]"
            other = f"{setter} has {k}" if setter else f"hole_cards is {k}"
            raise OmahaEvalError(
                f"{where}: {size} hole cards, but {other}; every player must hold the same number"
            )
    # cheap players first, so that a bad hand is reported before ranges expand
    order = sorted(range(len(values)), key=lambda i: not _is_cheap(values[i], k))
    read: dict[int, Player] = {i: read_player(values[i], f"{name}[{i}]", k, game) for i in order}
    return [read[i] for i in range(len(values))], k


def _is_cheap(value: Any, k: int) -> bool:
    return not isinstance(value, str) or is_random_text(value) or card_count(value) == k
