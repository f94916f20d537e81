# cython: language_level=3, embedsignature=True, freethreading_compatible=True
# (free-threading compatible: the C core's shared tables are built once, at
# import (oe_init, oe_iso_init, small_card_table); any other C state belongs
# to one object, and the long loops already ran without the GIL.)
"""Compiled core of omaha_eval (private).

Every function here trusts its arguments: C-contiguous uint8 arrays of valid,
non-repeating card ids, checked beforehand by the public modules (the
shared checks are omaha_eval/_checks.py).  One .pxi file binds each C
header; none includes another, and none imports the package's Python
modules (the core sits below them).
"""
cimport cython
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

import math

import numpy as np

from omaha_eval._capi cimport *

if oe_init() != 0:  # builds the lookup tables once, at import
    raise ImportError("omaha_eval: could not build the lookup tables")


include "_eval.pxi"
include "_tables.pxi"
include "_split.pxi"
include "_solver.pxi"
include "_street.pxi"
include "_showdown.pxi"
include "_features.pxi"
include "_equity.pxi"
include "_ranges.pxi"
include "_many.pxi"
include "_small.pxi"
include "_rows.pxi"
include "_iso.pxi"
include "_boards.pxi"
include "_hits.pxi"
include "_lows.pxi"
include "_clear.pxi"
include "_graph.pxi"
