"""The web server's bounds (issue 37 items 1, 3 and 4; issue 40's lanes):
no endpoint computes outside a slot of its lane, a small request cannot
grow the server by a gigabyte, a body the reader cannot take is a 422 (not
a 500), short answers have a lane of their own so that long board reports
never make them wait, and the Host check holds whatever address the server
listens on.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from cli_helpers import cli_command, cli_env, resident_memory_measured
from starlette.testclient import TestClient

import omaha_eval as oe
from omaha_eval import listing
from omaha_eval.web import create_app, work
from omaha_eval.web.app import LOCAL_HOSTS, host_names
from omaha_eval.web.bodies import Body
from omaha_eval.web.jobs import LONG, SHORT

BASE = "http://127.0.0.1"
SPOT = {"players": ["AsAh2c3d", "KcKd4c5d"], "board": "Jd4d8c"}
# A board report that runs for minutes unless cancelled (7,312 sampled rows)
LONG_REPORT = {"players": ["AsAh2c3d", "KcKd4c5d"], "exact": False, "trials": 20_000, "seed": 1}
LONG_EQUITY = {"players": ["*", "*", "*"], "exact": False, "trials": 100_000_000, "seed": 1}


def _error(response: Any, status: int = 422) -> dict[str, Any]:
    assert response.status_code == status, response.text
    data = response.json()
    assert set(data) >= {"error", "field"} and data["error"]
    return data


@pytest.fixture
def client():
    with TestClient(create_app(), base_url=BASE) as c:
        yield c


# ------------------------------------------------------------ item 3: 422, not 500


@pytest.mark.parametrize("path", ["/api/equity", "/api/jobs/boards", "/api/range", "/api/check"])
def test_a_body_nested_thousands_deep_is_a_422(client, path):
    body = "[" * 30_000 + "]" * 30_000
    data = _error(client.post(path, content=body, headers={"content-type": "application/json"}))
    assert "nested too deeply" in data["error"] and data["field"] is None


@pytest.mark.parametrize("path", ["/api/equity", "/api/jobs/boards", "/api/jobs/equity"])
def test_a_target_stderr_of_hundreds_of_digits_is_a_422_naming_it(client, path):
    body = '{"players": ["AsAh2c3d", "KcKd4c5d"], "target_stderr": ' + "9" * 400 + "}"
    data = _error(client.post(path, content=body, headers={"content-type": "application/json"}))
    assert data["field"] == "target_stderr" and "too large" in data["error"]
    assert len(data["error"]) < 120  # the input quoted, cut


@pytest.mark.parametrize("name", ["trials", "seed"])
def test_a_whole_number_of_hundreds_of_digits_is_quoted_cut(client, name):
    body = f'{{"players": ["AsAh2c3d", "KcKd4c5d"], "{name}": {"9" * 400}}}'
    data = _error(
        client.post("/api/equity", content=body, headers={"content-type": "application/json"})
    )
    assert data["field"] == name and len(data["error"]) < 160


# ----------------------------------------------------- item 1: /api/range is bounded


def test_a_range_answer_orders_a_chunk_at_a_time_as_ordering_all_does(monkeypatch):
    # the chunked order (listing.first_hands, which the range answer lists)
    # against the library's order of the whole range, with chunks small
    # enough that the range spans many of them
    monkeypatch.setattr(listing, "FIRST_CHUNK", 97)
    for text, k, order in [
        ("AA, KK:$ds, 2%", 4, "hu"),
        ("A2, KQJ", 4, "6h"),
        ("3%", 5, "hu"),
        ("AsKs", 4, "cards"),
    ]:
        r = oe.Range(text, hole_cards=k)
        assert len(r) > 3 * listing.FIRST_CHUNK
        for first in (1, 50, 1000):
            expected = listing.positions(r, order, first=first)
            rows = slice(0, first) if expected is None else expected
            got, weights = listing.first_hands(r, order, first)
            assert np.array_equal(got, r.combos[rows]), (text, order, first)
            assert np.array_equal(weights, r.weights[rows])


_MEMORY = r"""
import resource, sys, json
from starlette.testclient import TestClient
from omaha_eval.web import create_app

def address_space():
    for line in open("/proc/self/status", encoding="utf-8"):
        if line.startswith("VmSize"):
            return int(line.split()[1]) * 1024

