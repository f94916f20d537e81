/*
 * oe_tables.c -- generates every lookup table from the rules (docs/rules.md).
 *
 * The high value of a five-card hand is its position among the 7462
 * distinct "category keys" sorted ascending.  A key packs the category
 * above the tie-break ranks, so integer order is hand order (the layout:
 * oe_tables.h, OE_KEY_*), with ranks ordered by (count desc, rank desc); a
 * straight keeps only its top card (5 for the wheel).  Keys come from the
 * 6175 rank multisets that cannot be a flush plus the 1287 sets of five
 * distinct ranks as flushes: 6175 + 1287 = 7462, each key distinct, so the
 * count is built in.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_eval.h"
#include "oe_tables.h"
#include "oe_bits.h"

uint8_t oe_pair_index[13][13];
uint16_t oe_triple_index[13][13][13];
uint16_t oe_rank_triple_index[1 << 13];
uint16_t oe_rank_triple_mask[OE_N_RANK_TRIPLES];
uint16_t oe_pair_triple_high[OE_N_PAIRS * OE_N_TRIPLES];
uint16_t oe_flush_high[1 << 13];
uint8_t oe_low_bit[13];
uint8_t oe_best_low_table[256 * 256];
uint8_t oe_low_value[256];
uint32_t oe_high_keys[OE_HIGH_MAX];
uint16_t oe_mset_term[5][13];
const uint16_t oe_n_msets[6] = {1, 13, 91, 455, 1820, 6188};
uint8_t oe_nut_low[256];
uint8_t oe_quint_ranks[OE_N_QUINTS][5];
uint16_t oe_quint_pair_high[OE_N_QUINTS * OE_N_PAIRS];
uint8_t oe_category_of[OE_HIGH_MAX + 1];

const uint8_t oe_board_triples[10][3] = {
    {0, 1, 2}, {0, 1, 3}, {0, 1, 4}, {0, 2, 3}, {0, 2, 4},
    {0, 3, 4}, {1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4},
};

/* Colex order: the first C(k,2) pairs use only positions below k. */
const uint8_t oe_hole_pairs[15][2] = {
    {0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 3}, {0, 4}, {1, 4},
    {2, 4}, {3, 4}, {0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5},
};
const uint8_t oe_n_hole_pairs[7] = {0, 0, 1, 3, 6, 10, 15};

/* Category key of five ranks (0..12), as a flush or not. */
static uint32_t category_key(const int ranks[5], int flush)
{
    int count[13] = {0};
    unsigned mask = 0;
    for (int i = 0; i < 5; i++) {
        count[ranks[i]]++;
        mask |= 1u << ranks[i];
    }
    /* Ranks ordered by count then rank, both descending. */
    int order[5], n = 0;
    for (int c = 4; c >= 1; c--)
        for (int r = 12; r >= 0; r--)
            if (count[r] == c)
                for (int j = 0; j < c; j++) order[n++] = r;

    int category;
    int distinct = oe_popcount32(mask);
    int straight_top = -1;
    if (distinct == 5) {
        for (int top = 12; top >= 4; top--)
            if (mask == (0x1Fu << (top - 4))) straight_top = top;
        if (mask == 0x100Fu) straight_top = 3; /* A-2-3-4-5: five high */
    }
    if (straight_top >= 0 && flush) category = OE_STRAIGHT_FLUSH;
    else if (count[order[0]] == 4) category = OE_QUADS;
    else if (count[order[0]] == 3 && count[order[3]] == 2) category = OE_FULL_HOUSE;
    else if (flush) category = OE_FLUSH;
    else if (straight_top >= 0) category = OE_STRAIGHT;
    else if (count[order[0]] == 3) category = OE_TRIPS;
    else if (count[order[0]] == 2 && count[order[2]] == 2) category = OE_TWO_PAIR;
    else if (count[order[0]] == 2) category = OE_PAIR;
    else category = OE_HIGH_CARD;

    uint32_t key = OE_KEY_PACK_CATEGORY(category);
    if (straight_top >= 0) return key | OE_KEY_PACK_RANK(straight_top, 0);
    for (int i = 0; i < 5; i++) key |= OE_KEY_PACK_RANK(order[i], i);
    return key;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* High value (1..7462) of five ranks; 0 if five of one rank. */
static uint16_t high_value(const int ranks[5], int flush)
{
    if (ranks[0] == ranks[1] && ranks[1] == ranks[2] && ranks[2] == ranks[3] &&
        ranks[3] == ranks[4])
        return 0;
    uint32_t key = category_key(ranks, flush);
    const uint32_t *hit = bsearch(&key, oe_high_keys, OE_HIGH_MAX,
                                  sizeof key, cmp_u32);
    return hit ? (uint16_t)(hit - oe_high_keys + 1) : 0;
}

static void build_high_keys(void)
{
    int n = 0, r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
        for (r[1] = r[0]; r[1] < 13; r[1]++)
            for (r[2] = r[1]; r[2] < 13; r[2]++)
                for (r[3] = r[2]; r[3] < 13; r[3]++)
                    for (r[4] = r[3]; r[4] < 13; r[4]++) {
                        if (r[0] == r[4]) continue; /* five of a kind */
                        oe_high_keys[n++] = category_key(r, 0);
                        if (r[0] < r[1] && r[1] < r[2] && r[2] < r[3] &&
                            r[3] < r[4])
                            oe_high_keys[n++] = category_key(r, 1);
                    }
    /* n == OE_HIGH_MAX by construction (6175 + 1287); tests check it. */
    qsort(oe_high_keys, (size_t)n, sizeof oe_high_keys[0], cmp_u32);
}

static void build_rank_indices(void)
{
    int n = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++, n++)
            oe_pair_index[a][b] = oe_pair_index[b][a] = (uint8_t)n;
    n = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++)
            for (int c = b; c < 13; c++, n++) {
                uint16_t v = (uint16_t)n;
                oe_triple_index[a][b][c] = oe_triple_index[a][c][b] = v;
                oe_triple_index[b][a][c] = oe_triple_index[b][c][a] = v;
                oe_triple_index[c][a][b] = oe_triple_index[c][b][a] = v;
            }
    n = 0;
    for (unsigned m = 0; m < (1u << 13); m++)
        if (oe_popcount32(m) == 3) {
            oe_rank_triple_index[m] = (uint16_t)n;
            oe_rank_triple_mask[n++] = (uint16_t)m;
        }
}

