/*
 * oe_street.c -- equity vectors over the runouts of a board; the contract
 * is in oe_street.h.
 *
 * Each runout completes the board; on it, the pot split between a hero hand
 * (H, L) and a villain hand (h, l) heads-up is oe_split.h's: its shares
 * depend only on how the values compare, so the villains are summed by
 * outcome, with weights w,
 *
 *   LT/EQ the weight of villains with h < H / h == H, LT0/EQ0 the same
 *   restricted to l == 0, JOINT the weight with h < H and l < L, LOLT/LOEQ
 *   the weight with l < L / l == L (l < L includes l = 0 < L),
 *
 * and each sum is weighed by the share oe_split.h gives its outcome
 * (split_coefs, built from oe_winners_all, oe_shares_of and oe_scoops):
 *
 *   L > 0:  hi = win LT + tie EQ,   lo = low_win LOLT + low_tie LOEQ,
 *           scoop = scoop_low JOINT
 *   L = 0:  hi = win LT + tie EQ + no_low_win LT0 + no_low_tie EQ0,
 *           lo = 0, scoop = scoop_no_low LT0
 *
 * (today win 1/2, tie 1/4, no_low_win 1/2, no_low_tie 1/4, low_win 1/2,
 * low_tie 1/4, both scoops 1).  split_coefs_build checks that the rule's
 * shares take this form, so a change of the rule reaches these sums or
 * stops oe_street_new.
 *
 * Sweep, per runout: hands are bucketed by high value and swept upwards;
 * just before a hero's bucket is inserted the running sums hold exactly the
 * villains with h < H, just after it those with h <= H.  Card removal is
 * inclusion-exclusion over the hero's cards: running sums are kept for
 * every subset S of at most two cards (the empty set, 52 cards, 1,326 pairs)
 * over the villains containing S, and
 *
 *   sum over live v = sum_S (-1)^|S| sums[S] - sum over v sharing t >= 3
 *                     cards with the hero of C(t-1, 2) * term(v)
 *
 * since a villain sharing t cards is counted 1 - t + C(t,2) = C(t-1,2)
 * times by the subsets of size <= 2 (0 for t = 1, 2).  Which villains
 * share three or more cards with a hero does not depend on the runout:
 * those lists are made once, in oe_street_new.  The low dimension (JOINT)
 * is a histogram per subset over the low values present on the runout:
 * they are few (every low uses three of the board's low ranks), so a prefix
 * is a short contiguous sum, and an insertion touches one cell.
 *
 * A hero that blocks almost all of the range's weight would lose digits to
 * cancellation in the inclusion-exclusion: its deals are summed directly
 * over the villains it does not block (a list made once).
 */
#include "oe_street.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oe_bits.h"
#include "oe_eval.h"
#include "oe_pairs.h"
#include "oe_split.h"

#define N_SLOTS (1 + 52 + 1326) /* card subsets of size 0, 1, 2 */
#define N_TRIPLES3 22100        /* C(52, 3) */
#define MAX_HAND_SLOTS (1 + 6 + 15)
#define N_LOWS (OE_LOW_MAX + 1) /* low values 0..56 */

/* Below this live / total weight ratio a hero is summed directly: the
 * inclusion-exclusion's relative error grows as total / live. */
#define CANCEL_LIMIT (1.0 / 64.0)

/* The hero's shares of each outcome the sweep sums (the top of this file). */
typedef struct {
    double win, tie;               /* hi per villain with h < H / h == H */
    double no_low_win, no_low_tie; /* added when neither has a low (L = l = 0) */
    double low_win, low_tie;       /* lo per villain with l < L / l == L, L > 0 */
    double scoop_low, scoop_no_low; /* scoop per villain in JOINT (L > 0) / LT0 (L = 0) */
} split_coefs;

struct oe_street {
    int n_board, k_hero, k_villain, has_low;
    split_coefs split;
    int n_slots_hero, n_slots_villain; /* 1 + k + C(k, 2) */
    uint8_t board[5];
    size_t n_runouts;
    uint8_t *runout;       /* n_runouts x 2 cards (the unused ones 0) */
    uint64_t *runout_mask;
    size_t n_hero, n_villain; /* villains: only those with weight > 0 */
    uint8_t *hero_cards, *villain_cards;
    uint64_t *hero_mask, *villain_mask;
    double *weight;
    uint16_t *hero_slot, *villain_slot; /* the subsets of each hand, in order:
                                           empty set, cards, pairs */
    double *live;
    int64_t *live_count;    /* number of live villains: 0 = no deal at all */
    uint8_t *direct;        /* 1: summed directly over direct_list */
    size_t *direct_start;   /* n_hero + 1 offsets into direct_list */
    uint32_t *direct_list;  /* villains a direct hero does not block */
    size_t *fix_start;      /* n_hero + 1 offsets into the fix_ arrays */
    uint32_t *fix_villain;  /* villains sharing 3+ cards with the hero */
    double *fix_coef;       /* C(t-1, 2) for t shared cards */
    double *fix_weight;     /* ... times the villain's weight */
    double deals_per_hand;
};

