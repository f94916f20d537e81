"""How long `import omaha_eval` takes, against `import numpy` in the same run.

    python benchmarks/bench_import.py [--repeat 21] [--baseline DIR]

Each import runs in a fresh interpreter under ``python -X importtime`` (the
figure read: the cumulative time of its last line), numpy and omaha_eval in
turn, so that a change of load on a shared machine hits both; the ratio is
of the medians.  The plain wall time of each import (``time.perf_counter``
around it, no importtime bookkeeping) and its CPU time (``time.process_time``,
less stretched by other processes) are measured the same way.  The
interpreters may write bytecode (PYTHONDONTWRITEBYTECODE is dropped) and one
warm-up import runs first: an installed package imports from its bytecode.

``--baseline DIR`` also times a previous build in the same turns: a source
tree whose compiled core is built in place (``git archive <commit> | tar -x
-C DIR``, then ``python setup.py build_ext --inplace`` there).

The checksum is of the modules `import omaha_eval` leaves in sys.modules (a
change of what the import loads changes it); the modules of the package
that it loads are printed too (tests/test_import_time.py fails when one
that only some calls need is among them).  The package measured is this
checkout's when it has an in-place build (python setup.py build_ext
--inplace), else the installed one.
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
HOWS = ("importtime", "wall", "cpu")


def _env(tree: Path | None) -> dict[str, str]:
    """The environment of an import of this checkout (tree None) or of a
    baseline tree."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if tree is None and list((ROOT / "omaha_eval").glob("_core*.so")):
        tree = ROOT  # an in-place build: measure it
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
    return env


def _run(args: list[str], tree: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=_env(tree), check=True, cwd="/"
    )


def importtime(module: str, tree: Path | None) -> float:
    """Seconds `import module` takes by -X importtime (its cumulative time)."""
    err = _run(["-X", "importtime", "-c", f"import {module}"], tree).stderr
    last = err.strip().splitlines()[-1]
    assert last.rstrip().endswith(f"| {module}"), last
    return int(last.split("|")[1]) / 1e6


def timed(module: str, tree: Path | None) -> tuple[float, float]:
    """Seconds `import module` takes, by the clock and in CPU time."""
    wall, cpu = _run(["-c", TIMED.format(module)], tree).stdout.split()
    return float(wall), float(cpu)


def loaded(tree: Path | None) -> list[str]:
    code = "import json, sys, omaha_eval; print(json.dumps(sorted(sys.modules)))"
    names: list[str] = json.loads(_run(["-c", code], tree).stdout)
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21, help="imports of each (default 21)")
    parser.add_argument("--baseline", type=Path, help="a previous build's tree, built in place")
    args = parser.parse_args()
    # (module, tree) of each import timed: numpy, this build, the baseline's
    cases = {"numpy": ("numpy", None), "omaha_eval": ("omaha_eval", None)}
    if args.baseline is not None:
        cases["baseline"] = ("omaha_eval", args.baseline.resolve())
    modules = loaded(None)  # also the warm-ups: the packages' bytecode written
    if args.baseline is not None:
        print(f"baseline: {len(loaded(args.baseline.resolve()))} modules after its import")
    where = _run(["-c", "import omaha_eval; print(omaha_eval.__file__)"]).stdout.strip()
    print(platform_line())
    print(f"package: {where}")
    digest = hashlib.sha256(" ".join(modules).encode()).hexdigest()[:16]
    print(f"checksum (modules after import): {digest}")
    ours = [m for m in modules if m == "omaha_eval" or m.startswith("omaha_eval.")]
    print(f"modules loaded: {len(modules)}; of the package, {len(ours)}: {' '.join(ours)}")
    figures: dict[str, dict[str, list[float]]] = {how: {} for how in HOWS}
    for _ in range(args.repeat):
        for name, (module, tree) in cases.items():
            figures["importtime"].setdefault(name, []).append(importtime(module, tree))
            wall, cpu = timed(module, tree)
            figures["wall"].setdefault(name, []).append(wall)
            figures["cpu"].setdefault(name, []).append(cpu)
    print(f"medians of {args.repeat} imports each, fresh interpreters in turn; ratio to numpy:")
    for how, times in figures.items():
        medians = {name: statistics.median(times[name]) for name in cases}
        line = f"  {how:10}  import numpy {medians['numpy'] * 1e3:6.1f} ms"
        for name in cases:
            if name != "numpy":
                shown = medians[name] * 1e3, medians[name] / medians["numpy"]
                line += f"   {name} {shown[0]:6.1f} ms ({shown[1]:.2f}x)"
        print(line)
    print(platform_line())


if __name__ == "__main__":
    main()
