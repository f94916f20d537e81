"""Batch files (omaha_eval/batch/files.py), without running equity: reading
rows, error entries, and the output file's resume bookkeeping."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_eval import batch
from omaha_eval.batch.files import Output, csv_header, csv_row
from omaha_eval.engine.results import FIGURES
from omaha_eval.errors import OmahaEvalError


def test_read_spots_csv_and_jsonl(tmp_path: Path) -> None:
    (tmp_path / "s.csv").write_text(
        "id,players,board,trials\na,AsAh2c3d|7c7d4c5d,KsQdJh,100\n,,,\nb,*|*,,\nc,x,y,z,extra\n",
        encoding="utf-8",
    )
    rows = batch.read_spots(tmp_path / "s.csv")
    assert rows[0] == {
        "id": "a",
        "players": "AsAh2c3d|7c7d4c5d",
        "board": "KsQdJh",
        "trials": "100",
    }
    assert rows[1] == {"id": "b", "players": "*|*"}  # blank rows are skipped
    assert isinstance(rows[2], OmahaEvalError) and "more cells" in str(rows[2])
    (tmp_path / "s.jsonl").write_text(
        '{"id": "a", "players": ["AA", "KK"]}\n\n{oops\n', encoding="utf-8"
    )
    rows = batch.read_spots(tmp_path / "s.jsonl")
    assert rows[0] == {"id": "a", "players": ["AA", "KK"]}
    assert isinstance(rows[1], OmahaEvalError) and "line 3: not JSON" in str(rows[1])


def test_read_spots_bad_paths(tmp_path: Path) -> None:
    with pytest.raises(OmahaEvalError, match=r"INPUT: .*neither \.csv nor \.jsonl"):
        batch.read_spots(tmp_path / "s.txt")
    with pytest.raises(OmahaEvalError, match=r"INPUT: .* does not exist"):
        batch.read_spots(tmp_path / "absent.csv")


def test_duplicate_ids_refused_before_anything_runs() -> None:
    spots = [
        {"id": "x", "players": "A|B"},
        {"id": "y", "players": "A|B"},
        {"id": "x", "players": "A|B"},
    ]
    with pytest.raises(OmahaEvalError, match="'x' is on rows 1 and 3"):
        batch.run(spots, equity=_never_called)


def _never_called(*args: object, **kwargs: object) -> object:
    raise AssertionError("equity must not run")


def test_bad_rows_are_error_entries_and_skip_is_by_id() -> None:
    spots = [
        {"id": "bad", "players": "AsAh2c3d"},
        {"id": "gone", "players": "AsAh2c3d|7c7d4c5d"},
        {"players": "A|B", "trials": "x"},
    ]
    results = list(batch.run(spots, equity=_never_called, skip={"gone"}))
    assert [r.id for r in results] == ["bad", "3"]
    assert all(not r.ok for r in results)
    assert results[0].record == {
        "id": "bad",
        "status": "error",
        "board": "",
        "dead": "",
        "game": "",
        "error": "players: expected 2 to 10 players, got 1 in 'AsAh2c3d'",
        "players": ["AsAh2c3d"],
    }
    assert results[1].row["p2_hand"] == "B"


def _ok_record(spot_id: str) -> dict[str, object]:
    player = {
        "hand": "AsAh2c3d",
        "kind": "hand",
        "combos": 1,
        **dict.fromkeys((f.name for f in FIGURES), 0.5),
    }
    return {
        "id": spot_id,
        "status": "ok",
        "error": None,
        "board": "",
        "dead": "",
        "game": "omaha8",
        "no_low": 0.25,
        "quartered": 0.0,
        "method": "exact",
        "trials": 10,
        "seed": 1,
        "elapsed": 0.1,
        "interrupted": False,
        "target_stderr": None,
        "target_reached": None,
        "players": [player, player],
    }


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_output_resume_bookkeeping(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"out{suffix}"
    out = Output(path, n_players=2)
    assert out.done == set()
    out.open()
    for spot_id in ("a", "b"):
        out.write(_ok_record(spot_id))
    out.close()
    # a run killed in the middle of writing the third record
    complete = path.read_bytes()
    with path.open("ab") as f:
        f.write(b"c,ok,,,,omaha8,0.25" if suffix == ".csv" else b'{"id": "c", "sta')
    again = Output(path, n_players=2)
    assert again.done == {"a", "b"}
    again.close()
    assert path.read_bytes() == complete  # the partial record is gone, nothing else touched
    if suffix == ".csv":
        assert complete.decode().splitlines()[0] == ",".join(csv_header(2))
        assert complete.decode().splitlines()[1].startswith("a,ok,,")
    else:
        assert [json.loads(line)["id"] for line in complete.decode().splitlines()] == ["a", "b"]


def test_output_refuses_foreign_files(tmp_path: Path) -> None:
    (tmp_path / "other.csv").write_text("name,score\nx,1\n", encoding="utf-8")
    with pytest.raises(OmahaEvalError, match="not a batch result CSV"):
        Output(tmp_path / "other.csv", n_players=2)
    (tmp_path / "narrow.csv").write_text(",".join(csv_header(2)) + "\n", encoding="utf-8")
    with pytest.raises(OmahaEvalError, match="columns for 2 players"):
        Output(tmp_path / "narrow.csv", n_players=3)
    (tmp_path / "other.jsonl").write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(OmahaEvalError, match=r"line 1 .* is not a batch result"):
        Output(tmp_path / "other.jsonl", n_players=2)


def test_csv_row_flattens_players() -> None:
    row = csv_row(_ok_record("a"))
    assert set(row) <= set(csv_header(2))
    assert row["p2_hand"] == "AsAh2c3d" and row["p1_stderr"] == 0.5 and row["error"] == ""
