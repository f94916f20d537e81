/*
 * oe_alias.h -- private: one item of a weighted list, drawn in constant
 * time (Walker's alias table, Vose's construction).
 *
 * Draw c uniformly in 0..n-1 and keep it when the draw's fraction is at most
 * keep[c] (its probability x 2^64), else take next[c]: each item comes out
 * with probability w[c] / sum(w), up to the rounding of doubles.  When every
 * weight is the same (most ranges), the uniform draw is the answer and the
 * tables are not built: a draw then reads no memory of its own.  Built
 * once, read-only afterwards (any number of threads may draw from it).
 */
#ifndef OE_ALIAS_H
#define OE_ALIAS_H

#include <stddef.h>
#include <stdint.h>

#include "numpy/random/bitgen.h"
#include "oe_random.h"

typedef struct {
    size_t n;
    int uniform;     /* every weight the same: keep and next are NULL */
    uint64_t *keep;  /* keep item c when the fraction is <= keep[c] */
    uint32_t *next;  /* ... else take next[c] */
    uint64_t reject; /* Lemire's rejection threshold for n (oe_below) */
} oe_alias;

/* Build from n >= 1 weights (finite, >= 0, not all 0); 0, or -1 when out of
 * memory (a is then empty: oe_alias_free may still be called). */
int oe_alias_build(oe_alias *a, const double *w, size_t n);
void oe_alias_free(oe_alias *a);

/* One draw: one 64-bit number (its fraction is the coin, oe_below). */
static inline uint32_t oe_alias_draw(const oe_alias *a, bitgen_t *rng)
{
    uint64_t frac;
    const uint32_t c = (uint32_t)oe_below(rng, a->n, a->reject, &frac);
    if (a->uniform) return c;
    return frac <= a->keep[c] ? c : a->next[c];
}

#endif /* OE_ALIAS_H */
