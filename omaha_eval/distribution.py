"""Equity distributions: the equity of every combo of a range against the
other player of a heads-up spot.

On a flop, a turn or a river this is exact (``solver.street_equity``, every
runout with exact card removal).  Preflop every combo is a Monte Carlo run
of its own through ``equity()``, seeded from `seed` and the combo's row, so
the whole distribution reproduces from one seed.

>>> d = equity_distribution("AA:$ds", "KK", board="Kh 7d 2c")
>>> d.method, len(d.combos) == len(d.equity), bool(d.equity.max() <= 1)
('exact', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray, FloatArray, quote
from omaha_eval.cards import format_cards
from omaha_eval.engine.players import read_players
from omaha_eval.engine.seeds import seed_value
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.games import game as read_game

__all__ = ["PREFLOP_TRIALS", "EquityDistribution", "equity_distribution"]

# Monte Carlo trials per combo preflop (a standard error of about 1% each).
PREFLOP_TRIALS = 2_000


@dataclass(frozen=True)
class EquityDistribution:
    """Each combo of the hero's range with its weight and its equity against
    the villain (hand or range); arrays aligned with ``combos``.

    - ``combos`` (K, k) and ``weights`` (K): the hero's hands after card
      removal and their relative weights;
    - ``equity``, ``scoop``: each combo's expected pot share and scoop
      probability against the villain;
    - ``live_weight``: the villain weight dealt against each combo (card
      removal); the range's own equity is the mean of ``equity`` weighted
      by ``weights * live_weight`` (:attr:`range_equity`);
    - ``stderr``: 0 when exact, else each combo's Monte Carlo standard error;
    - ``method``, ``board``, ``game``, ``hero``, ``villain``: how and what.
    """

    combos: CardArray
    weights: FloatArray
    equity: FloatArray
    scoop: FloatArray
    live_weight: FloatArray
    stderr: FloatArray
    method: Literal["exact", "monte-carlo"]
    board: str
    game: str
    hero: str
    villain: str

    @property
    def range_equity(self) -> float:
        """The hero range's equity: its combos' equities, each weighted by its
        weight and by the villain weight dealt against it."""
        w = self.weights * self.live_weight
        return float(np.sum(w * self.equity) / np.sum(w))

    def curve(self) -> tuple[FloatArray, FloatArray]:
        """The distribution curve: combos sorted by equity, best first; x is
        the share of the range (by weight) at or above each combo's equity,
        taken at the middle of the combo's own share, y its equity."""
        order = np.argsort(-self.equity, kind="stable")
        w = (self.weights * self.live_weight)[order]
        share = w / w.sum()
        x: FloatArray = np.cumsum(share) - share / 2
        y: FloatArray = self.equity[order]
        return x, y


