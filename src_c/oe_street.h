/*
 * oe_street.h -- equity vectors on the flop, the turn and the river: the
 * exact pot share of every hero hand against a weighted villain range, over
 * every runout of the board, with exact card removal.
 *
 * Cards and values as in oe_eval.h (id = 4 * rank + suit).  Every function
 * trusts its caller (omaha_eval/solver/ validates): ids in 0..51; the
 * board has n_board = 3, 4 or 5 distinct cards; `dead` is a mask of cards
 * off the board that no runout uses; every hand has k distinct cards
 * (k_hero, k_villain in 4..6) and holds no board or dead card (hero and
 * villain hands may share cards with each other: those pairs are never
 * dealt); weights finite and >= 0 (a villain of weight 0 is not in the
 * range); n_hero and n_villain below 2^32.  oe_init() must have run.
 *
 * A deal is (hero hand h, villain hand v, runout r): r is one of the
 * C(52 - n_board - n_dead, 5 - n_board) completions of the board from the
 * cards neither on it nor dead, and h, v and r share no card.  Every pair
 * (h, v) that shares no card meets the same number of runouts,
 * oe_street_deals_per_hand(), so the deals weigh the villain hands exactly
 * as on the river.  A deal's weight is w_v for the per-hero figures and
 * w_h * w_v where both players count (the breakdown).  The deals of one
 * runout are settled by oe_showdown.h's sweep.  For hero hand i, over its
 * deals:
 *
 *   hi_share[i]  expected fraction of the pot won through the high half (the
 *                whole pot when neither hand has a qualifying low);
 *   lo_share[i]  expected fraction won through the low half;
 *   scoop[i]     probability of winning the whole pot alone;
 *   live[i]      total weight of the villain hands that share no card with
 *                hero hand i (on the river: the live weight of oe_solver.h);
 *   outcome      the villain weight of its deals in each heads-up outcome
 *                cell of oe_equity.h (oe_street_run_outcomes).
 *
 * High-only Omaha (game OE_GAME_OMAHA): no low, the high takes the pot.
 *
 * Use: oe_street_new() prepares the question once (card removal, O(N + M)
 * plus the hands sharing four or more cards); oe_street_run_outcomes(),
 * oe_street_run_totals(), oe_street_run() and oe_street_run_each() sum the
 * deals of a block of runouts into caller arrays and may run in many
 * threads at once on one oe_street (they only read it); oe_street_finish()
 * turns the sums of all runouts into shares.  Splitting the runouts into blocks and adding the
 * blocks' sums in a fixed order gives results that do not depend on how the
 * blocks were spread over threads.
 */
#ifndef OE_STREET_H
#define OE_STREET_H

#include <stddef.h>
#include <stdint.h>

typedef struct oe_street oe_street;

/* Prepares a question; NULL if memory could not be allocated.  The inputs
 * are copied: the caller may free them afterwards.  hero_weight: NULL
 * (every hero 1) or n_hero weights, used by the breakdown and the deal
 * count only (the per-hero figures are per hero). */
oe_street *oe_street_new(const uint8_t *board, int n_board, uint64_t dead,
                         const uint8_t *hero, size_t n_hero, int k_hero,
                         const double *hero_weight, const uint8_t *villain, size_t n_villain,
                         int k_villain, const double *villain_weight, int game);

void oe_street_free(oe_street *s); /* NULL is fine */

/* Number of runouts, C(52 - n_board - n_dead, 5 - n_board): 1176, 48 or 1
 * without dead cards. */
size_t oe_street_runouts(const oe_street *s);

/* Number of hero hands, and the live weight of hero i (0 if it meets no
 * villain): the `live` of oe_street_finish. */
size_t oe_street_heroes(const oe_street *s);
double oe_street_live(const oe_street *s, size_t i);

/* Runouts each pair of hands meets: C(52 - n_board - n_dead - k_hero -
 * k_villain, 5 - n_board). */