static inline int pair_slot(int a, int b) /* a != b, any order */
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return 1 + 52 + lo + hi * (hi - 1) / 2;
}

static inline int triple_index(int a, int b, int c) /* a < b < c: colex rank */
{
    return a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6;
}

static inline uint64_t card_mask(const uint8_t *hole, int k)
{
    uint64_t m = 0;
    for (int i = 0; i < k; i++) m |= (uint64_t)1 << hole[i];
    return m;
}

static inline uint64_t lowest_bits3(uint64_t x)
{
    uint64_t b1 = x & (~x + 1);
    x ^= b1;
    uint64_t b2 = x & (~x + 1);
    x ^= b2;
    return b1 | b2 | (x & (~x + 1));
}

/* The k cards of a hand in ascending order (k <= 6: insertion sort). */
static inline void sorted_cards(const uint8_t *hole, int k, uint8_t *c)
{
    memcpy(c, hole, (size_t)k);
    for (int a = 1; a < k; a++)
        for (int b = a; b > 0 && c[b - 1] > c[b]; b--) {
            uint8_t tmp = c[b];
            c[b] = c[b - 1];
            c[b - 1] = tmp;
        }
}

static int hand_slots(const uint8_t *hole, int k, uint16_t *slot)
{
    int n = 0;
    slot[n++] = 0;
    for (int i = 0; i < k; i++) slot[n++] = (uint16_t)(1 + hole[i]);
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) slot[n++] = (uint16_t)pair_slot(hole[i], hole[j]);
    return n;
}

/* C(t-1, 2) for t = 0..6 shared cards. */
static const int removal_coef[7] = {0, 0, 0, 1, 3, 6, 10};

static double binomial(int n, int r)
{
    if (r < 0 || n < r) return 0.0;
    double c = 1.0;
    for (int i = 0; i < r; i++) c = c * (n - i) / (i + 1);
    return c;
}

void oe_street_free(oe_street *s)
{
    if (!s) return;
    free(s->runout);
    free(s->runout_mask);
    free(s->hero_cards);
    free(s->villain_cards);
    free(s->hero_mask);
    free(s->villain_mask);
    free(s->weight);
    free(s->hero_slot);
    free(s->villain_slot);
    free(s->live);
    free(s->live_count);
    free(s->direct);
    free(s->direct_start);
    free(s->direct_list);
    free(s->fix_start);
    free(s->fix_villain);
    free(s->fix_coef);
    free(s->fix_weight);
    free(s);
}

size_t oe_street_runouts(const oe_street *s) { return s->n_runouts; }

double oe_street_deals_per_hand(const oe_street *s) { return s->deals_per_hand; }

size_t oe_street_heroes(const oe_street *s) { return s->n_hero; }

double oe_street_live(const oe_street *s, size_t i)
{
    return s->live_count[i] > 0 && s->live[i] > 0.0 ? s->live[i] : 0.0;
}

/* The runouts in lexicographic order of their ascending cards. */
static int make_runouts(oe_street *s)
{
    uint8_t rest[OE_NUM_CARDS];
    int n_rest = 0;
    uint64_t on_board = card_mask(s->board, s->n_board);
    for (int c = 0; c < OE_NUM_CARDS; c++)
        if (!(on_board >> c & 1)) rest[n_rest++] = (uint8_t)c;
    int missing = 5 - s->n_board;
    s->n_runouts = (size_t)binomial(n_rest, missing);
    s->runout = calloc(s->n_runouts * 2, 1);
    s->runout_mask = calloc(s->n_runouts, sizeof *s->runout_mask);
    if (!s->runout || !s->runout_mask) return -1;
    size_t r = 0;
    if (missing == 0) {
        r = 1;
    } else if (missing == 1) {
        for (int a = 0; a < n_rest; a++, r++) {
            s->runout[2 * r] = rest[a];
            s->runout_mask[r] = (uint64_t)1 << rest[a];
        }
    } else {
        for (int a = 0; a < n_rest; a++)
            for (int b = a + 1; b < n_rest; b++, r++) {
                s->runout[2 * r] = rest[a];
                s->runout[2 * r + 1] = rest[b];
                s->runout_mask[r] = (uint64_t)1 << rest[a] | (uint64_t)1 << rest[b];
            }
    }
    return r == s->n_runouts ? 0 : -1;
}

