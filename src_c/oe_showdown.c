/*
 * oe_showdown.c -- the heads-up showdown of two sets of hands on a complete
 * board; the contract is in oe_showdown.h.
 *
 * Card removal.  A hero hand meets the villain hands that share no card
 * with it.  Sums over them are taken by inclusion-exclusion over the
 * subsets S of the hero's cards of size 0 to 3: a table holds, for each
 * subset, the sum over the villains (inserted so far) that contain it, and
 *
 *   sum over live v = sum_{|S| <= 3} (-1)^|S| table[S]
 *                     + sum over v sharing t >= 4 cards of C(t-1, 3) term(v),
 *
 * since a villain sharing t cards is counted sum_{j <= 3} (-1)^j C(t, j) =
 * -C(t-1, 3) times: once for t = 0, never for t = 1, 2, 3.  Subsets of
 * three cards leave only the villains sharing four or more cards to correct
 * (with four-card hands, the hero's own hand): few, and fixed by the
 * question, so listed once (make_fixes).  A table has a row per subset
 * that both sides hold (at most 1 + 52 + 1,326 + 22,100): one no villain
 * holds adds nothing to a hero's sums and one no hero holds is never read,
 * so each hand keeps only its rows among those, the subsets of even size
 * (sign +) first.  The same rows serve the other way (heroes inserted,
 * villains reading): the villain's side of the river showdown.
 *
 * A hero that blocks almost all of the villains' weight would lose digits to
 * that cancellation in the street kernel, whose shares are divided by the
 * live weight: it is summed directly over the villains it does not block
 * (a list made once; the solver's sums, not divided, need no such care).
 *
 * Sweeps.  On a board, hands are taken by increasing high value; the
 * villains of each value are inserted into the table, and a hero of that
 * value reads it just before (the villains with a lower high), just after
 * (lower or equal) and at the end (all).  The differences give the
 * villains below, equal and above.
 *
 *   cells: a row holds [T, Z] or [T, 0, C_1 .. C_n]: T the weight, Z the
 *     weight of the villains with a low, C_c the weight of those whose low
 *     is among the c lowest of the n lows present on the board (C_n = Z,
 *     column 1 a zero for C_0).  A hero with low L (at position p) reads T,
 *     Z, C_(p-1) and C_p three times: the twelve sums of its outcome
 *     classes (villain's high below, equal, above x villain's low none,
 *     better, equal, worse for the hero) follow by differences.  Where no
 *     villain has a low, a row is [T]; where no hero has one, [T, Z].
 *
 *   shares: no joint sum of high and low is needed, since a pair's pot
 *     share is a sum of a term of the high comparison and one of the low
 *     (for a hero without a low, two terms of the high comparison: against
 *     villains without and with a low).  classes_build checks that the
 *     rule of oe_split.h takes this form:
 *
 *       hero with a low:    share = alpha[high cmp] + beta[low class]
 *       hero without a low: share = gamma0[high cmp] (villain without a low)
 *                                   gamma2[high cmp] (villain with a low)
 *
 *     so a high sweep with rows [T, Z] (T reach vectors each) and a low
 *     sweep (hands by increasing low) with rows [T] give every sum; their
 *     orders are made once, with the hands' values (oe_river_new).
 */
#include "oe_showdown.h"

#include <stdlib.h>
#include <string.h>

#include "oe_bits.h"
#include "oe_equity.h"
#include "oe_pairs.h"
#include "oe_split.h"
#include "oe_tables.h"

#define N_SUBSETS (1 + 52 + 1326 + 22100) /* card subsets of size 0..3 */
#define MAX_SUBSETS (1 + 6 + 15 + 20)      /* of a six-card hand */
#define N_QUADS 270725                     /* C(52, 4) */
#define N_LOWS (OE_LOW_MAX + 1)            /* low values 0..56 */
#define N_HIGHS (OE_HIGH_MAX + 1)          /* high values 0..7462 */

/* Below this live / total weight ratio a hero is summed directly: the
 * inclusion-exclusion's error, relative to the live weight, grows as
 * total / live. */
#define CANCEL_LIMIT (1.0 / 64.0)

/* ------------------------------------------------------------------------
 * Card subsets.
 * ------------------------------------------------------------------------ */

/* The k cards of a hand in ascending order (k <= 6: insertion sort). */
static void sorted_cards(const uint8_t *hole, int k, uint8_t *c)
{
    memcpy(c, hole, (size_t)k);
    for (int a = 1; a < k; a++)
        for (int b = a; b > 0 && c[b - 1] > c[b]; b--) {
            uint8_t tmp = c[b];
            c[b] = c[b - 1];
            c[b - 1] = tmp;
        }
}

static int subset_count(int k) { return 1 + k + k * (k - 1) / 2 + k * (k - 1) * (k - 2) / 6; }

/* Ids of a hand's subsets of size <= 3 (empty 0, cards 1..52, pairs and
 * triples by colex rank after them), those of even size first; returns how
 * many have even size. */
static int hand_subsets(const uint8_t *hole, int k, int *id)
{
    uint8_t c[OE_MAX_HOLE];
    sorted_cards(hole, k, c);
    int n = 0;
    id[n++] = 0;
    for (int b = 1; b < k; b++)
        for (int a = 0; a < b; a++) id[n++] = 1 + 52 + c[a] + c[b] * (c[b] - 1) / 2;
    const int plus = n;
    for (int a = 0; a < k; a++) id[n++] = 1 + c[a];
    for (int d = 2; d < k; d++)
        for (int b = 1; b < d; b++)
            for (int a = 0; a < b; a++)
                id[n++] = 1 + 52 + 1326 + c[a] + c[b] * (c[b] - 1) / 2 +
                          c[d] * (c[d] - 1) * (c[d] - 2) / 6;
    return plus;
}

/* One hand's table rows: the first `plus` with sign +, the rest of the `n`
 * with sign -. */
typedef struct {
    const uint16_t *row;
    int plus, n;
} hand_rows;

static inline hand_rows rows_of(const oe_sd_removal *r, int s, size_t i)
{
    const hand_rows h = {r->rows[s] + i * (size_t)r->width[s], r->plus[s][i], r->count[s][i]};
    return h;
}

/* The signed sum over a hand's rows of column `col` of a table. */
static inline double signed_sum(const double *t, size_t stride, hand_rows h, size_t col)
{
    double s = 0.0;
    for (int q = 0; q < h.plus; q++) s += t[h.row[q] * stride + col];
    for (int q = h.plus; q < h.n; q++) s -= t[h.row[q] * stride + col];
    return s;
}

/* ------------------------------------------------------------------------
 * Card removal, once per question.
 * ------------------------------------------------------------------------ */

/* The colex rank (0..C(52,4)-1) and the mask of each four-card subset of a
 * hand's ascending cards; returns how many (C(k, 4)). */
