/*
 * oe_iso.c -- suit isomorphism indexers; the contract is in oe_iso.h.
 *
 * A suit's part of a deal is its rank set in each round.  Written round by
 * round, each set relative to the ranks the suit's earlier rounds took, it
 * is one number, the suit's "index", below the suit's "domain" (the product
 * of C(13 - used, count) over the rounds); its counts per round are its
 * "shape".  A deal is then four (shape, index) pairs, one per suit, and its
 * class is their multiset: a suit permutation only reorders them.
 *
 * The classes are numbered by "configuration", the multiset of the four
 * shapes: each configuration owns a block of indices, in the order they are
 * enumerated.  Within it the suits are sorted by shape (descending), and a
 * run of suits with one shape (a "group") holds a multiset of indices,
 * numbered by the combinatorial number system (C(domain + g - 1, g) of them
 * for g suits); the groups are the digits of a mixed-radix number.  The
 * canonical member gives suit 0 (clubs) to the first suit in that order,
 * 1 to the next, and so on.
 */
#include "oe_iso.h"

#include <math.h>
#include <stdlib.h>

#include "oe_bits.h"
#include "oe_cards.h"
#include "oe_suit_class.h"

#define ALL_RANKS 0x1FFFu
#define SHAPE_BITS 3 /* one round's count in a shape */
#define KEY_SHIFT 40 /* a suit's sort key: shape << 40 | index (an index is < 2^40) */

static uint32_t binom[OE_NUM_RANKS + 1][OE_NUM_RANKS + 1];
static uint16_t colex_rank[1 << OE_NUM_RANKS];  /* rank of a set among those of its size */
static uint16_t colex_set[1 << OE_NUM_RANKS];   /* sets by (size, rank) ... */
static uint16_t colex_start[OE_NUM_RANKS + 2];  /* ... from colex_start[size] */
/* Bits of a rank set: a table, as a portable build has no popcount instruction
 * (oe_popcount32 would call a library routine in the inner loops). */
static uint8_t n_ranks[1 << OE_NUM_RANKS];
/* squeeze[used][set]: the bits of `set` (7 bits) moved down over those of
 * `used`, for relative sets without a loop (whose length a random deal
 * would make unpredictable). */
#define LOW_BITS 7
static uint8_t squeeze[1 << LOW_BITS][1 << LOW_BITS];

typedef struct {
    uint64_t offset;             /* first index of the configuration */
    uint64_t size;               /* its number of classes */
    uint16_t shape[4];           /* per sorted suit */
    uint8_t n_groups;
    uint8_t group_len[4];        /* suits in each group, in sorted order */
    uint64_t group_domain[4];    /* indices one suit of the group can have */
    uint64_t group_size[4];      /* multisets of group_len of them */
    uint64_t term_mult[4];       /* per sorted suit: its group's multiplier, */
    uint64_t term_off[4];        /* the offset added to its index, */
    int term_k[4];               /* and the size of its term's subset */
} config;

struct oe_iso {
    int n_rounds;
    int sizes[OE_ISO_MAX_ROUNDS];
    int n_cards;
    uint64_t size;
    size_t n_configs;
    config *configs;             /* ascending offsets */
    uint32_t *slots;             /* hash of the four shapes -> configuration + 1 */
    uint64_t slot_mask;
};

int oe_iso_init(void)
{
    static int done = 0;
    if (done) return 0;
    for (int n = 0; n <= OE_NUM_RANKS; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= n; k++) binom[n][k] = binom[n - 1][k - 1] + binom[n - 1][k];
    }
    /* colex order: rank = sum over the set's i-th smallest rank b of C(b, i + 1) */
    colex_start[0] = 0;
    for (int m = 0; m <= OE_NUM_RANKS; m++)
        colex_start[m + 1] = (uint16_t)(colex_start[m] + binom[OE_NUM_RANKS][m]);
    for (uint32_t used = 0; used < 1u << LOW_BITS; used++)
        for (uint32_t set = 0; set < 1u << LOW_BITS; set++) {
            uint32_t out = 0;
            for (int b = 0, to = 0; b < LOW_BITS; b++) {
                if (used >> b & 1) continue;
                out |= (set >> b & 1) << to++;
            }
            squeeze[used][set] = (uint8_t)out;
        }
    for (uint32_t set = 0; set <= ALL_RANKS; set++) {
        uint32_t rank = 0, rest = set;
        for (int i = 1; rest; i++, rest &= rest - 1) rank += binom[oe_ctz32(rest)][i];
        int m = oe_popcount32(set);
        n_ranks[set] = (uint8_t)m;
        colex_rank[set] = (uint16_t)rank;
        colex_set[colex_start[m] + rank] = (uint16_t)set;
    }
    done = 1;
    return 0;
}

