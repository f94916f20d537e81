/*
 * preflop_atlas.c -- the sweep behind the exact preflop atlas (run by
 * tools/gen_preflop_atlas.py, which builds it; not part of the package).
 *
 * For every 4-card hand H of a deck, the exact number of deals (opponent
 * hand O and five-card board B, all disjoint) that H wins, ties and loses
 * heads-up, for high and for low, with the high counts split by whether
 * the deal's pot has a low (someone makes one).  The sweep goes over
 * boards, not hands:
 *
 *   1. the boards are reduced to classes under the suit relabellings that
 *      map the deck onto itself, each with its multiplicity (orbit size);
 *   2. per board, each of the C(L,2) pairs of live cards is scored once
 *      (best of the board's ten triples, the project's evaluator:
 *      oe_board_table_build / oe_eval_board_table), and a hand's high and
 *      low are the best of its six pairs (exactly two from the hand);
 *   3. the live hands are bucketed by value (counting sort); a sweep in
 *      value order keeps counters of the hands seen so far and of those
 *      that contain each card, each pair and each triple of cards; the
 *      opponents disjoint from H below H's value are, by inclusion-
 *      exclusion over the subsets of H's cards,
 *          all - sum(cards) + sum(pairs) - sum(triples) (+ [H counted]);
 *      A scoop needs a better high and a better low at once: during the
 *      high sweep, per counter, a histogram over the board's low values
 *      gives the hands below in high that are also below in low;
 *   4. per hand the board's counts, times the board's multiplicity, are
 *      added to int64 accumulators.  A hand's own total depends on which
 *      board of each orbit was swept, but the total over a suit class of
 *      hands does not, so the atlas is read per class.
 *
 * Usage (argument order fixed; the Python driver writes it):
 *
 *   preflop_atlas DECK CLASSES PART PARTS OUT CHECKPOINT SECONDS SYMMETRY [LIMIT]
 *
 *   DECK: card ids (4 * rank + suit) ascending, comma-separated;
 *   CLASSES: a file of int32, one per hand of the deck (colex order of the
 *   hands' deck positions): the row each hand's counts are added to (the
 *   hand's suit class; or the hand itself, for tests) -- the accumulators
 *   then stay small (16,432 rows of 4-card classes) and in cache;
 *   PART/PARTS: this process sweeps the board classes j with j % PARTS ==
 *   PART; OUT: the result file; CHECKPOINT: resumed from when it exists,
 *   rewritten every SECONDS; SYMMETRY: 1 = board classes, 0 = every board
 *   (multiplicity 1, for tests: then each hand's own counts are exact);
 *   LIMIT: stop after that many board classes of this part (timing).
 *
 * OUT and CHECKPOINT: the header (int64 x 8: magic, deck size, part,
 * parts, symmetry, classes done, classes of this part, fields) then the
 * accumulators, int64 [rows][FIELDS] (rows: the largest CLASSES entry + 1).
 * Fields: see enum field.  Progress goes to stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "oe_eval.h"
#include "oe_tables.h"

enum field {
    F_W_LP,  /* high wins in deals whose pot has a low */
    F_T_LP,  /* high ties in those deals */
    F_N_LP,  /* deals whose pot has a low (H or O makes one) */
    F_W_NL,  /* high wins in deals without a low */
    F_T_NL,  /* high ties in those deals */
    F_LW,    /* low wins: H's low better than O's (or O has none) */
    F_LT,    /* low ties */
    F_NHL,   /* deals where H makes a low */
    F_BOARDS, /* boards H is dealt against (each with C(L-4,4) opponents) */
    F_SCOOP, /* H wins the whole pot alone: a better high, and a better low or
              * no low in the pot */
    FIELDS
};

#define MAGIC 0x41544c4153303031LL /* "ATLAS001" */
#define MAXN 52

static int64_t binom[MAXN + 1][6];

static void init_binom(void)
{
    for (int n = 0; n <= MAXN; n++)
        for (int k = 0; k < 6; k++) {
            if (k == 0) binom[n][k] = 1;
            else if (n == 0) binom[n][k] = 0;
            else binom[n][k] = binom[n - 1][k - 1] + binom[n - 1][k];
        }
}

