/*
 * oe_random.h -- private: uniform integers from a NumPy BitGenerator, many
 * per 64-bit draw.
 *
 * Digits.  One 64-bit draw x gives D digits uniform in 0..m-1, with m^D <
 * 2^64: x * m = d_0 * 2^64 + x_1, x_1 * m = d_1 * 2^64 + x_2, ...  Then
 * x * m^D = R * 2^64 + x_D with R = d_0 m^(D-1) + ... + d_(D-1) (the digits
 * are R in base m), and rejecting x when x_D < 2^64 mod m^D is Lemire's
 * method for one integer in 0..m^D-1: R is exactly uniform, so the digits
 * are independent and exactly uniform (Brackett-Rozinsky and Lemire,
 * "Batched ranged random integer generation", 2024).  A deck of m cards
 * then costs one BitGenerator call per D cards (D = 11 for m = 44).
 */
#ifndef OE_RANDOM_H
#define OE_RANDOM_H

#include <stdint.h>

#include "numpy/random/bitgen.h"

#if !defined(OE_BITS_PORTABLE) && (defined(__GNUC__) || defined(__clang__)) && \
    defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 oe_u128;
/* High 64 bits of a * b; *low gets the low 64. */
static inline uint64_t oe_mul64(uint64_t a, uint64_t b, uint64_t *low)
{
    const oe_u128 p = (oe_u128)a * b;
    *low = (uint64_t)p;
    return (uint64_t)(p >> 64);
}
#elif !defined(OE_BITS_PORTABLE) && defined(_MSC_VER) && defined(_M_X64)
#include <intrin.h>
static inline uint64_t oe_mul64(uint64_t a, uint64_t b, uint64_t *low)
{
    uint64_t high;
    *low = _umul128(a, b, &high);
    return high;
}
#else
static inline uint64_t oe_mul64(uint64_t a, uint64_t b, uint64_t *low)
{
    /* schoolbook on 32-bit halves */
    const uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *low = (mid << 32) | (p00 & 0xFFFFFFFFu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
#endif

/* The digits of one range m (1..256): D and the rejection threshold. */
typedef struct {
    uint64_t m;
    int per_draw;          /* D: the largest with m^D < 2^64 */
    uint64_t reject_below; /* 2^64 mod m^D */
} oe_digit_spec;

static inline void oe_digit_spec_init(oe_digit_spec *s, uint64_t m)
{
    uint64_t bound = 1;
    int d = 0;
    if (m == 1) { /* every digit is 0 */
        s->m = 1, s->per_draw = 1, s->reject_below = 0;
        return;
    }
    while (bound <= UINT64_MAX / m) {
        bound *= m;
        d++;
    }
    s->m = m;
    s->per_draw = d;
    s->reject_below = (0 - bound) % bound; /* (2^64 - bound) mod bound */
}

typedef struct {
    bitgen_t *rng;
    const oe_digit_spec *spec;
    uint8_t buf[64];
    int have;
} oe_digits;

static inline void oe_digits_refill(oe_digits *d)
{
    const uint64_t m = d->spec->m;
    for (;;) {
        uint64_t x = d->rng->next_uint64(d->rng->state);
        for (int i = 0; i < d->spec->per_draw; i++) d->buf[i] = (uint8_t)oe_mul64(x, m, &x);
        if (x >= d->spec->reject_below) break;
    }
    d->have = d->spec->per_draw;
}

/* The next digit, uniform in 0..m-1 (m <= 256 for these buffers). */
static inline int oe_digit(oe_digits *d)
{
    if (!d->have) oe_digits_refill(d);
    return d->buf[--d->have];
}

/* Uniform in 0..range-1 from one or more 64-bit draws (Lemire), also giving
 * the low word of the accepted product: given the result, it is spread
 * evenly (a lattice of step `range`) over what the rejection leaves, so it
 * serves as a fraction for a coin with an error below range / 2^64. */
static inline uint64_t oe_below(bitgen_t *rng, uint64_t range, uint64_t reject_below,
                                uint64_t *frac)
{
    uint64_t low, hi;
    do {
        hi = oe_mul64(rng->next_uint64(rng->state), range, &low);
    } while (low < reject_below);
    *frac = low;
    return hi;
}

#endif /* OE_RANDOM_H */
