"""The games registry (omaha_eval/games.py): every name a user may type gives
the same answer as the game's own name, in every entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

import omaha_eval as oe
from omaha_eval import _core, batch
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import GAMES, OMAHA, OMAHA8, game, game_names

SPOT = (["As Ah 2c 3d", "7c 7d 4c 5d"], "Ks 4h 5s")
ALIASES = [(g, name) for g in GAMES for name in (*g.aliases, g.name.upper(), f" {g.name} ")]


def test_registry() -> None:
    assert (OMAHA8.has_low, OMAHA.has_low) == (True, False)
    assert (OMAHA8.code, OMAHA.code) == (_core.GAME_OMAHA8, _core.GAME_OMAHA)
    assert {"omaha8", "o8", "omaha-hilo", "plo8", "omaha", "plo", "omaha-hi"} <= set(game_names())
    assert len(game_names()) == len(set(game_names()))  # no name for two games
    assert game(OMAHA) is OMAHA


@pytest.mark.parametrize(("the_game", "name"), ALIASES)
def test_every_alias_gives_the_games_result(the_game, name: str) -> None:
    expected = oe.equity(*SPOT, game=the_game.name)
    assert oe.equity(*SPOT, game=name) == oe.equity(*SPOT, game=the_game)
    assert oe.equity(*SPOT, game=name).players == expected.players
    assert oe.equity(*SPOT, game=name).game == the_game.name
    hands = ["As Ah 2c 3d", "7c 7d 4c 5d"]
    board = "Ks 4h 5s 9d 8c"
    assert oe.showdown(hands, board, [10, 10], game=name) == oe.showdown(
        hands, board, [10, 10], game=the_game.name
    )


def test_high_only_has_no_low() -> None:
    r = oe.equity(*SPOT, game="plo")
    assert r.no_low == 1.0 and all(p.lo_share == p.makes_low == 0.0 for p in r.players)


def test_unknown_game_names_the_choices() -> None:
    with pytest.raises(OmahaEvalError, match=r"game: expected a game, one of omaha8 \(o8"):
        oe.equity(*SPOT, game="holdem")


@pytest.mark.parametrize("name", ["PLO8", "plo"])
def test_command_line_and_batch_take_aliases(tmp_path: Path, name: str) -> None:
    proc = run_cli("equity", *SPOT[0], "-b", SPOT[1], "-g", name, "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["game"] == game(name).name
    assert doc["players"] == oe.equity(*SPOT, game=name).to_dict()["players"]
    (result,) = batch.run([{"players": SPOT[0], "board": SPOT[1], "game": name}], workers=1)
    assert result.record["players"] == doc["players"]


def test_command_line_refuses_an_unknown_game(tmp_path: Path) -> None:
    proc = run_cli("equity", *SPOT[0], "-g", "stud", cwd=tmp_path)
    assert proc.returncode == 2 and "--game" in proc.stderr and "'stud'" in proc.stderr