/* C(n, k) for k <= 4 and any n that keeps it in 64 bits (constant divisors:
 * the index's inner loop calls it). */
static inline uint64_t choose(uint64_t n, int k)
{
    if (n < (uint64_t)k) return 0;
    switch (k) {
    case 0: return 1;
    case 1: return n;
    case 2: return n * (n - 1) / 2;
    case 3: return n * (n - 1) / 2 * (n - 2) / 3;
    default: return n * (n - 1) / 2 * (n - 2) / 3 * (n - 3) / 4;
    }
}

/* C(n, k) for 1 <= k <= 4 and n >= k - 1, without a branch on k (which
 * varies from deal to deal): every candidate computed, one picked.  Those
 * not picked may wrap; unsigned arithmetic makes that harmless. */
static inline uint64_t choose_at_least(uint64_t n, int k)
{
    uint64_t c[5];
    c[1] = n;
    c[2] = n * (n - 1) / 2;
    c[3] = c[2] * (n - 2) / 3;
    c[4] = c[3] * (n - 3) / 4;
    return c[k];
}

static int shape_count(uint16_t shape, int round) { return shape >> (SHAPE_BITS * round) & 7; }

/* Indices one suit of this shape can have. */
static uint64_t shape_domain(const oe_iso *iso, uint16_t shape)
{
    uint64_t d = 1;
    int used = 0;
    for (int r = 0; r < iso->n_rounds; r++) {
        int m = shape_count(shape, r);
        d *= binom[OE_NUM_RANKS - used][m];
        used += m;
    }
    return d;
}

static uint64_t hash_shapes(uint64_t key) { return (key * 0x9E3779B97F4A7C15u) >> 20; }

static uint64_t pack_shapes(const uint16_t *s)
{
    return (uint64_t)s[0] | (uint64_t)s[1] << 12 | (uint64_t)s[2] << 24 | (uint64_t)s[3] << 36;
}

/* Every shape of one suit, descending: counts per round within sizes, 13 in all. */
static size_t list_shapes(const oe_iso *iso, uint16_t *out)
{
    size_t n = 0;
    for (int code = (1 << (SHAPE_BITS * iso->n_rounds)) - 1; code >= 0; code--) {
        int total = 0, fits = 1;
        for (int r = 0; r < iso->n_rounds; r++) {
            int m = shape_count((uint16_t)code, r);
            fits &= m <= iso->sizes[r];
            total += m;
        }
        if (fits && total <= OE_NUM_RANKS) out[n++] = (uint16_t)code;
    }
    return n;
}

/* Append one configuration (sorted shapes) to iso->configs. */
static void add_config(oe_iso *iso, const uint16_t *shapes)
{
    config *c = &iso->configs[iso->n_configs++];
    c->offset = iso->size;
    c->n_groups = 0;
    c->size = 1;
    for (int s = 0; s < 4; s++) {
        c->shape[s] = shapes[s];
        if (s == 0 || shapes[s] != shapes[s - 1]) {
            c->group_len[c->n_groups] = 0;
            c->group_domain[c->n_groups] = shape_domain(iso, shapes[s]);
            c->n_groups++;
        }
        c->group_len[c->n_groups - 1]++;
    }
    for (int g = 0, s = 0; g < c->n_groups; g++) {
        c->group_size[g] = choose(c->group_domain[g] + c->group_len[g] - 1, c->group_len[g]);
        for (int j = 0; j < c->group_len[g]; j++, s++) {
            c->term_mult[s] = c->size;
            c->term_off[s] = (uint64_t)(c->group_len[g] - 1 - j);
            c->term_k[s] = c->group_len[g] - j;
        }
        c->size *= c->group_size[g];
    }
    iso->size += c->size;
}

