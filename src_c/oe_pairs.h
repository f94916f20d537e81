/*
 * oe_pairs.h -- private to the solver kernels (oe_solver.c, oe_street.c):
 * one five-card board folded into per-card-pair values.
 *
 * pv->high[a][b] / pv->low[a][b] are the best high and low a hand makes from
 * hole cards a and b and three of the board's cards (0 = no low; a == b is
 * never looked up).  A hand's value is the best over its hole pairs, since
 * Omaha uses exactly two: C(k,2) lookups in an 8 KB table.
 */
#ifndef OE_PAIRS_H
#define OE_PAIRS_H

#include <stdint.h>

#include "oe_eval.h"

typedef struct {
    uint16_t high[OE_NUM_CARDS][OE_NUM_CARDS];
    uint8_t low[OE_NUM_CARDS][OE_NUM_CARDS];
} oe_pair_values;

/* Built from the board table of oe_eval.h, so the two cannot disagree. */
void oe_pair_values_build(const uint8_t board[5], oe_pair_values *pv);

static inline uint16_t oe_pair_max16(uint16_t a, uint16_t b) { return a > b ? a : b; }
static inline uint8_t oe_pair_max8(uint8_t a, uint8_t b) { return a > b ? a : b; }

/* A four-card hand: its six pairs, unrolled (the common case). */
static inline void oe_pair_hand_value4(const oe_pair_values *pv, const uint8_t *hole,
                                       uint16_t *high, uint8_t *low)
{
    const uint8_t a = hole[0], b = hole[1], c = hole[2], d = hole[3];
    const uint16_t *ha = pv->high[a], *hb = pv->high[b], *hc = pv->high[c];
    const uint8_t *la = pv->low[a], *lb = pv->low[b], *lc = pv->low[c];
    *high = oe_pair_max16(oe_pair_max16(oe_pair_max16(ha[b], ha[c]), oe_pair_max16(ha[d], hb[c])),
                          oe_pair_max16(hb[d], hc[d]));
    *low = oe_pair_max8(oe_pair_max8(oe_pair_max8(la[b], la[c]), oe_pair_max8(la[d], lb[c])),
                        oe_pair_max8(lb[d], lc[d]));
}

static inline void oe_pair_hand_value(const oe_pair_values *pv, const uint8_t *hole, int k,
                                      uint16_t *high, uint8_t *low)
{
    if (k == 4) {
        oe_pair_hand_value4(pv, hole, high, low);
        return;
    }
    uint16_t h = 0;
    uint8_t l = 0;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            h = oe_pair_max16(h, pv->high[hole[i]][hole[j]]);
            l = oe_pair_max8(l, pv->low[hole[i]][hole[j]]);
        }
    *high = h;
    *low = l;
}

#endif /* OE_PAIRS_H */
