# The evaluator's low rule as the C core's own tables, for the range hit
# reports (omaha_eval/study/hits.py).  Included by _core.pyx; private.


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
