"""Input read once (issue 38, item 2): a player's text is shaped once before
it is parsed, a query's text is parsed once by the command and by the web
(they read the prepared run's statements), and the web leaves a spot's
board and dead cards to the run, which names the field of their errors."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner

import omaha_eval as oe
from omaha_eval.cli import main
from omaha_eval.engine import players as players_module
from omaha_eval.engine.players import card_terms, hole_size, text_shape
from omaha_eval.pql import syntax

QUERY = "select avg(equity(hero, river)) from hero='AsAh2c3d', villain='KsKh4c5d' ;\n" * 2


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> Counter[str]:
    calls: Counter[str] = Counter()
    real = getattr(module, name)

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        calls[text] += 1
        return real(text, *args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize(
    "text",
    ["AsAh2c3d", "As Ah 2c 3d 4d", "*", " ** ", "AA:$ds, KK", "AsAh2c3d, KsKh4c5d", "15%", "Kx"],
)
def test_a_text_s_shape_is_what_the_readers_found_before(text: str) -> None:
    shape = text_shape(text)
    assert shape.random == players_module.is_random_text(text)
    assert shape.terms == card_terms(text)
    assert shape.cards == (0 if shape.random else oe.cards.card_count(text))
    assert hole_size(text, shape) == hole_size(text)


def test_each_player_s_text_is_counted_once_before_it_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Monte Carlo with a range: not the small path, every player read in Python
    given = ["AsAh2c3d", "KK:$ds", "*"]
    want = oe.equity(given, "Qd7h2d", trials=2000, seed=1, threads=1)
    calls = _counting(monkeypatch, players_module, "card_count")
    got = oe.equity(given, "Qd7h2d", trials=2000, seed=1, threads=1)
    assert [p.equity for p in got.players] == [p.equity for p in want.players]
    assert calls == Counter({"AsAh2c3d": 1, "KK:$ds": 1})  # stars: never counted


def _parsers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts a query parser is made for (every parse of query text,
    wherever parse was imported, makes one)."""
    made: list[str] = []

    class Counted(syntax.Parser):
        def __init__(self, text: str) -> None:
            made.append(text)
            super().__init__(text)

    monkeypatch.setattr(syntax, "Parser", Counted)
    return made


def test_the_query_command_parses_the_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _parsers(monkeypatch)
    out = CliRunner().invoke(main, ["query", QUERY, "--trials", "2000", "--seed", "3"])
    assert out.exit_code == 0, out.output
    assert made == [QUERY]


def test_the_web_parses_a_query_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from omaha_eval.web.app import create_app

    made = _parsers(monkeypatch)
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        answer = client.post("/api/query", json={"text": QUERY, "trials": 2000, "seed": 3})
    assert answer.status_code == 200, answer.text
    assert answer.json()["statements"] == 2
    assert made == [QUERY]


@pytest.mark.parametrize(
    ("field", "text"), [("board", "Qd7h2d9c8c3s"), ("board", "QdQd"), ("dead", "AsZz")]
)
def test_the_web_names_the_field_of_a_bad_board_or_dead_card(field: str, text: str) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from omaha_eval.web.app import create_app

    body = {"players": ["AsAh2c3d", "KsKh4c5d"], field: text}
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        for path in ("/api/equity", "/api/boards"):
            answer = client.post(path, json=body)
            assert answer.status_code == 422, answer.text
            assert answer.json()["field"] == field


BOARD_SPOT = {"players": ["AsAh2c3d", "KsKh4c5d"], "board": "Qd7h2d"}


def _spot_reads(monkeypatch: pytest.MonkeyPatch) -> tuple[Counter[str], Counter[str]]:
    """The counts of each player's text shaped (engine/players.py) and of
    each card text parsed (the board's, by _checks.card_set)."""
    import omaha_eval._checks as checks

    return _counting(monkeypatch, players_module, "card_count"), _counting(
        monkeypatch, checks, "parse_cards"
    )


