"""How a board report runs: Ctrl-C keeps the rows done, the batch executors
(processes, a local Dask cluster) give the report of this process, and the
command prints it."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import cli_env
from click.testing import CliRunner

import omaha_eval as oe
from omaha_eval.cli import main
from omaha_eval.study.boards.report import PLAYER_FIGURES
from omaha_eval.study.table.columns import document_columns

ROOT = Path(__file__).resolve().parents[1]
SPOT = (["AsKs9h8h", "20%"], "Qs7h2d")
OPTIONS = {"trials": 3000, "seed": 5, "exact": False}

CTRL_C = """
import sys, omaha_eval as oe
from omaha_eval.study.boards import BoardReportInterrupted
print("running", flush=True)
try:
    oe.board_report(["AA:$ds", "15%"], trials=200_000, seed=1, threads=1)
except BoardReportInterrupted as stopped:
    r = stopped.report
    print("caught", len(r), r.total_rows, r.interrupted, flush=True)
"""


@pytest.mark.slow  # a child process and a signal, as the command's other Ctrl-C runs
def test_ctrl_c_returns_the_partial_report(tmp_path):
    # from outside the source tree, with the package the tests import (a CI
    # clone's tree is not built)
    proc = subprocess.Popen(
        [sys.executable, "-c", CTRL_C],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
        cwd=tmp_path,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "running"
    time.sleep(3.0)  # past the setup, into the rows
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    words = out.split()
    assert words[:1] == ["caught"], (out, err)
    done, total = int(words[1]), int(words[2])
    assert 0 <= done < total == 1754 and words[3] == "True"


@pytest.mark.slow
def test_processes_give_the_report_of_this_process():
    here = oe.board_report(*SPOT, **OPTIONS)
    there = oe.board_report(*SPOT, executor="process", threads=2, **OPTIONS)
    np.testing.assert_array_equal(there.values, here.values)
    np.testing.assert_array_equal(there.probability, here.probability)


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_report_of_this_process():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        there = oe.board_report(*SPOT, executor=client, **OPTIONS)
    here = oe.board_report(*SPOT, **OPTIONS)
    np.testing.assert_array_equal(there.values, here.values)
    np.testing.assert_array_equal(there.stderr, here.stderr)


def test_the_command_prints_the_table_json_and_csv(tmp_path):
    runner = CliRunner()
    args = ["boards", "JhTh9s8s", "7c7d5h4h", "--board", "7s6h2c"]
    table = runner.invoke(main, args)
    assert table.exit_code == 0, table.output
    assert "top 10 by p1 equity" in table.output and "by texture" in table.output
    data = json.loads(runner.invoke(main, [*args, "--json"]).output)
    report = oe.board_report(["JhTh9s8s", "7c7d5h4h"], "7s6h2c")
    run = json.loads(json.dumps(report.to_dict(groups=None)))
    assert {k: data[k] for k in run if k != "rows"} == {k: v for k, v in run.items() if k != "rows"}
    columns = document_columns(data)
    assert columns["board"] == report.board_texts and data["rows"] == len(report)
    for j, name in enumerate(PLAYER_FIGURES):
        np.testing.assert_allclose(columns[f"p2_{name}"], report.values[:, 1, j], rtol=1e-8)
    csv_out = runner.invoke(main, [*args, "--csv", "--group", "low"]).output.splitlines()
    assert csv_out[0].startswith("board,boards,probability") and len(csv_out) == 3
    grouped = runner.invoke(main, [*args, "--group", "pairing", "--sort", "scoop"])
    assert grouped.exit_code == 0 and "paired" in grouped.output


def test_the_command_names_the_flag_of_bad_input():
    runner = CliRunner()
    bad = runner.invoke(main, ["boards", "AsAh2c3d", "KsKh4c5d", "--board", "Qd7h2d9c8c"])
    assert bad.exit_code == 2
    assert bad.output.strip().splitlines()[-1].startswith("omaha-eval: error: --board:")
    both = runner.invoke(main, ["boards", "AsAh2c3d", "KsKh4c5d", "--json", "--csv"])
    assert both.exit_code == 2


@pytest.mark.slow  # matplotlib: the slow tier's plot extra
def test_the_command_draws_the_plot(tmp_path):
    path = tmp_path / "boards.png"
    out = CliRunner().invoke(
        main, ["boards", "JhTh9s8s", "7c7d5h4h", "--board", "7s6h2c", "--plot", str(path)]
    )
    assert out.exit_code == 0, out.output
    assert path.stat().st_size > 1000
