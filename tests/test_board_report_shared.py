"""The shared enumeration of fixed hands (src_c/oe_boards_shared.c) gives,
row for row, the histograms of the per-row enumeration (src_c/oe_boards.c,
the reference), whatever the number of parts, and board_report() built on
it gives each row's equity() figures."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
import omaha_eval._core as _core
from omaha_eval.engine.question import read_question
from omaha_eval.engine.spot import prepare
from omaha_eval.study.boards import rows as row_figures
from omaha_eval.study.boards.classes import board_classes, symmetries
from omaha_eval.study.boards.report import DEAL_NAMES, PLAYER_FIGURES

SPOTS = [
    (["As2sJd9h", "KcKd7c6h"], "", "", "omaha8", None),  # every flop, no symmetry
    (["AsAh2c3d", "KsKh4c5d"], "", "", "omaha8", None),  # every flop class
    (["As2sJd9h", "KcKd7c6h"], "7s", "", "omaha8", None),  # one card known: two to come
    (["As2sJd9h", "KcKd7c6h"], "7s8s", "2d", "omaha8", None),  # two known, a dead card
    (["JhTh9s8s", "AsKs2s3c"], "7s6h2c", "", "omaha8", None),  # a flop: turn rows
    (["JhTh9s8s", "AsKs2s3c"], "7s6s2c9h", "", "omaha", None),  # a turn: river rows, high only
    (["As2sJd9hQs", "KcKd7c6h5c"], "", "Ts", "omaha", 400),  # five cards, high only
    (["As2sJd9hQsTh", "KcKd7c6h5c4d"], "3s", "", "omaha8", None),  # six cards
    (["As2sJd9h", "KcKd7c6h", "QhJh3h4d"], "", "", "omaha8", 400),  # three players
    (["As2s3s4s", "KcKd7c6c", "QhJh3h4h", "9d8d7d6d"], "Tc", "", "omaha8", 300),  # four
]


def _spot(hands, board, dead, game):
    q = read_question(hands, board, dead, game=game, board_sizes=range(5), patterns=False)
    return prepare(q.players, q.k, q.board, q.dead, q.game)


def _reference(spot, news):
    outcome = np.zeros((len(news), 1 << (2 * spot.n)))
    makes_low = np.zeros((len(news), spot.n))
    nut_low = np.zeros((len(news), spot.n))
    deals = np.zeros(len(news), dtype=np.uint64)
    hands, dead, board = row_figures._fixed_inputs(spot)
    done, code = _core.BoardsExact().run(
        hands, spot.game.code, board, dead, news, outcome, makes_low, nut_low, deals
    )
    assert (done, code) == (len(news), 0)
    return outcome, makes_low, nut_low, deals


@pytest.mark.parametrize(("hands", "board", "dead", "game", "keep"), SPOTS)
@pytest.mark.parametrize("parts", [1, 3])
def test_shared_histograms_equal_the_per_row_enumeration(hands, board, dead, game, keep, parts):
    spot = _spot(hands, board, dead, game)
    news = board_classes(spot, symmetries(spot)).representatives
    if keep is not None:  # a spread subset of the rows keeps the reference fast
        news = news[np.linspace(0, len(news) - 1, keep).astype(int)]
    news = np.ascontiguousarray(news)
    tables = [
        row_figures.shared_part(spot, news, _core.BoardsExact(), p, parts) for p in range(parts)
    ]
    outcome, makes_low, nut_low, deals = _reference(spot, news)
    np.testing.assert_array_equal(sum(t[0] for t in tables), outcome)
    np.testing.assert_array_equal(sum(t[1] for t in tables), makes_low)
    np.testing.assert_array_equal(sum(t[2] for t in tables), nut_low)
    np.testing.assert_array_equal(sum(t[3] for t in tables), deals)
    assert all(
        (t[1] == 0).all() and (t[2] == 0).all() and (t[3] == 0).all() for t in tables[1:]
    )  # part 0 holds them


def test_shared_figures_equal_the_reference_rows():
    spot = _spot(["As2sJd9h", "KcKd7c6h"], "7s", "", "omaha8")
    news = np.ascontiguousarray(board_classes(spot, symmetries(spot)).representatives)
    block = row_figures.shared_block(
        [row_figures.shared_part(spot, news, _core.BoardsExact(), 0, 1)]
    )
    reference = row_figures.fixed_rows(spot, news, _core.BoardsExact(), 0, len(news))
    np.testing.assert_allclose(block.values, [r.values for r in reference], rtol=0, atol=1e-12)
    np.testing.assert_allclose(block.deal, [r.deal for r in reference], rtol=0, atol=1e-12)
    assert block.trials.tolist() == [r.trials for r in reference]


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["As2sJd9h", "KcKd7c6h"], "", ""),
        (["As2sJd9hQsTh", "KcKd7c6h5c4d"], "3s", "Tc"),
    ],
)
def test_shared_report_rows_are_equity_on_their_boards(hands, board, dead):
    report = oe.board_report(hands, board, dead, exact=True)
    for r in np.random.default_rng(3).choice(len(report), 12, replace=False):
        got = oe.equity(hands, report.board_texts[r], dead, exact=True)
        names = [f for f in PLAYER_FIGURES if f not in row_figures.ROW_FIGURES]
        want = np.array([[getattr(p, f) for f in names] for p in got.players])
        np.testing.assert_allclose(report.values[r][:, : len(names)], want, rtol=0, atol=1e-12)
        np.testing.assert_allclose(
            report.deal[r], [getattr(got, f) for f in DEAL_NAMES], rtol=0, atol=1e-12
        )
    spot = oe.equity(hands, board, dead, exact=True)
    np.testing.assert_allclose(
        report.mean("equity"), [p.equity for p in spot.players], rtol=0, atol=1e-12
    )


def test_thread_count_does_not_change_the_shared_report():
    hands = ["As2sJd9h", "KcKd7c6h"]
    one, two = (oe.board_report(hands, "7s", exact=True, threads=t) for t in (1, 2))
    np.testing.assert_array_equal(one.values, two.values)
    np.testing.assert_array_equal(one.probability, two.probability)


def test_a_stopped_shared_part_raises_keyboard_interrupt():
    spot = _spot(["As2sJd9h", "KcKd7c6h"], "", "", "omaha8")
    news = np.ascontiguousarray(board_classes(spot, symmetries(spot)).representatives)
    work = _core.BoardsExact()
    work.stop()  # set before the call: the first block of boards sees it
    with pytest.raises(KeyboardInterrupt):
        row_figures.shared_part(spot, news, work, 0, 1)


def test_rows_whose_tables_are_too_large_go_by_chunks():
    assert row_figures.shared_fits(2, 13244)
    assert not row_figures.shared_fits(6, 3276)  # 4^6 cells a row: the per-row path


def test_cards_that_are_not_live_are_refused_before_c():
    spot = _spot(["As2sJd9h", "KcKd7c6h"], "", "", "omaha8")
    held = np.array([[4, 7, 51]], dtype=np.uint8)  # 51 (As) is in a hand
    with pytest.raises(ValueError, match="not live"):
        row_figures.shared_part(spot, held, _core.BoardsExact(), 0, 1)
    with pytest.raises(ValueError, match="shapes"):  # a turn card is not the next street
        row_figures.shared_part(spot, np.array([[9]], dtype=np.uint8), _core.BoardsExact(), 0, 1)
