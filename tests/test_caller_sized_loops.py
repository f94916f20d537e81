"""Compiled loops over arrays the caller sizes run in blocks (omaha_eval/_blocks.py):
Ctrl-C stops them at once, and the blocks change no answer (issue 29, item 9)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import cli_env

import omaha_eval as oe
from omaha_eval import _blocks
from omaha_eval.errors import OmahaEvalError


def random_deals(n: int, cards: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :cards].astype(np.uint8)


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> int:
    for module in (
        _blocks,
        sys.modules["omaha_eval.solver.iso"],
        sys.modules["omaha_eval.evaluator"],
    ):
        monkeypatch.setattr(module, "ROWS", 1000)
    return 1000


def test_evaluate_batch_in_blocks_equals_one_call(small_blocks: int) -> None:
    deals = random_deals(3 * small_blocks + 17, 9, 1)
    high, low = oe.evaluate_batch(deals[:, :4], deals[:, 4:])
    every = [oe.evaluate(d[:4], d[4:]) for d in deals[::97]]
    assert high[::97].tolist() == [v.high for v in every]
    assert low[::97].tolist() == [v.low for v in every]
    rng = np.random.default_rng(2)
    holes = np.argsort(rng.random((2500, 47)), axis=1)[:, :4].astype(np.uint8)  # off the board
    shared_high, _ = oe.evaluate_batch(holes, np.arange(47, 52))
    assert (
        shared_high.tolist()
        == oe.evaluate_batch(holes, np.tile(np.arange(47, 52), (2500, 1)))[0].tolist()
    )


def test_a_repeated_card_past_the_first_block_names_its_row(small_blocks: int) -> None:
    deals = random_deals(2 * small_blocks + 5, 9, 3)
    deals[small_blocks + 7, 5] = deals[small_blocks + 7, 0]
    with pytest.raises(OmahaEvalError, match=f"row {small_blocks + 7} repeats a card"):
        oe.evaluate_batch(deals[:, :4], deals[:, 4:])
    indexer = oe.HandIndexer(4, "flop")
    with pytest.raises(OmahaEvalError, match=f"row {small_blocks + 7} repeats a card"):
        indexer.index_many(deals[:, :4], deals[:, 4:7])


def test_index_many_and_unindex_many_in_blocks_equal_one_row_at_a_time(small_blocks: int) -> None:
    deals = random_deals(2 * small_blocks + 3, 7, 4)
    indexer = oe.HandIndexer(4, "flop")
    index = indexer.index_many(deals[:, :4], deals[:, 4:])
    assert [indexer.index(d[:4], d[4:]) for d in deals[::50]] == index[::50].tolist()
    holes, boards = indexer.unindex_many(index)
    assert len(holes) == len(deals)
    assert indexer.index_many(holes, boards).tolist() == index.tolist()


CHILD = """
import sys, time
import numpy as np
import omaha_eval as oe
n = 100_000_000
row = np.array([[0, 5, 10, 15]], np.uint8)
holes = np.ascontiguousarray(np.broadcast_to(row, (n, 4)))
boards = np.ascontiguousarray(np.broadcast_to(np.array([[20, 25, 30]], np.uint8), (n, 3)))
rivers = np.ascontiguousarray(np.broadcast_to(np.array([[20, 25, 30, 35, 40]], np.uint8), (n, 5)))
indexer = oe.HandIndexer(4, "flop")
print("running", flush=True)
try:
    {call}
    print("finished", flush=True)
except KeyboardInterrupt:
    print("caught", repr(time.monotonic()), flush=True)
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "call", ["indexer.index_many(holes, boards)", "oe.evaluate_batch(holes, rivers)"]
)
def test_ctrl_c_stops_a_loop_over_1e8_rows_within_half_a_second(call: str, tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(CHILD.format(call=call))],
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "running"
    time.sleep(1.5)  # well into the loop (4-18 s in one call before)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    words = out.split()
    assert words[:1] == ["caught"], (out, err)
    assert float(words[1]) - sent < 0.5
