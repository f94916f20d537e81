# Many hands of one player against the same opponents (src_c/oe_graph.h),
# included by _core.pyx.  Private: the split graph (study/split.py)
# checks and prepares everything first.


cdef class GraphSpot:
    """An equity spot prepared once for many hands of player `hero`: the
    arguments are EquitySpot's (the hero a fixed hand, any of its hands;
    `known` without the hero's cards; at most one other player a range),
    always sampled with weight-1 trials.  run() draws each hand's trials
    from its own generator (a 256-bit key and the hand's index)."""

    cdef oe_graph *g
    cdef readonly int n
    cdef list _keep  # the arrays the C spot points into
    cdef volatile int _stop

    def __cinit__(self, int k, int game, const uint8_t[::1] board, uint64_t known,
                  list kinds, list combos, list weights, list masks, int hero):
        cdef oe_eq_spot spot
        cdef const uint8_t[:, ::1] c
        cdef const double[::1] w
        cdef const uint64_t[::1] m
        cdef int i
        self.g = NULL
        self._stop = 0
        self.n = len(kinds)
        if not 2 <= self.n <= OE_EQ_MAX_PLAYERS or board.shape[0] > 5 or not 0 <= hero < self.n:
            raise ValueError("GraphSpot: bad player, board or hero")
        if kinds[hero] != OE_EQ_FIXED or sum(kd == OE_EQ_RANGE for kd in kinds) > 1:
            raise ValueError("GraphSpot: the hero a fixed hand, at most one range")
        self._keep = [combos, weights, masks]
        spot.n = self.n
        spot.k = k
        spot.game = game
        spot.n_board = <int>board.shape[0]
        for i in range(spot.n_board):
            spot.board[i] = board[i]
        spot.known = known
        spot.sampler = OE_EQ_SAMPLER_INDEPENDENT
        for i in range(self.n):
            spot.kind[i] = kinds[i]
            c = combos[i]
            w = weights[i]
            m = masks[i]
            spot.n_combos[i] = <size_t>c.shape[0]
            spot.combos[i] = &c[0, 0] if c.shape[0] else NULL
            spot.weights[i] = &w[0] if w.shape[0] else NULL
            spot.masks[i] = &m[0] if m.shape[0] else NULL
        self.g = oe_graph_new(&spot, hero)
        if self.g == NULL:
            raise MemoryError("omaha_eval: out of memory preparing the graph spot")

    def __dealloc__(self):
        oe_graph_free(self.g)

    def stop(self):
        """Make every run() on this spot, in any thread, return soon with
        EQ_STOPPED.  Safe to call from any thread; not undone."""
        self._stop = 1

    def run(self, const uint8_t[:, ::1] hands, const uint64_t[::1] index,
            const uint64_t[::1] key, uint64_t trials, double target, uint64_t first,
            uint64_t block_min, uint64_t block_max, double overshoot, uint64_t max_rejects,
            uint64_t budget, double[:, ::1] outcome, double[:, ::1] makes_low,
            double[:, :, ::1] breakdown, uint64_t[::1] done, double[::1] error):
        """Run each hand (rows of `hands`, generator index[i] of `key`, 4
        words) into its row of outcome (m, 4**n), makes_low (m, n),
        breakdown (m, n, N_BREAKDOWN) and done (m), zeroed by the caller,
        and error (m: each hand's standard error of equity, as Sums.stderr):
        `trials` each, or with target > 0 a first block of `first`, then
        blocks of at least `block_min` sized to reach the target (trials
        capping).  Returns after the hand during which the trials of this
        call reach `budget` (0: no bound): (EQ_OK, EQ_NO_DEAL or
        EQ_STOPPED, hands done)."""
        cdef oe_graph_rule rule
        cdef size_t m = <size_t>hands.shape[0], finished = 0
        cdef int code = OE_EQ_OK
        if index.shape[0] != hands.shape[0] or key.shape[0] != 4 \
                or outcome.shape[0] != hands.shape[0] or outcome.shape[1] != (1 << (2 * self.n)) \
                or makes_low.shape[0] != hands.shape[0] or makes_low.shape[1] != self.n \
                or breakdown.shape[0] != hands.shape[0] or breakdown.shape[1] != self.n \
                or breakdown.shape[2] != OE_EQ_BREAKDOWN or done.shape[0] != hands.shape[0] \
                or error.shape[0] != hands.shape[0]:
            raise ValueError("GraphSpot.run: shapes do not match")
        if m == 0:
            return OE_EQ_OK, 0
        rule.trials = trials
        rule.target = target
        rule.first = first
        rule.block_min = block_min
        rule.block_max = block_max
        rule.overshoot = overshoot
        rule.max_rejects = max_rejects
        with nogil:
            code = oe_graph_run(self.g, &hands[0, 0], m, &index[0], &key[0], &rule, budget,
                                &outcome[0, 0], &makes_low[0, 0], &breakdown[0, 0, 0], &done[0],
                                &error[0], &finished, &self._stop)
        if code == OE_EQ_NO_MEMORY:
            raise MemoryError("omaha_eval: out of memory in the graph spot")
        return code, finished
