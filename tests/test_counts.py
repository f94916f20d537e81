"""Counts (trials, threads, hole cards) as every entry point reads them,
through omaha_eval._checks: a float that is a whole number (1e5, 2.0) is that
number; a fraction, NaN or an infinity is an error naming the parameter and
quoting the value."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError
from omaha_eval._checks import count, hole_cards, whole

A, B = "As Ah 2c 3d", "7c 7d 4c 5d"
QUERY = "select count(winsHi(hero)) from hero='AsAh2c3d', villain='7c7d4c5d', board='KsQdJh'"


@pytest.mark.parametrize("value", [3, 3.0, np.float64(3.0), np.float32(3.0), np.int64(3), 3e0])
def test_whole_numbers_of_any_spelling_are_that_int(value: Any) -> None:
    got = whole(value, "n", "a count")
    assert got == 3 and type(got) is int


@pytest.mark.parametrize(
    "value", [1e5 + 0.5, 2.5, -0.5, math.nan, math.inf, -math.inf, np.float64("nan")]
)
def test_floats_that_are_not_whole_numbers_are_refused_quoting_them(value: float) -> None:
    with pytest.raises(OmahaEvalError, match=r"^n: expected a count, got ") as caught:
        whole(value, "n", "a count")
    assert not isinstance(caught.value, TypeError)
    assert caught.value.args[0].endswith(repr(value))


@pytest.mark.parametrize("value", [True, "100", None, [1], 1 + 0j])
def test_what_is_not_a_number_is_a_type_error(value: Any) -> None:
    with pytest.raises(OmahaEvalTypeError, match=r"^n: expected a count, got "):
        whole(value, "n", "a count")


def test_count_bounds_apply_to_the_whole_number() -> None:
    assert count(1e5, "trials", 1, 10**6) == 100_000
    with pytest.raises(OmahaEvalError, match=r"trials: expected a whole number >= 1, got 0.0"):
        count(0.0, "trials")
    with pytest.raises(OmahaEvalError, match=r"trials: expected at most 10, got 1e\+300"):
        count(1e300, "trials", 1, 10)
    assert hole_cards(5.0) == 5
    with pytest.raises(OmahaEvalError, match="hole_cards: expected 4, 5 or 6 hole cards, got 7"):
        hole_cards(7.0)


def _equity(**options: Any) -> Any:
    return oe.equity([A, B], "Ks Qd Jh", **options)


def _mc(**options: Any) -> Any:
    return oe.equity([A, B], "Ks Qd", exact=False, seed=7, **options)


def _rounds(**options: Any) -> Any:
    return list(oe.equity_rounds([A, B], "Ks Qd", exact=False, seed=7, **options))[-1]


def _query(**options: Any) -> Any:
    return oe.query(QUERY, exact=False, seed=7, **options)


def _street(**options: Any) -> Any:
    return oe.street_equity("Ks Qd Jh", [[48, 49, 0, 5]], [[20, 21, 8, 13]], **options)


def _distribution(**options: Any) -> Any:
    return oe.equity_distribution("AA", B, "Ks Qd Jh", seed=7, **options)


# Each entry point with a count: the int and the same number as a float.
CALLS: list[tuple[Callable[..., Any], str, int]] = [
    (_equity, "threads", 2),
    (_equity, "hole_cards", 4),
    (_mc, "trials", 3000),
    (_mc, "threads", 2),
    (_rounds, "trials", 3000),
    (_query, "trials", 3000),
    (_query, "threads", 2),
    (_query, "hole_cards", 4),
    (_street, "threads", 2),
    (_distribution, "trials", 200),
    (_distribution, "threads", 2),
]


def _figures(result: Any) -> Any:
    if isinstance(result, oe.StreetShares):
        return result.equity.tolist()
    if isinstance(result, oe.EquityDistribution):
        return result.equity.tolist()
    data = result.to_dict()
    data.pop("elapsed")
    return data


@pytest.mark.parametrize(("call", "name", "n"), CALLS)
def test_every_entry_point_takes_a_whole_float_as_its_int(
    call: Callable[..., Any], name: str, n: int
) -> None:
    assert _figures(call(**{name: float(n)})) == _figures(call(**{name: n}))


@pytest.mark.parametrize(("call", "name", "n"), CALLS)
@pytest.mark.parametrize("bad", [0.5, math.nan, math.inf])
def test_every_entry_point_refuses_a_fraction_nan_or_inf_by_name(
    call: Callable[..., Any], name: str, n: int, bad: float
) -> None:
    value = n + bad
    with pytest.raises(OmahaEvalError, match=rf"{name}: expected .*, got {value!r}"):
        call(**{name: value})


def test_trials_in_scientific_notation() -> None:
    r = oe.equity([A, B], "Ks Qd", exact=False, seed=7, trials=1e4)
    assert r.trials == 10_000 and type(r.trials) is int


def test_a_range_and_all_hands_take_whole_float_hand_sizes() -> None:
    assert oe.Range("AA", hole_cards=4.0).combos.tolist() == oe.Range("AA").combos.tolist()
    assert oe.all_hands(4.0).shape == (270_725, 4)
    with pytest.raises(OmahaEvalError, match=r"k: expected 4, 5 or 6 hole cards, got 4.5"):
        oe.all_hands(4.5)


# The command line takes counts the same way (omaha_eval/cli/_shell.py, Count).
CLI_SPOT = ("equity", "AsAh2c3d", "7c7d4c5d", "--monte-carlo", "--seed", "3", "--json")


@pytest.mark.parametrize(
    ("written", "number"), [("1e4", "10000"), ("2.0e3", "2000"), ("500.0", "500")]
)
def test_command_line_trials_may_be_written_as_a_whole_float(tmp_path, written, number) -> None:
    import json

    from cli_helpers import run_cli

    runs = [
        run_cli(*CLI_SPOT, "--trials", n, "--threads", "1.0", cwd=tmp_path)
        for n in (written, number)
    ]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    a, b = (json.loads(r.stdout) for r in runs)
    a.pop("elapsed"), b.pop("elapsed")
    assert a == b and a["trials"] == int(number)


@pytest.mark.parametrize("written", ["1.5", "nan", "inf", "1e-3"])
def test_command_line_refuses_a_fractional_count_naming_the_flag(tmp_path, written) -> None:
    from cli_helpers import run_cli

    run = run_cli(*CLI_SPOT, "--trials", written, cwd=tmp_path)
    assert run.returncode == 2
    assert (
        "--trials" in run.stderr and repr(written) in run.stderr and "Traceback" not in run.stderr
    )
