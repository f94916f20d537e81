"""A board report hears stop and Ctrl-C before its first row (issue 37,
item 2): a 6-card hand against 5% on every flop walked the range once per
row before any row ran (12-14 s before a stop set at 1 s was heard); the
web's DELETE then left the job running and its slot taken, and Ctrl-C gave
a bare KeyboardInterrupt (--json printed nothing).

The per-row walks are replaced by a count over card tuples
(board_report._missing), checked here against the walk it replaces.
"""

from __future__ import annotations

import importlib
import json
import signal
import subprocess
import threading
import time

import numpy as np
import pytest
from cli_helpers import cli_command, cli_env

import omaha_eval as oe
from omaha_eval.study.boards import BoardReportInterrupted

br = importlib.import_module("omaha_eval.study.boards.board_report")  # the module, not the function

SLOW_START = ["AsAhKs2c3d4h", "5%"]  # a 6-card hand against 5%: a big range on every flop


def _walk(combos, weights, reps):
    """The reference: each row's weight of the hands missing its cards, a
    row at a time (what the report did before)."""
    masks = np.zeros(len(combos), np.uint64)
    for column in combos.T:
        masks |= np.left_shift(np.uint64(1), column.astype(np.uint64))
    out = []
    for row in reps:
        mask = np.uint64(0)
        for card in row:
            mask |= np.uint64(1) << np.uint64(int(card))
        miss = (masks & mask) == 0
        out.append(float(miss.sum() if weights is None else weights[miss].sum()))
    return np.array(out)


def test_a_report_with_a_range_weighs_its_rows_as_before():
    spot = br.prepare(*_spot(["AsAh2c3d", "AA:$ds, KQJ"]))
    classes = br.board_classes(spot, br.symmetries(spot))
    reps = classes.representatives
    seat = next(s for s in spot.seats if s.kind == "range")
    assert np.allclose(
        br._one_range_weights(spot, reps), _walk(seat.combos, seat.weights, reps), rtol=1e-12
    )


def _spot(players):
    q = br.read_question(players, "", "", game="omaha8", board_sizes=range(5), patterns=False)
    return q.players, q.k, q.board, q.dead, q.game


def test_a_stop_set_before_the_call_ends_the_report_with_no_rows():
    stop = threading.Event()
    stop.set()
    with pytest.raises(BoardReportInterrupted) as info:
        oe.board_report(SLOW_START, stop=stop)
    report = info.value.report
    assert report.interrupted and len(report) == 0
    assert report.players == tuple(SLOW_START) and report.new.shape == (0, 3)
    assert report.to_dict()["interrupted"] is True


def test_a_stop_before_the_first_row_is_heard_within_a_second():
    stop = threading.Event()
    timer = threading.Timer(0.8, stop.set)
    timer.start()
    t0 = time.monotonic()
    try:
        with pytest.raises(BoardReportInterrupted):
            oe.board_report(SLOW_START, stop=stop, seed=1)
    finally:
        timer.cancel()
    assert stop.is_set()
    assert time.monotonic() - t0 < 0.8 + 3.0  # was 12-14 s (a loaded machine: slack)


def test_deleting_a_board_report_before_its_first_row_frees_its_slot_at_once(monkeypatch):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from omaha_eval.web import create_app

    # The pre-row phase held until the job is stopped (how long the real one
    # takes depends on the machine's load: a sleep could see rows already).
    entered = threading.Event()

    def held(combos, weights, reps, stop):
        entered.set()
        while not stop.is_set():
            time.sleep(0.01)
        raise KeyboardInterrupt

    monkeypatch.setattr(br, "live_weight", held)
    with TestClient(create_app(max_jobs=1), base_url="http://127.0.0.1") as c:
        job = c.post("/api/jobs/boards", json={"players": SLOW_START, "seed": 1}).json()
        assert entered.wait(30)
        assert c.get(job["url"]).json()["progress"] == {}  # no row yet
        t0 = time.monotonic()
        cancelled = c.delete(job["url"]).json()
        assert time.monotonic() - t0 < 2.0
        assert cancelled["state"] == "cancelled"
        assert cancelled["result"]["interrupted"] is True
        again = c.post("/api/jobs/boards", json={"players": SLOW_START, "seed": 1})
        assert again.status_code == 202, again.text  # the slot is free
        c.delete(again.json()["url"])


@pytest.mark.slow
@pytest.mark.parametrize("after", [2.5, 5.0])
def test_ctrl_c_before_or_after_the_first_row_prints_json_and_exits_130(after):
    proc = subprocess.Popen(
        cli_command("boards", *SLOW_START, "--json", "--quiet"),
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    out, err = proc.communicate(timeout=60)
    assert time.monotonic() - t0 < 10.0  # within a block of work, even on a loaded machine
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    document = json.loads(out)
    assert document["interrupted"] is True