/* A live hand: the 15 counter offsets of its nonempty proper subsets (1
 * the empty set's counter is offset 0, shared): cards, pairs, triples. */
typedef struct {
    uint16_t card[4];
    uint16_t pair[6];
    uint16_t tri[4];
    uint8_t local[4]; /* local card indices 0..L-1 */
} live_hand;

static int n_deck, n_live;
static int64_t n_hands_local, n_pairs_local;
static live_hand *hands;
static int off_card, off_pair, off_tri, n_counters;

static int pair_ix(int a, int b) { return (int)(binom[a][1] + binom[b][2]); } /* a < b */
static int tri_ix(int a, int b, int c)
{
    return (int)(binom[a][1] + binom[b][2] + binom[c][3]);
}

static void build_hands(void)
{
    n_hands_local = binom[n_live][4];
    n_pairs_local = binom[n_live][2];
    off_card = 1;
    off_pair = off_card + n_live;
    off_tri = off_pair + (int)n_pairs_local;
    n_counters = off_tri + (int)binom[n_live][3];
    hands = malloc(sizeof(live_hand) * (size_t)n_hands_local);
    if (!hands) exit(3);
    int64_t h = 0;
    for (int d = 3; d < n_live; d++)
        for (int c = 2; c < d; c++)
            for (int b = 1; b < c; b++)
                for (int a = 0; a < b; a++, h++) {
                    live_hand *x = hands + h;
                    int v[4] = {a, b, c, d};
                    for (int i = 0; i < 4; i++) {
                        x->local[i] = (uint8_t)v[i];
                        x->card[i] = (uint16_t)(off_card + v[i]);
                    }
                    x->pair[0] = (uint16_t)(off_pair + pair_ix(a, b));
                    x->pair[1] = (uint16_t)(off_pair + pair_ix(a, c));
                    x->pair[2] = (uint16_t)(off_pair + pair_ix(a, d));
                    x->pair[3] = (uint16_t)(off_pair + pair_ix(b, c));
                    x->pair[4] = (uint16_t)(off_pair + pair_ix(b, d));
                    x->pair[5] = (uint16_t)(off_pair + pair_ix(c, d));
                    x->tri[0] = (uint16_t)(off_tri + tri_ix(a, b, c));
                    x->tri[1] = (uint16_t)(off_tri + tri_ix(a, b, d));
                    x->tri[2] = (uint16_t)(off_tri + tri_ix(a, c, d));
                    x->tri[3] = (uint16_t)(off_tri + tri_ix(b, c, d));
                }
}

/* Counted hands disjoint from x (inclusion-exclusion without the term of
 * x itself: add 1 when x is counted). */
static inline int32_t query(const int32_t *c, const live_hand *x)
{
    return c[0] - c[x->card[0]] - c[x->card[1]] - c[x->card[2]] - c[x->card[3]] +
           c[x->pair[0]] + c[x->pair[1]] + c[x->pair[2]] + c[x->pair[3]] + c[x->pair[4]] +
           c[x->pair[5]] - c[x->tri[0]] - c[x->tri[1]] - c[x->tri[2]] - c[x->tri[3]];
}

static inline void count(int32_t *c, const live_hand *x)
{
    c[0]++;
    for (int i = 0; i < 4; i++) c[x->card[i]]++;
    for (int i = 0; i < 6; i++) c[x->pair[i]]++;
    for (int i = 0; i < 4; i++) c[x->tri[i]]++;
}

static inline uint64_t mask_of(const live_hand *x)
{
    return 1ull << x->local[0] | 1ull << x->local[1] | 1ull << x->local[2] |
           1ull << x->local[3];
}

/* Groups at most this large count their ties by direct disjointness
 * checks instead of a second query per hand. */
#define SMALL_GROUP 12

/* Per-board work arrays. */
static uint16_t *pair_hi, *hv;
static uint8_t *pair_lo, *lv;
static int32_t *order, *lt, *eq, *ltd, *eqd, *lte, *eqe;
static int32_t *cnt_c, *cnt_d, *cnt_e;

