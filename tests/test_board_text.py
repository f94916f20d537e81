"""Boards are written as players write them: the flop high to low (by
rank, then suit s, h, d, c), the turn and the river after it as dealt;
one owner (cards.format_board) for every text the package writes: results,
reports and their CSV and JSON, the command line."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval.cards import (
    CARD_TEXT,
    RANKS,
    SUITS,
    board_of_checked_ids,
    format_board,
    parse_cards,
)
from omaha_eval.cli import main


def _players_way(cards: list[str]) -> str:
    """The oracle: sort the flop's card texts by rank, then suit, highest first."""
    key = lambda c: (RANKS.index(c[0]), SUITS.index(c[1]))  # noqa: E731
    return "".join(sorted(cards[:3], key=key, reverse=True)) + "".join(cards[3:])


@given(st.lists(st.integers(0, 51), min_size=0, max_size=5, unique=True))
def test_a_board_is_written_flop_high_to_low_then_as_dealt(ids: list[int]) -> None:
    expected = _players_way([CARD_TEXT[c] for c in ids])
    assert format_board(ids) == expected
    assert board_of_checked_ids(bytes(ids)) == expected
    assert sorted(parse_cards(format_board(ids)).tolist()) == sorted(ids)  # the same cards


def test_the_examples_of_the_issue() -> None:
    assert format_board(parse_cards("4dAcAd")) == "AdAc4d"
    assert format_board(parse_cards("3c8dKsQh")) == "Ks8d3cQh"  # the turn stays last


def test_every_equity_path_writes_the_board_high_to_low() -> None:
    small = oe.equity(["AsAh2c3d", "7c7d4c5d"], "4d Jd 8c")  # the small spots' fast path
    sampled = oe.equity(["AsAh2c3d", "*"], "4d Jd 8c", trials=1_000, seed=1)
    turn = oe.equity(["AsAh2c3d", "7c7d4c5d", "*"], "4d Jd 8c 2h", trials=1_000, seed=1)
    assert small.board == sampled.board == "Jd8c4d"
    assert turn.board == "Jd8c4d2h"
    distribution = oe.equity_distribution("AA", "KK", board="4d Jd 8c")
    assert distribution.board == "Jd8c4d"


def test_a_report_writes_its_rows_and_its_board_high_to_low() -> None:
    report = oe.board_report(["As2sJd9h", "KcKd7c6h"], board="3c 8d Ks")
    assert report.board == "Ks8d3c"
    assert all(text.startswith("Ks8d3c") and len(text) == 8 for text in report.board_texts)
    flops = oe.board_report(["As2sJd9h", "KcKd7c6h"], exact=True)
    for text in flops.board_texts[:200]:
        assert text == _players_way([text[i : i + 2] for i in range(0, 6, 2)])
    document = report.to_dict(groups=None)
    assert document["board"] == "Ks8d3c"
    assert [row["board"] for row in document["rows"]] == report.board_texts


def test_the_command_line_writes_boards_high_to_low_in_text_csv_and_json() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["boards", "As2sJd9h", "KcKd7c6h", "-b", "3c8dKs"])
    assert text.exit_code == 0 and "board Ks8d3c" in text.output and "3c8dKs" not in text.output
    rows = runner.invoke(main, ["boards", "As2sJd9h", "KcKd7c6h", "-b", "3c8dKs", "--csv"])
    boards = [row["board"] for row in csv.DictReader(io.StringIO(rows.output))]
    assert boards and all(b.startswith("Ks8d3c") for b in boards)
    equity = runner.invoke(main, ["equity", "AsAh2c3d", "7c7d4c5d", "-b", "4dAcKh", "--json"])
    assert json.loads(equity.output)["board"] == "AcKh4d"


def test_a_board_text_reads_back_as_the_same_cards() -> None:
    rng = np.random.default_rng(7)
    for _ in range(200):
        ids = rng.permutation(52)[: rng.integers(3, 6)]
        assert set(parse_cards(format_board(ids)).tolist()) == set(ids.tolist())
