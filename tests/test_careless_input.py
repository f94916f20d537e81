"""Careless and hostile input to the library and the command: a clear error
(one line on the command line) or a right answer, never a traceback, a hang
or a blow-up of time or memory before the check."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import textwrap
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from cli_helpers import (
    assert_one_line_error,
    cli_command,
    cli_env,
    resident_memory_measured,
    run_cli,
    run_python,
)

import omaha_eval as oe
from omaha_eval import OmahaEvalError, Range


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("[AK-32]" * 7, "alternatives"),  # 35 million choices: counted, not built
        ("[AK,QJ]" * 23, "alternatives"),
        ("(" * 300 + "AA" + ")" * 300, "nested more than 50 deep"),
        ("AA@" + "9" * 5000, "number of 5,000 characters"),
    ],
)
def test_range_costs_are_checked_before_the_work(text: str, needle: str) -> None:
    start = time.perf_counter()
    with pytest.raises(OmahaEvalError, match=needle):
        Range(text)
    assert time.perf_counter() - start < 10  # was a minute and gigabytes


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"trials": 2**64}, "trials: expected at most"),
        ({"trials": 10**5000}, "trials: expected at most"),
        ({"seed": 10**5000}, "seed: expected an int"),
        ({"threads": 10**5000}, "threads: expected at most"),
    ],
)
def test_huge_numbers_are_one_clear_error(options: dict[str, object], needle: str) -> None:
    with pytest.raises(OmahaEvalError, match=needle) as info:
        oe.equity(["AsAh2c3d", "*"], exact=False, **options)
    assert len(str(info.value)) < 200  # the number is not printed in full


def test_huge_numbers_on_the_command_line(tmp_path: Path) -> None:
    proc = run_cli("equity", "AsAh2c3d", "*", "--trials", "9" * 5000, cwd=tmp_path)
    assert_one_line_error(proc, "--trials")
    (tmp_path / "spots.csv").write_text(
        f"id,players,trials\na,AsAh2c3d|*,{'9' * 5000}\n", encoding="utf-8"
    )
    proc = run_cli("batch", "spots.csv", "-o", "out.jsonl", cwd=tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr


def test_tiny_weights_on_colliding_ranges_are_well_defined() -> None:
    """Only the two 1e-200 hands can be dealt together: their product, 1e-400,
    is below double range, yet the answer is that one deal's."""
    a = np.array([oe.parse_cards("AsKsQsJs"), oe.parse_cards("Kd3c4c5c")])
    b = np.array([oe.parse_cards("AsKdQdJd"), oe.parse_cards("As7c8c9c")])
    r = oe.equity([(a, [1.0, 1e-200]), (b, [1.0, 1e-200])], board="2h3h4h")
    alone = oe.equity(["Kd3c4c5c", "As7c8c9c"], board="2h3h4h")
    assert r.players[0].equity == pytest.approx(alone.players[0].equity, rel=1e-12)
    assert r.trials == alone.trials


def test_double_stars_are_a_random_hand() -> None:
    one = oe.equity(["*"] * 10, trials=20_000, seed=5)
    two = oe.equity(["**"] * 10, trials=20_000, seed=5)
    assert [p.equity for p in one.players] == [p.equity for p in two.players]
    assert {p.kind for p in two.players} == {"random"}


@resident_memory_measured
def test_many_threads_for_little_work_stay_small(tmp_path: Path) -> None:
    # The peak of this process's own memory: /proc's VmHWM where there is one.
    # ru_maxrss also counts the parent's pages before exec (Linux folds the old
    # image's peak into it), so a test process that had grown read as large.
    code = textwrap.dedent(
        """
        import re, resource, omaha_eval as oe
        oe.equity(["*"] * 10, threads=256, trials=10_000, seed=1)
        try:
            with open("/proc/self/status") as status:
                peak = int(re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1))
        except OSError:
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(peak // 1024)
        """
    )
    proc = run_python(code, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout) < 400  # MB: was 3.3 GB, one histogram per thread asked for


@pytest.mark.slow
def test_ctrl_c_stops_a_long_exact_run_on_the_command_line(tmp_path: Path) -> None:
    args = ["equity", "AdKd3s2s", "*", "*", "--board", "Jd4d3c9h8s", "--exact"]
    proc = subprocess.Popen(
        cli_command(*args),
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)  # well into the enumeration (minutes of work)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert time.monotonic() - sent < 3  # was minutes: the enumeration ran to its end


def test_huge_villain_weights_give_the_same_shares() -> None:
    board = "Jd 4d 3c Qd 5h"
    high, _ = oe.rank_board(board)
    live = oe.all_hands()[high > 0]
    rng = np.random.default_rng(1)
    hero = live[rng.choice(len(live), 50, replace=False)]
    villain = live[rng.choice(len(live), 500, replace=False)]
    w = rng.random(500)
    plain = oe.river_shares(board, hero, villain, w)
    huge = oe.river_shares(board, hero, villain, w * 1e306)  # their sum overflows a double
    np.testing.assert_allclose(huge.equity, plain.equity, rtol=1e-12)
    np.testing.assert_allclose(huge.scoop, plain.scoop, rtol=1e-12)


# Every command, and click's own --help and --version, writing to stdout.
WRITERS = [
    ["eval", "AdKd3s2s", "JdQd4d3c5h"],
    ["eval", "AdKd3s2s", "JdQd4d3c5h", "--json"],
    ["equity", "AsAh2c3d", "7c7d4c5d", "-b", "KsQdJh9c9h"],
    ["equity", "AsAh2c3d", "7c7d4c5d", "-b", "KsQdJh9c9h", "--json"],
    ["range", "*"],
    ["range", "*", "--json"],
    ["--help"],
    ["batch", "--help"],
    ["--version"],
    [],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", WRITERS, ids=" ".join)
def test_a_full_disk_under_stdout_is_one_line(tmp_path: Path, args: list[str]) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        proc = subprocess.run(
            cli_command(*args),
            cwd=tmp_path,
            env=cli_env(),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert proc.returncode == 1  # a failure, not a usage error
    assert proc.stderr == "omaha-eval: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", WRITERS, ids=" ".join)
def test_a_reader_gone_before_the_output_is_a_quiet_exit_0(tmp_path: Path, args: list[str]) -> None:
    """`omaha-eval ... | head`: the pipe's reader is gone (here from the
    start, so every write fails), as when a command ends the others."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            cli_command(*args),
            cwd=tmp_path,
            env=cli_env(),
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert (proc.returncode, proc.stderr) == (0, "")


def strict_json(text: str) -> Any:
    def refuse(token: str) -> Any:
        raise AssertionError(f"{token} in {text[:80]!r}: not strict JSON")

    return json.loads(text, parse_constant=refuse)


def test_a_single_trial_is_refused_naming_trials(tmp_path: Path) -> None:
    """One trial has no standard error: an error naming --trials, not a
    result with NaN (or null in JSON) where its error belongs."""
    args = ["equity", "AsAh2c3d", "7c7d4c5d", "--monte-carlo", "--trials", "1", "--json"]
    proc = run_cli(*args, cwd=tmp_path)
    assert_one_line_error(proc, "--trials", ">= 2", "got 1")
    two = run_cli(*args[:-2], "2", "--json", cwd=tmp_path)
    assert two.returncode == 0, two.stderr
    assert strict_json(two.stdout)["trials"] == 2
