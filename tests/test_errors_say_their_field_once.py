"""An error names its field once: "by: expected ...", never "by: by: ...".

The package's errors are written as ``OmahaEvalError(detail, param=...)``
and the message is ``param: detail``; a detail that repeats the param
doubled it (issue 37, item 9).  A scan of the package's sources finds any
raise written that way, and the error itself says the field once even if
one slips through.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import omaha_eval as oe
from omaha_eval.errors import OmahaEvalError, describe
from omaha_eval.study.boards.report import BoardReport

PACKAGE = Path(oe.__file__).resolve().parent


def _head(node: ast.expr) -> str | None:
    """The literal start of a message argument (None: not text)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
        return ""
    return None


def test_no_error_of_the_package_writes_its_param_into_its_detail():
    doubled = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            param = next((k.value for k in node.keywords if k.arg == "param"), None)
            if not (isinstance(param, ast.Constant) and isinstance(param.value, str)):
                continue
            head = _head(node.args[0])
            if head is not None and head.startswith(f"{param.value}: "):
                doubled.append(f"{path.relative_to(PACKAGE)}:{node.lineno} ({param.value})")
    assert doubled == []


def test_a_detail_that_starts_with_its_param_is_said_once():
    error = OmahaEvalError("by: expected texture", param="by", value="x")
    assert (str(error), error.detail) == ("by: expected texture", "expected texture")
    assert describe(error, {"by": "--group"}) == "--group: expected texture"
    other = OmahaEvalError("byte: expected a number", param="by")
    assert str(other) == "by: byte: expected a number"  # only the param itself is dropped


@pytest.fixture(scope="module")
def report() -> BoardReport:
    return oe.board_report(["AsAh2c3d", "KcKd4c5d"], "Jd4d8c", exact=True)


@pytest.mark.parametrize(
    ("call", "param"),
    [
        (lambda r: r.figure("nothing"), "figure"),
        (lambda r: r.mean("nothing"), "figure"),
        (lambda r: r.figure("equity", player=7), "player"),
        (lambda r: r.group("nothing"), "by"),
        (lambda r: r.group(3), "by"),
        (lambda r: r.group("suits").group("suits"), "by"),
    ],
)
def test_the_board_report_errors_name_their_field_once(report, call, param):
    with pytest.raises(OmahaEvalError) as info:
        call(report)
    message = str(info.value)
    assert info.value.param == param
    assert message.startswith(f"{param}: ")
    assert not message.startswith(f"{param}: {param}")
    assert message.count(f"{param}:") == 1, message
