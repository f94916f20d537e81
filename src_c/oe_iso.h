/*
 * oe_iso.h -- suit isomorphism: a dense index of the classes of dealt cards
 * under the 24 permutations of the suits, and its inverse (after K. Waugh,
 * "A Fast and Optimal Hand Isomorphism Algorithm", 2013).
 *
 * Cards are dealt in rounds (for Omaha: hole | flop | turn | river); cards
 * within a round are unordered, rounds are not interchangeable.  Two deals
 * are in one class when a permutation of the suits maps one onto the other
 * round by round.  An indexer for a round structure numbers the classes
 * 0..size-1: every member of a class gets the same index, and unindex gives
 * one member of it (the canonical one: see oe_iso.c).
 *
 * Card encoding as in oe_cards.h.  As everywhere in src_c/, every function
 * trusts its caller: ids in 0..51, indices below oe_iso_size(); only a card
 * repeated in a row is reported (oe_iso_index_many), as it costs nothing
 * there.  oe_iso_init() must have run once (the Python module calls it at
 * import); an indexer is read-only after oe_iso_new, so every call on it is
 * safe from any number of threads without the GIL.
 */
#ifndef OE_ISO_H
#define OE_ISO_H

#include <stddef.h>
#include <stdint.h>

#define OE_ISO_MAX_ROUNDS 4
#define OE_ISO_MAX_ROUND 7   /* cards in one round (3 bits of a suit's count) */
#define OE_ISO_MAX_CARDS 13  /* cards of all rounds (one suit could hold them all) */

typedef struct oe_iso oe_iso;

/* Shared tables (subset ranks); idempotent, not thread-safe: call once. */
int oe_iso_init(void);

/*
 * An indexer for n_rounds rounds (1..OE_ISO_MAX_ROUNDS) of sizes[r] cards
 * (1..OE_ISO_MAX_ROUND, at most OE_ISO_MAX_CARDS in all).  NULL on bad
 * arguments or no memory.  Free with oe_iso_free.
 */
oe_iso *oe_iso_new(int n_rounds, const int *sizes);
void oe_iso_free(oe_iso *iso);

/* Number of classes. */
uint64_t oe_iso_size(const oe_iso *iso);

/* Index of one deal: the cards of every round in turn (sum of sizes). */
uint64_t oe_iso_index(const oe_iso *iso, const uint8_t *cards);

/* The canonical member of class `index`, rounds in turn, each round's cards
 * ascending. */
void oe_iso_unindex(const oe_iso *iso, uint64_t index, uint8_t *cards);

/*
 * n deals as two row-major arrays: `first` holds round 0 (sizes[0] cards a
 * row), `rest` the later rounds (the other sizes' sum a row; NULL when
 * there are none).  Writes out[0..n-1].  Returns the first row that holds a
 * card twice (its out entries and those after it are not written), else -1.
 */
ptrdiff_t oe_iso_index_many(const oe_iso *iso, const uint8_t *first, const uint8_t *rest,
                            size_t n, uint64_t *out);

/* The canonical members of n classes, split as oe_iso_index_many reads them. */
void oe_iso_unindex_many(const oe_iso *iso, const uint64_t *index, size_t n, uint8_t *first,
                         uint8_t *rest);

#endif /* OE_ISO_H */
