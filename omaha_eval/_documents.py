"""A result of arrays as a JSON-ready document and back: the solver's
results (StreetShares, EquityDistribution, EquityFeatures) hold NumPy
arrays, which ``to_dict()`` writes as lists (card rows as card ids, floats
with None for NaN, as every JSON output of the package: records.json_ready)
and ``from_dict()`` reads back into arrays of the same dtypes and shapes.

The one reader of documents: every ``from_dict`` takes each value through
one of the readers here (``text``, ``flag``, ``choice``, ``whole``,
``real``, ``share``, ``fraction``, ``numbers``, ``texts``...), which check
its type and its range and raise OmahaEvalError (OmahaEvalTypeError for a
value of the wrong type) naming the key it was read from
(``data['columns']['equity']``), at once whatever the value: a document
is data from outside, and a bad one is bad input, never a bare TypeError,
a KeyError or a minute spent parsing a number."""

from __future__ import annotations

import dataclasses
import math
import re
import typing
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

import numpy as np

from omaha_eval.cards import CARD_TEXT, parse_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.games import game
from omaha_eval.records import json_ready

__all__ = [
    "MAX_WHOLE",
    "SHARE_SLACK",
    "Document",
    "Where",
    "array_document",
    "card_rows",
    "choice",
    "flag",
    "fraction",
    "from_document",
    "game_name",
    "listed",
    "mapping",
    "needs",
    "numbers",
    "optional",
    "real",
    "share",
    "shares",
    "text",
    "texts",
    "whole",
]

T = TypeVar("T")
Document = Mapping[str, Any]  # a result's document: to_dict()'s output, or its JSON read back
# Where a value was read: its key (data['columns']['equity']), or, for a
# column gathered from rows, a function giving the key of row r (None: the
# column as a whole).
Where = str | Callable[[int | None], str]
LAST_CARD = len(CARD_TEXT) - 1  # the highest card id
# The largest whole number a document may hold where a count is read (every
# whole number up to it is exact in a JSON reader's doubles), and a share's
# leeway past [0, 1] for the rounding of sums.
MAX_WHOLE = 2**53
SHARE_SLACK = 1e-9
# A fraction as str(Fraction) writes one, of at most this many digits a side
# (the atlas's have 12; Fraction('1e10000000') takes a minute to build).
FRACTION_DIGITS = 40
_FRACTION = re.compile(rf"-?\d{{1,{FRACTION_DIGITS}}}(?:/\d{{1,{FRACTION_DIGITS}}})?\Z")


def array_document(result: Any) -> dict[str, Any]:
    """Every dataclass field of `result`: arrays as (nested) lists, tuples
    as lists, NaN as None."""
    data = {}
    for f in dataclasses.fields(result):
        value = getattr(result, f.name)
        data[f.name] = value.tolist() if isinstance(value, np.ndarray) else value
    return json_ready(data)  # type: ignore[no-any-return]


def from_document(cls: type[T], data: Mapping[str, Any], cards: tuple[str, ...]) -> T:
    """`cls` rebuilt from array_document's output, each field read by its
    type: the fields named in `cards` as (N, k) uint8 card rows (ids
    0..51), the other arrays as float64 arrays of numbers (None as NaN; a
    figure's, but a standard error, in [0, 1]) with a row per card row,
    texts and a Literal's values as such; anything else as given."""
    mapping(data)
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    missing = [n for n in names if n not in data]
    if missing:
        raise OmahaEvalError(f"{cls.__name__} needs {', '.join(missing)}", param="data")
    kinds = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    rows = None  # the card rows' number, which every array has
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        value, where, kind = data[f.name], f"data[{f.name!r}]", kinds[f.name]
        if f.name in cards:
            values[f.name] = _card_ids(value, where)
            rows = len(values[f.name])
        elif typing.get_origin(kind) is np.ndarray:
            share = "figure" in f.metadata and f.name != "stderr"
            values[f.name] = _float_array(value, where, share)
        elif typing.get_origin(kind) is typing.Literal:
            values[f.name] = choice(value, where, typing.get_args(kind))
        elif kind is str:
            values[f.name] = text(value, where)
        else:
            values[f.name] = value
    for name, value in values.items():
        if isinstance(value, np.ndarray) and rows is not None and len(value) != rows:
            raise _bad(f"a row for each of the {rows:,} card rows", data[name], f"data[{name!r}]")
    return cls(**values)


