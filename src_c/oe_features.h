/*
 * oe_features.h -- hand-abstraction features: for every hero hand of a
 * street question (oe_street.h), the distribution of its equity over the
 * runouts to the river, as a histogram with its first two moments.
 *
 * On runout r a hero hand meets the villain hands live on r with total
 * weight live_r; its equity there is e_r = (hi_r + lo_r) / live_r, the
 * river pot share of oe_street_run_each.  A deal (villain hand, runout)
 * weighs as in oe_street.h, so runout r has probability live_r / sum of
 * live_r: the mean of e_r under it is the street equity exactly.  Per hero
 * hand i the sums over the runouts of a block are
 *
 *   hist[i * bins + b]  the weight live_r of the runouts whose e_r falls in
 *                       bin b: b = floor(e_r * bins + OE_FEATURES_SNAP),
 *                       clamped to 0..bins-1 (the bins [b/bins, (b+1)/bins),
 *                       1 in the last; an equity within OE_FEATURES_SNAP /
 *                       bins below an edge counts as on it, so that
 *                       rounding cannot move an exact 1/2 down a bin);
 *   moment[0 * n + i]   sum of live_r;
 *   moment[1 * n + i]   sum of live_r * e_r;
 *   moment[2 * n + i]   sum of live_r * e_r^2.
 *
 * A runout whose live_r is at most OE_FEATURES_EMPTY times hero i's live
 * weight (oe_street.h) counts as meeting no villain: only rounding of the
 * inclusion-exclusion is left there.  Dividing by moment 0 gives the
 * probabilities, EHS and EHS^2.  Like oe_street_run, it only reads s, so
 * it may run in many threads at once; blocks added in a fixed order give
 * the same bits whatever the threads.
 */
#ifndef OE_FEATURES_H
#define OE_FEATURES_H

#include <stddef.h>

#include "oe_street.h"

#define OE_FEATURES_SNAP 1e-9
#define OE_FEATURES_EMPTY 1e-9

/* Writes (does not add to) hist[0 .. n_hero * bins - 1] and
 * moment[0 .. 3 * n_hero - 1] for runouts [first, first + count); bins >= 1.
 * Returns 0, or -1 if memory could not be allocated. */
int oe_features_run(const oe_street *s, size_t first, size_t count, int bins, double *hist,
                    double *moment);

#endif /* OE_FEATURES_H */
