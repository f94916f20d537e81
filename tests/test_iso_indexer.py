"""HandIndexer (omaha_eval/solver/iso.py, src_c/oe_iso.c) against the plain
oracles of tests/oracles/iso.py: sizes are the Burnside orbit counts, the
index is a bijection from the classes onto [0, size), every suit
permutation of a deal gets its index, and unindex gives a member of the
class; bad input is refused by name."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import iso as ref

import omaha_eval as oe
import omaha_eval._core as _core
from omaha_eval import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.solver.iso import STREETS

SHAPES = [(k, street) for k in (4, 5, 6) for street in STREETS]


def _sizes(k, street):
    return (k, *STREETS[street])


@pytest.mark.parametrize(("k", "street"), SHAPES)
def test_size_is_the_burnside_orbit_count(k, street):
    assert oe.HandIndexer(k, street).size == ref.orbit_count(_sizes(k, street))


@pytest.mark.parametrize("sizes", [(2,), (2, 3), (2, 3, 1), (2, 3, 1, 1), (3,), (3, 1), (3, 1, 1)])
def test_other_round_structures_are_burnside_counts_too(sizes):
    """The core is generic: Hold'em (169, 1,286,792, ...) and boards alone."""
    assert _core.Isomorphism(sizes).size == ref.orbit_count(sizes)


def test_burnside_oracle_agrees_with_enumeration_of_flops_and_4_card_hands():
    flops = np.array(list(combinations(range(52), 3)), np.uint8)
    assert len(np.unique(ref.canonical_keys(flops, (3,)))) == ref.orbit_count((3,)) == 1755
    hands = oe.all_hands(4)
    assert len(np.unique(ref.canonical_keys(hands, (4,)))) == ref.orbit_count((4,)) == 16432


def _classes_match(index, keys):
    """index and the oracle's keys induce the same partition of the rows."""
    n_index, n_keys = len(np.unique(index)), len(np.unique(keys))
    pairs = np.unique(np.stack([index, keys], axis=1), axis=0)
    return n_index == n_keys == len(pairs)


def test_preflop_4_card_index_is_a_bijection_from_the_classes():
    indexer = oe.HandIndexer(4, "preflop")
    hands = oe.all_hands(4)
    index = indexer.index_many(hands)
    assert np.array_equal(np.unique(index), np.arange(indexer.size))
    assert _classes_match(index, ref.canonical_keys(hands, (4,)))


@pytest.mark.parametrize("k", [4, 5, 6])
def test_preflop_unindex_then_index_is_every_index(k):
    indexer = oe.HandIndexer(k, "preflop")
    every = np.arange(indexer.size)
    holes, boards = indexer.unindex_many(every)
    assert boards.shape == (indexer.size, 0)
    assert np.array_equal(indexer.index_many(holes), every)
    assert (np.diff(holes.astype(int), axis=1) > 0).all()  # ascending, no card twice


@pytest.mark.slow
def test_preflop_5_card_index_is_a_bijection_from_the_classes():
    indexer = oe.HandIndexer(5, "preflop")
    hands = oe.all_hands(5)
    index = indexer.index_many(hands)
    assert np.array_equal(np.unique(index), np.arange(indexer.size))
    assert _classes_match(index, ref.canonical_keys(hands, (5,)))


def _random_deals(rng, n, sizes):
    rows = np.array([rng.sample(range(52), sum(sizes)) for _ in range(n)], np.uint8)
    return rows[:, : sizes[0]], rows[:, sizes[0] :]


