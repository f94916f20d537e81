"""Over a board or dead-card pattern every board counts alike, exact or
Monte Carlo, as equity() counts them: the deals of each board weigh as
that board's distribution (range weights, card removal), whatever their
number.  The spots here leave a range a different number of hands on
different boards, where weighing a board by its deals would bias the
answer (issue 29: 0.557161 for 0.558075 on the first spot)."""

from __future__ import annotations

from typing import Any

import pytest

import omaha_eval as oe
from omaha_eval.pql import QueryResult

Z = 4.0  # standard errors allowed between Monte Carlo and exact

HERO = "AsAh2c3d, KdKc2h3h@0.5, QsQh2d3c"  # board cards remove one hand or another
SPOTS = [
    (HERO, "KhKs4c5d", "sss", ""),  # 220 spade flops left
    (HERO, "KhKs4c5d", "AcTd8h", "J*"),  # a jack and another card dead
    (HERO, "KhKs4c5d", "9c8h7d*", ""),  # every turn card
]


def run(text: str, **options: Any) -> QueryResult:
    result = oe.query(text, **options)
    assert isinstance(result, QueryResult)
    return result


def statement(hero: str, villain: str, board: str, dead: str) -> str:
    return (
        "select avg(riverEquity(hero)) as equity, count(scoops(hero)) as scoops, "
        "count(winsHi(villain)) as villain_high "
        f"from hero='{hero}', villain='{villain}', board='{board}', dead='{dead}'"
    )


def equity_figures(
    hero: str, villain: str, board: str, dead: str, **options: Any
) -> tuple[oe.EquityResult, dict[str, float]]:
    e = oe.equity([hero, villain], board, dead, **options)
    figures = {
        "equity": e.players[0].equity,
        "scoops": e.players[0].scoop,
        "villain_high": e.players[1].hi_win,
    }
    return e, figures


@pytest.mark.parametrize(("hero", "villain", "board", "dead"), SPOTS)
def test_exact_query_over_a_pattern_equals_equity(
    hero: str, villain: str, board: str, dead: str
) -> None:
    q = run(statement(hero, villain, board, dead), exact=True)
    e, want = equity_figures(hero, villain, board, dead, exact=True)
    assert q.method == "exact" and q.boards == e.boards > 1
    for name, value in want.items():
        assert q.column(name).value == pytest.approx(value, abs=1e-9), name


@pytest.mark.parametrize(("hero", "villain", "board", "dead"), SPOTS)
def test_monte_carlo_query_over_a_pattern_agrees_with_exact(
    hero: str, villain: str, board: str, dead: str
) -> None:
    q = run(statement(hero, villain, board, dead), exact=False, trials=60_000, seed=5)
    _, want = equity_figures(hero, villain, board, dead, exact=True)
    assert q.method == "monte-carlo"
    for name, value in want.items():
        c = q.column(name)
        assert isinstance(c.value, float) and isinstance(c.stderr, float)
        assert abs(c.value - value) <= Z * c.stderr, (name, c.value, c.stderr, value)


def test_a_where_over_a_pattern_weighs_each_board_alike() -> None:
    """count(x) where w over a pattern is the mean over its boards of each
    board's P(x and w), over the mean of its P(w), and so is each bar of a
    histogram: each board's figures from a query of that board alone (every
    turn card of 9c8h7d)."""
    players = f"hero='{HERO}', villain='KhKs4c5d'"
    w = "handType(hero, river) >= pair and not winsHi(villain)"
    q = run(
        "select count(scoops(hero)) as s, histogram(handType(hero, river)) as h "
        f"from {players}, board='9c8h7d*' where {w}",
        exact=True,
    )
    known = {"9c", "8h", "7d", "Kh", "Ks", "4c", "5d"}
    turns = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in known]
    sums = [0.0, 0.0, 0.0]
    for turn in turns:
        one = run(
            f"select count({w}), count(scoops(hero) and {w}), "
            f"count(handType(hero, river) = twopair and {w}) "
            f"from {players}, board='9c8h7d{turn}'",
            exact=True,
        )
        for i, c in enumerate(one.columns):
            assert isinstance(c.value, float)
            sums[i] += c.value  # each board alike: a plain sum
    kept, scoops, two_pair = sums
    assert q.boards == len(turns)
    assert q.column("s").value == pytest.approx(scoops / kept, abs=1e-12)
    bars = q.column("h").value
    assert isinstance(bars, dict)
    assert bars["two pair"] == pytest.approx(two_pair / kept, abs=1e-12)


def test_boards_no_deal_fits_are_left_out_as_equity_leaves_them() -> None:
    """On a flop holding a 2 or a 3 of clubs or diamonds both ranges are
    left with the same two small cards, so no deal fits: those 4 of the 46
    flops are not averaged over, exact or sampled (before, the exact query
    stopped at the first such flop with "no deal is possible")."""
    hero, villain = "AhAd2c3c@1, AhAd2d3d", "KhKd2c3c@1, KhKd2d3d"
    text = f"select avg(riverEquity(hero)) from hero='{hero}', villain='{villain}', board='9s8s*'"
    e = oe.equity([hero, villain], board="9s8s*", exact=True)
    exact = run(text, exact=True)
    sampled = run(text, exact=False, trials=20_000, seed=2)
    assert e.boards == exact.boards == sampled.boards == 42
    assert exact.columns[0].value == pytest.approx(e.players[0].equity, abs=1e-12)
    c = sampled.columns[0]
    assert isinstance(c.value, float) and isinstance(c.stderr, float)
    assert abs(c.value - e.players[0].equity) <= Z * c.stderr
