/*
 * oe_ranges.h -- range expansion: enumerate every hand, match card patterns.
 *
 * Card encoding as in oe_eval.h: id = 4 * rank + suit, rank 2..A = 0..12,
 * suit c, d, h, s = 0..3.  A "hand" here is k distinct card ids (k = 1..6;
 * the package uses 4, 5 or 6), in any order; hands are rows of a row-major
 * array, k bytes a row.
 *
 * Contract on inputs (as everywhere in src_c/): every function trusts its
 * caller.  The Python layer (omaha_eval/ranges.py) builds the patterns
 * from parsed range text and the hand arrays from oe_all_hands_k().
 */
#ifndef OE_RANGES_H
#define OE_RANGES_H

#include <stddef.h>
#include <stdint.h>

#define OE_PATTERN_MAX 6      /* cards in one pattern (<= k) */
#define OE_ALL_RANKS 0x1FFFu  /* rank set with every rank */
#define OE_ALL_SUITS 0xFu     /* suit set with every suit */

/*
 * Number of k-card hands, C(52, k), for k = 1..6.  0 for any other k.
 */
size_t oe_hand_count(int k);

/*
 * Write all C(52, k) hands, k = 1..6, into out (row-major, k bytes a row),
 * each row ascending, rows in lexicographic order: 2c2d2h2s ... first,
 * then the row whose cards are next in dictionary order.  out must hold
 * oe_hand_count(k) * k bytes.  Returns the number of rows written.
 */
size_t oe_all_hands_k(int k, uint8_t *out);

/*
 * One card of a pattern.  A card of the hand fits it when its rank is in
 * `ranks` and its suit in `suits`, and the variables agree:
 *   rank_var (-1 = none, else 0..12): cards with the same rank variable have
 *     the same rank, different rank variables have different ranks, and a
 *     rank variable never takes a rank that a `named` card of the same
 *     match takes;
 *   suit_var (-1 = none, else 0..3): the same for suits (a suit variable's
 *     exclusion of explicitly written suits is folded into `suits`).
 * named = 1 marks a card written with an explicit rank or rank set.
 */
typedef struct {
    uint16_t ranks;   /* bit r = rank r allowed */
    uint8_t suits;    /* bit s = suit s allowed */
    int8_t rank_var;
    int8_t suit_var;
    uint8_t named;
} oe_pcard;

/*
 * A pattern: n = 1..OE_PATTERN_MAX cards.  Cards with named = 1 must come
 * before every card with a rank variable (the matcher checks a variable
 * against the named ranks already placed).  Identical cards should be
 * adjacent: the matcher then tries only one order of them.
 */
typedef struct {
    int n;
    oe_pcard card[OE_PATTERN_MAX];
} oe_pattern;

/*
 * "Contains" matching: hand (k cards) matches a pattern (n <= k cards) when
 * the pattern's cards can be given distinct cards of the hand that fit them.
 * Returns 1 or 0.
 */
int oe_pattern_match(const oe_pattern *p, const uint8_t *hand, int k);

/*
 * For each of n hands (row-major, k bytes a row): out[i] = 1 when the hand
 * matches at least one of the n_alt (>= 0) patterns, else 0.  Every pattern
 * has 1..k cards; rank_var < 13 and suit_var < 4 (the Cython binding checks
 * these bounds).  out holds n bytes.
 */
void oe_match_rows(const oe_pattern *alts, int n_alt, const uint8_t *hands,
                   size_t n, int k, uint8_t *out);

/*
 * Shape of each of n hands: suited[i] = the number of suits holding two or
 * more of its cards (0..3), max_rank[i] = the largest number of its cards
 * sharing one rank (1..4).
 */
void oe_hand_shapes(const uint8_t *hands, size_t n, int k,
                    uint8_t *suited, uint8_t *max_rank);

/*
 * Suit-isomorphism key of each of n hands (k = 1..6 cards): the hand's
 * four per-suit rank masks (13 bits, bit r = rank r) sorted in decreasing
 * order, packed high to low into out[i] = m0 << 39 | m1 << 26 | m2 << 13 | m3.
 * Two hands get the same key exactly when renaming suits turns one into
 * the other.
 */
void oe_suit_class_keys(const uint8_t *hands, size_t n, int k, uint64_t *out);

/*
 * Every key of oe_suit_class_keys for k-card hands (k = 1..6), in no
 * particular order: each multiset of four rank masks, m0 >= m1 >= m2 >= m3,
 * whose sizes add up to k.  out must hold as many keys as there are
 * classes (16,432 for k = 4, 134,459 for 5, 962,988 for 6).  Returns the
 * number written.
 */
size_t oe_all_class_keys(int k, uint64_t *out);

/*
 * The hands of n classes (keys as oe_suit_class_keys makes them), each hand
 * once: for each key in turn, every distinct way of giving its four masks
 * to the four suits, in the order of the 24 suit orders.  A hand is written
 * as a "lexicographic mask": card c at bit 51 - c, so that for hands of the
 * same size, a larger mask is a hand that comes first in the lexicographic
 * order of ascending rows (oe_all_hands_k).  out must hold the classes'
 * hand counts added up; returns the number written.
 */
size_t oe_class_hands(const uint64_t *keys, size_t n, uint64_t *out);

/*
 * The ascending rows (k bytes each, k = 1..6) of n hands given as
 * lexicographic masks (oe_class_hands).  A mask that is not k cards of
 * bits 0..51 gets a row of zeros; returns the number of such masks.
 */
size_t oe_lex_masks_to_rows(const uint64_t *masks, size_t n, int k, uint8_t *rows);

#endif /* OE_RANGES_H */
