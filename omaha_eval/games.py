"""The games: the one registry of what a game is and what users may call it.

A game says whether the eight-or-better low counts (``omaha8``, hi/lo) or
the high takes the whole pot (``omaha``, high only), which hole-card counts
it is played with, and the names users type for it.  The registry owns
those counts (HOLE_SIZES: every size some game is played with) and the
number of players a deal holds (PLAYERS, docs/rules.md: 2 to 10).

Every entry point (``equity``, ``showdown``, the solver functions, queries,
the command line, batch files) reads a game through :func:`game`, and the C
core receives its ``code`` (``enum oe_game`` in src_c/oe_eval.h).

>>> game("PLO8").name, game("plo").has_low
('omaha8', False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import omaha_eval._core as _core
from omaha_eval.errors import OmahaEvalError, quote

__all__ = [
    "GAMES",
    "HOLE_SIZES",
    "MAX_PLAYERS",
    "OMAHA",
    "OMAHA8",
    "PLAYERS",
    "Game",
    "game",
    "game_and_size",
    "game_names",
]


@dataclass(frozen=True)
class Game:
    """One game: its name, title, whether the low counts, the hole-card
    counts it is played with, the other names users type, and its C value."""

    name: str
    title: str
    has_low: bool
    hole_sizes: tuple[int, ...]
    aliases: tuple[str, ...]
    code: int

    def __str__(self) -> str:
        return self.name


OMAHA8 = Game(
    name="omaha8",
    title="Omaha hi/lo, eight or better",
    has_low=True,
    hole_sizes=(4, 5, 6),
    aliases=("o8", "omaha-hilo", "omaha-hi-lo", "omaha-8", "plo8", "hilo"),
    code=_core.GAME_OMAHA8,
)
OMAHA = Game(
    name="omaha",
    title="Omaha high (no low)",
    has_low=False,
    hole_sizes=(4, 5, 6),
    aliases=("plo", "omaha-hi", "omaha-high", "high", "omahahi"),
    code=_core.GAME_OMAHA,
)
GAMES = (OMAHA8, OMAHA)

# Every hole-card count some game is played with.
HOLE_SIZES: tuple[int, ...] = tuple(sorted({k for g in GAMES for k in g.hole_sizes}))
# Players in one deal (docs/rules.md); whether their hands and the board fit
# the deck is checked per spot (engine/spot.py).  The C core is built for at
# most this many (a test checks).
PLAYERS = range(2, 11)
MAX_PLAYERS = PLAYERS[-1]

_BY_NAME = {alias: g for g in GAMES for alias in (g.name, *g.aliases)}
# Big O is no game of its own here: omaha8 with five hole cards, which the
# hands' size chooses; a name for it gets told so.
_BIG_O = re.compile(r"\s*big[\s_-]*o", re.IGNORECASE)
BIG_O_HINT = "Big O is omaha8 with five hole cards: give 5-card hands, the game stays omaha8"


def game_names() -> list[str]:
    """Every name a game may be given by, canonical names first (the
    five-card names of game_and_size aside)."""
    return [g.name for g in GAMES] + [a for g in GAMES for a in g.aliases]


# ProPokerTools' names of the five-card games: a game and its hole cards.
FIVE_CARD_NAMES = {"omahahi5": "omaha", "omaha85": "omaha8"}


def game_and_size(value: str | Game, name: str = "game") -> tuple[Game, int | None]:
    """A game and the hole cards its name fixes, if any: ProPokerTools'
    five-card names (``omaha85``, ``omahahi5``) fix 5; the others none."""
    if isinstance(value, str) and value.strip().lower() in FIVE_CARD_NAMES:
        return _BY_NAME[FIVE_CARD_NAMES[value.strip().lower()]], 5
    if isinstance(value, Game) or _BY_NAME.get(str(value).strip().lower()) is not None:
        return game(value, name), None
    raise _unknown(value, name, f"; or {', '.join(FIVE_CARD_NAMES)} (five hole cards)")


def game(value: str | Game, name: str = "game") -> Game:
    """The Game named by `value` (any name or alias, any case; a Game
    passes through).  Raises OmahaEvalError naming `name` otherwise."""
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        found = _BY_NAME.get(value.strip().lower())
        if found is not None:
            return found
    raise _unknown(value, name)


def _unknown(value: object, name: str, more: str = "") -> OmahaEvalError:
    """The error of a name that is no game (`more`: other names allowed)."""
    choices = "; ".join(f"{g.name} ({', '.join(g.aliases)})" for g in GAMES)
    detail = f"expected a game, one of {choices}{more}; got {quote(value)}"
    if isinstance(value, str) and _BIG_O.match(value):
        detail += f" ({BIG_O_HINT})"
    return OmahaEvalError(detail, param=name, value=value)
