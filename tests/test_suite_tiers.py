"""The test suite's tiers: `pytest` leaves out the tests marked slow, which
`pytest -m slow` runs, and a default-tier test that takes too long fails
(tests/conftest.py).  Each check runs pytest on a few made-up tests, with the
suite's own configuration ([tool.pytest.ini_options]) or conftest."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parent
# Inner runs without the cache, Hypothesis' plugin (which takes seconds to
# start and has nothing to do here) and worker processes (-n 0: in process).
QUIET = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-n", "0")
PYPROJECT = TESTS.parent / "pyproject.toml"

TIERS = """
import pytest

def test_quick():
    pass

@pytest.mark.slow
def test_long():
    pass
"""

SLEEPERS = """
import time
import pytest

def busy(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass

def test_quick():
    pass

def test_sleepy():
    busy(0.3)

@pytest.mark.slow
def test_sleepy_but_marked_slow():
    busy(0.3)

def test_waits_a_little():
    time.sleep(0.3)
"""


@pytest.fixture
def with_our_config(pytester: pytest.Pytester) -> pytest.Pytester:
    if not PYPROJECT.exists():
        pytest.skip("needs the source tree (pyproject.toml)")
    (pytester.path / "pyproject.toml").write_text(
        PYPROJECT.read_text(encoding="utf-8"), encoding="utf-8"
    )
    (pytester.path / "tests").mkdir()
    return pytester


def test_default_run_leaves_out_slow_tests_and_minus_m_slow_runs_them(
    with_our_config: pytest.Pytester,
) -> None:
    (with_our_config.path / "tests" / "test_tiers.py").write_text(TIERS, encoding="utf-8")
    default = with_our_config.runpytest_inprocess(*QUIET, "-v")
    default.assert_outcomes(passed=1, deselected=1)
    default.stdout.fnmatch_lines(["*test_quick PASSED*"])
    slow = with_our_config.runpytest_inprocess(*QUIET, "-v", "-m", "slow")
    slow.assert_outcomes(passed=1, deselected=1)
    slow.stdout.fnmatch_lines(["*test_long PASSED*"])


def test_unknown_markers_and_passing_xfails_fail(with_our_config: pytest.Pytester) -> None:
    (with_our_config.path / "tests" / "test_strict.py").write_text(
        "import pytest\n\n"
        "@pytest.mark.slwo\ndef test_misspelt():\n    pass\n\n"
        "@pytest.mark.xfail\ndef test_passes_after_all():\n    pass\n",
        encoding="utf-8",
    )
    typo = with_our_config.runpytest_inprocess(*QUIET)
    assert typo.ret == pytest.ExitCode.INTERRUPTED  # a collection error
    typo.stdout.fnmatch_lines(["*'slwo' not found in `markers` configuration option*"])
    (with_our_config.path / "tests" / "test_strict.py").write_text(
        "import pytest\n\n@pytest.mark.xfail\ndef test_passes_after_all():\n    pass\n",
        encoding="utf-8",
    )
    xpass = with_our_config.runpytest_inprocess(*QUIET)
    xpass.assert_outcomes(failed=1)
    xpass.stdout.fnmatch_lines(["*[[]XPASS(strict)[]]*"])


@pytest.fixture
def with_our_conftest(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest((TESTS / "conftest.py").read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nmarkers = slow\n")
    pytester.makepyfile(test_sleepers=SLEEPERS)
    return pytester


def test_a_default_tier_test_over_the_time_limit_fails_and_says_what_to_do(
    with_our_conftest: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OMAHA_EVAL_TEST_TIME_LIMIT", "0.2")
    result = with_our_conftest.runpytest_inprocess(*QUIET)
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*test_sleepers.py::test_sleepy passed but used 0.* s of CPU time, over the 0.2 s "
            "allowed in the default tier: mark it @pytest.mark.slow *or make it faster "
            "(OMAHA_EVAL_TEST_TIME_LIMIT=off pytest runs the default tier without it)",
            "FAILED test_sleepers.py::test_sleepy - *",
        ]
    )


def test_the_time_limit_counts_cpu_time_so_a_busy_machine_fails_no_fast_test(
    with_our_conftest: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two busy processes beside the run stretch the clock, not a test's CPU
    time: a test that costs 0.1 s passes under a 0.2 s limit however long it
    waits for a core."""
    import subprocess
    import sys

    with_our_conftest.makepyfile(
        test_light="""
import time

def test_light_but_waits_for_cores():
    end = time.process_time() + 0.1
    while time.process_time() < end:
        pass
"""
    )
    monkeypatch.setenv("OMAHA_EVAL_TEST_TIME_LIMIT", "0.2")
    spin = [
        sys.executable,
        "-c",
        "import time\nend = time.time() + 20\nwhile time.time() < end: pass",
    ]
    busy = [subprocess.Popen(spin) for _ in range(2)]
    try:
        result = with_our_conftest.runpytest_inprocess(*QUIET, "test_light.py")
    finally:
        for p in busy:
            p.kill()
            p.wait()
    result.assert_outcomes(passed=1)


def test_the_time_limit_can_be_left_default_or_off_but_not_nonsense(
    with_our_conftest: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OMAHA_EVAL_TEST_TIME_LIMIT", raising=False)
    with_our_conftest.runpytest_inprocess(*QUIET, "-k", "sleepy").assert_outcomes(passed=2)
    monkeypatch.setenv("OMAHA_EVAL_TEST_TIME_LIMIT", "0.2")
    with_our_conftest.runpytest_inprocess(*QUIET, "-k", "sleepy or waits").assert_outcomes(
        passed=2, failed=1
    )
    monkeypatch.setenv("OMAHA_EVAL_TEST_TIME_LIMIT", "off")
    with_our_conftest.runpytest_inprocess(*QUIET, "-k", "sleepy").assert_outcomes(passed=2)
    monkeypatch.setenv("OMAHA_EVAL_TEST_TIME_LIMIT", "soon")
    refused = with_our_conftest.runpytest_inprocess(*QUIET)
    assert refused.ret == pytest.ExitCode.USAGE_ERROR
    refused.stderr.fnmatch_lines(
        ["*OMAHA_EVAL_TEST_TIME_LIMIT: expected a number of seconds above 0 or 'off', got 'soon'"]
    )


def test_a_long_text_parameter_gets_a_short_id_and_its_test_can_start_processes(
    with_our_conftest: pytest.Pytester,
) -> None:
    with_our_conftest.makepyfile(
        test_long_ids="""
import subprocess, sys
import pytest

@pytest.mark.parametrize("text", ["[" * 200_000, b"9" * 200_000, "short"])
def test_starts_a_process(text):
    subprocess.run([sys.executable, "-c", "pass"], check=True)
"""
    )
    result = with_our_conftest.runpytest_inprocess(*QUIET, "-v", "test_long_ids.py")
    result.assert_outcomes(passed=3)
    ids = {line.split(" ")[0] for line in result.stdout.lines if " PASSED" in line}
    assert ids == {
        "test_long_ids.py::test_starts_a_process[" + "[" * 24 + "...200000chars]",
        "test_long_ids.py::test_starts_a_process[" + "9" * 24 + "...200000bytes]",
        "test_long_ids.py::test_starts_a_process[short]",
    }


def _timed_ctrl_c_tests() -> list[tuple[str, str, bool]]:
    """(file, test, marked slow) for each test that sends SIGINT and reads
    the clock: a Ctrl-C timing test."""
    import ast

    found = []
    for path in sorted(TESTS.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            names = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
            if "SIGINT" in names and "monotonic" in names:
                slow = any("mark.slow" in ast.unparse(d) for d in node.decorator_list)
                found.append((path.name, node.name, slow))
    return found


def test_no_ctrl_c_timing_test_runs_in_the_default_tier() -> None:
    """The default tier runs on every wheel's build machine, often loaded; a
    bound in wall time after SIGINT belongs to the slow tier."""
    found = _timed_ctrl_c_tests()
    assert any(name == "test_ctrl_c_stops_a_long_run_within_half_a_second" for _, name, _ in found)
    assert [(f, name) for f, name, slow in found if not slow] == []
