/*
 * oe_equity.c -- exact and Monte Carlo equity; the contract is oe_equity.h.
 *
 * Both paths end every deal the same way (count_deal): oe_pot_winners()
 * names the high and low winners, and the deal's weight is added to the
 * histogram cell of that outcome.  Shares are derived from the histogram
 * afterwards, through oe_split_shares(), so the split lives in oe_split.c
 * alone.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_equity.h"
#include "oe_eval.h"
#include "oe_split.h"
/* The evaluator's own tables, read directly in the hot loops (read-only). */
#include "oe_tables.h"
#include "oe_bits.h"

/*
 * A fixed hand folded for these loops (built once per call): its
 * oe_hand_table and a row of the low table.  A board then costs one lookup
 * per board rank triple, one per triple of the flush suit's board cards
 * when the hand holds two of that suit, and one for the low.  This is
 * oe_eval_hand_table()'s work, done here incrementally while boards are
 * enumerated (a new card adds only the triples that contain it), which is
 * what makes exact enumeration fast.
 */
typedef struct {
    oe_hand_table table;             /* tri_high, flush_high[suit][rank triple] */
    uint8_t low[256];                /* best low per board low-rank mask */
} fast_hand;

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
    fast_hand *hands;                /* hands[j]: fixed player fixed[j] */
    double *alias_prob[OE_EQ_MAX_PLAYERS];   /* per range (Walker/Vose) */
    uint32_t *alias_next[OE_EQ_MAX_PLAYERS];
};

#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* ------------------------------------------------------------ context */

/*
 * Walker's alias table (Vose's construction): draw i uniformly in 0..K-1,
 * keep it with probability prob[i], else take next[i].  Each index then
 * comes out with probability w[i] / sum(w), up to the rounding of doubles.
 */
static int alias_build(const double *w, size_t K, double *prob, uint32_t *next)
{
    uint32_t *small = malloc(K * sizeof *small);
    uint32_t *large = malloc(K * sizeof *large);
    if (!small || !large) {
        free(small);
        free(large);
        return OE_EQ_NO_MEMORY;
    }
    double total = 0.0;
    for (size_t i = 0; i < K; i++) total += w[i];
    size_t ns = 0, nl = 0;
    for (size_t i = 0; i < K; i++) {
        prob[i] = w[i] * (double)K / total;
        next[i] = (uint32_t)i;
        if (prob[i] < 1.0) small[ns++] = (uint32_t)i;
        else large[nl++] = (uint32_t)i;
    }
    while (ns && nl) {
        uint32_t lo = small[--ns], hi = large[--nl];
        next[lo] = hi;
        prob[hi] = (prob[hi] + prob[lo]) - 1.0;
        if (prob[hi] < 1.0) small[ns++] = hi;
        else large[nl++] = hi;
    }
    /* What is left is 1 up to rounding. */
    while (nl) prob[large[--nl]] = 1.0;
    while (ns) prob[small[--ns]] = 1.0;
    free(small);
    free(large);
    return OE_EQ_OK;
}

static void fast_hand_build(const uint8_t *hole, int k, fast_hand *f)
{
    oe_hand_table_build(hole, k, &f->table);
    for (int m = 0; m < 256; m++) f->low[m] = oe_best_low(f->table.low_mask, (uint8_t)m);
}

/* Best flush of a hand (flush_high: its row for the suit) with the board's
 * `count` (3, 4 or 5) cards of that suit, of ranks `mask`: the best over
 * the triples of those ranks. */
static inline uint16_t best_flush(const uint16_t *flush_high, unsigned mask, int count)
{
    if (count == 3) return flush_high[oe_rank_triple_index[mask]];
    uint16_t best = 0;
    for (unsigned a = mask; a; a &= a - 1) {
        unsigned less = mask & ~(a & -a); /* drop one rank ... */
        if (count == 4) {
            best = MAX(best, flush_high[oe_rank_triple_index[less]]);
            continue;
        }
        for (unsigned b = a & (a - 1); b; b &= b - 1) /* ... and another */
            best = MAX(best, flush_high[oe_rank_triple_index[less & ~(b & -b)]]);
    }
    return best;
}

