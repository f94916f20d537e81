"""Packaging: one version number, a complete sdist, a wheel that works alone.

The slow tests build: the sdist (its file list, and its tests collecting
against the installed package) and, through tools/check_wheel.py, the
repaired wheel tested in a fresh venv.  They need the source tree, and PyPI
for the isolated builds.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from importlib import metadata
from pathlib import Path

import pytest

import omaha_eval

ROOT = Path(__file__).resolve().parents[1]
IN_SOURCE_TREE = (ROOT / "setup.py").exists() and (ROOT / "pyproject.toml").exists()
needs_source = pytest.mark.skipif(not IN_SOURCE_TREE, reason="needs the source tree")

# Must be in the sdist, besides every file under tests/ (checked below): the C
# and Cython sources, and what the tests and the docs read.
SDIST_REQUIRED = [
    "LICENSE",
    "README.md",
    "pyproject.toml",
    "setup.py",
    "mkdocs.yml",
    "src_c/oe_cards.h",
    "src_c/oe_eval.h",
    "src_c/oe_bits.h",
    "omaha_eval/_core.pyx",
    "omaha_eval/_version.py",
    "omaha_eval/py.typed",
    "docs/ranges.md",
    "docs/index.md",
    "examples/spots.csv",
    "tools/check_wheel.py",
    # the second distribution (the 6-card orders), built from the sdist
    "orders/pyproject.toml",
    "orders/README.md",
    "orders/LICENSE",
    "orders/omaha_eval_orders/__init__.py",
    "orders/omaha_eval_orders/preflop_omaha8_6_hu.npz",
]
# Tracked files the sdist leaves out on purpose.
NOT_IN_SDIST = re.compile(r"^(\.github/|\.ci/|\.gitignore$)")
GENERATED = re.compile(r"(^omaha_eval/_core\.c$|\.(so|pyd|o|pyc)$)")


def _console_script(name: str) -> str | None:
    """The script installed beside this interpreter (its venv), else on PATH."""
    scripts = Path(sysconfig.get_path("scripts"))
    for candidate in (scripts / name, scripts / f"{name}.exe"):
        if candidate.exists():
            return str(candidate)
    return shutil.which(name)


def test_version_is_one_number_everywhere():
    """The installed metadata, omaha_eval.__version__ and `omaha-eval --version`."""
    try:
        installed = metadata.version("omaha-eval")
    except metadata.PackageNotFoundError:
        pytest.skip("omaha-eval is not installed (metadata needed): pip install .")
    assert omaha_eval.__version__ == installed
    script = _console_script("omaha-eval")
    assert script is not None, "the omaha-eval command is not installed"
    run = subprocess.run([script, "--version"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"omaha-eval, version {installed}"


def test_version_is_a_release_number():
    from packaging.version import Version  # pytest depends on packaging

    version = Version(omaha_eval.__version__)
    assert str(version) == omaha_eval.__version__ and not version.is_devrelease


@needs_source
def test_version_is_written_once_in_the_source():
    """pyproject.toml reads it from _version.py; no other file states it."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = { attr = "omaha_eval._version.__version__" }' in pyproject
    assert not re.search(r'^version\s*=\s*"', pyproject, re.MULTILINE)
    stated = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "omaha_eval").glob("*.py")
        if re.search(r"^__version__\s*=", p.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    assert stated == ["omaha_eval/_version.py"]


def _tracked_files() -> list[str] | None:
    """Files git tracks in this tree, or None outside a git checkout."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return None
    run = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        return None
    return [f for f in run.stdout.splitlines() if (ROOT / f).is_file()]


def _collected(tests_dir: Path, cwd: Path) -> tuple[int, str]:
    """Number of tests pytest collects in tests_dir (run from cwd), and its output."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "-m",
            "",  # every tier: the configuration's -m 'not slow' would leave some out
            str(tests_dir),
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    log = run.stdout + run.stderr
    assert run.returncode == 0, f"collection failed in {tests_dir}:\n{log[-6000:]}"
    m = re.search(r"^(\d+) tests? collected", log, re.MULTILINE)
    assert m, log[-3000:]
    return int(m[1]), log


@pytest.mark.slow
@needs_source
def test_sdist_is_complete_and_its_tests_collect(tmp_path):
    """The sdist has every tracked source, test, doc and example, no generated
    C; its tests collect against the installed package as many as here."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    run = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True,
        text=True,
        env=env,
    )
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-6000:]
    assert not [line for line in log.splitlines() if re.search("warn", line, re.I)], log
    (sdist,) = (tmp_path / "dist").glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        top = tar.getnames()[0].split("/")[0]
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        if hasattr(tarfile, "data_filter"):
            tar.extractall(tmp_path, filter="data")
        else:
            tar.extractall(tmp_path)

    assert not sorted(n for n in names if GENERATED.search(n)), "generated files in the sdist"
    assert [f for f in SDIST_REQUIRED if f not in names] == []
    test_files = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tests").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not GENERATED.search(p.name)
    ]
    assert "tests/cli_helpers.py" in test_files  # the tests' helpers and oracles too
    assert [f for f in test_files if f not in names] == [], "files under tests/ not in the sdist"
    tracked = _tracked_files()
    if tracked is not None:
        missing = [f for f in tracked if f not in names and not NOT_IN_SDIST.match(f)]
        assert missing == [], "tracked files missing from the sdist (MANIFEST.in)"

    unpacked = tmp_path / top
    # Run from outside both trees, so that neither is on sys.path: the tests
    # must import the installed package.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    from_sdist, log = _collected(unpacked / "tests", elsewhere)
    here, _ = _collected(ROOT / "tests", elsewhere)
    assert from_sdist == here, log[-3000:]


@pytest.mark.slow
@needs_source
def test_repaired_wheel_passes_the_default_tier_in_a_fresh_venv():
    """tools/check_wheel.py: build, repair (auditwheel), check the wheel's
    contents and its size (3 MB at most: the 6-card orders are in the orders
    wheel, built too), install both in a fresh venv with the test extra, run
    the default tier there from copies of test-sources (and again with the
    oldest NumPy allowed)."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_wheel.py")],
        capture_output=True,
        text=True,
    )
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-8000:]
    assert "check_wheel: OK" in log


