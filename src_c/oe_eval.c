/*
 * oe_eval.c -- Omaha hi/lo evaluation over the tables of oe_tables.c.
 *
 * Exactly two hole cards and three board cards: the high is the best of
 * the pair x triple lookups (rank tables, plus the flush table when both
 * sides are of the board's flush suit); the low needs only the sets of
 * low ranks in hand and on board, one lookup (oe_best_low_table).
 */
#include "oe_eval.h"
#include "oe_tables.h"
#include "oe_bits.h"
#include "oe_quint.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))

static inline uint8_t hole_low_mask(const uint8_t *hole, int k)
{
    uint8_t m = 0;
    for (int i = 0; i < k; i++) m |= oe_low_bit[OE_RANK(hole[i])];
    return m;
}

uint8_t oe_best_low(uint8_t hole_low_mask, uint8_t board_low_mask)
{
    return oe_best_low_table[(unsigned)hole_low_mask << 8 | board_low_mask];
}

uint16_t oe_high5(const uint8_t c[5])
{
    int r0 = OE_RANK(c[0]), r1 = OE_RANK(c[1]), r2 = OE_RANK(c[2]),
        r3 = OE_RANK(c[3]), r4 = OE_RANK(c[4]);
    int s = OE_SUIT(c[0]);
    if (OE_SUIT(c[1]) == s && OE_SUIT(c[2]) == s && OE_SUIT(c[3]) == s &&
        OE_SUIT(c[4]) == s)
        return oe_flush_high[1u << r0 | 1u << r1 | 1u << r2 | 1u << r3 | 1u << r4];
    return oe_pair_triple_high[oe_pair_index[r0][r1] * OE_N_TRIPLES +
                               oe_triple_index[r2][r3][r4]];
}

uint8_t oe_low5(const uint8_t c[5])
{
    uint8_t m = 0;
    int low_cards = 0;
    for (int i = 0; i < 5; i++) {
        uint8_t bit = oe_low_bit[OE_RANK(c[i])];
        low_cards += bit != 0;
        m |= bit;
    }
    /* five low cards of five different ranks, else no low */
    return low_cards == 5 ? oe_low_value[m] : OE_LOW_NONE;
}

int oe_high_category(uint16_t high)
{
    if (high < 1 || high > OE_HIGH_MAX) return -1;
    return OE_KEY_CATEGORY(oe_high_keys[high - 1]);
}

void oe_board_prepare(const uint8_t board[5], oe_board *b)
{
    int suit_count[4] = {0, 0, 0, 0};
    b->low_mask = 0;
    for (int i = 0; i < 5; i++) {
        suit_count[OE_SUIT(board[i])]++;
        b->low_mask |= oe_low_bit[OE_RANK(board[i])];
    }
    b->flush_suit = -1;
    for (int s = 0; s < 4; s++)
        if (suit_count[s] >= 3) b->flush_suit = (int8_t)s;
    b->n_flush_tri = 0;
    for (int t = 0; t < 10; t++) {
        uint8_t x = board[oe_board_triples[t][0]], y = board[oe_board_triples[t][1]],
                z = board[oe_board_triples[t][2]];
        b->tri[t] = oe_triple_index[OE_RANK(x)][OE_RANK(y)][OE_RANK(z)];
        if (OE_SUIT(x) == b->flush_suit && OE_SUIT(y) == b->flush_suit &&
            OE_SUIT(z) == b->flush_suit) {
            uint16_t m = (uint16_t)(1u << OE_RANK(x) | 1u << OE_RANK(y) | 1u << OE_RANK(z));
            b->flush_tri[b->n_flush_tri] = m;
            b->flush_idx[b->n_flush_tri] = oe_rank_triple_index[m];
            b->n_flush_tri++;
        }
    }
}

void oe_eval_prepared_board(const oe_board *b, const uint8_t *hole, int k,
                            uint16_t *high, uint8_t *low)
{
    uint16_t best = 0;
    const int npairs = oe_n_hole_pairs[k];
    for (int p = 0; p < npairs; p++) {
        uint8_t x = hole[oe_hole_pairs[p][0]], y = hole[oe_hole_pairs[p][1]];
        const uint16_t *row = oe_pair_triple_high +
                              oe_pair_index[OE_RANK(x)][OE_RANK(y)] * OE_N_TRIPLES;
        for (int t = 0; t < 10; t++) best = MAX(best, row[b->tri[t]]);
        if (OE_SUIT(x) == b->flush_suit && OE_SUIT(y) == b->flush_suit) {
            unsigned pm = 1u << OE_RANK(x) | 1u << OE_RANK(y);
            for (int t = 0; t < b->n_flush_tri; t++)
                best = MAX(best, oe_flush_high[pm | b->flush_tri[t]]);
        }
    }
    *high = best;
    *low = oe_best_low(hole_low_mask(hole, k), b->low_mask);
}

