"""Batch under careless and hostile input: nothing lost, nothing doubled,
nothing hangs.  Through the installed command in a subprocess; where nothing
may change, files are compared byte for byte."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import (
    child_pids,
    cli_env,
    group_gone,
    held_spots,
    pids_gone,
    run_cli,
    run_python,
    skip_unless_arguments_encode,
    start_batch,
    start_held_batch,
    wait_for_lines,
    wait_until,
    write_held_equity,
)

from omaha_eval import batch, equity
from omaha_eval.engine import executor as executors
from omaha_eval.errors import OmahaEvalError

GOOD = {"players": ["AsAh2c3d", "7c7d4c5d"], "board": "KsQdJh9c9h"}


def jsonl(path: Path, spots: list[dict[str, object]]) -> None:
    path.write_text("".join(json.dumps(s) + "\n" for s in spots), encoding="utf-8")


def records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").split("\n") if line]


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("data.csv", b"name,value\nalice,1\nbob,2"),  # no newline at the end
        ("data.jsonl", b'{"name": "alice"}\n{"name": "bob"'),
        ("latin.csv", b"id,status\n\xe9t\xe9,ok\n"),  # not UTF-8
        ("deep.jsonl", b"[" * 100_000 + b"]" * 100_000 + b"\n"),
        ("huge.jsonl", b'{"id": "a", "status": "ok", "seed": ' + b"9" * 4301 + b"}\n"),
        ("status.jsonl", b'{"id": "a", "status": "finished"}\n'),
    ],
)
def test_a_foreign_output_is_refused_and_left_as_it_was(
    tmp_path: Path, name: str, content: bytes
) -> None:
    jsonl(tmp_path / "spots.jsonl", [GOOD])
    (tmp_path / name).write_bytes(content)
    proc = run_cli("batch", "spots.jsonl", "-o", name, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "--output:" in proc.stderr and "Traceback" not in proc.stderr
    assert (tmp_path / name).read_bytes() == content


def test_outputs_that_cannot_be_written_are_one_line(tmp_path: Path) -> None:
    jsonl(tmp_path / "spots.jsonl", [GOOD])
    locked = tmp_path / "locked.jsonl"
    locked.write_text("", encoding="utf-8")
    locked.chmod(0o444)
    os.mkfifo(tmp_path / "fifo.jsonl")
    # an output that cannot be written is a failure (1); one that is not a file, bad input (2)
    cases = [("locked.jsonl", "cannot write", 1), ("fifo.jsonl", "not a regular file", 2)]
    for name, needle, code in cases:
        if name == "locked.jsonl" and os.geteuid() == 0:
            continue  # root writes read-only files
        proc = run_cli("batch", "spots.jsonl", "-o", name, cwd=tmp_path, timeout=60)
        assert proc.returncode == code and needle in proc.stderr, proc.stderr
        assert proc.stderr.count("\n") == 1


@pytest.mark.skipif(sys.platform == "win32", reason="a file-size limit (resource.setrlimit): POSIX")
def test_a_full_disk_is_one_line(tmp_path: Path) -> None:
    """A file-size limit stands in for a full disk: the write fails (EFBIG,
    as ENOSPC would), the message is one line and the records before stay."""
    jsonl(tmp_path / "spots.jsonl", [{**GOOD, "id": str(i)} for i in range(40)])

    def small_files() -> None:
        import resource  # POSIX only (the test is skipped on Windows)

        resource.setrlimit(resource.RLIMIT_FSIZE, (4000, 4000))

    proc = subprocess.run(
        [sys.executable, "-m", "omaha_eval", "batch", "spots.jsonl", "-o", "out.jsonl", "-w", "1"],
        cwd=tmp_path,
        env=cli_env(),
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr  # an output that cannot be written: a failure
    assert proc.stderr.startswith("omaha-eval: error: --output: cannot write")
    assert proc.stderr.count("\n") == 1
    text = (tmp_path / "out.jsonl").read_text(encoding="utf-8")
    assert text.endswith("\n") and all(r["status"] == "ok" for r in records(tmp_path / "out.jsonl"))


UNICODE_IDS = ["\ud800", "a\u2028b", "c\u0085d", "e\r\nf", "tab\tand\\slash", "é ♠"]


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_any_text_in_a_spot_reads_back_and_resumes(tmp_path: Path, suffix: str) -> None:
    spots = [{**GOOD, "id": i} for i in UNICODE_IDS]
    spots += [{"id": "bad\ud800", "players": ["AsAh2c3d", "\u2028\ud801"], "board": "\udc00"}]
    spots += [{"id": "last", **GOOD}]
    jsonl(tmp_path / "spots.jsonl", spots)  # json.dumps escapes the surrogates
    out = f"out{suffix}"
    first = run_cli("batch", "spots.jsonl", "-o", out, cwd=tmp_path)
    assert first.returncode == 1, first.stderr  # one bad spot
    assert f"{len(spots)} spots run (1 error)" in first.stderr
    written = (tmp_path / out).read_bytes()
    written.decode("utf-8")  # UTF-8 throughout
    assert written.count(b"\n") == len(spots) + (suffix == ".csv")  # one line per record
    again = run_cli("batch", "spots.jsonl", "-o", out, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert f"0 spots run (0 errors), {len(spots)} already in" in again.stderr
    assert (tmp_path / out).read_bytes() == written
    if suffix == ".jsonl":
        assert sorted(r["id"] for r in records(tmp_path / out)) == sorted(s["id"] for s in spots)


def test_jsonl_input_with_a_line_separator_inside_a_string(tmp_path: Path) -> None:
    (tmp_path / "spots.jsonl").write_text(
        json.dumps({**GOOD, "id": "x\u2028y"}, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    proc = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert [r["id"] for r in records(tmp_path / "out.jsonl")] == ["x\u2028y"]


@pytest.mark.slow
def test_huge_cells_in_and_out(tmp_path: Path) -> None:
    big = "A" * 200_000  # over csv's default 128 KiB field limit
    (tmp_path / "spots.csv").write_text(
        f"id,players,board\nbig,AsAh2c3d|{big},\nok,AsAh2c3d|7c7d4c5d,KsQdJh9c9h\n",
        encoding="utf-8",
    )
    for out in ("out.csv", "out.jsonl"):
        proc = run_cli("batch", "spots.csv", "-o", out, cwd=tmp_path)
        assert proc.returncode == 1 and "2 spots run (1 error)" in proc.stderr, proc.stderr
        again = run_cli("batch", "spots.csv", "-o", out, cwd=tmp_path)
        assert again.returncode == 0 and "2 already in" in again.stderr, again.stderr


@pytest.mark.slow
def test_a_second_run_on_the_same_output_is_refused(tmp_path: Path) -> None:
    slow = {"players": ["AdKd3s2s", "*", "*", "*", "*", "*"], "trials": 300_000}
    jsonl(tmp_path / "spots.jsonl", [{**slow, "id": f"s{i}"} for i in range(8)])
    first = start_batch(tmp_path, "spots.jsonl", "-o", "out.jsonl", "-w", "1")
    wait_for_lines(tmp_path / "out.jsonl", 1, first, limit=120)
    second = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", cwd=tmp_path)
    assert second.returncode == 2 and "being written by another batch run" in second.stderr
    first.communicate(timeout=300)
    ids = [r["id"] for r in records(tmp_path / "out.jsonl")]
    assert sorted(ids) == [f"s{i}" for i in range(8)]  # each once


class Flaky:
    """An equity function that fails like an internal error the first time."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *args: object, **kwargs: object) -> object:
        from omaha_eval import equity

        self.calls += 1
        if self.calls == 1:
            raise MemoryError("no memory for this one")
        return equity(*args, **kwargs)


