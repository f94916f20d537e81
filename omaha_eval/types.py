"""The types of the public API: one name for each kind of input, and the arrays.

Type checkers (mypy, pyright) check calls against these names; at run time
every input is still read by its one reader (engine/players.py, boards.py,
seeds.py, games.game, _checks), which names the parameter and quotes the
input, so a call that type-checks can still be refused (a card twice, the
wrong number of cards, text that is not cards).  Annotate your own code
with them::

    from omaha_eval.types import Player, Seed

    def heads_up(hero: Player, villain: Player, seed: Seed = None) -> float:
        return omaha_eval.equity([hero, villain], seed=seed).players[0].equity

Card ids: id = 4 * rank + suit (omaha_eval.cards).  Integer arrays may have
any integer dtype; the package returns uint8 card arrays (CardArray) and
float64 figures (FloatArray).

>>> from omaha_eval.types import Cards
>>> import omaha_eval
>>> board: Cards = [51, 47, 43]  # As Ks Qs
>>> omaha_eval.format_cards(board)
'AsKsQs'
"""

from collections.abc import Sequence
from typing import Any, Literal, Protocol, TypeAlias, Union

import numpy as np
import numpy.typing as npt

from omaha_eval.games import Game

__all__ = [
    "BetSizes",
    "Board",
    "CardArray",
    "CardId",
    "CardIds",
    "CardRows",
    "Cards",
    "Contributions",
    "DeadCards",
    "FloatArray",
    "GameName",
    "HandRange",
    "Hands",
    "HighValues",
    "IntArray",
    "Player",
    "Reach",
    "Seed",
    "SpotHands",
    "SpotTable",
    "StopFlag",
    "Weights",
]

# ------------------------------------------------------------------ arrays
CardArray: TypeAlias = npt.NDArray[np.uint8]
"""Card ids as the package returns them: uint8, 1-D (one set) or (N, k)."""
FloatArray: TypeAlias = npt.NDArray[np.float64]
"""Figures as the package returns them: float64 arrays."""
IntArray: TypeAlias = npt.NDArray[np.integer[Any]]
"""An array of any integer dtype (card ids, high values, chips)."""

# ------------------------------------------------------------------ cards
CardId: TypeAlias = int | np.integer[Any]
"""One card id, 0..51 (a Python or a NumPy integer)."""
CardIds: TypeAlias = Sequence[CardId] | IntArray
"""Card ids: a sequence of ids, or an integer array (1-D for one set)."""
Cards: TypeAlias = str | CardIds
"""One set of cards: text (``"As Kd 3c 2h"``, ``"AsKd3c2h"``) or card ids."""
Board: TypeAlias = Cards
"""A board: 0 to 5 known cards, or, where a pattern is taken (equity,
distributions), range-language text such as ``"sss"`` (every all-spade flop)."""
DeadCards: TypeAlias = Cards
"""Cards known to be out of the deck: cards, or a pattern such as ``"AA"``."""
CardRows: TypeAlias = Sequence[Sequence[CardId]] | IntArray
"""Sets of cards one per row, (N, k) integer ids: hands, or boards."""
Hands: TypeAlias = Cards | CardRows
"""One hand (text or ids, giving one answer) or an (N, k) array of hands
(giving N answers)."""
SpotHands: TypeAlias = Sequence[Sequence[Sequence[CardId]]] | IntArray
"""The hands of N spots: (N, P, k) integer card ids, P players of k cards."""
HighValues: TypeAlias = Sequence[int | np.integer[Any]] | IntArray
"""High values (1..7462, omaha_eval.evaluator) as a sequence or an array."""

# ------------------------------------------------------------------ players
Weights: TypeAlias = (
    Sequence[float | np.floating[Any] | np.integer[Any]]
    | npt.NDArray[np.floating[Any] | np.integer[Any]]
)
"""Weights of hands, one per row: finite numbers >= 0."""


Reach: TypeAlias = (
    Sequence[float | np.floating[Any] | np.integer[Any]]
    | Sequence[Sequence[float | np.floating[Any] | np.integer[Any]]]
    | npt.NDArray[np.floating[Any] | np.integer[Any]]
)
"""How often a player arrives with each of its combos: one value per combo,
(M,), or T reach vectors at once, (T, M); finite numbers >= 0
(omaha_eval.solver.RiverShowdown)."""


class HandRange(Protocol):
    """A weighted set of hands: a :class:`~omaha_eval.Range`, or any object
    with ``combos`` ((K, k) card ids) and ``weights`` (K)."""

    @property
    def combos(self) -> CardRows: ...

    @property
    def weights(self) -> Weights: ...


Player: TypeAlias = Cards | CardRows | HandRange | tuple[CardRows, Weights]
"""One player (engine/players.py reads it): a hand (text or ids), ``"*"``
(a random hand), range text (``"AA:$ds, KK@0.5"``), an (K, k) array of
hands, a :class:`HandRange` (a Range), or a ``(combos, weights)`` pair."""
BetSizes: TypeAlias = str | Sequence[str | float]
"""Bet or raise sizes, fractions of the pot: ``"50%, 100%"``, ``("50%", 1.0)``
or ``"none"`` (no size)."""

# ------------------------------------------------------------------ options
# numpy.random's classes in quotes: it is imported when a run samples, not with
# the package (a union of a class and text needs Union)
Seed: TypeAlias = Union[int, np.integer[Any], "np.random.SeedSequence", "np.random.Generator", None]
"""A run's randomness: None (fresh), an int 0 <= seed < 2**128, a
SeedSequence or a Generator (engine/seeds.py)."""
GameName: TypeAlias = str | Game
"""A game: any name or alias of omaha_eval.games (``"omaha8"``, ``"plo"``...)
in any case, or a Game."""
Contributions: TypeAlias = Sequence[int | np.integer[Any]] | IntArray
"""The chips each seat put in a pot, one whole number >= 0 per seat."""


class StopFlag(Protocol):
    """What ``stop`` takes: a ``threading.Event`` set from another thread
    (or anything with ``is_set()``)."""

    def is_set(self) -> bool: ...


class SpotTable(Protocol):
    """A table of batch spots read by its rows: a pandas DataFrame."""

    @property
    def columns(self) -> Any: ...

    def to_dict(self, orient: Literal["records"]) -> Any: ...