with TestClient(create_app(), base_url="http://127.0.0.1") as c:
    c.post("/api/range", json={"text": "AA", "hole_cards": 4})  # threads and imports made
    limit = address_space() + int(sys.argv[1]) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
    r = c.post("/api/range", json={"text": "*", "hole_cards": 6})
    print(json.dumps({"status": r.status_code, "count": r.json().get("count"),
                      "hands": len(r.json().get("hands", []))}))
"""


@pytest.mark.slow
def test_every_six_card_hand_as_a_range_answers_within_700_mb(tmp_path):
    # 36 bytes asked the server for about 1.2 GB (the strength order of all
    # 20 M hands at once); now the range's own memory and a chunk
    env = {**cli_env(), "MALLOC_ARENA_MAX": "2"}  # cli_env: the 6-card orders of a source tree
    done = subprocess.run(
        [sys.executable, "-c", _MEMORY, "700"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=tmp_path,  # the installed package, not the source tree's
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == {
        "status": 200,
        "count": 20_358_520,
        "hands": 50,
    }


_GROWTH = r"""
import json, re
from starlette.testclient import TestClient
from omaha_eval.web import create_app

def peak():
    with open("/proc/self/status", encoding="utf-8") as status:
        return int(re.search(r"VmHWM:\s*(\d+) kB", status.read()).group(1)) // 1024

with TestClient(create_app(), base_url="http://127.0.0.1") as c:
    c.post("/api/range", json={"text": "AA", "hole_cards": 4})  # threads and imports made
    before = peak()
    r = c.post("/api/range", json={"text": TEXT, "hole_cards": 6})
    print(json.dumps({"status": r.status_code, "count": r.json().get("count"),
                      "hands": len(r.json().get("hands", [])), "growth": peak() - before}))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc's VmHWM")
