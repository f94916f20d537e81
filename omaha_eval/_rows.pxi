# Deals as rows and what queries ask of them (src_c/oe_rows.h), included by
# _core.pyx.  Private: omaha_eval/pql/ makes the rows (or draws them from a
# prepared EquitySpot) and checks every argument first.

OUTS_NUT_LOW = OE_OUTS_NUT_LOW
OUTS_NUT_HIGH = OE_OUTS_NUT_HIGH
OUTS_CATEGORY = OE_OUTS_CATEGORY


def deal_rows(EquitySpot spot, bit_generator, uint64_t trials, uint64_t max_rejects,
              uint8_t[:, :, ::1] hands, uint8_t[:, ::1] boards, double[::1] weights):
    """Draw `trials` deals of the spot (as EquitySpot.monte_carlo draws them)
    into hands (trials, n, k), boards (trials, 5) and weights (trials,);
    returns (rows written, EQ_OK, EQ_NO_DEAL or EQ_STOPPED)."""
    cdef bitgen_t *rng
    cdef uint64_t done = 0
    cdef int code = OE_EQ_OK
    if <uint64_t>hands.shape[0] < trials or <uint64_t>boards.shape[0] < trials \
            or <uint64_t>weights.shape[0] < trials \
            or hands.shape[1] != spot.n or boards.shape[1] != 5:
        raise ValueError("deal_rows: bad shapes")
    if trials == 0:
        return 0, OE_EQ_OK
    capsule = bit_generator.capsule
    if not PyCapsule_IsValid(capsule, "BitGenerator"):
        raise ValueError("deal_rows: not a NumPy BitGenerator")
    rng = <bitgen_t *>PyCapsule_GetPointer(capsule, "BitGenerator")
    with bit_generator.lock, nogil:
        code = oe_rows_deal(spot.ctx, rng, trials, max_rejects, &hands[0, 0, 0], &boards[0, 0],
                            &weights[0], &done, &spot._stop)
    if code == OE_EQ_NO_MEMORY:
        raise MemoryError("omaha_eval: out of memory dealing rows")
    return done, code


def exact_rows(const uint8_t[::1] deck, const uint8_t[::1] board,
               const uint8_t[:, :, ::1] assigned, const double[::1] assigned_weight,
               groups, uint64_t completions, uint64_t first, uint64_t count,
               uint8_t[:, :, ::1] hands, uint8_t[:, ::1] boards, double[::1] weights):
    """Deals first .. first + count - 1 of every assignment times every board
    completion, the cards to come dealt in the street `groups` given (their
    sizes, in order; oe_rows_exact), into the first `count` rows."""
    cdef uint8_t none = 0
    cdef Py_ssize_t n_assigned = assigned.shape[0]
    cdef int c_groups[5]
    cdef int n_groups = len(groups)
    if n_groups > 5 or sum(groups) != 5 - board.shape[0] \
            or any(not 1 <= g <= 5 for g in groups):
        raise ValueError("exact_rows: bad groups")
    # the cards left for the board: the deck less the first assignment's
    # (every assignment takes as many: its hands' cards not known)
    used = set(np.asarray(assigned[0]).ravel().tolist()) if n_assigned else set()
    left = sum(1 for c in np.asarray(deck).tolist() if c not in used)
    product = 1
    for i, g in enumerate(groups):
        c_groups[i] = g
        product *= math.comb(left, g) if 0 <= g <= left else 0
        left -= g
    if count == 0:
        return
    if <uint64_t>hands.shape[0] < count or <uint64_t>boards.shape[0] < count \
            or <uint64_t>weights.shape[0] < count \
            or assigned.shape[1] != hands.shape[1] or assigned.shape[2] != hands.shape[2] \
            or assigned_weight.shape[0] != n_assigned or completions == 0 \
            or completions != product \
            or (first + count + completions - 1) // completions > <uint64_t>n_assigned \
            or board.shape[0] > 5 or boards.shape[1] != 5:
        raise ValueError("exact_rows: bad arguments")
    with nogil:
        oe_rows_exact(&deck[0] if deck.shape[0] else &none, <int>deck.shape[0],
                      &board[0] if board.shape[0] else &none, <int>board.shape[0],
                      &assigned[0, 0, 0], &assigned_weight[0], <int>assigned.shape[1],
                      <int>assigned.shape[2], c_groups, n_groups, completions, first, count,
                      &hands[0, 0, 0], &boards[0, 0], &weights[0])


