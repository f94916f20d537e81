"""Where the independent parts of a run go: worker threads of this process,
worker processes, or a Dask cluster.  Batch spots and board report rows
go through here; engine/threads.py runs the parts of one engine run.

The contract is one call::

    for done in executor.run(fn, parts):
        done.index, done.value, done.error

`fn(part, stop)` runs once for each part (a module-level function and
picklable parts: processes and Dask ship them), in any order and in
parallel; each part's outcome comes back as it finishes, as a `Done`:
its index in `parts`, and the value `fn` returned or the exception it
raised (or that lost the part on the way: a part that cannot be pickled, a
Dask worker that died), that very exception, never one rebuilt from its
text.  `stop` is an event the thread executor sets on Ctrl-C (or when the
consumer stops), so that running parts can hand in what they have; worker
processes and Dask get None (they are terminated or cancelled instead).

A consumer that yields what it makes of the outcomes passes them through
`relay`, which hands a Ctrl-C thrown into it on to the executor.

The names are read in one place (`read_executor`): ``"thread"`` or
``"threads"``, ``"process"`` or ``"processes"``, or a Dask client.

Nothing waits forever: Ctrl-C (or a consumer that stops) ends every
executor at once (threads: the stop event reaches each running part,
which has STOP_GRACE to hand in its outcome; processes: terminated; Dask:
cancelled); worker processes die with their parent, and a dead one is an
error; a scheduler without a worker for DASK_NO_WORKER_TIMEOUT is an
error."""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias, TypeVar

from omaha_eval import extras
from omaha_eval.engine.interrupts import interrupts_held
from omaha_eval.errors import OmahaEvalError, OmahaEvalFailure, OmahaEvalTypeError, quote

__all__ = [
    "DASK_TIMEOUT",
    "EXECUTORS",
    "Done",
    "Executor",
    "dask_client",
    "is_dask_client",
    "read_executor",
    "relay",
]

P = TypeVar("P")
R = TypeVar("R")
T = TypeVar("T")

# The executors' names, singular or not -> the kind
EXECUTORS = {"thread": "thread", "threads": "thread", "process": "process", "processes": "process"}
DASK_TIMEOUT = 10.0  # seconds to reach a scheduler, handshake included, and for each question
STOP_GRACE = 0.25  # seconds the running parts get, after Ctrl-C, to hand in their outcomes
PARENT_POLL = 0.5  # seconds between a worker process's looks at its parent (without prctl)
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a Linux process gets when its parent dies
DASK_NO_WORKER_TIMEOUT = 60.0  # seconds a scheduler may have no worker (an adaptive cluster
# may be starting one) before the run gives up
DASK_CHECK = 1.0  # seconds between asking the scheduler for its workers
DASK_POLL = 0.05  # seconds between looks for finished Dask parts (Ctrl-C is heard in between)
PROCESS_WINDOW = 2  # parts queued a worker process: a big run is not queued at once
DASK_WINDOW = 4  # parts queued a Dask worker thread


@dataclass(frozen=True)
class Done(Generic[R]):
    """A part's outcome: its index in the parts, and the value its function
    returned or the exception that ended it (None when it returned)."""

    index: int
    value: R | None = None
    error: BaseException | None = None

    def get(self) -> R:
        """The value, or the part's exception raised here."""
        if self.error is not None:
            raise self.error
        return self.value  # type: ignore[return-value]


Outcomes: TypeAlias = Generator[Done[R], None, None]  # a run's, as they finish


def is_dask_client(value: object) -> bool:
    """A distributed.Client, or what stands for one (its type is not
    imported: the dask extra is optional)."""
    return callable(getattr(value, "submit", None)) and hasattr(value, "scheduler")


@dataclass(frozen=True)
class Executor:
    """Where parts run: `kind` "thread" or "process" with `workers` workers,
    or "dask" on `client`."""

    kind: str
    workers: int = 1
    client: Any = None

    def run(self, fn: Callable[[P, Any], R], parts: Sequence[P]) -> Outcomes[R]:
        """Yield each part's Done as it finishes (see the module's docstring)."""
        if not parts:
            return _nothing()
        if self.kind == "dask":
            return _dask(fn, parts, self.client)
        workers = max(1, min(self.workers, len(parts)))
        if self.kind == "process" and workers > 1:
            return _processes(fn, parts, workers)
        return _threads(fn, parts, workers)


