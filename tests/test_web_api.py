"""The web app's JSON API and pages, called in-process (Starlette's
TestClient) and, for event streams and clients that go away, through a real
server on 127.0.0.1 (tests/web_server.py).

Every answer is compared with the library's own (the API adds no figures of
its own), every error path is a 422 naming its field, and the limits hold:
body and text sizes, job slots, the cost bounds before work, cancel and
idle jobs.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from cli_helpers import cli_command, cli_env
from starlette.testclient import TestClient
from web_server import live_server

import omaha_eval as oe
from omaha_eval.engine.report import equity_cells
from omaha_eval.pql.syntax import parse
from omaha_eval.web import create_app
from omaha_eval.web.bodies import MAX_BODY, MAX_QUERY, MAX_TEXT
from omaha_eval.web.pages import PAGES

ROOT = Path(__file__).resolve().parents[1]
BASE = "http://127.0.0.1"
SPOT = {"players": ["AsAh2c3d", "KcKd4c5d"], "board": "Jd4d8c"}
# Monte Carlo that runs for minutes unless cancelled
LONG = {"players": ["*", "*", "*"], "exact": False, "trials": 100_000_000, "seed": 1}


@pytest.fixture
def client():
    with TestClient(create_app(), base_url=BASE) as c:
        yield c


def _without_time(data: dict[str, Any]) -> dict[str, Any]:
    data = {k: v for k, v in data.items() if k not in ("elapsed", "table")}
    return data


def _error(response: Any, status: int = 422) -> dict[str, Any]:
    assert response.status_code == status, response.text
    data = response.json()
    assert set(data) >= {"error", "field"} and data["error"]
    return data


def _library_error(call: Any) -> oe.OmahaEvalError:
    with pytest.raises(oe.OmahaEvalError) as info:
        call()
    return info.value


# ------------------------------------------------------------------ pages


@pytest.mark.parametrize("page", [*PAGES, "api/docs"])
def test_every_page_is_served_with_the_header_linking_all_pages(client, page):
    response = client.get(f"/{page}")
    assert response.status_code == 200
    text = response.text
    for other in PAGES:
        assert f'href="/{other}"' in text
    assert 'href="/api/docs"' in text
    assert 'aria-current="page"' in text
    csp = response.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "connect-src 'self'" in csp


def test_the_home_page_leads_to_equity(client):
    response = client.get("/", follow_redirects=False)
    assert response.status_code == 307 and response.headers["location"] == "/equity"


def test_every_input_of_every_page_has_a_label(client):
    for page in [*PAGES, "api/docs"]:
        text = client.get(f"/{page}").text
        labelled = set(re.findall(r'<label for="([^"]+)"', text))
        for tag, ident in re.findall(r"<(input|select|textarea)[^>]*\bid=\"([^\"]+)\"", text):
            assert ident in labelled, f"{page}: {tag} #{ident} has no label"


def test_no_page_or_static_file_names_another_host():
    web = Path(oe.__file__).parent / "web"  # the package the tests import
    for path in [*(web / "static").iterdir(), *(web / "templates").iterdir()]:
        text = path.read_text(encoding="utf-8")
        # the SVG namespace is a name, never fetched
        urls = set(re.findall(r"(?:https?:)?//[A-Za-z0-9.-]+\.[a-z]{2,}", text)) - {
            "http://www.w3.org"
        }
        assert not urls, f"{path.name} names {urls}"


def test_static_files_come_from_the_package_only(client):
    assert client.get("/static/common.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/style.css").status_code == 200
    for name in ("nothing.js", "..%2Fapp.py", "../app.py", "%2E%2E%2Fjobs.py"):
        assert client.get(f"/static/{name}").status_code == 404


def test_an_unknown_endpoint_and_method_answer_json(client):
    assert _error(client.get("/api/nothing"), 404)["field"] is None
    assert _error(client.get("/api/equity"), 405)["field"] is None


def test_a_request_naming_another_host_is_refused(client):
    # a page of another site reaching the server through a name that resolves here
    assert client.get("/equity", headers={"host": "evil.example"}).status_code == 400


def test_cors_is_off_unless_origins_are_given():
    origin = {"origin": "https://example.org"}
    with TestClient(create_app(), base_url=BASE) as c:
        r = c.post("/api/eval", json={"hole": "AdKd3s2s", "board": "Jd4d5h"}, headers=origin)
        assert "access-control-allow-origin" not in r.headers
    with TestClient(create_app(cors_origins=["https://example.org"]), base_url=BASE) as c:
        r = c.post("/api/eval", json={"hole": "AdKd3s2s", "board": "Jd4d5h"}, headers=origin)
        assert r.headers["access-control-allow-origin"] == "https://example.org"


# ------------------------------------------------------------------ equity


def test_equity_answers_what_the_library_answers(client):
    response = client.post("/api/equity", json=SPOT)
    assert response.status_code == 200
    data = response.json()
    expected = oe.equity(SPOT["players"], SPOT["board"])
    assert _without_time(data) == _without_time(expected.to_dict())
    header, rows, lines = equity_cells(expected)
    assert data["table"]["header"] == header and data["table"]["rows"] == rows
    assert data["table"]["lines"][0] == lines[0]  # the deal's figures (the time differs)


def test_seeded_monte_carlo_equity_is_the_library_s(client):
    spot = {**SPOT, "players": ["AsAh2c3d", "15%"], "exact": False, "trials": 20_000, "seed": 7}
    data = client.post("/api/equity", json=spot).json()
    expected = oe.equity(spot["players"], spot["board"], exact=False, trials=20_000, seed=7)
    assert data["method"] == "monte-carlo" and data["seed"] == 7
    assert _without_time(data) == _without_time(expected.to_dict())


def test_equity_to_a_target_error_and_high_only(client):
    spot = {**SPOT, "game": "omaha", "exact": False, "target_stderr": 0.01, "seed": 3}
    data = client.post("/api/equity", json=spot).json()
    assert data["game"] == "omaha" and data["target_reached"] is True
    assert "lo share" not in data["table"]["header"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**SPOT, "board": "Jd4d8cXx9"}, "board"),
        ({**SPOT, "board": "Jd4d8c2c3c4c"}, "board"),
        ({**SPOT, "dead": "AcAc"}, "dead"),
        ({**SPOT, "game": "bridge"}, "game"),
        ({**SPOT, "trials": 0}, "trials"),
        ({**SPOT, "trials": 2.5}, "trials"),
        ({**SPOT, "trials": 10**12}, "trials"),
        ({**SPOT, "trials": "many"}, "trials"),
        ({**SPOT, "target_stderr": -1}, "target_stderr"),
        ({**SPOT, "target_stderr": "small"}, "target_stderr"),
        ({**SPOT, "exact": "yes"}, "exact"),
        ({**SPOT, "seed": -1}, "seed"),
        ({**SPOT, "players": "AsAh2c3d"}, "players"),
        ({**SPOT, "players": []}, "players"),
        ({**SPOT, "players": ["AsAh2c3d", 7]}, "players[1]"),
        ({**SPOT, "players": ["AsAh2c3d", "x" * (MAX_TEXT + 1)]}, "players[1]"),
        ({**SPOT, "players": ["*"] * 11}, "players"),
        ({**SPOT, "board": "J" * (MAX_TEXT + 1)}, "board"),
        ({**SPOT, "bored": "Jd"}, "bored"),
    ],
)
def test_equity_errors_name_their_field(client, body, field):
    data = _error(client.post("/api/equity", json=body))
    assert data["field"] == field
    assert "Traceback" not in data["error"]


def test_equity_errors_found_by_the_library_carry_its_param(client):
    players = ["AsAh2c3d", "AsKd4c5d"]  # the ace of spades twice
    data = _error(client.post("/api/equity", json={"players": players}))
    exc = _library_error(lambda: oe.equity(players))
    assert data["field"] == exc.param  # the library's own attribute, whatever it is
    assert "player 1" in data["error"] and "player 2" in data["error"]  # counted from 1


def test_a_bad_body_is_refused_in_plain_words(client):
    assert _error(client.post("/api/equity", content=b"{not json"))["field"] is None
    assert _error(client.post("/api/equity", content=b"[1, 2]"))["field"] is None
    assert _error(client.post("/api/equity", content=b'{"players": NaN}'))["field"] is None
    assert _error(client.post("/api/equity", content=b"\xff\xfe"))["field"] is None
    too_big = json.dumps({"players": ["*", "*"], "board": " " * MAX_BODY}).encode()
    assert "limit" in _error(client.post("/api/equity", content=too_big), 413)["error"]


def test_the_cost_bound_applies_before_any_work(client):
    app = client.app
    body = {"players": ["*"] * 6, "exact": True}
    data = _error(client.post("/api/equity", json=body))
    assert "limit" in data["error"] and data["field"] in (None, "exact")
    assert app.state.jobs.running() == 0


# ------------------------------------------------------------------ jobs


def _wait(client: TestClient, url: str, until: Any, seconds: float = 4.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        job = client.get(url).json()
        if until(job) or time.monotonic() > deadline:
            return job
        time.sleep(0.05)


def test_a_job_reports_progress_and_cancel_stops_the_engine(client):
    started = client.post("/api/jobs/equity", json=LONG)
    assert started.status_code == 202
    job = started.json()
    assert job["state"] == "running" and job["events"].endswith("/events")
    seen = _wait(client, job["url"], lambda j: j["progress"].get("trials", 0) > 0)
    assert seen["state"] == "running" and seen["progress"]["total"] == LONG["trials"]
    assert seen["progress"]["partial"]["table"]["rows"]
    t0 = time.monotonic()
    cancelled = client.delete(job["url"]).json()
    assert time.monotonic() - t0 < 3
    assert cancelled["state"] == "cancelled"
    result = cancelled["result"]
    assert result["interrupted"] is True and 0 < result["trials"] < LONG["trials"]
    assert client.app.state.jobs.running() == 0


def test_the_jobs_beyond_the_limit_are_refused_with_a_message():
    with TestClient(create_app(max_jobs=1), base_url=BASE) as c:
        first = c.post("/api/jobs/equity", json=LONG).json()
        busy = _error(c.post("/api/jobs/equity", json=LONG), 429)
        assert "busy" in busy["error"] and busy["field"] is None
        assert c.post("/api/equity", json=SPOT).status_code == 200  # short: its own lane
        _error(
            c.post("/api/jobs/query", json={"text": "select count(winsHi(a)) from a='*', b='*'"}),
            429,
        )
        c.delete(first["url"])
        assert c.post("/api/equity", json=SPOT).status_code == 200


def test_a_job_nobody_watches_is_cancelled():
    with TestClient(create_app(job_idle=0.3), base_url=BASE) as c:
        job = c.post("/api/jobs/equity", json=LONG).json()
        time.sleep(2.0)  # the app sweeps its jobs every second
        state = c.app.state.jobs.get(job["id"])
        deadline = time.monotonic() + 3
        while state.state == "running" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert state.state == "cancelled"


def test_an_unknown_job_is_a_404_naming_it(client):
    data = _error(client.get("/api/jobs/12-equity"), 404)
    assert data["field"] == "job" and "'12-equity'" in data["error"]
    _error(client.delete("/api/jobs/nope"), 404)


def test_a_job_whose_input_is_bad_is_refused_before_it_starts(client):
    data = _error(client.post("/api/jobs/equity", json={**SPOT, "board": "Jd4d8cXx9"}))
    assert data["field"] == "board"
    assert client.app.state.jobs.running() == 0


def test_the_event_stream_gives_progress_then_the_result():
    import httpx2

    with live_server() as base, httpx2.Client(base_url=base, timeout=30) as http:
        job = http.post(
            "/api/jobs/equity",
            json={
                **SPOT,
                "players": ["AsAh2c3d", "*"],
                "exact": False,
                "trials": 600_000,
                "seed": 2,
            },
        ).json()
        events = []
        with http.stream("GET", job["events"]) as stream:
            event = None
            for line in stream.iter_lines():
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: "):
                    events.append((event, json.loads(line[6:])))
        assert events[-1][0] == "done"
        assert all(name == "progress" for name, _ in events[:-1])
        result = events[-1][1]["result"]
        expected = oe.equity(["AsAh2c3d", "*"], SPOT["board"], exact=False, trials=600_000, seed=2)
        assert _without_time(result) == _without_time(expected.to_dict())


def test_a_client_that_goes_away_cancels_its_job():
    import httpx2

    app = create_app()
    with live_server(app) as base:
        # the event stream closed: its job stops
        with httpx2.Client(base_url=base, timeout=30) as http:
            job = http.post("/api/jobs/equity", json=LONG).json()
            with http.stream("GET", job["events"]) as stream:
                for line in stream.iter_lines():
                    if line.startswith("data: ") and json.loads(line[6:])["progress"]:
                        break
        _until_stopped(app)
        assert app.state.jobs.get(job["id"]).state == "cancelled"
        # a waiting request dropped: its run stops
        with pytest.raises(httpx2.TimeoutException), httpx2.Client(base_url=base) as http:
            http.post("/api/equity", json=LONG, timeout=1.0)
        _until_stopped(app)
        assert app.state.jobs.running() == 0


def _until_stopped(app: Any, seconds: float = 4.0) -> None:
    deadline = time.monotonic() + seconds
    while app.state.jobs.running() and time.monotonic() < deadline:
        time.sleep(0.05)


# ------------------------------------------------------------------ query


QUERY = "select count(winsHi(hero)) from hero='AsAh2c3d', villain='KsKh4c5d', board='Ac7d2h'"


def test_query_answers_what_the_library_answers(client):
    data = client.post("/api/query", json={"text": QUERY}).json()
    expected = oe.query(QUERY)
    assert data["statements"] == 1 and data["interrupted"] is False
    assert _without_time(data["results"][0]) == _without_time(expected.to_dict())
    assert data["results"][0]["table"]["rows"] == [["count(winsHi(hero))", "86.22%"]]


def test_a_query_of_several_statements_answers_each(client):
    text = QUERY + "; " + QUERY.replace("winsHi", "tiesHi")
    data = client.post("/api/query", json={"text": text, "seed": 1}).json()
    expected = oe.query_all(text, seed=1)
    assert [_without_time(r) for r in data["results"]] == [
        _without_time(r.to_dict()) for r in expected
    ]


def test_query_errors_carry_the_field_and_the_column(client):
    data = _error(client.post("/api/query", json={"text": "select x"}))
    assert data["field"] == "text" and data["column"] == [1, 8]
    assert data["error"].startswith("query: column 8:")
    data = _error(client.post("/api/query", json={"text": "s" * (MAX_QUERY + 1)}))
    assert data["field"] == "text"
    assert (
        _error(client.post("/api/query", json={"text": QUERY, "trials": -5}))["field"] == "trials"
    )
    assert (
        _error(client.post("/api/query", json={"text": QUERY, "game": "omaha"}))["field"] == "game"
    )


def test_the_query_examples_are_those_of_the_pql_guide(client):
    examples = client.get("/api/examples").json()["examples"]
    page = (ROOT / "docs" / "pql.md").read_text(encoding="utf-8")
    assert examples == [m.strip() for m in re.findall(r"```sql\n(.*?)```", page, re.S)]
    assert len(examples) > 20
    for text in examples:
        assert parse(text)  # each loads into the editor as a query that reads


# ------------------------------------------------------------------ boards


def test_boards_answers_the_board_report(client):
    body = {**SPOT, "board": "Jd4d8c"}
    data = client.post("/api/boards", json=body).json()
    expected = oe.board_report(body["players"], body["board"]).to_dict()
    assert data.keys() == expected.keys() | {
        "rows_shown",
        "rows_all",
        "read",
    }  # no rows chosen: all
    assert data["read"] == {}  # no column read by a filter or a sort
    assert data["rows_shown"] == data["rows_all"] == len(expected["rows"])
    assert data.get("rows") == json.loads(json.dumps(expected.get("rows")))


def test_boards_errors_name_their_field(client):
    assert (
        _error(client.post("/api/boards", json={**SPOT, "board": "Jd4d8cXx9"}))["field"] == "board"
    )


# ------------------------------------------------------------------ check, range, eval


def test_check_reads_each_player_as_typed(client):
    body = {
        "players": ["AsAh2c3d", "AA:$ds", "", "*", "AsAh2c3d9h"],
        "board": "Jd4d8c",
        "dead": "2h",
    }
    data = client.post("/api/check", json=body).json()
    hand, ranged, empty, random, bad = data["players"]
    assert hand == {"kind": "hand", "combos": 1, "reading": "hand", "note": None}
    count = len(oe.Range("AA:$ds"))
    assert ranged["reading"] == f"range, {count:,} combos" and ranged["combos"] == count
    assert empty is None and random["kind"] == "random"
    assert bad["field"] == "players[4]" and "player 5" in bad["error"]
    assert data["board"] == {"pattern": False} and data["dead"] == {"pattern": False}
    assert set(data["used"]) == {"As", "Ah", "2c", "3d", "Jd", "4d", "8c", "2h"}


def test_check_names_a_bad_board_and_a_pattern(client):
    data = client.post(
        "/api/check", json={"players": ["AsAh2c3d"], "board": "Jd4d8cXx9", "dead": "sss"}
    ).json()
    assert data["board"]["field"] == "board" and data["dead"] == {"pattern": True}
    assert (
        client.post("/api/check", json={"players": [""], "game": "x"}).json()["game"]["field"]
        == "game"
    )


def test_range_answers_what_the_range_holds(client):
    data = client.post("/api/range", json={"text": "AA:$ds, KK@0.5", "limit": 5}).json()
    r = oe.Range("AA:$ds, KK@0.5")
    assert data["count"] == len(r) and data["total"] == r.total
    assert data["fraction"] == r.fraction and data["order"] == "hu"
    assert data["weights"] == [
        {
            "weight": 0.5,
            "count": int((r.weights == 0.5).sum()),
            "shown": f"0.5 ({int((r.weights == 0.5).sum()):,} hands)",
        },
        {
            "weight": 1.0,
            "count": int((r.weights == 1).sum()),
            "shown": f"1 ({int((r.weights == 1).sum()):,} hands)",
        },
    ]
    best = oe.preflop.strength_order(r, r.game, "hu", first=5)
    assert [h["hand"] for h in data["hands"]] == [oe.format_cards(r.combos[i][::-1]) for i in best]
    cards = client.post("/api/range", json={"text": "AsKs", "order": "cards", "limit": 3}).json()
    assert [h["hand"] for h in cards["hands"]] == [
        oe.format_cards(r[::-1]) for r in oe.Range("AsKs").combos[:3]
    ]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"text": "AA(("}, "text"),
        ({"text": ""}, "text"),
        ({"text": "AA", "hole_cards": 7}, "hole_cards"),
        ({"text": "AA", "game": "chess"}, "game"),
        ({"text": "AA", "order": "worst"}, "order"),
        ({"text": "AA", "limit": 0}, "limit"),
        ({"text": "AA", "limit": 10_000}, "limit"),
    ],
)
def test_range_errors_name_their_field(client, body, field):
    assert _error(client.post("/api/range", json=body))["field"] == field


def test_eval_answers_the_best_high_and_low_with_the_cards_used(client):
    body = {"hole": "AdKd3s2s", "board": "Jd4d3cQd5h"}
    data = client.post("/api/eval", json=body).json()
    v = oe.evaluate(body["hole"], body["board"])
    assert data["high"]["name"] == v.high_name and data["high"]["value"] == v.high
    assert data["low"]["name"] == v.low_name and data["low"]["cards"] == v.low_cards
    for part in ("high", "low"):  # exactly two cards from the hand, three from the board
        assert sum(u["from_hand"] for u in data[part]["used"]) == 2
        assert "".join(u["card"] for u in data[part]["used"]) == data[part]["cards"]
    no_low = client.post("/api/eval", json={"hole": "AdKd3s2s", "board": "KcQhJs"}).json()
    assert no_low["low"] is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"hole": "AdKd", "board": "Jd4d3c"}, "hole"),
        ({"hole": "AdKd3s2s", "board": "Jd4d"}, "board"),
        ({"hole": "AdKd3s2s", "board": 5}, "board"),
        ({"hole": "AdKd3s2s", "board": "Jd4d3c", "river": "5h"}, "river"),
    ],
)
def test_eval_errors_name_their_field(client, body, field):
    assert _error(client.post("/api/eval", json=body))["field"] == field


def test_eval_of_a_card_in_both_carries_the_library_s_param(client):
    data = _error(client.post("/api/eval", json={"hole": "AdKd3s2s", "board": "AdQd3c"}))
    assert data["field"] == _library_error(lambda: oe.evaluate("AdKd3s2s", "AdQd3c")).param


def test_eval_reads_the_hole_and_the_board_text_once(client, monkeypatch):
    from collections import Counter

    import omaha_eval._checks as checks

    read: Counter[str] = Counter()
    real = checks.parse_cards

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        read[text] += 1
        return real(text, *args, **kwargs)

    monkeypatch.setattr(checks, "parse_cards", counted)  # the one card-text reader
    body = {"hole": "AdKd3s2s", "board": "Jd4d3cQd5h"}
    data = client.post("/api/eval", json=body).json()
    assert read == {"AdKd3s2s": 1, "Jd4d3cQd5h": 1}
    v = oe.evaluate(body["hole"], body["board"])
    assert (data["high"]["cards"], data["low"]["cards"]) == (v.high_cards, v.low_cards)


# ------------------------------------------------------------------ OpenAPI


def test_the_openapi_document_lists_every_api_route_and_no_other(client):
    doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    documented = {(path, method.upper()) for path, ops in doc["paths"].items() for method in ops}
    served = set()
    for route in client.app.routes:
        path = getattr(route, "path", "")
        if path.startswith("/api/") and path not in ("/api/docs", "/api/openapi.json"):
            served |= {(path, m) for m in route.methods - {"HEAD"}}
    assert documented == served
    refs = set(re.findall(r'"#/components/schemas/(\w+)"', json.dumps(doc)))
    assert refs <= set(doc["components"]["schemas"])


# ------------------------------------------------------------------ the command


def test_serve_says_how_to_install_the_web_extra(monkeypatch):
    from click.testing import CliRunner

    from omaha_eval.cli import main

    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)
    from omaha_eval.extras import install_hint

    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1  # a missing extra is a failure, not a usage error
    assert install_hint("web") in result.output and "Traceback" not in result.output


def test_serve_on_a_port_in_use_is_a_one_line_error():
    from click.testing import CliRunner

    from omaha_eval.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and f"port {port}" in lines[0] and "in use" in lines[0]


def test_serve_serves_the_pages_on_this_machine(tmp_path):
    import httpx2

    proc = subprocess.Popen(
        cli_command("serve", "--port", "0"),
        cwd=tmp_path,
        env=cli_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        found: list[str] = []
        reader = threading.Thread(target=lambda: found.append(proc.stderr.readline()), daemon=True)
        reader.start()
        reader.join(20)
        match = re.search(r"serving (http://127\.0\.0\.1:\d+/)", found[0] if found else "")
        assert match, found
        response = httpx2.get(match[1] + "equity", timeout=10)
        assert response.status_code == 200 and "Equity" in response.text
    finally:
        proc.terminate()
        proc.wait(10)