void oe_eq_free(oe_eq_ctx *ctx)
{
    if (!ctx) return;
    for (int i = 0; i < OE_EQ_MAX_PLAYERS; i++) {
        free(ctx->alias_prob[i]);
        free(ctx->alias_next[i]);
    }
    free(ctx->hands);
    free(ctx);
}

oe_eq_ctx *oe_eq_new(const oe_eq_spot *spot)
{
    oe_eq_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->s = *spot;
    ctx->no_low = !OE_GAME_HAS_LOW(spot->game);
    ctx->need = 5 - spot->n_board;
    for (int c = 0; c < OE_NUM_CARDS; c++)
        if (!(spot->known >> c & 1u)) ctx->deck[ctx->n_deck++] = (uint8_t)c;
    for (int i = 0; i < spot->n; i++) {
        if (spot->kind[i] == OE_EQ_FIXED) {
            ctx->fixed[ctx->n_fixed++] = i;
        } else if (spot->kind[i] == OE_EQ_RANGE) {
            ctx->range[ctx->n_range++] = i;
        } else {
            ctx->random[ctx->n_random++] = i;
        }
    }
    ctx->hands = malloc((size_t)(ctx->n_fixed ? ctx->n_fixed : 1) * sizeof *ctx->hands);
    if (!ctx->hands) goto fail;
    for (int j = 0; j < ctx->n_fixed; j++)
        fast_hand_build(spot->combos[ctx->fixed[j]], spot->k, &ctx->hands[j]);
    for (int j = 0; j < ctx->n_range; j++) {
        int p = ctx->range[j];
        size_t K = spot->n_combos[p];
        ctx->alias_prob[j] = malloc(K * sizeof(double));
        ctx->alias_next[j] = malloc(K * sizeof(uint32_t));
        if (!ctx->alias_prob[j] || !ctx->alias_next[j]) goto fail;
        if (alias_build(spot->weights[p], K, ctx->alias_prob[j], ctx->alias_next[j]) != OE_EQ_OK)
            goto fail;
    }
    return ctx;
fail:
    oe_eq_free(ctx);
    return NULL;
}

/* ------------------------------------------------------------ one deal */

static inline void count_deal(int n, const uint16_t *high, const uint8_t *low, double w,
                              double *outcome, double *makes_low)
{
    uint32_t hi, lo;
    oe_pot_winners(n, high, low, (1u << n) - 1u, &hi, &lo);
    outcome[(size_t)hi << n | lo] += w;
    for (int i = 0; i < n; i++)
        if (low[i]) makes_low[i] += w;
}

/*
 * Each worker counts into its own buffer on the stack when the histogram
 * is small (n <= 6) and adds it to the caller's at the end: small arrays of
 * different workers can share a cache line, and writing them on every deal
 * from two threads would make the line bounce between cores.
 */
#define LOCAL_CELLS 4096

typedef struct {
    double *outcome, *makes_low;     /* where the loop counts */
    double *dest_outcome, *dest_makes_low;
    size_t cells;
    int n;
    double makes_low_local[OE_EQ_MAX_PLAYERS];
} counts;

static void counts_open(counts *c, int n, double *outcome, double *makes_low, double *local)
{
    c->n = n;
    c->cells = (size_t)1 << (2 * n);
    c->dest_outcome = outcome;
    c->dest_makes_low = makes_low;
    c->outcome = c->cells <= LOCAL_CELLS ? local : outcome;
    if (c->outcome == local) memset(local, 0, c->cells * sizeof *local);
    memset(c->makes_low_local, 0, sizeof c->makes_low_local);
    c->makes_low = c->makes_low_local;
}

static void counts_close(counts *c)
{
    if (c->outcome != c->dest_outcome)
        for (size_t i = 0; i < c->cells; i++) c->dest_outcome[i] += c->outcome[i];
    for (int i = 0; i < c->n; i++) c->dest_makes_low[i] += c->makes_low[i];
}