static int hand_quads(const uint8_t *c, int k, uint32_t *rank, uint64_t *mask)
{
    int n = 0;
    for (int d = 3; d < k; d++)
        for (int b2 = 2; b2 < d; b2++)
            for (int b1 = 1; b1 < b2; b1++)
                for (int b0 = 0; b0 < b1; b0++, n++) {
                    const uint32_t x0 = c[b0], x1 = c[b1], x2 = c[b2], x3 = c[d];
                    rank[n] = x0 + x1 * (x1 - 1) / 2 + x2 * (x2 - 1) * (x2 - 2) / 6 +
                              x3 * (x3 - 1) * (x3 - 2) * (x3 - 3) / 24;
                    mask[n] = (uint64_t)1 << x0 | (uint64_t)1 << x1 | (uint64_t)1 << x2 |
                              (uint64_t)1 << x3;
                }
    return n;
}

/* The four lowest set bits of x. */
static inline uint64_t lowest_bits4(uint64_t x)
{
    uint64_t out = 0;
    for (int i = 0; i < 4 && x; i++) {
        const uint64_t b = x & (~x + 1);
        out |= b;
        x ^= b;
    }
    return out;
}

#define MAX_QUADS 15 /* C(6, 4) */

/* C(t-1, 3) for t = 0..6 shared cards. */
static const uint8_t removal_coef[7] = {0, 0, 0, 0, 1, 4, 10};

/* Appends one entry to side 0's fix list, growing it as needed. */
static int push_fix(oe_sd_removal *r, size_t *cap, size_t n, uint32_t other, uint8_t coef)
{
    if (n == *cap) {
        const size_t more = *cap ? 2 * *cap : 1024;
        uint32_t *o = realloc(r->fix_other[0], more * sizeof *o);
        if (o) r->fix_other[0] = o;
        uint8_t *c = realloc(r->fix_coef[0], more);
        if (c) r->fix_coef[0] = c;
        if (!o || !c) return -1;
        *cap = more;
    }
    r->fix_other[0][n] = other;
    r->fix_coef[0][n] = coef;
    return 0;
}

/* The villains sharing four or more cards with each hero, through lists of
 * villains by four-card subset; each is found once, from the list of its
 * four lowest shared cards. */
static int make_fixes(oe_sd_removal *r, const oe_sd_side *hero, const oe_sd_side *villain)
{
    int status = -1;
    uint32_t *start = calloc(N_QUADS + 2, sizeof *start);
    uint32_t *list = NULL, rank[MAX_QUADS];
    uint64_t mask[MAX_QUADS];
    uint8_t c[OE_MAX_HOLE];
    r->fix_start[0] = calloc(hero->n + 1, sizeof *r->fix_start[0]);
    if (!start || !r->fix_start[0]) goto done;
    size_t entries = 0;
    for (size_t j = 0; j < villain->n; j++) {
        sorted_cards(villain->cards + j * (size_t)villain->k, villain->k, c);
        const int nq = hand_quads(c, villain->k, rank, mask);
        for (int q = 0; q < nq; q++) start[rank[q] + 2]++;
        entries += (size_t)nq;
    }
    for (uint32_t x = 2; x < N_QUADS + 2; x++) start[x] += start[x - 1];
    list = malloc((entries + 1) * sizeof *list);
    if (!list) goto done;
    for (size_t j = 0; j < villain->n; j++) { /* start[x + 1] runs up to the end of list x */
        sorted_cards(villain->cards + j * (size_t)villain->k, villain->k, c);
        const int nq = hand_quads(c, villain->k, rank, mask);
        for (int q = 0; q < nq; q++) list[start[rank[q] + 1]++] = (uint32_t)j;
    }
    size_t n_fix = 0, cap = 0;
    for (size_t i = 0; i < hero->n; i++) {
        r->fix_start[0][i] = n_fix;
        sorted_cards(hero->cards + i * (size_t)hero->k, hero->k, c);
        const int nq = hand_quads(c, hero->k, rank, mask);
        for (int q = 0; q < nq; q++)
            for (uint32_t e = start[rank[q]]; e < start[rank[q] + 1]; e++) {
                const uint64_t shared = villain->mask[list[e]] & hero->mask[i];
                if (lowest_bits4(shared) != mask[q]) continue;
                if (push_fix(r, &cap, n_fix++, list[e], removal_coef[oe_popcount64(shared)]))
                    goto done;
            }
    }
    r->fix_start[0][hero->n] = n_fix;
    status = push_fix(r, &cap, n_fix, 0, 0); /* never empty: NULL means out of memory */
done:
    free(start);
    free(list);
    return status;
}

/* Side 1's fix lists: side 0's, transposed. */
static int transpose_fixes(oe_sd_removal *r, size_t n_hero, size_t n_villain)
{
    const size_t n_fix = r->fix_start[0][n_hero];
    r->fix_start[1] = calloc(n_villain + 2, sizeof *r->fix_start[1]);
    r->fix_other[1] = malloc((n_fix + 1) * sizeof *r->fix_other[1]);
    r->fix_coef[1] = malloc(n_fix + 1);
    if (!r->fix_start[1] || !r->fix_other[1] || !r->fix_coef[1]) return -1;
    size_t *at = r->fix_start[1] + 1; /* at[j]: where villain j's next entry goes */
    for (size_t f = 0; f < n_fix; f++) at[r->fix_other[0][f] + 1]++;
    for (size_t j = 1; j <= n_villain; j++) at[j] += at[j - 1];
    for (size_t i = 0; i < n_hero; i++)
        for (size_t f = r->fix_start[0][i]; f < r->fix_start[0][i + 1]; f++) {
            const size_t e = at[r->fix_other[0][f]]++;
            r->fix_other[1][e] = (uint32_t)i;
            r->fix_coef[1][e] = r->fix_coef[0][f];
        }
    return 0;
}

/* The heroes' live weights and counts against the villains' weights, and
 * the direct lists of the heroes that block almost all of it. */
static int make_live(oe_sd_removal *r, const oe_sd_side *hero, const oe_sd_side *villain)
{
    int status = -1;
    const size_t n = hero->n;
    double *wsum = calloc(r->n_rows, sizeof *wsum);
    double *count = calloc(r->n_rows, sizeof *count); /* exact: below 2^53 */
    r->live = malloc((n + 1) * sizeof *r->live);
    r->live_count = malloc((n + 1) * sizeof *r->live_count);
    r->direct = calloc(n + 1, 1);
    r->direct_start = calloc(n + 1, sizeof *r->direct_start);
    if (!wsum || !count || !r->live || !r->live_count || !r->direct || !r->direct_start)
        goto done;
    r->total = 0.0;
    for (size_t j = 0; j < villain->n; j++) {
        const hand_rows h = rows_of(r, 1, j);
        for (int q = 0; q < h.n; q++) {
            wsum[h.row[q]] += villain->weight[j];
            count[h.row[q]] += 1.0;
        }
        r->total += villain->weight[j];
    }
    size_t n_direct = 0;
    for (size_t i = 0; i < n; i++) {
        double w = signed_sum(wsum, 1, rows_of(r, 0, i), 0);
        double c = signed_sum(count, 1, rows_of(r, 0, i), 0);
        for (size_t f = r->fix_start[0][i]; f < r->fix_start[0][i + 1]; f++) {
            w += r->fix_coef[0][f] * villain->weight[r->fix_other[0][f]];
            c += r->fix_coef[0][f];
        }
        r->live_count[i] = (int64_t)c;
        r->live[i] = c > 0 ? w : 0.0;
        if (c > 0 && w < CANCEL_LIMIT * r->total) {
            r->direct[i] = 1;
            n_direct += (size_t)c;
        }
    }
    r->direct_villain = malloc((n_direct + 1) * sizeof *r->direct_villain);
    if (!r->direct_villain) goto done;
    size_t p = 0;
    for (size_t i = 0; i < n; i++) {
        r->direct_start[i] = p;
        if (!r->direct[i]) continue;
        double w = 0.0;
        for (size_t j = 0; j < villain->n; j++)
            if (!(villain->mask[j] & hero->mask[i])) {
                r->direct_villain[p++] = (uint32_t)j;
                w += villain->weight[j];
            }
        r->live[i] = w; /* summed directly, as its deals will be */
    }
    r->direct_start[n] = p;
    status = p == n_direct ? 0 : -1;
done:
    free(wsum);
    free(count);
    return status;
}

