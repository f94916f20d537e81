/*
 * oe_partial.c -- the best hand so far on a flop or a turn
 * (oe_eval_hand_partial, and oe_eval_batch_n for many hands; the contracts
 * are in oe_eval.h).
 *
 * Kept apart from the batch paths of oe_eval.c (which the preflop atlas
 * tool builds alone): one hand at a time, every 2 + 3 combination scored by
 * oe_high5 / oe_low5, so it needs no table of its own and cannot disagree
 * with them; many hands on one board share its folded table.
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

void oe_eval_batch_n(const uint8_t *holes, size_t n, int k, const uint8_t *boards,
                     int n_board, size_t board_stride, uint16_t *high, uint8_t *low)
{
    if (n_board == 5) {
        oe_eval_batch(holes, n, k, boards, board_stride, high, low);
        return;
    }
    if (board_stride == 0) { /* one flop or turn for all: folded over its triples */
        oe_board_table t;
        oe_board_table_build_n(boards, n_board, &t);
        for (size_t i = 0; i < n; i++)
            oe_eval_board_table(&t, holes + i * (size_t)k, k, high + i, low + i);
        return;
    }
    /* one flop or turn per hand: its 2 + 3 combinations one by one */
    uint8_t hi_used[5], lo_used[5];
    for (size_t i = 0; i < n; i++)
        oe_eval_hand_partial(holes + i * (size_t)k, k, boards + i * board_stride, n_board,
                             high + i, low + i, hi_used, lo_used);
}
