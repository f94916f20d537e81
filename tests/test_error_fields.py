"""Errors carry their field: ``param`` (the parameter, the player or "query")
and ``value`` (the input refused) are attributes, and every consumer (the
command line's flags, the query's caret, batch records) reads them, never the
message (issue 30, item 1)."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

import omaha_eval as oe
from omaha_eval import OmahaEvalError, batch
from omaha_eval.cli._shell import FLAGS, error_for_shell
from omaha_eval.errors import describe

ROOT = Path(__file__).resolve().parents[1]
HERO, VILLAIN = "AsAh2c3d", "KsKd7h8h"


def raised(call: object) -> OmahaEvalError:
    with pytest.raises(OmahaEvalError) as caught:
        call()  # type: ignore[operator]
    return caught.value


@pytest.mark.parametrize(
    ("call", "param", "value"),
    [
        (lambda: oe.equity([HERO, VILLAIN], board="Ks8d3cQ"), "board", "Ks8d3cQ"),
        (lambda: oe.equity([HERO, VILLAIN], trials=-1), "trials", -1),
        (lambda: oe.equity([HERO, VILLAIN], target_stderr=-0.5), "target_stderr", -0.5),
        (lambda: oe.equity([HERO, VILLAIN], game="stud"), "game", "stud"),
        (lambda: oe.equity([HERO]), "players", [HERO]),
        (lambda: oe.equity([HERO, "KK!!"]), "players[1]", "KK!!"),
        (lambda: oe.equity([HERO, "AsKd7h8h"]), "players[1]", None),  # a card in both
        (lambda: oe.Range("AA@x"), None, None),
        (lambda: oe.evaluate("AsAh2c", "Ks8d3c"), "hole", None),
    ],
)
def test_errors_name_their_parameter_and_carry_the_input(
    call: object, param: str | None, value: object
) -> None:
    error = raised(call)
    if param is not None:
        assert error.param == param
        assert str(error).startswith(f"{param}: ")  # the text and the attribute agree
    if value is not None:
        assert error.value == value


def test_the_message_is_the_param_then_the_detail() -> None:
    error = OmahaEvalError("expected 3 to 5 cards", param="board", value="Ks")
    assert (str(error), error.detail, error.value) == (
        "board: expected 3 to 5 cards",
        "expected 3 to 5 cards",
        "Ks",
    )
    assert str(OmahaEvalError("no field")) == "no field"


def test_errors_keep_their_fields_through_pickling() -> None:
    # process pools and Dask workers send errors back pickled
    for error in (
        OmahaEvalError("bad", param="seed", value=-3),
        oe.OmahaEvalTypeError("bad type", param="trials", value="x"),
        raised(lambda: oe.query("select count(winsHi(hero)) from hero='AA**' villain")),
    ):
        copy = pickle.loads(pickle.dumps(error))
        assert (type(copy), str(copy), copy.param, copy.value) == (
            type(error),
            str(error),
            error.param,
            error.value,
        )


def test_the_command_line_names_the_flag_from_the_attribute_not_the_text() -> None:
    # a message reworded at will keeps its flag
    error = OmahaEvalError("any words at all: even with colons", param="target_stderr")
    assert error_for_shell(error) == "--target-stderr: any words at all: even with colons"
    assert error_for_shell(OmahaEvalError("x", param="players[2]")) == "player 3: x"
    assert FLAGS["board"] == "--board"


def test_batch_records_take_the_field_from_the_attribute() -> None:
    [result] = batch.run([{"id": "bad", "players": [HERO, "KK!!"]}])
    error = raised(lambda: oe.equity([HERO, "KK!!"]))
    assert result.record["error"] == describe(error)
    assert result.record["error"].startswith("player 2: ")


def test_query_errors_point_at_the_binding_their_param_names() -> None:
    text = "select count(winsHi(hero)) from hero='AsAh2c3d', villain='AsKd7h8h'"
    error = raised(lambda: oe.query(text))
    assert error.param == "query"
    assert error.column == (1, text.index("'AsKd7h8h'") + 1)  # type: ignore[attr-defined]


# Reading an error's text to find what it is about: the patterns it took.
PARSES = re.compile(
    r"str\((?:exc|error|err|e)\)\s*\.\s*(?:split\(\s*[^)\s]|partition|rpartition|startswith|replace)"
    r"|(?:message|text)\.split\(\s*[\"']:[\"']"
    r"|message\.startswith\("
    r"|re\.\w+\([^)]*message"
)


def test_no_code_parses_an_error_message() -> None:
    found = []
    for path in sorted((ROOT / "omaha_eval").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PARSES.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


# Changing an error after it is raised (its param renamed for a field), or
# raising a new one from another's text (a record's "error", str(exc)).
RENAMES = re.compile(r"\b(?:exc|error|err|e|failure)\.(?:param|detail|value)\s*=[^=]")
REBUILDS = re.compile(r"OmahaEvalError\(\s*(?:str\(|\w+\[\"error\"\]|\w+\.message\b)")


def test_no_code_renames_or_rebuilds_an_error() -> None:
    found = []
    for path in sorted((ROOT / "omaha_eval").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if RENAMES.search(line) or REBUILDS.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_web_shows_an_error_at_its_field_as_it_was_raised() -> None:
    pytest.importorskip("starlette")
    from omaha_eval.web.bodies import FieldError, error_dict
    from omaha_eval.web.work import field

    raised = OmahaEvalError("no such hand", param="range", value="ZZ")
    with pytest.raises(FieldError) as info, field("players[1]"):
        raise raised
    assert info.value.error is raised and raised.param == "range"  # the error itself, unchanged
    assert error_dict(info.value) == {"error": "range: no such hand", "field": "players[1]"}
