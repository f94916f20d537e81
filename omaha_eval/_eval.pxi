# Evaluation (src_c/oe_eval.h): one hand, rows of hands, flop and turn
# boards.  Included by _core.pyx; private: the public modules validate first.

HIGH_MAX = OE_HIGH_MAX
LOW_MAX = OE_LOW_MAX
LOW_NONE = OE_LOW_NONE
MAX_HOLE = OE_MAX_HOLE
N_CATEGORIES = OE_STRAIGHT_FLUSH + 1  # enum oe_category: high card .. straight flush
# enum oe_category by name (src_c/oe_eval.h), for evaluator.CATEGORIES
CATEGORY_CODES = {
    "HIGH_CARD": OE_HIGH_CARD,
    "PAIR": OE_PAIR,
    "TWO_PAIR": OE_TWO_PAIR,
    "TRIPS": OE_TRIPS,
    "STRAIGHT": OE_STRAIGHT,
    "FLUSH": OE_FLUSH,
    "FULL_HOUSE": OE_FULL_HOUSE,
    "QUADS": OE_QUADS,
    "STRAIGHT_FLUSH": OE_STRAIGHT_FLUSH,
}
GAME_OMAHA8 = OE_GAME_OMAHA8
GAME_OMAHA = OE_GAME_OMAHA


@cython.boundscheck(False)
@cython.wraparound(False)
def high5_rows(const uint8_t[:, ::1] cards):
    """High value of each row of five cards."""
    cdef Py_ssize_t i, n = cards.shape[0]
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] o = out
    with nogil:
        for i in range(n):
            o[i] = oe_high5(&cards[i, 0])
    return out


@cython.boundscheck(False)
@cython.wraparound(False)
def low5_rows(const uint8_t[:, ::1] cards):
    """Low value of each row of five cards (0 = no qualifying low)."""
    cdef Py_ssize_t i, n = cards.shape[0]
    out = np.empty(n, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    with nogil:
        for i in range(n):
            o[i] = oe_low5(&cards[i, 0])
    return out


def evaluate_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards):
    """(high, low) of each hole row on its board row, or on boards[0] for
    all rows when boards has a single row; boards of 3, 4 or 5 cards (the
    best hand on the board as it is)."""
    cdef Py_ssize_t n = holes.shape[0]
    cdef int k = <int>holes.shape[1]
    cdef int n_board = <int>boards.shape[1]
    cdef size_t stride = 0 if boards.shape[0] == 1 else <size_t>n_board
    if not 3 <= n_board <= 5 or not 4 <= k <= 6:
        raise ValueError("evaluate_rows: bad hole or board size")
    high = np.empty(n, dtype=np.uint16)
    low = np.empty(n, dtype=np.uint8)
    cdef uint16_t[::1] h = high
    cdef uint8_t[::1] l = low
    if n == 0:
        return high, low
    with nogil:
        oe_eval_batch_n(&holes[0, 0], <size_t>n, k, &boards[0, 0], n_board, stride, &h[0], &l[0])
    return high, low


def first_invalid_row(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards):
    """Index of the first row with an id above 51 or a repeated card, else -1."""
    cdef Py_ssize_t n = holes.shape[0]
    cdef ptrdiff_t bad
    cdef int n_board = <int>boards.shape[1]
    cdef size_t stride = 0 if boards.shape[0] == 1 else <size_t>n_board
    if n == 0:
        return -1
    with nogil:
        bad = oe_first_invalid_row(&holes[0, 0], <size_t>n, <int>holes.shape[1],
                                   &boards[0, 0], n_board, stride)
    return bad


def evaluate_detail(const uint8_t[::1] hole, const uint8_t[::1] board):
    """(high, low, hi_used, lo_used): used = (hole i, hole j, board a, b, c)."""
    cdef uint16_t high
    cdef uint8_t low
    cdef uint8_t hi_used[5]
    cdef uint8_t lo_used[5]
    oe_eval_hand_detail(&hole[0], <int>hole.shape[0], &board[0], &high, &low,
                        hi_used, lo_used)
    lo = tuple(lo_used[i] for i in range(5)) if low else None
    return high, low, tuple(hi_used[i] for i in range(5)), lo


def high_category(int high):
    """Category 0 (high card) .. 8 (straight flush) of a high value."""
    return oe_high_category(<uint16_t>high)


def evaluate_partial(const uint8_t[::1] hole, const uint8_t[::1] board):
    """(high, low, hi_used, lo_used) on a board of 3, 4 or 5 cards: used =
    (hole i, hole j, board a, b, c)."""
    cdef uint16_t high
    cdef uint8_t low
    cdef uint8_t hi_used[5]
    cdef uint8_t lo_used[5]
    if not 3 <= board.shape[0] <= 5 or not 4 <= hole.shape[0] <= 6:
        raise ValueError("evaluate_partial: bad hole or board size")
    oe_eval_hand_partial(&hole[0], <int>hole.shape[0], &board[0], <int>board.shape[0],
                         &high, &low, hi_used, lo_used)
    lo = tuple(lo_used[i] for i in range(5)) if low else None
    return high, low, tuple(hi_used[i] for i in range(5)), lo
