"""What a player is: the one reader of players, for every entry point.

``equity()``, queries, the solver functions (each side of ``street_equity``
and ``river_shares``), equity distributions, the command line and batch
files all read their players here, with one rule (ProPokerTools' reading):

- text that is exactly the spot's number of hole cards, all distinct
  (``"AsAh2c3d"`` in four-card Omaha) is a **hand** (commas may separate
  its cards: ``"As,Ah,2c,3d"``);
- card text whose comma-separated terms hold more than one card each is a
  list of terms of the range language, never one hand: ``"AsAh2c3d,
  KsKd4c5d"`` is a range of those two hands (with a ``note`` saying so) and
  ``"AsKs, QhJh"`` the hands holding AsKs or QhJh;
- ``"*"`` (or ``"**"``, ``"***"``...: stars only) is a **random** hand,
  any hand dealt uniformly from the cards left;
- every other text is the **range** language (docs/ranges.md), so
  ``"AsKs"`` is every hand holding both cards and ``"AsKd3s2z"`` the hands
  with those three cards and a deuce of a fourth suit; such text that looks
  like cards (engine/lookalikes.py) gets a ``note`` saying how it was read
  (`strict`: an error instead);
- card ids (a sequence or 1-D array of k ids) are a hand;
- a set of hands is a range: a :class:`~omaha_eval.Range`, any object with
  ``combos`` (K x k ids) and ``weights`` (K), a ``(combos, weights)`` pair,
  or an (K, k) array of ids (weight 1 each, or the caller's `weights`).

The spot's number of hole cards is `hole_cards` when given, else that of the
first hand, id array or range object, else the first card text of 4, 5 or 6
cards, else 4.

>>> players, k = read_players(["AsAh2c3d", "AsKs", "*"])
>>> [(p.kind, len(p.combos)) for p in players], k
([('hand', 1), ('range', 1225), ('random', 0)], 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.cards import card_count, format_cards
from omaha_eval.engine import lookalikes
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.games import MAX_PLAYERS, OMAHA8, PLAYERS, Game
from omaha_eval.ranges import Range

__all__ = [
    "Kind",
    "Player",
    "check_count",
    "hole_size",
    "is_random_text",
    "read_player",
    "read_players",
]

# A union of one-value Literals: the same type, and a Union at run time too, as
# stubtest checks (a Literal of several values is not one).
Kind = Literal["hand"] | Literal["range"] | Literal["random"]


@dataclass(frozen=True, eq=False)
class Player:
    """One player as read.

    - ``kind``: "hand", "range" or "random";
    - ``label``: a hand's cards (``KcKdQcQd``, however they were typed),
      range text as given, or ``"range of K hands"``;
    - ``combos`` (K x k card ids; one row for a hand, none for a random
      hand) with ``weights`` (K, relative: the largest is 1, unless all
      are 0) and ``scale``, the largest weight as given (``weights *
      scale`` are the weights given);
    - ``aligned``: the rows are an array the caller gave, in its order
      (vector functions answer row by row, so they must not drop rows);
    - ``note``: how text that looks like cards was read as a pattern
      (engine/lookalikes.py), else None.
    """

    kind: Kind
    label: str
    combos: CardArray
    weights: FloatArray
    scale: float = 1.0
    aligned: bool = False
    note: str | None = None


def is_random_text(text: str) -> bool:
    """Stars only: '*' means any hand, and so does '**' (any two cards)."""
    stripped = "".join(text.split())
    return bool(stripped) and set(stripped) == {"*"}


def check_count(given: Sequence[Any] | str, n: int, name: str = "players") -> None:
    """A deal holds 2 to MAX_PLAYERS players (docs/rules.md); `given` is
    the input, quoted in the message."""
    if n not in PLAYERS:
        raise OmahaEvalError(
            f"expected 2 to {MAX_PLAYERS} players, got {n} in {quote(given)}",
            param=name,
            value=given,
        )


def _relative(weights: Any, name: str, n: int) -> tuple[FloatArray, float]:
    """n weights, checked (finite, >= 0), scaled so that the largest is 1:
    only relative weights matter, and products over players stay in range."""
    w = _checks.weights(weights, name, n)
    top = float(w.max()) if n else 0.0
    return (np.ascontiguousarray(w / top) if top > 0 else w), (top if top > 0 else 1.0)


def _range_player(combos: Any, weights: Any, name: str, k: int | None, label: str | None) -> Player:
    """A weighted set of hands (a Range, an object with combos and weights,
    a (combos, weights) pair)."""
    rows = _checks.hand_rows(combos, f"{name} combos", k)
    if not len(rows):
        raise OmahaEvalError("a range of no hands", param=name)
    w, scale = _relative(weights, f"{name} weights", len(rows))
    text = label if label is not None else f"range of {len(rows):,} hands"
    return Player("range", text, rows, w, scale)


def card_terms(text: str) -> list[int] | None:
    """The card counts of the comma-separated terms of card text when a comma
    separates hands or patterns (some term holds two cards or more), else
    None: one run of cards (commas, if any, between single cards), or not
    card text at all."""
    return _terms(text, card_count(text))


def _terms(text: str, cards: int) -> list[int] | None:
    """card_terms of text holding `cards` cards (card_count)."""
    if cards == 0 or "," not in text:  # not card text, or one term
        return None
    counts = [card_count(term) for term in text.split(",") if term.strip()]
    return counts if len(counts) > 1 and max(counts) > 1 else None


@dataclass(frozen=True)
class TextShape:
    """What a player's text is, read once (read_players reads each text's
    shape once and passes it on): stars only (`random`), its card count
    (card_count: 0 when it is not plain card text) and the card counts of
    its comma-separated terms (card_terms)."""

    random: bool
    cards: int
    terms: list[int] | None


def text_shape(text: str) -> TextShape:
    """The shape of a player's text."""
    if is_random_text(text):
        return TextShape(True, 0, None)
    cards = card_count(text)
    return TextShape(False, cards, _terms(text, cards))


