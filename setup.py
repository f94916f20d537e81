"""Declares the compiled extension; all metadata is in pyproject.toml.

Flags are picked per compiler, from build_ext's compiler type (not from the
platform: MinGW on Windows is GCC, clang-cl on Windows is MSVC-like):

- GCC and Clang (``unix``, ``mingw32``, ``cygwin``): ``-O3 -std=c11 -Wall``.
- MSVC (``msvc``): ``/O2 /std:c11`` (``/std:c11`` needs Visual Studio 2019
  16.8 or newer).

Environment switches:

- ``OMAHA_EVAL_NATIVE=1`` adds ``-march=native`` (machine-specific, off by
  default so wheels run anywhere; GCC and Clang only).
- ``OMAHA_EVAL_SANITIZE=1`` builds with AddressSanitizer and
  UndefinedBehaviorSanitizer for the hardening tests (GCC and Clang only).
- ``OMAHA_EVAL_BITS_PORTABLE=1`` defines ``OE_BITS_PORTABLE``: src_c/oe_bits.h
  then uses its portable C fallback instead of compiler builtins or
  intrinsics (tests/test_c_portability.py builds it and runs the tests on it).
"""

import os
from glob import glob
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

# NumPy's headers are needed for numpy/random/bitgen.h (the bitgen_t struct
# behind a BitGenerator's capsule, unchanged since NumPy 1.19); the core calls
# no NumPy C API function today.  Should it ever, NPY_TARGET_VERSION keeps the
# built extension importable on the oldest NumPy that pyproject.toml allows at
# run time (1.25), although it is compiled against NumPy 2's headers.
NUMPY_TARGET = "NPY_1_25_API_VERSION"

GCC_LIKE = {"unix", "mingw32", "cygwin"}
SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=all"]


def _switch(name: str) -> bool:
    value = os.environ.get(name, "")
    if value not in ("", "0", "1"):
        raise SystemExit(f"setup.py: {name} must be 0 or 1, got {value!r}")
    return value == "1"


def compiler_flags(compiler_type: str) -> tuple[list[str], list[str]]:
    """(compile args, link args) for one build_ext compiler type."""
    native, sanitize = _switch("OMAHA_EVAL_NATIVE"), _switch("OMAHA_EVAL_SANITIZE")
    if compiler_type == "msvc":
        for name, on in (("OMAHA_EVAL_NATIVE", native), ("OMAHA_EVAL_SANITIZE", sanitize)):
            if on:
                raise SystemExit(f"setup.py: {name}=1 needs GCC or Clang; this build uses MSVC")
        return ["/O2", "/std:c11"], []
    if compiler_type not in GCC_LIKE:
        raise SystemExit(
            f"setup.py: no flags known for compiler type {compiler_type!r} "
            f"(known: msvc, {', '.join(sorted(GCC_LIKE))})"
        )
    # -Wno-unused-function: Cython's generated C and NumPy's headers define
    # static helpers that this module does not call.
    compile_args = ["-O3", "-std=c11", "-Wall", "-Wno-unused-function"]
    link_args: list[str] = []
    if native:
        compile_args.append("-march=native")
    if sanitize:
        compile_args = ["-O1" if a == "-O3" else a for a in compile_args] + SANITIZE + ["-g"]
        link_args += SANITIZE
    return compile_args, link_args


class BuildExt(build_ext):
    """build_ext that adds the flags of the compiler it is about to use."""

    def build_extensions(self) -> None:
        compile_args, link_args = compiler_flags(self.compiler.compiler_type)
        for ext in self.extensions:
            ext.extra_compile_args = compile_args + ext.extra_compile_args
            ext.extra_link_args = link_args + ext.extra_link_args
        super().build_extensions()


class BuildPy(build_py):
    """build_py that also ships docs/*.md as omaha_eval/_docs/ (the pages
    `omaha-eval help` prints offline): docs/ stays their one copy."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib, "omaha_eval", "_docs")
        self.mkpath(str(target))
        for page in sorted(glob("docs/*.md")):
            self.copy_file(page, str(target / Path(page).name))


define_macros = [
    ("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"),  # hide what NumPy 1.7 deprecated
    ("NPY_TARGET_VERSION", NUMPY_TARGET),
]
if _switch("OMAHA_EVAL_BITS_PORTABLE"):
    define_macros.append(("OE_BITS_PORTABLE", "1"))

core = Extension(
    "omaha_eval._core",
    sources=["omaha_eval/_core.pyx", *sorted(glob("src_c/*.c"))],
    include_dirs=["src_c", numpy.get_include()],
    define_macros=define_macros,
)

setup(
    ext_modules=cythonize([core], language_level=3),
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy},
)
