"""Coverage-guided fuzzing of the input boundary with atheris.

    pip install atheris          # or: pip install --group fuzz (pip 25.1 or newer)
    python tools/fuzz_inputs.py -atheris_runs=200000          # bounded run
    python tools/fuzz_inputs.py -max_total_time=300 corpus/   # keep a corpus

Each input is decoded into one of: card text for parse_cards, a written hand
and board for evaluate, or raw bytes viewed as an id array (any dtype, shape
and layout) for evaluate_batch.  The package's Python modules are
instrumented for coverage (the C core is not: gcc cannot build libFuzzer
instrumentation; tools/sanitize.sh covers the C side).  An input fails when
the call raises anything but OmahaEvalError, or when its answer (or refusal)
differs from the plain-Python oracles in tests/oracles/inputs.py.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import atheris
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's in-place build

with atheris.instrument_imports(include=["omaha_eval"]):
    import omaha_eval as oe
    from omaha_eval.errors import OmahaEvalError

from oracles import inputs as oracle  # noqa: E402

DTYPES = [
    np.dtype(t)
    for t in ("u1", "i1", ">u2", "<i2", ">i4", "<u4", ">i8", "<u8", "f4", "f8", "?", "c8", "O")
] + [np.dtype("M8[s]"), np.dtype("S2"), np.dtype("U1")]


def outcome(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except OmahaEvalError as exc:
        return exc


def array_from(fdp: atheris.FuzzedDataProvider) -> Any:
    """An array of any dtype, 0-3 dimensions, any layout, from the bytes."""
    dtype = DTYPES[fdp.ConsumeIntInRange(0, len(DTYPES) - 1)]
    ndim = fdp.ConsumeIntInRange(0, 3)
    shape = tuple(fdp.ConsumeIntInRange(0, 8) for _ in range(ndim))
    count = int(np.prod(shape))
    if dtype.kind == "O":
        arr = np.array([fdp.ConsumeIntInRange(-2, 60) for _ in range(count)], dtype=object)
    elif dtype.kind == "U":  # valid code points (raw bytes give ones NumPy cannot
        # even show; tests/test_input_fuzz.py covers that case on its own)
        arr = np.array(list(fdp.ConsumeUnicodeNoSurrogates(count).ljust(count)), dtype=dtype)
    elif dtype.kind in "iu" and fdp.ConsumeBool():  # mostly card-like ids
        arr = np.array([fdp.ConsumeIntInRange(0, 55) for _ in range(count)]).astype(dtype)
    else:
        raw = fdp.ConsumeBytes(count * dtype.itemsize).ljust(count * dtype.itemsize, b"\0")
        arr = np.frombuffer(raw, dtype=dtype).copy()
    arr = arr.reshape(shape)
    layout = fdp.ConsumeIntInRange(0, 4)
    if layout == 1:
        arr = np.asfortranarray(arr)
    elif layout == 2 and arr.ndim:
        arr = arr[::-1].copy()[::-1]
    elif layout == 3:
        arr.flags.writeable = False
    elif layout == 4:
        return arr.tolist()
    return arr


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    mode = fdp.ConsumeIntInRange(0, 2)
    if mode == 0:
        text = fdp.ConsumeUnicode(40)
        got, want = outcome(oe.parse_cards, text), oracle.parse(text)
        if want is None:
            assert isinstance(got, OmahaEvalError), (text, got)
        else:
            assert not isinstance(got, Exception) and got.tolist() == want, (text, got)
    elif mode == 1:
        hole, board = fdp.ConsumeUnicode(30), fdp.ConsumeUnicode(30)
        got, want = outcome(oe.evaluate, hole, board), oracle.expected_evaluate(hole, board)
        if want is None:
            assert isinstance(got, OmahaEvalError), (hole, board, got)
        else:
            assert not isinstance(got, Exception), (hole, board, got)
            assert (got.high, got.low) == want, (hole, board, got)
    else:
        holes, boards = array_from(fdp), array_from(fdp)
        got, want = outcome(oe.evaluate_batch, holes, boards), oracle.expected_batch(holes, boards)
        if want is None:
            assert isinstance(got, OmahaEvalError), (holes, boards, got)
        else:
            assert not isinstance(got, Exception), (holes, boards, got)
            assert list(zip(got[0].tolist(), got[1].tolist(), strict=True)) == want


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
