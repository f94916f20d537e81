"""The shipped preflop order (percent ranges): integrity of the data file,
the suit-class keys, and a regenerated slice that must equal the file."""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from omaha_eval import _preflop
from omaha_eval.ranges import all_hands

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "gen_preflop_order.py"


def _plain_key(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Suit class by brute force: the smallest sorted relabelling over all 24."""
    return min(
        tuple(sorted(4 * (c // 4) + perm[c % 4] for c in hand))
        for perm in itertools.permutations(range(4))
    )


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_preflop_order", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_preflop_order"] = module  # dataclasses look the module up
    spec.loader.exec_module(module)
    return module


def test_class_keys_are_suit_classes() -> None:
    hands = all_hands(4)
    keys = _preflop.class_keys(hands)
    assert len(np.unique(keys)) == _preflop.N_CLASSES == 16_432
    rng = np.random.default_rng(11)
    rows = rng.choice(len(hands), 3000, replace=False)
    by_key: dict[int, tuple[int, ...]] = {}
    for i in rows.tolist():
        plain = _plain_key(tuple(hands[i].tolist()))
        assert by_key.setdefault(int(keys[i]), plain) == plain  # one key, one class
    assert len(set(by_key.values())) == len(by_key)  # one class, one key
    # five- and six-card hands are keyed the same way
    five = np.array([[51, 47, 43, 39, 35], [50, 46, 42, 38, 34], [51, 47, 43, 39, 34]], np.uint8)
    k5 = _preflop.class_keys(five)
    assert k5[0] == k5[1] != k5[2]


def test_representatives_round_trip() -> None:
    keys = np.unique(_preflop.class_keys(all_hands(4)))
    reps = np.array([_preflop.key_hand(int(k)) for k in keys], dtype=np.uint8)
    assert (_preflop.class_keys(reps) == keys).all()


def test_shipped_order_integrity() -> None:
    order = _preflop.shipped_order()
    assert len(order.keys) == 16_432
    assert order.counts.sum() == 270_725
    # every class exactly once, with its true number of hands
    keys, counts = np.unique(_preflop.class_keys(all_hands(4)), return_counts=True)
    by_key = np.argsort(order.keys)
    assert (order.keys[by_key] == keys).all()
    assert (order.counts[by_key] == counts).all()
    # best first, monotone
    assert (np.diff(order.equity) <= 0).all()
    assert order.start[0] == 0 and (np.diff(order.start) > 0).all()
    # the header says how it was made
    meta = " ".join(order.header)
    assert "tools/gen_preflop_order.py" in meta
    assert re.search(r"seed=\d+", meta) and re.search(r"deals=\d+", meta)


def test_script_regenerates_a_slice(generator: ModuleType) -> None:
    """Recompute a few classes with the file's seed and deal count: the same
    equities to the printed precision (the run is deterministic)."""
    order = _preflop.shipped_order()
    meta = " ".join(order.header)
    seed = int(re.search(r"seed=(\d+)", meta).group(1))  # type: ignore[union-attr]
    deals = int(re.search(r"deals=(\d+)", meta).group(1))  # type: ignore[union-attr]
    picks = [0, 1, 500, 8000, 16_431]
    results = generator.compute(order.keys[picks], seed, deals, workers=1)
    for i, (eq, se, used) in zip(picks, results, strict=True):
        assert round(eq, 6) == pytest.approx(order.equity[i], abs=1e-9)
        assert 0 < se < 0.01 and used > deals // 3


def test_generator_renders_its_format(generator: ModuleType) -> None:
    keys = np.unique(_preflop.class_keys(all_hands(4)))[:3]
    counts = np.array([1, 2, 3])
    results = [(0.5, 0.01, 10), (0.7, 0.01, 10), (0.6, 0.01, 10)]
    text = generator.render(keys, counts, results, 1, 10)
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert [line.split()[2] for line in lines] == ["0.700000", "0.600000", "0.500000"]
