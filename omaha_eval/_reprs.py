"""Plain reprs of results, short whatever their size: ``repr(result)`` names
the type and its fields, with each array as its shape and dtype (the values
are in ``str(result)``, ``to_dict()`` and ``to_pandas()``), long text cut,
and long sequences as their first items and a count.  Every public result's
repr stays under REPR_LIMIT characters (tests/test_result_documents.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

__all__ = ["REPR_LIMIT", "short_repr"]

REPR_LIMIT = 3000  # characters: a repr a terminal or a log line can take
_TEXT = 60  # characters of a string field shown
_ITEMS = 3  # items of a sequence shown before "... N more"
_FIELD = 400  # characters of one field's repr, at most


def short_repr(obj: Any, skip: tuple[str, ...] = ()) -> str:
    """``Type(field=value, ...)`` over the dataclass fields of `obj` (those
    in `skip` left out), each value in short form (_value)."""
    parts = [
        f"{f.name}={_value(getattr(obj, f.name))}"
        for f in dataclasses.fields(obj)
        if f.repr and f.name not in skip
    ]
    return f"{type(obj).__name__}({', '.join(parts)})"


def _value(value: Any) -> str:
    if isinstance(value, np.ndarray):
        shape = ", ".join(map(str, value.shape)) + ("," if value.ndim == 1 else "")
        return f"<array ({shape}) {value.dtype}>"
    if isinstance(value, str):
        return repr(value if len(value) <= _TEXT else value[: _TEXT - 3] + "...")
    if isinstance(value, float):
        return repr(round(value, 6))
    if isinstance(value, (list, tuple)):
        items = [_value(v) for v in value[:_ITEMS]]
        if len(value) > _ITEMS:
            items.append(f"... {len(value) - _ITEMS} more")
        text = ", ".join(items) + ("," if isinstance(value, tuple) and len(value) == 1 else "")
        return f"[{text}]" if isinstance(value, list) else f"({text})"
    if isinstance(value, dict):
        if len(value) > 2 * _ITEMS:
            return f"<dict of {len(value)}>"
        return "{" + ", ".join(f"{k!r}: {_value(v)}" for k, v in value.items()) + "}"
    return _cut(repr(value))  # a dataclass: its own (short) repr


def _cut(text: str) -> str:
    return text if len(text) <= _FIELD else text[: _FIELD - 4] + "...>"
