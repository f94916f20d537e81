"""Discounted CFR over the river tree, vectorised over combos, and the exact
best responses that measure how far a strategy is from an equilibrium.

Per decision node, one float array per action with one entry per combo of
the player to act: the accumulated regrets and the strategy sums.  An
iteration updates OOP, then IP (alternating updates): the other player's
reach is carried down the tree with its current strategy, every terminal's
value comes from the showdown in one batch (a reach vector per terminal),
and the values go back up, leaving the regrets and the average strategy
updated at the updating player's nodes.  Every subtree is visited whatever
the reaches: where the opponent never arrives the updating player's
average strategy still accumulates (a solver that skipped such subtrees
stalls; docs/solver.md).

DCFR (Brown and Sandholm, 2019) with their recommended a = 1.5, b = 0,
g = 2: before iteration t adds its regrets, the accumulated positive
regrets are multiplied by (t-1)^a / ((t-1)^a + 1), the negative ones by
1/2, and the strategy sums by ((t-1)/t)^g.

A combo's counterfactual value is in chips times the opponent's reach: at a
showdown ``final pot x values - put in x live``, where the player folds
``- put in x live``, where the opponent folds ``(pot + opponent's put in) x
live`` (a player's EV is what it takes from the pot minus what it put in on
the river, so the two EVs add up to the starting pot).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from omaha_eval._checks import FloatArray
from omaha_eval.engine import Plan, kernel_of, run_parts
from omaha_eval.solver.river.showdown import PairShowdown
from omaha_eval.solver.river.tree import Node, Tree

__all__ = [
    "ALPHA",
    "BETA",
    "CHECK_EVERY",
    "GAMMA",
    "Dcfr",
    "Evaluation",
    "SolveProgress",
    "Stopping",
    "run",
]

ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0  # DCFR's recommended discounts
CHECK_EVERY = 10  # iterations between two measures of the exploitability
ROWS_PER_JOB = 4  # terminal rows a thread job computes (fixed: any thread count, same bits)
THREAD_PAIRS = 4_000_000  # below this many combo pairs a batch runs on the calling thread


@dataclass(frozen=True)
class Evaluation:
    """A strategy profile measured exactly: each player's value at the root
    per combo (counterfactual, chips x opponent reach) under the profile
    and as a best response, and the players' overall EVs and best-response
    gains (chips)."""

    values: tuple[FloatArray, FloatArray]
    evs: tuple[float, float]
    gains: tuple[float, float]
    exploitability: float  # the mean of the two gains, as a fraction of the starting pot


@dataclass(frozen=True)
class SolveProgress:
    """What a progress callback gets after each measure: the iterations
    run, the exploitability of the average strategy then (a fraction of the
    pot) and the seconds since the start."""

    iterations: int
    exploitability: float
    elapsed: float


@dataclass(frozen=True)
class Stopping:
    """When a run stops: the target exploitability (None: none), the
    iteration cap, the time limit in seconds, a stop event, a progress
    callback."""

    target: float | None
    max_iterations: int | None
    time_limit: float | None
    stop: Any = None
    progress: Callable[[SolveProgress], object] | None = None


def _matching(regrets: FloatArray) -> FloatArray:
    """Regret matching: each combo plays its actions in proportion to their
    positive regrets (uniformly when none is positive)."""
    positive = np.maximum(regrets, 0.0)
    total = positive.sum(axis=0)
    uniform = 1.0 / len(regrets)
    with np.errstate(invalid="ignore", divide="ignore"):
        out: FloatArray = np.where(total > 0, positive / total, uniform)
    return out


class Dcfr:
    """The solver's state on one tree, showdown and pair of ranges (range
    weights per combo, `weights`); the terminals' rows of large spots are
    computed on `threads` threads (the engine's parts driver)."""

    def __init__(
        self,
        tree: Tree,
        showdown: PairShowdown,
        weights: tuple[FloatArray, FloatArray],
        threads: int = 1,
    ) -> None:
        self.tree = tree
        self.showdown = showdown
        self.weights = weights
        self.threads = threads
        self.sizes = showdown.sizes
        self.decisions = tree.decisions()
        self.regrets = {n.index: np.zeros(self._shape(n)) for n in self.decisions}
        self.sums = {n.index: np.zeros(self._shape(n)) for n in self.decisions}
        self.iteration = 0
        terminals = tree.terminals()
        self.terminals = np.array([n.index for n in terminals], np.intp)
        self.showdowns = np.array([n.index for n in terminals if n.kind == "showdown"], np.intp)
        self.coefficients = [self._coefficients(p, terminals) for p in (0, 1)]
        # each combo's opponent weight left by card removal, and the weight of every live pair
        self.live = (showdown.live(0, weights[1]), showdown.live(1, weights[0]))
        self.pairs = float(weights[0] @ self.live[0])

    def _shape(self, node: Node) -> tuple[int, int]:
        """A decision node's arrays: one row per action, one column per combo."""
        assert node.player is not None
        return len(node.actions), self.sizes[node.player]

    def _coefficients(self, player: int, terminals: list[Node]) -> tuple[FloatArray, FloatArray]:
        """Per terminal, what `player`'s value takes of live and of values."""
        tree = self.tree
        of_live, of_values = [], []
        for node in terminals:
            mine, theirs = node.put[player], node.put[1 - player]
            if node.kind == "showdown":
                of_live.append(-mine)
                of_values.append(tree.final_pot(node))
            else:
                of_live.append(-mine if node.folder == player else tree.pot + theirs)
        return np.array(of_live), np.array(of_values)

    # ------------------------------------------------------------ strategies

    def current(self, node: Node) -> FloatArray:
        return _matching(self.regrets[node.index])

    def average(self, node: Node) -> FloatArray:
        """The average strategy at `node` (uniform for a combo that never
        got there)."""
        return _matching(self.sums[node.index])

    def averages(self) -> dict[int, FloatArray]:
        return {n.index: self.average(n) for n in self.decisions}

    # ------------------------------------------------------------ passes

    def _reach(self, player: int, strategies: dict[int, FloatArray]) -> FloatArray:
        """`player`'s reach at every node (rows in node order), from its range
        weights down through `strategies` at its own nodes."""
        reach = np.empty((len(self.tree), self.sizes[player]))
        reach[0] = self.weights[player]
        for node in self.decisions:
            children = list(node.children)
            if node.player == player:
                reach[children] = reach[node.index] * strategies[node.index]
            else:
                reach[children] = reach[node.index]
        return reach

    def _rows(
        self, fn: Callable[[int, FloatArray], FloatArray], player: int, rows: FloatArray
    ) -> FloatArray:
        """fn(player, rows): a showdown that runs on threads in parallel
        takes fixed chunks of ROWS_PER_JOB rows (on the workers when the
        batch is large), any other all the rows in one call; either way a
        row's figures do not depend on the thread count."""
        if not self.showdown.threaded:
            return fn(player, rows)  # one pass over a table streamed from memory
        pairs = len(rows) * self.sizes[0] * self.sizes[1]
        threads = self.threads if pairs >= THREAD_PAIRS else 1
        plan = Plan(exact=True, trials=1, target_stderr=None, seed=None, threads=threads)
        kernel = kernel_of(lambda i, _: fn(player, rows[i * ROWS_PER_JOB : (i + 1) * ROWS_PER_JOB]))
        chunks = range(-(-len(rows) // ROWS_PER_JOB))
        parts = [part for _, part in run_parts(kernel, chunks, plan)]
        return np.vstack(parts) if parts else np.zeros((0, self.sizes[player]))

    def _leaves(self, player: int, other_reach: FloatArray) -> FloatArray:
        """`player`'s counterfactual values at every node (rows in node
        order), filled at the terminals only, in one batch."""
        values = np.zeros((len(self.tree), self.sizes[player]))
        of_live, of_values = self.coefficients[player]
        live = self._rows(self.showdown.live, player, other_reach[self.terminals])
        values[self.terminals] = of_live[:, None] * live
        shares = self._rows(self.showdown.values, player, other_reach[self.showdowns])
        values[self.showdowns] += of_values[:, None] * shares
        return values

    def iterate(self) -> None:
        """One DCFR iteration: OOP's update, then IP's."""
        self.iteration += 1
        t = self.iteration
        done = (t - 1) ** ALPHA
        positive, negative = done / (done + 1), (t - 1) ** BETA / ((t - 1) ** BETA + 1)
        kept = ((t - 1) / t) ** GAMMA
        for player in (0, 1):
            self._update(player, positive, negative, kept)

    def _update(self, player: int, positive: float, negative: float, kept: float) -> None:
        current = {n.index: self.current(n) for n in self.decisions}
        other = self._reach(1 - player, current)
        mine = self._reach(player, current)
        values = self._leaves(player, other)
        for node in reversed(self.decisions):
            children = values[list(node.children)]
            if node.player != player:
                values[node.index] = children.sum(axis=0)
                continue
            sigma = current[node.index]
            values[node.index] = (sigma * children).sum(axis=0)
            regrets = self.regrets[node.index]
            regrets *= np.where(regrets > 0, positive, negative)
            regrets += children - values[node.index]
            sums = self.sums[node.index]
            sums *= kept
            sums += mine[node.index] * sigma

    def arrivals(self, strategies: dict[int, FloatArray]) -> dict[int, FloatArray]:
        """At each decision node, the weight of each combo of the player to
        act being there: its range weight, its own strategy's path, and the
        opponent's reach there that shares no card with it."""
        out: dict[int, FloatArray] = {}
        for player in (0, 1):
            nodes = [n.index for n in self.decisions if n.player == player]
            if not nodes:
                continue
            mine = self._reach(player, strategies)[nodes]
            other = self._reach(1 - player, strategies)[nodes]
            arriving = mine * self._rows(self.showdown.live, player, other)
            out.update(zip(nodes, arriving, strict=True))
        return out

    def evaluate(self, strategies: dict[int, FloatArray] | None = None) -> Evaluation:
        """The profile `strategies` (None: the average strategies) measured
        exactly: for each player, the values against the other's strategy
        and the best response to it, in one pass each."""
        strategies = self.averages() if strategies is None else strategies
        values, evs, best = [], [], []
        for player in (0, 1):
            other = self._reach(1 - player, strategies)
            played = self._leaves(player, other)
            response = played.copy()
            for node in reversed(self.decisions):
                kids = list(node.children)
                if node.player == player:
                    played[node.index] = (strategies[node.index] * played[kids]).sum(axis=0)
                    response[node.index] = response[kids].max(axis=0)
                else:
                    played[node.index] = played[kids].sum(axis=0)
                    response[node.index] = response[kids].sum(axis=0)
            values.append(played[0])
            weights = self.weights[player]
            evs.append(float(weights @ played[0]) / self.pairs)
            best.append(float(weights @ response[0]) / self.pairs)
        gains = (best[0] - evs[0], best[1] - evs[1])
        return Evaluation(
            (values[0], values[1]),
            (evs[0], evs[1]),
            gains,
            (gains[0] + gains[1]) / 2 / self.tree.pot,
        )


@dataclass
class Outcome:
    """What a run ends with: the best average strategy measured, its
    evaluation, the iterations and seconds run, why it stopped, and the
    exploitability at every measure (the curve)."""

    strategies: dict[int, FloatArray]
    evaluation: Evaluation
    iterations: int
    elapsed: float
    stopped_by: str
    curve: list[tuple[int, float]] = field(default_factory=list)


def run(solver: Dcfr, stopping: Stopping, start: float) -> Outcome:
    """Iterate until the target exploitability, the iteration cap, the time
    limit or the stop event, measuring every CHECK_EVERY iterations and
    keeping the best average strategy measured.  Ctrl-C stops it too: the
    KeyboardInterrupt is raised again with the outcome as its `outcome`."""
    best: Outcome | None = None
    curve: list[tuple[int, float]] = []

    def measure(reason: str) -> Outcome:
        nonlocal best
        strategies = solver.averages()
        evaluation = solver.evaluate(strategies)
        elapsed = time.perf_counter() - start
        curve.append((solver.iteration, evaluation.exploitability))
        if best is None or evaluation.exploitability <= best.evaluation.exploitability:
            best = Outcome(strategies, evaluation, solver.iteration, elapsed, reason, curve)
        if stopping.progress is not None:
            stopping.progress(SolveProgress(solver.iteration, evaluation.exploitability, elapsed))
        return best

    reason = _stopped(solver, stopping, start)
    try:
        while reason is None:
            solver.iterate()
            if solver.iteration % CHECK_EVERY == 0:
                measured = measure("iterations")
                target = stopping.target
                if target is not None and measured.evaluation.exploitability <= target:
                    reason = "target"
                    break
            reason = _stopped(solver, stopping, start)
        if not curve or curve[-1][0] != solver.iteration:
            measure(reason)
    except KeyboardInterrupt as interrupt:
        if best is None:
            raise
        interrupt.outcome = _finished(best, "interrupted", start)  # type: ignore[attr-defined]
        raise
    assert best is not None
    return _finished(best, reason, start)


def _finished(best: Outcome, reason: str, start: float) -> Outcome:
    best.stopped_by = reason
    best.elapsed = time.perf_counter() - start
    return best


def _stopped(solver: Dcfr, stopping: Stopping, start: float) -> str | None:
    """Why the run stops before another iteration, or None."""
    if stopping.stop is not None and stopping.stop.is_set():
        return "stop"
    if stopping.max_iterations is not None and solver.iteration >= stopping.max_iterations:
        return "iterations"
    if stopping.time_limit is not None and time.perf_counter() - start >= stopping.time_limit:
        return "time"
    return None
