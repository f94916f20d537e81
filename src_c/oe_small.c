/* oe_small.c -- one small spot, whole; the contract is oe_small.h. */
#include <string.h>

#include "oe_small.h"
#include "oe_equity.h"
#include "oe_fold.h"

_Static_assert(OE_SMALL_MAX_PLAYERS <= OE_FOLD_MAX_HANDS, "players");
_Static_assert(OE_SMALL_PER_PLAYER == OE_EQ_SUMS + 1 + OE_BD_COLUMNS, "layout");

#define MAX_REST 91 /* oe_n_msets[2]: two cards to come from a flop */

uint64_t oe_small_exact(const uint8_t *hands, int P, int k, const uint8_t *board, int n_board,
                        uint64_t dead, int game, double *out, double *deal)
{
    uint16_t rest_full[MAX_REST];
    uint8_t rest_low[MAX_REST];
    uint32_t fold[OE_SMALL_MAX_PLAYERS][MAX_REST];
    uint32_t counts[MAX_REST];
    double outcome[(size_t)1 << (2 * OE_SMALL_MAX_PLAYERS)];
    double makes_low[OE_SMALL_MAX_PLAYERS], breakdown[OE_SMALL_MAX_PLAYERS * OE_BD_COLUMNS];
    double sums[OE_SMALL_MAX_PLAYERS * OE_EQ_SUMS];
    const size_t cells = (size_t)1 << (2 * P);
    memset(outcome, 0, cells * sizeof *outcome);
    memset(makes_low, 0, sizeof makes_low);
    memset(breakdown, 0, sizeof breakdown);
    memset(sums, 0, sizeof sums);
    memset(deal, 0, OE_EQ_DEAL_SUMS * sizeof *deal);

    oe_fold f;
    oe_fold_board(&f, board, n_board, game, rest_full, rest_low);
    uint8_t deck[OE_NUM_CARDS];
    const int m = oe_fold_spot(&f, hands, P, k, &fold[0][0], MAX_REST, dead, deck);

    oe_sink sink;
    memset(&sink, 0, sizeof sink);
    sink.n = P;
    sink.no_low = f.no_low;
    sink.outcome = outcome;
    sink.makes_low = makes_low;
    sink.breakdown = breakdown;
    uint64_t deals = 0;
    oe_fold_exact(&f, deck, m, 0, 1, counts, &sink, &deals, NULL);
    oe_eq_summarize(P, outcome, sums, deal);
    for (int i = 0; i < P; i++) {
        double *row = out + (size_t)i * OE_SMALL_PER_PLAYER;
        memcpy(row, sums + (size_t)i * OE_EQ_SUMS, OE_EQ_SUMS * sizeof *row);
        row[OE_EQ_SUMS] = makes_low[i];
        memcpy(row + OE_EQ_SUMS + 1, breakdown + (size_t)i * OE_BD_COLUMNS,
               OE_BD_COLUMNS * sizeof *row);
    }
    return deals;
}
