/*
 * oe_equity.h -- equity by exact enumeration and by Monte Carlo.
 *
 * Cards and values are those of oe_eval.h (id = 4 * rank + suit; high
 * larger is better; low 0 = none, else larger is better).  Who wins each
 * deal is decided by oe_pot_winners() (oe_split.h), the one place that owns
 * the split; this file only deals, evaluates and counts.
 *
 * What is counted.  Every deal (hands + complete board) ends in an OUTCOME:
 * the bit mask of high winners `hi` and of low winners `lo` (0 = no
 * qualifying low).  Both functions below add each deal's weight to
 *
 *     outcome[hi << n | lo]        (an array of 4^n doubles, caller zeroed)
 *
 * and, for each player with a qualifying low, to makes_low[i].  Every
 * figure of an equity result (shares, scoops, wins, ties, no-low,
 * a split low, quartering, and the per-trial variance of each player's equity) is a
 * function of this histogram, computed once at the end by the caller with
 * oe_split_shares().  Weights are 1 for unweighted deals, so counts below
 * 2^53 are exact.
 *
 * Players (n = 2..OE_EQ_MAX_PLAYERS, all with k = 4, 5 or 6 hole cards):
 *   OE_EQ_FIXED   one known hand (combos: k cards; its cards are in `known`);
 *   OE_EQ_RANGE   K >= 1 weighted hands (combos: K x k cards, weights > 0,
 *                 masks: the 52-bit card mask of each combo).  The caller
 *                 has removed every combo that touches a `known` card;
 *   OE_EQ_RANDOM  any hand, dealt uniformly from the cards left (Monte Carlo
 *                 only; exact enumeration takes it as a range of every hand).
 *
 * The weighted, card-removal-correct definition (docs/rules.md, "Equity"): a deal
 * is an assignment of one combo to each range player plus a completion of
 * the board, all cards distinct and none `known`; its weight is the product
 * of the combos' weights.  Every assignment has the same number of board
 * completions, so weighting completions equally is the definition.
 *
 * Contract: the caller (the engine, omaha_eval/engine/spot.py, through
 * omaha_eval/_equity.pxi) checks every input; nothing here re-validates.  The arrays the spot points to
 * must outlive the context.  A context is read-only after oe_eq_new() and
 * may be shared by any number of threads running without the GIL.
 */
#ifndef OE_EQUITY_H
#define OE_EQUITY_H

#include <stddef.h>
#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "oe_cards.h"

#define OE_EQ_MAX_PLAYERS OE_MAX_DEAL

enum oe_eq_kind { OE_EQ_FIXED = 0, OE_EQ_RANGE = 1, OE_EQ_RANDOM = 2 };

/* Return codes (0 is success). */
#define OE_EQ_OK 0
#define OE_EQ_NO_MEMORY (-1)
#define OE_EQ_NO_DEAL (-2) /* Monte Carlo: max_rejects colliding deals in a row */
#define OE_EQ_STOPPED (-3) /* *stop became nonzero: the counts so far are kept */

/* Monte Carlo samplers for range players (see oe_eq_monte_carlo and
 * oe_deal.h; the values are oe_deal.h's). */
enum oe_eq_sampler {
    OE_EQ_SAMPLER_AUTO = 0,        /* oe_eq_new chooses, from the spot alone */
    OE_EQ_SAMPLER_INDEPENDENT = 1, /* whole assignments drawn until none collides: weight 1 */
    OE_EQ_SAMPLER_SEQUENTIAL = 2,  /* sequential importance sampling: weighted trials */
    OE_EQ_SAMPLER_LISTED = 3       /* the few assignments that fit, listed, drawn: weight 1 */
};

