/*
 * oe_boards_shared.c -- exact board reports of fixed hands with one shared
 * enumeration (oe_boards.h: oe_boards_shared): every completion of the
 * known board is dealt once and what it adds goes to each row it holds,
 * instead of enumerating each row's completions on their own.
 *
 * A row's histogram is split in two exact parts:
 *   - the COLD count: every completion of the row's board as if no hand
 *     could make a flush.  Then a completion's outcome depends on the rank
 *     multiset of the five board cards alone, so the row's histogram is a
 *     sum over the rank multisets of the cards still to come, each counted
 *     by how many live cards have its ranks (products of binomials).  It
 *     depends on the ranks of the row's new cards only: it is computed once
 *     per rank multiset of them (at most 455) and copied to the rows;
 *   - the FLUSH corrections: a completion whose board has 3+ cards of a
 *     suit of which some hand holds 2+ (the boards oe_fold_exact looks at
 *     one by one) may end in another outcome cell than its cold one.  Each
 *     such 5-card board is scored once, and when the cell changes it moves
 *     one count from the cold cell to the flush cell of every row it holds
 *     (the row's new cards are a subset of it: found by their combinatorial
 *     index among the live cards).  Low hands never depend on suits, so
 *     makes_low and nut_low are all in the cold part.
 * The sum is the histogram oe_boards_exact gives the row, count for count.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_boards.h"
#include "oe_eval.h"
#include "oe_fold.h"

_Static_assert(OE_BOARDS_MAX_PLAYERS <= OE_FOLD_MAX_HANDS, "players");

#define MAX_NEED 5 /* cards to come from an empty board */
#define LOCAL_CELLS 64 /* sh_last sums moves locally up to 3 players' cells */

typedef struct {
    const oe_fold *f;
    const uint8_t *deck;
    int m, need, d, n, part, parts;
    size_t cells;
    uint32_t binom[OE_NUM_CARDS + 1][4]; /* C(p, j), j <= 3 */
    int n_sub, n_with_last;
    uint8_t sub[10][3];     /* the d-subsets of a completion's positions */
    uint8_t with_last[10], without_last[10]; /* those with the last position, the others */
    uint8_t by_suit[4][OE_NUM_CARDS]; /* deck positions of each suit, increasing */
    int n_suit[4];
    /* flush[t][mask]: the flush high of hand `t / 4`'s cards of suit `t % 4`
     * with board ranks `mask` of that suit (3 to 5 bits), or NULL */
    uint16_t *flush[OE_FOLD_MAX_HANDS * 4];
    uint16_t *cold_cell; /* [rest index]: the outcome cell without flushes */
    int16_t *corr; /* flush corrections (see the top): cells per subset of the
                    * deck, by colex index, rows or not */
    const volatile int *stop;
    int stopped;
} sh_run;

typedef struct {
    unsigned idx;            /* rest index of the cards dealt (oe_fold.h) */
    uint8_t suit_count[4];
    uint16_t suit_ranks[4];
    uint8_t q[MAX_NEED];     /* deck positions of the cards dealt */
} sh_board;

/* A complete board with 3+ cards of `suit` (a suit some hand can flush):
 * 1 and its cold and flush cells when they differ, else 0. */
static int sh_leaf(const sh_run *r, unsigned idx, const uint16_t *suit_ranks, int suit,
                   size_t *cold_cell, size_t *hot_cell)
{
    const oe_fold *f = r->f;
    uint16_t hot[OE_FOLD_MAX_HANDS];
    uint8_t low[OE_FOLD_MAX_HANDS];
    int changed = 0;
    for (int j = 0; j < f->n_hands; j++) {
        const oe_fixed_hand *h = &f->hands[j];
        const uint32_t v = h->fold[idx];
        const uint16_t c = (uint16_t)v;
        uint16_t x = c;
        const uint16_t *table = r->flush[j * 4 + suit];
        if (table && table[suit_ranks[suit]] > x) x = table[suit_ranks[suit]];
        hot[h->player] = x;
        low[h->player] = (uint8_t)(v >> 16);
        changed |= x != c;
    }
    if (!changed) return 0;
    uint32_t hi, lo; /* the split's owner decides (oe_split.h) */
    oe_winners_all(r->n, hot, low, &hi, &lo);
    *cold_cell = r->cold_cell[idx];
    *hot_cell = (size_t)hi << r->n | lo;
    return *cold_cell != *hot_cell;
}

