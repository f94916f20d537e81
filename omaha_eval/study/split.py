"""The hi x lo split of every hand: each combo of the hero's range against
the villains, with its equity, how much of it comes through the high half
and the low half, its scoop, its chance of being quartered and of making a
low.

``split_graph(hero, villains, board, dead)`` is ``equity([hero, *villains],
board, dead)`` taken apart by the hero's combo: every combo of the hero's
range (after card removal) is run as a fixed hand against the villains,
exactly by the equity engine (engine/runner.py), or by seeded Monte Carlo
on one C spot prepared once for the whole graph (_SharedSpot: the villain
range drawn by rejection of the hands that share a card with the combo),
and its figures come from the one figure table (engine/results.py).  The
run's options are read once and the method and the cost bound chosen once
(engine/plan.py) for the whole graph; combo `i` draws from its own
generator, `i` of the graph's key (a combo with too little live villain
weight for rejection: block `b` from the stream ``(i, b)`` of the graph's
seed, engine/seeds.py), so the graph reproduces from its seed whatever the
threads.

The graph's weighted mean is the range's equity: each combo counts with its
range weight times the villain weight that can be dealt against it
(``live_weight``), and

    sum(weights * live_weight * equity) / sum(weights * live_weight)

is ``equity([hero, *villains], board, dead).players[0].equity`` (to the
rounding of the sums when exact), and the same holds for every figure.

>>> g = split_graph("AsAh2c3d, KsKd4c5d@0.5", "7c7d8c9d, QsQc5s6h", board="Kh 7d 2c")
>>> g.method, bool(abs(g.mean("equity") - g.range_equity) < 1e-15)
('exact', True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import _display, _documents
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.cards import format_hands
from omaha_eval.engine import (
    MAX_REJECTS,
    NO_DEAL,
    NO_DEAL_POSSIBLE,
    OVERSHOOT,
    SEED_LIMIT,
    boards,
    exact_sums,
    kernel_of,
    live_weight,
    run_parts,
    sample_equity_part,
    spot_deals_per_pair,
    sweep_outcomes,
    sweep_work,
)
from omaha_eval.engine.boards import CardPattern
from omaha_eval.engine.plan import (
    MIN_TARGET,
    TRIAL_WORK,
    Plan,
    RunOptions,
    check_sampling_work,
    choose,
    read_options,
    read_progress,
)
from omaha_eval.engine.players import Player
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.report import shown_text
from omaha_eval.engine.results import (
    FIGURE_TABLE,
    Sums,
    cell_sums,
    figure,
    player_figures,
    rare_floor,
)
from omaha_eval.engine.spot import Spot, prepare, with_hand
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.hands import row_finder
from omaha_eval.records import json_ready
from omaha_eval.types import Board, DeadCards, GameName, Seed, StopFlag
from omaha_eval.types import Player as PlayerInput  # engine.players.Player: a player as read

__all__ = [
    "COMBO_BLOCK",
    "COMBO_BLOCK_MAX",
    "COMBO_FIRST",
    "COMBO_TARGET_TRIALS",
    "COMBO_TRIALS",
    "COMBO_WORK",
    "SHARED_SPOT_SHARE",
    "SHARE_VARIANCE_MAX",
    "SPLIT_FIGURES",
    "PreparedGraph",
    "SplitGraph",
    "drawn_trials",
    "graph_prototype",
    "prepare_split_graph",
    "split_graph",
]

# The figures of each combo, in column order (their meanings: FIGURE_TABLE).
SPLIT_FIGURES = ("equity", "hi_share", "lo_share", "scoop", "quartered", "makes_low")
# Monte Carlo trials per combo when neither trials nor a target is given
# (a standard error of about 1% of the pot on equity).
COMBO_TRIALS = 2_000
# With a target standard error alone, the most trials a combo may draw.
COMBO_TARGET_TRIALS = 100_000
# A combo's trials are drawn in blocks of at most COMBO_BLOCK_MAX; with a
# target standard error, a first block of COMBO_FIRST, then blocks sized
# from the error so far (at least COMBO_BLOCK) until the target is met.
COMBO_FIRST = 1024
COMBO_BLOCK = 256
COMBO_BLOCK_MAX = 1 << 15
# A sampled combo runs on the graph's shared C spot (its villain range
# drawn by rejection) when at least this share of the range's weight is
# live against it: a trial then draws at most 1 / SHARED_SPOT_SHARE range
# hands on average.
SHARED_SPOT_SHARE = 1 / 32
# A pot share lies in [0, 1], so one trial's varies by at most 1/4: a combo
# meets a target standard error t within about 1/(4 t^2) trials.
SHARE_VARIANCE_MAX = 0.25
# The work of setting up one combo's run (its card removal and its C spot),
# in the units of engine/plan.py: about a millisecond.
COMBO_WORK = 1e5
Masks = npt.NDArray[np.uint64]  # the card masks of a seat's hands
# Combos per job of the thread runner (fixed, whatever the threads).
CHUNK = 64


# SplitGraph.columns() after the combo's text and weight, in order.
_COMBO_COLUMNS = (*SPLIT_FIGURES, "stderr", "trials", "live_weight")


def graph_prototype() -> dict[str, Any]:
    """A one-row table of the columns SplitGraph.columns() has, for reading
    a filter or a sort before the graph is run."""
    return {"hand": ["AsAhKsKh"], **{name: [0.5] for name in ("weight", *_COMBO_COLUMNS)}}


@dataclass(frozen=True)
class SplitGraph:
    """Each combo of the hero's range with its figures against the
    villains; arrays aligned with ``combos``.

    - ``combos`` (K, k) and ``weights`` (K): the hero's hands left after
      card removal and their range weights;
    - ``equity``, ``hi_share``, ``lo_share``, ``scoop``, ``quartered``
      (this hand gets exactly a quarter of the pot), ``makes_low``: each
      combo's figures against the villains (FIGURE_TABLE gives each
      meaning);
    - ``stderr``: each combo's standard error of equity (0 when exact);
      ``trials``: the deals each combo counted, or its trials;
    - ``live_weight``: the villain weight that can be dealt against each
      combo (card removal), in the units of the villain range's weights
      (1 when no villain is a range); the graph's means weigh each combo by
      ``weights * live_weight`` (:meth:`mean`);
    - ``method``, ``seed`` (Monte Carlo: reproduces the graph), ``board``,
      ``dead``, ``game``, ``hero``, ``villains``, ``target_stderr``,
      ``elapsed`` (seconds): how and what.
    """

    combos: CardArray
    weights: FloatArray
    equity: FloatArray = field(metadata=figure("equity"))
    hi_share: FloatArray = field(metadata=figure("hi_share"))
    lo_share: FloatArray = field(metadata=figure("lo_share"))
    scoop: FloatArray = field(metadata=figure("scoop"))
    quartered: FloatArray = field(metadata=figure("quartered"))
    makes_low: FloatArray = field(metadata=figure("makes_low"))
    stderr: FloatArray = field(metadata=figure("stderr"))
    trials: npt.NDArray[np.int64] = field()
    live_weight: FloatArray = field()
    method: Literal["exact", "monte-carlo"] = field()
    seed: int | None = field()
    board: str = field()
    dead: str = field()
    game: str = field()
    hero: str = field()
    villains: tuple[str, ...] = field()
    target_stderr: float | None = field(default=None)
    elapsed: float = field(default=0.0, compare=False)

    @property
    def mass(self) -> FloatArray:
        """Each combo's share of the range's deals: weight times live
        weight, scaled to a total of 1."""
        w: FloatArray = self.weights * self.live_weight
        mass: FloatArray = w / w.sum()
        return mass

    def mean(self, name: str) -> float:
        """The weighted mean of figure `name` over the combos: what
        ``equity()`` reports for the hero on the same spot."""
        return float(np.sum(self.mass * self._figure(name)))

    @property
    def range_equity(self) -> float:
        """The hero range's equity: ``mean("equity")``."""
        return self.mean("equity")

    def _figure(self, name: str) -> FloatArray:
        if name not in SPLIT_FIGURES:
            raise OmahaEvalError(
                f"expected one of {', '.join(SPLIT_FIGURES)}, got {quote(name)}",
                param="figure",
                value=name,
            )
        values: FloatArray = getattr(self, name)
        return values

    def curve(self, name: str = "equity") -> tuple[FloatArray, FloatArray]:
        """The sorted curve of figure `name`: combos sorted by it, best
        first; x is the share of the range (by weight times live weight) at
        or above each combo, taken at the middle of the combo's own share,
        y the figure."""
        values = self._figure(name)
        order = np.argsort(-values, kind="stable")
        share = self.mass[order]
        x: FloatArray = np.cumsum(share) - share / 2
        y: FloatArray = values[order]
        return x, y

    def columns(self) -> dict[str, Any]:
        """Every column by name, a row per combo: ``hand`` (its text),
        ``weight``, the figures, ``stderr``, ``trials``, ``live_weight``."""
        columns: dict[str, Any] = {"hand": format_hands(self.combos), "weight": self.weights}
        for name in _COMBO_COLUMNS:
            columns[name] = getattr(self, name)
        return columns

    def how(self) -> dict[str, Any]:
        """What was asked and how it ran, and the range's mean of each figure."""
        how = {
            name: getattr(self, name)
            for name in ("method", "seed", "board", "dead", "game", "hero", "target_stderr")
        }
        how["villains"] = list(self.villains)
        how["combos"] = len(self.combos)
        how["elapsed"] = self.elapsed
        how["means"] = {name: self.mean(name) for name in SPLIT_FIGURES}
        return how

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data, column-wise: what was asked and how (``how``),
        then ``columns``, each a list with a value per combo (NaN and
        infinities as None)."""
        columns = {name: np.asarray(v).tolist() for name, v in self.columns().items()}
        data: dict[str, Any] = json_ready({**self.how(), "columns": columns})
        return data

    @classmethod
    def from_dict(cls, data: _documents.Document) -> SplitGraph:
        """The graph :meth:`to_dict` wrote (or its JSON read back, NaN as
        None), or the JSON of ``omaha-eval split --json`` (the same, its
        ``columns`` holding the combos chosen, listed in ``rows``).
        ``combos`` (a count), ``means`` and ``rows`` are derived and
        ignored; each hand comes back as its text writes it (best card
        first).  A malformed document raises OmahaEvalError naming the key."""
        run = ("method", "seed", "board", "dead", "game", "hero", "villains", "target_stderr")
        _documents.needs(data, (*run, "columns"))
        names = ("hand", "weight", *SPLIT_FIGURES, "stderr", "trials", "live_weight")
        columns = _documents.needs(data["columns"], names, "data['columns']")

        def at(name: str) -> str:
            return f"data['columns'][{name!r}]"

        combos = _documents.card_rows(columns["hand"], at("hand"))
        n = len(combos)

        def at_least_0(name: str) -> FloatArray:
            values: FloatArray = _documents.numbers(columns[name], np.float64, at(name), 0, None, n)
            return values

        def read(name: str, reader: Callable[..., Any], *args: Any) -> Any:
            return reader(data[name], f"data[{name!r}]", *args)

        return cls(
            combos=combos,
            weights=at_least_0("weight"),
            **{name: _documents.shares(columns[name], at(name), n) for name in SPLIT_FIGURES},
            stderr=at_least_0("stderr"),
            trials=_documents.numbers(columns["trials"], np.int64, at("trials"), 0, None, n),
            live_weight=at_least_0("live_weight"),
            method=read("method", _documents.choice, ("exact", "monte-carlo")),
            seed=read("seed", partial(_documents.optional, _documents.whole), 0, SEED_LIMIT - 1),
            board=read("board", _documents.text),
            dead=read("dead", _documents.text),
            game=read("game", _documents.game_name),
            hero=read("hero", _documents.text),
            villains=read("villains", _documents.texts),
            target_stderr=read(
                "target_stderr", partial(_documents.optional, _documents.real), MIN_TARGET, 1
            ),
            elapsed=_documents.real(data.get("elapsed", 0.0), "data['elapsed']", 0),
        )

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per combo (:meth:`columns`);
        ``attrs`` holds :meth:`how`.  Needs pandas."""
        return _display.frame("SplitGraph", self.columns(), self.how())

    def run_text(self) -> str:
        """How the graph ran, as ``equity()``'s table says it: the method,
        the deals (exact) or trials (Monte Carlo) of each combo, the seed
        that reproduces it, and the time."""
        counts = self.trials.tolist() or [0]
        low, high = min(counts), max(counts)
        each = f"{low:,}" if low == high else f"{low:,} to {high:,}"
        if self.method == "exact":
            return f"exact, {each} deals per combo, {self.elapsed:.2f} s"
        target = self.target_stderr
        aim = "" if target is None else f" to a standard error of {target:g}"
        largest = float(self.stderr.max()) if len(self.stderr) else 0.0
        return (
            f"monte-carlo{aim}, {each} trials per combo, seed {self.seed}, "
            f"largest standard error {100 * largest:.3f}%, {self.elapsed:.2f} s"
        )

    def _table_parts(self) -> tuple[list[str], list[str], _display.Row, int]:
        n = len(self.combos)
        against = ", ".join(shown_text(v) for v in self.villains)
        summary = [
            f"SplitGraph: {shown_text(self.hero)} against {against}, "
            f"board {self.board or '(none)'}, {self.game}, {self.method}",
            f"{n:,} combo{'' if n == 1 else 's'}, range equity {_display.share(self.range_equity)}",
            self.run_text(),
        ]
        exact = self.method == "exact"
        header = ["hand", "weight", *(FIGURE_TABLE[f].label for f in SPLIT_FIGURES)]
        header += [] if exact else ["± stderr"]

        def row(i: int) -> list[str]:
            cells = [format_hands(self.combos[i : i + 1])[0], f"{self.weights[i]:.6g}"]
            cells += [_display.share(float(getattr(self, f)[i])) for f in SPLIT_FIGURES]
            return cells + ([] if exact else [_display.share(float(self.stderr[i]))])

        return summary, header, row, n

    def __str__(self) -> str:
        """What was asked, the range's equity, and the first and last
        combos' figures (never every row: to_pandas() has them all)."""
        return _display.text(*self._table_parts(), "combos")

    def _repr_html_(self) -> str:
        """The same as an HTML table, for notebooks."""
        return _display.html_text("omaha-eval-split", *self._table_parts(), "combos")


