"""Ctrl-C at any moment of a run on the thread runner (engine/threads.py)
ends it: the waiting thread never holds a lock a worker needs.  Before,
the runner waited with concurrent.futures.wait, which takes every future's
lock in Python code; an interrupt landing there left one held, a worker
blocked on it and the pool's shutdown waited forever (about one Ctrl-C in
seven of `omaha-eval boards AsAhKs2c3d4h 5%` hung)."""

from __future__ import annotations

import pytest
from cli_helpers import run_python

# Forty interrupts at random moments of runs of many tiny jobs (many calls
# into the pool), in a child process (a hang must not hang the test session):
# `run` and `stream`, two threads.  The old runner hung in each of 4 tries.
STRESS = """
import _thread, random, threading, time
from omaha_eval.engine.threads import Workers

random.seed(1)

def job():
    return 1

heard = 0
for i in range(ROUNDS):
    timer = threading.Timer(random.uniform(0, 0.02), _thread.interrupt_main)
    try:
        with Workers(lambda: None, 2) as pool:
            timer.start()
            if i % 2:
                pool.run([job] * 3000)
            else:
                sum(pool.stream([job] * 3000))
            time.sleep(0.05)  # a run quicker than the timer is interrupted here
    except KeyboardInterrupt:
        heard += 1
    timer.join()
print(heard)
"""


@pytest.mark.parametrize("rounds", [40])
def test_ctrl_c_at_any_moment_of_a_threaded_run_ends_it(tmp_path, rounds):
    done = run_python(STRESS.replace("ROUNDS", str(rounds)), cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == rounds  # every interrupt heard, none hung
