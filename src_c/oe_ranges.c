/* oe_ranges.c -- see oe_ranges.h for the contract. */
#include "oe_ranges.h"
#include "oe_cards.h"
#include "oe_bits.h"
#include "oe_suit_class.h"

static const size_t hand_counts[7] = {1, 52, 1326, 22100, 270725, 2598960, 20358520};

size_t oe_hand_count(int k) { return (k >= 1 && k <= 6) ? hand_counts[k] : 0; }

size_t oe_all_hands_k(int k, uint8_t *out)
{
    if (k < 1 || k > 6)
        return 0;
    uint8_t c[6];
    for (int i = 0; i < k; i++)
        c[i] = (uint8_t)i;
    size_t rows = 0;
    for (;;) {
        for (int i = 0; i < k; i++)
            *out++ = c[i];
        rows++;
        /* next combination: raise the rightmost card that has room */
        int i = k - 1;
        while (i >= 0 && c[i] == 52 - k + i)
            i--;
        if (i < 0)
            return rows;
        c[i]++;
        for (int j = i + 1; j < k; j++)
            c[j] = (uint8_t)(c[j - 1] + 1);
    }
}

/* A pattern made ready for many hands: each card's set of fitting cards
 * (ignoring variables) and the cheap necessary condition built from it. */
typedef struct {
    const oe_pattern *p;
    uint64_t fits[OE_PATTERN_MAX];   /* bit c: card id c fits card i's ranks and suits */
    /* card i is interchangeable with card i-1: identical, or different only
     * in variables that no other card uses (swapping the two cards and
     * their variables' names gives the same pattern), so one order of them
     * is enough */
    uint8_t same_as_prev[OE_PATTERN_MAX];
    int n_groups;
    uint64_t group_fits[OE_PATTERN_MAX]; /* distinct `fits` sets ... */
    int group_need[OE_PATTERN_MAX];      /* ... and how many cards need each */
} prepared;

/* Two cards' variables (-1 = none) play the same part: the same variable,
 * or two variables each used by one card only. */
static int same_part(int a, int b, const int *uses)
{
    return a == b || (a >= 0 && b >= 0 && uses[a] == 1 && uses[b] == 1);
}

static void prepare(const oe_pattern *p, prepared *q)
{
    int rank_uses[13] = {0}, suit_uses[4] = {0};
    for (int i = 0; i < p->n; i++) {
        if (p->card[i].rank_var >= 0)
            rank_uses[p->card[i].rank_var]++;
        if (p->card[i].suit_var >= 0)
            suit_uses[p->card[i].suit_var]++;
    }
    q->p = p;
    q->n_groups = 0;
    for (int i = 0; i < p->n; i++) {
        const oe_pcard *c = &p->card[i];
        uint64_t m = 0;
        for (int id = 0; id < 52; id++)
            if ((c->ranks >> OE_RANK(id) & 1u) && (c->suits >> OE_SUIT(id) & 1u))
                m |= (uint64_t)1 << id;
        q->fits[i] = m;
        q->same_as_prev[i] = i > 0 && c->ranks == c[-1].ranks && c->suits == c[-1].suits
                             && c->named == c[-1].named
                             && same_part(c->rank_var, c[-1].rank_var, rank_uses)
                             && same_part(c->suit_var, c[-1].suit_var, suit_uses);
        int g = 0;
        while (g < q->n_groups && q->group_fits[g] != m)
            g++;
        if (g == q->n_groups) {
            q->group_fits[g] = m;
            q->group_need[g] = 0;
            q->n_groups++;
        }
        q->group_need[g]++;
    }
}

/* State of one backtracking search: which hand cards are taken and what
 * the variables are bound to. */
typedef struct {
    const prepared *q;
    const uint8_t *hand;
    int k;
    unsigned used;        /* bit j: hand card j is taken */
    int at[OE_PATTERN_MAX]; /* hand position given to each pattern card */
    int8_t rank_of[13];   /* rank variable -> rank, or -1 */
    int8_t suit_of[4];    /* suit variable -> suit, or -1 */
    uint16_t var_ranks;   /* ranks bound to some rank variable */
    uint8_t var_suits;    /* suits bound to some suit variable */
    uint16_t named_ranks; /* ranks taken by named cards so far */
} search;

