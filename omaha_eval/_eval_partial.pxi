# Evaluation on a flop or a turn (oe_eval_hand_partial in src_c/oe_eval.h),
# included by _solver.pxi.  Private: omaha_eval.evaluator validates first.


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
