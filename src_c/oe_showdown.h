/*
 * oe_showdown.h -- the heads-up showdown of two sets of hands on a complete
 * board, every hand of one side (the hero's) against every hand of the other
 * (the villain's) that shares no card with it, summed by sorting rather than
 * pair by pair: O(N + M) per board plus a few corrections.
 *
 * Cards and values as in oe_eval.h (id = 4 * rank + suit; high 1..7462 and
 * low 1..56, larger is better, low 0 = no qualifying low).  Every function
 * trusts its caller (the Python layer validates once: omaha_eval/_checks.py,
 * omaha_eval/solver/): ids in 0..51, a hand's k cards distinct (k in 4..6,
 * the two sides' k may differ), no hand holds a board card, weights and
 * reaches finite and >= 0, fewer than 2^32 hands a side.  oe_init() must
 * have run.  Hands of the two sides may share cards: such pairs are never
 * dealt against each other.
 *
 * Two sweeps share one machinery (oe_showdown.c explains it):
 *
 *   cells (oe_sd_cells, for the street kernel oe_street.h): per hero hand,
 *     the weight of its live villains in each heads-up OUTCOME, the
 *     histogram of oe_equity.h for n = 2 players: cell hi << 2 | lo, where
 *     hi and lo are the bit masks of the high and the low winners (bit 0 the
 *     hero, bit 1 the villain; lo = 0 when no one has a qualifying low), as
 *     oe_split.h's rule decides.  Every equity figure follows from it.
 *
 *   shares (oe_river_values, for solvers): for T reach vectors over the
 *     villain hands at once, every hero hand's sum over its live villains of
 *     r_v * share(h, v), share being the fraction of the pot the hero takes
 *     (oe_split.h: halves, quarters, scoops; high only in a high-only game),
 *     and the sum of r_v (the fold value).
 *
 * Precision: the sums are exact for integer weights (every partial sum is
 * an integer below 2^53).  Otherwise each sum of a hand is off by at most a
 * few units of rounding of the total weight (or reach) of the other side,
 * whatever the hand's own live weight: the card removal subtracts sums.
 */
#ifndef OE_SHOWDOWN_H
#define OE_SHOWDOWN_H

#include <stddef.h>
#include <stdint.h>

#include "oe_eval.h"

#define OE_SD_CELLS 16 /* outcome cells: hi << 2 | lo, two players */

/* ------------------------------------------------------------------------
 * The parts of a question made once (board-independent), private to
 * oe_showdown.c and oe_street.c.
 * ------------------------------------------------------------------------ */

/* The hands of one side: n hands of k cards (row-major, owned), their card
 * masks and weights (NULL where reaches come per call). */
typedef struct {
    size_t n;
    int k;
    uint8_t *cards;
    uint64_t *mask;
    double *weight;
} oe_sd_side;

/*
 * Card removal between the hero side (0) and the villain side (1), both
 * ways: the table rows of every hand's card subsets (one row space, the
 * subsets both sides hold), the hands of the other side sharing four or
 * more cards with each hand, and, when the villains have weights, each
 * hero's live weight and count and the heroes summed directly (see
 * oe_showdown.c).
 */
typedef struct {
    size_t n_rows;               /* table rows (1..n_rows-1; row 0 unused) */
    int width[2];                /* side s: row slots per hand */
    uint16_t *rows[2];           /* side s: n_s x width[s], a hand's rows, sign + first */
    uint8_t *plus[2], *count[2]; /* side s, per hand: its rows with sign +, in all */
    size_t *fix_start[2];    /* side s: n_s + 1 offsets */
    uint32_t *fix_other[2];  /* hands of the other side sharing t >= 4 cards */
    uint8_t *fix_coef[2];    /* C(t - 1, 3) */
    double total;            /* the villains' total weight (weighted villains only, below too) */
    double *live;            /* n_hero: weight of the villains sharing no card */
    int64_t *live_count;     /* n_hero: their number */
    uint8_t *direct;         /* n_hero: 1 = summed directly over direct_villain */
    size_t *direct_start;    /* n_hero + 1 offsets */
    uint32_t *direct_villain;
} oe_sd_removal;

/* The low classes of a pair (hero low L, villain low l). */
enum { OE_SD_NO_LOWS = 0, OE_SD_HERO_LOW, OE_SD_VILLAIN_LOW, OE_SD_LOW_BETTER,
       OE_SD_LOW_TIE, OE_SD_LOW_WORSE };

/* A hero without a low meets the villains of two low classes, a hero with
 * one those of the other four: its kind (0, 1) and, per kind, the classes
 * in slot order (oe_showdown.c kind_class). */
#define OE_SD_SLOTS 4

/* The outcome classes of a pair of hands and what oe_split.h gives each,
 * by the hero's kind, the villain's high (below, equal to or above the
 * hero's) and the slot of the low class. */