def test_4_card_flop_classes_on_a_sample_match_the_oracle():
    """Equal indices exactly where the least images are equal, on deals
    drawn to collide often (few ranks) and the unindexed members of
    random indices."""
    rng = random.Random(20261202)
    indexer = oe.HandIndexer(4, "flop")
    deck = [c for c in range(52) if c // 4 in (0, 1, 5, 12)]  # 16 cards: many shared classes
    rows = np.array([rng.sample(deck, 7) for _ in range(20000)], np.uint8)
    holes, boards = rows[:, :4], rows[:, 4:]
    index = indexer.index_many(holes, boards)
    assert _classes_match(index, ref.canonical_keys(rows, (4, 3)))
    assert len(np.unique(index)) < 15000  # the sample does share classes


@pytest.mark.parametrize(("k", "street"), SHAPES)
def test_random_indices_survive_unindex_then_index(k, street):
    indexer = oe.HandIndexer(k, street)
    rng = np.random.default_rng(20261202)
    index = np.concatenate([[0, indexer.size - 1], rng.integers(0, indexer.size, 3000)])
    holes, boards = indexer.unindex_many(index)
    assert np.array_equal(indexer.index_many(holes, boards if street != "preflop" else None), index)
    rows = np.hstack([holes, boards]).astype(int)
    assert all(len(set(r)) == len(r) for r in rows.tolist())


@pytest.mark.parametrize(("k", "street"), [(4, "flop"), (4, "river"), (6, "turn")])
def test_batch_index_equals_one_at_a_time(k, street):
    indexer = oe.HandIndexer(k, street)
    holes, boards = _random_deals(random.Random(7), 200, _sizes(k, street))
    one = [indexer.index(h, b) for h, b in zip(holes, boards, strict=True)]
    assert indexer.index_many(holes, boards).tolist() == one


@st.composite
def deals(draw):
    k = draw(st.sampled_from([4, 5, 6]))
    street = draw(st.sampled_from(list(STREETS)))
    sizes = _sizes(k, street)
    cards = draw(st.permutations(range(52)))[: sum(sizes)]
    perm = draw(st.sampled_from(ref.SUIT_PERMUTATIONS))
    return k, street, sizes, list(cards), perm, draw(st.randoms(use_true_random=False))


def _rounds(cards, sizes):
    out, start = [], 0
    for n in sizes:
        out.append(cards[start : start + n])
        start += n
    return out


def _board(rounds):
    return [c for r in rounds[1:] for c in r]


@settings(max_examples=150, deadline=None)
@given(deals())
def test_every_suit_permutation_and_card_order_gets_the_same_index(deal):
    k, street, sizes, cards, perm, rnd = deal
    indexer = oe.HandIndexer(k, street)
    rounds = _rounds(cards, sizes)
    image = [ref.permute(r, perm) for r in rounds]
    for r in image:
        rnd.shuffle(r)
    board, image_board = _board(rounds), _board(image)
    i = indexer.index(rounds[0], board)
    assert 0 <= i < indexer.size
    assert indexer.index(image[0], image_board) == i


@settings(max_examples=150, deadline=None)
@given(deals())
def test_unindex_of_index_is_a_suit_permutation_with_rounds_kept(deal):
    k, street, sizes, cards, _, _ = deal
    indexer = oe.HandIndexer(k, street)
    rounds = _rounds(cards, sizes)
    hole, board = indexer.unindex(indexer.index(rounds[0], _board(rounds)))
    member = _rounds(hole.tolist() + board.tolist(), sizes)
    assert ref.canonical_key(member) == ref.canonical_key(rounds)
    assert all(r == sorted(r) for r in member)  # each round ascending


def test_distinct_classes_get_distinct_indices_on_a_sample():
    rng = random.Random(99)
    indexer = oe.HandIndexer(5, "turn")
    deals = [_rounds(rng.sample(range(52), 9), (5, 3, 1)) for _ in range(3000)]
    keys = [ref.canonical_key(d) for d in deals]
    index = [indexer.index(d[0], d[1] + d[2]) for d in deals]
    assert len(set(zip(keys, index, strict=True))) == len(set(keys)) == len(set(index))


def test_turn_and_river_are_rounds_of_their_own():
    indexer = oe.HandIndexer(4, "river")
    assert indexer.index("As Ks Qs Js", "2c 3c 4c 5d 6d") != indexer.index(
        "As Ks Qs Js", "2c 3c 5d 4c 6d"
    )
    assert indexer.index("As Ks Qs Js", "2c 3c 4c 5d 6d") == indexer.index(
        "Js Qs Ks As", "4c 2c 3c 5d 6d"
    )


def test_preflop_takes_no_board():
    indexer = oe.HandIndexer(4, "preflop")
    assert (
        indexer.index("As Ad Ks Kd")
        == indexer.index("Ah Ac Kh Kc", "")
        == indexer.index([51, 49, 47, 45], [])
    )
    assert (
        indexer.board_cards == 0 and repr(indexer) == "HandIndexer(hole_cards=4, street='preflop')"
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: oe.HandIndexer(7), "hole_cards: expected 4, 5 or 6 hole cards, got 7"),
        (
            lambda: oe.HandIndexer(4, "showdown"),
            "street: expected one of preflop, flop, turn, river, got 'showdown'",
        ),
        (lambda: oe.HandIndexer(4, 3), "street: expected one of preflop, flop, turn, river, got 3"),
        (
            lambda: oe.HandIndexer().index("As Ks Qs", "2c 3c 4c"),
            "hole: expected 4 cards, got 3 in 'As Ks Qs'",
        ),
        (
            lambda: oe.HandIndexer().index("As Ks Qs Js", "2c 3c"),
            "board: expected 3 cards, got 2 in '2c 3c'",
        ),
        (
            lambda: oe.HandIndexer().index("As Ks Qs Js", "2c 3c As"),
            "card As is in both hole and board",
        ),
        (
            lambda: oe.HandIndexer().index("As Ks Qs Xs", "2c 3c 4c"),
            "hole: cannot read a card at column 10 ('Xs')",
        ),
        (
            lambda: oe.HandIndexer().index([51, 50, 49, 52], "2c 3c 4c"),
            "hole: card id 52 is outside 0..51",
        ),
        (
            lambda: oe.HandIndexer().unindex(204461673),
            "index: expected at most 204,461,672, got 204461673",
        ),
        (lambda: oe.HandIndexer().unindex(-1), "index: expected a whole number >= 0, got -1"),
        (
            lambda: oe.HandIndexer().index_many([[0, 1, 2]], [[4, 5, 6]]),
            "holes: expected 4 cards per row, got shape (1, 3)",
        ),
        (
            lambda: oe.HandIndexer().index_many([[0, 1, 2, 3]], [[4, 5, 6, 7]]),
            "boards: expected shape (1, 3) to match holes (1, 4) on the flop, got (1, 4)",
        ),
        (
            lambda: oe.HandIndexer().index_many([[0, 1, 2, 3]], None),
            "boards: expected integer card ids",
        ),
        (
            lambda: oe.HandIndexer().index_many([[0, 1, 2, 3], [0, 1, 2, 60]], [[4, 5, 6]] * 2),
            "holes: card id 60 is outside 0..51",
        ),
        (
            lambda: oe.HandIndexer().index_many(
                [[0, 1, 2, 3], [8, 9, 10, 11]], [[4, 5, 6], [12, 13, 9]]
            ),
            "holes/boards: row 1 repeats a card: hole 4c4d4h4s board 5c5d4d",
        ),
        (
            lambda: oe.HandIndexer().index_many([[0, 0, 2, 3]], [[4, 5, 6]]),
            "holes/boards: row 0 repeats a card: hole 2c2c2h2s",
        ),
        (
            lambda: oe.HandIndexer().unindex_many([0, 204461673]),
            "indices: index 204461673 at row 1 is outside 0..204,461,672",
        ),
        (
            lambda: oe.HandIndexer().unindex_many([[0]]),
            "indices: expected a 1-D array of indices, got shape (1, 1)",
        ),
        (
            lambda: oe.HandIndexer().unindex_many([0.5]),
            "indices: expected integer indices, got dtype float64",
        ),
        (
            lambda: oe.HandIndexer().unindex_many("12"),
            "indices: expected an array of indices, got text '12'",
        ),
    ],
)
def test_bad_input_is_refused_naming_the_parameter(call, message):
    with pytest.raises(OmahaEvalError) as info:
        call()
    assert message in str(info.value)


