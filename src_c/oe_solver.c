/*
 * oe_solver.c -- whole-board kernels; the contracts are in oe_solver.h.
 *
 * Everything starts from one board folded into per-card-pair values: the
 * best high and low a hand can make from two given hole cards and three
 * board cards.  A hand's value is the best over its hole pairs (Omaha uses
 * exactly two), so each hand costs C(k,2) lookups in an 8 KB table.
 */
#include "oe_solver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oe_eval.h"
#include "oe_split.h"
#include "oe_tables.h"
#include "oe_bits.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))

typedef struct {
    uint16_t high[OE_NUM_CARDS][OE_NUM_CARDS];
    uint8_t low[OE_NUM_CARDS][OE_NUM_CARDS];
} pair_values;

/* Values of every two-card hole pair on the board (built from the board
 * table of oe_eval.h, so the two cannot disagree). */
static void pair_values_build(const uint8_t board[5], pair_values *pv)
{
    oe_board_table t;
    oe_board_table_build(board, &t);
    for (int a = 0; a < OE_NUM_CARDS; a++)
        for (int b = 0; b < OE_NUM_CARDS; b++) {
            int ra = OE_RANK(a), rb = OE_RANK(b);
            uint16_t h = t.pair_high[oe_pair_index[ra][rb]];
            if (OE_SUIT(a) == t.flush_suit && OE_SUIT(b) == t.flush_suit)
                h = MAX(h, t.flush_high[ra * 13 + rb]);
            pv->high[a][b] = h;
            /* one rank twice gives a one-bit mask: no low, as it should */
            pv->low[a][b] = oe_best_low((uint8_t)(oe_low_bit[ra] | oe_low_bit[rb]), t.low_mask);
        }
}

static inline void hand_value(const pair_values *pv, const uint8_t *hole, int k,
                              uint16_t *high, uint8_t *low)
{
    uint16_t h = 0;
    uint8_t l = 0;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            h = MAX(h, pv->high[hole[i]][hole[j]]);
            l = MAX(l, pv->low[hole[i]][hole[j]]);
        }
    *high = h;
    *low = l;
}

void oe_all_hands(uint8_t *out)
{
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++) {
                    out[0] = (uint8_t)a, out[1] = (uint8_t)b;
                    out[2] = (uint8_t)c, out[3] = (uint8_t)d;
                    out += 4;
                }
}

void oe_rank_all_hands(const uint8_t board[5], uint16_t *high, uint8_t *low)
{
    pair_values pv;
    pair_values_build(board, &pv);
    uint64_t on_board = 0;
    for (int i = 0; i < 5; i++) on_board |= (uint64_t)1 << board[i];
    size_t row = 0;
    /* Same loops as oe_all_hands; the maxima over the pairs among the first
     * three cards are kept, so the inner loop does three lookups, not six. */
    for (int a = 0; a < 52; a++) {
        int dead_a = (int)(on_board >> a & 1);
        for (int b = a + 1; b < 52; b++) {
            int dead_b = dead_a | (int)(on_board >> b & 1);
            uint16_t h_ab = pv.high[a][b];
            uint8_t l_ab = pv.low[a][b];
            for (int c = b + 1; c < 52; c++) {
                int dead_c = dead_b | (int)(on_board >> c & 1);
                uint16_t h_abc = MAX(h_ab, MAX(pv.high[a][c], pv.high[b][c]));
                uint8_t l_abc = MAX(l_ab, MAX(pv.low[a][c], pv.low[b][c]));
                for (int d = c + 1; d < 52; d++, row++) {
                    if (dead_c | (int)(on_board >> d & 1)) {
                        high[row] = 0;
                        low[row] = 0;
                        continue;
                    }
                    uint16_t h = MAX(MAX(h_abc, pv.high[a][d]),
                                     MAX(pv.high[b][d], pv.high[c][d]));
                    uint8_t l = MAX(MAX(l_abc, pv.low[a][d]), MAX(pv.low[b][d], pv.low[c][d]));
                    high[row] = h;
                    low[row] = l;
                }
            }
        }
    }
}

void oe_rank_hands(const uint8_t board[5], const uint8_t *holes, size_t n, int k,
                   uint16_t *high, uint8_t *low)
{
    pair_values pv;
    pair_values_build(board, &pv);
    for (size_t i = 0; i < n; i++) hand_value(&pv, holes + i * (size_t)k, k, high + i, low + i);
}