/* The rows of both sides' subsets, the heroes' fixes and, when the villains
 * have weights, the live weights.  Only a subset both sides hold gets a row:
 * one no villain holds adds nothing to a hero's sums, one no hero holds is
 * never read (and the other way).  0, or -1 out of memory. */
static int removal_init(oe_sd_removal *r, const oe_sd_side *hero, const oe_sd_side *villain)
{
    memset(r, 0, sizeof *r);
    const oe_sd_side *side[2] = {hero, villain};
    uint8_t *held = calloc(N_SUBSETS, 1);
    uint16_t *map = calloc(N_SUBSETS, sizeof *map);
    int ok = held && map;
    for (int s = 0; s < 2; s++) {
        const size_t n = side[s]->n;
        r->width[s] = subset_count(side[s]->k);
        r->rows[s] = malloc((n * (size_t)r->width[s] + 1) * sizeof *r->rows[s]);
        r->plus[s] = malloc(n + 1);
        r->count[s] = malloc(n + 1);
        ok &= r->rows[s] && r->plus[s] && r->count[s];
    }
    if (!ok) {
        free(held);
        free(map);
        return -1;
    }
    /* each hand's subset ids, for now in its rows; which side holds which */
    int id[MAX_SUBSETS];
    for (int s = 0; s < 2; s++)
        for (size_t j = 0; j < side[s]->n; j++) {
            r->plus[s][j] = (uint8_t)hand_subsets(side[s]->cards + j * (size_t)side[s]->k,
                                                  side[s]->k, id);
            uint16_t *out = r->rows[s] + j * (size_t)r->width[s];
            for (int q = 0; q < r->width[s]; q++) {
                out[q] = (uint16_t)id[q];
                held[id[q]] |= (uint8_t)(1 << s);
            }
        }
    size_t rows = 0;
    for (int x = 0; x < N_SUBSETS; x++)
        if (held[x] == 3) map[x] = (uint16_t)++rows;
    r->n_rows = rows + 1;
    /* the ids become rows, those both sides hold, in place, sign + first */
    for (int s = 0; s < 2; s++)
        for (size_t j = 0; j < side[s]->n; j++) {
            uint16_t *out = r->rows[s] + j * (size_t)r->width[s];
            const int even = r->plus[s][j];
            int n = 0;
            for (int q = 0; q < r->width[s]; q++) {
                if (q == even) r->plus[s][j] = (uint8_t)n;
                if (map[out[q]]) out[n++] = map[out[q]];
            }
            r->count[s][j] = (uint8_t)n;
        }
    free(held);
    free(map);
    if (make_fixes(r, hero, villain) != 0) return -1;
    if (villain->weight && make_live(r, hero, villain) != 0) return -1;
    return 0;
}

static void removal_free(oe_sd_removal *r)
{
    for (int s = 0; s < 2; s++) {
        free(r->rows[s]);
        free(r->plus[s]);
        free(r->count[s]);
        free(r->fix_start[s]);
        free(r->fix_other[s]);
        free(r->fix_coef[s]);
    }
    free(r->live);
    free(r->live_count);
    free(r->direct);
    free(r->direct_start);
    free(r->direct_villain);
    memset(r, 0, sizeof *r);
}

/* The heroes' signed weights per row (oe_sd_pair.hero_rows): each hero
 * that meets a villain adds its weight to its rows, with their sign. */
static inline void add_signed(double *t, hand_rows h, double x)
{
    for (int q = 0; q < h.plus; q++) t[h.row[q]] += x;
    for (int q = h.plus; q < h.n; q++) t[h.row[q]] -= x;
}

static int hero_rows_init(oe_sd_pair *p)
{
    const oe_sd_removal *r = &p->removal;
    p->hero_rows = calloc(r->n_rows, sizeof *p->hero_rows);
    if (!p->hero_rows) return -1;
    for (size_t i = 0; i < p->hero.n; i++)
        if (r->live_count[i] > 0) add_signed(p->hero_rows, rows_of(r, 0, i), p->hero.weight[i]);
    return 0;
}

/* ------------------------------------------------------------------------
 * Outcome classes, from the rule of oe_split.h.
 * ------------------------------------------------------------------------ */

/* The low class of a pair from the hero's low L and the villain's l. */
static inline int low_class(int L, int l)
{
    if (!L) return l ? OE_SD_VILLAIN_LOW : OE_SD_NO_LOWS;
    return !l ? OE_SD_HERO_LOW : l < L ? OE_SD_LOW_BETTER : l == L ? OE_SD_LOW_TIE : OE_SD_LOW_WORSE;
}

/* The villain's high below (0), equal to (1) or above (2) the hero's. */
static inline int high_cmp(int H, int h) { return (h >= H) + (h > H); }

/* The low classes a hero of each kind (0: no low, 1: a low) meets, by slot
 * (-1: none), and the slot of each low class in its kind. */
static const int8_t kind_class[2][OE_SD_SLOTS] = {
    {OE_SD_NO_LOWS, OE_SD_VILLAIN_LOW, -1, -1},
    {OE_SD_HERO_LOW, OE_SD_LOW_BETTER, OE_SD_LOW_TIE, OE_SD_LOW_WORSE}};
static const uint8_t slot_of[6] = {0, 0, 1, 1, 2, 3};