def _villain_list(villains: Any) -> list[Any]:
    """`villains` as a list of players: a list is several players unless it
    is one hand's card ids; anything else is one player."""
    if isinstance(villains, list) and villains and not all(_checks.is_int(c) for c in villains):
        return list(villains)
    return [villains]


def split_graph(
    hero: PlayerInput,
    villains: PlayerInput | Sequence[PlayerInput],
    board: Board = "",
    dead: DeadCards = "",
    *,
    exact: bool | None = None,
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: Seed = None,
    threads: int | None = None,
    game: GameName = "omaha8",
    hole_cards: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    stop: StopFlag | None = None,
) -> SplitGraph:
    """The figures of every combo of `hero` (a range or a hand, in any form
    ``equity()`` takes) against `villains` (one player, or a list of them:
    hands, ranges or ``"*"``; at most one of them a range), on `board`
    (0 to 5 known cards) with `dead` cards.

    The players, cards and options are read as ``equity([hero,
    *villains], board, dead, ...)`` reads them, with the same errors (the
    hero is ``players[0]``).  ``exact=None`` enumerates every combo's deals
    when the whole graph's work is small (engine/plan.py) and samples
    otherwise; ``exact=True`` always enumerates (refused above the work
    limit), ``exact=False`` always samples.  Sampling draws `trials` per
    combo (default COMBO_TRIALS), or with `target_stderr` draws each combo
    until its standard error of equity is at most that (`trials` then caps
    each combo, default COMBO_TARGET_TRIALS).  The same `seed` gives the
    same graph for any number of `threads` (default: every core).
    `progress`, if given, is called with the combos done and their number
    as the work goes (exact by the showdown sweep, which settles every combo
    at once: the share of the runouts swept, in combos); setting `stop` (a
    ``threading.Event``) from another thread, like Ctrl-C, ends the run
    with KeyboardInterrupt (a graph has no meaning with combos left out).
    """
    return prepare_split_graph(
        hero,
        villains,
        board,
        dead,
        exact=exact,
        trials=trials,
        target_stderr=target_stderr,
        seed=seed,
        threads=threads,
        game=game,
        hole_cards=hole_cards,
        progress=progress,
        stop=stop,
    ).run()