def test_internal_errors_are_retried_and_bad_input_is_not(tmp_path: Path) -> None:
    jsonl(tmp_path / "spots.jsonl", [{**GOOD, "id": "a"}, {"id": "bad", "players": ["AsAh2c3d"]}])
    out = tmp_path / "out.jsonl"
    summary = batch.run_file(tmp_path / "spots.jsonl", out, workers=1, equity=Flaky())
    assert summary.errors == 2
    assert {r["id"]: r["status"] for r in records(out)} == {"a": "failed", "bad": "error"}
    summary = batch.run_file(tmp_path / "spots.jsonl", out, workers=1)
    assert (summary.done, summary.skipped) == (1, 1)  # the failed spot ran again, the bad one not
    assert {r["id"]: r["status"] for r in records(out)} == {"a": "ok", "bad": "error"}


@pytest.mark.slow
def test_ctrl_c_on_thread_workers_stops_at_once(tmp_path: Path) -> None:
    slow = {"players": ["AdKd3s2s", "*", "*", "*", "*", "*"], "trials": 50_000_000}
    jsonl(tmp_path / "spots.jsonl", [{**slow, "id": f"s{i}"} for i in range(4)])
    proc = start_batch(tmp_path, "spots.jsonl", "-o", "out.jsonl", "--workers", "2")
    time.sleep(3)  # both workers deep in a spot
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    proc.communicate(timeout=60)
    stopped_in = time.monotonic() - sent
    assert proc.returncode == 130 and group_gone(proc.pid)
    assert stopped_in < 5, stopped_in  # was over 60 s: the spots ran to their end
    running = [r for r in records(tmp_path / "out.jsonl") if r["status"] == "interrupted"]
    assert len(running) == 2 and all(r["trials"] > 0 for r in running)


