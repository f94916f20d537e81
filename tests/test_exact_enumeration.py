"""Exact enumeration (folded fixed hands, boards counted by rank multiset)
against the plain enumeration (tests/oracles/plain.py: every deal listed,
every hand scored from its 2 + 3 combinations by the five-card evaluator)
and the plain-Python brute force.

Every exact spot shape the tests hold: preflop to river (0 to 5 board cards),
4, 5 and 6 hole cards, heads-up to 6-way, ranges, random hands, dead cards,
hi/lo and high only, split in 1 to 4 parts.  Counts of unit-weight deals must
be equal exactly; weighted sums to the last few bits.
"""

from __future__ import annotations

import numpy as np
import pytest
from equity_spots import deal_random_spot, exact_counts, ids, make_spot, plain_counts
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.equity import brute_equity

from omaha_eval import _core


def rng_range(text_weights: list[tuple[str, float]]) -> tuple[str, np.ndarray, np.ndarray]:
    combos = np.array([ids(t) for t, _ in text_weights], dtype=np.uint8)
    return ("range", combos, np.array([w for _, w in text_weights]))


SPOTS = {
    "preflop heads-up": ([ids("As Ah 2c 3d"), ids("Kc Kd 4c 5d")], "", ""),
    "preflop heads-up both flush": ([ids("As Ks 2s 3d"), ids("Ah Qh 4h 5c")], "", ""),
    "preflop 3-way, small deck": (
        [ids("As Ah 2c 3d"), ids("Kc Kd 4c 5d"), ids("Qs Js Ts 9s")],
        "",
        "6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h",
    ),
    "Courchevel 5 cards 3-way": (
        [ids("As Ks 2s 3d 4s"), ids("Ah Qh 4h 5c 5h"), ids("Jc Tc 9c 8c 7d")],
        "2c",
        "",
    ),
    "two board cards": ([ids("As Ks 2s 3d"), ids("Ah Qh 4h 5c")], "Qs 6s", ""),
    "flop heads-up": ([ids("Ac 2c 3d 4d"), ids("Ks Kh Qs Qh")], "5c 6c Kd", ""),
    "flop 3-way dead": (
        [ids("Ac 2c 3d 4d"), ids("Ks Kh Qs Qh"), ids("7s 8s 9h Th")],
        "5c 6c Kd",
        "2h 3h",
    ),
    "flop 6-way": (
        [
            ids(h)
            for h in (
                "As Ks Qs Js",
                "Ah Kh Qh Jh",
                "Ad Kd Qd Jd",
                "Ac Kc Qc Jc",
                "Ts 9s 8s 7s",
                "Th 9h 8h 7h",
            )
        ],
        "2c 3c 4h",
        "",
    ),
    "flop 6 cards": ([ids("As 2s 3h Kd Kc 8c"), ids("Ah 4c 5d Qs Jd 2d")], "6s 7s 8s", ""),
    "turn 3-way": ([ids("As 2s 3h Kd"), ids("Ah 4c 5d Qs"), ids("Tc Td 9h 9s")], "6s 7h 8d Jc", ""),
    "turn 6 cards 3-way": (
        [ids("As 2s 3h Kd Kc 8c"), ids("Ah 4c 5d Qs Jd 2d"), ids("Tc Td 9h 9s 3s 4s")],
        "6s 7h 8d Jh",
        "Ad",
    ),
    "river 3-way dead": (
        [ids("Ad 2d Ks Kh"), ids("Ac 3c Qs Jh"), ids("8c 7c 6c 5c")],
        "4d 5h 9s Kc 2h",
        "Th Td",
    ),
    "river flush board": ([ids("Ad 2d Ks Kh"), ids("9d 3c Qd Jh")], "4d 5d 9s Kd 2h", ""),
    "turn range": (
        [
            ids("As 2s 3h Kd"),
            rng_range(
                [
                    ("Ah 4c 5d Qs", 1.0),
                    ("Kh Kc 4d 5c", 0.5),
                    ("6s 2c 3c 4h", 2.0),
                    ("Qh Qd Jd Td", 0.25),
                ]
            ),
        ],
        "6s 7h 8d Jc",
        "",
    ),
    "river two ranges 3-way": (
        [
            rng_range([("Ad 2d Ks Kh", 1.0), ("Ac 2c Qs Jh", 3.0), ("8c 7c 6c 5c", 1.0)]),
            rng_range([("Ac 3c Qs Jh", 2.0), ("Ah 2h 9c 9d", 1.0), ("Ad 3d 8s 8h", 0.5)]),
            ids("Tc Td Js Jd"),
        ],
        "4d 5h 9s Kc 2s",
        "Th",
    ),
    "flop ranges": (
        [
            rng_range([("Ac 2c 3d 4d", 1.0), ("5c 2h 3h 4h", 1.0)]),
            rng_range([("Ks Kh Qs Qh", 1.0), ("Ad 2d 8c 8d", 2.0), ("As 3s 7d 7h", 1.0)]),
        ],
        "5c 6c Kd",
        "",
    ),
    "preflop range, small deck": (
        [
            ids("Ks Kh Qs Qh"),
            rng_range([("Ad 2d 8c 8d", 2.0), ("As 3s 7d 7h", 1.0), ("Ah 3h 7s 7c", 1.0)]),
        ],
        "",
        " ".join(f"{r}{s}" for r in "23456" for s in "cdhs" if f"{r}{s}" not in ("2d", "3s", "3h")),
    ),
    "random hand on the turn": (
        [ids("As 2h 3c 3d"), "*"],
        "Ac Ad Ah Kc",
        " ".join(f"{r}{s}" for r in "456789T" for s in "cdhs"),
    ),
    "random hand on the river": ([ids("As 2s 3h Kd Kc"), "*"], "6s 7h 8d Jc 4s", ""),
}


