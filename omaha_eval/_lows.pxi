# Who holds the nut low (src_c/oe_tables.h), included by _core.pyx.  Private:
# omaha_eval/study/boards/board_report.py checks every card first.


@cython.boundscheck(False)
@cython.wraparound(False)
def nut_low_held(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards):
    """uint8 (B, N): 1 where hole row i (k cards) holds the best low that
    board row b (3 to 5 cards, every row the same size) allows: its low
    (oe_best_low of the low ranks in hand and on the board) is a qualifying
    low equal to oe_nut_low of the board's low ranks.  0 everywhere on a
    board that allows no low."""
    cdef Py_ssize_t n = holes.shape[0], nb = boards.shape[0], i, b
    cdef int k = <int>holes.shape[1], size = <int>boards.shape[1], j
    if not 3 <= size <= 5 or not 1 <= k <= 6:
        raise ValueError("nut_low_held: bad shapes")
    out = np.zeros((nb, n), dtype=np.uint8)
    cdef uint8_t[:, ::1] o = out
    hole_mask = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] hm = hole_mask
    cdef uint8_t board_mask, nut, low
    with nogil:
        for i in range(n):
            for j in range(k):
                hm[i] |= oe_low_bit[OE_RANK(holes[i, j])]
        for b in range(nb):
            board_mask = 0
            for j in range(size):
                board_mask |= oe_low_bit[OE_RANK(boards[b, j])]
            nut = oe_nut_low[board_mask]
            if nut == 0:
                continue
            for i in range(n):
                low = oe_best_low(hm[i], board_mask)
                o[b, i] = low != 0 and low == nut
    return out