/* Configurations: the shapes' multisets whose counts add up to the rounds'
 * sizes, in descending order of the sorted shapes.  With count_only, only
 * counted. */
static size_t list_configs(oe_iso *iso, const uint16_t *shapes, size_t n_shapes, int count_only)
{
    size_t n = 0;
    uint16_t pick[4];
    for (size_t a = 0; a < n_shapes; a++)
        for (size_t b = a; b < n_shapes; b++)
            for (size_t c = b; c < n_shapes; c++) {
                pick[0] = shapes[a], pick[1] = shapes[b], pick[2] = shapes[c];
                int fits = 1, code = 0;
                for (int r = 0; r < iso->n_rounds; r++) {
                    int left = iso->sizes[r] - shape_count(pick[0], r) - shape_count(pick[1], r) -
                               shape_count(pick[2], r);
                    fits &= left >= 0 && left <= 7;
                    if (fits) code |= left << (SHAPE_BITS * r);
                }
                if (!fits || code > pick[2]) continue; /* the last suit is what is left */
                int total = 0;
                for (int r = 0; r < iso->n_rounds; r++) total += shape_count((uint16_t)code, r);
                if (total > OE_NUM_RANKS) continue;
                pick[3] = (uint16_t)code;
                if (!count_only) add_config(iso, pick);
                n++;
            }
    return n;
}

void oe_iso_free(oe_iso *iso)
{
    if (!iso) return;
    free(iso->configs);
    free(iso->slots);
    free(iso);
}

oe_iso *oe_iso_new(int n_rounds, const int *sizes)
{
    if (n_rounds < 1 || n_rounds > OE_ISO_MAX_ROUNDS) return NULL;
    int total = 0;
    for (int r = 0; r < n_rounds; r++) {
        if (sizes[r] < 1 || sizes[r] > OE_ISO_MAX_ROUND) return NULL;
        total += sizes[r];
    }
    if (total > OE_ISO_MAX_CARDS) return NULL;
    oe_iso *iso = calloc(1, sizeof *iso);
    if (!iso) return NULL;
    iso->n_rounds = n_rounds;
    iso->n_cards = total;
    for (int r = 0; r < n_rounds; r++) iso->sizes[r] = sizes[r];
    uint16_t shapes[1 << (SHAPE_BITS * OE_ISO_MAX_ROUNDS)];
    size_t n_shapes = list_shapes(iso, shapes);
    size_t n = list_configs(iso, shapes, n_shapes, 1);
    size_t n_slots = 64;
    while (n_slots < 2 * n) n_slots *= 2;
    iso->configs = malloc(n * sizeof *iso->configs);
    iso->slots = calloc(n_slots, sizeof *iso->slots);
    if (!iso->configs || !iso->slots) {
        oe_iso_free(iso);
        return NULL;
    }
    list_configs(iso, shapes, n_shapes, 0);
    iso->slot_mask = n_slots - 1;
    for (size_t i = 0; i < n; i++) {
        uint64_t h = hash_shapes(pack_shapes(iso->configs[i].shape)) & iso->slot_mask;
        while (iso->slots[h]) h = (h + 1) & iso->slot_mask;
        iso->slots[h] = (uint32_t)(i + 1);
    }
    return iso;
}

uint64_t oe_iso_size(const oe_iso *iso) { return iso->size; }

static const config *find_config(const oe_iso *iso, const uint16_t *shapes)
{
    uint64_t key = pack_shapes(shapes);
    uint64_t h = hash_shapes(key) & iso->slot_mask;
    for (;;) { /* every sorted shape multiset of a valid deal is listed */
        const config *c = &iso->configs[iso->slots[h] - 1];
        if (pack_shapes(c->shape) == key) return c;
        h = (h + 1) & iso->slot_mask;
    }
}

/* Colex rank of `set` among the sets of its size, its ranks counted among
 * those not in `used`. */
static inline uint32_t relative_rank(uint32_t set, uint32_t used)
{
    const uint32_t lo = (1u << LOW_BITS) - 1;
    uint32_t rel = squeeze[used & lo][set & lo] |
                   (uint32_t)squeeze[used >> LOW_BITS][set >> LOW_BITS]
                       << (LOW_BITS - n_ranks[used & lo]);
    return colex_rank[rel];
}

