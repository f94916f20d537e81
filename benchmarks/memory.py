"""Resident memory of the package.  Run:  python benchmarks/memory.py [--json]

Each stage is measured in a fresh interpreter (a subprocess per stage), so a
figure is what a user's process holds after doing just that:

  python           the bare interpreter
  numpy            after `import numpy` (the package's one runtime dependency)
  import           after `import omaha_eval` (tables built at import)
  first evaluate   after one evaluate() call
  batch 1M         after evaluate_batch() on 1,000,000 seeded random 4-card hands
                   (the inputs and outputs alone take 9 MB + 3 MB)
  equity           after one exact equity() call (flop, two known hands), when
                   the package has equity()
  equity 6c vs *   a 6-card hand against any hand on the river: exact=None picks
                   exact enumeration of all 4,496,388 opposing hands

The package measured is this checkout's when it has an in-place build
(python setup.py build_ext --inplace), else the installed one; the first
line printed says which.  RSS is read from /proc/self/status (VmRSS, and
VmHWM for the peak), so the script needs Linux.  The goal: under
100 MB resident after import.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if list((ROOT / "omaha_eval").glob("_core*.so")):  # an in-place build: measure it
    sys.path.insert(0, str(ROOT))

import omaha_eval  # noqa: E402

PACKAGE_PARENT = str(Path(omaha_eval.__file__).resolve().parents[1])

STAGES = {
    "python": "",
    "numpy": "import numpy",
    "import": "import omaha_eval",
    "first evaluate": "import omaha_eval as oe\noe.evaluate('Ad Kd 3s 2s', 'Jd 4d 3c Qd 5h')",
    "batch 1M": """
import numpy as np, omaha_eval as oe
rng = np.random.default_rng(1)
cards = np.argsort(rng.random((1000, 52)), axis=1)[:, :9].astype(np.uint8)
cards = np.tile(cards, (1000, 1))
oe.evaluate_batch(cards[:, :4], cards[:, 4:])
""",
    "equity": """
import omaha_eval as oe
if not hasattr(oe, "equity"):
    raise SystemExit(3)
oe.equity(["Ad Kd 3s 2s", "7c 7d 4c 5d"], board="Jd 4h 3c")
""",
    "equity 6c vs *": """
import omaha_eval as oe
if not hasattr(oe, "equity"):
    raise SystemExit(3)
oe.equity(["As Ks Qs 2d 3h 4h", "*"], board="Jd 4d 3c Qd 5h")
""",
}

PROBE = """
def _kib(field):
    for line in open("/proc/self/status", encoding="utf-8"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise SystemExit("no " + field + " in /proc/self/status")
print(_kib("VmRSS"), _kib("VmHWM"))
"""


def measure(stage_code: str) -> tuple[float, float] | None:
    """(RSS, peak RSS) in MB after running `stage_code` in a fresh
    interpreter that imports the same omaha_eval as this one; None if the
    stage does not apply (exit status 3)."""
    env = dict(os.environ, PYTHONPATH=PACKAGE_PARENT)
    with tempfile.TemporaryDirectory() as empty:  # no stray package in the cwd
        run = subprocess.run(
            [sys.executable, "-c", stage_code + "\n" + PROBE],
            cwd=empty,
            env=env,
            capture_output=True,
            text=True,
        )
    if run.returncode == 3:
        return None
    if run.returncode != 0:
        raise RuntimeError(run.stderr)
    rss, hwm = (int(x) / 1024 for x in run.stdout.split()[-2:])
    return rss, hwm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeats", type=int, default=3, help="median over this many runs")
    args = parser.parse_args()
    if not Path("/proc/self/status").exists():
        raise SystemExit("benchmarks/memory.py reads /proc/self/status: Linux only")

    results: dict[str, dict[str, float]] = {}
    for name, code in STAGES.items():
        runs = [measure(code) for _ in range(args.repeats)]
        if any(r is None for r in runs):
            continue
        rss = sorted(r[0] for r in runs if r)[len(runs) // 2]
        hwm = sorted(r[1] for r in runs if r)[len(runs) // 2]
        results[name] = {"rss_mb": round(rss, 1), "peak_mb": round(hwm, 1)}

    if args.json:
        print(json.dumps(results))
        return
    import numpy

    print(
        f"platform: {platform.platform()}, Python {platform.python_version()}, "
        f"NumPy {numpy.__version__}, omaha_eval {omaha_eval.__version__} "
        f"({Path(omaha_eval.__file__).parent})"
    )
    print(f"median of {args.repeats} fresh interpreters per stage")
    print(f"{'stage':<16} {'RSS MB':>8} {'peak MB':>8} {'vs numpy':>9}")
    base = results["numpy"]["rss_mb"]
    for name, r in results.items():
        print(f"{name:<16} {r['rss_mb']:8.1f} {r['peak_mb']:8.1f} {r['rss_mb'] - base:+9.1f}")


if __name__ == "__main__":
    main()
