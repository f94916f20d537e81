/* oe_graph.c -- many hands of one player against the same opponents; the
 * contract is oe_graph.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oe_graph.h"
#include "oe_spot.h"

struct oe_graph {
    oe_eq_ctx *ctx; /* the spot, the hero holding some hand */
    int hero;
    int slot;       /* the hero's entry in ctx->fold.hands */
};

oe_graph *oe_graph_new(const oe_eq_spot *spot, int hero)
{
    oe_graph *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    oe_eq_spot s = *spot;
    s.sampler = OE_EQ_SAMPLER_INDEPENDENT;
    g->hero = hero;
    g->ctx = oe_eq_new(&s);
    if (!g->ctx) {
        free(g);
        return NULL;
    }
    g->slot = -1;
    for (int j = 0; j < g->ctx->fold.n_hands; j++)
        if (g->ctx->fold.hands[j].player == hero) g->slot = j;
    return g;
}

void oe_graph_free(oe_graph *g)
{
    if (!g) return;
    oe_eq_free(g->ctx);
    free(g);
}

/* ------------------------------------------------------------ generator */

/* xoshiro256** (Blackman and Vigna), seeded through SplitMix64's mix. */
static inline uint64_t rotl(uint64_t x, int r) { return x << r | x >> (64 - r); }

static uint64_t xo_next(void *state)
{
    uint64_t *s = state;
    const uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}
static uint32_t xo_next32(void *state) { return (uint32_t)(xo_next(state) >> 32); }
static double xo_double(void *state) { return (double)(xo_next(state) >> 11) * 0x1.0p-53; }

static uint64_t mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static void xo_seed(uint64_t *s, const uint64_t *key, uint64_t index)
{
    uint64_t h = mix64(index);
    for (int j = 0; j < 4; j++) {
        h = mix64(h ^ key[j]);
        s[j] = h;
    }
    if (!(s[0] | s[1] | s[2] | s[3])) s[0] = 1; /* the one state xoshiro must avoid */
}

/* ------------------------------------------------------------ one hand */

/* The hero's standard error of equity from its histogram so far (NaN with
 * fewer than two trials), as Sums.stderr computes it for weight-1 trials. */
static double hero_stderr(int n, int hero, const double *outcome, uint64_t count)
{
    double sums[OE_EQ_MAX_PLAYERS * OE_EQ_SUMS] = {0}, deal[OE_EQ_DEAL_SUMS] = {0};
    oe_eq_summarize(n, outcome, sums, deal);
    const double total = deal[OE_EQ_DEAL_TOTAL];
    if (count <= 1 || total <= 0.0) return NAN;
    const double *s = sums + (size_t)hero * OE_EQ_SUMS;
    const double eq = s[OE_EQ_HI_SHARE] / total + s[OE_EQ_LO_SHARE] / total;
    double var = s[OE_EQ_SHARE_SQ] / total - eq * eq;
    if (var < 0.0) var = 0.0;
    var /= total;
    return sqrt(var * (double)count / (double)(count - 1));
}

/* The next block's size, or 0 when the hand is done. */
static uint64_t next_block(const oe_graph_rule *r, uint64_t done, double error)
{
    if (done >= r->trials) return 0;
    const uint64_t left = r->trials - done;
    uint64_t size;
    if (r->target <= 0.0) {
        size = r->block_max;
    } else if (!done) {
        size = r->first;
    } else {
        if (error <= r->target) return 0; /* NaN: not reached */
        const double ratio = error / r->target; /* errors shrink as 1/sqrt(trials) */
        double wanted = 0.0;
        if (isfinite(error)) wanted = ceil((double)done * ratio * ratio * r->overshoot);
        size = r->block_min;
        if (wanted > (double)(done + r->block_min)) {
            const double more = wanted - (double)done;
            size = more >= (double)left ? left : (uint64_t)more;
        }
    }
    return size < left ? size : left;
}

int oe_graph_run(const oe_graph *g, const uint8_t *hands, size_t m, const uint64_t *index,
                 const uint64_t *key, const oe_graph_rule *rule, uint64_t budget,
                 double *outcome, double *makes_low, double *breakdown, uint64_t *done,
                 double *error_out, size_t *finished, const volatile int *stop)
{
    const oe_eq_ctx *base = g->ctx;
    const int n = base->s.n, k = base->s.k;
    const size_t cells = (size_t)1 << (2 * n);
    const size_t n_rest = base->fold.n_rest;
    *finished = 0;
    oe_eq_ctx *c = malloc(sizeof *c);
    uint32_t *fold = malloc(n_rest * sizeof *fold);
    if (!c || !fold) {
        free(c);
        free(fold);
        return OE_EQ_NO_MEMORY;
    }
    const uint64_t known = base->s.known; /* without the hero's cards: oe_graph_new */
    int code = OE_EQ_OK;
    uint64_t drawn = 0; /* the trials of this call */
    for (size_t i = 0; i < m && code == OE_EQ_OK && (!budget || drawn < budget); i++) {
        const uint8_t *hand = hands + i * (size_t)k;
        uint64_t mask = 0;
        for (int j = 0; j < k; j++) mask |= (uint64_t)1 << hand[j];
        /* the spot with the hero holding this hand */
        memcpy(c, base, sizeof *c);
        c->s.combos[g->hero] = hand;
        c->s.known = known | mask;
        c->n_deck = 0;
        for (int x = 0; x < OE_NUM_CARDS; x++)
            if (!(c->s.known >> x & 1u)) c->deck[c->n_deck++] = (uint8_t)x;
        if (c->n_deck) oe_digit_spec_init(&c->deck_digits, (uint64_t)c->n_deck);
        if (g->slot >= 0) {
            oe_fold one = c->fold;
            one.n_hands = 0;
            oe_fold_hand(&one, hand, k, g->hero, fold);
            c->fold.hands[g->slot] = one.hands[0];
            c->fold.flush_any = 0;
            for (int j = 0; j < c->fold.n_hands; j++)
                c->fold.flush_any |= c->fold.hands[j].flush_suits;
        }
        c->dealer.exclude = mask;
        /* its trials, from its own generator */
        uint64_t state[4];
        xo_seed(state, key, index[i]);
        bitgen_t rng = {state, xo_next, xo_next32, xo_double, xo_next};
        double *out = outcome + i * cells, *ml = makes_low + i * (size_t)n;
        double *bd = breakdown + i * (size_t)n * OE_EQ_BREAKDOWN;
        uint64_t count = 0;
        double error = NAN;
        for (uint64_t size; (size = next_block(rule, count, error)) > 0;) {
            if (stop && *stop) {
                code = OE_EQ_STOPPED;
                break;
            }
            uint64_t got = 0;
            code = oe_eq_monte_carlo(c, &rng, size, rule->max_rejects, out, NULL, ml, bd, &got,
                                     stop);
            count += got;
            if (code != OE_EQ_OK) break;
            if (rule->target > 0.0) error = hero_stderr(n, g->hero, out, count);
        }
        done[i] = count;
        error_out[i] = hero_stderr(n, g->hero, out, count);
        drawn += count;
        if (code == OE_EQ_OK) *finished = i + 1;
    }
    free(c);
    free(fold);
    return code;
}