/* The joint count for scoops: the hands counted so far (high below the
 * hand's) whose low is below the hand's, disjoint from it.  Per counter of
 * the inclusion-exclusion (each nonempty subset of a hand's cards), a
 * histogram over the board's low values, ranked densely (no low first):
 * a board has few distinct low values, so a prefix sum stays within one
 * or two cache lines and an insertion touches one cell.  16-bit cells (a
 * card is in at most C(46,3) = 15,180 live hands); the empty subset's
 * histogram is 32-bit, apart. */
#define JOINT 64 /* cells per counter: the 57 low values (none, 1..56) fit */
static uint16_t *joint;
static int32_t joint0[JOINT], *sc;
static uint8_t low_rank[OE_LOW_MAX + 1];

static inline const uint16_t *subset_offsets(const live_hand *x, uint16_t o[14])
{
    memcpy(o, x->card, sizeof x->card);
    memcpy(o + 4, x->pair, sizeof x->pair);
    memcpy(o + 10, x->tri, sizeof x->tri);
    return o;
}

static inline void joint_count(const live_hand *x, int low)
{
    uint16_t o[14];
    subset_offsets(x, o);
    const int r = low_rank[low];
    joint0[r]++;
    for (int k = 0; k < 14; k++) joint[(size_t)o[k] * JOINT + r]++;
}

/* Counted hands disjoint from x with a low below `low`. */
static inline int32_t joint_query(const live_hand *x, int low)
{
    static const int sign[14] = {-1, -1, -1, -1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1};
    uint16_t o[14];
    subset_offsets(x, o);
    const int r = low_rank[low];
    int32_t total = 0;
    for (int i = 0; i < r; i++) total += joint0[i];
    for (int k = 0; k < 14; k++) {
        const uint16_t *f = joint + (size_t)o[k] * JOINT;
        int32_t s = 0;
        for (int i = 0; i < r; i++) s += f[i];
        total += sign[k] * s;
    }
    return total;
}

/* Groups at most this large count their ties by direct disjointness
 * checks instead of a second query per hand. */
#define SMALL_GROUP 12

/* Per-board work arrays. */
static uint16_t *pair_hi, *hv;
static uint8_t *pair_lo, *lv;
static int32_t *order, *lt, *eq, *ltd, *eqd, *lte, *eqe;
static int32_t *cnt_c, *cnt_d, *cnt_e;

/* The joint count for scoops: the hands counted so far (high below the
 * hand's) whose low is below the hand's, disjoint from it.  Per counter of
 * the inclusion-exclusion (each subset of a hand's cards) a Fenwick tree
 * over the low value + 1 (1..57; an opponent without a low is below any
 * low), so a prefix and an insertion take at most 6 steps each. */
#define FEN 64
static int32_t *fen, *sc;

static inline void fen_count(const live_hand *x, int low)
{
    uint16_t o[15] = {0};
    memcpy(o + 1, x->card, sizeof x->card);
    memcpy(o + 5, x->pair, sizeof x->pair);
    memcpy(o + 11, x->tri, sizeof x->tri);
    for (int k = 0; k < 15; k++) {
        int32_t *f = fen + (size_t)o[k] * FEN;
        for (int i = low + 1; i < FEN; i += i & -i) f[i]++;
    }
}

/* Counted hands disjoint from x with a low below `low`. */
static inline int32_t fen_query(const live_hand *x, int low)
{
    uint16_t o[15] = {0};
    memcpy(o + 1, x->card, sizeof x->card);
    memcpy(o + 5, x->pair, sizeof x->pair);
    memcpy(o + 11, x->tri, sizeof x->tri);
    static const int sign[15] = {1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1};
    int32_t total = 0;
    for (int k = 0; k < 15; k++) {
        const int32_t *f = fen + (size_t)o[k] * FEN;
        int32_t s = 0;
        for (int i = low; i > 0; i -= i & -i) s += f[i];
        total += sign[k] * s;
    }
    return total;
}
static int64_t *acc, n_rows;
static int32_t *row_of;

