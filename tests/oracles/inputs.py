"""Plain-Python oracles for the hardening tests: what the package must answer
for arbitrary input, written from docs/rules.md and the documented API without
sharing code with the package.

- `parse(text)`: card text -> list of ids, or None when the text is not valid
  card text (an error is expected).  A character loop, no regular expressions.
- `expected_evaluate(hole, board)` / `expected_batch(holes, boards)`: the
  (high, low) answers tests/oracles/evaluator.py gives, or None when the input must
  be rejected with OmahaEvalError.  The acceptance rules are the documented
  ones: integer card ids 0..51 (text for single hands), the right shapes,
  no card twice.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from oracles import evaluator as ref

RANK_CHARS = {r: i for i, r in enumerate("23456789TJQKA")}
RANK_CHARS.update({r.lower(): i for r, i in list(RANK_CHARS.items()) if r.isalpha()})
SUIT_CHARS = {"c": 0, "d": 1, "h": 2, "s": 3, "C": 0, "D": 1, "H": 2, "S": 3}
# docs/rules.md names the solid symbols; the package also takes the hollow ones.
SUIT_CHARS.update({"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3})


def parse(text: str) -> list[int] | None:
    """Ids in the order written, or None if `text` is not valid card text
    (an unreadable character or a card written twice)."""
    ids: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace() or ch == ",":
            i += 1
            continue
        if text.startswith("10", i):
            rank, i = 8, i + 2
        elif ch in RANK_CHARS:
            rank, i = RANK_CHARS[ch], i + 1
        else:
            return None
        if i >= len(text) or text[i] not in SUIT_CHARS:
            return None
        card = 4 * rank + SUIT_CHARS[text[i]]
        i += 1
        if card in ids:
            return None
        ids.append(card)
    return ids


def _id_rows(value: Any, ndim: int) -> list[Any] | None:
    """`value` as nested lists of ids when it is an acceptable id array of
    `ndim` dimensions (integer dtype, or an empty float array such as []),
    every id 0..51; else None."""
    if isinstance(value, (str, bytes)):
        return None
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError):
        return None
    integer = arr.dtype.kind in "iu" or (arr.size == 0 and arr.dtype.kind == "f")
    if not integer or arr.ndim != ndim:
        return None
    rows: list[Any] = arr.tolist()
    flat = rows if ndim == 1 else [c for row in rows for c in row]
    if any(not 0 <= int(c) <= 51 for c in flat):
        return None
    return [int(c) for c in rows] if ndim == 1 else [[int(c) for c in row] for row in rows]


def _one_set(value: Any, sizes: tuple[int, ...]) -> list[int] | None:
    ids = parse(value) if isinstance(value, str) else _id_rows(value, 1)
    if ids is None or len(set(ids)) != len(ids) or len(ids) not in sizes:
        return None
    return ids


def expected_evaluate(hole: Any, board: Any) -> tuple[int, int] | None:
    h = _one_set(hole, (4, 5, 6))
    b = _one_set(board, (3, 4, 5))  # a flop, a turn or a river
    if h is None or b is None or set(h) & set(b):
        return None
    return ref.evaluate(h, b)


def expected_batch(holes: Any, boards: Any) -> list[tuple[int, int]] | None:
    h = _id_rows(holes, 2)
    if h is None or np.shape(holes)[1] not in (4, 5, 6):
        return None
    try:
        shared = not isinstance(boards, (str, bytes)) and np.ndim(boards) == 1
    except (TypeError, ValueError):  # ragged: not an array at all
        return None
    b = _id_rows(boards, 1 if shared else 2)
    if b is None:
        return None
    if shared:
        if len(b) not in (3, 4, 5):  # a flop, a turn or a river
            return None
        b = [b] * len(h)
    elif np.shape(boards)[1] not in (3, 4, 5) or len(b) != len(h):
        return None
    out = []
    for hole, board in zip(h, b, strict=True):
        if len(set(hole) | set(board)) != len(hole) + len(board):
            return None
        out.append(ref.evaluate(hole, board))
    return out
