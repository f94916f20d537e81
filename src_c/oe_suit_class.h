/*
 * oe_suit_class.h -- the class of dealt cards under the 24 permutations of
 * the suits, written once.
 *
 * A suit permutation only reorders the four suits' parts of a deal (a
 * suit's part: the ranks it holds, in each round), so the class of a deal
 * is the multiset of its four parts: written as the four suits' keys (any
 * number that names a part) in decreasing order.  The suit-isomorphism
 * indexer (oe_iso.c: a suit keyed by its shape and index over the rounds)
 * and the preflop class keys (oe_ranges.c: a suit keyed by its rank mask)
 * both canonicalise through oe_suit_class_sort.
 */
#ifndef OE_SUIT_CLASS_H
#define OE_SUIT_CLASS_H

#include <stdint.h>

/* Exchange so that key[a] >= key[b] (selects, not branches: the order of a
 * random deal's suits is unpredictable). */
static inline void oe_suit_class_order(uint64_t key[4], int a, int b)
{
    const uint64_t hi = key[a] > key[b] ? key[a] : key[b];
    const uint64_t lo = key[a] > key[b] ? key[b] : key[a];
    key[a] = hi;
    key[b] = lo;
}

/* The four suits' keys in decreasing order: the deal's class. */
static inline void oe_suit_class_sort(uint64_t key[4])
{
    /* a sorting network for four */
    oe_suit_class_order(key, 0, 1);
    oe_suit_class_order(key, 2, 3);
    oe_suit_class_order(key, 0, 2);
    oe_suit_class_order(key, 1, 3);
    oe_suit_class_order(key, 1, 2);
}

#endif /* OE_SUIT_CLASS_H */