/* Villains sharing three or more cards with each hero, through lists of
 * villains by card triple; each such villain is found once, from the list
 * of the three lowest shared cards.  Fills the fix_ arrays. */
static int make_fixes(oe_street *s)
{
    int status = -1;
    const int kh = s->k_hero, kv = s->k_villain;
    uint32_t *t_start = calloc(N_TRIPLES3 + 1, sizeof *t_start);
    uint32_t *cursor = malloc((N_TRIPLES3 + 1) * sizeof *cursor);
    uint32_t *t_list = NULL;
    s->fix_start = calloc(s->n_hero + 1, sizeof *s->fix_start);
    if (!t_start || !cursor || !s->fix_start) goto done;

    size_t n_entries = 0;
    for (size_t j = 0; j < s->n_villain; j++) {
        uint8_t c[OE_MAX_HOLE];
        sorted_cards(s->villain_cards + j * (size_t)kv, kv, c);
        for (int a = 0; a < kv; a++)
            for (int b = a + 1; b < kv; b++)
                for (int d = b + 1; d < kv; d++, n_entries++)
                    t_start[triple_index(c[a], c[b], c[d]) + 1]++;
    }
    for (int t = 0; t < N_TRIPLES3; t++) t_start[t + 1] += t_start[t];
    t_list = malloc((n_entries + 1) * sizeof *t_list);
    if (!t_list) goto done;
    memcpy(cursor, t_start, (N_TRIPLES3 + 1) * sizeof *cursor);
    for (size_t j = 0; j < s->n_villain; j++) {
        uint8_t c[OE_MAX_HOLE];
        sorted_cards(s->villain_cards + j * (size_t)kv, kv, c);
        for (int a = 0; a < kv; a++)
            for (int b = a + 1; b < kv; b++)
                for (int d = b + 1; d < kv; d++)
                    t_list[cursor[triple_index(c[a], c[b], c[d])]++] = (uint32_t)j;
    }

    /* two passes over the heroes: count, then fill */
    for (int pass = 0; pass < 2; pass++) {
        size_t n_fix = 0;
        for (size_t i = 0; i < s->n_hero; i++) {
            if (pass == 0) s->fix_start[i] = n_fix;
            uint8_t c[OE_MAX_HOLE];
            sorted_cards(s->hero_cards + i * (size_t)kh, kh, c);
            uint64_t hmask = s->hero_mask[i];
            for (int a = 0; a < kh; a++)
                for (int b = a + 1; b < kh; b++)
                    for (int d = b + 1; d < kh; d++) {
                        uint64_t tmask = (uint64_t)1 << c[a] | (uint64_t)1 << c[b] |
                                         (uint64_t)1 << c[d];
                        int t = triple_index(c[a], c[b], c[d]);
                        for (uint32_t p = t_start[t]; p < t_start[t + 1]; p++) {
                            uint32_t j = t_list[p];
                            uint64_t shared = s->villain_mask[j] & hmask;
                            if (lowest_bits3(shared) != tmask) continue;
                            if (pass == 1) {
                                s->fix_villain[n_fix] = j;
                                int coef = removal_coef[oe_popcount64(shared)];
                                s->fix_coef[n_fix] = coef;
                                s->fix_weight[n_fix] = coef * s->weight[j];
                            }
                            n_fix++;
                        }
                    }
        }
        if (pass == 0) {
            s->fix_start[s->n_hero] = n_fix;
            s->fix_villain = malloc((n_fix + 1) * sizeof *s->fix_villain);
            s->fix_coef = malloc((n_fix + 1) * sizeof *s->fix_coef);
            s->fix_weight = malloc((n_fix + 1) * sizeof *s->fix_weight);
            if (!s->fix_villain || !s->fix_coef || !s->fix_weight) goto done;
        }
    }
    status = 0;
done:
    free(t_start);
    free(cursor);
    free(t_list);
    return status;
}

/* Live weight of every hero (inclusion-exclusion, then the direct sum for
 * heroes that block almost everything) and the direct lists. */