def prepare_split_graph(
    hero: PlayerInput,
    villains: PlayerInput | Sequence[PlayerInput],
    board: Board = "",
    dead: DeadCards = "",
    *,
    exact: bool | None = None,
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: Seed = None,
    threads: int | None = None,
    game: GameName = "omaha8",
    hole_cards: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    stop: StopFlag | None = None,
) -> PreparedGraph:
    """A split graph read and checked, not yet run: the arguments of
    :func:`split_graph`, each read once (bad input raises here, before any
    work), and ``run()`` computes the combos from what was read without
    reading the players, the board or the dead cards again.  The web page
    starts its graphs so; ``split_graph`` is ``prepare_split_graph(...).run()``."""
    start = time.perf_counter()
    options = read_options(
        exact=exact,
        trials=trials,
        target_stderr=target_stderr,
        seed=seed,
        threads=threads,
        stop=stop,
        progress=progress,
    )
    players = [hero, *_villain_list(villains)]
    question = read_question(players, board, dead, game=game, hole_cards=hole_cards, patterns=False)
    board_cards, dead_cards = question.board, question.dead  # read with patterns=False
    assert not isinstance(board_cards, CardPattern) and not isinstance(dead_cards, CardPattern)
    spot = prepare(question.players, question.k, board_cards, dead_cards, question.game)
    _check_seats(spot)
    h = spot.seats[0]
    for s in spot.seats[1:]:  # contiguous once, not at each combo's card removal
        s.combos = np.ascontiguousarray(s.combos, dtype=np.uint8)
        s.weights = np.ascontiguousarray(s.weights, dtype=np.float64)
    # each villain range's card masks, made once (the hero's seat is each combo in turn)
    masks = [
        None,
        *(_checks.row_masks(s.combos) if s.kind == "range" else None for s in spot.seats[1:]),
    ]
    live = _live_weight(spot)
    dealt = live > 0  # elsewhere no villain hand can be dealt against the combo
    if not dealt.any():
        raise OmahaEvalError(NO_DEAL_POSSIBLE, param="players")
    if not dealt.all():
        h.combos, h.weights, live = h.combos[dealt], h.weights[dealt], live[dealt]
    plan, work = _plan_graph(options, spot, masks)
    read = time.perf_counter() - start
    return PreparedGraph(question, spot, masks, live, plan, options, read, work)


