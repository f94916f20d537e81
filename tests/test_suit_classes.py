"""The classes of hands under the suit permutations, computed once in C
(src_c/oe_suit_class.h, through the indexer of src_c/oe_iso.c and the
preflop keys of src_c/oe_ranges.c) and read by solver/classes.py: every
4-card hand against the slow oracle of tests/oracles/iso.py (the least image
over the 24 permutations)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from oracles import iso as ref

import omaha_eval as oe
import omaha_eval._preflop as _preflop
from omaha_eval.cards import parse_cards
from omaha_eval.solver.classes import hand_classes


def same_partition(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64]) -> bool:
    """a and b split the rows into the same classes."""
    pairs = np.unique(np.stack([a, b], axis=1), axis=0)
    return len(np.unique(a)) == len(np.unique(b)) == len(pairs)


def test_preflop_keys_and_indices_are_the_oracle_s_classes_of_every_4_card_hand() -> None:
    hands = oe.all_hands(4)
    oracle = ref.canonical_keys(hands, (4,))
    keys = _preflop.class_keys(hands).astype(np.int64)  # 52 bits: fits
    index = oe.HandIndexer(4, "preflop").index_many(hands)
    assert len(np.unique(oracle)) == _preflop.N_CLASSES[4] == 16_432
    assert same_partition(keys, oracle)
    assert same_partition(index, oracle)


@pytest.mark.parametrize(
    "board", ["Ks 7s 2s", "7h 7d 2h", "Ks 7s 2s 3s", "Ah Ad Kh Kd 2c", "9c 8d 7h"]
)
def test_board_classes_are_the_oracle_s_classes_of_every_4_card_hand(board: str) -> None:
    b = parse_cards(board)
    classes = hand_classes(b, "*")
    rows = classes.hands
    assert len(rows) == len(oe.all_hands(4)) - np.isin(oe.all_hands(4), b).any(axis=1).sum()
    # the board's rounds: the flop, then the turn and the river alone
    sizes = (4, 3, *([1] * (len(b) - 3)))
    deals = np.hstack([rows, np.broadcast_to(b, (len(rows), len(b)))])
    assert same_partition(classes.class_of, ref.canonical_keys(deals, sizes))
    # each class's id is its members' least hand_index, its orbit its size
    # among every hand (all hands are given)
    ids = oe.hand_index(classes.representatives)
    assert (ids == classes.class_ids).all()
    assert (classes.sizes == classes.orbit_sizes).all()
