# Solver kernels (src_c/oe_solver.h), included by _core.pyx.  Private:
# omaha_eval.solver.street and .showdown validate every argument first.

N_HANDS4 = OE_N_HANDS4


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


def showdown_chips(const uint8_t[::1] board, list holes, const int64_t[::1] contribution,
                   int button, int game, bint detail=False):
    """Chip payouts (int64 per seat) of a finished hand: holes[i] is a uint8
    array of seat i's cards, or None if that player folded.  With `detail`:
    (payouts, pots, pot_payouts): the pots bottom first as (amount,
    eligible, hi_winners, lo_winners) with bit masks of seats, and row j of
    pot_payouts the chips pot j gives each seat (oe_showdown_pots)."""
    cdef int n = <int>len(holes)
    cdef uint16_t high[OE_MAX_PLAYERS]
    cdef uint8_t low[OE_MAX_PLAYERS]
    cdef oe_pot pots[OE_MAX_PLAYERS]
    cdef uint32_t folded = 0
    cdef const uint8_t[::1] hole
    cdef int i, n_pots
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
    if not detail:
        oe_showdown(n, high, low, folded, &contribution[0], button, &p[0])
        return payout
    pot_payouts = np.zeros((n, n), dtype=np.int64)  # at most one pot per seat
    cdef int64_t[:, ::1] rows = pot_payouts
    n_pots = oe_showdown_pots(n, high, low, folded, &contribution[0], button, &p[0],
                              pots, &rows[0, 0])
    made = [(pots[i].amount, pots[i].eligible, pots[i].hi_winners, pots[i].lo_winners)
            for i in range(n_pots)]
    return payout, made, pot_payouts[:n_pots]