static int make_live(oe_street *s)
{
    int status = -1;
    double *total = calloc(N_SLOTS, sizeof *total);
    int64_t *count = calloc(N_SLOTS, sizeof *count);
    s->live = malloc((s->n_hero + 1) * sizeof *s->live);
    s->live_count = malloc((s->n_hero + 1) * sizeof *s->live_count);
    s->direct = calloc(s->n_hero + 1, 1);
    s->direct_start = calloc(s->n_hero + 1, sizeof *s->direct_start);
    if (!total || !count || !s->live || !s->live_count || !s->direct || !s->direct_start)
        goto done;
    for (size_t j = 0; j < s->n_villain; j++) {
        const uint16_t *slot = s->villain_slot + j * (size_t)s->n_slots_villain;
        for (int q = 0; q < s->n_slots_villain; q++) {
            total[slot[q]] += s->weight[j];
            count[slot[q]]++;
        }
    }
    const int kh = s->k_hero;
    size_t n_direct = 0;
    for (size_t i = 0; i < s->n_hero; i++) {
        const uint16_t *slot = s->hero_slot + i * (size_t)s->n_slots_hero;
        double plus = total[slot[0]], minus = 0.0;
        int64_t c = count[slot[0]];
        for (int q = 1; q <= kh; q++) minus += total[slot[q]], c -= count[slot[q]];
        for (int q = kh + 1; q < s->n_slots_hero; q++) plus += total[slot[q]], c += count[slot[q]];
        double w = plus - minus;
        for (size_t f = s->fix_start[i]; f < s->fix_start[i + 1]; f++) {
            w -= s->fix_weight[f];
            c -= (int64_t)s->fix_coef[f];
        }
        s->live_count[i] = c;
        s->live[i] = c > 0 ? w : 0.0;
        if (c > 0 && w < CANCEL_LIMIT * total[0]) {
            s->direct[i] = 1;
            n_direct += (size_t)c;
        }
    }
    s->direct_list = malloc((n_direct + 1) * sizeof *s->direct_list);
    if (!s->direct_list) goto done;
    size_t p = 0;
    for (size_t i = 0; i < s->n_hero; i++) {
        s->direct_start[i] = p;
        if (!s->direct[i]) continue;
        double w = 0.0;
        for (size_t j = 0; j < s->n_villain; j++)
            if (!(s->villain_mask[j] & s->hero_mask[i])) {
                s->direct_list[p++] = (uint32_t)j;
                w += s->weight[j];
            }
        s->live[i] = w;
    }
    s->direct_start[s->n_hero] = p;
    status = p == n_direct ? 0 : -1;
done:
    free(total);
    free(count);
    return status;
}

/* The hero's (seat 0) shares of one heads-up outcome: oe_split.h's rule. */
typedef struct {
    double hi, lo;
    int scoop;
} outcome;

static outcome heads_up(uint16_t H, uint8_t L, uint16_t h, uint8_t l)
{
    const uint16_t high[2] = {H, h};
    const uint8_t low[2] = {L, l};
    uint32_t hi_winners, lo_winners;
    double hi_share[2], lo_share[2];
    oe_winners_all(2, high, low, &hi_winners, &lo_winners);
    oe_shares_of(2, hi_winners, lo_winners, hi_share, lo_share);
    outcome o = {hi_share[0], lo_share[0], oe_scoops(hi_winners, lo_winners, 0)};
    return o;
}

/* The coefficients of the sums (the top of this file) from the rule, and a
 * check that the rule's shares take the form the sums can express: the high
 * share depends on the low only through whether anyone has one, the low
 * share not on the high, and a scoop needs the high and the low (or no
 * low).  0, or -1 when they do not. */
