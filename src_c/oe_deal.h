/*
 * oe_deal.h -- private: drawing one hand for each range player of a spot,
 * exactly for the weighted definition of equity (oe_equity.h).
 *
 * The target: an assignment a (one combo per range player, no two sharing
 * a card; the known cards are already out of every range) has probability
 * proportional to prod_j w_j(a_j).  Three samplers draw from it:
 *
 *   OE_DEAL_INDEPENDENT: every player's combo by its weights (alias
 *     tables); an assignment where two share a card is drawn again WHOLE
 *     (redrawing only one player would not be the target).  Accepted
 *     assignments have weight 1: the plain mean is the estimate, and the
 *     per-trial variance its standard error.
 *   OE_DEAL_LISTED: when the assignments that fit are few (ranges that
 *     barely fit together), all of them are listed once, with their
 *     weights, and each trial draws one by weight (an alias table over the
 *     list): exact draws of weight 1, whatever the share that fits.
 *   OE_DEAL_SEQUENTIAL (sequential importance sampling): the players in a
 *     fixed order, each drawn by its weights among its combos that share no
 *     card with those drawn before it.  That is the target's law reweighted
 *     by the weight of what could be drawn: the assignment gets the
 *     importance weight prod_j W_j(compatible) / W_j(all) (0 when some
 *     player has no compatible combo), and the weighted mean
 *     sum(omega f) / sum(omega) is the estimate (a ratio estimator: its
 *     standard error comes from the weighted residuals, oe_equity.h).
 *     Every trial counts; none is redrawn, so spots whose ranges rarely fit
 *     together cost no more per trial than others.
 *
 * All are exact (no chain, no burn-in): every trial is an independent draw,
 * so a run's standard error is valid for one run.  The spot chooses by a
 * pilot of independent draws with a fixed seed: independent draws when
 * enough of them fit, else the list when it is short, else sequential
 * draws; the choice depends on the spot alone.
 */
#ifndef OE_DEAL_H
#define OE_DEAL_H

#include <stddef.h>
#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "oe_alias.h"

#define OE_DEAL_MAX_RANGES 10
/* Distinct weights a range may have for the sequential sampler to draw by
 * weight class (popcounts); more, and it sums the compatible weights. */
#define OE_DEAL_CLASSES 8

enum oe_deal_sampler { OE_DEAL_INDEPENDENT = 1, OE_DEAL_SEQUENTIAL = 2, OE_DEAL_LISTED = 3 };
/* The longest list of assignments the listed sampler keeps, and the combos
 * its search may try to make it (about a tenth of a second). */
#define OE_DEAL_MAX_LISTED 200000
#define OE_DEAL_LIST_BUDGET 20000000

/* The sequential sampler's view of one range: for each card, the combos
 * holding it (a bitset, NULL when none), and the combos of each weight. */
typedef struct {
    size_t words;                         /* 64-bit words per bitset */
    uint64_t *holding[52];                /* combos holding each card */
    uint64_t *all;                        /* every combo */
    int classes;                          /* distinct weights, or 0: too many */
    double class_weight[OE_DEAL_CLASSES];
    uint64_t *class_bits[OE_DEAL_CLASSES];
    double total;                         /* the range's total weight */
} oe_deal_bits;

typedef struct {
    int n;                                    /* range players */
    size_t K[OE_DEAL_MAX_RANGES];             /* combos of each */
    const uint64_t *masks[OE_DEAL_MAX_RANGES];/* their card masks */
    const double *weights[OE_DEAL_MAX_RANGES];
    oe_alias alias[OE_DEAL_MAX_RANGES];
    int sampler;                              /* enum oe_deal_sampler */
    int order[OE_DEAL_MAX_RANGES];            /* the order searched and drawn, tightest first */
    oe_deal_bits bits[OE_DEAL_MAX_RANGES];    /* sequential only */
    size_t n_listed;                          /* listed: the assignments that fit ... */
    uint32_t *listed;                         /* ... n_listed x n combo numbers */
    oe_alias listed_alias;                    /* ... drawn by their weights */
    uint64_t exclude;                         /* independent: cards no combo may hold (0) */
} oe_dealer;

/* Prepare n range players (K[j] >= 1 combos, their weights and card masks;
 * the arrays must outlive the dealer).  `sampler`: OE_DEAL_INDEPENDENT,
 * OE_DEAL_SEQUENTIAL, or 0 to let the pilot choose.  0, or -1 when out of
 * memory (the dealer may still be freed). */
int oe_dealer_init(oe_dealer *d, int n, const size_t *K, const double *const *weights,
                   const uint64_t *const *masks, int sampler);
void oe_dealer_free(oe_dealer *d);

/* Independent: one whole draw; 1 and cur[j], *taken (the cards) when no two
 * combos share a card nor hold a card of d->exclude, else 0 (the caller
 * draws again).  `exclude` is 0 after oe_dealer_init; a caller may set it on
 * a copy of the dealer (oe_graph.h) to draw the ranges conditioned on
 * holding none of those cards. */
int oe_deal_independent(const oe_dealer *d, bitgen_t *rng, uint32_t *cur, uint64_t *taken);

/* Listed: one assignment of the list, by weight: cur[j] and *taken. */
void oe_deal_listed(const oe_dealer *d, bitgen_t *rng, uint32_t *cur, uint64_t *taken);

/* Sequential: one draw, cur[j] and *taken, and its importance weight in
 * [0, 1] (0: some player had no compatible combo; cur is then partial).
 * `scratch` holds oe_deal_scratch_words(d) words, one per thread. */
double oe_deal_sequential(const oe_dealer *d, bitgen_t *rng, uint32_t *cur, uint64_t *taken,
                          uint64_t *scratch);
size_t oe_deal_scratch_words(const oe_dealer *d);

#endif /* OE_DEAL_H */
