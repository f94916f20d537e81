/*
 * oe_spot.c -- preparing an equity spot, counting into the caller's arrays,
 * and the figures of a histogram; the contracts are oe_equity.h and
 * oe_spot.h.
 *
 * Every deal ends in oe_sink_deal() (oe_fold.h): the high and low winners
 * are named and the deal's weight is added to the histogram cell of that
 * outcome (and to makes_low and the breakdown).  Shares are derived from the
 * histogram afterwards (oe_eq_summarize, through oe_split_shares), so the
 * split lives in oe_split.c alone.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_bits.h"
#include "oe_spot.h"
#include "oe_split.h"
#include "oe_tables.h"

/* The breakdown's layout and the dealer's samplers are the public ones. */
_Static_assert(OE_BD_COLUMNS == OE_EQ_BREAKDOWN && OE_BD_NUT_LOW == OE_EQ_BD_NUT_LOW &&
                   OE_BD_OTHER_LOW == OE_EQ_BD_OTHER_LOW && OE_BD_NO_LOW == OE_EQ_BD_NO_LOW,
               "breakdown columns");
_Static_assert(OE_FOLD_MAX_HANDS == OE_EQ_MAX_PLAYERS, "players");
_Static_assert(OE_DEAL_MAX_RANGES == OE_EQ_MAX_PLAYERS, "ranges");
_Static_assert((int)OE_DEAL_INDEPENDENT == (int)OE_EQ_SAMPLER_INDEPENDENT &&
                   (int)OE_DEAL_SEQUENTIAL == (int)OE_EQ_SAMPLER_SEQUENTIAL &&
                   (int)OE_DEAL_LISTED == (int)OE_EQ_SAMPLER_LISTED,
               "samplers");

void oe_eq_free(oe_eq_ctx *ctx)
{
    if (!ctx) return;
    oe_dealer_free(&ctx->dealer);
    free(ctx->rest_full);
    free(ctx->rest_low);
    free(ctx->fold_tables);
    free(ctx);
}

oe_eq_ctx *oe_eq_new(const oe_eq_spot *spot)
{
    oe_eq_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->s = *spot;
    ctx->no_low = !OE_GAME_HAS_LOW(spot->game);
    ctx->need = 5 - spot->n_board;
    for (int c = 0; c < OE_NUM_CARDS; c++)
        if (!(spot->known >> c & 1u)) ctx->deck[ctx->n_deck++] = (uint8_t)c;
    for (int i = 0; i < spot->n; i++) {
        if (spot->kind[i] == OE_EQ_FIXED) {
            ctx->fixed[ctx->n_fixed++] = i;
        } else if (spot->kind[i] == OE_EQ_RANGE) {
            ctx->range[ctx->n_range++] = i;
        } else {
            ctx->random[ctx->n_random++] = i;
        }
    }
    const size_t n_rest = oe_n_msets[ctx->need];
    ctx->rest_full = malloc(n_rest * sizeof *ctx->rest_full);
    ctx->rest_low = malloc(n_rest * sizeof *ctx->rest_low);
    ctx->fold_tables = malloc(n_rest * (size_t)(ctx->n_fixed ? ctx->n_fixed : 1) *
                              sizeof *ctx->fold_tables);
    if (!ctx->rest_full || !ctx->rest_low || !ctx->fold_tables) goto fail;
    oe_fold_board(&ctx->fold, spot->board, spot->n_board, spot->game, ctx->rest_full,
                  ctx->rest_low);
    for (int j = 0; j < ctx->n_fixed; j++)
        oe_fold_hand(&ctx->fold, spot->combos[ctx->fixed[j]], spot->k, ctx->fixed[j],
                     ctx->fold_tables + (size_t)j * n_rest);
    for (int i = 0; i < spot->n_board; i++)
        ctx->board_suit_count += 1u << (4 * OE_SUIT(spot->board[i]));
    if (ctx->n_deck) oe_digit_spec_init(&ctx->deck_digits, (uint64_t)ctx->n_deck);
    size_t K[OE_EQ_MAX_PLAYERS];
    const double *weights[OE_EQ_MAX_PLAYERS];
    const uint64_t *masks[OE_EQ_MAX_PLAYERS];
    for (int j = 0; j < ctx->n_range; j++) {
        K[j] = spot->n_combos[ctx->range[j]];
        weights[j] = spot->weights[ctx->range[j]];
        masks[j] = spot->masks[ctx->range[j]];
    }
    if (oe_dealer_init(&ctx->dealer, ctx->n_range, K, weights, masks, spot->sampler) != 0)
        goto fail;
    return ctx;
fail:
    oe_eq_free(ctx);
    return NULL;
}

int oe_eq_sampler(const oe_eq_ctx *ctx)
{
    return ctx->dealer.sampler;
}

