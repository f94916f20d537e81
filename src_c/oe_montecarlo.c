/*
 * oe_montecarlo.c -- Monte Carlo equity of a spot (oe_eq_monte_carlo; the
 * contract is oe_equity.h).
 *
 * Each trial: the range players' hands from the dealer (oe_deal.h: an
 * independent or listed draw of weight 1, or a sequential draw with its
 * importance weight), the random players' hands and the board completion uniformly
 * from the cards left, every hand scored (fixed hands by their fold, the
 * others on the board's quint row, oe_quint.h), and the deal sent to the
 * sink with its weight.  When every player is a fixed hand, the deals where
 * no hand can make a flush are only counted by the rank multiset of the
 * board (as exact enumeration does) and sent at the end.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_quint.h"
#include "oe_spot.h"
#include "oe_tables.h"

int oe_eq_monte_carlo(const oe_eq_ctx *ctx, bitgen_t *rng, uint64_t trials,
                      uint64_t max_rejects, double *outcome, double *outcome_sq,
                      double *makes_low, double *breakdown, uint64_t *done,
                      const volatile int *stop)
{
    const oe_eq_spot *s = &ctx->s;
    const int k = s->k, need = ctx->need, n_board = s->n_board;
    const int n_other = ctx->n_range + ctx->n_random;
    const int sequential = ctx->dealer.sampler == OE_DEAL_SEQUENTIAL;
    uint8_t full[5];
    memcpy(full, s->board, (size_t)n_board);
    uint16_t high[OE_EQ_MAX_PLAYERS];
    uint8_t low[OE_EQ_MAX_PLAYERS];
    const uint8_t *hole[OE_EQ_MAX_PLAYERS];
    uint8_t random_hands[OE_EQ_MAX_PLAYERS][OE_MAX_HOLE];
    int other[OE_EQ_MAX_PLAYERS]; /* range players, then random ones */
    for (int j = 0; j < ctx->n_range; j++) other[j] = ctx->range[j];
    for (int j = 0; j < ctx->n_random; j++) {
        other[ctx->n_range + j] = ctx->random[j];
        hole[ctx->random[j]] = random_hands[j];
    }
    oe_digits dg = {rng, &ctx->deck_digits, {0}, 0};
    *done = 0;
    /* Fixed hands only: boards counted by rank multiset where no flush can be
     * made (every such trial has weight 1). */
    uint32_t *rest_counts = NULL;
    if (!n_other) {
        rest_counts = calloc(ctx->fold.n_rest, sizeof *rest_counts);
        if (!rest_counts) return OE_EQ_NO_MEMORY;
    }
    uint64_t *scratch = NULL;
    if (sequential) {
        scratch = malloc(oe_deal_scratch_words(&ctx->dealer) * sizeof *scratch);
        if (!scratch) {
            free(rest_counts);
            return OE_EQ_NO_MEMORY;
        }
    }
    const unsigned flush_any = ctx->fold.flush_any;
    double local[OE_LOCAL_CELLS], local_sq[OE_LOCAL_CELLS];
    oe_counts acc;
    oe_counts_open(&acc, ctx, outcome, outcome_sq, makes_low, breakdown, local, local_sq);
    int code = OE_EQ_OK;
    uint64_t t = 0, draws = 0;
    uint32_t cur[OE_EQ_MAX_PLAYERS]; /* the combo of each range player */
    while (t < trials) {
        double w;
        code = oe_spot_next(ctx, rng, &dg, scratch, cur, random_hands, full, &w, max_rejects,
                            stop, &draws);
        if (code != OE_EQ_OK) break;
        if (w == 0.0) { /* a trial of weight 0: it counts, and adds nothing */
            t++;
            continue;
        }
        for (int j = 0; j < ctx->n_range; j++)
            hole[ctx->range[j]] = s->combos[ctx->range[j]] + (size_t)cur[j] * (size_t)k;

        /* The board: rank multiset of the cards to come, suits, lows. */
        const unsigned idx = oe_mset_index(full + n_board, need);
        unsigned count = ctx->board_suit_count; /* 4-bit counters per suit */
        for (int i = n_board; i < 5; i++) count += 1u << (4 * OE_SUIT(full[i]));
        int fs = -1;
        for (int q = 0; q < 4; q++)
            if ((count >> (4 * q) & 15u) >= 3) fs = q;
        if (rest_counts && (fs < 0 || !(flush_any >> fs & 1u))) {
            rest_counts[idx]++;
            t++;
            continue;
        }
        unsigned franks = 0;
        if (fs >= 0)
            for (int i = 0; i < 5; i++)
                if (OE_SUIT(full[i]) == fs) franks |= 1u << OE_RANK(full[i]);
        const uint8_t board_low = ctx->rest_low[idx];
        oe_fold_values(&ctx->fold, idx, fs, franks, high, low);
        if (n_other) {
            oe_qboard qb = {oe_quint_pair_high + (size_t)ctx->rest_full[idx] * OE_N_PAIRS, fs,
                            franks, board_low};
            for (int j = 0; j < n_other; j++)
                oe_qboard_eval(&qb, hole[other[j]], k, ctx->no_low, &high[other[j]],
                               &low[other[j]]);
        }
        oe_sink_deal(&acc.sink, high, low, board_low, w);
        t++;
    }
    if (rest_counts) oe_fold_tally(&ctx->fold, rest_counts, &acc.sink);
    free(rest_counts);
    free(scratch);
    oe_counts_close(&acc);
    *done = t;
    return code;
}
