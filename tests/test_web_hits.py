"""POST /api/hits and the Hits page, in-process: the answer is the
library's range_hits (the API adds no figures of its own), rows chosen as
the command line chooses them, every error a 422 naming its field."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from cli_helpers import run_python
from starlette.testclient import TestClient

import omaha_eval as oe
from omaha_eval.study.boards.columns import board_columns, with_player_aliases
from omaha_eval.study.hits import HIT_CLASSES
from omaha_eval.study.table.columns import document_columns
from omaha_eval.study.table.select import select_rows
from omaha_eval.web import create_app


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        yield c


def test_one_board_answers_the_shares_of_range_hits(client) -> None:
    answer = client.post("/api/hits", json={"range": "A2**", "board": "7h5h9c"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    hits = oe.range_hits("A2**", "7h5h9c")
    columns = document_columns(data)
    assert data["rows_total"] == 1 and [c["name"] for c in data["classes"]] == list(hits.names)
    for name in hits.names:
        assert columns[name][0] == pytest.approx(hits[name], abs=1e-8)
        assert data["mean"][name] == pytest.approx(hits[name], abs=1e-12)


def test_every_flop_rows_are_chosen_as_select_rows_chooses_them(client) -> None:
    body = {"range": "AAKK", "where": "set > 0 and suits=rainbow", "sort": "set, board", "top": 5}
    data = client.post("/api/hits", json=body).json()
    hits = oe.range_hits("AAKK")
    table = hits.columns()
    rows = select_rows(table, where=body["where"], sort=body["sort"], top=5)
    assert data["rows_total"] == len(hits) and data["rows"] == 5
    assert document_columns(data)["board"] == [table["board"][int(r)] for r in rows]


def test_grouped_flops(client) -> None:
    data = client.post("/api/hits", json={"range": "AAKK", "group": "pairing"}).json()
    assert data["grouped_by"] == "pairing"
    assert document_columns(data)["board"] == oe.range_hits("AAKK", by="pairing").board_texts


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"range": ""}, "range"),
        ({"range": "AA:$zz", "board": "7h5h2c"}, "range"),
        ({"range": "AA", "board": "7h5h"}, "board"),
        ({"range": "AA", "board": "7h5h2c", "dead": "7h"}, "dead"),
        ({"range": "AA", "where": "sett>1"}, "where"),
        ({"range": "AA", "sort": "set sideways"}, "sort"),
        ({"range": "AA", "top": 0}, "top"),
        ({"range": "AA", "group": "colour"}, "group"),
        ({"range": "AA", "board": "7h5h2c", "group": "texture"}, "group"),
        ({"range": "AA", "game": "chess"}, "game"),
        ({"range": "AA", "colour": "red"}, "colour"),
    ],
)
def test_bad_requests_are_422_naming_their_field(client, body, field) -> None:
    answer = client.post("/api/hits", json=body)
    assert answer.status_code == 422, answer.text
    data = answer.json()
    assert data["field"] == field and data["error"]


def test_the_hits_page_has_its_form_and_texture_groupings(client) -> None:
    page = client.get("/hits")
    assert page.status_code == 200
    for part in (
        'id="range"',
        'id="where"',
        'id="sort"',
        'id="top"',
        '<option value="pairing">',
        "/static/hits.js",
    ):
        assert part in page.text
    assert client.get("/static/hits.js").status_code == 200


SPOT = {"players": ["AsAh2c3d", "KcKd4c5d"], "board": "Jd4d8c"}


def test_boards_rows_are_chosen_and_grouped_as_the_command_chooses_them(client) -> None:
    body = {**SPOT, "where": "scoop>0.5", "sort": "equity asc, board", "top": 4}
    data = client.post("/api/boards", json=body).json()
    report = oe.board_report(SPOT["players"], SPOT["board"])
    table = with_player_aliases(board_columns(report))
    rows = select_rows(table, where=body["where"], sort=body["sort"], top=4)
    assert [r["board"] for r in data["rows"]] == [report.board_texts[int(r)] for r in rows]
    assert data["rows_shown"] == 4 and data["rows_all"] == len(report)
    grouped = client.post("/api/boards", json={**SPOT, "group": "pairing"}).json()
    assert grouped["grouped_by"] == "pairing"
    assert [r["board"] for r in grouped["rows"]] == report.group("pairing").board_texts


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"where": "p3_scoop>0"}, "where"),
        ({"sort": "scoop up"}, "sort"),
        ({"top": 0}, "top"),
        ({"group": "colour"}, "group"),
    ],
)
def test_boards_bad_row_choices_are_422_before_the_run(client, extra, field) -> None:
    answer = client.post("/api/boards", json={**SPOT, **extra})
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field


# ------------------------------------------------- issue 45 item 2b: a job


def test_every_flop_is_a_job_of_the_long_lane_with_progress(client) -> None:
    started = client.post("/api/jobs/hits", json={"range": "AAKK", "show": "high,made"})
    assert started.status_code == 202, started.text
    job = started.json()
    assert job["lane"] == "long"
    while job["state"] == "running":
        time.sleep(0.05)
        job = client.get(job["url"]).json()
    assert job["state"] == "done" and job["progress"]["done"] == job["progress"]["total"]
    result = job["result"]
    made = [c.name for c in HIT_CLASSES if c.group in ("high", "made")]
    assert result["shown"] == made and result["rows_total"] == len(oe.range_hits("AAKK"))


def test_one_board_is_priced_into_the_short_lane(client) -> None:
    started = client.post("/api/jobs/hits", json={"range": "15%", "board": "Kh7d2c"})
    assert started.status_code == 202 and started.json()["lane"] == "short"


def test_a_cancelled_hits_job_stops_within_a_flop(client) -> None:
    body = {"range": "AsAhKsKh, ****", "dead": "2c3d4h"}  # minutes of work uncancelled
    job = client.post("/api/jobs/hits", json=body).json()
    while not job["progress"]:
        time.sleep(0.05)
        job = client.get(job["url"]).json()
    assert client.delete(job["url"]).json()["state"] == "cancelled"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"range": "AA", "show": "lows"}, "show: expected groups of high, low"),
        ({"range": "*", "hole_cards": 6}, "hole_cards: not a field"),
        ({"range": "******"}, None),  # stars: every 4-card hand, a long job
    ],
)
def test_hits_requests_read_before_the_run(client, body, words) -> None:
    answer = client.post("/api/jobs/hits", json=body)
    if words is None:
        assert answer.status_code == 202
        client.delete(answer.json()["url"])
    else:
        assert answer.status_code == 422 and words in answer.json()["error"], answer.text


_SERVE_AND_HITS = r"""
import json, re, subprocess, sys, threading, time, urllib.request
proc = subprocess.Popen([sys.executable, "-m", "omaha_eval", "serve", "--port", "0"],
                        stderr=subprocess.PIPE, text=True)