void oe_eval_hand(const uint8_t *hole, int k, const uint8_t board[5],
                  uint16_t *high, uint8_t *low)
{
    oe_board b;
    oe_board_prepare(board, &b);
    oe_eval_prepared_board(&b, hole, k, high, low);
}

void oe_eval_hand_detail(const uint8_t *hole, int k, const uint8_t board[5],
                         uint16_t *high, uint8_t *low,
                         uint8_t hi_used[5], uint8_t lo_used[5])
{
    uint16_t best_hi = 0;
    uint8_t best_lo = OE_LOW_NONE;
    for (int p = 0; p < oe_n_hole_pairs[k]; p++)
        for (int t = 0; t < 10; t++) {
            const uint8_t *hp = oe_hole_pairs[p], *bt = oe_board_triples[t];
            uint8_t c[5] = {hole[hp[0]], hole[hp[1]], board[bt[0]], board[bt[1]],
                            board[bt[2]]};
            uint16_t h = oe_high5(c);
            uint8_t l = oe_low5(c);
            if (h > best_hi) {
                best_hi = h;
                hi_used[0] = hp[0], hi_used[1] = hp[1];
                hi_used[2] = bt[0], hi_used[3] = bt[1], hi_used[4] = bt[2];
            }
            if (l > best_lo) {
                best_lo = l;
                lo_used[0] = hp[0], lo_used[1] = hp[1];
                lo_used[2] = bt[0], lo_used[3] = bt[1], lo_used[4] = bt[2];
            }
        }
    *high = best_hi;
    *low = best_lo;
}

void oe_board_table_build(const uint8_t board[5], oe_board_table *t)
{
    oe_board_table_build_n(board, 5, t);
}

void oe_board_table_build_n(const uint8_t *board, int n_board, oe_board_table *t)
{
    int suit_count[4] = {0, 0, 0, 0};
    t->low_mask = 0;
    for (int i = 0; i < n_board; i++) {
        suit_count[OE_SUIT(board[i])]++;
        t->low_mask |= oe_low_bit[OE_RANK(board[i])];
    }
    t->flush_suit = -1;
    for (int s = 0; s < 4; s++)
        if (suit_count[s] >= 3) t->flush_suit = (int8_t)s;
    /* every triple of the board (1 on a flop, 4 on a turn, 10 on a river) */
    uint16_t tri[10], flush_tri[10];
    int n_tri = 0, n_flush_tri = 0;
    for (int a = 0; a < n_board; a++)
        for (int b = a + 1; b < n_board; b++)
            for (int c = b + 1; c < n_board; c++) {
                const uint8_t x = board[a], y = board[b], z = board[c];
                tri[n_tri++] = oe_triple_index[OE_RANK(x)][OE_RANK(y)][OE_RANK(z)];
                if (OE_SUIT(x) == t->flush_suit && OE_SUIT(y) == t->flush_suit &&
                    OE_SUIT(z) == t->flush_suit)
                    flush_tri[n_flush_tri++] =
                        (uint16_t)(1u << OE_RANK(x) | 1u << OE_RANK(y) | 1u << OE_RANK(z));
            }
    for (int p = 0; p < OE_N_PAIRS; p++) {
        const uint16_t *row = oe_pair_triple_high + p * OE_N_TRIPLES;
        uint16_t best = 0;
        for (int i = 0; i < n_tri; i++) best = MAX(best, row[tri[i]]);
        t->pair_high[p] = best;
    }
    for (int x = 0; x < 13; x++)
        for (int y = 0; y < 13; y++) {
            uint16_t best = 0;
            unsigned pm = 1u << x | 1u << y;
            for (int i = 0; i < n_flush_tri; i++) best = MAX(best, oe_flush_high[pm | flush_tri[i]]);
            t->flush_high[x * 13 + y] = best;
        }
}

