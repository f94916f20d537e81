"""--where, --sort and --top are read once, before the work, against a
prototype of the columns the report will have (study/table/select.py
read_selection): the prototypes have the real columns' names and kinds, a
typo is refused before any report runs, and each text is parsed once."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import omaha_eval as oe
from omaha_eval.cli import main
from omaha_eval.study.boards.columns import board_columns, board_prototype, with_player_aliases
from omaha_eval.study.hits import column_prototype
from omaha_eval.study.split import graph_prototype
from omaha_eval.study.table import select
from omaha_eval.study.table.select import column_kinds, read_selection


def kinds(table) -> dict[str, str]:
    return {name: column.kind for name, column in column_kinds(table).items()}


@pytest.mark.parametrize(
    ("players", "board", "exact", "group"),
    [
        (["AsAh2c3d", "KsKd4c5d"], "", True, None),
        (["AsAh2c3d", "KsKd4c5d"], "", True, "pairing"),
        (["JhTh9s8s", "7c7d5h4h", "AcKd2h3h"], "7s6h2c", True, None),
        (["AsAh3c4d", "QQ:$ds"], "Kh7d2c5s", False, None),
    ],
)
def test_the_board_prototype_has_the_report_s_columns_and_kinds(
    players, board, exact, group
) -> None:
    report = oe.board_report(players, board, exact=exact, trials=200, seed=1)
    shown = report.group(group) if group else report
    table = with_player_aliases(board_columns(shown))
    prototype = with_player_aliases(board_prototype(len(players), group is not None))
    assert kinds(prototype) == kinds(table)


@pytest.mark.parametrize(
    ("game", "group"), [("omaha8", None), ("omaha8", "texture"), ("omaha", None)]
)
def test_the_hits_prototype_has_the_report_s_columns_and_kinds(game, group) -> None:
    table = oe.range_hits("AAKK", game=game, by=group).columns()
    assert kinds(column_prototype(game == "omaha8", group is not None)) == kinds(table)


@pytest.mark.parametrize("exact", [True, False])
def test_the_split_prototype_has_the_graph_s_columns_and_kinds(exact) -> None:
    graph = oe.split_graph("AA:$ds", ["KcKd7h6h"], "Kh7d2c", exact=exact, trials=100, seed=1)
    assert kinds(graph_prototype()) == kinds(graph.columns())


def _never(*args, **kwargs):
    raise AssertionError("the report ran before its --where was read")


@pytest.mark.parametrize(
    ("command", "patched"),
    [
        (
            ["boards", "AsAh2c3d", "5%", "--where", "scooop>1"],
            "omaha_eval.cli.boards.prepare_board_report",
        ),
        (["hits", "AAKK", "--where", "scooop>1"], "omaha_eval.cli.hits.range_hits"),
        (
            ["split", "AA:$ds", "KcKd7h6h", "-b", "Kh7d2c", "--where", "scooop>1"],
            "omaha_eval.cli.split.prepare_split_graph",
        ),
        (
            ["boards", "AsAh2c3d", "5%", "--sort", "board, nothing"],
            "omaha_eval.cli.boards.prepare_board_report",
        ),
    ],
)
def test_a_typo_in_a_row_flag_is_refused_before_the_report_runs(
    monkeypatch, command, patched
) -> None:
    monkeypatch.setattr(patched, _never)
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 2, result.output
    flag = "--where" if "--where" in command else "--sort"
    assert f"{flag}: column" in result.output and "no column" in result.output


def test_the_boards_command_parses_each_text_once(monkeypatch) -> None:
    calls = {"where": 0, "sort": 0}
    parse_where, parse_sort = select.parse_where, select.parse_sort

    def counted_where(*args, **kwargs):
        calls["where"] += 1
        return parse_where(*args, **kwargs)

    def counted_sort(*args, **kwargs):
        calls["sort"] += 1
        return parse_sort(*args, **kwargs)

    monkeypatch.setattr(select, "parse_where", counted_where)
    monkeypatch.setattr(select, "parse_sort", counted_sort)
    command = ["boards", "AsAh2c3d", "KsKd4c5d", "--where", "scoop>50%", "--sort", "scoop"]
    result = CliRunner().invoke(main, [*command, "--top", "3", "-q"])
    assert result.exit_code == 0, result.output
    assert calls == {"where": 1, "sort": 1}


def test_a_selection_read_once_chooses_as_select_rows_does() -> None:
    table = with_player_aliases(board_columns(oe.board_report(["AsAh2c3d", "KsKd4c5d"])))
    prototype = with_player_aliases(board_prototype(2, False))
    chosen = read_selection(prototype, where="scoop>20% and pairing=unpaired", sort="scoop", top=7)
    expected = select.select_rows(
        table, where="scoop>20% and pairing=unpaired", sort="scoop", top=7
    )
    assert chosen.rows(table).tolist() == expected.tolist()
    assert len(expected) == 7


def test_a_selection_chooses_nothing_of_a_table_of_no_rows() -> None:
    chosen = read_selection(board_prototype(2, False), where="p1_scoop>0.5", sort="board")
    empty = {name: [] for name in board_prototype(2, False)}
    assert chosen.rows(empty).tolist() == []