typedef struct {
    int n;                         /* players, 2..OE_EQ_MAX_PLAYERS */
    int k;                         /* hole cards each: 4, 5 or 6 */
    int game;                      /* enum oe_game (oe_eval.h): whether lows count */
    int n_board;                   /* known board cards, 0..5 */
    uint8_t board[5];              /* board[0..n_board-1] */
    uint64_t known;                /* card mask: board | dead | fixed hands */
    int kind[OE_EQ_MAX_PLAYERS];   /* enum oe_eq_kind */
    size_t n_combos[OE_EQ_MAX_PLAYERS];          /* K: 1 for fixed, 0 for random */
    const uint8_t *combos[OE_EQ_MAX_PLAYERS];    /* K x k card ids, row-major */
    const double *weights[OE_EQ_MAX_PLAYERS];    /* K weights (ranges) */
    const uint64_t *masks[OE_EQ_MAX_PLAYERS];    /* K card masks (ranges) */
    int sampler;                   /* enum oe_eq_sampler (AUTO: oe_eq_new chooses) */
} oe_eq_spot;

typedef struct oe_eq_ctx oe_eq_ctx;

/* Copy the spot and prepare it: hand tables for fixed hands, alias tables
 * for weighted sampling of ranges.  NULL when out of memory. */
oe_eq_ctx *oe_eq_new(const oe_eq_spot *spot);
void oe_eq_free(oe_eq_ctx *ctx);

/*
 * Stopping: both loops below read *stop (another thread may set it to 1 at
 * any time, e.g. on Ctrl-C) every few thousand deals and return
 * OE_EQ_STOPPED soon after it becomes nonzero.  `stop` may be NULL.
 */

/*
 * Breakdown: when `breakdown` is not NULL (n x OE_EQ_BREAKDOWN
 * doubles, caller zeroed), row i gets, for every deal counted, the deal's
 * weight in the column of player i's final high category (columns 0..8 in
 * enum oe_category order: OE_HIGH_CARD .. OE_STRAIGHT_FLUSH) and, in a game
 * with a low, in one low class:
 *   OE_EQ_BD_NUT_LOW    the nut low for this board: the best 8-or-better
 *                       low any two hole cards could make with it, by ranks;
 *   OE_EQ_BD_OTHER_LOW  another qualifying low;
 *   OE_EQ_BD_NO_LOW     no qualifying low.
 * High-only games leave the three low columns at 0.  Weighted like
 * makes_low: each high part sums to the total weight, as does each low
 * part in hi/lo games.
 */
#define OE_EQ_BREAKDOWN 12
#define OE_EQ_BD_NUT_LOW 9
#define OE_EQ_BD_OTHER_LOW 10
#define OE_EQ_BD_NO_LOW 11

/*
 * Exact: every deal, or the share `part` of `parts` of them (0 <= part <
 * parts; the parts are disjoint and together cover every deal, so threads
 * may each run one and add their histograms).  Adds into outcome[4^n],
 * makes_low[n] and breakdown (NULL or n x OE_EQ_BREAKDOWN); *deals receives
 * the number of deals counted.  Returns OE_EQ_OK, OE_EQ_NO_MEMORY or
 * OE_EQ_STOPPED (the part is then incomplete).
 */
int oe_eq_exact(const oe_eq_ctx *ctx, int part, int parts, double *outcome,
                double *makes_low, double *breakdown, uint64_t *deals,
                const volatile int *stop);

