"""Batch files are read a line at a time and bound what they copy (issue
37, item 5): one 400 MB CSV field peaked at 4.5 GB and its error record
copied the 400 MB into the output; refusing a 400 MB output file's header
cost 1.3 GB.  Here with 64 MB under an address-space limit (a subprocess):
before, each needed several times the file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from omaha_eval.batch import files, read_spots
from omaha_eval.batch.spots import ERROR_FIELD, error_record

BIG = 64 << 20  # bytes of the field or line too large

_RUN = r"""
import json, resource, sys
from omaha_eval.batch import run_file

def address_space():
    for line in open("/proc/self/status", encoding="utf-8"):
        if line.startswith("VmSize"):
            return int(line.split()[1]) * 1024

limit = address_space() + int(sys.argv[3]) * 2**20
resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
try:
    summary = run_file(sys.argv[1], sys.argv[2], threads=1)
    print(json.dumps({"done": summary.done, "errors": summary.errors}))
except Exception as exc:
    print(json.dumps({"refused": str(exc)[:300], "param": getattr(exc, "param", None)}))
"""


def _run_limited(tmp_path: Path, source: Path, out: Path, megabytes: int) -> dict:
    env_run = [sys.executable, "-c", _RUN, str(source), str(out), str(megabytes)]
    # from tmp_path: the package imported is the installed one, not the tree's
    done = subprocess.run(env_run, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_a_huge_field_is_its_row_s_error_within_a_small_address_space(tmp_path, suffix):
    source = tmp_path / f"in{suffix}"
    with source.open("w", encoding="utf-8") as f:
        if suffix == ".csv":
            f.write("id,players,board\nfine,AsAh2c3d|KcKd4c5d,Jd4d8c\nhuge,")
            f.write("A" * BIG)
            f.write(",Jd4d8c\nlast,AsAh2c3d|KcKd4c5d,Jd4d8cQs\n")
        else:
            f.write('{"id": "fine", "players": ["AsAh2c3d", "KcKd4c5d"], "board": "Jd4d8c"}\n')
            f.write('{"id": "huge", "players": ["' + "A" * BIG + '", "*"]}\n')
            f.write('{"id": "last", "players": ["AsAh2c3d", "KcKd4c5d"], "board": "Jd4d8cQs"}\n')
    out = tmp_path / "out.jsonl"
    summary = _run_limited(tmp_path, source, out, 120)
    assert summary == {"done": 3, "errors": 1}
    assert out.stat().st_size < 100_000  # the field is not copied out
    records = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    by_status = sorted(r["status"] for r in records)
    assert by_status == ["error", "ok", "ok"]
    error = next(r for r in records if r["status"] == "error")
    line = 3 if suffix == ".csv" else 2  # the CSV header is line 1
    assert "over the limit" in error["error"] and f"line {line}" in error["error"]


def test_an_output_that_is_not_a_batch_result_is_refused_from_its_first_line(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(
        '{"id": "a", "players": ["AsAh2c3d", "KcKd4c5d"], "board": "Jd4d8c"}\n', encoding="utf-8"
    )
    out = tmp_path / "out.csv"
    with out.open("w", encoding="utf-8") as f:
        f.write("not,a,batch,header\n")
        for _ in range(BIG // (1 << 20)):
            f.write("x" * (1 << 20) + "\n")
    size = out.stat().st_size
    refused = _run_limited(tmp_path, source, out, 40)
    assert refused["param"] == "OUTPUT" and "header differs" in refused["refused"]
    assert out.stat().st_size == size  # left as it was


def test_a_line_over_the_limit_is_an_error_entry_and_the_rest_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "MAX_LINE", 100)
    source = tmp_path / "in.csv"
    long_players = "AsAh2c3d|" + "K" * 200
    source.write_text(f"id,players\na,AsAh2c3d|*\nb,{long_players}\nc,*|*\n", encoding="utf-8")
    rows = read_spots(source)
    assert [r.get("id") if isinstance(r, dict) else "error" for r in rows] == ["a", "error", "c"]
    assert "line 3" in str(rows[1]) and "100" in str(rows[1])
    head = tmp_path / "head.csv"
    head.write_text("id," + "p" * 200 + "\na,*|*\n", encoding="utf-8")
    with pytest.raises(files.OmahaEvalError) as info:
        read_spots(head)
    assert info.value.param == "INPUT" and "header" in str(info.value)


def test_an_error_record_cuts_a_long_field_and_says_how_long_it_was():
    record = error_record("x", {"players": "A" * 5_000 + "|*", "board": "B" * 3_000}, "bad")
    assert (
        len(record["players"][0]) < ERROR_FIELD + 40 and "5,000 characters" in record["players"][0]
    )
    assert record["players"][1] == "*"
    assert record["board"].endswith("(3,000 characters)")
