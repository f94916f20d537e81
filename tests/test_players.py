"""The one reader of players (omaha_eval/engine/players.py), through every
entry point: text of exactly the spot's number of cards is a hand, stars are
a random hand, all other text is a range; kind and combos reported right."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest
from cli_helpers import run_cli
from oracles import evaluator as ref

import omaha_eval as oe
from omaha_eval import batch
from omaha_eval.engine.players import read_players
from omaha_eval.errors import OmahaEvalError

VILLAIN = "7c7d4c5d"
BOARD = "Kh8h2s"  # a flop, so that exact enumeration of the ranges stays small


def brute_combos(test, known: set[int]) -> int:
    """Four-card hands without a known card that pass `test`, by brute force."""
    deck = [c for c in range(52) if c not in known]
    return sum(1 for hand in combinations(deck, 4) if test(set(hand)))


AS, KS, KD, S3 = (ref.cards(c)[0] for c in ("As", "Ks", "Kd", "3s"))
TWOS = {c for c in range(52) if c // 4 == 0}


def _xxyy(hand: set[int]) -> bool:
    """w x y z are suit variables in either case: XxYy is two cards of one
    suit and two of another (double-suited)."""
    return sum(1 for s in range(4) if sum(c % 4 == s for c in hand) >= 2) >= 2


# (text, membership test over a hand's set of card ids)
RANGES = [
    ("AsKs", lambda h: {AS, KS} <= h),
    # As, Kd, 3s and a deuce of a suit not written in the pattern (clubs or hearts)
    ("AsKd3s2z", lambda h: {AS, KD, S3} <= h and any(c in TWOS and c % 4 in (0, 2) for c in h)),
    ("XxYy", _xxyy),
]


@pytest.mark.parametrize(("text", "test"), RANGES)
def test_range_text_kind_and_combos_in_the_library(text: str, test) -> None:
    known = set(ref.cards(VILLAIN)) | set(ref.cards(BOARD))
    r = oe.equity([text, VILLAIN], BOARD, trials=20_000, seed=1)
    assert r.players[0].kind == "range"
    assert r.players[0].combos == brute_combos(test, known)
    assert (r.players[1].kind, r.players[1].combos) == ("hand", 1)


def test_a_hand_stays_a_hand_and_a_random_hand_counts_its_hands() -> None:
    r = oe.equity(["As Kd 3s 2c", "*"], BOARD)
    assert (r.players[0].kind, r.players[0].combos) == ("hand", 1)
    # a random hand can be any four of the 52 - 4 - 3 cards not known
    assert (r.players[1].kind, r.players[1].combos) == ("random", 45 * 44 * 43 * 42 // 24)


def test_the_spot_size_decides_what_text_is_a_hand() -> None:
    # four cards in a five-card spot: every five-card hand holding them
    players, k = read_players(["AsKd3s2c", "7c7d4c5d9h"], hole_cards=5)
    assert k == 5 and [p.kind for p in players] == ["range", "hand"]
    assert len(players[0].combos) == 48  # the fifth card: any of the other 48
    players, k = read_players(["AsKd3s", [0, 1, 2, 3, 4]])  # ids fix the size first
    assert k == 5 and players[0].kind == "range"
    # without hole_cards, hand texts of two sizes are a mistake, not a range
    with pytest.raises(OmahaEvalError, match=r"players\[1\]: 5 hole cards, but players\[0\] has 4"):
        read_players(["AsKd3s2c", "7c7d4c5d9h"])
    with pytest.raises(OmahaEvalError, match=r"players\[0\]: 4 hole cards, but players\[1\] has 5"):
        read_players(["AsKd3s2c", [0, 1, 2, 3, 4]])
    with pytest.raises(OmahaEvalError, match=r"players\[1\]: 7 cards, more than the spot's 4"):
        read_players(["AsKd3s2c", "2c2d2h3c3d3h4c"])


def test_stars_are_a_random_hand() -> None:
    players, _ = read_players(["*", "**", " * * * ", VILLAIN])
    assert [p.kind for p in players] == ["random", "random", "random", "hand"]
    a = oe.equity(["As Kd 3s 2c", "*"], BOARD, exact=False, trials=50_000, seed=3)
    b = oe.equity(["As Kd 3s 2c", "**"], BOARD, exact=False, trials=50_000, seed=3)
    assert a.players[0].equity == b.players[0].equity


@pytest.mark.parametrize(("text", "test"), RANGES)
def test_command_line_reads_the_same_players(tmp_path: Path, text: str, test) -> None:
    proc = run_cli(
        "equity", text, VILLAIN, "-b", BOARD, "-n", "20000", "-s", "1", "--json", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    library = oe.equity([text, VILLAIN], BOARD, trials=20_000, seed=1)
    assert doc["players"] == library.to_dict()["players"]
    table = run_cli("equity", text, VILLAIN, "-b", BOARD, "-n", "20000", "-s", "1", cwd=tmp_path)
    combos = library.players[0].combos
    assert f"{text}  range, {combos:,} combos" in table.stdout


@pytest.mark.parametrize(("text", "test"), RANGES)
def test_batch_reads_the_same_players(text: str, test) -> None:
    spot = {"id": "a", "players": [text, VILLAIN], "board": BOARD, "trials": 20_000, "seed": 1}
    (result,) = batch.run([spot], workers=1)
    library = oe.equity([text, VILLAIN], BOARD, trials=20_000, seed=1, threads=1)
    assert result.ok and result.record["players"] == library.to_dict()["players"]
