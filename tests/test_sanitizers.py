"""The C core under AddressSanitizer + UndefinedBehaviorSanitizer (issue 7).

Runs tools/sanitize.sh: a sanitized build in a temporary copy of the source
tree, two canaries that must be reported, then the evaluator, equity, range
and hardening tests under the sanitizers; any report fails.  Marked slow (a
build at -O1 plus the tests: about a minute on 2 cores); CI runs it with
the rest of the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "sanitize.sh"


@pytest.mark.slow
@pytest.mark.skipif(not SCRIPT.exists(), reason="needs the source tree (tools/sanitize.sh)")
def test_sanitizers_report_nothing():
    run = subprocess.run(
        ["bash", str(SCRIPT)],
        env=dict(os.environ, PYTHON=sys.executable),
        capture_output=True,
        text=True,
    )
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-6000:]
    assert "sanitize: canary asan reported" in log and "sanitize: canary ubsan reported" in log
    assert "sanitize: OK (no sanitizer reports)" in log
