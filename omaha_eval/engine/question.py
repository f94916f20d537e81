"""A question as read: its players, their hand size, the known cards and the game.

Every entry point that deals (``equity()``, queries, equity distributions,
the command line and its ``--plot``, batch spots through ``equity()``)
reads what it is asked here, once, with the readers of players
(engine/players.py) and of known cards (engine/boards.py), and passes the
Question on.  The game is read first, then the board and the dead cards,
then the players (range text last: it is the costly part).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from omaha_eval.engine.boards import CardPattern, Cards, read_cards
from omaha_eval.engine.players import Player, read_players
from omaha_eval.errors import OmahaEvalTypeError, quote
from omaha_eval.games import Game
from omaha_eval.games import game as read_game
from omaha_eval.streets import BOARD_SIZE

__all__ = ["BOARD_SIZES", "Question", "read_question"]

# Known board cards a question may hold: none (preflop) to a river, and the
# one or two face-up cards of Courchevel-style games.
BOARD_SIZES = range(BOARD_SIZE + 1)


@dataclass(frozen=True)
class Question:
    """What a question deals: its players (in order), their hole cards `k`,
    the board and dead cards (cards, or a CardPattern) and the game."""

    players: tuple[Player, ...]
    k: int
    board: Cards
    dead: Cards
    game: Game

    @property
    def patterned(self) -> bool:
        """Whether the board or the dead cards are a pattern."""
        return isinstance(self.board, CardPattern) or isinstance(self.dead, CardPattern)

    @property
    def notes(self) -> tuple[str, ...]:
        """How text that looks like cards was read as a pattern (players,
        then board and dead; engine/lookalikes.py): the results' first notes."""
        known = [c.note for c in (self.board, self.dead) if isinstance(c, CardPattern)]
        return tuple(n for n in [*(p.note for p in self.players), *known] if n is not None)


def read_question(
    players: Any,
    board: Any = "",
    dead: Any = "",
    *,
    game: Any = "omaha8",
    hole_cards: int | None = None,
    board_sizes: Sequence[int] = BOARD_SIZES,
    patterns: bool = True,
    names: Sequence[str] | None = None,
    weights: Sequence[tuple[Any, str] | None] | None = None,
    strict: bool = False,
) -> Question:
    """Read a question (bad input raises OmahaEvalError naming the
    parameter).  `board_sizes`: the board sizes the caller can answer;
    `patterns=False` refuses board and dead-card patterns; `names` and
    `weights` as for engine.players.read_players; `strict`: text that looks
    like cards but is not (engine/lookalikes.py) is an error, not a pattern."""
    if not isinstance(strict, bool):
        raise OmahaEvalTypeError(
            f"expected True or False, got {quote(strict)}", param="strict", value=strict
        )
    the_game = read_game(game)
    b = read_cards(board, "board", board_sizes, patterns=patterns, strict=strict)
    d = read_cards(dead, "dead", None, patterns=patterns, strict=strict)
    read, k = read_players(
        players, hole_cards, game=the_game, names=names, weights=weights, strict=strict
    )
    return Question(tuple(read), k, b, d, the_game)