static int classes_build(oe_sd_classes *c)
{
    /* a hero of values (2, L) against a villain below, equal, above */
    static const uint8_t hero_low[6] = {0, 2, 0, 2, 2, 2}, villain_low[6] = {0, 0, 2, 1, 2, 3};
    double share[3][6];
    memset(c, 0, sizeof *c);
    for (int h = 0; h < 3; h++)
        for (int lc = 0; lc < 6; lc++) {
            const uint16_t high[2] = {2, (uint16_t)(1 + h)};
            const uint8_t low[2] = {hero_low[lc], villain_low[lc]};
            const int kind = hero_low[lc] != 0, slot = slot_of[lc];
            uint32_t hw, lw;
            double hs[2], ls[2];
            oe_winners_all(2, high, low, &hw, &lw);
            oe_shares_of(2, hw, lw, hs, ls);
            c->cell[kind][h][slot] = (uint8_t)(hw << 2 | lw);
            c->hi[kind][h][slot] = hs[0];
            c->lo[kind][h][slot] = ls[0];
            c->scoop[kind][h][slot] = oe_scoops(hw, lw, 0) ? 1.0 : 0.0;
            share[h][lc] = hs[0] + ls[0];
        }
    /* the shares sweep's form (the top of this file) */
    const int8_t *with_low = kind_class[1];
    int ok = 1;
    for (int h = 0; h < 3; h++) {
        c->alpha[h] = share[h][OE_SD_HERO_LOW] - share[2][OE_SD_HERO_LOW];
        c->gamma0[h] = share[h][OE_SD_NO_LOWS];
        c->gamma2[h] = share[h][OE_SD_VILLAIN_LOW];
    }
    for (int lc = 0; lc < 6; lc++) c->beta[lc] = share[2][lc];
    for (int h = 0; h < 3; h++)
        for (int q = 0; q < OE_SD_SLOTS; q++)
            ok &= share[h][with_low[q]] == c->alpha[h] + c->beta[with_low[q]];
    /* a villain without a low is below any low: the low sweep counts them together */
    ok &= c->beta[OE_SD_HERO_LOW] == c->beta[OE_SD_LOW_BETTER];
    return ok ? 0 : -1;
}

/* ------------------------------------------------------------------------
 * A pair of sides, once per question.
 * ------------------------------------------------------------------------ */

static uint64_t card_mask(const uint8_t *hole, int k)
{
    uint64_t m = 0;
    for (int i = 0; i < k; i++) m |= (uint64_t)1 << hole[i];
    return m;
}

/* A side from the rows whose weight is > 0 (weight NULL: every row, and
 * weights 1 when `ones`, else none). */
static int side_init(oe_sd_side *s, const uint8_t *cards, size_t n, int k, const double *weight,
                     int ones)
{
    memset(s, 0, sizeof *s);
    size_t m = 0;
    for (size_t j = 0; j < n; j++) m += !weight || weight[j] > 0.0;
    s->n = m;
    s->k = k;
    s->cards = malloc(m * (size_t)k + 1);
    s->mask = malloc((m + 1) * sizeof *s->mask);
    s->weight = weight || ones ? malloc((m + 1) * sizeof *s->weight) : NULL;
    if (!s->cards || !s->mask || ((weight || ones) && !s->weight)) return -1;
    for (size_t j = 0, v = 0; j < n; j++) {
        if (weight && !(weight[j] > 0.0)) continue;
        memcpy(s->cards + v * (size_t)k, cards + j * (size_t)k, (size_t)k);
        s->mask[v] = card_mask(cards + j * (size_t)k, k);
        if (s->weight) s->weight[v] = weight ? weight[j] : 1.0;
        v++;
    }
    return 0;
}

static void side_free(oe_sd_side *s)
{
    free(s->cards);
    free(s->mask);
    free(s->weight);
    memset(s, 0, sizeof *s);
}

int oe_sd_pair_init(oe_sd_pair *p, const uint8_t *hero, size_t n_hero, int k_hero,
                    const double *hero_weight, const uint8_t *villain, size_t n_villain,
                    int k_villain, const double *villain_weight, int game)
{
    memset(p, 0, sizeof *p);
    p->has_low = OE_GAME_HAS_LOW(game);
    int status = -2;
    if (classes_build(&p->classes) != 0) goto fail;
    status = -1;
    /* every hero keeps its row (the outputs line up with them) */
    if (side_init(&p->hero, hero, n_hero, k_hero, NULL, 1) != 0) goto fail;
    if (hero_weight)
        for (size_t i = 0; i < n_hero; i++) p->hero.weight[i] = hero_weight[i];
    if (side_init(&p->villain, villain, n_villain, k_villain, villain_weight, 1) != 0) goto fail;
    if (removal_init(&p->removal, &p->hero, &p->villain) != 0 ||
        transpose_fixes(&p->removal, p->hero.n, p->villain.n) != 0 || hero_rows_init(p) != 0)
        goto fail;
    return 0;
fail:
    oe_sd_pair_free(p);
    return status;
}

void oe_sd_pair_free(oe_sd_pair *p)
{
    side_free(&p->hero);
    side_free(&p->villain);
    removal_free(&p->removal);
    free(p->hero_rows);
    p->hero_rows = NULL;
}

/* ------------------------------------------------------------------------
 * One board: values and orders.
 * ------------------------------------------------------------------------ */

struct oe_sd_work {
    oe_pair_values pv;
    uint8_t nut_low;          /* the board's nut low (0: none possible) */
    uint16_t *hh, *vh;        /* high per hand on this board; 0 = not dealt */
    uint8_t *hl, *vl;
    uint32_t *h_start, *v_start; /* by high: bucket x = order[start[x] .. start[x + 1]) */
    uint32_t *h_order, *v_order;
    double *q;                /* 8 reads per swept hero, by sweep position */
    double *table;            /* removal.n_rows x stride */
    size_t table_size;
    double *hs;               /* removal.n_rows: hero_rows less the heroes not dealt */
};

void oe_sd_work_free(oe_sd_work *w)
{
    if (!w) return;
    free(w->hh);
    free(w->vh);
    free(w->hl);
    free(w->vl);
    free(w->h_start);
    free(w->v_start);
    free(w->h_order);
    free(w->v_order);
    free(w->q);
    free(w->table);
    free(w->hs);
    free(w);
}

oe_sd_work *oe_sd_work_new(const oe_sd_pair *p)
{
    oe_sd_work *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    const size_t n = p->hero.n, m = p->villain.n;
    w->hh = malloc((n + 1) * sizeof *w->hh);
    w->vh = malloc((m + 1) * sizeof *w->vh);
    w->hl = malloc(n + 1);
    w->vl = malloc(m + 1);
    w->h_start = malloc((N_HIGHS + 1) * sizeof *w->h_start);
    w->v_start = malloc((N_HIGHS + 1) * sizeof *w->v_start);
    w->h_order = malloc((n + 1) * sizeof *w->h_order);
    w->v_order = malloc((m + 1) * sizeof *w->v_order);
    w->q = malloc((n + 1) * 8 * sizeof *w->q);
    w->hs = malloc(p->removal.n_rows * sizeof *w->hs);
    if (!w->hh || !w->vh || !w->hl || !w->vl || !w->h_start || !w->v_start || !w->h_order ||
        !w->v_order || !w->q || !w->hs) {
        oe_sd_work_free(w);
        return NULL;
    }
    return w;
}

/* Counting sort of the hands with high > 0 (and not skipped) by high:
 * bucket x is order[start[x] .. start[x + 1]). */