/* The ranks not in `used` picked by the bits of a relative set, lowest first. */
static uint32_t absolute_set(uint32_t rel, uint32_t used)
{
    if (!used) return rel;
    uint32_t free_ranks = ~used & ALL_RANKS, set = 0;
    for (; rel; rel >>= 1) {
        uint32_t low = free_ranks & (0u - free_ranks);
        if (rel & 1) set |= low;
        free_ranks ^= low;
    }
    return set;
}

/* The rank sets of suit s in round r are bits 16 s .. 16 s + 12 of lanes[r]. */
#define LANE(card) ((uint64_t)1 << (16 * OE_SUIT(card) + OE_RANK(card)))

/* Index of a deal given by its rounds' rank sets, one 16-bit lane a suit
 * (n_rounds a constant where it is inlined: the loops unroll). */
static inline uint64_t index_lanes(const oe_iso *iso, const uint64_t *lanes, const int n_rounds)
{
    uint64_t key[4];
    for (int s = 0; s < 4; s++) {
        uint32_t used = 0, shape = 0;
        uint64_t idx = 0, mult = 1;
        for (int r = 0; r < n_rounds; r++) {
            uint32_t set = (uint32_t)(lanes[r] >> (16 * s)) & ALL_RANKS;
            int m = n_ranks[set];
            idx += mult * relative_rank(set, used);
            mult *= binom[OE_NUM_RANKS - n_ranks[used]][m];
            used |= set;
            shape |= (uint32_t)m << (SHAPE_BITS * r);
        }
        key[s] = (uint64_t)shape << KEY_SHIFT | idx;
    }
    oe_suit_class_sort(key); /* the class: the suits' keys, descending */
    uint16_t shapes[4];
    for (int s = 0; s < 4; s++) shapes[s] = (uint16_t)(key[s] >> KEY_SHIFT);
    const config *c = find_config(iso, shapes);
    /* a group's descending indices x_0 >= x_1 >= ...: the strictly
     * descending x_j + (len - 1 - j) as a len-subset in the combinatorial
     * number system, one term a suit (its k, offset and group multiplier
     * are the configuration's) */
    uint64_t index = c->offset;
    for (int s = 0; s < 4; s++) {
        uint64_t x = key[s] & (((uint64_t)1 << KEY_SHIFT) - 1);
        index += c->term_mult[s] * choose_at_least(x + c->term_off[s], c->term_k[s]);
    }
    return index;
}

uint64_t oe_iso_index(const oe_iso *iso, const uint8_t *cards)
{
    uint64_t lanes[OE_ISO_MAX_ROUNDS] = {0};
    for (int r = 0, i = 0; r < iso->n_rounds; r++)
        for (int j = 0; j < iso->sizes[r]; j++, i++) lanes[r] |= LANE(cards[i]);
    return index_lanes(iso, lanes, iso->n_rounds);
}

/* oe_iso_index_many for a constant number of rounds. */
static inline ptrdiff_t index_rows(const oe_iso *iso, const uint8_t *first, const uint8_t *rest,
                                   size_t n, uint64_t *out, const int n_rounds)
{
    const int k = iso->sizes[0], b = iso->n_cards - k;
    for (size_t i = 0; i < n; i++) {
        uint64_t lanes[OE_ISO_MAX_ROUNDS] = {0}, all = 0, twice = 0;
        const uint8_t *hole = first + i * (size_t)k, *board = rest + i * (size_t)b;
        /* a card already seen is a repeat */
#define ADD(round, card)                       \
    do {                                       \
        const uint64_t bit = LANE(card);       \
        twice |= all & bit;                    \
        all |= bit;                            \
        lanes[round] |= bit;                   \
    } while (0)
        for (int j = 0; j < k; j++) ADD(0, hole[j]);
        for (int r = 1, j = 0; r < n_rounds; r++)
            for (int e = j + iso->sizes[r]; j < e; j++) ADD(r, board[j]);
#undef ADD
        if (twice) return (ptrdiff_t)i;
        out[i] = index_lanes(iso, lanes, n_rounds);
    }
    return -1;
}

