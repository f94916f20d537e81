"""Property tests: random well-formed range expressions agree with the plain
Python model (tests/oracles/ranges.py), and random text never makes the
parser fail with anything but OmahaEvalError."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import ranges as ref

from omaha_eval import OmahaEvalError, Range
from omaha_eval import _range_parse as rp

RANK_CHARS = list(ref.RANKS)
SPEC_RANKS = st.one_of(
    st.sampled_from(RANK_CHARS),
    st.frozensets(st.sampled_from(RANK_CHARS), min_size=2, max_size=4),
    st.sampled_from(["R", "O", "N", "P"]),
    st.just("*"),
)
SPEC_SUITS = st.sampled_from([None, None, "c", "d", "h", "s", "w", "x", "y", "z"])


def _no_repeated_card(pattern: list[tuple[Any, Any]]) -> bool:
    cards = [
        (r, s) for r, s in pattern if isinstance(r, str) and r in ref.RANKS and s in tuple("cdhs")
    ]
    return len(cards) == len(set(cards))


def patterns(max_cards: int) -> st.SearchStrategy[list[tuple[Any, Any]]]:
    spec = st.tuples(SPEC_RANKS, SPEC_SUITS)
    return st.lists(spec, min_size=1, max_size=max_cards).filter(_no_repeated_card)


def trees(max_cards: int) -> st.SearchStrategy[tuple[Any, ...]]:
    leaf = st.one_of(
        patterns(max_cards).map(lambda p: ("pat", p)),
        st.sampled_from(["ds", "ss", "rb", "np"]).map(lambda m: ("macro", m)),
    )
    return st.recursive(
        leaf,
        lambda sub: st.one_of(
            # weighted parts in unions, so that overlaps test which weight wins
            st.lists(
                st.one_of(sub, st.tuples(st.just("weight"), sub, st.sampled_from([0.5, 2.0]))),
                min_size=2,
                max_size=3,
            ).map(lambda items: ("union", items)),
            st.tuples(st.just("inter"), sub, sub),
            st.tuples(st.just("diff"), sub, sub),
            st.tuples(st.just("weight"), sub, st.sampled_from([0.25, 0.5, 2.0])),
        ),
        max_leaves=4,
    )


def _packed(rows: np.ndarray) -> np.ndarray:
    keys = np.zeros(rows.shape[0], dtype=np.int64)
    for col in range(rows.shape[1]):
        keys = keys * 52 + rows[:, col].astype(np.int64)
    return keys


def _check(tree: tuple[Any, ...], k: int, random_hands: np.ndarray) -> None:
    text = ref.render(tree)
    r = Range(text, hole_cards=k)
    rng = np.random.default_rng(zlib.crc32(text.encode()))
    picked = r.combos[rng.choice(len(r), min(len(r), 150), replace=False)] if len(r) else r.combos
    hands = np.concatenate([random_hands, picked])
    keys = _packed(r.combos)
    for hand, key in zip(hands.tolist(), _packed(hands).tolist(), strict=True):
        i = int(np.searchsorted(keys, key))
        got = float(r.weights[i]) if i < len(keys) and keys[i] == key else 0.0
        want = ref.weight_of(tuple(hand), tree)
        assert got == want, (text, hand, got, want)


def _random_hands(k: int, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.sort(np.array([rng.choice(52, k, replace=False) for _ in range(n)]), axis=1)


HANDS_4 = _random_hands(4, 300, 1)
HANDS_5 = _random_hands(5, 200, 2)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees(4))
def test_expressions_agree_with_the_model(tree: tuple[Any, ...]) -> None:
    _check(tree, 4, HANDS_4)


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees(5))
def test_five_card_expressions_agree_with_the_model(tree: tuple[Any, ...]) -> None:
    _check(tree, 5, HANDS_5)


PIECES = [*list("AKQJT98765432cdhswxyzRONBL*[](),:!@$%+-.01 "), "$ds", "$L", "10", "@0.5", "♠", "é"]


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.text(max_size=24), st.lists(st.sampled_from(PIECES), max_size=14).map("".join)))
def test_parser_is_total(text: str) -> None:
    try:
        rp.parse(text, 4)
    except OmahaEvalError as exc:
        assert "column" in str(exc) and "^" in str(exc)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join))
def test_ranges_only_raise_omaha_eval_error(text: str) -> None:
    try:
        r = Range(text)
    except OmahaEvalError:
        return
    assert r.combos.shape == (len(r), 4) and len(r.weights) == len(r)
    assert (r.weights > 0).all()
