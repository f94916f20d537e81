"""How a range is listed for people: ``omaha-eval range`` and the web's
Range page show the same summary, weights and hands, in the same order.

- the order: a preflop table of the game (strongest first) or ``cards``,
  the order the range holds its hands in;
- the summary line and the weights, as text;
- each hand's text: cards.format_hands.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import omaha_eval._range_parse as rp
from omaha_eval.games import Game
from omaha_eval.preflop import TABLES, strength_order
from omaha_eval.ranges import Range

__all__ = [
    "CARDS",
    "ORDERS",
    "named_order",
    "order_name",
    "positions",
    "summary",
    "weight_counts",
    "weights_text",
]

CARDS = "cards"  # the order the range holds its hands in (rows ascending)
ORDERS = (*TABLES, CARDS)  # every order a listing takes


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
