"""The split graph's cost bounds (issue 45 item 2): a few bytes of request
never cost gigabytes or hours.  A villain range too large to weigh against
the hero's hands is weighed in bounded memory (engine/weights.py); a target
standard error is priced at the trials the stopping rule will draw, not at
its cap."""

from __future__ import annotations

import json
import sys
import textwrap
import tracemalloc
from pathlib import Path

import pytest
from cli_helpers import resident_memory_measured, run_python

import omaha_eval as oe
from omaha_eval.engine.question import read_question
from omaha_eval.engine.spot import prepare
from omaha_eval.study import split


def _spot(hero: str, villain: str, board: str):
    q = read_question([hero, villain], board, "", patterns=False)
    return prepare(q.players, q.k, q.board, q.dead, q.game)


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [
        ("AsAhKsKh", "100%", "2c3d4h"),  # 4-card hands, one hero combo
        ("AsAhKsKhQsQh", "3%", "2c3d4h"),  # 6-card hands
        ("30%", "30%", "Kh7d2c"),  # 65,575 combos a side
    ],
)
def test_the_live_weight_is_weighed_in_bounded_memory(hero, villain, board) -> None:
    # the live weight's tables took a key for each subset of each villain
    # hand's cards at once (3.6 GB for one 6-card hand against 100%); the
    # engine's live_weight goes directly for a few combos and one column of
    # keys at a time otherwise
    spot = _spot(hero, villain, board)
    tracemalloc.start()
    try:
        split._live_weight(spot)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    hands = len(spot.seats[0].combos) + len(spot.seats[1].combos)
    assert peak <= 64 * hands + (64 << 20)  # a few arrays of the hands, and 64 MB


@pytest.mark.skipif(sys.platform != "linux", reason="reads the peak from /proc")
@resident_memory_measured
def test_a_56_byte_split_job_is_prepared_within_equity_s_memory(tmp_path: Path) -> None:
    # issue 45 item 2: over 3.6 GB while preparing, then a 500
    pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
    pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")
    code = textwrap.dedent(
        """
        import json, re
        from starlette.testclient import TestClient
        from omaha_eval.web import create_app
        body = {"players": ["AsAhKsKhQsQh", "100%"], "board": "2c3d4h"}
        with TestClient(create_app(), base_url="http://127.0.0.1") as client:
            answer = client.post("/api/jobs/split", json=body)
            if answer.status_code == 202:  # the job is stopped: what it took to prepare counts
                client.delete(answer.json()["url"])
        with open("/proc/self/status") as status:
            peak = int(re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1))
        print(json.dumps([answer.status_code, answer.json(), peak // 1024]))
        """
    )
    proc = run_python(code, tmp_path)
    assert proc.returncode == 0, proc.stderr
    status, answer, peak = json.loads(proc.stdout)
    assert status == 202, answer  # a job in the long lane: sampled, one combo
    assert peak < 1200  # MB: equity() of the same spot peaks at about 900 (its range's hands)


def test_a_target_is_priced_at_what_the_stopping_rule_draws_not_at_its_cap() -> None:
    # issue 45 item 2: refused unless trials= was given (the cap, 100,000 a
    # combo, priced for 65,575 combos; a run draws about 1,340 a combo)
    prepared = split.prepare_split_graph("30%", ["30%"], "Kh7d2c", target_stderr=0.01, seed=1)
    plan = prepared.plan
    assert plan.target_stderr == 0.01 and plan.trials == split.COMBO_TARGET_TRIALS
    assert split.drawn_trials(plan) < 3_000


def test_a_target_out_of_reach_of_the_work_limit_is_still_refused() -> None:
    with pytest.raises(oe.OmahaEvalError) as refused:
        split.prepare_split_graph("30%", ["30%"], "Kh7d2c", target_stderr=0.0005)
    assert refused.value.param == "target_stderr"
    given = split.prepare_split_graph("30%", ["30%"], "Kh7d2c", target_stderr=0.0005, trials=500)
    assert given.plan.trials == 500


@pytest.mark.parametrize("target", [0.02, 0.01])
def test_no_combo_draws_more_than_the_trials_a_target_is_priced_at(target) -> None:
    prepared = split.prepare_split_graph(
        "AA:$ds, A2:$ss", "KK:$ds, 10%", "Kh7d2c", target_stderr=target, seed=4, exact=False
    )
    graph = prepared.run()
    assert graph.method == "monte-carlo" and (graph.stderr <= target).all()
    assert graph.trials.max() <= split.drawn_trials(prepared.plan)