/*
 * A board being built card by card: for each fixed hand, the best
 * non-flush high over the board triples complete so far; the board's cards
 * by suit and its low ranks.  Adding card number `pos` adds the C(pos, 2)
 * triples it closes.
 */
typedef struct {
    uint8_t card[5];
    uint16_t best[OE_EQ_MAX_PLAYERS];
    uint16_t suit_ranks[4];          /* 13-bit rank mask per suit */
    uint8_t suit_count[4];
    uint8_t low_mask;                /* bit 0 = ace .. bit 7 = eight */
    int8_t flush_suit;               /* the suit with 3+ cards, or -1 */
} partial_board;

static inline void board_add(const oe_eq_ctx *ctx, const partial_board *from, int pos,
                             uint8_t card, partial_board *to)
{
    *to = *from;
    to->card[pos] = card;
    int r = OE_RANK(card), s = OE_SUIT(card);
    to->suit_ranks[s] |= (uint16_t)(1u << r);
    if (++to->suit_count[s] >= 3) to->flush_suit = (int8_t)s;
    to->low_mask |= oe_low_bit[r];
    for (int a = 0; a < pos; a++)
        for (int b = a + 1; b < pos; b++) {
            uint16_t t = oe_triple_index[OE_RANK(to->card[a])][OE_RANK(to->card[b])][r];
            for (int j = 0; j < ctx->n_fixed; j++)
                to->best[j] = MAX(to->best[j], ctx->hands[j].table.tri_high[t]);
        }
}

/* The fixed hands' values on a complete board. */
static inline void fixed_values(const oe_eq_ctx *ctx, const partial_board *b,
                                uint16_t *high, uint8_t *low)
{
    for (int j = 0; j < ctx->n_fixed; j++) {
        const fast_hand *f = &ctx->hands[j];
        uint16_t best = b->best[j];
        const int fs = b->flush_suit;
        if (fs >= 0 && (f->table.flush_suits >> fs & 1u))
            best = MAX(best, best_flush(f->table.flush_high[fs], b->suit_ranks[fs],
                                        b->suit_count[fs]));
        high[ctx->fixed[j]] = best;
        low[ctx->fixed[j]] = ctx->no_low ? OE_LOW_NONE : f->low[b->low_mask];
    }
}

/* The fixed hands' values on five cards, from scratch (Monte Carlo). */
static inline void fixed_values5(const oe_eq_ctx *ctx, const uint8_t c[5],
                                 uint16_t *high, uint8_t *low)
{
    const int r0 = OE_RANK(c[0]), r1 = OE_RANK(c[1]), r2 = OE_RANK(c[2]),
              r3 = OE_RANK(c[3]), r4 = OE_RANK(c[4]);
    const uint16_t *r01 = oe_triple_index[r0][r1], *r02 = oe_triple_index[r0][r2],
                   *r03 = oe_triple_index[r0][r3], *r12 = oe_triple_index[r1][r2],
                   *r13 = oe_triple_index[r1][r3], *r23 = oe_triple_index[r2][r3];
    const unsigned t[10] = {r01[r2], r01[r3], r01[r4], r02[r3], r02[r4],
                            r03[r4], r12[r3], r12[r4], r13[r4], r23[r4]};
    unsigned suit_ranks[4] = {0, 0, 0, 0}, suit_count[4] = {0, 0, 0, 0};
    uint8_t low_mask = 0;
    int flush_suit = -1;
    for (int i = 0; i < 5; i++) {
        int s = OE_SUIT(c[i]);
        suit_ranks[s] |= 1u << OE_RANK(c[i]);
        if (++suit_count[s] >= 3) flush_suit = s;
        low_mask |= oe_low_bit[OE_RANK(c[i])];
    }
    for (int j = 0; j < ctx->n_fixed; j++) {
        const fast_hand *f = &ctx->hands[j];
        const uint16_t *th = f->table.tri_high;
        uint16_t best = th[t[0]];
        for (int q = 1; q < 10; q++) best = MAX(best, th[t[q]]);
        if (flush_suit >= 0 && (f->table.flush_suits >> flush_suit & 1u))
            best = MAX(best, best_flush(f->table.flush_high[flush_suit], suit_ranks[flush_suit],
                                        (int)suit_count[flush_suit]));
        high[ctx->fixed[j]] = best;
        low[ctx->fixed[j]] = ctx->no_low ? OE_LOW_NONE : f->low[low_mask];
    }
}

