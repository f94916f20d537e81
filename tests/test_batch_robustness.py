"""Batch under careless and hostile input: nothing lost, nothing doubled,
nothing hangs.  Through the installed command in a subprocess; where nothing
may change, files are compared byte for byte."""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cli_helpers import cli_env, group_gone, run_cli, start_batch, wait_for_lines

from omaha_eval import batch
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
    for name, needle in [("locked.jsonl", "cannot write"), ("fifo.jsonl", "not a regular file")]:
        if name == "locked.jsonl" and os.geteuid() == 0:
            continue  # root writes read-only files
        proc = run_cli("batch", "spots.jsonl", "-o", name, cwd=tmp_path, timeout=60)
        assert proc.returncode == 2 and needle in proc.stderr, proc.stderr
        assert proc.stderr.count("\n") == 1


def test_a_full_disk_is_one_line(tmp_path: Path) -> None:
    """A file-size limit stands in for a full disk: the write fails (EFBIG,
    as ENOSPC would), the message is one line and the records before stay."""
    jsonl(tmp_path / "spots.jsonl", [{**GOOD, "id": str(i)} for i in range(40)])

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4000, 4000))

    proc = subprocess.run(
        [sys.executable, "-m", "omaha_eval", "batch", "spots.jsonl", "-o", "out.jsonl", "-w", "1"],
        cwd=tmp_path, env=cli_env(), capture_output=True, text=True, preexec_fn=small_files,
        timeout=120,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
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
    assert f"{len(spots)} spots run (1 errors)" in first.stderr
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
        assert proc.returncode == 1 and "2 spots run (1 errors)" in proc.stderr, proc.stderr
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


def test_many_workers_are_capped_by_the_cores(tmp_path: Path) -> None:
    jsonl(tmp_path / "spots.jsonl", [{**GOOD, "id": str(i)} for i in range(3)])
    proc = run_cli(
        "batch", "spots.jsonl", "-o", "out.jsonl", "--executor", "process",
        "--workers", "1000000", cwd=tmp_path, timeout=120,
    )  # fmt: skip
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
    [_http, pytest.param(_silent, marks=pytest.mark.slow)],  # waits out the 10 s dask timeout
    ids=["speaks HTTP", "never answers"],
)
def test_dask_peers_that_are_not_schedulers_are_one_line(tmp_path: Path, handler) -> None:
    pytest.importorskip("distributed")
    address, server = _serve(handler)
    jsonl(tmp_path / "spots.jsonl", [GOOD])
    start = time.monotonic()
    proc = run_cli("batch", "spots.jsonl", "-o", "out.jsonl", "--dask", address, cwd=tmp_path)
    server.close()
    # under tools/sanitize.sh, ASan warns on stderr when the malloc of the
    # 3 EiB that the HTTP peer "announces" fails (in NumPy, not in our C)
    err = "".join(line for line in proc.stderr.splitlines(True) if not line.startswith("=="))
    assert proc.returncode == 2 and err.count("\n") == 1, proc.stderr
    assert "--dask:" in err and "Traceback" not in err
    assert time.monotonic() - start < 60  # an overall timeout, not a hang


def test_dask_typos_retried_in_one_process_stay_quick() -> None:
    pytest.importorskip("distributed")
    for _ in range(4):
        start = time.monotonic()
        with pytest.raises(OmahaEvalError, match="dask: 'x' is not a scheduler address"):
            batch.run([GOOD], dask="x")
        assert time.monotonic() - start < 5


def test_stderr_closed_and_a_latin1_terminal(tmp_path: Path) -> None:
    jsonl(tmp_path / "spots.jsonl", [GOOD])
    closed = subprocess.run(
        [sys.executable, "-m", "omaha_eval", "batch", "spots.jsonl", "-o", "out.jsonl"],
        cwd=tmp_path, env=cli_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, timeout=120, close_fds=True, preexec_fn=lambda: os.close(2),
    )  # fmt: skip
    assert closed.returncode == 0 and records(tmp_path / "out.jsonl")[0]["status"] == "ok"
    latin = subprocess.run(
        [sys.executable, "-m", "omaha_eval", "equity", "A♠A♥2c3d", "7c7d4c5d", "-b", "K♠QdJh"],
        cwd=tmp_path, env={**cli_env(), "PYTHONIOENCODING": "latin-1"}, capture_output=True,
        timeout=120,
    )  # fmt: skip
    assert latin.returncode == 0 and b"84.88%" in latin.stdout