def hole_size(value: Any, shape: TextShape | None = None) -> int | None:
    """The hole-card count a player fixes (4, 5 or 6), if it fixes one: a
    hand's, an array's or a range object's (text of k cards is a hand
    only in a spot of k-card hands, so card text fixes its count too, and
    a list of whole hands of one size fixes theirs).  `shape`: the text's,
    already read."""
    size = None
    if isinstance(value, str):
        shape = shape or text_shape(value)
        if shape.terms is None:
            size = shape.cards
        elif len(set(shape.terms)) == 1:
            size = shape.terms[0]
    elif hasattr(value, "combos") and hasattr(value, "weights"):
        size = _width(value.combos)
    elif isinstance(value, tuple) and len(value) == 2 and _checks.ndim(value[0]) == 2:
        size = _width(value[0])
    elif _checks.ndim(value) in (1, 2):
        size = int(np.shape(value)[-1])
    return size if size in _checks.HOLE_SIZES else None


def _width(combos: Any) -> int | None:
    return int(np.shape(combos)[1]) if _checks.ndim(combos) == 2 else None


def _spot_size(
    sizes: Sequence[int | None], texts: Sequence[bool], hole_cards: int | None, names: Sequence[str]
) -> tuple[int, str | None]:
    """The spot's hole-card count and the name of the player that set it,
    from each player's hole_size (`texts`: which players are text)."""
    if hole_cards is not None:
        return _checks.hole_cards(hole_cards), None
    texts_last = sorted(range(len(sizes)), key=lambda i: texts[i])
    for i in texts_last:
        size = sizes[i]
        if size is not None:
            return size, names[i]
    return 4, None  # only random hands and range text: Omaha's four


def _check_sizes(
    values: Sequence[Any],
    sizes: Sequence[int | None],
    k: int,
    setter: str | None,
    hole_cards: int | None,
    names: Sequence[str],
    game: Game,
) -> None:
    """The spot's size `k` (set by the player `setter`, or by `hole_cards`
    when None) is one `game` is played with, and every player whose size
    is fixed holds it."""
    if k not in game.hole_sizes:
        raise OmahaEvalError(
            f"{game.name} is played with {_checks.sizes_text(game.hole_sizes)} hole cards, not {k}",
            param="hole_cards",
        )
    for i, value in enumerate(values):
        size = sizes[i]
        # a hand of another size is a mistake, not range text
        if size is not None and size != k and (hole_cards is None or not isinstance(value, str)):
            other = f"{setter} has {k}" if setter else f"hole_cards is {k}"
            raise OmahaEvalError(
                f"{size} hole cards, but {other}; every player must hold the same number",
                param=names[i],
            )


