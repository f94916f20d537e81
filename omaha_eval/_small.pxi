# One small spot, whole (src_c/oe_small.h), included by _core.pyx.  Private:
# omaha_eval/engine/small.py reads and checks the spot (its cards read by
# omaha_eval.cards) and takes the general path whenever this returns None.

SMALL_MAX_PLAYERS = OE_SMALL_MAX_PLAYERS


cdef int _ids(object cards, uint8_t *out, int most) except -2:
    """A list or tuple of card ids written to out: their number, or -1 when
    it is not one (the general path reads it)."""
    cdef int n = 0
    if type(cards) is not list and type(cards) is not tuple:
        return -1
    if len(cards) > most:
        return -1
    for c in cards:
        if type(c) is not int or not 0 <= c <= 51:
            return -1
        out[n] = <uint8_t>c
        n += 1
    return n


def small_spot(hands, board, dead, int game):
    """The means of a small spot, or None when it is not one: 2 to
    SMALL_MAX_PLAYERS hands (lists of card ids) of one size 4..6, a board of
    3..5 ids and dead ids.  The caller has checked that no card is given
    twice and that the deck holds the cards to come.  Returns (per player
    (its OE_EQ_SUMS means, its makes-low probability, its OE_EQ_BREAKDOWN
    breakdown probabilities), the deal's no-low and quartered
    probabilities, the deals)."""
    cdef uint8_t packed[OE_SMALL_MAX_PLAYERS * 6]
    cdef uint8_t b[5]
    cdef uint8_t d[52]
    cdef double out[OE_SMALL_MAX_PLAYERS * OE_SMALL_PER_PLAYER]
    cdef double deal[3]
    cdef int P = len(hands), k = 0, n, i, j, nb, nd
    cdef uint64_t dead_mask = 0, deals
    if not 2 <= P <= OE_SMALL_MAX_PLAYERS:
        return None
    for i in range(P):
        n = _ids(hands[i], &packed[i * k] if k else packed, 6)
        if n < 4 or (k and n != k):
            return None
        k = n
    nb = _ids(board, b, 5)
    nd = _ids(dead, d, 52)
    if nb < 3 or nd < 0:
        return None
    for i in range(nd):
        dead_mask |= <uint64_t>1 << d[i]
    with nogil:
        deals = oe_small_exact(packed, P, k, b, nb, dead_mask, game, out, deal)
    cdef double total = deal[0]
    cdef int per = OE_SMALL_PER_PLAYER
    cdef double *row
    rows = []
    for i in range(P):
        row = &out[i * per]
        rows.append((
            [row[j] / total for j in range(OE_EQ_SUMS)],
            row[OE_EQ_SUMS] / total,
            [row[OE_EQ_SUMS + 1 + j] / total for j in range(OE_EQ_BREAKDOWN)],
        ))
    return rows, deal[1] / total, deal[2] / total, deals
