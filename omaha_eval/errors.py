"""The package's exceptions: every bad input raises one of these.

An error carries what it is about as attributes, so that no caller reads its
message to find out: ``param`` is the parameter (``"board"``, ``"trials"``),
the player (``"players[1]"``) or, for a query, ``"query"``; ``value`` is the
input refused (``None`` where there is none to quote); ``detail`` is the
message without the parameter (``str()`` of the error is ``"param: detail"``).
The command line puts its flag in place of ``param``, batch files and the web
API report it as the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = [
    "MissingExtraError",
    "OmahaEvalError",
    "OmahaEvalFailure",
    "OmahaEvalTypeError",
    "OutputFileError",
    "describe",
    "field_for_people",
    "for_people",
    "printable",
    "quote",
]


class OmahaEvalError(ValueError):
    """A value the package cannot accept; the message names the parameter and
    quotes the input, and :attr:`param` and :attr:`value` hold them."""

    param: str | None
    value: object
    detail: str

    def __init__(self, detail: str = "", *, param: str | None = None, value: object = None):
        # the message is "param: detail", so that text and attributes agree; a
        # detail that already starts with its param says it once, not twice
        if param and detail.startswith(f"{param}: "):
            detail = detail[len(param) + 2 :]
        super().__init__(f"{param}: {detail}" if param else detail)
        self.param = param
        self.value = value
        self.detail = detail

    def __reduce__(self) -> tuple[Any, ...]:
        # keyword attributes survive pickling (process pools, Dask workers)
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(
    cls: type[OmahaEvalError], args: tuple[object, ...], state: dict[str, object]
) -> OmahaEvalError:
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class OmahaEvalTypeError(OmahaEvalError, TypeError):
    """An argument of the wrong type (or an array of the wrong dtype)."""


class OmahaEvalFailure(OmahaEvalError):
    """A request that is well formed but cannot be carried out here: an
    optional part is not installed, a file cannot be written.  Not the
    input's fault, so the command line exits 1 for it (2 is for bad input)."""


class MissingExtraError(OmahaEvalFailure):
    """What was asked needs an optional part that is not installed (an extra
    such as ``plot`` or ``six``).  :attr:`extra` names the extra; the message
    ends with the command that installs it (omaha_eval.extras.install_hint)."""

    extra: str

    def __init__(
        self, detail: str = "", *, extra: str, param: str | None = None, value: object = None
    ) -> None:
        super().__init__(detail, param=param, value=value)
        self.extra = extra


def quote(value: object, limit: int = 80) -> str:
    """repr() of a bad input for a message, cut to `limit` characters."""
    try:
        text = repr(value)
    except Exception:  # e.g. SystemError from a NumPy 'U' array holding an invalid
        # code point: the error being reported must still be ours
        text = f"<{type(value).__name__} whose repr() fails>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


_PLAYER = re.compile(r"players\[(\d+)\]")


def field_for_people(param: str | None) -> str | None:
    """An error's param as people count players, from 1 ('players[0]' ->
    'player 1'); other params as they are."""
    return None if param is None else _PLAYER.sub(lambda m: f"player {int(m[1]) + 1}", param)


def describe(exc: OmahaEvalError, fields: Mapping[str, str] | None = None) -> str:
    """An error as one line for people: its field (as `fields` spell it,
    the command line's flags; else players counted from 1), then the first
    line of its detail."""
    detail = for_people(exc.detail)
    if exc.param is None:
        return detail
    return f"{(fields or {}).get(exc.param) or field_for_people(exc.param)}: {detail}"


def for_people(message: str) -> str:
    """A message as the command line and batch files show it: one line (the
    first: range errors add the text with a caret below it), and players
    counted as people count them, from 1 ('players[0]' -> 'player 1')."""
    lines = str(message).strip().splitlines() or [""]
    first = " ".join(lines[0].split())
    return _PLAYER.sub(lambda m: f"player {int(m[1]) + 1}", first)


def printable(text: str) -> str:
    """Text with every character that does not print (control characters,
    line and paragraph separators: what str.splitlines splits at, among
    others) written as its escape, so that quoted input cannot break a
    one-line message or hide in it."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class OutputFileError(OmahaEvalFailure):
    """A file a run was asked to write (a batch output, a picture) cannot be
    written: its directory is missing, or the system refused the write."""