def _label(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    text = getattr(value, "text", None)
    if isinstance(text, str):
        return text
    if _checks.ndim(value) == 1:
        return format_cards(np.asarray(value))
    return "range"


def equity_distribution(
    hero: Any,
    villain: Any,
    board: Any = "",
    *,
    game: Any = "omaha8",
    hole_cards: int | None = None,
    trials: int = PREFLOP_TRIALS,
    seed: Any = None,
    threads: int | None = None,
) -> EquityDistribution:
    """The equity of every combo of `hero` (a range: text, a Range, (combos,
    weights), or a single hand) against `villain` (a hand, a range or "*"),
    heads-up, on `board` (none, or 3 to 5 cards).

    Exact on a flop, turn or river (omaha_eval.street_equity); preflop, a
    seeded Monte Carlo run of `trials` trials per combo (reproducible from
    `seed`, whatever `threads`).  Both players are read as everywhere else
    (omaha_eval.engine.players).  A list of several villains is refused:
    distributions are heads-up.
    """
    if isinstance(villain, (list, tuple)) and len(villain) != 2 and not _is_hand_list(villain):
        raise OmahaEvalError(
            f"villain: an equity distribution is heads-up (one hero range against one "
            f"villain); got {len(villain)} villains"
        )
    the_game = read_game(game)
    b = _checks.card_set(board, "board", (0, 3, 4, 5))
    (h, v), k = read_players([hero, villain], hole_cards, game=the_game)
    if len(b) == 0:
        return _preflop(h, v, k, the_game.name, trials, seed, threads, hero, villain)
    from omaha_eval.solver import street_equity  # here: the solver imports the engine too

    hero_side = _weighted(h, k)
    villain_side = _weighted(v, k)
    r = street_equity(b, hero_side, villain_side, game=the_game.name, threads=threads)
    kept = _rows_kept(h.combos, r.hero_combos)
    weights = h.weights[kept] if h.kind == "range" else np.ones(len(kept))
    live = np.nan_to_num(r.live_weight)
    dealt = live > 0
    return EquityDistribution(
        combos=r.hero_combos[dealt],
        weights=weights[dealt],
        equity=r.equity[dealt],
        scoop=r.scoop[dealt],
        live_weight=live[dealt],
        stderr=np.zeros(int(dealt.sum())),
        method="exact",
        board=format_cards(b),
        game=the_game.name,
        hero=_label(hero),
        villain=_label(villain),
    )


def _is_hand_list(value: Any) -> bool:
    """A list of card ids (one hand), not a list of players."""
    return all(_checks.is_int(c) for c in value)


class _Side:
    """A player as street_equity reads a weighted set of hands."""

    def __init__(self, combos: CardArray, weights: FloatArray) -> None:
        self.combos, self.weights = combos, weights


def _weighted(player: Any, k: int) -> _Side:
    if player.kind == "random":
        from omaha_eval.ranges import all_hands

        hands = np.ascontiguousarray(all_hands(k))
        return _Side(hands, np.ones(len(hands)))
    return _Side(player.combos, player.weights)


def _rows_kept(given: CardArray, kept: CardArray) -> npt.NDArray[np.intp]:
    """Positions in `given` of the rows street_equity kept (order kept)."""
    index = {tuple(row): i for i, row in enumerate(given.tolist())}
    return np.array([index[tuple(row)] for row in kept.tolist()], dtype=np.intp)


def _preflop(h: Any, v: Any, k: int, game: str, trials: Any, seed: Any, threads: Any,
             hero: Any, villain: Any) -> EquityDistribution:  # fmt: skip
    from omaha_eval.equity import equity

    trials = _checks.count(trials, "trials", 2)
    base = seed_value(seed)
    if h.kind == "random":
        raise OmahaEvalTypeError(
            f"hero: a distribution needs a range or a hand, got a random hand {quote(hero)}"
        )
    villain_player = v.combos[0] if v.kind == "hand" else ("*" if v.kind == "random" else
                                                           (v.combos, v.weights))  # fmt: skip
    rows, weights, eq, scoop, live, se = [], [], [], [], [], []
    for i, (combo, w) in enumerate(zip(h.combos, h.weights, strict=True)):
        try:
            r = equity(
                [combo, villain_player], game=game, trials=trials, exact=False, threads=threads,
                seed=np.random.SeedSequence(base, spawn_key=(i,)), hole_cards=k,
            )  # fmt: skip
        except OmahaEvalError:
            continue  # no villain hand can be dealt against this combo
        rows.append(combo)
        weights.append(w)
        eq.append(r.players[0].equity)
        scoop.append(r.players[0].scoop)
        se.append(r.players[0].stderr)
        live.append(1.0 if v.kind != "range" else _live(combo, v.combos, v.weights))
    if not rows:
        raise OmahaEvalError("villain: no villain hand can be dealt against any hero combo")
    return EquityDistribution(
        combos=np.array(rows, dtype=np.uint8),
        weights=np.array(weights),
        equity=np.array(eq),
        scoop=np.array(scoop),
        live_weight=np.array(live),
        stderr=np.array(se),
        method="monte-carlo",
        board="",
        game=game,
        hero=_label(hero),
        villain=_label(villain),
    )


def _live(combo: CardArray, combos: CardArray, weights: FloatArray) -> float:
    """The villain weight that shares no card with one hero combo."""
    clash = np.isin(combos, combo).any(axis=1)
    return float(weights[~clash].sum())
