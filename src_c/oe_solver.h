/*
 * oe_solver.h -- whole-board kernels for solvers: strength vectors and
 * chip-exact showdowns (equity vectors: oe_street.h).
 *
 * Cards and values are those of oe_eval.h (id = 4 * rank + suit; high
 * 1..7462 and low 1..56 larger is better, low 0 = no qualifying low).  As
 * there, every function trusts its caller: ids in 0..51, no card twice in a
 * hand or between a hand and the board, k in 4..6.  omaha_eval/_checks.py
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
 * High and low of every four-card hand on a five-card board, in the
 * lexicographic order of the ascending rows (0 1 2 3, 0 1 2 4, ...,
 * 48 49 50 51: the order of oe_all_hands_k(4) in oe_ranges.h).  A hand
 * that holds a board card cannot be dealt: it gets high = 0 and low = 0
 * (0 is never a real high value).
 */
void oe_rank_all_hands(const uint8_t board[5], uint16_t *high, uint8_t *low);

/* High and low of n hands of k cards (row-major) on one board. */
void oe_rank_hands(const uint8_t board[5], const uint8_t *holes, size_t n, int k,
                   uint16_t *high, uint8_t *low);

/* Equity vectors against a weighted range, on the river and before it:
 * oe_street.h. */

/*
 * Chip-exact payouts of a finished hand, added to payout[0..n-1] (n players
 * in seat order, n <= OE_MAX_PLAYERS of oe_split.h).  contribution[i] >= 0 is
 * what player i put in (the sum must fit in int64_t); bit i of `folded` set
 * means player i folded (their high/low are ignored).
 *
 * Pots (docs/rules.md, "Side pots") end only at the distinct contributions of the
 * players still in: with live amounts a_1 < a_2 < ... < a_p, pot j holds
 * every player's chips between a_(j-1) and a_j (a_0 = 0), folded players'
 * included, and is contested by the live players who put in a_j or more.
 * A folded player's amount never ends a pot, so consecutive layers with the
 * same live players are one pot and its odd chips are dealt once.  Each pot
 * is split by oe_split_chips (odd chips as documented there, `button`
 * 0..n-1).  Chips above a_p (uncalled: no live player matched them, e.g. a
 * bet the bettor then folded; everything when all folded) go back to whoever
 * put them in.  For high-only Omaha pass lows of 0.  The payouts sum to the
 * contributions exactly.
 */
void oe_showdown(int n, const uint16_t *high, const uint8_t *low, uint32_t folded,
                 const int64_t *contribution, int button, int64_t *payout);

/* One pot of a showdown: its chips, the players contesting it, and the
 * winners of its high half and of its low half (bit i = player i;
 * lo_winners 0: no qualifying low, the high winners take the whole pot). */
typedef struct {
    int64_t amount;
    uint32_t eligible, hi_winners, lo_winners;
} oe_pot;

/*
 * oe_showdown, telling the pots it made: pots[0..] (bottom first, at most
 * n) and, in row j of pot_payout (n x n, row-major), the chips pot j gives
 * each player; returns the number of pots.  payout[i] is the sum of column
 * i over the pots plus player i's uncalled chips.
 */
int oe_showdown_pots(int n, const uint16_t *high, const uint8_t *low, uint32_t folded,
                     const int64_t *contribution, int button, int64_t *payout,
                     oe_pot *pots, int64_t *pot_payout);

#endif /* OE_SOLVER_H */
