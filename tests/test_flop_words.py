"""The flop words range_hits and the queries share (omaha_eval/vocabulary.py):
``overpair`` is one word with one owner, so the two readings agree hand by
hand; the queries' flop categories (``flopset``, ``floptoppair``) are Open
PQL's partition by the best five cards, which docs/hits.md says differ from
the made classes, and here they keep the relation it states."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.cards import rank_of


def _spots(n: int, seed: int) -> list[tuple[str, str, str]]:
    """Seeded (hand, flop, a villain's hand), half of the hands holding a
    pair of a flop rank."""
    rng = np.random.default_rng(seed)
    spots = []
    while len(spots) < n:
        cards = rng.permutation(52).tolist()
        flop, rest = cards[:3], cards[3:]
        if len(spots) % 2:  # a pocket pair of a flop rank, when two are left
            mate = [c for c in rest if rank_of(c) == rank_of(flop[len(spots) % 3])][:2]
            rest = mate + [c for c in rest if c not in mate]
        spots.append(tuple(oe.format_cards(x) for x in (rest[:4], flop, rest[4:8])))
    return spots


@pytest.mark.parametrize(("hand", "flop", "villain"), _spots(40, seed=8))
def test_made_classes_and_flop_categories_keep_the_relation_the_docs_state(
    hand, flop, villain
) -> None:
    hits = oe.range_hits(hand, flop)
    r = oe.query(
        "select count(overpair(hero, flop)) as overpair, "
        "count(exactFlopHandCategory(hero, flopset)) as flopset, "
        "count(exactFlopHandCategory(hero, floptoppair)) as floptoppair, "
        "count(exactFlopHandCategory(hero, flopoverpair)) as flopoverpair "
        f"from hero='{hand}', villain='{villain}', board='{flop}'"
    )
    pql = {c.name: c.value == 1.0 for c in r.columns}
    made = {name: hits[name] == 1.0 for name in ("set", "top_pair", "overpair", "three_of_a_kind")}
    assert made["overpair"] == pql["overpair"]  # one word, one owner
    # a category is the best five cards: it implies the word ...
    assert not pql["flopset"] or made["set"]
    assert not pql["floptoppair"] or made["top_pair"]
    assert not pql["flopoverpair"] or made["overpair"]
    # ... and the word is the category when it is the best the hand makes
    unpaired = len({rank_of(c) for c in oe.parse_cards(flop)}) == 3
    assert pql["flopset"] == (made["set"] and made["three_of_a_kind"] and unpaired)