typedef struct {
    uint8_t cell[2][3][OE_SD_SLOTS]; /* the heads-up outcome cell (oe_equity.h) */
    double hi[2][3][OE_SD_SLOTS], lo[2][3][OE_SD_SLOTS]; /* the hero's share of the pot */
    double scoop[2][3][OE_SD_SLOTS]; /* 1: the hero takes the whole pot alone, else 0 */
    double alpha[3], beta[6];        /* the shares sweep's form (oe_showdown.c) */
    double gamma0[3], gamma2[3];
} oe_sd_classes;

/* A hero side and a weighted villain side (only weights > 0 kept), the
 * card removal, the classes, the game and, per table row, the signed
 * weight of the heroes that meet a villain (the villains' breakdown,
 * oe_showdown.c). */
typedef struct {
    oe_sd_side hero, villain;
    oe_sd_removal removal;
    oe_sd_classes classes;
    int has_low;
    double *hero_rows;
} oe_sd_pair;

/* Builds a pair from copies of the inputs (hero_weight NULL: all 1; the
 * villains of weight 0 are left out).  0, -1 out of memory, -2 when the
 * split rule's shares do not take the form the sweeps sum (oe_sd_pair is
 * then freed). */
int oe_sd_pair_init(oe_sd_pair *p, const uint8_t *hero, size_t n_hero, int k_hero,
                    const double *hero_weight, const uint8_t *villain, size_t n_villain,
                    int k_villain, const double *villain_weight, int game);
void oe_sd_pair_free(oe_sd_pair *p);

/* ------------------------------------------------------------------------
 * One board of a pair: the scratch of one thread.
 * ------------------------------------------------------------------------ */

typedef struct oe_sd_work oe_sd_work;

oe_sd_work *oe_sd_work_new(const oe_sd_pair *p); /* NULL out of memory */
void oe_sd_work_free(oe_sd_work *w);             /* NULL is fine */

/* Evaluates every hand of the pair on a complete board; hands holding a
 * card of `taken` (the board's cards beyond the question's) are not dealt. */
void oe_sd_value(const oe_sd_pair *p, oe_sd_work *w, const uint8_t board[5], uint64_t taken);

/* What the cells sweep writes for the board last valued (NULL: not asked). */
typedef struct {
    double *cells;     /* n_hero x OE_SD_CELLS, added to */
    double *hi, *lo, *scoop; /* n_hero each, added to: the villain weight times the
                                hero's high share, low share, scoop (0 or 1) */
    double *makes_low; /* n_hero, added to: the live weight where the hero has a low */
    double *live;      /* n_hero, written: the live weight (0: not dealt) */
    double *histogram; /* OE_SD_CELLS, added to: sum over the heroes of w_hero * cells */
    double *low_total; /* 1, added to: sum over the heroes of w_hero * makes_low */
    double *breakdown; /* 2 x OE_EQ_BREAKDOWN (oe_equity.h), added to:
                          w_hero * w_villain per deal, per player's class */
} oe_sd_cells_out;

/* The cells sweep (the top of this file) on the board last valued.
 * Returns 0, or -1 out of memory (the outputs are then unspecified). */
int oe_sd_cells(const oe_sd_pair *p, oe_sd_work *w, const oe_sd_cells_out *out);

/* ------------------------------------------------------------------------
 * The prepared river showdown (omaha_eval.solver.RiverShowdown).
 * ------------------------------------------------------------------------ */

typedef struct oe_river oe_river;

/* Prepares the showdown of hero and villain hands (copied) on a five-card
 * board: values, orders, card removal both ways.  NULL out of memory or
 * when the split rule's shares do not take the sweep's form. */
oe_river *oe_river_new(const uint8_t board[5], const uint8_t *hero, size_t n_hero, int k_hero,
                       const uint8_t *villain, size_t n_villain, int k_villain, int game);
void oe_river_free(oe_river *r); /* NULL is fine */

/* Hands of side 0 (hero) or 1 (villain). */
size_t oe_river_hands(const oe_river *r, int side);

/*
 * For side s (0: the hero's hands against the villain's; 1: the villain's
 * against the hero's) and T >= 1 reach vectors over the other side's n_o
 * hands (reach: T x n_o, row-major, finite, >= 0): values (T x n_s,
 * written) gets each hand's sum over the other side's hands sharing no card
 * with it of reach * (its share of the pot), and live (NULL, or T x n_s)
 * the sum of their reach.  Only reads r: many threads may call it at once.
 * Returns 0, or -1 out of memory.
 */
int oe_river_values(const oe_river *r, int side, const double *reach, size_t T, double *values,
                    double *live);

#endif /* OE_SHOWDOWN_H */
