"""The binding that lists exact deals for queries (_core.exact_rows): every
completion of the board once per order of the street groups asked, and
arguments that do not fit refused before C."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

import omaha_eval._core as _core


def _deals(deck: list[int], board: list[int], hands: np.ndarray, groups: list[int]) -> set:
    """(assignment, board tuple) of every deal exact_rows lists."""
    left = len([c for c in deck if c not in set(hands[0].ravel().tolist())])
    completions = 1
    for g in groups:
        completions *= comb(left, g)
        left -= g
    total = len(hands) * completions
    out_hands = np.zeros((total, *hands.shape[1:]), np.uint8)
    boards = np.zeros((total, 5), np.uint8)
    weights = np.zeros(total)
    _core.exact_rows(
        np.array(deck, np.uint8),
        np.array(board, np.uint8),
        hands,
        np.arange(1.0, len(hands) + 1),
        groups,
        completions,
        0,
        total,
        out_hands,
        boards,
        weights,
    )
    seen = [(int(w), tuple(b.tolist())) for w, b in zip(weights, boards, strict=True)]
    assert len(set(seen)) == total  # no deal twice
    return set(seen)


def _street_ordered(rest: list[int], board: list[int], groups: list[int]) -> set[tuple[int, ...]]:
    """Every board: each group a set, the groups in order (by brute force)."""
    out = set()

    def extend(prefix: tuple[int, ...], left: list[int], gs: list[int]) -> None:
        if not gs:
            out.add(prefix)
            return
        for chosen in combinations(left, gs[0]):
            extend(prefix + chosen, [c for c in left if c not in chosen], gs[1:])

    extend(tuple(board), rest, groups)
    return out


@pytest.mark.parametrize(
    ("board", "groups"),
    [
        ([8, 9, 10], [2]),
        ([8, 9, 10], [1, 1]),
        ([], [5]),
        ([], [3, 2]),
        ([], [3, 1, 1]),
        ([8, 9, 10, 11], [1]),
        ([8, 9, 10, 11, 12], []),
    ],
)
def test_exact_rows_deal_each_street_ordered_completion_once(
    board: list[int], groups: list[int]
) -> None:
    deck = [c for c in range(20) if c not in board]
    hands = np.array([[[0, 1], [2, 3]], [[4, 5], [6, 7]]], np.uint8)  # two assignments
    got = _deals(deck, board, hands, groups)
    for a, h in enumerate(hands, start=1):  # each group's cards in deck order
        rest = [c for c in deck if c not in set(h.ravel().tolist())]
        assert {b for w, b in got if w == a} == _street_ordered(rest, board, groups)


@pytest.mark.parametrize(
    ("groups", "completions"),
    [([1, 2], 45 * 44), ([3], 1), ([1, 1], 45 * 44 // 2), ([0, 2], 990), ([6, -4], 1)],
)
def test_exact_rows_refuse_groups_or_counts_that_do_not_fit(
    groups: list[int], completions: int
) -> None:
    deck = np.array([c for c in range(52) if c not in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)], np.uint8)
    hands = np.array([[[0, 1, 2, 3], [4, 5, 6, 7]]], np.uint8)
    board = np.array([8, 9, 10], np.uint8)
    out = np.zeros((4, 2, 4), np.uint8)
    with pytest.raises(ValueError, match="exact_rows"):
        _core.exact_rows(
            deck,
            board,
            hands,
            np.ones(1),
            groups,
            completions,
            0,
            4,
            out,
            np.zeros((4, 5), np.uint8),
            np.zeros(4),
        )
