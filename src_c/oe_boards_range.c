/*
 * oe_boards_range.c -- exact board reports of fixed hands against ONE range
 * on a flop or a turn (oe_boards.h: oe_boards_range), by one shared
 * enumeration: every river board (the known board and the 1 or 2 cards to
 * come) is dealt once, every hand and every live range combo is scored on
 * it once, and its histogram goes to the row of each of its new cards that
 * is a row's card (from a flop, a river board {a, b} belongs to the turn
 * rows of a and of b).  The per-row path scores each such board twice.
 *
 * A range combo holding one of the board's cards cannot be dealt with that
 * board: it is skipped for that board (hence for both its rows), exactly
 * as each row's own enumeration skips it.  A row's histogram is then the
 * one the engine's exact enumeration gives on the row's board: each
 * (river, combo) deal adds the combo's weight to the cell of its winners.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_boards.h"
#include "oe_cards.h"
#include "oe_eval.h"
#include "oe_split.h"
#include "oe_tables.h"

#define MAX_CELLS (1u << (2 * OE_BOARDS_MAX_PLAYERS))

int oe_boards_range(const uint8_t *fixed, int n_fixed, int seat, const uint8_t *combos,
                    const double *weights, size_t n_combos, int k, int game,
                    const uint8_t *board, int n_board, uint64_t dead, const int32_t *row_of,
                    size_t rows, double *outcome, double *makes_low, double *nut_low,
                    uint64_t *deals, const volatile int *stop)
{
    const int n = n_fixed + 1;
    if (n < 2 || n > OE_BOARDS_MAX_PLAYERS || seat < 0 || seat >= n || k < 4 || k > 6
        || n_board < 3 || n_board > 4)
        return -2; /* the caller broke the contract */
    const size_t cells = (size_t)1 << (2 * n);
    const int no_low = !OE_GAME_HAS_LOW(game);
    memset(outcome, 0, rows * cells * sizeof *outcome);
    memset(makes_low, 0, rows * (size_t)n * sizeof *makes_low);
    memset(nut_low, 0, rows * (size_t)n * sizeof *nut_low);
    memset(deals, 0, rows * sizeof *deals);

    uint64_t known = dead;
    for (int i = 0; i < n_board; i++) known |= (uint64_t)1 << board[i];
    for (int i = 0; i < n_fixed * k; i++) known |= (uint64_t)1 << fixed[i];
    for (int c = 0; c < OE_NUM_CARDS; c++) /* a row's card must be live */
        if (row_of[c] >= 0 && ((size_t)row_of[c] >= rows || (known >> c & 1u))) return -2;
    uint8_t deck[OE_NUM_CARDS];
    int m = 0;
    for (int c = 0; c < OE_NUM_CARDS; c++)
        if (!(known >> c & 1u)) deck[m++] = (uint8_t)c;

    /* the live combos (missing every known card), with their masks */
    size_t *live = malloc((n_combos ? n_combos : 1) * sizeof *live);
    uint64_t *mask = malloc((n_combos ? n_combos : 1) * sizeof *mask);
    if (!live || !mask) {
        free(live);
        free(mask);
        return -1;
    }
    size_t n_live = 0;
    for (size_t c = 0; c < n_combos; c++) {
        uint64_t mc = 0;
        for (int j = 0; j < k; j++) mc |= (uint64_t)1 << combos[c * (size_t)k + (size_t)j];
        if (mc & known) continue;
        live[n_live] = c;
        mask[n_live++] = mc;
    }

    const int need = 5 - n_board; /* 1 or 2 cards to come */
    uint16_t high[OE_BOARDS_MAX_PLAYERS];
    uint8_t low[OE_BOARDS_MAX_PLAYERS];
    double hist[MAX_CELLS], lows[OE_BOARDS_MAX_PLAYERS], nuts[OE_BOARDS_MAX_PLAYERS];
    uint8_t b5[5];
    memcpy(b5, board, (size_t)n_board);
    int code = 0;
    for (int a = 0; a < m && !code; a++) {
        for (int bi = need == 2 ? a + 1 : a; bi < m; bi++) {
            if (stop && *stop) {
                code = 1;
                break;
            }
            const int ca = deck[a], cb = deck[bi];
            const int ra = row_of[ca], rb = need == 2 ? row_of[cb] : -1;
            if (ra < 0 && rb < 0) { /* a board of no row */
                if (need == 1) break;
                continue;
            }
            b5[n_board] = (uint8_t)ca;
            if (need == 2) b5[4] = (uint8_t)cb;
            const uint64_t news = (uint64_t)1 << ca | (uint64_t)1 << cb;
            oe_board_table t;
            oe_board_table_build(b5, &t);
            for (int i = 0, h = 0; i < n; i++) {
                if (i == seat) continue;
                oe_eval_board_table(&t, fixed + (size_t)h * (size_t)k, k, &high[i], &low[i]);
                if (no_low) low[i] = OE_LOW_NONE;
                h++;
            }
            memset(hist, 0, cells * sizeof *hist);
            memset(lows, 0, sizeof lows);
            memset(nuts, 0, sizeof nuts);
            const uint8_t nut = no_low ? OE_LOW_NONE : oe_nut_low[t.low_mask];
            uint64_t count = 0;
            for (size_t j = 0; j < n_live; j++) {
                if (mask[j] & news) continue;
                const size_t c = live[j];
                const double w = weights[c];
                oe_eval_board_table(&t, combos + c * (size_t)k, k, &high[seat], &low[seat]);
                if (no_low) low[seat] = OE_LOW_NONE;
                uint32_t hi, lo;
                oe_winners_all(n, high, low, &hi, &lo);
                hist[(size_t)hi << n | lo] += w;
                for (int i = 0; i < n; i++) {
                    if (low[i] != OE_LOW_NONE) lows[i] += w;
                    if (low[i] != OE_LOW_NONE && low[i] == nut) nuts[i] += w;
                }
                count++;
            }
            const int to[2] = {ra, rb};
            for (int q = 0; q < 2; q++) {
                if (to[q] < 0) continue;
                double *o = outcome + (size_t)to[q] * cells;
                for (size_t x = 0; x < cells; x++) o[x] += hist[x];
                double *l = makes_low + (size_t)to[q] * (size_t)n;
                for (int i = 0; i < n; i++) l[i] += lows[i];
                double *u = nut_low + (size_t)to[q] * (size_t)n;
                for (int i = 0; i < n; i++) u[i] += nuts[i];
                deals[to[q]] += count;
            }
            if (need == 1) break; /* one card to come: the board is {a} */
        }
    }
    free(live);
    free(mask);
    return code;
}