static void board_start(const oe_eq_ctx *ctx, partial_board *b)
{
    partial_board empty;
    memset(&empty, 0, sizeof empty);
    empty.flush_suit = -1;
    *b = empty;
    for (int i = 0; i < ctx->s.n_board; i++) {
        partial_board next;
        board_add(ctx, b, i, ctx->s.board[i], &next);
        *b = next;
    }
}

/* ------------------------------------------------------------ exact */

typedef struct {
    const oe_eq_ctx *ctx;
    uint16_t high[OE_EQ_MAX_PLAYERS];
    uint8_t low[OE_EQ_MAX_PLAYERS];
    uint16_t *range_high[OE_EQ_MAX_PLAYERS]; /* per range combo on this board; 0 = collides */
    uint8_t *range_low[OE_EQ_MAX_PLAYERS];
    int part, parts, split_first;            /* split_first: partition the first range */
    double *outcome, *makes_low;
    uint64_t deals;
    const volatile int *stop;                /* see oe_equity.h, "Stopping" */
    int stopped;
} exact_state;

/* Every this many deals, and on every board, the loops read *stop. */
#define STOP_CHECK_MASK 0x3FFFu

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
        count_deal(ctx->s.n, st->high, st->low, w, st->outcome, st->makes_low);
        if ((++st->deals & STOP_CHECK_MASK) == 0) should_stop(st);
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

/* A complete board: the range combos' values, then every assignment. */
static inline void exact_board(exact_state *st, const partial_board *pb, uint64_t board_mask)
{
    const oe_eq_ctx *ctx = st->ctx;
    const oe_eq_spot *s = &ctx->s;
    if (should_stop(st)) return;
    fixed_values(ctx, pb, st->high, st->low);
    if (ctx->n_range == 0) {
        count_deal(s->n, st->high, st->low, 1.0, st->outcome, st->makes_low);
        st->deals++;
        return;
    }
    oe_board b;
    oe_board_prepare(pb->card, &b);
    for (int j = 0; j < ctx->n_range; j++) {
        int p = ctx->range[j];
        for (size_t c = 0; c < s->n_combos[p]; c++) {
            if (s->masks[p][c] & board_mask) {
                st->range_high[j][c] = 0; /* no high is 0: marks a collision */
                continue;
            }
            oe_eval_prepared_board(&b, s->combos[p] + c * (size_t)s->k, s->k,
                                   &st->range_high[j][c], &st->range_low[j][c]);
            if (ctx->no_low) st->range_low[j][c] = OE_LOW_NONE;
        }
    }
    assign_ranges(st, 0, board_mask, 1.0);
}

/* The last board card: deck[start..] after the four cards of `pb`.  The
 * same as board_add + exact_board, with the six triples that the last
 * card closes looked up through rows fixed for the whole loop. */
