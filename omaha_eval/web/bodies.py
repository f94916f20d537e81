"""Reading a request: its JSON body (size-limited), each field of the type it
must have, and the package's errors as the API returns them.

An error of the API is ``422 {"error": message, "field": name}``: `field`
is the request's field the error is about, from the error's own ``param``
attribute (omaha_eval/errors.py), never from its message.  Where the
package leaves ``param`` unset, the field the endpoint was reading when it
failed is named, if it was reading one (else None); a QueryError also
carries ``column`` ([line, column] in the query text).
"""

from __future__ import annotations

import json
import math
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from omaha_eval.errors import OmahaEvalError, for_people, quote
from omaha_eval.pql import QueryError

__all__ = [
    "MAX_BODY",
    "MAX_QUERY",
    "MAX_TEXT",
    "ApiError",
    "Body",
    "FieldError",
    "error_dict",
    "error_response",
    "read_body",
]

MAX_BODY = 64 * 1024  # bytes of a request body: a query of a page or two, with room
MAX_TEXT = 2_000  # characters of a hand, range, board or dead-card text
MAX_QUERY = 20_000  # characters of a query text


class ApiError(Exception):
    """A request the API refuses: the message, the field, the status."""

    def __init__(self, message: str, field: str | None = None, status: int = 422) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status


class FieldError(Exception):
    """An error of the package about the request's input `field`, which the
    page shows there: the error itself, as it was raised (its own param,
    "range" or "hole", stays in it and in its message), and the field."""

    def __init__(self, error: OmahaEvalError, field: str) -> None:
        super().__init__(str(error))
        self.error = error
        self.field = field


def error_dict(exc: BaseException, field: str | None = None) -> dict[str, Any] | None:
    """The API's error body for a user's error (None for any other
    exception): the message in plain words (one line, players counted from
    1), the field from the error's attributes, else `field`; a FieldError's
    field in place of its error's."""
    if isinstance(exc, ApiError):
        return {"error": exc.message, "field": exc.field}
    if isinstance(exc, FieldError):
        inner = error_dict(exc.error)
        assert inner is not None  # the package's own error always has one
        return {**inner, "field": exc.field}
    if not isinstance(exc, OmahaEvalError):
        return None
    data: dict[str, Any] = {"error": for_people(str(exc)), "field": exc.param or field}
    if isinstance(exc, QueryError):
        data["field"] = "text"  # the query's input on the page
        data["column"] = list(exc.column) if exc.column is not None else None
    return data


def error_response(exc: BaseException, field: str | None = None) -> JSONResponse:
    status = exc.status if isinstance(exc, ApiError) else 422
    data = error_dict(exc, field)
    assert data is not None
    return JSONResponse(data, status_code=status)


async def read_body(request: Request) -> Body:
    """The request's JSON object, at most MAX_BODY bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise ApiError(f"the request body is over the limit of {MAX_BODY:,} bytes", None, 413)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise ApiError(f"the request body is over the limit of {MAX_BODY:,} bytes", None, 413)
    if not raw.strip():
        return Body({})
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError) as exc:
        raise ApiError(f"the request body is not JSON: {exc}") from None
    except RecursionError:  # arrays or objects nested thousands deep
        raise ApiError("the request body is nested too deeply to read") from None
    if not isinstance(data, dict):
        raise ApiError(f"the request body must be a JSON object, got {quote(data)}")
    return Body(data)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class Body:
    """A request's fields, each read once with its type; `done` refuses
    the fields nobody read (a misspelt name must not be ignored)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.read: set[str] = set()

    def _get(self, name: str) -> Any:
        self.read.add(name)
        return self.data.get(name)

    def text(self, name: str, default: str = "", limit: int = MAX_TEXT) -> str:
        value = self._get(name)
        if value is None:
            return default
        if not isinstance(value, str):
            raise ApiError(f"{name}: expected text, got {quote(value)}", name)
        if len(value) > limit:
            raise ApiError(f"{name}: {len(value):,} characters, over the limit of {limit:,}", name)
        return value

    def texts(self, name: str, most: int) -> list[str]:
        value = self._get(name)
        if not isinstance(value, list) or not value:
            raise ApiError(f"{name}: expected a list of texts, got {quote(value)}", name)
        if len(value) > most:
            raise ApiError(f"{name}: {len(value)} entries, at most {most}", name)
        out = []
        for i, item in enumerate(value):
            where = f"{name}[{i}]"
            if not isinstance(item, str):
                raise ApiError(f"{where}: expected text, got {quote(item)}", where)
            if len(item) > MAX_TEXT:
                raise ApiError(
                    f"{where}: {len(item):,} characters, over the limit of {MAX_TEXT:,}", where
                )
            out.append(item)
        return out

    def flag(self, name: str) -> bool | None:
        value = self._get(name)
        if value is None or isinstance(value, bool):
            return value
        raise ApiError(f"{name}: expected true, false or null, got {quote(value)}", name)

    def whole(self, name: str, low: int, high: int) -> int | None:
        """A whole number in [low, high] (a whole float such as 1e6 too), or None."""
        value = self._get(name)
        if value is None:
            return None
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ApiError(f"{name}: expected a whole number, got {quote(value)}", name)
        if not low <= value <= high:
            raise ApiError(f"{name}: expected {low:,} to {high:,}, got {quote(value, 40)}", name)
        return value

    def number(self, name: str) -> float | None:
        value = self._get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ApiError(f"{name}: expected a number, got {quote(value)}", name)
        try:
            return float(value)
        except OverflowError:  # a whole number of hundreds of digits
            raise ApiError(f"{name}: {quote(value, 40)} is too large a number", name) from None

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.read)
        if unknown:
            raise ApiError(
                f"{unknown[0]}: not a field of this request "
                f"(the fields: {', '.join(sorted(self.read))})",
                unknown[0],
            )
