"""The one driver for runs made of parts (engine/parts.py): a part's plan
and streams, the order of the results, the executor, stop and halt, and
the one stopping rule of a part's Monte Carlo."""

from __future__ import annotations

import dataclasses
import math
import threading

import pytest

from omaha_eval.engine import Plan, kernel_of, next_block, run_parts, sample_part
from omaha_eval.engine.parts import OVERSHOOT, PartSampling

PLAN = Plan(exact=False, trials=1, target_stderr=None, seed=11, threads=2)


def _draw(i: int, part: Plan) -> int:
    return int(part.stream(0).random_raw())


def test_a_part_draws_from_its_own_streams_whoever_runs_it():
    threads = dict(run_parts(kernel_of(_draw), range(20), PLAN, per_job=3))
    alone = dict(run_parts(kernel_of(_draw), range(20), dataclasses.replace(PLAN, threads=1)))
    assert threads == alone
    assert threads[4] == int(PLAN.part(4).stream(0).random_raw())
    assert len(set(threads.values())) == 20


# (worker processes and Dask: test_board_report_run.py runs a report's rows
# there and compares them with this process's)


def test_parts_come_back_in_order_on_threads():
    done = [i for i, _ in run_parts(kernel_of(_draw), range(50), PLAN, per_job=7)]
    assert done == list(range(50))


def test_a_part_plan_is_on_one_thread_with_its_key():
    part = PLAN.part(3).part(5)
    assert part.threads == 1 and part.key == (3, 5) and part.seed == PLAN.seed


def test_the_work_is_halted_only_when_a_run_is_interrupted():
    halts = []
    list(run_parts(kernel_of(_draw), range(5), PLAN, halt=lambda: halts.append(1)))
    list(run_parts(kernel_of(_draw), range(5), PLAN, halt=halts.append, keep_partial=True))
    assert halts == []  # a C spot run again by the next round must not find its stop set
    stop = threading.Event()

    def stops(i: int, part: Plan) -> int:
        if i == 2:
            stop.set()
        return i

    stopped = dataclasses.replace(PLAN, threads=1, stop=stop)
    with pytest.raises(KeyboardInterrupt):
        list(run_parts(kernel_of(stops), range(6), stopped, halt=lambda: halts.append(1)))
    assert halts


def test_an_interrupted_run_with_keep_partial_hands_in_the_parts_that_ended():
    stop = threading.Event()

    def part(i: int, plan: Plan) -> int:
        if i == 3:
            stop.set()
        return i

    got = []
    plan = dataclasses.replace(PLAN, threads=1, stop=stop)
    with pytest.raises(KeyboardInterrupt):
        for i, _ in run_parts(kernel_of(part), range(8), plan, keep_partial=True):
            got.append(i)
    assert got and got == list(range(len(got)))


def test_a_parts_own_error_is_raised_as_it_was():
    def part(i: int, plan: Plan) -> int:
        raise ValueError(f"part {i}")

    with pytest.raises(ValueError, match="part 0"):
        list(run_parts(kernel_of(part), range(3), PLAN))


def test_the_stopping_rule_aims_past_the_target_in_one_block():
    # an error of 0.02 after 1,000 trials needs 4,000 for 0.01: 3,200 more
    assert next_block(1000, 0.02, 0.01, 256) == math.ceil(4000 * OVERSHOOT) - 1000
    assert next_block(1000, 0.0101, 0.01, 256) == 256  # at least a block
    assert next_block(0, math.nan, 0.01, 256) == 256  # no error yet


def _coin(p: float) -> PartSampling[tuple[int, int]]:
    """Trials of a coin of chance p (deterministic: a fraction of each block)."""
    return PartSampling(
        block=lambda b, size: (size, round(size * p)),
        zero=(0, 0),
        add=lambda a, b: (a[0] + b[0], a[1] + b[1]),
        trials=lambda t: t[0],
        error=lambda t: math.sqrt(p * (1 - p) / t[0]),
        first=1000,
        least=256,
        most=4096,
    )


def test_a_part_samples_until_its_target_or_its_trials():
    plan = Plan(exact=False, trials=10**6, target_stderr=0.01, seed=1, threads=1)
    trials, _ = sample_part(_coin(0.5), plan)  # 0.25 / n <= 1e-4 from n = 2,500
    assert 2500 <= trials < 2500 * OVERSHOOT + 1000
    capped = dataclasses.replace(plan, trials=1500)
    assert sample_part(_coin(0.5), capped)[0] == 1500
    no_target = dataclasses.replace(plan, target_stderr=None, trials=10_000)
    assert sample_part(_coin(0.5), no_target)[0] == 10_000
