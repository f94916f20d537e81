"""Queries that reduce to equity: a statement whose every column is a
figure of ``equity()`` (``avg(riverEquity(p))``, ``count(winsHi(p))``,
``count(scoops(p))`` ...) and that keeps every deal (no ``where``) asks
what the equity engine counts, so an exact run of it takes the engine's
exact kernels through the one plan (engine/plan.py): heads-up with a range,
the showdown sweep (engine/sweep.py), not an enumeration of every pair of
hands.  The figures are the same: each column's mean is the engine's mean
of the same figure over the same deals with the same weights.
"""

from __future__ import annotations

import omaha_eval._core as _core
from omaha_eval.engine import Plan, Spot, Sums, spot_sums
from omaha_eval.pql.aggregates import Moments, Tally
from omaha_eval.pql.check import Prepared
from omaha_eval.pql.expressions import Apply

__all__ = ["EQUITY_COLUMNS", "equity_columns", "equity_tally"]

# A showdown function of one player, by the aggregate that reads it: the
# engine's sums (src_c/oe_equity.h's columns) its mean is the mean of.
EQUITY_COLUMNS: dict[tuple[str, str], tuple[str, ...]] = {
    ("avg", "riverEquity"): ("hi_share", "lo_share"),
    ("count", "winsHi"): ("hi_win",),
    ("count", "tiesHi"): ("hi_tie",),
    ("count", "winsLo"): ("lo_win",),
    ("count", "tiesLo"): ("lo_tie",),
    ("count", "scoops"): ("scoop",),
    ("count", "quartered"): ("quartered",),
}


def equity_columns(prep: Prepared) -> list[tuple[int, tuple[str, ...]]] | None:
    """Each column's player and the engine's sums its value is the mean of,
    or None when the statement does not reduce to equity (a where clause,
    another aggregate or function, an argument that is not a player)."""
    if prep.where is not None:
        return None
    columns = []
    for aggregate, expr in prep.selectors:
        if not isinstance(expr, Apply) or len(expr.args) != 1:
            return None
        sums = EQUITY_COLUMNS.get((aggregate, expr.function.name))
        player = expr.args[0]
        if sums is None or not isinstance(player, int) or isinstance(player, bool):
            return None
        columns.append((player, sums))
    return columns


def equity_tally(prep: Prepared, spot: Spot, plan: Plan) -> Tally:
    """The statement's exact tally from the engine's sums of the spot (by
    the plan's kernel): every deal kept, each column's sum the weight times
    its figure (the moments of order two are not read by an exact run)."""
    columns = equity_columns(prep)
    assert columns is not None, "the plan takes this way only for a statement that reduces"
    sums: Sums = spot_sums(spot, plan)
    total = sums.total
    moments: list[object] = [
        Moments(float(sum(sums.sums[p, _core.SUM_COLUMNS[name]] for name in names)))
        for p, names in columns
    ]
    return Tally(sums.count, total, sums.count, total, 0.0, moments)