url = re.search(r"serving (\S+)", proc.stderr.readline()).group(1)
body = json.dumps({"range": "AsAh2c3d, ****", "dead": "2c3d4h"}).encode()
request = urllib.request.Request(url + "api/hits", body, {"Content-Type": "application/json"})
threading.Thread(target=lambda: urllib.request.urlopen(request, timeout=600), daemon=True).start()
time.sleep(3)  # well into the flops (minutes of work)
sent = time.monotonic()
proc.send_signal(2)
proc.wait(60)
print(json.dumps({"seconds": time.monotonic() - sent, "code": proc.returncode}))
"""


@pytest.mark.slow
def test_ctrl_c_ends_the_server_within_seconds_while_hits_run(tmp_path) -> None:
    # over 40 s before: the answer computed in a short slot, with no stop
    done = run_python(_SERVE_AND_HITS, tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    answer = json.loads(done.stdout.splitlines()[-1])
    assert answer["seconds"] < 5, answer


def test_each_partition_the_answer_shows_adds_up_to_one_in_every_row(client) -> None:
    body = {"range": "A2**, AAKK", "show": "high,low,straights", "group": "suits"}
    data = client.post("/api/hits", json=body).json()
    columns = document_columns(data)
    for group in ("high", "low", "straights"):
        names = [c.name for c in HIT_CLASSES if c.group == group]
        assert [n for n in data["shown"] if n in names] == names  # whole
        for r in range(data["rows"]):
            assert sum(columns[n][r] for n in names) == pytest.approx(1.0, abs=1e-9)