# slow: it starts a process pool (an interpreter and an import of the package per
# worker), the slowest test of the default tier (7 s on the loaded 2-core machine)
@pytest.mark.slow
def test_many_workers_are_capped_by_the_cores(tmp_path: Path) -> None:
    jsonl(tmp_path / "spots.jsonl", [{**GOOD, "id": str(i)} for i in range(3)])
    proc = run_cli(
        "batch",
        "spots.jsonl",
        "-o",
        "out.jsonl",
        "--executor",
        "process",
        "--workers",
        "1000000",
        cwd=tmp_path,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr


def _serve(handler) -> tuple[str, socket.socket]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)

    def loop() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            handler(conn)

    threading.Thread(target=loop, daemon=True).start()
    return f"tcp://127.0.0.1:{server.getsockname()[1]}", server


def _http(conn: socket.socket) -> None:
    conn.recv(1024)
    conn.sendall(b"HTTP/1.0 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 64)


def _silent(conn: socket.socket) -> None:
    _silent.kept.append(conn)  # type: ignore[attr-defined]


_silent.kept = []  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "handler",
    [_http, _silent],  # _silent waits out the 10 s dask timeout
    ids=["speaks HTTP", "never answers"],
)
@pytest.mark.slow  # needs distributed (the dask extra, in test-slow)
def test_dask_peers_that_are_not_schedulers_are_one_line(tmp_path: Path, handler) -> None:
    address, server = _serve(handler)
    jsonl(tmp_path / "spots.jsonl", [GOOD])
    start = time.monotonic()
    proc = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", "--dask", address, cwd=tmp_path)
    server.close()
    # under tools/sanitize.sh, ASan warns on stderr when the malloc of the
    # 3 EiB that the HTTP peer "announces" fails (in NumPy, not in our C)
    err = "".join(line for line in proc.stderr.splitlines(True) if not line.startswith("=="))
    # a peer that is not a scheduler: the run failed (exit 1), the usage was right
    assert proc.returncode == 1 and err.count("\n") == 1, proc.stderr
    assert "--dask:" in err and "Traceback" not in err
    assert time.monotonic() - start < 60  # an overall timeout, not a hang


@pytest.mark.slow  # needs distributed (the dask extra, in test-slow)
def test_dask_typos_retried_in_one_process_stay_quick() -> None:
    for _ in range(4):
        start = time.monotonic()
        with pytest.raises(OmahaEvalError, match="dask: 'x' is not a scheduler address"):
            batch.run([GOOD], dask="x")
        assert time.monotonic() - start < 5


