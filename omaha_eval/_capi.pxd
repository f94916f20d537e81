# C declarations of src_c/ for the Cython bindings.  The contracts (argument
# order, ranges, which direction is better) are in the headers named here.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "oe_eval.h" nogil:
    enum:
        OE_GAME_OMAHA8
        OE_GAME_OMAHA
    bint OE_GAME_HAS_LOW(int game)
    enum:
        OE_HIGH_MAX
        OE_LOW_MAX
        OE_LOW_NONE
        OE_MAX_HOLE
    enum oe_category:
        OE_HIGH_CARD
        OE_PAIR
        OE_TWO_PAIR
        OE_TRIPS
        OE_STRAIGHT
        OE_FLUSH
        OE_FULL_HOUSE
        OE_QUADS
        OE_STRAIGHT_FLUSH

    ctypedef struct oe_board:
        uint16_t tri[10]
        uint16_t flush_tri[10]
        uint16_t flush_idx[10]
        int8_t n_flush_tri
        int8_t flush_suit
        uint8_t low_mask

    ctypedef struct oe_board_table:
        uint16_t pair_high[91]
        uint16_t flush_high[169]
        int8_t flush_suit
        uint8_t low_mask

    ctypedef struct oe_hand_table:
        uint16_t tri_high[455]
        uint16_t flush_high[4][286]
        uint8_t flush_suits
        uint8_t low_mask

    int oe_init()
    uint16_t oe_high5(const uint8_t *cards)
    uint8_t oe_low5(const uint8_t *cards)
    int oe_high_category(uint16_t high)
    void oe_eval_hand(const uint8_t *hole, int k, const uint8_t *board,
                      uint16_t *high, uint8_t *low)
    void oe_eval_hand_detail(const uint8_t *hole, int k, const uint8_t *board,
                             uint16_t *high, uint8_t *low,
                             uint8_t *hi_used, uint8_t *lo_used)
    void oe_eval_batch(const uint8_t *holes, size_t n, int k,
                       const uint8_t *boards, size_t board_stride,
                       uint16_t *high, uint8_t *low)
    void oe_eval_batch_n(const uint8_t *holes, size_t n, int k, const uint8_t *boards,
                         int n_board, size_t board_stride, uint16_t *high, uint8_t *low)
    ptrdiff_t oe_first_invalid_row(const uint8_t *holes, size_t n, int k,
                                   const uint8_t *boards, int n_board, size_t board_stride)
    void oe_board_prepare(const uint8_t *board, oe_board *b)
    void oe_eval_prepared_board(const oe_board *b, const uint8_t *hole, int k,
                                uint16_t *high, uint8_t *low)
    void oe_board_table_build(const uint8_t *board, oe_board_table *t)
    void oe_board_table_build_n(const uint8_t *board, int n_board, oe_board_table *t)
    void oe_eval_board_table(const oe_board_table *t, const uint8_t *hole, int k,
                             uint16_t *high, uint8_t *low)
    void oe_hand_table_build(const uint8_t *hole, int k, oe_hand_table *h)
    void oe_eval_hand_table(const oe_hand_table *h, const oe_board *b,
                            uint16_t *high, uint8_t *low)
    uint8_t oe_best_low(uint8_t hole_low_mask, uint8_t board_low_mask)
    void oe_eval_hand_partial(const uint8_t *hole, int k, const uint8_t *board, int n_board,
                              uint16_t *high, uint8_t *low,
                              uint8_t *hi_used, uint8_t *lo_used)

cdef extern from "oe_cards.h" nogil:
    int OE_RANK(int card)

cdef extern from "oe_tables.h" nogil:
    uint8_t oe_low_bit[13]
    uint8_t oe_best_low_table[65536]
    uint32_t oe_high_keys[7462]
    int OE_KEY_CATEGORY(uint32_t key)
    int OE_KEY_RANK(uint32_t key, int i)
    uint8_t oe_low_value[256]
    uint8_t oe_nut_low[256]

cdef extern from "oe_split.h" nogil:
    enum:
        OE_MAX_PLAYERS
    void oe_pot_winners(int n, const uint16_t *high, const uint8_t *low,
                        uint32_t eligible, uint32_t *hi_winners, uint32_t *lo_winners)
    int oe_scoops(uint32_t hi_winners, uint32_t lo_winners, int i)
    int oe_quartered(uint32_t hi_winners, uint32_t lo_winners, int i)
    uint32_t oe_split_shares(int n, const uint16_t *high, const uint8_t *low,
                             double *hi_share, double *lo_share)
    void oe_split_chips(int n, const uint16_t *high, const uint8_t *low,
                        uint32_t eligible, int64_t amount, int button, int64_t *payout)

