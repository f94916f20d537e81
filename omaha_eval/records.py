"""Result records: one owner of the record of a spot (`spot_record`: its
id, status and error, then its figures), of a result's document (its
figures, then its notes: `result_document`) and of the JSON and CSV forms
that batch files write, the command line prints (``--json``, ``--csv``) and
the web API answers.

Every JSON document the package writes (batch records, the command's
``--json``) goes through `json_text`: strict JSON, a figure that is NaN or
infinite written as null.  A CSV line is a record flattened, one column per
figure and per player (csv_header).
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any, Protocol

from omaha_eval.engine.results import BREAKDOWN_NAMES, EquityResult, PlayerEquity
from omaha_eval.errors import OmahaEvalError

__all__ = [
    "CSV_LEAD",
    "CSV_PLAYER",
    "RECORD_HEAD",
    "STATUSES",
    "csv_header",
    "csv_line",
    "csv_row",
    "csv_text",
    "json_ready",
    "json_text",
    "jsonl_line",
    "read_json",
    "result_document",
    "spot_record",
]

# A spot's record begins with these, whatever its status: "ok" (its figures
# follow), "interrupted" (the figures so far, if any), "error" (bad input:
# the spot as given follows) or "failed" (an internal error).
RECORD_HEAD = ("id", "status", "error")
STATUSES = ("ok", "interrupted", "error", "failed")


class Figures(Protocol):
    """A result that gives its figures as a JSON-ready dict (EquityResult,
    QueryResult)."""

    def to_dict(self) -> dict[str, Any]: ...


def result_document(result: Figures, notes: Sequence[str]) -> dict[str, Any]:
    """A result as the command line's ``--json`` and the web API give it:
    its figures (``to_dict()``), then its notes (in the words the caller
    shows them in)."""
    return {**result.to_dict(), "notes": list(notes)}


def spot_record(
    spot_id: str, status: str, error: str | None, *parts: Mapping[str, Any]
) -> dict[str, Any]:
    """The record of one spot, as batch outputs and the command line's
    ``--json``/``--csv`` hold it: RECORD_HEAD, then each of `parts` in
    order (a result's ``to_dict()``, the spot's fields as given, notes).

    >>> spot_record("aces", "error", "board: expected 3 to 5 cards", {"board": "Ks"})
    {'id': 'aces', 'status': 'error', 'error': 'board: expected 3 to 5 cards', 'board': 'Ks'}
    """
    if status not in STATUSES:
        raise ValueError(f"spot_record: status {status!r} is not one of {STATUSES}")
    record: dict[str, Any] = dict(zip(RECORD_HEAD, (spot_id, status, error), strict=True))
    for part in parts:
        record.update(part)
    return record


# CSV columns before the per-player ones, and per player after p{i}_: the
# fields of the results, in their order, the breakdown one column per name
# ("straight flush" -> p1_straight_flush; empty where a game has no low).
# The breakdown's "nut low" is the figure nut_low: one column, the figure's.
CSV_LEAD = (*RECORD_HEAD, *(f.name for f in fields(EquityResult) if f.name != "players"))
_BREAKDOWN_COLUMNS = {name: name.replace(" ", "_") for name in BREAKDOWN_NAMES}
CSV_PLAYER = tuple(
    dict.fromkeys(
        column
        for f in fields(PlayerEquity)
        for column in (_BREAKDOWN_COLUMNS.values() if f.name == "breakdown" else (f.name,))
    )
)

# What JSON Lines cannot carry raw: lone surrogates (not UTF-8) and the line
# breaks that str.splitlines() and some JSON Lines readers split on; JSON
# escapes the other control characters itself.
_JSONL_UNSAFE = re.compile("[\u0085\u2028\u2029\ud800-\udfff]")
# What a CSV line cannot carry: those, and every other line break.
_CSV_UNSAFE = re.compile("[\\\\\r\n\x0b\x0c\x1c\x1d\x1e\u0085\u2028\u2029\ud800-\udfff]")


def _escape(ch: re.Match[str]) -> str:
    return "\\\\" if ch[0] == "\\" else f"\\u{ord(ch[0]):04x}"


def json_ready(value: object) -> Any:
    """`value` with every float that is NaN or infinite (a standard error of
    one trial, say) replaced by None, inside dicts, lists and tuples too:
    what strict JSON (and a CSV cell) can hold.

    >>> json_ready({"stderr": [float("nan"), 0.5], "equity": float("inf")})
    {'stderr': [None, 0.5], 'equity': None}
    """
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(item) for item in value]
    return value


def json_text(document: object) -> str:
    """A JSON document as the package writes it: strict JSON (null, never
    NaN or Infinity), characters as they are (UTF-8, not escapes).

    >>> json_text({"hand": "A♠K♦", "stderr": float("nan")})
    '{"hand": "A♠K♦", "stderr": null}'
    """
    return json.dumps(json_ready(document), ensure_ascii=False, allow_nan=False)


def jsonl_line(record: Mapping[str, Any]) -> str:
    """One JSON Lines record: readable UTF-8 on one line."""
    return _JSONL_UNSAFE.sub(_escape, json_text(record)) + "\n"


def read_json(text: str) -> Any:
    """One JSON document, or OmahaEvalError saying why it cannot be read
    (the caller adds where): Python's JSON reader raises RecursionError on
    deep nesting and ValueError on an integer of too many digits."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        reason = f"not JSON ({exc.msg})"
    except RecursionError:
        reason = "nested too deep to read"
    except ValueError:  # int-from-text limit (sys.set_int_max_str_digits)
        most = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
        reason = f"an integer of more than {most} digits"
    raise OmahaEvalError(reason)


def csv_text(text: str) -> str:
    """A text cell as a CSV output holds it: on one line, in UTF-8 (backslash
    escapes); ids are compared in this form when a CSV output is resumed."""
    return _CSV_UNSAFE.sub(_escape, text)


def csv_header(n_players: int) -> list[str]:
    """CSV columns for spots of up to n_players players."""
    columns = list(CSV_LEAD)
    for i in range(1, n_players + 1):
        columns += [f"p{i}_{name}" for name in CSV_PLAYER]
    return columns


def csv_row(record: Mapping[str, Any]) -> dict[str, Any]:
    """A batch record (JSON form) flattened to the CSV columns (a result's
    notes in one cell, '; ' between them)."""
    row = {k: record.get(k) for k in CSV_LEAD if k in record}
    notes = row.get("notes")
    if isinstance(notes, list):
        row["notes"] = "; ".join(map(str, notes))
    for i, player in enumerate(record.get("players", ()), start=1):
        if isinstance(player, str):  # error entries keep the players as typed
            row[f"p{i}_hand"] = player
            continue
        for name, value in player.items():
            if name == "breakdown":
                for part, share in value.items():
                    row[f"p{i}_{_BREAKDOWN_COLUMNS[part]}"] = share
            else:
                row[f"p{i}_{name}"] = value
    row = json_ready(row)
    return {
        k: "" if v is None else csv_text(v) if isinstance(v, str) else v for k, v in row.items()
    }


def csv_line(columns: list[str], record: Mapping[str, Any]) -> str:
    """One record (JSON form) as a line of CSV under `columns` (csv_row's
    cells; the columns it lacks empty): how a batch output and
    ``omaha-eval equity --csv`` write a result."""
    buffer = io.StringIO()
    csv.DictWriter(buffer, columns, extrasaction="ignore", lineterminator="\n").writerow(
        csv_row(record)
    )
    return buffer.getvalue()