void oe_eval_board_table(const oe_board_table *t, const uint8_t *hole, int k,
                         uint16_t *high, uint8_t *low)
{
    uint16_t best = 0;
    const int npairs = oe_n_hole_pairs[k];
    for (int p = 0; p < npairs; p++) {
        uint8_t x = hole[oe_hole_pairs[p][0]], y = hole[oe_hole_pairs[p][1]];
        best = MAX(best, t->pair_high[oe_pair_index[OE_RANK(x)][OE_RANK(y)]]);
        if (OE_SUIT(x) == t->flush_suit && OE_SUIT(y) == t->flush_suit)
            best = MAX(best, t->flush_high[OE_RANK(x) * 13 + OE_RANK(y)]);
    }
    *high = best;
    *low = oe_best_low(hole_low_mask(hole, k), t->low_mask);
}

void oe_hand_table_build(const uint8_t *hole, int k, oe_hand_table *h)
{
    const int npairs = oe_n_hole_pairs[k];
    for (int t = 0; t < OE_N_TRIPLES; t++) {
        uint16_t best = 0;
        for (int p = 0; p < npairs; p++) {
            uint8_t x = hole[oe_hole_pairs[p][0]], y = hole[oe_hole_pairs[p][1]];
            best = MAX(best, oe_pair_triple_high[oe_pair_index[OE_RANK(x)][OE_RANK(y)] *
                                                     OE_N_TRIPLES + t]);
        }
        h->tri_high[t] = best;
    }
    int suit_count[4] = {0, 0, 0, 0};
    for (int i = 0; i < k; i++) suit_count[OE_SUIT(hole[i])]++;
    h->flush_suits = 0;
    for (int s = 0; s < 4; s++) {
        if (suit_count[s] >= 2) h->flush_suits |= (uint8_t)(1u << s);
        for (int t = 0; t < OE_N_RANK_TRIPLES; t++) {
            uint16_t best = 0;
            for (int p = 0; suit_count[s] >= 2 && p < npairs; p++) {
                uint8_t x = hole[oe_hole_pairs[p][0]], y = hole[oe_hole_pairs[p][1]];
                if (OE_SUIT(x) != s || OE_SUIT(y) != s) continue;
                unsigned pm = 1u << OE_RANK(x) | 1u << OE_RANK(y);
                best = MAX(best, oe_flush_high[pm | oe_rank_triple_mask[t]]);
            }
            h->flush_high[s][t] = best;
        }
    }
    h->low_mask = hole_low_mask(hole, k);
}

void oe_eval_hand_table(const oe_hand_table *h, const oe_board *b,
                        uint16_t *high, uint8_t *low)
{
    uint16_t best = 0;
    for (int t = 0; t < 10; t++) best = MAX(best, h->tri_high[b->tri[t]]);
    if (b->flush_suit >= 0 && (h->flush_suits >> b->flush_suit & 1u)) {
        const uint16_t *fl = h->flush_high[b->flush_suit];
        for (int t = 0; t < b->n_flush_tri; t++) best = MAX(best, fl[b->flush_idx[t]]);
    }
    *high = best;
    *low = oe_best_low(h->low_mask, b->low_mask);
}

void oe_eval_batch(const uint8_t *holes, size_t n, int k,
                   const uint8_t *boards, size_t board_stride,
                   uint16_t *high, uint8_t *low)
{
    if (board_stride == 0) {
        oe_board_table t;
        oe_board_table_build(boards, &t);
        for (size_t i = 0; i < n; i++)
            oe_eval_board_table(&t, holes + i * (size_t)k, k, high + i, low + i);
        return;
    }
    /* One board per hand: the board's rank multiset row holds the best
     * non-flush high of every hole rank pair (oe_quint.h). */
    for (size_t i = 0; i < n; i++) {
        oe_qboard b;
        oe_qboard_from(boards + i * board_stride, &b);
        oe_qboard_eval(&b, holes + i * (size_t)k, k, 0, high + i, low + i);
    }
}

ptrdiff_t oe_first_invalid_row(const uint8_t *holes, size_t n, int k,
                               const uint8_t *boards, int n_board, size_t board_stride)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *hole = holes + i * (size_t)k;
        const uint8_t *board = boards + i * board_stride;
        uint64_t seen = 0;
        int wrong = 0; /* no early exit per card: the common row is valid */
        for (int j = 0; j < k + n_board; j++) {
            const uint8_t c = j < k ? hole[j] : board[j - k];
            const uint64_t bit = (uint64_t)1 << (c & 63);
            wrong |= c >= OE_NUM_CARDS || (seen & bit);
            seen |= bit;
        }
        if (wrong) return (ptrdiff_t)i;
    }
    return -1;
}