# ---- solver: src_c/oe_solver.h
cdef extern from "oe_solver.h" nogil:
    enum:
        OE_N_HANDS4
    void oe_rank_all_hands(const uint8_t *board, uint16_t *high, uint8_t *low)
    void oe_rank_hands(const uint8_t *board, const uint8_t *holes, size_t n, int k,
                       uint16_t *high, uint8_t *low)
    void oe_showdown(int n, const uint16_t *high, const uint8_t *low, uint32_t folded,
                     const int64_t *contribution, int button, int64_t *payout)
    ctypedef struct oe_pot:
        int64_t amount
        uint32_t eligible, hi_winners, lo_winners
    int oe_showdown_pots(int n, const uint16_t *high, const uint8_t *low, uint32_t folded,
                         const int64_t *contribution, int button, int64_t *payout,
                         oe_pot *pots, int64_t *pot_payout)

# ---- street equity: src_c/oe_street.h
cdef extern from "oe_street.h" nogil:
    ctypedef struct oe_street:
        pass
    oe_street *oe_street_new(const uint8_t *board, int n_board, uint64_t dead,
                             const uint8_t *hero, size_t n_hero, int k_hero,
                             const double *hero_weight, const uint8_t *villain, size_t n_villain,
                             int k_villain, const double *villain_weight, int game)
    void oe_street_free(oe_street *s)
    size_t oe_street_runouts(const oe_street *s)
    double oe_street_deals_per_hand(const oe_street *s)
    uint64_t oe_street_deals(const oe_street *s)
    int oe_street_run(const oe_street *s, size_t first, size_t count,
                      double *hi, double *lo, double *scoop)
    int oe_street_run_outcomes(const oe_street *s, size_t first, size_t count, double *outcome,
                               double *makes_low, double *breakdown)
    int oe_street_run_totals(const oe_street *s, size_t first, size_t count, double *histogram,
                             double *makes_low, double *breakdown)
    void oe_street_finish(const oe_street *s, const double *hi, const double *lo,
                          const double *scoop, double *hi_share, double *lo_share,
                          double *scoop_share, double *live)

# ---- the prepared river showdown: src_c/oe_showdown.h
cdef extern from "oe_showdown.h" nogil:
    enum:
        OE_SD_CELLS
    ctypedef struct oe_river:
        pass
    oe_river *oe_river_new(const uint8_t *board, const uint8_t *hero, size_t n_hero, int k_hero,
                           const uint8_t *villain, size_t n_villain, int k_villain, int game)
    void oe_river_free(oe_river *r)
    size_t oe_river_hands(const oe_river *r, int side)
    int oe_river_values(const oe_river *r, int side, const double *reach, size_t T,
                        double *values, double *live)

# ---- abstraction features: src_c/oe_features.h
cdef extern from "oe_features.h" nogil:
    int oe_features_run(const oe_street *s, size_t first, size_t count, int bins,
                        double *hist, double *moment)

# ---- equity (src_c/oe_equity.h) ------------------------------------------

cdef extern from "numpy/random/bitgen.h" nogil:
    # The C face of a NumPy BitGenerator (its `capsule`), as numpy/random's
    # own .pxd declares it.
    ctypedef struct bitgen_t:
        void *state
        uint64_t (*next_uint64)(void *st) nogil
        uint32_t (*next_uint32)(void *st) nogil
        double (*next_double)(void *st) nogil
        uint64_t (*next_raw)(void *st) nogil

