/*
 * oe_features.c -- equity histograms, EHS and EHS^2 over the runouts; the
 * contract is in oe_features.h.
 *
 * The river shares of every hero on every runout come from the street
 * kernel (oe_street_run_each: one sweep of the hands per runout, exact card
 * removal); this file only bins them.  Runouts are taken CHUNK at a time so
 * that the per-runout rows stay small whatever the block.
 */
#include "oe_features.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 8 /* runouts per call of oe_street_run_each */

int oe_features_run(const oe_street *s, size_t first, size_t count, int bins, double *hist,
                    double *moment)
{
    const size_t n = oe_street_heroes(s);
    memset(hist, 0, n * (size_t)bins * sizeof *hist);
    memset(moment, 0, 3 * n * sizeof *moment);
    if (n == 0 || count == 0) return 0;
    const size_t rows = (count < CHUNK ? count : CHUNK) * n;
    double *buf = malloc(4 * rows * sizeof *buf);
    double *floor_live = malloc(n * sizeof *floor_live);
    if (!buf || !floor_live) {
        free(buf);
        free(floor_live);
        return -1;
    }
    double *hi = buf, *lo = buf + rows, *scoop = buf + 2 * rows, *live = buf + 3 * rows;
    for (size_t i = 0; i < n; i++) floor_live[i] = OE_FEATURES_EMPTY * oe_street_live(s, i);
    int status = 0;
    for (size_t r = first; r < first + count && status == 0; r += CHUNK) {
        size_t m = first + count - r < CHUNK ? first + count - r : CHUNK;
        if (oe_street_run_each(s, r, m, hi, lo, scoop, live) != 0) {
            status = -1;
            break;
        }
        for (size_t q = 0; q < m; q++)
            for (size_t i = 0; i < n; i++) {
                const double w = live[q * n + i];
                if (!(w > floor_live[i])) continue; /* no deal on this runout */
                double e = (hi[q * n + i] + lo[q * n + i]) / w;
                e = e < 0.0 ? 0.0 : e > 1.0 ? 1.0 : e; /* rounding only */
                int b = (int)floor(e * bins + OE_FEATURES_SNAP);
                b = b < 0 ? 0 : b >= bins ? bins - 1 : b;
                hist[i * (size_t)bins + (size_t)b] += w;
                moment[i] += w;
                moment[n + i] += w * e;
                moment[2 * n + i] += w * e * e;
            }
    }
    free(buf);
    free(floor_live);
    return status;
}
