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
 * to makes_low[r * n + i], and to nut_low[r * n + i] when it holds the
 * best low that completed board allows (oe_nut_low); deals[r] receives
 * the completions counted.  The two functions below write nut_low as
 * makes_low (rows x n), in the same parts.
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
                    double *outcome, double *makes_low, double *nut_low, uint64_t *deals,
                    size_t *done,
                    const volatile int *stop);

/*
 * The same histograms by one shared enumeration (oe_boards_shared.c):
 * every completion of the known board is dealt once, the rows' cold counts
 * come from rank multisets and each flush board corrects the rows it holds.
 * Rows are the sets of n_new new cards news[r * n_new ..] of the next
 * street (n_board 0..4; n_new = 3 - n_board to a flop, else 1), each of
 * live cards (in no hand, not on the board, not in `dead`), no two rows the
 * same set.  The work is split in
 * `parts` (0 <= part < parts, by the first card dealt): each part writes
 * its own outcome (rows x 4^n), makes_low (rows x n) and deals (rows), all
 * zeroed here, and the sum of the parts' arrays is, cell for cell, what
 * oe_boards_exact gives (part 0 holds the cold counts, makes_low and
 * deals; every part holds flush corrections, which may be negative).
 * Reads *stop (may be NULL) every few boards.  Returns 0, -1 when out of
 * memory, -2 when a row's card is not live or n_new is not the next
 * street's, 1 when stopped (the arrays are
 * then incomplete).
 */
int oe_boards_shared(const uint8_t *hands, int n, int k, int game, const uint8_t *board,
                     int n_board, uint64_t dead, const uint8_t *news, int n_new, size_t rows,
                     int part, int parts, double *outcome, double *makes_low, double *nut_low,
                     uint64_t *deals,
                     const volatile int *stop);

/*
 * Fixed hands against ONE range on a flop or a turn (n_board 3 or 4), the
 * rows being the next street's boards (oe_boards_range.c): each river
 * board is dealt once and added to the rows of its new cards.  fixed:
 * n_fixed x k cards (the players other than `seat`, in seat order);
 * combos: n_combos x k, with weights (those touching a known card are
 * skipped); row_of[card]: the row whose new card is `card`, or -1 (52
 * entries, each row's card live).  Writes, zeroed here, per row: outcome
 * (rows x 4^n, n = n_fixed + 1; each deal adds its combo's weight),
 * makes_low (rows x n, weighted) and deals (the deals counted).  Reads
 * *stop (may be NULL) every board.  Returns 0, -1 when out of memory, -2
 * when the contract is broken (a row's card not live, sizes), 1 when
 * stopped (the arrays are then incomplete).
 */
int oe_boards_range(const uint8_t *fixed, int n_fixed, int seat, const uint8_t *combos,
                    const double *weights, size_t n_combos, int k, int game,
                    const uint8_t *board, int n_board, uint64_t dead, const int32_t *row_of,
                    size_t rows, double *outcome, double *makes_low, double *nut_low,
                    uint64_t *deals, const volatile int *stop);

#endif /* OE_BOARDS_H */
