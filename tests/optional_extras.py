"""Which examples need an optional extra (pandas, matplotlib, distributed):
those run in the slow tier, whose extra (test-slow) installs them, so the
default tier passes with the test extra alone and each example still runs."""

from __future__ import annotations

import re

import pytest

USES_AN_EXTRA = re.compile(
    r"\b(?:import|from)\s+(?:pandas|matplotlib|distributed)\b"
    r"|\.to_pandas\(|\bomaha_eval\.plots\b|\bLocalCluster\b"
)
NEEDS_AN_EXTRA = pytest.mark.slow  # the reason: USES_AN_EXTRA matched


def needs_an_extra(code: str) -> bool:
    """Whether example code imports or calls what only an extra provides."""
    return USES_AN_EXTRA.search(code) is not None


def tier(code: str) -> list[pytest.MarkDecorator]:
    """The marks of a test that runs `code`: slow when it needs an extra."""
    return [NEEDS_AN_EXTRA] if needs_an_extra(code) else []
