/*
 * oe_boards.h -- board reports of fixed hands: for each of many boards of
 * the next street, the exact outcome histogram over every completion.
 *
 * A report asks, for the boards B + N_r (B the known board, N_r the new
 * cards of row r: a flop's three, a turn or a river card), the figures of
 * an exact equity run on that board.  Each row is folded over its board
 * (oe_fold.h: at most 91 rank multisets to come from a flop) and
 * enumerated by oe_fold_exact, the exact path of EquitySpot, so a row's
 * histogram is the one EquitySpot.exact gives on that board.
 *
 * Histograms as in oe_equity.h: row r adds each completion's weight (1) to
 * outcome[r * 4^n + (hi << n | lo)] and, per player with a qualifying low,
 * to makes_low[r * n + i]; deals[r] receives the completions counted.
 * Contract: every card valid and distinct within a row (hands, board, the
 * row's new cards, none in `dead`), n = 2..OE_BOARDS_MAX_PLAYERS, k = 4..6,
 * n_board + n_new <= 5 (the caller checks; nothing here re-validates).
 * Outputs are zeroed here.  Reads *stop between rows (may be NULL).
 */
#ifndef OE_BOARDS_H
#define OE_BOARDS_H

#include <stddef.h>
#include <stdint.h>

#define OE_BOARDS_MAX_PLAYERS 6 /* 4^6 cells a row: larger spots go row by row */

/* Returns 0, -1 when out of memory, or 1 when *stop became nonzero (rows
 * from *done on are not written; *done counts the rows written). */
int oe_boards_exact(const uint8_t *hands, int n, int k, int game, const uint8_t *board,
                    int n_board, uint64_t dead, const uint8_t *news, int n_new, size_t rows,
                    double *outcome, double *makes_low, uint64_t *deals, size_t *done,
                    const volatile int *stop);

#endif /* OE_BOARDS_H */
