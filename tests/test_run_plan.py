"""The one owner of a run (engine/plan.py) and the one thread runner
(engine/threads.py): options read once with errors naming them, the method
chosen by the work, the cost bound in one unit for every entry point, and
jobs whose results come back in order, bounded, and stoppable."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.engine import plan
from omaha_eval.engine.threads import Interrupted, Workers, bind


@pytest.mark.parametrize(
    ("options", "param"),
    [
        ({"trials": 0}, "trials"),
        ({"trials": "many"}, "trials"),
        ({"trials": 10**16}, "trials"),
        ({"exact": "yes"}, "exact"),
        ({"target_stderr": -1}, "target_stderr"),
        ({"target_stderr": 1e-12}, "target_stderr"),
        ({"seed": -3}, "seed"),
        ({"threads": 0}, "threads"),
        ({"stop": 3}, "stop"),
        ({"progress": "bar"}, "progress"),
    ],
)
def test_each_bad_run_option_is_refused_by_name(options: dict[str, object], param: str) -> None:
    with pytest.raises(oe.OmahaEvalError) as info:
        plan.read_options(**options)  # type: ignore[arg-type]
    assert info.value.param == param


def test_the_method_follows_the_work() -> None:
    options = plan.read_options(seed=5)
    assert plan.choose(options, plan.AUTO_EXACT_WORK).exact
    sampled = plan.choose(options, plan.AUTO_EXACT_WORK * 2)
    assert not sampled.exact and sampled.trials == plan.DEFAULT_TRIALS and sampled.seed == 5
    with pytest.raises(oe.OmahaEvalError) as info:
        plan.choose(plan.read_options(exact=True), plan.EXACT_WORK_LIMIT * 2)
    assert info.value.param == "exact"


def test_a_target_alone_runs_to_its_cap_and_exact_runs_keep_no_target() -> None:
    options = plan.read_options(target_stderr=0.01, seed=1)
    assert plan.choose(options, 1e12).trials == plan.TARGET_MAX_TRIALS
    assert plan.choose(options, 1.0).target_stderr is None


def test_the_trials_of_one_unit_of_work_bound_every_entry_point() -> None:
    fit = int(plan.EXACT_WORK_LIMIT / plan.TRIAL_WORK)
    with pytest.raises(oe.OmahaEvalError, match="ask at most") as info:
        oe.equity(["AsAh2c3d", "*"], exact=False, trials=fit + 1)
    assert info.value.param == "trials"
    rounds = oe.equity_rounds(["AsAh2c3d", "*"], exact=False, trials=fit, seed=1)  # planned
    rounds.close()
    with pytest.raises(oe.OmahaEvalError, match="for each of the") as info:
        oe.equity_distribution("AA", "*", trials=fit // 5)
    assert info.value.param == "trials"


def test_equity_and_its_rounds_plan_alike() -> None:
    rounds = oe.equity_rounds(["AsAh2c3d", "*"], trials=50_000, seed=9, threads=1)
    assert rounds.plan == plan.Plan(False, 50_000, None, 9, 1, None, work=rounds.work)
    last = list(rounds)[-1]
    r = oe.equity(["AsAh2c3d", "*"], trials=50_000, seed=9, threads=1)
    assert [p.equity for p in r.players] == [p.equity for p in last.players]


def _square(x: int) -> int:
    time.sleep(0.001 * (x % 3))  # finish out of order
    return x * x


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_the_runner_gives_results_in_job_order(threads: int) -> None:
    jobs = [bind(_square, i) for i in range(40)]
    with Workers(lambda: None, threads) as workers:
        assert workers.run(jobs) == [i * i for i in range(40)]
    with Workers(lambda: None, threads) as workers:
        assert list(workers.stream(iter(jobs), ahead=4)) == [i * i for i in range(40)]


class _CountedOutcomes(dict):
    """The runner's outcomes, counting the looks at which jobs have ended."""

    looks = 0

    def __contains__(self, key: object) -> bool:
        type(self).looks += 1
        return super().__contains__(key)


