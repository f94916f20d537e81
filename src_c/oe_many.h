/*
 * oe_many.h -- exact equity of many spots of fixed hands at once
 * (omaha_eval/many.py).
 *
 * Spot r (0 <= r < n_spots) is P players holding hands[r][0..P-1][0..k-1]
 * (row-major, P*k card ids per spot) and the known board boards[r][0..b-1]
 * (b = 0 to 5); every completion of the board from the cards not in the
 * spot, nor in its dead cards (dead[r], a card mask; dead may be NULL: none)
 * is dealt once.  For each spot and player it writes, at [r * P + i]:
 *   hi_share  expected fraction of the pot won through the high half (the
 *             whole pot when no low qualifies),
 *   lo_share  ... through the low half,
 *   equity    hi_share + lo_share (the players' equities sum to 1),
 *   scoop     probability of winning the whole pot alone.
 * The split is oe_split_shares() (oe_split.h), the one owner of it.
 *
 * Contract: the caller has checked every row (ids 0..51, no card twice in
 * a spot or between a spot and its dead cards, enough cards left for the
 * board, 2 <= P <= OE_MANY_MAX_PLAYERS, 4 <= k <= 6, 0 <= b <= 5, game an
 * enum oe_game); nothing here re-validates.  No global state: safe to run
 * without the GIL, from any number of threads on disjoint outputs.
 */
#ifndef OE_MANY_H
#define OE_MANY_H

#include <stddef.h>
#include <stdint.h>

#include "oe_cards.h"

#define OE_MANY_MAX_PLAYERS OE_MAX_DEAL

/* The check the caller makes first: for each spot, bad[r] = 1 if a card
 * appears twice among its hands and board or an id is above 51, else 0.
 * Returns the number of bad spots. */
size_t oe_many_bad_rows(const uint8_t *hands, const uint8_t *boards, size_t n_spots, int P,
                        int k, int b, uint8_t *bad);

/* 0, or -1 when out of memory (boards of fewer than 3 cards: the tables of
 * their 455 to 6,188 rank multisets to come are allocated). */
int oe_many_exact(const uint8_t *hands, const uint8_t *boards, const uint64_t *dead,
                  size_t n_spots, int P, int k, int b, int game, double *equity,
                  double *hi_share, double *lo_share, double *scoop);

#endif /* OE_MANY_H */
