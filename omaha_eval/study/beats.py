"""What beats a hand now: ``beats(hand, villains, board, dead="")``.

On a flop, a turn or a river (3 to 5 board cards), each villain's combos
that are live (none of their cards on the board, among the dead cards, in
the hand or in another player's known hand) are scored with the evaluator
(the best two-plus-three hand on the board as it is) and compared with the
hand: a combo beats it for high when its high is better, for low when it
holds a qualifying low better than the hand's (any low, when the hand has
none).  Ties do not beat.  The combos that beat it are grouped: for high by
the category of their high hand, for low by their low (``"6-4-3-2-A"``),
best first, each group with its combos and their total weight (the range's
weights as given; 1 for a hand and for each hand of a random player).

Bad input raises the errors of ``equity()`` (the same reader); the hand
must be one hand, and the board 3 to 5 cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import _documents
from omaha_eval._documents import needs
from omaha_eval._reprs import short_repr
from omaha_eval.cards import format_cards, format_hands
from omaha_eval.engine.boards import CardPattern
from omaha_eval.engine.players import Player as ReadPlayer
from omaha_eval.engine.question import read_question
from omaha_eval.engine.spot import live_rows, prepare
from omaha_eval.errors import OmahaEvalError, quote
from omaha_eval.evaluator import CATEGORIES, high_category, high_name, low_name
from omaha_eval.games import game
from omaha_eval.hands import all_hands
from omaha_eval.streets import DEALT_BOARDS
from omaha_eval.types import Board, Cards, DeadCards, GameName, Player

__all__ = ["Beats", "BeatsGroup", "VillainBeats", "beats"]

BOARD_SIZES = DEALT_BOARDS  # "now": a hand is made from a flop on
# A random villain is listed hand by hand: every hand of the cards left.
RANDOM_MAX_HOLE = 4


@dataclass(frozen=True)
class BeatsGroup:
    """The combos of one category (a high category, or one low) that beat
    the hand: ``name``, ``weight`` (their total weight), ``share`` (of the
    villain's live weight) and ``hands`` (their cards, as text)."""

    name: str
    weight: float
    share: float
    hands: tuple[str, ...]

    def __repr__(self) -> str:
        return short_repr(self)


@dataclass(frozen=True)
class VillainBeats:
    """One villain: ``villain`` (as given), ``combos`` and ``weight`` (the
    live combos and their total weight), and the groups that beat the hand
    for ``high`` and for ``low`` (best first), with their total shares
    ``high_share`` and ``low_share`` of the live weight."""

    villain: str
    combos: int
    weight: float
    high: tuple[BeatsGroup, ...]
    low: tuple[BeatsGroup, ...]
    high_share: float
    low_share: float

    def __repr__(self) -> str:
        return short_repr(self)


@dataclass(frozen=True)
class Beats:
    """The answer of ``beats()``: the hand, its high and low now
    (``hand_high``, ``hand_low``: names; ``hand_low`` None without a low),
    the board, the dead cards, the game and one VillainBeats per villain.
    ``str()`` is the table ``omaha-eval beats`` prints; ``to_dict()`` its
    JSON."""

    hand: str
    hand_high: str
    hand_low: str | None
    board: str
    dead: str
    game: str
    villains: tuple[VillainBeats, ...]

    def __repr__(self) -> str:
        return short_repr(self)

    def to_dict(self) -> dict[str, Any]:
        def group(g: BeatsGroup) -> dict[str, Any]:
            return {"name": g.name, "weight": g.weight, "share": g.share, "hands": list(g.hands)}

        return {
            "hand": self.hand,
            "hand_high": self.hand_high,
            "hand_low": self.hand_low,
            "board": self.board,
            "dead": self.dead,
            "game": self.game,
            "villains": [
                {
                    "villain": v.villain,
                    "combos": v.combos,
                    "weight": v.weight,
                    "high_share": v.high_share,
                    "low_share": v.low_share,
                    "high": [group(g) for g in v.high],
                    "low": [group(g) for g in v.low],
                }
                for v in self.villains
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Beats:
        """The answer :meth:`to_dict` wrote (or its JSON read back):
        ``Beats.from_dict(b.to_dict()) == b``.  A malformed document raises
        OmahaEvalError naming the key."""
        keys = ("hand", "hand_high", "hand_low", "board", "dead", "game", "villains")
        needs(data, keys)
        villains = _documents.listed(data["villains"], "data['villains']")
        return cls(
            hand=_documents.text(data["hand"], "data['hand']"),
            hand_high=_documents.text(data["hand_high"], "data['hand_high']"),
            hand_low=_documents.optional(_documents.text, data["hand_low"], "data['hand_low']"),
            board=_documents.text(data["board"], "data['board']"),
            dead=_documents.text(data["dead"], "data['dead']"),
            game=_documents.game_name(data["game"], "data['game']"),
            villains=tuple(
                _villain_of(v, f"data['villains'][{i}]") for i, v in enumerate(villains)
            ),
        )

    def __str__(self) -> str:
        low = self.hand_low or "no low"
        lines = [f"{self.hand} on {self.board}: {self.hand_high}; {low}"]
        for v in self.villains:
            lines.append("")
            lines.append(f"{v.villain}: {v.combos:,} combos live, weight {v.weight:g}")
            parts = [("high", v.high_share, v.high), ("low", v.low_share, v.low)]
            for half, share, groups in parts if game(self.game).has_low else parts[:1]:
                lines.append(f"  beats the {half}: {share:7.2%}")
                for g in groups:
                    shown = " ".join(g.hands[:5]) + (" ..." if len(g.hands) > 5 else "")
                    lines.append(f"    {g.name:16} {g.share:7.2%}  {len(g.hands):6,}  {shown}")
        return "\n".join(lines)


def _villain_of(data: Any, where: str) -> VillainBeats:
    """One villain of a Beats document."""
    keys = ("villain", "combos", "weight", "high", "low", "high_share", "low_share")
    needs(data, keys, where)

    def groups(half: str) -> tuple[BeatsGroup, ...]:
        out = []
        for i, g in enumerate(_documents.listed(data[half], f"{where}[{half!r}]")):
            at = f"{where}[{half!r}][{i}]"
            needs(g, ("name", "weight", "share", "hands"), at)
            out.append(
                BeatsGroup(
                    _documents.text(g["name"], f"{at}['name']"),
                    _documents.real(g["weight"], f"{at}['weight']", 0),
                    _documents.share(g["share"], f"{at}['share']"),
                    _documents.texts(g["hands"], f"{at}['hands']"),
                )
            )
        return tuple(out)

    return VillainBeats(
        villain=_documents.text(data["villain"], f"{where}['villain']"),
        combos=_documents.whole(data["combos"], f"{where}['combos']"),
        weight=_documents.real(data["weight"], f"{where}['weight']", 0),
        high=groups("high"),
        low=groups("low"),
        high_share=_documents.share(data["high_share"], f"{where}['high_share']"),
        low_share=_documents.share(data["low_share"], f"{where}['low_share']"),
    )


def _values(
    combos: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """High and low of each combo on the board (3 to 5 cards)."""
    if len(board) == _checks.BOARD_SIZE:
        high, low = _core.evaluate_rows(np.ascontiguousarray(combos), board.reshape(1, -1))
        return high, low
    high = np.empty(len(combos), np.uint16)
    low = np.empty(len(combos), np.uint8)
    for i, row in enumerate(combos):
        high[i], low[i] = _core.evaluate_partial(row, board)[:2]
    return high, low


def _groups(
    names: list[str],
    order: npt.NDArray[np.int64],
    hands: list[str],
    weights: npt.NDArray[np.float64],
    total: float,
) -> tuple[BeatsGroup, ...]:
    """Groups by name, in `order` (best first), each with its hands."""
    out: dict[str, tuple[list[str], float]] = {}
    for i in order.tolist():
        listed, weight = out.get(names[i], ([], 0.0))
        listed.append(hands[i])
        out[names[i]] = (listed, weight + float(weights[i]))
    return tuple(BeatsGroup(name, w, w / total, tuple(listed)) for name, (listed, w) in out.items())


def _villain(
    p: ReadPlayer,
    known: int,
    k: int,
    board: npt.NDArray[np.uint8],
    hero_high: int,
    hero_low: int,
    has_low: bool,
    name: str,
) -> VillainBeats:
    if p.kind == "random":
        if k > RANDOM_MAX_HOLE:
            raise OmahaEvalError(
                f"a random hand of {k} cards is too many hands to list: give a range",
                param=name,
                value=p.label,
            )
        combos, weights = all_hands(k), np.ones(1)
    else:
        combos, weights = p.combos, p.weights * p.scale
        if p.kind == "hand":  # its own cards are known: not a reason to drop it
            known &= ~_checks.card_mask(combos[0])
    live = live_rows(combos, known)
    combos = np.ascontiguousarray(combos[live])
    weights = np.ones(len(combos)) if p.kind == "random" else weights[live]
    total = float(weights.sum())
    high, low = _values(combos, board)
    if not has_low:
        low = np.zeros_like(low)
    hands = format_hands(combos)
    by_high = np.flatnonzero(high > hero_high)
    by_high = by_high[np.argsort(-high[by_high].astype(np.int64), kind="stable")]
    by_low = np.flatnonzero(low > hero_low)
    by_low = by_low[np.argsort(-low[by_low].astype(np.int64), kind="stable")]
    categories = high_category(high)
    high_names = [CATEGORIES[c].lower() for c in np.asarray(categories).tolist()]
    low_names = [low_name(int(v)) or "" for v in low.tolist()]
    high_groups = _groups(high_names, by_high, hands, weights, total) if total else ()
    low_groups = _groups(low_names, by_low, hands, weights, total) if total else ()
    return VillainBeats(
        p.label,
        len(combos),
        total,
        high_groups,
        low_groups,
        sum((g.share for g in high_groups), 0.0),
        sum((g.share for g in low_groups), 0.0),
    )


def beats(
    hand: Cards,
    villains: Player | Sequence[Player],
    board: Board,
    dead: DeadCards = "",
    *,
    game: GameName | None = None,
) -> Beats:
    """The villains' combos that beat `hand` for high and for low now, on
    `board` (a flop, turn or river), grouped by category with their weights.

    `hand`: one hand (text or card ids); `villains`: one player or a list of
    them (a list of players; anything else is one), each a hand, a range
    (text, Range, or (combos, weights)) or
    ``"*"`` (a random hand: every hand of the cards left; 4 hole cards at
    most); `dead`, `game` as for :func:`~omaha_eval.equity`.

    >>> import omaha_eval as oe
    >>> b = oe.beats("As2sJd9h", "KK, 34", "Ks7d3c")
    >>> b.hand_high, b.hand_low
    ('High card, ace', None)
    >>> [(g.name, len(g.hands)) for g in b.villains[0].high]
    [('three of a kind', 3139), ('two pair', 2520), ('pair', 6540)]
    """
    many: list[Any]
    ids = isinstance(villains, list) and all(isinstance(c, (int, np.integer)) for c in villains)
    if isinstance(villains, list) and not (villains and ids):
        many = list(villains)
    else:  # one player: text, a Range, (combos, weights), a hand's card ids
        many = [villains]
    if not many:
        raise OmahaEvalError("give at least one villain", param="villains", value=villains)
    names = ["hand", *(f"villains[{i}]" for i in range(len(many)))]
    q = read_question(
        [hand, *many],
        board,
        dead,
        game="omaha8" if game is None else game,
        board_sizes=BOARD_SIZES,
        patterns=False,
        names=names,
    )
    if q.players[0].kind != "hand":
        raise OmahaEvalError(f"one hand, not a range: {quote(hand)}", param="hand", value=hand)
    # patterns=False: the board and the dead cards are cards
    assert not isinstance(q.board, CardPattern) and not isinstance(q.dead, CardPattern)
    spot = prepare(q.players, q.k, q.board, q.dead, q.game, names=names)
    board_cards = np.ascontiguousarray(q.board, dtype=np.uint8)
    hero = np.ascontiguousarray(q.players[0].combos[0], dtype=np.uint8)
    hero_high, hero_low = (int(v[0]) for v in _values(hero.reshape(1, -1), board_cards))
    if not q.game.has_low:
        hero_low = 0
    out = tuple(
        _villain(p, spot.known, q.k, board_cards, hero_high, hero_low, q.game.has_low, names[i])
        for i, p in enumerate(q.players[1:], start=1)
    )
    return Beats(
        hand=q.players[0].label,
        hand_high=high_name(hero_high),
        hand_low=low_name(hero_low) if hero_low else None,
        board=format_cards(q.board),
        dead=format_cards(q.dead),
        game=q.game.name,
        villains=out,
    )
