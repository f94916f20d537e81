/*
 * oe_rows.h -- deals as rows, and what queries ask of them, a block at a
 * time (omaha_eval/pql/ evaluates its expressions over these arrays).
 *
 * A block is T deals: hands[t][i][0..k-1] (row-major, T x n x k card ids,
 * players in the spot's order), boards[t][0..4] (the whole board, dealt to
 * the river; a street's board is its first 3, 4 or 5 cards) and
 * weights[t].  Monte Carlo rows come from a prepared spot (oe_equity.h,
 * drawn as oe_eq_monte_carlo draws: the same dealer, the same uniform
 * completion); exact rows from a list of assignments and every completion
 * of the board.  The other functions read rows and trust them (the caller
 * made them, or checked them: ids 0..51, no card twice in a row).
 */
#ifndef OE_ROWS_H
#define OE_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "oe_equity.h"

/*
 * Monte Carlo: `trials` deals of the spot into the rows, each with its
 * weight (1, or the sequential sampler's importance weight; 0-weight
 * trials are rows too, with whatever cards were drawn).  Returns OE_EQ_OK,
 * OE_EQ_NO_DEAL (max_rejects collisions in a row), OE_EQ_STOPPED or
 * OE_EQ_NO_MEMORY; *done receives the rows written.
 */
int oe_rows_deal(const oe_eq_ctx *ctx, bitgen_t *rng, uint64_t trials, uint64_t max_rejects,
                 uint8_t *hands, uint8_t *boards, double *weights, uint64_t *done,
                 const volatile int *stop);

/*
 * Exact: deals first .. first + count - 1 of the list "every assignment
 * (A of them: assigned[a] is n x k card ids, assigned_weight[a] its
 * weight) times every completion of the board": deal d is assignment
 * d / completions with completion d % completions.  board[0..n_board) are
 * the known board cards; the cards to come are drawn from deck[0..n_deck)
 * less the assignment's cards in n_groups street groups dealt in order
 * (groups[g] cards each, summing to 5 - n_board): a combination of each
 * group (colex order) from the cards the earlier groups left.  One group
 * lists each completion once; a group per street to come deals every
 * order of the streets, as a query reading an earlier street needs.
 * completions must be the product of C(cards left, groups[g]) (the
 * assignments hold n * k distinct cards of the deck).
 */
void oe_rows_exact(const uint8_t *deck, int n_deck, const uint8_t *board, int n_board,
                   const uint8_t *assigned, const double *assigned_weight, int n, int k,
                   const int *groups, int n_groups, uint64_t completions, uint64_t first,
                   uint64_t count, uint8_t *hands, uint8_t *boards, double *weights);

/* The best high and low (oe_eval.h values; low 0 in a high-only game) on
 * the street of n_board = 3, 4 or 5 cards of the players in `players` (bit
 * i: player i): high and low are T x n, the other players' left as they are. */
void oe_rows_values(const uint8_t *hands, const uint8_t *boards, size_t T, int n, int k,
                    int n_board, int game, uint32_t players, uint16_t *high, uint8_t *low);

/* What each row's board of n_board (3, 4 or 5) cards is made of: its low
 * ranks (bit 0 = ace .. 7 = eight, oe_tables.h's oe_low_bit), its ranks
 * (bit r = rank r) and the cards of each suit (suits[t * 4 + s]). */
void oe_rows_board(const uint8_t *boards, size_t T, int n_board, uint8_t *low_mask,
                   uint16_t *ranks, uint8_t *suits);

/* The best high any two cards not on the board could make with it, on the
 * street of n_board = 3, 4 or 5 cards (the nuts: other players' cards do
 * not block), one per row. */
void oe_rows_nut_high(const uint8_t *boards, size_t T, int n_board, uint16_t *nut);

/* The best high of each category any two cards not on the board could make
 * with it: nut[t * 9 + category] (0 where the category cannot be made). */
void oe_rows_nut_by_category(const uint8_t *boards, size_t T, int n_board, uint16_t *nut);

/* Outs: for each row, how many of the unseen cards (in no player's hand,
 * not on the street's board, not dead), dealt as the next card, give
 * player `player` on the street of n_board + 1 cards (n_board = 3 or 4):
 *   OE_OUTS_NUT_LOW: the nut low; OE_OUTS_NUT_HIGH: the nut high;
 *   OE_OUTS_CATEGORY: a high of category `category` or better. */
enum oe_outs { OE_OUTS_NUT_LOW = 0, OE_OUTS_NUT_HIGH = 1, OE_OUTS_CATEGORY = 2 };
void oe_rows_outs(const uint8_t *hands, const uint8_t *boards, size_t T, int n, int k,
                  int player, int n_board, uint64_t dead, int game, int what, int category,
                  uint8_t *outs);

#endif /* OE_ROWS_H */
