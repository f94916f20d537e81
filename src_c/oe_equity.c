/*
 * oe_equity.c -- exact and Monte Carlo equity; the contract is oe_equity.h.
 *
 * Every deal ends in oe_sink_deal() (oe_fold.h): oe_pot_winners() names the
 * high and low winners and the deal's weight is added to the histogram cell
 * of that outcome (and to makes_low and the breakdown).  Shares are derived
 * from the histogram afterwards, through oe_split_shares(), so the split
 * lives in oe_split.c alone.
 *
 * Fixed hands are folded over the known board once per spot (oe_fold.h):
 * on a board they cost one lookup, plus a flush check when the board has
 * three cards of a suit they hold twice.  When every player is a fixed
 * hand, exact enumeration only counts boards by their rank multiset
 * (oe_fold_exact) and looks at the boards with flushes one by one.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oe_equity.h"
#include "oe_eval.h"
#include "oe_fold.h"
#include "oe_quint.h"
#include "oe_random.h"
#include "oe_split.h"
/* The evaluator's own tables, read directly in the hot loops (read-only). */
#include "oe_tables.h"
#include "oe_bits.h"

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
    /* Alias tables per range (Walker/Vose): keep combo c when the draw's
     * fraction is <= alias_keep[c] (its probability x 2^64), else take
     * alias_next[c]; alias_reject: Lemire's threshold for the range size. */
    uint64_t *alias_keep[OE_EQ_MAX_PLAYERS];
    uint32_t *alias_next[OE_EQ_MAX_PLAYERS];
    uint64_t alias_reject[OE_EQ_MAX_PLAYERS];
    int sampler;                     /* OE_EQ_SAMPLER_INDEPENDENT or _CHAIN */
};

#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* The sink's breakdown layout is the public one. */
_Static_assert(OE_BD_COLUMNS == OE_EQ_BREAKDOWN && OE_BD_NUT_LOW == OE_EQ_BD_NUT_LOW &&
                   OE_BD_OTHER_LOW == OE_EQ_BD_OTHER_LOW && OE_BD_NO_LOW == OE_EQ_BD_NO_LOW,
               "breakdown columns");
_Static_assert(OE_FOLD_MAX_HANDS == OE_EQ_MAX_PLAYERS, "players");

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

/* A fixed-seed generator (SplitMix64) for the sampler pilot: the choice
 * depends on the spot only, never on the user's seed or the clock. */
