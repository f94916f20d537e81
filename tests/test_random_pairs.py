"""Random (hole, board) pairs: the per-board path of evaluate_batch (one row
of the board-multiset x hole-pair table per hand, flushes and lows on the
side) against the plain-Python oracle (tests/oracles/evaluator.py), the 60-
combination scan (evaluate_detail) and the shared-board path.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref

import omaha_eval as oe
from omaha_eval import _core


def per_row(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    assert len(boards) == len(holes) > 1  # one board per row: the path under test
    return _core.evaluate_rows(
        np.ascontiguousarray(holes, np.uint8), np.ascontiguousarray(boards, np.uint8)
    )


@st.composite
def deals(draw: st.DrawFn, k: int) -> tuple[list[int], list[int]]:
    """k hole cards and a board; half the boards have 3+ cards of one suit."""
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        n_suited = draw(st.integers(3, 5))
        suited = draw(st.permutations(range(suit, 52, 4)))[:n_suited]
        rest = [c for c in draw(st.permutations(range(52))) if c not in suited]
        board = suited + rest[: 5 - n_suited]
        hole = [c for c in rest[5 - n_suited :]][:k]
    else:
        cards = draw(st.permutations(range(52)))
        board, hole = cards[:5], cards[5 : 5 + k]
    return hole, board


@pytest.mark.slow
@pytest.mark.parametrize("k", [4, 5, 6])
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_pairs_match_the_oracle(k: int, data: st.DataObject) -> None:
    rows = [data.draw(deals(k)) for _ in range(8)]
    holes = np.array([h for h, _ in rows])
    boards = np.array([b for _, b in rows])
    high, low = per_row(holes, boards)
    for (hole, board), h, lo in zip(rows, high.tolist(), low.tolist(), strict=True):
        assert (h, lo) == ref.evaluate(hole, board)


@pytest.mark.parametrize("k", [4, 5, 6])
def test_pairs_match_the_combination_scan(k: int) -> None:
    rng = np.random.default_rng(100 + k)
    d = np.argsort(rng.random((20_000, 52)), axis=1)[:, : k + 5].astype(np.uint8)
    holes, boards = d[:, :k], d[:, k:]
    high, low = per_row(holes, boards)
    for i in range(0, 20_000, 7):
        h, lo, _, _ = _core.evaluate_detail(
            np.ascontiguousarray(holes[i]), np.ascontiguousarray(boards[i])
        )
        assert (h, lo) == (high[i], low[i])
    np.testing.assert_array_equal((high, low), oe.evaluate_batch(holes, boards))


@pytest.mark.slow
def test_every_board_multiset_and_hole_pair() -> None:
    """Every board rank multiset (6,175 that can be dealt) with every hole
    rank pair that fits, against the shared-board path (per-board tables)."""
    boards, holes = [], []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        used: dict[int, int] = {}
        board = []
        for r in ranks:  # suits in turn: flushes are the other tests' business
            board.append(4 * r + used.get(r, 0))
            used[r] = used.get(r, 0) + 1
        free = [c for c in range(52) if c not in board]
        rows = []
        for a in range(13):
            for b in range(a, 13):
                pa = [c for c in free if c // 4 == a]
                pb = [c for c in free if c // 4 == b and c not in pa[:1]]
                if not pa or not pb:
                    continue
                pair = [pa[0], pb[0]]
                filler = [c for c in free if c not in pair][-2:]  # two aces or kings
                rows.append(pair + filler)
        holes.append(np.array(rows, dtype=np.uint8))
        boards.append(np.array(board, dtype=np.uint8))
    assert len(boards) == 6175
    all_holes = np.concatenate(holes)
    all_boards = np.concatenate(
        [np.tile(b, (len(h), 1)) for h, b in zip(holes, boards, strict=True)]
    )
    high, low = per_row(all_holes, all_boards)
    at = 0
    for h, b in zip(holes, boards, strict=True):
        want = _core.evaluate_rows(h, b.reshape(1, 5))
        np.testing.assert_array_equal(high[at : at + len(h)], want[0])
        np.testing.assert_array_equal(low[at : at + len(h)], want[1])
        at += len(h)
