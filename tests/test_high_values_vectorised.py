"""high_category / high_name over arrays of values: the same answers
as one value at a time, the input's shape, and errors that quote the input."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.evaluator import CATEGORIES

ALL = np.arange(1, oe.HIGH_MAX + 1)


def test_every_value_as_one_array_equals_one_at_a_time() -> None:
    codes = oe.high_category(ALL)
    names = oe.high_name(ALL)
    assert isinstance(codes, np.ndarray) and codes.dtype == np.uint8 and codes.shape == ALL.shape
    assert isinstance(names, np.ndarray) and names.shape == ALL.shape
    assert [CATEGORIES[c] for c in codes.tolist()] == [oe.high_category(int(v)) for v in ALL]
    assert names.tolist() == [oe.high_name(int(v)) for v in ALL]
    # the known class counts per category, worst first (docs/rules.md: 7,462 in all)
    assert np.bincount(codes).tolist() == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def test_shapes_dtypes_and_lists() -> None:
    values = np.array([[1, 7462], [5854, 7453]], dtype=np.uint16)
    assert oe.high_category(values).tolist() == [[0, 8], [4, 8]]
    assert oe.high_name(values).tolist() == [
        ["High card, seven", "Royal flush"],
        ["Straight, five high", "Straight flush, five high"],
    ]
    assert oe.high_category([7462, 1]).tolist() == [8, 0]
    assert oe.high_name((7462,)).tolist() == ["Royal flush"]
    assert oe.high_category(np.array([], dtype=np.int64)).shape == (0,)
    assert oe.high_name([]).shape == (0,)
    high, _ = oe.rank_board("Jd 4d 3c Qd 5h")
    live = high[high > 0]
    assert (oe.high_category(live) == 5).sum() > 0  # a filter: the flushes


def test_scalars_as_before() -> None:
    assert oe.high_category(7462) == "Straight flush"
    assert oe.high_category(np.uint16(1)) == "High card"
    assert oe.high_name(np.int64(7462)) == "Royal flush"


@pytest.mark.parametrize(
    ("values", "error", "message"),
    [
        (
            np.array([5, 0, 9]),
            OmahaEvalError,
            r"high: expected high values 1\.\.7462, got 0 at index 1 in array\(\[5, 0, 9\]\)",
        ),
        ([1, 7463], OmahaEvalError, r"got 7463 at index 1 in \[1, 7463\]"),
        (np.array([[1, 2], [-3, 4]]), OmahaEvalError, r"got -3 at index \(1, 0\)"),
        (
            np.array([1.0, 2.0]),
            OmahaEvalTypeError,
            r"high: expected integer high values 1\.\.7462, got dtype float64 in array\(\[1\., 2\.\]\)",
        ),
        ([True, False], OmahaEvalTypeError, "got dtype bool"),
        (["7", "8"], OmahaEvalTypeError, "got dtype <U1"),
        (
            [[1], [1, 2]],
            OmahaEvalTypeError,
            r"high: expected integer high values .* \[\[1\], \[1, 2\]\]",
        ),
    ],
)
def test_errors_name_the_parameter_and_quote_the_input(
    values: object, error: type[Exception], message: str
) -> None:
    for fn in (oe.high_category, oe.high_name):
        with pytest.raises(error, match=message):
            fn(values)  # type: ignore[call-overload]
