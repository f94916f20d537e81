"""Every public result comes back from its document: ``type(r).from_dict(
r.to_dict()) == r``, through JSON text too (NaN written null), and every
public result type's plain repr stays short (under REPR_LIMIT characters,
arrays as their shape and dtype), however large the result.  Every class of
the package with a ``to_dict`` is found by walking the package: one without
``from_dict`` (or without a sample here) fails."""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import json
import pkgutil
import threading
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval._reprs import REPR_LIMIT
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.preflop import ExactPreflop, exact_vs_random
from omaha_eval.study.boards.columns import board_columns
from omaha_eval.study.boards.report import BoardReportInterrupted
from omaha_eval.study.table.columns import columns_json

BOARD = "Jd 4d 3c"
TURN = BOARD + " 8h"


@functools.cache
def _big() -> oe.EquityResult:
    return oe.equity(["AsAh2c3d", "KsKh4c5d", *["*"] * 8], BOARD, trials=2_000, seed=1)


@functools.cache
def _beats() -> oe.Beats:
    return oe.beats("AsAh2c3d", ["15%", "*"], BOARD)


def _many() -> oe.ManyEquity:
    deals = np.array([np.random.default_rng(i).permutation(52)[:13] for i in range(500)])
    return oe.equity_many(deals[:, :8].reshape(500, 2, 4), deals[:, 8:])


def _reports() -> list[oe.BoardReport]:
    report = oe.board_report(["As2sJd9h", "KcKd7c6h"], board="Ks8d3c")
    sampled = oe.board_report(["As2sKd3h", "15%"], board="3c8dKs", trials=300, seed=2)
    stop = threading.Event()
    stop.set()
    try:  # stopped before its first row: no rows, interrupted
        oe.board_report(["As2sJd9h", "KcKd7c6h"], board="Ks8d3c", stop=stop)
    except BoardReportInterrupted as stopped:
        empty = stopped.report
    return [report, report.group("suits"), sampled, empty]


def _hits() -> list[oe.RangeHits]:
    flops = oe.range_hits("AsAh2c3d")  # every flop: a row per class of flops
    return [oe.range_hits("15%", BOARD), oe.range_hits("A2**", TURN), flops, flops.group("suits")]


QUERY = (
    "select count(scoops(hero)) as " + "a_long_name_" * 30 + ", avg(riverEquity(hero)), "
    "histogram(hiRating(hero, river)) from hero='A2**', villain='15%', "
    "board='Jd4d3c'"
)
# Large results of each public result type, by type name: built when a test
# asks for them (sample()), once.
BUILDERS: dict[str, Any] = {
    "EquityResult": lambda: [_big(), oe.equity(["AsAh2c3d", "KsKh4c5d"], BOARD + " 8h")],
    "PlayerEquity": lambda: list(_big().players),
    "StreetShares": lambda: [oe.street_equity(TURN, "AA**", oe.Range("KK, QQ@0.5"))],
    "RiverShares": lambda: [oe.river_shares(BOARD + " Qd 5h", "A***", "KK")],
    "EquityDistribution": lambda: [oe.equity_distribution("A***", "KK", board=BOARD + " 8h")],
    "EquityFeatures": lambda: [oe.equity_features(TURN, "AA**", "KK")],
    "QueryResult": lambda: [oe.query(QUERY, trials=2_000, seed=1)],
    "BoardReport": _reports,
    "HandClasses": lambda: [oe.hand_classes(BOARD, "A***")],
    "ManyEquity": lambda: [_many()],
    "HandValue": lambda: [oe.evaluate("AdKd3s2s", "Jd4d3cQd5h")],
    "Beats": lambda: [_beats()],
    "VillainBeats": lambda: list(_beats().villains),
    "BeatsGroup": lambda: [g for v in _beats().villains for g in v.high + v.low],
    "RangeHits": _hits,
    "SplitGraph": lambda: [oe.split_graph("AA**", ["KK**"], BOARD, trials=200, seed=1)],
    "RiverSolution": lambda: [
        oe.solve_river(
            BOARD + " Qd 5h", "AA:$ds@0.5, A2:$ds", "KK:$ds", pot=100, stack=150, max_iterations=20
        )
    ],
    "ExactPreflop": lambda: [
        exact_vs_random("As Ah 3s 2h"),
        exact_vs_random("KsKh4c5d", game="omaha"),
    ],
}


@functools.cache
def sample(name: str) -> list[Any]:
    """The sample results of type `name`."""
    return list(BUILDERS[name]())