static void build_high_tables(void)
{
    int pairs[OE_N_PAIRS][2], triples[OE_N_TRIPLES][3];
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++) {
            int i = oe_pair_index[a][b];
            pairs[i][0] = a;
            pairs[i][1] = b;
        }
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++)
            for (int c = b; c < 13; c++) {
                int i = oe_triple_index[a][b][c];
                triples[i][0] = a;
                triples[i][1] = b;
                triples[i][2] = c;
            }
    /* The value of each rank multiset once (6188, five of a kind 0), then
     * each pair x triple looks its multiset up by colex index: a key and a
     * search per multiset rather than per entry (41,405), which kept the
     * import several milliseconds slower.  Needs build_multiset_terms. */
    uint16_t by_quint[OE_N_QUINTS];
    for (int q = 0; q < OE_N_QUINTS; q++) {
        int r[5];
        for (int j = 0; j < 5; j++) r[j] = oe_quint_ranks[q][j];
        by_quint[q] = high_value(r, 0); /* ranks ascending, as it wants */
    }
    for (int p = 0; p < OE_N_PAIRS; p++)
        for (int t = 0; t < OE_N_TRIPLES; t++) {
            int s[5] = {pairs[p][0], pairs[p][1], triples[t][0],
                        triples[t][1], triples[t][2]};
            for (int i = 1; i < 5; i++)
                for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
                    int tmp = s[j];
                    s[j] = s[j - 1];
                    s[j - 1] = tmp;
                }
            unsigned q = 0;
            for (int j = 0; j < 5; j++) q += oe_mset_term[j][s[j]];
            oe_pair_triple_high[p * OE_N_TRIPLES + t] = by_quint[q];
        }
    for (unsigned m = 0; m < (1u << 13); m++) {
        oe_flush_high[m] = 0;
        if (oe_popcount32(m) != 5) continue;
        int r[5], n = 0;
        for (int rank = 0; rank < 13; rank++)
            if (m >> rank & 1u) r[n++] = rank;
        oe_flush_high[m] = high_value(r, 1);
    }
}

/* Lows: compare highest card first, lower wins.  For sets of five low
 * ranks (ace = bit 0) that is plain integer order of the masks, so the
 * value is the mask's place among the 56 masks, best (0x1F) = 56. */