def read_player(
    value: Any,
    name: str,
    k: int,
    game: Game = OMAHA8,
    *,
    weights: Any = None,
    weights_name: str | None = None,
    strict: bool = False,
    shape: TextShape | None = None,
) -> Player:
    """One player of a spot whose hands have k cards (`game`: the order
    percent terms such as ``15%`` take).  `weights` (named `weights_name`
    in messages) go with an (N, k) array of hands only (None: weight 1
    each).  `strict`: text that looks like cards but is not a hand is an
    error, not a pattern.  `shape`: the text's (text_shape), already read."""
    weights_name = weights_name or f"{name} weights"
    if weights is not None and (
        isinstance(value, (str, tuple)) or hasattr(value, "weights") or _checks.ndim(value) != 2
    ):
        raise OmahaEvalError(
            f"a range ({name}) carries its own weights; weights go with an array of hands only",
            param=weights_name,
        )
    if isinstance(value, str):
        shape = shape or text_shape(value)
        if shape.random:
            return Player("random", value.strip(), np.zeros((0, k), np.uint8), np.zeros(0))
        terms = shape.terms
        if terms is not None:
            return _range_text(value, name, k, game, strict, hands=terms.count(k) == len(terms))
        cards = shape.cards
        if cards == k:
            hand = _checks.card_set(value, name, (k,))
            return Player("hand", format_cards(hand), hand.reshape(1, k), np.ones(1))
        if cards > k:
            raise OmahaEvalError(
                f"{name}: {cards} cards, more than the spot's {k} hole cards (separate hands "
                "with commas for a range of hands)",
                param=name,
                value=value,
            )
        return _range_text(value, name, k, game, strict)
    if isinstance(value, Range) and value.hole_cards == k and len(value):
        # read and checked when it was built (its arrays are read-only): not again
        w, scale = value.weights / float(value.weights.max()), float(value.weights.max())
        return Player("range", value.text.strip(), value.combos, w, scale)
    if hasattr(value, "combos") and hasattr(value, "weights"):
        text = getattr(value, "text", None)
        label = text.strip() if isinstance(text, str) else None
        return _range_player(value.combos, value.weights, name, k, label)
    if isinstance(value, tuple) and len(value) == 2 and _checks.ndim(value[0]) == 2:
        return _range_player(value[0], value[1], name, k, None)
    if _checks.ndim(value) == 2:
        rows = _checks.hand_rows(value, name, k)
        w, scale = _relative(weights, weights_name, len(rows))
        return Player("range", f"range of {len(rows):,} hands", rows, w, scale, aligned=True)
    hand = _checks.card_set(value, name, (k,))
    return Player("hand", format_cards(hand), hand.reshape(1, k), np.ones(1))


def _range_text(
    text: str, name: str, k: int, game: Game, strict: bool, hands: bool = False
) -> Player:
    """Range text; `hands`: a comma list of whole hands, a range of those
    hands (no pattern in it, so strict mode takes it too)."""
    how = None if hands else lookalikes.reading(text, k, macros=True)
    if how is not None and strict:
        raise OmahaEvalError(lookalikes.refusal(name, text, how), param=name, value=text)
    try:
        r = Range(text, hole_cards=k, game=game)
    except OmahaEvalError as exc:
        raise OmahaEvalError(
            lookalikes.with_reading(str(exc), text, how), param=name, value=text
        ) from None
    if len(r) == 0:
        raise OmahaEvalError(f"the range {text.strip()!r} holds no {k}-card hand", param=name)
    player = _range_player(r.combos, r.weights, name, k, text.strip())
    if hands:
        return replace(player, note=lookalikes.hand_list_note(name, text, len(r)))
    if how is None:
        return player
    return replace(player, note=lookalikes.note(name, text, how, r.combos, "hands"))


def read_players(
    values: Any,
    hole_cards: int | None = None,
    *,
    game: Game = OMAHA8,
    names: Sequence[str] | None = None,
    weights: Sequence[tuple[Any, str] | None] | None = None,
    strict: bool = False,
) -> tuple[list[Player], int]:
    """The players of a spot (2 to 10) and their number of hole cards.

    `names` name the players in messages (default ``players[i]``);
    `weights`, one entry per player, is None or (weights, their name in
    messages) for a player given as an array of hands.  Range text reads
    percent terms in `game`'s preflop order; `strict` as for read_player."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise OmahaEvalTypeError(
            f"expected a list of 2 to {MAX_PLAYERS} players, got {quote(values)}",
            param="players",
            value=values,
        )
    check_count(values, len(values))
    names = [f"players[{i}]" for i in range(len(values))] if names is None else list(names)
    given_weights: list[tuple[Any, str] | None] = (
        [None] * len(values) if weights is None else list(weights)
    )
    # each text's shape read once: the spot's size, each size and the order take it
    shapes = [text_shape(v) if isinstance(v, str) else None for v in values]
    sizes = [hole_size(v, s) for v, s in zip(values, shapes, strict=True)]
    texts = [s is not None for s in shapes]
    k, setter = _spot_size(sizes, texts, hole_cards, names)
    _check_sizes(values, sizes, k, setter, hole_cards, names, game)
    # cheap players first, so that a bad hand is reported before ranges expand
    order = sorted(range(len(values)), key=lambda i: not _is_cheap(shapes[i], k))
    read = {}
    for i in order:
        w, w_name = given_weights[i] or (None, None)
        read[i] = read_player(
            values[i],
            names[i],
            k,
            game,
            weights=w,
            weights_name=w_name,
            strict=strict,
            shape=shapes[i],
        )
    return [read[i] for i in range(len(values))], k


def _is_cheap(shape: TextShape | None, k: int) -> bool:
    """A player read at once: not text (None), stars, or a hand's text."""
    return shape is None or shape.random or shape.cards == k
