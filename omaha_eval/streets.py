"""The streets of a deal and the board cards each has dealt: the one owner
of board sizes (CONTRIBUTING.md's owners; docs/rules.md: the board grows 3,
the flop, 4, the turn, 5, the river).

>>> STREETS["turn"], STREET_OF_SIZE[5], DEALT_BOARDS
(4, 'river', (3, 4, 5))
>>> rounds("river")
(3, 1, 1)
"""

from __future__ import annotations

__all__ = [
    "BOARD_SIZE",
    "DEALT_BOARDS",
    "FLOP",
    "RIVER",
    "STREETS",
    "STREET_BOARDS",
    "STREET_OF_SIZE",
    "TURN",
    "rounds",
]

# Board cards dealt by each street, in the order they come.
STREETS: dict[str, int] = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
STREET_OF_SIZE: dict[int, str] = {size: name for name, size in STREETS.items()}
FLOP, TURN, RIVER = STREETS["flop"], STREETS["turn"], STREETS["river"]
BOARD_SIZE = RIVER  # a whole board
# Boards hands are made on: a flop, a turn or a river.
DEALT_BOARDS: tuple[int, ...] = (FLOP, TURN, RIVER)
# Every street's board, preflop (none) to the river.
STREET_BOARDS: tuple[int, ...] = tuple(STREETS.values())


def rounds(street: str) -> tuple[int, ...]:
    """The cards each round of the board deals up to `street` (a key of
    STREETS): the flop's three, then the turn's and the river's one each."""
    sizes = STREET_BOARDS[1 : STREET_BOARDS.index(STREETS[street]) + 1]
    return tuple(b - a for a, b in zip((0, *sizes), sizes, strict=False))
