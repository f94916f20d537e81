/*
 * oe_quint.h -- private: a complete board seen through its rank multiset.
 *
 * The best non-flush high of any hand on a board is the best, over the
 * hand's rank pairs, of oe_quint_pair_high[board multiset][pair]
 * (oe_tables.h): one row per board, one lookup per hole pair.  Flushes
 * (a suit with 3+ board cards and 2+ hole cards of it) and the low (masks
 * of low ranks) are added on the side.  Used for any hand against any board:
 * random pairs (oe_eval_batch), ranges and random hands in the equity loops.
 */
#ifndef OE_QUINT_H
#define OE_QUINT_H

#include <stdint.h>

#include "oe_cards.h"
#include "oe_tables.h"

/* Best flush of hole ranks `hole` (2+ bits) with board ranks `board` (3 to 5
 * bits) of one suit: the best of every hole pair with every board triple. */
static inline uint16_t oe_flush_value(unsigned hole, unsigned board)
{
    unsigned tri[10];
    int nt = 0;
    /* 3, 4 or 5 bits: clear the lowest three and see what is left (no
     * popcount: without -mpopcnt it is a library call) */
    const unsigned b1 = board & (board - 1), b2 = b1 & (b1 - 1), more = b2 & (b2 - 1);
    if (!more) {
        tri[nt++] = board;
    } else if (!(more & (more - 1))) {
        for (unsigned x = board; x; x &= x - 1) tri[nt++] = board & ~(x & (0u - x));
    } else {
        for (unsigned x = board; x; x &= x - 1)
            for (unsigned y = x & (x - 1); y; y &= y - 1)
                tri[nt++] = board & ~(x & (0u - x)) & ~(y & (0u - y));
    }
    uint16_t best = 0;
    for (unsigned a = hole; a; a &= a - 1)
        for (unsigned b = a & (a - 1); b; b &= b - 1) {
            const unsigned pm = (a & (0u - a)) | (b & (0u - b));
            for (int t = 0; t < nt; t++)
                if (oe_flush_high[pm | tri[t]] > best) best = oe_flush_high[pm | tri[t]];
        }
    return best;
}

/* Compare-exchange without branches (ranks are random: a branch would be
 * mispredicted half the time). */
#define OE_SORT2(r, i, j)                                                \
    do {                                                                 \
        const int a_ = (r)[i], b_ = (r)[j];                              \
        (r)[i] = a_ < b_ ? a_ : b_;                                      \
        (r)[j] = a_ < b_ ? b_ : a_;                                      \
    } while (0)

/* Sort n <= 5 small ints by optimal sorting networks. */
static inline void oe_sort_small(int *r, int n)
{
    switch (n) {
    case 5:
        OE_SORT2(r, 0, 1); OE_SORT2(r, 3, 4); OE_SORT2(r, 2, 4); OE_SORT2(r, 2, 3);
        OE_SORT2(r, 1, 4); OE_SORT2(r, 0, 3); OE_SORT2(r, 0, 2); OE_SORT2(r, 1, 3);
        OE_SORT2(r, 1, 2);
        break;
    case 4:
        OE_SORT2(r, 0, 1); OE_SORT2(r, 2, 3); OE_SORT2(r, 0, 2); OE_SORT2(r, 1, 3);
        OE_SORT2(r, 1, 2);
        break;
    case 3:
        OE_SORT2(r, 1, 2); OE_SORT2(r, 0, 2); OE_SORT2(r, 0, 1);
        break;
    case 2:
        OE_SORT2(r, 0, 1);
        break;
    default:
        break;
    }
}

/* Colex index (oe_tables.h, oe_mset_term) of n <= 5 cards' ranks, any order. */
static inline unsigned oe_mset_index(const uint8_t *cards, int n)
{
    int r[5];
    for (int i = 0; i < n; i++) r[i] = OE_RANK(cards[i]);
    oe_sort_small(r, n);
    unsigned idx = 0;
    for (int i = 0; i < n; i++) idx += oe_mset_term[i][r[i]];
    return idx;
}

typedef struct {
    const uint16_t *row;   /* oe_quint_pair_high row of the board's ranks */
    int flush_suit;        /* the suit with 3+ board cards, or -1 */
    unsigned flush_ranks;  /* ... and its board ranks */
    uint8_t low_mask;      /* the board's low ranks (oe_low_bit) */
} oe_qboard;

static inline void oe_qboard_from(const uint8_t board[5], oe_qboard *b)
{
    b->row = oe_quint_pair_high + (size_t)oe_mset_index(board, 5) * OE_N_PAIRS;
    unsigned count = 0; /* four 4-bit counters, one per suit */
    uint8_t low = 0;
    for (int i = 0; i < 5; i++) {
        count += 1u << (4 * OE_SUIT(board[i]));
        low |= oe_low_bit[OE_RANK(board[i])];
    }
    b->low_mask = low;
    b->flush_suit = -1;
    b->flush_ranks = 0;
    for (int s = 0; s < 4; s++)
        if ((count >> (4 * s) & 15u) >= 3) b->flush_suit = s;
    if (b->flush_suit >= 0)
        for (int i = 0; i < 5; i++)
            if (OE_SUIT(board[i]) == b->flush_suit) b->flush_ranks |= 1u << OE_RANK(board[i]);
}

/*
 * Any hand of k cards on a board of 3 to 5 cards, the board given as the
 * best non-flush high of each hole rank pair p (oe_pair_index): the best of
 * rows[t][p * stride] over t < n_rows (a river: its quint row, stride 1; a
 * flop or turn: oe_pair_triple_high at each of its rank triples, stride
 * OE_N_TRIPLES); the flush from the suit the board holds 3+ of; the low
 * from the low table (no_low: OE_LOW_NONE).  Exactly two hole cards: every
 * table path that scores a hand on a board comes here.
 */
static inline void oe_hand_on_rows(const uint16_t *const *rows, int n_rows, size_t stride,
                                   int flush_suit, unsigned flush_ranks, uint8_t low_mask,
                                   const uint8_t *hole, int k, int no_low, uint16_t *high,
                                   uint8_t *low)
{
    int r[OE_MAX_HOLE];
    uint8_t hole_low = 0;
    unsigned suited = 0;
    for (int i = 0; i < k; i++) {
        r[i] = OE_RANK(hole[i]);
        hole_low |= oe_low_bit[r[i]];
        if (OE_SUIT(hole[i]) == flush_suit) suited |= 1u << r[i];
    }
    uint16_t best = 0;
    for (int i = 1; i < k; i++)
        for (int j = 0; j < i; j++) {
            const size_t p = (size_t)oe_pair_index[r[i]][r[j]] * stride;
            for (int t = 0; t < n_rows; t++) {
                const uint16_t v = rows[t][p];
                best = v > best ? v : best;
            }
        }
    if (suited & (suited - 1)) { /* two or more of the flush suit */
        const uint16_t f = oe_flush_value(suited, flush_ranks);
        best = f > best ? f : best;
    }
    *high = best;
    *low = no_low ? OE_LOW_NONE : oe_best_low_table[(unsigned)hole_low << 8 | low_mask];
}

/* Any hand of k cards on a five-card board. */
static inline void oe_qboard_eval(const oe_qboard *b, const uint8_t *hole, int k, int no_low,
                                  uint16_t *high, uint8_t *low)
{
    oe_hand_on_rows(&b->row, 1, 1, b->flush_suit, b->flush_ranks, b->low_mask, hole, k, no_low,
                    high, low);
}

#endif /* OE_QUINT_H */
