/* oe_rows.c -- deals as rows and what queries ask of them; the contract is
 * oe_rows.h. */
#include <stdlib.h>
#include <string.h>

#include "oe_bits.h"
#include "oe_quint.h"
#include "oe_rows.h"
#include "oe_spot.h"
#include "oe_tables.h"

/* ------------------------------------------------------------ deals */

int oe_rows_deal(const oe_eq_ctx *ctx, bitgen_t *rng, uint64_t trials, uint64_t max_rejects,
                 uint8_t *hands, uint8_t *boards, double *weights, uint64_t *done,
                 const volatile int *stop)
{
    const oe_eq_spot *s = &ctx->s;
    const int n = s->n, k = s->k;
    uint8_t full[5];
    memcpy(full, s->board, (size_t)s->n_board);
    uint8_t random_hands[OE_EQ_MAX_PLAYERS][OE_MAX_HOLE];
    oe_digits dg = {rng, &ctx->deck_digits, {0}, 0};
    uint64_t *scratch = NULL;
    *done = 0;
    if (ctx->dealer.sampler == OE_DEAL_SEQUENTIAL) {
        scratch = malloc(oe_deal_scratch_words(&ctx->dealer) * sizeof *scratch);
        if (!scratch) return OE_EQ_NO_MEMORY;
    }
    int code = OE_EQ_OK;
    uint64_t t = 0, draws = 0;
    uint32_t cur[OE_EQ_MAX_PLAYERS];
    while (t < trials) {
        double w;
        code = oe_spot_next(ctx, rng, &dg, scratch, cur, random_hands, full, &w, max_rejects,
                            stop, &draws);
        if (code != OE_EQ_OK) break;
        uint8_t *row = hands + (size_t)t * (size_t)(n * k);
        int next_range = 0, next_random = 0;
        for (int i = 0; i < n; i++) {
            const uint8_t *h;
            if (s->kind[i] == OE_EQ_FIXED) {
                h = s->combos[i];
            } else if (s->kind[i] == OE_EQ_RANGE) {
                h = s->combos[i] + (size_t)cur[next_range++] * (size_t)k;
            } else {
                h = random_hands[next_random++];
            }
            /* a loop, not memcpy: k is 4 to 6 bytes, and a call per hand
             * costs more than the copy */
            for (int c = 0; c < k; c++) row[i * k + c] = h[c];
        }
        memcpy(boards + (size_t)t * 5, full, 5);
        weights[t] = w;
        t++;
    }
    free(scratch);
    *done = t;
    return code;
}

/* Colex unranking: the r-th combination of `need` positions out of m
 * (0 <= r < C(m, need)), positions increasing. */
static void unrank(uint64_t r, int m, int need, int *pos)
{
    for (int i = need; i >= 1; i--) {
        /* the largest x < m with C(x, i) <= r */
        int x = i - 1;
        uint64_t cx = 0, next = 1; /* C(x, i) and C(x + 1, i) */
        while (x + 1 < m && next <= r) {
            x++;
            cx = next;
            next = next * (uint64_t)(x + 1) / (uint64_t)(x + 1 - i);
        }
        pos[i - 1] = x;
        r -= cx;
        m = x;
    }
}

static uint64_t choose(int m, int r)
{
    if (r < 0 || r > m) return 0;
    uint64_t c = 1;
    for (int i = 1; i <= r; i++) c = c * (uint64_t)(m - r + i) / (uint64_t)i;
    return c;
}