def _check_seats(spot: Spot) -> None:
    """Refuse what a split graph cannot draw: a random hero, or more than
    one villain range."""
    h = spot.seats[0]
    if h.player.kind == "random":
        raise OmahaEvalTypeError(
            f"a split graph needs a range or a hand, got a random hand {quote(h.player.label)}",
            param="players[0]",
            value=h.player.label,
        )
    ranges = [i for i, s in enumerate(spot.seats[1:], 1) if s.kind == "range"]
    if len(ranges) > 1:
        raise OmahaEvalError(
            f"a split graph takes at most one villain range (the others hands or '*'), "
            f"got {len(ranges)}",
            param=f"players[{ranges[1]}]",
        )


def _plan_graph(options: RunOptions, spot: Spot, masks: list[Masks | None]) -> tuple[Plan, float]:
    """The plan of a graph over the hero's dealable combos and its estimated
    work: every combo's enumeration, or the trials each combo will draw
    (checked against the sampling limit)."""
    combos = spot.seats[0].combos
    one = with_hand(spot, 0, 0, masks)
    assert one is not None  # a combo with live weight can be dealt
    per_combo = one.work() + COMBO_WORK
    what = f" for each of the {len(combos):,} hero hands"
    plan = choose(
        options,
        per_combo * len(combos),
        sweep=sweep_work(spot),
        trial_work=None,  # priced below, at what each combo will draw
        default_trials=COMBO_TRIALS,
        target_trials=COMBO_TARGET_TRIALS,
        what=what,
    )
    work = per_combo * len(combos)
    if not plan.exact:
        drawn = replace(plan, trials=drawn_trials(plan))
        check_sampling_work(drawn, TRIAL_WORK * len(combos), options.trials is not None, what)
        work = drawn.trials * TRIAL_WORK * len(combos)
    return plan, work


