/* oe_alias.c -- Walker's alias table; the contract is oe_alias.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oe_alias.h"

void oe_alias_free(oe_alias *a)
{
    free(a->keep);
    free(a->next);
    memset(a, 0, sizeof *a);
}

int oe_alias_build(oe_alias *a, const double *w, size_t n)
{
    memset(a, 0, sizeof *a);
    a->n = n;
    a->reject = (0 - (uint64_t)n) % (uint64_t)n;
    a->uniform = 1;
    for (size_t i = 1; i < n && a->uniform; i++) a->uniform = w[i] == w[0];
    if (a->uniform) return 0;
    double *prob = malloc(n * sizeof *prob);
    uint32_t *small = malloc(n * sizeof *small);
    uint32_t *large = malloc(n * sizeof *large);
    a->keep = malloc(n * sizeof *a->keep);
    a->next = malloc(n * sizeof *a->next);
    if (!prob || !small || !large || !a->keep || !a->next) {
        free(prob);
        free(small);
        free(large);
        free(a->keep);
        free(a->next);
        memset(a, 0, sizeof *a);
        return -1;
    }
    double total = 0.0;
    for (size_t i = 0; i < n; i++) total += w[i];
    size_t ns = 0, nl = 0;
    for (size_t i = 0; i < n; i++) {
        prob[i] = w[i] * (double)n / total;
        a->next[i] = (uint32_t)i;
        if (prob[i] < 1.0) small[ns++] = (uint32_t)i;
        else large[nl++] = (uint32_t)i;
    }
    while (ns && nl) {
        uint32_t lo = small[--ns], hi = large[--nl];
        a->next[lo] = hi;
        prob[hi] = (prob[hi] + prob[lo]) - 1.0;
        if (prob[hi] < 1.0) small[ns++] = hi;
        else large[nl++] = hi;
    }
    /* What is left is 1 up to rounding. */
    while (nl) prob[large[--nl]] = 1.0;
    while (ns) prob[small[--ns]] = 1.0;
    for (size_t c = 0; c < n; c++)
        a->keep[c] = prob[c] >= 1.0 ? UINT64_MAX : (uint64_t)ldexp(prob[c], 64);
    free(prob);
    free(small);
    free(large);
    return 0;
}
