"""The hi/lo hand classes of a river solution's summary (docs/solver.md,
"Hand classes"): what a hand holds on the river, for the high against the
other player's range and for the low against the board's nut low.

- the high: the hand wins at least half the high against the other
  player's range (its pot share in the high-only game, ties counting half,
  card removal exact);
- the nut low: the best low this board allows (a low no hand beats);
- a missed high draw: some river card would have given the hand a straight
  or better on this turn, and the river did not.

Every combo is in exactly one class, tried in this order.  A summary of a
node (StrategySummary) is a row a class: its combos' share of the weight
there, their actions' frequencies and, at the root, their EV.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval import _display
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.engine.report import aligned
from omaha_eval.evaluator import high_category
from omaha_eval.games import Game
from omaha_eval.streets import BOARD_SIZE

__all__ = ["CLASSES", "ClassRow", "StrategySummary", "class_codes"]

# (name, label) in the order a summary shows them; a combo's code indexes this.
CLASSES = (
    ("scoop", "scoop candidates: the high, and the nut low or no low possible"),
    ("high", "the high without the nut low"),
    ("nut_low_missed", "the nut low with a missed high draw"),
    ("nut_low", "the nut low without the high"),
    ("low", "a lesser low without the high"),
    ("air", "neither the high nor a low"),
)
_CODE = {name: code for code, (name, _) in enumerate(CLASSES)}
_STRAIGHT = _core.CATEGORY_CODES["STRAIGHT"]  # and better: the draws' targets


def class_codes(
    board: CardArray, combos: CardArray, high_share: FloatArray, game: Game
) -> npt.NDArray[np.uint8]:
    """Each combo's class (an index into CLASSES): `high_share` is its pot
    share against the other range in the high-only game."""
    high, low = _core.rank_hands(board, combos)
    if not game.has_low:
        low = np.zeros_like(low)
    nut_low = int(_core.rank_all_hands(board)[1].max()) if game.has_low else 0
    has_high = high_share >= 0.5
    nut = (low == nut_low) & (nut_low > 0)
    codes = np.full(len(combos), _CODE["air"], np.uint8)
    codes[(low > 0) & ~nut & ~has_high] = _CODE["low"]
    codes[nut & ~has_high] = _CODE["nut_low"]
    codes[nut & ~has_high & _missed_draw(board, combos, high)] = _CODE["nut_low_missed"]
    codes[has_high & (nut_low > 0) & ~nut] = _CODE["high"]
    codes[has_high & (nut | (nut_low == 0))] = _CODE["scoop"]
    return codes


def _missed_draw(
    board: CardArray, combos: CardArray, high: npt.NDArray[np.uint16]
) -> npt.NDArray[np.bool_]:
    """Combos below a straight on the river that some other river card
    (one they do not hold) would have made a straight or better."""
    drew = np.zeros(len(combos), bool)
    below = _categories(high) < _STRAIGHT
    rivers = np.setdiff1d(np.arange(52), board[: BOARD_SIZE - 1])
    other = board.copy()
    for card in rivers.tolist():
        if card == int(board[-1]):
            continue
        free = ~(combos == card).any(axis=1) & below & ~drew
        if not free.any():
            continue
        other[-1] = card
        made, _ = _core.rank_hands(other, np.ascontiguousarray(combos[free]))
        drew[np.flatnonzero(free)[_categories(made) >= _STRAIGHT]] = True
    return drew & below


def _categories(high: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint8]:
    """The category codes of high values (evaluator.high_category's)."""
    return np.asarray(high_category(high.astype(np.int64)), np.uint8)


@dataclass(frozen=True)
class ClassRow:
    """One hand class at a node: its name and label, its combos there, its
    share of the acting player's weight there, the frequency of each action
    (the node's actions, in order) and, at the root, its EV in chips."""

    name: str
    label: str
    combos: int
    share: float
    frequencies: tuple[float, ...]
    ev: float | None


@dataclass(frozen=True)
class StrategySummary:
    """The strategy at one node by hand class (docs/solver.md, "Hand
    classes"), each class weighted by how often its combos get there; the
    last row is every combo."""

    line: str
    player: str
    actions: tuple[str, ...]
    rows: tuple[ClassRow, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "player": self.player,
            "actions": list(self.actions),
            "rows": [
                {
                    "class": r.name,
                    "label": r.label,
                    "combos": r.combos,
                    "share": r.share,
                    "frequencies": dict(zip(self.actions, r.frequencies, strict=True)),
                    "ev": r.ev,
                }
                for r in self.rows
            ],
        }

    def __str__(self) -> str:
        where = f"after {self.line}" if self.line else "at the root"
        header = ["class", "combos", "share", *self.actions, "EV"]
        cells = [
            [
                r.name,
                f"{r.combos:,}",
                _display.share(r.share),
                *(_display.share(f) for f in r.frequencies),
                "" if r.ev is None else f"{r.ev:.2f}",
            ]
            for r in self.rows
        ]
        return "\n".join([f"{self.player.upper()} to act {where}:", *aligned(header, cells)])
