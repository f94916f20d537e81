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
weights as given; 1 for a hand and for each hand of a random player),
the first HANDS_LISTED of them as text and every one as card ids.  The
evaluation is evaluate_batch's (the one bulk owner of a hand on a board).

Bad input raises the errors of ``equity()`` (the same reader); the hand
must be one hand, and the board 3 to 5 cards.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import _documents
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval._documents import needs
from omaha_eval._reprs import short_repr
from omaha_eval.cards import format_board, format_cards, format_hands
from omaha_eval.engine.boards import CardPattern
from omaha_eval.engine.players import Player as ReadPlayer
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.spot import Seat, Spot, prepare
from omaha_eval.errors import OmahaEvalError, quote
from omaha_eval.evaluator import CATEGORIES, evaluate_batch, high_category, high_name, low_name
from omaha_eval.games import game
from omaha_eval.hands import all_hands
from omaha_eval.streets import DEALT_BOARDS
from omaha_eval.types import Board, Cards, DeadCards, GameName, Player

__all__ = ["Beats", "BeatsGroup", "PreparedBeats", "VillainBeats", "beats", "prepare_beats"]

BOARD_SIZES = DEALT_BOARDS  # "now": a hand is made from a flop on
# Hands a group lists as text (best first): what a page or a terminal shows;
# the group's combos hold every one.
HANDS_LISTED = 25
SHOWN = 5  # hands a group shows in the text table (str())


@dataclass(frozen=True)
class BeatsGroup:
    """The combos of one category (a high category, or one low) that beat
    the hand: ``name``, ``weight`` (their total weight), ``share`` (of the
    villain's live weight), ``count`` (how many), ``hands`` (the text of the
    first HANDS_LISTED of them, best first) and ``combos`` (every one, as
    card ids, best first; None in a group read back from a document)."""

    name: str
    weight: float
    share: float
    hands: tuple[str, ...]
    count: int
    combos: CardArray | None = field(default=None, compare=False)

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
            return {
                "name": g.name,
                "weight": g.weight,
                "share": g.share,
                "count": g.count,
                "hands": list(g.hands),
            }

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
        ``Beats.from_dict(b.to_dict()) == b`` (each group's ``combos`` are
        not written: they come back None).  A malformed document raises
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
                    shown = " ".join(g.hands[:SHOWN]) + (" ..." if g.count > SHOWN else "")
                    lines.append(f"    {g.name:16} {g.share:7.2%}  {g.count:6,}  {shown}")
        return "\n".join(lines)


