/*
 * oe_small.h -- one small spot, whole: text in, every figure out.
 *
 * The common question "these hands, this flop/turn/river" costs more in
 * preparation than in counting, so this path does both in one call:
 * oe_small_parse() reads card text (no Python), and oe_small_exact()
 * enumerates the board's completions for fixed hands (oe_fold.h, the exact
 * path of EquitySpot) and summarises them (oe_eq_summarize).  Everything it
 * cannot take (ranges, unusual text, a board of fewer than three cards)
 * goes the general way; the answers are the same (tests compare them).
 */
#ifndef OE_SMALL_H
#define OE_SMALL_H

#include <stddef.h>
#include <stdint.h>

#define OE_SMALL_MAX_PLAYERS 6 /* 4^6 outcome cells on the stack; more players go the general way */
/* Per player, what oe_small_exact writes: the OE_EQ_SUMS figure sums, the
 * makes-low weight, then the OE_EQ_BREAKDOWN breakdown weights. */
#define OE_SMALL_PER_PLAYER (8 + 1 + 12)

/*
 * Card text as written by people: ranks 2-9, T, 10, J, Q, K, A and suits
 * c d h s, either case, optionally separated by spaces and commas.  Writes
 * at most `most` ids to out and returns how many, or -1 for anything else
 * (a suit symbol, another character, too many cards): the caller then
 * takes the general path, which reads every form and names the error.
 * Repeats are not checked here.
 */
int oe_small_parse(const char *text, size_t length, uint8_t *out, int most);

/*
 * Every completion of a board of n_board (3..5) cards for P (2..10) fixed
 * hands of k (4..6) cards, the cards of `dead` (a 52-bit mask) not dealt.
 * Writes per player i, at out[i * OE_SMALL_PER_PLAYER], its figure sums,
 * makes-low and breakdown weights, and deal[0..2] the deal sums (total, no
 * low, quartered); returns the number of deals.  The caller has checked the
 * cards (ids 0..51, none twice among the hands, the board and the dead).
 */
uint64_t oe_small_exact(const uint8_t *hands, int P, int k, const uint8_t *board, int n_board,
                        uint64_t dead, int game, double *out, double *deal);

#endif /* OE_SMALL_H */
