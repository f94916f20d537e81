"""A part's function for the executor tests, in a module of its own: a
spawned worker process unpickles it by its module's name, which it finds on
the tests' path (pyproject's pythonpath), where a test module (imported by
pytest under a name of its own) cannot be found."""

from __future__ import annotations

from omaha_eval.errors import OmahaEvalError


def square_or_refuse(part: int, stop: object) -> int:
    """A part's function: its square, or an error with fields for 3."""
    if part == 3:
        raise OmahaEvalError("three is refused", param="parts[3]", value=part)
    return part * part