def _nothing() -> Outcomes[R]:
    yield from ()


def relay(outcomes: Outcomes[R], convert: Callable[[Done[R]], T | None]) -> Iterator[T]:
    """Each outcome converted (None: nothing to yield), as a generator that
    hands a KeyboardInterrupt thrown into it (``gen.throw``: a consumer's
    Ctrl-C) on to the executor, so that the running parts stop and the
    outcomes they hand in still come out before the interrupt goes on;
    closing it closes the executor's run."""
    try:
        for done in outcomes:
            out = convert(done)
            if out is None:
                continue
            try:
                yield out
            except KeyboardInterrupt:
                try:
                    done = outcomes.throw(KeyboardInterrupt())
                    while True:
                        out = convert(done)
                        if out is not None:
                            yield out
                        done = next(outcomes)
                except StopIteration:
                    raise KeyboardInterrupt from None
    finally:
        outcomes.close()


def read_executor(value: object, workers: int, param: str = "executor") -> Executor:
    """An executor from its name (EXECUTORS) or a Dask client; `workers`
    local workers."""
    expected = "expected 'thread', 'process' or a Dask client"
    if isinstance(value, str):
        kind = EXECUTORS.get(value.strip().lower())
        if kind is None:
            raise OmahaEvalError(f"{expected}, got {quote(value)}", param=param, value=value)
        return Executor(kind, workers)
    if is_dask_client(value):
        return Executor("dask", workers, value)
    raise OmahaEvalTypeError(f"{expected}, got {quote(value)}", param=param, value=value)


def _call(fn: Callable[[P, Any], R], index: int, part: P, stop: Any) -> Done[R]:
    try:
        return Done(index, fn(part, stop))
    except BaseException as exc:  # KeyboardInterrupt too: a stopped part's own outcome
        return Done(index, error=exc)


_FINISHED = object()  # a worker thread's last word: it takes no more parts


def _threads(fn: Callable[[P, Any], R], parts: Sequence[P], workers: int) -> Outcomes[R]:
    """Parts on worker threads (the engine's C loops release the GIL, and a
    thread costs nothing to start), each taking the next part when it is
    free.  On Ctrl-C (or when the consumer stops) the run's stop event
    reaches every running part; those that end within STOP_GRACE hand in
    their outcomes, which are yielded before KeyboardInterrupt goes on.
    The threads are daemons and nobody waits for the others: a part that
    does not heed the stop is left behind."""
    stop = threading.Event()
    todo = deque(enumerate(parts))
    done: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def work() -> None:
        try:
            while not stop.is_set():
                try:
                    index, part = todo.popleft()
                except IndexError:
                    return
                done.put(_call(fn, index, part, stop))
        finally:
            done.put(_FINISHED)

    with interrupts_held():  # Thread.start waits on an Event, whose lock is taken in Python code
        for i in range(workers):
            threading.Thread(target=work, name=f"omaha_eval-worker-{i}", daemon=True).start()
    live = workers
    try:
        while live:
            item = done.get()
            if item is _FINISHED:
                live -= 1
            else:
                yield item
    except KeyboardInterrupt:
        stop.set()
        deadline = time.monotonic() + STOP_GRACE
        while live and (left := deadline - time.monotonic()) > 0:
            try:
                item = done.get(timeout=left)
            except queue.Empty:
                break
            if item is _FINISHED:
                live -= 1
            else:
                yield item
        raise
    finally:
        stop.set()


