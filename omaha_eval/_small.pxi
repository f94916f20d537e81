# One small spot, whole (src_c/oe_small.h), included by _core.pyx.  Private:
# omaha_eval/equity.py calls it first and falls back to the general path
# whenever it returns None.
from libc.stdint cimport uint64_t

cdef extern from "oe_small.h" nogil:
    enum:
        OE_SMALL_MAX_PLAYERS
        OE_SMALL_PER_PLAYER
    int oe_small_parse(const char *text, size_t length, uint8_t *out, int most)
    uint64_t oe_small_exact(const uint8_t *hands, int P, int k, const uint8_t *board,
                            int n_board, uint64_t dead, int game, double *out, double *deal)

SMALL_MAX_PLAYERS = OE_SMALL_MAX_PLAYERS

from omaha_eval.cards import CARD_TEXT as _CARD_TEXT  # the one table of card names


cdef int _parse(object cards, uint8_t *out, int most) except -2:
    """Card text, or a list or tuple of card ids: the ids written to out and
    their number, or -1 for anything else (the general path reads it)."""
    cdef int n = 0
    if type(cards) is str:
        if not (<str>cards).isascii():
            return -1
        data = (<str>cards).encode("ascii")
        return oe_small_parse(data, len(data), out, most)
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


def small_spot(players, board, dead, int game):
    """The sums of a small spot given as card text, or None when it is not
    one: 2..SMALL_MAX_PLAYERS hands of one size 4..6, a board of 3..5 cards,
    dead cards, every card once, all in the forms oe_small_parse reads.
    Returns (per player (its label, its OE_EQ_SUMS means, its makes-low
    probability, its OE_EQ_BREAKDOWN breakdown probabilities), the deal's no-low and
    quartered probabilities, the deals, the board and the dead cards as
    text)."""
    cdef uint8_t hands[OE_SMALL_MAX_PLAYERS * 6]
    cdef uint8_t packed[OE_SMALL_MAX_PLAYERS * 6]
    cdef uint8_t b[5]
    cdef uint8_t d[52]
    cdef double out[OE_SMALL_MAX_PLAYERS * OE_SMALL_PER_PLAYER]
    cdef double deal[3]
    cdef int P = len(players), k = 0, n, i, j, nb, nd
    cdef uint64_t seen = 0, bit, dead_mask = 0, deals
    if not 2 <= P <= OE_SMALL_MAX_PLAYERS:
        return None
    for i in range(P):
        n = _parse(players[i], &hands[i * 6], 6)
        if n < 4 or (k and n != k):
            return None
        k = n
    nb = _parse(board, b, 5)
    nd = _parse(dead, d, 52)
    if nb < 3 or nd < 0:
        return None
    # every card once (the general path names the card twice)
    for i in range(P):
        for j in range(k):
            bit = <uint64_t>1 << hands[i * 6 + j]
            if seen & bit:
                return None
            seen |= bit
    for i in range(nb):
        bit = <uint64_t>1 << b[i]
        if seen & bit:
            return None
        seen |= bit
    for i in range(nd):
        bit = <uint64_t>1 << d[i]
        if seen & bit:
            return None
        seen |= bit
        dead_mask |= bit
    if 52 - P * k - nb - nd < 5 - nb:
        return None
    for i in range(P):  # packed k cards apart, as the C contract wants
        for j in range(k):
            packed[i * k + j] = hands[i * 6 + j]
    with nogil:
        deals = oe_small_exact(packed, P, k, b, nb, dead_mask, game, out, deal)
    cdef double total = deal[0]
    cdef int per = OE_SMALL_PER_PLAYER
    cdef double *row
    players_out = []
    for i in range(P):
        row = &out[i * per]
        text = players[i]
        players_out.append((
            text.strip() if type(text) is str else _card_text(&hands[i * 6], k),
            tuple([row[j] / total for j in range(OE_EQ_SUMS)]),
            row[OE_EQ_SUMS] / total,
            tuple([row[OE_EQ_SUMS + 1 + j] / total for j in range(OE_EQ_BREAKDOWN)]),
        ))
    return (players_out, deal[1] / total, deal[2] / total, deals, _card_text(b, nb),
            _card_text(d, nd))


cdef str _card_text(const uint8_t *cards, int n):
    cdef int i
    return "".join([_CARD_TEXT[cards[i]] for i in range(n)])