static void build_low_tables(void)
{
    for (int r = 0; r < 13; r++) oe_low_bit[r] = 0;
    oe_low_bit[12] = 1;                                   /* ace */
    for (int r = 0; r <= 6; r++) oe_low_bit[r] = (uint8_t)(2u << r); /* 2..8 */

    uint8_t masks[56];
    int n = 0;
    for (unsigned m = 0; m < 256; m++) {
        oe_low_value[m] = 0;
        if (oe_popcount32(m) == 5) masks[n++] = (uint8_t)m;
    }
    for (int i = 0; i < 56; i++) oe_low_value[masks[i]] = (uint8_t)(56 - i);

    /* Best low using exactly 2 hand ranks and 3 board ranks: a set m of
     * five can be made iff the ranks only the hand has number at most 2,
     * those only the board has at most 3, and all are covered.  So the
     * set needs two ranks of the hand and three of the board: without them
     * no set is tried (most entries; the import is quicker for it). */
    for (unsigned h = 0; h < 256; h++)
        for (unsigned b = 0; b < 256; b++) {
            uint8_t best = 0;
            int possible = oe_popcount32(h) >= 2 && oe_popcount32(b) >= 3;
            for (int i = 0; i < 56 && possible && !best; i++) {
                unsigned m = masks[i];
                if ((m & (h | b)) != m) continue;
                if (oe_popcount32(m & h & ~b) > 2 || oe_popcount32(m & b & ~h) > 3)
                    continue;
                best = oe_low_value[m];
            }
            oe_best_low_table[h << 8 | b] = best;
        }
    for (unsigned b = 0; b < 256; b++) {
        uint8_t nut = 0;
        for (unsigned h = 0; h < 256; h++)
            if (oe_best_low_table[h << 8 | b] > nut) nut = oe_best_low_table[h << 8 | b];
        oe_nut_low[b] = nut;
    }
}

static void build_multiset_terms(void)
{
    /* C(r + j, j + 1) by Pascal's rule, small enough for uint16 (C(16, 5)) */
    unsigned c[18][6];
    for (int a = 0; a < 18; a++)
        for (int b = 0; b < 6; b++)
            c[a][b] = b == 0 ? 1 : a == 0 ? 0 : c[a - 1][b - 1] + c[a - 1][b];
    for (int j = 0; j < 5; j++)
        for (int r = 0; r < 13; r++) oe_mset_term[j][r] = (uint16_t)c[r + j][j + 1];
    int r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
        for (r[1] = r[0]; r[1] < 13; r[1]++)
            for (r[2] = r[1]; r[2] < 13; r[2]++)
                for (r[3] = r[2]; r[3] < 13; r[3]++)
                    for (r[4] = r[3]; r[4] < 13; r[4]++) {
                        unsigned q = 0;
                        for (int j = 0; j < 5; j++) q += oe_mset_term[j][r[j]];
                        for (int j = 0; j < 5; j++) oe_quint_ranks[q][j] = (uint8_t)r[j];
                    }
}

/* oe_quint_pair_high from a transposed pair x triple table, so that the
 * max over a board's ten triples runs along contiguous rows (vectorised). */
static int build_quint_table(void)
{
    uint16_t *by_triple = malloc((size_t)OE_N_TRIPLES * OE_N_PAIRS * sizeof *by_triple);
    if (!by_triple) return -1;
    for (int p = 0; p < OE_N_PAIRS; p++)
        for (int t = 0; t < OE_N_TRIPLES; t++)
            by_triple[t * OE_N_PAIRS + p] = oe_pair_triple_high[p * OE_N_TRIPLES + t];
    for (int q = 0; q < OE_N_QUINTS; q++) {
        const uint8_t *r = oe_quint_ranks[q];
        uint16_t *row = oe_quint_pair_high + (size_t)q * OE_N_PAIRS;
        memset(row, 0, OE_N_PAIRS * sizeof *row);
        for (int t = 0; t < 10; t++) {
            const uint8_t *bt = oe_board_triples[t];
            const uint16_t *src =
                by_triple + oe_triple_index[r[bt[0]]][r[bt[1]]][r[bt[2]]] * OE_N_PAIRS;
            for (int p = 0; p < OE_N_PAIRS; p++) row[p] = row[p] > src[p] ? row[p] : src[p];
        }
    }
    free(by_triple);
    return 0;
}

int oe_init(void)
{
    static int done = 0;
    if (done) return 0;
    build_high_keys();
    build_rank_indices();
    build_multiset_terms();
    build_high_tables();
    build_low_tables();
    oe_category_of[0] = 0;
    for (int v = 1; v <= OE_HIGH_MAX; v++)
        oe_category_of[v] = (uint8_t)OE_KEY_CATEGORY(oe_high_keys[v - 1]);
    if (build_quint_table() != 0) return -1;
    done = 1;
    return 0;
}
