"""board_report(): every row is equity() on its board, the rows' weighted
means are equity() on the spot, the classes hold the boards they claim."""

from __future__ import annotations

import importlib
import itertools
import json
import math
import threading

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.cards import format_cards, parse_cards
from omaha_eval.study.boards.board_report import (
    REPORT_TRIALS,
    ROW_MIN_TRIALS,
    ROW_TRIALS,
    row_trials,
)
from omaha_eval.study.boards.report import DEAL_NAMES, PLAYER_FIGURES, BoardReportInterrupted
from omaha_eval.study.boards.rows import ROW_FIGURES
from omaha_eval.study.table.textures import GROUPINGS

# A row's figures that are equity()'s (first: the rows' own come last).
EQUITY_FIGURES = [f for f in PLAYER_FIGURES if f not in ROW_FIGURES]
NE = len(EQUITY_FIGURES)

SMALL_A = "AsAh2c3d@0.3, AdAc4c5d, AcAh3s4s@2"
SMALL_K = "KsKh9c8d, KdKc9s8h@0.5, QsQhJdTd"


def _equity_figures(result: oe.EquityResult) -> tuple[np.ndarray, np.ndarray]:
    values = np.array([[getattr(p, f) for f in EQUITY_FIGURES] for p in result.players])
    deal = np.array([getattr(result, f) for f in DEAL_NAMES])
    return values, deal


def _means(report: oe.BoardReport) -> tuple[np.ndarray, np.ndarray]:
    values = np.stack([report.mean(f) for f in EQUITY_FIGURES], axis=1)
    deal = np.array([float(report.mean(f)) for f in DEAL_NAMES])
    return values, deal


EXACT_SPOTS = [
    (["AsAh2c3d", "KsKh4c5d"], "", ""),  # fixed hands, every flop (compiled rows)
    (["As2sKd3h", "KcKh7c8h"], "Qs7h2d", "9c"),  # every turn, a dead card
    (["JhTh9s8s", "7c7d5h4h", "AdKd2h3h"], "7s6h2c8c", ""),  # three hands, every river
    (["AsAh2c3d", SMALL_K], "Qs7h2d", ""),  # a weighted range
    ([SMALL_A, SMALL_K, "*"], "Qs7h2d9s", ""),  # two ranges and a random hand
]


@pytest.mark.parametrize(("players", "board", "dead"), EXACT_SPOTS)
def test_weighted_means_equal_equity_on_the_spot_exactly(players, board, dead):
    report = oe.board_report(players, board, dead, exact=True)
    spot = oe.equity(players, board, dead, exact=True)
    assert report.method == "exact"
    values, deal = _means(report)
    want_values, want_deal = _equity_figures(spot)
    np.testing.assert_allclose(values, want_values, rtol=0, atol=1e-12)
    np.testing.assert_allclose(deal, want_deal, rtol=0, atol=1e-12)
    assert math.isclose(report.probability.sum(), 1.0)


@pytest.mark.parametrize(("players", "board", "dead"), EXACT_SPOTS[1:])
def test_each_row_is_equity_on_its_board(players, board, dead):
    report = oe.board_report(players, board, dead, exact=True)
    step = 1 if all(len(p) == 8 for p in players) else 5  # ranges: every fifth row
    for r in range(0, len(report), step):
        row_board = report.board_texts[r]
        values, deal = _equity_figures(oe.equity(players, row_board, dead, exact=True))
        np.testing.assert_allclose(report.values[r][:, :NE], values, rtol=0, atol=1e-12)
        np.testing.assert_allclose(report.deal[r], deal, rtol=0, atol=1e-12)


def test_compiled_flop_rows_are_equity_on_their_flops():
    players = ["AsAh2c3d", "KsKh4c5d"]
    report = oe.board_report(players)
    rng = np.random.default_rng(5)
    for r in rng.choice(len(report), 40, replace=False):
        values, deal = _equity_figures(oe.equity(players, report.board_texts[r], exact=True))
        np.testing.assert_allclose(report.values[r][:, :NE], values, rtol=0, atol=1e-12)
        np.testing.assert_allclose(report.deal[r], deal, rtol=0, atol=1e-12)


