/*
 * oe_eval.h -- Omaha hi/lo hand evaluation: the C contract.
 *
 * Cards and values are those of oe_cards.h (id = 4 * rank + suit; high
 * 1..7462 and low 1..56, larger is better, low 0 = none).
 *
 * A hand of k hole cards (k = 4, 5 or 6) scores the best of the
 * C(k,2) x C(5,3) combinations that use exactly two hole cards and exactly
 * three board cards, for high and for low independently.
 *
 * Contract on inputs: every function trusts its caller.  Ids are in 0..51,
 * no card appears twice among a hand and its board, k is 4, 5 or 6.  The
 * Python layer (omaha_eval/_checks.py) checks this once at the boundary;
 * oe_first_invalid_row() is the fast check it uses for arrays.
 *
 * Thread safety: oe_init() must complete once before any other call (the
 * Python module calls it at import).  Everything else only reads the tables
 * and is safe to call from any number of threads without the GIL.
 */
#ifndef OE_EVAL_H
#define OE_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "oe_cards.h"

/*
 * Games (omaha_eval/games.py is the registry that names them): whether the
 * eight-or-better low counts.  In a high-only game every low is
 * OE_LOW_NONE, so the high takes the whole pot (oe_split.h).
 */
enum oe_game { OE_GAME_OMAHA8 = 0, OE_GAME_OMAHA = 1 };
#define OE_GAME_HAS_LOW(game) ((game) == OE_GAME_OMAHA8)

/* High-hand categories, worst to best (oe_high_category's return). */
enum oe_category {
    OE_HIGH_CARD = 0,
    OE_PAIR,
    OE_TWO_PAIR,
    OE_TRIPS,
    OE_STRAIGHT,
    OE_FLUSH,
    OE_FULL_HOUSE,
    OE_QUADS,
    OE_STRAIGHT_FLUSH
};

/* Build the lookup tables.  Idempotent; returns 0 on success. */
int oe_init(void);

/* Five-card values (cards must be distinct). */
uint16_t oe_high5(const uint8_t cards[5]);
uint8_t oe_low5(const uint8_t cards[5]);

/* Category (enum oe_category) of a high value 1..7462. */
int oe_high_category(uint16_t high);

/* Best high and low of k hole cards on a five-card board. */
void oe_eval_hand(const uint8_t *hole, int k, const uint8_t board[5],
                  uint16_t *high, uint8_t *low);

/*
 * As oe_eval_hand, and also which cards make each hand: hi_used/lo_used
 * receive 5 positions, the first two into `hole`, the last three into
 * `board`.  lo_used is left untouched when there is no low.
 */
void oe_eval_hand_detail(const uint8_t *hole, int k, const uint8_t board[5],
                         uint16_t *high, uint8_t *low,
                         uint8_t hi_used[5], uint8_t lo_used[5]);

/*
 * Batch: n hands of k cards (row-major, n*k bytes).  `boards` holds one
 * five-card board per hand (board_stride = 5: each hand looks up its
 * board's rank-multiset row of a 1.1 MB table, one entry per hole pair) or
 * one board shared by all hands (board_stride = 0; the board is folded into
 * small tables first).
 */
void oe_eval_batch(const uint8_t *holes, size_t n, int k,
                   const uint8_t *boards, size_t board_stride,
                   uint16_t *high, uint8_t *low);

/*
 * As oe_eval_batch on boards of n_board = 3, 4 or 5 distinct cards (a
 * flop, a turn or a river): the best hand on the board as it is, of the
 * C(k,2) x C(n_board,3) combinations of exactly two hole cards and three
 * board cards, as oe_eval_hand_partial scores it (a low needs three
 * distinct low ranks on the board).  board_stride = 0: one board shared by
 * all hands, folded first (oe_board_table_build_n); else n_board, one
 * board per hand (a flop or a turn: each scored by oe_eval_hand_partial).
 * Defined in oe_partial.c.
 */
void oe_eval_batch_n(const uint8_t *holes, size_t n, int k, const uint8_t *boards,
                     int n_board, size_t board_stride, uint16_t *high, uint8_t *low);

