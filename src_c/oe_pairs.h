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

static inline void oe_pair_hand_value(const oe_pair_values *pv, const uint8_t *hole, int k,
                                      uint16_t *high, uint8_t *low)
{
    uint16_t h = 0;
    uint8_t l = 0;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            uint16_t ph = pv->high[hole[i]][hole[j]];
            uint8_t pl = pv->low[hole[i]][hole[j]];
            h = ph > h ? ph : h;
            l = pl > l ? pl : l;
        }
    *high = h;
    *low = l;
}

#endif /* OE_PAIRS_H */
