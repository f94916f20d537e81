"""Batch files: spots read from CSV or JSON Lines, results appended to CSV or
JSON Lines (each by its extension), and what a resumed run must still do.

JSON Lines: one document per spot, ``EquityResult.to_dict()`` with ``id``,
``status`` and ``error`` added.  CSV: the same flattened, one row per spot,
the columns made from the results' fields (csv_header).

Nothing is lost: an output file is read and recognised as this program's
before anything in it changes; it is locked while a run writes it; every
record is one line (what JSON Lines or CSV cannot carry on one line, or in
UTF-8, is escaped) and is flushed when written; files are read back on
``"\\n"`` only.  Input files are read a line at a time: a line over
MAX_LINE bytes (a spot's fields, far more than any hand, range or board
needs) is that row's error, its text never held whole nor copied into the
output; an output file is recognised from its first line before the rest
is read.  A record's ``status`` says
whether its spot is done: "ok" and "error" (bad input, which a new run would
refuse again) are; "failed" (an internal error, e.g. out of memory) and
"interrupted" are not, and a resumed run replaces them.  A line of an output
that cannot be read, or with any other status, is refused with its number
(the file is left as it was): nothing is dropped unread.

The records' text (JSON and CSV lines) is omaha_eval/records.py's, which the
command line's ``--json`` and ``--csv`` use too.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import stat
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from omaha_eval._checks import quote
from omaha_eval.batch.spots import is_missing, spot_players
from omaha_eval.errors import OmahaEvalError, OutputFileError
from omaha_eval.records import (
    CSV_LEAD,
    CSV_PLAYER,
    csv_header,
    csv_line,
    csv_text,
    jsonl_line,
    read_json,
)

__all__ = [
    "AGAIN",
    "DONE",
    "FORMATS",
    "MAX_LINE",
    "Output",
    "read_spots",
    "read_text",
    "regular_file",
]

FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}
DONE = ("ok", "error")  # statuses a resumed run keeps
AGAIN = ("failed", "interrupted")  # statuses a resumed run replaces (it runs the spot again)
# Bytes of one line of an input file (a spot) at most, and of an output's
# first line read to recognise it: a range text is a few hundred characters
MAX_LINE = 1 << 20


def file_format(path: Path, name: str) -> str:
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise OmahaEvalError(
            f"{str(path)!r} is neither .csv nor .jsonl (JSON Lines; also .ndjson)", param=name
        )
    return fmt


@contextlib.contextmanager
def _no_field_limit(limit: int = 2**31 - 1) -> Iterator[None]:
    """csv's default 128 KiB cell limit lifted while a file is read (a cell
    as large as the input allows must read back), to `limit`."""
    before = csv.field_size_limit()
    csv.field_size_limit(min(sys.maxsize, limit))  # a C long on every platform
    try:
        yield
    finally:
        csv.field_size_limit(before)


def read_text(path: Path, name: str) -> str:
    regular_file(path, name)
    try:
        return path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise OmahaEvalError(
            f"{str(path)!r} is not UTF-8 text ({exc.reason} at byte {exc.start})", param=name
        ) from None
    except OSError as exc:
        raise OmahaEvalError(f"cannot read {str(path)!r}: {exc.strerror}", param=name) from None


def regular_file(path: Path, name: str) -> None:
    """Refuse what is not a file: a FIFO would block a read forever."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise OmahaEvalError(f"{str(path)!r} does not exist", param=name) from None
    except OSError as exc:
        raise OmahaEvalError(f"cannot read {str(path)!r}: {exc.strerror}", param=name) from None
    if not stat.S_ISREG(mode):
        raise OmahaEvalError(f"{str(path)!r} is not a regular file", param=name)


def _bounded_lines(file: IO[bytes], limit: int = MAX_LINE) -> Iterator[tuple[int, bytes | None]]:
    """(number, line) of each line of a file ("\\n" only), read a line at a
    time; a line over `limit` bytes is (number, None), its bytes skipped,
    never held whole."""
    number = 0
    while True:
        line = file.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and not line.endswith(b"\n"):
            while True:
                more = file.readline(1 << 16)
                if not more or more.endswith(b"\n"):
                    break
            yield number, None
        else:
            yield number, line


def _too_long(number: int) -> OmahaEvalError:
    return OmahaEvalError(
        f"line {number}: over the limit of {MAX_LINE:,} bytes for one line (a spot's "
        "fields need far less); the line was skipped"
    )


def _decoded(path: Path, number: int, line: bytes, offset: int) -> str:
    """A line of the input as text (the file's byte order mark dropped)."""
    try:
        return line.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        raise OmahaEvalError(
            f"{str(path)!r} is not UTF-8 text ({exc.reason} at byte {offset + exc.start})",
            param="INPUT",
        ) from None


