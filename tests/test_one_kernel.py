"""One engine inside a run (issue 46): the planner picks the exact kernel
(pair enumeration or the showdown sweep) for every shape of question, the
sweep counts exactly what pair enumeration counts, and the views that run
exact heads-up range questions (equity, split graphs, board report rows)
get it through the one plan."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval.engine import plan_spot, prepare, read_options, read_question, spot_sums
from omaha_eval.engine.sweep import sweep_work


def _spot(players, board="", dead="", game="omaha8"):
    q = read_question(players, board, dead, game=game)
    return prepare(q.players, q.k, q.board, q.dead, q.game)


def _plan(players, board="", dead="", **options):
    return plan_spot(read_options(**options), _spot(players, board, dead))


@pytest.mark.parametrize(
    ("players", "board", "kernel"),
    [
        (["AsAh2c3d", "7c7d4c5d"], "Ks8d3c", "pairs"),  # two hands: a few deals
        (["AsAh2c3d", "KK"], "Ks8d3c", "pairs"),  # a hand: its deals are few too
        (["AA:$ds", "KK"], "Jd4d8c", "sweep"),  # a range against a range
        (["AA:$ds", "*"], "Jd4d8c7h", "sweep"),  # a range against any hand
        (["AA:$ds", "KsKh7c9c", "QsQhJsTs"], "Jd4d8c", "pairs"),  # three players
    ],
)
def test_the_planner_picks_the_cheaper_exact_kernel(players, board, kernel):
    plan = _plan(players, board, exact=True)
    assert plan.exact and plan.kernel == kernel
    spot = _spot(players, board)
    swept = sweep_work(spot)
    assert (swept is not None and swept < spot.work()) == (kernel == "sweep")
    assert plan.work == min(spot.work(), swept if swept is not None else spot.work())


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AA:$ds", "KK"], ""),  # preflop: no runouts to sweep
        (["AA:$ds", "KK", "QQ"], "Jd4d8c"),  # three players
        (["AsAh2c3d", "KsKh7c9c"], "Jd4d8c"),  # two hands
        (["AA:$ds", "*"], "Jd4d8c"),  # 4-card * on a flop: 180,000 hands, it applies
    ],
)
def test_the_sweep_applies_heads_up_with_a_range_and_a_board(players, board):
    applies = sweep_work(_spot(players, board)) is not None
    assert applies == (len(players) == 2 and len(board) >= 6 and players[1] != "KsKh7c9c")


def test_exact_is_the_default_for_15_against_15_on_a_flop():
    plan = _plan(["15%", "15%"], "Kh7d2c")
    assert plan.exact and plan.kernel == "sweep"


def test_a_sampled_plan_keeps_no_kernel_and_reports_the_exact_work():
    plan = _plan(["AA:$ds", "KK"], "Jd4d8c", exact=False)
    assert not plan.exact and plan.kernel == "pairs"
    assert plan.work == sweep_work(_spot(["AA:$ds", "KK"], "Jd4d8c"))


def _histogram(sums):
    return sums.sums, sums.deal, sums.makes_low, sums.breakdown, sums.count


def _both(players, board, dead="", game="omaha8"):
    spot = _spot(players, board, dead, game)
    plan = plan_spot(read_options(exact=True, threads=1), spot)
    pairs = spot_sums(spot, dataclasses.replace(plan, kernel="pairs"))
    swept = spot_sums(spot, dataclasses.replace(plan, kernel="sweep"))
    return pairs, swept


@st.composite
def spots(draw):
    """A heads-up spot of two short weighted lists of hands (pair
    enumeration must stay quick), or a list against any hand on a turn or
    a river, with dead cards, 4, 5 or 6 cards, either game."""
    k = draw(st.sampled_from([4, 5, 6]))
    deck = draw(st.permutations(range(52)))
    n_board = draw(st.sampled_from([3, 4, 5]))
    n_dead = draw(st.integers(0, 2))
    board = oe.format_cards(list(deck[:n_board]))
    dead = oe.format_cards(list(deck[n_board : n_board + n_dead]))
    rest = deck[n_board + n_dead :]

    def hands(count):
        terms = []
        for _ in range(count):
            cards = draw(st.lists(st.sampled_from(rest), min_size=k, max_size=k, unique=True))
            weight = draw(st.sampled_from(["", "@0.5", "@2", "@0.25"]))
            terms.append(oe.format_cards(cards) + weight)
        return ", ".join(terms)

    hero = hands(draw(st.integers(1, 6)))
    star = k == 4 and n_board >= 4 and draw(st.booleans())
    villain = "*" if star else hands(draw(st.integers(2, 12)))
    game = draw(st.sampled_from(["omaha8", "omaha"]))
    return [hero, villain], board, dead, game, k


def _check(spot):
    players, board, dead, game, _ = spot
    try:
        pairs, swept = _both(players, board, dead, game)
    except oe.OmahaEvalError:
        return  # a range left no hand (or a card twice): nothing to compare
    assert swept.count == pairs.count
    for a, b in zip(_histogram(swept)[:4], _histogram(pairs)[:4], strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-9 * max(pairs.total, 1))


@settings(max_examples=15, deadline=None)
@given(spots())
def test_the_sweep_counts_what_pair_enumeration_counts(spot):
    _check(spot)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(spots())
def test_the_sweep_counts_what_pair_enumeration_counts_on_many_spots(spot):
    _check(spot)


def test_unit_weights_give_the_same_bits():
    pairs, swept = _both(["AA:$ds", "KQJT"], "Jd4d8c7h")
    for a, b in zip(_histogram(swept), _histogram(pairs), strict=True):
        np.testing.assert_array_equal(a, b)


# Two short lists of hands: pair enumeration stays quick on a flop.
LISTS = ["AsAh2c3d, AdAc5h6h@0.5, 2s2h9c9d@2", "KsQsJhTh, Kc7h7c6s, 9d8d7s6s@0.25, KhKdTc9s"]


def test_equity_takes_the_sweep_and_gives_the_figures_of_pair_enumeration():
    players, board = LISTS, "Jd4d8c"
    swept = oe.equity(players, board, exact=True)
    spot = _spot(players, board)
    pairs = spot_sums(spot, dataclasses.replace(_plan(players, board, exact=True), kernel="pairs"))
    assert swept.method == "exact" and swept.trials == pairs.count
    want = pairs.equity()
    got = [p.equity for p in swept.players]
    np.testing.assert_allclose(got, want, rtol=1e-12)


def test_the_split_graph_takes_the_sweep_and_gives_each_combos_pair_figures():
    hero, villain, board = "AA:$ds", "KQJT, T98:$ds", "Jd4d8c7h"
    swept = oe.split_graph(hero, villain, board, exact=True)
    g = oe.split_graph(hero, villain, board, exact=True, threads=1)
    assert swept.method == "exact"
    np.testing.assert_array_equal(swept.equity, g.equity)  # threads do not change it
    for i in range(0, len(swept.combos), 7):
        one = oe.equity([swept.combos[i], villain], board, exact=True)
        assert abs(one.players[0].equity - swept.equity[i]) < 1e-12
        assert abs(one.players[0].scoop - swept.scoop[i]) < 1e-12
        assert swept.trials[i] == one.trials


def test_an_exact_split_graph_by_the_sweep_reports_progress_as_it_goes():
    heard: list[tuple[int, int]] = []
    graph = oe.split_graph(
        "AA:$ds", ["KK"], "Jd4d8c", exact=True, threads=1, progress=lambda *a: heard.append(a)
    )
    n = len(graph.combos)
    assert len(heard) > 10  # one a block of runouts, not one at the end
    assert all(total == n for _, total in heard)
    done = [d for d, _ in heard]
    assert done == sorted(done) and done[-1] == n and done[0] < n


def test_a_turn_report_of_two_ranges_takes_the_sweep_and_matches_equity_on_each_river():
    players, board = ["AA:$ds", "KQJT, T98"], "Jd4d8c"
    report = oe.board_report(players, board, exact=True)
    for r in range(0, len(report), 9):
        turn = board + report.board_texts[r][-2:]
        one = oe.equity(players, turn, exact=True)
        assert abs(report.figure("equity")[r] - one.players[0].equity) < 1e-12


@pytest.mark.parametrize("threads", [1, 2])
def test_a_sampled_run_of_parts_gives_the_same_figures_on_any_threads(threads):
    g = oe.split_graph("AA:$ds", "KK", "Jd4d8c", exact=False, trials=300, seed=5, threads=threads)
    one = oe.split_graph("AA:$ds", "KK", "Jd4d8c", exact=False, trials=300, seed=5, threads=1)
    np.testing.assert_array_equal(g.equity, one.equity)
    r = oe.board_report(
        ["AA:$ds", "KK"], "Jd4d8c", exact=False, trials=400, seed=5, threads=threads
    )
    r1 = oe.board_report(["AA:$ds", "KK"], "Jd4d8c", exact=False, trials=400, seed=5, threads=1)
    np.testing.assert_array_equal(r.values, r1.values)


QUERY = (
    "select avg(riverEquity(hero)) as eq, count(scoops(hero)) as sc, count(winsHi(villain)) as w, "
    "count(tiesLo(hero)) as tl, count(quartered(villain)) as q "
    f"from hero='{LISTS[0]}', villain='{LISTS[1]}', board='Jd4d8c'"
)


def test_a_query_that_reduces_to_equity_takes_the_sweep_and_gives_the_enumerated_figures():
    from omaha_eval.pql.check import prepare_statement
    from omaha_eval.pql.plan import plan
    from omaha_eval.pql.reduce import equity_columns
    from omaha_eval.pql.syntax import parse

    (statement,) = parse(QUERY)
    prep = prepare_statement(statement)
    assert equity_columns(prep) is not None
    assert plan(prep, read_options(exact=True)).kernel == "sweep"
    swept = oe.query(QUERY, exact=True)
    enumerated = oe.query(QUERY + " where true", exact=True)  # a where clause: every deal listed
    assert swept.method == enumerated.method == "exact" and swept.trials == enumerated.trials
    for name in ("eq", "sc", "w", "tl", "q"):
        assert abs(swept.column(name).value - enumerated.column(name).value) < 1e-12


def test_a_query_with_a_where_or_another_function_does_not_reduce():
    from omaha_eval.pql.check import prepare_statement
    from omaha_eval.pql.reduce import equity_columns
    from omaha_eval.pql.syntax import parse

    for text in (
        QUERY + " where winsLo(hero)",
        "select avg(riverEquity(hero)), histogram(handType(hero, river)) "
        "from hero='AA**', villain='KK**', board='Jd4d8c'",
    ):
        (statement,) = parse(text)
        assert equity_columns(prepare_statement(statement)) is None
