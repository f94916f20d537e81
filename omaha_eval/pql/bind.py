"""A statement's from clause -> its table: the players, the game, the board
and the dead cards, read as every question is read (engine/question.py),
every card checked, the strata of a board or dead-card pattern listed, and
one board's spot prepared.  The first step of checking a statement
(check.py checks its expressions next); errors are QueryError at the
binding they are about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
from omaha_eval.engine import boards as board_reader
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.spot import Spot, prepare
from omaha_eval.errors import OmahaEvalError, describe
from omaha_eval.games import MAX_PLAYERS, PLAYERS, Game, game_and_size
from omaha_eval.pql.functions import FUNCTIONS, KEYWORDS, Shape
from omaha_eval.pql.syntax import QueryError, Statement

__all__ = ["Strata", "Table", "bind"]

Strata = list[tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]]  # (board, dead) pairs


@dataclass(frozen=True)
class Table:
    """Who plays and what is known: the question read from the bindings,
    the players' names in their seats' order, the (board, dead) strata (one
    pair, or every board of a pattern), the spot of one board (prepared and
    checked; a pattern: None) and the shape functions' costs read."""

    question: Question
    players: list[str]
    pairs: Strata
    spot: Spot | None
    shape: Shape

    @property
    def game(self) -> Game:
        return self.question.game


def bind(statement: Statement, hole_cards: int | None = None, strict: bool = False) -> Table:
    """Read a statement's bindings and check its cards (QueryError, naming
    the column, for anything wrong).  `hole_cards`: the hand size when the
    players' text does not fix it; `strict`: text that looks like cards but
    is a pattern is an error."""
    text = statement.text
    seen: dict[str, int] = {}
    game_value: Any = "omaha8"
    board: str = ""
    dead: str = ""
    players: list[str] = []
    names: list[str] = []
    at_of: dict[str, int] = {}
    for b in statement.bindings:
        key = b.key.lower()
        if key in seen:
            raise QueryError(f"{b.key} is bound twice", text, b.at)
        seen[key] = b.at
        at_of[key] = b.value_at
        if key == "game":
            game_value = b.value
        elif key == "board":
            board = b.value
        elif key == "dead":
            dead = b.value
        else:
            if key in KEYWORDS or key in FUNCTIONS:
                raise QueryError(
                    f"a player may not be called {b.key!r}: it is a keyword", text, b.at
                )
            players.append(b.value)
            names.append(b.key)
    try:
        game, k = game_and_size(game_value)
    except OmahaEvalError as exc:
        raise QueryError(describe(exc), text, at_of.get("game", statement.start)) from None
    if k is not None and hole_cards is not None and k != hole_cards:
        raise QueryError(
            f"game: {game_value!r} deals {k} hole cards, hole_cards asks {hole_cards}",
            text,
            at_of["game"],
        )
    if len(players) < 2:
        raise QueryError(
            f"a statement deals to {PLAYERS[0]} to {MAX_PLAYERS} players (hero='AA**', "
            "villain='*'); "
            f"{len(players)} bound",
            text,
            statement.bindings[0].at,
        )

    def where_from(exc: OmahaEvalError) -> QueryError:
        """The error at the binding it is about (its param: "card As is in
        both hero and villain" is villain's), else at the first binding."""
        at = at_of.get((exc.param or "").lower(), statement.bindings[0].at)
        return QueryError(describe(exc), text, at)

    try:
        question = read_question(
            players, board, dead, game=game, hole_cards=k or hole_cards, names=names, strict=strict
        )
        spot: Spot | None = None
        if question.patterned:  # each board's spot is prepared as it runs
            pairs = board_reader.scenarios(question.board, question.dead, question.players)
            _checks.disjoint(
                *(
                    (names[i], p.combos[0])
                    for i, p in enumerate(question.players)
                    if p.kind == "hand"
                )
            )
        else:
            pairs = [(question.board, question.dead)]  # type: ignore[list-item]
            spot = prepare(question.players, question.k, *pairs[0], question.game, names)
    except OmahaEvalError as exc:
        raise where_from(exc) from None
    shape = Shape(
        len(players),
        question.k,
        0 if isinstance(question.dead, board_reader.CardPattern) else len(question.dead),
    )
    return Table(question, names, pairs, spot, shape)