cdef extern from "oe_equity.h" nogil:
    enum:
        OE_EQ_MAX_PLAYERS
        OE_EQ_FIXED
        OE_EQ_RANGE
        OE_EQ_RANDOM
        OE_EQ_OK
        OE_EQ_NO_MEMORY
        OE_EQ_NO_DEAL
        OE_EQ_STOPPED
        OE_EQ_BREAKDOWN
        OE_EQ_BD_NUT_LOW
        OE_EQ_BD_OTHER_LOW
        OE_EQ_BD_NO_LOW

    ctypedef struct oe_eq_spot:
        int n
        int k
        int game
        int n_board
        uint8_t board[5]
        uint64_t known
        int kind[10]
        size_t n_combos[10]
        const uint8_t *combos[10]
        const double *weights[10]
        const uint64_t *masks[10]
        int sampler

    enum:
        OE_EQ_SAMPLER_AUTO
        OE_EQ_SAMPLER_INDEPENDENT
        OE_EQ_SAMPLER_SEQUENTIAL
        OE_EQ_SAMPLER_LISTED

    ctypedef struct oe_eq_ctx:
        pass

    oe_eq_ctx *oe_eq_new(const oe_eq_spot *spot)
    void oe_eq_free(oe_eq_ctx *ctx)
    int oe_eq_sampler(const oe_eq_ctx *ctx)
    int oe_eq_dealable(const oe_eq_ctx *ctx, uint64_t budget)
    int oe_eq_exact(const oe_eq_ctx *ctx, int part, int parts,
                    double *outcome, double *makes_low, double *breakdown, uint64_t *deals,
                    const volatile int *stop)
    int oe_eq_monte_carlo(const oe_eq_ctx *ctx, bitgen_t *rng, uint64_t trials,
                          uint64_t max_rejects, double *outcome, double *outcome_sq,
                          double *makes_low, double *breakdown, uint64_t *done,
                          const volatile int *stop)

    enum:
        OE_EQ_HI_SHARE
        OE_EQ_LO_SHARE
        OE_EQ_SHARE_SQ
        OE_EQ_SCOOP
        OE_EQ_HI_WIN
        OE_EQ_HI_TIE
        OE_EQ_LO_WIN
        OE_EQ_LO_TIE
        OE_EQ_QUARTERED
        OE_EQ_SUMS
        OE_EQ_DEAL_TOTAL
        OE_EQ_DEAL_NO_LOW
        OE_EQ_DEAL_LOW_SPLIT
        OE_EQ_DEAL_QUARTERED
        OE_EQ_DEAL_SUMS
    void oe_eq_summarize(int n, const double *outcome, double *sums, double *deal)

# ---- ranges (src_c/oe_ranges.h) -------------------------------------------
from libc.stdint cimport uint64_t

cdef extern from "oe_ranges.h" nogil:
    enum:
        OE_PATTERN_MAX
    ctypedef struct oe_pcard:
        uint16_t ranks
        uint8_t suits
        int8_t rank_var
        int8_t suit_var
        uint8_t named
    ctypedef struct oe_pattern:
        int n
        oe_pcard card[6]
    size_t oe_hand_count(int k)
    size_t oe_all_hands_k(int k, uint8_t *out)
    int oe_pattern_match(const oe_pattern *p, const uint8_t *hand, int k)
    void oe_match_rows(const oe_pattern *alts, int n_alt, const uint8_t *hands,
                       size_t n, int k, uint8_t *out)
    void oe_hand_shapes(const uint8_t *hands, size_t n, int k,
                        uint8_t *suited, uint8_t *max_rank)
    void oe_suit_class_keys(const uint8_t *hands, size_t n, int k, uint64_t *out)
    size_t oe_all_class_keys(int k, uint64_t *out)
    size_t oe_class_hands(const uint64_t *keys, size_t n, uint64_t *out)
    size_t oe_lex_masks_to_rows(const uint64_t *masks, size_t n, int k, uint8_t *rows)

# ---- many spots (src_c/oe_many.h) -----------------------------------------
cdef extern from "oe_many.h" nogil:
    enum:
        OE_MANY_MAX_PLAYERS
    size_t oe_many_bad_rows(const uint8_t *hands, const uint8_t *boards, size_t n_spots, int P,
                            int k, int b, uint8_t *bad)
    int oe_many_exact(const uint8_t *hands, const uint8_t *boards, const uint64_t *dead,
                      size_t n_spots, int P, int k, int b, int game, double *equity,
                      double *hi_share, double *lo_share, double *scoop)

# ---- one small spot (src_c/oe_small.h) ----------------------------------
cdef extern from "oe_small.h" nogil:
    enum:
        OE_SMALL_MAX_PLAYERS
        OE_SMALL_PER_PLAYER
    uint64_t oe_small_exact(const uint8_t *hands, int P, int k, const uint8_t *board,
                            int n_board, uint64_t dead, int game, double *out, double *deal)

