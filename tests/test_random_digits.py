"""src_c/oe_random.h: the 64x64 -> 128-bit multiply (builtin and portable
forms agree) and the batched digits (each digit uniform, the digits of a
draw independent), compiled into a small C program (skipped without a C
compiler)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
CC = shutil.which("cc") or shutil.which("gcc")

PROGRAM = r"""
#include <stdio.h>
#include "oe_random.h"
static uint64_t state = 12345;
static uint64_t next(void *s) {  /* SplitMix64 */
    (void)s;
    uint64_t z = (state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}
int main(void) {
    uint64_t a = 1;
    for (int i = 0; i < 2000; i++) {  /* products of awkward operands */
        uint64_t x = next(0), y = i % 3 ? next(0) : (uint64_t)i * 0xFFFFFFFFu, low;
        uint64_t high = oe_mul64(x, y, &low);
        printf("%llu %llu %llu %llu\n", (unsigned long long)x, (unsigned long long)y,
               (unsigned long long)high, (unsigned long long)low);
        a ^= high;
    }
    bitgen_t rng = {0, next, 0, 0, next};
    oe_digit_spec spec;
    oe_digit_spec_init(&spec, 44);
    oe_digits d = {&rng, &spec, {0}, 0};
    for (int i = 0; i < 440000; i++) printf("%d\n", oe_digit(&d));
    return (int)(a & 0);
}
"""


def run(tmp_path: Path, portable: bool) -> list[str]:
    import numpy

    src = tmp_path / "digits.c"
    src.write_text(PROGRAM, encoding="utf-8")
    exe = tmp_path / ("portable" if portable else "native")
    flags = ["-DOE_BITS_PORTABLE"] if portable else []
    subprocess.run(
        [
            CC,
            "-std=c11",
            "-O2",
            "-Wall",
            "-Wextra",
            "-Wpedantic",
            "-Werror",
            *flags,
            f"-I{ROOT / 'src_c'}",
            f"-I{numpy.get_include()}",
            str(src),
            "-o",
            str(exe),
        ],
        check=True,
    )
    return subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split("\n")


@pytest.mark.skipif(CC is None, reason="no C compiler")
@pytest.mark.skipif(
    not any((ROOT / "src_c").glob("*.c")), reason="needs the source tree (src_c/*.c)"
)
def test_portable_multiply_and_digits(tmp_path: Path) -> None:
    native, portable = run(tmp_path, False), run(tmp_path, True)
    assert native == portable
    for line in native[:2000]:  # the products, checked with Python integers
        x, y, high, low = map(int, line.split())
        assert high * 2**64 + low == x * y
    digits = np.array([int(x) for x in native[2000:] if x])
    assert len(digits) == 440_000 and digits.min() == 0 and digits.max() == 43
    # each of the 44 values: binomial(440000, 1/44), 10,000 expected
    counts = np.bincount(digits, minlength=44)
    assert np.abs(counts - 10_000).max() < 5 * np.sqrt(10_000 * 43 / 44)
    # consecutive digits (same draw or not) independent: pairs uniform over 44^2
    pairs = np.bincount(digits[:-1:2] * 44 + digits[1::2], minlength=44 * 44)
    expected = len(digits) // 2 / 44**2
    chi2 = float(((pairs - expected) ** 2 / expected).sum())
    assert chi2 < 1935 + 5 * np.sqrt(2 * 1935)  # dof 1935
