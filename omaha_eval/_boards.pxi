# Board reports of fixed hands (src_c/oe_boards.h), included by _core.pyx.
# Private: omaha_eval/study/boards/board_report.py checks every card first.

BOARDS_MAX_PLAYERS = OE_BOARDS_MAX_PLAYERS


cdef class BoardsExact:
    """Exact histograms of fixed hands on many boards of the next street;
    stop() (from any thread) makes a running call return between rows."""

    cdef volatile int _stop

    def stop(self):
        self._stop = 1

    def run(self, const uint8_t[:, ::1] hands, int game, const uint8_t[::1] board,
            uint64_t dead, const uint8_t[:, ::1] news, double[:, ::1] outcome,
            double[:, ::1] makes_low, double[:, ::1] nut_low, uint64_t[::1] deals):
        """Rows of news (R, d) -> outcome (R, 4^n), makes_low (R, n), nut_low
        (R, n), deals (R,), written; returns (rows written, 1 if stopped else 0)."""
        cdef int n = <int>hands.shape[0], k = <int>hands.shape[1]
        cdef Py_ssize_t rows = news.shape[0]
        cdef int d = <int>news.shape[1], nb = <int>board.shape[0]
        cdef size_t done = 0
        cdef int code = 0
        cdef uint8_t no_board = 0
        cdef const uint8_t *bp = &board[0] if nb else &no_board
        if not 2 <= n <= OE_BOARDS_MAX_PLAYERS or not 1 <= d or nb + d > 5 \
                or outcome.shape[0] != rows or outcome.shape[1] != (1 << (2 * n)) \
                or makes_low.shape[0] != rows or makes_low.shape[1] != n \
                or nut_low.shape[0] != rows or nut_low.shape[1] != n \
                or deals.shape[0] != rows:
            raise ValueError("BoardsExact.run: shapes do not match")
        if rows == 0:
            return 0, 0
        with nogil:
            code = oe_boards_exact(&hands[0, 0], n, k, game, bp, nb, dead, &news[0, 0], d,
                                   <size_t>rows, &outcome[0, 0], &makes_low[0, 0],
                                   &nut_low[0, 0], &deals[0], &done, &self._stop)
        if code < 0:
            raise MemoryError("omaha_eval: out of memory in a board report")
        return int(done), code

    def run_shared(self, const uint8_t[:, ::1] hands, int game, const uint8_t[::1] board,
                   uint64_t dead, const uint8_t[:, ::1] news, int part, int parts,
                   double[:, ::1] outcome, double[:, ::1] makes_low, double[:, ::1] nut_low,
                   uint64_t[::1] deals):
        """Part `part` of `parts` of the shared enumeration (oe_boards_shared):
        the parts' arrays add up to run()'s.  Returns 1 if stopped else 0."""
        cdef int n = <int>hands.shape[0], k = <int>hands.shape[1]
        cdef Py_ssize_t rows = news.shape[0]
        cdef int d = <int>news.shape[1], nb = <int>board.shape[0]
        cdef int code = 0
        cdef uint8_t no_board = 0
        cdef const uint8_t *bp = &board[0] if nb else &no_board
        if not 2 <= n <= OE_BOARDS_MAX_PLAYERS or not 4 <= k <= 6 or nb > 4 \
                or d != (3 - nb if nb < 3 else 1) or not 0 <= part < parts \
                or outcome.shape[0] != rows or outcome.shape[1] != (1 << (2 * n)) \
                or makes_low.shape[0] != rows or makes_low.shape[1] != n \
                or nut_low.shape[0] != rows or nut_low.shape[1] != n \
                or deals.shape[0] != rows:
            raise ValueError("BoardsExact.run_shared: shapes do not match")
        if rows == 0:
            return 0
        with nogil:
            code = oe_boards_shared(&hands[0, 0], n, k, game, bp, nb, dead, &news[0, 0], d,
                                    <size_t>rows, part, parts, &outcome[0, 0], &makes_low[0, 0],
                                    &nut_low[0, 0], &deals[0], &self._stop)
        if code == -1:
            raise MemoryError("omaha_eval: out of memory in a board report")
        if code == -2:
            raise ValueError("BoardsExact.run_shared: a row's card is not live, or not the "
                             "next street's")
        return code


    def run_range(self, const uint8_t[:, ::1] fixed, int seat, const uint8_t[:, ::1] combos,
                  const double[::1] weights, int game, const uint8_t[::1] board,
                  uint64_t dead, const int32_t[::1] row_of, double[:, ::1] outcome,
                  double[:, ::1] makes_low, double[:, ::1] nut_low, uint64_t[::1] deals):
        """Fixed hands against one range (seat `seat`) on a flop or a turn, every
        row at once (oe_boards_range): row_of[card] is the row of that new card
        or -1.  Returns 1 if stopped else 0."""
        cdef int n_fixed = <int>fixed.shape[0], k = <int>fixed.shape[1]
        cdef int n = n_fixed + 1, nb = <int>board.shape[0]
        cdef Py_ssize_t rows = outcome.shape[0]
        cdef size_t n_combos = <size_t>combos.shape[0]
        cdef int code = 0
        cdef double no_weight = 0.0
        cdef uint8_t no_combo = 0
        cdef const double *wp = &weights[0] if n_combos else &no_weight
        cdef const uint8_t *cp = &combos[0, 0] if n_combos else &no_combo
        if not 2 <= n <= OE_BOARDS_MAX_PLAYERS or not 4 <= k <= 6 or not 3 <= nb <= 4 \
                or not 0 <= seat < n or combos.shape[1] != k \
                or weights.shape[0] != combos.shape[0] or row_of.shape[0] != 52 \
                or outcome.shape[1] != (1 << (2 * n)) or makes_low.shape[0] != rows \
                or makes_low.shape[1] != n or nut_low.shape[0] != rows \
                or nut_low.shape[1] != n or deals.shape[0] != rows:
            raise ValueError("BoardsExact.run_range: shapes do not match")
        if rows == 0:
            return 0
        with nogil:
            code = oe_boards_range(&fixed[0, 0], n_fixed, seat, cp, wp, n_combos, k, game,
                                   &board[0], nb, dead, &row_of[0], <size_t>rows,
                                   &outcome[0, 0], &makes_low[0, 0], &nut_low[0, 0], &deals[0],
                                   &self._stop)
        if code == -1:
            raise MemoryError("omaha_eval: out of memory in a board report")
        if code == -2:
            raise ValueError("BoardsExact.run_range: a row's card is not live, or the "
                             "sizes are not a flop's or a turn's")
        return code

