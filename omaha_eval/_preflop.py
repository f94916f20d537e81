"""The preflop order behind percent ranges (``15%``, ``5%-10%``): private.

Four-card hands fall into 16,432 classes under the 24 relabellings of the
suits.  A class is keyed by its four per-suit rank masks (13 bits each,
bit r = rank r) sorted in decreasing order and packed into one integer, so
hands that differ only by suit names share a key.

The order itself is data: ``omaha_eval/data/preflop_order_4.txt``, written
by ``tools/gen_preflop_order.py`` (the file's header says how).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval.cards import RANKS, SUITS

ORDER_FILE = "preflop_order_4.txt"
N_CLASSES = 16_432
N_HANDS = 270_725

# Representatives give the suit with the largest rank mask to spades, then
# hearts, diamonds, clubs (a fixed, readable choice).
_REP_SUITS = (3, 2, 1, 0)

# byte -> rank / suit number, for reading the order file's hand texts
_RANK_OF = np.zeros(256, dtype=np.int64)
_SUIT_OF = np.zeros(256, dtype=np.int64)
for _i, _ch in enumerate(RANKS):
    _RANK_OF[ord(_ch)] = _i
for _i, _ch in enumerate(SUITS):
    _SUIT_OF[ord(_ch)] = _i


def class_keys(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """Suit-isomorphism key of each row of an (N, k) array of card ids
    (computed in C: src_c/oe_ranges.h, oe_suit_class_keys)."""
    return _core.suit_class_keys(np.ascontiguousarray(hands, dtype=np.uint8))


def key_hand(key: int) -> list[int]:
    """The representative hand (card ids, best card first) of a class key."""
    cards = []
    for i, suit in enumerate(_REP_SUITS):
        mask = (key >> (39 - 13 * i)) & 0x1FFF
        cards += [4 * r + suit for r in range(13) if mask >> r & 1]
    return sorted(cards, key=lambda c: (c >> 2, c & 3), reverse=True)


def hand_text(cards: list[int]) -> str:
    return "".join(RANKS[c >> 2] + SUITS[c & 3] for c in cards)


@dataclass(frozen=True)
class PreflopOrder:
    """The shipped order: class keys best first, their hand counts, equities,
    and where each class starts as a fraction of all hands."""

    keys: npt.NDArray[np.uint64]
    counts: npt.NDArray[np.int64]
    equity: npt.NDArray[np.float64]
    start: npt.NDArray[np.float64]  # share of all hands in better classes
    header: tuple[str, ...]


def read_order(text: str) -> PreflopOrder:
    """Parse the order file (see tools/gen_preflop_order.py for its format)."""
    header = [line[1:].strip() for line in text.splitlines() if line.startswith("#")]
    fields = " ".join(line for line in text.splitlines() if not line.startswith("#")).split()
    hands = np.frombuffer("".join(fields[0::4]).encode("ascii"), dtype=np.uint8).reshape(-1, 8)
    ids = 4 * _RANK_OF[hands[:, 0::2]] + _SUIT_OF[hands[:, 1::2]]
    counts = [int(x) for x in fields[1::4]]
    equity = [float(x) for x in fields[2::4]]
    c = np.array(counts, dtype=np.int64)
    start = (np.cumsum(c) - c) / N_HANDS
    return PreflopOrder(
        keys=class_keys(ids.astype(np.uint8)),
        counts=c,
        equity=np.array(equity, dtype=np.float64),
        start=start,
        header=tuple(header),
    )


@lru_cache(maxsize=1)
def shipped_order() -> PreflopOrder:
    """The order shipped with the package (read once per process)."""
    text = resources.files("omaha_eval").joinpath(f"data/{ORDER_FILE}").read_text("ascii")
    return read_order(text)