static int split_coefs_build(split_coefs *c)
{
    /* the hero's values; a villain's are one below (worse), equal or above */
    enum { H = 2, L = 2 };
    c->win = heads_up(H, L, H - 1, L - 1).hi;
    c->tie = heads_up(H, L, H, L - 1).hi;
    c->no_low_win = heads_up(H, 0, H - 1, 0).hi - c->win;
    c->no_low_tie = heads_up(H, 0, H, 0).hi - c->tie;
    c->low_win = heads_up(H, L, H - 1, L - 1).lo;
    c->low_tie = heads_up(H, L, H - 1, L).lo;
    c->scoop_low = heads_up(H, L, H - 1, L - 1).scoop;
    c->scoop_no_low = heads_up(H, 0, H - 1, 0).scoop;
    int ok = 1;
    for (uint8_t hero_low = 0; hero_low <= L; hero_low += L)    /* none, or L */
        for (uint16_t h = H - 1; h <= H + 1; h++)               /* worse, equal, better */
            for (uint8_t l = 0; l <= L + 1; l++) {              /* none, worse, equal, better */
                const outcome o = heads_up(H, hero_low, h, l);
                const int lt = h < H, eq = h == H;
                double hi = lt ? c->win : eq ? c->tie : 0.0;
                if (hero_low == 0 && l == 0) hi += lt ? c->no_low_win : eq ? c->no_low_tie : 0.0;
                double lo = 0.0, scoop = 0.0;
                if (hero_low) lo = l < hero_low ? c->low_win : l == hero_low ? c->low_tie : 0.0;
                if (lt && hero_low && l < hero_low) scoop = c->scoop_low;
                if (lt && !hero_low && l == 0) scoop = c->scoop_no_low;
                ok &= o.hi == hi && o.lo == lo && (double)o.scoop == scoop;
            }
    return ok ? 0 : -1;
}

oe_street *oe_street_new(const uint8_t *board, int n_board,
                         const uint8_t *hero, size_t n_hero, int k_hero,
                         const uint8_t *villain, size_t n_villain, int k_villain,
                         const double *villain_weight, int game)
{
    oe_street *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->n_board = n_board;
    s->k_hero = k_hero;
    s->k_villain = k_villain;
    s->has_low = OE_GAME_HAS_LOW(game);
    if (split_coefs_build(&s->split) != 0) goto fail;
    s->n_slots_hero = 1 + k_hero + k_hero * (k_hero - 1) / 2;
    s->n_slots_villain = 1 + k_villain + k_villain * (k_villain - 1) / 2;
    memcpy(s->board, board, (size_t)n_board);
    s->deals_per_hand = binomial(52 - n_board - k_hero - k_villain, 5 - n_board);
    if (make_runouts(s) != 0) goto fail;

    size_t m = 0;
    for (size_t j = 0; j < n_villain; j++) m += villain_weight[j] > 0.0;
    s->n_hero = n_hero;
    s->n_villain = m;
    s->hero_cards = malloc(n_hero * (size_t)k_hero + 1);
    s->villain_cards = malloc(m * (size_t)k_villain + 1);
    s->hero_mask = malloc((n_hero + 1) * sizeof *s->hero_mask);
    s->villain_mask = malloc((m + 1) * sizeof *s->villain_mask);
    s->weight = malloc((m + 1) * sizeof *s->weight);
    s->hero_slot = malloc((n_hero * (size_t)s->n_slots_hero + 1) * sizeof *s->hero_slot);
    s->villain_slot = malloc((m * (size_t)s->n_slots_villain + 1) * sizeof *s->villain_slot);
    if (!s->hero_cards || !s->villain_cards || !s->hero_mask || !s->villain_mask ||
        !s->weight || !s->hero_slot || !s->villain_slot)
        goto fail;
    if (n_hero) memcpy(s->hero_cards, hero, n_hero * (size_t)k_hero);
    for (size_t i = 0; i < n_hero; i++) {
        const uint8_t *row = hero + i * (size_t)k_hero;
        s->hero_mask[i] = card_mask(row, k_hero);
        hand_slots(row, k_hero, s->hero_slot + i * (size_t)s->n_slots_hero);
    }
    /* weight 0 is not in the range: left out here, once */
    for (size_t j = 0, v = 0; j < n_villain; j++) {
        if (!(villain_weight[j] > 0.0)) continue;
        const uint8_t *row = villain + j * (size_t)k_villain;
        memcpy(s->villain_cards + v * (size_t)k_villain, row, (size_t)k_villain);
        s->villain_mask[v] = card_mask(row, k_villain);
        s->weight[v] = villain_weight[j];
        hand_slots(row, k_villain, s->villain_slot + v * (size_t)s->n_slots_villain);
        v++;
    }
    if (make_fixes(s) != 0 || make_live(s) != 0) goto fail;
    return s;
fail:
    oe_street_free(s);
    return NULL;
}

/* ------------------------------------------------------------------------
 * One block of runouts.
 * ------------------------------------------------------------------------ */

/* The seven sums of one hero on one runout (see the top of this file). */
typedef struct {
    double lt, eq, lt0, eq0, joint, lo_lt, lo_eq;
} hero_sums;

