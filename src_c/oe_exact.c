/*
 * oe_exact.c -- exact enumeration of a spot (oe_eq_exact; the contract is
 * oe_equity.h).
 *
 * When every player is a fixed hand, only boards are enumerated, counted by
 * their rank multiset (oe_fold_exact), with the boards where a flush is
 * possible looked at one by one.  With ranges, every board is dealt card by
 * card (a new card only adds the triples it closes), the range combos are
 * scored on it, and every non-colliding assignment of combos is counted.
 * Parts of the work are disjoint and fixed by the spot, so threads may each
 * run one and add their histograms.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_quint.h"
#include "oe_spot.h"
#include "oe_tables.h"

typedef struct {
    const oe_eq_ctx *ctx;
    const oe_sink *sink;
    uint16_t high[OE_EQ_MAX_PLAYERS];
    uint8_t low[OE_EQ_MAX_PLAYERS];
    uint8_t board_low;                       /* low ranks of the current board */
    uint16_t *range_high[OE_EQ_MAX_PLAYERS]; /* per range combo on this board; 0 = collides */
    uint8_t *range_low[OE_EQ_MAX_PLAYERS];
    int part, parts, split_first;            /* split_first: partition the first range */
    uint64_t deals;
    const volatile int *stop;                /* see oe_equity.h, "Stopping" */
    int stopped;
} exact_state;

/* A board being dealt, with ranges in the spot: its cards, the rest index
 * so far (oe_fold.h), its cards by suit, and the mask of the dealt cards. */
typedef struct {
    uint8_t card[5];
    unsigned idx;
    uint8_t suit_count[4];
    uint16_t suit_ranks[4];
    uint64_t dealt;
} exact_board_state;

static inline int should_stop(exact_state *st)
{
    if (!st->stopped && st->stop && *st->stop) st->stopped = 1;
    return st->stopped;
}

/* Every non-colliding assignment of combos to range players j, j+1, ... */
static void assign_ranges(exact_state *st, int j, uint64_t used, double w)
{
    const oe_eq_ctx *ctx = st->ctx;
    if (j == ctx->n_range) {
        oe_sink_deal(st->sink, st->high, st->low, st->board_low, w);
        if ((++st->deals & OE_STOP_CHECK_MASK) == 0) should_stop(st);
        return;
    }
    int p = ctx->range[j];
    size_t K = ctx->s.n_combos[p];
    const uint64_t *masks = ctx->s.masks[p];
    const double *weights = ctx->s.weights[p];
    for (size_t c = 0; c < K && !st->stopped; c++) {
        if (!st->range_high[j][c] || (masks[c] & used)) continue;
        if (j == 0 && st->split_first && (int)(c % (size_t)st->parts) != st->part) continue;
        st->high[p] = st->range_high[j][c];
        st->low[p] = st->range_low[j][c];
        assign_ranges(st, j + 1, used | masks[c], w * weights[c]);
    }
}

/* A complete board: the fixed hands' values, the range combos' values,
 * then every assignment. */
static void exact_board(exact_state *st, const exact_board_state *b)
{
    const oe_eq_ctx *ctx = st->ctx;
    const oe_eq_spot *s = &ctx->s;
    if (should_stop(st)) return;
    int fs = -1;
    for (int q = 0; q < 4; q++)
        if (b->suit_count[q] >= 3) fs = q;
    oe_fold_values(&ctx->fold, b->idx, fs, fs >= 0 ? b->suit_ranks[fs] : 0u, st->high, st->low);
    st->board_low = ctx->rest_low[b->idx];
    oe_qboard qb;
    qb.row = oe_quint_pair_high + (size_t)ctx->rest_full[b->idx] * OE_N_PAIRS;
    qb.flush_suit = fs;
    qb.flush_ranks = fs >= 0 ? b->suit_ranks[fs] : 0u;
    qb.low_mask = st->board_low;
    for (int j = 0; j < ctx->n_range; j++) {
        int p = ctx->range[j];
        for (size_t c = 0; c < s->n_combos[p]; c++) {
            if (s->masks[p][c] & b->dealt) {
                st->range_high[j][c] = 0; /* no high is 0: marks a collision */
                continue;
            }
            oe_qboard_eval(&qb, s->combos[p] + c * (size_t)s->k, s->k, ctx->no_low,
                           &st->range_high[j][c], &st->range_low[j][c]);
        }
    }
    assign_ranges(st, 0, b->dealt, 1.0);
}