/* One sweep over hands bucketed by `val` (values 0..maxv): lt/eq from
 * counters c; when dset is non-null, the same restricted to the hands in
 * dset (in_d[h] != 0) are written to ltd/eqd for hands with want_d[h]. */
static int32_t bucket_start[OE_HIGH_MAX + 2];

static void sweep(const void *val, int wide, int maxv, int32_t *c, int32_t *out_lt,
                  int32_t *out_eq, int32_t *d, const uint8_t *low_of, int64_t first_group)
{
    /* counting sort */
    memset(bucket_start, 0, sizeof(int32_t) * (size_t)(maxv + 2));
    for (int64_t h = 0; h < n_hands_local; h++) {
        int v = wide ? ((const uint16_t *)val)[h] : ((const uint8_t *)val)[h];
        bucket_start[v + 1]++;
    }
    for (int v = 0; v <= maxv; v++) bucket_start[v + 1] += bucket_start[v];
    {
        static int32_t fill[OE_HIGH_MAX + 2];
        memcpy(fill, bucket_start, sizeof(int32_t) * (size_t)(maxv + 1));
        for (int64_t h = 0; h < n_hands_local; h++) {
            int v = wide ? ((const uint16_t *)val)[h] : ((const uint8_t *)val)[h];
            order[fill[v]++] = (int32_t)h;
        }
    }
    memset(c, 0, sizeof(int32_t) * (size_t)n_counters);
    if (d) memset(d, 0, sizeof(int32_t) * (size_t)n_counters);
    if (d) { /* a low board: the joint histograms, over its low values ranked */
        int present[OE_LOW_MAX + 1] = {0};
        for (int64_t h = 0; h < n_hands_local; h++) present[low_of[h]] = 1;
        int r = 0;
        for (int v = 0; v <= OE_LOW_MAX; v++) {
            low_rank[v] = (uint8_t)r;
            r += present[v];
        }
        memset(joint0, 0, sizeof joint0);
        memset(joint, 0, sizeof(uint16_t) * JOINT * (size_t)n_counters);
    }
    for (int v = (int)first_group; v <= maxv; v++) {
        int32_t s = bucket_start[v], e = bucket_start[v + 1];
        if (s == e) continue;
        for (int32_t i = s; i < e; i++) {
            int32_t h = order[i];
            out_lt[h] = query(c, hands + h);
            if (d && low_of[h] == 0) ltd[h] = query(d, hands + h);
            if (d && low_of[h] != 0) sc[h] = joint_query(hands + h, low_of[h]);
        }
        for (int32_t i = s; i < e; i++) {
            int32_t h = order[i];
            count(c, hands + h);
            if (d && low_of[h] != 0) count(d, hands + h);
            if (d) joint_count(hands + h, low_of[h]);
        }
        if (e - s <= SMALL_GROUP) {
            for (int32_t i = s; i < e; i++) {
                int32_t h = order[i];
                uint64_t m = mask_of(hands + h);
                int32_t ties = 0, ties_d = 0;
                for (int32_t j = s; j < e; j++) {
                    int32_t g = order[j];
                    if (m & mask_of(hands + g)) continue;
                    ties++;
                    if (d && low_of[g] != 0) ties_d++;
                }
                out_eq[h] = ties;
                if (d && low_of[h] == 0) eqd[h] = ties_d;
            }
        } else {
            for (int32_t i = s; i < e; i++) {
                int32_t h = order[i];
                out_eq[h] = query(c, hands + h) + 1 - out_lt[h];
                if (d && low_of[h] == 0) eqd[h] = query(d, hands + h) - ltd[h];
            }
        }
    }
}

static int64_t pos_binom[MAXN][5];

