"""Batch files: spots read from CSV or JSON Lines, results appended to CSV or
JSON Lines (each by its extension), and the ids already done on a resume.

JSON Lines: one document per spot, ``EquityResult.to_dict()`` with ``id``,
``status`` ("ok" or "error") and ``error`` added.  CSV: the same flattened,
one row per spot, the columns made from the results' fields (csv_header).
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

from omaha_eval.batch.spots import is_missing, spot_players
from omaha_eval.engine.results import EquityResult, PlayerEquity
from omaha_eval.errors import OmahaEvalError

__all__ = ["FORMATS", "Output", "csv_header", "csv_row", "read_spots"]

FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}

# CSV columns before the per-player ones, and per player after p{i}_: the
# fields of the results, in their order.
CSV_LEAD = ("id", "status", "error", *(f.name for f in fields(EquityResult) if f.name != "players"))
CSV_PLAYER = tuple(f.name for f in fields(PlayerEquity))


def csv_header(n_players: int) -> list[str]:
    """CSV columns for spots of up to n_players players."""
    columns = list(CSV_LEAD)
    for i in range(1, n_players + 1):
        columns += [f"p{i}_{name}" for name in CSV_PLAYER]
    return columns


def csv_row(record: Mapping[str, Any]) -> dict[str, Any]:
    """A batch record (JSON form) flattened to the CSV columns."""
    row = {k: record.get(k) for k in CSV_LEAD if k in record}
    for i, player in enumerate(record.get("players", ()), start=1):
        if isinstance(player, str):  # error entries keep the players as typed
            row[f"p{i}_hand"] = player
            continue
        for name in CSV_PLAYER:
            row[f"p{i}_{name}"] = player[name]
    return {k: "" if v is None else v for k, v in row.items()}


def file_format(path: Path, name: str) -> str:
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise OmahaEvalError(
            f"{name}: {str(path)!r} is neither .csv nor .jsonl (JSON Lines; also .ndjson)"
        )
    return fmt


def read_spots(path: str | os.PathLike[str]) -> list[Any]:
    """The rows of a CSV or JSON Lines file of spots (format by extension).

    Returns one dict per spot; a line that cannot be parsed comes back as an
    OmahaEvalError in its place, so it becomes that row's error entry."""
    path = Path(path)
    fmt = file_format(path, "INPUT")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise OmahaEvalError(f"INPUT: cannot read {str(path)!r}: {exc}") from None
    rows: list[Any] = []
    if fmt == "csv":
        reader = csv.DictReader(io.StringIO(text))
        if reader.fieldnames is None:
            return rows
        for cells in reader:
            if None in cells:
                rows.append(
                    OmahaEvalError(f"row {len(rows) + 1}: more cells than the header's columns")
                )
            elif any(not is_missing(v) for v in cells.values()):
                rows.append({k: v for k, v in cells.items() if not is_missing(v)})
        return rows
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            rows.append(OmahaEvalError(f"line {number}: not JSON ({exc.msg}): {line[:60]!r}"))
    return rows


def max_players(rows: list[Any]) -> int:
    """The most players of any readable row (at least 2): the CSV's width."""
    most = 2
    for raw in rows:
        if isinstance(raw, Mapping):
            try:
                most = max(most, len(spot_players(raw.get("players"))))
            except OmahaEvalError:
                pass
    return most


class Output:
    """The output file: the ids already in it (read when made), then
    `open()` to append, each record flushed as soon as it is written."""

    def __init__(self, path: Path, n_players: int) -> None:
        self.path = path
        self.format = file_format(path, "OUTPUT")
        self.done: set[str] = set()
        self._drop_partial_line()
        self.exists = path.exists() and path.stat().st_size > 0
        self.columns = csv_header(n_players)
        if self.exists:
            self._read_done()

    def open(self) -> None:
        """Open for appending (creating the file, and a CSV's header)."""
        try:
            self.file = self.path.open("a", encoding="utf-8", newline="")
        except OSError as exc:
            raise OmahaEvalError(f"OUTPUT: cannot write {str(self.path)!r}: {exc}") from None
        if self.format == "csv":
            self.writer = csv.DictWriter(
                self.file, self.columns, extrasaction="ignore", lineterminator="\n"
            )
            if not self.exists:
                self.writer.writeheader()
                self.file.flush()

    def _drop_partial_line(self) -> None:
        """A run killed mid-write leaves a last line without its newline:
        cut it, so that spot is run again."""
        if not self.path.exists():
            return
        with self.path.open("rb+") as f:
            data = f.read()
            if data and not data.endswith(b"\n"):
                f.truncate(data.rfind(b"\n") + 1)

    def _read_done(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        if self.format == "jsonl":
            for number, line in enumerate(text.splitlines(), start=1):
                if not line.strip():
                    continue
                try:
                    self.done.add(str(json.loads(line)["id"]))
                except (json.JSONDecodeError, KeyError, TypeError):
                    raise OmahaEvalError(
                        f"OUTPUT: line {number} of {str(self.path)!r} is not a batch result; "
                        "give a new OUTPUT or remove that line"
                    ) from None
            return
        reader = csv.DictReader(io.StringIO(text))
        header = list(reader.fieldnames or ())
        players = (len(header) - len(CSV_LEAD)) // len(CSV_PLAYER)
        if header != csv_header(players):
            raise OmahaEvalError(
                f"OUTPUT: {str(self.path)!r} is not a batch result CSV (its header differs)"
            )
        if len(header) < len(self.columns):
            raise OmahaEvalError(
                f"OUTPUT: {str(self.path)!r} has columns for {players} players, INPUT has "
                "spots with more; give a new OUTPUT"
            )
        self.columns = header
        self.done = {row["id"] for row in reader}

    def write(self, record: Mapping[str, Any]) -> None:
        if self.format == "csv":
            self.writer.writerow(csv_row(record))
        else:
            self.file.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.file.flush()

    def close(self) -> None:
        if hasattr(self, "file"):
            self.file.close()
