/*
 * oe_solver.c -- whole-board kernels; the contracts are in oe_solver.h.
 *
 * Everything starts from one board folded into per-card-pair values
 * (oe_pairs.h): the best high and low a hand can make from two given hole
 * cards and three board cards.  A hand's value is the best over its hole
 * pairs (Omaha uses exactly two), so each hand costs C(k,2) lookups in an
 * 8 KB table.  Equity vectors are in oe_street.c.
 */
#include "oe_solver.h"

#include "oe_eval.h"
#include "oe_pairs.h"
#include "oe_split.h"
#include "oe_tables.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Values of every two-card hole pair on the board (oe_pairs.h). */
void oe_pair_values_build(const uint8_t board[5], oe_pair_values *pv)
{
    oe_board_table t;
    oe_board_table_build(board, &t);
    for (int a = 0; a < OE_NUM_CARDS; a++)
        for (int b = 0; b < OE_NUM_CARDS; b++) {
            int ra = OE_RANK(a), rb = OE_RANK(b);
            uint16_t h = t.pair_high[oe_pair_index[ra][rb]];
            if (OE_SUIT(a) == t.flush_suit && OE_SUIT(b) == t.flush_suit)
                h = MAX(h, t.flush_high[ra * 13 + rb]);
            pv->high[a][b] = h;
            /* one rank twice gives a one-bit mask: no low, as it should */
            pv->low[a][b] = oe_best_low((uint8_t)(oe_low_bit[ra] | oe_low_bit[rb]), t.low_mask);
        }
}

void oe_rank_all_hands(const uint8_t board[5], uint16_t *high, uint8_t *low)
{
    oe_pair_values pv;
    oe_pair_values_build(board, &pv);
    uint64_t on_board = 0;
    for (int i = 0; i < 5; i++) on_board |= (uint64_t)1 << board[i];
    size_t row = 0;
    /* Rows in lexicographic order; the maxima over the pairs among the first
     * three cards are kept, so the inner loop does three lookups, not six. */
    for (int a = 0; a < 52; a++) {
        int dead_a = (int)(on_board >> a & 1);
        for (int b = a + 1; b < 52; b++) {
            int dead_b = dead_a | (int)(on_board >> b & 1);
            uint16_t h_ab = pv.high[a][b];
            uint8_t l_ab = pv.low[a][b];
            for (int c = b + 1; c < 52; c++) {
                int dead_c = dead_b | (int)(on_board >> c & 1);
                uint16_t h_abc = MAX(h_ab, MAX(pv.high[a][c], pv.high[b][c]));
                uint8_t l_abc = MAX(l_ab, MAX(pv.low[a][c], pv.low[b][c]));
                for (int d = c + 1; d < 52; d++, row++) {
                    if (dead_c | (int)(on_board >> d & 1)) {
                        high[row] = 0;
                        low[row] = 0;
                        continue;
                    }
                    uint16_t h = MAX(MAX(h_abc, pv.high[a][d]),
                                     MAX(pv.high[b][d], pv.high[c][d]));
                    uint8_t l = MAX(MAX(l_abc, pv.low[a][d]), MAX(pv.low[b][d], pv.low[c][d]));
                    high[row] = h;
                    low[row] = l;
                }
            }
        }
    }
}

void oe_rank_hands(const uint8_t board[5], const uint8_t *holes, size_t n, int k,
                   uint16_t *high, uint8_t *low)
{
    oe_pair_values pv;
    oe_pair_values_build(board, &pv);
    for (size_t i = 0; i < n; i++) oe_pair_hand_value(&pv, holes + i * (size_t)k, k, high + i, low + i);
}

/* ------------------------------------------------------------------------
 * Showdown.
 * ------------------------------------------------------------------------ */

void oe_showdown(int n, const uint16_t *high, const uint8_t *low, uint32_t folded,
                 const int64_t *contribution, int button, int64_t *payout)
{
    oe_showdown_pots(n, high, low, folded, contribution, button, payout, NULL, NULL);
}

int oe_showdown_pots(int n, const uint16_t *high, const uint8_t *low, uint32_t folded,
                     const int64_t *contribution, int button, int64_t *payout,
                     oe_pot *pots, int64_t *pot_payout)
{
    uint32_t live = ~folded & (n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1u);
    int64_t level = 0; /* top of the pots made so far */
    int n_pots = 0;
    for (;;) {
        /* the next pot ends at the smallest live contribution above `level`:
         * a folded player's amount never ends a pot (docs/rules.md, "Side pots") */
        int64_t next = INT64_MAX;
        for (int i = 0; i < n; i++)
            if ((live >> i & 1u) && contribution[i] > level && contribution[i] < next)
                next = contribution[i];
        if (next == INT64_MAX) break;
        int64_t amount = 0;
        uint32_t eligible = 0;
        for (int i = 0; i < n; i++) {
            int64_t c = contribution[i];
            /* everyone's chips between the two levels, folded players' included */
            amount += (c < next ? c : next) - (c < level ? c : level);
            if ((live >> i & 1u) && c >= next) eligible |= 1u << i;
        }
        if (pots) {
            oe_pot *pot = &pots[n_pots];
            pot->amount = amount;
            pot->eligible = eligible;
            oe_pot_winners(n, high, low, eligible, &pot->hi_winners, &pot->lo_winners);
        }
        if (pot_payout) {
            int64_t *row = pot_payout + (size_t)n_pots * (size_t)n;
            for (int i = 0; i < n; i++) row[i] = 0;
            oe_split_chips(n, high, low, eligible, amount, button, row);
            for (int i = 0; i < n; i++) payout[i] += row[i];
        } else {
            oe_split_chips(n, high, low, eligible, amount, button, payout);
        }
        n_pots++;
        level = next;
    }
    /* chips above every live contribution were never called: back to their owners */
    for (int i = 0; i < n; i++)
        if (contribution[i] > level) payout[i] += contribution[i] - level;
    return n_pots;
}