static void bucket_by_high(const uint16_t *high, const uint8_t *skip, size_t n, uint32_t *start,
                           uint32_t *order)
{
    memset(start, 0, (N_HIGHS + 1) * sizeof *start);
    for (size_t i = 0; i < n; i++)
        if (high[i] && !(skip && skip[i])) start[high[i] + 1]++;
    for (int x = 0; x < N_HIGHS; x++) start[x + 1] += start[x];
    for (size_t i = 0; i < n; i++)
        if (high[i] && !(skip && skip[i])) order[start[high[i]]++] = (uint32_t)i;
    /* each start[x] now points at the end of bucket x: shift back */
    for (int x = N_HIGHS; x > 0; x--) start[x] = start[x - 1];
    start[0] = 0;
}

/* The values of a side's hands; 0 for those not dealt (holding a card of
 * `taken`, or meeting no villain: live_count 0).  Every hand is valued
 * (a pair with a board card reads a defined entry) and the value then
 * dropped: no branch on the cards. */
static void value_side(const oe_pair_values *pv, const oe_sd_side *s, uint64_t taken,
                       const int64_t *live_count, uint16_t *high, uint8_t *low)
{
    const int k = s->k;
    for (size_t i = 0; i < s->n; i++) {
        uint16_t h;
        uint8_t l;
        if (k == 4) oe_pair_hand_value4(pv, s->cards + i * 4, &h, &l);
        else oe_pair_hand_value(pv, s->cards + i * (size_t)k, k, &h, &l);
        const int dealt = !(s->mask[i] & taken) && !(live_count && live_count[i] == 0);
        high[i] = dealt ? h : 0;
        low[i] = dealt ? l : 0;
    }
}

void oe_sd_value(const oe_sd_pair *p, oe_sd_work *w, const uint8_t board[5], uint64_t taken)
{
    oe_pair_values_build(board, &w->pv);
    if (!p->has_low) memset(w->pv.low, 0, sizeof w->pv.low);
    uint8_t low_ranks = 0;
    for (int c = 0; c < 5; c++) low_ranks |= oe_low_bit[OE_RANK(board[c])];
    w->nut_low = p->has_low ? oe_nut_low[low_ranks] : 0;
    value_side(&w->pv, &p->villain, taken, NULL, w->vh, w->vl);
    value_side(&w->pv, &p->hero, taken, p->removal.live_count, w->hh, w->hl);
    bucket_by_high(w->vh, NULL, p->villain.n, w->v_start, w->v_order);
    bucket_by_high(w->hh, p->removal.direct, p->hero.n, w->h_start, w->h_order);
}

/* ------------------------------------------------------------------------
 * The cells sweep.
 * ------------------------------------------------------------------------ */

/* The table's layout on this board (the top of this file): its stride and,
 * per low value, the first column a villain with that low adds to (the
 * column of C_p, p its position; column 1 where no hero has a low). */
static size_t low_columns(const oe_sd_pair *p, const oe_sd_work *w, uint8_t *col)
{
    uint8_t present[N_LOWS] = {0};
    int villain_low = 0, hero_low = 0;
    for (size_t j = 0; j < p->villain.n; j++)
        if (w->vh[j] && w->vl[j]) present[w->vl[j]] = villain_low = 1;
    if (!villain_low) return 1;
    for (size_t i = 0; i < p->hero.n; i++)
        if (w->hh[i] && w->hl[i]) present[w->hl[i]] = hero_low = 1;
    if (!hero_low) {
        for (int l = 1; l < N_LOWS; l++) col[l] = 1;
        return 2;
    }
    size_t n = 0;
    for (int l = 1; l < N_LOWS; l++) col[l] = present[l] ? (uint8_t)(2 + n++) : 0;
    return 2 + n;
}

/* A hero's reads of the table: T, Z, C_(p-1), C_p (out[0..3]; the last two
 * where the hero has a low and the villains' lows have positions). */
static inline void read_hero(const double *t, size_t stride, hand_rows h, size_t col,
                             double *out)
{
    double a = 0.0, z = 0.0, b = 0.0, d = 0.0;
    const size_t zc = stride - 1;
    if (stride == 1) {
        a = signed_sum(t, 1, h, 0);
    } else if (!col) {
        for (int q = 0; q < h.n; q++) {
            const double *row = t + h.row[q] * stride;
            if (q < h.plus) a += row[0], z += row[zc];
            else a -= row[0], z -= row[zc];
        }
    } else {
        for (int q = 0; q < h.n; q++) {
            const double *row = t + h.row[q] * stride;
            if (q < h.plus) a += row[0], z += row[zc], b += row[col - 1], d += row[col];
            else a -= row[0], z -= row[zc], b -= row[col - 1], d -= row[col];
        }
    }
    out[0] = a;
    out[1] = z;
    out[2] = b;
    out[3] = d;
}

/* A hero's class sums x[high cmp][slot] (the slots of its kind) from its
 * reads below (r0), at most equal (r1) and all (r2): a hero without a low
 * meets villains without one (a - z) and with one (z), a hero with a low
 * villains without one (a - z) and with a worse (b), equal (d - b) or
 * better (z - d) low.  Slots 2 and 3 of a hero without a low are not
 * read. */
static inline void slots_of_reads(int L, const double *r0, const double *r1, const double *r2,
                                  double x[3][OE_SD_SLOTS])
{
    const double *r[3] = {r0, r1, r2};
    for (int h = 0; h < 3; h++) {
        double a = r[h][0], z = r[h][1], b = r[h][2], d = r[h][3];
        if (h) a -= r[h - 1][0], z -= r[h - 1][1], b -= r[h - 1][2], d -= r[h - 1][3];
        x[h][0] = a - z;
        x[h][1] = L ? b : z;
        x[h][2] = d - b;
        x[h][3] = z - d;
    }
}

/* The breakdown's low column of a hand with low l. */
static inline int low_column(int l, int nut)
{
    return !l ? OE_EQ_BD_NO_LOW : l == nut ? OE_EQ_BD_NUT_LOW : OE_EQ_BD_OTHER_LOW;
}

/* The sums over a hero's class sums: live weight, high share, low share,
 * scoop (s[0..3]); `slots` constant where inlined. */
static inline void class_totals(const oe_sd_classes *k, int kind, int slots,
                                double x[3][OE_SD_SLOTS], double s[4])
{
    double live = 0.0, hi = 0.0, lo = 0.0, scoop = 0.0;
    for (int h = 0; h < 3; h++)
        for (int c = 0; c < slots; c++) {
            const double v = x[h][c];
            live += v;
            hi += v * k->hi[kind][h][c];
            lo += v * k->lo[kind][h][c];
            scoop += v * k->scoop[kind][h][c];
        }
    s[0] = live;
    s[1] = hi;
    s[2] = lo;
    s[3] = scoop;
}

