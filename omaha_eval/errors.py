"""The package's exceptions: every bad input raises one of these."""

from __future__ import annotations

__all__ = ["OmahaEvalError", "OmahaEvalTypeError"]


class OmahaEvalError(ValueError):
    """A value the package cannot accept; the message names the parameter and
    quotes the input."""


class OmahaEvalTypeError(OmahaEvalError, TypeError):
    """An argument of the wrong type (or an array of the wrong dtype)."""
