"""Batch files (omaha_eval/batch/files.py), without running equity: reading
rows (hostile lines and careless CSV quotes included), error entries, the
output file's resume bookkeeping (lines it cannot read, symbolic links) and
strict JSON."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import numpy as np
import pytest

from omaha_eval import batch
from omaha_eval.batch.files import Output
from omaha_eval.engine.results import FIGURES
from omaha_eval.errors import OmahaEvalError
from omaha_eval.records import csv_header, csv_row, json_text


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
        "low_split": 0.0,
        "any_quartered": 0.0,
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


def strict_loads(text: str) -> object:
    """json.loads that refuses NaN and Infinity (which Python reads by default)."""

    def refuse(token: str) -> object:
        raise AssertionError(f"{token} in {text[:80]!r}: not strict JSON")

    return json.loads(text, parse_constant=refuse)


DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 4301  # one digit over Python's limit for an int read from text


def test_jsonl_lines_too_deep_or_with_too_long_integers_are_error_rows(tmp_path: Path) -> None:
    good = '{"id": "a", "players": ["AsAh2c3d", "7c7d4c5d"]}'
    lines = [good, DEEP, f'{{"id": "b", "players": ["AA", "KK"], "seed": {HUGE}}}', good[:-1] + "x"]
    (tmp_path / "s.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rows = batch.read_spots(tmp_path / "s.jsonl")
    assert rows[0] == {"id": "a", "players": ["AsAh2c3d", "7c7d4c5d"]}
    assert [str(r).split(":")[0] for r in rows[1:]] == ["line 2", "line 3", "line 4"]
    assert "nested too deep to read" in str(rows[1])
    assert "an integer of more than 4300 digits" in str(rows[2])
    assert "not JSON" in str(rows[3])
    assert all(len(str(r)) < 200 for r in rows[1:])  # the line is quoted, not copied


def test_an_id_too_long_to_write_is_an_error_entry() -> None:
    (result,) = batch.run([{"id": 10**5000, "players": "AA|KK"}], equity=_never_called)
    assert result.id == "1" and "id: an integer too long" in str(result.error)


def csv_input(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_csv_quote_never_closed_is_refused_naming_its_line(tmp_path: Path) -> None:
    path = csv_input(tmp_path, 'id,players\na,AA|KK\nb,"AA|KK\nc,AA|QQ\nd,AA|JJ\n')
    with pytest.raises(OmahaEvalError, match=r"INPUT: line 3: a quote opens in this row"):
        batch.read_spots(path)


def test_a_csv_quote_closed_lines_later_is_refused_naming_its_line(tmp_path: Path) -> None:
    path = csv_input(tmp_path, 'id,players\na,"AA|KK\nb,AA|QQ\nc,AA|JJ"\nd,AA|TT\n')
    with pytest.raises(OmahaEvalError, match=r"line 2: a quoted cell runs from here to line 4"):
        batch.read_spots(path)


def test_a_csv_cell_on_two_lines_reads(tmp_path: Path) -> None:
    path = csv_input(tmp_path, 'id,players\n"two\nlines",AA|KK\nb,AA|QQ\n')
    assert batch.read_spots(path) == [
        {"id": "two\nlines", "players": "AA|KK"},
        {"id": "b", "players": "AA|QQ"},
    ]


def test_a_malformed_csv_row_is_an_error_row_and_the_next_rows_read(tmp_path: Path) -> None:
    path = csv_input(tmp_path, 'id,players\na,"AA|KK"x\nb,AA|QQ\n')
    rows = batch.read_spots(path)
    assert isinstance(rows[0], OmahaEvalError) and str(rows[0]).startswith("line 2: not CSV")
    assert rows[1] == {"id": "b", "players": "AA|QQ"}


def test_a_csv_header_naming_a_column_twice_is_refused(tmp_path: Path) -> None:
    path = csv_input(tmp_path, "id,players,players\na,AA|KK,AA|QQ\n")
    with pytest.raises(OmahaEvalError, match="names the column 'players' twice"):
        batch.read_spots(path)


def _written(path: Path, records: list[dict[str, object]]) -> bytes:
    out = Output(path, n_players=2)
    out.open()
    for record in records:
        out.write(record)
    out.close()
    return path.read_bytes()


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        (DEEP, "nested too deep to read"),
        (f'{{"id": "x", "status": "ok", "trials": {HUGE}}}', "an integer of more than 4300"),
        ('{"id": 7, "status": "ok"}', "no text id"),
        ('{"id": "x"}', "no status"),
        ('{"id": "x", "status": "done"}', "its status 'done' is not one of ok, error, failed"),
        ('{"id": "x", "status": null}', "its status None is not one of"),
    ],
)
def test_a_jsonl_output_line_that_is_not_a_record_is_refused_by_number(
    tmp_path: Path, line: str, needle: str
) -> None:
    path = tmp_path / "out.jsonl"
    before = _written(path, [_ok_record("a")]) + line.encode() + b"\n"
    path.write_bytes(before + _written(tmp_path / "more.jsonl", [_ok_record("b")]))
    content = path.read_bytes()
    with pytest.raises(OmahaEvalError, match=r"line 2 of .* is not a batch result") as info:
        Output(path, n_players=2)
    assert needle in str(info.value) and "the file was not changed" in str(info.value)
    assert len(str(info.value)) < 300
    assert path.read_bytes() == content


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ('a,"ok,', "not CSV"),
        ("a,ok", "2 cells, the header has"),
        ("a,OK" + "," * (len(csv_header(2)) - 2), "its status 'OK' is not one of"),
    ],
)
def test_a_csv_output_line_that_is_not_a_record_is_refused_by_number(
    tmp_path: Path, line: str, needle: str
) -> None:
    path = tmp_path / "out.csv"
    content = _written(path, [_ok_record("a")]) + line.encode() + b"\n"
    path.write_bytes(content)
    with pytest.raises(OmahaEvalError, match=r"line 3 of .* is not a batch result") as info:
        Output(path, n_players=2)
    assert needle in str(info.value)
    assert path.read_bytes() == content


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_resume_through_a_symlink_keeps_the_link(tmp_path: Path, suffix: str) -> None:
    (tmp_path / "data").mkdir()
    target = tmp_path / "data" / f"real{suffix}"
    failed = {**_ok_record("b"), "status": "failed"}  # a record the resume must take out
    _written(target, [_ok_record("a"), failed, _ok_record("c")])
    target.chmod(0o640)
    link = tmp_path / f"out{suffix}"
    link.symlink_to(target)
    out = Output(link, n_players=2)  # rewrites the file without the failed record
    out.close()
    assert out.done == {"a", "c"}
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert (target.stat().st_mode & 0o777) == 0o640
    assert _written(tmp_path / f"expected{suffix}", [_ok_record("a"), _ok_record("c")]) == (
        target.read_bytes()
    )
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == [f"real{suffix}"]


def test_a_dangling_symlink_output_gets_its_target(tmp_path: Path) -> None:
    link = tmp_path / "out.jsonl"
    link.symlink_to(tmp_path / "made.jsonl")
    _written(link, [_ok_record("a")])
    assert (
        link.is_symlink()
        and json.loads((tmp_path / "made.jsonl").read_text(encoding="utf-8"))["id"] == "a"
    )


def test_json_text_writes_null_for_nan_and_infinity() -> None:
    document = {"a": math.nan, "b": [math.inf, -math.inf, (1.5, math.nan)], "c": {"d": math.nan}}
    text = json_text(document)
    assert strict_loads(text) == {"a": None, "b": [None, None, [1.5, None]], "c": {"d": None}}
    assert json_text({"x": np.float64("nan"), "y": np.float64(0.25)}) == '{"x": null, "y": 0.25}'


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_a_one_trial_spot_is_an_error_row_naming_trials(tmp_path: Path, suffix: str) -> None:
    """One trial has no standard error: the spot's row is its error, naming
    trials (it used to be a result with NaN, null in the file), and the
    rows around it are answered."""
    spots = [
        {"id": "one", "players": ["AsAh2c3d", "*"], "trials": 1, "exact": False},
        {"id": "two", "players": ["AsAh2c3d", "*"], "trials": 2, "exact": False},
    ]
    (tmp_path / "s.jsonl").write_text(
        "".join(json.dumps(spot) + "\n" for spot in spots), encoding="utf-8"
    )
    out = tmp_path / f"out{suffix}"
    batch.run_file(tmp_path / "s.jsonl", out, workers=1)
    text = out.read_text("utf-8")
    assert "nan" not in text.lower()
    if suffix == ".jsonl":
        one, two = (strict_loads(line) for line in text.splitlines())
    else:
        with out.open(newline="", encoding="utf-8") as f:
            one, two = csv.DictReader(f)
    assert "trials" in one["error"] and ">= 2" in one["error"]
    assert not two.get("error")


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_resume_closes_the_output_before_replacing_it(
    tmp_path: Path, suffix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows refuses os.replace on a file that is open: the resume closes
    its handle first, then opens and locks the new file."""
    import omaha_eval.batch.files as files

    path = tmp_path / f"out{suffix}"
    failed = {**_ok_record("b"), "status": "failed"}
    _written(path, [failed, _ok_record("a")])  # not a truncation: the file is replaced
    opened: list[object] = []
    real_locked, real_replace = Output._locked, files.os.replace

    def locked(self: Output, mode: str):  # type: ignore[no-untyped-def]
        file = real_locked(self, mode)
        opened.append(file)
        return file

    replaced = []

    def replace(src: object, dst: object) -> None:
        assert opened and all(f.closed for f in opened), "the output is open while replaced"  # type: ignore[attr-defined]
        replaced.append(dst)
        real_replace(src, dst)

    monkeypatch.setattr(Output, "_locked", locked)
    monkeypatch.setattr(files.os, "replace", replace)
    out = Output(path, n_players=2)
    assert replaced == [path] and out.done == {"a"}
    assert out.file is not None and not out.file.closed  # the new file, open and locked
    with pytest.raises(OmahaEvalError, match="being written by another batch run"):
        Output(path, n_players=2)
    out.open()
    out.write(_ok_record("c"))
    out.close()
    expected = _written(tmp_path / f"expected{suffix}", [_ok_record("a"), _ok_record("c")])
    assert path.read_bytes() == expected


def test_resume_refuses_an_output_changed_while_it_was_unlocked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between closing the old file and locking the new one, another run may
    write the file: the resume then stops instead of trusting what it read."""
    import omaha_eval.batch.files as files

    path = tmp_path / "out.jsonl"
    _written(path, [{**_ok_record("b"), "status": "failed"}, _ok_record("a")])
    real_replace = files.os.replace

    def replace_then_another_run_appends(src: object, dst: Path) -> None:
        real_replace(src, dst)
        with dst.open("ab") as f:
            f.write(b'{"id": "z", "status": "ok"}\n')

    monkeypatch.setattr(files.os, "replace", replace_then_another_run_appends)
    with pytest.raises(OmahaEvalError, match="changed by another run while this run resumed it"):
        Output(path, n_players=2)
    monkeypatch.setattr(files.os, "replace", real_replace)
    again = Output(path, n_players=2)  # the refused run let go of its lock
    assert again.done == {"a", "z"}
    again.close()
