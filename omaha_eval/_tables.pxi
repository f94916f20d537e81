# The evaluator's tables (src_c/oe_tables.h), read for names and keys.
# Included by _core.pyx; private.


def high_key(int high):
    """(category, tie-break ranks) of a high value: ranks as 0..12, ordered by
    count then rank (a straight gives only its top card)."""
    cdef uint32_t key = oe_high_keys[high - 1]
    return key >> 20, tuple((key >> (16 - 4 * i)) & 15 for i in range(5))


def low_mask(int low):
    """Set of low ranks (bit 0 = ace .. bit 7 = eight) of a low value 1..56."""
    cdef int m
    for m in range(256):
        if oe_low_value[m] == low:
            return m
    return 0


def nut_low_table():
    """uint8 (256,): the nut low of a board by its low-rank mask (bit 0 =
    ace .. bit 7 = eight; 0 when fewer than three low ranks)."""
    out = np.zeros(256, dtype=np.uint8)
    cdef int m
    for m in range(256):
        out[m] = oe_nut_low[m]
    return out


def high_keys():
    """uint32 (7462,): the category key of each high value v at [v - 1]
    (category << 20, then five 4-bit ranks ordered by count, then rank)."""
    out = np.zeros(7462, dtype=np.uint32)
    cdef int v
    for v in range(7462):
        out[v] = oe_high_keys[v]
    return out
