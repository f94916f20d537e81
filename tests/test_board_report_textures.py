"""Board textures against plain definitions: what a card room means by each,
checked by trying the cards (every completion, every pair of hole ranks)."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from omaha_eval.cards import RANKS, format_cards
from omaha_eval.study.table.textures import texture, texture_of_ids

LOW = set("A2345678")


def _plain(cards: list[int]) -> dict[str, object]:
    ranks = [RANKS[c // 4] for c in cards]
    suits = [c % 4 for c in cards]
    counts = [*sorted(Counter(ranks).values(), reverse=True), 0]
    pairing = {
        (1,): "unpaired",
        (2, 1): "paired",
        (2, 2): "two pair",
        (3, 1): "trips",
        (3, 2): "full house",
        (4, 1): "quads",
    }[tuple(c for c in counts[:2] if c) if counts[0] > 1 else (1,)]
    to_come = 5 - len(cards)
    rest = [c for c in range(52) if c not in cards]
    finals = (
        [cards + list(more) for more in itertools.combinations(rest, to_come)]
        if to_come <= 1
        else None
    )
    if finals is not None:
        flush = any(max(Counter(c % 4 for c in f).values()) >= 3 for f in finals)
        low = any(len({RANKS[c // 4] for c in f} & LOW) >= 3 for f in finals)
    else:  # two cards to come: any two cards of one suit / of two new low ranks
        flush = max(Counter(suits).values()) + 2 >= 3
        low = len(set(ranks) & LOW) + 2 >= 3
    order = "A23456789TJQKA"
    straights = [set(order[i : i + 5]) for i in range(10)]
    straight = any(
        set(three) | {a, b} in straights and len(set(three) | {a, b}) == 5
        for three in itertools.combinations(ranks, 3)
        for a, b in itertools.combinations(RANKS, 2)
    )
    return {
        "pairing": pairing,
        "flush_possible": flush,
        "low_ranks": len(set(ranks) & LOW),
        "low_possible": low,
        "straight_possible": straight,
        "high": max(ranks, key=RANKS.index),
        "max_suit": max(Counter(suits).values()),
    }


@pytest.mark.parametrize("size", [3, 4, 5])
def test_textures_match_the_plain_definitions(size):
    rng = np.random.default_rng(size)
    for _ in range(150):
        cards = rng.choice(52, size, replace=False).tolist()
        got = texture_of_ids(cards)
        want = _plain(cards)
        for name in (
            "pairing",
            "flush_possible",
            "low_ranks",
            "low_possible",
            "straight_possible",
            "high",
        ):
            assert getattr(got, name) == want[name], (format_cards(cards), name)
        m = want["max_suit"]
        expect = {1: "rainbow", 2: "two-tone", 3: "three-flush", 4: "four-flush"}[m]
        if m == size:
            expect = "monotone"
        elif m == 2 and list(Counter(c % 4 for c in cards).values()).count(2) == 2:
            expect = "double two-tone"
        assert got.suits == expect, format_cards(cards)


def test_named_examples():
    assert texture("Ah Kh 7c").label == "unpaired two-tone"
    assert texture("5s 4d 3c").label == "unpaired rainbow connected"
    assert texture("Ks Kd 2s 2d").pairing == "two pair"
    assert texture("Ks Qs Js").suits == "monotone"
    assert not texture("Ks Qd 9c Tc 2h").low_possible
