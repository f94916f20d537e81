"""solve_river: a river spot read once (the ranges as equity() reads
players, the board, the sizes, the run options), its tree and showdown
prepared, then solved by DCFR (cfr.py) into a RiverSolution."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.cards import format_cards
from omaha_eval.engine.plan import read_options, read_progress
from omaha_eval.engine.question import read_question
from omaha_eval.engine.spot import prepare
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.games import OMAHA, Game
from omaha_eval.solver.river.cfr import Dcfr, SolveProgress, Stopping, run
from omaha_eval.solver.river.classes import class_codes
from omaha_eval.solver.river.showdown import PairShowdown, prepare_showdown
from omaha_eval.solver.river.solution import RiverSolution, SolveInterrupted
from omaha_eval.solver.river.tree import PLAYER_NAMES, Sizes, Tree, build_tree, read_chips
from omaha_eval.solver.sides import seat_rows
from omaha_eval.streets import BOARD_SIZE
from omaha_eval.types import BetSizes, Board, DeadCards, GameName, StopFlag
from omaha_eval.types import Player as PlayerInput  # engine.players.Player: a player as read

__all__ = [
    "MAX_ITERATIONS",
    "MEMORY_LIMIT",
    "MIN_TARGET",
    "PreparedSolve",
    "prepare_river",
    "solve_river",
    "tree_bytes",
]

MIN_TARGET = 1e-6  # a target exploitability below this is beyond double sums
MAX_ITERATIONS = 10_000_000
# The most memory a solve may take (its arrays: regrets, strategy sums and the
# best strategy per action and combo, reaches and values per node and combo);
# a larger tree is refused before its arrays are made.
MEMORY_LIMIT = 2 * 1024**3


def _target(value: Any) -> float | None:
    """target_exploitability: None, or a fraction of the pot in [MIN_TARGET, 1]."""
    if value is None:
        return None
    number = _number(value, "target_exploitability")
    if not MIN_TARGET <= number <= 1:
        raise OmahaEvalError(
            f"expected a fraction of the pot from {MIN_TARGET:g} to 1 (0.003 is 0.3%), "
            f"got {quote(value, 40)}",
            param="target_exploitability",
            value=value,
        )
    return number


def _number(value: Any, name: str) -> float:
    if not (_checks.is_int(value) or isinstance(value, (float, np.floating))):
        raise OmahaEvalTypeError(f"expected a number, got {quote(value)}", param=name, value=value)
    number = float(value)
    if not math.isfinite(number):
        raise OmahaEvalError(
            f"expected a finite number, got {quote(value)}", param=name, value=value
        )
    return number


def _seconds(value: Any) -> float | None:
    """time_limit: None, or seconds above 0."""
    if value is None:
        return None
    number = _number(value, "time_limit")
    if number <= 0:
        raise OmahaEvalError(
            f"expected seconds above 0, got {quote(value, 40)}", param="time_limit", value=value
        )
    return number


def tree_bytes(tree: Tree, sizes: tuple[int, int]) -> int:
    """The memory a solve of `tree` over `sizes` combos takes, about: per
    action and combo of the player to act, regrets, strategy sums and the
    best average strategy; per node, four rows of reach or value a combo."""
    actions = sum(
        len(n.actions) * sizes[n.player] for n in tree.decisions() if n.player is not None
    )
    return 8 * (3 * actions + 4 * len(tree) * max(sizes))


@dataclass(frozen=True)
class PreparedSolve:
    """A river spot read and checked (prepare_river): the tree, the combos
    and weights of OOP and IP, the showdown, and how to run."""

    board: CardArray
    game: Game
    labels: tuple[str, str]
    tree: Tree
    sizes: Sizes
    combos: tuple[CardArray, CardArray]
    weights: tuple[FloatArray, FloatArray]
    showdown: PairShowdown
    stopping: Stopping
    threads: int
    read_seconds: float

    def run(self, progress: Callable[[SolveProgress], object] | None = None) -> RiverSolution:
        """The solution (SolveInterrupted on Ctrl-C, holding the best one
        measured); `progress` in place of the one it was prepared with."""
        stopping = self.stopping
        if progress is not None:
            stopping = replace(stopping, progress=read_progress(progress))
        start = time.perf_counter() - self.read_seconds
        solver = Dcfr(self.tree, self.showdown, self.weights, self.threads)
        try:
            outcome = run(solver, stopping, start)
        except KeyboardInterrupt as stopped:
            found = getattr(stopped, "outcome", None)
            partial = None if found is None else self._solution(solver, found)
            raise SolveInterrupted(partial) from None
        return self._solution(solver, outcome)

    def _solution(self, solver: Dcfr, outcome: Any) -> RiverSolution:
        high_only = prepare_showdown(self.board, self.combos, OMAHA, PLAYER_NAMES)
        classes = []
        for p in (0, 1):
            share = high_only.values(p, self.weights[1 - p]) / solver.live[p]
            classes.append(class_codes(self.board, self.combos[p], share, self.game))
        arrivals = solver.arrivals(outcome.strategies)
        nodes = self.tree.nodes
        evaluation = outcome.evaluation
        return RiverSolution(
            board=format_cards(self.board),
            game=self.game.name,
            pot=self.tree.pot,
            stack=self.tree.stack,
            players=self.labels,
            sizes=self.sizes,
            nodes=nodes,
            combos=self.combos,
            weights=self.weights,
            classes=(classes[0], classes[1]),
            strategies={nodes[i].line: s for i, s in outcome.strategies.items()},
            arrivals={nodes[i].line: a for i, a in arrivals.items()},
            combo_evs=(
                evaluation.values[0] / solver.live[0],
                evaluation.values[1] / solver.live[1],
            ),
            evs=evaluation.evs,
            exploitabilities=(
                evaluation.gains[0] / self.tree.pot,
                evaluation.gains[1] / self.tree.pot,
            ),
            exploitability=evaluation.exploitability,
            iterations=outcome.iterations,
            elapsed=outcome.elapsed,
            stopped_by=outcome.stopped_by,
            target=self.stopping.target,
            curve=tuple(outcome.curve),
        )


@dataclass(frozen=True)
class SolveRun:
    """How a solve runs, as read: when it stops, and its threads."""

    stopping: Stopping
    threads: int


def read_run(
    target_exploitability: Any,
    max_iterations: Any,
    time_limit: Any,
    threads: Any,
    progress: Any,
    stop: Any,
) -> SolveRun:
    """A solve's run options, each read once (threads, stop and progress as
    every run reads them: engine/plan.py); something must end the run."""
    options = read_options(threads=threads, stop=stop, progress=progress)
    stopping = Stopping(
        _target(target_exploitability),
        None
        if max_iterations is None
        else _checks.count(max_iterations, "max_iterations", 1, MAX_ITERATIONS),
        _seconds(time_limit),
        options.stop,
        options.progress,
    )
    if stopping.target is None and stopping.max_iterations is None and stopping.time_limit is None:
        raise OmahaEvalError(
            "nothing would end the run: give a target, max_iterations or time_limit",
            param="target_exploitability",
        )
    return SolveRun(stopping, options.threads)


def read_betting(
    pot: Any,
    stack: Any,
    bets: Any,
    raises: Any,
    max_raises: Any,
    allin: Any,
    oop_bets: Any,
    ip_bets: Any,
) -> tuple[Tree, Sizes]:
    """The betting tree of the chips and the sizes given, and the sizes."""
    chips = (read_chips(pot, "pot", 0.0), read_chips(stack, "stack", -1.0))
    sizes = Sizes.read(bets, raises, max_raises, allin, oop_bets, ip_bets)
    return build_tree(*chips, sizes), sizes


def _check_memory(tree: Tree, combos: tuple[CardArray, CardArray]) -> None:
    """A tree too large for MEMORY_LIMIT is refused before its arrays are made."""
    need = tree_bytes(tree, (len(combos[0]), len(combos[1])))
    if need > MEMORY_LIMIT:
        raise OmahaEvalError(
            f"the tree of {len(tree):,} nodes over {len(combos[0]):,} x {len(combos[1]):,} "
            f"combos needs about {need / 1e9:.1f} GB, over the limit of "
            f"{MEMORY_LIMIT / 1e9:.1f} GB; give fewer sizes or narrower ranges",
            param="bets",
        )


def _prepare(
    board: Board,
    oop: PlayerInput,
    ip: PlayerInput,
    dead: DeadCards,
    game: GameName | None,
    betting: tuple[Tree, Sizes],
    options: SolveRun,
    start: float,
) -> PreparedSolve:
    """The spot read (the ranges as equity() reads players), with the
    betting and the run already read; `start`: when the reading began."""
    tree, sizes = betting
    question = read_question(
        [oop, ip],
        board,
        dead,
        game="omaha8" if game is None else game,
        board_sizes=(BOARD_SIZE,),
        patterns=False,
        names=PLAYER_NAMES,
    )
    assert isinstance(question.board, np.ndarray) and isinstance(question.dead, np.ndarray)
    spot = prepare(
        question.players, question.k, question.board, question.dead, question.game, PLAYER_NAMES
    )
    read = [seat_rows(seat, spot.k, spot.known) for seat in spot.seats]
    _check_memory(tree, (read[0][0], read[1][0]))
    combos, weights, showdown = _live_pairs(
        question.board, (read[0][0], read[1][0]), (read[0][1], read[1][1]), question.game
    )
    labels = (question.players[0].label, question.players[1].label)
    return PreparedSolve(
        question.board,
        question.game,
        labels,
        tree,
        sizes,
        combos,
        weights,
        showdown,
        options.stopping,
        options.threads,
        time.perf_counter() - start,
    )


def prepare_river(
    board: Board,
    oop: PlayerInput,
    ip: PlayerInput,
    *,
    pot: float,
    stack: float,
    bets: BetSizes = ("50%", "100%"),
    raises: BetSizes = ("100%",),
    max_raises: int = 2,
    allin: bool = True,
    oop_bets: BetSizes | None = None,
    ip_bets: BetSizes | None = None,
    dead: DeadCards = "",
    game: GameName | None = None,
    target_exploitability: float | None = 0.003,
    max_iterations: int | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    progress: Callable[[SolveProgress], object] | None = None,
    stop: StopFlag | None = None,
) -> PreparedSolve:
    """The arguments of :func:`solve_river`, each read once (bad input
    raises OmahaEvalError here, before any work); ``run()`` solves.  The
    command line and the web start their solves so."""
    start = time.perf_counter()
    options = read_run(target_exploitability, max_iterations, time_limit, threads, progress, stop)
    betting = read_betting(pot, stack, bets, raises, max_raises, allin, oop_bets, ip_bets)
    return _prepare(board, oop, ip, dead, game, betting, options, start)


def _live_pairs(
    board: CardArray,
    combos: tuple[CardArray, CardArray],
    weights: tuple[FloatArray, FloatArray],
    game: Game,
) -> tuple[tuple[CardArray, CardArray], tuple[FloatArray, FloatArray], PairShowdown]:
    """The combos that can meet some combo of the other range (a combo every
    one of whose opponents shares a card with it is never dealt: it leaves
    the game), their weights and their showdown."""
    while True:
        showdown = prepare_showdown(board, combos, game, PLAYER_NAMES)
        live = (showdown.live(0, weights[1]), showdown.live(1, weights[0]))
        keep = (live[0] > 0, live[1] > 0)
        if keep[0].all() and keep[1].all():
            return combos, weights, showdown
        for p in (0, 1):
            if not keep[p].any():
                raise OmahaEvalError(
                    "no combo of the range can be dealt against the other range",
                    param=PLAYER_NAMES[p],
                )
        combos = (
            np.ascontiguousarray(combos[0][keep[0]]),
            np.ascontiguousarray(combos[1][keep[1]]),
        )
        weights = (weights[0][keep[0]], weights[1][keep[1]])


def solve_river(
    board: Board,
    oop: PlayerInput,
    ip: PlayerInput,
    *,
    pot: float,
    stack: float,
    bets: BetSizes = ("50%", "100%"),
    raises: BetSizes = ("100%",),
    max_raises: int = 2,
    allin: bool = True,
    oop_bets: BetSizes | None = None,
    ip_bets: BetSizes | None = None,
    dead: DeadCards = "",
    game: GameName | None = None,
    target_exploitability: float | None = 0.003,
    max_iterations: int | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    progress: Callable[[SolveProgress], object] | None = None,
    stop: StopFlag | None = None,
) -> RiverSolution:
    """An equilibrium of a heads-up river spot, hi/lo (``game="omaha"``: high
    only), by discounted CFR over the whole betting tree (docs/solver.md).

    `board`: the five cards; `oop` (first to act) and `ip`: hands or
    ranges as :func:`~omaha_eval.equity` reads players (range text with
    weights, ``"*"``, a Range), their combos that touch the board, the
    `dead` cards or the other's hand left out.  `pot`: the chips in the pot;
    `stack`: the effective stack behind.  `bets`: the bet sizes, as
    fractions of the pot (``"50%"`` or ``0.5``), for both players unless
    `oop_bets` or `ip_bets` says otherwise (``ip_bets=()``: IP only checks,
    calls or folds); `raises`: the raise sizes (a raise of f calls, then adds
    f x the pot); at most `max_raises` raises after a bet; `allin`: an
    all-in wherever a player may bet or raise.

    The run stops once the exploitability of the average strategy is at
    most `target_exploitability` (a fraction of the pot: 0.003 is 0.3%),
    after `max_iterations`, after `time_limit` seconds, or when `stop` (a
    threading.Event) is set, keeping the best average strategy measured;
    `progress` gets a SolveProgress at each measure.  Ctrl-C raises
    SolveInterrupted (a KeyboardInterrupt) holding the best solution
    measured.  `threads` compute the showdowns of large spots (any thread
    count gives the same bits).  Bad input raises OmahaEvalError naming the
    parameter; a tree too large for memory (MEMORY_LIMIT) is refused
    before it is built.

    >>> s = solve_river("Kh 7d 2c 3s 8h", "AsAd2h4h, QsQd5c6c", "KsJsTh9h, 4c5d6h7h",
    ...                 pot=100, stack=100, bets=["100%"], raises=[], max_iterations=200)
    >>> round(s.oop_ev + s.ip_ev, 9)
    100.0
    """
    start = time.perf_counter()
    options = read_run(target_exploitability, max_iterations, time_limit, threads, progress, stop)
    betting = read_betting(pot, stack, bets, raises, max_raises, allin, oop_bets, ip_bets)
    return _prepare(board, oop, ip, dead, game, betting, options, start).run()
