"""A comma list of whole hands is a range of those hands, wherever a player
is read (issue 29, item 2): the library, queries, the command line and batch
files, with a note saying how the text was read."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run_cli

from omaha_eval import Range, batch, equity, query
from omaha_eval.engine.players import read_player, read_players

HERO = "AsAh2c3d"
BOARD = "Ks8d3c"
LIST = "Ad3sKhKc, 2d3h6c7c, AcKd4s5h"
NOTE = f"players[1]: {LIST!r} read as a range of 3 hands (',' separates hands)"


def test_a_comma_list_of_whole_hands_reads_as_the_range_of_those_hands() -> None:
    player = read_player(LIST, "villain", 4)
    assert player.kind == "range"
    assert sorted(map(tuple, player.combos.tolist())) == sorted(
        map(tuple, Range(LIST).combos.tolist())
    )
    assert player.note == f"villain: {LIST!r} read as a range of 3 hands (',' separates hands)"


def test_the_equity_of_a_hand_list_is_the_mean_of_its_hands_equities() -> None:
    # every hand of the list leaves the same number of runouts: the range's
    # equity is the plain mean of the three heads-up equities
    listed = equity([HERO, LIST], board=BOARD)
    each = [equity([HERO, hand.strip()], board=BOARD).players[1].equity for hand in LIST.split(",")]
    assert listed.players[1].equity == pytest.approx(np.mean(each), abs=1e-12)
    assert listed.notes == (NOTE,)
    assert listed.players[1].equity == equity([HERO, Range(LIST)], board=BOARD).players[1].equity


def test_a_hand_list_fixes_the_spot_s_hole_cards() -> None:
    players, k = read_players(["AsAhKdQd2c3d, 7c7d4c5d8h9h", "*"])
    assert k == 6 and len(players[0].combos) == 2


def test_two_card_terms_are_patterns_not_one_hand() -> None:
    # "AsKs, QhJh" was the one hand AsKsQhJh: it is every hand holding AsKs or QhJh
    player = read_player("AsKs, QhJh", "players[1]", 4)
    assert player.kind == "range"
    assert len(player.combos) == len(Range("AsKs, QhJh")) > 1
    assert player.note is not None and "',' separates terms" in player.note


def test_commas_between_single_cards_still_make_one_hand() -> None:
    assert read_player("As,Ah,2c,3d", "hero", 4).kind == "hand"
    assert read_player("As, Ah, 2c, 3d", "hero", 4).label == "AsAh2c3d"


def test_strict_takes_a_hand_list_which_is_no_pattern() -> None:
    assert equity([HERO, LIST], board=BOARD, strict=True).players[1].equity > 0


def test_a_query_reads_a_hand_list_as_a_range() -> None:
    result = query(
        f"select avg(riverEquity(villain)) from hero='{HERO}', villain='{LIST}', board='{BOARD}'"
    )
    assert result.columns[0].value == pytest.approx(
        equity([HERO, LIST], board=BOARD).players[1].equity, abs=1e-12
    )
    assert any("read as a range of 3 hands" in note for note in result.notes)


def test_the_command_line_reads_a_hand_list_as_a_range(tmp_path: Path) -> None:
    out = run_cli("equity", HERO, LIST, "--board", BOARD, "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert figures["players"][1]["equity"] == pytest.approx(
        equity([HERO, LIST], board=BOARD).players[1].equity
    )


def test_batch_reads_a_hand_list_as_a_range() -> None:
    [result] = batch.run([{"id": "list", "players": [HERO, LIST], "board": BOARD}])
    assert result.record["status"] == "ok"
    assert result.record["notes"] == [NOTE]


def test_more_cards_than_a_hand_without_commas_says_how_to_list_hands() -> None:
    with pytest.raises(ValueError, match="separate hands with commas") as caught:
        read_player("Ad3sKhKc2d3h6c7c", "villain", 4)
    assert caught.value.param == "villain"  # type: ignore[attr-defined]