@cython.boundscheck(False)
@cython.wraparound(False)
def rows_times(const double[:, ::1] a, const double[:, ::1] b, double[:, ::1] out):
    """out = a @ b, skipping the zero entries of a and of b (a board report's
    histograms and its cell map are sparse): a plain loop, so that no BLAS
    thread pool is woken for small products.  out is overwritten."""
    cdef Py_ssize_t rows = a.shape[0], inner = a.shape[1], cols = b.shape[1]
    cdef Py_ssize_t r, c, j, k
    cdef double w
    if b.shape[0] != inner or out.shape[0] != rows or out.shape[1] != cols:
        raise ValueError("rows_times: shapes do not match")
    # b's nonzero entries, row by row
    nz_col = np.zeros((inner, cols), dtype=np.intp)
    nz_val = np.zeros((inner, cols), dtype=np.float64)
    nz_n = np.zeros(inner, dtype=np.intp)
    cdef Py_ssize_t[:, ::1] col = nz_col
    cdef double[:, ::1] val = nz_val
    cdef Py_ssize_t[::1] count = nz_n
    for c in range(inner):
        for j in range(cols):
            if b[c, j] != 0.0:
                col[c, count[c]] = j
                val[c, count[c]] = b[c, j]
                count[c] += 1
    with nogil:
        for r in range(rows):
            for j in range(cols):
                out[r, j] = 0.0
            for c in range(inner):
                w = a[r, c]
                if w != 0.0:
                    for k in range(count[c]):
                        out[r, col[c, k]] += w * val[c, k]
