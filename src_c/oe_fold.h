/*
 * oe_fold.h -- private: fixed hands folded over a known board, and the
 * counting of deals.  Used by exact enumeration and Monte Carlo
 * (oe_exact.c, oe_montecarlo.c) and by many spots at once (oe_many.c).
 *
 * A spot's board is its n_board known cards B plus need = 5 - n_board cards
 * to come.  Leaving flushes aside, a hand's high and low depend only on the
 * MULTISET M of the ranks to come, so each fixed hand is folded, once per
 * spot, into a table over the oe_n_msets[need] multisets M (at most 6188):
 *
 *     fold[rest index of M] = high | low << 16     (best non-flush high)
 *
 * The rest index of M (sorted ranks m_0 <= ... <= m_{need-1}) is the colex
 * index sum_j oe_mset_term[j][m_j] (oe_tables.h), so a loop that deals
 * cards in increasing rank order builds it with one addition per card.
 * A flush needs a suit with 3+ board cards and 2+ hole cards of that suit:
 * only then does a board need a look at suits (oe_flush_value).
 *
 * Everything here is read-only once built and safe to share between
 * threads.  Callers check their inputs (oe_equity.h's contract).
 */
#ifndef OE_FOLD_H
#define OE_FOLD_H

#include <stddef.h>
#include <stdint.h>

#include "oe_eval.h"
#include "oe_tables.h"
#include "oe_bits.h"
#include "oe_quint.h"
#include "oe_split.h"

#define OE_FOLD_MAX_HANDS 10

/* Breakdown columns (oe_equity.h): categories 0..8, then the low classes. */
#define OE_BD_COLUMNS 12
#define OE_BD_NUT_LOW 9
#define OE_BD_OTHER_LOW 10
#define OE_BD_NO_LOW 11

typedef struct {
    const uint32_t *fold;   /* [rest index]: high | low << 16, without flushes */
    uint16_t suit_ranks[4]; /* the hole cards' ranks, by suit */
    uint8_t flush_suits;    /* bit s: 2+ hole cards of suit s */
    uint8_t low_mask;       /* the hole cards' low ranks (oe_low_bit) */
    int player;             /* where its values go in the players' arrays */
} oe_fixed_hand;

typedef struct {
    int need;                /* cards to come, 0..5 */
    int n_board;             /* known board cards */
    uint8_t board[5];
    int no_low;              /* high-only game: every low is OE_LOW_NONE */
    size_t n_rest;           /* oe_n_msets[need] */
    const uint16_t *rest_full;  /* [rest index]: multiset index of B + M (5 ranks) */
    const uint8_t *rest_low;    /* [rest index]: low-rank mask of B + M */
    uint8_t suit_count[4];   /* of the known board */
    uint16_t suit_ranks[4];
    int n_hands;
    oe_fixed_hand hands[OE_FOLD_MAX_HANDS];
    uint8_t flush_any;       /* OR of the hands' flush_suits */
} oe_fold;

/* Prepare f for a known board (n_board 0..5 cards, need = 5 - n_board) in
 * `game`; rest_full and rest_low must hold oe_n_msets[need] entries each
 * and outlive f.  No hands yet. */
void oe_fold_board(oe_fold *f, const uint8_t *board, int n_board, int game,
                   uint16_t *rest_full, uint8_t *rest_low);

/* Add a fixed hand of k cards (its values go to players[player]); `fold`
 * must hold f->n_rest entries and outlive f.  At most OE_FOLD_MAX_HANDS. */
void oe_fold_hand(oe_fold *f, const uint8_t *hole, int k, int player, uint32_t *fold);

/* A spot of fixed hands only: add n_hands hands of k cards (row-major) as
 * players 0..n_hands-1, hand i folded into fold + i * stride (stride >=
 * f->n_rest), and write to deck, in increasing order, the cards that are
 * in neither `known`, the board nor a hand; returns how many (0 on a river,
 * where no card is to come and deck is not written). */
int oe_fold_spot(oe_fold *f, const uint8_t *hands, int n_hands, int k, uint32_t *fold,
                 size_t stride, uint64_t known, uint8_t *deck);

/* The fixed hands' values on a complete board: rest index `rest`, and the
 * suit with 3+ board cards (-1 if none) with its board ranks. */
