"""Batch spots (omaha_eval/batch/spots.py), without running equity: the
fields of a row checked and normalised, ids and seeds."""

from __future__ import annotations

import math

import pytest

from omaha_eval import batch
from omaha_eval.batch.spots import Spot, check_spot
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError


def test_spot_normalised() -> None:
    spot = check_spot(
        {
            "id": 7,
            "players": " AsAh2c3d | 7c7d4c5d ",
            "board": " Ks Qd Jh ",
            "trials": "1000",
            "exact": "false",
            "seed": 3.0,
            "target_stderr": "0.001",
            "game": "PLO",
        },
        row=1,
        batch_seed=0,
    )
    assert spot == Spot(
        id="7",
        players=("AsAh2c3d", "7c7d4c5d"),
        board="Ks Qd Jh",
        dead="",
        trials=1000,
        exact=False,
        seed=3,
        target_stderr=0.001,
        game="omaha",
        hole_cards=None,
    )


def test_spot_missing_values_mean_defaults() -> None:
    spot = check_spot(
        {"players": ["AA", "KK"], "trials": "", "seed": math.nan, "game": None}, 4, batch_seed=9
    )
    assert spot.id == "4"
    assert spot.trials is None and spot.game == "omaha8"
    assert spot.seed == batch.spot_seed(9, "4")  # no seed: derived from the batch seed and id


@pytest.mark.parametrize(
    ("raw", "error", "needle"),
    [
        ({"players": "AsAh2c3d"}, OmahaEvalError, "players: expected 2 to 10 players, got 1"),
        ({"players": "|".join(["*"] * 11)}, OmahaEvalError, "got 11"),
        ({"players": "AsAh2c3d||7c7d4c5d"}, OmahaEvalError, "an empty player"),
        ({}, OmahaEvalError, "players: missing"),
        ({"players": 5}, OmahaEvalTypeError, "players"),
        (
            {"players": "A|B", "trials": "ten"},
            OmahaEvalError,
            "trials: expected an integer, got 'ten'",
        ),
        ({"players": "A|B", "trials": 0}, OmahaEvalError, "trials: expected an integer >= 1"),
        ({"players": "A|B", "trials": True}, OmahaEvalTypeError, "trials"),
        ({"players": "A|B", "seed": -1}, OmahaEvalError, "seed"),
        ({"players": "A|B", "exact": "maybe"}, OmahaEvalError, "exact: expected true or false"),
        ({"players": "A|B", "target_stderr": "-1"}, OmahaEvalError, "target_stderr"),
        (
            {"players": "A|B", "game": "stud"},
            OmahaEvalError,
            "game: expected a game, one of omaha8",
        ),
        ({"players": "A|B", "board": 5}, OmahaEvalTypeError, "board"),
        ({"players": "A|B", "trails": 5}, OmahaEvalError, "unknown field 'trails'"),
        ({"players": "A|B", "id": [1]}, OmahaEvalTypeError, "id"),
    ],
)
def test_spot_errors_name_the_field(raw: dict[str, object], error: type, needle: str) -> None:
    with pytest.raises(error) as info:
        check_spot(raw, row=1, batch_seed=0)
    assert needle in str(info.value)


def test_spot_seed_depends_on_batch_seed_and_id_only() -> None:
    a = batch.spot_seed(0, "spot-1")
    assert a == batch.spot_seed(0, "spot-1")
    assert (
        len(
            {
                a,
                batch.spot_seed(1, "spot-1"),
                batch.spot_seed(0, "spot-2"),
                batch.spot_seed(0, "spot-1\0"),
            }
        )
        == 4
    )
    assert 0 <= a < 2**53
