"""``omaha-eval hits``: the library's range_hits on the command line."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from omaha_eval.cli import main
from omaha_eval.study.hits import HIT_CLASSES, HIT_GROUPS, range_hits
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


def _table(out: str) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the table of many rows."""
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if set(line.split()) and set(line) <= {"-", " "})
    header = lines[at - 1].split()
    rows = [line.split() for line in lines[at + 1 :] if line.strip()]
    return header, rows[: next((i for i, r in enumerate(rows) if r[0] == "Every"), len(rows))]


def _partitions_add_up(header: list[str], rows: list[list[str]], groups: list[str]) -> None:
    for group in groups:
        names = [c.name for c in HIT_CLASSES if c.group == group]
        assert set(names) <= set(header), (group, header)
        for row in rows:
            total = sum(float(row[header.index(n)].rstrip("%")) for n in names)
            assert total == pytest.approx(100.0, abs=0.006 * len(names)), (group, row)


def test_the_columns_a_sort_or_a_filter_reads_are_shown() -> None:
    code, out = run("A2**", "--sort", "nut_low_draw_backup", "--top", "5")
    assert code == 0, out
    header, rows = _table(out)
    assert header[-1] == "nut_low_draw_backup" and len(rows) == 5
    hits = range_hits("A2**")
    best = sorted(hits.share("nut_low_draw_backup"), reverse=True)[:5]
    assert [r[-1] for r in rows] == [f"{100 * v:.2f}%" for v in best]
    code, out = run("AAKK", "--where", "set>20% and pairing=paired", "--top", "3")
    header, rows = _table(out)
    assert header[-2:] == ["set", "pairing"] and {r[-1] for r in rows} == {"paired"}


@pytest.mark.parametrize(
    ("args", "groups"),
    [
        (("AAKK", "--top", "40"), ["high"]),  # AAKK on 222: a full house, not pair or trips
        (("AA:$ds", "--group", "suits"), ["high"]),  # the monotone row's flushes
        (("A2**", "--show", "low,straights", "--top", "40"), ["low", "straights"]),
        (("A2**", "--show", "low", "--group", "pairing"), ["low"]),
    ],
)
def test_every_class_of_a_partition_is_shown_and_they_add_up_to_100(args, groups) -> None:
    code, out = run(*args)
    assert code == 0, out
    header, rows = _table(out)
    assert rows
    _partitions_add_up(header, rows, groups)


@pytest.mark.parametrize("board", ["2c2dKc", "7h5h2c", "Ah Kh Qh Jh Th"])
def test_the_table_of_one_board_adds_each_partition_up_to_100(board) -> None:
    code, out = run("AAKK, A2**, 15%", "--board", board)
    assert code == 0, out
    hits = range_hits("AAKK, A2**, 15%", board)
    shares = {
        c.label: float(line.split()[-1].rstrip("%"))
        for c in hits.classes
        for line in out.splitlines()
        if line.strip().startswith(c.label + "  ")
    }
    for group, partition in HIT_GROUPS.items():
        labels = [c.label for c in hits.classes if c.group == group]
        if partition and labels:
            assert sum(shares[x] for x in labels) == pytest.approx(100, abs=0.006 * len(labels))


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("AA", "--show", "lows"), "--show: expected groups of high, low"),
        (("AA", "--show", "low", "--game", "omaha"), "a high-only game has no low classes"),
        (("AA", "--board", "Kh7d2c", "--show", "low"), "--show: picks the columns"),
    ],
)
def test_a_bad_show_names_its_flag(args, words) -> None:
    code, out = run(*args)
    assert code == 2 and words in out