def _card_ids(value: Any, where: str) -> Any:
    """(N, k) uint8 card ids from a list of rows of ids 0..LAST_CARD."""
    found = [listed(row, f"{where}[{i}]") for i, row in enumerate(listed(value, where))]
    sizes = {len(row) for row in found}
    kinds = {type(c) for row in found for c in row}
    ids = [c for row in found for c in row]
    if len(sizes) > 1 or not kinds <= {int} or (ids and not 0 <= min(ids) <= max(ids) <= LAST_CARD):
        raise _bad(f"rows of card ids 0..{LAST_CARD}, one length", value, where)
    k = sizes.pop() if sizes else 4
    return np.array(ids, dtype=np.uint8).reshape(len(found), k)


def _float_array(value: Any, where: str, share: bool) -> Any:
    """A float64 array from (nested) lists of numbers of one shape (None
    as NaN; in [0, 1] for a `share`, finite otherwise)."""
    objects = np.array(listed(value, where), dtype=object)  # ragged rows: lists left inside
    if not set(map(type, objects.ravel())) <= {int, float, type(None)}:
        raise _wrong("rows of numbers (or null) of one length", value, where)
    nulls = np.array([v is None for v in objects.ravel()], dtype=bool).reshape(objects.shape)
    objects[nulls] = math.nan
    try:
        array = objects.astype(np.float64)
    except OverflowError:  # an int past any float
        raise _bad("numbers", value, where) from None
    seen = array[~np.isnan(array)]
    low, high = (-SHARE_SLACK, 1 + SHARE_SLACK) if share else (-math.inf, math.inf)
    if seen.size and not (np.isfinite(seen).all() and low <= seen.min() and seen.max() <= high):
        raise _bad("shares from 0 to 1 (or null)" if share else "finite numbers", value, where)
    return array


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


def _wrong(expected: str, value: Any, where: str) -> OmahaEvalTypeError:
    return OmahaEvalTypeError(f"expected {expected}, got {quote(value)}", param=where, value=value)


def _bad(expected: str, value: Any, where: str) -> OmahaEvalError:
    return OmahaEvalError(f"expected {expected}, got {quote(value)}", param=where, value=value)


def text(value: Any, where: str) -> str:
    """A text value (a board, a hand, a name)."""
    if not isinstance(value, str):
        raise _wrong("text", value, where)
    return value


def game_name(value: Any, where: str) -> str:
    """A game's name (omaha_eval.games: any of its names)."""
    return game(text(value, where), where).name


def optional(read: Any, value: Any, where: str, *args: Any) -> Any:
    """None as it is, else `read(value, where, *args)`."""
    return None if value is None else read(value, where, *args)


def texts(value: Any, where: str) -> tuple[str, ...]:
    """A list of texts."""
    return tuple(text(v, f"{where}[{i}]") for i, v in enumerate(listed(value, where)))


