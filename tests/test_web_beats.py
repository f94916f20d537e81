"""POST /api/beats and the Beats page (issue 47 item 4), in-process: the
answer is the library's beats() (the API adds nothing of its own), a short
answer priced before it is computed, every error a 422 naming its field."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from starlette.testclient import TestClient

import omaha_eval as oe
from omaha_eval.web import create_app
from omaha_eval.web.jobs import SHORT

BASE = "http://127.0.0.1"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url=BASE) as c:
        yield c


def test_the_answer_is_the_library_s(client) -> None:
    body = {"hand": "AhKh3d4c", "villains": ["KK, 2345", "*"], "board": "Qh7h6s2c", "dead": "9c"}
    answer = client.post("/api/beats", json=body)
    assert answer.status_code == 200, answer.text
    want = oe.beats("AhKh3d4c", ["KK, 2345", "*"], "Qh7h6s2c", "9c")
    assert answer.json() == json.loads(json.dumps(want.to_dict()))


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"hand": "", "villains": ["KK"], "board": "Qh7h6s"}, "hand"),
        ({"hand": "15%", "villains": ["KK"], "board": "Qh7h6s"}, "hand"),
        ({"hand": "AhKh3d4c", "villains": ["KK"], "board": "Qh7h"}, "board"),
        ({"hand": "AhKh3d4c", "villains": ["KK", "K!"], "board": "Qh7h6s"}, "villains[1]"),
        ({"hand": "AhKh3d4c", "villains": [], "board": "Qh7h6s"}, "villains"),
        ({"hand": "AhKh3d4c", "villains": ["KK"], "board": "Qh7h6s", "sort": "x"}, "sort"),
    ],
)
def test_bad_requests_are_422_naming_their_field(client, body, field) -> None:
    answer = client.post("/api/beats", json=body)
    assert answer.status_code == 422 and answer.json()["field"] == field, answer.text


def test_more_work_than_a_short_answer_is_refused_before_it(client) -> None:
    start = time.process_time()
    body = {"hand": "AsAhKsKhQsQh", "villains": ["*"], "board": "2c3d4h"}  # 6 M combos
    answer = client.post("/api/beats", json=body)
    assert answer.status_code == 422 and answer.json()["field"] == "villains"
    assert "6,096,454 live combos" in answer.json()["error"]
    assert time.process_time() - start < 1.0  # counted, not listed


def test_it_answers_in_a_short_slot_and_is_refused_when_the_lane_is_full() -> None:
    with TestClient(create_app(short_jobs=1), base_url=BASE) as c:
        with c.app.state.jobs.slot(SHORT):
            body = {"hand": "AhKh3d4c", "villains": ["KK"], "board": "Qh7h6s"}
            assert c.post("/api/beats", json=body).status_code == 429


def test_the_beats_page_has_its_form(client) -> None:
    page = client.get("/beats")
    assert page.status_code == 200
    for part in ('id="hand"', 'id="villains"', 'id="board"', "/static/beats.js", 'href="/beats"'):
        assert part in page.text