@dataclass(frozen=True)
class PreparedGraph:
    """A split graph's input as read (prepare_split_graph): the question,
    its spot (the hero's dealable combos), the villains' card masks, the
    villain weight live against each combo, the plan, the run options and
    the seconds reading took (the graph's ``elapsed`` counts them) and the
    run's estimated work (engine/plan.py's units: its enumeration, or the
    trials each combo will draw; a caller may say how long it will take)."""

    question: Question
    spot: Spot
    masks: list[Masks | None]
    live: FloatArray
    plan: Plan
    options: RunOptions
    read_seconds: float
    work: float = 0.0

    def run(self, progress: Callable[[int, int], object] | None = None) -> SplitGraph:
        """The graph (KeyboardInterrupt on Ctrl-C or `stop`, as
        split_graph); `progress`, when given, in place of the one it was
        prepared with."""
        start = time.perf_counter() - self.read_seconds
        question, spot, live, plan = self.question, self.spot, self.live, self.plan
        h = spot.seats[0]
        combos = h.combos
        shown = self.options.progress if progress is None else read_progress(progress)
        if plan.kernel == "sweep":
            figures, trials = _swept(spot, plan, shown)
            stderr = np.zeros(len(trials))
        else:
            sums, stderr = _run(spot, self.masks, live, plan, shown)
            figures = _figures(sums, question)
            trials = np.array([s.count for s in sums], dtype=np.int64)
        method: Literal["exact", "monte-carlo"] = "exact" if plan.exact else "monte-carlo"
        return SplitGraph(
            combos=combos,
            weights=_given_weights(h.player, combos),
            **figures,
            stderr=stderr,
            trials=trials,
            live_weight=live,
            method=method,
            seed=plan.seed,
            board=boards.text(question.board),
            dead=boards.text(question.dead),
            game=question.game.name,
            hero=question.players[0].label,
            villains=tuple(p.label for p in question.players[1:]),
            target_stderr=plan.target_stderr,
            elapsed=time.perf_counter() - start,
        )


