"""Thread safety: many threads at once give the serial answers, and
the long C loops release the GIL so that other threads make progress."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval import _core


def deals(seed: int, n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """n seeded random deals: holes (n, k) and boards (n, 5), no card twice."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : k + 5].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :k]), np.ascontiguousarray(cards[:, k:])


@contextmanager
def switch_interval(seconds: float) -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


# ------------------------------------------------------------ same as serial
def batch_jobs() -> list[tuple[np.ndarray, np.ndarray]]:
    jobs = []
    for i in range(12):
        k = (4, 5, 6)[i % 3]
        holes, boards = deals(seed=100 + i, n=3000, k=k)
        if i % 2:  # every other job: one board shared by all rows
            board = boards[0]
            keep = ~np.isin(holes, board).any(axis=1)
            holes, boards = holes[keep], board
        jobs.append((holes, boards))
    return jobs


def test_threads_evaluate_batch_same_as_serial():
    jobs = batch_jobs()
    serial = [oe.evaluate_batch(h, b) for h, b in jobs]
    # tiny switch interval: threads are interleaved as often as CPython allows
    with switch_interval(1e-6), ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda job: oe.evaluate_batch(*job), jobs * 4))
    for i, (high, low) in enumerate(results):
        want_high, want_low = serial[i % len(jobs)]
        np.testing.assert_array_equal(high, want_high)
        np.testing.assert_array_equal(low, want_low)


def test_threads_evaluate_and_errors_same_as_serial():
    """Single-hand calls, good and bad, from many threads: the same values and
    the same error messages as one thread."""
    holes, boards = deals(seed=7, n=400, k=4)
    args = [(h.tolist(), b.tolist()) for h, b in zip(holes, boards, strict=True)]
    args += [(h[:3].tolist(), b.tolist()) for h, b in zip(holes[:50], boards[:50], strict=True)]

    def call(arg: tuple[list[int], list[int]]) -> object:
        try:
            return oe.evaluate(*arg)
        except oe.OmahaEvalError as exc:
            return str(exc)

    serial = [call(a) for a in args]
    with switch_interval(1e-6), ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(call, args * 3)) == serial * 3


# ------------------------------------------------------------ the GIL
def main_thread_steps_during(fn: Callable[[], object]) -> int:
    """How many times this thread ran Python code while `fn` was running in
    another thread.

    The switch interval is set far above the length of the call, so CPython
    never takes the GIL away from the worker by force: this thread can run
    only when the worker gives the GIL up itself, as a `with nogil:` C loop
    does.  A call that keeps the GIL throughout gives 0 whatever the machine's
    load; no timing threshold is involved.
    """
    done = False

    def work() -> None:
        nonlocal done
        fn()
        done = True

    steps = 0
    with switch_interval(60.0):
        worker = threading.Thread(target=work)
        worker.start()
        while worker.is_alive():
            if not done:
                steps += 1  # Python code, run while the worker is inside fn
            worker.join(0.001)  # blocks: lets the worker take the GIL back
    return steps


def steps_in_some_try(fn: Callable[[], object], tries: int = 5) -> int:
    """Retry a few times: this thread may simply not have been scheduled
    during a call on a busy machine; a call holding the GIL gives 0 always."""
    for _ in range(tries):
        steps = main_thread_steps_during(fn)
        if steps:
            return steps
    return 0


def long_rows(k: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    holes, boards = deals(seed=11, n=1000, k=k)
    return np.tile(holes, (n // 1000, 1)), np.tile(boards, (n // 1000, 1))


def test_control_a_call_holding_the_gil_lets_nothing_run():
    """The method can fail: pure Python work keeps the GIL, so 0 steps."""
    assert main_thread_steps_during(lambda: sum(range(5_000_000))) == 0


@pytest.mark.parametrize("k", [4, 6])
def test_evaluate_rows_releases_the_gil(k):
    holes, boards = long_rows(k, 400_000)
    assert steps_in_some_try(lambda: _core.evaluate_rows(holes, boards)) > 0
    shared = boards[:1]
    holes = holes[~np.isin(holes, shared).any(axis=1)]
    assert steps_in_some_try(lambda: _core.evaluate_rows(holes, shared)) > 0


def test_row_validation_releases_the_gil():
    holes, boards = long_rows(6, 2_000_000)
    assert steps_in_some_try(lambda: _core.first_invalid_row(holes, boards)) > 0


# ------------------------------------------------------------ equity
EQUITY_SPOTS = [
    (["As Ah 2c 3d", "7c 7d 4c 5d"], "Ks Qd Jh", ""),
    (["Ad Kd 3s 2s", "Qh Jh Tc 9c", "8s 8h 6d 4d"], "5c 7h 2h", "Ac"),
    (["6c 6d 6h 6s", "5c 4d 3h 2s"], "Kc Td 8h 3c", ""),
    (["Ad Kd 3s 2s 9h", "*"], "Jd 4d 3c Qd", ""),
]


def test_threads_equity_same_as_serial():
    """Exact and seeded Monte Carlo equity from many threads at once (each
    call itself also using 1 or 2 worker threads) equal the serial answers."""

    def call(job: tuple[int, bool, int]) -> dict[str, object]:
        i, exact, threads = job
        players, board, dead = EQUITY_SPOTS[i]
        r = oe.equity(players, board, dead, exact=exact, trials=30_000, seed=i, threads=threads)
        return r.to_dict() | {"elapsed": None}

    jobs = [
        (i, exact, t) for i in range(len(EQUITY_SPOTS)) for exact in (True, False) for t in (1, 2)
    ]
    jobs = [j for j in jobs if not (j[0] == 3 and j[1])]  # a random hand on the turn: MC only
    serial = [call(j) for j in jobs]
    with switch_interval(1e-6), ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(call, jobs * 3)) == serial * 3


def test_exact_equity_releases_the_gil():
    # preflop, a hand against a range of 4 hands: about 4.3 million deals in one C call
    rng = np.random.default_rng(3)
    combos = np.array([rng.choice(np.arange(8, 52), 4, replace=False) for _ in range(4)])
    run = lambda: oe.equity(["2c 2d 3h 3s", (combos, np.ones(4))], exact=True, threads=1)  # noqa: E731
    assert steps_in_some_try(run) > 0


def test_monte_carlo_equity_releases_the_gil():
    run = lambda: oe.equity(  # noqa: E731
        ["As Ah 2c 3d", "7c 7d 4c 5d", "*"], exact=False, trials=3_000_000, seed=1, threads=1
    )
    assert steps_in_some_try(run) > 0