/* ------------------------------------------------------------------------
 * River equity.
 *
 * The pot split of oe_split.h between a hero hand (H, L) and one villain
 * hand (h, l), heads-up (a low qualifies when L > 0 or l > 0):
 *
 *   hi_share = (L > 0 or l > 0 ? 1/2 : 1) * ([h < H] + [h == H] / 2)
 *   lo_share = L > 0 ? ([l < L] + [l == L] / 2) / 2 : 0
 *   scoop    = [h < H] * (L > 0 ? [l < L] : [l == 0])
 *
 * (l < L includes l = 0 < L.)  Summed over the villain range with weights w:
 *
 *   L > 0:  hi = (LT + EQ/2) / 2,                     scoop = JOINT
 *   L = 0:  hi = (LT + EQ/2) / 2 + (LT0 + EQ0/2) / 2, scoop = LT0
 *           lo = (LOLT + LOEQ/2) / 2 when L > 0, else 0
 *
 * with LT/EQ the weight of villains with h < H / h == H, LT0/EQ0 the same
 * restricted to l == 0, JOINT the weight with h < H and l < L, LOLT/LOEQ the
 * weight with l < L / l == L; all divided by the live weight W.
 *
 * Sweep: villains and heroes are bucketed by high value (counting sort) and
 * swept in increasing order; before a hero's bucket is inserted the running
 * sums hold exactly the villains with h < H, after it those with h <= H.
 * Card removal is inclusion-exclusion over the hero's cards: the running
 * sums are kept for every subset S of at most two cards (the empty set, 52
 * cards, 1,326 pairs) over the villains containing S, and
 *
 *   sum over live v = sum_S (-1)^|S| sums[S] - sum over v sharing t >= 3
 *                     cards with the hero of C(t-1, 2) * term(v)
 *
 * since a villain sharing t cards is counted 1 - t + C(t,2) = C(t-1,2) times
 * by the subsets of size <= 2 (0 for t = 1, 2).  Villains sharing three or
 * more cards are few (about M * 4 * 49 / 270,725 per hero for random 4-card
 * ranges) and are found through lists keyed by card triple, each villain
 * visited once: from the list of its three lowest shared cards.  Sums over
 * low values (JOINT, LOLT, LOEQ) use a Fenwick tree per subset.
 * ------------------------------------------------------------------------ */

#define N_SLOTS (1 + 52 + 1326)  /* empty set, cards, pairs */
#define N_TRIPLES3 22100         /* C(52, 3) */
#define FEN_SIZE 57              /* low values 0..56 at positions 1..57 */

typedef struct {
    double total;   /* weight of the villains inserted that contain the subset */
    double no_low;  /* ... of which with no low */
    int64_t count;  /* their number */
    double fen[FEN_SIZE + 1];  /* Fenwick tree by low value */
} slot_sums;

/* Sums over one hero's live villains (or, for corrections, over some). */
typedef struct {
    double w, lt, eq, lt0, eq0, joint, lo_lt, lo_eq;
    int64_t count;
} outcome_sums;

static inline int pair_slot(int a, int b) /* a != b, any order */
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return 1 + 52 + lo + hi * (hi - 1) / 2;
}

static inline int triple_index(int a, int b, int c) /* a < b < c: colex rank */
{
    return a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6;
}

static inline void fen_add(double *fen, int low, double w)
{
    for (int i = low + 1; i <= FEN_SIZE; i += i & -i) fen[i] += w;
}

/* Weight of the villains with low value < `low`. */
static inline double fen_below(const double *fen, int low)
{
    double s = 0.0;
    for (int i = low; i > 0; i -= i & -i) s += fen[i];
    return s;
}

/* The subsets of at most two cards of a hand and their signs. */
static int hand_slots(const uint8_t *hole, int k, int *slot, double *sign)
{
    int n = 0;
    slot[n] = 0, sign[n++] = 1.0;
    for (int i = 0; i < k; i++) {
        slot[n] = 1 + hole[i], sign[n++] = -1.0;
        for (int j = i + 1; j < k; j++) slot[n] = pair_slot(hole[i], hole[j]), sign[n++] = 1.0;
    }
    return n;
}

/* Add coef * (the terms of one villain) to the sums of hero value (H, L). */
static inline void add_outcome(outcome_sums *o, double coef, double w, int h, int l, int H, int L)
{
    double cw = coef * w;
    o->w += cw;
    o->count += (int64_t)coef;
    if (h < H) o->lt += cw;
    if (h == H) o->eq += cw;
    if (l == 0 && h < H) o->lt0 += cw;
    if (l == 0 && h == H) o->eq0 += cw;
    if (h < H && l < L) o->joint += cw;
    if (l < L) o->lo_lt += cw;
    if (l == L) o->lo_eq += cw;
}

