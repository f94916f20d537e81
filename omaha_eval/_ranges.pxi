# Range expansion bindings (included by _core.pyx).  Contracts in
# src_c/oe_ranges.h; patterns come from omaha_eval._range_parse, built and
# checked by omaha_eval.ranges, never from user arrays.


def all_hands_k(int k):
    """Every k-card hand (k = 1..6) as a (C(52,k), k) uint8 array, rows
    ascending and in lexicographic order."""
    cdef size_t n = oe_hand_count(k)
    if n == 0:
        raise ValueError(f"all_hands: k must be 1..6, got {k}")
    out = np.empty((n, k), dtype=np.uint8)
    cdef uint8_t[:, ::1] o = out
    with nogil:
        oe_all_hands_k(k, &o[0, 0])
    return out


def match_rows(list alternatives, const uint8_t[:, ::1] hands):
    """uint8 array: 1 where a hand matches any of the patterns.

    Each pattern is a sequence of 1..OE_PATTERN_MAX card tuples
    (ranks, suits, rank_var, suit_var, named), named cards first.
    """
    cdef Py_ssize_t n = hands.shape[0], a, c
    cdef int k = <int>hands.shape[1]
    cdef int n_alt = <int>len(alternatives)
    out = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    if n == 0 or n_alt == 0:
        return out
    cdef oe_pattern *pats = <oe_pattern *>malloc(n_alt * sizeof(oe_pattern))
    if pats == NULL:
        raise MemoryError()
    try:
        for a in range(n_alt):
            cards = alternatives[a]
            if not 1 <= len(cards) <= min(OE_PATTERN_MAX, k):
                raise ValueError(f"match_rows: pattern of {len(cards)} cards for {k}-card hands")
            pats[a].n = <int>len(cards)
            for c in range(len(cards)):
                ranks, suits, rank_var, suit_var, named = cards[c]
                # bounds that keep the C matcher's tables in range
                if not (0 <= ranks <= 0x1FFF and 0 <= suits <= 15 and -1 <= rank_var < 13
                        and -1 <= suit_var < 4 and named in (0, 1)):
                    raise ValueError(f"match_rows: bad pattern card {cards[c]!r}")
                pats[a].card[c].ranks = ranks
                pats[a].card[c].suits = suits
                pats[a].card[c].rank_var = rank_var
                pats[a].card[c].suit_var = suit_var
                pats[a].card[c].named = named
        with nogil:
            oe_match_rows(pats, n_alt, &hands[0, 0], <size_t>n, k, &o[0])
    finally:
        free(pats)
    return out


def hand_shapes(const uint8_t[:, ::1] hands):
    """(suited, max_rank) uint8 arrays: suits holding 2+ cards, and the
    largest number of cards sharing a rank, per hand."""
    cdef Py_ssize_t n = hands.shape[0]
    suited = np.zeros(n, dtype=np.uint8)
    max_rank = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] s = suited
    cdef uint8_t[::1] m = max_rank
    if n == 0:
        return suited, max_rank
    with nogil:
        oe_hand_shapes(&hands[0, 0], <size_t>n, <int>hands.shape[1], &s[0], &m[0])
    return suited, max_rank


def suit_class_keys(const uint8_t[:, ::1] hands):
    """uint64 suit-isomorphism key of each hand (see oe_suit_class_keys)."""
    cdef Py_ssize_t n = hands.shape[0]
    out = np.zeros(n, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    if n == 0:
        return out
    with nogil:
        oe_suit_class_keys(&hands[0, 0], <size_t>n, <int>hands.shape[1], &o[0])
    return out


def all_class_keys(int k):
    """Every suit-class key of k-card hands (see oe_all_class_keys), unsorted."""
    if not 1 <= k <= 6:
        raise ValueError(f"all_class_keys: k must be 1..6, got {k}")
    classes = {1: 13, 2: 169, 3: 1_755, 4: 16_432, 5: 134_459, 6: 962_988}[k]
    out = np.empty(classes, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    cdef size_t n
    with nogil:
        n = oe_all_class_keys(k, &o[0])
    if n != <size_t>classes:
        raise AssertionError(f"all_class_keys({k}): {n} keys, expected {classes}")
    return out


def class_hands(const uint64_t[::1] keys):
    """The hands of classes (see oe_class_hands) as lexicographic masks."""
    cdef Py_ssize_t n = keys.shape[0]
    out = np.empty(24 * n, dtype=np.uint64)  # no class has more than 24 hands
    cdef uint64_t[::1] o = out
    cdef size_t written = 0
    if n > 0:
        with nogil:
            written = oe_class_hands(&keys[0], <size_t>n, &o[0])
    return out[:written]


def lex_masks_to_rows(const uint64_t[::1] masks, int k):
    """(N, k) ascending rows of hands given as lexicographic masks."""
    if not 1 <= k <= 6:
        raise ValueError(f"lex_masks_to_rows: k must be 1..6, got {k}")
    cdef Py_ssize_t n = masks.shape[0]
    rows = np.empty((n, k), dtype=np.uint8)
    cdef uint8_t[:, ::1] r = rows
    cdef size_t wrong = 0
    if n > 0:
        with nogil:
            wrong = oe_lex_masks_to_rows(&masks[0], <size_t>n, k, &r[0, 0])
    if wrong:
        raise ValueError(f"lex_masks_to_rows: {wrong} masks are not {k} cards")
    return rows
