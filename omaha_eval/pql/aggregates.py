"""The selectors' sums over blocks of deals, and their values with standard
errors: the sums of vectorised evaluation (evaluate.py evaluates each
block's expressions into them), read by the result (result.py).

Every selector is a weighted mean over the trials a ``where`` keeps (each
trial's weight: the sampler's, 1 for independent draws; the product of the
range weights for exact enumeration): ``avg(x)`` of x, ``count(p)`` of the
indicator of p, ``histogram(x)`` of the indicator of each value; ``min`` and
``max`` are the extremes seen.  With a = w k x and b = w k (k: the trial is
kept) over the trials of a stratum (one stratum, or one board of a pattern,
its weights scaled so that they total 1: merge_strata), the estimate is
R = sum a / sum b, and its variance (the linearised ratio estimator,
stratified) is

    Var(R) = sum over strata  n / (n - 1) [S_aa - 2 R S_ab + R^2 S_bb
                                           - (A - R B)^2 / n]  /  (sum b)^2

with A = sum a, B = sum b, S_xy = sum x y in the stratum, n its trials:
valid for one run of independent trials, weighted or not.  Every sum here
adds, so blocks add up in block order and any thread count gives the same
answer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval.engine.results import binomial_stderr, rare_floor
from omaha_eval.pql.block import Block
from omaha_eval.pql.expressions import Expr
from omaha_eval.pql.types import SHARES, Type

__all__ = ["PROBABILITY", "SHARE", "Moments", "Tally", "estimate", "merge_strata", "tally_block"]


@dataclass
class Moments:
    """Sums of a = w k x over the kept trials: A = sum a, S_aa = sum a^2,
    S_ab = sum a b (b = w k)."""

    a: float = 0.0
    aa: float = 0.0
    ab: float = 0.0

    def add(self, other: Moments) -> Moments:
        return Moments(self.a + other.a, self.aa + other.aa, self.ab + other.ab)

    def scaled(self, c: float) -> Moments:
        return Moments(self.a * c, self.aa * c * c, self.ab * c * c)


@dataclass
class Tally:
    """One stratum's sums for one statement: its trials and their weight,
    the kept trials (count, B = sum b, S_bb = sum b^2), and per selector its
    moments (avg, count), per-value moments (histogram) or extreme (min,
    max)."""

    trials: int = 0
    weight: float = 0.0
    kept: int = 0
    b: float = 0.0
    bb: float = 0.0
    columns: list[Any] = field(default_factory=list)

    def add(self, other: Tally) -> Tally:
        if not self.columns:
            return other
        if not other.columns:
            return self
        columns: list[Any] = []
        for mine, theirs in zip(self.columns, other.columns, strict=True):
            if isinstance(mine, Moments):
                columns.append(mine.add(theirs))
            elif isinstance(mine, dict):
                merged = dict(mine)
                for value, m in theirs.items():
                    merged[value] = merged[value].add(m) if value in merged else m
                columns.append(merged)
            else:  # an extreme: (kind, value or None)
                kind, a = mine
                b = theirs[1]
                best = a if b is None else b if a is None else (max if kind == "max" else min)(a, b)
                columns.append((kind, best))
        return Tally(
            self.trials + other.trials,
            self.weight + other.weight,
            self.kept + other.kept,
            self.b + other.b,
            self.bb + other.bb,
            columns,
        )

    def scaled(self, c: float) -> Tally:
        """Every weight times c (a stratum's weights to a total of its trials)."""
        columns: list[Any] = []
        for col in self.columns:
            if isinstance(col, Moments):
                columns.append(col.scaled(c))
            elif isinstance(col, dict):
                columns.append({v: m.scaled(c) for v, m in col.items()})
            else:
                columns.append(col)
        return Tally(self.trials, self.weight * c, self.kept, self.b * c, self.bb * c * c, columns)


def _dot(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> float:
    """a . b without BLAS: OpenBLAS runs long dot products on threads that
    spin after the call, taking a core from the other workers."""
    return float(np.einsum("i,i->", a, b))


def tally_block(selectors: Sequence[tuple[str, Expr]], where: Expr | None, block: Block) -> Tally:
    """The sums of one block (block.py's Block) for a statement's selectors
    (aggregate, expression) and its where clause."""
    w = block.deals.weights
    rows = np.flatnonzero(w > 0).astype(np.int64)
    if where is not None and len(rows):
        rows = rows[where.evaluate(block, rows).astype(bool)]
    b = w[rows]
    columns: list[Any] = []
    for aggregate, expr in selectors:
        if not len(rows):
            columns.append(
                {}
                if aggregate == "histogram"
                else (aggregate, None)
                if aggregate in ("min", "max")
                else Moments()
            )
            continue
        x = expr.evaluate(block, rows)
        if aggregate in ("avg", "count"):
            x = x.astype(np.float64)
            a = b * x
            columns.append(Moments(float(a.sum()), _dot(a, a), _dot(a, b)))
        elif aggregate == "histogram":
            columns.append(_histogram(x, b))
        else:
            value = x.max() if aggregate == "max" else x.min()
            columns.append((aggregate, value.item()))
    return Tally(len(w), float(w.sum()), len(rows), float(b.sum()), _dot(b, b), columns)


# Whole-number values below this are histogrammed by counting, not sorting.
SMALL_VALUES = 1 << 16


def _histogram(x: npt.NDArray[Any], b: npt.NDArray[np.float64]) -> dict[Any, Moments]:
    """Per distinct value v: the moments of a = b [x = v] (a b = a^2)."""
    if x.dtype.kind in "biu" and len(x) and x.min() >= 0 and x.max() < SMALL_VALUES:
        # small whole numbers (hand types, ranks, ratings...): counted in
        # place, without unique's sort
        codes = x.astype(np.intp)
        a = np.bincount(codes, weights=b)
        aa = np.bincount(codes, weights=b * b)
        values = np.flatnonzero(np.bincount(codes))
        a, aa = a[values], aa[values]
    else:
        found = np.unique(x, return_inverse=True)  # (not unpacked: mypy 1.10 to 2.0 crash on it)
        values = found[0]
        inverse = found[1].ravel()
        a = np.bincount(inverse, weights=b, minlength=len(values))
        aa = np.bincount(inverse, weights=b * b, minlength=len(values))
    return {
        v.item(): Moments(float(s), float(q), float(q))
        for v, s, q in zip(values, a, aa, strict=True)
    }


def merge_strata(strata: Sequence[Tally]) -> list[Tally]:
    """The strata with their weights scaled to a total of 1 each: a
    pattern's boards count alike, each by the distribution of its deals
    given that board, as equity() weighs them (engine/patterns.py), whether
    a board was enumerated (its weight: its deals' weights) or sampled (the
    sampler's weights of its trials; every board the same trials).  A
    common factor changes neither an estimate nor its error, so one stratum
    is left as it is (its figures then equal equity()'s to the last digit)."""
    if len(strata) < 2:
        return list(strata)
    return [s.scaled(1.0 / s.weight) if s.weight > 0 else s for s in strata]


# What a selector's values are, for the floor of its estimate's error.
PROBABILITY, SHARE = "probability", "share"


def bounded(aggregate: str, t: Type) -> str | None:
    """What a selector's values are, for its estimate's error (`estimate`):
    PROBABILITY for a count, a histogram's bars and an average of a
    boolean (each trial 0 or 1), SHARE for an average of other shares
    (equities, fractions: values in [0, 1]), None for the rest."""
    if aggregate in ("count", "histogram") or (aggregate == "avg" and t is Type.BOOL):
        return PROBABILITY
    return SHARE if aggregate == "avg" and t in SHARES else None


def estimate(
    strata: Sequence[Tally],
    column: int,
    key: tuple[Any, ...] = (),
    exact: bool = False,
    bounded: str | None = None,
) -> tuple[float | None, float]:
    """(R, its standard error) of a column (a histogram's values `key`, a
    tuple of them counted as one) over the strata: None when no trial was
    kept; error 0 when exact.  `bounded` (what the column's values are:
    `bounded()`): a probability's error is never below binomial_stderr of
    the kept trials (their effective number, for weighted trials: the far
    side of its Wilson interval, so that a count seen once or never is not
    shown as nearly known), a share's never below rare_floor (a share seen
    0 or n times is not shown as certain)."""
    B = sum(s.b for s in strata)
    if B <= 0:
        return None, math.nan
    R, error = _ratio_estimate(strata, column, key, exact, B)
    if bounded and not exact and math.isfinite(error):
        kept = B * B / sum(s.bb for s in strata)  # Kish's effective number
        floor = binomial_stderr(R, kept) if bounded == PROBABILITY else rare_floor(kept)
        error = max(error, float(floor))
    return R, error


def _ratio_estimate(
    strata: Sequence[Tally], column: int, key: tuple[Any, ...], exact: bool, B: float
) -> tuple[float, float]:
    """The ratio estimate R = A / B of the column and its standard error
    (linearised, summed over the strata)."""

    def moments(s: Tally) -> Moments:
        col = s.columns[column] if s.columns else Moments()
        if isinstance(col, dict):
            found = Moments()
            for k in key:  # disjoint values: their moments add
                found = found.add(col.get(k, Moments()))
            return found
        return col if isinstance(col, Moments) else Moments()

    R = sum(moments(s).a for s in strata) / B
    if exact:
        return R, 0.0
    variance = 0.0
    for s in strata:
        n = s.trials
        if n < 2:
            return R, math.nan
        m = moments(s)
        spread = m.aa - 2 * R * m.ab + R * R * s.bb - (m.a - R * s.b) ** 2 / n
        variance += max(spread, 0.0) * n / (n - 1)
    return R, math.sqrt(variance) / B
