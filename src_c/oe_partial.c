/*
 * oe_partial.c -- the best hand so far on a flop or a turn
 * (oe_eval_hand_partial; the contract is in oe_eval.h).
 *
 * Kept apart from the batch paths of oe_eval.c: one hand at a time, every
 * 2 + 3 combination scored by oe_high5 / oe_low5, so it needs no table of
 * its own and cannot disagree with them.
 */
#include "oe_eval.h"
#include "oe_tables.h"

void oe_eval_hand_partial(const uint8_t *hole, int k, const uint8_t *board, int n_board,
                          uint16_t *high, uint8_t *low,
                          uint8_t hi_used[5], uint8_t lo_used[5])
{
    uint16_t best_hi = 0;
    uint8_t best_lo = OE_LOW_NONE;
    for (int p = 0; p < oe_n_hole_pairs[k]; p++) {
        const uint8_t *hp = oe_hole_pairs[p];
        for (int a = 0; a < n_board; a++)
            for (int b = a + 1; b < n_board; b++)
                for (int c = b + 1; c < n_board; c++) {
                    uint8_t five[5] = {hole[hp[0]], hole[hp[1]], board[a], board[b], board[c]};
                    uint16_t h = oe_high5(five);
                    uint8_t l = oe_low5(five);
                    if (h > best_hi) {
                        best_hi = h;
                        hi_used[0] = hp[0], hi_used[1] = hp[1];
                        hi_used[2] = (uint8_t)a, hi_used[3] = (uint8_t)b, hi_used[4] = (uint8_t)c;
                    }
                    if (l > best_lo) {
                        best_lo = l;
                        lo_used[0] = hp[0], lo_used[1] = hp[1];
                        lo_used[2] = (uint8_t)a, lo_used[3] = (uint8_t)b, lo_used[4] = (uint8_t)c;
                    }
                }
    }
    *high = best_hi;
    *low = best_lo;
}
