# The pot split (src_c/oe_split.h), the one place that decides who wins
# what.  Included by _core.pyx; private.

SPLIT_MAX_PLAYERS = OE_MAX_PLAYERS


@cython.boundscheck(False)
@cython.wraparound(False)
def split_rows(const uint16_t[:, ::1] high, const uint8_t[:, ::1] low):
    """Pot shares of each showdown row: high/low (T, n) values of n players
    contesting one pot -> (hi_share, lo_share), float64 (T, n)."""
    cdef Py_ssize_t i, t = high.shape[0]
    cdef int n = <int>high.shape[1]
    hi = np.zeros((t, n), dtype=np.float64)
    lo = np.zeros((t, n), dtype=np.float64)
    cdef double[:, ::1] h = hi
    cdef double[:, ::1] l = lo
    if t == 0 or n == 0:
        return hi, lo
    with nogil:
        for i in range(t):
            oe_split_shares(n, &high[i, 0], &low[i, 0], &h[i, 0], &l[i, 0])
    return hi, lo


@cython.boundscheck(False)
@cython.wraparound(False)
def pot_winners(const uint16_t[:, ::1] high, const uint8_t[:, ::1] low):
    """The high and low winners of each showdown row (oe_pot_winners): bit
    masks (T,) uint32 of n players contesting one pot (low 0: no winner)."""
    cdef Py_ssize_t i, t = high.shape[0]
    cdef int n = <int>high.shape[1]
    if low.shape[0] != t or low.shape[1] != n or not 1 <= n <= OE_MAX_PLAYERS:
        raise ValueError("pot_winners: bad shapes")
    hi = np.zeros(t, dtype=np.uint32)
    lo = np.zeros(t, dtype=np.uint32)
    cdef uint32_t[::1] h = hi
    cdef uint32_t[::1] l = lo
    cdef uint32_t every = (1u << n) - 1u
    with nogil:
        for i in range(t):
            oe_pot_winners(n, &high[i, 0], &low[i, 0], every, &h[i], &l[i])
    return hi, lo


@cython.boundscheck(False)
@cython.wraparound(False)
def scoopers(const uint32_t[::1] hi_winners, const uint32_t[::1] lo_winners, int n):
    """Who scoops each row (oe_scoops): the scooper's bit, 0 when nobody
    does, from pot_winners' masks of n players."""
    cdef Py_ssize_t r, t = hi_winners.shape[0]
    cdef int i
    if lo_winners.shape[0] != t or not 1 <= n <= OE_MAX_PLAYERS:
        raise ValueError("scoopers: bad shapes")
    out = np.zeros(t, dtype=np.uint32)
    cdef uint32_t[::1] o = out
    with nogil:
        for r in range(t):
            for i in range(n):
                if oe_scoops(hi_winners[r], lo_winners[r], i):
                    o[r] = 1u << i
                    break
    return out


def quartered_players(const uint32_t[::1] hi_winners, const uint32_t[::1] lo_winners, int n):
    """Who gets exactly a quarter of the pot in each row (oe_quartered): a
    bit mask of the players, from pot_winners' masks of n players."""
    cdef Py_ssize_t r, t = hi_winners.shape[0]
    cdef int i
    if lo_winners.shape[0] != t or not 1 <= n <= OE_MAX_PLAYERS:
        raise ValueError("quartered_players: bad shapes")
    out = np.zeros(t, dtype=np.uint32)
    cdef uint32_t[::1] o = out
    with nogil:
        for r in range(t):
            for i in range(n):
                if oe_quartered(hi_winners[r], lo_winners[r], i):
                    o[r] |= 1u << i
    return out
