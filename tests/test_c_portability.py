"""The C core is portable C11: it compiles warning-free with -std=c11 -Wall
-Wextra -Wpedantic -Werror, with compiler builtins and with the portable
fallback of src_c/oe_bits.h (-DOE_BITS_PORTABLE); the fallback gives the
builtins' answers; and the C core's tests pass on a build with the
fallback forced (OMAHA_EVAL_BITS_PORTABLE=1, read by setup.py).

These need the source tree and a GCC or Clang compiler (MSVC is covered by
the Windows wheels, .github/workflows/wheels.yml).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src_c"
STRICT = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]


def _c_compiler() -> list[str] | None:
    """$CC, else Python's own C compiler, else cc, gcc or clang: if GCC or Clang."""
    candidates = [
        os.environ.get("CC", ""),
        sysconfig.get_config_var("CC") or "",
        "cc",
        "gcc",
        "clang",
    ]
    for candidate in candidates:
        cmd = shlex.split(candidate)
        if not cmd or shutil.which(cmd[0]) is None:
            continue
        version = subprocess.run([*cmd, "--version"], capture_output=True, text=True)
        if version.returncode == 0 and re.search(r"gcc|clang|free software", version.stdout, re.I):
            return cmd
    return None


CC = _c_compiler()
pytestmark = [
    pytest.mark.skipif(not any(SRC.glob("*.c")), reason="needs the source tree (src_c/*.c)"),
    pytest.mark.skipif(CC is None, reason="needs a GCC or Clang C compiler"),
]


# The test files that reach the C core's bit functions (popcounts and
# trailing zeros: the evaluator, the tables, exact enumeration, the solver).
C_CORE_TESTS = [
    "tests/test_tables.py",
    "tests/test_evaluator.py",
    "tests/test_cards.py",
    "tests/test_equity_exact.py",
    "tests/test_solver_river.py",
]


@pytest.mark.parametrize("bits", ["builtins", "portable"])
def test_c_core_compiles_warning_free(tmp_path, bits):
    defines = ["-DOE_BITS_PORTABLE"] if bits == "portable" else []
    sources = sorted(SRC.glob("*.c"))
    assert sources
    for source in sources:
        cmd = [
            *CC,
            *STRICT,
            *defines,
            f"-I{SRC}",
            f"-I{np.get_include()}",
            "-c",
            str(source),
            "-o",
            str(tmp_path / f"{source.stem}.o"),
        ]
        run = subprocess.run(cmd, capture_output=True, text=True)
        assert run.returncode == 0, f"{shlex.join(cmd)}\n{run.stdout}{run.stderr}"
        assert run.stderr == "", run.stderr


# One object file per variant of oe_bits.h, each exporting its functions under
# a suffix; the driver compares them on every bit pattern of interest.
BITS_VARIANT = r"""
#include <stdint.h>
#include "oe_bits.h"
#define PASTE(a, b) a##b
#define CAT(a, b) PASTE(a, b) /* expands SUFFIX first */
#define NAME(f) CAT(f, SUFFIX)
int NAME(pc32_)(uint32_t x) { return oe_popcount32(x); }
int NAME(pc64_)(uint64_t x) { return oe_popcount64(x); }
int NAME(ctz32_)(uint32_t x) { return oe_ctz32(x); }
int NAME(ctz64_)(uint64_t x) { return oe_ctz64(x); }
"""
BITS_DRIVER = r"""
#include <stdint.h>
#include <stdio.h>
#define DECLARE(s) int pc32_##s(uint32_t); int pc64_##s(uint64_t); \
                   int ctz32_##s(uint32_t); int ctz64_##s(uint64_t);
DECLARE(b)
DECLARE(p)
static long checked, wrong;
static void check64(uint64_t x)
{
    uint32_t lo = (uint32_t)x;
    checked++;
    if (pc64_b(x) != pc64_p(x) || pc32_b(lo) != pc32_p(lo)) wrong++;
    if (x != 0 && ctz64_b(x) != ctz64_p(x)) wrong++;
    if (lo != 0 && ctz32_b(lo) != ctz32_p(lo)) wrong++;
}
int main(void)
{
    uint64_t state = 0x9E3779B97F4A7C15u;
    for (uint32_t x = 0; x < (1u << 16); x++) check64(x);       /* every 16-bit value */
    for (int i = 0; i < 64; i++) {                              /* single bits, and all below */
        check64((uint64_t)1 << i);
        check64(((uint64_t)1 << i) - 1);
        check64(~(((uint64_t)1 << i) - 1));
    }
    check64(~(uint64_t)0);
    for (int i = 0; i < 1000000; i++) {                         /* xorshift64 */
        state ^= state << 13; state ^= state >> 7; state ^= state << 17;
        check64(state);
        check64(state & (state >> 17) & (state << 11));             /* sparse */
    }
    printf("%ld checked, %ld wrong\n", checked, wrong);
    return wrong != 0;
}
"""


