"""The shared enumeration of fixed hands against one range
(src_c/oe_boards_range.c) gives, row for row, the figures of the per-row
engine runs (rows.engine_row, the reference), and board_report() built on
it keeps equity()'s figures as its weighted mean."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
import omaha_eval._core as _core
from omaha_eval.cards import parse_cards
from omaha_eval.engine.plan import Plan
from omaha_eval.engine.question import read_question
from omaha_eval.engine.spot import prepare
from omaha_eval.study.boards import rows as row_figures
from omaha_eval.study.boards.classes import board_classes, symmetries

SPOTS = [
    (["JhTh9s8s", "5%"], "7s6h2c", "", "omaha8"),  # a hand against a range on a flop
    (["AhKhQhJh", "AA, KK@0.5"], "2s2c2d", "", "omaha8"),  # classes of three turn cards
    (["5%", "JhTh9s8s"], "7s6h2c", "Ad", "omaha8"),  # the range first, a dead card
    (["As2sJd9h", "AA@0.5, KK, 2345@0.25"], "7s8s3d", "", "omaha"),  # weights, high only
    (["As2sJd9h", "KcKd7c6h", "AA, QQ@0.3"], "Ts5h4d", "", "omaha8"),  # three players
    (["JhTh9s8s", "10%"], "7s6h2c9h", "", "omaha8"),  # a turn: river rows
    (["As2sJd9hQs", "AAKK@0.5, QQJJ"], "7s6h2c", "", "omaha"),  # five cards
]


def _spot(players, board, dead, game):
    q = read_question(players, board, dead, game=game, board_sizes=range(5), patterns=False)
    return q, prepare(q.players, q.k, q.board, q.dead, q.game)


@pytest.mark.parametrize(("players", "board", "dead", "game"), SPOTS)
def test_shared_range_rows_equal_the_engine_rows(players, board, dead, game):
    q, spot = _spot(players, board, dead, game)
    assert row_figures.range_fits(spot)
    news = np.ascontiguousarray(board_classes(spot, symmetries(spot)).representatives)
    block = row_figures.range_block(q.players, spot, news, _core.BoardsExact())
    base = row_figures.RowBase(q.players, spot)
    plan = Plan(exact=True, trials=0, target_stderr=None, seed=None, threads=1)
    # both sides sum ~10^5 weighted deals in doubles, in different orders:
    # each figure is exact up to their rounding (n eps ~ 5e-11 at worst)
    for r, new in enumerate(news):
        want = row_figures.engine_row(base, new, plan)
        np.testing.assert_allclose(block.values[r], want.values, rtol=1e-10, atol=1e-13)
        np.testing.assert_allclose(block.deal[r], want.deal, rtol=1e-10, atol=1e-13)
        np.testing.assert_allclose(block.weight[r], want.weight, rtol=1e-10)
        assert block.trials[r] == want.trials


@pytest.mark.parametrize(("players", "board", "dead", "game"), SPOTS[:4])
def test_range_report_mean_is_equity_of_the_spot(players, board, dead, game):
    report = oe.board_report(players, board, dead, game=game, exact=True)
    spot = oe.equity(players, board, dead, game=game, exact=True)
    for figure in ("equity", "scoop", "hi_share", "lo_share", "makes_low", "quartered", "nut_low"):
        np.testing.assert_allclose(
            report.mean(figure), [getattr(p, figure) for p in spot.players], rtol=0, atol=1e-12
        )
    assert np.isclose(report.probability.sum(), 1.0, rtol=0, atol=1e-12)


def test_threads_do_not_change_the_range_report():
    one = oe.board_report(["JhTh9s8s", "5%"], "7s6h2c", exact=True, threads=1)
    two = oe.board_report(["JhTh9s8s", "5%"], "7s6h2c", exact=True, threads=2)
    np.testing.assert_array_equal(one.values, two.values)
    np.testing.assert_array_equal(one.probability, two.probability)


def test_a_stopped_range_enumeration_raises_keyboard_interrupt():
    q, spot = _spot(["JhTh9s8s", "5%"], "7s6h2c", "", "omaha8")
    news = np.ascontiguousarray(board_classes(spot, symmetries(spot)).representatives)
    work = _core.BoardsExact()
    work.stop()  # set before the call: the first board sees it
    with pytest.raises(KeyboardInterrupt):
        row_figures.range_block(q.players, spot, news, work)


def test_spots_the_range_enumeration_does_not_take():
    assert not row_figures.range_fits(_spot(["JhTh9s8s", "5%"], "", "", "omaha8")[1])  # flops
    assert not row_figures.range_fits(_spot(["5%", "10%"], "7s6h2c", "", "omaha8")[1])  # two
    assert not row_figures.range_fits(_spot(["JhTh9s8s", "KcKd8c5d"], "7s6h2c", "", "omaha8")[1])


def test_cards_that_are_not_live_are_refused_in_c():
    q, spot = _spot(["JhTh9s8s", "5%"], "7s6h2c", "", "omaha8")
    news = np.ascontiguousarray(parse_cards("Jh").reshape(1, 1))  # a card of the hand
    with pytest.raises(ValueError, match="not live"):
        row_figures.range_block(q.players, spot, news, _core.BoardsExact())
