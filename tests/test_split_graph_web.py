"""The web page's split graph: POST /api/split answers what split_graph
answers, with the combos its filter keeps; bad input is a 422 naming the
field; the /split page is served with its script."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from starlette.testclient import TestClient

from omaha_eval.cards import format_hands
from omaha_eval.study.split import SPLIT_FIGURES, split_graph
from omaha_eval.web.app import create_app

HERO = "AsAh2c3d, AcAd2s4s@0.5, Ac2c3h4h, 7c7d8c9d, Ad2d3c4s, 5c6c7h8h"
VILLAIN = "QsQc5s6h@0.5, JhTh9s8s, KcKd7h6h"
BOARD = "Kh8d2d3s"


@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app(), base_url="http://127.0.0.1:8765") as c:
        yield c


def test_answer_is_the_graph_with_the_combos_kept(client: Any) -> None:
    body = {
        "players": [HERO, VILLAIN],
        "board": BOARD,
        "where": "scoop > 30%",
        "sort": "hi_share",
        "top": 3,
    }
    answer = client.post("/api/split", json=body)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    g = split_graph(HERO, VILLAIN, BOARD)
    hands = format_hands(g.combos)
    kept = sorted((i for i in range(len(hands)) if g.scoop[i] > 0.3), key=lambda i: -g.hi_share[i])
    assert data["rows"] == kept[:3] and data["matched"] == len(kept)
    assert data["columns"]["hand"] == [hands[i] for i in kept[:3]]
    for name in SPLIT_FIGURES:
        assert data["columns"][name] == [float(getattr(g, name)[i]) for i in kept[:3]]
        assert data["means"][name] == pytest.approx(g.mean(name), abs=1e-15)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": [HERO, VILLAIN], "board": BOARD, "where": "scop > 1"}, "where"),
        ({"players": [HERO, VILLAIN], "board": BOARD, "sort": "nothing"}, "sort"),
        # 250 nested parentheses: a RecursionError (500) before
        ({"players": [HERO, VILLAIN], "where": "(" * 250 + "scoop>0" + ")" * 250}, "where"),
        ({"players": [HERO, VILLAIN], "board": BOARD, "top": 0}, "top"),
        ({"players": [HERO, VILLAIN], "board": "Kh8d2dZz"}, "board"),
        ({"players": [HERO, "AsKd4c5dZz"]}, "players[1]"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(client: Any, body: dict[str, Any], field: str) -> None:
    answer = client.post("/api/split", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field


def test_the_page_is_served_with_its_script(client: Any) -> None:
    page = client.get("/split")
    assert page.status_code == 200
    assert '<script src="/static/split.js"></script>' in page.text
    assert 'id="where"' in page.text and 'href="/split"' in page.text
    script = client.get("/static/split.js")
    assert script.status_code == 200 and 'runJob("split"' in script.text


# -------------------------------------------- issue 47 items 1, 5 and 7


def test_the_answer_says_how_it_ran_and_the_columns_it_read(client: Any) -> None:
    body = {"players": [HERO, VILLAIN], "board": BOARD, "exact": False, "trials": 300}
    body |= {"seed": 4, "sort": "live_weight", "where": "trials > 100"}
    data = client.post("/api/split", json=body).json()
    g = split_graph(HERO, VILLAIN, BOARD, exact=False, trials=300, seed=4)
    assert data["run"].startswith("monte-carlo, 300 trials per combo, seed 4, ")
    assert data["run"].split(", seed")[0] == g.run_text().split(", seed")[0]
    assert data["read"] == ["live_weight", "trials"]  # the sort's first, each once


def test_the_picture_has_every_combo_and_marks_those_kept(client: Any) -> None:
    body = {"players": [HERO, VILLAIN], "board": BOARD, "where": "scoop > 30%", "top": 1}
    data = client.post("/api/split", json=body).json()
    g = split_graph(HERO, VILLAIN, BOARD)
    points = data["points"]
    assert not points["pooled"] and points["hand"] == format_hands(g.combos)
    assert points["hi_share"] == pytest.approx(g.hi_share.tolist(), abs=1e-5)
    assert points["lo_share"] == pytest.approx(g.lo_share.tolist(), abs=1e-5)
    assert points["mass"] == pytest.approx(g.mass.tolist(), abs=1e-5)
    # kept: every combo the filter passes, not only the --top shown
    assert points["kept"] == (g.scoop > 0.3).tolist() and len(data["rows"]) == 1


def test_a_large_graph_s_points_are_pooled_by_cells_keeping_its_mass() -> None:
    from omaha_eval.web.split_work import PICTURE_CELLS, PICTURE_POINTS, picture_points

    g = split_graph("20%", "KcKd7h6h", "Kh7d2c", exact=False, trials=50, seed=1)
    assert len(g.combos) > PICTURE_POINTS
    kept = g.equity > np.median(g.equity)
    points = picture_points(g, kept)
    assert points["pooled"] and len(points["mass"]) <= PICTURE_CELLS**2 // 2 + PICTURE_CELLS
    assert sum(points["combos"]) == len(g.combos)
    assert sum(points["mass"]) == pytest.approx(1.0, abs=1e-3)
    # the range's mean hi share is the points' (each a cell's mass-weighted mean)
    mean = sum(m * h for m, h in zip(points["mass"], points["hi_share"], strict=True))
    assert mean == pytest.approx(g.mean("hi_share"), abs=1e-4)
    assert sum(points["kept"]) >= 1 and not all(points["kept"])


@pytest.mark.parametrize(
    ("page", "label", "default"),
    [
        ("split", "Trials per combo", "2000"),
        ("boards", "Trials per row", "20000"),
        ("equity", "Trials", "1000000"),
    ],
)
def test_the_trials_box_says_what_is_sampled(
    client: Any, page: str, label: str, default: str
) -> None:
    # issue 47 item 7: the split page offered 1,000,000 trials, equity()'s
    text = client.get(f"/{page}").text
    assert f'<label for="trials">{label}</label>' in text
    assert f'placeholder="{default}"' in text


def test_boards_answers_the_columns_its_sort_and_filter_read(client: Any) -> None:
    import omaha_eval as oe

    body = {"players": ["AsAh2c3d", "KcKd4c5d"], "board": "Jd4d8c", "top": 5}
    body |= {"sort": "lost_nut_low", "where": "pairing=unpaired and p2_scoop >= 0"}
    data = client.post("/api/boards", json=body).json()
    assert list(data["read"]) == ["p1_lost_nut_low", "pairing", "p2_scoop"]
    report = oe.board_report(body["players"], body["board"])
    by_board = dict(zip(report.board_texts, report.figure("lost_nut_low", 0).tolist(), strict=True))
    shown = [r["board"] for r in data["rows"]]
    assert data["read"]["p1_lost_nut_low"] == [by_board[b] for b in shown]
    assert data["read"]["pairing"] == ["unpaired"] * len(shown)