# the plain enumeration of a whole preflop board set, or of every hand on a
# river, takes seconds: the slow tier
SLOW_SPOTS = ("preflop heads-up", "preflop heads-up both flush", "random hand on the river")


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_SPOTS else n for n in SPOTS]
)
def test_exact_equals_plain_enumeration(name: str, game: str) -> None:
    players, board, dead = SPOTS[name]
    spot = make_spot(players, ids(board), ids(dead), game=game)
    want = plain_counts(players, ids(board), ids(dead), game)
    unit_weights = all(not isinstance(p, tuple) for p in players)
    for parts in (1, 2, 3):
        got = exact_counts(spot, parts)
        assert got[3] == want[3]  # deals
        for g, w in zip(got[:3], want[:3], strict=True):
            if unit_weights:
                np.testing.assert_array_equal(g, w)
            else:
                np.testing.assert_allclose(g, w, rtol=1e-13, atol=0)
        if game == "omaha":
            assert not got[1].any() and not got[2][:, 9:].any()


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 5),
    k=st.sampled_from([4, 5, 6]),
    n_board=st.sampled_from([0, 1, 2, 3, 4, 5]),
    parts=st.integers(1, 4),
    game=st.sampled_from(["omaha8", "omaha"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_fixed_spots_equal_plain(
    n: int, k: int, n_board: int, parts: int, game: str, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    # few enough cards left that the plain path stays quick
    left = min(52 - n * k - n_board, {0: 17, 1: 20, 2: 26}.get(n_board, 52))
    hands, board, dead = deal_random_spot(rng, n, k, n_board, 52 - n * k - n_board - left)
    if left < 5 - n_board:
        return
    spot = make_spot(hands, board, dead, game=game)
    got, want = exact_counts(spot, parts), plain_counts(hands, board, dead, game)
    assert got[3] == want[3]
    for g, w in zip(got[:3], want[:3], strict=True):
        np.testing.assert_array_equal(g, w)


def test_plain_enumeration_matches_brute_force() -> None:
    """The reference itself, against the plain-Python oracle on a small spot."""
    players, board, dead = SPOTS["river two ranges 3-way"]
    out, low, _, deals = plain_counts(players, ids(board), ids(dead))
    hands = [
        [(list(map(int, c)), float(w)) for c, w in zip(p[1], p[2], strict=True)]
        if isinstance(p, tuple)
        else [(p, 1.0)]
        for p in players
    ]
    want = brute_equity(hands, ids(board), ids(dead))
    sums = np.zeros((3, _core.N_SUMS))
    deal = np.zeros(_core.N_DEAL_SUMS)
    _core.equity_sums(3, out, sums, deal)
    assert deals == want["deals"]
    for i, p in enumerate(want["players"]):
        assert sums[i, 0] / deal[0] == pytest.approx(float(p["hi_share"]), abs=1e-12)
        assert sums[i, 1] / deal[0] == pytest.approx(float(p["lo_share"]), abs=1e-12)
        assert low[i] / deal[0] == pytest.approx(float(p["makes_low"]), abs=1e-12)
