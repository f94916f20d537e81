"""The web page's split graph: POST /api/split answers what split_graph
answers, with the combos its filter keeps; bad input is a 422 naming the
field; the /split page is served with its script."""

from __future__ import annotations

from typing import Any

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