/* Hero i's class sums into the outputs. */
static void emit_hero(const oe_sd_pair *p, const oe_sd_work *w, const oe_sd_cells_out *out,
                      size_t i, double x[3][OE_SD_SLOTS])
{
    const oe_sd_classes *k = &p->classes;
    const int H = w->hh[i], L = w->hl[i], kind = L != 0, slots = kind ? OE_SD_SLOTS : 2;
    const double wi = p->hero.weight[i];
    double s[4];
    if (kind) class_totals(k, 1, OE_SD_SLOTS, x, s);
    else class_totals(k, 0, 2, x, s);
    const double live = s[0];
    if (out->hi) {
        out->hi[i] += s[1];
        out->lo[i] += s[2];
        out->scoop[i] += s[3];
    }
    if (out->cells)
        for (int h = 0; h < 3; h++)
            for (int c = 0; c < slots; c++)
                out->cells[i * OE_SD_CELLS + k->cell[kind][h][c]] += x[h][c];
    if (out->histogram)
        for (int h = 0; h < 3; h++)
            for (int c = 0; c < slots; c++) out->histogram[k->cell[kind][h][c]] += wi * x[h][c];
    if (L && out->makes_low) out->makes_low[i] += live;
    if (L && out->low_total) out->low_total[0] += wi * live;
    if (out->live) out->live[i] = live;
    if (out->breakdown) {
        out->breakdown[oe_category_of[H]] += wi * live;
        if (p->has_low) out->breakdown[low_column(L, w->nut_low)] += wi * live;
    }
}

/* A villain's terms added to a hero's class sums with coefficient cw. */
static inline void add_pair(const oe_sd_work *w, int H, int L, uint32_t j, double cw,
                            double x[3][OE_SD_SLOTS])
{
    x[high_cmp(H, w->vh[j])][slot_of[low_class(L, w->vl[j])]] += cw;
}

/* The villains' row of the breakdown: each dealt villain's weight times the
 * weight of the dealt heroes it meets, by the same card removal the other
 * way: the heroes' signed weights per row (oe_sd_pair.hero_rows, less the
 * heroes holding a runout card) summed over the villain's rows, plus the
 * heroes sharing four or more cards with it.  The villains are taken by
 * high value, so a value's sum goes to its category at once.  This row is
 * a sum over the villains, not divided by each one's weight: no villain
 * needs the direct sum. */
static void villain_breakdown(const oe_sd_pair *p, oe_sd_work *w, double *bd)
{
    const oe_sd_removal *r = &p->removal;
    double *hs = w->hs;
    memcpy(hs, p->hero_rows, r->n_rows * sizeof *hs);
    for (size_t i = 0; i < p->hero.n; i++) /* meets villains, holds a runout card */
        if (!w->hh[i] && r->live_count[i] > 0)
            add_signed(hs, rows_of(r, 0, i), -p->hero.weight[i]);
    double low[OE_EQ_BREAKDOWN] = {0.0}; /* by low column */
    for (int x = 1; x <= OE_HIGH_MAX; x++) {
        const uint32_t v0 = w->v_start[x], v1 = w->v_start[x + 1];
        if (v0 == v1) continue;
        double value = 0.0;
        for (uint32_t q = v0; q < v1; q++) {
            const uint32_t j = w->v_order[q];
            const hand_rows h = rows_of(r, 1, j);
            double met = 0.0;
            for (int c = 0; c < h.n; c++) met += hs[h.row[c]];
            for (size_t f = r->fix_start[1][j]; f < r->fix_start[1][j + 1]; f++) {
                const uint32_t i = r->fix_other[1][f];
                if (w->hh[i]) met += r->fix_coef[1][f] * p->hero.weight[i];
            }
            const double wm = p->villain.weight[j] * met;
            value += wm;
            low[low_column(w->vl[j], w->nut_low)] += wm;
        }
        bd[OE_EQ_BREAKDOWN + oe_category_of[x]] += value;
    }
    if (p->has_low)
        for (int c = OE_EQ_BD_NUT_LOW; c <= OE_EQ_BD_NO_LOW; c++) bd[OE_EQ_BREAKDOWN + c] += low[c];
}

/* A villain of weight wt into its rows: T, and the low columns from its own. */
static inline void insert_villain(double *t, size_t stride, hand_rows h, double wt, size_t first)
{
    for (int q = 0; q < h.n; q++) {
        double *row = t + h.row[q] * stride;
        row[0] += wt;
        for (size_t c = first; c < stride; c++) row[c] += wt;
    }
}

/* The sweep (the top of this file): each hero's reads just before and just
 * after the villains of its high value go into table t. */
static void sweep_cells(const oe_sd_pair *p, oe_sd_work *w, double *t, size_t stride,
                        const uint8_t *col)
{
    const oe_sd_removal *r = &p->removal;
    for (int x = 1; x <= OE_HIGH_MAX; x++) {
        const uint32_t h0 = w->h_start[x], h1 = w->h_start[x + 1];
        const uint32_t v0 = w->v_start[x], v1 = w->v_start[x + 1];
        if (h0 == h1 && v0 == v1) continue;
        for (uint32_t q = h0; q < h1; q++) {
            const uint32_t i = w->h_order[q];
            read_hero(t, stride, rows_of(r, 0, i), col[w->hl[i]], w->q + 8 * q);
        }
        for (uint32_t q = v0; q < v1; q++) {
            const uint32_t j = w->v_order[q];
            insert_villain(t, stride, rows_of(r, 1, j), p->villain.weight[j],
                           w->vl[j] ? col[w->vl[j]] : stride);
        }
        for (uint32_t q = h0; q < h1; q++) {
            const uint32_t i = w->h_order[q];
            if (v0 == v1) memcpy(w->q + 8 * q + 4, w->q + 8 * q, 4 * sizeof *w->q);
            else read_hero(t, stride, rows_of(r, 0, i), col[w->hl[i]], w->q + 8 * q + 4);
        }
    }
}

int oe_sd_cells(const oe_sd_pair *p, oe_sd_work *w, const oe_sd_cells_out *out)
{
    const oe_sd_removal *r = &p->removal;
    const oe_sd_side *V = &p->villain;
    uint8_t col[N_LOWS] = {0};
    const size_t stride = low_columns(p, w, col);
    const size_t size = r->n_rows * stride;
    if (size > w->table_size) {
        free(w->table);
        w->table = malloc(size * sizeof *w->table);
        w->table_size = w->table ? size : 0;
        if (!w->table) return -1;
    }
    double *t = w->table;
    memset(t, 0, size * sizeof *t);
    if (out->live) memset(out->live, 0, p->hero.n * sizeof *out->live);
    sweep_cells(p, w, t, stride, col);
    /* every villain is in: the reads of all, the fixes, the outputs */
    const uint32_t swept = w->h_start[N_HIGHS];
    for (uint32_t q = 0; q < swept; q++) {
        const uint32_t i = w->h_order[q];
        const int H = w->hh[i], L = w->hl[i];
        double all[4], x[3][OE_SD_SLOTS];
        read_hero(t, stride, rows_of(r, 0, i), col[L], all);
        slots_of_reads(L, w->q + 8 * q, w->q + 8 * q + 4, all, x);
        for (size_t f = r->fix_start[0][i]; f < r->fix_start[0][i + 1]; f++) {
            const uint32_t j = r->fix_other[0][f];
            if (w->vh[j]) add_pair(w, H, L, j, r->fix_coef[0][f] * V->weight[j], x);
        }
        emit_hero(p, w, out, i, x);
    }
    /* the heroes summed directly */
    for (size_t i = 0; i < p->hero.n; i++) {
        if (!r->direct[i] || !w->hh[i]) continue;
        double x[3][OE_SD_SLOTS] = {{0}};
        for (size_t d = r->direct_start[i]; d < r->direct_start[i + 1]; d++) {
            const uint32_t j = r->direct_villain[d];
            if (w->vh[j]) add_pair(w, w->hh[i], w->hl[i], j, V->weight[j], x);
        }
        emit_hero(p, w, out, i, x);
    }
    if (out->breakdown) villain_breakdown(p, w, out->breakdown);
    return 0;
}

