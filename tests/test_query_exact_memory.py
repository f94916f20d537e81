"""Exact enumeration counts the assignments of hands it must list before it
takes the memory for them: a spot past the bound (MAX_ASSIGNMENTS) is
refused when the query is planned, with little memory and at once, however
large the product of the ranges' sizes (issue 29: hero='AA' against '*' on
a river asked 7.4 GiB for its pairs first); a product past the bound whose
hands mostly collide still runs, as the spot of the hands that fit."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_helpers import run_python

import omaha_eval as oe
from omaha_eval.pql import QueryResult, query_rounds
from omaha_eval.pql.plan import MAX_ASSIGNMENTS

RIVER = "2c7d9hJsKd"
# (its where clause keeps it from reducing to equity, which the sweep answers
# without listing assignments: test_one_kernel.py)
HUGE = f"select count(winsHi(hero)) from hero='AA', villain='*', board='{RIVER}' where true"
ADDRESS_SPACE = 2 << 30  # bytes: the refusal needs a few hundred megabytes at most


@pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""),
    reason="AddressSanitizer reserves terabytes of address space: no RLIMIT_AS fits",
)
def test_too_many_assignments_are_refused_in_little_memory(tmp_path: Path) -> None:
    """In a process that cannot take 2 GiB of address space: the refusal
    comes from the plan (query_rounds, before any statement runs), as an
    OmahaEvalError, not a MemoryError."""
    code = f"""
import json, resource
resource.setrlimit(resource.RLIMIT_AS, ({ADDRESS_SPACE}, {ADDRESS_SPACE}))
import omaha_eval as oe
from omaha_eval.pql import query_rounds
try:
    query_rounds({HUGE!r}, exact=True)
    print(json.dumps(["planned"]))
except Exception as exc:
    print(json.dumps([type(exc).__name__, str(exc)]))
"""
    proc = run_python(code, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    kind, message = json.loads(proc.stdout)
    assert kind == "OmahaEvalError", message
    assert message.startswith(f"exact: more than {MAX_ASSIGNMENTS:,} assignments")


def test_too_many_assignments_of_a_pattern_are_refused_when_planned() -> None:
    """Its first board tells (the boards of a pattern are alike in size)."""
    with pytest.raises(oe.OmahaEvalError, match="assignments of hands to list"):
        query_rounds(
            "select count(winsHi(hero)) from hero='AsA*', villain='*', board='2c7d9hJsK'",
            exact=True,
        )


def test_a_product_past_the_bound_whose_hands_collide_runs_exactly() -> None:
    """903 hands against 15,180 (a product of 13.7 million), but every
    villain hand but one holds the As: 820 assignments, the deals of the
    villain's one hand that fits."""
    board = "Qc7d9h3hJd"
    select = (
        "select avg(riverEquity(hero)) as e, count(scoops(villain)) as s, count(winsHi(hero)) as w"
    )
    wide = oe.query(
        f"{select} from hero='AsAh**', villain='As***, KsQsJsTs', board='{board}'", exact=True
    )
    one = oe.query(f"{select} from hero='AsAh**', villain='KsQsJsTs', board='{board}'", exact=True)
    assert isinstance(wide, QueryResult) and isinstance(one, QueryResult)
    assert wide.method == "exact" and wide.trials == one.trials == 820
    assert [c.value for c in wide.columns] == [c.value for c in one.columns]
