"""Ctrl-C held back while the calling thread is inside a worker pool's own
code, then delivered.

Python raises KeyboardInterrupt between any two bytecodes of the main
thread, and concurrent.futures and threading take their locks in Python
code (Condition.__enter__, Semaphore.acquire, concurrent.futures.wait): an
interrupt landing between a lock's acquire and the `with` that releases it
leaves the lock held, a worker blocks on it and the pool's shutdown waits
forever (`omaha-eval boards` hung on about one Ctrl-C in seven).  The
thread runner (engine/threads.py) and the executor (engine/executor.py)
call into their pools inside `interrupts_held()` and wait on C queues,
where an interrupt is safe.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

__all__ = ["interrupts_held"]


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Within the block, SIGINT is noted instead of handled; at its end the
    handler in place is restored and a noted SIGINT is raised again, to that
    handler.  Only the main thread hears signals: elsewhere nothing is held."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    heard: list[int] = []
    try:
        handler = signal.signal(signal.SIGINT, lambda signum, frame: heard.append(signum))
    except ValueError:  # not the main interpreter: signals are not ours to hold
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
        if heard:
            signal.raise_signal(signal.SIGINT)
