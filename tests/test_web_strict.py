"""The page's "Refuse look-alike cards" box: the API's `strict` field of
/api/equity and /api/query (the library's strict=), and notes that name the
box, not the library's strict=True, which the page does not offer."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from starlette.testclient import TestClient

import omaha_eval as oe
from omaha_eval.engine.lookalikes import STRICT
from omaha_eval.web import create_app
from omaha_eval.web.openapi import SCHEMAS
from omaha_eval.web.work import PAGE_STRICT

LOOKALIKE = ["AsAh2c3x", "KcKd4c5d"]  # x: a suit variable, read as a pattern
QUERY = "select count(winsHi(hero)) from hero='AsAh2c3x', villain='KcKd4c5d', board='Jd4d8c'"


@pytest.fixture
def client():
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        yield c


def test_a_lookalike_is_noted_naming_the_pages_box(client) -> None:
    data = client.post("/api/equity", json={"players": LOOKALIKE, "board": "Jd4d8c"}).json()
    assert data["notes"] and all(STRICT not in n for n in data["notes"])
    assert any(PAGE_STRICT in n for n in data["notes"])
    assert any(PAGE_STRICT in line for line in data["table"]["lines"])
    checked = client.post("/api/check", json={"players": LOOKALIKE, "board": ""}).json()
    note = checked["players"][0]["note"]
    assert PAGE_STRICT in note and STRICT not in note


def test_strict_refuses_a_lookalike_as_the_library_does(client) -> None:
    with pytest.raises(oe.OmahaEvalError) as info:
        oe.equity(LOOKALIKE, "Jd4d8c", strict=True)
    response = client.post(
        "/api/equity", json={"players": LOOKALIKE, "board": "Jd4d8c", "strict": True}
    )
    assert response.status_code == 422, response.text
    assert response.json()["field"] == info.value.param
    query = client.post("/api/query", json={"text": QUERY, "strict": True})
    assert query.status_code == 422, query.text
    lenient = client.post("/api/query", json={"text": QUERY, "strict": False}).json()
    assert any(PAGE_STRICT in n for n in lenient["results"][0]["notes"])


def test_strict_must_be_a_boolean(client) -> None:
    response = client.post("/api/equity", json={"players": LOOKALIKE, "strict": "yes"})
    assert response.status_code == 422 and response.json()["field"] == "strict"


def test_the_api_documents_strict() -> None:
    for name in ("EquityRequest", "QueryRequest"):
        assert "strict" in SCHEMAS[name]["properties"], name
