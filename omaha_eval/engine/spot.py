"""A spot ready for the C core: its players after card removal, the known
cards, the estimated work of exact enumeration, and the C spot itself.

Card removal (docs/rules.md, "Equity"): range hands that touch a known card
(the board, the dead cards, a player's hand) cannot be dealt and are
dropped; a range left with one hand is that hand, whose cards are then
known too.  The deck must hold the board cards still to come (check_deck).
Both rules live here, for every entry point that deals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.engine.players import Kind, Player
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import Game

__all__ = [
    "C_KIND",
    "Seat",
    "Spot",
    "cards_left",
    "centring",
    "check_deck",
    "live_rows",
    "prepare",
    "unknown_hands",
    "with_hand",
]

# A deal's weight is the product of its range hands' weights; doubles hold
# about 10^-307..10^308, so the players' weights are centred (below) once the
# smallest product could pass 10^-DECADES_SAFE.
DECADES_SAFE = 290

C_KIND = {"hand": _core.EQ_FIXED, "range": _core.EQ_RANGE, "random": _core.EQ_RANDOM}


@dataclass
class Seat:
    """One player of a prepared spot: what was given, and what is left of it
    after card removal (``kind`` "hand" once a range is down to one hand)."""

    player: Player
    kind: Kind
    combos: CardArray
    weights: FloatArray
    live: int  # combos left; for a random hand, the hands it can be
    masks: npt.NDArray[np.uint64] | None = None  # a range's row masks, when known


@dataclass
class Spot:
    seats: list[Seat]
    k: int
    board: CardArray
    dead: CardArray
    game: Game
    known: int  # card mask: board, dead cards and every known hand

    @property
    def n(self) -> int:
        return len(self.seats)

    @property
    def deck(self) -> int:
        """Cards not known."""
        return 52 - self.known.bit_count()

    def work(self) -> float:
        """Estimated work of exact enumeration, in the units of engine/plan.py."""
        boards = math.comb(self.deck, 5 - len(self.board))
        sizes = [s.live for s in self.seats if s.kind != "hand"]
        fixed = sum(s.kind == "hand" for s in self.seats)
        # per board: each fixed hand, each range hand, each assignment (deal)
        return float(boards * (fixed + 5 * sum(sizes) + math.prod(sizes)))

    def c_spot(self, exact: bool) -> _core.EquitySpot:
        """The C spot; exact enumeration takes a random hand as the range of
        every hand of the cards not known, and centres the weights."""
        kinds, combos, weights, masks = self._c_players(exact)
        sampler = "independent" if exact else "auto"  # the spot picks its sampler (oe_deal.h)
        return _core.EquitySpot(
            self.k, self.game.code, self.board, self.known, kinds, combos, weights, masks, sampler
        )

    def c_graph(self, seat: int) -> _core.GraphSpot:
        """The C spot of many hands of player `seat` (oe_graph.h), sampled:
        the spot with that seat a fixed hand (its first hand, replaced by
        each hand run) and its cards not known; the other ranges keep the
        hands that clash with it (the C draws reject them)."""
        hero = self.seats[seat]
        hand = np.ascontiguousarray(hero.combos[:1], dtype=np.uint8)
        fixed = Seat(hero.player, "hand", hand, np.ones(1), 1)
        seats = [fixed if i == seat else s for i, s in enumerate(self.seats)]
        spot = Spot(seats, self.k, self.board, self.dead, self.game, self.known)
        known = self.known
        if hero.kind == "hand":  # a known hand's cards are out of `known` for the C spot
            known &= ~_checks.card_mask(hero.combos[0])
        kinds, combos, weights, masks = spot._c_players(exact=False)
        return _core.GraphSpot(
            self.k, self.game.code, self.board, known, kinds, combos, weights, masks, seat
        )

    def _c_players(
        self, exact: bool
    ) -> tuple[list[int], list[CardArray], list[FloatArray], list[npt.NDArray[np.uint64]]]:
        """The players as the C spots take them: kinds, combos, weights, masks."""
        kinds, combos, weights, masks = [], [], [], []
        scale = centring(self.seats) if exact else [1.0] * self.n
        for s, factor in zip(self.seats, scale, strict=True):
            c, w, kind = s.combos, s.weights, s.kind
            if kind == "random" and exact:
                c = unknown_hands(self.known, self.k)
                w = np.ones(len(c))
                kind = "range"
            kinds.append(C_KIND[kind])
            combos.append(np.ascontiguousarray(c, dtype=np.uint8))
            weights.append(np.ascontiguousarray(w * factor, dtype=np.float64))
            if kind != "range":
                masks.append(np.zeros(len(c), np.uint64))
            else:
                masks.append(
                    s.masks if s.masks is not None and c is s.combos else _checks.row_masks(c)
                )
        return kinds, combos, weights, masks


def centring(seats: list[Seat]) -> list[float]:
    """Factors for the players' weights (only relative weights matter) so that
    every product of one weight per range lies within double range: each
    range's weights, largest 1, are multiplied by the square root of their
    spread.  A product then lies between 10^-D/2 and 10^D/2, D the decades
    spanned by all ranges together; beyond 2 x DECADES_SAFE that cannot be
    held, and the spot is refused rather than answered wrong."""
    decades = [
        -math.log10(float(s.weights.min())) if s.kind == "range" and len(s.weights) else 0.0
        for s in seats
    ]
    total = sum(decades)
    if total <= DECADES_SAFE:
        return [1.0] * len(seats)
    if total > 2 * DECADES_SAFE:
        raise OmahaEvalError(
            f"the ranges' weights span {total:.0f} orders of magnitude together, "
            f"more than {2 * DECADES_SAFE} (the products of their weights would not fit a "
            "double); drop the hands whose weights are negligible",
            param="players",
        )
    return [10 ** (d / 2) for d in decades]


def unknown_hands(known: int, k: int) -> CardArray:
    """Every k-card hand of the cards not known, as rows of increasing ids."""
    deck = np.array([c for c in range(52) if not known >> c & 1], dtype=np.uint8)
    rows = np.arange(len(deck), dtype=np.uint8)[:, None]  # index combinations, by columns
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        more = len(deck) - 1 - last  # how many larger indices each row can take
        first = np.cumsum(more) - more
        step = np.arange(int(more.sum())) - np.repeat(first, more)
        column = (np.repeat(last + 1, more) + step).astype(np.uint8)
        rows = np.column_stack([np.repeat(rows, more, axis=0), column])
    return np.ascontiguousarray(deck[rows])


def cards_left(n: int, k: int, n_board: int, n_dead: int) -> int:
    """Cards of the deck not held by n players of k cards, the board or the
    dead cards, less the board cards still to come (negative: they do not fit)."""
    return 52 - n_board - n_dead - n * k - (_checks.BOARD_SIZE - n_board)


def check_deck(n: int, k: int, n_board: int, n_dead: int, name: str = "players") -> None:
    """The deck must hold every hand and the board cards to come."""
    if cards_left(n, k, n_board, n_dead) < 0:
        left = 52 - n_board - n_dead - n * k
        raise OmahaEvalError(
            f"too few cards left: {n} players x {k} hole cards, {n_board} board and "
            f"{n_dead} dead cards leave {max(left, 0)} for the {_checks.BOARD_SIZE - n_board} "
            "board cards to come",
            param=name,
        )


def live_rows(combos: CardArray, known: int) -> npt.NDArray[np.bool_]:
    """Which hands share no card with the `known` card mask."""
    live: npt.NDArray[np.bool_] = (_checks.row_masks(combos) & np.uint64(known)) == 0
    return live


def prepare(
    players: Sequence[Player],
    k: int,
    board: CardArray,
    dead: CardArray,
    game: Game,
    names: Sequence[str] | None = None,
) -> Spot:
    """Check the cards of a spot and remove the known ones from the ranges
    (`names`: the players' names in messages, default ``players[i]``)."""
    if names is None:
        names = [f"players[{i}]" for i in range(len(players))]
    if len(board) > _checks.BOARD_SIZE:
        raise OmahaEvalError(f"at most 5 cards, got {len(board)}", param="board")
    _checks.disjoint(
        ("board", board),
        ("dead", dead),
        *((names[i], p.combos[0]) for i, p in enumerate(players) if p.kind == "hand"),
    )
    check_deck(len(players), k, len(board), len(dead))
    seats = [Seat(p, p.kind, p.combos, p.weights, len(p.combos)) for p in players]
    known = _checks.card_mask(board) | _checks.card_mask(dead)
    for s in seats:
        if s.kind == "hand":
            known |= _checks.card_mask(s.combos[0])
    changed = True
    while changed:
        changed = False
        for i, s in enumerate(seats):
            if s.kind != "range":
                continue
            keep = live_rows(s.combos, known) & (s.weights > 0)
            if not keep.any():
                raise OmahaEvalError(
                    "no hand of the range is left after removing the board, "
                    "the dead cards and the other players' known hands (or every weight is 0)",
                    param=names[i],
                )
            if not keep.all():
                s.combos = np.ascontiguousarray(s.combos[keep])
                s.weights = np.ascontiguousarray(s.weights[keep])
                top = float(s.weights.max())
                s.weights = s.weights / top  # the largest live weight is 1 again
            s.live = len(s.combos)
            if s.live == 1:
                s.kind, s.weights = "hand", np.ones(1)
                known |= _checks.card_mask(s.combos[0])
                changed = True
    spot = Spot(seats, k, board, dead, game, known)
    for s in seats:
        if s.kind == "random":
            s.combos = np.zeros((0, k), np.uint8)
            s.live = math.comb(spot.deck, k)
    return spot


def with_hand(
    spot: Spot, seat: int, row: int, masks: Sequence[npt.NDArray[np.uint64] | None]
) -> Spot | None:
    """The prepared spot with player `seat` holding row `row` of its hands
    as a known hand: what prepare() gives for that hand in its place, the
    other ranges' hands that share a card with it removed as prepare()
    removes them (`masks`: each seat's row masks, made once for many
    rows), without reading the cards again.  None when a range is left no
    hand (the hand cannot be dealt against it)."""
    mine = spot.seats[seat]
    hand = np.ascontiguousarray(mine.combos[row : row + 1])
    known = spot.known | _checks.card_mask(hand[0])
    seats = [
        Seat(mine.player, "hand", hand, np.ones(1), 1)
        if i == seat
        else Seat(s.player, s.kind, s.combos, s.weights, s.live, masks[i])
        for i, s in enumerate(spot.seats)
    ]
    changed = True
    while changed:
        changed = False
        for s in seats:
            if s.kind != "range":
                continue
            assert s.masks is not None
            # one pass in C (a boolean index of the rows takes ten times as long)
            s.combos, weights, s.masks = _core.rows_clear_of(
                np.ascontiguousarray(s.combos, dtype=np.uint8),
                np.ascontiguousarray(s.weights, dtype=np.float64),
                np.ascontiguousarray(s.masks, dtype=np.uint64),
                known,
            )
            if not len(weights):
                return None
            s.weights = weights / float(weights.max())
            s.live = len(s.combos)
            if s.live == 1:
                s.kind, s.weights, s.masks = "hand", np.ones(1), None
                known |= _checks.card_mask(s.combos[0])
                changed = True
    out = Spot(seats, spot.k, spot.board, spot.dead, spot.game, known)
    for s in seats:
        if s.kind == "random":
            s.live = math.comb(out.deck, spot.k)
    return out
