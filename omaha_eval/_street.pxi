# Street equity bindings (src_c/oe_street.h), included by _core.pyx.
# Private: omaha_eval.solver.street validates every argument first.


cdef class StreetSpot:
    """One prepared street question (oe_street_new): read-only once built,
    so worker threads may call run() on it at the same time."""

    cdef oe_street *s
    cdef readonly Py_ssize_t n_hero
    cdef readonly Py_ssize_t runouts

    def __cinit__(self, const uint8_t[::1] board, const uint8_t[:, ::1] hero,
                  const uint8_t[:, ::1] villain, const double[::1] weight, int game):
        cdef Py_ssize_t n = hero.shape[0], m = villain.shape[0]
        # any valid address stands in for an empty array: C reads n or m rows
        cdef uint8_t dummy_cards[6]
        cdef double dummy_weight = 0
        cdef const uint8_t *hp = &hero[0, 0] if n else dummy_cards
        cdef const uint8_t *vp = &villain[0, 0] if m else dummy_cards
        cdef const double *wp = &weight[0] if m else &dummy_weight
        self.s = NULL
        if not 3 <= board.shape[0] <= 5 or weight.shape[0] != m:
            raise ValueError("StreetSpot: bad board or weights")
        self.n_hero = n
        with nogil:
            self.s = oe_street_new(&board[0], <int>board.shape[0], hp, <size_t>n,
                                   <int>hero.shape[1], vp, <size_t>m, <int>villain.shape[1],
                                   wp, game)
        if self.s == NULL:
            raise MemoryError("street_equity: out of memory preparing the ranges")
        self.runouts = <Py_ssize_t>oe_street_runouts(self.s)

    def __dealloc__(self):
        oe_street_free(self.s)

    def run(self, Py_ssize_t first, Py_ssize_t count):
        """(3, n_hero) float64: the deal sums of runouts [first, first + count)."""
        if first < 0 or count < 0 or first + count > self.runouts:
            raise ValueError("StreetSpot.run: runouts out of range")
        out = np.empty((3, self.n_hero), dtype=np.float64)
        cdef double[:, ::1] o = out
        cdef int status
        if self.n_hero == 0:
            return out
        with nogil:
            status = oe_street_run(self.s, <size_t>first, <size_t>count,
                                   &o[0, 0], &o[1, 0], &o[2, 0])
        if status != 0:
            raise MemoryError("street_equity: out of memory")
        return out

    def finish(self, const double[:, ::1] sums):
        """(hi_share, lo_share, scoop, live_weight) from the sums of every runout."""
        if sums.shape[0] != 3 or sums.shape[1] != self.n_hero:
            raise ValueError("StreetSpot.finish: bad sums")
        out = np.empty((4, self.n_hero), dtype=np.float64)
        cdef double[:, ::1] o = out
        if self.n_hero:
            oe_street_finish(self.s, &sums[0, 0], &sums[1, 0], &sums[2, 0],
                             &o[0, 0], &o[1, 0], &o[2, 0], &o[3, 0])
        return out[0], out[1], out[2], out[3]
