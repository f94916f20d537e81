"""The result of a statement: its columns' values and standard errors read
from the sums of its deals (aggregates.py), as QueryResult, with values
shown by their types (label).

The query engine is parser (syntax.py) -> checker (check.py) -> plan
(plan.py) -> vectorised evaluation (evaluate.py) -> result (here; its
tables: report.py).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from fractions import Fraction
from typing import Any, Literal

from omaha_eval import _display, _documents, engine
from omaha_eval._reprs import short_repr
from omaha_eval.cards import card_str
from omaha_eval.engine.plan import Plan
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.evaluator import low_name
from omaha_eval.pql import aggregates as agg
from omaha_eval.pql import functions as fn
from omaha_eval.pql.check import Prepared
from omaha_eval.pql.report import query_html, query_table
from omaha_eval.pql.types import INTEGRAL, NUMERIC, SHARES, Type
from omaha_eval.records import json_ready

__all__ = ["Column", "QueryResult", "label", "statement_result"]


@dataclass(frozen=True)
class Column:
    """One selector's answer: its name (the alias, or the selector as
    written), its value and standard error.  avg and count: numbers (a
    count is the fraction of the kept trials); histogram: {label:
    fraction}, with {label: error}; min and max: the extreme seen, no
    error.  Exact answers have errors of 0; a where that keeps no trial
    gives None."""

    name: str
    aggregate: str
    value: float | dict[str, float] | str | None
    stderr: float | dict[str, float] | None
    percent: bool = False  # an average of shares (0 to 1): shown as a percent, as counts are

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class QueryResult:
    """The answer of one statement.

    - ``columns``: one Column per selector, in order;
    - ``trials``: deals enumerated (exact) or drawn (Monte Carlo); ``kept``:
      those the where clause kept (all of them without one);
    - ``method`` ("exact" or "monte-carlo"), ``seed`` (Monte Carlo: the seed
      that reproduces it, for any number of threads), ``elapsed`` (seconds);
    - ``statement``: its text; ``game``; ``boards``: the boards a board or
      dead-card pattern averages over (1 otherwise);
    - ``interrupted``: Ctrl-C stopped it (the answer of the trials so far);
      ``target_stderr``, ``target_reached``: as for equity();
    - ``notes``: what the run could not do as asked.
    """

    columns: tuple[Column, ...]
    trials: int
    kept: int
    method: Literal["exact", "monte-carlo"]
    seed: int | None
    elapsed: float = field(compare=False)
    statement: str = ""
    game: str = "omaha8"
    boards: int = 1
    interrupted: bool = False
    target_stderr: float | None = None
    target_reached: bool | None = None
    notes: tuple[str, ...] = ()

    def column(self, name: str) -> Column:
        """The column of that name (its alias, or the selector as written)."""
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)

    def __str__(self) -> str:
        """The table ``omaha-eval query`` prints (pql/report.py); a long
        statement is shown broken before its from and where.

        >>> from omaha_eval import query
        >>> print(query("select count(winsHi(hero)) as wins from hero='AsAh2c3d', "
        ...             "villain='KsKh4c5d', board='Ac7d2h'"))
        select count(winsHi(hero)) as wins
          from hero='AsAh2c3d', villain='KsKh4c5d', board='Ac7d2h'
        <BLANKLINE>
        column   value
        ------  ------
        wins    86.22%
        <BLANKLINE>
        exact, 820 deals, ... s
        """
        return query_table(self)

    def _repr_html_(self) -> str:
        """The same table as HTML, for notebooks (Jupyter calls this)."""
        return query_html(self)

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per column (a histogram: a row per
        value): ``column`` (its name), ``aggregate``, ``label`` (the
        histogram's value; None otherwise), ``value`` and ``stderr`` (NaN
        where there is none); ``attrs`` holds ``statement``, ``trials``,
        ``kept``, ``method``, ``seed``, ``game``, ``boards`` and ``notes``.
        Needs pandas."""
        rows: list[tuple[str, str, str | None, Any, float]] = []
        for c in self.columns:
            if isinstance(c.value, dict):
                errors = c.stderr if isinstance(c.stderr, dict) else {}
                for label, share in c.value.items():
                    error = errors.get(label)
                    rows.append((c.name, c.aggregate, label, share, _or_nan(error)))
            else:
                error = c.stderr if not isinstance(c.stderr, dict) else None
                rows.append((c.name, c.aggregate, None, c.value, _or_nan(error)))
        names = ("column", "aggregate", "label", "value", "stderr")
        columns = {name: [row[j] for row in rows] for j, name in enumerate(names)}
        how = ("statement", "trials", "kept", "method", "seed", "game", "boards", "notes")
        return _display.frame("QueryResult", columns, {n: getattr(self, n) for n in how})

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: {"columns": [{"name", "value", "stderr"}...],
        "trials", "kept", "method", "seed", ...} (NaN as None)."""
        data = {
            "columns": [c.to_dict() for c in self.columns],
            "trials": self.trials,
            "kept": self.kept,
            "method": self.method,
            "seed": self.seed,
            "elapsed": self.elapsed,
            "statement": self.statement,
            "game": self.game,
            "boards": self.boards,
            "interrupted": self.interrupted,
            "target_stderr": self.target_stderr,
            "target_reached": self.target_reached,
            "notes": list(self.notes),
        }
        return json_ready(data)  # type: ignore[no-any-return]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QueryResult:
        """The result ``to_dict()`` wrote: ``QueryResult.from_dict(r.to_dict())
        == r`` (a figure that was NaN comes back None, as JSON holds it)."""
        if not isinstance(data, Mapping):
            raise OmahaEvalTypeError(f"expected a dict, got {type(data).__name__}", param="data")
        names = [f.name for f in fields(cls)]
        missing = [n for n in names if n not in data]
        if missing:
            raise OmahaEvalError(f"QueryResult needs {', '.join(missing)}", param="data")
        values = {n: data[n] for n in names}
        keys = ("name", "aggregate", "value", "stderr", "percent")
        found = _documents.listed(data["columns"], "data['columns']")
        values["columns"] = tuple(
            Column(**_documents.needs(c, keys, f"data['columns'][{i}]"))
            for i, c in enumerate(found)
        )
        values["notes"] = _documents.texts(data["notes"], "data['notes']")
        return cls(**values)

    def __repr__(self) -> str:
        """Short: the statement cut, the first columns (``str()``: the table)."""
        return short_repr(self)


def _or_nan(error: float | None) -> float:
    return float("nan") if error is None else float(error)


def statement_result(
    prep: Prepared,
    strata: Sequence[agg.Tally],
    plan: Plan,
    start: float,
    boards: int,
    interrupted: bool = False,
) -> QueryResult:
    """The result of a statement from its strata's sums: each selector's
    value and standard error, the trials, the notes."""
    merged = agg.merge_strata(strata)
    trials = sum(s.trials for s in strata)
    kept = sum(s.kept for s in strata)
    columns = []
    errors: list[float] = []  # of the averages and counts: what a target is on
    for i, ((aggregate, _), name, t) in enumerate(
        zip(prep.selectors, prep.names, prep.types, strict=True)
    ):
        value: Any
        stderr: Any
        if aggregate in ("avg", "count"):
            value, stderr = agg.estimate(
                merged, i, exact=plan.exact, bounded=agg.bounded(aggregate, t)
            )
            errors.append(stderr)
            if value is None:  # nothing kept: no estimate, no error
                stderr = None
        elif aggregate == "histogram":
            value, stderr = _histogram(merged, i, t, plan.exact) if kept else (None, None)
        else:
            value, stderr = _extreme(merged, i, aggregate, t), None
        columns.append(Column(name, aggregate, value, stderr, aggregate == "avg" and t in SHARES))
    reached = None
    if not plan.exact and plan.target_stderr is not None:
        reached = bool(errors) and max(errors) <= plan.target_stderr
    return QueryResult(
        columns=tuple(columns),
        trials=trials,
        kept=kept,
        method="exact" if plan.exact else "monte-carlo",
        seed=plan.seed,
        elapsed=time.perf_counter() - start,
        statement=prep.text,
        game=prep.question.game.name,
        boards=boards,
        interrupted=interrupted,
        target_stderr=plan.target_stderr,
        target_reached=reached,
        notes=_notes(prep, trials, kept, plan.exact),
    )


def _histogram(
    merged: Sequence[agg.Tally], i: int, t: Type, exact: bool
) -> tuple[dict[str, float | None], dict[str, float]]:
    """Column i's histogram: each label's share of the kept trials and its
    error; values shown alike are one bar (equal shares computed a rounding
    apart)."""
    keys = sorted({key for s in merged for key in (s.columns[i] if s.columns else {})})
    bars: dict[str, tuple[Any, ...]] = {}
    for key in keys:
        bars[label(key, t)] = (*bars.get(label(key, t), ()), key)
    value, stderr = {}, {}
    for shown, group in bars.items():
        value[shown], stderr[shown] = agg.estimate(
            merged, i, group, exact=exact, bounded=agg.PROBABILITY
        )
    return value, stderr


def _extreme(merged: Sequence[agg.Tally], i: int, aggregate: str, t: Type) -> Any:
    """Column i's min or max over the kept trials, as its type shows it
    (None: nothing kept)."""
    seen = [s.columns[i][1] for s in merged if s.columns and s.columns[i][1] is not None]
    extreme = (max if aggregate == "max" else min)(seen) if seen else None
    if extreme is None:
        return None
    if t in INTEGRAL:
        return int(extreme)
    return float(extreme) if t in NUMERIC else label(extreme, t)


def _notes(prep: Prepared, trials: int, kept: int, exact: bool) -> tuple[str, ...]:
    """What the result says of itself: the question's notes (text that
    looks like cards, read as a pattern), and a where that kept too few."""
    notes = list(prep.question.notes)
    if trials and not kept:
        what = "deals" if exact else "trials"
        notes.append(f"the where clause kept none of the {trials:,} {what}")
    elif not exact and kept < engine.MIN_EFFECTIVE_TRIALS:
        notes.append(
            f"the where clause kept only {kept:,} of the {trials:,} trials, too few for "
            "the standard errors to be trusted; give more trials"
        )
    return tuple(notes)


# How each countable type's values are shown as histogram labels and extremes.
def label(value: Any, t: Type) -> str:
    """A value as a histogram label (and a min or max)."""
    if t is Type.BOOL:
        return "true" if value else "false"
    if t is Type.HANDTYPE:
        return fn.HAND_TYPE_NAMES[int(value)]
    if t is Type.FLOPCAT:
        return fn.FLOP_CATEGORIES[int(value)]
    if t is Type.CARD:
        return card_str(int(value))
    if t is Type.RANK:
        return fn.rank_text(int(value))
    if t is Type.RANKSET:
        ranks = [fn.rank_text(r) for r in range(12, -1, -1) if int(value) >> r & 1]
        return "".join(ranks) or "-"
    if t is Type.FRACTION:
        return str(Fraction(float(value)).limit_denominator(10_000))
    if t is Type.LORATING:  # as players read a low: 8-6-4-2-A
        return low_name(int(value)) or "no low"
    if t in (Type.INT, Type.HIRATING):
        return str(int(value))
    return format(float(value), ".6g")
