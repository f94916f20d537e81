# The C core's own low tables, and a one-pass card removal, for the study
# views (omaha_eval/study/hits.py, beats.py).  Included by _core.pyx; private.


def best_low_table():
    """uint8 (256, 256), read-only: the C core's oe_best_low_table itself
    (src_c/oe_tables.h, no copy): at [h, b] the best low (0: none) of a hand
    holding the low ranks of mask h on a board holding those of mask b (bit
    0 = ace .. bit 7 = eight), two hole ranks and three board ranks, five
    different ranks (oe_best_low)."""
    cdef uint8_t[:, ::1] view = <uint8_t[:256, :256]> &oe_best_low_table[0]
    out = np.asarray(view)
    out.flags.writeable = False
    return out


def low_bits():
    """uint8 (13,), read-only: the C core's oe_low_bit itself, the low-rank
    bit of each rank (ace bit 0, deuce bit 1 .. eight bit 7; 0 above eight)."""
    cdef uint8_t[::1] view = <uint8_t[:13]> &oe_low_bit[0]
    out = np.asarray(view)
    out.flags.writeable = False
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
def live_hands(const uint8_t[:, ::1] combos, const double[::1] weights, uint64_t known):
    """The rows of `combos` that share no card with the card mask `known`,
    in order, and their weights (None: 1 each): (combos, weights), new
    arrays, in one pass (no mask array, no boolean index).  The caller's
    rows are checked card ids; `weights` one per row."""
    cdef Py_ssize_t n = combos.shape[0], k = combos.shape[1], i, j, m = 0
    cdef bint weighted = weights is not None
    if weighted and weights.shape[0] != n:
        raise ValueError("live_hands: one weight per row")
    out_combos = np.empty((n, k), dtype=np.uint8)
    out_weights = np.empty(n, dtype=np.float64)
    cdef uint8_t[:, ::1] c = out_combos
    cdef double[::1] w = out_weights
    cdef uint64_t mask
    with nogil:
        for i in range(n):
            mask = 0
            for j in range(k):
                mask |= (<uint64_t>1) << combos[i, j]
            if mask & known:
                continue
            for j in range(k):
                c[m, j] = combos[i, j]
            w[m] = weights[i] if weighted else 1.0
            m += 1
    return out_combos[:m], out_weights[:m]