static void shares(const outcome_sums *o, int L, double *hi, double *lo, double *scoop)
{
    if (o->count <= 0 || !(o->w > 0.0)) {
        *hi = *lo = *scoop = NAN;
        return;
    }
    double hi_sum = 0.5 * (o->lt + 0.5 * o->eq);
    if (L > 0) {
        *lo = 0.5 * (o->lo_lt + 0.5 * o->lo_eq) / o->w;
        *scoop = o->joint / o->w;
    } else {
        hi_sum += 0.5 * (o->lt0 + 0.5 * o->eq0);
        *lo = 0.0;
        *scoop = o->lt0 / o->w;
    }
    *hi = hi_sum / o->w;
}

static inline uint64_t lowest_bits3(uint64_t x)
{
    uint64_t b1 = x & -x;
    x ^= b1;
    uint64_t b2 = x & -x;
    x ^= b2;
    return b1 | b2 | (x & -x);
}

static inline uint64_t card_mask(const uint8_t *hole, int k)
{
    uint64_t m = 0;
    for (int i = 0; i < k; i++) m |= (uint64_t)1 << hole[i];
    return m;
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

/* Binomial C(t-1, 2) for t = 0..6 shared cards. */
static const int removal_coef[7] = {0, 0, 0, 1, 3, 6, 10};

/* Below this live / total weight ratio the inclusion-exclusion would lose
 * too many digits to cancellation; such a hero is summed directly instead. */
#define CANCEL_LIMIT (1.0 / 64.0)

int oe_river_equity(const uint8_t board[5],
                    const uint8_t *hero, size_t n_hero, int k_hero,
                    const uint8_t *villain, size_t n_villain, int k_villain,
                    const double *villain_weight,
                    double *hi_share, double *lo_share, double *scoop, double *live)
{
    int status = -1;
    pair_values *pv = NULL;
    slot_sums *sums = NULL;
    uint16_t *vh = NULL, *hh = NULL;
    uint8_t *vl = NULL, *hl = NULL;
    uint64_t *vmask = NULL;
    double *vw = NULL;
    uint32_t *v_start = NULL, *v_order = NULL, *h_start = NULL, *h_order = NULL;
    uint32_t *t_start = NULL, *t_list = NULL, *cursor = NULL, *v_row = NULL;
    outcome_sums *acc = NULL;

    pv = malloc(sizeof *pv);
    sums = calloc(N_SLOTS, sizeof *sums);
    vh = malloc((n_villain + 1) * sizeof *vh);
    vl = malloc((n_villain + 1) * sizeof *vl);
    vmask = malloc((n_villain + 1) * sizeof *vmask);
    vw = malloc((n_villain + 1) * sizeof *vw);
    hh = malloc((n_hero + 1) * sizeof *hh);
    hl = malloc((n_hero + 1) * sizeof *hl);
    acc = calloc(n_hero + 1, sizeof *acc);
    v_start = calloc(OE_HIGH_MAX + 2, sizeof *v_start);
    h_start = calloc(OE_HIGH_MAX + 2, sizeof *h_start);
    v_order = malloc((n_villain + 1) * sizeof *v_order);
    h_order = malloc((n_hero + 1) * sizeof *h_order);
    v_row = malloc((n_villain + 1) * sizeof *v_row);
    t_start = calloc(N_TRIPLES3 + 1, sizeof *t_start);
    cursor = malloc((N_TRIPLES3 + 1) * sizeof *cursor);
    if (!pv || !sums || !vh || !vl || !vmask || !vw || !hh || !hl || !acc || !v_start ||
        !h_start || !v_order || !h_order || !v_row || !t_start || !cursor)
        goto done;
    pair_values_build(board, pv);

    /* Villains with weight > 0 only: the rest are not in the range.  m is
     * their number; v_row[j] is villain j's row in the input. */
    size_t m = 0;
    for (size_t j = 0; j < n_villain; j++) {
        if (!(villain_weight[j] > 0.0)) continue;
        const uint8_t *row = villain + j * (size_t)k_villain;
        hand_value(pv, row, k_villain, &vh[m], &vl[m]);
        vmask[m] = card_mask(row, k_villain);
        vw[m] = villain_weight[j];
        v_row[m] = (uint32_t)j;
        m++;
    }
    for (size_t i = 0; i < n_hero; i++)
        hand_value(pv, hero + i * (size_t)k_hero, k_hero, &hh[i], &hl[i]);

    /* Counting sort by high value: bucket x is [start[x], start[x+1]). */
    for (size_t j = 0; j < m; j++) v_start[vh[j] + 1]++;
    for (size_t i = 0; i < n_hero; i++) h_start[hh[i] + 1]++;
    for (int x = 0; x <= OE_HIGH_MAX; x++) {
        v_start[x + 1] += v_start[x];
        h_start[x + 1] += h_start[x];
    }
    for (size_t j = 0; j < m; j++) v_order[v_start[vh[j]]++] = (uint32_t)j;
    for (size_t i = 0; i < n_hero; i++) h_order[h_start[hh[i]]++] = (uint32_t)i;
    /* each start[x] now points at the end of bucket x: shift back */
    for (int x = OE_HIGH_MAX + 1; x > 0; x--) {
        v_start[x] = v_start[x - 1];
        h_start[x] = h_start[x - 1];
    }
    v_start[0] = h_start[0] = 0;

    int slot[1 + 6 + 15];
    double sign[1 + 6 + 15];
    for (int x = 1; x <= OE_HIGH_MAX; x++) {
        /* heroes of value x: villains with h < x are in the sums */
        for (uint32_t p = h_start[x]; p < h_start[x + 1]; p++) {
            uint32_t i = h_order[p];
            int ns = hand_slots(hero + (size_t)i * k_hero, k_hero, slot, sign);
            double lt = 0, lt0 = 0, joint = 0;
            for (int s = 0; s < ns; s++) {
                const slot_sums *ss = &sums[slot[s]];
                lt += sign[s] * ss->total;
                lt0 += sign[s] * ss->no_low;
                if (hl[i]) joint += sign[s] * fen_below(ss->fen, hl[i]);
            }
            acc[i].lt = lt, acc[i].lt0 = lt0, acc[i].joint = joint;
        }
        for (uint32_t p = v_start[x]; p < v_start[x + 1]; p++) {
            uint32_t j = v_order[p];
            int ns = hand_slots(villain + (size_t)v_row[j] * k_villain, k_villain, slot, sign);
            for (int s = 0; s < ns; s++) {
                slot_sums *ss = &sums[slot[s]];
                ss->total += vw[j];
                if (vl[j] == 0) ss->no_low += vw[j];
                ss->count++;
                fen_add(ss->fen, vl[j], vw[j]);
            }
        }
        /* ... and now those with h <= x */
        for (uint32_t p = h_start[x]; p < h_start[x + 1]; p++) {
            uint32_t i = h_order[p];
            int ns = hand_slots(hero + (size_t)i * k_hero, k_hero, slot, sign);
            double le = 0, le0 = 0;
            for (int s = 0; s < ns; s++) {
                le += sign[s] * sums[slot[s]].total;
                le0 += sign[s] * sums[slot[s]].no_low;
            }
            acc[i].eq = le - acc[i].lt, acc[i].eq0 = le0 - acc[i].lt0;
        }
    }

    /* All villains are in: the live weight and the sums over low values. */
    double total_weight = sums[0].total;
    for (size_t i = 0; i < n_hero; i++) {
        int ns = hand_slots(hero + i * (size_t)k_hero, k_hero, slot, sign);
        double w = 0, lo_lt = 0, lo_le = 0;
        int64_t count = 0;
        for (int s = 0; s < ns; s++) {
            const slot_sums *ss = &sums[slot[s]];
            w += sign[s] * ss->total;
            count += (int64_t)sign[s] * ss->count;
            if (hl[i]) {
                lo_lt += sign[s] * fen_below(ss->fen, hl[i]);
                lo_le += sign[s] * fen_below(ss->fen, hl[i] + 1);
            }
        }
        acc[i].w = w, acc[i].count = count;
        acc[i].lo_lt = lo_lt, acc[i].lo_eq = lo_le - lo_lt;
    }

    /* Villains sharing 3+ cards with a hero: lists by card triple. */
    if (k_hero >= 3 && m > 0) {
        size_t n_entries = 0;
        for (size_t j = 0; j < m; j++) {
            const uint8_t *row = villain + (size_t)v_row[j] * k_villain;
            uint8_t c[OE_MAX_HOLE];
            sorted_cards(row, k_villain, c);
            for (int a = 0; a < k_villain; a++)
                for (int b = a + 1; b < k_villain; b++)
                    for (int d = b + 1; d < k_villain; d++) {
                        t_start[triple_index(c[a], c[b], c[d]) + 1]++;
                        n_entries++;
                    }
        }
        for (int t = 0; t < N_TRIPLES3; t++) t_start[t + 1] += t_start[t];
        t_list = malloc((n_entries + 1) * sizeof *t_list);
        if (!t_list) goto done;
        memcpy(cursor, t_start, (N_TRIPLES3 + 1) * sizeof *cursor);
        for (size_t j = 0; j < m; j++) {
            const uint8_t *row = villain + (size_t)v_row[j] * k_villain;
            uint8_t c[OE_MAX_HOLE];
            sorted_cards(row, k_villain, c);
            for (int a = 0; a < k_villain; a++)
                for (int b = a + 1; b < k_villain; b++)
                    for (int d = b + 1; d < k_villain; d++)
                        t_list[cursor[triple_index(c[a], c[b], c[d])]++] = (uint32_t)j;
        }

        for (size_t i = 0; i < n_hero; i++) {
            const uint8_t *row = hero + i * (size_t)k_hero;
            uint8_t c[OE_MAX_HOLE];
            sorted_cards(row, k_hero, c);
            uint64_t hmask = card_mask(row, k_hero);
            for (int a = 0; a < k_hero; a++)
                for (int b = a + 1; b < k_hero; b++)
                    for (int d = b + 1; d < k_hero; d++) {
                        uint64_t tmask = (uint64_t)1 << c[a] | (uint64_t)1 << c[b] |
                                         (uint64_t)1 << c[d];
                        int t = triple_index(c[a], c[b], c[d]);
                        for (uint32_t p = t_start[t]; p < t_start[t + 1]; p++) {
                            uint32_t j = t_list[p];
                            uint64_t shared = vmask[j] & hmask;
                            if (lowest_bits3(shared) != tmask) continue;
                            int coef = removal_coef[oe_popcount64(shared)];
                            add_outcome(&acc[i], -(double)coef, vw[j], vh[j], vl[j], hh[i], hl[i]);
                        }
                    }
        }
    }

    for (size_t i = 0; i < n_hero; i++) {
        outcome_sums *o = &acc[i];
        if (o->count > 0 && o->w < CANCEL_LIMIT * total_weight) {
            /* direct sum over the live villains */
            uint64_t hmask = card_mask(hero + i * (size_t)k_hero, k_hero);
            memset(o, 0, sizeof *o);
            for (size_t j = 0; j < m; j++)
                if (!(vmask[j] & hmask)) add_outcome(o, 1.0, vw[j], vh[j], vl[j], hh[i], hl[i]);
        }
        shares(o, hl[i], &hi_share[i], &lo_share[i], &scoop[i]);
        live[i] = o->count > 0 ? o->w : 0.0;
    }
    status = 0;

done:
    free(pv);
    free(sums);
    free(vh);
    free(vl);
    free(vmask);
    free(vw);
    free(hh);
    free(hl);
    free(acc);
    free(v_start);
    free(h_start);
    free(v_order);
    free(h_order);
    free(t_start);
    free(v_row);
    free(t_list);
    free(cursor);
    return status;
}

/* ------------------------------------------------------------------------
 * Showdown.
 * ------------------------------------------------------------------------ */

void oe_showdown(int n, const uint16_t *high, const uint8_t *low, uint32_t folded,
                 const int64_t *contribution, int button, int64_t *payout)
{
    int64_t level = 0; /* chips per player already cut into pots */
    for (;;) {
        /* the next level: the smallest contribution above the current one */
        int64_t next = INT64_MAX;
        for (int i = 0; i < n; i++)
            if (contribution[i] > level && contribution[i] < next) next = contribution[i];
        if (next == INT64_MAX) return;
        uint32_t paid = 0;
        for (int i = 0; i < n; i++)
            if (contribution[i] >= next) paid |= 1u << i;
        int64_t layer = next - level;
        uint32_t eligible = paid & ~folded;
        if (eligible) {
            oe_split_chips(n, high, low, eligible, layer * oe_popcount32(paid), button,
                           payout);
        } else {
            for (int i = 0; i < n; i++)
                if (paid >> i & 1u) payout[i] += layer; /* nobody can win it: back to its owners */
        }
        level = next;
    }
}
