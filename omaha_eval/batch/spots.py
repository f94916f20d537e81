"""Batch spots: the fields a spot may carry, checked and normalised.

A spot is a mapping with the fields of SPOT_FIELDS; only ``players`` is
required.  The cards and players themselves are read by the engine, as for
every entry point (omaha_eval.engine.players); this module checks the
fields around them and gives each spot its id and seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from omaha_eval._checks import MAX_PLAYERS, is_int, quote
from omaha_eval.engine import spot_seed
from omaha_eval.engine.players import check_count
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, describe
from omaha_eval.games import game as read_game
from omaha_eval.records import spot_record

__all__ = [
    "PLAYER_SEPARATOR",
    "SPOT_FIELDS",
    "Spot",
    "check_spots",
    "error_record",
    "is_missing",
    "one_line",
    "spot_id",
    "spot_seed",
]

SPOT_FIELDS = (
    "id",
    "players",
    "board",
    "dead",
    "trials",
    "exact",
    "seed",
    "target_stderr",
    "game",
    "hole_cards",
    "strict",
)
PLAYER_SEPARATOR = "|"  # between players in one text field (ranges use commas)


@dataclass(frozen=True)
class Spot:
    """A checked spot: plain values ready for ``equity()``."""

    id: str
    players: tuple[str, ...]
    board: str
    dead: str
    trials: int | None
    exact: bool | None
    seed: int
    target_stderr: float | None
    game: str
    hole_cards: int | None
    strict: bool = False  # text that looks like cards but is a pattern: an error


def is_missing(value: Any) -> bool:
    """Empty CSV cells, JSON nulls and pandas NaN all mean 'not given'."""
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    if type(value).__name__ == "NAType":  # pandas.NA, without importing pandas
        return True
    return isinstance(value, (float, np.floating)) and value != value


def one_line(text: str) -> str:
    """A message on one line: its first (range errors add the text with a
    caret under the bad spot below; the first line names the column)."""
    lines = str(text).strip().splitlines() or [""]
    return " ".join(lines[0].split())


def _int(value: Any, name: str, minimum: int) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # pandas turns integer columns with blanks into floats
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise OmahaEvalError(
                f"expected an integer, got {quote(value)}", param=name, value=value
            ) from None
    if not is_int(value):
        raise OmahaEvalTypeError(
            f"expected an integer, got {quote(value)}", param=name, value=value
        )
    if int(value) < minimum:
        raise OmahaEvalError(
            f"expected an integer >= {minimum}, got {quote(value)}", param=name, value=value
        )
    return int(value)


def _bool(value: Any, name: str) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "y"):
        return True
    if text in ("0", "false", "no", "n"):
        return False
    raise OmahaEvalError(f"expected true or false, got {quote(value)}", param=name, value=value)


def _float(value: Any, name: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise OmahaEvalError(
            f"expected a number, got {quote(value)}", param=name, value=value
        ) from None
    if not number > 0 or number == float("inf"):
        raise OmahaEvalError(
            f"expected a positive number, got {quote(value)}", param=name, value=value
        )
    return number


def _cards_text(value: Any, name: str) -> str:
    if is_missing(value):
        return ""
    if not isinstance(value, str):
        raise OmahaEvalTypeError(f"expected card text, got {quote(value)}", param=name, value=value)
    return value.strip()


def spot_players(value: Any) -> tuple[str, ...]:
    """Players of a spot: a list of hand or range texts, or one text with the
    players separated by '|'."""
    if is_missing(value):
        raise OmahaEvalError(f"missing (give 2 to {MAX_PLAYERS} hands or ranges)", param="players")
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(PLAYER_SEPARATOR)]
    elif isinstance(value, (list, tuple)):
        if not all(isinstance(p, str) for p in value):
            raise OmahaEvalTypeError(
                f"expected hand or range texts, got {quote(value)}", param="players", value=value
            )
        parts = [p.strip() for p in value]
    else:
        raise OmahaEvalTypeError(
            f"expected a list of hands or one text with '|' between them, got {quote(value)}",
            param="players",
            value=value,
        )
    if any(not p for p in parts):
        raise OmahaEvalError(f"an empty player in {quote(value)}", param="players", value=value)
    check_count(value, len(parts))
    return tuple(parts)


def spot_id(value: Any, row: int) -> str:
    """The id of a spot (text; a missing id becomes the row number)."""
    if is_missing(value):
        return str(row)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, (str, int, np.integer)):
        raise OmahaEvalTypeError(
            f"expected text or an integer, got {quote(value)}", param="id", value=value
        )
    try:
        return str(value).strip()
    except ValueError:  # an integer of more digits than Python writes out
        raise OmahaEvalError(
            f"an integer too long to be an id, got {quote(value)}", param="id", value=value
        ) from None


def check_spot(raw: Any, row: int, batch_seed: int) -> Spot:
    """A spot (a mapping with SPOT_FIELDS) checked and normalised; `row`
    (1-based) names it in messages and is the id when none is given."""
    if not isinstance(raw, Mapping):
        raise OmahaEvalTypeError(
            f"row {row}: expected an object with spot fields, got {quote(raw)}"
        )
    unknown = sorted(set(raw) - set(SPOT_FIELDS), key=str)
    if unknown:
        raise OmahaEvalError(
            f"row {row}: unknown field {quote(unknown[0])}; fields are {', '.join(SPOT_FIELDS)}"
        )

    def given(name: str) -> bool:
        return not is_missing(raw.get(name))

    the_id = spot_id(raw.get("id"), row)
    return Spot(
        id=the_id,
        players=spot_players(raw.get("players")),
        board=_cards_text(raw.get("board"), "board"),
        dead=_cards_text(raw.get("dead"), "dead"),
        trials=_int(raw["trials"], "trials", 1) if given("trials") else None,
        exact=_bool(raw["exact"], "exact") if given("exact") else None,
        seed=_int(raw["seed"], "seed", 0) if given("seed") else spot_seed(batch_seed, the_id),
        target_stderr=_float(raw["target_stderr"], "target_stderr")
        if given("target_stderr")
        else None,
        game=read_game(raw["game"]).name if given("game") else "omaha8",
        hole_cards=_int(raw["hole_cards"], "hole_cards", 1) if given("hole_cards") else None,
        strict=_bool(raw["strict"], "strict") if given("strict") else False,
    )


# Characters of a bad spot's field its error entry holds at most (a longer
# text is cut, saying how long it was: a 400 MB field is not copied out).
ERROR_FIELD = 1_000


def _shown(value: Any) -> str:
    """A field of a bad spot as its error entry holds it: text as given (cut
    to ERROR_FIELD characters), anything else as quote() shows it (which
    never fails: a list nested too deep, an integer too long to write out)."""
    if not isinstance(value, str):
        return one_line(quote(value, limit=200))
    if len(value) > ERROR_FIELD:
        value = f"{value[:ERROR_FIELD]}... ({len(value):,} characters)"
    return one_line(value)


def error_record(spot_id: str, raw: Any, message: str, status: str = "error") -> dict[str, Any]:
    """An entry without figures: the status ("error" for bad input, "failed"
    for an internal error, "interrupted"), the message and the spot's fields
    as given."""
    raw = raw if isinstance(raw, Mapping) else {}
    players = raw.get("players")
    if isinstance(players, str):
        players = [_shown(p.strip()) for p in players.split(PLAYER_SEPARATOR)]
    elif isinstance(players, (list, tuple)):
        players = [_shown(p) for p in players]
    else:
        players = [] if is_missing(players) else [_shown(players)]
    record = spot_record(spot_id, status, one_line(message))
    for name in ("board", "dead", "game"):
        value = raw.get(name)
        record[name] = "" if is_missing(value) else _shown(value)
    record["players"] = players
    return record


def check_spots(
    rows: Iterable[Any], batch_seed: int, defaults: Mapping[str, Any] | None
) -> tuple[list[Spot], list[tuple[str, dict[str, Any]]]]:
    """Checked spots ready to run, and (id, error record) for the rows that
    are not.  Duplicate ids are refused before anything runs: a resumed run
    skips spots by id."""
    ready: list[Spot] = []
    failed: list[tuple[str, dict[str, Any]]] = []
    first_row: dict[str, int] = {}
    for row, raw in enumerate(rows, start=1):
        if isinstance(raw, Mapping) and defaults:
            raw = {**defaults, **{k: v for k, v in raw.items() if not is_missing(v)}}
        the_id = row_id(raw, row)
        if the_id in first_row:
            raise OmahaEvalError(
                f"{the_id!r} is on rows {first_row[the_id]} and {row}; "
                "ids must be unique (a resumed run skips spots by id)",
                param="id",
            )
        first_row[the_id] = row
        try:
            if isinstance(raw, OmahaEvalError):  # a line the reader could not parse
                raise raw
            ready.append(check_spot(raw, row, batch_seed))
        except OmahaEvalError as exc:
            failed.append((the_id, error_record(the_id, raw, describe(exc))))
    return ready, failed


def row_id(raw: Any, row: int) -> str:
    """The id of a row, or its row number when it has no readable id."""
    try:
        return spot_id(raw.get("id") if isinstance(raw, Mapping) else None, row)
    except OmahaEvalError:
        return str(row)
