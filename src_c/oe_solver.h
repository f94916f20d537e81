/*
 * oe_solver.h -- whole-board kernels for solvers: strength vectors, river
 * equity vectors against a weighted range, and chip-exact showdowns.
 *
 * Cards and values are those of oe_eval.h (id = 4 * rank + suit; high
 * 1..7462 and low 1..56 larger is better, low 0 = no qualifying low).  As
 * there, every function trusts its caller: ids in 0..51, no card twice in a
 * hand or between a hand and the board, k in 4..6.  omaha_eval/_validate.py
 * checks this once.  oe_init() must have run.  No function keeps state;
 * all are safe to call from many threads without the GIL.
 */
#ifndef OE_SOLVER_H
#define OE_SOLVER_H

#include <stddef.h>
#include <stdint.h>

/* Number of four-card hands, C(52, 4). */
#define OE_N_HANDS4 270725

/*
 * All four-card hands in the order of oe_all_hands: lexicographic order of
 * the ascending rows (a < b < c < d), i.e. 0 1 2 3, 0 1 2 4, ..., 48 49 50 51.
 * Writes OE_N_HANDS4 * 4 bytes.
 */
void oe_all_hands(uint8_t *out);

/*
 * High and low of every four-card hand on a five-card board, aligned with
 * oe_all_hands.  A hand that holds a board card cannot be dealt: it gets
 * high = 0 and low = 0 (0 is never a real high value).
 */
void oe_rank_all_hands(const uint8_t board[5], uint16_t *high, uint8_t *low);

/* High and low of n hands of k cards (row-major) on one board. */
void oe_rank_hands(const uint8_t board[5], const uint8_t *holes, size_t n, int k,
                   uint16_t *high, uint8_t *low);

/*
 * River equity of each hero hand against a weighted villain range on a
 * complete board, with exact card removal: a villain hand sharing a card
 * with the hero hand does not count.  Hero hands have k_hero cards, villain
 * hands k_villain (each 4..6); weights are finite and >= 0 (weight 0 = not
 * in the range); n_hero and n_villain are below 2^32.  For hero i, over
 * the live villain hands, weighted:
 *
 *   hi_share[i]  expected fraction of the pot won through the high half
 *                (the whole pot when neither hand has a low);
 *   lo_share[i]  expected fraction won through the low half;
 *   scoop[i]     probability of winning the whole pot alone;
 *   live[i]      total weight of the live villain hands.
 *
 * When no villain hand with weight > 0 is live, the three shares are NaN and
 * live[i] is 0.  Cost O(N + M + 7462) plus card-removal corrections (see
 * oe_solver.c).  Returns 0, or -1 if memory could not be allocated (the
 * outputs are then unspecified).
 */
int oe_river_equity(const uint8_t board[5],
                    const uint8_t *hero, size_t n_hero, int k_hero,
                    const uint8_t *villain, size_t n_villain, int k_villain,
                    const double *villain_weight,
                    double *hi_share, double *lo_share, double *scoop, double *live);

/*
 * Chip-exact payouts of a finished hand, added to payout[0..n-1] (n players
 * in seat order, n <= OE_MAX_PLAYERS of oe_split.h).  contribution[i] >= 0 is
 * what player i put in; bit i of `folded` set means player i folded (their
 * high/low are ignored).  The chips are cut into pots at each distinct
 * contribution level; a pot is contested by the players who paid up to its
 * level and did not fold, and is split by oe_split_chips (odd chips as
 * documented there, `button` 0..n-1).  A pot nobody may contest (everyone who
 * paid into it folded) goes back to those who paid into it, each their own
 * part.  For high-only Omaha pass lows of 0.  The payouts sum to the
 * contributions exactly.
 */
void oe_showdown(int n, const uint16_t *high, const uint8_t *low, uint32_t folded,
                 const int64_t *contribution, int button, int64_t *payout);

#endif /* OE_SOLVER_H */
