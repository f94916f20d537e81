"""Declares the compiled extension; all metadata is in pyproject.toml.

OMAHA_EVAL_NATIVE=1 adds -march=native (machine-specific, off by default so
wheels run anywhere).  OMAHA_EVAL_SANITIZE=1 builds with AddressSanitizer and
UndefinedBehaviorSanitizer for the hardening tests.
"""

import os
from glob import glob

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

compile_args = ["-O3", "-std=c11", "-Wall", "-Wno-unused-function"]
link_args: list[str] = []
if os.environ.get("OMAHA_EVAL_NATIVE") == "1":
    compile_args.append("-march=native")
if os.environ.get("OMAHA_EVAL_SANITIZE") == "1":
    sanitize = [
        "-fsanitize=address,undefined",
        "-fno-omit-frame-pointer",
        "-fno-sanitize-recover=all",
    ]
    compile_args = [a if a != "-O3" else "-O1" for a in compile_args] + sanitize + ["-g"]
    link_args += sanitize

core = Extension(
    "omaha_eval._core",
    sources=["omaha_eval/_core.pyx", *sorted(glob("src_c/*.c"))],
    include_dirs=["src_c", numpy.get_include()],
    define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    extra_compile_args=compile_args,
    extra_link_args=link_args,
)

setup(ext_modules=cythonize([core], language_level=3))
