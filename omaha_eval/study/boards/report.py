"""The answer of ``board_report()``: a row per class of the next street's
boards, or per group of them (``group``), with the readers of it: a text
table, HTML, a pandas DataFrame and JSON-ready data.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval import _documents, extras
from omaha_eval._documents import card_rows, mapping, needs, numbers
from omaha_eval._reprs import short_repr
from omaha_eval.cards import format_board, parse_cards
from omaha_eval.engine import SEED_LIMIT
from omaha_eval.engine.plan import MIN_TARGET
from omaha_eval.engine.results import FIGURE_TABLE
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.records import json_ready
from omaha_eval.streets import DEALT_BOARDS
from omaha_eval.study.boards.rows import DEAL_NAMES, PLAYER_FIGURES
from omaha_eval.study.boards.table import report_html, report_table
from omaha_eval.study.table.columns import column_key, document_columns
from omaha_eval.study.table.textures import GROUPINGS, Texture, texture_of_ids

__all__ = [
    "DEAL_NAMES",
    "PLAYER_FIGURES",
    "BoardReport",
    "BoardReportInterrupted",
    "document_columns",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
SORTABLE = (*PLAYER_FIGURES, *DEAL_NAMES, "probability", "boards")
GROUPS = tuple(GROUPINGS)  # the groupings a report may be grouped by


def _json_number(x: float) -> float | None:
    return json_ready(float(x))  # type: ignore[no-any-return]


RUN_KEYS = (
    "game",
    "board",
    "dead",
    "players",
    "method",
    "seed",
    "target_stderr",
    "rows_total",
    "interrupted",
    "grouped_by",
    "notes",
)


@dataclass(frozen=True, eq=False)
class BoardReport:
    """Rows of boards (or of groups of boards) with their figures.

    Per row r (arrays, rows in order): ``board_texts[r]`` (the known board
    and the row's new cards; for a group, its name), ``boards[r]`` (how
    many boards of the next street it holds), ``probability[r]`` (its
    chance on the spot; the rows' sum is 1), ``probability_stderr[r]`` (0
    unless estimated), ``values[r, i, j]`` (player i's figure
    PLAYER_FIGURES[j]), ``stderr`` the same (0 when exact), ``deal[r, j]``
    (DEAL_NAMES[j]: no low, low split, any quartered) with ``deal_stderr``, ``trials[r]``.
    ``method``, ``seed``, ``target_stderr``, ``game``, ``board``, ``dead``
    and ``players`` (labels) describe the run; ``interrupted`` says it
    stopped early, holding ``len(report)`` of ``total_rows`` rows;
    ``grouped_by`` names the grouping of a grouped report (else None).

    The probability-weighted mean of every figure over the rows
    (:meth:`mean`) is the figure of ``equity()`` on the spot.
    """

    players: tuple[str, ...]
    kinds: tuple[str, ...]
    game: str
    board: str
    dead: str
    known: npt.NDArray[np.uint8]
    new: npt.NDArray[np.uint8]
    boards: IntArray
    probability: FloatArray
    probability_stderr: FloatArray
    values: FloatArray
    stderr: FloatArray
    deal: FloatArray
    deal_stderr: FloatArray
    trials: IntArray
    method: str = "exact"
    seed: int | None = None
    target_stderr: float | None = None
    total_rows: int = 0
    interrupted: bool = False
    elapsed: float = field(default=0.0, compare=False)
    notes: tuple[str, ...] = ()
    grouped_by: str | None = None
    labels: tuple[str, ...] | None = None  # a grouped report's group names

    def __len__(self) -> int:
        return len(self.probability)

    def __repr__(self) -> str:
        """Short: the arrays by shape and dtype (``str()``: the rows)."""
        return short_repr(self)

    # ---------------------------------------------------------------- rows

    @cached_property
    def board_texts(self) -> list[str]:
        """Each row's board (the known cards, then the new ones), or group name."""
        if self.labels is not None:
            return list(self.labels)
        return [format_board(np.concatenate([self.known, row])) for row in self.new]

    @cached_property
    def textures(self) -> list[Texture | None]:
        """Each row's textures (study/table/textures.py); None for groups."""
        if self.labels is not None:
            return [None] * len(self)
        known = self.known.tolist()
        return [texture_of_ids(known + row.tolist()) for row in self.new]

    def figure(self, name: str, player: int = 0) -> FloatArray:
        """One figure over the rows: a player's (PLAYER_FIGURES), the deal's
        (DEAL_NAMES), or ``probability`` / ``boards``."""
        if name in PLAYER_FIGURES:
            column: FloatArray = self.values[
                :, _player(player, len(self.players)), PLAYER_FIGURES.index(name)
            ]
            return column
        if name in DEAL_NAMES:
            deal: FloatArray = self.deal[:, DEAL_NAMES.index(name)]
            return deal
        if name in ("probability", "boards"):
            return np.asarray(getattr(self, name), dtype=np.float64)
        raise OmahaEvalError(
            f"expected one of {', '.join(SORTABLE)}, got {quote(name)}",
            param="figure",
            value=name,
        )

    def mean(self, name: str) -> FloatArray:
        """The probability-weighted mean of a figure over the rows: per
        player for a player's figure, one value (shape ()) for the deal's.
        Over a whole report it is the figure of equity() on the spot."""
        p = self.probability / self.probability.sum() if len(self) else self.probability
        if name in PLAYER_FIGURES:
            j = PLAYER_FIGURES.index(name)
            means: FloatArray = np.einsum("r,ri->i", p, self.values[:, :, j])
            return means
        if name in DEAL_NAMES:
            return np.asarray(p @ self.deal[:, DEAL_NAMES.index(name)])
        raise OmahaEvalError(
            f"expected one of {', '.join((*PLAYER_FIGURES, *DEAL_NAMES))}, got {quote(name)}",
            param="figure",
            value=name,
        )

    def sorted(self, by: str = "equity", player: int = 0, descending: bool = True) -> BoardReport:
        """The same rows ordered by a figure (ties keep the row order)."""
        key = self.figure(by, player)
        order = np.argsort(-key if descending else key, kind="stable")
        return self._take(order)

    def _take(self, order: npt.NDArray[np.intp]) -> BoardReport:
        labels = None if self.labels is None else tuple(self.labels[i] for i in order)
        return replace(
            self,
            new=self.new[order],
            boards=self.boards[order],
            probability=self.probability[order],
            probability_stderr=self.probability_stderr[order],
            values=self.values[order],
            stderr=self.stderr[order],
            deal=self.deal[order],
            deal_stderr=self.deal_stderr[order],
            trials=self.trials[order],
            labels=labels,
        )

    # -------------------------------------------------------------- groups

    def _row_textures(self) -> list[Texture]:
        return [t for t in self.textures if t is not None]

    def _group_keys(self, by: str | Callable[[Texture, str], object]) -> tuple[list[str], str]:
        """Each row's group name under `by` (checked) and the grouping's label."""
        if self.labels is not None:
            raise OmahaEvalError("this report is already grouped", param="by", value=by)
        if isinstance(by, str):
            if by not in GROUPINGS:
                raise OmahaEvalError(
                    f"expected one of {', '.join(GROUPINGS)} or a callable, got {quote(by)}",
                    param="by",
                    value=by,
                )
            name_of = GROUPINGS[by]
            return [str(name_of(t)) for t in self._row_textures()], by
        if callable(by):
            keys = [
                str(by(t, b)) for t, b in zip(self._row_textures(), self.board_texts, strict=True)
            ]
            return keys, getattr(by, "__name__", "callable")
        raise OmahaEvalTypeError(
            f"expected a grouping name or a callable, got {quote(by)}", param="by", value=by
        )

    def group(self, by: str | Callable[[Texture, str], object] = "texture") -> BoardReport:
        """The rows grouped, as a report of the same shape: a row per group
        (its name in ``board_texts``), holding the sum of the members'
        ``boards`` and ``probability`` and the probability-weighted mean of
        every figure over them (standard errors combined as independent).
        `by`: ``"texture"``, ``"pairing"``, ``"suits"``, ``"low"``,
        ``"high"``, ``"flush"``, ``"straight"`` (study/table/textures.py), or a
        callable of (texture, board text) giving the group's name.  Groups
        come most likely first (ties in order of first appearance): the
        order ``str()``, the command's ``--group`` and the page show."""
        keys, label = self._group_keys(by)
        seen = list(dict.fromkeys(keys))
        first = {k: i for i, k in enumerate(seen)}
        chance: dict[str, float] = dict.fromkeys(seen, 0.0)
        for k, p in zip(keys, self.probability.tolist(), strict=True):
            chance[k] += p
        names = sorted(seen, key=lambda k: (-chance[k], first[k]))
        index = {k: i for i, k in enumerate(names)}
        member = np.array([index[k] for k in keys], dtype=np.int64)
        g = len(names)
        prob: FloatArray = np.bincount(member, weights=self.probability, minlength=g).astype(
            np.float64
        )
        share = np.divide(
            self.probability, prob[member], out=np.zeros(len(self)), where=prob[member] > 0
        )

        def mean(x: FloatArray) -> FloatArray:
            out = np.zeros((g, *x.shape[1:]))
            np.add.at(out, member, share.reshape(-1, *([1] * (x.ndim - 1))) * x)
            return out

        def err(x: FloatArray) -> FloatArray:
            out = np.zeros((g, *x.shape[1:]))
            np.add.at(out, member, (share.reshape(-1, *([1] * (x.ndim - 1))) * x) ** 2)
            return np.sqrt(out)

        p_err = np.sqrt(np.bincount(member, weights=self.probability_stderr**2, minlength=g))
        return replace(
            self,
            new=np.zeros((g, 0), np.uint8),
            boards=np.bincount(member, weights=self.boards, minlength=g).astype(np.int64),
            probability=prob,
            probability_stderr=p_err,
            values=mean(self.values),
            stderr=err(self.stderr),
            deal=mean(self.deal),
            deal_stderr=err(self.deal_stderr),
            trials=np.bincount(member, weights=self.trials, minlength=g).astype(np.int64),
            grouped_by=label,
            labels=tuple(names),
        )

    # ----------------------------------------------------------- readers

    def to_dict(
        self, groups: str | None = "texture", rows: Sequence[int] | None = None
    ) -> dict[str, Any]:
        """JSON-ready data (no NaN: None instead), docs/boards.md's shape:
        the run, ``mean`` (the spot's figures), ``rows`` (`rows` given:
        only those, in that order) and, unless `groups` is None (or the
        report is grouped), ``groups``: the rows grouped by that texture
        grouping."""
        chosen = range(len(self)) if rows is None else rows
        row_dicts = [self._row_dict(r) for r in chosen]
        data: dict[str, Any] = {
            "game": self.game,
            "board": self.board,
            "dead": self.dead,
            "players": [
                {"hand": h, "kind": k} for h, k in zip(self.players, self.kinds, strict=True)
            ],
            "method": self.method,
            "seed": self.seed,
            "target_stderr": self.target_stderr,
            "rows_total": self.total_rows,
            "interrupted": self.interrupted,
            "grouped_by": self.grouped_by,
            "notes": list(self.notes),
            "mean": self._mean_dict() if len(self) else None,
            "rows": row_dicts,
        }
        if groups is not None and self.labels is None and len(self):
            data["groups"] = self.group(groups).to_dict(groups=None)["rows"]
        return data

    def _row_dict(self, r: int) -> dict[str, Any]:
        """Row `r` as to_dict() writes it."""

        def figures(i: int) -> dict[str, Any]:
            out: dict[str, Any] = {
                n: _json_number(self.values[r, i, j]) for j, n in enumerate(PLAYER_FIGURES)
            }
            out["stderr"] = {
                n: _json_number(self.stderr[r, i, j]) for j, n in enumerate(PLAYER_FIGURES)
            }
            return out

        t = self.textures[r]
        return {
            "board": self.board_texts[r],
            "boards": int(self.boards[r]),
            "probability": _json_number(self.probability[r]),
            "probability_stderr": _json_number(self.probability_stderr[r]),
            "trials": int(self.trials[r]),
            "textures": None if t is None else {**t.to_dict(), "label": t.label},
            "players": [figures(i) for i in range(len(self.players))],
            **{n: _json_number(self.deal[r, j]) for j, n in enumerate(DEAL_NAMES)},
            "deal_stderr": {
                n: _json_number(self.deal_stderr[r, j]) for j, n in enumerate(DEAL_NAMES)
            },
        }

    def _mean_dict(self) -> dict[str, Any]:
        """The spot's figures (the mean over the rows) as to_dict() writes them."""
        return {
            "players": [
                {n: _json_number(float(self.mean(n)[i])) for n in PLAYER_FIGURES}
                for i in range(len(self.players))
            ],
            **{n: _json_number(float(self.mean(n))) for n in DEAL_NAMES},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BoardReport:
        """The report :meth:`to_dict` wrote (or its JSON read back, NaN as
        None), or the column-wise JSON of ``omaha-eval boards --json`` (the
        run, then ``columns``, ``rows``, ``same`` and ``data``:
        study/table/columns.py), with the figures to the digits it wrote them.

        ``mean`` and ``groups`` are derived from the rows and ignored
        (:meth:`group` gives the groups again), as are the textures; the
        time taken is not written (``elapsed`` 0).  The board and each row's
        cards come back as their text writes them: the flop's cards high to
        low (a flop is a set; the order they were given in is not kept).
        A malformed document raises OmahaEvalError naming the key."""
        needs(data, RUN_KEYS, "data")
        players = [
            _player_of(p, i)
            for i, p in enumerate(_documents.listed(data["players"], "data['players']"))
        ]
        columns = _Columns.of(data, len(players))
        n = columns.n

        def read(name: str, reader: Callable[..., Any], *args: Any) -> Any:
            return reader(data[name], f"data[{name!r}]", *args)

        board = read("board", _documents.text)
        known = parse_cards(board, "data['board']")
        grouped_by = read("grouped_by", partial(_documents.optional, _documents.choice), GROUPS)
        texts = _documents.texts(columns.columns["board"], "data['rows']")
        new = _new_cards(known, texts) if grouped_by is None else np.zeros((n, 0), np.uint8)
        return cls(
            players=tuple(h for h, _ in players),
            kinds=tuple(kd for _, kd in players),
            game=read("game", _documents.game_name),
            board=board,
            dead=read("dead", _documents.text),
            known=known,
            new=new,
            boards=columns.counts("boards"),
            probability=columns.floats("probability"),
            probability_stderr=columns.floats("probability_stderr"),
            values=columns.per_player(""),
            stderr=columns.per_player("_stderr"),
            deal=columns.deal(""),
            deal_stderr=columns.deal("_stderr"),
            trials=columns.counts("trials"),
            method=read("method", _documents.choice, ("exact", "monte-carlo")),
            seed=read("seed", partial(_documents.optional, _documents.whole), 0, SEED_LIMIT - 1),
            target_stderr=read(
                "target_stderr", partial(_documents.optional, _documents.real), MIN_TARGET, 1
            ),
            total_rows=read("rows_total", _documents.whole),
            interrupted=read("interrupted", _documents.flag),
            notes=read("notes", _documents.texts),
            grouped_by=grouped_by,
            labels=texts if grouped_by is not None else None,
        )

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A DataFrame with a row per report row: ``board``, ``boards``,
        ``probability``, the textures (rows of boards), then each player's
        figures as ``p1_equity``, ``p1_scoop``, ... (fractions), their
        standard errors as ``p1_equity_stderr``..., and the deal's
        ``no_low``, ``low_split``, ``any_quartered``.  Needs pandas, which omaha_eval does not
        install."""
        try:
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise ImportError(
                f"BoardReport.to_pandas() needs pandas, which is not installed: "
                f"{extras.install_hint('pandas')}"
            ) from None
        columns: dict[str, Any] = {
            "board": self.board_texts,
            "boards": self.boards,
            "probability": self.probability,
        }
        if self.labels is None:
            for name in Texture.__dataclass_fields__:
                columns[name] = [getattr(t, name) for t in self.textures]
        columns.update(figure_columns(self))
        frame = pandas.DataFrame(columns)
        frame.attrs.update(
            {
                "players": list(self.players),
                "game": self.game,
                "board": self.board,
                "method": self.method,
                "seed": self.seed,
            }
        )
        return frame

    def __str__(self) -> str:
        """The top and bottom rows by the first player's equity and the
        texture groups (study/boards/table.py)."""
        return report_table(self)

    def _repr_html_(self) -> str:
        return report_html(self)


def figure_columns(report: BoardReport) -> dict[str, FloatArray]:
    """The report's figures as columns, a value per row: each player's
    (``p1_equity`` ..., then ``p1_equity_stderr`` ...), then the deal's
    (``no_low`` ...)."""
    columns: dict[str, FloatArray] = {}
    for i in range(len(report.players)):
        for j, n in enumerate(PLAYER_FIGURES):
            columns[f"p{i + 1}_{n}"] = report.values[:, i, j]
        for j, n in enumerate(PLAYER_FIGURES):
            columns[f"p{i + 1}_{n}_stderr"] = report.stderr[:, i, j]
    for j, n in enumerate(DEAL_NAMES):
        columns[n] = report.deal[:, j]
    return columns


def _player(value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value < n:
        raise OmahaEvalError(
            f"expected 0 to {n - 1}, got {quote(value)}", param="player", value=value
        )
    return int(value)


def _player_of(value: Any, i: int) -> tuple[str, str]:
    at = f"data['players'][{i}]"
    if not isinstance(value, Mapping) or not {"hand", "kind"} <= set(value):
        raise OmahaEvalError(
            f"expected {{'hand': ..., 'kind': ...}}, got {quote(value)}", param=at, value=value
        )
    kind = _documents.choice(value["kind"], f"{at}['kind']", ("hand", "range", "random"))
    return _documents.text(value["hand"], f"{at}['hand']"), kind


_ROW_KEYS = ("board", "boards", "probability", "probability_stderr", "trials")


def _row_keys(players: int) -> dict[str, str]:
    """Where each column of board_columns sits in a row of to_dict(): its
    key within the row (``p2_scoop_stderr``: ``['players'][1]['stderr']['scoop']``)."""
    keys = {name: f"[{name!r}]" for name in _ROW_KEYS}
    for i in range(players):
        for f in PLAYER_FIGURES:
            keys[f"p{i + 1}_{f}"] = f"['players'][{i}][{f!r}]"
            keys[f"p{i + 1}_{f}_stderr"] = f"['players'][{i}]['stderr'][{f!r}]"
    for f in DEAL_NAMES:
        keys[f] = f"[{f!r}]"
        keys[f"{f}_stderr"] = f"['deal_stderr'][{f!r}]"
    return keys


def _row_columns(rows: list[Any], players: int) -> dict[str, list[Any]]:
    """The rows of to_dict() as the columns of study/table/columns.py's
    board_columns (their names: ``p1_equity``, ``p1_equity_stderr``...)."""
    out: dict[str, list[Any]] = {name: [] for name in _row_keys(players)}

    def put(name: str, value: Any) -> None:
        out[name].append(value)

    for r, row in enumerate(rows):
        where = f"data['rows'][{r}]"
        mapping(row, where)
        needs(row, (*_ROW_KEYS, "players", *DEAL_NAMES, "deal_stderr"), where)
        for name in _ROW_KEYS:
            put(name, row[name])
        for i, p in enumerate(_documents.listed(row["players"], f"{where}['players']", players)):
            at = f"{where}['players'][{i}]"
            needs(p, (*PLAYER_FIGURES, "stderr"), at)
            needs(p["stderr"], PLAYER_FIGURES, f"{at}['stderr']")
            for f in PLAYER_FIGURES:
                put(f"p{i + 1}_{f}", p[f])
                put(f"p{i + 1}_{f}_stderr", p["stderr"][f])
        needs(row["deal_stderr"], DEAL_NAMES, f"{where}['deal_stderr']")
        for f in DEAL_NAMES:
            put(f, row[f])
            put(f"{f}_stderr", row["deal_stderr"][f])
    return out


@dataclass(frozen=True)
class _Columns:
    """The row columns of a report document (to_dict()'s rows, or the
    column-wise JSON), checked present, read into arrays by from_dict."""

    data: Mapping[str, Any]
    columns: dict[str, list[Any]]
    by_rows: bool
    row_keys: dict[str, str]  # where each column sits in a row (by_rows)
    players: int
    n: int  # rows

    @classmethod
    def of(cls, data: Mapping[str, Any], players: int) -> _Columns:
        by_rows = "rows" in data and isinstance(data["rows"], list)
        columns = _row_columns(data["rows"], players) if by_rows else document_columns(data)
        n = len(columns.get("board", []))
        names = ["board", "boards", "probability", "probability_stderr", "trials"]
        names += [
            f"p{i + 1}_{f}{e}"
            for i in range(players)
            for e in ("", "_stderr")
            for f in PLAYER_FIGURES
        ]
        names += [f"{f}{e}" for e in ("", "_stderr") for f in DEAL_NAMES]
        needs(columns, tuple(names), "data['columns']")
        return cls(data, columns, by_rows, _row_keys(players), players, n)

    def at(self, name: str) -> _documents.Where:
        """Where column `name` was read: row r's key, or the column's."""
        if self.by_rows:
            key = self.row_keys[name]
            return lambda r: "data['rows']" + ("" if r is None else f"[{r}]{key}")
        return column_key(self.data, name)

    def counts(self, name: str) -> IntArray:
        """A column of whole numbers (>= 0)."""
        values: IntArray = numbers(self.columns[name], np.int64, self.at(name), 0, None, self.n)
        return values

    def floats(self, name: str) -> FloatArray:
        """A figure (a share or a probability) or a standard error (>= 0)."""
        if name.endswith("_stderr"):
            values: FloatArray = numbers(
                self.columns[name], np.float64, self.at(name), 0, None, self.n
            )
        else:
            values = _documents.shares(self.columns[name], self.at(name), self.n)
        return values

    def deal(self, suffix: str) -> FloatArray:
        """(rows, deal figures): the deal's figures, or their errors."""
        return np.stack([self.floats(f"{f}{suffix}") for f in DEAL_NAMES], axis=-1).reshape(
            self.n, len(DEAL_NAMES)
        )

    def per_player(self, suffix: str) -> FloatArray:
        """(rows, players, figures): every player's figures, or their errors."""
        n, k = self.n, self.players
        if not k:
            return np.zeros((n, 0, len(PLAYER_FIGURES)))
        one = [
            np.stack([self.floats(f"p{i + 1}_{f}{suffix}") for f in PLAYER_FIGURES], axis=-1)
            for i in range(k)
        ]
        return np.stack(one, axis=1).reshape(n, k, len(PLAYER_FIGURES))


def _new_cards(known: npt.NDArray[np.uint8], texts: tuple[str, ...]) -> npt.NDArray[np.uint8]:
    """Each row's cards of the next street, read from its board text (no
    rows: the next street's size, as a report stopped before its first row)."""
    after = next((b for b in DEALT_BOARDS if b > len(known)), len(known))
    rows = card_rows(list(texts), "data['rows']", after)
    return np.ascontiguousarray(rows[:, len(known) :])


class BoardReportInterrupted(KeyboardInterrupt):
    """Ctrl-C (or `stop`) ended ``board_report()``: ``report`` holds the rows
    done (``len(report)`` of ``report.total_rows``)."""

    def __init__(self, report: BoardReport) -> None:
        super().__init__(f"interrupted after {len(report):,} of {report.total_rows:,} rows")
        self.report = report


_FIGURE_LABELS = {n: FIGURE_TABLE[n].label for n in (*PLAYER_FIGURES, *DEAL_NAMES)}
