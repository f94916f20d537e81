/* oe_deal.c -- drawing the range players' hands; the contract is oe_deal.h. */
#include <stdlib.h>
#include <string.h>

#include "oe_bits.h"
#include "oe_deal.h"

/*
 * The pilot: PILOT_DRAWS independent assignments with a fixed seed estimate
 * the share an independent draw accepts; below CONSTRAINED_BELOW the list
 * (when it is short) or the sequential sampler is used.  1/32: an accepted
 * independent deal then costs over 32 draws of every player, more than one
 * sequential draw in the spots measured (benchmarks/bench_speed.py).
 */
#define PILOT_DRAWS 4096
#define CONSTRAINED_BELOW (PILOT_DRAWS / 32)

/* A fixed-seed generator (SplitMix64) for the pilot: the choice depends on
 * the spot only, never on the user's seed or the clock. */
static uint64_t pilot_next(void *state)
{
    uint64_t z = (*(uint64_t *)state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}
static uint32_t pilot_next32(void *state) { return (uint32_t)pilot_next(state); }
static double pilot_double(void *state) { return (double)(pilot_next(state) >> 11) * 0x1.0p-53; }

int oe_deal_independent(const oe_dealer *d, bitgen_t *rng, uint32_t *cur, uint64_t *taken)
{
    uint64_t used = d->exclude;
    for (int j = 0; j < d->n; j++) {
        const uint32_t c = oe_alias_draw(&d->alias[j], rng);
        const uint64_t m = d->masks[j][c];
        if (m & used) return 0;
        used |= m;
        cur[j] = c;
    }
    *taken = used;
    return 1;
}

void oe_deal_listed(const oe_dealer *d, bitgen_t *rng, uint32_t *cur, uint64_t *taken)
{
    const uint32_t *a = d->listed + (size_t)oe_alias_draw(&d->listed_alias, rng) * (size_t)d->n;
    uint64_t used = 0;
    for (int j = 0; j < d->n; j++) {
        cur[j] = a[j];
        used |= d->masks[j][a[j]];
    }
    *taken = used;
}

/* Whether independent draws fit often enough (the pilot). */
static int fits_often(const oe_dealer *d)
{
    if (d->n < 2) return 1; /* one range: nothing to collide */
    uint64_t state = 0x5EEDu;
    bitgen_t pilot = {&state, pilot_next, pilot_next32, pilot_double, pilot_next};
    uint32_t cur[OE_DEAL_MAX_RANGES];
    uint64_t taken;
    int accepted = 0;
    for (int i = 0; i < PILOT_DRAWS; i++) accepted += oe_deal_independent(d, &pilot, cur, &taken);
    return accepted >= CONSTRAINED_BELOW;
}

/* The list of every assignment that fits, searched depth first in the
 * dealer's order (so a deterministic list); its weights. */
typedef struct {
    const oe_dealer *d;
    uint32_t cur[OE_DEAL_MAX_RANGES];
    uint64_t budget;
    size_t n, cap;
    uint32_t *rows;
    double *weights;
    int full;
} listing;

static int list_from(listing *L, int t, uint64_t used, double w)
{
    const oe_dealer *d = L->d;
    if (t == d->n) {
        if (L->n == L->cap) {
            L->full = 1;
            return 0;
        }
        memcpy(L->rows + L->n * (size_t)d->n, L->cur, (size_t)d->n * sizeof *L->cur);
        L->weights[L->n++] = w;
        return 1;
    }
    const int j = d->order[t];
    for (size_t c = 0; c < d->K[j]; c++) {
        if (!L->budget--) {
            L->full = 1;
            return 0;
        }
        if (d->masks[j][c] & used) continue;
        L->cur[j] = (uint32_t)c;
        if (!list_from(L, t + 1, used | d->masks[j][c], w * d->weights[j][c])) return 0;
    }
    return 1;
}

/* List the assignments that fit, when there are at most OE_DEAL_MAX_LISTED
 * and the search ends within its budget: 1 listed, 0 not (too many), -1
 * out of memory. */
static int make_list(oe_dealer *d)
{
    listing L = {d, {0}, OE_DEAL_LIST_BUDGET, 0, OE_DEAL_MAX_LISTED, NULL, NULL, 0};
    L.rows = malloc(L.cap * (size_t)d->n * sizeof *L.rows);
    L.weights = malloc(L.cap * sizeof *L.weights);
    if (!L.rows || !L.weights) {
        free(L.rows);
        free(L.weights);
        return -1;
    }
    list_from(&L, 0, 0, 1.0);
    int made = !L.full && L.n > 0;
    if (made) {
        d->n_listed = L.n;
        d->listed = L.rows;
        if (oe_alias_build(&d->listed_alias, L.weights, L.n) != 0) made = -1;
    } else {
        free(L.rows);
    }
    free(L.weights);
    return made;
}

static void bits_free(oe_deal_bits *b)
{
    for (int x = 0; x < 52; x++) free(b->holding[x]);
    for (int c = 0; c < OE_DEAL_CLASSES; c++) free(b->class_bits[c]);
    free(b->all);
    memset(b, 0, sizeof *b);
}

/* The bitsets of one range: which combos hold each card, and of each weight. */
static int bits_build(oe_deal_bits *b, size_t K, const double *w, const uint64_t *masks)
{
    memset(b, 0, sizeof *b);
    b->words = (K + 63) / 64;
    b->all = calloc(b->words, sizeof *b->all);
    if (!b->all) return -1;
    for (size_t c = 0; c < K; c++) {
        b->all[c / 64] |= (uint64_t)1 << (c % 64);
        b->total += w[c];
        for (uint64_t m = masks[c]; m; m &= m - 1) {
            const int x = oe_ctz64(m);
            if (!b->holding[x] && !(b->holding[x] = calloc(b->words, sizeof(uint64_t)))) return -1;
            b->holding[x][c / 64] |= (uint64_t)1 << (c % 64);
        }
    }
    /* weight classes, when the weights take few values */
    int classes = 0;
    for (size_t c = 0; c < K && classes <= OE_DEAL_CLASSES; c++) {
        int found = 0;
        while (found < classes && b->class_weight[found] != w[c]) found++;
        if (found == classes) {
            if (classes == OE_DEAL_CLASSES) {
                classes = OE_DEAL_CLASSES + 1; /* too many: sum the weights instead */
                break;
            }
            b->class_weight[classes] = w[c];
            if (!(b->class_bits[classes] = calloc(b->words, sizeof(uint64_t)))) return -1;
            classes++;
        }
        b->class_bits[found][c / 64] |= (uint64_t)1 << (c % 64);
    }
    if (classes > OE_DEAL_CLASSES) {
        for (int i = 0; i < OE_DEAL_CLASSES; i++) {
            free(b->class_bits[i]);
            b->class_bits[i] = NULL;
        }
        classes = 0;
    }
    b->classes = classes;
    return 0;
}

void oe_dealer_free(oe_dealer *d)
{
    for (int j = 0; j < OE_DEAL_MAX_RANGES; j++) {
        oe_alias_free(&d->alias[j]);
        bits_free(&d->bits[j]);
    }
    free(d->listed);
    d->listed = NULL;
    oe_alias_free(&d->listed_alias);
}

int oe_dealer_init(oe_dealer *d, int n, const size_t *K, const double *const *weights,
                   const uint64_t *const *masks, int sampler)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    for (int j = 0; j < n; j++) {
        d->K[j] = K[j];
        d->weights[j] = weights[j];
        d->masks[j] = masks[j];
        if (oe_alias_build(&d->alias[j], weights[j], K[j]) != 0) return -1;
    }
    /* the tightest ranges first: a constrained draw (or search) where few
     * combos are left */
    for (int j = 0; j < n; j++) d->order[j] = j;
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && K[d->order[b]] < K[d->order[b - 1]]; b--) {
            const int t = d->order[b];
            d->order[b] = d->order[b - 1];
            d->order[b - 1] = t;
        }
    d->sampler = sampler;
    if (!sampler) {
        d->sampler = OE_DEAL_INDEPENDENT;
        if (!fits_often(d)) {
            const int listed = make_list(d);
            if (listed < 0) return -1;
            d->sampler = listed ? OE_DEAL_LISTED : OE_DEAL_SEQUENTIAL;
        }
    } else if (sampler == OE_DEAL_LISTED) {
        const int listed = make_list(d);
        if (listed < 0) return -1;
        if (!listed) d->sampler = OE_DEAL_SEQUENTIAL; /* too many to list */
    }
    if (d->sampler != OE_DEAL_SEQUENTIAL) return 0;
    for (int j = 0; j < n; j++)
        if (bits_build(&d->bits[j], K[j], weights[j], masks[j]) != 0) return -1;
    return 0;
}

