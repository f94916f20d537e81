/*
 * oe_street.c -- equity over the runouts of a board; the contract is in
 * oe_street.h.
 *
 * Each runout completes the board, and on it the showdown of the hero
 * hands against the villain range is oe_showdown.h's cells sweep: per hero,
 * the villain weight in each outcome cell (one sweep of the hands by value,
 * exact card removal).  This file deals the runouts, which no hand holding
 * one of their cards meets, and turns the cells into what each caller
 * wants: the cells themselves (with makes_low and the breakdown), their
 * sums over the heroes weighted by the heroes' weights, or the
 * hero's high share, low share and scoop (the sweep weighs each outcome by
 * the share oe_split.h gives it).
 */
#include "oe_street.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oe_bits.h"
#include "oe_equity.h"
#include "oe_showdown.h"

struct oe_street {
    int n_board;
    uint8_t board[5];
    size_t n_runouts;
    uint8_t *runout; /* n_runouts x 2 cards (the unused ones 0) */
    uint64_t *runout_mask;
    oe_sd_pair pair;
    double deals_per_hand;
    uint64_t deals;
};

static uint64_t binomial(int n, int r)
{
    if (r < 0 || n < r) return 0;
    uint64_t c = 1;
    for (int i = 0; i < r; i++) c = c * (uint64_t)(n - i) / (uint64_t)(i + 1); /* exact */
    return c;
}

void oe_street_free(oe_street *s)
{
    if (!s) return;
    free(s->runout);
    free(s->runout_mask);
    oe_sd_pair_free(&s->pair);
    free(s);
}

size_t oe_street_runouts(const oe_street *s) { return s->n_runouts; }

double oe_street_deals_per_hand(const oe_street *s) { return s->deals_per_hand; }

uint64_t oe_street_deals(const oe_street *s) { return s->deals; }

size_t oe_street_heroes(const oe_street *s) { return s->pair.hero.n; }

double oe_street_live(const oe_street *s, size_t i)
{
    const oe_sd_removal *r = &s->pair.removal;
    return r->live_count[i] > 0 && r->live[i] > 0.0 ? r->live[i] : 0.0;
}

/* The runouts from the cards neither on the board nor dead, in
 * lexicographic order of their ascending cards. */
static int make_runouts(oe_street *s, uint64_t dead)
{
    uint8_t rest[OE_NUM_CARDS];
    int n_rest = 0;
    uint64_t known = dead;
    for (int c = 0; c < s->n_board; c++) known |= (uint64_t)1 << s->board[c];
    for (int c = 0; c < OE_NUM_CARDS; c++)
        if (!(known >> c & 1)) rest[n_rest++] = (uint8_t)c;
    const int missing = 5 - s->n_board;
    s->n_runouts = (size_t)binomial(n_rest, missing);
    s->runout = calloc(s->n_runouts * 2 + 1, 1);
    s->runout_mask = calloc(s->n_runouts + 1, sizeof *s->runout_mask);
    if (!s->runout || !s->runout_mask) return -1;
    size_t r = 0;
    if (missing == 0) {
        r = s->n_runouts;
    } else if (missing == 1) {
        for (int a = 0; a < n_rest; a++, r++) {
            s->runout[2 * r] = rest[a];
            s->runout_mask[r] = (uint64_t)1 << rest[a];
        }
    } else {
        for (int a = 0; a < n_rest; a++)
            for (int b = a + 1; b < n_rest; b++, r++) {
                s->runout[2 * r] = rest[a];
                s->runout[2 * r + 1] = rest[b];
                s->runout_mask[r] = (uint64_t)1 << rest[a] | (uint64_t)1 << rest[b];
            }
    }
    return r == s->n_runouts ? 0 : -1;
}

oe_street *oe_street_new(const uint8_t *board, int n_board, uint64_t dead,
                         const uint8_t *hero, size_t n_hero, int k_hero,
                         const double *hero_weight, const uint8_t *villain, size_t n_villain,
                         int k_villain, const double *villain_weight, int game)
{
    oe_street *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->n_board = n_board;
    memcpy(s->board, board, (size_t)n_board);
    if (oe_sd_pair_init(&s->pair, hero, n_hero, k_hero, hero_weight, villain, n_villain,
                        k_villain, villain_weight, game) != 0) {
        free(s);
        return NULL;
    }
    const int n_dead = oe_popcount64(dead);
    const uint64_t per_pair = binomial(52 - n_board - n_dead - k_hero - k_villain, 5 - n_board);
    s->deals_per_hand = (double)per_pair;
    for (size_t i = 0; i < n_hero; i++)
        if (s->pair.hero.weight[i] > 0.0 && s->pair.removal.live_count[i] > 0)
            s->deals += (uint64_t)s->pair.removal.live_count[i] * per_pair;
    if (make_runouts(s, dead) != 0) {
        oe_street_free(s);
        return NULL;
    }
    return s;
}