def test_waiting_for_many_jobs_looks_at_each_job_a_few_times_not_at_every_wake_up() -> None:
    # a board report runs a job per row (17,296 rows): the wait once looked at
    # every job at each job's wake-up, quadratic, and two threads ran a
    # report slower than one
    jobs = [bind(_square, i) for i in range(3_000)]
    with Workers(lambda: None, 2) as workers:
        workers._outcomes = _CountedOutcomes()
        assert workers.run(jobs) == [i * i for i in range(3_000)]
    assert _CountedOutcomes.looks < 20 * len(jobs)


def test_the_stream_keeps_at_most_ahead_jobs_in_flight() -> None:
    started = []
    lock = threading.Lock()

    def job(i: int) -> int:
        with lock:
            started.append(i)
        return i

    consumed = 0
    with Workers(lambda: None, 2) as workers:
        for i in workers.stream((bind(job, i) for i in range(100)), ahead=3):
            consumed += 1
            with lock:
                assert len(started) <= consumed + 3, (i, len(started))
    assert consumed == 100


def test_a_stop_event_halts_the_runner_and_keeps_the_finished_jobs() -> None:
    stop = threading.Event()
    halted = threading.Event()

    def job(i: int) -> int:
        if i >= 2:
            stop.set()
            halted.wait(5)  # the C loop returns when told to halt
        return i

    with Workers(halted.set, 2, stop) as workers, pytest.raises(Interrupted) as info:
        workers.run([bind(job, i) for i in range(6)])
    assert halted.is_set()
    assert set(info.value.partial) <= set(range(6)) and {0, 1} <= set(info.value.partial)


def test_street_sums_are_the_same_bits_on_any_threads() -> None:
    # a turn: its 44 river cards are 44 blocks, shared among the threads as a
    # flop's runouts are, at a small part of a flop's work
    one = oe.street_equity("3c 7d 9h 2s", "AA", "KK,QQ", threads=1)
    three = oe.street_equity("3c 7d 9h 2s", "AA", "KK,QQ", threads=3)
    assert np.array_equal(one.equity, three.equity, equal_nan=True)


ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "omaha_eval"
# Where threads may be started: the one thread runner, the one executor
# (whole spots and report rows, not engine work) and the web's jobs.
THREAD_OWNERS = {"engine/threads.py", "engine/executor.py", "web/jobs.py"}
# Where the run options are read: their owner.
OPTION_READERS = re.compile(r"\b(?:read_exact|read_target|seed_value|read_threads)\s*\(")
OPTION_OWNERS = {"engine/plan.py", "engine/seeds.py"}


@pytest.mark.skipif(not PACKAGE.is_dir(), reason="reads the source tree")
def test_threads_start_only_in_the_thread_runner() -> None:
    found = [
        f"{p.relative_to(PACKAGE)}: {line.strip()}"
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.relative_to(PACKAGE).as_posix() not in THREAD_OWNERS
        for line in p.read_text(encoding="utf-8").splitlines()
        if re.search(r"\b(?:ThreadPoolExecutor|threading\.Thread)\(", line)
    ]
    assert not found, "start threads with engine/threads.Workers:\n" + "\n".join(found)


@pytest.mark.skipif(not PACKAGE.is_dir(), reason="reads the source tree")
def test_run_options_are_read_only_by_the_plan() -> None:
    found = [
        f"{p.relative_to(PACKAGE)}: {line.strip()}"
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.relative_to(PACKAGE).as_posix() not in OPTION_OWNERS
        for line in p.read_text(encoding="utf-8").splitlines()
        if OPTION_READERS.search(line) and not line.lstrip().startswith(("def ", "#"))
    ]
    assert not found, "read run options with engine/plan.read_options:\n" + "\n".join(found)
