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

#include "oe_bits.h"

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

/* oe_pot_winners() with every player eligible, without branches on the
 * values (who wins is random: branches would be mispredicted), for the
 * inner loops.  The same answer: tests compare the counts with those of
 * the plain enumeration, which calls oe_pot_winners(). */
static inline void oe_winners_all(int n, const uint16_t *high, const uint8_t *low,
                                  uint32_t *hi_winners, uint32_t *lo_winners)
{
    unsigned best_hi = 0, best_lo = 0;
    for (int i = 0; i < n; i++) {
        best_hi = high[i] > best_hi ? high[i] : best_hi;
        best_lo = low[i] > best_lo ? low[i] : best_lo;
    }
    uint32_t hi = 0, lo = 0;
    for (int i = 0; i < n; i++) {
        hi |= (uint32_t)(high[i] == best_hi) << i;
        lo |= (uint32_t)(low[i] == best_lo) << i;
    }
    *hi_winners = hi;
    *lo_winners = best_lo ? lo : 0u; /* no qualifying low: no low winners */
}

/* A scoop: player i wins the whole pot alone -- the only high winner, and
 * the only low winner or no low at all. */
static inline int oe_scoops(uint32_t hi_winners, uint32_t lo_winners, int i)
{
    const uint32_t me = 1u << i;
    return hi_winners == me && (lo_winners == 0u || lo_winners == me);
}

/* Quartered: player i gets exactly a quarter of the pot (docs/rules.md,
 * "Quartering"; also a high shared four ways with no low, or a half shared
 * two ways while another player takes the other half).  Its share is
 * in_hi / (2 |hi|) + in_lo / (2 |lo|), or in_hi / |hi| with no low; tested
 * as integers (a share is 1/4 exactly, never by rounding). */
static inline int oe_quartered(uint32_t hi_winners, uint32_t lo_winners, int i)
{
    const unsigned in_hi = hi_winners >> i & 1u, in_lo = lo_winners >> i & 1u;
    const unsigned hc = (unsigned)oe_popcount32(hi_winners);
    const unsigned lc = (unsigned)oe_popcount32(lo_winners);
    if (lo_winners == 0u) return in_hi && hc == 4u;
    return 2u * (in_hi * lc + in_lo * hc) == hc * lc;
}

/* The shares of winners found by oe_pot_winners(): half to each half's
 * winners equally, the whole pot to the high winners when no low. */
void oe_shares_of(int n, uint32_t hi_winners, uint32_t lo_winners,
                  double *hi_share, double *lo_share);

/* Chip-exact split of `amount` chips among the eligible players, added to
 * payout[0..n-1].  An odd chip between the halves goes to the high half;
 * odd chips within a half go one each to the winners first clockwise from
 * the button (seats button+1, button+2, ... mod n). */
void oe_split_chips(int n, const uint16_t *high, const uint8_t *low,
                    uint32_t eligible, int64_t amount, int button, int64_t *payout);

#endif /* OE_SPLIT_H */
