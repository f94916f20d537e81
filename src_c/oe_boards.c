/*
 * oe_boards.c -- exact board reports of fixed hands (oe_boards.h): each
 * row's board folded and enumerated as oe_many.c does, counting the
 * histogram of oe_equity.h instead of shares.
 */
#include <stdlib.h>
#include <string.h>

#include "oe_boards.h"
#include "oe_eval.h"
#include "oe_fold.h"

_Static_assert(OE_BOARDS_MAX_PLAYERS <= OE_FOLD_MAX_HANDS, "players");

int oe_boards_exact(const uint8_t *hands, int n, int k, int game, const uint8_t *board,
                    int n_board, uint64_t dead, const uint8_t *news, int n_new, size_t rows,
                    double *outcome, double *makes_low, double *nut_low, uint64_t *deals,
                    size_t *done,
                    const volatile int *stop)
{
    const int b = n_board + n_new;
    const size_t n_rest = oe_n_msets[5 - b], cells = (size_t)1 << (2 * n);
    uint16_t *rest_full = malloc(n_rest * sizeof *rest_full);
    uint8_t *rest_low = malloc(n_rest);
    uint32_t *fold = malloc(n_rest * (size_t)n * sizeof *fold);
    uint32_t *counts = malloc(n_rest * sizeof *counts);
    *done = 0;
    if (!rest_full || !rest_low || !fold || !counts) {
        free(rest_full);
        free(rest_low);
        free(fold);
        free(counts);
        return -1;
    }
    int stopped = 0;
    oe_fold f;
    for (size_t r = 0; r < rows; r++) {
        if (stop && *stop) {
            stopped = 1;
            break;
        }
        uint8_t full[5];
        memcpy(full, board, (size_t)n_board);
        memcpy(full + n_board, news + r * (size_t)n_new, (size_t)n_new);
        oe_fold_board(&f, full, b, game, rest_full, rest_low);
        uint8_t deck[OE_NUM_CARDS];
        const int m = oe_fold_spot(&f, hands, n, k, fold, n_rest, dead, deck);
        double *out = outcome + r * cells, *low = makes_low + r * (size_t)n;
        double *nut = nut_low + r * (size_t)n;
        memset(out, 0, cells * sizeof *out);
        memset(low, 0, (size_t)n * sizeof *low);
        memset(nut, 0, (size_t)n * sizeof *nut);
        oe_sink sink;
        memset(&sink, 0, sizeof sink);
        sink.n = n;
        sink.no_low = f.no_low;
        sink.outcome = out;
        sink.makes_low = low;
        sink.nut_low = nut;
        deals[r] = 0;
        oe_fold_exact(&f, deck, m, 0, 1, counts, &sink, &deals[r], NULL);
        *done = r + 1;
    }
    free(rest_full);
    free(rest_low);
    free(fold);
    free(counts);
    return stopped;
}
