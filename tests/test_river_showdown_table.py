"""The river solver's showdown (solver/river/showdown.py: the prepared C
showdown) against the plain pair-by-pair table of
tests/oracles/river.py: every value and live weight, for both players, one
reach vector or a stack of them, 4-, 5- and 6-card hands, hi/lo and high
only, hands that share cards; and the spot solve_river prepares (ranges
with weights, dead cards) meets the oracle's table on its combos."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.river import PairTable
from random_hands import live_hands

from omaha_eval.cards import parse_cards
from omaha_eval.games import game as read_game
from omaha_eval.solver.river.showdown import prepare_showdown
from omaha_eval.solver.river.solve import prepare_river

NAMES = ("oop", "ip")


def _assert_same(showdown, table: PairTable, rng: np.random.Generator) -> None:
    assert tuple(showdown.sizes) == table.sizes
    for player in (0, 1):
        other = table.sizes[1 - player]
        every = np.eye(other)  # each row one combo: the whole table, exactly
        assert np.array_equal(showdown.values(player, every), table.values(player, every))
        assert np.array_equal(showdown.live(player, every), table.live(player, every))
        reach = rng.random((3, other))
        for r in (reach, reach[0]):
            np.testing.assert_allclose(
                showdown.values(player, r), table.values(player, r), rtol=1e-12, atol=1e-12
            )
            np.testing.assert_allclose(
                showdown.live(player, r), table.live(player, r), rtol=1e-12, atol=1e-12
            )


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    k=st.sampled_from([4, 5, 6]),
    game=st.sampled_from(["omaha8", "omaha"]),
    crowded=st.booleans(),
)
def test_the_table_is_the_oracle_s(seed: int, k: int, game: str, crowded: bool) -> None:
    rng = np.random.default_rng(seed)
    board = rng.choice(52, size=5, replace=False)
    # crowded: hands of a dozen cards, which share one, two, three cards...
    pool = (
        rng.choice(np.setdiff1d(np.arange(52), board), size=12, replace=False) if crowded else None
    )
    oop = live_hands(rng, board, int(rng.integers(1, 12)), k, pool)
    ip = live_hands(rng, board, int(rng.integers(1, 12)), k, pool)
    showdown = prepare_showdown(board.astype(np.uint8), (oop, ip), read_game(game), NAMES)
    table = PairTable(board.tolist(), oop.tolist(), ip.tolist(), game)
    _assert_same(showdown, table, rng)


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
def test_the_spot_prepared_is_the_ranges_without_known_cards(game: str) -> None:
    board, dead = "Kh 7d 2c 3s 8h", "As 4c"
    p = prepare_river(
        board,
        "AA:QQ@2, Ac2d3d5c",
        "KK:JJ, 4d5c6d6h@0.5, 4c5d6c6s",
        dead=dead,
        game=game,
        pot=10,
        stack=10,
    )
    gone = set(parse_cards(board).tolist()) | set(parse_cards(dead).tolist())
    for combos, weights in zip(p.combos, p.weights, strict=True):
        assert combos.size and not gone & set(combos.ravel().tolist())
        assert weights.max() == 1.0 and len(set(weights.tolist())) == 2
    table = PairTable(parse_cards(board).tolist(), p.combos[0].tolist(), p.combos[1].tolist(), game)
    _assert_same(p.showdown, table, np.random.default_rng(1))