NAMES = [
    "Beats",
    "ExactPreflop",
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
    "RiverSolution",
    "SplitGraph",
    "StreetShares",
    "VillainBeats",
]
# Result types that are not results of a computation: a game's description.
NOT_RESULTS = {"Game"}
# Classes with a to_dict that are parts of another result's document, read
# back by that result's from_dict: a query's column, a board's textures
# (derived from its cards).
PARTS = {"Column", "Texture", "StrategySummary"}  # and a solution's summary, derived from it
# What a document does not hold, by type: a one-board RangeHits' hands and
# their classes (range_hits() on the board gives them again).
NOT_WRITTEN = {"RangeHits": {"combos", "weights", "found"}}
# Card rows written as text: a board's flop high to low, a hand best card
# first (the order the cards were given in is not kept: compared as sets).
CARD_ROWS = {"known", "new", "combos"}


def classes_with_to_dict() -> dict[str, type]:
    """Every public class of the package that defines ``to_dict``, by name
    (protocols, which only describe one, left out)."""
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(oe.__path__, "omaha_eval."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        module = importlib.import_module(info.name)
        for name, cls in vars(module).items():
            if (
                inspect.isclass(cls)
                and cls.__module__ == info.name
                and not name.startswith("_")
                and "to_dict" in vars(cls)
                and not getattr(cls, "_is_protocol", False)
            ):
                found[name] = cls
    return found


def test_every_class_with_a_document_reads_it_back() -> None:
    """A class that writes a document reads it back (from_dict) and has a
    sample here, so the round trip below checks it."""
    found = classes_with_to_dict()
    assert {"BoardReport", "RangeHits", "SplitGraph", "Beats", "ExactPreflop"} <= set(found)
    results = {n: c for n, c in found.items() if n not in PARTS}
    assert [n for n, c in results.items() if "from_dict" not in vars(c)] == []
    assert set(results) <= set(NAMES), set(results) - set(NAMES)


def test_every_public_result_type_has_a_sample() -> None:
    public = {
        name
        for name in oe.__all__
        if inspect.isclass(getattr(oe, name)) and dataclasses.is_dataclass(getattr(oe, name))
    }
    assert public - NOT_RESULTS <= set(NAMES), public - NOT_RESULTS - set(NAMES)
    assert set(NAMES) == set(BUILDERS)


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_result_has_a_short_plain_repr(name: str) -> None:
    for result in sample(name):
        text = repr(result)
        assert len(text) < REPR_LIMIT, (name, len(text))
        assert text.startswith(type(result).__name__ + "(")


def _same(x: Any, y: Any, cards: bool) -> bool:
    """Values equal, arrays by value and dtype (NaN equal to NaN; card rows,
    `cards`, as sets), inside tuples and mappings too (a river solution's
    arrays per player and per node)."""
    if isinstance(x, np.ndarray):
        if cards:
            x, y = np.sort(x, axis=-1), np.sort(y, axis=-1)
        return x.dtype == y.dtype and np.array_equal(x, y, equal_nan=x.dtype.kind == "f")
    if isinstance(x, tuple) and any(isinstance(v, np.ndarray) for v in x):
        return len(x) == len(y) and all(_same(u, v, cards) for u, v in zip(x, y, strict=True))
    if isinstance(x, Mapping):
        return x.keys() == y.keys() and all(_same(x[k], y[k], cards) for k in x)
    return bool(x == y)


def _equal(a: Any, b: Any) -> bool:
    """Dataclass fields equal (_same), but the fields the document does not hold."""
    for f in dataclasses.fields(a):
        if f.name in NOT_WRITTEN.get(type(a).__name__, ()):
            continue
        x, y = getattr(a, f.name), getattr(b, f.name)
        if (isinstance(x, np.ndarray) or f.compare) and not _same(x, y, f.name in CARD_ROWS):
            return False
    return True


TYPES = {n: getattr(oe, n) for n in NAMES if n != "ExactPreflop"} | {"ExactPreflop": ExactPreflop}
# Every sampled type that writes a document and reads it back (PlayerEquity,
# VillainBeats and BeatsGroup are parts of EquityResult's and Beats').
ROUND_TRIPS = sorted(
    n for n, c in TYPES.items() if hasattr(c, "to_dict") and hasattr(c, "from_dict")
)


@pytest.mark.parametrize("name", ROUND_TRIPS)
def test_a_result_comes_back_from_its_document(name: str) -> None:
    for result in sample(name):
        document = result.to_dict()
        through_json = json.loads(json.dumps(document, allow_nan=False))  # strict JSON
        for data in (document, through_json):
            back = type(result).from_dict(data)
            assert type(back) is type(result)
            assert _equal(back, result), name
        if isinstance(result, (oe.EquityResult, oe.QueryResult, oe.Beats, ExactPreflop)):
            assert type(result).from_dict(through_json) == result


def test_the_round_trips_cover_the_new_readers() -> None:
    assert {"BoardReport", "RangeHits", "SplitGraph", "Beats", "ExactPreflop"} <= set(ROUND_TRIPS)


def test_a_board_report_reads_past_its_groups() -> None:
    """to_dict(groups=...) adds the rows grouped: derived, ignored."""
    report = sample("BoardReport")[0]
    document = json.loads(json.dumps(report.to_dict(groups="suits")))
    assert "groups" in document
    assert _equal(oe.BoardReport.from_dict(document), report)


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
    [
        oe.EquityResult,
        oe.StreetShares,
        oe.EquityDistribution,
        oe.EquityFeatures,
        oe.QueryResult,
        oe.BoardReport,
        oe.RangeHits,
        oe.SplitGraph,
        oe.Beats,
        ExactPreflop,
    ],
)
def test_a_document_that_is_not_one_is_refused_by_name(cls: Any) -> None:
    with pytest.raises(OmahaEvalTypeError) as info:
        cls.from_dict([1, 2])
    assert info.value.param == "data"
    with pytest.raises(OmahaEvalError, match="needs") as info:
        cls.from_dict({})
    assert info.value.param == "data"


