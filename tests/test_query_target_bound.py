"""A target standard error is bounded by the work of the trials it may
draw, as trials are: with target_stderr alone a query may draw up to
TARGET_MAX_TRIALS, and when that many of its deals would pass the work
limit the query is refused before any work, naming target_stderr and the
trials that fit as a cap (issue 29: avg(hvhEquity(hero, flop)) with
target_stderr=1e-9 started hours of work while trials=100_000_000 was
refused); with those trials as the cap it runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, run_cli

import omaha_eval as oe
from omaha_eval.engine.plan import TARGET_MAX_TRIALS
from omaha_eval.pql import query_rounds

COSTLY = "select avg(hvhEquity(hero, flop)) from hero='AA**', villain='*'"
CHEAP = "select count(winsHi(hero)) from hero='AA**', villain='*'"


def _fit(message: str) -> int:
    found = re.search(r"trials of at most ([\d,]+)", message)
    assert found, message
    return int(found.group(1).replace(",", ""))


@pytest.mark.parametrize("target", [1e-9, 1e-3])
def test_a_target_alone_on_a_costly_query_is_refused_before_any_work(target: float) -> None:
    with pytest.raises(oe.OmahaEvalError) as info:
        query_rounds(COSTLY, target_stderr=target)
    message = str(info.value)
    assert message.startswith("target_stderr: ")
    assert f"up to {TARGET_MAX_TRIALS:,} trials" in message and "above the limit" in message
    assert 0 < _fit(message) < TARGET_MAX_TRIALS


def test_the_trials_that_fit_cap_a_target() -> None:
    with pytest.raises(oe.OmahaEvalError) as info:
        query_rounds(COSTLY, target_stderr=1e-9)
    fit = _fit(str(info.value))
    rounds = query_rounds(COSTLY, target_stderr=1e-9, trials=fit, seed=1)  # planned: not run
    rounds.close()
    with pytest.raises(oe.OmahaEvalError, match=r"^trials: .*above the limit"):
        query_rounds(COSTLY, target_stderr=1e-9, trials=fit + 1000)


def test_a_target_alone_on_a_cheap_query_still_runs() -> None:
    r = oe.query(CHEAP, target_stderr=0.004, seed=3)
    assert isinstance(r, oe.QueryResult) and r.target_reached is True


def test_the_command_names_the_flag(tmp_path: Path) -> None:
    assert_one_line_error(
        run_cli("query", COSTLY, "--target-stderr", "1e-9", cwd=tmp_path),
        "--target-stderr",
        "above the limit",
    )