static int place(search *s, int i)
{
    const oe_pattern *p = s->q->p;
    if (i == p->n)
        return 1;
    const oe_pcard *pc = &p->card[i];
    /* interchangeable pattern cards take hand cards in increasing position:
     * the other orders are the same match again */
    int first = i > 0 && s->q->same_as_prev[i] ? s->at[i - 1] + 1 : 0;
    for (int j = first; j < s->k; j++) {
        if (s->used >> j & 1u)
            continue;
        int r = OE_RANK(s->hand[j]), su = OE_SUIT(s->hand[j]);
        if (!(pc->ranks >> r & 1u) || !(pc->suits >> su & 1u))
            continue;
        int bind_rank = 0, bind_suit = 0;
        if (pc->rank_var >= 0) {
            int b = s->rank_of[pc->rank_var];
            if (b >= 0) {
                if (b != r)
                    continue;
            } else {
                if ((s->var_ranks | s->named_ranks) >> r & 1u)
                    continue;
                bind_rank = 1;
            }
        }
        if (pc->suit_var >= 0) {
            int b = s->suit_of[pc->suit_var];
            if (b >= 0) {
                if (b != su)
                    continue;
            } else {
                if (s->var_suits >> su & 1u)
                    continue;
                bind_suit = 1;
            }
        }
        uint16_t saved_named = s->named_ranks;
        if (pc->named)
            s->named_ranks |= (uint16_t)(1u << r);
        if (bind_rank) {
            s->rank_of[pc->rank_var] = (int8_t)r;
            s->var_ranks |= (uint16_t)(1u << r);
        }
        if (bind_suit) {
            s->suit_of[pc->suit_var] = (int8_t)su;
            s->var_suits |= (uint8_t)(1u << su);
        }
        s->used |= 1u << j;
        s->at[i] = j;
        int ok = place(s, i + 1);
        s->used &= ~(1u << j);
        if (bind_suit) {
            s->suit_of[pc->suit_var] = -1;
            s->var_suits &= (uint8_t)~(1u << su);
        }
        if (bind_rank) {
            s->rank_of[pc->rank_var] = -1;
            s->var_ranks &= (uint16_t)~(1u << r);
        }
        s->named_ranks = saved_named;
        if (ok)
            return 1;
    }
    return 0;
}

static int match_prepared(const prepared *q, const uint8_t *hand, int k)
{
    uint64_t held = 0;
    for (int j = 0; j < k; j++)
        held |= (uint64_t)1 << hand[j];
    /* necessary: each group of cards with the same fitting set needs that
     * many distinct fitting cards in the hand */
    for (int g = 0; g < q->n_groups; g++)
        if (oe_popcount64(held & q->group_fits[g]) < q->group_need[g])
            return 0;
    search s;
    s.q = q;
    s.hand = hand;
    s.k = k;
    s.used = 0;
    s.var_ranks = 0;
    s.var_suits = 0;
    s.named_ranks = 0;
    for (int v = 0; v < 13; v++)
        s.rank_of[v] = -1;
    for (int v = 0; v < 4; v++)
        s.suit_of[v] = -1;
    return place(&s, 0);
}

int oe_pattern_match(const oe_pattern *p, const uint8_t *hand, int k)
{
    prepared q;
    prepare(p, &q);
    return match_prepared(&q, hand, k);
}

void oe_match_rows(const oe_pattern *alts, int n_alt, const uint8_t *hands,
                   size_t n, int k, uint8_t *out)
{
    enum { CHUNK = 64 };  /* patterns prepared at once, on the stack */
    for (size_t i = 0; i < n; i++)
        out[i] = 0;
    for (int a0 = 0; a0 < n_alt; a0 += CHUNK) {
        prepared q[CHUNK];
        int m = n_alt - a0 < CHUNK ? n_alt - a0 : CHUNK;
        for (int a = 0; a < m; a++)
            prepare(&alts[a0 + a], &q[a]);
        for (size_t i = 0; i < n; i++) {
            if (out[i])
                continue;
            const uint8_t *hand = hands + i * (size_t)k;
            for (int a = 0; a < m && !out[i]; a++)
                out[i] = (uint8_t)match_prepared(&q[a], hand, k);
        }
    }
}

void oe_hand_shapes(const uint8_t *hands, size_t n, int k,
                    uint8_t *suited, uint8_t *max_rank)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *hand = hands + i * (size_t)k;
        uint8_t suit_n[4] = {0}, rank_n[13] = {0};
        for (int j = 0; j < k; j++) {
            suit_n[OE_SUIT(hand[j])]++;
            rank_n[OE_RANK(hand[j])]++;
        }
        /* Counted in int with a branch: GCC 12.2 at -O3 miscompiles the
         * vectorised uint8 sum of comparisons (gave 254 for 2). */
        int s2 = 0, top = 0;
        for (int u = 0; u < 4; u++)
            if (suit_n[u] >= 2)
                s2++;
        for (int r = 0; r < 13; r++)
            if (rank_n[r] > top)
                top = rank_n[r];
        suited[i] = (uint8_t)s2;
        max_rank[i] = (uint8_t)top;
    }
}