/* Values every hand on runout r. */
static void value_runout(const oe_street *s, oe_sd_work *w, size_t r)
{
    uint8_t board[5];
    memcpy(board, s->board, (size_t)s->n_board);
    for (int c = s->n_board; c < 5; c++) board[c] = s->runout[2 * r + (size_t)(c - s->n_board)];
    oe_sd_value(&s->pair, w, board, s->runout_mask[r]);
}

/* The cells sweep of runouts [first, first + count), summed into `out`. */
static int run_cells(const oe_street *s, size_t first, size_t count, const oe_sd_cells_out *out)
{
    oe_sd_work *w = oe_sd_work_new(&s->pair);
    if (!w) return -1;
    int status = 0;
    for (size_t r = first; r < first + count && status == 0; r++) {
        value_runout(s, w, r);
        status = oe_sd_cells(&s->pair, w, out);
    }
    oe_sd_work_free(w);
    return status;
}

int oe_street_run_outcomes(const oe_street *s, size_t first, size_t count, double *outcome,
                           double *makes_low, double *breakdown)
{
    const size_t n = s->pair.hero.n;
    memset(outcome, 0, n * OE_SD_CELLS * sizeof *outcome);
    memset(makes_low, 0, n * sizeof *makes_low);
    if (breakdown) memset(breakdown, 0, 2 * OE_EQ_BREAKDOWN * sizeof *breakdown);
    const oe_sd_cells_out out = {.cells = outcome, .makes_low = makes_low, .breakdown = breakdown};
    return run_cells(s, first, count, &out);
}

int oe_street_run_totals(const oe_street *s, size_t first, size_t count, double *histogram,
                         double *makes_low, double *breakdown)
{
    memset(histogram, 0, OE_SD_CELLS * sizeof *histogram);
    makes_low[0] = 0.0;
    if (breakdown) memset(breakdown, 0, 2 * OE_EQ_BREAKDOWN * sizeof *breakdown);
    const oe_sd_cells_out out = {
        .histogram = histogram, .low_total = makes_low, .breakdown = breakdown};
    return run_cells(s, first, count, &out);
}

int oe_street_run(const oe_street *s, size_t first, size_t count, double *hi, double *lo,
                  double *scoop)
{
    const size_t n = s->pair.hero.n;
    memset(hi, 0, n * sizeof *hi);
    memset(lo, 0, n * sizeof *lo);
    memset(scoop, 0, n * sizeof *scoop);
    const oe_sd_cells_out out = {.hi = hi, .lo = lo, .scoop = scoop};
    return run_cells(s, first, count, &out);
}

int oe_street_run_each(const oe_street *s, size_t first, size_t count, double *hi, double *lo,
                       double *scoop, double *live)
{
    const size_t n = s->pair.hero.n;
    memset(hi, 0, count * n * sizeof *hi);
    memset(lo, 0, count * n * sizeof *lo);
    memset(scoop, 0, count * n * sizeof *scoop);
    oe_sd_work *w = oe_sd_work_new(&s->pair);
    int status = w ? 0 : -1;
    for (size_t q = 0; q < count && status == 0; q++) {
        const size_t at = q * n;
        const oe_sd_cells_out out = {
            .hi = hi + at, .lo = lo + at, .scoop = scoop + at, .live = live + at};
        value_runout(s, w, first + q);
        status = oe_sd_cells(&s->pair, w, &out);
    }
    oe_sd_work_free(w);
    return status;
}

void oe_street_finish(const oe_street *s, const double *hi, const double *lo,
                      const double *scoop, double *hi_share, double *lo_share,
                      double *scoop_share, double *live)
{
    for (size_t i = 0; i < s->pair.hero.n; i++) {
        const double w = oe_street_live(s, i);
        if (!(w > 0.0)) {
            hi_share[i] = lo_share[i] = scoop_share[i] = NAN;
            live[i] = 0.0;
            continue;
        }
        const double deals = w * s->deals_per_hand;
        hi_share[i] = hi[i] / deals;
        lo_share[i] = lo[i] / deals;
        scoop_share[i] = scoop[i] / deals;
        live[i] = w;
    }
}