/* ------------------------------------------------------------------------
 * The prepared river showdown and the shares sweep.
 * ------------------------------------------------------------------------ */

/* Groups of equal value over both sides, ascending: group g holds hands
 * order[s][start[s][g] .. start[s][g + 1]) of side s. */
typedef struct {
    size_t n;
    uint32_t *start[2], *order[2];
} groups;

struct oe_river {
    oe_sd_side side[2];
    oe_sd_removal removal; /* both ways */
    oe_sd_classes classes;
    int has_low;
    uint16_t *high[2];
    uint8_t *low[2];
    int any_low[2], any_no_low[2];
    groups by_high, by_low;
};

static void groups_free(groups *g)
{
    for (int s = 0; s < 2; s++) {
        free(g->start[s]);
        free(g->order[s]);
    }
}

void oe_river_free(oe_river *r)
{
    if (!r) return;
    for (int s = 0; s < 2; s++) {
        side_free(&r->side[s]);
        free(r->high[s]);
        free(r->low[s]);
    }
    removal_free(&r->removal);
    groups_free(&r->by_high);
    groups_free(&r->by_low);
    free(r);
}

/* The groups of both sides' hands by high or low value, ascending. */
static int groups_build(groups *g, const oe_river *r, int n_values, int by_low)
{
    int status = -1;
    uint32_t *count[2], *present = calloc((size_t)n_values, sizeof *present);
    count[0] = calloc((size_t)n_values, sizeof *count[0]);
    count[1] = calloc((size_t)n_values, sizeof *count[1]);
    if (!present || !count[0] || !count[1]) goto done;
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < r->side[s].n; i++) {
            const int v = by_low ? r->low[s][i] : r->high[s][i];
            count[s][v]++;
            present[v] = 1;
        }
    g->n = 0;
    for (int v = 0; v < n_values; v++) g->n += present[v];
    for (int s = 0; s < 2; s++) {
        g->start[s] = malloc((g->n + 1) * sizeof *g->start[s]);
        g->order[s] = malloc((r->side[s].n + 1) * sizeof *g->order[s]);
        if (!g->start[s] || !g->order[s]) goto done;
        /* count[s][v] becomes where value v's hands go in the order */
        uint32_t at = 0;
        size_t k = 0;
        for (int v = 0; v < n_values; v++) {
            const uint32_t c = count[s][v];
            if (present[v]) g->start[s][k++] = at;
            count[s][v] = at;
            at += c;
        }
        g->start[s][g->n] = at;
        for (size_t i = 0; i < r->side[s].n; i++)
            g->order[s][count[s][by_low ? r->low[s][i] : r->high[s][i]]++] = (uint32_t)i;
    }
    status = 0;
done:
    free(present);
    free(count[0]);
    free(count[1]);
    return status;
}

oe_river *oe_river_new(const uint8_t board[5], const uint8_t *hero, size_t n_hero, int k_hero,
                       const uint8_t *villain, size_t n_villain, int k_villain, int game)
{
    oe_river *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->has_low = OE_GAME_HAS_LOW(game);
    if (classes_build(&r->classes) != 0) goto fail;
    if (side_init(&r->side[0], hero, n_hero, k_hero, NULL, 0) != 0 ||
        side_init(&r->side[1], villain, n_villain, k_villain, NULL, 0) != 0)
        goto fail;
    oe_pair_values pv;
    oe_pair_values_build(board, &pv);
    if (!r->has_low) memset(pv.low, 0, sizeof pv.low);
    for (int s = 0; s < 2; s++) {
        const size_t n = r->side[s].n;
        r->high[s] = malloc((n + 1) * sizeof *r->high[s]);
        r->low[s] = malloc(n + 1);
        if (!r->high[s] || !r->low[s]) goto fail;
        value_side(&pv, &r->side[s], 0, NULL, r->high[s], r->low[s]);
        for (size_t i = 0; i < n; i++) {
            r->any_low[s] |= r->low[s][i] != 0;
            r->any_no_low[s] |= r->low[s][i] == 0;
        }
    }
    if (removal_init(&r->removal, &r->side[0], &r->side[1]) != 0 ||
        transpose_fixes(&r->removal, r->side[0].n, r->side[1].n) != 0 ||
        groups_build(&r->by_high, r, N_HIGHS, 0) != 0 ||
        groups_build(&r->by_low, r, N_LOWS, 1) != 0)
        goto fail;
    return r;
fail:
    oe_river_free(r);
    return NULL;
}

size_t oe_river_hands(const oe_river *r, int side) { return r->side[side].n; }

/* acc[0..T) += c * (signed sum over the rows of the T-vectors at column
 * offset `at` of a table of stride `stride`). */
static inline void read_add(const double *t, size_t stride, hand_rows h, size_t at, size_t T,
                            double c, double *acc, double *tmp)
{
    if (T == 1) {
        acc[0] += c * signed_sum(t, stride, h, at);
        return;
    }
    memset(tmp, 0, T * sizeof *tmp);
    for (int q = 0; q < h.n; q++) {
        const double *row = t + h.row[q] * stride + at;
        if (q < h.plus)
            for (size_t k = 0; k < T; k++) tmp[k] += row[k];
        else
            for (size_t k = 0; k < T; k++) tmp[k] -= row[k];
    }
    for (size_t k = 0; k < T; k++) acc[k] += c * tmp[k];
}

/* T-vector x into rows at column offset `at`. */
static inline void insert_add(double *t, size_t stride, hand_rows h, size_t at, size_t T,
                              const double *x)
{
    for (int q = 0; q < h.n; q++) {
        double *row = t + h.row[q] * stride + at;
        for (size_t k = 0; k < T; k++) row[k] += x[k];
    }
}

/* The coefficients of a hand's reads in one sweep (the top of this file):
 * of T below, at most equal and all (t[0..2]), of Z the same (z[0..2]). */
typedef struct {
    double t[3], z[3];
} read_coefs;

/* Per sweep (high, low) and kind of hand (without a low, with one). */
static void coefs_of(const oe_sd_classes *k, read_coefs high[2], read_coefs low[2])
{
    const double *a = k->alpha, *b = k->beta, *g = k->gamma0;
    double d[3];
    for (int h = 0; h < 3; h++) d[h] = k->gamma2[h] - g[h];
    high[0] = (read_coefs){{g[0] - g[1], g[1] - g[2], g[2]}, {d[0] - d[1], d[1] - d[2], d[2]}};
    high[1] = (read_coefs){{a[0] - a[1], a[1] - a[2], a[2] + b[OE_SD_LOW_WORSE]}, {0.0}};
    low[0] = (read_coefs){{0.0}, {0.0}};
    low[1] = (read_coefs){{b[OE_SD_LOW_BETTER] - b[OE_SD_LOW_TIE],
                           b[OE_SD_LOW_TIE] - b[OE_SD_LOW_WORSE], 0.0},
                          {0.0}};
}

