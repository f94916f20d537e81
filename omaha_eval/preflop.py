"""The shipped preflop orders: where a hand ranks, and its equity against random hands.

Percent ranges (``15%``, ``5%-10%6h``; docs/ranges.md) take the top of an
order: the suit classes of k-card hands (k = 4, 5, 6) ranked by all-in
equity preflop against random hands, one order per game (``omaha8`` hi/lo,
``omaha`` high only) and table (``"hu"``: against one random hand; ``"6h"``:
against five).  This module reads the same orders for given hands:

- ``percentile(hands)``: the percentage of all hands of that size in better
  classes, so a hand is in ``p%`` exactly when its percentile is below p
  (0 for the best class);
- ``equity_vs_random(hands)``: the order's equity of the hand's class, its
  pot share (hi_share + lo_share) against random hands: exact for 4-card
  hands heads-up (the atlas, docs/preflop.md; ``exact_vs_random`` gives the
  fractions and counts), otherwise a Monte Carlo figure to a millionth,
  whose standard error docs/ranges.md gives per order.

Both take one hand (text such as ``"As Ah 3s 2h"`` or card ids), giving a
float, or an (N, k) integer array of card ids, giving a float64 array (N,).

- ``preflop_rank(hand)``: everything an order says of one hand (its class's
  rank, 1 = best, the percentile and the equity) as a PreflopRank;
- ``strength_order(hands)``: the rows of an (N, k) array best class first,
  as ``omaha-eval range`` lists a range.

Orders are read on first use (the six-card ones take a few tenths of a
second).

>>> percentile("As Ah 3s 2h")  # double-suited aces with A-2-3: the top class heads-up
0.0
>>> equity_vs_random("Ah As 2h 3s")  # the same class, suits renamed: exact
0.7260330461038296
>>> percentile("2c 2d 2h 2s") > 99.9
True
>>> preflop_rank("As Ah 3s 2h").rank
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._preflop as _preflop
from omaha_eval import _documents
from omaha_eval._checks import quote
from omaha_eval._documents import needs
from omaha_eval.cards import format_cards
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import game as read_game
from omaha_eval.ranges import Range
from omaha_eval.types import Cards, GameName, HandRange, Hands

__all__ = [
    "ATLAS_HOLE_CARDS",
    "TABLES",
    "ExactPreflop",
    "PreflopRank",
    "equity_vs_random",
    "exact_vs_random",
    "percentile",
    "preflop_rank",
    "strength_order",
]

TABLES = _preflop.TABLES


def _order_names(game: Any, table: Any) -> tuple[str, str]:
    """(game name, table) of an order, both checked."""
    the_game = read_game(game)
    if not isinstance(table, str) or table.lower() not in TABLES:
        raise OmahaEvalError(
            f"expected 'hu' (heads-up) or '6h' (six-handed), got {quote(table)}",
            param="table",
            value=table,
        )
    return the_game.name, table.lower()


def _class_of(rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """The class position of each row (checked card ids) in its order."""
    return _preflop.class_index(rows.shape[1])(_preflop.class_keys(rows))


def _percentile(order: _preflop.PreflopOrder, cls: Any) -> Any:
    """Percentage of all hands in classes better than `cls`."""
    return order.start[cls] * 100 / order.hands


def _classes(hands: Any, game: Any, table: Any) -> tuple[Any, _preflop.PreflopOrder, bool]:
    """(class positions, the order, whether one hand was given)."""
    names = _order_names(game, table)
    one = isinstance(hands, str) or _checks.ndim(hands) == 1
    rows: npt.NDArray[np.uint8]
    if one:
        rows = _checks.card_set(hands, "hands", _checks.HOLE_SIZES).reshape(1, -1)
    else:
        rows = _checks.hand_rows(hands, "hands")
    return _class_of(rows), _preflop.load_order(rows.shape[1], *names), one


def percentile(
    hands: Hands, game: GameName = "omaha8", table: str = "hu"
) -> float | npt.NDArray[np.float64]:
    """Percentage (0 to 100) of all hands of the same size whose class ranks
    above the hand's class in the preflop order of `game` and `table`.

    `hands`: one hand (card text or ids; 4, 5 or 6 cards) or an (N, k)
    array of card ids.  `game`: any name of omaha_eval.games.  `table`:
    ``"hu"`` (heads-up) or ``"6h"`` (six-handed).  ``h in Range(f"{p}%",
    game=game)`` holds exactly when ``percentile(h, game) < p``.  Raises
    OmahaEvalError (naming the parameter) for bad input.

    >>> percentile([[48, 49, 50, 51], [51, 47, 43, 39]]).round(2).tolist()  # AAAA, AKQJ
    [81.6, 79.59]
    """
    cls, order, one = _classes(hands, game, table)
    out = _percentile(order, cls)
    return float(out[0]) if one else out


def equity_vs_random(
    hands: Hands, game: GameName = "omaha8", table: str = "hu"
) -> float | npt.NDArray[np.float64]:
    """The preflop order's equity of each hand's class: its all-in pot share
    preflop against one random hand (``table="hu"``) or five (``"6h"``),
    each dealt with the board from the rest of the deck.  Arguments as for
    :func:`percentile`.

    >>> equity_vs_random("2c 2d 2h 2s")  # the worst 4-card hi/lo hand heads-up
    0.08016623950128095
    """
    cls, order, one = _classes(hands, game, table)
    out = order.equity[cls]
    return float(out[0]) if one else out


@dataclass(frozen=True)
class PreflopRank:
    """Where one hand stands in one preflop order (of `game`, `table` and
    its number of cards, `hole_cards`).

    `hand`: the hand's text, best card first; `rank`: its class's place in
    the order, 1 for the best of the `classes`; `percentile` and `equity`:
    as :func:`percentile` and :func:`equity_vs_random` give them, the
    percentile in percent (0 to 100: the hand is in ``p%`` exactly when
    `percentile` is below p), the equity a fraction (0 to 1); `class_hands`: the
    hands of its class (it and its suits renamed)."""

    hand: str
    game: str
    table: str
    hole_cards: int
    rank: int
    classes: int
    percentile: float
    equity: float
    class_hands: int


def preflop_rank(hand: Cards, game: GameName = "omaha8", table: str = "hu") -> PreflopRank:
    """Where `hand` (card text or ids; 4, 5 or 6 cards) stands in the
    preflop order of `game` and `table` (``"hu"`` or ``"6h"``), as
    ``omaha-eval rank`` shows it.  Raises OmahaEvalError (naming the
    parameter) for bad input.

    >>> r = preflop_rank("2s 2h 3s 3h", table="6h")  # double-suited 2233 six-handed
    >>> r.rank, round(r.percentile, 2), r.equity, r.class_hands
    (1680, 10.11, 0.234106, 6)
    """
    cards = _checks.card_set(hand, "hand", _checks.HOLE_SIZES)
    cls_of, order, _ = _classes(cards.reshape(1, -1), game, table)
    cls = int(cls_of[0])
    return PreflopRank(
        hand=format_cards(sorted(cards.tolist(), reverse=True)),
        game=order.game,
        table=order.table,
        hole_cards=order.hole_cards,
        rank=int(order.rank[cls]) + 1,
        classes=len(order.keys),
        percentile=float(_percentile(order, cls)),
        equity=float(order.equity[cls]),
        class_hands=int(order.counts[cls]),
    )


def strength_order(
    hands: Hands | HandRange,
    game: GameName = "omaha8",
    table: str = "hu",
    first: int | None = None,
) -> npt.NDArray[np.intp]:
    """Positions of the rows of `hands` (an (N, k) array of card ids, or a
    Range: its ``combos``, read without checking them again), best class
    of the order of `game` and `table` first; hands of one class keep their
    order.  `first`: only that many positions (the start of the same answer,
    without sorting all N).

    >>> strength_order([[0, 1, 2, 3], [48, 49, 50, 51], [40, 44, 48, 51]]).tolist()  # 2222 AAAA
    [2, 1, 0]
    """
    if isinstance(hands, Range):
        order = _preflop.load_order(hands.hole_cards, *_order_names(game, table))
        cls = _class_of(hands.combos)
    else:
        cls, order, one = _classes(hands, game, table)
        if one:
            raise OmahaEvalError(
                f"expected an (N, k) array of hands, got {quote(hands)}", param="hands", value=hands
            )
    # unique sort keys (class rank, then row): the order is the same whether
    # all of it is sorted or only a first part picked out
    key = order.rank[cls].astype(np.int64) * max(len(cls), 1) + np.arange(len(cls))
    if first is not None and first < len(key):
        if first <= 0:
            return np.zeros(0, dtype=np.intp)
        top = np.argpartition(key, first - 1)[:first]
        picked: npt.NDArray[np.intp] = top[np.argsort(key[top])]
        return picked
    positions: npt.NDArray[np.intp] = np.argsort(key)
    return positions


ATLAS_HOLE_CARDS = 4  # the atlas is of 4-card hands (5- and 6-card orders are sampled)


@dataclass(frozen=True)
class ExactPreflop:
    """One 4-card hand against one random hand, heads-up, all in preflop,
    exactly (the atlas, docs/preflop.md): every deal of an opponent hand
    and a five-card board from the other 48 cards counted.

    `equity`, `hi_share`, `lo_share`: pot shares as docs/rules.md defines
    them (high only: `lo_share` 0), and `scoop`, the probability of winning
    the whole pot alone, as floats; `exact_equity` etc.: the same as
    Fractions; `low_pot` (`exact_low_pot`): the share of deals whose pot
    has a low (0 in the high-only game's reading: no low counts);
    `opponent_shares()`: the random hand's hi and lo shares; `counts`: the
    integer counts behind them (omaha_eval._preflop.ATLAS_FIELDS: deals by
    outcome, out of `deals`); `class_hands`: the hands of its suit class
    (each has these counts)."""

    hand: str
    game: str
    deals: int
    counts: dict[str, int]
    exact_equity: Fraction
    exact_hi_share: Fraction
    exact_lo_share: Fraction
    exact_scoop: Fraction
    class_hands: int
    method: str = "exact"

    @property
    def equity(self) -> float:
        return float(self.exact_equity)

    @property
    def hi_share(self) -> float:
        return float(self.exact_hi_share)

    @property
    def lo_share(self) -> float:
        return float(self.exact_lo_share)

    @property
    def scoop(self) -> float:
        return float(self.exact_scoop)

    @property
    def exact_low_pot(self) -> Fraction:
        """The share of deals whose pot has a low (0 when high only)."""
        if not read_game(self.game).has_low:
            return Fraction(0)
        return Fraction(self.counts["low_pot"], self.deals)

    @property
    def low_pot(self) -> float:
        return float(self.exact_low_pot)

    def opponent_shares(self) -> tuple[Fraction, Fraction]:
        """The random hand's hi share and lo share: what the pot's halves
        hold (the whole pot for the high when no low is made, half
        otherwise; half for the low) less the hand's own."""
        hi = 1 - self.exact_low_pot / 2 - self.exact_hi_share
        return hi, self.exact_low_pot / 2 - self.exact_lo_share

    def to_dict(self) -> dict[str, Any]:
        """The figures and counts as JSON-ready values (fractions as text)."""
        return {
            "hand": self.hand,
            "game": self.game,
            "method": self.method,
            "equity": self.equity,
            "hi_share": self.hi_share,
            "lo_share": self.lo_share,
            "scoop": self.scoop,
            "exact_equity": str(self.exact_equity),
            "exact_hi_share": str(self.exact_hi_share),
            "exact_lo_share": str(self.exact_lo_share),
            "exact_scoop": str(self.exact_scoop),
            "deals": self.deals,
            "counts": dict(self.counts),
            "class_hands": self.class_hands,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ExactPreflop:
        """The answer :meth:`to_dict` wrote (or its JSON read back):
        ``ExactPreflop.from_dict(r.to_dict()) == r``.  The fractions are
        read from their text; the floats beside them (``equity`` ...) are
        derived from the fractions and ignored.  A malformed document
        raises OmahaEvalError naming the key."""
        fractions = ("exact_equity", "exact_hi_share", "exact_lo_share", "exact_scoop")
        needs(data, ("hand", "game", "method", "deals", "counts", "class_hands", *fractions))

        def at(name: str) -> str:
            return f"data[{name!r}]"

        counts = _documents.mapping(data["counts"], at("counts"))
        return cls(
            hand=_documents.text(data["hand"], at("hand")),
            game=_documents.game_name(data["game"], at("game")),
            deals=_documents.whole(data["deals"], at("deals"), 1),
            counts={
                _documents.text(k, at("counts")): _documents.whole(v, f"data['counts'][{k!r}]")
                for k, v in counts.items()
            },
            class_hands=_documents.whole(data["class_hands"], at("class_hands"), 1),
            method=_documents.choice(data["method"], at("method"), ("exact",)),
            **{name: _documents.fraction(data[name], at(name)) for name in fractions},
        )


def _atlas() -> _preflop.Atlas:
    if not _preflop.atlas_shipped():
        raise OmahaEvalError(
            f"the exact preflop atlas ({_preflop.ATLAS_FILE}) is not in this installation; "
            "tools/gen_preflop_atlas.py makes it",
            param="hand",
        )
    return _preflop.load_atlas()


def exact_vs_random(hand: Cards, *, game: GameName = "omaha8") -> ExactPreflop:
    """The exact all-in equity preflop of a 4-card `hand` (card text or ids)
    against one random hand, heads-up, in `game` (hi/lo ``"omaha8"`` or
    high-only ``"omaha"``, any name of omaha_eval.games), with the integer
    counts behind it.  Raises OmahaEvalError (naming the parameter) for bad
    input, and for 5- and 6-card hands (the atlas is of 4-card hands); and
    when the installation has no atlas (tools/gen_preflop_atlas.py makes it).
    Every hand meets 211,315,436,640 deals (`deals`); ``exact_equity`` is
    ``exact_hi_share + exact_lo_share``.

    >>> r = exact_vs_random("As Ah 3s 2h")
    >>> r.exact_equity, r.deals
    (Fraction(61368796061, 84526174656), 211315436640)
    >>> round(r.equity, 6), round(r.hi_share, 6), round(r.lo_share, 6), round(r.scoop, 6)
    (0.726033, 0.500284, 0.225749, 0.614948)
    """
    the_game = read_game(game)
    cards = _checks.card_set(hand, "hand", (ATLAS_HOLE_CARDS,))
    row = cards.reshape(1, -1)
    cls = int(_class_of(row)[0])
    counts = _atlas().counts[cls]
    fields = dict(zip(_preflop.ATLAS_FIELDS, (int(x) for x in counts), strict=True))
    deals = fields["boards"] * _preflop.ATLAS_OPPONENTS
    q = {name: int(v) for name, v in _preflop.atlas_quarters(counts).items()}
    if the_game.has_low:
        hi, lo = Fraction(q["omaha8_hi"], 4 * deals), Fraction(q["omaha8_lo"], 4 * deals)
    else:
        hi, lo = Fraction(q["omaha"], 4 * deals), Fraction(0)
    return ExactPreflop(
        hand=format_cards(sorted(cards.tolist(), reverse=True)),
        game=the_game.name,
        deals=deals,
        counts=fields,
        exact_equity=hi + lo,
        exact_hi_share=hi,
        exact_lo_share=lo,
        exact_scoop=Fraction(int(_preflop.atlas_scoops(counts, the_game.name)), deals),
        class_hands=int(_preflop.class_counts(_preflop.all_class_keys(4)[cls : cls + 1])[0]),
    )
