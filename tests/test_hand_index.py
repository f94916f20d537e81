"""all_hands(k) and hand_index for 4-, 5- and 6-card hands against
itertools and a plain-Python lexicographic rank."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, combinations, islice
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.hands import hand_table


def lexicographic_rank(hand: list[int]) -> int:
    """Row of a hand among the ascending k-card rows in dictionary order:
    the number of rows that agree with it up to some position and hold a
    smaller card there."""
    cards, k = sorted(hand), len(hand)
    rank, previous = 0, -1
    for position, card in enumerate(cards):
        for smaller in range(previous + 1, card):
            rank += comb(51 - smaller, k - position - 1)
        previous = card
    return rank


@pytest.fixture(scope="module")
def six_card_table() -> Iterator[np.ndarray]:
    yield oe.all_hands(6)
    hand_table.cache_clear()  # 122 MB: not kept for the rest of the run


def test_default_is_the_four_card_table() -> None:
    assert oe.all_hands() is oe.all_hands(4)
    assert oe.all_hands().shape == (oe.N_HANDS, 4) == (270725, 4)


def test_five_card_table_is_itertools_order() -> None:
    hands = oe.all_hands(5)
    assert hands.shape == (2598960, 5) and hands.dtype == np.uint8
    assert not hands.flags.writeable
    want = np.fromiter(
        chain.from_iterable(combinations(range(52), 5)), dtype=np.uint8, count=5 * comb(52, 5)
    ).reshape(-1, 5)
    assert np.array_equal(hands, want)
    assert np.array_equal(oe.hand_index(hands), np.arange(len(hands)))


def test_six_card_table(six_card_table: np.ndarray) -> None:
    hands = six_card_table
    assert hands.shape == (20358520, 6) and hands.dtype == np.uint8
    assert not hands.flags.writeable
    assert hands[0].tolist() == [0, 1, 2, 3, 4, 5]
    assert hands[-1].tolist() == [46, 47, 48, 49, 50, 51]
    # windows of the table against itertools, from the start and around a sample of rows
    assert np.array_equal(hands[:5000], np.array(list(islice(combinations(range(52), 6), 5000))))
    rng = np.random.default_rng(6)
    for start in rng.integers(0, len(hands) - 1000, size=20).tolist():
        window = hands[start : start + 1000]
        assert (np.diff(window.astype(np.int64), axis=1) > 0).all()  # rows ascending
        keys = window.astype(np.int64) @ (52 ** np.arange(5, -1, -1))
        assert (np.diff(keys) > 0).all()  # rows in dictionary order
        assert lexicographic_rank(window[0].tolist()) == start
    sample = rng.choice(len(hands), size=200_000, replace=False)
    assert np.array_equal(oe.hand_index(hands[sample]), sample)


@pytest.mark.parametrize("k", [4, 5, 6])
def test_hand_index_matches_the_plain_rank(k: int) -> None:
    rng = np.random.default_rng(k)
    hands = np.array([rng.choice(52, size=k, replace=False) for _ in range(300)], dtype=np.uint8)
    want = [lexicographic_rank(h) for h in hands.tolist()]
    assert oe.hand_index(hands).tolist() == want  # any card order
    assert [oe.hand_index(h) for h in hands.tolist()] == want
    assert oe.hand_index(hands).dtype == np.int64


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([4, 5, 6]).flatmap(
        lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)
    )
)
def test_property_single_hands(hand: list[int]) -> None:
    i = oe.hand_index(hand)
    assert isinstance(i, int) and i == lexicographic_rank(hand)
    assert 0 <= i < comb(52, len(hand))
    assert oe.hand_index(oe.format_cards(hand)) == i


def test_text_hands() -> None:
    assert oe.hand_index("2c 2d 2h 2s 3c") == 0
    assert oe.hand_index("As Ah Ad Ac Ks") == comb(52, 5) - 1
    assert oe.hand_index("2c 2d 2h 2s 3c 3d") == 0
    assert oe.hand_index("As Ah Ad Ac Ks Kh") == comb(52, 6) - 1
    i = oe.hand_index("Kd Ad 2s 3s 7h 7c")
    assert sorted(oe.all_hands(5)[oe.hand_index("Kd Ad 2s 3s 7h")].tolist()) == sorted(
        oe.parse_cards("Kd Ad 2s 3s 7h").tolist()
    )
    assert i == lexicographic_rank(oe.parse_cards("Kd Ad 2s 3s 7h 7c").tolist())


@pytest.mark.parametrize(
    ("k", "error", "message"),
    [
        (3, OmahaEvalError, "k: expected 4, 5 or 6 hole cards, got 3"),
        (7, OmahaEvalError, "got 7"),
        ("5", OmahaEvalTypeError, "k: expected 4, 5 or 6 hole cards, got '5'"),
        (True, OmahaEvalTypeError, "got True"),
        (5.5, OmahaEvalError, "got 5.5"),
    ],  # 5.0, a whole number, is 5 (tests/test_counts.py)
)
def test_all_hands_errors(k: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        oe.all_hands(k)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "error", "message"),
    [
        ("As Kd Qh", OmahaEvalError, "hand: expected 4, 5 or 6 cards, got 3 in 'As Kd Qh'"),
        ("As Kd Qh Jc Tc 9c 8c", OmahaEvalError, "expected 4, 5 or 6 cards, got 7"),
        ("As As Qh Jc Tc", OmahaEvalError, "appears twice"),
        ([[0, 1, 2, 3, 3]], OmahaEvalError, "row 0 repeats a card"),
        ([[0, 1, 2, 3, 4, 52]], OmahaEvalError, "card id 52 is outside 0..51"),
        ([[0, 1, 2, 3, 4, 5, 6]], OmahaEvalError, "expected 4, 5 or 6 cards per row"),
        ([[0.0, 1.0, 2.0, 3.0, 4.0]], OmahaEvalTypeError, "integer card ids"),
    ],
)
def test_hand_index_errors(hand: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        oe.hand_index(hand)