/* Scratch of one call. */
typedef struct {
    double *rt;    /* n_o x T: the reach, hand-major */
    double *acc;   /* n_s x T: the values */
    double *lv;    /* n_s x T: the live reach, or NULL */
    double *table; /* n_rows x 2T */
    double *tmp;   /* T */
} river_scratch;

/* A hand's reads of T (and of Z where it counts) with coefficients c, z. */
static inline void read_tz(const double *t, size_t stride, hand_rows h, size_t T, int use_z,
                           double c, double z, double *acc, double *tmp)
{
    if (c != 0.0) read_add(t, stride, h, 0, T, c, acc, tmp);
    if (use_z && z != 0.0) read_add(t, stride, h, T, T, z, acc, tmp);
}

/* One sweep of side s's hands over groups of equal value (by high or by
 * low): each reads the table just before and just after the other side's
 * hands of its value go in, and at the end (with the coefficients of its
 * kind; the live reach at the end where x->lv).  Rows [T] or, use_z, [T, Z]. */
static void sweep(const oe_river *r, int s, size_t T, const groups *g, int use_z,
                  const read_coefs co[2], const river_scratch *x)
{
    const int o = 1 - s;
    const oe_sd_removal *rm = &r->removal;
    const size_t stride = use_z ? 2 * T : T;
    double *t = x->table;
    memset(t, 0, rm->n_rows * stride * sizeof *t);
    for (size_t k = 0; k < g->n; k++) {
        const uint32_t a0 = g->start[s][k], a1 = g->start[s][k + 1];
        const uint32_t b0 = g->start[o][k], b1 = g->start[o][k + 1];
        const int none = b0 == b1; /* none of the other side's: one read serves both */
        for (uint32_t q = a0; q < a1; q++) {
            const uint32_t i = g->order[s][q];
            const read_coefs *c = &co[r->low[s][i] != 0];
            read_tz(t, stride, rows_of(rm, s, i), T, use_z, c->t[0] + (none ? c->t[1] : 0.0),
                    c->z[0] + (none ? c->z[1] : 0.0), x->acc + i * T, x->tmp);
        }
        if (none) continue;
        for (uint32_t q = b0; q < b1; q++) {
            const uint32_t j = g->order[o][q];
            const hand_rows h = rows_of(rm, o, j);
            insert_add(t, stride, h, 0, T, x->rt + j * T);
            if (use_z && r->low[o][j]) insert_add(t, stride, h, T, T, x->rt + j * T);
        }
        for (uint32_t q = a0; q < a1; q++) {
            const uint32_t i = g->order[s][q];
            const read_coefs *c = &co[r->low[s][i] != 0];
            read_tz(t, stride, rows_of(rm, s, i), T, use_z, c->t[1], c->z[1], x->acc + i * T,
                    x->tmp);
        }
    }
    for (size_t i = 0; i < r->side[s].n; i++) {
        const read_coefs *c = &co[r->low[s][i] != 0];
        const hand_rows h = rows_of(rm, s, i);
        read_tz(t, stride, h, T, use_z, c->t[2], c->z[2], x->acc + i * T, x->tmp);
        if (x->lv) read_add(t, stride, h, 0, T, 1.0, x->lv + i * T, x->tmp);
    }
}

/* The hands sharing four or more cards, added back with their share. */
static void river_fixes(const oe_river *r, int s, size_t T, const river_scratch *x)
{
    const int o = 1 - s;
    const oe_sd_removal *rm = &r->removal;
    const oe_sd_classes *k = &r->classes;
    for (size_t i = 0; i < r->side[s].n; i++) {
        const int H = r->high[s][i], L = r->low[s][i];
        for (size_t f = rm->fix_start[s][i]; f < rm->fix_start[s][i + 1]; f++) {
            const uint32_t j = rm->fix_other[s][f];
            const int h = high_cmp(H, r->high[o][j]), sl = slot_of[low_class(L, r->low[o][j])];
            const double c = rm->fix_coef[s][f];
            const double share = c * (k->hi[L != 0][h][sl] + k->lo[L != 0][h][sl]);
            const double *rj = x->rt + j * T;
            for (size_t q = 0; q < T; q++) {
                x->acc[i * T + q] += share * rj[q];
                if (x->lv) x->lv[i * T + q] += c * rj[q];
            }
        }
    }
}

int oe_river_values(const oe_river *r, int s, const double *reach, size_t T, double *values,
                    double *live)
{
    const int o = 1 - s;
    const size_t ns = r->side[s].n, no = r->side[o].n;
    const int use_z = r->has_low && r->any_low[o] && r->any_no_low[s];
    river_scratch x = {0};
    x.rt = T == 1 ? (double *)reach : malloc((no * T + 1) * sizeof *x.rt);
    x.acc = T == 1 && values ? values : calloc(ns * T + 1, sizeof *x.acc);
    x.lv = !live ? NULL : T == 1 ? live : calloc(ns * T + 1, sizeof *x.lv);
    x.table = malloc((r->removal.n_rows * (use_z ? 2 : 1) * T + 1) * sizeof *x.table);
    x.tmp = malloc((T + 1) * sizeof *x.tmp);
    int status = -1;
    if (!x.rt || !x.acc || (live && !x.lv) || !x.table || !x.tmp) goto done;
    if (T == 1) {
        memset(x.acc, 0, ns * sizeof *x.acc);
        if (x.lv) memset(x.lv, 0, ns * sizeof *x.lv);
    } else {
        for (size_t q = 0; q < T; q++)
            for (size_t j = 0; j < no; j++) x.rt[j * T + q] = reach[q * no + j];
    }
    read_coefs high[2], low[2]; /* [hand without a low, with one] */
    coefs_of(&r->classes, high, low);
    if (!values) memset(high, 0, sizeof high); /* the live reach alone */
    sweep(r, s, T, &r->by_high, use_z && values, high, &x); /* the live reach here */
    if (values && r->has_low && r->any_low[s]) {
        river_scratch no_live = x;
        no_live.lv = NULL;
        sweep(r, s, T, &r->by_low, 0, low, &no_live);
    }
    river_fixes(r, s, T, &x);
    if (T > 1)
        for (size_t i = 0; i < ns; i++)
            for (size_t q = 0; q < T; q++) {
                if (values) values[q * ns + i] = x.acc[i * T + q];
                if (live) live[q * ns + i] = x.lv[i * T + q];
            }
    status = 0;
done:
    if (x.rt != reach) free(x.rt);
    if (x.acc != values) free(x.acc);
    if (x.lv != live) free(x.lv);
    free(x.table);
    free(x.tmp);
    return status;
}
