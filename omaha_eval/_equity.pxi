# Equity bindings (src_c/oe_equity.h), included by _core.pyx.  Private:
# the engine (omaha_eval/engine/) validates everything before it builds a
# spot.


EQ_OK = OE_EQ_OK
EQ_NO_DEAL = OE_EQ_NO_DEAL
EQ_STOPPED = OE_EQ_STOPPED
EQ_MAX_PLAYERS = OE_EQ_MAX_PLAYERS
# The kinds of players (enum oe_eq_kind).
EQ_FIXED = OE_EQ_FIXED
EQ_RANGE = OE_EQ_RANGE
EQ_RANDOM = OE_EQ_RANDOM
# The columns of equity_sums, by name (enum oe_eq_sum / oe_eq_deal_sum).
SUM_COLUMNS = {"hi_share": OE_EQ_HI_SHARE, "lo_share": OE_EQ_LO_SHARE,
               "share_sq": OE_EQ_SHARE_SQ, "scoop": OE_EQ_SCOOP, "hi_win": OE_EQ_HI_WIN,
               "hi_tie": OE_EQ_HI_TIE, "lo_win": OE_EQ_LO_WIN, "lo_tie": OE_EQ_LO_TIE,
               "quartered": OE_EQ_QUARTERED}
N_SUMS = OE_EQ_SUMS
DEAL_COLUMNS = {"total": OE_EQ_DEAL_TOTAL, "no_low": OE_EQ_DEAL_NO_LOW,
                "low_split": OE_EQ_DEAL_LOW_SPLIT, "any_quartered": OE_EQ_DEAL_QUARTERED}
N_DEAL_SUMS = OE_EQ_DEAL_SUMS
# The breakdown array's columns (n, N_BREAKDOWN): the high categories
# (enum oe_category), then the low classes at these columns.
N_BREAKDOWN = OE_EQ_BREAKDOWN
BREAKDOWN_LOW_COLUMNS = {"nut low": OE_EQ_BD_NUT_LOW, "other low": OE_EQ_BD_OTHER_LOW,
                         "no low": OE_EQ_BD_NO_LOW}


_SAMPLERS = {"auto": OE_EQ_SAMPLER_AUTO, "independent": OE_EQ_SAMPLER_INDEPENDENT,
             "listed": OE_EQ_SAMPLER_LISTED, "sequential": OE_EQ_SAMPLER_SEQUENTIAL}
_SAMPLER_NAMES = {code: name for name, code in _SAMPLERS.items()}