def _processes(fn: Callable[[P, Any], R], parts: Sequence[P], workers: int) -> Outcomes[R]:
    # Processes pay off only when per-part Python work (parsing big ranges)
    # dominates a long run: each spawned process imports NumPy and builds
    # the tables first (about a second for two workers here).  "spawn"
    # avoids forking a threaded parent.  Ctrl-C (or the consumer stopping)
    # terminates the workers at once.  A worker that dies (killed, out of
    # memory) breaks the pool: one error, not a wait for results that never
    # come.
    pool = ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(),),
    )
    pending = iter(enumerate(parts))
    running: dict[Future[R], int] = {}

    ready: queue.SimpleQueue[Future[R]] = queue.SimpleQueue()  # waited on: safe to interrupt

    def submit() -> None:
        item = next(pending, None)
        if item is not None:
            with interrupts_held():  # the pool takes its locks in Python code
                try:
                    future = pool.submit(fn, item[1], None)
                except BrokenProcessPool:  # a worker died since the last part ended
                    raise _broken_pool() from None
                running[future] = item[0]
                future.add_done_callback(ready.put)

    finished = False
    try:
        for _ in range(PROCESS_WINDOW * workers):
            submit()
        while running:
            future = ready.get()
            index = running.pop(future)
            try:
                outcome: Done[R] = Done(index, future.result())
            except BrokenProcessPool:
                raise _broken_pool() from None
            except Exception as exc:  # the part's own error, or it could not be pickled
                outcome = Done(index, error=exc)
            submit()
            yield outcome
        finished = True
    finally:
        if not finished:  # interrupted, abandoned or broken: stop the workers now
            _terminate_workers(pool)
        # The pool's own thread cancels the parts not started: a future cancelled
        # here could be failed by that thread too, once it sees the workers gone,
        # and Python 3.11 raises InvalidStateError there (a traceback on Ctrl-C).
        with interrupts_held():
            pool.shutdown(wait=False, cancel_futures=True)
        pool.shutdown(wait=True)  # joins the pool's thread: safe to interrupt


def _broken_pool() -> OmahaEvalFailure:
    """The one error of a pool a worker left (seen by a part's result, or by
    the next submission when the pool broke in between)."""
    return OmahaEvalFailure(
        "a worker process ended before its work did (killed, or out of "
        "memory?); what was not done is not written (a resumed batch does it)",
        param="executor",
    )


def _terminate_workers(pool: Any) -> None:
    """SIGTERM to a process pool's workers (ProcessPoolExecutor.terminate_workers
    from Python 3.14; its process table before)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list(getattr(pool, "_processes", {}).values()):
        with contextlib.suppress(Exception):  # already gone
            process.terminate()


def _worker_start(parent: int) -> None:
    """Set up a worker process: Ctrl-C is for the parent, which stops the
    pool itself, and the worker dies with its parent (a killed run leaves
    no worker running).  On Linux the kernel sends SIGKILL when the parent
    goes (prctl PR_SET_PDEATHSIG: strictly, when the parent's thread that
    started the worker ends, here the one that runs the parts); elsewhere a
    thread watches the parent's pid."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not _die_with_parent():
        watch = threading.Thread(
            target=_watch_parent, args=(parent,), name="omaha_eval-parent", daemon=True
        )
        watch.start()
    if os.getppid() != parent:  # the parent died before the worker could ask
        os._exit(1)


def _die_with_parent() -> bool:
    """Ask Linux for SIGKILL when the parent dies; False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        answer = libc.prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no C library to ask, or no prctl in it
        return False
    return bool(answer == 0)


def _watch_parent(parent: int) -> None:
    """End this process once its parent is gone (it gets a new parent pid)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


def _dask(fn: Callable[[P, Any], R], parts: Sequence[P], client: Any) -> Outcomes[R]:
    from distributed import as_completed

    address = client.scheduler.address
    # A window of submitted parts keeps the scheduler busy without queueing
    # a whole large run on it at once.
    window = DASK_WINDOW * max(1, _dask_threads(client, address))
    pending = iter(enumerate(parts))
    arrivals = as_completed(loop=client.loop)  # type: ignore[no-untyped-call]
    running: dict[Any, int] = {}

    def submit() -> None:
        item = next(pending, None)
        if item is not None:
            future = client.submit(fn, item[1], None, pure=False)
            running[future] = item[0]
            arrivals.add(future)  # type: ignore[no-untyped-call]

    for _ in range(window):
        submit()
    seen = time.monotonic()  # when the scheduler last had a worker
    asked = seen
    try:
        while running:
            ready = arrivals.next_batch(block=False)  # type: ignore[no-untyped-call]
            if not ready:
                now = time.monotonic()
                if now - asked >= DASK_CHECK:
                    asked = now
                    if _dask_threads(client, address):
                        seen = now
                    elif now - seen >= DASK_NO_WORKER_TIMEOUT:
                        raise OmahaEvalFailure(
                            f"the scheduler at {address!r} has had no worker for "
                            f"{DASK_NO_WORKER_TIMEOUT:g} s (none started, or they died); what "
                            "was not done is not written (a resumed batch does it)",
                            param="dask",
                        )
                time.sleep(DASK_POLL)
                continue
            for future in ready:
                index = running.pop(future)
                try:
                    outcome: Done[R] = Done(index, future.result())
                except Exception as exc:  # the part's own error, or the cluster lost it
                    outcome = Done(index, error=exc)
                future.release()
                submit()
                yield outcome
    finally:
        if running:  # the scheduler drops what nobody waits for
            with contextlib.suppress(Exception):
                client.cancel(list(running))


