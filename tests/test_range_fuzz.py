"""Fuzzing the range language.

Arbitrary text, and text built from the language's own tokens, goes to
Range(text, hole_cards): an OmahaEvalError, or a Range whose hands and
weights meet the documented invariants (distinct valid hands, ascending
rows, finite positive weights), which equity() then accepts or refuses with
an OmahaEvalError.
"""

from __future__ import annotations

import math
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval.errors import OmahaEvalError

EXAMPLES = int(os.environ.get("OMAHA_EVAL_FUZZ_EXAMPLES", "200"))
fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TOKENS = [
    *"AKQJT98765432",
    "10",
    *"cdhsxyzw",
    *"RONPBEFGILMUV",
    "$ds",
    "$ss",
    "$rb",
    "$np",
    "$DS",
    "$L",
    "$l",
    "$B",
    "$W",
    "!",
    ",",
    ":",
    "@",
    "@0.5",
    "@2",
    "@0",
    "@-1",
    "@nan",
    "@1e309",
    "+",
    "-",
    "*",
    "(",
    ")",
    "[",
    "]",
    "[A,2,3]",
    "[2-5]",
    "%",
    "15%",
    "5%-10%",
    "100%",
    "0%",
    "250%",
    " ",
    "AA",
    "KK",
    "AsKh7d2c",
    "AxAy",
    "RRON",
    "AA**",
    "A2+",
    "TT+",
    "KQ+",
]
range_text = st.one_of(
    st.text(max_size=12),
    st.lists(st.one_of(st.sampled_from(TOKENS), st.characters()), max_size=10).map("".join),
)


def check_range(r: object, k: int) -> None:
    combos, weights = r.combos, r.weights  # type: ignore[attr-defined]
    assert combos.dtype == np.uint8 and combos.ndim == 2 and combos.shape[1] == k
    assert weights.dtype == np.float64 and weights.shape == (len(combos),)
    assert len(r) == len(combos)  # type: ignore[arg-type]
    if len(combos):
        assert combos.max() <= 51
        assert (np.diff(combos.astype(int), axis=1) > 0).all()  # k distinct cards, ascending
        keys = np.zeros(len(combos), dtype=np.int64)
        for col in range(k):
            keys = keys * 52 + combos[:, col]
        assert (np.diff(keys) > 0).all()  # no hand twice, rows in order
        assert np.isfinite(weights).all() and (weights > 0).all()
    assert 0 <= r.fraction <= 1 and r.fraction == len(combos) / math.comb(52, k)  # type: ignore[attr-defined]


@pytest.mark.slow
@fuzz
@given(range_text, st.sampled_from([4, 4, 4, 5, 6]))
def test_range_any_text(text, k):
    try:
        r = oe.Range(text, hole_cards=k)
    except OmahaEvalError as exc:
        assert str(exc), text
        return
    check_range(r, k)


@fuzz
@given(range_text, st.one_of(st.integers(), st.floats(), st.text(max_size=2), st.none()))
def test_range_any_hole_cards(text, k):
    try:
        r = oe.Range(text, hole_cards=k)
    except OmahaEvalError:
        return
    assert k in (4, 5, 6) and not isinstance(k, bool)
    check_range(r, k)


@settings(fuzz, max_examples=max(EXAMPLES // 4, 20))
@given(range_text)
def test_range_into_equity(text):
    """A parsed range as a player: equity answers (summing to 1) or refuses
    with an OmahaEvalError (e.g. no hand left beside the hero's cards)."""
    try:
        r = oe.Range(text)
    except OmahaEvalError:
        return
    try:
        res = oe.equity(["As Ks 2d 3d", r], board="Qh 7c 4s", trials=2000, seed=1, threads=1)
    except OmahaEvalError:
        return
    assert sum(p.equity for p in res.players) == pytest.approx(1.0, abs=1e-9)
