"""The exact counts behind an exact equity result, for readers who want the
proof rather than a float: how many deals were counted, in how many of
them each event happened, and each pot share as a fraction.

An exact run counts every deal (every runout of the board, and for ranges
or random hands every combination of hands that shares no card; its
`trials`).  When every deal weighs the same (hands, random hands, ranges of
one weight), a probability times the deals is the number of deals in which
the event happened, and a pot share times the deals is the pots won: per
deal a half pot or a whole one split among at most n tied players
(docs/rules.md), so a multiple of 1 / (2 lcm(1..n)) of a pot.  The engine
sums whole counts of outcomes (the C loops' histogram, at most 4**n cells,
in at most 64 parts), so a figure is within a few units in the last place
of its exact value; that is close enough to name the count or the fraction
without doubt while (4**n + 64) float epsilons of the count stay far below
half of its unit (`resolvable`).  Otherwise (weighted ranges, board
patterns, Monte Carlo, too many deals for the floats) there is no `exact`
block.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from typing import Any

import numpy as np

from omaha_eval.engine.question import Question
from omaha_eval.engine.results import DEAL_FIGURES, FIGURES, EquityResult

__all__ = ["POT_SHARES", "exact_counts", "resolvable"]

# The figures that are fractions of the pot; every other figure of a player
# (but its standard error) is a probability over the deals.
POT_SHARES = ("equity", "hi_share", "lo_share")
_EVENTS = tuple(f.name for f in FIGURES if f.name not in (*POT_SHARES, "stderr"))
_DEAL_EVENTS = tuple(f.name for f in DEAL_FIGURES)
# The engine's error in a figure, in float epsilons of the count: its
# histogram cells and the parts added, with room to spare.
_ERROR_EPSILONS = 64 + 8


def _pot_unit(players: int) -> int:
    """The denominator every deal's pot share divides: a half pot split
    among 1..n players (or a whole one among them)."""
    return 2 * math.lcm(*range(1, players + 1))


def resolvable(deals: int, players: int) -> bool:
    """Whether figures of an exact run of `deals` equally weighted deals
    name their counts and pot fractions beyond doubt."""
    error = (
        ((1 << 2 * players) + _ERROR_EPSILONS) * sys.float_info.epsilon * deals * _pot_unit(players)
    )
    return error < 0.25


def _uniform(question: Question) -> bool:
    """Every deal weighs the same: no board pattern, and each player's
    hands (one hand, every hand, or a range) of one weight."""
    if question.patterned:
        return False
    return all(
        len(p.weights) == 0 or bool(np.all(p.weights == p.weights[0])) for p in question.players
    )


def _count(probability: float, deals: int) -> int:
    return round(probability * deals)


def _fraction(share: float, deals: int, unit: int) -> str:
    """A pot share as the exact fraction of a pot it is, in lowest terms."""
    return str(Fraction(round(share * deals * unit), deals * unit))


def exact_counts(result: EquityResult, question: Question) -> dict[str, Any] | None:
    """``{"deals", "players": [{share: "p/q", event: count, "breakdown":
    {name: count}}], deal event: count}`` of an exact run whose deals weigh
    the same, else None (module docstring)."""
    deals, n = result.trials, len(result.players)
    if result.method != "exact" or not _uniform(question) or not resolvable(deals, n):
        return None
    unit = _pot_unit(n)
    players = []
    for p in result.players:
        figures: dict[str, Any] = {s: _fraction(getattr(p, s), deals, unit) for s in POT_SHARES}
        figures.update({e: _count(getattr(p, e), deals) for e in _EVENTS})
        figures["breakdown"] = {name: _count(share, deals) for name, share in p.breakdown.items()}
        players.append(figures)
    deal = {e: _count(getattr(result, e), deals) for e in _DEAL_EVENTS}
    return {"deals": deals, "players": players, **deal}
