# Street equity bindings (src_c/oe_street.h), included by _core.pyx.
# Private: omaha_eval.solver.street validates every argument first.


STREET_CELLS = OE_SD_CELLS  # outcome cells per hero: hi << 2 | lo (oe_equity.h, n = 2)


cdef class StreetSpot:
    """One prepared street question (oe_street_new): read-only once built,
    so worker threads may call run(), run_outcomes() and run_totals() on it
    at the same time.  `dead` is the card mask no runout uses (the hands
    hold none of them); `hero_weight` None (every hero 1) or one weight per
    hero row."""

    cdef oe_street *s
    cdef readonly Py_ssize_t n_hero
    cdef readonly Py_ssize_t runouts

    def __cinit__(self, const uint8_t[::1] board, const uint8_t[:, ::1] hero,
                  const uint8_t[:, ::1] villain, const double[::1] weight, int game,
                  uint64_t dead=0, hero_weight=None):
        cdef Py_ssize_t n = hero.shape[0], m = villain.shape[0]
        # any valid address stands in for an empty array: C reads n or m rows
        cdef uint8_t dummy_cards[6]
        cdef double dummy_weight = 0
        cdef const double[::1] hw
        cdef const double *hwp = NULL
        cdef const uint8_t *hp = &hero[0, 0] if n else dummy_cards
        cdef const uint8_t *vp = &villain[0, 0] if m else dummy_cards
        cdef const double *wp = &weight[0] if m else &dummy_weight
        self.s = NULL
        if not 3 <= board.shape[0] <= 5 or weight.shape[0] != m:
            raise ValueError("StreetSpot: bad board or weights")
        if hero_weight is not None:
            hw = hero_weight
            if hw.shape[0] != n:
                raise ValueError("StreetSpot: bad hero weights")
            hwp = &hw[0] if n else &dummy_weight
        self.n_hero = n
        with nogil:
            self.s = oe_street_new(&board[0], <int>board.shape[0], dead, hp, <size_t>n,
                                   <int>hero.shape[1], hwp, vp, <size_t>m,
                                   <int>villain.shape[1], wp, game)
        if self.s == NULL:
            raise MemoryError("street_equity: out of memory preparing the ranges")
        self.runouts = <Py_ssize_t>oe_street_runouts(self.s)

    def __dealloc__(self):
        oe_street_free(self.s)

    @property
    def deals(self):
        """The number of deals over every runout (an int): the (hero of
        weight > 0, villain of weight > 0) pairs sharing no card, times the
        runouts each such pair meets."""
        return int(oe_street_deals(self.s))

    cdef int _check_block(self, Py_ssize_t first, Py_ssize_t count) except -1:
        if first < 0 or count < 0 or first + count > self.runouts:
            raise ValueError("StreetSpot: runouts out of range")
        return 0

    def run(self, Py_ssize_t first, Py_ssize_t count):
        """(3, n_hero) float64: the deal sums of runouts [first, first + count)."""
        self._check_block(first, count)
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

    def run_outcomes(self, Py_ssize_t first, Py_ssize_t count, bint breakdown=True):
        """(outcome (n_hero, 16), makes_low (n_hero,), breakdown (2, 12)),
        float64, summed over the deals of runouts [first, first + count)
        (oe_street_run_outcomes): per hero the villain weight in each
        outcome cell hi << 2 | lo and where the hero has a low; per player
        (hero, villain) the deals' weight w_h * w_v by class.  With
        ``breakdown=False`` the breakdown is not computed (it costs a pass
        over the villains a runout): (outcome, makes_low) only."""
        self._check_block(first, count)
        outcome = np.zeros((self.n_hero, OE_SD_CELLS), dtype=np.float64)
        makes_low = np.zeros(self.n_hero, dtype=np.float64)
        bd_out = np.zeros((2, OE_EQ_BREAKDOWN), dtype=np.float64)
        cdef double[:, ::1] o = outcome
        cdef double[::1] ml = makes_low
        cdef double[:, ::1] bd = bd_out
        cdef double *bdp = &bd[0, 0] if breakdown else NULL
        cdef double dummy[OE_SD_CELLS]
        cdef int status
        with nogil:
            status = oe_street_run_outcomes(self.s, <size_t>first, <size_t>count,
                                            &o[0, 0] if self.n_hero else dummy,
                                            &ml[0] if self.n_hero else dummy, bdp)
        if status != 0:
            raise MemoryError("street_equity: out of memory")
        if not breakdown:
            return outcome, makes_low
        return outcome, makes_low, bd_out

    def run_totals(self, Py_ssize_t first, Py_ssize_t count):
        """(histogram (16,), makes_low (1,), breakdown (2, 12)), float64: the
        sums of run_outcomes over the heroes, each hero's times its weight
        (oe_street_run_totals): the range's outcome histogram, the hero's
        makes-low weight and both players' breakdown, with no row per hero."""
        self._check_block(first, count)
        histogram = np.zeros(OE_SD_CELLS, dtype=np.float64)
        makes_low = np.zeros(1, dtype=np.float64)
        breakdown = np.zeros((2, OE_EQ_BREAKDOWN), dtype=np.float64)
        cdef double[::1] h = histogram
        cdef double[::1] ml = makes_low
        cdef double[:, ::1] bd = breakdown
        cdef int status
        with nogil:
            status = oe_street_run_totals(self.s, <size_t>first, <size_t>count, &h[0], &ml[0],
                                          &bd[0, 0])
        if status != 0:
            raise MemoryError("street_equity: out of memory")
        return histogram, makes_low, breakdown

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
