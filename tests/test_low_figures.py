"""The low's figures, per player: quartered (exactly a quarter of the pot),
nut_low (the best low the final board allows) and, in board-report rows,
lost_nut_low (the nut low held on the known board, not on the row's) --
each against a plain per-deal count written here with the evaluator of
tests/oracles (brute force over the deals of each row)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from oracles import evaluator as ref
from oracles.equity import nut_low

import omaha_eval as oe
import omaha_eval._core as _core
from omaha_eval.study.boards.rows import PLAYER_FIGURES


def _pot_shares(highs: list[int], lows: list[int]) -> list[Fraction]:
    n = len(highs)
    hi = [i for i in range(n) if highs[i] == max(highs)]
    lo = [i for i in range(n) if max(lows) and lows[i] == max(lows)]
    return [
        Fraction(i in hi, len(hi)) * (Fraction(1, 2) if lo else 1)
        + (Fraction(i in lo, 2 * len(lo)) if lo else 0)
        for i in range(n)
    ]


def _held_nut(hand: list[int], board: list[int]) -> bool:
    nut = nut_low(board)
    return bool(nut) and ref.best_low(hand, board) == nut


def brute_row(
    players: list[list[tuple[list[int], float]]], base: list[int], new: list[int], dead: list[int]
) -> dict[str, list[float]]:
    """Per player over the row's deals (every assignment of the players'
    combos and completion of base + new, weighted): quartered, nut_low and
    lost_nut_low (held the nut low on `base`, not on base + new)."""
    row = base + new
    names = ("quartered", "nut_low", "lost_nut_low")
    sums = {name: [Fraction(0)] * len(players) for name in names}
    total = Fraction(0)
    known = set(row) | set(dead)
    for assignment in _assignments(players, known):
        used = {c for hand, _ in assignment for c in hand}
        weight = Fraction(1)
        for _, w in assignment:
            weight *= Fraction(w)
        deck = [c for c in range(52) if c not in known | used]
        for more in combinations(deck, 5 - len(row)):
            full = row + list(more)
            values = [ref.evaluate(hand, full) for hand, _ in assignment]
            shares = _pot_shares([v[0] for v in values], [v[1] for v in values])
            nut = nut_low(full)
            for i, (hand, _) in enumerate(assignment):
                sums["quartered"][i] += weight * (shares[i] == Fraction(1, 4))
                sums["nut_low"][i] += weight * (bool(nut) and values[i][1] == nut)
                lost = len(base) >= 3 and _held_nut(hand, base) and not _held_nut(hand, row)
                sums["lost_nut_low"][i] += weight * lost
            total += weight
    return {name: [float(s / total) for s in sums[name]] for name in names}


def _assignments(players, known):  # type: ignore[no-untyped-def]
    def rec(i, used):  # type: ignore[no-untyped-def]
        if i == len(players):
            yield []
            return
        for hand, w in players[i]:
            if set(hand) & (known | used):
                continue
            for rest in rec(i + 1, used | set(hand)):
                yield [(hand, w), *rest]

    yield from rec(0, set())


def _small_range(texts: list[str], weights: list[float]) -> tuple[np.ndarray, np.ndarray]:
    return np.array([ref.cards(t) for t in texts], dtype=np.uint8), np.array(weights)


RANGE = _small_range(
    [
        "Ah2h5c9d",
        "AcKd3h4s",
        "2c3c8h8d",
        "AdQh4c5h",
        "KcKhTs9s",
        "Ad2dJcJs",
        "3d4d6c7c",
        "As3sQcQd",
    ],
    [1.0, 0.5, 1.0, 0.25, 1.0, 0.75, 1.0, 0.5],
)

SPOTS = {
    "two hands, a flop's turns": (["As2sJd9h", "Ac3c6d6s"], "7s8h4c", "", slice(0, 49, 6)),
    "three hands, a turn's rivers": (
        ["As2sJd9h", "Ac3c6d6s", "4h5hKsKd"],
        "7s8h4c2d",
        "Td",
        slice(None),
    ),
    "a hand against a range, a turn's rivers": (["As2sJd9h", RANGE], "7s8h4cQs", "", slice(None)),
    "a hand against a range, a flop's turns": (
        ["Ad2c9s9c", RANGE],
        "7s6h3s",
        "Kh",
        slice(0, 48, 10),
    ),
}


@pytest.mark.parametrize("name", list(SPOTS))
def test_report_rows_low_figures_equal_the_per_deal_count(name: str) -> None:
    players, board, dead, rows = SPOTS[name]
    report = oe.board_report(players, board, dead, exact=True)
    reference_players = [
        [(ref.cards(p), 1.0)]
        if isinstance(p, str)
        else [(list(map(int, c)), float(w)) for c, w in zip(*p, strict=True)]
        for p in players
    ]
    base, d = ref.cards(board), ref.cards(dead) if dead else []
    checked = 0
    for r in range(len(report))[rows]:
        new = [int(c) for c in report.new[r]]
        want = brute_row(reference_players, base, new, d)
        for figure, values in want.items():
            got = report.values[r, :, PLAYER_FIGURES.index(figure)]
            np.testing.assert_allclose(got, values, rtol=0, atol=1e-12, err_msg=figure)
        checked += 1
    assert checked >= 5


def test_equity_result_low_figures_equal_the_per_deal_count() -> None:
    players = ["As2sJd9h", "Ac2c6d6s", "4h5hKsKd"]
    result = oe.equity(players, "7s8h3cQd", "Td")
    want = brute_row(
        [[(ref.cards(p), 1.0)] for p in players], [], ref.cards("7s8h3cQd"), ref.cards("Td")
    )
    for figure in ("quartered", "nut_low"):
        got = [getattr(p, figure) for p in result.players]
        np.testing.assert_allclose(got, want[figure], rtol=0, atol=1e-12, err_msg=figure)
    assert any(want["quartered"]) and any(want["nut_low"])  # the spot has both


def test_a_report_before_the_flop_loses_no_nut_low_and_high_only_has_none() -> None:
    report = oe.board_report(["As2sJd9h", "Ac3c6d6s"], "7s", exact=True)
    assert not report.values[:, :, PLAYER_FIGURES.index("lost_nut_low")].any()
    high = oe.board_report(["As2sJd9h", "Ac3c6d6s"], "7s8h4c", game="omaha", exact=True)
    for figure in ("lost_nut_low", "nut_low"):
        assert not high.values[:, :, PLAYER_FIGURES.index(figure)].any()


def test_nut_low_held_equals_the_plain_evaluator() -> None:
    rng = np.random.default_rng(5)
    hands = oe.all_hands(4)[rng.choice(270725, 80, replace=False)]
    for size in (3, 4, 5):
        boards = np.array([rng.permutation(52)[:size] for _ in range(12)], dtype=np.uint8)
        held = _core.nut_low_held(np.ascontiguousarray(hands), boards)
        for b, board in enumerate(boards.tolist()):
            nut = nut_low(board)
            for i, hand in enumerate(hands.tolist()):
                if set(hand) & set(board):
                    continue
                want = bool(nut) and ref.best_low(hand, board) == nut
                assert bool(held[b, i]) == want, (hand, board)


def test_a_chopped_high_with_a_shared_low_quarters_nobody() -> None:
    """Issue 37's spot: both hold the same low and almost always chop the
    high, each taking half the pot.  The low is split every time; a player
    is quartered only when the other wins the high alone."""
    r = oe.equity(["AsKc2c3d", "AhKd2d3c"], "7h8s4d")
    assert r.low_split == 1.0
    first, second = r.players
    assert first.quartered == pytest.approx(second.hi_win, abs=1e-15)
    assert second.quartered == pytest.approx(first.hi_win, abs=1e-15)
    assert r.any_quartered == pytest.approx(first.hi_win + second.hi_win, abs=1e-15)
    assert 0 < r.any_quartered < 0.1