static void exact_last_card(exact_state *st, const partial_board *pb, int start,
                            uint64_t board_mask, int unit)
{
    const oe_eq_ctx *ctx = st->ctx;
    const int m = ctx->n_deck, nf = ctx->n_fixed;
    const uint16_t *row[6];
    for (int a = 0, q = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
            row[q++] = oe_triple_index[OE_RANK(pb->card[a])][OE_RANK(pb->card[b])];
    partial_board next = *pb;
    for (int i = start; i < m && !st->stopped; i++) {
        if (ctx->need <= 2) { /* the parts take turns here (see exact_deal) */
            int u = ctx->need == 1 ? i : unit + i * m;
            if (u % st->parts != st->part) continue;
        }
        uint8_t card = ctx->deck[i];
        int r = OE_RANK(card), s = OE_SUIT(card);
        const unsigned t0 = row[0][r], t1 = row[1][r], t2 = row[2][r], t3 = row[3][r],
                       t4 = row[4][r], t5 = row[5][r];
        next.card[4] = card;
        memcpy(next.suit_ranks, pb->suit_ranks, sizeof next.suit_ranks);
        memcpy(next.suit_count, pb->suit_count, sizeof next.suit_count);
        next.suit_ranks[s] |= (uint16_t)(1u << r);
        next.suit_count[s]++;
        next.flush_suit = pb->suit_count[s] >= 2 ? (int8_t)s : pb->flush_suit;
        next.low_mask = pb->low_mask | oe_low_bit[r];
        for (int j = 0; j < nf; j++) {
            const uint16_t *th = ctx->hands[j].table.tri_high;
            uint16_t b = MAX(pb->best[j], th[t0]);
            b = MAX(b, th[t1]);
            b = MAX(b, th[t2]);
            b = MAX(b, th[t3]);
            b = MAX(b, th[t4]);
            next.best[j] = MAX(b, th[t5]);
        }
        exact_board(st, &next, board_mask | (uint64_t)1 << card);
    }
}

/* Deal board cards pos..4 from deck[start..]; `unit` numbers the subtree
 * so that the parts can take turns. */
static void exact_deal(exact_state *st, const partial_board *pb, int pos, int start,
                       uint64_t board_mask, int unit)
{
    const oe_eq_ctx *ctx = st->ctx;
    const int m = ctx->n_deck, first = ctx->s.n_board;
    if (pos == 4) {
        exact_last_card(st, pb, start, board_mask, unit);
        return;
    }
    for (int i = start; i <= m - (5 - pos) && !st->stopped; i++) {
        /* Parts take turns by the first two dealt cards (by the only one
         * when one is to come); the last card's turns are exact_last_card's. */
        int u = pos == first ? i : pos == first + 1 ? unit + i * m : unit;
        if (pos == first + 1 && u % st->parts != st->part) continue;
        partial_board next;
        uint8_t card = ctx->deck[i];
        board_add(ctx, pb, pos, card, &next);
        exact_deal(st, &next, pos + 1, i + 1, board_mask | (uint64_t)1 << card, u);
    }
}

int oe_eq_exact(const oe_eq_ctx *ctx, int part, int parts, double *outcome,
                double *makes_low, uint64_t *deals, const volatile int *stop)
{
    const oe_eq_spot *s = &ctx->s;
    exact_state st;
    memset(&st, 0, sizeof st);
    st.ctx = ctx;
    st.part = part;
    st.parts = parts;
    st.stop = stop;
    double local[LOCAL_CELLS];
    counts acc;
    counts_open(&acc, s->n, outcome, makes_low, local);
    st.outcome = acc.outcome;
    st.makes_low = acc.makes_low;
    *deals = 0;

    /* Scratch for the range combos' values on the current board. */
    size_t total = 0;
    for (int j = 0; j < ctx->n_range; j++) total += s->n_combos[ctx->range[j]];
    uint16_t *highs = malloc((total ? total : 1) * sizeof *highs);
    uint8_t *lows = malloc(total ? total : 1);
    if (!highs || !lows) {
        free(highs);
        free(lows);
        return OE_EQ_NO_MEMORY;
    }
    size_t at = 0;
    for (int j = 0; j < ctx->n_range; j++) {
        st.range_high[j] = highs + at;
        st.range_low[j] = lows + at;
        at += s->n_combos[ctx->range[j]];
    }

    partial_board known;
    board_start(ctx, &known);
    if (ctx->need == 0) {
        /* One board: the parts split the first range's combos. */
        st.split_first = parts > 1;
        if (ctx->n_range || part == 0) exact_board(&st, &known, 0);
    } else {
        exact_deal(&st, &known, s->n_board, 0, 0, 0);
    }
    free(highs);
    free(lows);
    counts_close(&acc);
    *deals = st.deals;
    return st.stopped ? OE_EQ_STOPPED : OE_EQ_OK;
}

/* ------------------------------------------------------------ Monte Carlo */

/* 32 random bits at a time, two from each 64-bit draw (half the calls
 * through the BitGenerator's function pointer). */
typedef struct {
    bitgen_t *rng;
    uint64_t bits;
    int have;
} bit_source;

static inline uint32_t next32(bit_source *src)
{
    if (src->have) {
        src->have = 0;
        return (uint32_t)(src->bits >> 32);
    }
    src->bits = src->rng->next_uint64(src->rng->state);
    src->have = 1;
    return (uint32_t)src->bits;
}

/* Uniform integer in 0..range-1 (Lemire's multiply-and-reject: unbiased). */
static inline uint32_t draw_below(bit_source *src, uint32_t range)
{
    uint64_t m = (uint64_t)next32(src) * range;
    uint32_t low = (uint32_t)m;
    if (low < range) {
        uint32_t threshold = (uint32_t)(-range) % range;
        while (low < threshold) {
            m = (uint64_t)next32(src) * range;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/*
 * Sampling, and why it is unbiased for the weighted definition:
 *
 * 1. Each range player draws a combo in proportion to its weight (alias
 *    table: weighted sampling, so every accepted deal has weight 1 and the
 *    plain mean is the estimate).  If two range combos share a card, the
 *    WHOLE assignment is rejected and drawn again: accepted assignments are
 *    then distributed as prod(w) over non-colliding assignments, exactly the
 *    definition.  (Redrawing only the colliding player would not be.)
 * 2. Random players' hands and the board completion are dealt uniformly
 *    from the cards left.  Given an accepted assignment, the number of ways
 *    to deal them is the same for every assignment, so dealing them from
 *    what is left instead of rejecting collisions changes nothing but speed.
 */
int oe_eq_monte_carlo(const oe_eq_ctx *ctx, bitgen_t *rng, uint64_t trials,
                      uint64_t max_rejects, double *outcome, double *makes_low,
                      uint64_t *done, const volatile int *stop)
{
    const oe_eq_spot *s = &ctx->s;
    const int n = s->n, k = s->k, need = ctx->need;
    uint8_t deck[OE_NUM_CARDS], left[OE_NUM_CARDS];
    memcpy(deck, ctx->deck, (size_t)ctx->n_deck);
    uint8_t full[5];
    memcpy(full, s->board, (size_t)s->n_board);
    uint16_t high[OE_EQ_MAX_PLAYERS];
    uint8_t low[OE_EQ_MAX_PLAYERS];
    const uint8_t *hole[OE_EQ_MAX_PLAYERS];
    for (int j = 0; j < ctx->n_fixed; j++) hole[ctx->fixed[j]] = s->combos[ctx->fixed[j]];

    bit_source src = {rng, 0, 0};
    double local[LOCAL_CELLS];
    counts acc;
    counts_open(&acc, n, outcome, makes_low, local);
    uint64_t t = 0, rejects = 0, draws = 0;
    while (t < trials) {
        if ((++draws & STOP_CHECK_MASK) == 0 && stop && *stop) {
            counts_close(&acc);
            *done = t;
            return OE_EQ_STOPPED;
        }
        uint64_t used = 0;
        int collided = 0;
        for (int j = 0; j < ctx->n_range && !collided; j++) {
            int p = ctx->range[j];
            uint32_t c = draw_below(&src, (uint32_t)s->n_combos[p]);
            if (rng->next_double(rng->state) >= ctx->alias_prob[j][c]) c = ctx->alias_next[j][c];
            collided = (s->masks[p][c] & used) != 0;
            used |= s->masks[p][c];
            hole[p] = s->combos[p] + (size_t)c * (size_t)k;
        }
        if (collided) {
            if (++rejects >= max_rejects) {
                counts_close(&acc);
                *done = t;
                return OE_EQ_NO_DEAL;
            }
            continue;
        }
        rejects = 0;

        /* The cards left: the whole unknown deck, less any range hands. */
        uint8_t *d = deck;
        int m = ctx->n_deck;
        if (used) {
            m = 0;
            for (int i = 0; i < ctx->n_deck; i++)
                if (!(used >> ctx->deck[i] & 1u)) left[m++] = ctx->deck[i];
            d = left;
        }
        /* Partial Fisher-Yates: d[0..pos) are the cards dealt so far. */
        int pos = 0;
        for (int j = 0; j < ctx->n_random; j++) {
            hole[ctx->random[j]] = d + pos;
            for (int i = 0; i < k; i++, pos++) {
                int r = pos + (int)draw_below(&src, (uint32_t)(m - pos));
                uint8_t tmp = d[pos]; d[pos] = d[r]; d[r] = tmp;
            }
        }
        for (int i = 0; i < need; i++, pos++) {
            int r = pos + (int)draw_below(&src, (uint32_t)(m - pos));
            uint8_t tmp = d[pos]; d[pos] = d[r]; d[r] = tmp;
            full[s->n_board + i] = d[pos];
        }

        fixed_values5(ctx, full, high, low);
        if (ctx->n_range || ctx->n_random) {
            oe_board b;
            oe_board_prepare(full, &b);
            for (int j = 0; j < ctx->n_range + ctx->n_random; j++) {
                int p = j < ctx->n_range ? ctx->range[j] : ctx->random[j - ctx->n_range];
                oe_eval_prepared_board(&b, hole[p], k, &high[p], &low[p]);
                if (ctx->no_low) low[p] = OE_LOW_NONE;
            }
        }
        count_deal(n, high, low, 1.0, acc.outcome, acc.makes_low);
        t++;
    }
    counts_close(&acc);
    *done = t;
    return OE_EQ_OK;
}

/* ------------------------------------------------------------ summary */

void oe_eq_summarize(int n, const double *outcome, double *sums, double *deal)
{
    const uint32_t all = (1u << n) - 1u;
    for (uint32_t hi = 1; hi <= all; hi++) {
        /* Winners get the better value, so the split names the same ones. */
        uint16_t high[OE_EQ_MAX_PLAYERS];
        for (int i = 0; i < n; i++) high[i] = (uint16_t)(1 + (hi >> i & 1u));
        const int hi_count = oe_popcount32(hi);
        for (uint32_t lo = 0; lo <= all; lo++) {
            const double w = outcome[(size_t)hi << n | lo];
            if (w == 0.0) continue;
            uint8_t low[OE_EQ_MAX_PLAYERS];
            double hi_share[OE_EQ_MAX_PLAYERS], lo_share[OE_EQ_MAX_PLAYERS];
            for (int i = 0; i < n; i++) low[i] = (uint8_t)(lo >> i & 1u);
            oe_split_shares(n, high, low, hi_share, lo_share);
            const int lo_count = oe_popcount32(lo);
            for (int i = 0; i < n; i++) {
                double *s = sums + (size_t)i * OE_EQ_SUMS;
                const int in_hi = hi >> i & 1u, in_lo = lo >> i & 1u;
                const double share = hi_share[i] + lo_share[i];
                s[OE_EQ_HI_SHARE] += w * hi_share[i];
                s[OE_EQ_LO_SHARE] += w * lo_share[i];
                s[OE_EQ_SHARE_SQ] += w * share * share;
                if (in_hi && hi_count == 1) {
                    s[OE_EQ_HI_WIN] += w;
                    if (lo == 0 || (in_lo && lo_count == 1)) s[OE_EQ_SCOOP] += w;
                }
                if (in_hi && hi_count > 1) s[OE_EQ_HI_TIE] += w;
                if (in_lo && lo_count == 1) s[OE_EQ_LO_WIN] += w;
                if (in_lo && lo_count > 1) s[OE_EQ_LO_TIE] += w;
            }
            deal[OE_EQ_DEAL_TOTAL] += w;
            if (lo == 0) deal[OE_EQ_DEAL_NO_LOW] += w;
            if (lo_count >= 2) deal[OE_EQ_DEAL_QUARTERED] += w;
        }
    }
}
