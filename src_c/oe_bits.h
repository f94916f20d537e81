/*
 * oe_bits.h -- the one owner of bit tricks: population count and count of
 * trailing zeros, with GCC/Clang builtins, MSVC intrinsics, or a portable
 * fallback (forced with -DOE_BITS_PORTABLE, which the test suite builds to
 * check that the fallback gives the same answers).
 *
 * oe_ctz32/oe_ctz64 require x != 0.
 */
#ifndef OE_BITS_H
#define OE_BITS_H

#include <stdint.h>

#if !defined(OE_BITS_PORTABLE) && (defined(__GNUC__) || defined(__clang__))

static inline int oe_popcount32(uint32_t x) { return __builtin_popcount(x); }
static inline int oe_popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int oe_ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int oe_ctz64(uint64_t x) { return __builtin_ctzll(x); }

#elif !defined(OE_BITS_PORTABLE) && defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))

#include <intrin.h>
#if defined(_M_ARM64)
static inline int oe_popcount32(uint32_t x) { return (int)_CountOneBits(x); }
static inline int oe_popcount64(uint64_t x) { return (int)_CountOneBits64(x); }
#else
static inline int oe_popcount32(uint32_t x) { return (int)__popcnt(x); }
static inline int oe_popcount64(uint64_t x) { return (int)__popcnt64(x); }
#endif
static inline int oe_ctz32(uint32_t x)
{
    unsigned long i;
    _BitScanForward(&i, x);
    return (int)i;
}
static inline int oe_ctz64(uint64_t x)
{
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}

#else /* portable C */

static inline int oe_popcount64(uint64_t x)
{
    /* SWAR: bit counts of pairs, nibbles, bytes, then a multiply sums the bytes */
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((x * 0x0101010101010101u) >> 56);
}
static inline int oe_popcount32(uint32_t x) { return oe_popcount64(x); }
static inline int oe_ctz64(uint64_t x)
{
    int n = 0;
    while (!(x & 1u)) x >>= 1, n++;
    return n;
}
static inline int oe_ctz32(uint32_t x) { return oe_ctz64(x); }

#endif

#endif /* OE_BITS_H */