def _villain_of(data: Any, where: str) -> VillainBeats:
    """One villain of a Beats document."""
    keys = ("villain", "combos", "weight", "high", "low", "high_share", "low_share")
    needs(data, keys, where)

    def groups(half: str) -> tuple[BeatsGroup, ...]:
        out = []
        for i, g in enumerate(_documents.listed(data[half], f"{where}[{half!r}]")):
            at = f"{where}[{half!r}][{i}]"
            needs(g, ("name", "weight", "share", "count", "hands"), at)
            out.append(
                BeatsGroup(
                    _documents.text(g["name"], f"{at}['name']"),
                    _documents.real(g["weight"], f"{at}['weight']", 0),
                    _documents.share(g["share"], f"{at}['share']"),
                    _documents.texts(g["hands"], f"{at}['hands']"),
                    _documents.whole(g["count"], f"{at}['count']"),
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


def _groups(
    values: npt.NDArray[np.integer[Any]],
    beaten: int,
    key_of: Callable[[npt.NDArray[np.integer[Any]]], npt.NDArray[np.integer[Any]]],
    name_of: Callable[[int], str],
    combos: CardArray,
    weights: FloatArray,
    total: float,
) -> tuple[BeatsGroup, ...]:
    """The combos whose value is above `beaten`, best first (ties in the
    order given), grouped by the key of their value (a category, a low:
    each group a run of the order), each named by ``name_of(key)``."""
    above = np.flatnonzero(values > beaten)
    if not len(above) or total <= 0:
        return ()
    # larger values first: a stable sort of the complement (a radix sort for 8 and 16 bits)
    top = np.iinfo(values.dtype).max
    order = above[np.argsort(top - values[above], kind="stable")]
    key = key_of(values[order])
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    ends = np.r_[starts[1:], len(order)]
    sums = np.add.reduceat(weights[order], starts)
    ordered = combos[order]
    # the listed hands of every group as text at once
    listed = [np.arange(a, min(b, a + HANDS_LISTED)) for a, b in zip(starts, ends, strict=True)]
    texts = format_hands(ordered[np.concatenate(listed)])
    out, at = [], 0
    for start, end, weight, shown in zip(starts, ends, sums.tolist(), listed, strict=True):
        hands = tuple(texts[at : at + len(shown)])
        at += len(shown)
        rows = ordered[start:end]
        out.append(
            BeatsGroup(name_of(int(key[start])), weight, weight / total, hands, len(rows), rows)
        )
    return tuple(out)


def _categories(values: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.integer[Any]]:
    return np.asarray(high_category(values))  # a high's group: its category


def _category_name(code: int) -> str:
    return CATEGORIES[code].lower()


def _low_text(value: int) -> str:
    return low_name(value) or ""


def _same(values: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.integer[Any]]:
    return values  # a low is its own group


def _villain(
    p: ReadPlayer,
    seat: Seat,
    known: int,
    k: int,
    board: CardArray,
    hero: tuple[int, int],
    has_low: bool,
) -> VillainBeats:
    if seat.kind == "hand":
        # its own cards are known (a hand, or a range card removal left one
        # hand: spot.prepare): not a reason to drop it
        known &= ~_checks.card_mask(seat.combos[0])
    if p.kind == "random":  # every hand of the cards left
        combos, w = _core.live_hands(all_hands(k), None, known)
    else:  # the weights as given
        combos, w = _core.live_hands(p.combos, p.weights, known)
        w *= p.scale
    total = float(w.sum())
    high, low = evaluate_batch(combos, board)
    high_groups = _groups(high, hero[0], _categories, _category_name, combos, w, total)
    low_groups = _groups(low, hero[1], _same, _low_text, combos, w, total) if has_low else ()
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
    ``"*"`` (a random hand: every hand of the cards left); `dead`, `game`
    as for :func:`~omaha_eval.equity`.

    >>> import omaha_eval as oe
    >>> b = oe.beats("As2sJd9h", "KK, 34", "Ks7d3c")
    >>> b.hand_high, b.hand_low
    ('High card, ace', None)
    >>> [(g.name, g.count) for g in b.villains[0].high]
    [('three of a kind', 3139), ('two pair', 2520), ('pair', 6540)]
    """
    return prepare_beats(hand, villains, board, dead, game=game).run()


def prepare_beats(
    hand: Cards,
    villains: Player | Sequence[Player],
    board: Board,
    dead: DeadCards = "",
    *,
    game: GameName | None = None,
) -> PreparedBeats:
    """The arguments of :func:`beats`, read once and checked (bad input
    raises here), and the estimated work of the answer (``work``,
    engine/plan.py's units: the villains' live combos, a random villain's
    counted, not listed), which ``run()`` gives."""
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
    return PreparedBeats(q, prepare(q.players, q.k, q.board, q.dead, q.game, names=names))


# The work of one live villain combo (scored, sorted, grouped), and of each
# hand a random villain lists (every hand of its size, the known cards then
# taken out), in engine/plan.py's units: benchmarks/bench_beats.py (12 to 16
# units a combo).
COMBO_WORK = 20.0
LIST_WORK = 5.0


@dataclass(frozen=True, eq=False)
class PreparedBeats:
    """beats' input as read (prepare_beats): the question and its spot
    (the cards checked, the known cards out of the villains' ranges)."""

    question: Question
    spot: Spot

    @property
    def combos(self) -> int:
        """The villains' live combos (a random villain's counted)."""
        return sum(s.live for s in self.spot.seats[1:])

    @property
    def work(self) -> float:
        """The answer's estimated work (engine/plan.py's units)."""
        randoms = sum(s.kind == "random" for s in self.spot.seats[1:])
        listed = randoms * math.comb(52, self.spot.k)
        return self.combos * COMBO_WORK + listed * LIST_WORK

    def run(self) -> Beats:
        """The answer."""
        q, spot = self.question, self.spot
        board_cards = np.ascontiguousarray(spot.board, dtype=np.uint8)
        hero_high, hero_low = (int(v[0]) for v in evaluate_batch(q.players[0].combos, board_cards))
        if not q.game.has_low:
            hero_low = 0
        out = tuple(
            _villain(p, seat, spot.known, q.k, board_cards, (hero_high, hero_low), q.game.has_low)
            for p, seat in zip(q.players[1:], spot.seats[1:], strict=True)
        )
        return Beats(
            hand=q.players[0].label,
            hand_high=high_name(hero_high),
            hand_low=low_name(hero_low) if hero_low else None,
            board=format_board(spot.board),
            dead=format_cards(spot.dead),
            game=q.game.name,
            villains=out,
        )
