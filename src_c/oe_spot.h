/*
 * oe_spot.h -- private: a prepared equity spot (oe_eq_ctx, the opaque type
 * of oe_equity.h), shared by the loops that run it: exact enumeration
 * (oe_exact.c) and Monte Carlo (oe_montecarlo.c); oe_spot.c prepares it and
 * summarises what they count.
 *
 * Fixed hands are folded over the known board once per spot (oe_fold.h):
 * on a board they cost one lookup, plus a flush check when the board has
 * three cards of a suit they hold twice.  Range players are drawn by the
 * dealer (oe_deal.h).
 */
#ifndef OE_SPOT_H
#define OE_SPOT_H

#include <stddef.h>
#include <stdint.h>

#include "oe_deal.h"
#include "oe_equity.h"
#include "oe_fold.h"
#include "oe_random.h"

struct oe_eq_ctx {
    oe_eq_spot s;
    int no_low;                      /* the game has no low: every low is OE_LOW_NONE */
    int need;                        /* board cards still to come */
    int n_deck;                      /* cards not known ... */
    uint8_t deck[OE_NUM_CARDS];      /* ... in increasing order */
    int n_fixed, n_range, n_random;
    int fixed[OE_EQ_MAX_PLAYERS];    /* player numbers of each kind */
    int range[OE_EQ_MAX_PLAYERS];
    int random[OE_EQ_MAX_PLAYERS];
    oe_fold fold;                    /* the fixed hands, over the known board */
    uint16_t *rest_full;             /* the fold's tables (owned) */
    uint8_t *rest_low;
    uint32_t *fold_tables;
    unsigned board_suit_count;       /* known board: a 4-bit count per suit */
    oe_digit_spec deck_digits;       /* uniform positions in deck[] */
    oe_dealer dealer;                /* the range players (range[j] is dealer range j) */
};

/* Every this many deals (and on every board) the loops read *stop. */
#define OE_STOP_CHECK_MASK 0x3FFFu

/*
 * Counting into the caller's arrays.  Each worker counts into buffers of
 * its own on the stack when the histogram is small (n <= 6) and adds them
 * to the caller's at the end: small arrays of different workers can share a
 * cache line, and writing them on every deal from two threads would make
 * the line bounce between cores.
 */
#define OE_LOCAL_CELLS 4096

typedef struct {
    oe_sink sink;                    /* counts here ... */
    double *dest_outcome, *dest_outcome_sq, *dest_makes_low, *dest_breakdown; /* ... added here */
    size_t cells;
    double makes_low[OE_EQ_MAX_PLAYERS];
    double breakdown[OE_EQ_MAX_PLAYERS * OE_EQ_BREAKDOWN];
} oe_counts;

/* `local` and `local_sq` hold OE_LOCAL_CELLS doubles each; outcome_sq and
 * breakdown may be NULL (not counted). */
void oe_counts_open(oe_counts *c, const oe_eq_ctx *ctx, double *outcome, double *outcome_sq,
                    double *makes_low, double *breakdown, double *local, double *local_sq);
void oe_counts_close(oe_counts *c);

#endif /* OE_SPOT_H */