static inline void oe_fold_values(const oe_fold *f, size_t rest, int flush_suit,
                                  unsigned flush_ranks, uint16_t *high, uint8_t *low)
{
    for (int j = 0; j < f->n_hands; j++) {
        const oe_fixed_hand *h = &f->hands[j];
        const uint32_t v = h->fold[rest];
        uint16_t hv = (uint16_t)v;
        if (flush_suit >= 0 && (h->flush_suits >> flush_suit & 1u)) {
            const uint16_t fv = oe_flush_value(h->suit_ranks[flush_suit], flush_ranks);
            if (fv > hv) hv = fv;
        }
        high[h->player] = hv;
        low[h->player] = (uint8_t)(v >> 16);
    }
}

/*
 * Where deals are counted, with weight w each (the deal's board has
 * low-rank mask board_low).
 *   Histogram mode (shares = 0; oe_equity.h): outcome[hi << n | lo] += w
 *     with hi, lo the high and low winners (oe_winners_all), and
 *     outcome_sq[hi << n | lo] += w^2 when not NULL; makes_low[i]
 *     += w for each player with a low (nut_low[i], when not NULL, += w
 *     for each holding the nut low of this board); and, when breakdown is not NULL, its
 *     row i (OE_BD_COLUMNS cells) gets w in the column of the player's high
 *     category and, unless no_low, in that of its low class (nut low for
 *     this board, other low, no low).
 *   Shares mode (shares = 1; oe_many.h): hi_share[i], lo_share[i] += w x
 *     the player's shares (oe_shares_of, the one split), scoop[i] += w
 *     when the player scoops (oe_scoops).
 */
typedef struct {
    int n, no_low, shares;
    double *outcome, *outcome_sq, *makes_low, *breakdown; /* outcome_sq: NULL, or += w^2 */
    double *nut_low; /* NULL, or nut_low[i] += w when player i holds this board's nut low */
    double *hi_share, *lo_share, *scoop;
} oe_sink;

static inline void oe_sink_deal(const oe_sink *k, const uint16_t *high, const uint8_t *low,
                                uint8_t board_low, double w)
{
    const int n = k->n;
    if (k->shares) {
        double hs[OE_FOLD_MAX_HANDS], ls[OE_FOLD_MAX_HANDS];
        uint32_t hi, lo;
        oe_winners_all(n, high, low, &hi, &lo);
        oe_shares_of(n, hi, lo, hs, ls);
        for (int i = 0; i < n; i++) {
            k->hi_share[i] += w * hs[i];
            k->lo_share[i] += w * ls[i];
            if (oe_scoops(hi, lo, i)) k->scoop[i] += w;
        }
        return;
    }
    uint32_t hi, lo;
    oe_winners_all(n, high, low, &hi, &lo);
    const size_t cell = (size_t)hi << n | lo;
    k->outcome[cell] += w;
    if (k->outcome_sq) k->outcome_sq[cell] += w * w;
    for (int i = 0; i < n; i++)
        if (low[i]) k->makes_low[i] += w;
    if (k->nut_low) {
        const uint8_t nut = oe_nut_low[board_low];
        for (int i = 0; i < n; i++)
            if (low[i] && low[i] == nut) k->nut_low[i] += w;
    }
    if (k->breakdown) {
        const uint8_t nut = oe_nut_low[board_low];
        double *bd = k->breakdown;
        for (int i = 0; i < n; i++, bd += OE_BD_COLUMNS) {
            bd[oe_category_of[high[i]]] += w;
            if (!k->no_low)
                bd[!low[i] ? OE_BD_NO_LOW : low[i] == nut ? OE_BD_NUT_LOW : OE_BD_OTHER_LOW] += w;
        }
    }
}

/* Send the boards counted by rank multiset (counts[rest index], boards
 * where no hand can make a flush) to the sink, one call per multiset with
 * its count as weight; returns the boards sent. */
uint64_t oe_fold_tally(const oe_fold *f, const uint32_t *counts, const oe_sink *sink);

/*
 * Exact enumeration of a spot whose players are all fixed hands (f has
 * them all, players 0..n-1 = sink->n): every completion of the board from
 * deck[0..n_deck) (the unknown cards, increasing), or the share `part` of
 * `parts` of them (the parts take turns by the first two cards dealt).
 * Boards where no hand can make a flush are only counted per rank multiset
 * (counts: n_rest entries, zeroed here) and sent to the sink at the end,
 * one call per multiset; the others one by one.  Adds the boards counted
 * to *deals.  Returns 0, or 1 when *stop became nonzero (then the counts
 * are incomplete).
 */
int oe_fold_exact(const oe_fold *f, const uint8_t *deck, int n_deck, int part, int parts,
                  uint32_t *counts, const oe_sink *sink, uint64_t *deals,
                  const volatile int *stop);

#endif /* OE_FOLD_H */