ptrdiff_t oe_iso_index_many(const oe_iso *iso, const uint8_t *first, const uint8_t *rest,
                            size_t n, uint64_t *out)
{
    switch (iso->n_rounds) {
    case 1: return index_rows(iso, first, rest, n, out, 1);
    case 2: return index_rows(iso, first, rest, n, out, 2);
    case 3: return index_rows(iso, first, rest, n, out, 3);
    default: return index_rows(iso, first, rest, n, out, 4);
    }
}

/* Largest y < limit with C(y, k) <= r (C(k - 1, k) = 0 <= r always): from
 * the estimate y ~ (k! r)^(1/k) + (k - 1) / 2, corrected by steps. */
static uint64_t largest_below(uint64_t r, int k, uint64_t limit)
{
    if (k == 1) return r;
    static const double factorial[5] = {1, 1, 2, 6, 24};
    double root = k == 2 ? sqrt(2.0 * (double)r) : pow(factorial[k] * (double)r, 1.0 / k);
    uint64_t y = (uint64_t)root + (uint64_t)k;
    if (y >= limit) y = limit - 1;
    while (choose(y, k) > r) y--;
    while (y + 1 < limit && choose(y + 1, k) <= r) y++;
    return y;
}

/* x % d and x / d, in 32 bits when they fit (a 64-bit division is slower). */
static inline uint64_t div_mod(uint64_t *x, uint64_t d)
{
    if (*x <= UINT32_MAX && d <= UINT32_MAX) {
        uint32_t x32 = (uint32_t)*x, d32 = (uint32_t)d;
        *x = x32 / d32;
        return x32 % d32;
    }
    uint64_t rem = *x % d;
    *x /= d;
    return rem;
}

void oe_iso_unindex(const oe_iso *iso, uint64_t index, uint8_t *cards)
{
    size_t lo = 0, hi = iso->n_configs; /* last configuration with offset <= index */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (iso->configs[mid].offset <= index) lo = mid;
        else hi = mid;
    }
    const config *c = &iso->configs[lo];
    uint64_t rest = index - c->offset, idx[4];
    int s = 0;
    for (int g = 0; g < c->n_groups; g++) {
        int len = c->group_len[g];
        uint64_t rank = 0;
        if (c->group_size[g] > 1) rank = div_mod(&rest, c->group_size[g]);
        uint64_t limit = c->group_domain[g] + (uint64_t)len - 1;
        for (int j = 0; j < len; j++, s++) {
            uint64_t y = largest_below(rank, len - j, limit);
            rank -= choose(y, len - j);
            idx[s] = y - (uint64_t)(len - 1 - j);
            limit = y;
        }
    }
    uint64_t round_cards[OE_ISO_MAX_ROUNDS] = {0};
    for (s = 0; s < 4; s++) {
        uint32_t used = 0;
        uint64_t x = idx[s];
        for (int r = 0; r < iso->n_rounds; r++) {
            int m = shape_count(c->shape[s], r);
            if (!m) continue;
            uint32_t domain = binom[OE_NUM_RANKS - n_ranks[used]][m];
            uint32_t set = absolute_set(colex_set[colex_start[m] + div_mod(&x, domain)], used);
            used |= set;
            for (; set; set &= set - 1)
                round_cards[r] |= (uint64_t)1 << (4 * oe_ctz32(set) + s);
        }
    }
    for (int r = 0, i = 0; r < iso->n_rounds; r++)
        for (uint64_t m = round_cards[r]; m; m &= m - 1) cards[i++] = (uint8_t)oe_ctz64(m);
}

void oe_iso_unindex_many(const oe_iso *iso, const uint64_t *index, size_t n, uint8_t *first,
                         uint8_t *rest)
{
    const int k = iso->sizes[0], b = iso->n_cards - k;
    uint8_t cards[OE_ISO_MAX_CARDS];
    for (size_t i = 0; i < n; i++) {
        oe_iso_unindex(iso, index[i], cards);
        for (int j = 0; j < k; j++) first[i * (size_t)k + (size_t)j] = cards[j];
        for (int j = 0; j < b; j++) rest[i * (size_t)b + (size_t)j] = cards[k + j];
    }
}