/* The r-th set bit (0-based) of a word holding more than r set bits. */
static inline int nth_bit(uint64_t w, uint64_t r)
{
    for (; r; r--) w &= w - 1;
    return oe_ctz64(w);
}

/* A combo of range j by its weights among those sharing no card with
 * `used`; writes it to *pick and returns their total weight (0: none). */
static double draw_compatible(const oe_dealer *d, int j, bitgen_t *rng, uint64_t used,
                              uint64_t *scratch, uint32_t *pick)
{
    const oe_deal_bits *b = &d->bits[j];
    const size_t words = b->words;
    memcpy(scratch, b->all, words * sizeof *scratch);
    for (uint64_t m = used; m; m &= m - 1) {
        const uint64_t *hold = b->holding[oe_ctz64(m)];
        if (hold)
            for (size_t i = 0; i < words; i++) scratch[i] &= ~hold[i];
    }
    if (b->classes) {
        uint64_t count[OE_DEAL_CLASSES];
        double total = 0.0;
        for (int c = 0; c < b->classes; c++) {
            uint64_t k = 0;
            for (size_t i = 0; i < words; i++)
                k += (uint64_t)oe_popcount64(scratch[i] & b->class_bits[c][i]);
            count[c] = k;
            total += b->class_weight[c] * (double)k;
        }
        if (total <= 0.0) return 0.0;
        const double u = rng->next_double(rng->state) * total;
        double at = 0.0;
        int c = 0;
        for (; c < b->classes - 1; c++) {
            at += b->class_weight[c] * (double)count[c];
            if (u < at && count[c]) break;
        }
        while (!count[c]) c--; /* rounding at the top end: the last class with combos */
        uint64_t frac;
        uint64_t r = oe_below(rng, count[c], (0 - count[c]) % count[c], &frac);
        for (size_t i = 0;; i++) {
            const uint64_t w = scratch[i] & b->class_bits[c][i];
            const uint64_t k = (uint64_t)oe_popcount64(w);
            if (r < k) {
                *pick = (uint32_t)(i * 64 + (size_t)nth_bit(w, r));
                return total;
            }
            r -= k;
        }
    }
    /* many distinct weights: sum them over the compatible combos */
    const double *weight = d->weights[j];
    double total = 0.0;
    for (size_t i = 0; i < words; i++)
        for (uint64_t w = scratch[i]; w; w &= w - 1) total += weight[i * 64 + (size_t)oe_ctz64(w)];
    if (total <= 0.0) return 0.0;
    const double u = rng->next_double(rng->state) * total;
    double at = 0.0;
    size_t last = 0;
    for (size_t i = 0; i < words; i++)
        for (uint64_t w = scratch[i]; w; w &= w - 1) {
            last = i * 64 + (size_t)oe_ctz64(w);
            at += weight[last];
            if (u < at) {
                *pick = (uint32_t)last;
                return total;
            }
        }
    *pick = (uint32_t)last; /* rounding: the last compatible combo */
    return total;
}

size_t oe_deal_scratch_words(const oe_dealer *d)
{
    size_t most = 1;
    for (int j = 0; j < d->n; j++)
        if (d->bits[j].words > most) most = d->bits[j].words;
    return most;
}

double oe_deal_sequential(const oe_dealer *d, bitgen_t *rng, uint32_t *cur, uint64_t *taken,
                          uint64_t *scratch)
{
    uint64_t used = 0;
    double omega = 1.0;
    for (int t = 0; t < d->n; t++) {
        const int j = d->order[t];
        uint32_t c = 0;
        if (t == 0) {
            c = oe_alias_draw(&d->alias[j], rng); /* nothing drawn yet: every combo fits */
        } else {
            const double fit = draw_compatible(d, j, rng, used, scratch, &c);
            if (fit <= 0.0) return 0.0;
            omega *= fit / d->bits[j].total;
        }
        cur[j] = c;
        used |= d->masks[j][c];
    }
    *taken = used;
    return omega;
}