def _keeping_perms(hands: list[str], board: str, dead: str) -> list[dict[int, int]]:
    """The suit permutations that keep every hand and the board and dead
    cards as sets (plainly, by trying all 24)."""
    keep = []
    sets = [set(parse_cards(x).tolist()) for x in [*hands, board, dead]]
    for perm in itertools.permutations(range(4)):
        card = {c: 4 * (c // 4) + perm[c % 4] for c in range(52)}
        if all({card[c] for c in s} == s for s in sets):
            keep.append(card)
    return keep


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [(["AsAh2c3d", "KsKh4c5d"], "7s7h9c", ""), (["AsAh2d3d", "KsKh4d5d"], "9s9h8c", "Tc")],
)
def test_classes_hold_every_live_board_once_with_the_same_figures(hands, board, dead):
    report = oe.board_report(hands, board, dead)
    known = set(parse_cards("".join([*hands, board, dead])).tolist())
    live = [c for c in range(52) if c not in known]
    assert int(report.boards.sum()) == len(live)  # every turn card no one holds
    row_of = {}
    for r, text in enumerate(report.board_texts):
        row_of[parse_cards(text).tolist()[-1]] = r
    perms = _keeping_perms(hands, board, dead)
    members = dict.fromkeys(range(len(report)), 0)
    for card in live:
        rows = {row_of[p[card]] for p in perms if p[card] in row_of}
        assert len(rows) == 1  # exactly one representative among its images
        r = rows.pop()
        members[r] += 1
        values, _ = _equity_figures(oe.equity(hands, board + format_cards([card]), dead))
        np.testing.assert_allclose(report.values[r][:, :NE], values, rtol=0, atol=1e-12)
    assert [members[r] for r in range(len(report))] == report.boards.tolist()
    assert len(report) < len(live) and len(perms) > 1


def test_symmetric_ranges_preflop_give_the_1755_flop_classes():
    classes = oe.board_report(["AA:$ds", "KK:$ds"], trials=64, seed=1)
    assert len(classes) == 1755 - 2  # flops of three aces or three kings cannot be dealt
    assert int(classes.boards.sum()) == 22100 - 4 * 2
    _, counts = oe.canonical_flops()
    assert sorted(set(classes.boards.tolist())) == sorted(set(counts.tolist()))


def test_monte_carlo_rows_are_equity_on_their_board_within_4_se():
    players = ["AsKs9h8h", "15%"]
    report = oe.board_report(players, "Qs7h2d", trials=20_000, seed=3, exact=False)
    assert report.method == "monte-carlo"
    for r in range(0, len(report), 9):
        exact = oe.equity(players, report.board_texts[r], exact=True)
        values, deal = _equity_figures(exact)
        assert (
            np.abs(report.values[r][:, :NE] - values) <= 4 * report.stderr[r][:, :NE] + 1e-12
        ).all()
        assert (np.abs(report.deal[r] - deal) <= 4 * report.deal_stderr[r] + 1e-12).all()


def test_monte_carlo_means_with_sampled_probabilities_are_equity_within_4_se():
    players = ["AA:$ds", "KK:$ds"]  # suit-symmetric: the 1,753 flop classes they allow
    report = oe.board_report(players, "", trials=256, seed=11, exact=False)
    assert report.probability_stderr.max() > 0  # two ranges: probabilities sampled
    exact = oe.equity(players, "", seed=2, trials=500_000)
    values, _ = _equity_figures(exact)
    p = report.probability
    f = report.values[:, :, 0]
    se = np.sqrt((p**2) @ (report.stderr[:, :, 0] ** 2) + (report.probability_stderr**2) @ f**2)
    se = np.sqrt(se**2 + np.array([q.stderr for q in exact.players]) ** 2)
    assert (np.abs(report.mean("equity") - values[:, 0]) <= 4 * se).all()


def test_default_row_trials_keep_a_report_of_many_rows_to_its_budget():
    assert row_trials(1) == row_trials(2_000) == ROW_TRIALS
    assert row_trials(17_296) == REPORT_TRIALS // 17_296  # a hand against a range, preflop
    assert row_trials(10**6) == ROW_MIN_TRIALS
    assert all(
        row_trials(n) * n <= max(REPORT_TRIALS, n * ROW_MIN_TRIALS)
        for n in (1, 10, 1_755, 5_000, 50_000)
    )


def test_a_sampled_report_draws_the_default_row_trials():
    report = oe.board_report(["AsKs9h8h", "15%"], "Qs7h2d", seed=3, exact=False)
    assert len(report) == 45 and (report.trials == row_trials(45)).all()


def test_seeds_reproduce_for_any_thread_count():
    players = [SMALL_A, "KK:$ds"]
    options = {"trials": 2048, "exact": False}
    runs = [oe.board_report(players, "Qs7h2d", seed=9, threads=t, **options) for t in (1, 2, 3)]
    runs.append(oe.board_report(players, "Qs7h2d", seed=9, executor="thread", threads=2, **options))
    for other in runs[1:]:
        np.testing.assert_array_equal(other.values, runs[0].values)
        np.testing.assert_array_equal(other.probability, runs[0].probability)
    changed = oe.board_report(players, "Qs7h2d", seed=10, **options)
    assert not np.array_equal(changed.values, runs[0].values)


def test_target_stderr_is_met_by_every_row():
    report = oe.board_report(["AsKs9h8h", "20%"], "Qs7h2d", target_stderr=0.01, seed=4, exact=False)
    assert report.stderr[:, :, 0].max() <= 0.01
    assert report.trials.min() >= 2048


def test_groups_equal_filtering_the_rows():
    report = oe.board_report(["As2sKd3h", "KcKh7c8h"], "Qs7h2d")
    for by in GROUPINGS:
        groups = report.group(by)
        keys = [GROUPINGS[by](t) for t in report.textures]
        assert math.isclose(groups.probability.sum(), 1.0)
        for g, name in enumerate(groups.board_texts):
            rows = [r for r, k in enumerate(keys) if k == name]
            p = report.probability[rows]
            assert math.isclose(groups.probability[g], p.sum())
            assert groups.boards[g] == report.boards[rows].sum()
            want = np.einsum("r,rij->ij", p / p.sum(), report.values[rows])
            np.testing.assert_allclose(groups.values[g], want, atol=1e-12)
    by_hand = report.group(lambda t, board: board[-1])  # the turn's suit
    assert sorted(by_hand.board_texts) == ["c", "d", "h", "s"]


def test_to_dict_is_json_with_no_nan():
    report = oe.board_report(["AsKs9h8h", "20%"], "Qs7h2d", trials=500, seed=1, exact=False)
    data = json.loads(json.dumps(report.to_dict(), allow_nan=False))
    row = data["rows"][0]
    assert set(row) >= {
        "board",
        "boards",
        "probability",
        "textures",
        "players",
        "no_low",
        "low_split",
        "any_quartered",
    }
    assert set(row["players"][0]) == {*PLAYER_FIGURES, "stderr"}
    assert data["groups"] and data["mean"]["players"][0]["equity"] > 0
    assert sum(r["boards"] for r in data["rows"]) == 45


def test_str_and_html_show_top_bottom_and_groups():
    report = oe.board_report(["AsAh2c3d", "KsKh4c5d"], "Qd7h2d")
    text = str(report)
    assert "top 10 by p1 equity" in text and "by texture" in text
    assert "<table" in report._repr_html_()


@pytest.mark.parametrize(
    ("players", "board", "dead", "options"),
    [
        (["AsAh2c3d", "AsKh4c5d"], "", "", {}),
        (["AsAh2c3d", "KsKh4c5d"], "Qd7h", "7h", {}),
        (["AsAh2c3d", "AA@abc"], "", "", {}),
        (["AsAh2c3d"], "", "", {}),
        (["AsAh2c3d", "KsKh4c5d"], "", "", {"trials": 0}),
        (["AsAh2c3d", "KsKh4c5d"], "", "", {"seed": -1}),
        (["AsAh2c3d", "KsKh4c5d"], "", "", {"target_stderr": -1}),
        (["AsAh2c3d", "KsKh4c5d"], "", "", {"threads": 0}),
        (["AsAh2c3d", "KsKh4c5d"], "", "", {"exact": "yes"}),
        (["AsAh2c3d", "KsKh4c5d"], "", "", {"game": "chess"}),
    ],
)
def test_bad_input_gets_the_errors_of_equity(players, board, dead, options):
    with pytest.raises(oe.OmahaEvalError) as want:
        oe.equity(players, board, dead, **options)
    with pytest.raises(oe.OmahaEvalError) as got:
        oe.board_report(players, board, dead, **options)
    assert str(got.value) == str(want.value)


def test_a_river_has_no_next_street():
    with pytest.raises(oe.OmahaEvalError, match=r"^board: expected 0, 1, 2, 3 or 4 cards"):
        oe.board_report(["AsAh2c3d", "KsKh4c5d"], "Qd7h2d9c8c")


@pytest.mark.parametrize("threads", [1, 2])
def test_stop_gives_the_partial_report(threads, monkeypatch):
    """The stop is set once a row is in (progress at every step): the
    report holds the rows done, each as the full report has it."""
    module = importlib.import_module("omaha_eval.study.boards.board_report")  # not the function
    monkeypatch.setattr(module, "PROGRESS_EVERY", 0.0)
    stop = threading.Event()

    def first_rows_in(partial: oe.BoardReport) -> None:
        if len(partial):
            stop.set()

    spot = (["AsKs9h8h", "20%"], "Qs7h2d")
    options = {"trials": 4096, "seed": 1, "exact": False}
    with pytest.raises(BoardReportInterrupted) as stopped:
        oe.board_report(*spot, **options, threads=threads, stop=stop, progress=first_rows_in)
    partial = stopped.value.report
    assert partial.interrupted and 0 < len(partial) < partial.total_rows == 45
    assert f"{len(partial)} of 45 rows" in str(partial)
    full = oe.board_report(*spot, **options)
    rows = [full.board_texts.index(b) for b in partial.board_texts]
    np.testing.assert_array_equal(partial.values, full.values[rows])


def test_progress_sees_partial_reports_and_the_last_is_whole():
    seen = []
    report = oe.board_report(
        ["AsKs9h8h", "20%"], "Qs7h2d", trials=2000, seed=1, exact=False, progress=seen.append
    )
    assert seen and seen[-1] is report and len(report) == report.total_rows
