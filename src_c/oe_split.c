/* oe_split.c -- the pot split; the rules are stated in oe_split.h. */
#include "oe_split.h"
#include "oe_bits.h"

void oe_pot_winners(int n, const uint16_t *high, const uint8_t *low,
                    uint32_t eligible, uint32_t *hi_winners, uint32_t *lo_winners)
{
    uint16_t best_hi = 0;
    uint8_t best_lo = 0;
    uint32_t hi = 0, lo = 0;
    for (int i = 0; i < n; i++) {
        if (!(eligible >> i & 1u)) continue;
        if (high[i] > best_hi) best_hi = high[i], hi = 0;
        if (high[i] == best_hi) hi |= 1u << i;
        if (low[i] > best_lo) best_lo = low[i], lo = 0;
        if (low[i] && low[i] == best_lo) lo |= 1u << i;
    }
    *hi_winners = hi;
    *lo_winners = lo;
}

uint32_t oe_split_shares(int n, const uint16_t *high, const uint8_t *low,
                         double *hi_share, double *lo_share)
{
    uint32_t hi, lo;
    uint32_t all = n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
    oe_pot_winners(n, high, low, all, &hi, &lo);
    oe_shares_of(n, hi, lo, hi_share, lo_share);
    return lo;
}

void oe_shares_of(int n, uint32_t hi, uint32_t lo, double *hi_share, double *lo_share)
{
    double hi_half = lo ? 0.5 : 1.0;
    double hi_each = hi_half / oe_popcount32(hi);
    double lo_each = lo ? 0.5 / oe_popcount32(lo) : 0.0;
    for (int i = 0; i < n; i++) {
        hi_share[i] = (hi >> i & 1u) ? hi_each : 0.0;
        lo_share[i] = (lo >> i & 1u) ? lo_each : 0.0;
    }
}

/* Share `chips` among the winners; the remainder one chip each to the
 * winners first clockwise from the button. */
static void share_chips(int n, uint32_t winners, int64_t chips, int button,
                        int64_t *payout)
{
    int count = oe_popcount32(winners);
    if (count == 0) return;
    int64_t each = chips / count, odd = chips % count;
    for (int step = 1; step <= n; step++) {
        int seat = (button + step) % n;
        if (!(winners >> seat & 1u)) continue;
        payout[seat] += each + (odd > 0);
        odd--;
    }
}

void oe_split_chips(int n, const uint16_t *high, const uint8_t *low,
                    uint32_t eligible, int64_t amount, int button, int64_t *payout)
{
    uint32_t hi, lo;
    oe_pot_winners(n, high, low, eligible, &hi, &lo);
    if (!lo) {
        share_chips(n, hi, amount, button, payout);
        return;
    }
    int64_t low_half = amount / 2; /* the odd chip stays with the high half */
    share_chips(n, hi, amount - low_half, button, payout);
    share_chips(n, lo, low_half, button, payout);
}