static void do_board(const uint8_t *deck, const int *bpos, int64_t mult)
{
    uint8_t board[5], live[MAXN];
    int livepos[MAXN];
    int in_board[MAXN] = {0};
    for (int i = 0; i < 5; i++) {
        board[i] = deck[bpos[i]];
        in_board[bpos[i]] = 1;
    }
    int L = 0;
    for (int p = 0; p < n_deck; p++)
        if (!in_board[p]) {
            livepos[L] = p;
            live[L++] = deck[p];
        }
    oe_board_table t;
    oe_board_table_build(board, &t);
    const int lowboard = oe_nut_low[t.low_mask] != 0;
    for (int b = 1; b < L; b++)
        for (int a = 0; a < b; a++) {
            uint8_t hole[2] = {live[a], live[b]};
            int p = pair_ix(a, b);
            oe_eval_board_table(&t, hole, 2, pair_hi + p, pair_lo + p);
        }
    for (int64_t h = 0; h < n_hands_local; h++) {
        const live_hand *x = hands + h;
        uint16_t bh = 0;
        uint8_t bl = 0;
        for (int i = 0; i < 6; i++) {
            int p = x->pair[i] - off_pair;
            if (pair_hi[p] > bh) bh = pair_hi[p];
            if (pair_lo[p] > bl) bl = pair_lo[p];
        }
        hv[h] = bh;
        lv[h] = bl;
    }
    sweep(hv, 1, OE_HIGH_MAX, cnt_c, lt, eq, lowboard ? cnt_d : NULL, lv, 1);
    if (lowboard) {
        /* low sweep: group 0 (no low) counted first, then the lows */
        sweep(lv, 0, OE_LOW_MAX, cnt_e, lte, eqe, NULL, NULL, 0);
        /* the no-low hands were swept as group 0: lte + eqe of a no-low
         * hand = its disjoint no-low opponents */
    }
    const int32_t opp = (int32_t)binom[L - 4][4];
    for (int i = 0; i < L; i++)
        for (int k = 1; k <= 4; k++) pos_binom[i][k] = binom[livepos[i]][k];
    for (int64_t h = 0; h < n_hands_local; h++) {
        const live_hand *x = hands + h;
        int64_t g = pos_binom[x->local[0]][1] + pos_binom[x->local[1]][2] +
                    pos_binom[x->local[2]][3] + pos_binom[x->local[3]][4];
        int64_t *a = acc + (int64_t)row_of[g] * FIELDS;
        a[F_BOARDS] += mult;
        if (!lowboard) {
            a[F_W_NL] += mult * lt[h];
            a[F_T_NL] += mult * eq[h];
            a[F_SCOOP] += mult * lt[h];
        } else if (lv[h]) {
            a[F_SCOOP] += mult * sc[h];
            a[F_W_LP] += mult * lt[h];
            a[F_T_LP] += mult * eq[h];
            a[F_N_LP] += mult * opp;
            a[F_LW] += mult * lte[h];
            a[F_LT] += mult * eqe[h];
            a[F_NHL] += mult * opp;
        } else {
            int32_t no_low_opp = lte[h] + eqe[h];
            a[F_W_LP] += mult * ltd[h];
            a[F_T_LP] += mult * eqd[h];
            a[F_N_LP] += mult * (opp - no_low_opp);
            a[F_W_NL] += mult * (lt[h] - ltd[h]);
            a[F_T_NL] += mult * (eq[h] - eqd[h]);
            a[F_SCOOP] += mult * (lt[h] - ltd[h]);
        }
    }
}

/* ------------------------------------------------------------ boards */

static int64_t colex5(const int *p)
{
    return binom[p[0]][1] + binom[p[1]][2] + binom[p[2]][3] + binom[p[3]][4] + binom[p[4]][5];
}

static void sort5(int *p)
{
    for (int i = 1; i < 5; i++)
        for (int j = i; j > 0 && p[j - 1] > p[j]; j--) {
            int t = p[j];
            p[j] = p[j - 1];
            p[j - 1] = t;
        }
}

static int perms[24][4], n_perms;
static int perm_pos[24][MAXN]; /* deck position -> deck position */

