# Abstraction feature bindings (src_c/oe_features.h), included by _core.pyx.
# Private: omaha_eval.solver.features validates every argument first.


def street_features(StreetSpot spot, Py_ssize_t first, Py_ssize_t count, int bins):
    """((n_hero, bins) histogram weights, (3, n_hero) moments) of runouts
    [first, first + count) of a prepared street question."""
    if first < 0 or count < 0 or first + count > spot.runouts or bins < 1:
        raise ValueError("street_features: runouts or bins out of range")
    hist = np.zeros((spot.n_hero, bins), dtype=np.float64)
    moment = np.zeros((3, spot.n_hero), dtype=np.float64)
    cdef double[:, ::1] h = hist
    cdef double[:, ::1] m = moment
    cdef int status
    if spot.n_hero == 0:
        return hist, moment
    with nogil:
        status = oe_features_run(spot.s, <size_t>first, <size_t>count, bins, &h[0, 0], &m[0, 0])
    if status != 0:
        raise MemoryError("equity_features: out of memory")
    return hist, moment
