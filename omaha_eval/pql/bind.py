"""A statement's from clause -> its table: the players, the game, the board
and the dead cards, read as every question is read (engine/question.py),
every card checked, the strata of a board or dead-card pattern listed, and
one board's spot prepared.  The first step of checking a statement
(check.py checks its expressions next); errors are QueryError at the
binding they are about.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
class _Bound:
    """A from clause as written: the game, the board, the dead cards, the
    players' texts and names, and where each key's value is in the text."""

    game: Any = "omaha8"
    board: str = ""
    dead: str = ""
    players: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    at: dict[str, int] = field(default_factory=dict)


def bind(statement: Statement, hole_cards: int | None = None, strict: bool = False) -> Table:
    """Read a statement's bindings and check its cards (QueryError, naming
    the column, for anything wrong).  `hole_cards`: the hand size when the
    players' text does not fix it; `strict`: text that looks like cards but
    is a pattern is an error."""
    bound = _bindings(statement)
    game, k = _game(bound, statement, hole_cards)
    if len(bound.players) < 2:
        raise QueryError(
            f"a statement deals to {PLAYERS[0]} to {MAX_PLAYERS} players (hero='AA**', "
            "villain='*'); "
            f"{len(bound.players)} bound",
            statement.text,
            statement.bindings[0].at,
        )
    try:
        question, pairs, spot = _read(bound, game, k or hole_cards, strict)
    except OmahaEvalError as exc:
        # at the binding the error is about (its param: "card As is in both
        # hero and villain" is villain's), else at the first binding
        at = bound.at.get((exc.param or "").lower(), statement.bindings[0].at)
        raise QueryError(describe(exc), statement.text, at) from None
    shape = Shape(
        len(bound.players),
        question.k,
        0 if isinstance(question.dead, board_reader.CardPattern) else len(question.dead),
    )
    return Table(question, bound.names, pairs, spot, shape)


def _bindings(statement: Statement) -> _Bound:
    """The bindings sorted by what they bind: each key once, no player
    named as a keyword or a function."""
    text = statement.text
    bound = _Bound()
    for b in statement.bindings:
        key = b.key.lower()
        if key in bound.at:
            raise QueryError(f"{b.key} is bound twice", text, b.at)
        bound.at[key] = b.value_at
        if key == "game":
            bound.game = b.value
        elif key == "board":
            bound.board = b.value
        elif key == "dead":
            bound.dead = b.value
        else:
            if key in KEYWORDS or key in FUNCTIONS:
                raise QueryError(
                    f"a player may not be called {b.key!r}: it is a keyword", text, b.at
                )
            bound.players.append(b.value)
            bound.names.append(b.key)
    return bound


def _game(bound: _Bound, statement: Statement, hole_cards: int | None) -> tuple[Game, int | None]:
    """The game bound and the hole cards it deals (None: its name does not
    fix them), which must agree with `hole_cards`."""
    try:
        game, k = game_and_size(bound.game)
    except OmahaEvalError as exc:
        at = bound.at.get("game", statement.start)
        raise QueryError(describe(exc), statement.text, at) from None
    if k is not None and hole_cards is not None and k != hole_cards:
        raise QueryError(
            f"game: {bound.game!r} deals {k} hole cards, hole_cards asks {hole_cards}",
            statement.text,
            bound.at["game"],
        )
    return game, k


def _read(
    bound: _Bound, game: Game, k: int | None, strict: bool
) -> tuple[Question, Strata, Spot | None]:
    """The question of the bindings, its (board, dead) strata and, for one
    board, its spot prepared (a pattern's boards are prepared as they run)."""
    question = read_question(
        bound.players,
        bound.board,
        bound.dead,
        game=game,
        hole_cards=k,
        names=bound.names,
        strict=strict,
    )
    if question.patterned:
        pairs = board_reader.scenarios(question.board, question.dead, question.players)
        hands = [
            (bound.names[i], p.combos[0])
            for i, p in enumerate(question.players)
            if p.kind == "hand"
        ]
        _checks.disjoint(*hands)
        return question, pairs, None
    pairs = [(question.board, question.dead)]  # type: ignore[list-item]
    spot = prepare(question.players, question.k, *pairs[0], question.game, bound.names)
    return question, pairs, spot
