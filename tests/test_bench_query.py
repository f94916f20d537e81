"""benchmarks/bench_query.py runs: a smoke run with tiny trials (its speed
is measured by running it, never here).  Needs the source tree."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_query.py"

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="needs the source tree")


def test_bench_query_runs_every_case_and_reports_its_target(capsys):
    spec = importlib.util.spec_from_file_location("bench_query", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up
    try:
        spec.loader.exec_module(bench)
        rows = bench.main(["--repeat", "1", "--trials", "3000", "--hvh-trials", "300"])
    finally:
        del sys.modules[spec.name]
    out = capsys.readouterr().out
    assert [row["name"] for row in rows] == [case.name for case in bench.CASES]
    assert out.count("target ") == len(bench.CASES)
    assert all(row["rate"] > 0 and row["ratio"] > 0 for row in rows)
    # the first query measures what equity() measures, from the same seed
    assert "same figures as the query" in out and "FIGURES DIFFER" not in out