/* The colex index among the deck of subset t of the completion q. */
static size_t sh_colex(const sh_run *r, const uint8_t *q, int t)
{
    const uint8_t *u = r->sub[t];
    switch (r->d) { /* d = 1..3, spelled out: the loop runs often */
    case 1:
        return r->binom[q[u[0]]][1];
    case 2:
        return r->binom[q[u[0]]][1] + r->binom[q[u[1]]][2];
    default:
        return r->binom[q[u[0]]][1] + r->binom[q[u[1]]][2] + r->binom[q[u[2]]][3];
    }
}

/* Which next cards can still lead to a board with a flush some hand can
 * make, `left` cards to deal (this one included): 1 any card, else 0 and
 * in *suits the suits the card must have (none: this subtree is cold). */
static int sh_any_card(const sh_run *r, const sh_board *b, int left, unsigned *suits)
{
    *suits = 0;
    for (int s = 0; s < 4; s++) {
        if (!(r->f->flush_any >> s & 1u)) continue;
        const int need = 3 - b->suit_count[s]; /* cards of suit s still needed */
        if (need <= left - 1) return 1;
        if (need == left) *suits |= 1u << s;
    }
    return 0;
}

/* The last card, from deck position `start` on: only cards that leave the
 * board with a flush some hand can make.  A subset with the last card has
 * its other cards' index terms fixed here (base); the subsets without it
 * are the same for every card here: their moves are summed in `local`
 * first and added once (when a row has at most LOCAL_CELLS cells). */
static void sh_last(sh_run *r, const sh_board *b, int pos, int start)
{
    if (r->stop && *r->stop) {
        r->stopped = 1;
        return;
    }
    const int first = pos == 0; /* the parts take turns by the first card */
    int hot = -1; /* a suit at 3+ that a hand can flush: every card will do */
    for (int s = 0; s < 4; s++)
        if (b->suit_count[s] >= 3 && (r->f->flush_any >> s & 1u)) hot = s;
    unsigned suits = 0; /* else a card of a suit at 2 that a hand can flush */
    if (hot < 0) {
        (void)sh_any_card(r, b, 1, &suits); /* 0: no suit is at 3 */
        if (!suits) return;
    }
    int local[LOCAL_CELLS];
    const int use_local = r->cells <= LOCAL_CELLS;
    int moved = 0, based = 0;
    uint8_t q[MAX_NEED];
    size_t base[10];
    const uint32_t *last_term = &r->binom[0][r->d];
    const size_t cells = r->cells;
    for (int s = 0; s < 4; s++) {
        const int all = hot >= 0; /* every card, once (the loop over s ends) */
        if (!all && !(suits >> s & 1u)) continue;
        const int count = all ? r->m - start : r->n_suit[s];
        for (int j = 0; j < count; j++) {
            const int i = all ? start + j : r->by_suit[s][j];
            if (i < start || (first && i % r->parts != r->part)) continue;
            const int card = r->deck[i], rank = OE_RANK(card), suit = OE_SUIT(card);
            uint16_t ranks[4];
            memcpy(ranks, b->suit_ranks, sizeof ranks);
            ranks[suit] |= (uint16_t)(1u << rank);
            size_t c0, c1;
            if (!sh_leaf(r, b->idx + oe_mset_term[pos][rank], ranks, all ? hot : s, &c0, &c1))
                continue;
            if (!based) { /* the first move here: the fixed index terms */
                memcpy(q, b->q, sizeof q);
                q[pos] = 0;
                for (int t = 0; t < r->n_with_last; t++) base[t] = sh_colex(r, q, r->with_last[t]);
                based = 1;
            }
            const size_t term = last_term[(size_t)i * 4];
            for (int t = 0; t < r->n_with_last; t++) {
                int16_t *o = r->corr + (base[t] + term) * cells;
                o[c1]++;
                o[c0]--;
            }
            if (r->n_with_last == r->n_sub) continue;
            if (!use_local) {
                for (int t = 0; t < r->n_sub - r->n_with_last; t++) {
                    int16_t *o = r->corr + sh_colex(r, q, r->without_last[t]) * cells;
                    o[c1]++;
                    o[c0]--;
                }
                continue;
            }
            if (!moved) memset(local, 0, cells * sizeof local[0]);
            moved = 1;
            local[c1]++;
            local[c0]--;
        }
        if (all) break;
    }
    if (!moved) return;
    for (int t = 0; t < r->n_sub - r->n_with_last; t++) {
        int16_t *o = r->corr + sh_colex(r, q, r->without_last[t]) * cells;
        for (size_t c = 0; c < cells; c++) o[c] = (int16_t)(o[c] + local[c]);
    }
}