/* A search for one assignment: players in the dealer's order (tightest
 * first), depth first, each combo checked against the cards
 * taken; *budget counts the combos tried. */
static int find_deal(const oe_eq_ctx *ctx, int t, uint64_t used, uint64_t *budget)
{
    if (t == ctx->n_range) return 1;
    const int j = ctx->dealer.order[t];
    const uint64_t *masks = ctx->dealer.masks[j];
    for (size_t c = 0; c < ctx->dealer.K[j]; c++) {
        if (!*budget) return -1;
        --*budget;
        if (masks[c] & used) continue;
        const int found = find_deal(ctx, t + 1, used | masks[c], budget);
        if (found) return found;
    }
    return 0;
}

int oe_eq_dealable(const oe_eq_ctx *ctx, uint64_t budget)
{
    return find_deal(ctx, 0, 0, &budget);
}

/* ------------------------------------------------------------ counting */

void oe_counts_open(oe_counts *c, const oe_eq_ctx *ctx, double *outcome, double *outcome_sq,
                    double *makes_low, double *breakdown, double *local, double *local_sq)
{
    const int n = ctx->s.n;
    memset(c, 0, sizeof *c);
    c->cells = (size_t)1 << (2 * n);
    c->dest_outcome = outcome;
    c->dest_outcome_sq = outcome_sq;
    c->dest_makes_low = makes_low;
    c->dest_breakdown = breakdown;
    c->sink.n = n;
    c->sink.no_low = ctx->no_low;
    const int small = c->cells <= OE_LOCAL_CELLS;
    c->sink.outcome = small ? local : outcome;
    if (small) memset(local, 0, c->cells * sizeof *local);
    c->sink.outcome_sq = !outcome_sq ? NULL : small ? local_sq : outcome_sq;
    if (outcome_sq && small) memset(local_sq, 0, c->cells * sizeof *local_sq);
    c->sink.makes_low = c->makes_low;
    c->sink.breakdown = breakdown ? c->breakdown : NULL;
}

void oe_counts_close(oe_counts *c)
{
    if (c->sink.outcome != c->dest_outcome)
        for (size_t i = 0; i < c->cells; i++) c->dest_outcome[i] += c->sink.outcome[i];
    if (c->sink.outcome_sq && c->sink.outcome_sq != c->dest_outcome_sq)
        for (size_t i = 0; i < c->cells; i++) c->dest_outcome_sq[i] += c->sink.outcome_sq[i];
    for (int i = 0; i < c->sink.n; i++) c->dest_makes_low[i] += c->makes_low[i];
    if (c->dest_breakdown)
        for (int i = 0; i < c->sink.n * OE_EQ_BREAKDOWN; i++)
            c->dest_breakdown[i] += c->breakdown[i];
}

/* ------------------------------------------------------------ summary */

void oe_eq_summarize(int n, const double *outcome, double *sums, double *deal)
{
    const uint32_t all = (1u << n) - 1u;
    for (uint32_t hi = 1; hi <= all; hi++) {
        const int hi_count = oe_popcount32(hi);
        for (uint32_t lo = 0; lo <= all; lo++) {
            const double w = outcome[(size_t)hi << n | lo];
            if (w == 0.0) continue;
            double hi_share[OE_EQ_MAX_PLAYERS], lo_share[OE_EQ_MAX_PLAYERS];
            oe_shares_of(n, hi, lo, hi_share, lo_share);
            const int lo_count = oe_popcount32(lo);
            int quartered = 0;
            for (int i = 0; i < n; i++) {
                double *s = sums + (size_t)i * OE_EQ_SUMS;
                const int in_hi = hi >> i & 1u, in_lo = lo >> i & 1u;
                const double share = hi_share[i] + lo_share[i];
                s[OE_EQ_HI_SHARE] += w * hi_share[i];
                s[OE_EQ_LO_SHARE] += w * lo_share[i];
                s[OE_EQ_SHARE_SQ] += w * share * share;
                if (in_hi && hi_count == 1) s[OE_EQ_HI_WIN] += w;
                if (oe_scoops(hi, lo, i)) s[OE_EQ_SCOOP] += w;
                if (in_hi && hi_count > 1) s[OE_EQ_HI_TIE] += w;
                if (in_lo && lo_count == 1) s[OE_EQ_LO_WIN] += w;
                if (in_lo && lo_count > 1) s[OE_EQ_LO_TIE] += w;
                if (oe_quartered(hi, lo, i)) {
                    s[OE_EQ_QUARTERED] += w;
                    quartered = 1;
                }
            }
            deal[OE_EQ_DEAL_TOTAL] += w;
            if (lo == 0) deal[OE_EQ_DEAL_NO_LOW] += w;
            if (lo_count >= 2) deal[OE_EQ_DEAL_LOW_SPLIT] += w;
            if (quartered) deal[OE_EQ_DEAL_QUARTERED] += w;
        }
    }
}
