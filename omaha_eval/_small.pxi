# One small spot, whole (src_c/oe_small.h), included by _core.pyx.  Private:
# omaha_eval/engine/small.py reads the spot with small_read (two-character
# card text, by omaha_eval.cards' own table), checks it with the engine's
# rules and takes the general path whenever small_read returns None.

SMALL_MAX_PLAYERS = OE_SMALL_MAX_PLAYERS


from libc.string cimport memset

# Two characters -> card id (255: not a card), from the card reader's table
# (omaha_eval.cards), given once by engine/small.py: the core holds no card
# names of its own.
cdef uint8_t _card_of[128 * 128]
cdef bint _have_table = False


def small_card_table(two_character_ids):
    """Take omaha_eval.cards' table of two-character cards ({text: id}) for
    the text small_read reads (its ASCII entries)."""
    global _have_table
    memset(_card_of, 255, sizeof(_card_of))
    for token, card in two_character_ids.items():
        if len(token) == 2 and token.isascii() and type(card) is int and 0 <= card < 52:
            _card_of[ord(token[0]) * 128 + ord(token[1])] = <uint8_t>card
    _have_table = True


cdef int _ids(object cards, uint8_t *out, int most) except -2:
    """Card text in two-character cards (separated by spaces, commas or
    nothing) or a list or tuple of card ids, written to out: their number,
    or -1 for anything else (the general path reads it)."""
    cdef int n = 0
    cdef Py_ssize_t i = 0, length
    cdef const unsigned char *text
    cdef uint8_t c
    if type(cards) is str:
        if not _have_table or not (<str>cards).isascii():
            return -1
        data = (<str>cards).encode("ascii")
        text = data
        length = len(data)
        while i < length:
            if text[i] == 32 or text[i] == 44:  # ' ' ','
                i += 1
                continue
            if i + 1 >= length or n >= most:  # (>=: never past out[most - 1])
                return -1
            c = _card_of[text[i] * 128 + text[i + 1]]
            if c == 255:
                return -1
            out[n] = c
            n += 1
            i += 2
        return n
    if type(cards) is not list and type(cards) is not tuple:
        return -1
    if len(cards) > most:
        return -1
    for c2 in cards:
        if type(c2) is not int or not 0 <= c2 <= 51:
            return -1
        out[n] = <uint8_t>c2
        n += 1
    return n


def small_read(players, board, dead):
    """The cards of a small spot, or None when it is not one: 2 to
    SMALL_MAX_PLAYERS hands of one size 4..6, a board of 3..5 cards and dead
    cards, each as two-character card text or a list of ids, no card twice.
    Returns (every card id: the hands, the board, the dead cards, as bytes;
    the hand size; the board's cards; the dead cards)."""
    cdef uint8_t cards[52 * 2]
    cdef int P, k = 0, n, i, at = 0
    cdef uint64_t seen = 0, bit
    if type(players) is not list and type(players) is not tuple:
        return None
    P = len(players)
    if not 2 <= P <= OE_SMALL_MAX_PLAYERS:
        return None
    for i in range(P):
        n = _ids(players[i], &cards[at], 6)
        if n < 4 or (k and n != k):
            return None
        k = n
        at += n
    nb = _ids(board, &cards[at], 5)
    if nb < 3:
        return None
    at += nb
    nd = _ids(dead, &cards[at], 52 - at)
    if nd < 0:
        return None
    at += nd
    for i in range(at):  # a card twice: the general path names it
        bit = <uint64_t>1 << cards[i]
        if seen & bit:
            return None
        seen |= bit
    return cards[:at], k, nb, nd


# A player's figures by name, as engine/results.py names them and says where
# each sits (small_figure_keys): the core names no figure of its own.
cdef tuple _figure_keys = ()
cdef object _makes_low_key = None
cdef object _breakdown_key = None
cdef tuple _breakdown_keys_low = ()
cdef tuple _breakdown_keys_high = ()


def small_figure_keys(figures, makes_low, breakdown, breakdown_low, breakdown_high):
    """Take engine/results.py's names of a player's figures: (name, column of
    the OE_EQ_SUMS sums) pairs, the makes-low and breakdown names, and the
    breakdown's (name, column of the OE_EQ_BREAKDOWN counts) pairs of a game
    with a low and of one without."""
    global _figure_keys, _makes_low_key, _breakdown_key, _breakdown_keys_low, _breakdown_keys_high
    for keys, width in ((figures, OE_EQ_SUMS), (breakdown_low, OE_EQ_BREAKDOWN),
                        (breakdown_high, OE_EQ_BREAKDOWN)):
        for name, column in keys:
            if type(name) is not str or type(column) is not int or not 0 <= column < width:
                raise ValueError("small_figure_keys: bad keys")
    _figure_keys = tuple(figures)
    _makes_low_key, _breakdown_key = makes_low, breakdown
    _breakdown_keys_low, _breakdown_keys_high = tuple(breakdown_low), tuple(breakdown_high)


def small_spot(const uint8_t[::1] cards, int P, int k, int nb, int nd, int game, bint has_low):
    """The figures of a small spot read by small_read (the caller has checked
    that the deck holds the cards to come).  Returns (per player a dict of
    its figures by the names small_figure_keys gave, its breakdown a dict
    under the breakdown name, the deal's figures by their DEAL_COLUMNS
    names (the total aside), the deals)."""
    cdef double out[OE_SMALL_MAX_PLAYERS * OE_SMALL_PER_PLAYER]
    cdef double deal[OE_EQ_DEAL_SUMS]
    cdef int i, j
    cdef uint64_t dead_mask = 0, deals
    if not 2 <= P <= OE_SMALL_MAX_PLAYERS or not 4 <= k <= 6 or not 3 <= nb <= 5 or nd < 0 \
            or cards.shape[0] != P * k + nb + nd or 52 - P * k - nb - nd < 5 - nb:
        raise ValueError("small_spot: bad arguments")
    if _makes_low_key is None:
        raise RuntimeError("small_spot: small_figure_keys was not called")
    for i in range(nd):
        dead_mask |= <uint64_t>1 << cards[P * k + nb + i]
    with nogil:
        deals = oe_small_exact(&cards[0], P, k, &cards[P * k], nb, dead_mask, game, out, deal)
    cdef double total = deal[0]
    cdef int per = OE_SMALL_PER_PLAYER
    cdef double *row
    cdef tuple breakdown_keys = _breakdown_keys_low if has_low else _breakdown_keys_high
    rows = []
    for i in range(P):
        row = &out[i * per]
        figures = {}
        for name, j in _figure_keys:
            figures[name] = row[<int>j] / total
        figures[_makes_low_key] = row[OE_EQ_SUMS] / total
        breakdown = {}
        for name, j in breakdown_keys:
            breakdown[name] = row[OE_EQ_SUMS + 1 + <int>j] / total
        figures[_breakdown_key] = breakdown
        rows.append(figures)
    deal_figures = {name: deal[<int>j] / total for name, j in DEAL_COLUMNS.items()
                    if name != "total"}
    return rows, deal_figures, deals
