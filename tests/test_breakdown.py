"""The hand-strength breakdown of every equity result (PlayerEquity.breakdown):
against a brute force over all runouts, within its standard errors by Monte
Carlo, each part summing to 1, in JSON, CSV and the command's table."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from cli_helpers import run_cli
from oracles import evaluator as ref
from oracles.equity import brute_breakdown

import omaha_eval as oe
from omaha_eval import batch
from omaha_eval.engine.results import BREAKDOWN_NAMES

SPOTS = [
    (["As Ah 2c 3d", "Kc Kd 4c 5d"], "Ks 7d 2h 9c", "", "omaha8"),
    (["Ad Kd 3s 2s", "Qh Qc Jh Tc", "7s 8s 9d Td"], "Jd 4d 8c 5s", "", "omaha8"),
    (["As Ah 2c 3d", "Kc Kd 4c 5d"], "Ks 7d 2h", "Qs Qh Qd", "omaha8"),
    (["As Ah 2c 3d 4h", "Kc Kd 4c 5d 6d"], "Ks 7d 2h 3s", "", "omaha8"),
    (["Ts 9s 8h 7h", "Ac Ad Kc Kd"], "6s 5s Jd", "", "omaha"),
]


@pytest.mark.parametrize(
    ("hands", "board", "dead", "game"),
    # on a flop the brute force deals every turn and river: seconds
    [pytest.param(*s, marks=pytest.mark.slow) if len(s[1].split()) == 3 else s for s in SPOTS],
)
def test_exact_breakdown_matches_brute_force(hands, board, dead, game) -> None:
    r = oe.equity(hands, board, dead, exact=True, game=game)
    want = brute_breakdown(
        [ref.cards(h) for h in hands],
        ref.cards(board),
        ref.cards(dead) if dead else [],
        high_only=game == "omaha",
    )
    for p, expected in zip(r.players, want, strict=True):
        assert set(p.breakdown) == set(expected)
        for name, value in expected.items():
            assert p.breakdown[name] == pytest.approx(float(value), abs=1e-12), name


@pytest.mark.parametrize(("hands", "board", "dead", "game"), SPOTS[:3])
def test_monte_carlo_breakdown_within_four_standard_errors(hands, board, dead, game) -> None:
    exact = oe.equity(hands, board, dead, exact=True, game=game)
    mc = oe.equity(hands, board, dead, exact=False, trials=200_000, seed=4, game=game)
    for p, q in zip(mc.players, exact.players, strict=True):
        for name, truth in q.breakdown.items():
            se = math.sqrt(max(truth * (1 - truth), 1e-12) / mc.trials)  # binomial
            assert abs(p.breakdown[name] - truth) <= 4 * se + 1e-12, name


def test_each_part_sums_to_one_and_high_only_has_no_low() -> None:
    for game in ("omaha8", "omaha"):
        r = oe.equity(["As Ah 2c 3d", "*", "*"], "Ks 7d", trials=30_000, seed=1, game=game)
        for p in r.players:
            high = [v for k, v in p.breakdown.items() if k in BREAKDOWN_NAMES[:9]]
            assert math.isclose(sum(high), 1.0, abs_tol=1e-12)
            low = [v for k, v in p.breakdown.items() if k in BREAKDOWN_NAMES[9:]]
            if game == "omaha8":
                assert math.isclose(sum(low), 1.0, abs_tol=1e-12)
                assert math.isclose(low[0] + low[1], p.makes_low, abs_tol=1e-12)
            else:
                assert low == []
    assert list(oe.equity(["As Ah 2c 3d", "*"], trials=1000).players[0].breakdown) == list(
        BREAKDOWN_NAMES
    )


def test_breakdown_in_json_csv_and_the_table(tmp_path: Path) -> None:
    hands, board = ["AsAh2c3d", "KcKd4c5d"], "Ks7d2h9c"
    library = oe.equity(hands, board)
    doc = json.loads(run_cli("equity", *hands, "-b", board, "--json", cwd=tmp_path).stdout)
    assert doc["players"][0]["breakdown"] == library.players[0].breakdown
    table = run_cli("equity", *hands, "-b", board, "--breakdown", cwd=tmp_path).stdout
    rows = {line.split("  ")[0].strip(): line for line in table.splitlines()}
    assert (
        f"{100 * library.players[1].breakdown['three of a kind']:.2f}%" in rows["three of a kind"]
    )
    assert "nut low" in rows and "high card" in rows
    (result,) = batch.run([{"players": hands, "board": board}], workers=1)
    assert result.row["p2_three_of_a_kind"] == library.players[1].breakdown["three of a kind"]
    assert result.row["p1_nut_low"] == library.players[0].breakdown["nut low"]
