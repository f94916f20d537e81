"""The weight left after removing cards (engine/weights.py): both ways to
it, direct and by inclusion-exclusion, against a walk over every pair."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_eval.engine import weights as w
from omaha_eval.engine.weights import live_weight


def _walk(hands, weights, against):
    """Every (row, hand) pair looked at: the plain definition."""
    out = []
    for row in against.tolist():
        total = 0.0
        for h, hand in enumerate(hands.tolist()):
            if not set(row) & set(hand):
                total += 1.0 if weights is None else float(weights[h])
        out.append(total)
    return np.array(out)


def _cards(rng, rows, k):
    cards = [rng.choice(52, k, replace=False) for _ in range(rows)]
    return np.array(cards, dtype=np.uint8).reshape(rows, k)


@settings(max_examples=25, deadline=None)
@given(
    k=st.integers(4, 6),
    ka=st.integers(1, 6),
    hands=st.integers(0, 60),
    rows=st.integers(0, 12),
    weighted=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_both_ways_give_the_weight_a_walk_finds(k, ka, hands, rows, weighted, seed):
    rng = np.random.default_rng(seed)
    held = _cards(rng, hands, k)
    against = _cards(rng, rows, ka)
    if rows and hands:  # a row sharing cards with a hand (and no card twice)
        shared = held[0, : min(k, ka)]
        others = [c for c in rng.permutation(52) if c not in held[0]][: ka - len(shared)]
        against[0] = np.concatenate([shared, np.array(others, dtype=np.uint8)])
    weights = rng.choice([0.25, 0.5, 1.0, 3.0], hands) if weighted else None
    want = _walk(held, weights, against)
    for way in (w._direct, w._by_subsets):
        if not (rows and hands):
            break
        got = way(held, np.ones(hands) if weights is None else weights, against, None)
        assert np.allclose(got, want, rtol=1e-12, atol=1e-9)
    got = live_weight(held, weights, against)
    if weights is None:
        assert np.array_equal(got, want)  # counts are exact
    else:
        assert np.allclose(got, want, rtol=1e-12, atol=1e-9)


@pytest.mark.parametrize("k", [4, 5, 6])
@pytest.mark.parametrize("new", [1, 2, 3])
def test_the_hands_missing_each_row_are_those_a_walk_finds(k, new):
    rng = np.random.default_rng(k * 10 + new)
    held = np.sort(_cards(rng, 3000, k), axis=1)
    weights = rng.choice([0.25, 0.5, 1.0, 3.0], len(held))
    reps = _cards(rng, 200, new)
    reps[:5] = held[:5, :new]  # rows sharing cards with the hands
    assert np.array_equal(live_weight(held, None, reps), _walk(held, None, reps))
    assert np.allclose(
        live_weight(held, weights, reps), _walk(held, weights, reps), rtol=1e-12, atol=1e-9
    )


def test_a_weight_that_is_only_rounding_is_zero():
    # two hands, the second blocked: by subsets its weight cancels to ~1e-17
    held = np.array([[0, 1, 2, 3], [4, 5, 6, 7]], dtype=np.uint8)
    weights = np.array([0.1, 0.7])
    against = np.array([[0, 4, 8, 9], [10, 11, 12, 13]], dtype=np.uint8)
    got = w._by_subsets(held, weights, against, None)
    assert abs(got[0]) < 1e-15
    assert np.array_equal(live_weight(held, weights, against)[:1], [0.0])


def test_a_stop_is_heard_between_steps():
    class Set:
        def is_set(self):
            return True

    held = _cards(np.random.default_rng(1), 50, 4)
    with pytest.raises(KeyboardInterrupt):
        w._by_subsets(held, np.ones(50), held, Set())
    with pytest.raises(KeyboardInterrupt):
        w._direct(held, np.ones(50), held, Set())


def test_one_row_against_millions_of_hands_goes_directly_and_stays_small():
    # a hero hand against every 6-card hand of a flop's deck: one mask pass
    rng = np.random.default_rng(3)
    held = _cards(rng, 200_000, 6)
    got = live_weight(held, None, held[:1])
    assert got[0] == float(
        ((held[:, :, None] == held[0][None, None, :]).any(axis=(1, 2)) == 0).sum()
    )
