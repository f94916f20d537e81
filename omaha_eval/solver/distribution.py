"""Equity distributions: the equity of every combo of a range against the
other player of a heads-up spot.

On a flop, a turn or a river this is exact (the street kernel of
``solver.street_equity``: every runout with exact card removal); over a
board pattern, each combo's equity is its mean over every matching board
it can be dealt on, weighted by the villain weight dealt against it there.
Preflop every combo is a Monte Carlo run of its own (the equity engine's),
a part of one run on the engine's parts driver with its own streams under
`seed`, so the whole distribution reproduces from one seed whatever the
threads.  The players and the board are read
once, as everywhere (engine/question.py), and checked as ``equity()``
checks them, with the same words.

>>> d = equity_distribution("AA:$ds", "KK", board="Kh 7d 2c")
>>> d.method, len(d.combos) == len(d.equity), bool(d.equity.max() <= 1)
('exact', True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval import _display, _documents
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.cards import format_hands
from omaha_eval.engine import (
    BLOCK_TRIALS,
    Sums,
    boards,
    dealable,
    kernel_of,
    run_parts,
    sample_equity_part,
)
from omaha_eval.engine.plan import TRIAL_WORK, Plan, check_sampling_work, read_options
from omaha_eval.engine.players import Player
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.report import shown_text
from omaha_eval.engine.results import figure
from omaha_eval.engine.spot import Seat, live_rows, prepare
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.solver.sides import seat_rows
from omaha_eval.solver.street import street_shares
from omaha_eval.streets import STREET_BOARDS
from omaha_eval.types import Board, GameName, Seed
from omaha_eval.types import Player as PlayerInput  # engine.players.Player: a player as read

__all__ = ["PREFLOP_TRIALS", "EquityDistribution", "distribution_of", "equity_distribution"]

# Monte Carlo trials per combo preflop (a standard error of about 1% each).
PREFLOP_TRIALS = 2_000
# Board sizes a distribution is drawn on: preflop, a flop, a turn, a river.
BOARD_SIZES = STREET_BOARDS
_NONE = np.zeros(0, np.uint8)  # no cards (no board preflop, no dead cards)
_NO_DEAL = "no villain hand can be dealt against any hero combo"


@dataclass(frozen=True, repr=False)
class EquityDistribution(_display.RowsShown):
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
    equity: FloatArray = field(metadata=figure("equity"))
    scoop: FloatArray = field(metadata=figure("scoop"))
    live_weight: FloatArray = field()
    stderr: FloatArray = field(metadata=figure("stderr"))
    method: Literal["exact", "monte-carlo"] = field()
    board: str = field()
    game: str = field()
    hero: str = field()
    villain: str = field()

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

    _rows_word = "combos"  # str() and _repr_html_: _display.RowsShown
    _html_kind = "omaha-eval-distribution"

    def _table_parts(self) -> tuple[list[str], list[str], _display.Row, int]:
        n = len(self.combos)
        summary = [
            f"EquityDistribution: {shown_text(self.hero)} against {shown_text(self.villain)}, "
            f"board {self.board or '(none)'}, {self.game}, {self.method}",
            f"{n:,} combo{'' if n == 1 else 's'}, range equity "
            f"{_display.share(self.range_equity) if n else 'n/a'}",
        ]
        exact = self.method == "exact"
        header = ["hand", "weight", "equity", "scoop", *([] if exact else ["± stderr"])]
        header.append("live weight")

        def row(i: int) -> list[str]:
            cells = [format_hands(self.combos[i : i + 1])[0], f"{self.weights[i]:.6g}"]
            cells += [_display.share(self.equity[i]), _display.share(self.scoop[i])]
            if not exact:
                cells.append(_display.share(self.stderr[i]))
            return [*cells, f"{float(self.live_weight[i]):,.6g}"]

        return summary, header, row, n

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per combo: ``hand`` (its text, best
        card first), ``weight``, ``equity``, ``scoop``, ``live_weight`` and
        ``stderr``, the arrays' values; ``attrs`` holds ``method``,
        ``board``, ``game``, ``hero``, ``villain`` and ``range_equity``.
        Needs pandas."""
        columns = {"hand": format_hands(self.combos), "weight": self.weights}
        for name in ("equity", "scoop", "live_weight", "stderr"):
            columns[name] = getattr(self, name)
        how = {name: getattr(self, name) for name in ("method", "board", "game", "hero", "villain")}
        how["range_equity"] = self.range_equity if len(self.combos) else float("nan")
        return _display.frame("EquityDistribution", columns, how)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: each array as a list (``combos`` rows of card
        ids; NaN as None) and the run's text fields;
        ``EquityDistribution.from_dict`` reads it back."""
        return _documents.array_document(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EquityDistribution:
        """The result ``to_dict()`` wrote, with its arrays."""
        return _documents.from_document(cls, data, cards=("combos",))


def equity_distribution(
    hero: PlayerInput,
    villain: PlayerInput,
    board: Board = "",
    *,
    game: GameName = "omaha8",
    hole_cards: int | None = None,
    trials: int = PREFLOP_TRIALS,
    seed: Seed = None,
    threads: int | None = None,
) -> EquityDistribution:
    """The equity of every combo of `hero` (a range: text, a Range, (combos,
    weights), or a single hand) against `villain` (a hand, a range or "*"),
    heads-up, on `board` (none, 3 to 5 cards, or a board pattern such as
    ``"sss"``).

    Exact on a flop, turn or river (omaha_eval.street_equity); preflop, a
    seeded Monte Carlo run of `trials` trials per combo (reproducible from
    `seed`, whatever `threads`).  Both players are read as everywhere else
    (omaha_eval.engine.players).  A list of several villains is refused:
    distributions are heads-up.
    """
    if isinstance(villain, list) and villain and not all(_checks.is_int(c) for c in villain):
        raise OmahaEvalError(
            f"an equity distribution is heads-up (one hero range against one "
            f"villain); got {len(villain)} villains",
            param="villain",
        )
    options = read_options(trials=trials, seed=seed, threads=threads, min_trials=2)
    assert options.trials is not None
    question = read_question(
        [hero, villain],
        board,
        game=game,
        hole_cards=hole_cards,
        board_sizes=BOARD_SIZES,
        names=("hero", "villain"),
    )
    return distribution_of(
        question, 0, trials=options.trials, seed=options.seed, threads=options.threads
    )


def distribution_of(
    question: Question, index: int, *, trials: int = PREFLOP_TRIALS, seed: int = 0, threads: int = 1
) -> EquityDistribution:
    """The distribution of player `index` of a heads-up question as read
    (the command line's ``--plot`` draws the question it has answered)."""
    if len(question.players) != 2:
        raise OmahaEvalError(
            f"an equity distribution is heads-up, got {len(question.players)} players",
            param="players",
        )
    hero, villain = question.players[index], question.players[1 - index]
    names = ("hero", "villain")
    if hero.kind == "random":
        raise OmahaEvalTypeError(
            f"a distribution needs a range or a hand, got a random hand {quote(hero.label)}",
            param="hero",
            value=hero.label,
        )
    if isinstance(question.dead, boards.CardPattern) or len(question.dead):
        raise OmahaEvalError("equity distributions take no dead cards", param="dead")
    if isinstance(question.board, boards.CardPattern):
        pairs = boards.scenarios(question.board, question.dead, [hero, villain])
        return _over_boards(question, hero, villain, [b for b, _ in pairs], threads)
    if len(question.board) == 0:
        each = Plan(exact=False, trials=trials, target_stderr=None, seed=seed, threads=threads)
        combos = len(hero.combos)
        check_sampling_work(
            each, TRIAL_WORK, True, f" for each of the {combos:,} hero hands", runs=combos
        )
        return _preflop(question, hero, villain, each)
    spot = prepare([hero, villain], question.k, question.board, _NONE, question.game, names)
    h, v = spot.seats
    eq, scoop, live = _street(question, question.board, h, v, spot.known, threads)
    return _exact(question, hero, villain, h.combos, h.weights, eq, scoop, live)


def _exact(
    question: Question,
    hero: Player,
    villain: Player,
    combos: CardArray,
    weights: FloatArray,
    equity: FloatArray,
    scoop: FloatArray,
    live: FloatArray,
) -> EquityDistribution:
    """The exact distribution of the hero's combos that can be dealt (live
    weight above 0; an error when none can)."""
    dealt = live > 0
    if not dealt.any():
        raise OmahaEvalError(_NO_DEAL, param="villain")
    return EquityDistribution(
        combos=combos[dealt],
        weights=weights[dealt],
        equity=equity[dealt],
        scoop=scoop[dealt],
        live_weight=live[dealt],
        stderr=np.zeros(int(dealt.sum())),
        method="exact",
        board=boards.board_text(question.board),
        game=question.game.name,
        hero=hero.label,
        villain=villain.label,
    )


def _street(
    question: Question, board: CardArray, h: Seat, v: Seat, known: int, threads: int
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """(equity, scoop, live weight) of each hero seat row on one board; the
    kernel removes the villain hands that clash with each hero hand."""

    rows, weights = seat_rows(v, question.k, known)
    r = street_shares(board, h.combos, rows, weights, question.game.code, threads)
    live = np.nan_to_num(r.live_weight)
    dealt = live > 0  # elsewhere the shares are NaN: no deal
    return np.where(dealt, r.equity, 0.0), np.where(dealt, r.scoop, 0.0), live


def _over_boards(
    question: Question, hero: Player, villain: Player, boards_list: list[CardArray], threads: int
) -> EquityDistribution:
    """A board pattern: each hero combo's equity over every board it can be
    dealt on, weighted by the villain weight dealt against it there, each
    board's deal weights scaled to a total of 1, so that every board counts
    alike, as in ``equity()`` over a pattern (the range's equity is then
    the mean of its equity on each board)."""
    rows = hero.combos
    index = {tuple(r): i for i, r in enumerate(rows.tolist())}
    eq_sum, scoop_sum, live_sum = (np.zeros(len(rows)) for _ in range(3))
    for board in boards_list:
        try:
            spot = prepare(
                [hero, villain], question.k, board, _NONE, question.game, ("hero", "villain")
            )
        except OmahaEvalError:
            continue  # this board cannot be dealt with these players
        h, v = spot.seats
        eq, scoop, live = _street(question, board, h, v, spot.known, threads)
        at = np.array([index[tuple(r)] for r in h.combos.tolist()], dtype=np.intp)
        live = live / float(np.sum(hero.weights[at] * live))
        np.add.at(eq_sum, at, live * eq)
        np.add.at(scoop_sum, at, live * scoop)
        np.add.at(live_sum, at, live)
    with np.errstate(invalid="ignore", divide="ignore"):  # where live_sum is 0: not dealt
        eq, scoop = eq_sum / live_sum, scoop_sum / live_sum
    return _exact(question, hero, villain, rows, hero.weights, eq, scoop, live_sum)


def _preflop_combo(
    question: Question, hero: Player, villain: Player, i: int, part: Plan
) -> tuple[Sums, float] | None:
    """Hero combo i's Monte Carlo against the villain, preflop, with its own
    plan (None: no villain hand can be dealt against it)."""
    one = Player("hand", hero.label, hero.combos[i].reshape(1, -1), np.ones(1))
    try:
        spot = prepare([one, villain], question.k, _NONE, _NONE, question.game, ("hero", "villain"))
    except OmahaEvalError:
        return None
    c_spot = spot.c_spot(exact=False)
    if not dealable(c_spot):
        return None
    # fixed blocks: a distribution's parts have no target (trusted unused)
    return sample_equity_part(spot, c_spot, part, BLOCK_TRIALS, BLOCK_TRIALS, BLOCK_TRIALS)


def _preflop(question: Question, hero: Player, villain: Player, plan: Plan) -> EquityDistribution:
    """Every combo a Monte Carlo run of its own: combo i a part of one run
    on the engine's parts driver, with its own streams (i, b) under the
    seed, the parts on the plan's threads."""
    kernel = kernel_of(partial(_preflop_combo, question, hero, villain))
    rows, weights, eq, scoop, live, se = [], [], [], [], [], []
    for i, done in run_parts(kernel, range(len(hero.combos)), plan, per_job=8):
        if done is None:
            continue
        sums, stderr = done
        combo_cards = hero.combos[i]
        rows.append(combo_cards)
        weights.append(hero.weights[i])
        eq.append(float(sums.equity()[0]))
        scoop.append(float(sums.means("scoop")[0]))
        se.append(stderr)
        # the villain weight dealt against this combo, in the range's own units
        clear = live_rows(villain.combos, _checks.card_mask(combo_cards))
        live.append(float(villain.weights[clear].sum()) if villain.kind == "range" else 1.0)
    if not rows:
        raise OmahaEvalError(_NO_DEAL, param="villain")
    return EquityDistribution(
        combos=np.array(rows, dtype=np.uint8),
        weights=np.array(weights),
        equity=np.array(eq),
        scoop=np.array(scoop),
        live_weight=np.array(live),
        stderr=np.array(se),
        method="monte-carlo",
        board="",
        game=question.game.name,
        hero=hero.label,
        villain=villain.label,
    )
