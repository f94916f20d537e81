"""How long `import omaha_eval` takes, against `import numpy` in the same run.

    python benchmarks/bench_import.py [--repeat 21]

Each import runs in a fresh interpreter under ``python -X importtime`` (the
figure read: the cumulative time of its last line), numpy and omaha_eval in
turn, so that a change of load on a shared machine hits both; the ratio is
of the medians.  The plain wall time of each import (``time.perf_counter``
around it, no importtime bookkeeping) and its CPU time (``time.process_time``,
less stretched by other processes) are measured the same way.  The
interpreters may write bytecode (PYTHONDONTWRITEBYTECODE is dropped) and one
warm-up import runs first: an installed package imports from its bytecode.

The checksum is of the modules `import omaha_eval` leaves in sys.modules (a
change of what the import loads changes it); the modules of the package
that it loads are printed too (tests/test_import_time.py fails when one
that only some calls need is among them).  The package
measured is this checkout's when it has an in-place build (python setup.py
build_ext --inplace), else the installed one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from benchlib import platform_line

ROOT = Path(__file__).resolve().parents[1]
# The import timed by the clock and by the CPU time of the process (which a
# busy machine stretches less), with no importtime bookkeeping.
TIMED = (
    "import time; t, c = time.perf_counter(), time.process_time(); import {0}; "
    "print(time.perf_counter() - t, time.process_time() - c)"
)


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if list((ROOT / "omaha_eval").glob("_core*.so")):  # an in-place build: measure it
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=_env(), check=True, cwd="/"
    )


def importtime(module: str) -> float:
    """Seconds `import module` takes by -X importtime (its cumulative time)."""
    last = _run(["-X", "importtime", "-c", f"import {module}"]).stderr.strip().splitlines()[-1]
    assert last.rstrip().endswith(f"| {module}"), last
    return int(last.split("|")[1]) / 1e6


def timed(module: str) -> tuple[float, float]:
    """Seconds `import module` takes, by the clock and in CPU time."""
    wall, cpu = _run(["-c", TIMED.format(module)]).stdout.split()
    return float(wall), float(cpu)


def loaded() -> list[str]:
    code = "import json, sys, omaha_eval; print(json.dumps(sorted(sys.modules)))"
    names: list[str] = json.loads(_run(["-c", code]).stdout)
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21, help="imports of each (default 21)")
    args = parser.parse_args()
    modules = loaded()  # also the warm-up: the package's bytecode written
    where = _run(["-c", "import omaha_eval; print(omaha_eval.__file__)"]).stdout.strip()
    print(platform_line())
    print(f"package: {where}")
    print(
        f"checksum (modules after import): {hashlib.sha256(' '.join(modules).encode()).hexdigest()[:16]}"
    )
    ours = [m for m in modules if m == "omaha_eval" or m.startswith("omaha_eval.")]
    print(f"modules loaded: {len(modules)}; of the package, {len(ours)}: {' '.join(ours)}")
    figures: dict[str, dict[str, list[float]]] = {"importtime": {}, "wall": {}, "cpu": {}}
    for _ in range(args.repeat):
        for module in ("numpy", "omaha_eval"):
            figures["importtime"].setdefault(module, []).append(importtime(module))
            wall, cpu = timed(module)
            figures["wall"].setdefault(module, []).append(wall)
            figures["cpu"].setdefault(module, []).append(cpu)
    for how, times in figures.items():
        numpy, ours_ = (statistics.median(times[m]) for m in ("numpy", "omaha_eval"))
        print(
            f"{how:10}  import numpy {numpy * 1e3:6.1f} ms   import omaha_eval "
            f"{ours_ * 1e3:6.1f} ms   ratio {ours_ / numpy:.2f}  "
            f"(medians of {args.repeat}, fresh interpreters in turn)"
        )
    print(platform_line())


if __name__ == "__main__":
    main()