def drawn_trials(plan: Plan) -> int:
    """About the most trials a sampled combo draws under `plan`: its trials,
    or with a target standard error t what the stopping rule draws for the
    largest variance a pot share can have (SHARE_VARIANCE_MAX / t^2, aimed
    OVERSHOOT past, and a last block), never past the plan's cap.  A
    target is priced at this, not at the cap, which no combo nears unless
    the target is tiny."""
    if plan.target_stderr is None:
        return plan.trials
    wanted = math.ceil(SHARE_VARIANCE_MAX / plan.target_stderr**2 * OVERSHOOT) + COMBO_BLOCK
    return min(plan.trials, max(COMBO_FIRST, wanted))


def _given_weights(player: Player, rows: CardArray) -> FloatArray:
    """The weights `player` was given for `rows` (some of its hands), in its
    own units: card removal scales a range's weights, not its meaning."""
    if len(player.weights) and (player.weights == player.weights[0]).all():
        # one weight for all (100%, a class without weights): no lookup, whose
        # sorted keys cost 24 bytes a hand of the range (20 M hands of 6 cards)
        return np.full(len(rows), player.weights[0] * player.scale)
    at, _ = row_finder(player.combos)(rows)
    given: FloatArray = player.weights[at] * player.scale
    return given


def _live_weight(spot: Spot) -> FloatArray:
    """The villain weight that can be dealt against each hero combo: the
    weights given to the villain range's combos that share no card with it
    (engine/weights.py; 1 for every combo when no villain is a range: a hand
    is always dealt, and random hands number the same against every combo)."""
    hero = spot.seats[0].combos
    live = np.ones(len(hero))
    for s in spot.seats[1:]:
        if s.player.kind == "range":  # a range card removal left one hand weighs it too
            live = live_weight(s.combos, _given_weights(s.player, s.combos), hero)
    return live