void oe_rows_exact(const uint8_t *deck, int n_deck, const uint8_t *board, int n_board,
                   const uint8_t *assigned, const double *assigned_weight, int n, int k,
                   const int *groups, int n_groups, uint64_t completions, uint64_t first,
                   uint64_t count, uint8_t *hands, uint8_t *boards, double *weights)
{
    const int per = n * k;
    uint8_t rest[OE_NUM_CARDS];
    int m = 0;
    uint64_t current = UINT64_MAX;
    for (uint64_t i = 0; i < count; i++) {
        const uint64_t d = first + i, a = d / completions;
        const uint8_t *cards = assigned + a * (uint64_t)per;
        if (a != current) { /* the deck less this assignment's cards */
            uint64_t used = 0;
            for (int c = 0; c < per; c++) used |= (uint64_t)1 << cards[c];
            m = 0;
            for (int c = 0; c < n_deck; c++)
                if (!(used >> deck[c] & 1u)) rest[m++] = deck[c];
            current = a;
        }
        uint8_t *b = boards + i * 5;
        memcpy(b, board, (size_t)n_board);
        /* the completion's index in mixed radix, one digit per street group:
         * each group a combination of the cards the earlier groups left */
        uint8_t left[OE_NUM_CARDS];
        memcpy(left, rest, (size_t)m);
        int n_left = m, at = n_board;
        uint64_t r = d % completions;
        for (int g = 0; g < n_groups; g++) {
            const uint64_t c = choose(n_left, groups[g]);
            int pos[5];
            unrank(r % c, n_left, groups[g], pos);
            r /= c;
            for (int j = 0; j < groups[g]; j++) b[at++] = left[pos[j]];
            if (g + 1 < n_groups) { /* drop the chosen cards (pos increasing) */
                int kept = 0, next = 0;
                for (int x = 0; x < n_left; x++) {
                    if (next < groups[g] && pos[next] == x) next++;
                    else left[kept++] = left[x];
                }
                n_left = kept;
            }
        }
        memcpy(hands + i * (uint64_t)per, cards, (size_t)per);
        weights[i] = assigned_weight[a];
    }
}

/* ------------------------------------------------------------ values */

/* A street's board seen as the tables need it (oe_hand_on_rows): the rows
 * of its hole-pair highs, the suit with 3+ cards (-1 if none) and that
 * suit's ranks, its low ranks. */
typedef struct {
    int n_rows;
    size_t stride;
    const uint16_t *rows[10];
    int flush_suit;
    unsigned flush_ranks;
    uint8_t low_mask;
} street_board;

static void street_from(const uint8_t *board, int n_board, street_board *sb)
{
    int r[5];
    unsigned suit_count[4] = {0, 0, 0, 0}, suit_ranks[4] = {0, 0, 0, 0};
    sb->low_mask = 0;
    for (int i = 0; i < n_board; i++) {
        r[i] = OE_RANK(board[i]);
        suit_count[OE_SUIT(board[i])]++;
        suit_ranks[OE_SUIT(board[i])] |= 1u << r[i];
        sb->low_mask |= oe_low_bit[r[i]];
    }
    sb->n_rows = 0;
    if (n_board == 5) { /* a river: its quint row */
        sb->rows[sb->n_rows++] = oe_quint_pair_high + (size_t)oe_mset_index(board, 5) * OE_N_PAIRS;
        sb->stride = 1;
    } else { /* a flop or a turn: each rank triple */
        for (int a = 0; a < n_board; a++)
            for (int b = a + 1; b < n_board; b++)
                for (int c = b + 1; c < n_board; c++)
                    sb->rows[sb->n_rows++] =
                        oe_pair_triple_high + oe_triple_index[r[a]][r[b]][r[c]];
        sb->stride = OE_N_TRIPLES;
    }
    sb->flush_suit = -1;
    sb->flush_ranks = 0;
    for (int q = 0; q < 4; q++)
        if (suit_count[q] >= 3) {
            sb->flush_suit = q;
            sb->flush_ranks = suit_ranks[q];
        }
}

/* The best non-flush high of hole rank pair p (oe_pair_index) on the board. */
static inline uint16_t pair_high(const street_board *sb, int p)
{
    uint16_t best = 0;
    for (int t = 0; t < sb->n_rows; t++) {
        const uint16_t v = sb->rows[t][(size_t)p * sb->stride];
        best = v > best ? v : best;
    }
    return best;
}

static inline void hand_value(const street_board *sb, const uint8_t *hole, int k, int no_low,
                              uint16_t *high, uint8_t *low)
{
    oe_hand_on_rows(sb->rows, sb->n_rows, sb->stride, sb->flush_suit, sb->flush_ranks,
                    sb->low_mask, hole, k, no_low, high, low);
}

void oe_rows_values(const uint8_t *hands, const uint8_t *boards, size_t T, int n, int k,
                    int n_board, int game, uint32_t players, uint16_t *high, uint8_t *low)
{
    const int no_low = !OE_GAME_HAS_LOW(game);
    for (size_t t = 0; t < T; t++) {
        street_board sb;
        street_from(boards + t * 5, n_board, &sb);
        for (int i = 0; i < n; i++) {
            if (!(players >> i & 1u)) continue;
            const size_t at = t * (size_t)n + (size_t)i;
            hand_value(&sb, hands + at * (size_t)k, k, no_low, &high[at], &low[at]);
        }
    }
}