/*
 * First row (0-based) of a batch with an id outside 0..51 or a card that
 * appears twice among the row's hole cards and its board of n_board cards
 * (3 to 5); -1 when all rows are valid.  A shared board (board_stride = 0)
 * is checked with every row.
 */
ptrdiff_t oe_first_invalid_row(const uint8_t *holes, size_t n, int k,
                               const uint8_t *boards, int n_board, size_t board_stride);

/* ------------------------------------------------------------------------
 * Prepared forms, for callers that evaluate many hands against one board
 * or one hand against many boards (equity enumeration, solvers).
 * ------------------------------------------------------------------------ */

/* A board reduced to what the combination tables need. */
typedef struct {
    uint16_t tri[10];        /* rank-multiset index of each 3-card subset */
    uint16_t flush_tri[10];  /* rank mask of each 3-subset in the flush suit */
    uint16_t flush_idx[10];  /* ... and its index among the 286 rank triples */
    int8_t n_flush_tri;      /* how many such subsets: 0, 1, 4 or 10 */
    int8_t flush_suit;       /* the suit with 3+ board cards, or -1 */
    uint8_t low_mask;        /* distinct low ranks: bit 0 = ace .. bit 7 = 8 */
} oe_board;

void oe_board_prepare(const uint8_t board[5], oe_board *b);

/* Any hand against a prepared board (the 2-from-hole x 3-from-board scan). */
void oe_eval_prepared_board(const oe_board *b, const uint8_t *hole, int k,
                            uint16_t *high, uint8_t *low);

/* A board folded over its ten triples: one lookup per hole pair. */
typedef struct {
    uint16_t pair_high[91];  /* best non-flush high per hole rank pair */
    uint16_t flush_high[169];/* best flush per hole rank pair (flush suit) */
    int8_t flush_suit;
    uint8_t low_mask;
} oe_board_table;

void oe_board_table_build(const uint8_t board[5], oe_board_table *t);
/* The same for a board of n_board = 3, 4 or 5 cards: its C(n_board,3) triples. */
void oe_board_table_build_n(const uint8_t *board, int n_board, oe_board_table *t);
void oe_eval_board_table(const oe_board_table *t, const uint8_t *hole, int k,
                         uint16_t *high, uint8_t *low);

/* A hand folded over its hole pairs: ten lookups per prepared board. */
typedef struct {
    uint16_t tri_high[455];  /* best non-flush high per board rank triple */
    uint16_t flush_high[4][286]; /* best flush per suit and board rank triple */
    uint8_t flush_suits;     /* bit s set: two or more hole cards of suit s */
    uint8_t low_mask;        /* distinct low ranks among the hole cards */
} oe_hand_table;

void oe_hand_table_build(const uint8_t *hole, int k, oe_hand_table *h);
void oe_eval_hand_table(const oe_hand_table *h, const oe_board *b,
                        uint16_t *high, uint8_t *low);

/* Best low from the low-rank masks of a hand and a board (0 = none). */
uint8_t oe_best_low(uint8_t hole_low_mask, uint8_t board_low_mask);

/*
 * The best hand so far on a partial board: as
 * oe_eval_hand_detail, for n_board = 3, 4 or 5 distinct board cards (a
 * flop, a turn or a river): the best high and low of the C(k,2) x
 * C(n_board,3) combinations of exactly two hole cards and three board
 * cards (one board triple on a flop).  A low needs three distinct low
 * ranks on the board, as always.  hi_used/lo_used receive 5 positions,
 * the first two into `hole`, the last three into `board`; lo_used is left
 * untouched when there is no low (low = OE_LOW_NONE).  Defined in
 * oe_partial.c.
 */
void oe_eval_hand_partial(const uint8_t *hole, int k, const uint8_t *board, int n_board,
                          uint16_t *high, uint8_t *low,
                          uint8_t hi_used[5], uint8_t lo_used[5]);

#endif /* OE_EVAL_H */
