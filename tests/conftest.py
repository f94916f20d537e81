"""Session set-up shared by every test module."""

from __future__ import annotations

import math
import os
import signal
import time
from collections.abc import Generator

import pytest

# The browser tests' fixtures (app, base, driver) and helpers, shared by
# every page test module.
pytest_plugins = ["browser_pages"]

# A shell without job control starts background commands with SIGINT
# ignored, and child processes inherit that: the Ctrl-C tests would then
# signal children that cannot hear it.  Catching SIGINT here (as an
# interactive Python does) makes the children start with it delivered.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A test's id reaches the environment of every process it starts, as
# PYTEST_CURRENT_TEST, and Linux refuses to start a process given one variable
# over 128 kB ("Argument list too long"): a long text or bytes parameter (a
# 200 kB nesting, a 20 000-hand range) is named by its start and its length.
LONGEST_PARAMETER_ID = 60


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    if isinstance(val, (str, bytes)) and len(val) > LONGEST_PARAMETER_ID:
        start = val[:24].decode("latin-1") if isinstance(val, bytes) else val[:24]
        return f"{start}...{len(val)}{'bytes' if isinstance(val, bytes) else 'chars'}"
    return None  # pytest's own id


@pytest.fixture(autouse=True, scope="session")
def _outside_the_source_tree(tmp_path_factory: pytest.TempPathFactory) -> Generator[None]:
    """Every test runs from a scratch directory: a child process it starts
    (`python -m omaha_eval`, `python -c`) imports the installed package, as a
    user's would, never the repository root's source package, which CI does
    not build in place (a test giving no cwd of its own would otherwise fail
    only there)."""
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("cwd"))
    try:
        yield
    finally:
        os.chdir(here)


# The default tier (`pytest`) must stay fast: a test not marked slow that costs
# more than this fails.  What a test costs is the CPU time it uses: its process's
# (every thread) and that of the child processes it waited for, so a busy machine,
# which stretches the wall clock, cannot fail a test that is fast (a test that
# spends the limit on two threads at once is counted on the clock instead: the
# smaller of the two).  A test that only waits is held to the wall clock, at
# WALL_FACTOR times the limit scaled by the load per core.
# OMAHA_EVAL_TEST_TIME_LIMIT sets another limit in seconds, or "off"
# (tools/sanitize.sh: everything runs slower under ASan).
TIME_LIMIT_VARIABLE = "OMAHA_EVAL_TEST_TIME_LIMIT"
DEFAULT_TIME_LIMIT = 5.0
WALL_FACTOR = 6.0
OFF_HINT = f"{TIME_LIMIT_VARIABLE}=off pytest runs the default tier without it"


def _time_limit() -> float:
    text = os.environ.get(TIME_LIMIT_VARIABLE, "").strip()
    if text == "":
        return DEFAULT_TIME_LIMIT
    if text == "off":
        return math.inf
    try:
        limit = float(text)
    except ValueError:
        limit = math.nan
    if not limit > 0:
        raise pytest.UsageError(
            f"{TIME_LIMIT_VARIABLE}: expected a number of seconds above 0 or 'off', got {text!r}"
        )
    return limit


def _cpu_seconds() -> float:
    """CPU time of this process (all threads) and of its waited-for children
    (Windows has no `resource`: the process's own)."""
    try:
        import resource
    except ImportError:
        return time.process_time()
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _load_per_core() -> float:
    try:
        return os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:  # no load average on this system
        return 0.0


_LIMIT = pytest.StashKey[float]()
_CPU = pytest.StashKey[float]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_LIMIT] = _time_limit()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    before = _cpu_seconds()
    try:
        return (yield)
    finally:
        item.stash[_CPU] = _cpu_seconds() - before


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    limit = item.config.stash[_LIMIT]
    if report.when != "call" or not report.passed or item.get_closest_marker("slow") is not None:
        return report
    cpu = item.stash.get(_CPU, call.duration)
    cost = min(cpu, call.duration)
    wall_limit = WALL_FACTOR * limit * max(1.0, _load_per_core())
    if cost > limit:
        said = f"used {cost:.1f} s of CPU time"
    elif call.duration > wall_limit:
        said = f"waited {call.duration:.1f} s (over {wall_limit:.3g} s at this load)"
    else:
        return report
    report.outcome = "failed"
    report.longrepr = (
        f"{item.nodeid} passed but {said}, over the {limit:g} s allowed in the "
        "default tier: mark it @pytest.mark.slow (it then runs in `pytest -m slow`) "
        f"or make it faster ({OFF_HINT})"
    )
    return report