def flag(value: Any, where: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise _wrong("true or false", value, where)
    return value


def choice(value: Any, where: str, options: Sequence[str]) -> str:
    """One of `options`."""
    if not isinstance(value, str) or value not in options:
        raise _bad(f"one of {', '.join(map(repr, options))}", value, where)
    return value


def listed(value: Any, where: str, length: int | None = None) -> list[Any]:
    """A list (of `length` items, when given)."""
    if not isinstance(value, list):
        raise _wrong("a list", value, where)
    if length is not None and len(value) != length:
        raise _bad(f"a list of {length}", value, where)
    return value


def whole(value: Any, where: str, low: int = 0, high: int = MAX_WHOLE) -> int:
    """A whole number in [low, high] (an int, or a float that is one)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _wrong("a whole number", value, where)
    if isinstance(value, float) and not value.is_integer():
        raise _bad(f"a whole number from {low:,} to {high:,}", value, where)
    if not low <= value <= high:
        raise _bad(f"a whole number from {low:,} to {high:,}", value, where)
    return int(value)


def real(value: Any, where: str, low: float = -math.inf, high: float = math.inf) -> float:
    """A finite number in [low, high]."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _wrong("a number", value, where)
    try:
        number = float(value)
    except OverflowError:  # an int past any float
        number = math.inf
    if not (math.isfinite(number) and low <= number <= high):
        raise _bad(f"a number from {low:g} to {high:g}", value, where)
    return number


def share(value: Any, where: str) -> float:
    """A share or a probability: a number in [0, 1] (SHARE_SLACK past it
    for the rounding of sums)."""
    return real(value, where, -SHARE_SLACK, 1 + SHARE_SLACK)


def fraction(value: Any, where: str) -> Fraction:
    """A share written exactly, as str(Fraction) writes it ('3/4'), in [0, 1]."""
    if not isinstance(value, str) or not _FRACTION.match(value):
        raise _bad("a fraction such as '3/4'", value, where)
    top, _, bottom = value.partition("/")
    if bottom and int(bottom) == 0:
        raise _bad("a fraction such as '3/4'", value, where)
    found = Fraction(int(top), int(bottom or 1))
    if not 0 <= found <= 1:
        raise _bad("a fraction from 0 to 1", value, where)
    return found


def numbers(
    values: Any,
    dtype: type,
    where: Where,
    low: float | None = None,
    high: float | None = None,
    length: int | None = None,
) -> Any:
    """A list of numbers as a 1-d array of `dtype` (floats: None as NaN;
    ints: whole numbers), each in [low, high] when given, of `length`
    items when given.  Otherwise an error naming `where` (the key that
    holds them, the first bad row's index said; or, for a column read from
    rows, a function giving the key of row r) and quoting that value."""
    found = listed(values, where if isinstance(where, str) else where(None), length)
    floats = np.dtype(dtype).kind == "f"
    lowest = -math.inf if low is None else low
    highest = math.inf if high is None else high
    if not floats:
        lowest, highest = max(lowest, -float(MAX_WHOLE)), min(highest, float(MAX_WHOLE))
    allowed = (int, float, type(None)) if floats else (int, float)
    array = None
    if all(k in allowed for k in set(map(type, found))):  # bools, texts, lists: not numbers
        try:
            array = np.array(found, dtype=np.float64)
        except OverflowError:  # an int past any float
            pass
    if array is not None:
        seen = array[~np.isnan(array)]
        whole = floats or (len(seen) == len(array) and (seen == np.round(seen)).all())
        if whole and (not len(seen) or (lowest <= seen.min() and seen.max() <= highest)):
            return array if floats else array.astype(dtype)
    # a bad value: find the first, and name it
    for r, v in enumerate(found):
        if not _fits(v, floats, lowest, highest):
            expected = _expected(floats, low, high)
            if isinstance(where, str):
                raise OmahaEvalError(
                    f"row {r}: expected {expected}, got {quote(v)}", param=where, value=v
                )
            raise _bad(expected, v, where(r))
    raise AssertionError("unreachable: a list that fits")  # pragma: no cover


def _expected(floats: bool, low: float | None, high: float | None) -> str:
    """What numbers() takes, in words: 'a share from 0 to 1 (or null)'..."""
    if floats and (low, high) == (-SHARE_SLACK, 1 + SHARE_SLACK):
        return "a share from 0 to 1 (or null)"
    kind = "a number" if floats else "a whole number"
    if low is not None and high is not None:
        kind += f" from {low:g} to {high:g}"
    elif low is not None:
        kind += f" >= {low:g}"
    elif high is not None:
        kind += f" <= {high:g}"
    return kind + (" (or null)" if floats else "")


def _fits(value: Any, floats: bool, low: float, high: float) -> bool:
    """Whether one value of a list of numbers is one (numbers' rule)."""
    if value is None:
        return floats
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        number = float(value)
    except OverflowError:
        return False
    if math.isnan(number):
        return floats
    return (floats or number.is_integer()) and low <= number <= high


def shares(values: Any, where: Where, length: int | None = None) -> Any:
    """A list of shares (each in [0, 1], or None: NaN) as a float64 array."""
    return numbers(values, np.float64, where, -SHARE_SLACK, 1 + SHARE_SLACK, length)


def card_rows(texts: Any, where: str, size: int = 0) -> Any:
    """(N, k) uint8 card ids of N card texts of k cards each (``size`` k
    when there are none), or an error naming `where`."""
    if not isinstance(texts, list):
        raise OmahaEvalTypeError(f"expected a list of card texts, got {quote(texts)}", param=where)
    rows = [parse_cards(text(t, where), where) for t in texts]
    sizes = {len(r) for r in rows}
    if len(sizes) > 1:
        raise OmahaEvalError(
            f"expected texts of one number of cards, got {sorted(sizes)}", param=where, value=texts
        )
    return np.array(rows, dtype=np.uint8).reshape(len(rows), sizes.pop() if sizes else size)
