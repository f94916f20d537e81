"""Hand classes on a board (omaha_eval.solver.classes): orbits against an
independent enumeration of the suit permutations, class vectors of
street_equity, river_shares and rank_board expanded back against the
per-hand vectors, and errors."""

from __future__ import annotations

from itertools import permutations
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval import OmahaEvalError

TOL = 1e-12


def _permute(cards: Any, perm: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """Cards with suit s replaced by perm[s] (rank kept)."""
    c = np.asarray(cards, dtype=np.int64)
    return 4 * (c // 4) + np.asarray(perm)[c % 4]


def _fixing(board: list[int]) -> list[tuple[int, ...]]:
    """The suit permutations that map the flop, the turn and the river each
    onto itself, found by trying all 24."""
    rounds = [board[:3]] + [[c] for c in board[3:]]
    return [
        p
        for p in permutations(range(4))
        if all(set(_permute(r, p).tolist()) == set(r) for r in rounds)
    ]


boards = st.lists(st.integers(0, 51), min_size=3, max_size=5, unique=True)


@settings(max_examples=60, deadline=None)
@given(boards, st.integers(0, 2**32 - 1), st.sampled_from([4, 5, 6]))
def test_property_classes_are_the_orbits_of_the_board_permutations(
    board: list[int], seed: int, k: int
) -> None:
    """Every permutation fixing the board maps a hand into its own class,
    and two hands share a class only if one of them maps onto the other."""
    rng = np.random.default_rng(seed)
    deck = np.setdiff1d(np.arange(52), board)
    base = np.array([np.sort(rng.choice(deck, size=k, replace=False)) for _ in range(6)])
    perms = _fixing(board)
    images = np.array([np.sort(_permute(h, p)) for h in base for p in perms], dtype=np.uint8)
    c = oe.hand_classes(board, images)
    assert int(c.sizes.sum()) == len(images)
    per_base = c.class_of.reshape(len(base), len(perms))
    assert (per_base == per_base[:, :1]).all()  # the whole orbit in one class
    for a in range(len(base)):
        for b in range(a):
            related = any(np.array_equal(np.sort(_permute(base[a], p)), base[b]) for p in perms)
            assert (per_base[a, 0] == per_base[b, 0]) == related
    # representatives: the member of smallest hand_index, cards ascending
    for i, cls in enumerate(c.class_of):
        assert c.class_ids[cls] == min(
            oe.hand_index(np.sort(_permute(images[i], p))) for p in perms
        )
    assert np.array_equal(oe.hand_index(c.representatives), c.class_ids)
    assert (np.diff(c.class_ids) > 0).all()


@pytest.mark.parametrize(
    "board", ["Ks 7s 2s", "Ks Kh 2d", "Ks 7d 2h", "9c 9d 9h 4c", "Ks 7s 2s 4h 4d"]
)
def test_every_hand_counts_once_and_orbits_fill_the_deck(board: str) -> None:
    """With every hand, each class holds its whole orbit; the orbit sizes
    agree with Burnside's count of orbits over the permutations fixing it."""
    c = oe.hand_classes(board, "*")
    b = oe.parse_cards(board).tolist()
    assert np.array_equal(c.sizes, c.orbit_sizes)
    assert (
        int(c.sizes.sum())
        == len(c.hands)
        == len(oe.all_hands()) - int(np.isin(oe.all_hands(), b).any(axis=1).sum())
    )
    fixed = 0  # Burnside: orbits = mean over the group of the hands each permutation fixes
    for p in _fixing(b):
        image = np.sort(_permute(c.hands, p), axis=1)
        fixed += int((image == c.hands).all(axis=1).sum())
    assert fixed % len(_fixing(b)) == 0 and len(c) == fixed // len(_fixing(b))


@pytest.mark.parametrize(
    ("board", "villain"),
    [
        ("Qs 8s 3d", "KK, QQ@0.5, 22"),
        ("Qs 8h 3d 3c", "AA, 20%"),
        ("Qs 8s 3s 5s 2h", "JT, 9876"),
    ],
)
def test_class_street_equity_expands_to_the_per_hand_vectors(board: str, villain: str) -> None:
    hero = {3: "AKJT", 4: "AK, 99:s", 5: "*"}[len(board.split())]
    c = oe.hand_classes(board, hero)
    by_class = oe.street_equity(board, c, villain)
    per_hand = oe.street_equity(board, c.hands, villain)
    assert by_class.hero_combos.shape == (len(c), c.hands.shape[1])
    assert np.array_equal(by_class.hero_combos, c.representatives)
    for name in ("hi_share", "lo_share", "scoop", "live_weight"):
        got, want = c.expand(getattr(by_class, name)), getattr(per_hand, name)
        assert np.nanmax(np.abs(got - want) / np.maximum(1, np.abs(want))) <= TOL, name


def test_class_rank_board_and_river_shares_expand_exactly() -> None:
    board = "Ks 7s 2s 9s 4s"  # monotone: the other three suits trade freely
    c = oe.hand_classes(board, "*")
    high, low = oe.rank_board(board, c)
    all_high, all_low = oe.rank_board(board, c.hands)
    assert len(high) == len(c) < len(c.hands)
    assert np.array_equal(c.expand(high), all_high) and np.array_equal(c.expand(low), all_low)
    sample = oe.hand_classes(board, "AA, KQJ")
    r = oe.river_shares(board, sample, "TT, 15%")
    full = oe.river_shares(board, sample.hands, "TT, 15%")
    assert np.nanmax(np.abs(sample.expand(r.equity) - full.equity)) <= TOL


def test_class_weights_are_each_members_weight() -> None:
    board = "Jh 9h 2c 5d"
    villain = oe.hand_classes(board, "QQ, T8")
    w = np.random.default_rng(3).random(len(villain))
    a = oe.street_equity(board, "AA", villain, w)
    b = oe.street_equity(board, "AA", villain.hands, villain.expand(w))
    for name in ("equity", "scoop", "live_weight"):
        assert np.array_equal(getattr(a, name), getattr(b, name), equal_nan=True)
    hero = oe.hand_classes(board, "AA")
    r = oe.street_equity(board, hero, villain, w)  # symmetric: class weights are
    assert np.nanmax(np.abs(hero.expand(r.equity) - a.equity)) <= TOL


def test_to_classes_and_expand_undo_each_other() -> None:
    c = oe.hand_classes("Ks Kh 2d", "A2, 22")
    class_vector = np.random.default_rng(1).random(len(c))
    # a mean of equal values: the value, to the rounding of the sum
    assert np.allclose(c.to_classes(c.expand(class_vector)), class_vector, rtol=1e-15, atol=0)
    rows = np.random.default_rng(2).random((len(c), 3))
    assert np.array_equal(c.expand(rows), rows[c.class_of])
    per_hand = np.arange(len(c.hands), dtype=float)
    means = c.to_classes(per_hand)
    for cls in (0, len(c) - 1):
        assert means[cls] == pytest.approx(per_hand[c.class_of == cls].mean())


def test_asymmetric_villain_with_class_values_is_an_error() -> None:
    c = oe.hand_classes("Ks 7s 2s", "AA")
    with pytest.raises(OmahaEvalError, match=r"^villain: class values need a range .*but 2c2dKdKh"):
        oe.street_equity("Ks 7s 2s", c, "KhKd")
    river = oe.hand_classes("Ks 7s 2s 9s 4s", "AA")
    weights = np.ones(len(river.hands))
    weights[0] = 2.0  # one member of a class weighs more than the others
    with pytest.raises(OmahaEvalError, match=r"^villain_combos: class values"):
        oe.river_shares("Ks 7s 2s 9s 4s", river, river.hands, weights)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda c: oe.street_equity("Ks 7s 3s", c, "KK"), "^hero: the classes of board Ks7s2s"),
        (lambda c: oe.street_equity("Ks 7s 2s 4d", c, "KK"), "^hero: the classes of board"),
        (lambda c: oe.rank_board("Ks 7s 2s 4d 5d", c), "^hands: the classes of board"),
        (
            lambda c: oe.street_equity("Ks 7s 2s", "KK", c, [1.0]),
            "^villain_weights: expected shape",
        ),
        (lambda c: c.expand([1.0, 2.0]), "^class_values: expected"),
        (lambda c: c.to_classes([1.0]), "^values: expected"),
        (lambda c: oe.hand_classes("Ks 7s", "AA"), "^board: expected 3, 4 or 5 cards"),
        (lambda c: oe.hand_classes("Ks 7s 2s", [[47, 1, 2, 3]]), "^hands: row 0"),
    ],
)
def test_bad_input_names_the_parameter(call: Any, message: str) -> None:
    with pytest.raises(OmahaEvalError, match=message):
        call(oe.hand_classes("Ks 7s 2s", "AA"))


def test_same_flop_in_another_order_is_the_same_board() -> None:
    c = oe.hand_classes("Ks 7s 2s", "AA")
    a = oe.street_equity("2s Ks 7s", c, "KK")
    b = oe.street_equity("Ks 7s 2s", c, "KK")
    assert np.array_equal(np.isnan(a.equity), np.isnan(b.equity))
    assert np.nanmax(np.abs(a.equity - b.equity)) <= TOL  # the sums' order differs
