# Many spots at once (src_c/oe_many.h), included by _core.pyx.  Private:
# omaha_eval/solver/many.py checks every row before calling.

MANY_MAX_PLAYERS = OE_MANY_MAX_PLAYERS


def many_bad_rows(const uint8_t[:, :, ::1] hands, const uint8_t[:, ::1] boards):
    """(N,) uint8: 1 where a spot has a card twice or an id above 51."""
    cdef Py_ssize_t n = hands.shape[0]
    if boards.shape[0] != n:
        raise ValueError("many_bad_rows: bad shapes")
    bad = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] out = bad
    if n == 0:
        return bad
    with nogil:
        oe_many_bad_rows(&hands[0, 0, 0], &boards[0, 0], <size_t>n, <int>hands.shape[1],
                         <int>hands.shape[2], <int>boards.shape[1], &out[0])
    return bad


def many_exact(const uint8_t[:, :, ::1] hands, const uint8_t[:, ::1] boards, int game,
               double[:, ::1] equity, double[:, ::1] hi_share, double[:, ::1] lo_share,
               double[:, ::1] scoop, const uint64_t[::1] dead=None):
    """Exact equity of each spot: hands (N, P, k), boards (N, b), b = 0..5,
    and optionally each spot's dead-card mask (N,) -> the four (N, P)
    outputs, written.  Rows must be valid (the callers check them)."""
    cdef Py_ssize_t n = hands.shape[0]
    cdef int P = <int>hands.shape[1], k = <int>hands.shape[2], b = <int>boards.shape[1]
    cdef uint8_t no_board = 0
    cdef const uint8_t *bp
    cdef const uint64_t *dp = NULL
    cdef int code
    if boards.shape[0] != n or not 2 <= P <= OE_MANY_MAX_PLAYERS or not 2 <= k <= OE_MAX_HOLE \
            or not 0 <= b <= 5 or (dead is not None and dead.shape[0] != n):
        raise ValueError("many_exact: bad shapes")
    if equity.shape[0] != n or hi_share.shape[0] != n or lo_share.shape[0] != n \
            or scoop.shape[0] != n or equity.shape[1] != P or hi_share.shape[1] != P \
            or lo_share.shape[1] != P or scoop.shape[1] != P:
        raise ValueError("many_exact: outputs must be (N, P)")
    if n == 0:
        return
    bp = &boards[0, 0] if b else &no_board
    if dead is not None:
        dp = &dead[0]
    with nogil:
        code = oe_many_exact(&hands[0, 0, 0], bp, dp, <size_t>n, P, k, b, game,
                             &equity[0, 0], &hi_share[0, 0], &lo_share[0, 0], &scoop[0, 0])
    if code != 0:
        raise MemoryError("omaha_eval: out of memory in many_exact")
