"""Canonical boards and members (omaha_eval/solver/iso.py): the flop, turn and
river classes against the least images of tests/oracles/iso.py, and the
"Suit isomorphism" examples of docs/solver.md, run as shown."""

from __future__ import annotations

import doctest
import random
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from oracles import iso as ref

import omaha_eval as oe
from omaha_eval import OmahaEvalError

ROOT = Path(__file__).resolve().parent.parent


def test_canonical_flops_are_the_1755_classes_with_their_sizes():
    flops, counts = oe.canonical_flops()
    assert flops.shape == (1755, 3) and counts.shape == (1755,)
    every = np.array(list(combinations(range(52), 3)), np.uint8)
    sizes = Counter(ref.canonical_keys(every, (3,)).tolist())
    keys = ref.canonical_keys(flops, (3,)).tolist()
    assert len(set(keys)) == 1755  # one flop a class
    assert [sizes[k] for k in keys] == counts.tolist()
    assert int(counts.sum()) == 22100
    assert (np.diff(flops.astype(int), axis=1) > 0).all()


def test_canonical_flops_are_shared_and_read_only():
    flops, counts = oe.canonical_flops()
    assert oe.canonical_flops()[0] is flops
    with pytest.raises(ValueError):
        flops[0, 0] = 1
    with pytest.raises(ValueError):
        counts[0] = 1


def _flops(n, seed):
    rng = random.Random(seed)
    fixed = [[48, 49, 50], [48, 44, 0], [51, 47, 43], [0, 1, 5]]  # trips, two-tone, mono, paired
    return fixed + [sorted(rng.sample(range(52), 3)) for _ in range(n)]


@pytest.mark.parametrize("flop", _flops(8, 1))
def test_canonical_turns_are_the_classes_the_flop_leaves(flop):
    turns, counts = oe.canonical_turns(flop)
    classes: dict[object, list[int]] = {}
    for t in sorted(set(range(52)) - set(flop)):
        classes.setdefault(ref.canonical_key([flop, [t]]), []).append(t)
    expected = sorted((min(c), len(c)) for c in classes.values())
    assert list(zip(turns.tolist(), counts.tolist(), strict=True)) == expected
    assert int(counts.sum()) == 49


@pytest.mark.parametrize("flop", _flops(6, 2))
def test_canonical_rivers_are_the_classes_flop_and_turn_leave(flop):
    turn = next(t for t in (2, 3, 7, 51) if t not in flop)
    rivers, counts = oe.canonical_rivers(flop, [turn])
    classes: dict[object, list[int]] = {}
    for r in sorted(set(range(52)) - {*flop, turn}):
        classes.setdefault(ref.canonical_key([flop, [turn], [r]]), []).append(r)
    expected = sorted((min(c), len(c)) for c in classes.values())
    assert list(zip(rivers.tolist(), counts.tolist(), strict=True)) == expected
    assert int(counts.sum()) == 48


@pytest.mark.parametrize("seed", range(6))
def test_canonical_is_one_member_for_every_suit_permutation(seed):
    rng = random.Random(seed)
    k = rng.choice([4, 5, 6])
    n_board = rng.choice([0, 3, 4, 5])
    cards = rng.sample(range(52), k + n_board)
    hole, board = cards[:k], cards[k:]
    rounds = [hole, *([board[:3]] if n_board else []), *[[c] for c in board[3:]]]
    got = {
        tuple(np.concatenate(oe.canonical(ref.permute(hole, p), ref.permute(board, p))).tolist())
        for p in ref.SUIT_PERMUTATIONS
    }
    assert len(got) == 1
    member = list(got.pop())
    member_rounds = [
        member[:k],
        *([member[k : k + 3]] if n_board else []),
        *[[c] for c in member[k + 3 :]],
    ]
    assert ref.canonical_key(member_rounds) == ref.canonical_key(rounds)


def test_canonical_preflop_takes_no_board():
    hole, board = oe.canonical("As Ks Qd Jd")
    assert board.shape == (0,)
    assert oe.canonical("Ah Kh Qc Jc")[0].tolist() == hole.tolist()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: oe.canonical("As Ks Qd Jd", "2c 3c"),
            "board: expected 0, 3, 4 or 5 cards, got 2 in '2c 3c'",
        ),
        (lambda: oe.canonical("As Ks Qd", "2c 3c 4c"), "hole: expected 4, 5 or 6 cards, got 3"),
        (lambda: oe.canonical("As Ks Qd Jd", "2c 3c As"), "card As is in both hole and board"),
        (lambda: oe.canonical_turns("Ah Kh"), "flop: expected 3 cards, got 2 in 'Ah Kh'"),
        (lambda: oe.canonical_turns("Ah Kh Ah"), "flop: card Ah appears twice in 'Ah Kh Ah'"),
        (lambda: oe.canonical_rivers("Ah Kh 7c", "Kh"), "card Kh is in both flop and turn"),
        (
            lambda: oe.canonical_rivers("Ah Kh 7c", "2c 3c"),
            "turn: expected 1 cards, got 2 in '2c 3c'",
        ),
    ],
)
def test_bad_boards_are_refused_naming_the_parameter(call, message):
    with pytest.raises(OmahaEvalError) as info:
        call()
    assert message in str(info.value)


def _section(page: Path, title: str) -> str:
    text = page.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_docs_suit_isomorphism_examples_run_as_shown():
    section = _section(ROOT / "docs" / "solver.md", "Suit isomorphism")
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert blocks
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "solver.md", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def test_canonical_rivers_takes_a_bare_card_id_for_the_turn() -> None:
    # its hint says Cards | CardId: 40 is Qc, as the text is
    by_text = oe.canonical_rivers("Ks8d3c", "Qc")
    for turn in (40, np.uint8(40), [40]):
        rivers, counts = oe.canonical_rivers("Ks8d3c", turn)
        assert rivers.tolist() == by_text[0].tolist() and counts.tolist() == by_text[1].tolist()
    with pytest.raises(OmahaEvalError, match="turn"):
        oe.canonical_rivers("Ks8d3c", True)