def _input_lines(path: Path) -> Iterator[tuple[int, str | None]]:
    """(number, text) of each line of an input file, a line at a time
    (None: the line is over MAX_LINE)."""
    regular_file(path, "INPUT")
    try:
        file = path.open("rb")
    except OSError as exc:
        raise OmahaEvalError(f"cannot read {str(path)!r}: {exc.strerror}", param="INPUT") from None
    with file:
        offset = 0
        for number, line in _bounded_lines(file):
            if line is None:
                yield number, None
                continue
            yield number, _decoded(path, number, line, offset)
            offset += len(line)


def read_spots(path: str | os.PathLike[str]) -> list[Any]:
    """The rows of a CSV or JSON Lines file of spots (format by extension).

    Returns one dict per spot; a line that cannot be parsed, or is over
    MAX_LINE bytes, comes back as an OmahaEvalError in its place, so it
    becomes that row's error entry.  A CSV quote that could swallow the rows
    after it (never closed, or closed lines later across what look like
    rows) refuses the whole file.  The file is read a line at a time."""
    path = Path(path)
    fmt = file_format(path, "INPUT")
    if fmt == "csv":
        return _csv_spots(_input_lines(path))
    rows: list[Any] = []
    for number, line in _input_lines(path):  # "\n" only: JSON may hold U+2028
        if line is None:
            rows.append(_too_long(number))
            continue
        if not line.strip():
            continue
        try:
            rows.append(read_json(line))
        except OmahaEvalError as exc:
            rows.append(OmahaEvalError(f"line {number}: {exc}: {line[:60]!r}"))
    return rows


class _Lines:
    """The lines of a file for csv.reader (split as a text file with
    newline="" splits them), knowing when the last was read (a reader that
    fails there ran out of text inside a quote); a line over MAX_LINE is
    read as a blank one and its error kept in `skipped`."""

    def __init__(self, lines: Iterator[tuple[int, str | None]]) -> None:
        self._lines = self._split(lines)
        self.ended = False
        self.skipped: list[OmahaEvalError] = []

    def _split(self, lines: Iterator[tuple[int, str | None]]) -> Iterator[str]:
        for number, line in lines:
            if line is None:
                self.skipped.append(_too_long(number))
                yield "\n"
            else:
                yield from io.StringIO(line, newline="")

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        try:
            return next(self._lines)
        except StopIteration:
            self.ended = True
            raise


_LINE_BREAK = re.compile("\r\n|\r|\n")


def _holds_rows(cell: str, columns: int) -> bool:
    """Whether a cell's lines after its first look like rows of their own
    (they hold the delimiter, or any line does in a one-column file): the
    mark of a quote left open, closed only lines later."""
    inner = _LINE_BREAK.split(cell)[1:]
    return any(columns == 1 or "," in line for line in inner)


def _csv_spots(text: Iterator[tuple[int, str | None]]) -> list[Any]:
    """read_spots for CSV: the header, then a dict of the given cells per
    row (blank rows skipped); a row the reader refuses is an error entry."""
    lines = _Lines(text)
    reader = csv.reader(lines, strict=True)  # strict: a quote open at the end is an error
    header: list[str] | None = None
    rows: list[Any] = []

    def next_row() -> list[str]:
        try:
            return next(reader)
        finally:  # the lines over the limit read meanwhile: their errors, in order
            if lines.skipped and header is None:
                raise OmahaEvalError(
                    f"the header is over the limit of {MAX_LINE:,} bytes for one line",
                    param="INPUT",
                )
            rows.extend(lines.skipped)
            lines.skipped.clear()

    with _no_field_limit(MAX_LINE):  # a cell over lines: bounded as a line is
        while True:
            first = reader.line_num + 1
            try:
                cells = next_row()
            except StopIteration:
                return rows
            except csv.Error as exc:
                rows.append(_not_csv(exc, first, lines.ended, header is None))
                continue
            if reader.line_num > first and any(_holds_rows(c, len(header or cells)) for c in cells):
                raise OmahaEvalError(
                    f"line {first}: a quoted cell runs from here to line {reader.line_num} "
                    "over lines that look like rows of their own (a quote left open?); close "
                    "the quote, or put the cell on one line",
                    param="INPUT",
                )
            if header is None:
                header = _header(cells)
                continue
            entry = _entry(header, cells, len(rows) + 1)
            if entry is not None:
                rows.append(entry)


def _not_csv(exc: csv.Error, first: int, ended: bool, in_header: bool) -> OmahaEvalError:
    """The error of a row the reader refuses from line `first`: its entry,
    or raised for the whole file when the text ended inside a quote or the
    header is the row."""
    if ended:
        raise OmahaEvalError(
            f"line {first}: a quote opens in this row and is never closed, so "
            "every line after it would be one cell; close the quote",
            param="INPUT",
        ) from None
    if in_header:
        raise OmahaEvalError(
            f"line {first}: the header is not CSV ({exc})", param="INPUT"
        ) from None
    return OmahaEvalError(f"line {first}: not CSV ({exc})")