def test_portable_bit_fallback_matches_the_builtins(tmp_path):
    variant = tmp_path / "variant.c"
    variant.write_text(BITS_VARIANT, encoding="utf-8")
    driver = tmp_path / "driver.c"
    driver.write_text(BITS_DRIVER, encoding="utf-8")
    objects = []
    for suffix, defines in (("b", []), ("p", ["-DOE_BITS_PORTABLE"])):
        obj = tmp_path / f"variant_{suffix}.o"
        cmd = [
            *CC,
            *STRICT,
            "-O2",
            f"-DSUFFIX={suffix}",
            *defines,
            f"-I{SRC}",
            "-c",
            str(variant),
            "-o",
            str(obj),
        ]
        run = subprocess.run(cmd, capture_output=True, text=True)
        assert run.returncode == 0, f"{shlex.join(cmd)}\n{run.stderr}"
        objects.append(str(obj))
    exe = tmp_path / "bits_check"
    cmd = [*CC, *STRICT, "-O2", str(driver), *objects, "-o", str(exe)]
    run = subprocess.run(cmd, capture_output=True, text=True)
    assert run.returncode == 0, f"{shlex.join(cmd)}\n{run.stderr}"
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.endswith(" 0 wrong\n"), run.stdout + run.stderr


@pytest.mark.slow
def test_c_core_tests_pass_with_the_portable_bit_fallback(tmp_path):
    """A copy of the tree built in place with OMAHA_EVAL_BITS_PORTABLE=1; the
    tests of the C core run against that build."""
    tree = tmp_path / "src"
    shutil.copytree(
        ROOT,
        tree,
        ignore=shutil.ignore_patterns(
            ".git",
            "build",
            "dist",
            "site",
            "*.so",
            "*.pyd",
            "_core.c",
            "__pycache__",
            "*.egg-info",
            ".hypothesis",
            ".benchmarks",
            ".pytest_cache",
            ".mypy_cache",
            ".ruff_cache",
            ".venv",
            "worktrees",
        ),
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "OMAHA_EVAL_NATIVE")}
    env["OMAHA_EVAL_BITS_PORTABLE"] = "1"
    build = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace", "--force"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    log = build.stdout + build.stderr
    assert build.returncode == 0, log[-6000:]
    # The define reached the compiler of every C file (GCC and Clang echo their command lines).
    compiled = [line for line in log.splitlines() if re.search(r"\s-c\s+src_c/oe_\w+\.c", line)]
    assert compiled and all("-DOE_BITS_PORTABLE=1" in line for line in compiled), log[-6000:]

    env.pop("OMAHA_EVAL_BITS_PORTABLE")
    env["PYTHONPATH"] = str(tree)
    where = subprocess.run(
        [sys.executable, "-c", "import omaha_eval._core as c; print(c.__file__)"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).resolve().parent == (tree / "omaha_eval").resolve()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *C_CORE_TESTS],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, (run.stdout + run.stderr)[-8000:]
