"""Plain oracles for suit isomorphism (tests/test_iso_*.py), knowing nothing
of the compiled indexer: class counts by Burnside's lemma over the 24 suit
permutations, and a deal's canonical key as the least image over them.

A deal is a list of rounds, each a collection of card ids (id = 4 * rank +
suit); cards within a round are unordered, rounds are not.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import numpy as np
import numpy.typing as npt

SUIT_PERMUTATIONS = list(permutations(range(4)))


def _cycle_lengths(perm: tuple[int, ...]) -> list[int]:
    seen, lengths = set(), []
    for start in range(4):
        if start in seen:
            continue
        n, s = 0, start
        while s not in seen:
            seen.add(s)
            s, n = perm[s], n + 1
        lengths.append(n)
    return lengths


def fixed_deals(perm: tuple[int, ...], sizes: tuple[int, ...]) -> int:
    """Deals with rounds of `sizes` cards that `perm` maps onto themselves:
    each round is a union of whole card cycles (13 ranks times each suit
    cycle), so count the ways to hand the cycles out to the rounds."""
    cycles = [n for n in _cycle_lengths(perm) for _ in range(13)]
    ways: Counter[tuple[int, ...]] = Counter({sizes: 1})  # cards each round still needs
    for n in cycles:
        after: Counter[tuple[int, ...]] = Counter()
        for left, w in ways.items():
            after[left] += w  # the cycle is not dealt
            for r, need in enumerate(left):
                if n <= need:
                    after[(*left[:r], need - n, *left[r + 1 :])] += w
        ways = after
    return ways[(0,) * len(sizes)]


def orbit_count(sizes: tuple[int, ...]) -> int:
    """Classes of deals with rounds of `sizes` cards (Burnside's lemma)."""
    total = sum(fixed_deals(p, sizes) for p in SUIT_PERMUTATIONS)
    count = Fraction(total, len(SUIT_PERMUTATIONS))
    assert count.denominator == 1
    return int(count)


def permute(cards: list[int], perm: tuple[int, ...]) -> list[int]:
    return [4 * (c // 4) + perm[c % 4] for c in cards]


def canonical_key(rounds: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    """The least image of a deal (each round sorted) over the suit permutations."""
    return min(tuple(tuple(sorted(permute(list(r), p))) for r in rounds) for p in SUIT_PERMUTATIONS)


def canonical_keys(rows: npt.NDArray[np.uint8], sizes: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """canonical_key of many deals at once, as int64 (6 bits a card: at most
    10 cards): rows (N, sum(sizes)) hold the rounds side by side."""
    assert rows.shape[1] == sum(sizes) <= 10
    ranks, suits = rows.astype(np.int64) // 4, rows.astype(np.int64) % 4
    best = np.full(len(rows), np.iinfo(np.int64).max)
    for p in SUIT_PERMUTATIONS:
        image = 4 * ranks + np.array(p)[suits]
        key = np.zeros(len(rows), np.int64)
        start = 0
        for n in sizes:
            for column in np.sort(image[:, start : start + n], axis=1).T:
                key = key * 64 + column
            start += n
        best = np.minimum(best, key)
    return best