# setup.py's flags for a compiler type, with setup() and cythonize() stubbed
# out so nothing is built: prints the flags, or setup.py's error.
FLAGS_PROBE = """
import sys, runpy, setuptools, Cython.Build
setuptools.setup = lambda **kw: None
Cython.Build.cythonize = lambda exts, **kw: exts
ns = runpy.run_path("setup.py")
print(ns["compiler_flags"](sys.argv[1]))
"""


def _setup_flags(compiler_type: str, **switches: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OMAHA_EVAL_")}
    env.update(switches)
    return subprocess.run(
        [sys.executable, "-c", FLAGS_PROBE, compiler_type],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


@needs_source
@pytest.mark.slow  # setup.py needs Cython and setuptools (the build extra, in test-slow)
@pytest.mark.parametrize("compiler_type", ["unix", "mingw32", "msvc"])
def test_setup_picks_flags_by_compiler_type(compiler_type):
    run = _setup_flags(compiler_type)
    assert run.returncode == 0, run.stderr
    compile_args, link_args = ast.literal_eval(run.stdout)
    if compiler_type == "msvc":
        assert compile_args == ["/O2", "/std:c11"] and link_args == []
    else:
        assert compile_args[:2] == ["-O3", "-std=c11"] and "-Wall" in compile_args
        assert not any(a.startswith("/") for a in compile_args) and link_args == []


@needs_source
@pytest.mark.slow  # setup.py needs Cython and setuptools (the build extra, in test-slow)
def test_setup_native_and_sanitize_are_gcc_and_clang_only():
    run = _setup_flags("unix", OMAHA_EVAL_NATIVE="1", OMAHA_EVAL_SANITIZE="1")
    assert run.returncode == 0, run.stderr
    compile_args, link_args = ast.literal_eval(run.stdout)
    assert "-march=native" in compile_args and "-O1" in compile_args and "-O3" not in compile_args
    assert "-fsanitize=address,undefined" in link_args
    for switch in ("OMAHA_EVAL_NATIVE", "OMAHA_EVAL_SANITIZE"):
        run = _setup_flags("msvc", **{switch: "1"})
        assert run.returncode != 0
        assert f"{switch}=1 needs GCC or Clang; this build uses MSVC" in run.stderr


@needs_source
@pytest.mark.slow  # setup.py needs Cython and setuptools (the build extra, in test-slow)
@pytest.mark.parametrize(
    ("compiler_type", "switches", "message"),
    [
        ("bcpp", {}, "no flags known for compiler type 'bcpp'"),
        ("unix", {"OMAHA_EVAL_NATIVE": "yes"}, "OMAHA_EVAL_NATIVE must be 0 or 1, got 'yes'"),
        ("unix", {"OMAHA_EVAL_BITS_PORTABLE": "2"}, "OMAHA_EVAL_BITS_PORTABLE must be 0 or 1"),
    ],
)
def test_setup_refuses_unknown_compilers_and_switch_values(compiler_type, switches, message):
    run = _setup_flags(compiler_type, **switches)
    assert run.returncode != 0 and message in run.stderr, run.stderr


# ------------------------------------------------------------- the install lines


def _readme_lines(start: str) -> list[str]:
    """The README's command lines (indented, outside fences) that start so."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.startswith(f"    {start}")]


def _tree_copy(where: Path) -> Path:
    """The tracked files of the tree, as a fresh clone has them (no build
    of the core in place, no pip cache of a previous build)."""
    tracked = _tracked_files()
    if tracked is None:
        pytest.skip("needs a git checkout (the tracked files)")
    for name in tracked:
        target = where / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    return where


class _Venv:
    """A fresh virtual environment, its commands run by bash from `cwd`."""

    def __init__(self, path: Path) -> None:
        subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
        self.path = path
        bin_dir = path / ("Scripts" if os.name == "nt" else "bin")
        keep = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        self.env = {
            **keep,
            "VIRTUAL_ENV": str(path),
            "PATH": f"{bin_dir}{os.pathsep}{keep['PATH']}",
        }

    def run(self, line: str, cwd: Path) -> str:
        run = subprocess.run(
            ["bash", "-c", line], cwd=cwd, env=self.env, capture_output=True, text=True
        )
        log = run.stdout + run.stderr
        assert run.returncode == 0, f"{line}\n{log[-6000:]}"
        return log

    def core(self) -> Path:
        code = "import omaha_eval._core as c; print(c.__file__)"
        return Path(self.run(f"python -c '{code}'", self.path).strip().splitlines()[-1])


def _builds(log: str, name: str) -> int:
    """How many times pip built the distribution `name` in `log` (pip says
    "Created wheel for NAME: filename=..." once a wheel)."""
    return len(re.findall(rf"Created wheel for {re.escape(name)}: ", log))


@pytest.mark.slow  # three fresh venvs and four builds of the core (minutes)
@needs_source
def test_the_readmes_install_lines_work_and_build_the_core_once_each(tmp_path: Path) -> None:
    """The README's install lines, as written, from a copy of the tree in
    fresh venvs: the quick start installs and runs; an extra added to that
    install by name builds nothing (the core file untouched); the test
    extra installs and the tests collect (the default tier itself runs in a
    fresh venv in test_repaired_wheel_passes_the_default_tier_in_a_fresh_venv);
    every extra at once builds the core once; the wheels built once install
    elsewhere with extras, compiling nothing."""
    tree = _tree_copy(tmp_path / "tree")
    quick, tests = _readme_lines("pip install . &&")[0], 'pip install ".[test]" && pytest'
    assert tests in _readme_lines("pip install")
    (everything,) = _readme_lines('pip install ".[all]"')
    (wheels,) = _readme_lines("pip wheel")
    (from_wheels,) = _readme_lines("pip install --find-links dist")

    first = _Venv(tmp_path / "first")
    log = first.run(quick, tree)
    assert _builds(log, "omaha-eval") == 1 and "AsAh2c3d" in log and "equity" in log
    core, stamp = first.core(), first.core().stat().st_mtime_ns
    log = first.run('pip install "omaha-eval[web]"', tree)
    assert _builds(log, "omaha-eval") == 0 and core.stat().st_mtime_ns == stamp, log
    first.run("python -c 'import starlette, uvicorn'", first.path)
    first.run(
        tests.replace("&& pytest", "&& pytest --collect-only -q -n 0 -p no:cacheprovider"), tree
    )

    every = _Venv(tmp_path / "every")
    log = every.run(everything, tree)
    assert _builds(log, "omaha-eval") == 1 and _builds(log, "omaha-eval-orders") == 1, log
    modules = "matplotlib, starlette, uvicorn, mcp, distributed, pandas, omaha_eval_orders"
    # (imported from outside the tree, whose source package would come first)
    every.run(f"python -c 'import {modules}; import omaha_eval.mcp, omaha_eval.web'", every.path)

    log = first.run(wheels, tree)  # pip of any venv builds them
    assert _builds(log, "omaha-eval") == 1
    elsewhere = _Venv(tmp_path / "elsewhere")
    log = elsewhere.run(from_wheels, tree)
    assert _builds(log, "omaha-eval") == 0 and "omaha_eval-" in log, log
    check = "python -c 'import omaha_eval.mcp, omaha_eval.web' && omaha-eval --version"
    elsewhere.run(check, elsewhere.path)
