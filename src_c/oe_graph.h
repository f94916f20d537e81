/*
 * oe_graph.h -- Monte Carlo equity of many hands of one player against the
 * same opponents (a split graph: omaha_eval/solver/split_graph.py), the
 * opponents prepared once.
 *
 * The spot is prepared once (oe_eq_new: the opponents' alias tables, the
 * fold of the board and of their fixed hands) with player `hero` a fixed
 * hand.  Each of the hero's hands then runs on a copy of it that differs in
 * what depends on the hand: the hero's fold, the deck (the cards not known)
 * and the dealer's excluded cards.  An opponent range is drawn from all its
 * combos by its weights and a draw that shares a card with the hero's hand
 * is drawn again (oe_deal.h, `exclude`): the range conditioned on sharing
 * no card with the hand, which is exactly the range with those combos
 * removed (removal renormalises the weights).  At most one opponent is a
 * range, so every trial has weight 1 (the independent sampler).
 *
 * Each hand draws from its own generator, xoshiro256** seeded from a 256-bit
 * key and the hand's index (SplitMix64): the figures of a hand depend on the
 * key, its index and its cards only, never on the hands run with it or on
 * the threads.  Its trials run in blocks: with a target standard error, a
 * first block, then blocks sized from the error so far until the error of
 * the hero's equity is at most the target or the trials reach the cap.
 */
#ifndef OE_GRAPH_H
#define OE_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "oe_equity.h"

typedef struct oe_graph oe_graph;

/* How many trials each hand draws. */
typedef struct {
    uint64_t trials;      /* the most trials a hand draws */
    double target;        /* standard error of equity to reach; <= 0: draw `trials` */
    uint64_t first;       /* with a target: the first block */
    uint64_t block_min;   /* ... then blocks of at least this many */
    uint64_t block_max;   /* without a target: blocks of at most this many */
    double overshoot;     /* ... sized to (error / target)^2 x overshoot x trials so far */
    uint64_t max_rejects; /* draws in a row that collide before OE_EQ_NO_DEAL */
} oe_graph_rule;

/* Prepare: `spot` has player `hero` as a fixed hand (any of its hands: its
 * cards are replaced by each hand's), at most one range among the others
 * (its combos clear of spot->known, not of the hero's hands), and
 * spot->known without the hero's cards (each hand run adds its own).  The
 * sampler is always the independent one.  NULL when out of memory. */
oe_graph *oe_graph_new(const oe_eq_spot *spot, int hero);
void oe_graph_free(oe_graph *g);

/*
 * Run m hands (m x k card ids, none a known card), hand i with generator
 * index[i] of `key`, by `rule`: outcome (m x 4^n), makes_low (m x n),
 * breakdown (m x n x OE_EQ_BREAKDOWN) and done (m: the trials) as the
 * Monte Carlo loop counts them (oe_equity.h), caller zeroed, and error
 * (m): the standard error of the hero's equity, as the engine's
 * Sums.stderr computes it for weight-1 trials (NaN under two trials).  Returns after
 * the hand during which the trials of this call reach `budget` (0: no
 * bound), so that the caller can look at its own stop signals between
 * calls; *finished gets the hands done.  OE_EQ_OK; OE_EQ_STOPPED when *stop
 * was set; OE_EQ_NO_DEAL when max_rejects draws in a row collided (hand
 * *finished); OE_EQ_NO_MEMORY.
 */
int oe_graph_run(const oe_graph *g, const uint8_t *hands, size_t m, const uint64_t *index,
                 const uint64_t *key, const oe_graph_rule *rule, uint64_t budget,
                 double *outcome, double *makes_low, double *breakdown, uint64_t *done,
                 double *error, size_t *finished, const volatile int *stop);

#endif /* OE_GRAPH_H */