/* Add coef * (the terms of one villain) to the sums of hero value (H, L). */
static inline void add_villain(hero_sums *o, double cw, int h, int l, int H, int L)
{
    if (h < H) {
        o->lt += cw;
        if (l == 0) o->lt0 += cw;
        if (l < L) o->joint += cw;
    } else if (h == H) {
        o->eq += cw;
        if (l == 0) o->eq0 += cw;
    }
    if (l < L) o->lo_lt += cw;
    if (l == L) o->lo_eq += cw;
}

/* Signed sum over a hand's subsets of sums[slot * stride + at]. */
static inline double subset_sum(const double *sums, size_t stride, const uint16_t *slot,
                                int k, int n_slots, size_t at)
{
    double plus = sums[slot[0] * stride + at], minus = 0.0;
    for (int q = 1; q <= k; q++) minus += sums[slot[q] * stride + at];
    for (int q = k + 1; q < n_slots; q++) plus += sums[slot[q] * stride + at];
    return plus - minus;
}

/* Sum of the histogram cells 1..pos (contiguous: one or two cache lines). */
static inline double cells_prefix(const double *cells, int pos)
{
    double sum = 0.0;
    for (int i = 1; i <= pos; i++) sum += cells[i];
    return sum;
}

static inline double subset_prefix(const double *sums, size_t stride, const uint16_t *slot,
                                   int k, int n_slots, int pos)
{
    double plus = cells_prefix(sums + slot[0] * stride, pos), minus = 0.0;
    for (int q = 1; q <= k; q++) minus += cells_prefix(sums + slot[q] * stride, pos);
    for (int q = k + 1; q < n_slots; q++) plus += cells_prefix(sums + slot[q] * stride, pos);
    return plus - minus;
}

typedef struct {
    oe_pair_values pv;
    uint16_t *hh, *vh; /* high per hand on this runout; 0 = holds a runout card */
    uint8_t *hl, *vl;
    uint32_t *vval;    /* high << 8 | low per villain, 0 if dead: one load for the
                          villains visited out of order (corrections, direct sums) */
    uint32_t *h_start, *v_start, *h_order, *v_order;
    double *sums;      /* N_SLOTS x stride: [0] total, [1..D] weight by low */
    hero_sums *acc;
} workspace;

static void workspace_free(workspace *w)
{
    free(w->hh);
    free(w->vh);
    free(w->hl);
    free(w->vl);
    free(w->vval);
    free(w->h_start);
    free(w->v_start);
    free(w->h_order);
    free(w->v_order);
    free(w->sums);
    free(w->acc);
}

static int workspace_alloc(workspace *w, size_t n, size_t m)
{
    w->hh = malloc((n + 1) * sizeof *w->hh);
    w->vh = malloc((m + 1) * sizeof *w->vh);
    w->hl = malloc(n + 1);
    w->vl = malloc(m + 1);
    w->vval = malloc((m + 1) * sizeof *w->vval);
    w->h_start = malloc((OE_HIGH_MAX + 2) * sizeof *w->h_start);
    w->v_start = malloc((OE_HIGH_MAX + 2) * sizeof *w->v_start);
    w->h_order = malloc((n + 1) * sizeof *w->h_order);
    w->v_order = malloc((m + 1) * sizeof *w->v_order);
    w->sums = malloc((size_t)N_SLOTS * (N_LOWS + 1) * sizeof *w->sums);
    w->acc = malloc((n + 1) * sizeof *w->acc);
    return w->hh && w->vh && w->hl && w->vl && w->vval && w->h_start && w->v_start && w->h_order &&
                   w->v_order && w->sums && w->acc
               ? 0
               : -1;
}

/* Counting sort of the live hands (high > 0) by high: bucket x is
 * order[start[x] .. start[x+1]). */
static void bucket_by_high(const uint16_t *high, const uint8_t *skip, size_t n,
                           uint32_t *start, uint32_t *order)
{
    memset(start, 0, (OE_HIGH_MAX + 2) * sizeof *start);
    for (size_t i = 0; i < n; i++)
        if (high[i] && !(skip && skip[i])) start[high[i] + 1]++;
    for (int x = 0; x <= OE_HIGH_MAX; x++) start[x + 1] += start[x];
    for (size_t i = 0; i < n; i++)
        if (high[i] && !(skip && skip[i])) order[start[high[i]]++] = (uint32_t)i;
    /* each start[x] now points at the end of bucket x: shift back */
    for (int x = OE_HIGH_MAX + 1; x > 0; x--) start[x] = start[x - 1];
    start[0] = 0;
}

