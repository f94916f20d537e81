"""A grouped report shows its groups in one order everywhere: most likely
first, in ``report.group(by)``, ``print(group)``, the command's ``--group``
(text, CSV and JSON) and the texture section of ``print(report)``."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

import omaha_eval as oe
from omaha_eval.cli import main
from omaha_eval.study.table.textures import GROUPINGS

PLAYERS = ["As2sKd3h", "KcKh7c8h"]


@pytest.fixture(scope="module")
def report() -> oe.BoardReport:
    return oe.board_report(PLAYERS)


def _table_groups(text: str, names: list[str]) -> list[str]:
    return [line.split("  ")[0] for line in text.splitlines() if line.split("  ")[0] in names]


@pytest.mark.parametrize("by", list(GROUPINGS))
def test_groups_come_most_likely_first(report: oe.BoardReport, by: str) -> None:
    groups = report.group(by)
    chances = groups.probability.tolist()
    assert chances == sorted(chances, reverse=True)
    # each group's chance is the sum over its boards, whatever the rows' order
    shuffled = report.sorted("scoop") if hasattr(report, "sorted") else report
    assert shuffled.group(by).board_texts == groups.board_texts


@pytest.mark.parametrize("by", ["low", "pairing", "suits"])
def test_print_and_the_command_show_the_same_order(report: oe.BoardReport, by: str) -> None:
    groups = report.group(by)
    names = groups.board_texts
    assert _table_groups(str(groups), names) == names
    runner = CliRunner()
    text = runner.invoke(main, ["boards", *PLAYERS, "--group", by])
    assert text.exit_code == 0, text.output
    assert _table_groups(text.output, names) == names
    rows = runner.invoke(main, ["boards", *PLAYERS, "--group", by, "--csv"]).output
    assert [row["board"] for row in csv.DictReader(io.StringIO(rows))] == names
    document = json.loads(runner.invoke(main, ["boards", *PLAYERS, "--group", by, "--json"]).output)
    assert document["data"]["board"] == names  # column by column (study/table/columns.py)


def test_the_texture_section_of_a_report_is_in_the_groups_order(report: oe.BoardReport) -> None:
    section = str(report).split("by texture", 1)[1]
    names = report.group("texture").board_texts
    assert _table_groups(section, names) == names
