"""Batch analysis: many equity spots, in parallel, resumable.

A spot is a mapping with the fields ``id``, ``players`` (2 to 10 hands or
ranges: a list, or one text with ``|`` between players), ``board``, ``dead``,
``trials``, ``exact``, ``seed``, ``target_stderr`` and ``game``; only
``players`` is required.  `run` yields one `SpotResult` per spot as each
finishes; `run_file` reads spots from CSV or JSON Lines and appends each
result to an output file the moment it is known, skipping the spots already
there, so a killed run started again completes the rest.

Spots run on all local cores by default, one worker process per core (each
spot's equity on one thread), or on a Dask cluster (``dask=ADDRESS``).  A spot
without a seed gets one derived from the batch ``seed`` and its id, so results
do not depend on the order, the workers or an interruption.

From a script or a notebook::

    from omaha_eval import batch
    spots = [{"id": "aces", "players": ["AsAh2c3d", "7c7d4c5d"], "board": "KsQdJh9c9h"}]
    for r in batch.run(spots):
        print(r.id, r.record["players"][0]["equity"])   # aces 1.0

    import pandas as pd                                   # spots from / results to pandas
    results = pd.DataFrame(r.row for r in batch.run(df))  # df: a DataFrame of spots
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

from omaha_eval import _validate
from omaha_eval._report import CSV_LEAD, PLAYER_FIGURES, csv_header, csv_row, equity_record
from omaha_eval.cards import parse_cards
from omaha_eval.errors import OmahaEvalError

__all__ = [
    "BatchSummary",
    "SpotResult",
    "default_workers",
    "engine_players",
    "read_spots",
    "run",
    "run_file",
    "spot_seed",
]

EquityFunction = Callable[..., Any]
FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}


@dataclass(frozen=True)
class SpotResult:
    """The outcome of one spot.

    ``record`` is the JSON-ready dict written to a JSON Lines output (README,
    "Batch analysis"): ``id``, ``status`` ("ok" or "error"), ``error`` (the
    message, or None) and, for "ok", every figure of the equity result.
    ``row`` is the same flattened to the CSV columns.  ``result`` is the
    EquityResult itself (None for an error, and after a trip through Dask).
    """

    id: str
    record: dict[str, Any]
    result: Any = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return bool(self.record["status"] == "ok")

    @property
    def error(self) -> str | None:
        return self.record["error"]  # type: ignore[no-any-return]

    @property
    def row(self) -> dict[str, Any]:
        return csv_row(self.record)


def default_workers() -> int:
    """The local cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def spot_seed(batch_seed: int, spot_id: str) -> int:
    """The seed of a spot that has none: a function of the batch seed and
    the spot's id only (53 bits, exact in any JSON reader)."""
    data = spot_id.encode("utf-8")
    words = np.frombuffer(data.ljust(-(-len(data) // 4) * 4, b"\0"), dtype="<u4")
    # The length goes in too, so ids that differ only by trailing NULs differ.
    entropy = [batch_seed, len(data), *words.tolist()]
    state = np.random.SeedSequence(entropy).generate_state(1, np.uint64)
    return int(state[0]) & (2**53 - 1)


def _one_line(text: str) -> str:
    """A message on one line: its first (range errors add the text with a
    caret under the bad spot below; the first line names the column)."""
    lines = str(text).strip().splitlines() or [""]
    return " ".join(lines[0].split())


def _error_record(spot_id: str, raw: Any, message: str) -> dict[str, Any]:
    """An error entry: the message and the spot's fields as given."""
    raw = raw if isinstance(raw, Mapping) else {}
    players = raw.get("players")
    if isinstance(players, str):
        players = [p.strip() for p in players.split(_validate.PLAYER_SEPARATOR)]
    elif isinstance(players, (list, tuple)):
        players = [_one_line(str(p)) for p in players]
    else:
        players = [] if _validate.is_missing(players) else [_one_line(str(players))]
    record: dict[str, Any] = {"id": spot_id, "status": "error", "error": _one_line(message)}
    for name in ("board", "dead", "game"):
        value = raw.get(name)
        record[name] = "" if _validate.is_missing(value) else _one_line(str(value))
    record["players"] = players
    return record


def engine_players(texts: Iterable[str]) -> list[Any]:
    """Player texts as equity() takes them: "*" and hands of 4, 5 or 6
    cards stay text (equity reads them); anything else is range text, parsed
    once here into a Range of hands the size of the first hand given (4
    when none is).  Errors name the player as equity does (players[i])."""
    from omaha_eval.ranges import Range

    texts = list(texts)
    sizes = [_hand_size(t) for t in texts]
    k = next((size for size in sizes if size), 4)
    players: list[Any] = []
    for i, (text, size) in enumerate(zip(texts, sizes, strict=True)):
        if text.strip() == "*" or size:
            players.append(text)
            continue
        try:
            players.append(Range(text, hole_cards=k))
        except OmahaEvalError as exc:
            raise OmahaEvalError(f"players[{i}]: {_one_line(str(exc))}") from None
    return players


def _hand_size(text: str) -> int:
    """4, 5 or 6 when `text` is a hand of that many cards, else 0."""
    try:
        size = len(parse_cards(text, "player"))
    except OmahaEvalError:
        return 0
    return size if size in _validate.HOLE_SIZES else 0


def _solve(task: tuple[dict[str, Any], EquityFunction, int | None]) -> SpotResult:
    """Run one checked spot (in a worker).  A bad spot becomes an error entry."""
    spot, equity_fn, threads = task
    try:
        result = equity_fn(
            engine_players(spot["players"]),
            spot["board"],
            spot["dead"],
            trials=spot["trials"],
            exact=spot["exact"],
            seed=spot["seed"],
            threads=threads,
            target_stderr=spot["target_stderr"],
            game=spot["game"],
        )
        record = {"id": spot["id"], "status": "ok", "error": None}
        record |= equity_record(result, spot["players"], spot["board"], spot["dead"], spot["game"])
    except OmahaEvalError as exc:
        return SpotResult(spot["id"], _error_record(spot["id"], spot, str(exc)))
    except Exception as exc:  # one spot's failure must not stop the batch
        message = f"internal error: {type(exc).__name__}: {exc}"
        return SpotResult(spot["id"], _error_record(spot["id"], spot, message))
    return SpotResult(spot["id"], record, result)


def _ignore_sigint() -> None:
    # Workers leave Ctrl-C to the parent, which stops the pool itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _default_equity() -> EquityFunction:
    from omaha_eval.equity import equity  # here: the package imports this module first

    return equity


def _as_rows(spots: Any) -> list[Any]:
    if hasattr(spots, "to_dict") and hasattr(spots, "columns"):  # a pandas DataFrame
        return list(spots.to_dict("records"))
    if isinstance(spots, (str, bytes, Mapping)):
        raise OmahaEvalError(f"spots: expected an iterable of spots, got {type(spots).__name__}")
    return list(spots)


def _prepare(
    spots: Any, seed: int, defaults: Mapping[str, Any] | None
) -> tuple[list[dict[str, Any]], list[SpotResult]]:
    """Checked spots ready to run, and the error entries of rows that are not."""
    ready: list[dict[str, Any]] = []
    failed: list[SpotResult] = []
    first_row: dict[str, int] = {}
    for row, raw in enumerate(_as_rows(spots), start=1):
        if isinstance(raw, Mapping) and defaults:
            raw = {**defaults, **{k: v for k, v in raw.items() if not _validate.is_missing(v)}}
        try:
            spot_id = _validate.spot_id(raw.get("id") if isinstance(raw, Mapping) else None, row)
        except OmahaEvalError:
            spot_id = str(row)
        if spot_id in first_row:
            raise OmahaEvalError(
                f"id: {spot_id!r} is on rows {first_row[spot_id]} and {row}; "
                "ids must be unique (a resumed run skips spots by id)"
            )
        first_row[spot_id] = row
        try:
            if isinstance(raw, OmahaEvalError):  # a line the reader could not parse
                raise raw
            spot = _validate.spot(dict(raw) if isinstance(raw, Mapping) else raw, row)
        except OmahaEvalError as exc:
            failed.append(SpotResult(spot_id, _error_record(spot_id, raw, str(exc))))
            continue
        if spot["seed"] is None:
            spot["seed"] = spot_seed(seed, spot["id"])
        ready.append(spot)
    return ready, failed


def run(
    spots: Iterable[Mapping[str, Any]] | Any,
    *,
    workers: int | None = None,
    dask: Any = None,
    seed: int = 0,
    skip: Collection[str] = (),
    threads: int | None = 1,
    defaults: Mapping[str, Any] | None = None,
    equity: EquityFunction | None = None,
    executor: Literal["thread", "process"] = "thread",
) -> Iterator[SpotResult]:
    """Run equity on every spot; yield a SpotResult for each as it finishes.

    `spots` is an iterable of mappings (or a pandas DataFrame) with the spot
    fields; `defaults` fills fields a spot leaves empty.  Rows that cannot be
    read come first, as error entries; spots whose id is in `skip` are not
    run.  `workers` (default: all local cores) threads run the spots, each
    spot's engine on `threads` threads; ``executor="process"`` uses worker
    processes instead (see _execute_pool for when that pays).  `dask` is a scheduler address or a
    ``distributed.Client``: the spots run on that cluster instead.  `equity`
    replaces ``omaha_eval.equity`` (it must be importable by the workers).

    Checks everything up front: duplicate ids and bad arguments raise
    OmahaEvalError before any spot runs.
    """
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise OmahaEvalError(f"workers: expected an integer >= 1, got {workers!r}")
    if executor not in ("process", "thread"):
        raise OmahaEvalError(f"executor: expected 'process' or 'thread', got {executor!r}")
    seed = _validate.spot_int(seed, "seed", 0)
    equity_fn = equity if equity is not None else _default_equity()
    ready, failed = _prepare(spots, seed, defaults)
    skip = set(skip)
    tasks = [(spot, equity_fn, threads) for spot in ready if spot["id"] not in skip]
    failed = [r for r in failed if r.id not in skip]
    client = _dask_client(dask) if dask is not None else None
    return _execute(tasks, failed, workers or default_workers(), client, executor)


def _dask_client(dask: Any) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise OmahaEvalError(
            "dask: running on a cluster needs the 'distributed' package "
            "(pip install 'omaha-eval[dask]')"
        ) from None
    if isinstance(dask, Client):
        return dask
    if not isinstance(dask, str):
        raise OmahaEvalError(f"dask: expected a scheduler address or a Client, got {dask!r}")
    try:
        return Client(dask, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:  # ValueError: a malformed address
        message = " ".join(str(exc).split())
        raise OmahaEvalError(
            f"dask: cannot connect to the scheduler at {dask!r}: {message}"
        ) from None


def _execute(
    tasks: list[tuple[dict[str, Any], EquityFunction, int | None]],
    failed: list[SpotResult],
    workers: int,
    client: Any,
    executor: str,
) -> Iterator[SpotResult]:
    yield from failed
    if not tasks:
        return
    if client is not None:
        yield from _execute_dask(tasks, client)
    elif workers == 1:
        for task in tasks:
            yield _solve(task)
    else:
        yield from _execute_pool(tasks, min(workers, len(tasks)), executor)


def _execute_pool(
    tasks: list[tuple[dict[str, Any], EquityFunction, int | None]], workers: int, executor: str
) -> Iterator[SpotResult]:
    # Threads by default: the engine's C loops release the GIL, so spots run
    # in parallel, and a thread costs nothing to start, where each spawned
    # process imports NumPy and builds the tables first (about a second for
    # two workers here: benchmarks/bench_batch.py, README "Batch analysis").
    # Processes pay off only when per-spot Python work (parsing big ranges)
    # dominates a long batch.  "spawn" avoids forking a threaded parent.
    import multiprocessing  # here: `import omaha_eval` need not pay for it
    from multiprocessing.pool import ThreadPool

    if executor == "thread":
        pool: Any = ThreadPool(workers)
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_ignore_sigint)
    finished = False
    try:
        yield from pool.imap_unordered(_solve, tasks, chunksize=1)
        finished = True
    finally:
        if finished:
            pool.close()
        else:  # interrupted or abandoned: stop the workers now
            pool.terminate()
        pool.join()


def _execute_dask(
    tasks: list[tuple[dict[str, Any], EquityFunction, int | None]], client: Any
) -> Iterator[SpotResult]:
    from distributed import as_completed

    # A window of submitted spots keeps the scheduler busy without queueing
    # a whole large batch on it at once.
    window = 4 * max(1, sum(client.nthreads().values()))
    pending = iter(tasks)
    queue = as_completed()  # type: ignore[no-untyped-call]
    running: set[Any] = set()

    def submit() -> None:
        task = next(pending, None)
        if task is not None:
            future = client.submit(_solve, task, pure=False)
            running.add(future)
            queue.add(future)  # type: ignore[no-untyped-call]

    for _ in range(window):
        submit()
    try:
        for future in queue:
            outcome: SpotResult = future.result()
            running.discard(future)
            future.release()
            submit()
            # The EquityResult object stays on the worker: the record holds every figure.
            yield SpotResult(outcome.id, outcome.record)
    finally:
        for future in running:
            future.cancel()


# ---------------------------------------------------------------- files


def _format(path: Path, name: str) -> str:
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise OmahaEvalError(
            f"{name}: {str(path)!r} is neither .csv nor .jsonl (JSON Lines; also .ndjson)"
        )
    return fmt


def read_spots(path: str | os.PathLike[str]) -> list[Any]:
    """The rows of a CSV or JSON Lines file of spots (format by extension).

    Returns one dict per spot; a JSON line that cannot be parsed comes back as
    an OmahaEvalError in its place, so it becomes that row's error entry."""
    path = Path(path)
    fmt = _format(path, "INPUT")
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
            elif any(not _validate.is_missing(v) for v in cells.values()):
                rows.append({k: v for k, v in cells.items() if not _validate.is_missing(v)})
        return rows
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            rows.append(OmahaEvalError(f"line {number}: not JSON ({exc.msg}): {line[:60]!r}"))
    return rows


def _max_players(rows: list[Any]) -> int:
    most = 2
    for raw in rows:
        if isinstance(raw, Mapping):
            try:
                most = max(most, len(_validate.spot_players(raw.get("players"))))
            except OmahaEvalError:
                pass
    return most


class _Output:
    """The output file: the ids already in it (read when made), then
    `open()` to append, each record flushed as soon as it is written."""

    def __init__(self, path: Path, n_players: int) -> None:
        self.path = path
        self.format = _format(path, "OUTPUT")
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
        players = (len(header) - len(CSV_LEAD)) // (1 + len(PLAYER_FIGURES))
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

    def write(self, result: SpotResult) -> None:
        if self.format == "csv":
            self.writer.writerow(result.row)
        else:
            self.file.write(json.dumps(result.record, ensure_ascii=False) + "\n")
        self.file.flush()

    def close(self) -> None:
        if hasattr(self, "file"):
            self.file.close()


@dataclass(frozen=True)
class BatchSummary:
    """What run_file did: spots in INPUT, skipped (already in OUTPUT), run
    now, and how many of those became error entries."""

    total: int
    skipped: int
    done: int
    errors: int


def run_file(
    input: str | os.PathLike[str],
    output: str | os.PathLike[str],
    *,
    on_start: Callable[[int], None] | None = None,
    on_result: Callable[[SpotResult], None] | None = None,
    **options: Any,
) -> BatchSummary:
    """Run the spots of INPUT and append each result to OUTPUT as it
    finishes (CSV or JSON Lines, each by its extension).  Spots whose id is
    already in OUTPUT are skipped, so the same call after an interruption
    completes the rest.  `options` are those of `run`.  `on_start` receives
    the number of spots to run; `on_result` each result after it is written.
    """
    rows = read_spots(input)
    out = _Output(Path(output), _max_players(rows))
    results: Iterator[SpotResult] = iter(())
    try:
        results = run(rows, skip=out.done, **options)  # checks everything first
        out.open()
        skipped = sum(1 for spot_id in _ids(rows) if spot_id in out.done)
        if on_start is not None:
            on_start(len(rows) - skipped)
        done = errors = 0
        for result in results:
            out.write(result)
            done += 1
            errors += not result.ok
            if on_result is not None:
                on_result(result)
    finally:
        close = getattr(results, "close", None)
        if close is not None:  # stops the workers at once when interrupted
            close()
        out.close()
    return BatchSummary(total=len(rows), skipped=skipped, done=done, errors=errors)


def _ids(rows: list[Any]) -> Iterator[str]:
    for row, raw in enumerate(rows, start=1):
        try:
            yield _validate.spot_id(raw.get("id") if isinstance(raw, Mapping) else None, row)
        except OmahaEvalError:
            yield str(row)
