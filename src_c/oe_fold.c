/*
 * oe_fold.c -- fixed hands folded over a known board (oe_fold.h), and the
 * exact enumeration of spots of fixed hands only.
 */
#include <string.h>

#include "oe_fold.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Every multiset M of `need` ranks, from rank `from` up: the rest tables'
 * entries (rank counts above four cannot be dealt; their entries are
 * filled all the same and never read). */
static void rest_fill(oe_fold *f, int *m, int depth, int from, unsigned idx,
                      uint16_t *rest_full, uint8_t *rest_low)
{
    if (depth == f->need) {
        int r[5];
        for (int i = 0; i < f->n_board; i++) r[i] = OE_RANK(f->board[i]);
        for (int i = 0; i < f->need; i++) r[f->n_board + i] = m[i];
        for (int i = 1; i < 5; i++) /* insertion sort of five */
            for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
                int t = r[j];
                r[j] = r[j - 1];
                r[j - 1] = t;
            }
        unsigned q = 0;
        uint8_t low = 0;
        for (int j = 0; j < 5; j++) {
            q += oe_mset_term[j][r[j]];
            low |= oe_low_bit[r[j]];
        }
        rest_full[idx] = (uint16_t)q;
        rest_low[idx] = low;
        return;
    }
    for (int r = from; r < 13; r++) {
        m[depth] = r;
        rest_fill(f, m, depth + 1, r, idx + oe_mset_term[depth][r], rest_full, rest_low);
    }
}

void oe_fold_board(oe_fold *f, const uint8_t *board, int n_board, int game,
                   uint16_t *rest_full, uint8_t *rest_low)
{
    memset(f, 0, sizeof *f);
    f->n_board = n_board;
    f->need = 5 - n_board;
    memcpy(f->board, board, (size_t)n_board);
    f->no_low = !OE_GAME_HAS_LOW(game);
    f->n_rest = oe_n_msets[f->need];
    for (int i = 0; i < n_board; i++) {
        f->suit_count[OE_SUIT(board[i])]++;
        f->suit_ranks[OE_SUIT(board[i])] |= (uint16_t)(1u << OE_RANK(board[i]));
    }
    int m[5];
    rest_fill(f, m, 0, 0, 0, rest_full, rest_low);
    f->rest_full = rest_full;
    f->rest_low = rest_low;
}

void oe_fold_hand(oe_fold *f, const uint8_t *hole, int k, int player, uint32_t *fold)
{
    oe_fixed_hand *h = &f->hands[f->n_hands++];
    memset(h, 0, sizeof *h);
    h->player = player;
    for (int i = 0; i < k; i++) {
        h->suit_ranks[OE_SUIT(hole[i])] |= (uint16_t)(1u << OE_RANK(hole[i]));
        h->low_mask |= oe_low_bit[OE_RANK(hole[i])];
    }
    for (int s = 0; s < 4; s++)
        if (oe_popcount32(h->suit_ranks[s]) >= 2) h->flush_suits |= (uint8_t)(1u << s);
    f->flush_any |= h->flush_suits;

    /* Best non-flush high: the best of the hand's rank pairs in the row of
     * the board's rank multiset (oe_quint_pair_high). */
    const int npairs = oe_n_hole_pairs[k];
    uint8_t pair[15];
    for (int p = 0; p < npairs; p++)
        pair[p] = oe_pair_index[OE_RANK(hole[oe_hole_pairs[p][0]])]
                               [OE_RANK(hole[oe_hole_pairs[p][1]])];
    for (size_t idx = 0; idx < f->n_rest; idx++) {
        const uint16_t *row = oe_quint_pair_high + (size_t)f->rest_full[idx] * OE_N_PAIRS;
        uint16_t best = 0;
        for (int p = 0; p < npairs; p++) best = MAX(best, row[pair[p]]);
        const uint8_t low = f->no_low ? OE_LOW_NONE : oe_best_low(h->low_mask, f->rest_low[idx]);
        fold[idx] = best | (uint32_t)low << 16;
    }
    h->fold = fold;
}

int oe_fold_spot(oe_fold *f, const uint8_t *hands, int n_hands, int k, uint32_t *fold,
                 size_t stride, uint64_t known, uint8_t *deck)
{
    for (int i = 0; i < f->n_board; i++) known |= (uint64_t)1 << f->board[i];
    for (int i = 0; i < n_hands; i++) {
        oe_fold_hand(f, hands + i * k, k, i, fold + (size_t)i * stride);
        for (int j = 0; j < k; j++) known |= (uint64_t)1 << hands[i * k + j];
    }
    int m = 0;
    if (f->need == 0) return 0; /* a river: no card to come */
    for (int c = 0; c < OE_NUM_CARDS; c++)
        if (!(known >> c & 1u)) deck[m++] = (uint8_t)c;
    return m;
}

/* ------------------------------------------------------------ exact */

typedef struct {
    const oe_fold *f;
    const uint8_t *deck;
    int m, part, parts;
    uint32_t *counts;
    const oe_sink *sink;
    uint64_t one_by_one;             /* boards sent to the sink one at a time */
    const volatile int *stop;
    int stopped;
} fx_run;