void oe_suit_class_keys(const uint8_t *hands, size_t n, int k, uint64_t *out)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *hand = hands + i * (size_t)k;
        uint64_t m[4] = {0, 0, 0, 0};
        for (int j = 0; j < k; j++)
            m[OE_SUIT(hand[j])] |= (uint64_t)1 << OE_RANK(hand[j]);
        oe_suit_class_sort(m); /* the class: the suits' masks, descending */
        out[i] = m[0] << 39 | m[1] << 26 | m[2] << 13 | m[3];
    }
}

/* Rank masks (13 bits) of each size 0..6, ascending. */
typedef struct {
    uint16_t mask[1716]; /* C(13, 6), the most of any size */
    int n;
} mask_list;

static void masks_by_size(mask_list by_size[7])
{
    for (int p = 0; p <= 6; p++)
        by_size[p].n = 0;
    for (uint32_t m = 0; m < (1u << 13); m++) {
        int p = oe_popcount32(m);
        if (p <= 6)
            by_size[p].mask[by_size[p].n++] = (uint16_t)m;
    }
}

size_t oe_all_class_keys(int k, uint64_t *out)
{
    if (k < 1 || k > 6)
        return 0;
    mask_list by_size[7]; /* 24 kB */
    masks_by_size(by_size);
    size_t n = 0;
    /* m0 >= m1 >= m2 >= m3 by value: each mask runs over the masks of each
     * size left, up to the previous one (lists ascend, so stop past it) */
    for (uint32_t m0 = 0; m0 < (1u << 13); m0++) {
        int r1 = k - oe_popcount32(m0);
        if (r1 < 0)
            continue;
        for (int p1 = 0; p1 <= r1; p1++)
            for (int i1 = 0; i1 < by_size[p1].n && by_size[p1].mask[i1] <= m0; i1++) {
                uint32_t m1 = by_size[p1].mask[i1];
                int r2 = r1 - p1;
                for (int p2 = 0; p2 <= r2; p2++)
                    for (int i2 = 0; i2 < by_size[p2].n && by_size[p2].mask[i2] <= m1; i2++) {
                        uint32_t m2 = by_size[p2].mask[i2];
                        const mask_list *last = &by_size[r2 - p2];
                        for (int i3 = 0; i3 < last->n && last->mask[i3] <= m2; i3++)
                            out[n++] = (uint64_t)m0 << 39 | (uint64_t)m1 << 26 |
                                       (uint64_t)m2 << 13 | last->mask[i3];
                    }
            }
    }
    return n;
}

/* A rank mask spread to card bits of suit 0 at lexicographic positions:
 * rank r -> card 4r -> bit 51 - 4r. */
static uint64_t lex_spread(uint32_t ranks)
{
    uint64_t out = 0;
    for (int r = 0; r < 13; r++)
        if (ranks >> r & 1)
            out |= (uint64_t)1 << (51 - OE_CARD(r, 0));
    return out;
}

size_t oe_class_hands(const uint64_t *keys, size_t n, uint64_t *out)
{
    /* the 24 suit orders: masks 0..3 of a key go to suits order[0..3] */
    static const uint8_t orders[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
    };
    size_t written = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t m[4];
        uint64_t spread[4];
        for (int j = 0; j < 4; j++) {
            m[j] = (uint32_t)(keys[i] >> (39 - 13 * j)) & 0x1FFFu;
            spread[j] = lex_spread(m[j]);
        }
        for (int o = 0; o < 24; o++) {
            const uint8_t *to = orders[o];
            /* equal masks are adjacent in a key: of the orders that swap
             * them, only the one giving them suits in increasing order counts */
            int repeat = 0;
            for (int j = 0; j + 1 < 4; j++)
                repeat |= m[j] == m[j + 1] && to[j] > to[j + 1];
            if (repeat)
                continue;
            uint64_t hand = 0;
            for (int j = 0; j < 4; j++)
                hand |= spread[j] >> to[j]; /* card 4r + s sits at bit 51 - 4r - s */
            out[written++] = hand;
        }
    }
    return written;
}

size_t oe_lex_masks_to_rows(const uint64_t *masks, size_t n, int k, uint8_t *rows)
{
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t m = masks[i];
        uint8_t *row = rows + i * (size_t)k;
        if (oe_popcount64(m) != k || m >> 52) {
            for (int j = 0; j < k; j++)
                row[j] = 0;
            wrong++;
            continue;
        }
        /* the highest bit is the smallest card: fill the row from its end */
        for (int j = k - 1; j >= 0; j--) {
            row[j] = (uint8_t)(51 - oe_ctz64(m));
            m &= m - 1;
        }
    }
    return wrong;
}
