/*
 * oe_split.h -- splitting a pot high/low (docs/rules.md, "Splitting the pot").
 *
 * The one place that owns the split: half the pot to the best high, half
 * to the best qualifying low, ties share a half equally, and when no one
 * has a qualifying low the best high takes the whole pot.  Equity (exact
 * and Monte Carlo) and chip-exact showdowns all call these.
 *
 * Players are 0..n-1 with n <= OE_MAX_PLAYERS; `eligible` is a bit mask of
 * the players contesting the pot (bit i = player i).  high/low are values
 * from oe_eval.h (larger is better; low 0 = none).
 */
#ifndef OE_SPLIT_H
#define OE_SPLIT_H

#include <stdint.h>

#define OE_MAX_PLAYERS 32

/* Bit masks of the players who win the high half and the low half
 * (lo_winners = 0: no qualifying low, the high winners take everything). */
void oe_pot_winners(int n, const uint16_t *high, const uint8_t *low,
                    uint32_t eligible, uint32_t *hi_winners, uint32_t *lo_winners);

/* Fraction of a pot (contested by all n players) each player wins through
 * the high half (the whole pot when no low) and through the low half.
 * Writes hi_share[0..n-1] and lo_share[0..n-1]; returns lo_winners. */
uint32_t oe_split_shares(int n, const uint16_t *high, const uint8_t *low,
                         double *hi_share, double *lo_share);

/* Chip-exact split of `amount` chips among the eligible players, added to
 * payout[0..n-1].  An odd chip between the halves goes to the high half;
 * odd chips within a half go one each to the winners first clockwise from
 * the button (seats button+1, button+2, ... mod n). */
void oe_split_chips(int n, const uint16_t *high, const uint8_t *low,
                    uint32_t eligible, int64_t amount, int button, int64_t *payout);

#endif /* OE_SPLIT_H */
