/*
 * oe_small.h -- one small spot, whole: card ids in, every figure out.
 *
 * The common question "these hands, this flop/turn/river" costs more in
 * preparation than in counting, so this path does all of it in one call:
 * oe_small_exact() enumerates the board's completions for fixed hands
 * (oe_fold.h, the exact path of EquitySpot) and summarises them
 * (oe_eq_summarize).  The caller (omaha_eval/engine/small.py) reads the
 * cards with the package's one reader; everything this path cannot take
 * (ranges, a board of fewer than three cards) goes the general way, and
 * the answers are the same (tests compare them).
 */
#ifndef OE_SMALL_H
#define OE_SMALL_H

#include <stddef.h>
#include <stdint.h>

#define OE_SMALL_MAX_PLAYERS 6 /* 4^6 outcome cells on the stack; more players go the general way */
/* Per player, what oe_small_exact writes: the OE_EQ_SUMS figure sums, the
 * makes-low weight, then the OE_EQ_BREAKDOWN breakdown weights. */
#define OE_SMALL_PER_PLAYER (9 + 1 + 12)

/*
 * Every completion of a board of n_board (3..5) cards for P (2..10) fixed
 * hands of k (4..6) cards, the cards of `dead` (a 52-bit mask) not dealt.
 * Writes per player i, at out[i * OE_SMALL_PER_PLAYER], its figure sums,
 * makes-low and breakdown weights, and deal[0..3] the deal sums (total, no
 * low, low split, quartered); returns the number of deals.  The caller has checked the
 * cards (ids 0..51, none twice among the hands, the board and the dead).
 */
uint64_t oe_small_exact(const uint8_t *hands, int P, int k, const uint8_t *board, int n_board,
                        uint64_t dead, int game, double *out, double *deal);

#endif /* OE_SMALL_H */