def _swept(
    spot: Spot, plan: Plan, progress: Callable[..., object] | None
) -> tuple[dict[str, FloatArray], npt.NDArray[np.int64]]:
    """Every combo's figures at once, exact, by the showdown sweep
    (heads-up): each combo's deals by outcome against the villain range,
    runout by runout, summed by the one split (engine/results.cell_sums);
    its deals counted as pair enumeration counts them.  Every combo is
    settled at once, so `progress` hears the share of the runouts swept as
    that share of the combos."""
    n = len(spot.seats[0].combos)
    swept = None if progress is None else (lambda done, runouts: progress(done * n // runouts, n))
    sides, outcome, makes_low, _, _ = sweep_outcomes(
        spot, plan.threads, plan.stop, breakdown=False, progress=swept
    )
    sums, deal = cell_sums(outcome, 2)
    with np.errstate(invalid="ignore", divide="ignore"):
        total = deal[:, _core.DEAL_COLUMNS["total"]]
        means = sums[:, 0, :] / total[:, None]
        columns = {name: FIGURE_TABLE[name].c_sum for name in SPLIT_FIGURES}
        figures = {
            name: np.ascontiguousarray(means[:, _core.SUM_COLUMNS[column]])
            for name, column in columns.items()
            if column is not None
        }
        figures["makes_low"] = makes_low / total
    figures["equity"] = figures["hi_share"] + figures["lo_share"]
    villain = sides.villain[sides.villain_weights > 0]
    pairs = live_weight(villain, None, sides.hero)  # each combo's villain combos dealt
    deals = np.rint(pairs * spot_deals_per_pair(spot)).astype(np.int64)
    return {name: figures[name] for name in SPLIT_FIGURES}, deals


def _run(
    spot: Spot,
    masks: list[Masks | None],
    live: FloatArray,
    plan: Plan,
    progress: Callable[..., object] | None,
) -> tuple[list[Sums], FloatArray]:
    """Every combo's sums and standard error of equity, in combo order: each
    combo a part of one run on the engine's parts driver (combo i with its
    own plan: its own streams), CHUNK combos a job on the plan's threads.
    Sampled, the combos whose live share of the villain range is at least
    SHARED_SPOT_SHARE run on one C spot for all (_SharedSpot), the others
    each on its own (_combo)."""
    n = len(spot.seats[0].combos)
    shared = None if plan.exact else _SharedSpot(spot, live, plan)

    def combo(i: int, part: Plan) -> tuple[Sums, float]:
        if shared is not None and shared.fast[i]:
            return shared.run(i, part)
        return _combo(spot, masks, i, part)

    def halt() -> None:
        if shared is not None:
            shared.graph.stop()

    results: list[tuple[Sums, float]] = []
    for i, done in run_parts(kernel_of(combo), range(n), plan, per_job=CHUNK, halt=halt):
        results.append(done)
        if progress is not None and (i % CHUNK == CHUNK - 1 or i == n - 1):
            progress(i + 1, n)
    return [s for s, _ in results], np.array([e for _, e in results])


class _SharedSpot:
    """The sampled combos that run on one C spot for the whole graph
    (engine/spot.Spot.c_graph, src_c/oe_graph.h): the villains are prepared
    once, and a villain range is drawn from all its hands, a draw that
    shares a card with the combo drawn again.  That is the range
    conditioned on sharing no card with the combo, which is what removing
    those hands (with_hand) gives: the same law of deals, so the same
    figures, at the cost of the rejected draws.  So a combo runs here when
    at least SHARED_SPOT_SHARE of the villain range's weight is live
    against it (``fast``); the others on a spot of their own (_combo).

    Combo i draws from generator i of the graph's key (256 bits of the
    seed's SeedSequence), in blocks by the rule of _combo (COMBO_FIRST,
    COMBO_BLOCK, COMBO_BLOCK_MAX): its figures depend on the seed and i
    only, whatever the threads."""

    def __init__(self, spot: Spot, live: FloatArray, plan: Plan) -> None:
        assert plan.seed is not None
        self.spot, self.plan = spot, plan
        self.graph = spot.c_graph(0)
        ranges = [s for s in spot.seats[1:] if s.kind == "range"]  # at most one
        total = [float(_given_weights(s.player, s.combos).sum()) for s in ranges]
        share = live / total[0] if total else np.ones(len(live))  # live: in given units
        self.fast: npt.NDArray[np.bool_] = share >= SHARED_SPOT_SHARE
        state = np.random.SeedSequence(plan.seed).generate_state(4, np.uint64)
        self.key = np.asarray(state, dtype=np.uint64)  # the generators' 256-bit key

    def run(self, i: int, plan: Plan) -> tuple[Sums, float]:
        """Combo i's sums and standard error of equity (KeyboardInterrupt
        when the plan's stop is set, or the spot was stopped)."""
        n, rule = self.spot.n, self.plan
        hand = np.ascontiguousarray(self.spot.seats[0].combos[i : i + 1], dtype=np.uint8)
        outcome = np.zeros((1, 1 << (2 * n)))
        makes_low = np.zeros((1, n))
        breakdown = np.zeros((1, n, _core.N_BREAKDOWN))
        done = np.zeros(1, np.uint64)
        error = np.zeros(1)
        target = rule.target_stderr
        finished = 0
        while not finished:  # calls of about COMBO_BLOCK_MAX trials: a stop heard between
            if plan.stop is not None and plan.stop.is_set():
                raise KeyboardInterrupt
            code, finished = self.graph.run(
                hand,
                np.array([i], dtype=np.uint64),
                self.key,
                rule.trials,
                0.0 if target is None else target,
                COMBO_FIRST,
                COMBO_BLOCK,
                COMBO_BLOCK_MAX,
                OVERSHOOT,
                MAX_REJECTS,
                COMBO_BLOCK_MAX,
                outcome,
                makes_low,
                breakdown,
                done,
                error,
            )
            if code == _core.EQ_STOPPED:
                raise KeyboardInterrupt
            if code == _core.EQ_NO_DEAL:
                raise OmahaEvalError(NO_DEAL, param="players")
        sums = Sums.of(outcome[0], makes_low[0], breakdown[0], n, int(done[0]))
        # Sums.stderr()[0]: the C's error (trials of weight 1), never below
        # rare_floor, so that a combo whose trials all gave it one share is
        # not shown as certain (as equity() shows it)
        return sums, max(float(error[0]), rare_floor(float(done[0])))


def _combo(spot: Spot, masks: list[Masks | None], i: int, plan: Plan) -> tuple[Sums, float]:
    """One combo's sums and standard error on a spot of its own: exact, or
    Monte Carlo by the parts driver's one stopping rule, block b from the
    stream (i, b) of the graph's seed (the combo's plan)."""
    one = with_hand(spot, 0, i, masks)
    assert one is not None  # a combo with live weight can be dealt
    c_spot = one.c_spot(exact=plan.exact)
    if plan.exact:
        return exact_sums(one, c_spot, 1, plan.stop), 0.0
    return sample_equity_part(one, c_spot, plan, COMBO_FIRST, COMBO_BLOCK, COMBO_BLOCK_MAX)


def _figures(sums: list[Sums], question: Question) -> dict[str, FloatArray]:
    """The hero's figures of each combo from its sums, by the figure table."""
    has_low = question.game.has_low
    rows = []
    for s in sums:
        total = s.total
        means = (s.sums[0] / total).tolist()
        f = player_figures(
            means, float(s.makes_low[0]) / total, (s.breakdown[0] / total).tolist(), has_low
        )
        f["equity"] = f["hi_share"] + f["lo_share"]
        rows.append([f[name] for name in SPLIT_FIGURES])
    table = np.array(rows, dtype=np.float64).reshape(len(sums), len(SPLIT_FIGURES))
    return {name: np.ascontiguousarray(table[:, j]) for j, name in enumerate(SPLIT_FIGURES)}