static uint64_t pilot_next(void *state)
{
    uint64_t z = (*(uint64_t *)state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}
static uint32_t pilot_next32(void *state) { return (uint32_t)pilot_next(state); }
static double pilot_double(void *state) { return (double)(pilot_next(state) >> 11) * 0x1.0p-53; }

static inline int draw_assignment(const oe_eq_ctx *ctx, bitgen_t *rng, uint32_t *cur,
                                  uint64_t *taken);

/*
 * Independent draws reject whole assignments that share a card; with many
 * range players (tight ranges, or wide ones multiway) almost all of them
 * do.  PILOT_DRAWS assignments drawn with a fixed seed estimate the share
 * accepted; below CHAIN_BELOW the Gibbs chain is used (oe_equity.h).
 * 1/32: an accepted deal then costs over 32 draws of every player, more
 * than a sweep of the chain in the spots measured (benchmarks/bench_speed.py).
 */
#define PILOT_DRAWS 4096
#define CHAIN_BELOW (PILOT_DRAWS / 32)

static int choose_sampler(const oe_eq_ctx *ctx)
{
    if (ctx->n_range < 2) return OE_EQ_SAMPLER_INDEPENDENT;
    uint64_t state = 0x5EEDu;
    bitgen_t pilot = {&state, pilot_next, pilot_next32, pilot_double, pilot_next};
    uint32_t cur[OE_EQ_MAX_PLAYERS];
    uint64_t taken;
    int accepted = 0;
    for (int i = 0; i < PILOT_DRAWS; i++) accepted += draw_assignment(ctx, &pilot, cur, &taken);
    return accepted < CHAIN_BELOW ? OE_EQ_SAMPLER_CHAIN : OE_EQ_SAMPLER_INDEPENDENT;
}

void oe_eq_free(oe_eq_ctx *ctx)
{
    if (!ctx) return;
    for (int i = 0; i < OE_EQ_MAX_PLAYERS; i++) {
        free(ctx->alias_keep[i]);
        free(ctx->alias_next[i]);
    }
    free(ctx->rest_full);
    free(ctx->rest_low);
    free(ctx->fold_tables);
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
    const size_t n_rest = oe_n_msets[ctx->need];
    ctx->rest_full = malloc(n_rest * sizeof *ctx->rest_full);
    ctx->rest_low = malloc(n_rest * sizeof *ctx->rest_low);
    ctx->fold_tables = malloc(n_rest * (size_t)(ctx->n_fixed ? ctx->n_fixed : 1) *
                              sizeof *ctx->fold_tables);
    if (!ctx->rest_full || !ctx->rest_low || !ctx->fold_tables) goto fail;
    oe_fold_board(&ctx->fold, spot->board, spot->n_board, spot->game, ctx->rest_full,
                  ctx->rest_low);
    for (int j = 0; j < ctx->n_fixed; j++)
        oe_fold_hand(&ctx->fold, spot->combos[ctx->fixed[j]], spot->k, ctx->fixed[j],
                     ctx->fold_tables + (size_t)j * n_rest);
    for (int i = 0; i < spot->n_board; i++)
        ctx->board_suit_count += 1u << (4 * OE_SUIT(spot->board[i]));
    if (ctx->n_deck) oe_digit_spec_init(&ctx->deck_digits, (uint64_t)ctx->n_deck);
    for (int j = 0; j < ctx->n_range; j++) {
        int p = ctx->range[j];
        size_t K = spot->n_combos[p];
        double *prob = malloc(K * sizeof *prob);
        ctx->alias_keep[j] = malloc(K * sizeof(uint64_t));
        ctx->alias_next[j] = malloc(K * sizeof(uint32_t));
        if (!prob || !ctx->alias_keep[j] || !ctx->alias_next[j] ||
            alias_build(spot->weights[p], K, prob, ctx->alias_next[j]) != OE_EQ_OK) {
            free(prob);
            goto fail;
        }
        for (size_t c = 0; c < K; c++)
            ctx->alias_keep[j][c] = prob[c] >= 1.0 ? UINT64_MAX
                                                   : (uint64_t)ldexp(prob[c], 64);
        free(prob);
        ctx->alias_reject[j] = (0 - (uint64_t)K) % (uint64_t)K;
    }
    ctx->sampler = spot->sampler != OE_EQ_SAMPLER_AUTO ? spot->sampler : choose_sampler(ctx);
    return ctx;
fail:
    oe_eq_free(ctx);
    return NULL;
}

int oe_eq_sampler(const oe_eq_ctx *ctx)
{
    return ctx->sampler;
}

/* ------------------------------------------------------------ counting */

/*
 * Each worker counts into its own buffers on the stack when the histogram
 * is small (n <= 6) and adds them to the caller's at the end: small arrays
 * of different workers can share a cache line, and writing them on every
 * deal from two threads would make the line bounce between cores.
 */
#define LOCAL_CELLS 4096

typedef struct {
    oe_sink sink;                    /* counts here ... */
    double *dest_outcome, *dest_makes_low, *dest_breakdown; /* ... added here at the end */
    size_t cells;
    double makes_low[OE_EQ_MAX_PLAYERS];
    double breakdown[OE_EQ_MAX_PLAYERS * OE_EQ_BREAKDOWN];
} counts;

static void counts_open(counts *c, const oe_eq_ctx *ctx, double *outcome, double *makes_low,
                        double *breakdown, double *local)
{
    const int n = ctx->s.n;
    memset(c, 0, sizeof *c);
    c->cells = (size_t)1 << (2 * n);
    c->dest_outcome = outcome;
    c->dest_makes_low = makes_low;
    c->dest_breakdown = breakdown;
    c->sink.n = n;
    c->sink.no_low = ctx->no_low;
    c->sink.outcome = c->cells <= LOCAL_CELLS ? local : outcome;
    if (c->sink.outcome == local) memset(local, 0, c->cells * sizeof *local);
    c->sink.makes_low = c->makes_low;
    c->sink.breakdown = breakdown ? c->breakdown : NULL;
}

static void counts_close(counts *c)
{
    if (c->sink.outcome != c->dest_outcome)
        for (size_t i = 0; i < c->cells; i++) c->dest_outcome[i] += c->sink.outcome[i];
    for (int i = 0; i < c->sink.n; i++) c->dest_makes_low[i] += c->makes_low[i];
    if (c->dest_breakdown)
        for (int i = 0; i < c->sink.n * OE_EQ_BREAKDOWN; i++)
            c->dest_breakdown[i] += c->breakdown[i];
}

/* ------------------------------------------------------------ exact */

/* Every this many deals, and on every board, the loops read *stop. */
#define STOP_CHECK_MASK 0x3FFFu

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
    double local[LOCAL_CELLS];
    counts acc;
    *deals = 0;

    if (ctx->n_range == 0) {
        /* Fixed hands only (exact enumeration takes random hands as ranges). */
        uint32_t *rest_counts = malloc(ctx->fold.n_rest * sizeof *rest_counts);
        if (!rest_counts) return OE_EQ_NO_MEMORY;
        counts_open(&acc, ctx, outcome, makes_low, breakdown, local);
        int stopped = oe_fold_exact(&ctx->fold, ctx->deck, ctx->n_deck, part, parts,
                                    rest_counts, &acc.sink, deals, stop);
        counts_close(&acc);
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
    counts_open(&acc, ctx, outcome, makes_low, breakdown, local);
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
    counts_close(&acc);
    *deals = st.deals;
    return st.stopped ? OE_EQ_STOPPED : OE_EQ_OK;
}

/* ------------------------------------------------------------ Monte Carlo */

/* A combo of range j in proportion to its weight: alias table (one 64-bit
 * draw; the coin is the draw's fraction, oe_below). */
static inline uint32_t alias_draw(const oe_eq_ctx *ctx, int j, bitgen_t *rng)
{
    uint64_t frac;
    const uint32_t c = (uint32_t)oe_below(rng, ctx->s.n_combos[ctx->range[j]],
                                          ctx->alias_reject[j], &frac);
    return frac <= ctx->alias_keep[j][c] ? c : ctx->alias_next[j][c];
}

/* One draw of every range player's combo (alias tables); 0 as soon as two
 * share a card (the whole assignment is then to be drawn again). */
static inline int draw_assignment(const oe_eq_ctx *ctx, bitgen_t *rng, uint32_t *cur,
                                  uint64_t *taken)
{
    uint64_t used = 0;
    for (int j = 0; j < ctx->n_range; j++) {
        const uint32_t c = alias_draw(ctx, j, rng);
        const uint64_t m = ctx->s.masks[ctx->range[j]][c];
        if (m & used) return 0;
        used |= m;
        cur[j] = c;
    }
    *taken = used;
    return 1;
}

/* One sweep of the Gibbs chain: each range player in turn gets a combo drawn
 * from its range given the others' cards (alias draws until one shares no
 * card with them: exactly the conditional of the target).  0 if one player
 * needed max_rejects draws. */
static inline int chain_sweep(const oe_eq_ctx *ctx, bitgen_t *rng, uint32_t *cur,
                              uint64_t *taken, uint64_t max_rejects)
{
    uint64_t all = *taken;
    for (int j = 0; j < ctx->n_range; j++) {
        const uint64_t *masks = ctx->s.masks[ctx->range[j]];
        const uint64_t others = all & ~masks[cur[j]];
        uint64_t tries = 0;
        uint32_t c;
        do {
            if (tries++ >= max_rejects) return 0;
            c = alias_draw(ctx, j, rng);
        } while (masks[c] & others);
        cur[j] = c;
        all = others | masks[c];
    }
    *taken = all;
    return 1;
}

/* One card uniform among deck cards not in *taken (rejection: exact). */
static inline uint8_t deal_card(const oe_eq_ctx *ctx, oe_digits *dg, uint64_t *taken)
{
    uint8_t c;
    do {
        c = ctx->deck[oe_digit(dg)];
    } while (*taken >> c & 1u);
    *taken |= (uint64_t)1 << c;
    return c;
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
 *    The chain sampler (oe_equity.h) starts from one such draw; each of its
 *    updates draws one player's combo from its alias table until it shares
 *    no card with the others: that is the target's conditional law for
 *    that player given the others, so every update leaves the target
 *    invariant and every trial, started from the target, is distributed as
 *    the target.
 * 2. Random players' hands and the board completion are dealt uniformly
 *    from the cards left: each card uniform over the unknown deck, drawn
 *    again while it is taken (exact).  Given an accepted assignment, the
 *    number of ways to deal them is the same for every assignment, so
 *    dealing them from what is left changes nothing but speed.
 */
int oe_eq_monte_carlo(const oe_eq_ctx *ctx, bitgen_t *rng, uint64_t trials,
                      uint64_t max_rejects, double *outcome, double *makes_low,
                      double *breakdown, uint64_t *done, const volatile int *stop)
{
    const oe_eq_spot *s = &ctx->s;
    const int k = s->k, need = ctx->need, n_board = s->n_board;
    const int n_other = ctx->n_range + ctx->n_random;
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
    /* Fixed hands only: the deals where no hand can make a flush are only
     * counted by the rank multiset of the board (as exact enumeration does),
     * and sent to the histogram at the end, one multiset at a time. */
    uint32_t *rest_counts = NULL;
    if (!n_other) {
        rest_counts = calloc(ctx->fold.n_rest, sizeof *rest_counts);
        if (!rest_counts) {
            *done = 0;
            return OE_EQ_NO_MEMORY;
        }
    }
    const unsigned flush_any = ctx->fold.flush_any;
    double local[LOCAL_CELLS];
    counts acc;
    counts_open(&acc, ctx, outcome, makes_low, breakdown, local);
    int code = OE_EQ_OK;
    uint64_t t = 0, rejects = 0, draws = 0;
    uint32_t cur[OE_EQ_MAX_PLAYERS];   /* the combo of each range player */
    uint64_t chain_taken = 0;          /* chain: the cards of the current assignment */
    const int chain = ctx->sampler == OE_EQ_SAMPLER_CHAIN && ctx->n_range > 1;
    if (chain) {
        /* Start from an exact draw of the target (whole-assignment rejection),
         * so that every state of the chain is distributed as the target. */
        while (!draw_assignment(ctx, rng, cur, &chain_taken)) {
            if (++rejects >= max_rejects) {
                code = OE_EQ_NO_DEAL;
                break;
            }
            if ((rejects & STOP_CHECK_MASK) == 0 && stop && *stop) {
                code = OE_EQ_STOPPED;
                break;
            }
        }
        rejects = 0;
    }
    while (t < trials && code == OE_EQ_OK) {
        if ((++draws & STOP_CHECK_MASK) == 0 && stop && *stop) {
            code = OE_EQ_STOPPED;
            break;
        }
        uint64_t taken = 0;
        if (chain) {
            if (!chain_sweep(ctx, rng, cur, &chain_taken, max_rejects)) {
                code = OE_EQ_NO_DEAL;
                break;
            }
            taken = chain_taken;
        } else if (!draw_assignment(ctx, rng, cur, &taken)) {
            if (++rejects >= max_rejects) {
                code = OE_EQ_NO_DEAL;
                break;
            }
            continue;
        }
        rejects = 0;
        for (int j = 0; j < ctx->n_range; j++)
            hole[ctx->range[j]] = s->combos[ctx->range[j]] + (size_t)cur[j] * (size_t)k;
        for (int j = 0; j < ctx->n_random; j++)
            for (int i = 0; i < k; i++) random_hands[j][i] = deal_card(ctx, &dg, &taken);
        for (int i = n_board; i < 5; i++) full[i] = deal_card(ctx, &dg, &taken);

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
        oe_sink_deal(&acc.sink, high, low, board_low, 1.0);
        t++;
    }
    if (rest_counts) oe_fold_tally(&ctx->fold, rest_counts, &acc.sink);
    free(rest_counts);
    counts_close(&acc);
    *done = t;
    return code;
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
