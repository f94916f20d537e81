/*
 * oe_street.h -- equity vectors on the flop, the turn and the river: the
 * exact pot share of every hero hand against a weighted villain range, over
 * every runout of the board, with exact card removal.
 *
 * Cards and values as in oe_eval.h (id = 4 * rank + suit).  Every function
 * trusts its caller (omaha_eval/solver.py validates): ids in 0..51; the
 * board has n_board = 3, 4 or 5 distinct cards; every hand has k distinct
 * cards (k_hero, k_villain in 4..6) and none holds a board card (hero and
 * villain hands may share cards with each other: those pairs are never
 * dealt); weights finite and >= 0 (weight 0 = not in the range); n_hero and
 * n_villain below 2^32.  oe_init() must have run.
 *
 * A deal is (villain hand v, runout r): r is one of the C(52 - n_board,
 * 5 - n_board) completions of the board, v and r share no card with the hero
 * hand, with each other or with the board; its weight is v's weight.  Every
 * villain hand that shares no card with the hero hand meets the same number
 * of runouts, oe_street_deals_per_hand(), so the deals weigh the villain
 * hands exactly as on the river.  For hero hand i, over its deals:
 *
 *   hi_share[i]  expected fraction of the pot won through the high half (the
 *                whole pot when neither hand has a qualifying low);
 *   lo_share[i]  expected fraction won through the low half;
 *   scoop[i]     probability of winning the whole pot alone;
 *   live[i]      total weight of the villain hands that share no card with
 *                hero hand i (on the river: the live weight of oe_solver.h).
 *
 * High-only Omaha (game OE_GAME_OMAHA): no low, the high takes the pot.
 *
 * Use: oe_street_new() prepares the question once (card removal, O(N + M)
 * plus the hands sharing three or more cards); oe_street_run() sums the
 * deals of a block of runouts into caller arrays and may run in many threads
 * at once on one oe_street (it only reads it); oe_street_finish() turns the
 * sums of all runouts into shares.  Splitting the runouts into blocks and
 * adding the blocks' sums in a fixed order gives results that do not depend
 * on how the blocks were spread over threads.
 */
#ifndef OE_STREET_H
#define OE_STREET_H

#include <stddef.h>
#include <stdint.h>

typedef struct oe_street oe_street;

/* Prepares a question; NULL if memory could not be allocated.  The inputs
 * are copied: the caller may free them afterwards. */
oe_street *oe_street_new(const uint8_t *board, int n_board,
                         const uint8_t *hero, size_t n_hero, int k_hero,
                         const uint8_t *villain, size_t n_villain, int k_villain,
                         const double *villain_weight, int game);

void oe_street_free(oe_street *s); /* NULL is fine */

/* Number of runouts, C(52 - n_board, 5 - n_board): 1176, 48 or 1. */
size_t oe_street_runouts(const oe_street *s);

/* Number of hero hands, and the live weight of hero i (0 if it meets no
 * villain): the `live` of oe_street_finish. */
size_t oe_street_heroes(const oe_street *s);
double oe_street_live(const oe_street *s, size_t i);

/* Runouts each dealt with one villain hand: C(52 - n_board - k_hero -
 * k_villain, 5 - n_board). */
double oe_street_deals_per_hand(const oe_street *s);

/*
 * Sums over the deals whose runout is one of runouts [first, first + count)
 * (first + count <= oe_street_runouts(s); runouts are numbered in
 * lexicographic order of their ascending cards), per hero hand: the weight
 * times the hero's high share, low share and scoop (0 or 1).  Writes (does
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