def _dask_threads(client: Any, address: str) -> int:
    """The worker threads the scheduler has now (0: no worker)."""
    try:
        return sum(client.nthreads(callback_timeout=DASK_TIMEOUT).values())
    except Exception as exc:  # a timeout or a closed connection: the scheduler is gone
        message = " ".join(str(exc).split()) or type(exc).__name__
        raise OmahaEvalFailure(
            f"lost the scheduler at {address!r}: {message}", param="dask"
        ) from None


def dask_client(dask: Any, timeout: float = DASK_TIMEOUT) -> Any:
    """A distributed.Client for a scheduler address (a Client passes).

    Every failure is one OmahaEvalError: a malformed address is refused
    before any client is made; the connection runs on a thread of its own
    and is given up after `timeout` seconds (a port that accepts and never
    answers, or speaks another protocol, would otherwise hang); a client
    that failed half way is closed, so retries in one process stay clean."""
    try:
        from distributed import Client
    except ImportError:
        raise extras.missing(
            "dask", "running on a cluster needs the 'distributed' package", param="dask"
        ) from None
    if isinstance(dask, Client):
        return dask
    if not isinstance(dask, str):
        raise OmahaEvalError(
            f"expected a scheduler address or a Client, got {dask!r}", param="dask"
        )
    address = _scheduler_address(dask)
    return _connect(address, timeout)


def _scheduler_address(text: str) -> str:
    """A scheduler address, checked before any client is made: a scheme
    that no transport speaks, or a malformed host and port, is a usage error."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import backends

    address = text.strip()
    try:
        scheme, location = parse_address(address)
        if scheme not in backends:
            raise ValueError(f"unknown address scheme {scheme!r} (known: {', '.join(backends)})")
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise OmahaEvalError(
            f"{address!r} is not a scheduler address: {exc}", param="dask"
        ) from None
    return address


def _connect(address: str, timeout: float) -> Any:
    """A client of the scheduler at `address`, connected on a thread of its
    own and given up after `timeout` seconds; a client that fails half way
    is closed."""
    from distributed import Client

    class _ClosingClient(Client):
        def start(self, **kwargs: Any) -> Any:
            try:
                return super().start(**kwargs)  # type: ignore[no-untyped-call]
            except BaseException:
                with contextlib.suppress(BaseException):
                    self.close(timeout=1)  # type: ignore[no-untyped-call]
                raise

    box: dict[str, Any] = {}

    def connect() -> None:
        try:
            box["client"] = _ClosingClient(  # type: ignore[no-untyped-call]
                address, timeout=timeout, set_as_default=False
            )
        except BaseException as exc:  # MemoryError from a peer that is not Dask, too
            box["error"] = exc

    thread = threading.Thread(target=connect, name="omaha_eval-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout + 5)
    if thread.is_alive():  # left behind: a daemon thread does not hold up the exit
        raise OmahaEvalFailure(
            f"no answer from a Dask scheduler at {address!r} within {timeout:g} s", param="dask"
        )
    if "error" in box:
        failure = box["error"]
        message = " ".join(str(failure).split()) or type(failure).__name__
        raise OmahaEvalFailure(
            f"cannot connect to the scheduler at {address!r}: {message}", param="dask"
        ) from None
    return box["client"]
