"""Vectorised evaluation: a planned statement's deals made block by block
in C (every deal, exactly, or Monte Carlo in the equity engine's seeded
blocks and rounds), its expressions evaluated over each block and summed
into its selectors (aggregates.py), and the sums read into results.

The query engine is parser (syntax.py) -> checker (check.py) -> plan
(plan.py) -> vectorised evaluation (here) -> result (result.py, report.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import engine
from omaha_eval.engine.plan import Plan
from omaha_eval.engine.spot import Spot
from omaha_eval.errors import OmahaEvalError
from omaha_eval.pql import aggregates as agg
from omaha_eval.pql.block import Block, Deals
from omaha_eval.pql.check import Prepared
from omaha_eval.pql.plan import (
    assignments,
    block_rows,
    board_spot,
    completion_count,
    street_groups,
)
from omaha_eval.pql.reduce import equity_tally
from omaha_eval.pql.result import QueryResult, statement_result

__all__ = ["run"]


class _NoStop:
    """Exact rows are made in short blocks: nothing to stop inside them."""

    def stop(self) -> None:
        pass


def _exact_tally(prep: Prepared, spot: Spot, threads: int, stop: Any) -> agg.Tally | None:
    """The sums of every deal of the spot; None when no deal is possible."""
    assigned, weights = assignments(spot)
    deck = np.array([c for c in range(52) if not spot.known >> c & 1], dtype=np.uint8)
    drawn = sum(spot.k for s in spot.seats if s.kind != "hand")
    groups = street_groups(len(spot.board), prep.streets)
    completions = completion_count(len(deck) - drawn, groups)
    total = len(assigned) * completions
    if total == 0:
        return None
    n, k = spot.n, spot.k
    rows = block_rows(prep)

    def part(p: int, parts: int) -> agg.Tally:
        first = p * rows
        count = min(rows, total - first)
        deals = Deals(
            np.zeros((count, n, k), np.uint8), np.zeros((count, 5), np.uint8), np.zeros(count)
        )
        _core.exact_rows(
            deck,
            spot.board,
            assigned,
            weights,
            groups,
            completions,
            first,
            count,
            deals.hands,
            deals.boards,
            deals.weights,
        )
        block = Block(deals, spot.game, _checks.card_mask(spot.dead))
        return agg.tally_block(prep.selectors, prep.where, block)

    parts = -(-total // rows)
    tally = agg.Tally()
    for t in engine.exact_parts(_NoStop(), part, parts, threads, stop):
        tally = tally.add(t)
    return tally


def _sampling(
    prep: Prepared, spot: Spot, c_spot: _core.EquitySpot, seed: int, prefix: tuple[int, ...]
) -> engine.Sampling[agg.Tally]:
    n, k = spot.n, spot.k
    dead = _checks.card_mask(spot.dead)
    stderr_columns = [
        (i, agg.bounded(a, t))
        for i, ((a, _), t) in enumerate(zip(prep.selectors, prep.types, strict=True))
        if a in ("avg", "count")
    ]

    def block(index: int, size: int) -> agg.Tally:
        deals = Deals(
            np.zeros((size, n, k), np.uint8), np.zeros((size, 5), np.uint8), np.zeros(size)
        )
        done, code = _core.deal_rows(
            c_spot,
            engine.block_stream(seed, (*prefix, index)),
            size,
            engine.MAX_REJECTS,
            deals.hands,
            deals.boards,
            deals.weights,
        )
        if code == _core.EQ_NO_DEAL:
            raise OmahaEvalError(engine.NO_DEAL, param="players")
        if done < size:  # stopped: the rows drawn so far
            deals = Deals(deals.hands[:done], deals.boards[:done], deals.weights[:done])
        return agg.tally_block(prep.selectors, prep.where, Block(deals, spot.game, dead))

    def stderr(total: agg.Tally, _: list[agg.Tally]) -> list[float]:
        errors = [agg.estimate([total], i, bounded=b)[1] for i, b in stderr_columns]
        return errors or [0.0]

    def check(total: agg.Tally) -> None:
        if total.trials and total.weight == 0:
            raise OmahaEvalError(engine.NO_DEAL, param="players")

    return engine.Sampling(
        block=block,
        zero=agg.Tally(),
        add=agg.Tally.add,
        trials=lambda t: t.trials,
        stderr=stderr,
        block_trials=block_rows(prep),
        check=check,
    )


def run(prep: Prepared, plan: Plan, start: float) -> Iterator[QueryResult]:
    """The statement's running results: after each round of Monte Carlo, or
    once at the end (exact, and patterns)."""
    if prep.spot is not None:  # one board: the spot was prepared with the statement
        spot = prep.spot
        if plan.exact and plan.kernel == "sweep":  # a statement that reduces to equity
            yield statement_result(prep, [equity_tally(prep, spot, plan)], plan, start, 1)
            return
        if plan.exact:
            tally = _exact_tally(prep, spot, plan.threads, plan.stop)
            if tally is None:
                raise OmahaEvalError(engine.NO_DEAL_POSSIBLE, param="players")
            yield statement_result(prep, [tally], plan, start, 1)
            return
        c_spot = spot.c_spot(exact=False)
        if not engine.dealable(c_spot):
            raise OmahaEvalError(engine.NO_DEAL_POSSIBLE, param="players")
        sampling = _sampling(prep, spot, c_spot, plan.seed or 0, ())
        for r in engine.sample(c_spot, sampling, plan):
            yield statement_result(prep, [r.total], plan, start, 1, r.interrupted)
        return
    # A board or dead-card pattern: every board that can be dealt a stratum,
    # counted alike (merge_strata); the boards prepared one at a time, and
    # those skipped where no deal fits, as equity() runs them.
    each = Plan(
        exact=False,
        trials=max(2, math.ceil(plan.trials / len(prep.pairs))),
        target_stderr=None,
        seed=plan.seed,
        threads=plan.threads,
        stop=plan.stop,
    )
    strata = []
    for s, (b, d) in enumerate(prep.pairs):
        if plan.stop is not None and plan.stop.is_set():
            raise KeyboardInterrupt
        this_board = board_spot(prep, b, d)
        if this_board is None:
            continue
        if plan.exact:
            tally = _exact_tally(prep, this_board, plan.threads, plan.stop)
            if tally is not None:  # no assignment fits on this board: it cannot be dealt
                strata.append(tally)
            continue
        c_spot = this_board.c_spot(exact=False)
        if not engine.dealable(c_spot):
            continue  # no assignment fits on this board: it cannot be dealt
        sampling = _sampling(prep, this_board, c_spot, plan.seed or 0, (s,))
        last = None
        for last in engine.sample(c_spot, sampling, each, rounds=False):
            if last.interrupted:
                raise KeyboardInterrupt
        assert last is not None
        strata.append(last.total)
    if not strata:
        raise OmahaEvalError(
            "no board matching the pattern leaves a hand in every player's range", param="board"
        )
    yield statement_result(prep, strata, plan, start, len(strata))
