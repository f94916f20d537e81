"""The web's river solver: POST /api/solve answers what solve_river answers
(the figures and each decision node's strategy by hand class), on the long
lane as a job that Cancel stops with the best strategy measured; bad input
is a 422 naming the field; the /solve page is served with its script."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from starlette.testclient import TestClient

import omaha_eval as oe
from omaha_eval.web.app import create_app

SPOT = {
    "board": "Jd8c5h4s2h",
    "oop": "AsAh3c6d@0.5, KcKd2c3d, 9s9h7c6c, As2s3s4d",
    "ip": "Ac2d5c6h, AdKh7d7h@2, Th9h8s6h",
    "pot": 100,
    "stack": 150,
}


@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app(), base_url="http://127.0.0.1:8765") as c:
        yield c


def test_the_answer_is_the_library_s_solution_by_class(client: Any) -> None:
    answer = client.post("/api/solve", json={**SPOT, "raises": "none", "ip_bets": "100%"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    s = oe.solve_river(
        SPOT["board"], SPOT["oop"], SPOT["ip"], pot=100, stack=150, raises=(), ip_bets=["100%"]
    )
    assert data["evs"] == {"oop": s.oop_ev, "ip": s.ip_ev}
    assert data["exploitability"] == s.exploitability and data["iterations"] == s.iterations
    assert [n["line"] for n in data["nodes"]] == s.lines
    assert data["nodes"][0] == s.summary("").to_dict()
    assert data["sizes"]["ip_bets"] == ["100%"] and data["sizes"]["raises"] == []
    assert data["interrupted"] is False


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"board": "Jd8c5h"}, "board"),
        ({"oop": "AA@-1"}, "oop"),
        ({"ip": "Jd2c3c4c"}, "ip"),
        ({"pot": None}, "pot"),
        ({"stack": -3}, "stack"),
        ({"bets": "half"}, "bets"),
        ({"raises": "0%"}, "raises"),
        ({"ip_bets": "900%"}, "ip_bets"),
        ({"max_raises": 99}, "max_raises"),
        ({"allin": "yes"}, "allin"),
        ({"target_exploitability": 5}, "target_exploitability"),
        ({"max_iterations": 0}, "max_iterations"),
        ({"time_limit": -1}, "time_limit"),
        ({"game": "bridge"}, "game"),
        ({"dead": "Jd"}, "dead"),
        ({"betz": "50%"}, "betz"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(
    client: Any, change: dict[str, Any], field: str
) -> None:
    answer = client.post("/api/solve", json={**SPOT, **change})
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field


def test_a_solve_runs_on_the_long_lane_and_cancel_keeps_the_best_strategy(client: Any) -> None:
    body = {**SPOT, "target_exploitability": 1e-6, "max_iterations": 1_000_000}
    started = client.post("/api/jobs/solve", json=body)
    assert started.status_code == 202, started.text
    job = started.json()
    assert job["lane"] == "long"
    for _ in range(200):  # until a first measure
        if client.get(job["url"]).json()["progress"].get("iterations"):
            break
        time.sleep(0.05)
    ended = client.delete(job["url"]).json()
    assert ended["state"] == "cancelled"
    assert ended["result"]["interrupted"] is True and ended["result"]["iterations"] >= 10


def test_the_page_is_served_with_its_script(client: Any) -> None:
    page = client.get("/solve")
    assert page.status_code == 200
    assert '<script src="/static/solve.js"></script>' in page.text
    assert 'id="oop"' in page.text and 'href="/solve"' in page.text and "$$" not in page.text
    script = client.get("/static/solve.js")
    assert script.status_code == 200 and 'runJob("solve"' in script.text
