# Card removal in one pass, for callers that remove one hand's cards from
# the same range many times (engine/spot.with_hand).  Included by
# _core.pyx; private: the rows, weights and masks are the caller's, checked
# and aligned.


@cython.boundscheck(False)
@cython.wraparound(False)
def rows_clear_of(const uint8_t[:, ::1] combos, const double[::1] weights,
                  const uint64_t[::1] masks, uint64_t known):
    """The rows whose card mask shares no card with `known`, in order:
    (combos, weights, masks), new arrays."""
    cdef Py_ssize_t n = combos.shape[0], k = combos.shape[1], i, j, m = 0
    out_combos = np.empty((n, k), dtype=np.uint8)
    out_weights = np.empty(n, dtype=np.float64)
    out_masks = np.empty(n, dtype=np.uint64)
    cdef uint8_t[:, ::1] c = out_combos
    cdef double[::1] w = out_weights
    cdef uint64_t[::1] s = out_masks
    with nogil:
        for i in range(n):
            if masks[i] & known:
                continue
            for j in range(k):
                c[m, j] = combos[i, j]
            w[m] = weights[i]
            s[m] = masks[i]
            m += 1
    return out_combos[:m], out_weights[:m], out_masks[:m]
