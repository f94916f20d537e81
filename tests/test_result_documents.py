"""Every public result comes back from its document: ``type(r).from_dict(
r.to_dict()) == r``, through JSON text too (NaN written null), and every
public result type's plain repr stays short (under REPR_LIMIT characters,
arrays as their shape and dtype), however large the result."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
from typing import Any

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval._reprs import REPR_LIMIT
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError

BOARD = "Jd 4d 3c"
TURN = BOARD + " 8h"


@functools.cache
def samples() -> dict[str, list[Any]]:
    """Large results of each public result type, by type name."""
    big = oe.equity(["AsAh2c3d", "KsKh4c5d", *["*"] * 8], BOARD, trials=2_000, seed=1)
    street = oe.street_equity(TURN, "AA**", oe.Range("KK, QQ@0.5"))
    deals = np.array([np.random.default_rng(i).permutation(52)[:13] for i in range(500)])
    beats = oe.beats("AsAh2c3d", ["15%", "*"], BOARD)
    return {
        "EquityResult": [big, oe.equity(["AsAh2c3d", "KsKh4c5d"], BOARD + " 8h")],
        "PlayerEquity": list(big.players),
        "StreetShares": [street],
        "RiverShares": [oe.river_shares(BOARD + " Qd 5h", "A***", "KK")],
        "EquityDistribution": [oe.equity_distribution("A***", "KK", board=BOARD + " 8h")],
        "EquityFeatures": [oe.equity_features(TURN, "AA**", "KK")],
        "QueryResult": [
            oe.query(
                "select count(scoops(hero)) as "
                + "a_long_name_" * 30
                + ", avg(riverEquity(hero)), "
                "histogram(hiRating(hero, river)) from hero='A2**', villain='15%', "
                "board='Jd4d3c'",
                trials=2_000,
                seed=1,
            )
        ],
        "BoardReport": [oe.board_report(["As2sJd9h", "KcKd7c6h"], board="Ks8d3c")],
        "HandClasses": [oe.hand_classes(BOARD, "A***")],
        "ManyEquity": [oe.equity_many(deals[:, :8].reshape(500, 2, 4), deals[:, 8:])],
        "HandValue": [oe.evaluate("AdKd3s2s", "Jd4d3cQd5h")],
        "Beats": [beats],
        "VillainBeats": list(beats.villains),
        "BeatsGroup": [g for v in beats.villains for g in v.high + v.low],
        "RangeHits": [oe.range_hits("15%", BOARD), oe.range_hits("A2**", TURN)],
        "SplitGraph": [oe.split_graph("AA**", ["KK**"], BOARD, trials=200, seed=1)],
    }


NAMES = [
    "Beats",
    "BeatsGroup",
    "BoardReport",
    "EquityDistribution",
    "EquityFeatures",
    "EquityResult",
    "HandClasses",
    "HandValue",
    "ManyEquity",
    "PlayerEquity",
    "QueryResult",
    "RangeHits",
    "RiverShares",
    "SplitGraph",
    "StreetShares",
    "VillainBeats",
]
# Result types that are not results of a computation: a game's description.
NOT_RESULTS = {"Game"}


def test_every_public_result_type_has_a_sample() -> None:
    public = {
        name
        for name in oe.__all__
        if inspect.isclass(getattr(oe, name)) and dataclasses.is_dataclass(getattr(oe, name))
    }
    assert public - NOT_RESULTS <= set(NAMES), public - NOT_RESULTS - set(NAMES)
    assert set(NAMES) == set(samples())


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_result_has_a_short_plain_repr(name: str) -> None:
    for result in samples()[name]:
        text = repr(result)
        assert len(text) < REPR_LIMIT, (name, len(text))
        assert text.startswith(type(result).__name__ + "(")


def _equal(a: Any, b: Any) -> bool:
    """Dataclass fields equal, arrays by value and dtype (NaN equal to NaN)."""
    for f in dataclasses.fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, np.ndarray):
            if x.dtype != y.dtype or not np.array_equal(x, y, equal_nan=x.dtype.kind == "f"):
                return False
        elif f.compare and x != y:
            return False
    return True


ROUND_TRIPS = [
    "EquityResult",
    "StreetShares",
    "RiverShares",
    "EquityDistribution",
    "EquityFeatures",
    "QueryResult",
]


@pytest.mark.parametrize("name", ROUND_TRIPS)
def test_a_result_comes_back_from_its_document(name: str) -> None:
    for result in samples()[name]:
        document = result.to_dict()
        through_json = json.loads(json.dumps(document, allow_nan=False))  # strict JSON
        for data in (document, through_json):
            back = type(result).from_dict(data)
            assert type(back) is type(result)
            assert _equal(back, result), name
        if isinstance(result, (oe.EquityResult, oe.QueryResult)):
            assert type(result).from_dict(through_json) == result


def test_nan_shares_come_back_as_nan() -> None:
    """A hero hand no villain hand can meet: NaN shares, written null."""
    r = oe.street_equity(BOARD, "AsAh2c2h, KsKh5c5d", "AsQsQcQd")
    assert np.isnan(r.hi_share[0]) and not np.isnan(r.hi_share[1])
    document = r.to_dict()
    assert document["hi_share"][0] is None
    back = oe.StreetShares.from_dict(json.loads(json.dumps(document)))
    assert np.isnan(back.hi_share[0]) and back.hi_share[1] == r.hi_share[1]


@pytest.mark.parametrize(
    "cls",
    [oe.EquityResult, oe.StreetShares, oe.EquityDistribution, oe.EquityFeatures, oe.QueryResult],
)
def test_a_document_that_is_not_one_is_refused_by_name(cls: Any) -> None:
    with pytest.raises(OmahaEvalTypeError) as info:
        cls.from_dict([1, 2])
    assert info.value.param == "data"
    with pytest.raises(OmahaEvalError, match="needs") as info:
        cls.from_dict({})
    assert info.value.param == "data"


def test_card_ids_out_of_the_deck_are_refused() -> None:
    document = samples()["StreetShares"][0].to_dict()
    document["hero_combos"][0][0] = 52
    with pytest.raises(OmahaEvalError, match=r"card ids 0\.\.51") as info:
        oe.StreetShares.from_dict(document)
    assert info.value.param == "data['hero_combos']"


def test_a_field_the_type_does_not_have_is_refused() -> None:
    document = samples()["EquityResult"][1].to_dict()
    with pytest.raises(OmahaEvalError, match="no field colour"):
        oe.EquityResult.from_dict({**document, "colour": "red"})