static void init_perms(const uint8_t *deck, int symmetry)
{
    int pos_of[52];
    for (int c = 0; c < 52; c++) pos_of[c] = -1;
    for (int i = 0; i < n_deck; i++) pos_of[deck[i]] = i;
    n_perms = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++) {
                    if (a == b || a == c || a == d || b == c || b == d || c == d) continue;
                    int s[4] = {a, b, c, d}, ok = 1;
                    if (!symmetry && !(a == 0 && b == 1 && c == 2 && d == 3)) continue;
                    for (int i = 0; i < n_deck && ok; i++) {
                        int img = OE_CARD(OE_RANK(deck[i]), s[OE_SUIT(deck[i])]);
                        if (pos_of[img] < 0) ok = 0;
                        else perm_pos[n_perms][i] = pos_of[img];
                    }
                    if (ok) memcpy(perms[n_perms++], s, sizeof s);
                }
}

/* Multiplicity of the board class of p (deck positions, ascending) when p
 * is its smallest member (colex), else 0. */
static int64_t class_mult(const int *p)
{
    int64_t self = colex5(p), imgs[24];
    int n = 0;
    for (int k = 0; k < n_perms; k++) {
        int q[5];
        for (int i = 0; i < 5; i++) q[i] = perm_pos[k][p[i]];
        sort5(q);
        int64_t c = colex5(q);
        if (c < self) return 0;
        int seen = 0;
        for (int j = 0; j < n; j++) seen |= imgs[j] == c;
        if (!seen) imgs[n++] = c;
    }
    return n;
}

/* ------------------------------------------------------------ files */

static int write_file(const char *path, const int64_t *header)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) return -1;
    size_t n = (size_t)n_rows * FIELDS;
    int ok = fwrite(header, sizeof(int64_t), 8, f) == 8 && fwrite(acc, sizeof(int64_t), n, f) == n;
    ok = fclose(f) == 0 && ok;
    return ok && rename(tmp, path) == 0 ? 0 : -1;
}