@resident_memory_measured
@pytest.mark.parametrize("text", ["*", "100%"])
def test_every_six_card_hand_is_counted_without_listing_them(tmp_path, text):
    # issue 45 item 2d: 36 bytes grew the server by about 520 MB (every hand
    # listed and ordered); now the count is known and the first hands are
    # those of the order's best classes: what grows is the order itself
    done = subprocess.run(
        [sys.executable, "-c", f"TEXT = {text!r}\n{_GROWTH}"],
        capture_output=True,
        text=True,
        env=cli_env(),
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    answer = json.loads(done.stdout.splitlines()[-1])
    assert answer["status"] == 200 and answer["count"] == 20_358_520 and answer["hands"] == 50
    assert answer["growth"] < 200, answer  # MB


def test_range_check_and_eval_answer_in_a_short_slot_and_are_refused_when_the_lane_is_full():
    with TestClient(create_app(short_jobs=1), base_url=BASE) as c:
        manager = c.app.state.jobs
        with manager.slot(SHORT):  # the lane's one slot, taken
            for path, body in [
                ("/api/range", {"text": "AA"}),
                ("/api/check", SPOT),
                ("/api/eval", {"hole": "AsAh2c3d", "board": "Jd4d8c"}),
            ]:
                data = _error(c.post(path, json=body), 429)
                assert "busy" in data["error"] and "short" in data["error"]
        assert c.post("/api/range", json={"text": "AA"}).status_code == 200
        assert manager.used(SHORT) == 0


# ------------------------------------------------------ issue 40: the short lane


def test_a_short_equity_answers_while_the_long_lane_is_full():
    with TestClient(create_app(max_jobs=4), base_url=BASE) as c:
        manager = c.app.state.jobs
        held = [manager.reserve("boards", LONG) for _ in range(4)]
        _error(c.post("/api/jobs/boards", json=LONG_REPORT), 429)
        _error(
            c.post("/api/jobs/query", json={"text": "select count(winsHi(a)) from a='*', b='*'"}),
            429,
        )
        answer = c.post("/api/equity", json=SPOT)
        assert answer.status_code == 200 and answer.json()["method"] == "exact"
        assert c.post("/api/range", json={"text": "AA"}).status_code == 200
        assert manager.used(LONG) == 4 and manager.used(SHORT) == 0
        for job in held:
            manager.release(job, {"error": "test", "field": None})


@pytest.mark.slow
def test_a_short_equity_answers_while_four_long_board_reports_run():
    with TestClient(create_app(max_jobs=4), base_url=BASE) as c:
        jobs = [c.post("/api/jobs/boards", json=LONG_REPORT).json() for _ in range(4)]
        assert [j["lane"] for j in jobs] == [LONG] * 4
        _error(c.post("/api/jobs/boards", json=LONG_REPORT), 429)  # the long lane is full
        for _ in range(2):
            answer = c.post("/api/equity", json=SPOT)
            assert answer.status_code == 200, answer.text
            assert answer.json()["method"] == "exact"
        assert all(c.get(j["url"]).json()["state"] == "running" for j in jobs)
        for j in jobs:
            assert c.delete(j["url"]).json()["state"] == "cancelled"


def test_an_equity_run_goes_to_the_lane_its_estimated_work_calls_for():
    def lane(body: dict[str, Any]) -> bool:
        return work.prepare_equity(Body(body), threading.Event()).short

    assert lane(SPOT)  # exact, 820 deals
    assert lane({"players": ["AsAh2c3d", "*"], "exact": False, "trials": 1_000_000})
    assert not lane(LONG_EQUITY)
    assert not lane({"players": ["AsAh2c3d", "KK"], "exact": True})  # minutes of work


def test_a_long_equity_waits_for_no_short_slot_and_takes_a_long_one():
    with TestClient(create_app(max_jobs=1, short_jobs=1), base_url=BASE) as c:
        first = c.post("/api/jobs/equity", json=LONG_EQUITY).json()
        assert first["lane"] == LONG
        manager = c.app.state.jobs
        assert (manager.used(LONG), manager.used(SHORT)) == (1, 0)
        busy = _error(c.post("/api/jobs/equity", json=LONG_EQUITY), 429)
        assert "long" in busy["error"]
        assert (manager.used(LONG), manager.used(SHORT)) == (1, 0)  # the refused one let go
        assert c.post("/api/equity", json=SPOT).status_code == 200
        c.delete(first["url"])


def test_a_short_job_over_its_time_is_cancelled():
    with TestClient(create_app(), base_url=BASE) as c:
        manager = c.app.state.jobs
        manager.seconds[SHORT] = 0.0  # every short job is over its time at the sweep
        job = manager.reserve("equity", SHORT)
        manager.sweep()
        assert job.stop.is_set()


# ------------------------------------------------------ item 4: the Host check


def test_the_host_names_answered_are_this_machine_s_the_address_and_those_allowed():
    assert set(host_names("127.0.0.1")) == set(LOCAL_HOSTS)
    assert set(host_names("127.0.0.2")) == {*LOCAL_HOSTS, "127.0.0.2"}
    assert set(host_names("0.0.0.0", ("box.lan",))) == {*LOCAL_HOSTS, "box.lan"}
    assert set(host_names("::")) == set(LOCAL_HOSTS)
    assert "[fe80::1]" in host_names("fe80::1")


def test_any_host_name_is_refused_as_a_setting():
    with pytest.raises(oe.OmahaEvalError) as info:
        create_app(hosts=["*"])
    assert info.value.param == "hosts"


@pytest.mark.parametrize("name", ["*.*", "a*b", "box.*", "*.", "*", ""])
def test_a_host_name_the_check_cannot_read_is_refused_naming_it(name):
    # issue 45 item 3: "*.*" made the app, then the server died at its first request
    with pytest.raises(oe.OmahaEvalError) as info:
        create_app(hosts=[*LOCAL_HOSTS, name])
    assert (info.value.param, info.value.value) == ("hosts", name)


def test_a_wildcard_under_a_name_is_answered():
    app = create_app(hosts=[*LOCAL_HOSTS, "*.example.org"])
    with TestClient(app, base_url="http://box.example.org") as c:
        assert c.post("/api/range", json={"text": "AA"}).status_code == 200
    with TestClient(app, base_url="http://example.com") as c:
        assert c.post("/api/range", json={"text": "AA"}).status_code == 400


@pytest.mark.parametrize("name", ["*", "*.*"])
def test_serve_refuses_a_bad_allow_host_in_one_line_before_serving(name, tmp_path):
    # issue 45 item 3: '*' printed a 30-line traceback, '*.*' served and then died
    done = subprocess.run(
        cli_command("serve", "--port", "0", "--allow-host", name),
        env=cli_env(),
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "serving" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("omaha-eval: error: --allow-host:"), lines
    assert repr(name) in lines[0]


def test_a_server_listening_on_another_address_still_checks_the_host(tmp_path):
    import httpx2

    proc = subprocess.Popen(
        cli_command("serve", "--host", "127.0.0.2", "--port", "0", "--allow-host", "box.lan"),
        env=cli_env(),
        cwd=tmp_path,  # the installed package, not the source tree's
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines: list[str] = []

        def read() -> None:
            for _ in range(2):
                lines.append(proc.stderr.readline())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(30)
        match = re.search(r"serving (http://127\.0\.0\.2:\d+/)", "".join(lines))
        assert match, lines
        note = lines[1]
        assert "no login" in note and "--allow-host" in note and "box.lan" in note
        url = match[1] + "api/range"
        for host, status in [
            ("attacker.example", 400),
            ("127.0.0.2", 200),
            ("box.lan", 200),
            ("localhost", 200),
        ]:
            response = httpx2.post(url, json={"text": "AA"}, headers={"host": host}, timeout=10)
            assert response.status_code == status, (host, response.text)
    finally:
        proc.terminate()
        proc.wait(10)


# ------------------------------------- issue 38 item 3: bounds from their owners


def test_the_openapi_document_takes_its_bounds_from_their_owners(client):
    from omaha_eval import listing
    from omaha_eval.engine.plan import DEFAULT_TRIALS, MIN_TARGET
    from omaha_eval.games import HOLE_SIZES, MAX_PLAYERS, PLAYERS
    from omaha_eval.web.bodies import MAX_QUERY, MAX_TEXT

    schemas = client.get("/api/openapi.json").json()["components"]["schemas"]
    spot = schemas["EquityRequest"]["properties"]
    assert (spot["players"]["minItems"], spot["players"]["maxItems"]) == (PLAYERS[0], MAX_PLAYERS)
    assert spot["players"]["items"]["maxLength"] == spot["board"]["maxLength"] == MAX_TEXT
    assert spot["trials"]["maximum"] == work.MAX_TRIALS
    assert f"{DEFAULT_TRIALS:,}" in spot["trials"]["description"]
    assert spot["seed"]["maximum"] == work.SEED_LIMIT - 1
    assert spot["target_stderr"]["minimum"] == MIN_TARGET
    assert schemas["QueryRequest"]["properties"]["text"]["maxLength"] == MAX_QUERY
    ranged = schemas["RangeRequest"]["properties"]
    assert ranged["hole_cards"]["enum"] == [*HOLE_SIZES, None]
    assert ranged["order"]["enum"] == [*listing.ORDERS, None]
    assert (ranged["limit"]["maximum"], ranged["limit"]["default"]) == (
        work.RANGE_HANDS,
        work.RANGE_LIMIT,
    )


def test_the_pages_forms_take_their_bounds_from_their_owners(client):
    from omaha_eval.engine.plan import DEFAULT_TRIALS
    from omaha_eval.games import HOLE_SIZES, MAX_PLAYERS, PLAYERS
    from omaha_eval.web.bodies import MAX_QUERY, MAX_TEXT

    equity = client.get("/equity").text
    assert f'data-min="{PLAYERS[0]}" data-max="{MAX_PLAYERS}"' in equity
    assert f'maxlength="{MAX_TEXT}"' in equity and f'placeholder="{DEFAULT_TRIALS}"' in equity
    assert f'maxlength="{MAX_QUERY}"' in client.get("/query").text
    ranged = client.get("/range").text
    assert "".join(f"<option>{k}</option>" for k in HOLE_SIZES) in ranged
    assert f'value="{work.RANGE_LIMIT}"' in ranged
    for page in ("equity", "boards", "query", "range", "hand"):
        assert "$" not in client.get(f"/{page}").text.replace("AA:$ds", "")  # all filled in
    spot_js = client.get("/static/spot.js").text
    assert "dataset.max" in spot_js and not re.search(r"MAX\s*=\s*\d", spot_js)


def _status(response: Any) -> int:
    return int(response.status_code)


def test_each_bound_is_answered_and_one_past_it_refused(client):
    from omaha_eval.games import MAX_PLAYERS
    from omaha_eval.web.bodies import MAX_BODY, MAX_TEXT

    # players: MAX_PLAYERS read, one more refused (check reads each, cheaply)
    hands = ["*"] * MAX_PLAYERS
    assert _status(client.post("/api/check", json={"players": hands})) == 200
    data = _error(client.post("/api/check", json={"players": [*hands, "*"]}))
    assert data["field"] == "players"
    # text sizes: MAX_TEXT characters read, one more refused
    blank = " " * MAX_TEXT
    assert _status(client.post("/api/check", json={"players": ["*", "*"], "dead": blank})) == 200
    data = _error(client.post("/api/check", json={"players": ["*", "*"], "dead": blank + " "}))
    assert data["field"] == "dead" and "over the limit" in data["error"]
    # the range's hands listed: 1 to RANGE_HANDS
    for limit, status in [(work.RANGE_HANDS, 200), (work.RANGE_HANDS + 1, 422), (0, 422)]:
        response = client.post("/api/range", json={"text": "AA", "limit": limit})
        assert _status(response) == status, response.text
    # hole cards: the sizes of the games, none past them
    sizes = sorted(oe.games.HOLE_SIZES)
    for k, status in [(sizes[0], 200), (sizes[-1], 200), (sizes[0] - 1, 422), (sizes[-1] + 1, 422)]:
        assert _status(client.post("/api/range", json={"text": "AA", "hole_cards": k})) == status
    # seed: 0 to SEED_LIMIT - 1
    for seed, status in [(work.SEED_LIMIT - 1, 200), (work.SEED_LIMIT, 422), (-1, 422)]:
        response = client.post(
            "/api/equity", json={**SPOT, "exact": False, "trials": 1_000, "seed": seed}
        )
        assert _status(response) == status, response.text
    # trials: 1 to MAX_TRIALS (the bound itself starts a job, cancelled at once)
    for trials, status in [(work.MAX_TRIALS, 202), (work.MAX_TRIALS + 1, 422), (0, 422)]:
        response = client.post("/api/jobs/equity", json={**SPOT, "exact": False, "trials": trials})
        assert _status(response) == status, response.text
        if status == 202:
            client.delete(response.json()["url"])
    # the body: MAX_BODY bytes read, one more refused
    padded = json.dumps({"players": ["*", "*"]})
    body = padded[:-1] + " " * (MAX_BODY - len(padded)) + "}"
    assert len(body.encode()) == MAX_BODY
    headers = {"content-type": "application/json"}
    assert _status(client.post("/api/check", content=body, headers=headers)) == 200
    _error(client.post("/api/check", content=body + " ", headers=headers), 413)


# ------------------------------------------- item 8: a card named twice, as typed


def test_check_names_a_card_in_two_inputs_where_it_is_typed(client):
    data = client.post("/api/check", json={**SPOT, "players": ["AsAh2c3d", "AsKd4c5d"]}).json()
    assert data["players"][1] == {
        "error": "player 2: As is also in player 1's hand",
        "field": "players[1]",
    }
    assert "error" not in data["players"][0]
    data = client.post("/api/check", json={**SPOT, "dead": "2c"}).json()
    assert data["dead"]["error"] == "dead: 2c is also in player 1's hand"
    data = client.post("/api/check", json={"players": ["AsAh2c3d", "*"], "board": "AsKd"}).json()
    assert data["board"]["error"] == "board: As is also in player 1's hand"
    refused = _error(client.post("/api/equity", json={**SPOT, "players": ["AsAh2c3d", "AsKd4c5d"]}))
    assert "As" in refused["error"]  # the run refuses what the check names


def test_every_text_box_of_every_page_takes_the_body_reader_s_bound(client):
    """The pages' text inputs stop at the length the body reader accepts
    (MAX_TEXT; the query's editor at MAX_QUERY), on every page alike: the
    boards, hits and split pages' where, sort, range, board and dead boxes
    had none."""
    from omaha_eval.web.bodies import MAX_QUERY, MAX_TEXT
    from omaha_eval.web.pages import PAGES

    for page in PAGES:
        html = client.get(f"/{page}").text
        for tag in re.findall(r"<(?:input|textarea)\b[^>]*>", html):
            if 'inputmode="' in tag or 'type="radio"' in tag or 'type="checkbox"' in tag:
                continue  # numbers and choices: read as such, not as text
            bound = re.search(r'maxlength="(\d+)"', tag)
            assert bound is not None, (page, tag)
            assert int(bound.group(1)) in (MAX_TEXT, MAX_QUERY), (page, tag)
