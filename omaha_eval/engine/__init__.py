"""The one equity engine under the library, the command line, batch and the
study views: its face, what the rest of the package may use.

A question goes through the same steps wherever it is asked:

1. **read** (``read_question``: players.py the players by one rule,
   boards.py the board and dead cards);
2. **prepare** (``prepare``: the known cards checked and removed from the
   ranges, the work of each exact kernel estimated: spot.py; the weight
   left after removing cards: weights.py);
3. **plan** (``read_options``, ``choose``: exact by pair enumeration or by
   the showdown sweep, or Monte Carlo, and the cost bound: plan.py);
4. **run**: one spot in rounds (``spot_rounds``: runner.py) or a run made
   of parts (``run_parts``: parts.py, the one driver of rows, combos and
   blocks, on threads or an executor);
5. **results** (``Sums`` and the figures, declared once: results.py).

``omaha_eval.equity`` (``equity`` and ``equity_rounds``) is the public face
of one spot.  The modules behind this face (runner.py, threads.py,
seeds.py) are the engine's own: a module outside engine/ imports what it
needs from here (tests/test_package_layout.py holds that, and that nothing
outside starts a worker pool of its own).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from omaha_eval.engine.parts import (
    OVERSHOOT,
    Kernel,
    PartSampling,
    block_sums,
    kernel_of,
    next_block,
    run_parts,
    sample_part,
)
from omaha_eval.engine.plan import Plan, RunOptions, choose, read_options
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.results import Sums, rare_floor
from omaha_eval.engine.runner import (
    BLOCK_TRIALS,
    MAX_REJECTS,
    MIN_EFFECTIVE_TRIALS,
    NO_DEAL,
    NO_DEAL_POSSIBLE,
    TARGET_FIRST_BLOCKS,
    Round,
    Rounds,
    Sampling,
    dealable,
    equity_sampling,
    exact_parts,
    exact_sums,
    monte_carlo_sums,
    plan_spot,
    sample,
    sample_equity_part,
    spot_rounds,
    spot_sums,
    weak_estimate,
)
from omaha_eval.engine.seeds import SEED_LIMIT, block_stream, is_plain_seed, seed_value, spot_seed
from omaha_eval.engine.spot import Spot, prepare, with_hand
from omaha_eval.engine.sweep import spot_deals_per_pair, sweep_outcomes, sweep_work
from omaha_eval.engine.weights import live_weight

if TYPE_CHECKING:
    from omaha_eval.engine.executor import Executor, read_executor

__all__ = [
    "BLOCK_TRIALS",
    "MAX_REJECTS",
    "MIN_EFFECTIVE_TRIALS",
    "NO_DEAL",
    "NO_DEAL_POSSIBLE",
    "OVERSHOOT",
    "SEED_LIMIT",
    "TARGET_FIRST_BLOCKS",
    "Executor",
    "Kernel",
    "PartSampling",
    "Plan",
    "Question",
    "Round",
    "Rounds",
    "RunOptions",
    "Sampling",
    "Spot",
    "Sums",
    "block_stream",
    "block_sums",
    "choose",
    "dealable",
    "equity_sampling",
    "exact_parts",
    "exact_sums",
    "is_plain_seed",
    "kernel_of",
    "live_weight",
    "monte_carlo_sums",
    "next_block",
    "plan_spot",
    "prepare",
    "rare_floor",
    "read_executor",
    "read_options",
    "read_question",
    "run_parts",
    "sample",
    "sample_equity_part",
    "sample_part",
    "seed_value",
    "spot_deals_per_pair",
    "spot_rounds",
    "spot_seed",
    "spot_sums",
    "sweep_outcomes",
    "sweep_work",
    "weak_estimate",
    "with_hand",
]

# The executor (worker processes, Dask) loads multiprocessing and its pools:
# on first use, not with every question.
_LATER = {"Executor": "omaha_eval.engine.executor", "read_executor": "omaha_eval.engine.executor"}


def __getattr__(name: str) -> Any:
    if name in _LATER:
        value = getattr(importlib.import_module(_LATER[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
