/*
 * oe_many.c -- many spots of fixed hands (oe_many.h): each is folded over
 * its board (oe_fold.h: one table entry per rank multiset of the cards to
 * come, at most 91 from the flop) and enumerated by oe_fold_exact, the
 * exact path of EquitySpot, counting shares instead of a histogram.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_many.h"
#include "oe_eval.h"
#include "oe_fold.h"

_Static_assert(OE_MANY_MAX_PLAYERS <= OE_FOLD_MAX_HANDS, "players");

#define MAX_REST 91 /* oe_n_msets[2]: two cards to come from the flop, on the stack */

size_t oe_many_bad_rows(const uint8_t *hands, const uint8_t *boards, size_t n_spots, int P,
                        int k, int b, uint8_t *bad)
{
    size_t count = 0;
    const int per = P * k;
    for (size_t r = 0; r < n_spots; r++) {
        uint64_t seen = 0;
        int wrong = 0;
        for (int j = 0; j < per + b; j++) {
            const uint8_t c = j < per ? hands[r * (size_t)per + j] : boards[r * (size_t)b + j - per];
            const uint64_t bit = (uint64_t)1 << (c & 63);
            wrong |= c >= OE_NUM_CARDS || (seen & bit);
            seen |= bit;
        }
        bad[r] = (uint8_t)wrong;
        count += (size_t)wrong;
    }
    return count;
}

int oe_many_exact(const uint8_t *hands, const uint8_t *boards, const uint64_t *dead,
                  size_t n_spots, int P, int k, int b, int game, double *equity,
                  double *hi_share, double *lo_share, double *scoop)
{
    const size_t n_rest = oe_n_msets[5 - b];
    uint16_t rest_full_small[MAX_REST];
    uint8_t rest_low_small[MAX_REST];
    uint32_t fold_small[OE_MANY_MAX_PLAYERS * MAX_REST], counts_small[MAX_REST];
    uint16_t *rest_full = rest_full_small;
    uint8_t *rest_low = rest_low_small;
    uint32_t *fold = fold_small, *counts = counts_small;
    if (n_rest > MAX_REST) { /* before the flop: more multisets to come than fit the stack */
        rest_full = malloc(n_rest * sizeof *rest_full);
        rest_low = malloc(n_rest * sizeof *rest_low);
        fold = malloc(n_rest * (size_t)P * sizeof *fold);
        counts = malloc(n_rest * sizeof *counts);
        if (!rest_full || !rest_low || !fold || !counts) {
            free(rest_full);
            free(rest_low);
            free(fold);
            free(counts);
            return -1;
        }
    }
    oe_fold f;
    for (size_t r = 0; r < n_spots; r++) {
        const uint8_t *hand = hands + r * (size_t)(P * k), *board = boards + r * (size_t)b;
        oe_fold_board(&f, board, b, game, rest_full, rest_low);
        uint8_t deck[OE_NUM_CARDS];
        const int m = oe_fold_spot(&f, hand, P, k, fold, n_rest, dead ? dead[r] : 0, deck);
        double *hi = hi_share + r * (size_t)P, *lo = lo_share + r * (size_t)P,
               *sc = scoop + r * (size_t)P, *eq = equity + r * (size_t)P;
        memset(hi, 0, (size_t)P * sizeof *hi);
        memset(lo, 0, (size_t)P * sizeof *lo);
        memset(sc, 0, (size_t)P * sizeof *sc);
        oe_sink sink;
        memset(&sink, 0, sizeof sink);
        sink.n = P;
        sink.no_low = f.no_low;
        sink.shares = 1;
        sink.hi_share = hi;
        sink.lo_share = lo;
        sink.scoop = sc;
        uint64_t deals = 0;
        oe_fold_exact(&f, deck, m, 0, 1, counts, &sink, &deals, NULL);
        const double total = (double)deals;
        for (int i = 0; i < P; i++) {
            hi[i] /= total;
            lo[i] /= total;
            sc[i] /= total;
            eq[i] = hi[i] + lo[i];
        }
    }
    if (n_rest > MAX_REST) {
        free(rest_full);
        free(rest_low);
        free(fold);
        free(counts);
    }
    return 0;
}