static void sh_add(sh_board *next, const sh_board *b, int pos, int i, int card)
{
    *next = *b;
    next->idx += oe_mset_term[pos][OE_RANK(card)];
    next->suit_count[OE_SUIT(card)]++;
    next->suit_ranks[OE_SUIT(card)] |= (uint16_t)(1u << OE_RANK(card));
    next->q[pos] = (uint8_t)i;
}

/* Deal the cards to come from deck position `start` on, `pos` dealt: only
 * the subtrees that hold a board with a flush some hand can make. */
static void sh_deal(sh_run *r, const sh_board *b, int pos, int start)
{
    const int left = r->need - pos; /* cards still to deal, this one included */
    if (left == 1) {
        sh_last(r, b, pos, start);
        return;
    }
    unsigned suits;
    const int any = sh_any_card(r, b, left, &suits);
    for (int s = 0; s < 4 && !r->stopped; s++) {
        if (!any && !(suits >> s & 1u)) continue;
        const int count = any ? r->m - left + 1 - start : r->n_suit[s];
        for (int j = 0; j < count && !r->stopped; j++) {
            const int i = any ? start + j : r->by_suit[s][j];
            if (i < start || i > r->m - left || (pos == 0 && i % r->parts != r->part)) continue;
            sh_board next;
            sh_add(&next, b, pos, i, r->deck[i]);
            sh_deal(r, &next, pos + 1, i + 1);
        }
        if (any) break;
    }
}

/* The flush tables of the hands (sh_run.flush): only the board rank masks
 * the live cards of the suit can make, with the known board's. */
static int sh_flush_tables(sh_run *r)
{
    const oe_fold *f = r->f;
    for (int j = 0; j < f->n_hands; j++) {
        const oe_fixed_hand *h = &f->hands[j];
        for (int s = 0; s < 4; s++) {
            if (!(h->flush_suits >> s & 1u)) continue;
            uint16_t *t = calloc(1u << 13, sizeof *t);
            if (!t) return -1;
            r->flush[j * 4 + s] = t;
            unsigned can = f->suit_ranks[s];
            for (int i = 0; i < r->n_suit[s]; i++) can |= 1u << OE_RANK(r->deck[r->by_suit[s][i]]);
            for (unsigned mask = can;; mask = (mask - 1) & can) { /* the subsets of `can` */
                unsigned bits = 0;
                for (unsigned x = mask; x; x &= x - 1) bits++;
                if (bits >= 3 && bits <= 5 && (mask & f->suit_ranks[s]) == f->suit_ranks[s])
                    t[mask] = oe_flush_value(h->suit_ranks[s], mask);
                if (!mask) break;
            }
        }
    }
    return 0;
}

/* The cold part of every row (see the top): per rank multiset of a row's
 * new cards, the histogram over the rank multisets of the cards to come. */
