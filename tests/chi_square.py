"""The chi-square tail the statistical tests judge their z-scores by."""

from __future__ import annotations

import math


def chi2_sf(x: float, dof: int) -> float:
    """P(chi-square with `dof` degrees of freedom > x), in closed form:
    even dof: exp(-x/2) * sum_{i < dof/2} (x/2)^i / i!;
    odd dof:  erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2) * sum_{i=1}^{(dof-1)/2} x^(i-1) / (2i-1)!!.
    """
    if dof % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= (x / 2) / i
            total += term
        return math.exp(-x / 2) * total
    term, total = 1.0, 0.0
    for i in range(1, (dof - 1) // 2 + 1):
        total += term
        term *= x / (2 * i + 1)
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * total