def street_values(const uint8_t[:, :, ::1] hands, const uint8_t[:, ::1] boards, int n_board,
                  int game, uint16_t[:, ::1] high=None, uint8_t[:, ::1] low=None,
                  uint32_t players=0xFFFFFFFFu):
    """(high (T, n) uint16, low (T, n) uint8) on the street of n_board = 3, 4
    or 5 cards of the players in the `players` mask (default every one),
    written into `high` and `low` when given (the others' left as they are)."""
    cdef Py_ssize_t t = hands.shape[0]
    cdef int n = <int>hands.shape[1], k = <int>hands.shape[2]
    if boards.shape[0] != t or boards.shape[1] != 5 or not 3 <= n_board <= 5 \
            or not 2 <= k <= OE_MAX_HOLE:
        raise ValueError("street_values: bad shapes")
    if high is None:
        high = np.zeros((t, n), dtype=np.uint16)
    if low is None:
        low = np.zeros((t, n), dtype=np.uint8)
    if high.shape[0] != t or high.shape[1] != n or low.shape[0] != t or low.shape[1] != n:
        raise ValueError("street_values: bad output shapes")
    if t == 0 or n == 0:
        return np.asarray(high), np.asarray(low)
    with nogil:
        oe_rows_values(&hands[0, 0, 0], &boards[0, 0], <size_t>t, n, k, n_board, game,
                       players, &high[0, 0], &low[0, 0])
    return np.asarray(high), np.asarray(low)


def board_summary(const uint8_t[:, ::1] boards, int n_board):
    """(low_mask (T,) uint8, ranks (T,) uint16, suits (T, 4) uint8) of each
    row's street of n_board (3, 4 or 5) cards (oe_rows_board)."""
    cdef Py_ssize_t t = boards.shape[0]
    if boards.shape[1] != 5 or not 3 <= n_board <= 5:
        raise ValueError("board_summary: bad shapes")
    low = np.zeros(t, dtype=np.uint8)
    ranks = np.zeros(t, dtype=np.uint16)
    suits = np.zeros((t, 4), dtype=np.uint8)
    cdef uint8_t[::1] lo = low
    cdef uint16_t[::1] ra = ranks
    cdef uint8_t[:, ::1] su = suits
    if t:
        with nogil:
            oe_rows_board(&boards[0, 0], <size_t>t, n_board, &lo[0], &ra[0], &su[0, 0])
    return low, ranks, suits


def nut_high(const uint8_t[:, ::1] boards, int n_board):
    """(T,) uint16: the nut high of each row's street of n_board cards."""
    cdef Py_ssize_t t = boards.shape[0]
    if boards.shape[1] != 5 or not 3 <= n_board <= 5:
        raise ValueError("nut_high: bad shapes")
    out = np.zeros(t, dtype=np.uint16)
    cdef uint16_t[::1] o = out
    if t:
        with nogil:
            oe_rows_nut_high(&boards[0, 0], <size_t>t, n_board, &o[0])
    return out


def nut_by_category(const uint8_t[:, ::1] boards, int n_board):
    """(T, N_CATEGORIES) uint16: the best high of each category each row's
    street allows (0 where none)."""
    cdef Py_ssize_t t = boards.shape[0]
    if boards.shape[1] != 5 or not 3 <= n_board <= 5:
        raise ValueError("nut_by_category: bad shapes")
    out = np.zeros((t, OE_STRAIGHT_FLUSH + 1), dtype=np.uint16)
    cdef uint16_t[:, ::1] o = out
    if t:
        with nogil:
            oe_rows_nut_by_category(&boards[0, 0], <size_t>t, n_board, &o[0, 0])
    return out


def outs(const uint8_t[:, :, ::1] hands, const uint8_t[:, ::1] boards, int player, int n_board,
         uint64_t dead, int game, int what, int category):
    """(T,) uint8: each row's outs of `player` on the street after n_board
    (3 or 4) cards (oe_rows_outs; what: OUTS_*)."""
    cdef Py_ssize_t t = hands.shape[0]
    cdef int n = <int>hands.shape[1], k = <int>hands.shape[2]
    if boards.shape[0] != t or boards.shape[1] != 5 or not 3 <= n_board <= 4 \
            or not 0 <= player < n or not 0 <= what <= 2 or not OE_HIGH_CARD <= category <= OE_STRAIGHT_FLUSH:
        raise ValueError("outs: bad arguments")
    out = np.zeros(t, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    if t:
        with nogil:
            oe_rows_outs(&hands[0, 0, 0], &boards[0, 0], <size_t>t, n, k, player, n_board, dead,
                         game, what, category, &o[0])
    return out
