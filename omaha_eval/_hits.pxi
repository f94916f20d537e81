# The evaluator's best-low rule as a table, for the range hit reports
# (omaha_eval/study/hits.py).  Included by _core.pyx; private.


def best_low_table():
    """uint8 (256, 256): at [h, b] the best low (0: none) of a hand holding
    the low ranks of mask h on a board holding those of mask b (bit 0 = ace
    .. bit 7 = eight): oe_best_low, two hole ranks and three board ranks,
    five different ranks."""
    out = np.zeros((256, 256), dtype=np.uint8)
    cdef uint8_t[:, ::1] o = out
    cdef int h, b
    for h in range(256):
        for b in range(256):
            o[h, b] = oe_best_low(<uint8_t>h, <uint8_t>b)
    return out