void oe_rows_board(const uint8_t *boards, size_t T, int n_board, uint8_t *low_mask,
                   uint16_t *ranks, uint8_t *suits)
{
    for (size_t t = 0; t < T; t++) {
        const uint8_t *b = boards + t * 5;
        uint8_t low = 0;
        uint16_t rs = 0;
        uint8_t *sc = suits + t * 4;
        sc[0] = sc[1] = sc[2] = sc[3] = 0;
        for (int i = 0; i < n_board; i++) {
            low |= oe_low_bit[OE_RANK(b[i])];
            rs |= (uint16_t)(1u << OE_RANK(b[i]));
            sc[OE_SUIT(b[i])]++;
        }
        low_mask[t] = low;
        ranks[t] = rs;
    }
}

/* ------------------------------------------------------------ the nuts */

/* The best high of each category any two off-board cards make with the
 * street's board (best[category], 0 where none); the best overall is the
 * highest nonzero one. */
static void nuts_of(const uint8_t *board, int n_board, uint16_t best[9])
{
    street_board sb;
    street_from(board, n_board, &sb);
    int on_board[13] = {0};
    for (int i = 0; i < n_board; i++) on_board[OE_RANK(board[i])]++;
    memset(best, 0, 9 * sizeof *best);
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++) {
            /* two cards of these ranks must be off the board */
            if (a == b ? 4 - on_board[a] < 2 : 4 - on_board[a] < 1 || 4 - on_board[b] < 1)
                continue;
            const uint16_t v = pair_high(&sb, oe_pair_index[a][b]);
            if (v) {
                const int c = oe_category_of[v];
                best[c] = v > best[c] ? v : best[c];
            }
        }
    if (sb.flush_suit >= 0) { /* two off-board cards of the board's flush suit */
        const unsigned free_ranks = 0x1FFFu & ~sb.flush_ranks;
        for (unsigned x = free_ranks; x; x &= x - 1)
            for (unsigned y = x & (x - 1); y; y &= y - 1) {
                const unsigned pair = (x & (0u - x)) | (y & (0u - y));
                const uint16_t v = oe_flush_value(pair, sb.flush_ranks);
                const int c = oe_category_of[v];
                best[c] = v > best[c] ? v : best[c];
            }
    }
}

void oe_rows_nut_by_category(const uint8_t *boards, size_t T, int n_board, uint16_t *nut)
{
    for (size_t t = 0; t < T; t++) nuts_of(boards + t * 5, n_board, nut + t * 9);
}

void oe_rows_nut_high(const uint8_t *boards, size_t T, int n_board, uint16_t *nut)
{
    for (size_t t = 0; t < T; t++) {
        uint16_t best[9];
        nuts_of(boards + t * 5, n_board, best);
        uint16_t top = 0;
        for (int c = 0; c < 9; c++) top = best[c] > top ? best[c] : top;
        nut[t] = top;
    }
}

/* ------------------------------------------------------------ outs */

void oe_rows_outs(const uint8_t *hands, const uint8_t *boards, size_t T, int n, int k,
                  int player, int n_board, uint64_t dead, int game, int what, int category,
                  uint8_t *outs)
{
    const int no_low = !OE_GAME_HAS_LOW(game);
    for (size_t t = 0; t < T; t++) {
        const uint8_t *row = hands + t * (size_t)(n * k);
        const uint8_t *board = boards + t * 5;
        uint64_t seen = dead;
        for (int c = 0; c < n * k; c++) seen |= (uint64_t)1 << row[c];
        for (int c = 0; c < n_board; c++) seen |= (uint64_t)1 << board[c];
        uint8_t next[5];
        memcpy(next, board, (size_t)n_board);
        const uint8_t *hole = row + (size_t)player * (size_t)k;
        int count = 0;
        for (int c = 0; c < OE_NUM_CARDS; c++) {
            if (seen >> c & 1u) continue;
            next[n_board] = (uint8_t)c;
            street_board sb;
            street_from(next, n_board + 1, &sb);
            uint16_t high;
            uint8_t low;
            hand_value(&sb, hole, k, no_low, &high, &low);
            if (what == OE_OUTS_NUT_LOW) {
                count += !no_low && low != OE_LOW_NONE && low == oe_nut_low[sb.low_mask];
            } else if (what == OE_OUTS_NUT_HIGH) {
                uint16_t nut;
                oe_rows_nut_high(next, 1, n_board + 1, &nut);
                count += high == nut;
            } else {
                count += oe_category_of[high] >= category;
            }
        }
        outs[t] = (uint8_t)count;
    }
}