/* Adds runout r's deal sums to hi, lo and scoop; when live_out is not NULL,
 * also writes the weight of the villains live on this runout against each
 * hero (0 where the hero holds a runout card or meets no villain). */
static void run_one(const oe_street *s, workspace *w, size_t r, double *hi, double *lo,
                    double *scoop, double *live_out)
{
    const uint64_t rmask = s->runout_mask[r];
    const int kh = s->k_hero, kv = s->k_villain;
    const int nsh = s->n_slots_hero, nsv = s->n_slots_villain;
    uint8_t board[5];
    memcpy(board, s->board, (size_t)s->n_board);
    for (int c = s->n_board; c < 5; c++) board[c] = s->runout[2 * r + (size_t)(c - s->n_board)];
    oe_pair_values_build(board, &w->pv);
    if (!s->has_low) memset(w->pv.low, 0, sizeof w->pv.low);

    /* values on this runout; the lows present, ranked for the histograms */
    uint8_t present[N_LOWS] = {1}; /* "no low" always has position 1 */
    for (size_t j = 0; j < s->n_villain; j++) {
        if (s->villain_mask[j] & rmask) {
            w->vh[j] = 0;
            w->vval[j] = 0;
            continue;
        }
        oe_pair_hand_value(&w->pv, s->villain_cards + j * (size_t)kv, kv, &w->vh[j], &w->vl[j]);
        w->vval[j] = (uint32_t)w->vh[j] << 8 | w->vl[j];
        present[w->vl[j]] = 1;
    }
    for (size_t i = 0; i < s->n_hero; i++) {
        if ((s->hero_mask[i] & rmask) || s->live_count[i] == 0) {
            w->hh[i] = 0;
            continue;
        }
        oe_pair_hand_value(&w->pv, s->hero_cards + i * (size_t)kh, kh, &w->hh[i], &w->hl[i]);
        present[w->hl[i]] = 1;
    }
    int pos[N_LOWS]; /* histogram cell 1..n_pos of each low value present */
    int n_pos = 0;
    for (int l = 0; l < N_LOWS; l++) pos[l] = present[l] ? ++n_pos : 0;
    const size_t stride = (size_t)n_pos + 1;
    memset(w->sums, 0, N_SLOTS * stride * sizeof *w->sums);

    bucket_by_high(w->vh, NULL, s->n_villain, w->v_start, w->v_order);
    bucket_by_high(w->hh, s->direct, s->n_hero, w->h_start, w->h_order);

    double *sums = w->sums;
    for (int x = 1; x <= OE_HIGH_MAX; x++) {
        uint32_t h0 = w->h_start[x], h1 = w->h_start[x + 1];
        uint32_t v0 = w->v_start[x], v1 = w->v_start[x + 1];
        if (h0 == h1 && v0 == v1) continue;
        /* heroes of value x: the sums hold the villains with h < x */
        for (uint32_t p = h0; p < h1; p++) {
            uint32_t i = w->h_order[p];
            const uint16_t *slot = s->hero_slot + (size_t)i * nsh;
            hero_sums *o = &w->acc[i];
            o->lt = subset_sum(sums, stride, slot, kh, nsh, 0);
            if (w->hl[i])
                o->joint = subset_prefix(sums, stride, slot, kh, nsh, pos[w->hl[i]] - 1);
            else
                o->lt0 = subset_sum(sums, stride, slot, kh, nsh, 1); /* position 1: no low */
        }
        for (uint32_t p = v0; p < v1; p++) {
            uint32_t j = w->v_order[p];
            const uint16_t *slot = s->villain_slot + (size_t)j * nsv;
            const double wt = s->weight[j];
            const int at = pos[w->vl[j]];
            for (int q = 0; q < nsv; q++) {
                double *b = sums + slot[q] * stride;
                b[0] += wt;
                b[at] += wt;
            }
        }
        /* ... and now those with h <= x */
        for (uint32_t p = h0; p < h1; p++) {
            uint32_t i = w->h_order[p];
            const uint16_t *slot = s->hero_slot + (size_t)i * nsh;
            hero_sums *o = &w->acc[i];
            o->eq = subset_sum(sums, stride, slot, kh, nsh, 0) - o->lt;
            if (!w->hl[i]) o->eq0 = subset_sum(sums, stride, slot, kh, nsh, 1) - o->lt0;
        }
    }

    /* Every villain is in: the histograms become prefix sums, then the low
     * sums of the heroes with a low. */
    int any_low = 0;
    for (size_t i = 0; i < s->n_hero && !any_low; i++) any_low = w->hh[i] && w->hl[i];
    if (any_low)
        for (size_t q = 0; q < N_SLOTS; q++) {
            double *b = sums + q * stride;
            for (int f = 2; f <= n_pos; f++) b[f] += b[f - 1];
        }
    for (size_t i = 0; i < s->n_hero; i++) {
        if (!w->hh[i]) {
            if (live_out) live_out[i] = 0.0;
            continue;
        }
        const int H = w->hh[i], L = w->hl[i];
        hero_sums *o = &w->acc[i];
        double live = 0.0; /* the weight of this hero's live villains, if asked */
        if (s->direct[i]) {
            memset(o, 0, sizeof *o);
            for (size_t d = s->direct_start[i]; d < s->direct_start[i + 1]; d++) {
                uint32_t j = s->direct_list[d], v = w->vval[j];
                if (v) {
                    add_villain(o, s->weight[j], (int)(v >> 8), (int)(v & 255), H, L);
                    live += s->weight[j];
                }
            }
        } else {
            const uint16_t *slot = s->hero_slot + i * (size_t)nsh;
            if (L) {
                const size_t at = (size_t)pos[L];
                double below = subset_sum(sums, stride, slot, kh, nsh, at - 1);
                o->lo_lt = at > 1 ? below : 0.0;
                o->lo_eq = subset_sum(sums, stride, slot, kh, nsh, at) - o->lo_lt;
            } else {
                o->joint = o->lo_lt = o->lo_eq = 0.0;
            }
            if (L) o->lt0 = o->eq0 = 0.0;
            if (live_out) live = subset_sum(sums, stride, slot, kh, nsh, 0);
            for (size_t f = s->fix_start[i]; f < s->fix_start[i + 1]; f++) {
                uint32_t v = w->vval[s->fix_villain[f]];
                if (v) {
                    add_villain(o, -s->fix_weight[f], (int)(v >> 8), (int)(v & 255), H, L);
                    live -= s->fix_weight[f];
                }
            }
        }
        if (live_out) live_out[i] = live;
        const split_coefs *c = &s->split;
        double h = c->win * o->lt + c->tie * o->eq;
        if (L) {
            lo[i] += c->low_win * o->lo_lt + c->low_tie * o->lo_eq;
            scoop[i] += c->scoop_low * o->joint;
        } else {
            h += c->no_low_win * o->lt0 + c->no_low_tie * o->eq0;
            scoop[i] += c->scoop_no_low * o->lt0;
        }
        hi[i] += h;
    }
}

