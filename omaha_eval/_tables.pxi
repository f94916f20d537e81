# The evaluator's tables (src_c/oe_tables.h), read for names and keys.
# Included by _core.pyx; private.


def high_key(int high):
    """(category, tie-break ranks) of a high value: ranks as 0..12, ordered by
    count then rank (a straight gives only its top card)."""
    cdef uint32_t key = oe_high_keys[high - 1]
    return OE_KEY_CATEGORY(key), tuple(OE_KEY_RANK(key, i) for i in range(5))


def high_key_table():
    """(category (7463,) int8, ranks (7463, 5) int8): each high value v's
    category and tie-break ranks at [v] (as high_key; row 0, no value: -1
    and zeros), unpacked in C (the layout: oe_tables.h, OE_KEY_*)."""
    category = np.full(OE_HIGH_MAX + 1, -1, dtype=np.int8)
    ranks = np.zeros((OE_HIGH_MAX + 1, 5), dtype=np.int8)
    cdef int8_t[::1] c = category
    cdef int8_t[:, ::1] r = ranks
    cdef int v, i
    for v in range(1, OE_HIGH_MAX + 1):
        c[v] = <int8_t>OE_KEY_CATEGORY(oe_high_keys[v - 1])
        for i in range(5):
            r[v, i] = <int8_t>OE_KEY_RANK(oe_high_keys[v - 1], i)
    return category, ranks


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
    (packed as oe_tables.h's OE_KEY_* say: high_key_table unpacks them)."""
    out = np.zeros(7462, dtype=np.uint32)
    cdef int v
    for v in range(7462):
        out[v] = oe_high_keys[v]
    return out
