"""A range written as whole hands (``AsKsQsJs, AhAd2c3d@0.5``) is read in
time proportional to its hands (issue 45 item 2e): the same hands and
weights as matching each as a pattern against every hand, which took 0.5-1.4
s a six-card hand and refused 40 of them as too costly."""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval import _range_parse as rp
from omaha_eval import ranges
from omaha_eval.hands import hand_table


def matched(text: str, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The range as the general reading gives it: every hand of k cards
    through the matcher."""
    mask, weights = ranges._expand(rp.parse(text, k), k, text)
    combos = ranges._rows(mask, hand_table(k))
    return combos, np.ones(len(combos)) if weights is None else weights


@st.composite
def hand_lists(draw: st.DrawFn) -> str:
    """Whole 4-card hands, some repeated or weighted, some in groups."""
    terms = []
    for _ in range(draw(st.integers(1, 5))):
        cards = draw(st.permutations(range(52)))[:4]
        term = " ".join(oe.format_cards([c]) for c in cards)  # any card order
        if draw(st.booleans()):
            term += f"@{draw(st.sampled_from(['0.5', '2', '0.25']))}"
        terms.append(term)
    again = terms[-1].split("@")[0]
    if len(terms) > 2 and draw(st.booleans()):  # a group with a weight of its own
        terms = [f"({', '.join(terms[:2])})@0.5", *terms[2:]]
    if draw(st.booleans()):
        terms.append(again)  # a hand again, unweighted
    return ", ".join(terms)


def _same_as_matching(text: str) -> None:
    r = oe.Range(text)
    combos, weights = matched(text, 4)
    assert r.combos.tolist() == combos.tolist()
    np.testing.assert_array_equal(r.weights, weights)


@settings(max_examples=40, deadline=None)  # each matches every hand, the slow way
@given(hand_lists())
def test_a_hand_list_holds_what_matching_every_hand_finds(text) -> None:
    _same_as_matching(text)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(hand_lists())
def test_many_hand_lists_hold_what_matching_every_hand_finds(text) -> None:
    _same_as_matching(text)


def test_brackets_of_whole_hands_are_a_hand_list_too() -> None:
    text = "As[Kd,Qd]2c3c, AhAd2c3d@0.5"
    r = oe.Range(text)
    combos, weights = matched(text, 4)
    assert len(r) == 3 and r.combos.tolist() == combos.tolist()
    np.testing.assert_array_equal(r.weights, weights)


def _six_card_hands(n: int) -> list[str]:
    rng = np.random.default_rng(45)
    return [oe.format_cards(rng.choice(52, 6, replace=False)) for _ in range(n)]


@pytest.mark.parametrize("n", [1, 40, 1000])
def test_six_card_hands_are_read_in_time_proportional_to_their_number(n) -> None:
    hands = _six_card_hands(n)
    start = time.process_time()
    r = oe.Range(", ".join(hands), hole_cards=6)
    spent = time.process_time() - start
    assert len(r) == len(set(map(frozenset, (oe.parse_cards(h).tolist() for h in hands))))
    assert spent < 0.05 + 0.001 * n  # seconds of CPU; was 0.5-1.4 s a hand, 40 refused
    assert all(h in r for h in hands)


def test_a_hand_list_as_a_player_is_read_as_fast() -> None:
    hands = _six_card_hands(40)
    start = time.process_time()
    result = oe.equity([", ".join(hands), "*"], board="2c3d4h", trials=2_000, seed=1)
    assert time.process_time() - start < 2.0
    assert result.players[0].kind == "range"