@pytest.mark.skipif(sys.platform == "win32", reason="closes stderr in preexec_fn: POSIX")
def test_stderr_closed_and_a_latin1_terminal(tmp_path: Path) -> None:
    jsonl(tmp_path / "spots.jsonl", [GOOD])
    closed = subprocess.run(
        [sys.executable, "-m", "omaha_eval", "batch", "spots.jsonl", "-o", "out.jsonl"],
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        timeout=120,
        close_fds=True,
        preexec_fn=lambda: os.close(2),
    )
    assert closed.returncode == 0 and records(tmp_path / "out.jsonl")[0]["status"] == "ok"
    symbols = [sys.executable, "-m", "omaha_eval", "equity", "A♠A♥2c3d", "7c7d4c5d", "-b", "K♠QdJh"]
    skip_unless_arguments_encode(symbols)  # a cp1252 or C locale on POSIX cannot pass them
    latin = subprocess.run(
        symbols,
        cwd=tmp_path,
        env={**cli_env(), "PYTHONIOENCODING": "latin-1"},
        capture_output=True,
        timeout=120,
    )
    assert latin.returncode == 0 and b"84.88%" in latin.stdout


def test_hostile_jsonl_lines_are_error_records_and_the_rest_runs(tmp_path: Path) -> None:
    lines = [
        json.dumps({**GOOD, "id": "first"}),
        "[" * 100_000 + "]" * 100_000,
        '{"id": "huge", "players": ["AsAh2c3d", "7c7d4c5d"], "seed": ' + "9" * 4301 + "}",
        "[" * 900 + "]" * 900,  # deep, yet within what the reader takes
        json.dumps({**GOOD, "id": "last"}),
    ]
    (tmp_path / "spots.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "5 spots run (3 errors)" in proc.stderr
    by_id = {r["id"]: r for r in records(tmp_path / "out.jsonl")}
    assert by_id["first"]["status"] == by_id["last"]["status"] == "ok"
    assert by_id["2"]["error"].startswith("line 2: nested too deep to read")
    assert by_id["3"]["error"].startswith("line 3: an integer of more than 4300 digits")
    assert by_id["4"]["error"].startswith("row 4: expected an object with spot fields")
    again = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", cwd=tmp_path)
    assert again.returncode == 0 and "5 already in" in again.stderr, again.stderr


def test_an_unclosed_csv_quote_is_one_line_and_nothing_runs(tmp_path: Path) -> None:
    (tmp_path / "spots.csv").write_text(
        'id,players,board\na,AsAh2c3d|7c7d4c5d,KsQdJh9c9h\nb,"AsAh2c3d|7c7d4c5d,KsQdJh\n'
        + "".join(f"r{i},AsAh2c3d|7c7d4c5d,KsQdJh9c9h\n" for i in range(5)),
        encoding="utf-8",
    )
    proc = run_cli("batch", "spots.csv", "-o", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith("omaha-eval: error: INPUT: line 3: a quote opens in this row")
    assert not (tmp_path / "out.jsonl").exists()


def test_resume_through_a_symlinked_output_keeps_the_link(tmp_path: Path) -> None:
    jsonl(tmp_path / "spots.jsonl", [{**GOOD, "id": "a"}, {**GOOD, "id": "b"}])
    (tmp_path / "results").mkdir()
    target = tmp_path / "results" / "run.jsonl"
    interrupted = {"id": "b", "status": "interrupted", "error": "interrupted", "players": []}
    target.write_text(json.dumps(interrupted) + "\n", encoding="utf-8")
    (tmp_path / "out.jsonl").symlink_to(target)
    proc = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out.jsonl").is_symlink()
    assert sorted((r["id"], r["status"]) for r in records(target)) == [("a", "ok"), ("b", "ok")]


HELD = {"players": ["AsAh2c3d", "7c7d4c5d"], "trials": 2000}  # no board: held_equity holds it
CTRL_C_LIMIT = 60  # seconds: far more than a stop takes, and the held spots never end by then


@pytest.mark.slow
@pytest.mark.parametrize("executor", ["thread", "process", "dask"])
def test_ctrl_c_ends_the_batch_while_its_spots_ignore_the_stop(
    tmp_path: Path, executor: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spots that do not heed the stop event (held_equity, as a long loop of
    the engine) are left running: the batch ends at once without them, the
    spots done are kept and a resumed run does the rest."""
    quick = [{**GOOD, "id": f"quick{i}"} for i in range(3)]
    held = [{**HELD, "id": f"held{i}"} for i in range(5)]
    jsonl(tmp_path / "spots.jsonl", quick + held)
    args = ["spots.jsonl", "-o", "out.jsonl", "--workers", "2"]
    with contextlib.ExitStack() as stack:
        if executor == "dask":
            distributed = pytest.importorskip("distributed")
            write_held_equity(tmp_path)
            monkeypatch.syspath_prepend(str(tmp_path))  # the worker, here, imports held_equity
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=1,
                    threads_per_worker=2,
                    processes=False,
                    protocol="tcp://",
                    host="127.0.0.1",
                    dashboard_address=None,
                )
            )
            args += ["--dask", cluster.scheduler_address]
        else:
            args += ["--executor", executor]
        # on the way out, before the cluster closes: the held spots end
        stack.callback((tmp_path / "hold").unlink, missing_ok=True)
        proc = start_held_batch(tmp_path, *args)
        stack.callback(_kill_group, proc.pid)
        wait_for_lines(tmp_path / "out.jsonl", 3, proc, limit=120)
        wait_until(lambda: held_spots(tmp_path) >= 2, proc, 60, "two spots held")
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group
        _, err = proc.communicate(timeout=CTRL_C_LIMIT)
        assert proc.returncode == 130, err
        assert "Traceback" not in err, err
        assert err.strip().splitlines()[-1].startswith("omaha-eval: interrupted;")
        assert group_gone(proc.pid), "worker processes left running"
        assert (tmp_path / "hold").exists()  # the held spots did not end: nobody waited for them
    assert sorted(r["id"] for r in records(tmp_path / "out.jsonl")) == [s["id"] for s in quick]
    again = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", "--workers", "2", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "5 spots run (0 errors), 3 already in" in again.stderr
    final = records(tmp_path / "out.jsonl")
    assert sorted(r["id"] for r in final) == sorted(s["id"] for s in quick + held)
    assert all(r["status"] == "ok" for r in final)


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGKILL)


@pytest.mark.slow
def test_process_workers_die_with_a_killed_batch(tmp_path: Path) -> None:
    held = [{**HELD, "id": f"held{i}"} for i in range(4)]
    jsonl(tmp_path / "spots.jsonl", held)
    proc = start_held_batch(
        tmp_path, "spots.jsonl", "-o", "out.jsonl", "--workers", "2", "--executor", "process"
    )
    try:
        wait_until(lambda: held_spots(tmp_path) >= 2, proc, 120, "two spots held")
        workers = child_pids(proc.pid)
        assert len(workers) >= 2, workers
        os.kill(proc.pid, signal.SIGKILL)  # the parent alone, as kill -9 PID or the OOM killer
        proc.communicate(timeout=30)
        assert pids_gone(workers), "worker processes outlived the batch"
    finally:
        _kill_group(proc.pid)
        (tmp_path / "hold").unlink(missing_ok=True)


# A process (the batch) that starts a worker set up as on a system without
# prctl, then sleeps; the worker prints its pid once it watches, and sleeps.
WORKER = (
    "import os, time\n"
    "import omaha_eval.engine.executor as executors\n"
    "executors._die_with_parent = lambda: False\n"
    "executors._worker_start(os.getppid())\n"
    "print(os.getpid(), flush=True)\n"
    "time.sleep(600)\n"
)
WATCHED = (
    "import subprocess, sys, time\n"
    f"subprocess.Popen([sys.executable, '-c', {WORKER!r}])\n"
    "time.sleep(600)\n"
)


@pytest.mark.slow
def test_without_prctl_a_worker_still_dies_with_its_parent(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", WATCHED],
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        worker = int(proc.stdout.readline())  # the worker's pid, once it watches
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert pids_gone([worker]), "the worker outlived its parent"
    finally:
        _kill_group(proc.pid)
        if proc.stdout is not None:
            proc.stdout.close()


DYING_EQUITY = """\
import os
from omaha_eval import equity as library

def equity(players, board="", dead="", **options):
    if not board:
        os._exit(9)  # as the OOM killer would end the worker
    return library(players, board, dead, **options)
"""


@pytest.mark.slow
def test_a_worker_process_that_dies_is_one_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "dying_equity.py").write_text(DYING_EQUITY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # spawned workers get this path too
    import dying_equity

    spots = [{**GOOD, "id": "river"}, {"id": "dies", "players": ["AsAh2c3d", "7c7d4c5d"]}]
    spots += [{**GOOD, "id": f"later{i}"} for i in range(4)]
    results = batch.run(spots, workers=2, executor="process", equity=dying_equity.equity)
    with pytest.raises(OmahaEvalError, match="executor: a worker process ended before its work"):
        for result in results:
            assert result.ok


@pytest.mark.parametrize("how", ["interrupt", "close"])
def test_interrupting_or_closing_the_results_stops_every_running_spot(how: str) -> None:
    """The batch's stop event reaches each running spot; no other spot
    starts; interrupted spots hand in their records before
    KeyboardInterrupt goes on."""
    started: list[threading.Event] = []
    lock = threading.Lock()

    def heeding(
        players: list[str], board: str, dead: str, *, stop: threading.Event, **options: object
    ) -> object:
        if board:  # the quick spot
            return equity(players, board, dead, **options)
        with lock:
            started.append(stop)
        if not stop.wait(60):
            raise AssertionError("the stop event never came")
        raise KeyboardInterrupt  # how the engine ends a stopped exact run

    spots = [{**GOOD, "id": "quick"}] + [{"id": f"s{i}", "players": "AA|KK"} for i in range(5)]
    results = batch.run(spots, workers=2, equity=heeding)
    assert next(results).id == "quick"
    deadline = time.monotonic() + 60
    while len(started) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(started) == 2
    if how == "close":
        results.close()
        assert all(stop.is_set() for stop in started)
    else:
        stopped = [results.throw(KeyboardInterrupt)]
        with pytest.raises(KeyboardInterrupt):
            for result in results:
                stopped.append(result)
        assert sorted(r.id for r in stopped) == ["s0", "s1"]
        assert all(r.record["status"] == "interrupted" for r in stopped)
    assert len(started) == 2  # the queued spots never started


def _local_cluster(distributed: Any, workers: int) -> Any:
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=2,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    )


NO_WORKER_TIMEOUT = 1.0  # seconds, for the tests (the command waits DASK_NO_WORKER_TIMEOUT)


@pytest.mark.slow
def test_dask_scheduler_without_workers_is_one_line(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    jsonl(tmp_path / "spots.jsonl", [GOOD])
    with _local_cluster(distributed, 0) as cluster:
        code = (
            "from omaha_eval.engine import executor as executors\n"
            f"executors.DASK_NO_WORKER_TIMEOUT = {NO_WORKER_TIMEOUT}\n"
            "from omaha_eval.cli import main\n"
            "main(['batch', 'spots.jsonl', '-o', 'out.jsonl', '--dask', "
            f"{cluster.scheduler_address!r}], prog_name='omaha-eval')\n"
        )
        proc = run_python(code, tmp_path, timeout=120)
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith("omaha-eval: error: --dask: the scheduler at")
    assert "has had no worker for 1 s" in proc.stderr


@pytest.mark.slow
def test_dask_workers_that_die_are_one_error(monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(executors, "DASK_NO_WORKER_TIMEOUT", NO_WORKER_TIMEOUT)
    spots = [{**GOOD, "id": f"s{i}"} for i in range(40)]
    done = []
    with _local_cluster(distributed, 1) as cluster, distributed.Client(cluster) as client:
        with pytest.raises(OmahaEvalError, match=r"dask: the scheduler at .* has had no worker"):
            for result in batch.run(spots, dask=client, equity=_slow_equity):
                done.append(result.id)
                if len(done) == 1:
                    cluster.scale(0)  # the only worker goes, its spots unfinished
    assert 1 <= len(done) < len(spots)


def _slow_equity(*args: Any, **kwargs: Any) -> Any:
    time.sleep(0.2)
    return equity(*args, **kwargs)