def test_the_web_reads_a_board_report_s_spot_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from omaha_eval.web.app import create_app

    want = oe.board_report(BOARD_SPOT["players"], BOARD_SPOT["board"]).to_dict()["rows"]
    shaped, parsed = _spot_reads(monkeypatch)
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        answer = client.post("/api/boards", json=BOARD_SPOT)
    assert answer.status_code == 200, answer.text
    assert shaped == Counter({"AsAh2c3d": 1, "KsKh4c5d": 1})
    assert parsed["Qd7h2d"] == 1
    assert answer.json()["rows"] == want


def test_the_board_command_reads_its_spot_once(monkeypatch: pytest.MonkeyPatch) -> None:
    shaped, parsed = _spot_reads(monkeypatch)
    args = ["boards", *BOARD_SPOT["players"], "--board", BOARD_SPOT["board"], "--quiet", "--csv"]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    assert shaped == Counter({"AsAh2c3d": 1, "KsKh4c5d": 1})
    assert parsed["Qd7h2d"] == 1


def test_a_prepared_board_report_runs_as_board_report_does() -> None:
    from omaha_eval.study.boards.board_report import prepare_board_report

    spot = (["AsAh2c3d", "KK:$ds"], "Qd7h2d")
    options = {"exact": False, "trials": 400, "seed": 5, "threads": 1}
    want = oe.board_report(*spot, **options).to_dict()
    seen: list[int] = []
    got = prepare_board_report(*spot, **options).run(lambda partial: seen.append(len(partial)))
    assert {**got.to_dict(), "elapsed": None} == {**want, "elapsed": None}
    assert seen and seen[-1] == len(got)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"board": "Qd7h2d9c8c"}, "board"),  # a river: no next street
        ({"players": ["AsAh2c3d", "KsKh4cXx"]}, "players[1]"),
        ({"players": ["AsAh2c3d", "KsKh4c5d"], "dead": "As"}, None),  # a card twice
    ],
)
def test_a_board_report_s_bad_input_is_refused_before_the_job_starts(
    body: dict[str, Any], field: str | None
) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from omaha_eval.web.app import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        answer = client.post("/api/jobs/boards", json={**BOARD_SPOT, **body})
    assert answer.status_code == 422, answer.text  # not a job that fails later
    want = oe.OmahaEvalError
    with pytest.raises(want) as raised:
        spot = {**BOARD_SPOT, **body}
        oe.board_report(spot["players"], spot["board"], spot.get("dead", ""))
    assert answer.json()["field"] == (field or raised.value.param)


SPLIT_SPOT = {"players": ["AsAh2c3d, KsKh4c5d", "QcQd7c8d"], "board": "Jd4d8c"}


def test_the_web_reads_a_split_graph_s_spot_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from omaha_eval.web.app import create_app

    hero, villain = SPLIT_SPOT["players"]
    want = oe.split_graph(hero, villain, SPLIT_SPOT["board"])
    shaped, parsed = _spot_reads(monkeypatch)
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        answer = client.post("/api/split", json=SPLIT_SPOT)
    assert answer.status_code == 200, answer.text
    # each text (and each term of the hero's range) shaped once
    assert shaped[hero] == shaped[villain] == 1 and set(shaped.values()) == {1}
    assert parsed["Jd4d8c"] == 1
    assert answer.json()["columns"]["equity"] == sorted(want.equity.tolist(), reverse=True)


def test_a_prepared_split_graph_runs_as_split_graph_does() -> None:
    from omaha_eval.study.split import prepare_split_graph

    options = {"exact": False, "trials": 400, "seed": 5, "threads": 1}
    hero, villain = "AA:$ds", "KK:$ds"
    want = oe.split_graph(hero, villain, "Qd7h2d", **options).to_dict()
    seen: list[tuple[int, int]] = []
    got = prepare_split_graph(hero, villain, "Qd7h2d", **options).run(
        lambda done, total: seen.append((done, total))
    )
    assert {**got.to_dict(), "elapsed": None} == {**want, "elapsed": None}
    assert seen and seen[-1][0] == seen[-1][1] == len(got.combos)
