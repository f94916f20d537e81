"""The one owner of a run: its options read once, the method chosen by the
work, the cost bounds in one unit of work.

Every entry point that runs the engine (``equity()``, ``query()``, board
reports, the solver's street functions and features, equity
distributions, the command line, batch and the web API) reads its run
options with :func:`read_options` and turns them into a :class:`Plan` with
:func:`choose`:

- **the method and the kernel**: exact by the cheaper of two kernels,
  pair enumeration (every deal counted: engine/runner.py) or, heads-up with
  a range, the showdown sweep (a range settled against a range runout by
  runout: engine/sweep.py), when its estimated work is at most
  AUTO_EXACT_WORK (about a second of one core) for pairs or AUTO_SWEEP_WORK
  for the sweep; Monte Carlo otherwise; ``exact=True`` forces exact
  (refused above EXACT_WORK_LIMIT), ``exact=False`` forces sampling;
- **the trials**: those given, else the entry point's default (equity's
  DEFAULT_TRIALS), or with a target standard error alone its cap
  (TARGET_MAX_TRIALS);
- **the cost bound**: work is counted in one unit everywhere (about
  WORK_PER_SECOND of them in a second of one core: one fixed-hand
  evaluation or one counted deal; a Monte Carlo trial is `trial_work` of
  them), and a run of more than EXACT_WORK_LIMIT units is refused before
  it starts, exact or sampled;
- **the threads** (every core by default, never more than the cores: the
  results do not depend on them) and the stop event.

How a plan runs (exact parts, the sweep, seeded Monte Carlo blocks) is
engine/runner.py's job; a run made of parts (rows, combos) goes through
engine/parts.py, each part with ``Plan.part(i)``.  No entry point chooses
a kernel itself.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval.engine.seeds import block_stream, seed_value
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote

__all__ = [
    "AUTO_EXACT_WORK",
    "AUTO_SWEEP_WORK",
    "BLOCK_WORK",
    "DEFAULT_TRIALS",
    "EXACT_WORK_LIMIT",
    "LEAST_TRIALS",
    "MAX_THREADS",
    "MAX_TRIALS",
    "MIN_TARGET",
    "TARGET_MAX_TRIALS",
    "TRIAL_WORK",
    "WORK_PER_SECOND",
    "Plan",
    "RunOptions",
    "check_sampling_work",
    "choose",
    "default_threads",
    "read_exact",
    "read_options",
    "read_progress",
    "read_stop",
    "read_target",
    "read_threads",
]

# The units of estimated work one core does in a second, about: one unit per
# fixed-hand evaluation or counted deal, five per range-hand evaluation.
WORK_PER_SECOND = 1e8
# Exact enumeration is chosen by itself when its work is at most this.
AUTO_EXACT_WORK = WORK_PER_SECOND
# ... and the showdown sweep when its work is at most this (half a minute of
# one core: a heads-up 15% against 15% on a flop).  The sweep's cost is known
# before it starts and falls as the ranges narrow; every figure it gives is
# exact, where the default Monte Carlo's equity is within about 0.05%.
AUTO_SWEEP_WORK = 30 * WORK_PER_SECOND
# A run is refused above this (a quarter of an hour of one core at least;
# hours with range players): exact work, or the work of the trials asked.
EXACT_WORK_LIMIT = 1e11
# The most work one block of a run's fixed blocks holds (about a fifth of a
# second of one core): Ctrl-C, a stop event and the progress come between
# blocks, so in time whatever the input.
BLOCK_WORK = 2e7
# The work of one Monte Carlo trial of an equity spot: dealing it and every
# player's evaluation, about.
TRIAL_WORK = 20.0
# Monte Carlo size when neither `trials` nor `target_stderr` is given.
DEFAULT_TRIALS = 1_000_000
# With `target_stderr` alone, stop here even if the target is not met.
TARGET_MAX_TRIALS = 100_000_000
# The fewest trials a Monte Carlo run may draw: one trial has no standard error.
LEAST_TRIALS = 2
# At most this many trials in one call (counts stay exact in doubles).
MAX_TRIALS = 10**15
# A target standard error below this cannot be reached (it would need more
# than MAX_TRIALS trials for any figure that varies at all).
MIN_TARGET = 1e-9
# More threads than this is a mistake, whatever the machine.
MAX_THREADS = 1024


def default_threads() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def read_threads(value: Any) -> int:
    """`threads` as given (1..MAX_THREADS; None: every core), capped by the
    cores: more only add overhead, and results do not depend on them."""
    if value is None:
        return default_threads()
    return min(_checks.count(value, "threads", 1, MAX_THREADS), default_threads())


def read_target(value: Any) -> float | None:
    """`target_stderr`: None, or a number in [MIN_TARGET, 1)."""
    if value is None:
        return None
    if isinstance(value, bool) or (
        not isinstance(value, (int, float)) and not hasattr(value, "__float__")
    ):
        raise OmahaEvalTypeError(
            f"expected a number > 0, got {quote(value)}", param="target_stderr", value=value
        )
    try:
        number = float(value)
    except (OverflowError, TypeError, ValueError):
        number = math.nan
    if not (math.isfinite(number) and number > 0):
        raise OmahaEvalError(
            f"expected a number > 0, got {quote(value, 40)}", param="target_stderr", value=value
        )
    if number < MIN_TARGET:
        raise OmahaEvalError(
            f"{number:g} is below {MIN_TARGET:g}, which no run of at most "
            f"{MAX_TRIALS:.0e} trials can reach",
            param="target_stderr",
        )
    return number


def read_exact(value: Any) -> bool | None:
    """`exact`: True, False or None."""
    if value is None or isinstance(value, bool):
        return value
    if type(value).__name__ == "bool_":  # numpy.bool_
        return bool(value)
    raise OmahaEvalTypeError(
        f"expected True, False or None, got {quote(value)}", param="exact", value=value
    )


def read_stop(value: Any) -> Any:
    """`stop`: None or anything with is_set() (a threading.Event)."""
    if value is not None and not callable(getattr(value, "is_set", None)):
        raise OmahaEvalTypeError(
            f"expected a threading.Event, got {quote(value)}", param="stop", value=value
        )
    return value


def read_progress(value: Any) -> Callable[..., object] | None:
    """`progress`: None or a callable."""
    if value is not None and not callable(value):
        raise OmahaEvalTypeError(
            f"expected a callable, got {quote(value)}", param="progress", value=value
        )
    return value  # type: ignore[no-any-return]


@dataclass(frozen=True)
class RunOptions:
    """A run's options as read: each checked once, by the rules above
    (`seed` is already the run's integer seed, `threads` the threads to use)."""

    trials: int | None
    exact: bool | None
    target: float | None
    seed: int
    threads: int
    stop: Any = None
    progress: Callable[..., object] | None = None


def read_options(
    *,
    trials: Any = None,
    exact: Any = None,
    target_stderr: Any = None,
    seed: Any = None,
    threads: Any = None,
    stop: Any = None,
    progress: Any = None,
    min_trials: int = 1,
) -> RunOptions:
    """Every run option checked, each error naming its parameter; `seed` is
    turned into the run's integer seed (engine/seeds.py)."""
    stop = read_stop(stop)
    progress = read_progress(progress)
    if trials is not None:
        trials = _checks.count(trials, "trials", min_trials, MAX_TRIALS)
    return RunOptions(
        trials=trials,
        exact=read_exact(exact),
        target=read_target(target_stderr),
        seed=seed_value(seed),
        threads=read_threads(threads),
        stop=stop,
        progress=progress,
    )


@dataclass(frozen=True)
class Plan:
    """How to run: the method (exact, by pair enumeration or by the showdown
    sweep, or Monte Carlo), the trials (cap) and target standard error of
    Monte Carlo, its seed and the spawn key of its streams, and the
    threads."""

    exact: bool
    trials: int
    target_stderr: float | None
    seed: int | None
    threads: int
    stop: Any = None  # anything with is_set() (a threading.Event): stop when it is set
    # Exact runs: "pairs" enumerates every deal; "sweep" settles a range
    # against a range runout by runout (engine/sweep.py), heads-up.
    kernel: str = "pairs"
    # The spawn key of this run's streams under its seed: () for a run, (i,)
    # for part i of a run made of parts (`part`).
    key: tuple[int, ...] = ()
    # The estimated work of the run's exact kernel (the cheaper one), in the
    # units above, whether or not the run is exact.
    work: float = 0.0

    def part(self, index: int, stop: Any = None) -> Plan:
        """The plan of part `index` of a run made of independent parts (a
        board report's rows, a split graph's combos): the same method and
        trials on one thread, its own streams (spawn key ``key + (index,)``
        under the run's seed), so that a part gives the same figures
        whichever thread, process or machine runs it."""
        return replace(self, threads=1, stop=stop, key=(*self.key, index))

    def stream(self, block: int) -> np.random.PCG64:
        """The bit generator of block `block` of this run (or part)."""
        assert self.seed is not None, "an exact plan draws nothing"
        return block_stream(self.seed, (*self.key, block))


def choose(
    options: RunOptions,
    work: float,
    *,
    sweep: float | None = None,
    trial_work: float | None = TRIAL_WORK,
    default_trials: int = DEFAULT_TRIALS,
    target_trials: int = TARGET_MAX_TRIALS,
    target: bool = True,
    what: str = "",
) -> Plan:
    """The plan of a run whose exact enumeration is `work` units of pair
    enumeration, or `sweep` units of the showdown sweep (None: the sweep
    does not apply; engine/sweep.py), and whose Monte Carlo trials are
    `trial_work` units each (None: the caller bounds its sampling itself,
    e.g. over a board pattern): exact by the cheaper kernel, or Monte Carlo,
    the trials (given, or `default_trials`, or `target_trials` with a target
    alone), every cost bound checked.  Exact is chosen by itself when pair
    enumeration is within AUTO_EXACT_WORK, or the sweep within
    AUTO_SWEEP_WORK.  `target=False`: the run takes no target standard
    error (exact runs keep none either)."""
    kernel, cost = "pairs", work
    if sweep is not None and sweep < work:
        kernel, cost = "sweep", sweep
    if options.exact is True and cost > EXACT_WORK_LIMIT:
        raise OmahaEvalError(
            f"this spot needs about {cost:.2g} units of work, above the limit of "
            f"{EXACT_WORK_LIMIT:.0e}; sample it instead (Monte Carlo)",
            param="exact",
        )
    budget = AUTO_SWEEP_WORK if kernel == "sweep" else AUTO_EXACT_WORK
    use_exact = options.exact is True or (options.exact is None and cost <= budget)
    wanted = options.target if target else None
    cap = options.trials or (target_trials if wanted else default_trials)
    plan = Plan(
        exact=use_exact,
        trials=cap,
        target_stderr=None if use_exact else wanted,
        seed=None if use_exact else options.seed,
        threads=options.threads,
        stop=options.stop,
        kernel=kernel if use_exact else "pairs",
        work=cost,
    )
    if not use_exact and cap < LEAST_TRIALS:
        raise OmahaEvalError(
            f"expected a whole number >= {LEAST_TRIALS} to sample, got {cap} "
            "(one trial has no standard error)",
            param="trials",
            value=options.trials,
        )
    if not use_exact and trial_work is not None:
        check_sampling_work(plan, trial_work, options.trials is not None, what)
    return plan


def check_sampling_work(
    plan: Plan, trial_work: float, given: bool, what: str = "", runs: int = 1
) -> None:
    """Refuse, before any work, a Monte Carlo run whose trials would take
    hours: the trials given or the default, and with a target standard
    error the most it may draw (its cap), since a target far out of reach
    runs to its cap (`given`: whether the trials were given; `what`: whose
    trials, in the message, e.g. " of this query"; `runs`: the plan's
    trials run this many times, e.g. once per hand of a range)."""
    work = plan.trials * trial_work * runs
    if work <= EXACT_WORK_LIMIT:
        return
    fit = int(EXACT_WORK_LIMIT / (trial_work * runs))
    span = work / WORK_PER_SECOND / 3600  # hours
    hours = f"about {span:,.0f}" if span >= 10 else f"about {span:.2g}"
    hours += " hours of one core"
    if plan.target_stderr is not None and not given:
        raise OmahaEvalError(
            f"a target standard error may draw up to {plan.trials:,} trials "
            f"(when trials are not given), and that many{what} need about {work:.2g} "
            f"units of work ({hours}), above the limit of {EXACT_WORK_LIMIT:.0e}; give "
            f"trials of at most {fit:,} with the target, to cap it",
            param="target_stderr",
        )
    asked = f"{plan.trials:,} trials" + ("" if given else " (the default)")
    raise OmahaEvalError(
        f"{asked}{what} need about {work:.2g} units of work ({hours}), "
        f"above the limit of {EXACT_WORK_LIMIT:.0e}; ask at most {fit:,} trials",
        param="trials",
    )