def _header(cells: list[str]) -> list[str] | None:
    """The header's column names, each once (None: a blank line before it)."""
    if not cells:
        return None
    twice = sorted({name for name in cells if cells.count(name) > 1})
    if twice:
        raise OmahaEvalError(f"the header names the column {twice[0]!r} twice", param="INPUT")
    return cells


def _entry(header: list[str], cells: list[str], number: int) -> Any:
    """Row `number`'s entry: its given cells by column, an error when it has
    more cells than columns, None when it is blank."""
    if len(cells) > len(header):
        return OmahaEvalError(f"row {number}: more cells than the header's columns")
    if any(not is_missing(v) for v in cells):
        return {k: v for k, v in zip(header, cells, strict=False) if not is_missing(v)}
    return None


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


def _lock(file: IO[bytes], path: Path) -> None:
    """An exclusive lock on the open output for as long as it stays open: a
    second run on the same file is refused, not interleaved."""
    try:
        if sys.platform == "win32":  # pragma: no cover - Windows
            import msvcrt

            msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        file.close()
        raise OmahaEvalError(
            f"{str(path)!r} is being written by another batch run; "
            "wait for it to finish or give another OUTPUT",
            param="OUTPUT",
        ) from None


class Output:
    """The output file, opened, locked and read: `done` holds the ids a run
    may skip.  Nothing in the file changes until it is known to be a batch
    result; then a last line cut off mid-write and the records of spots
    that must run again are removed, and records are appended (`write`)."""

    def __init__(self, path: Path, n_players: int) -> None:
        self.path = path
        self.format = file_format(path, "OUTPUT")
        self.done: set[str] = set()
        self.columns = csv_header(n_players)
        self.file: IO[bytes] | None = None
        if path.exists():  # a new file (or a link's new target) is made only by open()
            regular_file(path, "OUTPUT")
            self.file = self._locked("r+b")
            try:
                self._resume()
            except BaseException:
                self.file.close()
                raise

    def _locked(self, mode: str) -> IO[bytes]:
        try:
            file = self.path.open(mode, buffering=0)  # each record goes out whole, at once
        except OSError as exc:
            raise OutputFileError(
                f"cannot write {str(self.path)!r}: {exc.strerror}", param="OUTPUT"
            ) from None
        _lock(file, self.path)
        return file

    def _resume(self) -> None:
        assert self.file is not None
        self.file.seek(0)
        self._recognise(self.file.readline(MAX_LINE + 1))
        self.file.seek(0)
        data = self.file.read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise OmahaEvalError(
                f"{str(self.path)!r} is not UTF-8 text, so not a batch result; give a new OUTPUT",
                param="OUTPUT",
            ) from None
        complete = text[: text.rfind("\n") + 1]  # a last line without "\n" was cut mid-write
        keep = self._read_csv(complete) if self.format == "csv" else self._read_jsonl(complete)
        if keep != text:
            self._rewrite(keep)

    def _recognise(self, first: bytes) -> None:
        """Refuse a file that is not a batch result from its first line,
        before the rest is read (a large file of something else costs a
        line, not the file)."""
        if len(first) > MAX_LINE:
            raise self._refuse(1, f"its first line is over {MAX_LINE:,} bytes")
        if not first.endswith(b"\n"):
            return  # the only line, perhaps cut mid-write: read with the rest
        try:
            line = first.decode("utf-8")
        except UnicodeDecodeError:
            return  # refused with the rest, as not UTF-8
        if self.format == "csv":
            columns = self.columns
            self._read_csv(line)
            self.columns = columns  # set again when the whole file is read
        elif line.strip():
            self._read_jsonl(line)

    def _refuse(self, number: int, why: str) -> OmahaEvalError:
        return OmahaEvalError(
            f"line {number} of {str(self.path)!r} is not a batch result ({why}); "
            "give a new OUTPUT (the file was not changed)",
            param="OUTPUT",
        )

    def _kept(self, number: int, spot_id: str, status: Any) -> bool:
        """Whether a record stays (its spot is done); a status that is not
        the program's is refused, never dropped."""
        if status in DONE:
            self.done.add(spot_id)
            return True
        if status in AGAIN:
            return False
        known = ", ".join(DONE + AGAIN)
        raise self._refuse(number, f"its status {quote(status)} is not one of {known}")

    def _read_jsonl(self, text: str) -> str:
        kept = []
        for number, line in enumerate(text.split("\n")[:-1], start=1):
            if not line.strip():
                continue
            try:
                record = read_json(line)
            except OmahaEvalError as exc:
                raise self._refuse(number, str(exc)) from None
            if not isinstance(record, dict) or not isinstance(record.get("id"), str):
                raise self._refuse(number, "no text id")
            if "status" not in record:
                raise self._refuse(number, "no status")
            if self._kept(number, record["id"], record["status"]):
                kept.append(line + "\n")
        return "".join(kept)

    def _read_csv(self, text: str) -> str:
        if not text:
            return ""
        header_line, _, rows = text.partition("\n")
        header = header_line.split(",")
        players = (len(header) - len(CSV_LEAD)) // len(CSV_PLAYER)
        if header != csv_header(players):
            raise OmahaEvalError(
                f"{str(self.path)!r} is not a batch result CSV (its header differs); "
                "give a new OUTPUT (the file was not changed)",
                param="OUTPUT",
            )
        if len(header) < len(self.columns):
            raise OmahaEvalError(
                f"{str(self.path)!r} has columns for {players} players, INPUT has "
                "spots with more; give a new OUTPUT",
                param="OUTPUT",
            )
        self.columns = header
        kept = [header_line + "\n"]
        with _no_field_limit():
            for number, line in enumerate(rows.split("\n")[:-1], start=2):
                if not line:
                    continue
                try:  # each record is one line (csv_text)
                    (cells,) = csv.reader([line], strict=True)
                except csv.Error as exc:
                    raise self._refuse(number, f"not CSV: {exc}") from None
                if len(cells) != len(header):
                    raise self._refuse(number, f"{len(cells)} cells, the header has {len(header)}")
                row = dict(zip(header, cells, strict=True))
                if self._kept(number, row["id"], row["status"]):
                    kept.append(line + "\n")
        return "".join(kept)

    def _rewrite(self, text: str) -> None:
        """Make the file hold only `text`: a truncation when only a cut-off
        last line goes, else a new file written beside it and moved over it
        (so a kill at any moment leaves the old file or the new one whole),
        then opened and locked in its turn.  Through a symbolic link, the
        link's target is rewritten (in its own directory, with its mode)
        and the link stays.

        The old file is closed (and so unlocked) before the move: Windows
        refuses to replace a file that is open.  A run that took the file in
        that moment is found when it is opened again: its lock is refused,
        or the file no longer holds `text`."""
        assert self.file is not None
        data = text.encode("utf-8")
        self.file.seek(0)
        if self.file.read(len(data)) == data:
            self.file.truncate(len(data))
            return
        target = Path(os.path.realpath(self.path))
        temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        mode = stat.S_IMODE(os.fstat(self.file.fileno()).st_mode)
        try:
            with temp.open("wb") as f:
                if hasattr(os, "fchmod"):  # the new file gets the old one's permissions
                    os.fchmod(f.fileno(), mode)
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            self.file.close()
            os.replace(temp, target)
        except OSError as exc:
            with contextlib.suppress(OSError):
                temp.unlink()
            raise OutputFileError(
                f"cannot write {str(self.path)!r}: {exc.strerror}", param="OUTPUT"
            ) from None
        self.file = self._locked("r+b")
        if self.file.read() != data:
            self.file.close()
            raise OmahaEvalError(
                f"OUTPUT: {str(self.path)!r} was changed by another run while this run "
                "resumed it; run the command again"
            )

    def open(self) -> None:
        """Start appending (making and locking a new file; a new CSV gets
        its header first)."""
        if self.file is None:
            self.file = self._locked("a+b")
            if self.file.seek(0, os.SEEK_END):
                self.file.close()
                raise OmahaEvalError(
                    f"{str(self.path)!r} appeared while this run started; run the command again",
                    param="OUTPUT",
                )
        self.file.seek(0, os.SEEK_END)
        if self.format == "csv" and self.file.tell() == 0:
            self._put(",".join(self.columns) + "\n")

    def key(self, spot_id: str) -> str:
        """A spot id as this output holds it (CSV escapes some characters)."""
        return csv_text(spot_id) if self.format == "csv" else spot_id

    def write(self, record: Mapping[str, Any]) -> None:
        """Append one record and flush it."""
        if self.format == "csv":
            self._put(csv_line(self.columns, record))
        else:
            self._put(jsonl_line(record))

    def _put(self, line: str) -> None:
        assert self.file is not None
        data = memoryview(line.encode("utf-8"))
        end = self.file.seek(0, os.SEEK_END)
        try:
            while data:
                data = data[self.file.write(data) :]
        except OSError as exc:  # a full disk: take back the part written, if it can be
            with contextlib.suppress(OSError):
                os.ftruncate(self.file.fileno(), end)
            raise OutputFileError(
                f"cannot write {str(self.path)!r}: {exc.strerror}", param="OUTPUT"
            ) from None

    def close(self) -> None:
        if self.file is not None:
            with contextlib.suppress(OSError):
                self.file.close()
