# The prepared river showdown (src_c/oe_showdown.h), included by _core.pyx.
# Private: omaha_eval.solver.river_showdown validates every argument first.


cdef class ShowdownSpot:
    """Hero and villain hands prepared on a river (oe_river_new): values,
    orders and card removal both ways.  Read-only once built: threads may
    call values() on it at the same time."""

    cdef oe_river *r
    cdef readonly Py_ssize_t n_hero
    cdef readonly Py_ssize_t n_villain

    def __cinit__(self, const uint8_t[::1] board, const uint8_t[:, ::1] hero,
                  const uint8_t[:, ::1] villain, int game):
        cdef Py_ssize_t n = hero.shape[0], m = villain.shape[0]
        cdef uint8_t dummy_cards[6]
        cdef const uint8_t *hp = &hero[0, 0] if n else dummy_cards
        cdef const uint8_t *vp = &villain[0, 0] if m else dummy_cards
        self.r = NULL
        if board.shape[0] != 5:
            raise ValueError("ShowdownSpot: the board must have five cards")
        self.n_hero, self.n_villain = n, m
        with nogil:
            self.r = oe_river_new(&board[0], hp, <size_t>n, <int>hero.shape[1], vp, <size_t>m,
                                  <int>villain.shape[1], game)
        if self.r == NULL:
            raise MemoryError("RiverShowdown: out of memory preparing the hands")

    def __dealloc__(self):
        oe_river_free(self.r)

    def values(self, int side, const double[:, ::1] reach):
        """For side 0 (the hero's hands) or 1 (the villain's), against T
        reach vectors over the other side's hands (T, n_other): (T, n)
        float64, each hand's reach-weighted pot share (oe_river_values)."""
        return self._run(side, reach, True)

    def live(self, int side, const double[:, ::1] reach):
        """The same shapes: each hand's live reach of the other side."""
        return self._run(side, reach, False)

    cdef _run(self, int side, const double[:, ::1] reach, bint shares):
        if side not in (0, 1):
            raise ValueError("ShowdownSpot: side is 0 or 1")
        cdef Py_ssize_t n = self.n_hero if side == 0 else self.n_villain
        cdef Py_ssize_t m = self.n_villain if side == 0 else self.n_hero
        cdef Py_ssize_t T = reach.shape[0]
        if reach.shape[1] != m or T < 1:
            raise ValueError("ShowdownSpot: reach must be (T >= 1, the other side's hands)")
        out = np.zeros((T, n), dtype=np.float64)
        cdef double[:, ::1] o = out
        cdef double dummy = 0
        cdef const double *rp = &reach[0, 0] if m else &dummy
        cdef int status = 0
        if n == 0:
            return out
        with nogil:
            if shares:
                status = oe_river_values(self.r, side, rp, <size_t>T, &o[0, 0], NULL)
            else:
                status = oe_river_values(self.r, side, rp, <size_t>T, NULL, &o[0, 0])
        if status != 0:
            raise MemoryError("RiverShowdown: out of memory")
        return out