int oe_street_run(const oe_street *s, size_t first, size_t count,
                  double *hi, double *lo, double *scoop)
{
    for (size_t i = 0; i < s->n_hero; i++) hi[i] = lo[i] = scoop[i] = 0.0;
    workspace w;
    memset(&w, 0, sizeof w);
    int status = -1;
    if (workspace_alloc(&w, s->n_hero, s->n_villain) == 0) {
        for (size_t r = first; r < first + count; r++) run_one(s, &w, r, hi, lo, scoop, NULL);
        status = 0;
    }
    workspace_free(&w);
    return status;
}

int oe_street_run_each(const oe_street *s, size_t first, size_t count, double *hi, double *lo,
                       double *scoop, double *live)
{
    const size_t n = s->n_hero;
    for (size_t i = 0; i < count * n; i++) hi[i] = lo[i] = scoop[i] = 0.0;
    workspace w;
    memset(&w, 0, sizeof w);
    int status = -1;
    if (workspace_alloc(&w, n, s->n_villain) == 0) {
        for (size_t q = 0; q < count; q++)
            run_one(s, &w, first + q, hi + q * n, lo + q * n, scoop + q * n, live + q * n);
        status = 0;
    }
    workspace_free(&w);
    return status;
}

void oe_street_finish(const oe_street *s, const double *hi, const double *lo,
                      const double *scoop, double *hi_share, double *lo_share,
                      double *scoop_share, double *live)
{
    for (size_t i = 0; i < s->n_hero; i++) {
        if (s->live_count[i] <= 0 || !(s->live[i] > 0.0)) {
            hi_share[i] = lo_share[i] = scoop_share[i] = NAN;
            live[i] = 0.0;
            continue;
        }
        double deals = s->live[i] * s->deals_per_hand;
        hi_share[i] = hi[i] / deals;
        lo_share[i] = lo[i] / deals;
        scoop_share[i] = scoop[i] / deals;
        live[i] = s->live[i];
    }
}
