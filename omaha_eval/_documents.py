"""A result of arrays as a JSON-ready document and back: the solver's
results (StreetShares, EquityDistribution, EquityFeatures) hold NumPy
arrays, which ``to_dict()`` writes as lists (card rows as card ids, floats
with None for NaN, as every JSON output of the package: records.json_ready)
and ``from_dict()`` reads back into arrays of the same dtypes and shapes."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

import numpy as np

from omaha_eval.cards import CARD_TEXT, parse_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.records import json_ready

__all__ = [
    "Document",
    "array_document",
    "card_rows",
    "from_document",
    "mapping",
    "needs",
    "numbers",
]

T = TypeVar("T")
Document = Mapping[str, Any]  # a result's document: to_dict()'s output, or its JSON read back
LAST_CARD = len(CARD_TEXT) - 1  # the highest card id


def array_document(result: Any) -> dict[str, Any]:
    """Every dataclass field of `result`: arrays as (nested) lists, tuples
    as lists, NaN as None."""
    data = {}
    for f in dataclasses.fields(result):
        value = getattr(result, f.name)
        data[f.name] = value.tolist() if isinstance(value, np.ndarray) else value
    return json_ready(data)  # type: ignore[no-any-return]


def from_document(cls: type[T], data: Mapping[str, Any], cards: tuple[str, ...]) -> T:
    """`cls` rebuilt from array_document's output: the fields named in
    `cards` as (N, k) uint8 card rows, other lists as float64 arrays (None
    as NaN), the rest as given."""
    if not isinstance(data, Mapping):
        raise OmahaEvalTypeError(f"expected a dict, got {type(data).__name__}", param="data")
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    missing = [n for n in names if n not in data]
    if missing:
        raise OmahaEvalError(f"{cls.__name__} needs {', '.join(missing)}", param="data")
    values: dict[str, Any] = {}
    for name in names:
        value = data[name]
        if name in cards:
            ids = np.asarray(value)
            if ids.size and (ids.dtype.kind not in "iu" or ids.min() < 0 or ids.max() > LAST_CARD):
                raise OmahaEvalError(
                    f"expected rows of card ids 0..{LAST_CARD}, got {quote(value)}",
                    param=f"data[{name!r}]",
                    value=value,
                )
            rows = ids.astype(np.uint8)
            values[name] = rows.reshape(len(value), -1) if len(value) else rows.reshape(0, 4)
        elif isinstance(value, list):
            values[name] = np.asarray(value, dtype=np.float64)
        else:
            values[name] = value
    return cls(**values)


def mapping(data: Any, where: str = "data") -> Mapping[str, Any]:
    """`data` if it is a dict (a document or a part of one), else an
    OmahaEvalTypeError naming `where`."""
    if not isinstance(data, Mapping):
        raise OmahaEvalTypeError(f"expected a dict, got {type(data).__name__}", param=where)
    return data


def needs(data: Any, keys: tuple[str, ...] | list[str], where: str = "data") -> Mapping[str, Any]:
    """`data` (a dict) if it has every key of `keys`, else an error naming
    the missing ones, its param `where` (the part of the document that
    lacks them: ``data``, ``data['rows'][3]``)."""
    found = mapping(data, where)
    missing = [k for k in keys if k not in found]
    if missing:
        raise OmahaEvalError(f"needs {', '.join(missing)}", param=where, value=missing)
    return found


def numbers(values: Any, dtype: type, where: str) -> Any:
    """A list of numbers as a 1-d array of `dtype` (None as NaN), or an
    error naming `where` (the key that holds them)."""
    try:
        return np.array(values, dtype=dtype).reshape(len(values))
    except (TypeError, ValueError):
        raise OmahaEvalError(
            f"expected a number per row, got {quote(values)}", param=where, value=values
        ) from None


def card_rows(texts: Any, where: str, size: int = 0) -> Any:
    """(N, k) uint8 card ids of N card texts of k cards each (``size`` k
    when there are none), or an error naming `where`."""
    if not isinstance(texts, list):
        raise OmahaEvalTypeError(f"expected a list of card texts, got {quote(texts)}", param=where)
    rows = [parse_cards(str(t), where) for t in texts]
    sizes = {len(r) for r in rows}
    if len(sizes) > 1:
        raise OmahaEvalError(
            f"expected texts of one number of cards, got {sorted(sizes)}", param=where, value=texts
        )
    return np.array(rows, dtype=np.uint8).reshape(len(rows), sizes.pop() if sizes else size)