static int64_t read_checkpoint(const char *path, const int64_t *expect)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    int64_t h[8];
    size_t n = (size_t)n_rows * FIELDS;
    if (fread(h, sizeof(int64_t), 8, f) != 8 || h[0] != expect[0] || h[1] != expect[1] ||
        h[2] != expect[2] || h[3] != expect[3] || h[4] != expect[4] || h[7] != FIELDS ||
        fread(acc, sizeof(int64_t), n, f) != n) {
        fprintf(stderr, "checkpoint %s does not match this run\n", path);
        exit(4);
    }
    fclose(f);
    return h[5];
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 9) {
        fprintf(stderr,
                "usage: %s DECK CLASSES PART PARTS OUT CHECKPOINT SECONDS SYMMETRY [LIMIT]\n",
                argv[0]);
        return 2;
    }
    uint8_t deck[MAXN];
    n_deck = 0;
    for (char *s = argv[1]; *s && n_deck < MAXN;) {
        deck[n_deck++] = (uint8_t)strtol(s, &s, 10);
        if (*s == ',') s++;
    }
    const char *classes = argv[2];
    int part = atoi(argv[3]), parts = atoi(argv[4]);
    const char *out = argv[5], *ckpt = argv[6];
    double every = atof(argv[7]);
    int symmetry = atoi(argv[8]);
    int64_t limit = argc > 9 ? atoll(argv[9]) : -1;
    if (n_deck < 13 || parts < 1 || part < 0 || part >= parts) {
        fprintf(stderr, "bad arguments\n");
        return 2;
    }
    oe_init();
    init_binom();
    n_live = n_deck - 5;
    build_hands();
    init_perms(deck, symmetry);

    /* the board classes of this part */
    int64_t n_boards = binom[n_deck][5], n_mine = 0, n_classes = 0, boards_seen = 0;
    int32_t *mine = malloc(sizeof(int32_t) * (size_t)n_boards);
    uint8_t *mine_mult = malloc((size_t)n_boards);
    int p[5];
    for (p[4] = 4; p[4] < n_deck; p[4]++)
        for (p[3] = 3; p[3] < p[4]; p[3]++)
            for (p[2] = 2; p[2] < p[3]; p[2]++)
                for (p[1] = 1; p[1] < p[2]; p[1]++)
                    for (p[0] = 0; p[0] < p[1]; p[0]++) {
                        int64_t m = class_mult(p);
                        if (!m) continue;
                        boards_seen += m;
                        if (n_classes++ % parts == part) {
                            mine[n_mine] = (int32_t)colex5(p);
                            mine_mult[n_mine++] = (uint8_t)m;
                        }
                    }
    if (boards_seen != n_boards) {
        fprintf(stderr, "board classes cover %lld boards, expected %lld\n",
                (long long)boards_seen, (long long)n_boards);
        return 5;
    }
    int64_t n_deck_hands = binom[n_deck][4];
    row_of = malloc(sizeof(int32_t) * (size_t)n_deck_hands);
    FILE *cf = fopen(classes, "rb");
    if (!row_of || !cf || fread(row_of, sizeof(int32_t), (size_t)n_deck_hands, cf) !=
                              (size_t)n_deck_hands) {
        fprintf(stderr, "cannot read %lld rows from %s\n", (long long)n_deck_hands, classes);
        return 2;
    }
    fclose(cf);
    n_rows = 0;
    for (int64_t g = 0; g < n_deck_hands; g++) {
        if (row_of[g] < 0) return 2;
        if (row_of[g] >= n_rows) n_rows = row_of[g] + 1;
    }
    size_t n_acc = (size_t)n_rows * FIELDS;
    acc = calloc(n_acc, sizeof(int64_t));
    pair_hi = malloc(sizeof(uint16_t) * (size_t)n_pairs_local);
    pair_lo = malloc((size_t)n_pairs_local);
    hv = malloc(sizeof(uint16_t) * (size_t)n_hands_local);
    lv = malloc((size_t)n_hands_local);
    int32_t **arrays[] = {&order, &lt, &eq, &ltd, &eqd, &lte, &eqe, &sc};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++) {
        *arrays[i] = calloc((size_t)n_hands_local, sizeof(int32_t));
        if (!*arrays[i]) return 3;
    }
    cnt_c = calloc((size_t)n_counters, sizeof(int32_t));
    cnt_d = calloc((size_t)n_counters, sizeof(int32_t));
    cnt_e = calloc((size_t)n_counters, sizeof(int32_t));
    joint = calloc((size_t)n_counters * JOINT, sizeof(uint16_t));
    if (!joint) return 3;
    if (!acc || !cnt_c || !cnt_d || !cnt_e || !mine || !mine_mult) return 3;

    int64_t header[8] = {MAGIC, n_deck, part, parts, symmetry, 0, n_mine, FIELDS};
    int64_t done = read_checkpoint(ckpt, header);
    int64_t stop = limit >= 0 && done + limit < n_mine ? done + limit : n_mine;
    fprintf(stderr, "part %d/%d: %lld board classes (of %lld), %lld done\n", part, parts,
            (long long)n_mine, (long long)n_classes, (long long)done);
    double t0 = now(), last = t0, last_print = t0;
    int64_t start = done;
    for (; done < stop; done++) {
        /* unrank the colex index */
        int64_t r = mine[done];
        for (int k = 5, hi = n_deck - 1; k >= 1; k--) {
            while (binom[hi][k] > r) hi--;
            p[k - 1] = hi;
            r -= binom[hi][k];
            hi--;
        }
        do_board(deck, p, mine_mult[done]);
        double t = now();
        if (t - last_print >= 10.0 || done + 1 == stop) {
            double rate = (double)(done + 1 - start) / (t - t0);
            fprintf(stderr, "part %d: %lld/%lld classes, %.1f/s, %.0f s left\n", part,
                    (long long)(done + 1), (long long)n_mine, rate,
                    (double)(n_mine - done - 1) / rate);
            last_print = t;
        }
        if (every > 0 && t - last >= every && done + 1 < stop) {
            header[5] = done + 1;
            if (write_file(ckpt, header)) {
                fprintf(stderr, "cannot write %s\n", ckpt);
                return 6;
            }
            last = t;
        }
    }
    header[5] = done;
    if (write_file(done == n_mine ? out : ckpt, header)) {
        fprintf(stderr, "cannot write the result\n");
        return 6;
    }
    fprintf(stderr, "part %d: %lld/%lld classes in %.1f s\n", part, (long long)done,
            (long long)n_mine, now() - t0);
    return 0;
}
