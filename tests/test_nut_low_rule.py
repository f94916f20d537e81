"""One meaning of "nut low" (docs/rules.md, "The nuts"): the best low any
two cards not on the board make with it, known dead cards or not.
range_hits' ``nut_low`` class, equity()'s ``nut_low`` figure and the
queries' ``nutLo`` all read it from one owner (evaluator.nut_low, the C
core's table); here they are held to a brute-force count by the rule, over
the plain evaluator (tests/oracles/evaluator.py), on seeded random spots."""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np
import pytest
from oracles import evaluator as ref

import omaha_eval as oe
from omaha_eval.cards import LOW_RANKS, rank_of
from omaha_eval.evaluator import low_name, nut_low

LOW_IDS = [oe.parse_cards(f"{r}c")[0] for r in LOW_RANKS]  # a club of each low rank
LOW = {int(rank_of(c)) for c in LOW_IDS}


@cache
def brute_nut_low(board: tuple[int, ...]) -> int:
    """The best low of any two cards not on the board, tried one by one."""
    off = [c for c in range(52) if c not in board]
    return max(ref.best_low([a, b], list(board)) for a, b in combinations(off, 2))


def holds_nut_low(hand: list[int], board: list[int]) -> bool:
    low = ref.best_low(hand, board)
    return low > 0 and low == brute_nut_low(tuple(board))


def _spots(n: int, seed: int) -> list[tuple[str, str, str]]:
    """Seeded spots (hand, river, dead cards), most of them with a low to
    hold (low cards dealt first), half of them with every card of a low
    rank dead (the cards a nut low may need)."""
    rng = np.random.default_rng(seed)
    spots = [("4c5c9d9h", "Ah2h7cKdKs", "3c3d3h3s")]  # the reading issue 47 found apart
    low_cards = [c for c in range(52) if rank_of(c) in LOW]
    while len(spots) < n:
        low = rng.permutation(low_cards)[:5].tolist()
        rest = [c for c in rng.permutation(52).tolist() if c not in low]
        hand, board = low[:2] + rest[:2], low[2:5] + rest[2:4]
        held = {rank_of(c) for c in hand + board}
        if len(spots) % 2 and LOW - held:  # every card of a low rank no one shows is dead
            rank = int(rng.choice(sorted(LOW - held)))
            dead = [c for c in range(52) if rank_of(c) == rank]
        else:
            dead = rest[4 : 4 + int(rng.integers(0, 4))]
        spots.append((oe.format_cards(hand), oe.format_cards(board), oe.format_cards(dead)))
    return spots


SPOTS = _spots(24, seed=47)


def test_the_rule_s_owner_is_the_best_low_of_any_two_cards_on_every_board_mask() -> None:
    spades = oe.parse_cards("".join(f"{r}s" for r in "23456789TJQKA")).tolist()
    for mask in range(256):
        board = [LOW_IDS[i] for i in range(8) if mask >> i & 1]
        if len(board) < 3:  # two low ranks on the board: no low for anyone
            assert nut_low(mask) == 0
            continue
        if len(board) > 5:
            continue
        # a low depends on ranks alone: a spade of each rank stands for its cards
        best = max(ref.best_low([a, b], board) for a, b in combinations(spades, 2))
        assert nut_low(mask) == best, low_name(nut_low(mask))


@pytest.mark.parametrize(("hand", "board", "dead"), SPOTS)
def test_hits_equity_and_queries_agree_with_the_rule(hand, board, dead) -> None:
    expected = holds_nut_low(ref.cards(hand), ref.cards(board))
    hits = oe.range_hits(hand, board, dead)["nut_low"]
    result = oe.equity([hand, "*"], board, dead, exact=True)
    query = oe.query(
        f"select count(nutLo(hero, river)) as nut from hero='{hand}', villain='*', "
        f"board='{board}', dead='{dead}'"
    )
    assert (hits, result.players[0].nut_low, query.column("nut").value) == (float(expected),) * 3


@pytest.mark.parametrize(("hand", "board", "dead"), SPOTS[:8])
def test_on_a_flop_hits_and_queries_agree_with_the_rule(hand, board, dead) -> None:
    flop = ref.cards(board)[:3]
    expected = holds_nut_low(ref.cards(hand), flop)
    hits = oe.range_hits(hand, oe.format_cards(flop), dead)["nut_low"]
    query = oe.query(
        f"select count(nutLo(hero, flop)) as nut from hero='{hand}', villain='*', "
        f"board='{oe.format_cards(flop)}', dead='{dead}'"
    )
    assert (hits, query.column("nut").value) == (float(expected),) * 2


def test_some_spots_hold_the_nut_low_and_some_do_not() -> None:
    held = [holds_nut_low(ref.cards(h), ref.cards(b)) for h, b, _ in SPOTS]
    assert 4 <= sum(held) <= len(held) - 4
