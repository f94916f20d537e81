"""POST /api/solve: a heads-up river spot solved (omaha_eval.solve_river),
its fields read and checked here (an error: the request's 422, naming the
library's parameter), run as a job of the long lane by api.py.  The answer
is the solution's figures and, for every decision node, its strategy by
hand class (RiverSolution.summary): what the page shows; the command
line's --json has every combo."""

from __future__ import annotations

import math
import threading
from typing import Any

from omaha_eval.records import json_ready
from omaha_eval.solver.river import RiverSolution, SolveInterrupted
from omaha_eval.solver.river.cfr import SolveProgress
from omaha_eval.solver.river.solve import prepare_river
from omaha_eval.solver.river.tree import MAX_RAISES, PLAYER_NAMES
from omaha_eval.web.bodies import Body
from omaha_eval.web.jobs import Progress
from omaha_eval.web.work import Prepared

__all__ = ["MAX_ITERATIONS", "prepare_solve", "solution_view"]

# Iterations one request may ask for: at the long lane's ten minutes, a
# spot of a few hundred combos a side runs thousands an hour at most.
MAX_ITERATIONS = 1_000_000


def prepare_solve(body: Body, stop: threading.Event) -> Prepared:
    """The fields of solve_river, named as its parameters; the lane's time
    (jobs.py) and the Cancel button stop the run through `stop`, and a run
    stopped answers with the best strategy measured (``interrupted``)."""
    pot, stack = body.number("pot"), body.number("stack")
    fields: dict[str, Any] = {
        "bets": body.text("bets") or None,
        "raises": body.text("raises") or None,
        "oop_bets": body.text("oop_bets") or None,
        "ip_bets": body.text("ip_bets") or None,
        "max_raises": body.whole("max_raises", 0, MAX_RAISES),
        "allin": body.flag("allin"),
        "dead": body.text("dead"),
        "game": body.text("game") or None,
        "target_exploitability": body.number("target_exploitability"),
        "max_iterations": body.whole("max_iterations", 1, MAX_ITERATIONS),
        "time_limit": body.number("time_limit"),
    }
    board, oop, ip = body.text("board"), body.text("oop"), body.text("ip")
    body.done()
    given = {name: value for name, value in fields.items() if value is not None}
    # a field not given takes solve_river's default; bad input is a 422 now
    prepared = prepare_river(board, oop, ip, pot=pot, stack=stack, stop=stop, **given)  # type: ignore[arg-type]

    def run(progress: Progress) -> dict[str, Any]:
        def step(p: SolveProgress) -> None:
            progress(
                {
                    "iterations": p.iterations,
                    "exploitability": p.exploitability,
                    "elapsed": p.elapsed,
                }
            )

        try:
            solution = prepared.run(step)
        except SolveInterrupted as stopped:
            if stopped.solution is None:
                return {"interrupted": True}
            solution = stopped.solution
        return solution_view(solution)

    return Prepared(run, math.inf)  # a solve is iterations until a target: the long lane


def solution_view(solution: RiverSolution) -> dict[str, Any]:
    """What the page shows of a solution: its figures (to_dict's, without
    the per-combo arrays) and each decision node's strategy by class."""
    data = solution.to_dict()
    figures = {
        k: data[k]
        for k in (
            "board",
            "game",
            "pot",
            "stack",
            "players",
            "sizes",
            "evs",
            "exploitability",
            "exploitabilities",
            "iterations",
            "elapsed",
            "stopped_by",
            "target",
            "curve",
        )
    }
    figures["combos"] = dict(zip(PLAYER_NAMES, map(len, solution.combos), strict=True))
    figures["nodes"] = [solution.summary(line).to_dict() for line in solution.lines]
    figures["interrupted"] = solution.stopped_by in ("stop", "interrupted")
    return json_ready(figures)  # type: ignore[no-any-return]