/* A board being dealt: the rest index so far, and the cards by suit. */
typedef struct {
    unsigned idx;
    uint8_t suit_count[4];
    uint16_t suit_ranks[4];
} fx_board;

static void fx_one(fx_run *r, unsigned idx, int flush_suit, unsigned flush_ranks)
{
    uint16_t high[OE_FOLD_MAX_HANDS];
    uint8_t low[OE_FOLD_MAX_HANDS];
    oe_fold_values(r->f, idx, flush_suit, flush_ranks, high, low);
    oe_sink_deal(r->sink, high, low, r->f->rest_low[idx], 1.0);
    r->one_by_one++;
}

/* The last card, deck[start..], on board b of which `pos` cards are dealt. */
static void fx_last(fx_run *r, const fx_board *b, int pos, int start, int unit)
{
    if (r->stop && *r->stop) {
        r->stopped = 1;
        return;
    }
    const oe_fold *f = r->f;
    const uint16_t *term = oe_mset_term[pos];
    /* A suit already at 3+ cards that some hand can flush makes every board
     * here one to look at; otherwise a card of a suit at 2 that some hand
     * holds twice does. */
    int hot_suit = -1;
    for (int s = 0; s < 4; s++)
        if (b->suit_count[s] >= 3 && (f->flush_any >> s & 1u)) hot_suit = s;
    uint8_t hot_if[4];
    for (int s = 0; s < 4; s++)
        hot_if[s] = hot_suit >= 0 || (b->suit_count[s] == 2 && (f->flush_any >> s & 1u));
    const int split = f->need <= 2 && r->parts > 1;
    uint32_t *counts = r->counts;
    for (int i = start; i < r->m; i++) {
        if (split) { /* the parts take turns here (see fx_deal) */
            const int u = f->need == 1 ? i : unit + i * r->m;
            if (u % r->parts != r->part) continue;
        }
        const int card = r->deck[i], rank = OE_RANK(card), suit = OE_SUIT(card);
        const unsigned idx = b->idx + term[rank];
        if (hot_if[suit]) {
            const int fs = hot_suit >= 0 ? hot_suit : suit;
            fx_one(r, idx, fs, b->suit_ranks[fs] | (suit == fs ? 1u << rank : 0u));
        } else {
            counts[idx]++;
        }
    }
}

/* Deal the cards to come from deck[start..]; `pos` are dealt; `unit`
 * numbers the subtree so that the parts can take turns by the first two
 * cards dealt (by the only one when one is to come). */
static void fx_deal(fx_run *r, const fx_board *b, int pos, int start, int unit)
{
    const int need = r->f->need, m = r->m;
    if (pos >= need - 1 || pos >= 4) { /* need <= 5: the second test only tells the compiler */
        fx_last(r, b, pos, start, unit);
        return;
    }
    for (int i = start; i <= m - (need - pos) && !r->stopped; i++) {
        const int u = pos == 0 ? i : pos == 1 ? unit + i * m : unit;
        if (pos == 1 && u % r->parts != r->part) continue;
        const int card = r->deck[i], rank = OE_RANK(card), suit = OE_SUIT(card);
        fx_board next = *b;
        next.idx += oe_mset_term[pos][rank];
        next.suit_count[suit]++;
        next.suit_ranks[suit] |= (uint16_t)(1u << rank);
        fx_deal(r, &next, pos + 1, i + 1, u);
    }
}

uint64_t oe_fold_tally(const oe_fold *f, const uint32_t *counts, const oe_sink *sink)
{
    uint64_t total = 0;
    uint16_t high[OE_FOLD_MAX_HANDS];
    uint8_t low[OE_FOLD_MAX_HANDS];
    for (size_t idx = 0; idx < f->n_rest; idx++) {
        if (!counts[idx]) continue;
        oe_fold_values(f, idx, -1, 0u, high, low);
        oe_sink_deal(sink, high, low, f->rest_low[idx], (double)counts[idx]);
        total += counts[idx];
    }
    return total;
}

int oe_fold_exact(const oe_fold *f, const uint8_t *deck, int n_deck, int part, int parts,
                  uint32_t *counts, const oe_sink *sink, uint64_t *deals,
                  const volatile int *stop)
{
    memset(counts, 0, f->n_rest * sizeof *counts);
    fx_run r;
    memset(&r, 0, sizeof r);
    r.f = f;
    r.deck = deck;
    r.m = n_deck;
    r.part = part;
    r.parts = parts;
    r.counts = counts;
    r.sink = sink;
    r.stop = stop;
    if (f->need == 0) {
        /* One board, counted by part 0. */
        if (part == 0) {
            int fs = -1;
            for (int s = 0; s < 4; s++)
                if (f->suit_count[s] >= 3) fs = s;
            fx_one(&r, 0, fs, fs >= 0 ? f->suit_ranks[fs] : 0u);
        }
    } else {
        fx_board b;
        memset(&b, 0, sizeof b);
        memcpy(b.suit_count, f->suit_count, sizeof b.suit_count);
        memcpy(b.suit_ranks, f->suit_ranks, sizeof b.suit_ranks);
        fx_deal(&r, &b, 0, 0, 0);
    }
    uint64_t total = r.one_by_one + oe_fold_tally(f, counts, sink);
    *deals += total;
    return r.stopped;
}
