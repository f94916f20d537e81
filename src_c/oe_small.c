/* oe_small.c -- one small spot, whole; the contract is oe_small.h. */
#include <string.h>

#include "oe_small.h"
#include "oe_equity.h"
#include "oe_fold.h"

_Static_assert(OE_SMALL_MAX_PLAYERS <= OE_FOLD_MAX_HANDS, "players");
_Static_assert(OE_SMALL_PER_PLAYER == OE_EQ_SUMS + 1 + OE_BD_COLUMNS, "layout");

#define MAX_REST 91 /* oe_n_msets[2]: two cards to come from a flop */

static int rank_of(char ch)
{
    switch (ch) {
    case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return ch - '2';
    case 'T': case 't': return 8;
    case 'J': case 'j': return 9;
    case 'Q': case 'q': return 10;
    case 'K': case 'k': return 11;
    case 'A': case 'a': return 12;
    default: return -1;
    }
}

static int suit_of(char ch)
{
    switch (ch) {
    case 'c': case 'C': return 0;
    case 'd': case 'D': return 1;
    case 'h': case 'H': return 2;
    case 's': case 'S': return 3;
    default: return -1;
    }
}

int oe_small_parse(const char *text, size_t length, uint8_t *out, int most)
{
    int n = 0;
    size_t i = 0;
    while (i < length) {
        const char ch = text[i];
        if (ch == ' ' || ch == ',') {
            i++;
            continue;
        }
        int rank;
        if (ch == '1' && i + 1 < length && text[i + 1] == '0') {
            rank = 8;
            i += 2;
        } else {
            rank = rank_of(ch);
            i++;
        }
        if (rank < 0 || i >= length || n == most) return -1;
        const int suit = suit_of(text[i++]);
        if (suit < 0) return -1;
        out[n++] = (uint8_t)(4 * rank + suit);
    }
    return n;
}

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
