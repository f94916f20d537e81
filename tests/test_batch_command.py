"""`omaha-eval batch` in a subprocess, and omaha_eval.batch.run from Python:
results equal to the library's, error entries, kill-and-resume, Ctrl-C,
progress off when piped, and a Dask LocalCluster giving the local results."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import REPO_ROOT, group_gone, run_cli, run_on_terminal, start_batch, wait_for_lines

import omaha_eval
from omaha_eval import batch
from omaha_eval.batch.spots import check_spot
from omaha_eval.cli._shell import progress
from omaha_eval.engine.results import FIGURES as PLAYER_FIGURE_LIST

PLAYER_FIGURES = [f.name for f in PLAYER_FIGURE_LIST]

EXAMPLES = REPO_ROOT / "examples"
FIGURES = ("no_low", "low_split", "any_quartered", "method", "trials", "seed")


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def library_result(spot: dict[str, Any], batch_seed: int = 0) -> Any:
    """What omaha_eval.equity answers for a batch spot (threads=1, the spot's seed)."""
    players = spot["players"]
    if isinstance(players, str):
        players = players.split("|")
    seed = spot.get("seed") or batch.spot_seed(batch_seed, spot["id"])
    trials = int(spot["trials"]) if spot.get("trials") else None
    return omaha_eval.equity(
        players,
        spot.get("board", ""),
        spot.get("dead", ""),
        trials=trials,
        seed=int(seed),
        threads=1,
        game=spot.get("game") or "omaha8",
    )


def assert_record_matches(record: dict[str, Any], result: Any) -> None:
    assert record["status"] == "ok", record
    for name in FIGURES:
        if name == "seed" and result.method == "exact":
            continue
        assert record[name] == getattr(result, name), name
    for mine, theirs in zip(record["players"], result.players, strict=True):
        for name in PLAYER_FIGURES:
            assert mine[name] == getattr(theirs, name), name


@pytest.fixture
def examples(tmp_path: Path) -> Path:
    for name in ("spots.csv", "spots.jsonl"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path


def test_examples_csv_and_jsonl_hold_the_same_spots() -> None:
    csv_rows = batch.read_spots(EXAMPLES / "spots.csv")
    json_rows = batch.read_spots(EXAMPLES / "spots.jsonl")
    assert [check_spot(r, i, 0) for i, r in enumerate(csv_rows, 1)] == [
        check_spot(r, i, 0) for i, r in enumerate(json_rows, 1)
    ]


def test_batch_jsonl_equals_library(examples: Path) -> None:
    proc = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", cwd=examples)
    assert proc.returncode == 0, proc.stderr
    # piped: no progress bar, only the one-line summary
    assert proc.stderr.count("\n") == 1 and "8 spots run (0 errors), 0 already in" in proc.stderr
    records = read_jsonl(examples / "out.jsonl")
    spots = {s["id"]: s for s in read_jsonl(examples / "spots.jsonl")}
    assert sorted(r["id"] for r in records) == sorted(spots)
    for record in records:
        assert record["error"] is None
        assert_record_matches(record, library_result(spots[record["id"]]))
    by_id = {r["id"]: r for r in records}
    assert by_id["aces-vs-wheel-river"]["players"][1]["equity"] == 1.0  # the wheel scoops
    assert by_id["random-hands-3way"]["seed"] == 42
    assert by_id["high-only-flop"]["game"] == "omaha"
    assert by_id["aces-vs-kings-or-queens"]["players"][1]["hand"] == "KK, QQ"


def test_batch_csv_equals_jsonl(examples: Path) -> None:
    for name in ("spots.csv", "spots.jsonl"):
        out = "out.csv" if name == "spots.csv" else "out.jsonl"
        proc = run_cli("batch", name, "-o", out, "--workers", "2", cwd=examples)
        assert proc.returncode == 0, proc.stderr
    rows = {r["id"]: r for r in read_csv(examples / "out.csv")}
    records = {r["id"]: r for r in read_jsonl(examples / "out.jsonl")}
    assert rows.keys() == records.keys()
    for spot_id, record in records.items():
        row = rows[spot_id]
        assert row["status"] == "ok" and row["method"] == record["method"]
        assert int(row["trials"]) == record["trials"]
        for i, player in enumerate(record["players"], start=1):
            assert row[f"p{i}_hand"] == player["hand"]
            for name in PLAYER_FIGURES:
                assert float(row[f"p{i}_{name}"]) == player[name]  # full precision in CSV


def test_bad_rows_become_error_entries(tmp_path: Path) -> None:
    (tmp_path / "spots.csv").write_text(
        "id,players,board,dead,trials\n"
        "good,AsAh2c3d|7c7d4c5d,KsQdJh9c9h,,\n"
        "twice,AsAh2c3d|AsKd2d3d,,,\n"
        "one-player,AsAh2c3d,,,\n"
        "bad-card,AsAh2c3d|7c7d4c1z,,,\n"
        "bad-trials,AsAh2c3d|7c7d4c5d,,,lots\n"
        "board-dead,AsAh2c3d|7c7d4c5d,Kd8h6c,Kd,\n"
        "bad-range,AsAh2c3d|AA:$xx,,,\n"
        "also-good,AsAh2c3d|7c7d4c5d,Kd8h6c2s3s,,\n",
        encoding="utf-8",
    )
    proc = run_cli("batch", "spots.csv", "-o", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "8 spots run (6 errors)" in proc.stderr and "Traceback" not in proc.stderr
    records = {r["id"]: r for r in read_jsonl(tmp_path / "out.jsonl")}
    assert len(records) == 8
    assert records["good"]["status"] == records["also-good"]["status"] == "ok"
    expected = {
        "twice": "card As is in both player 1 and player 2",
        "one-player": "players: expected 2 to 10 players, got 1",
        "bad-card": "player 2: range: column 7: '1' is not a rank",
        "bad-trials": "trials: expected an integer, got 'lots'",
        "board-dead": "card Kd is in both board and dead",
        "bad-range": "player 2: range: column 4: unknown macro $xx",
    }
    for spot_id, needle in expected.items():
        assert records[spot_id]["status"] == "error"
        assert needle in records[spot_id]["error"], records[spot_id]["error"]
    assert records["twice"]["players"] == ["AsAh2c3d", "AsKd2d3d"]
    # a second run skips everything, error entries included
    again = run_cli("batch", "spots.csv", "-o", "out.jsonl", cwd=tmp_path)
    assert again.returncode == 0 and "0 spots run (0 errors), 8 already in" in again.stderr


def test_summary_counts_in_words(tmp_path: Path) -> None:
    """One spot and one error are singular; the bar's count (below) is whole."""
    (tmp_path / "spots.csv").write_text(
        "id,players,board\nbad,AsAh2c3d|AsKd2d3d,\n", encoding="utf-8"
    )
    proc = run_cli("batch", "spots.csv", "-o", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 1 and "1 spot run (1 error), 0 already in" in proc.stderr


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_batch_bar_counts_whole_spots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The spots bar reads 5/10, not tqdm's scaled 5.00/10.0 (which the
    trials bar keeps: 500k/1.00M)."""
    monkeypatch.setattr(sys, "stderr", _Terminal())
    spots = progress(10, "spot", quiet=False, scale=False)
    spots.update(5)
    trials = progress(1_000_000, "trial", quiet=False)
    trials.update(500_000)
    assert " 5/10 " in str(spots) and ".00" not in str(spots)
    assert "500k/1.00M" in str(trials)
    spots.close()
    trials.close()


def test_duplicate_ids_exit_2_before_running(tmp_path: Path) -> None:
    (tmp_path / "spots.csv").write_text(
        "id,players\na,AsAh2c3d|*\na,AsAh2c3d|*\n", encoding="utf-8"
    )
    proc = run_cli("batch", "spots.csv", "-o", "out.csv", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "'a' is on rows 1 and 2" in proc.stderr
    assert not (tmp_path / "out.csv").exists()  # refused before the output is made


SLOW_SPOTS = 16


def write_slow_spots(path: Path) -> list[str]:
    """Spots of a few tenths of a second each (6-way Monte Carlo)."""
    ids = [f"s{i:02d}" for i in range(SLOW_SPOTS)]
    with path.open("w", encoding="utf-8") as f:
        for spot_id in ids:
            spot = {
                "id": spot_id,
                "players": ["AdKd3s2s", "*", "*", "*", "*", "*"],
                "trials": 300_000,
            }
            f.write(json.dumps(spot) + "\n")
    return ids


@pytest.mark.slow
def test_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    """Spots done, on a terminal; not with --quiet (piped runs: see above)."""
    write_slow_spots(tmp_path / "spots.jsonl")
    args = ["batch", "spots.jsonl", "-o", "out.jsonl", "--workers", "1"]
    code, shown = run_on_terminal(args, tmp_path)
    assert code == 0
    assert f"/{SLOW_SPOTS}" in shown and "spot" in shown, shown
    assert f".00/{SLOW_SPOTS}" not in shown, shown  # whole spots
    assert f"{SLOW_SPOTS} spots run (0 errors)" in shown
    (tmp_path / "out.jsonl").unlink()
    code, shown = run_on_terminal([*args, "--quiet"], tmp_path)
    assert code == 0 and shown == ""


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_kill_and_resume_loses_and_repeats_nothing(tmp_path: Path, suffix: str) -> None:
    ids = write_slow_spots(tmp_path / "spots.jsonl")
    out = tmp_path / f"out{suffix}"
    args = ("spots.jsonl", "-o", out.name, "--workers", "2")
    proc = start_batch(tmp_path, *args)
    header = 1 if suffix == ".csv" else 0
    wait_for_lines(out, header + 3, proc, limit=120)
    os.killpg(proc.pid, signal.SIGKILL)  # the whole run, workers too, without warning
    proc.communicate(timeout=30)
    assert group_gone(proc.pid)
    # SIGKILL can cut a write short (Linux checks for fatal signals between
    # pages), leaving part of a last line: the resume must drop it.
    text = out.read_text(encoding="utf-8")
    complete = tmp_path / f"complete{suffix}"
    complete.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")
    first = read_csv(complete) if suffix == ".csv" else read_jsonl(complete)
    assert 3 <= len(first) < SLOW_SPOTS, "kill the run before it ends"

    again = run_cli(*("batch", *args), cwd=tmp_path, timeout=300)
    assert again.returncode == 0, again.stderr
    assert (
        f"{SLOW_SPOTS - len(first)} spots run (0 errors), {len(first)} already in" in again.stderr
    )
    final = read_csv(out) if suffix == ".csv" else read_jsonl(out)
    assert sorted(r["id"] for r in final) == ids  # every spot exactly once
    assert final[: len(first)] == first  # what was written stays as it was
    # resumed spots equal the library's answer with the same seeds
    spots = {s["id"]: s for s in read_jsonl(tmp_path / "spots.jsonl")}
    if suffix == ".jsonl":
        for record in (final[0], final[-1]):
            assert_record_matches(record, library_result(spots[record["id"]]))


@pytest.mark.slow
@pytest.mark.parametrize("executor", ["thread", "process"])
def test_ctrl_c_stops_workers_and_resume_completes(tmp_path: Path, executor: str) -> None:
    ids = write_slow_spots(tmp_path / "spots.jsonl")
    out = tmp_path / "out.jsonl"
    args = ("spots.jsonl", "-o", "out.jsonl", "--workers", "2", "--executor", executor)
    proc = start_batch(tmp_path, *args)
    wait_for_lines(out, 2, proc, limit=120)
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err, err
    assert err.strip().splitlines()[-1].startswith("omaha-eval: interrupted;")
    assert group_gone(proc.pid), "worker processes left running"
    records = read_jsonl(out)
    done = sum(r["status"] == "ok" for r in records)
    if executor == "thread":  # the spots running at Ctrl-C: written with their trials so far
        stopped = [r for r in records if r["status"] == "interrupted"]
        assert stopped and all(0 < r["trials"] < 300_000 and r["interrupted"] for r in stopped)
    again = run_cli("batch", *args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert f"{done} already in" in again.stderr
    final = read_jsonl(out)
    assert sorted(r["id"] for r in final) == ids  # each once: interrupted records were redone
    assert all(r["status"] == "ok" for r in final)


def test_threads_executor_gives_the_same_results(tmp_path: Path) -> None:
    spots = [
        {"id": f"t{i}", "players": ["AdKd3s2s", "*", "*"], "board": "Jd4d8c", "trials": 50_000}
        for i in range(4)
    ]
    by_process = {r.id: r.record for r in batch.run(spots, workers=2)}
    by_thread = {r.id: r.record for r in batch.run(spots, workers=2, executor="thread")}
    inline = {r.id: r.record for r in batch.run(spots, workers=1)}
    for records in (by_process, by_thread, inline):
        for record in records.values():
            record.pop("elapsed")
    assert by_process == by_thread == inline


@pytest.mark.slow  # needs pandas (in test-slow)
def test_python_api_with_pandas() -> None:
    import pandas as pd

    spots = pd.DataFrame(
        {
            "id": ["river", "flop", "bad"],
            "players": ["AsAh2c3d|7c7d4c5d", "AdKd3s2s|QhQcJhTc", "AsAh2c3d"],
            "board": ["KsQdJh9c9h", "Jd4d8c", None],
            "trials": [None, 20_000, None],
        }
    )
    results = {r.id: r for r in batch.run(spots, workers=1)}
    assert results["river"].ok and results["river"].result.players[0].equity == 1.0
    assert not results["bad"].ok and "got 1" in str(results["bad"].error)
    frame = pd.DataFrame(r.row for r in results.values())
    assert list(frame["id"]) == ["bad", "river", "flop"]  # error entries first, then as finished
    flop = frame.set_index("id").loc["flop"]
    lib = omaha_eval.equity(
        ["AdKd3s2s", "QhQcJhTc"],
        "Jd4d8c",
        trials=20_000,
        seed=batch.spot_seed(0, "flop"),
        threads=1,
    )
    assert flop["p1_equity"] == lib.players[0].equity


@pytest.mark.slow
def test_dask_local_cluster_equals_local_run(examples: Path) -> None:
    distributed = pytest.importorskip("distributed")
    local = run_cli("batch", "spots.jsonl", "-o", "local.jsonl", "--workers", "1", cwd=examples)
    assert local.returncode == 0, local.stderr
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,  # the worker runs in this process; the command connects over TCP
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        proc = run_cli(
            "batch",
            "spots.jsonl",
            "-o",
            "dask.jsonl",
            "--dask",
            cluster.scheduler_address,
            cwd=examples,
        )
        assert proc.returncode == 0, proc.stderr
        # resume through Dask too: nothing left to run
        again = run_cli(
            "batch",
            "spots.jsonl",
            "-o",
            "dask.jsonl",
            "--dask",
            cluster.scheduler_address,
            cwd=examples,
        )
        assert again.returncode == 0 and "0 spots run (0 errors), 8 already in" in again.stderr

    def by_id(name: str) -> dict[str, Any]:
        records = {r["id"]: r for r in read_jsonl(examples / name)}
        for r in records.values():
            r.pop("elapsed")
        return records

    assert by_id("dask.jsonl") == by_id("local.jsonl")


@pytest.mark.slow
def test_dask_unreachable_is_one_line(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    (tmp_path / "spots.csv").write_text("id,players\na,AsAh2c3d|*\n", encoding="utf-8")
    proc = run_cli(
        "batch", "spots.csv", "-o", "out.csv", "--dask", "tcp://127.0.0.1:9", cwd=tmp_path
    )
    assert proc.returncode == 1, proc.stderr  # a run that failed, not a usage error
    assert proc.stderr.count("\n") == 1 and "dask: cannot connect" in proc.stderr
    bad = run_cli("batch", "spots.csv", "-o", "out.csv", "--dask", "nonsense://x", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "dask:" in bad.stderr
