# Solver kernels (src_c/oe_solver.h), included by _core.pyx.  Arguments are
# validated by omaha_eval.solver through omaha_eval._validate.
from libc.stdint cimport int64_t

N_HANDS4 = OE_N_HANDS4


def all_hands_rows():
    """Every four-card hand, (270725, 4) uint8, lexicographic ascending rows."""
    out = np.empty((OE_N_HANDS4, 4), dtype=np.uint8)
    cdef uint8_t[:, ::1] o = out
    with nogil:
        oe_all_hands(&o[0, 0])
    return out


def rank_all_hands(const uint8_t[::1] board):
    """(high, low) of every four-card hand on the board; 0, 0 where a hand
    holds a board card."""
    high = np.empty(OE_N_HANDS4, dtype=np.uint16)
    low = np.empty(OE_N_HANDS4, dtype=np.uint8)
    cdef uint16_t[::1] h = high
    cdef uint8_t[::1] l = low
    with nogil:
        oe_rank_all_hands(&board[0], &h[0], &l[0])
    return high, low


def rank_hands(const uint8_t[::1] board, const uint8_t[:, ::1] holes):
    """(high, low) of each hole row on the board."""
    cdef Py_ssize_t n = holes.shape[0]
    high = np.empty(n, dtype=np.uint16)
    low = np.empty(n, dtype=np.uint8)
    cdef uint16_t[::1] h = high
    cdef uint8_t[::1] l = low
    if n == 0:
        return high, low
    with nogil:
        oe_rank_hands(&board[0], &holes[0, 0], <size_t>n, <int>holes.shape[1], &h[0], &l[0])
    return high, low


@cython.boundscheck(False)
@cython.wraparound(False)
def river_equity_rows(const uint8_t[::1] board, const uint8_t[:, ::1] hero,
                      const uint8_t[:, ::1] villain, const double[::1] weight):
    """(hi_share, lo_share, scoop, live_weight) per hero row, float64."""
    cdef Py_ssize_t n = hero.shape[0], m = villain.shape[0]
    hi = np.empty(n, dtype=np.float64)
    lo = np.empty(n, dtype=np.float64)
    sc = np.empty(n, dtype=np.float64)
    live = np.empty(n, dtype=np.float64)
    cdef double[::1] hi_v = hi, lo_v = lo, sc_v = sc, live_v = live
    cdef int status
    # any valid address stands in for an empty array: C reads n or m rows
    cdef uint8_t dummy_cards[6]
    cdef double dummy_weight = 0
    cdef double dummy_out[4]
    cdef const uint8_t *hp = &hero[0, 0] if n else dummy_cards
    cdef const uint8_t *vp = &villain[0, 0] if m else dummy_cards
    cdef const double *wp = &weight[0] if m else &dummy_weight
    with nogil:
        status = oe_river_equity(&board[0], hp, <size_t>n, <int>hero.shape[1],
                                 vp, <size_t>m, <int>villain.shape[1], wp,
                                 &hi_v[0] if n else &dummy_out[0],
                                 &lo_v[0] if n else &dummy_out[1],
                                 &sc_v[0] if n else &dummy_out[2],
                                 &live_v[0] if n else &dummy_out[3])
    if status != 0:
        raise MemoryError("river_equity: out of memory")
    return hi, lo, sc, live


def showdown_chips(const uint8_t[::1] board, list holes, const int64_t[::1] contribution,
                   int button, int game):
    """Chip payouts (int64 per seat) of a finished hand: holes[i] is a uint8
    array of seat i's cards, or None if that player folded."""
    cdef int n = <int>len(holes)
    cdef uint16_t high[OE_MAX_PLAYERS]
    cdef uint8_t low[OE_MAX_PLAYERS]
    cdef uint32_t folded = 0
    cdef const uint8_t[::1] hole
    cdef int i
    for i in range(n):
        high[i] = 0
        low[i] = 0
        if holes[i] is None:
            folded |= 1u << i
            continue
        hole = holes[i]
        oe_eval_hand(&hole[0], <int>hole.shape[0], &board[0], &high[i], &low[i])
        if not OE_GAME_HAS_LOW(game):
            low[i] = 0
    payout = np.zeros(n, dtype=np.int64)
    cdef int64_t[::1] p = payout
    oe_showdown(n, high, low, folded, &contribution[0], button, &p[0])
    return payout
