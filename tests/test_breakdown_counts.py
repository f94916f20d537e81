"""Hand-strength breakdown counts (the C side): for each player the
weight of deals whose final high is each category, and whose low is the nut
low for the board, another low, or none.  Exact counts against a brute force
over every runout in plain Python (tests/oracles/evaluator.py); Monte Carlo counts
within 4.5 binomial standard errors of the exact ones.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from equity_spots import exact_counts, ids, make_spot, plain_counts
from oracles import evaluator as ref

from omaha_eval import _core

LOW_RANKS = [12, 0, 1, 2, 3, 4, 5, 6]  # A, 2..8


def category(hole: list[int], board: list[int]) -> int:
    return max(
        ref.high_key([*h, *t])[0] for h in combinations(hole, 2) for t in combinations(board, 3)
    )


def nut_low(board: list[int]) -> int:
    """The best low two hole cards of any low ranks could make (by ranks)."""
    return max(ref.best_low([4 * a, 4 * b + 1], board) for a, b in combinations(LOW_RANKS, 2))


def brute_breakdown(
    players: list, board: list[int], dead: list[int], high_only: bool
) -> np.ndarray:
    """players[i]: [(hand, weight)]; every non-colliding assignment x runout."""
    n = len(players)
    out = np.zeros((n, 12))
    taken = set(board) | set(dead)

    def assign(i: int, used: set[int], w: float, hands: list[list[int]]) -> None:
        if i == n:
            deck = [c for c in range(52) if c not in taken and c not in used]
            for more in combinations(deck, 5 - len(board)):
                full = board + list(more)
                nut = nut_low(full)
                for j, h in enumerate(hands):
                    out[j, category(h, full)] += w
                    if high_only:
                        continue
                    low = ref.best_low(h, full)
                    out[j, 11 if low == 0 else 9 if low == nut else 10] += w
            return
        for hand, hw in players[i]:
            if used & set(hand) or taken & set(hand):
                continue
            assign(i + 1, used | set(hand), w * hw, [*hands, hand])

    assign(0, set(), 1.0, [])
    return out


SPOTS = {
    "river": (["Ad 2d Ks Kh", "Ac 3c Qs Jh", "8c 7c 6c 5c"], "4d 5h 9s Kc 2h", ""),
    "river flush and no low": (["Ad Qd Ks Kh", "9d 3c Qs Jh"], "4d Td 9s Kd Jc", ""),
    "turn": (["As 2s 3h Kd", "Ah 4c 5d Qs"], "6s 7h 8d Jc", "2c 3c"),
    "flop, small deck": (
        ["Ac 2c 3d 4d", "Ks Kh Qs Qh"],
        "5c 6c Kd",
        " ".join(f"{r}{s}" for r in "789T" for s in "cdhs"),
    ),
    "turn 5 cards 3-way": (
        ["As 2s 3h Kd Kc", "Ah 4c 5d Qs Jd", "Tc Td 9h 9s 7s"],
        "6s 7h 8d Jh",
        "",
    ),
    "preflop, small deck": (
        ["As Ah 2c 3d", "Kc Kd 4c 5d"],
        "",
        " ".join(f"{r}{s}" for r in "6789TJQ" for s in "cdhs"),
    ),
}


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.slow) if n == "preflop, small deck" else n for n in SPOTS],
)
def test_exact_breakdown_matches_brute_force(name: str, game: str) -> None:
    players, board, dead = SPOTS[name]
    spot = make_spot([ids(p) for p in players], ids(board), ids(dead), game=game)
    _, _, bd, deals = exact_counts(spot, parts=2)
    want = brute_breakdown(
        [[(ids(p), 1.0)] for p in players], ids(board), ids(dead), game == "omaha"
    )
    np.testing.assert_array_equal(bd, want)
    assert (bd[:, :9].sum(axis=1) == deals).all()
    if game == "omaha":
        assert not bd[:, 9:].any()
    else:
        assert (bd[:, 9:].sum(axis=1) == deals).all()
    np.testing.assert_array_equal(
        plain_counts([ids(p) for p in players], ids(board), ids(dead), game)[2], bd
    )


def test_exact_breakdown_with_a_range() -> None:
    combos = [
        ("Ah 4c 5d Qs", 1.0),
        ("Kh Kc 4d 5c", 0.5),
        ("6s 2c 3c 4h", 2.0),
        ("Qh Qd Jd Td", 0.25),
        ("7s 8s 2d 3d", 1.0),
    ]
    hero, board = "As 2s 3h Kd", "6s 7h 8d Jc"
    rng = ("range", np.array([ids(c) for c, _ in combos]), np.array([w for _, w in combos]))
    spot = make_spot([ids(hero), rng], ids(board))
    _, _, bd, _ = exact_counts(spot, parts=3)
    live = [(ids(c), w) for c, w in combos if not set(ids(c)) & set(ids(hero) + ids(board))]
    want = brute_breakdown([[(ids(hero), 1.0)], live], ids(board), [], False)
    np.testing.assert_allclose(bd, want, rtol=1e-13)


@pytest.mark.parametrize("name", ["turn", "preflop, small deck", "turn 5 cards 3-way"])
def test_monte_carlo_breakdown_within_standard_errors(name: str) -> None:
    players, board, dead = SPOTS[name]
    spot = make_spot([ids(p) for p in players], ids(board), ids(dead))
    _, _, exact_bd, deals = exact_counts(spot)
    p = exact_bd / deals
    trials = 200_000
    out, low, bd = np.zeros(1 << (2 * spot.n)), np.zeros(spot.n), np.zeros((spot.n, 12))
    seeds = np.random.SeedSequence(15).spawn(8)
    for s in seeds:
        done, code = spot.monte_carlo(np.random.PCG64(s), trials // 8, 1000, out, low, bd)
        assert code == _core.EQ_OK and done == trials // 8
    assert (bd[:, :9].sum(axis=1) == trials).all() and (bd[:, 9:].sum(axis=1) == trials).all()
    se = np.sqrt(np.maximum(p * (1 - p), 1e-12) / trials)
    z = (bd / trials - p) / se
    assert np.abs(z).max() < 4.5
    # a cell with no deal stays empty
    assert not bd[p == 0].any()