/* Deal board cards pos..need-1 (of those to come) from deck[start..];
 * `unit` numbers the subtree so that the parts take turns by the first two
 * cards dealt (by the only one when one is to come), as oe_fold_exact. */
static void exact_deal(exact_state *st, const exact_board_state *b, int pos, int start,
                       int unit)
{
    const oe_eq_ctx *ctx = st->ctx;
    const int m = ctx->n_deck, need = ctx->need;
    if (pos >= need || pos >= 5) { /* need <= 5: the second test only tells the compiler */
        exact_board(st, b);
        return;
    }
    for (int i = start; i <= m - (need - pos) && !st->stopped; i++) {
        const int u = pos == 0 ? i : pos == 1 ? unit + i * m : unit;
        if (pos == (need == 1 ? 0 : 1) && u % st->parts != st->part) continue;
        const int card = ctx->deck[i], rank = OE_RANK(card), suit = OE_SUIT(card);
        exact_board_state next = *b;
        next.card[ctx->s.n_board + pos] = (uint8_t)card;
        next.idx += oe_mset_term[pos][rank];
        next.suit_count[suit]++;
        next.suit_ranks[suit] |= (uint16_t)(1u << rank);
        next.dealt |= (uint64_t)1 << card;
        exact_deal(st, &next, pos + 1, i + 1, u);
    }
}

/* Scratch for the range combos' values on the current board. */
static int range_scratch(const oe_eq_ctx *ctx, uint16_t **highs, uint8_t **lows,
                         uint16_t **range_high, uint8_t **range_low)
{
    size_t total = 0;
    for (int j = 0; j < ctx->n_range; j++) total += ctx->s.n_combos[ctx->range[j]];
    *highs = malloc((total ? total : 1) * sizeof **highs);
    *lows = malloc(total ? total : 1);
    if (!*highs || !*lows) {
        free(*highs);
        free(*lows);
        return OE_EQ_NO_MEMORY;
    }
    size_t at = 0;
    for (int j = 0; j < ctx->n_range; j++) {
        range_high[j] = *highs + at;
        range_low[j] = *lows + at;
        at += ctx->s.n_combos[ctx->range[j]];
    }
    return OE_EQ_OK;
}

int oe_eq_exact(const oe_eq_ctx *ctx, int part, int parts, double *outcome,
                double *makes_low, double *breakdown, uint64_t *deals,
                const volatile int *stop)
{
    const oe_eq_spot *s = &ctx->s;
    double local[OE_LOCAL_CELLS];
    oe_counts acc;
    *deals = 0;

    if (ctx->n_range == 0) {
        /* Fixed hands only (exact enumeration takes random hands as ranges). */
        uint32_t *rest_counts = malloc(ctx->fold.n_rest * sizeof *rest_counts);
        if (!rest_counts) return OE_EQ_NO_MEMORY;
        oe_counts_open(&acc, ctx, outcome, NULL, makes_low, breakdown, local, NULL);
        int stopped = oe_fold_exact(&ctx->fold, ctx->deck, ctx->n_deck, part, parts,
                                    rest_counts, &acc.sink, deals, stop);
        oe_counts_close(&acc);
        free(rest_counts);
        return stopped ? OE_EQ_STOPPED : OE_EQ_OK;
    }

    exact_state st;
    memset(&st, 0, sizeof st);
    st.ctx = ctx;
    st.part = part;
    st.parts = parts;
    st.stop = stop;
    uint16_t *highs;
    uint8_t *lows;
    if (range_scratch(ctx, &highs, &lows, st.range_high, st.range_low) != OE_EQ_OK)
        return OE_EQ_NO_MEMORY;
    oe_counts_open(&acc, ctx, outcome, NULL, makes_low, breakdown, local, NULL);
    st.sink = &acc.sink;

    exact_board_state b;
    memset(&b, 0, sizeof b);
    memcpy(b.card, s->board, (size_t)s->n_board);
    memcpy(b.suit_count, ctx->fold.suit_count, sizeof b.suit_count);
    memcpy(b.suit_ranks, ctx->fold.suit_ranks, sizeof b.suit_ranks);
    if (ctx->need == 0) {
        /* One board: the parts split the first range's combos. */
        st.split_first = parts > 1;
        exact_board(&st, &b);
    } else {
        exact_deal(&st, &b, 0, 0, 0);
    }
    free(highs);
    free(lows);
    oe_counts_close(&acc);
    *deals = st.deals;
    return st.stopped ? OE_EQ_STOPPED : OE_EQ_OK;
}

