/*
 * oe_spot.h -- private: a prepared equity spot (oe_eq_ctx, the opaque type
 * of oe_equity.h), shared by the loops that run it: exact enumeration
 * (oe_exact.c) and Monte Carlo (oe_montecarlo.c); oe_spot.c prepares it and
 * summarises what they count.
 *
 * Fixed hands are folded over the known board once per spot (oe_fold.h):
 * on a board they cost one lookup, plus a flush check when the board has
 * three cards of a suit they hold twice.  Range players are drawn by the
 * dealer (oe_deal.h).
 */
#ifndef OE_SPOT_H
#define OE_SPOT_H

#include <stddef.h>
#include <stdint.h>

#include "oe_deal.h"
#include "oe_equity.h"
#include "oe_fold.h"
#include "oe_random.h"

struct oe_eq_ctx {
    oe_eq_spot s;
    int no_low;                      /* the game has no low: every low is OE_LOW_NONE */
    int need;                        /* board cards still to come */
    int n_deck;                      /* cards not known ... */
    uint8_t deck[OE_NUM_CARDS];      /* ... in increasing order */
    int n_fixed, n_range, n_random;
    int fixed[OE_EQ_MAX_PLAYERS];    /* player numbers of each kind */
    int range[OE_EQ_MAX_PLAYERS];
    int random[OE_EQ_MAX_PLAYERS];
    oe_fold fold;                    /* the fixed hands, over the known board */
    uint16_t *rest_full;             /* the fold's tables (owned) */
    uint8_t *rest_low;
    uint32_t *fold_tables;
    unsigned board_suit_count;       /* known board: a 4-bit count per suit */
    oe_digit_spec deck_digits;       /* uniform positions in deck[] */
    oe_dealer dealer;                /* the range players (range[j] is dealer range j) */
};

/* Every this many deals (and on every board) the loops read *stop. */
#define OE_STOP_CHECK_MASK 0x3FFFu

/* One card uniform among deck cards not in *taken (rejection: exact). */
static inline uint8_t oe_spot_card(const oe_eq_ctx *ctx, oe_digits *dg, uint64_t *taken)
{
    uint8_t c;
    do {
        c = ctx->deck[oe_digit(dg)];
    } while (*taken >> c & 1u);
    *taken |= (uint64_t)1 << c;
    return c;
}

/*
 * One trial's cards, drawn as every Monte Carlo loop draws them: the range
 * players' combos (cur[j], from the dealer), then the random players'
 * hands (random_hands[j]) and the board's cards to come (full[n_board..4])
 * uniformly from the cards left; *w is the trial's weight.  Returns 1, or 0
 * when an independent draw collided (the caller draws again; nothing is
 * dealt).  A sequential draw of weight 0 returns 1 with *w = 0 and nothing
 * else dealt.  `scratch`: oe_deal_scratch_words words (sequential only).
 */
static inline int oe_spot_draw(const oe_eq_ctx *ctx, bitgen_t *rng, oe_digits *dg,
                               uint64_t *scratch, uint32_t *cur,
                               uint8_t (*random_hands)[OE_MAX_HOLE], uint8_t *full, double *w)
{
    uint64_t taken = 0;
    *w = 1.0;
    switch (ctx->dealer.sampler) {
    case OE_DEAL_SEQUENTIAL:
        *w = oe_deal_sequential(&ctx->dealer, rng, cur, &taken, scratch);
        if (*w == 0.0) return 1;
        break;
    case OE_DEAL_LISTED:
        oe_deal_listed(&ctx->dealer, rng, cur, &taken);
        break;
    default:
        if (!oe_deal_independent(&ctx->dealer, rng, cur, &taken)) return 0;
    }
    const int k = ctx->s.k;
    for (int j = 0; j < ctx->n_random; j++)
        for (int i = 0; i < k; i++) random_hands[j][i] = oe_spot_card(ctx, dg, &taken);
    for (int i = ctx->s.n_board; i < 5; i++) full[i] = oe_spot_card(ctx, dg, &taken);
    return 1;
}

/*
 * The next trial of a Monte Carlo loop: oe_spot_draw again after each
 * collision.  OE_EQ_OK; OE_EQ_STOPPED when *stop is set (read every
 * OE_STOP_CHECK_MASK + 1 draws, *draws counting them across calls); or
 * OE_EQ_NO_DEAL after max_rejects collisions in a row.
 */
static inline int oe_spot_next(const oe_eq_ctx *ctx, bitgen_t *rng, oe_digits *dg,
                               uint64_t *scratch, uint32_t *cur,
                               uint8_t (*random_hands)[OE_MAX_HOLE], uint8_t *full, double *w,
                               uint64_t max_rejects, const volatile int *stop, uint64_t *draws)
{
    for (uint64_t rejects = 0;;) {
        if ((++*draws & OE_STOP_CHECK_MASK) == 0 && stop && *stop) return OE_EQ_STOPPED;
        if (oe_spot_draw(ctx, rng, dg, scratch, cur, random_hands, full, w)) return OE_EQ_OK;
        if (++rejects >= max_rejects) return OE_EQ_NO_DEAL;
    }
}

/*
 * Counting into the caller's arrays.  Each worker counts into buffers of
 * its own on the stack when the histogram is small (n <= 6) and adds them
 * to the caller's at the end: small arrays of different workers can share a
 * cache line, and writing them on every deal from two threads would make
 * the line bounce between cores.
 */
#define OE_LOCAL_CELLS 4096

typedef struct {
    oe_sink sink;                    /* counts here ... */
    double *dest_outcome, *dest_outcome_sq, *dest_makes_low, *dest_breakdown; /* ... added here */
    size_t cells;
    double makes_low[OE_EQ_MAX_PLAYERS];
    double breakdown[OE_EQ_MAX_PLAYERS * OE_EQ_BREAKDOWN];
} oe_counts;

/* `local` and `local_sq` hold OE_LOCAL_CELLS doubles each; outcome_sq and
 * breakdown may be NULL (not counted). */
void oe_counts_open(oe_counts *c, const oe_eq_ctx *ctx, double *outcome, double *outcome_sq,
                    double *makes_low, double *breakdown, double *local, double *local_sq);
void oe_counts_close(oe_counts *c);

#endif /* OE_SPOT_H */
