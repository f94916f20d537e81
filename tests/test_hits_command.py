"""``omaha-eval hits``: the library's range_hits on the command line."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from omaha_eval.cli import main
from omaha_eval.study.hits import range_hits
from omaha_eval.study.table.columns import document_columns


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["hits", *args])
    return result.exit_code, result.output


def test_one_board_prints_every_class_with_its_share() -> None:
    code, out = run("15%", "--board", "7h5h2c")
    hits = range_hits("15%", "7h5h2c")
    assert code == 0
    for c in hits.classes:
        assert f"{c.label}  " in out
    assert f"{100 * hits['nut_low_draw']:.2f}%" in out or f"{100 * hits['nut_low']:.2f}%" in out


def test_json_and_csv_hold_the_shares_of_range_hits() -> None:
    hits = range_hits("A2**", "7h5h9c")
    code, out = run("A2**", "--board", "7h5h9c", "--json")
    assert code == 0
    document = json.loads(out)
    columns = document_columns(document)
    assert document["range"] == "A2**" and document["rows"] == 1
    for c in hits.classes:
        assert columns[c.name][0] == pytest.approx(hits[c.name], abs=1e-8)
    code, out = run("A2**", "--board", "7h5h9c", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 1 and float(rows[0]["nut_low_draw"]) == hits["nut_low_draw"]


def test_every_flop_rows_are_chosen_by_where_sort_and_top() -> None:
    code, out = run(
        "AAKK", "--where", "pairing=paired and set>0", "--sort", "set", "--top", "4", "--csv"
    )
    assert code == 0, out
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 4
    assert all(r["pairing"] == "paired" and float(r["set"]) > 0 for r in rows)
    assert [float(r["set"]) for r in rows] == sorted((float(r["set"]) for r in rows), reverse=True)


def test_grouped_flops_have_a_row_per_texture() -> None:
    code, out = run("AAKK", "--group", "pairing", "--json")
    document = json.loads(out)
    assert code == 0 and document["grouped_by"] == "pairing"
    assert set(document_columns(document)["board"]) == {"unpaired", "paired", "trips"}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("AA", "--board", "Kh7d"), "--board: expected 0, 3, 4 or 5 cards"),
        (("AA:$zz", "--board", "Kh7d2c"), "RANGE: column 4: unknown macro"),
        (("AA", "--where", "sett>0"), "--where: column 1: no column 'sett'"),
        (("AA", "--board", "Kh7d2c", "--group", "texture"), "--group"),
        (("AA", "--json", "--csv"), "exclude each other"),
        (("AA", "--board", "Kh7d2c", "--top", "3"), "--top: chooses among the rows of every flop"),
    ],
)
def test_bad_input_names_its_flag_and_exits_2(args, words) -> None:
    code, out = run(*args)
    assert code == 2 and words in out