/*
 * Monte Carlo: `trials` deals drawn with `rng`, each an independent draw of
 * the target (no chain: every trial counts on its own).  Adds each trial's
 * weight w into outcome[4^n] (and w^2 into outcome_sq[4^n] when not NULL),
 * makes_low[n] and breakdown (NULL or n x OE_EQ_BREAKDOWN).  Returns
 * OE_EQ_OK, OE_EQ_NO_DEAL when `max_rejects` draws in a row collided (the
 * ranges cannot, or almost never, be dealt together), OE_EQ_STOPPED, or
 * OE_EQ_NO_MEMORY (nothing counted); *done receives the trials counted in
 * every case.
 *
 * Range players are drawn by oe_eq_sampler(ctx) (oe_deal.h):
 *   OE_EQ_SAMPLER_INDEPENDENT and _LISTED: every trial has weight 1; the
 *     per-trial variance gives the standard error.
 *   OE_EQ_SAMPLER_SEQUENTIAL: trial t has an importance weight w_t in [0, 1]
 *     (0 counts as a trial too); the figures are the weighted means, and
 *     the standard error of a player's equity comes from the weighted
 *     residuals: Var = sum w_t^2 (f_t - mean)^2 / (sum w_t)^2, all of whose
 *     sums follow from the two histograms (oe_eq_summarize on each).
 * Random players' hands and the board are dealt uniformly from the cards
 * left in both cases: given the range players' hands, the number of ways to
 * deal them is the same for every assignment, so dealing them from what is
 * left changes nothing but speed.
 */
int oe_eq_monte_carlo(const oe_eq_ctx *ctx, bitgen_t *rng, uint64_t trials,
                      uint64_t max_rejects, double *outcome, double *outcome_sq,
                      double *makes_low, double *breakdown, uint64_t *done,
                      const volatile int *stop);

/*
 * Whether any deal exists: a search for one assignment of combos to the
 * range players in which no two share a card (random hands and the board
 * always fit: the caller has checked the deck).  1 yes, 0 no, -1 when
 * `budget` combos were tried without an answer.
 */
int oe_eq_dealable(const oe_eq_ctx *ctx, uint64_t budget);

/* The sampler a context uses (OE_EQ_SAMPLER_INDEPENDENT, _LISTED or
 * _SEQUENTIAL): the spot's choice (LISTED falls back to SEQUENTIAL when
 * too many assignments fit to list), or when AUTO: INDEPENDENT unless fewer
 * than 1 in 32 of 4,096 whole-assignment draws with a fixed seed share no
 * card, then LISTED if the list is short, else SEQUENTIAL (oe_deal.c).
 * Deterministic: it depends on the spot only. */
int oe_eq_sampler(const oe_eq_ctx *ctx);

/*
 * Sums over an outcome histogram (4^n cells, as filled above): for each
 * player i, sums[i * OE_EQ_SUMS + f] for each f of enum oe_eq_sum, each the
 * total weight of the deals times the player's figure on that deal; and
 * deal[OE_EQ_DEAL_*].  Shares come from oe_split_shares(), the one split.
 * Caller zeroes sums (n * OE_EQ_SUMS) and deal (OE_EQ_DEAL_SUMS).
 */
enum oe_eq_sum {
    OE_EQ_HI_SHARE = 0, /* fraction of the pot won through the high half */
    OE_EQ_LO_SHARE,     /* ... through the low half */
    OE_EQ_SHARE_SQ,     /* (hi + lo share)^2, for the variance */
    OE_EQ_SCOOP,        /* sole high winner and sole low winner (or no low) */
    OE_EQ_HI_WIN,       /* sole high winner */
    OE_EQ_HI_TIE,       /* one of 2+ high winners */
    OE_EQ_LO_WIN,       /* sole low winner */
    OE_EQ_LO_TIE,       /* one of 2+ low winners */
    OE_EQ_QUARTERED,    /* exactly a quarter of the pot (oe_quartered) */
    OE_EQ_SUMS
};
enum oe_eq_deal_sum {
    OE_EQ_DEAL_TOTAL = 0, /* total weight */
    OE_EQ_DEAL_NO_LOW,    /* no qualifying low */
    OE_EQ_DEAL_LOW_SPLIT, /* the low half split between 2+ players */
    OE_EQ_DEAL_QUARTERED, /* some player gets exactly a quarter of the pot */
    OE_EQ_DEAL_SUMS
};

void oe_eq_summarize(int n, const double *outcome, double *sums, double *deal);

#endif /* OE_EQUITY_H */