static int sh_cold(const sh_run *r, const uint8_t *news, size_t rows, double *outcome,
                   double *makes_low, double *nut_low, uint64_t *deals)
{
    const oe_fold *f = r->f;
    const int d = r->d, e = r->need - r->d, n = r->n;
    const size_t keys = oe_n_msets[d];
    double *key_out = calloc(keys * r->cells, sizeof *key_out);
    double *key_low = calloc(keys * (size_t)n, sizeof *key_low);
    double *key_nut = calloc(keys * (size_t)n, sizeof *key_nut);
    double *key_deals = calloc(keys, sizeof *key_deals);
    uint8_t *have = calloc(keys, 1);
    if (!key_out || !key_low || !key_nut || !key_deals || !have) {
        free(key_out);
        free(key_low);
        free(key_nut);
        free(key_deals);
        free(have);
        return -1;
    }
    int live[13] = {0};
    for (int i = 0; i < r->m; i++) live[OE_RANK(r->deck[i])]++;
    for (size_t row = 0; row < rows; row++) {
        int nr[MAX_NEED];
        for (int j = 0; j < d; j++) nr[j] = OE_RANK(news[row * (size_t)d + (size_t)j]);
        for (int i = 1; i < d; i++) /* insertion sort of at most three */
            for (int j = i; j > 0 && nr[j - 1] > nr[j]; j--) {
                const int t = nr[j];
                nr[j] = nr[j - 1];
                nr[j - 1] = t;
            }
        size_t key = 0;
        for (int j = 0; j < d; j++) key += oe_mset_term[j][nr[j]];
        double *ko = key_out + key * r->cells, *kl = key_low + key * (size_t)n;
        double *kn = key_nut + key * (size_t)n;
        if (!have[key]) {
            have[key] = 1;
            int left[13];
            memcpy(left, live, sizeof left);
            for (int j = 0; j < d; j++) left[nr[j]]--;
            /* the multisets q0 <= q1 of the e (0..2) cards to come */
            const int top0 = e >= 1 ? 13 : 1;
            for (int q0 = 0; q0 < top0; q0++) {
                const int top1 = e >= 2 ? 13 : q0 + 1;
                for (int q1 = q0; q1 < top1; q1++) {
                    double ways = 1.0;
                    if (e == 1) {
                        ways = left[q0];
                    } else if (e == 2) {
                        ways = q0 == q1 ? (double)(left[q0] * (left[q0] - 1) / 2) /* C(left, 2) */
                                        : (double)left[q0] * left[q1];
                    }
                    if (ways <= 0.0) continue;
                    int ranks[MAX_NEED];
                    memcpy(ranks, nr, sizeof nr[0] * (size_t)d);
                    if (e >= 1) ranks[d] = q0;
                    if (e >= 2) ranks[d + 1] = q1;
                    for (int i = 1; i < r->need; i++)
                        for (int j = i; j > 0 && ranks[j - 1] > ranks[j]; j--) {
                            const int t = ranks[j];
                            ranks[j] = ranks[j - 1];
                            ranks[j - 1] = t;
                        }
                    unsigned idx = 0;
                    for (int j = 0; j < r->need; j++) idx += oe_mset_term[j][ranks[j]];
                    uint16_t high[OE_FOLD_MAX_HANDS];
                    uint8_t low[OE_FOLD_MAX_HANDS];
                    oe_fold_values(f, idx, -1, 0u, high, low);
                    uint32_t hi, lo;
                    oe_winners_all(n, high, low, &hi, &lo);
                    ko[(size_t)hi << n | lo] += ways;
                    const uint8_t nut = oe_nut_low[f->rest_low[idx]];
                    for (int i = 0; i < n; i++) {
                        if (low[i]) kl[i] += ways;
                        if (low[i] && low[i] == nut) kn[i] += ways;
                    }
                    key_deals[key] += ways;
                }
            }
        }
        memcpy(outcome + row * r->cells, ko, r->cells * sizeof *ko);
        memcpy(makes_low + row * (size_t)n, kl, (size_t)n * sizeof *kl);
        memcpy(nut_low + row * (size_t)n, kn, (size_t)n * sizeof *kn);
        deals[row] = (uint64_t)key_deals[key];
    }
    free(key_out);
    free(key_low);
    free(key_nut);
    free(key_deals);
    free(have);
    return 0;
}