cdef class EquitySpot:
    """A prepared equity question: fixed hands' tables and ranges' alias
    tables, built once and shared read-only by every worker thread.

    kinds[i] is 0 (fixed), 1 (range) or 2 (random); combos[i] is a (K, k)
    uint8 array (fixed: K = 1; random: K = 0), weights[i] (K,) float64 and
    masks[i] (K,) uint64 card masks.  `known` is the mask of the board, the
    dead cards and the fixed hands; range combos touching it are removed.
    `sampler` is "independent" (the default: whole assignments drawn until
    none collides, every trial of weight 1), "listed" (the assignments that
    fit, listed and drawn by weight; "sequential" when too many fit),
    "sequential" (sequential importance sampling: every trial counts, with
    a weight), or "auto" (the spot chooses, see the `sampler` property): a
    driver passes "auto" once it takes weighted trials (their second
    histogram, see monte_carlo).
    """

    cdef oe_eq_ctx *ctx
    cdef readonly int n
    cdef list _keep  # the arrays the C spot points into
    cdef volatile int _stop  # read by the C loops (oe_equity.h, "Stopping")

    def __cinit__(self, int k, int game, const uint8_t[::1] board, uint64_t known,
                  list kinds, list combos, list weights, list masks,
                  str sampler="independent"):
        cdef oe_eq_spot spot
        cdef const uint8_t[:, ::1] c
        cdef const double[::1] w
        cdef const uint64_t[::1] m
        cdef int i
        self.ctx = NULL
        self._stop = 0
        self.n = len(kinds)
        if not 2 <= self.n <= OE_EQ_MAX_PLAYERS or board.shape[0] > 5:
            raise ValueError("EquitySpot: bad player or board count")
        self._keep = [combos, weights, masks]
        spot.n = self.n
        spot.k = k
        spot.game = game
        spot.n_board = <int>board.shape[0]
        for i in range(spot.n_board):
            spot.board[i] = board[i]
        spot.known = known
        if sampler not in _SAMPLERS:
            raise ValueError(f"EquitySpot: sampler must be one of {list(_SAMPLERS)}")
        spot.sampler = _SAMPLERS[sampler]
        for i in range(self.n):
            spot.kind[i] = kinds[i]
            c = combos[i]
            w = weights[i]
            m = masks[i]
            spot.n_combos[i] = <size_t>c.shape[0]
            spot.combos[i] = &c[0, 0] if c.shape[0] else NULL
            spot.weights[i] = &w[0] if w.shape[0] else NULL
            spot.masks[i] = &m[0] if m.shape[0] else NULL
        self.ctx = oe_eq_new(&spot)
        if self.ctx == NULL:
            raise MemoryError("omaha_eval: out of memory preparing the equity spot")

    def __dealloc__(self):
        oe_eq_free(self.ctx)

    @property
    def sampler(self):
        """How monte_carlo() draws range players: "independent" or
        "listed" (trials of weight 1), or "sequential" (weighted trials).
        With the constructor's sampler="auto", chosen from the spot alone
        (oe_deal.h), never from the seed or the clock."""
        return _SAMPLER_NAMES[oe_eq_sampler(self.ctx)]

    def dealable(self, uint64_t budget):
        """Whether some deal exists (oe_eq_dealable): True, False, or None
        when `budget` combos were tried without an answer."""
        cdef int found
        with nogil:
            found = oe_eq_dealable(self.ctx, budget)
        return None if found < 0 else bool(found)

    def stop(self):
        """Make every loop running on this spot, in any thread, return soon
        with EQ_STOPPED.  Safe to call from any thread; not undone."""
        self._stop = 1

    cdef double *_arrays(self, double[::1] outcome, double[::1] makes_low,
                         double[:, ::1] breakdown) except? NULL:
        """Check the output arrays' shapes; the breakdown pointer (or NULL)."""
        if outcome.shape[0] != (1 << (2 * self.n)) or makes_low.shape[0] != self.n:
            raise ValueError("EquitySpot: outcome needs 4**n cells and makes_low n")
        if breakdown is None:
            return NULL
        if breakdown.shape[0] != self.n or breakdown.shape[1] != OE_EQ_BREAKDOWN:
            raise ValueError(f"EquitySpot: breakdown must be (n, {OE_EQ_BREAKDOWN})")
        return &breakdown[0, 0]

    def exact(self, int part, int parts, double[::1] outcome, double[::1] makes_low,
              double[:, ::1] breakdown=None):
        """Enumerate share `part` of `parts` of the deals (0 <= part < parts)
        into outcome (4**n), makes_low (n) and, when given, breakdown (n,
        N_BREAKDOWN).  Returns (deals counted, EQ_OK or EQ_STOPPED)."""
        cdef uint64_t deals = 0
        cdef int code
        cdef double *bd = self._arrays(outcome, makes_low, breakdown)
        if not 0 <= part < parts:
            raise ValueError("EquitySpot.exact: need 0 <= part < parts")
        with nogil:
            code = oe_eq_exact(self.ctx, part, parts, &outcome[0], &makes_low[0], bd, &deals,
                               &self._stop)
        if code == OE_EQ_NO_MEMORY:
            raise MemoryError("omaha_eval: out of memory in exact enumeration")
        return deals, code

    def monte_carlo(self, bit_generator, uint64_t trials, uint64_t max_rejects,
                    double[::1] outcome, double[::1] makes_low,
                    double[:, ::1] breakdown=None, double[::1] outcome_sq=None):
        """Draw `trials` deals with the NumPy BitGenerator into outcome (4**n),
        makes_low (n), breakdown (n, N_BREAKDOWN) when given and, for the
        sequential sampler, outcome_sq (4**n: each trial's squared weight;
        required then, refused otherwise); returns (trials done, EQ_OK,
        EQ_NO_DEAL if max_rejects deals in a row collided, or EQ_STOPPED)."""
        cdef bitgen_t *rng
        cdef uint64_t done = 0
        cdef int code = OE_EQ_OK
        cdef double *bd = self._arrays(outcome, makes_low, breakdown)
        cdef double *sq = NULL
        if (outcome_sq is not None) != (self.sampler == "sequential"):
            raise ValueError("monte_carlo: outcome_sq goes with the sequential sampler only")
        if outcome_sq is not None:
            if outcome_sq.shape[0] != outcome.shape[0]:
                raise ValueError("EquitySpot: outcome_sq needs 4**n cells")
            sq = &outcome_sq[0]
        capsule = bit_generator.capsule
        if not PyCapsule_IsValid(capsule, "BitGenerator"):
            raise ValueError("monte_carlo: not a NumPy BitGenerator")
        rng = <bitgen_t *>PyCapsule_GetPointer(capsule, "BitGenerator")
        with bit_generator.lock, nogil:
            code = oe_eq_monte_carlo(self.ctx, rng, trials, max_rejects,
                                     &outcome[0], sq, &makes_low[0], bd, &done, &self._stop)
        if code == OE_EQ_NO_MEMORY:
            raise MemoryError("omaha_eval: out of memory in Monte Carlo")
        return done, code


def equity_sums(int n, const double[::1] outcome, double[:, ::1] sums, double[::1] deal):
    """Weighted sums of every figure over an outcome histogram (4^n cells):
    sums (n, 9): hi_share, lo_share, share^2, scoop, hi_win, hi_tie, lo_win,
    lo_tie, quartered; deal (4,): total, no low, low split, any quartered.  Arrays zeroed by the caller."""
    if outcome.shape[0] != (1 << (2 * n)) or sums.shape[0] != n or sums.shape[1] != OE_EQ_SUMS \
            or deal.shape[0] != OE_EQ_DEAL_SUMS or not 2 <= n <= OE_EQ_MAX_PLAYERS:
        raise ValueError("equity_sums: shapes do not match n")
    with nogil:
        oe_eq_summarize(n, &outcome[0], &sums[0, 0], &deal[0])
