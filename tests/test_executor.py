"""The one executor (engine/executor.py): each part's outcome comes back with
its index, an error as the error itself (its fields intact, across
processes too), the names read in one place, and a stop that reaches the
running parts; batch and board reports run on it and on nothing else."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

import pytest
from executor_parts import square_or_refuse

import omaha_eval as oe
from omaha_eval.engine.executor import EXECUTORS, Done, Executor, read_executor
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError

ROOT = Path(__file__).resolve().parents[1]


def _outcomes(where: Executor, parts: list[int]) -> dict[int, Done[int]]:
    return {done.index: done for done in where.run(square_or_refuse, parts)}


@pytest.mark.parametrize("workers", [1, 3])
def test_threads_give_each_part_its_value_or_its_own_error(workers: int) -> None:
    parts = [5, 1, 3, 7, 2]
    got = _outcomes(Executor("thread", workers), parts)
    assert sorted(got) == list(range(len(parts)))
    for index, part in enumerate(parts):
        if part == 3:
            error = got[index].error
            assert isinstance(error, OmahaEvalError)
            assert (error.param, error.value, error.detail) == ("parts[3]", 3, "three is refused")
            with pytest.raises(OmahaEvalError) as raised:
                got[index].get()
            assert raised.value is error  # the error itself, not one rebuilt from its text
        else:
            assert got[index].error is None and got[index].get() == part * part


@pytest.mark.slow  # two spawned worker processes import the package
def test_processes_give_the_values_and_errors_of_threads() -> None:
    parts = [5, 1, 3, 7, 2, 4]
    here = _outcomes(Executor("thread", 2), parts)
    there = _outcomes(Executor("process", 2), parts)
    assert {i: d.value for i, d in there.items()} == {i: d.value for i, d in here.items()}
    error = there[parts.index(3)].error
    assert type(error) is OmahaEvalError
    assert (error.param, error.value, str(error)) == ("parts[3]", 3, "parts[3]: three is refused")


def test_no_parts_is_no_outcome() -> None:
    assert list(Executor("thread", 4).run(square_or_refuse, [])) == []


def test_closing_the_outcomes_stops_the_running_parts() -> None:
    started = threading.Event()
    seen: list[object] = []

    def wait_for_stop(part: int, stop: threading.Event) -> int:
        if part == 0:
            return 0
        seen.append(stop)
        started.set()
        assert stop.wait(30), "the stop never came"
        return part

    outcomes = Executor("thread", 2).run(wait_for_stop, [0, 1])
    assert next(outcomes).index == 0
    assert started.wait(30)
    outcomes.close()  # type: ignore[attr-defined]
    assert seen and all(stop.is_set() for stop in seen)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(EXECUTORS))
def test_every_executor_name_reads_as_its_kind(name: str) -> None:
    where = read_executor(f" {name.upper()} ", 3)
    assert (where.kind, where.workers, where.client) == (EXECUTORS[name], 3, None)


def test_a_dask_client_reads_as_dask() -> None:
    class Client:
        scheduler = object()

        def submit(self, *args: object, **kwargs: object) -> None: ...

    client = Client()
    assert read_executor(client, 2) == Executor("dask", 2, client)


def test_bad_executors_name_the_parameter_and_quote_the_input() -> None:
    with pytest.raises(OmahaEvalError, match=r"^executor: .* got 'fibers'$") as bad:
        read_executor("fibers", 2)
    assert (bad.value.param, bad.value.value) == ("executor", "fibers")
    with pytest.raises(OmahaEvalTypeError, match=r"^executor: .* got 3$"):
        read_executor(3, 2)
    with pytest.raises(OmahaEvalError, match=r"^executor: .* got 'fibers'$"):
        oe.board_report(["AsAh2c3d", "KsKh4c5d"], "Qd7h2d", executor="fibers")
    with pytest.raises(OmahaEvalError, match=r"^executor: .* got 'fibers'$"):
        list(oe.batch.run([{"players": "AA|KK"}], executor="fibers"))  # type: ignore[arg-type]


def test_batch_takes_the_executor_s_plural_names_too() -> None:
    spots = [{"id": "a", "players": ["AsAh2c3d", "7c7d4c5d"], "board": "KsQdJh9c9h"}]
    one = [r.record for r in oe.batch.run(spots, executor="thread")]
    two = [r.record for r in oe.batch.run(spots, executor="threads")]  # type: ignore[arg-type]
    assert one[0]["status"] == "ok"
    assert [r["players"] for r in one] == [r["players"] for r in two]


def test_a_report_on_the_executor_is_the_report_of_this_process() -> None:
    spot = (["AsKs9h8h", "KdQd7c6c"], "Qs7h2d")
    options = {"trials": 500, "seed": 3, "exact": False}
    here = oe.board_report(*spot, **options)  # type: ignore[arg-type]
    there = oe.board_report(*spot, executor="threads", threads=2, **options)  # type: ignore[arg-type]
    assert (there.values == here.values).all() and (there.probability == here.probability).all()


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


@pytest.mark.skipif(not (ROOT / "omaha_eval").is_dir(), reason="reads the source tree")
def test_reports_run_on_the_executor_not_through_batch() -> None:
    """A report's rows are parts of their own (reports/distributed.RowChunk),
    never a batch spot whose board is a chunk of rows."""
    reports = sorted((ROOT / "omaha_eval" / "reports").glob("*.py"))
    found = [
        f"{p.name}: {m}" for p in reports for m in _imports(p) if m.startswith("omaha_eval.batch")
    ]
    assert found == []