int oe_boards_shared(const uint8_t *hands, int n, int k, int game, const uint8_t *board,
                     int n_board, uint64_t dead, const uint8_t *news, int n_new, size_t rows,
                     int part, int parts, double *outcome, double *makes_low, double *nut_low,
                     uint64_t *deals,
                     const volatile int *stop)
{
    if (n_board < 0 || n_board > 4 || n_new != (n_board < 3 ? 3 - n_board : 1))
        return -2; /* not the next street: the caller broke the contract */
    sh_run *r = calloc(1, sizeof *r);
    oe_fold *f = calloc(1, sizeof *f);
    const int need = 5 - n_board;
    const size_t n_rest = oe_n_msets[need];
    uint16_t *rest_full = malloc(n_rest * sizeof *rest_full);
    uint8_t *rest_low = malloc(n_rest);
    uint32_t *fold = malloc(n_rest * (size_t)n * sizeof *fold);
    size_t *colex_of = NULL; /* [row]: the colex index of its new cards */
    int code = -1;
    if (!r || !f || !rest_full || !rest_low || !fold) goto done;
    uint8_t deck[OE_NUM_CARDS];
    oe_fold_board(f, board, n_board, game, rest_full, rest_low);
    r->m = oe_fold_spot(f, hands, n, k, fold, n_rest, dead, deck);
    r->f = f;
    r->deck = deck;
    r->need = need;
    r->d = n_new;
    r->n = n;
    r->part = part;
    r->parts = parts;
    r->cells = (size_t)1 << (2 * n);
    r->stop = stop;
    for (int p = 0; p <= OE_NUM_CARDS; p++) {
        uint64_t c = 1; /* C(p, j), built as C(p, j-1) (p - j + 1) / j */
        for (int j = 0; j < 4; j++) {
            if (j > 0) c = p < j ? 0 : c * (uint64_t)(p - j + 1) / (uint64_t)j;
            r->binom[p][j] = (uint32_t)c;
        }
    }
    /* which deck position holds each card, for the rows' index */
    int8_t pos_of[OE_NUM_CARDS];
    memset(pos_of, -1, sizeof pos_of);
    for (int i = 0; i < r->m; i++) {
        pos_of[deck[i]] = (int8_t)i;
        const int s = OE_SUIT(deck[i]);
        r->by_suit[s][r->n_suit[s]++] = (uint8_t)i;
    }
    const size_t n_index = r->binom[r->m][n_new];
    colex_of = malloc(rows * sizeof *colex_of);
    if (!colex_of) goto done;
    for (size_t row = 0; row < rows; row++) {
        int p[3];
        for (int j = 0; j < n_new; j++) {
            const uint8_t card = news[row * (size_t)n_new + (size_t)j];
            p[j] = card < OE_NUM_CARDS ? pos_of[card] : -1;
            if (p[j] < 0) { /* not a live card: the caller broke the contract */
                code = -2;
                goto done;
            }
        }
        for (int i = 1; i < n_new; i++)
            for (int j = i; j > 0 && p[j - 1] > p[j]; j--) {
                const int t = p[j];
                p[j] = p[j - 1];
                p[j - 1] = t;
            }
        size_t colex = 0;
        for (int j = 0; j < n_new; j++) colex += r->binom[p[j]][j + 1];
        colex_of[row] = colex;
    }
    /* the d-subsets of need positions, in colex order */
    for (unsigned mask = 0; mask < 1u << need; mask++) {
        int bits = 0;
        uint8_t at[3];
        for (int i = 0; i < need; i++)
            if (mask >> i & 1u) {
                if (bits < 3) at[bits] = (uint8_t)i;
                bits++;
            }
        if (bits != n_new) continue;
        if (at[n_new - 1] == need - 1)
            r->with_last[r->n_with_last++] = (uint8_t)r->n_sub;
        else
            r->without_last[r->n_sub - r->n_with_last] = (uint8_t)r->n_sub;
        memcpy(r->sub[r->n_sub++], at, (size_t)n_new);
    }

    memset(outcome, 0, rows * r->cells * sizeof *outcome);
    memset(makes_low, 0, rows * (size_t)n * sizeof *makes_low);
    memset(nut_low, 0, rows * (size_t)n * sizeof *nut_low);
    memset(deals, 0, rows * sizeof *deals);
    if (sh_flush_tables(r) < 0) goto done;
    r->cold_cell = malloc(n_rest * sizeof *r->cold_cell);
    if (!r->cold_cell) goto done;
    for (size_t idx = 0; idx < n_rest; idx++) {
        uint16_t high[OE_FOLD_MAX_HANDS];
        uint8_t low[OE_FOLD_MAX_HANDS];
        uint32_t hi, lo;
        oe_fold_values(f, idx, -1, 0u, high, low);
        oe_winners_all(n, high, low, &hi, &lo);
        r->cold_cell[idx] = (uint16_t)(hi << n | lo);
    }
    if (part == 0 && sh_cold(r, news, rows, outcome, makes_low, nut_low, deals) < 0) goto done;
    sh_board b;
    memset(&b, 0, sizeof b);
    memcpy(b.suit_count, f->suit_count, sizeof b.suit_count);
    memcpy(b.suit_ranks, f->suit_ranks, sizeof b.suit_ranks);
    /* A subset's corrections stay within its deals (C(m - d, e) <= C(48, 2),
     * e <= 2 cards to come after the row's): 16 bits hold them, and the
     * small table keeps the scattered additions in cache. */
    r->corr = calloc(n_index * r->cells, sizeof *r->corr);
    if (!r->corr) goto done;
    sh_deal(r, &b, 0, 0);
    for (size_t row = 0; row < rows; row++) {
        const int16_t *c = r->corr + colex_of[row] * r->cells;
        double *o = outcome + row * r->cells;
        for (size_t i = 0; i < r->cells; i++) o[i] += c[i];
    }
    code = r->stopped;
done:
    if (r) {
        for (int t = 0; t < OE_FOLD_MAX_HANDS * 4; t++) free(r->flush[t]);
        free(r->corr);
        free(r->cold_cell);
    }
    free(colex_of);
    free(fold);
    free(rest_low);
    free(rest_full);
    free(f);
    free(r);
    return code;
}
