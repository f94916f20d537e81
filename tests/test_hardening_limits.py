"""Resource limits (issue 7): memory after import, and requests too large to
enumerate exactly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import omaha_eval

RSS_GOAL_MB = 100  # issue 7: under 100 MB resident with the 4-card tables built

PROBE = """
import omaha_eval as oe
oe.evaluate("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h")
for line in open("/proc/self/status"):
    if line.startswith("VmRSS:"):
        print(int(line.split()[1]))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_resident_memory_after_import_and_first_evaluation(tmp_path):
    """A fresh interpreter importing this omaha_eval (the same one the tests
    import) and evaluating one hand stays under the goal."""
    parent = str(Path(omaha_eval.__file__).resolve().parents[1])
    run = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=parent),
        capture_output=True,
        text=True,
        check=True,
    )
    rss_mb = int(run.stdout.split()[-1]) / 1024
    assert rss_mb < RSS_GOAL_MB, f"{rss_mb:.1f} MB resident"