def test_wrong_types_are_type_errors():
    with pytest.raises(OmahaEvalTypeError):
        oe.HandIndexer("4")
    with pytest.raises(OmahaEvalTypeError):
        oe.HandIndexer().unindex_many(["a"])
    with pytest.raises(OmahaEvalTypeError):
        oe.HandIndexer().unindex("1")


def test_an_index_may_be_a_whole_float_as_every_count_may():
    flop = oe.HandIndexer()
    assert [x.tolist() for x in flop.unindex(1.0)] == [x.tolist() for x in flop.unindex(1)]
    with pytest.raises(OmahaEvalError, match=r"1\.5"):
        flop.unindex(1.5)


def test_empty_batches_give_empty_results():
    indexer = oe.HandIndexer(5, "turn")
    assert indexer.index_many(np.empty((0, 5), np.uint8), np.empty((0, 4), np.uint8)).shape == (0,)
    holes, boards = indexer.unindex_many([])
    assert holes.shape == (0, 5) and boards.shape == (0, 4)


def test_uint64_indices_above_int64_are_refused_not_wrapped():
    with pytest.raises(OmahaEvalError, match="indices: index 18446744073709551615 at row 0"):
        oe.HandIndexer().unindex_many(np.array([2**64 - 1], np.uint64))


def test_threads_share_one_indexer():
    """The batch calls release the GIL on a read-only indexer: threads at
    once get what one thread gets."""
    from concurrent.futures import ThreadPoolExecutor

    indexer = oe.HandIndexer(4, "turn")
    holes, boards = _random_deals(random.Random(3), 20000, (4, 3, 1))
    expected = indexer.index_many(holes, boards)
    parts = np.array_split(np.arange(len(holes)), 8)
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda rows: indexer.index_many(holes[rows], boards[rows]), parts))
        back = list(pool.map(indexer.unindex_many, np.array_split(expected, 8)))
    assert np.array_equal(np.concatenate(got), expected)
    assert np.array_equal(
        indexer.index_many(
            np.concatenate([h for h, _ in back]), np.concatenate([b for _, b in back])
        ),
        expected,
    )
