"""How a range is listed for people: ``omaha-eval range`` and the web's
Range page show the same summary, weights and hands, in the same order.

- the order: a preflop table of the game (strongest first) or ``cards``,
  the order the range holds its hands in;
- the summary line and the weights, as text;
- each hand's text: cards.format_hands.
"""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt

import omaha_eval._preflop as _preflop
import omaha_eval._range_parse as rp
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.games import Game
from omaha_eval.preflop import TABLES, strength_order
from omaha_eval.ranges import Range

__all__ = [
    "CARDS",
    "FIRST_CHUNK",
    "ORDERS",
    "first_hands",
    "named_order",
    "order_name",
    "positions",
    "summary",
    "weight_counts",
    "weights_text",
]

CARDS = "cards"  # the order the range holds its hands in (rows ascending)
ORDERS = (*TABLES, CARDS)  # every order a listing takes
FIRST_CHUNK = 1 << 20  # hands of a range ordered at a time for its first hands


def named_order(text: str, hole_cards: int, game: Game) -> str:
    """The order a range text's percent terms name, when they all name one
    (``15%6h``: "6h"); else the heads-up order."""
    tree = rp.parse(text, hole_cards, game=game.name)  # read already: no error here
    tables = {node.table for node in rp.nodes(tree) if isinstance(node, rp.Percent)}
    return tables.pop() if len(tables) == 1 else "hu"


def order_name(game: Game, order: str) -> str:
    """How the order is named to people."""
    if order == CARDS:
        return "in card order"
    table = "heads-up" if order == "hu" else "six-handed"
    return f"best first in the {game.name} {table} preflop order"


def positions(r: Range, order: str, first: int | None = None) -> npt.NDArray[np.intp] | None:
    """Positions of the range's hands as listed (the first `first` of
    them); None: in card order, as the range holds them."""
    if order == CARDS:
        return None
    return strength_order(r, r.game, order, first=first)


def first_hands(r: Range, order: str, first: int) -> tuple[CardArray, FloatArray]:
    """The range's first `first` hands as listed, and their weights, in
    bounded memory: the range's own and a chunk of FIRST_CHUNK hands (a
    range of every hand, ``*`` or ``100%``, is not listed at all: its first
    hands are those of the best classes of the order)."""
    if r.holds_every_hand:
        hands = _first_of_every_hand(r.hole_cards, r.game, order, first)
        return hands, np.ones(len(hands))
    rows = _first_positions(r, order, first)
    return r.combos[rows], r.weights[rows]


def _first_positions(r: Range, order: str, first: int) -> slice | npt.NDArray[np.intp]:
    """The positions of the range's first `first` hands in `order` (as
    positions gives them), ordered a chunk of FIRST_CHUNK hands at a time,
    so that the memory is the range's own and a bound (a range of 20 M
    six-card hands) rather than several times it.

    The first hands overall are among the first of their chunk; the
    candidates keep the range's row order, so ordering them again breaks
    ties by row, as ordering all the hands does."""
    if order == CARDS:
        return slice(0, first)
    if len(r) <= FIRST_CHUNK:
        picked = positions(r, order, first=first)
        assert picked is not None
        return picked
    found = []
    for start in range(0, len(r), FIRST_CHUNK):
        chunk = r.combos[start : start + FIRST_CHUNK]
        found.append(start + np.sort(strength_order(chunk, r.game.name, order, first=first)))
    candidates = np.concatenate(found)
    best = strength_order(r.combos[candidates], r.game.name, order, first=first)
    rows: npt.NDArray[np.intp] = candidates[best]
    return rows


def _first_of_every_hand(k: int, game: Game, order: str, first: int) -> CardArray:
    """The first `first` of every k-card hand as listed, without listing the
    others: in card order the first rows of the hand order; else the hands
    of the best classes of the preflop order, ordered as positions orders
    them (class by class, then by row)."""
    if order == CARDS:
        rows = itertools.islice(itertools.combinations(range(52), k), first)
        return np.array(list(rows), dtype=np.uint8).reshape(-1, k)
    table = _preflop.load_order(k, game.name, order)
    best = table.ranking[: int(np.searchsorted(np.cumsum(table.counts[table.ranking]), first)) + 1]
    hands = _preflop.class_hands(np.sort(table.keys[best]), k)
    picked: CardArray = hands[strength_order(hands, game.name, order, first=first)]
    return picked


def weight_counts(weights: npt.NDArray[np.float64]) -> list[tuple[float, int]]:
    """The distinct weights, ascending, with how many hands have each."""
    if len(weights) and bool((weights == 1.0).all()):
        return [(1.0, len(weights))]
    values, counts = np.unique(weights, return_counts=True)
    return list(zip(values.tolist(), counts.tolist(), strict=True))


def summary(r: Range) -> str:
    """The range in one line: its hands, their share of all hands, the game."""
    return (
        f"{len(r):,} hands of {r.total:,} ({100 * r.fraction:.3f}%), "
        f"{r.hole_cards}-card {r.game.title}"
    )


def weights_text(weight: float, count: int) -> str:
    """One distinct weight and its hands: ``0.5 (6 hands)``."""
    return f"{weight:g} ({count:,} hands)"
