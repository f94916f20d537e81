# Suit isomorphism bindings (src_c/oe_iso.h), included by _core.pyx.
# Private: omaha_eval.solver.iso validates every argument first.

if oe_iso_init() != 0:  # the shared subset tables, once, at import
    raise ImportError("omaha_eval: could not build the isomorphism tables")


cdef class Isomorphism:
    """One indexer (oe_iso_new) for rounds of the given sizes: read-only once
    built, so any number of threads may use it at once."""

    cdef oe_iso *iso
    cdef readonly object size
    cdef readonly int first_cards
    cdef readonly int rest_cards

    def __cinit__(self, tuple sizes):
        cdef int c_sizes[4]
        cdef int i
        self.iso = NULL
        if not 1 <= len(sizes) <= 4:
            raise ValueError("Isomorphism: 1 to 4 rounds")
        for i in range(len(sizes)):
            c_sizes[i] = <int>sizes[i]
        self.iso = oe_iso_new(<int>len(sizes), c_sizes)
        if self.iso == NULL:
            raise ValueError(f"Isomorphism: bad rounds {sizes!r} (or out of memory)")
        self.size = int(oe_iso_size(self.iso))
        self.first_cards = c_sizes[0]
        self.rest_cards = <int>sum(sizes) - c_sizes[0]

    def __dealloc__(self):
        oe_iso_free(self.iso)

    def index_rows(self, const uint8_t[:, ::1] first, const uint8_t[:, ::1] rest):
        """(int64 indices of the rows, -1 or the first row that repeats a card)."""
        cdef Py_ssize_t n = first.shape[0]
        cdef uint8_t dummy[1]
        cdef ptrdiff_t bad = -1
        out = np.empty(n, dtype=np.uint64)
        cdef uint64_t[::1] o = out
        if first.shape[1] != self.first_cards or rest.shape[1] != self.rest_cards \
                or rest.shape[0] != n:
            raise ValueError("Isomorphism.index_rows: bad shapes")
        if n == 0:
            return out.view(np.int64), -1
        cdef const uint8_t *rp = &rest[0, 0] if self.rest_cards else dummy
        with nogil:
            bad = oe_iso_index_many(self.iso, &first[0, 0], rp, <size_t>n, &o[0])
        return out.view(np.int64), bad

    def unindex_rows(self, const int64_t[::1] index):
        """(first, rest) uint8 rows of the canonical members of the classes."""
        cdef Py_ssize_t n = index.shape[0]
        cdef uint8_t dummy[1]
        first = np.empty((n, self.first_cards), dtype=np.uint8)
        rest = np.empty((n, self.rest_cards), dtype=np.uint8)
        cdef uint8_t[:, ::1] f = first
        cdef uint8_t[:, ::1] r = rest
        if n == 0:
            return first, rest
        cdef uint8_t *rp = &r[0, 0] if self.rest_cards else dummy
        with nogil:
            oe_iso_unindex_many(self.iso, <const uint64_t *>&index[0], <size_t>n, &f[0, 0], rp)
        return first, rest