double oe_street_deals_per_hand(const oe_street *s);

/* Number of deals over every runout: the pairs (hero of weight > 0,
 * villain of weight > 0) sharing no card, times oe_street_deals_per_hand(). */
uint64_t oe_street_deals(const oe_street *s);

/*
 * Sums over the deals whose runout is one of runouts [first, first + count)
 * (first + count <= oe_street_runouts(s); runouts are numbered in
 * lexicographic order of their ascending cards), written (not added):
 *
 *   outcome[i * 16 + cell]  per hero i, the villain weight of its deals in
 *                           outcome cell hi << 2 | lo of oe_equity.h (bit 0
 *                           the hero, bit 1 the villain; not multiplied by
 *                           the hero's weight): n_hero x 16;
 *   makes_low[i]            the villain weight of hero i's deals in which
 *                           the hero holds a qualifying low;
 *   breakdown               NULL, or 2 x OE_EQ_BREAKDOWN (oe_equity.h): row
 *                           0 the hero, row 1 the villain; each deal's
 *                           weight w_h * w_v in the column of the player's
 *                           high category and of its low class (the nut low
 *                           of the runout's board as oe_eq_exact counts it;
 *                           high-only games leave the low columns 0).
 *
 * sum_i w_i * outcome[i] is the outcome histogram of oe_eq_exact for the
 * two ranges.  Returns 0, or -1 if memory could not be allocated (the
 * outputs are then unspecified).
 */
int oe_street_run_outcomes(const oe_street *s, size_t first, size_t count, double *outcome,
                           double *makes_low, double *breakdown);

/*
 * The same sums over the heroes too, each hero's times its weight w_i (the
 * range's figures, with no row per hero), written (not added):
 * histogram[cell] = sum_i w_i * outcome[i * 16 + cell] (16 cells),
 * makes_low[0] = sum_i w_i * makes_low[i], and the breakdown (NULL: not
 * asked) as oe_street_run_outcomes writes it.  Exact for integer weights,
 * like the per-hero sums; otherwise the same sums added in another order.
 * Returns 0, or -1 if memory could not be allocated.
 */
int oe_street_run_totals(const oe_street *s, size_t first, size_t count, double *histogram,
                         double *makes_low, double *breakdown);

/*
 * The same deals' sums per hero hand: the weight times the hero's high
 * share, low share and scoop (0 or 1), from the outcome cells by
 * oe_split.h's shares.  Writes (does
 * not add to) hi[0..n_hero-1], lo[..] and scoop[..].  Returns 0, or -1 if
 * memory could not be allocated (the outputs are then unspecified).
 */
int oe_street_run(const oe_street *s, size_t first, size_t count,
                  double *hi, double *lo, double *scoop);

/*
 * The same sums runout by runout (for the distribution of a hand's equity
 * over the runouts, oe_features.h): row q (q = 0..count-1) of each output,
 * hi[q * n_hero .. q * n_hero + n_hero - 1] and so on, holds runout first + q
 * alone, and live[q * n_hero + i] the total weight of the villains dealt
 * with hero i on that runout (0 where hero i holds a runout card or meets
 * no villain).  The river shares of hero i on runout first + q are
 * hi / live and lo / live there.  Returns 0, or -1 if memory could not be
 * allocated.
 */
int oe_street_run_each(const oe_street *s, size_t first, size_t count, double *hi, double *lo,
                       double *scoop, double *live);

/*
 * Shares from the sums of oe_street_run over every runout (added up by the
 * caller): hi_share = hi / (live * deals_per_hand) and so on, written to
 * the four output arrays.  Where no villain hand with weight > 0 is live,
 * the three shares are NaN and live is 0.
 */
void oe_street_finish(const oe_street *s, const double *hi, const double *lo,
                      const double *scoop, double *hi_share, double *lo_share,
                      double *scoop_share, double *live);

#endif /* OE_STREET_H */