def test_card_ids_out_of_the_deck_are_refused() -> None:
    document = sample("StreetShares")[0].to_dict()
    document["hero_combos"][0][0] = 52
    with pytest.raises(OmahaEvalError, match=r"card ids 0\.\.51") as info:
        oe.StreetShares.from_dict(document)
    assert info.value.param == "data['hero_combos']"


def test_a_field_the_type_does_not_have_is_refused() -> None:
    document = sample("EquityResult")[1].to_dict()
    with pytest.raises(OmahaEvalError, match="no field colour"):
        oe.EquityResult.from_dict({**document, "colour": "red"})


@pytest.mark.parametrize(
    ("name", "key", "param"),
    [
        ("BoardReport", "rows", "data['rows'][0]"),
        ("RangeHits", "data", "data['data']"),
        ("SplitGraph", "columns", "data['columns']"),
        ("Beats", "villains", "data['villains'][0]"),
        ("ExactPreflop", "counts", "data['counts']"),
    ],
)
def test_a_malformed_part_is_named(name: str, key: str, param: str) -> None:
    """A document whose part lacks what it needs: the error names the part."""
    result = sample(name)[0]
    document = json.loads(json.dumps(result.to_dict()))
    part = document[key]
    if isinstance(part, list):
        part[0] = {}
    elif key == "counts":
        document[key] = [1, 2]
    else:
        part.pop(next(iter(part)))
    with pytest.raises(OmahaEvalError) as info:
        type(result).from_dict(document)
    assert info.value.param.startswith(param), info.value.param


def test_a_bad_number_is_named_by_its_key() -> None:
    document = sample("SplitGraph")[0].to_dict()
    document["columns"]["equity"][0] = "lots"
    with pytest.raises(OmahaEvalError) as info:
        oe.SplitGraph.from_dict(document)
    assert info.value.param == "data['columns']['equity']"


def test_a_fraction_that_is_not_one_is_named() -> None:
    document = sample("ExactPreflop")[0].to_dict()
    document["exact_equity"] = "most"
    with pytest.raises(OmahaEvalError) as info:
        ExactPreflop.from_dict(document)
    assert info.value.param == "data['exact_equity']"


def test_the_column_wise_json_of_a_board_report_reads_back() -> None:
    """The boards command's --json (the run, then the columns, rounded:
    study/table/columns.py) gives the report back, every figure within the
    rounding the document states."""
    for report in sample("BoardReport"):
        run = report.to_dict(groups=None)
        run.pop("rows")
        back = oe.BoardReport.from_dict(json.loads(columns_json(board_columns(report), **run)))
        assert back.board_texts == report.board_texts and back.labels == report.labels
        assert np.array_equal(back.boards, report.boards)
        assert np.array_equal(back.trials, report.trials)
        for name in ("probability", "values", "deal"):
            x, y = getattr(back, name), getattr(report, name)
            errors = getattr(report, name + "_stderr" if name != "values" else "stderr")
            bound = np.maximum(errors / 10, 1e-8 * np.abs(y))  # sampled, or 9 digits
            assert np.all(np.abs(x - y) <= bound + 1e-15), name


def test_a_column_wise_board_report_missing_a_column_names_it() -> None:
    report = sample("BoardReport")[0]
    run = report.to_dict(groups=None)
    run.pop("rows")
    document = json.loads(columns_json(board_columns(report), **run))
    document["columns"].remove("p2_scoop")
    with pytest.raises(OmahaEvalError, match="p2_scoop") as info:
        oe.BoardReport.from_dict(document)
    assert info.value.param == "data['columns']"