# ---- deals as rows, for queries (src_c/oe_rows.h) ----------------------------
cdef extern from "oe_rows.h" nogil:
    enum:
        OE_OUTS_NUT_LOW
        OE_OUTS_NUT_HIGH
        OE_OUTS_CATEGORY
    int oe_rows_deal(const oe_eq_ctx *ctx, bitgen_t *rng, uint64_t trials, uint64_t max_rejects,
                     uint8_t *hands, uint8_t *boards, double *weights, uint64_t *done,
                     const volatile int *stop)
    void oe_rows_exact(const uint8_t *deck, int n_deck, const uint8_t *board, int n_board,
                       const uint8_t *assigned, const double *assigned_weight, int n, int k,
                       const int *groups, int n_groups, uint64_t completions, uint64_t first,
                       uint64_t count, uint8_t *hands, uint8_t *boards, double *weights)
    void oe_rows_values(const uint8_t *hands, const uint8_t *boards, size_t T, int n, int k,
                        int n_board, int game, uint32_t players, uint16_t *high, uint8_t *low)
    void oe_rows_board(const uint8_t *boards, size_t T, int n_board, uint8_t *low_mask,
                       uint16_t *ranks, uint8_t *suits)
    void oe_rows_nut_high(const uint8_t *boards, size_t T, int n_board, uint16_t *nut)
    void oe_rows_nut_by_category(const uint8_t *boards, size_t T, int n_board, uint16_t *nut)
    void oe_rows_outs(const uint8_t *hands, const uint8_t *boards, size_t T, int n, int k,
                      int player, int n_board, uint64_t dead, int game, int what, int category,
                      uint8_t *outs)

# ---- suit isomorphism (src_c/oe_iso.h) -------------------------------------
cdef extern from "oe_iso.h" nogil:
    ctypedef struct oe_iso:
        pass
    int oe_iso_init()
    oe_iso *oe_iso_new(int n_rounds, const int *sizes)
    void oe_iso_free(oe_iso *iso)
    uint64_t oe_iso_size(const oe_iso *iso)
    ptrdiff_t oe_iso_index_many(const oe_iso *iso, const uint8_t *first, const uint8_t *rest,
                                size_t n, uint64_t *out)
    void oe_iso_unindex_many(const oe_iso *iso, const uint64_t *index, size_t n,
                             uint8_t *first, uint8_t *rest)

# ---- board reports of fixed hands (src_c/oe_boards.h) ----------------------
cdef extern from "oe_boards.h" nogil:
    enum:
        OE_BOARDS_MAX_PLAYERS
    int oe_boards_exact(const uint8_t *hands, int n, int k, int game, const uint8_t *board,
                        int n_board, uint64_t dead, const uint8_t *news, int n_new,
                        size_t rows, double *outcome, double *makes_low, double *nut_low,
                        uint64_t *deals, size_t *done, const volatile int *stop)
    int oe_boards_shared(const uint8_t *hands, int n, int k, int game, const uint8_t *board,
                         int n_board, uint64_t dead, const uint8_t *news, int n_new,
                         size_t rows, int part, int parts, double *outcome, double *makes_low,
                         double *nut_low, uint64_t *deals, const volatile int *stop)
    int oe_boards_range(const uint8_t *fixed, int n_fixed, int seat, const uint8_t *combos,
                        const double *weights, size_t n_combos, int k, int game,
                        const uint8_t *board, int n_board, uint64_t dead,
                        const int32_t *row_of, size_t rows, double *outcome,
                        double *makes_low, double *nut_low, uint64_t *deals,
                        const volatile int *stop)

cdef extern from "oe_graph.h" nogil:
    ctypedef struct oe_graph:
        pass

    ctypedef struct oe_graph_rule:
        uint64_t trials
        double target
        uint64_t first
        uint64_t block_min
        uint64_t block_max
        double overshoot
        uint64_t max_rejects

    oe_graph *oe_graph_new(const oe_eq_spot *spot, int hero)
    void oe_graph_free(oe_graph *g)
    int oe_graph_run(const oe_graph *g, const uint8_t *hands, size_t m, const uint64_t *index,
                     const uint64_t *key, const oe_graph_rule *rule, uint64_t budget,
                     double *outcome, double *makes_low, double *breakdown, uint64_t *done,
                     double *error, size_t *finished, const volatile int *stop)
