"""Exact equity against the plain-Python brute force (tests/oracles/equity.py)."""

from __future__ import annotations

import json
import math
from dataclasses import FrozenInstanceError
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref
from oracles.equity import FIGURES, brute_equity

import omaha_eval as oe
from omaha_eval import _core
from omaha_eval.engine.results import FIGURES as RESULT_FIGURES

TOL = 1e-12


def as_reference(players: list, board: str, dead: str) -> tuple[list, list[int], list[int]]:
    """The same spot in the reference's terms: hands as [(cards, weight)]."""
    out = []
    for p in players:
        if isinstance(p, str):
            out.append([(ref.cards(p), 1.0)])
        else:
            combos, weights = p
            out.append(
                [(list(map(int, c)), float(w)) for c, w in zip(combos, weights, strict=True)]
            )
    return out, ref.cards(board) if board else [], ref.cards(dead) if dead else []


def assert_agrees(result: oe.EquityResult, expected: dict) -> None:
    assert result.method == "exact"
    assert result.trials == expected["deals"]
    assert len(result.players) == len(expected["players"])
    for got, want in zip(result.players, expected["players"], strict=True):
        for figure in FIGURES:
            assert getattr(got, figure) == pytest.approx(float(want[figure]), abs=TOL), figure
        assert got.stderr == 0.0
    assert result.no_low == pytest.approx(float(expected["no_low"]), abs=TOL)
    assert result.low_split == pytest.approx(float(expected["low_split"]), abs=TOL)
    assert result.any_quartered == pytest.approx(float(expected["any_quartered"]), abs=TOL)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=TOL)


def range_of(*hands_and_weights: tuple[str, float]) -> tuple[np.ndarray, np.ndarray]:
    combos = np.array([ref.cards(h) for h, _ in hands_and_weights], dtype=np.uint8)
    return combos, np.array([w for _, w in hands_and_weights])


FIXED_SPOTS = {
    "river heads-up": (["Ad Kd 3s 2s", "Ac 4h Qc Qs"], "Jd 4d 3c Qd 5h", ""),
    "river 3-way dead": (["Ad 2d Ks Kh", "Ac 3c Qs Jh", "8c 7c 6c 5c"], "4d 5h 9s Kc 2h", "Th Td"),
    "river quartered": (["Ad 2d Ks Kh", "Ac 2c Qs Jh", "9c 9d Tc Td"], "3h 4s 5d Kc 9h", ""),
    # a quarter as 1/6 + 1/12: three share the high, all six the wheel
    "river quartered by a 3-way high and a 6-way low": (
        ["6c 2c Ah Kh", "6d 3c As Ks", "6h 4c Ad Kd", "2h 3d Qc Jc", "2s 4d Qd Jd", "3s 5d Qs Js"],
        "Ac 2d 3h 4s 5c",
        "",
    ),
    # a quarter with no low: four players share the whole pot
    "river high four ways": (
        ["Tc 4c 5c 6c", "Td 4d 5d 6d", "Th 4h 5h 6h", "Ts 4s 5s 6s"],
        "Ah Ks Qd Jc 3h",
        "",
    ),
    "turn heads-up dead": (["As 2s 3h Kd", "Ah 4c 5d Qs"], "6s 7h 8d Jc", "2c 3c"),
    "turn 3-way": (["As 2s 3h Kd", "Ah 4c 5d Qs", "Tc Td 9h 9s"], "6s 7h 8d Jc", ""),
    "turn 5 cards": (["As 2s 3h Kd Kc", "Ah 4c 5d Qs Jd"], "6s 7h 8d Jc", ""),
    "turn 6 cards 3-way": (
        ["As 2s 3h Kd Kc 8c", "Ah 4c 5d Qs Jd 2d", "Tc Td 9h 9s 3s 4s"],
        "6s 7h 8d Jh",
        "Ad",
    ),
    "flop heads-up": (["Ac 2c 3d 4d", "Ks Kh Qs Qh"], "5c 6c Kd", ""),
    "flop 3-way dead": (["Ac 2c 3d 4d", "Ks Kh Qs Qh", "7s 8s 9h Th"], "5c 6c Kd", "2h 3h"),
}


@pytest.mark.parametrize("name", list(FIXED_SPOTS))
def test_exact_fixed_hands_match_brute_force(name: str) -> None:
    players, board, dead = FIXED_SPOTS[name]
    result = oe.equity(players, board, dead, exact=True)
    assert_agrees(result, brute_equity(*as_reference(players, board, dead)))


def test_exact_high_only_matches_brute_force() -> None:
    players, board, dead = FIXED_SPOTS["turn 3-way"]
    result = oe.equity(players, board, dead, exact=True, game="omaha")
    assert_agrees(result, brute_equity(*as_reference(players, board, dead), high_only=True))
    assert result.no_low == 1.0
    assert all(p.lo_share == 0 and p.makes_low == 0 for p in result.players)


RANGE_SPOTS = {
    # a range, with a hand that collides with the board (removed) and weights
    "turn range": (
        [
            "As 2s 3h Kd",
            range_of(
                ("Ah 4c 5d Qs", 1.0),
                ("Kh Kc 4d 5c", 0.5),
                ("6s 2c 3c 4h", 2.0),
                ("Qh Qd Jd Td", 0.25),
            ),
        ],
        "6s 7h 8d Jc",
        "",
    ),
    # two ranges sharing cards with each other: only non-colliding pairs count
    "river two ranges 3-way": (
        [
            range_of(("Ad 2d Ks Kh", 1.0), ("Ac 2c Qs Jh", 3.0), ("8c 7c 6c 5c", 1.0)),
            range_of(("Ac 3c Qs Jh", 2.0), ("Ah 2h 9c 9d", 1.0), ("Ad 3d 8s 8h", 0.5)),
            "Tc Td Js Jd",
        ],
        "4d 5h 9s Kc 2s",
        "Th",
    ),
    # ranges on the flop (one collapses to a single hand after removal)
    "flop ranges": (
        [
            range_of(("Ac 2c 3d 4d", 1.0), ("5c 2h 3h 4h", 1.0)),
            range_of(("Ks Kh Qs Qh", 1.0), ("Ad 2d 8c 8d", 2.0), ("As 3s 7d 7h", 1.0)),
        ],
        "5c 6c Kd",
        "",
    ),
}


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.slow) if n == "flop ranges" else n for n in RANGE_SPOTS],
)
def test_exact_ranges_match_brute_force(name: str) -> None:
    players, board, dead = RANGE_SPOTS[name]
    result = oe.equity(players, board, dead, exact=True)
    assert_agrees(result, brute_equity(*as_reference(players, board, dead)))


# 36 dead cards leave few enough for the brute force to deal "*" itself.
SMALL_DECK_DEAD = " ".join(ref.RANKS[r] + s for r in range(2, 11) for s in "cdhs")


@pytest.mark.parametrize("board", ["Ac Ad Ah", "Ac Ad Ah 2c", "Ac Ad Ah 2c 2d"])
def test_exact_random_hand_matches_brute_force(board: str) -> None:
    players = ["As 2h 3c 3d", "*"]
    result = oe.equity(players, board, SMALL_DECK_DEAD, exact=True)
    left = [c for c in range(52) if c not in ref.cards(board + " As 2h 3c 3d " + SMALL_DECK_DEAD)]
    every_hand = [(list(h), 1.0) for h in combinations(left, 4)]
    expected = brute_equity(
        [[(ref.cards(players[0]), 1.0)], every_hand], ref.cards(board), ref.cards(SMALL_DECK_DEAD)
    )
    assert_agrees(result, expected)


def test_known_preflop_value() -> None:
    # Issue 3: 6c6d6h6s vs 5c4d3h2s preflop is 54.04% vs 45.96%.
    result = oe.equity(["6c6d6h6s", "5c4d3h2s"])
    assert result.method == "exact"
    assert result.trials == 1_086_008
    assert [round(100 * p.equity, 2) for p in result.players] == [54.04, 45.96]


def test_known_no_low_board() -> None:
    # Issue 3: on KsQdJh9c9h no low is possible and the high takes all.
    result = oe.equity(["AsAh2c3d", "7c7d4c5d"], "KsQdJh9c9h")
    assert [p.equity for p in result.players] == [1.0, 0.0]
    assert result.no_low == 1.0 and result.players[0].scoop == 1.0


def test_ids_and_text_agree() -> None:
    text = oe.equity(["As 2s 3h Kd", "Ah 4c 5d Qs"], "6s 7h 8d Jc")
    ids = oe.equity(
        [ref.cards("As 2s 3h Kd"), np.array(ref.cards("Ah 4c 5d Qs"))], ref.cards("6s 7h 8d Jc")
    )
    assert [_figures(p) for p in text.players] == [_figures(p) for p in ids.players]
    assert [p.hand for p in ids.players] == ["As2s3hKd", "Ah4c5dQs"]  # ids are labelled by card


def _figures(p: oe.PlayerEquity) -> tuple[float, ...]:
    return tuple(getattr(p, f.name) for f in RESULT_FIGURES)


class RangeObject:
    """What omaha_eval.ranges.Range will look like: combos and weights."""

    def __init__(self, combos: np.ndarray, weights: np.ndarray) -> None:
        self.combos, self.weights = combos, weights


def test_range_object_and_tuple_agree() -> None:
    players, board, dead = RANGE_SPOTS["turn range"]
    as_object = [players[0], RangeObject(*players[1])]
    assert oe.equity(as_object, board, dead).players == oe.equity(players, board, dead).players


def test_weights_scale_free() -> None:
    players, board, dead = RANGE_SPOTS["river two ranges 3-way"]
    scaled = [(p[0], p[1] * 7.5) if isinstance(p, tuple) else p for p in players]
    a = oe.equity(players, board, dead).players
    b = oe.equity(scaled, board, dead).players
    for x, y in zip(a, b, strict=True):
        assert x.equity == pytest.approx(y.equity, abs=TOL)


SUIT_PERMUTATIONS = [(1, 0, 3, 2), (3, 2, 1, 0), (2, 3, 0, 1)]


def relabel(text: str, perm: tuple[int, ...]) -> str:
    return " ".join(oe.format_cards([4 * (c // 4) + perm[c % 4]]) for c in ref.cards(text))


@pytest.mark.parametrize("perm", SUIT_PERMUTATIONS)
def test_suit_relabelling_invariance(perm: tuple[int, ...]) -> None:
    players, board, dead = FIXED_SPOTS["flop 3-way dead"]
    a = oe.equity(players, board, dead)
    b = oe.equity([relabel(p, perm) for p in players], relabel(board, perm), relabel(dead, perm))
    assert a.trials == b.trials
    for x, y in zip(a.players, b.players, strict=True):
        for figure in FIGURES:
            assert getattr(x, figure) == pytest.approx(getattr(y, figure), abs=TOL)


@pytest.mark.parametrize("order", [(1, 0, 2), (2, 1, 0), (1, 2, 0)])
def test_player_order_invariance(order: tuple[int, ...]) -> None:
    players, board, dead = FIXED_SPOTS["turn 3-way"]
    a = oe.equity(players, board, dead)
    b = oe.equity([players[i] for i in order], board, dead)
    for j, i in enumerate(order):
        for figure in FIGURES:
            assert getattr(b.players[j], figure) == pytest.approx(
                getattr(a.players[i], figure), abs=TOL
            )
    assert b.no_low == pytest.approx(a.no_low, abs=TOL)


def test_exact_threads_give_the_same_counts() -> None:
    one = oe.equity(["6c6d6h6s", "5c4d3h2s"], threads=1)
    two = oe.equity(["6c6d6h6s", "5c4d3h2s"], threads=2)
    assert one.players == two.players and one.trials == two.trials


def _spot_and_histogram(players: list, board: str, parts: int) -> list[np.ndarray]:
    """Run the C enumeration in `parts` parts, through the private binding."""
    known = 0
    for c in ref.cards(board):
        known |= 1 << c
    kinds, combos, weights, masks = [], [], [], []
    for p in players:
        if isinstance(p, str):
            hand = np.array([ref.cards(p)], dtype=np.uint8)
            for c in hand[0]:
                known |= 1 << int(c)
            kinds.append(0), combos.append(hand), weights.append(np.ones(1))
            masks.append(np.zeros(1, np.uint64))
        else:
            c, w = p
            kinds.append(1), combos.append(c), weights.append(w.astype(np.float64))
            masks.append(np.array([sum(1 << int(x) for x in row) for row in c], dtype=np.uint64))
    b = np.array(ref.cards(board) if board else [], dtype=np.uint8)
    spot = _core.EquitySpot(4, _core.GAME_OMAHA8, b, known, kinds, combos, weights, masks)
    outs = []
    for part in range(parts):
        out, low = np.zeros(1 << (2 * len(players))), np.zeros(len(players))
        spot.exact(part, parts, out, low)
        outs.append(out)
    return outs


@pytest.mark.parametrize("board", ["", "5c 6c", "5c 6c Kd", "5c 6c Kd 9s", "5c 6c Kd 9s 2h"])
@pytest.mark.parametrize("parts", [2, 3])
def test_exact_parts_cover_every_deal_once(board: str, parts: int) -> None:
    ranged = range_of(("Ad 2d 8c 8d", 2.0), ("As 3s 7d 7h", 1.0), ("Ah 3h 7s 7c", 1.0))
    players = ["Ks Kh Qs Qh", ranged] if board else ["Ks Kh Qs Qh", "Ac 2c 3d 4d"]
    whole = _spot_and_histogram(players, board, 1)[0]
    split = _spot_and_histogram(players, board, parts)
    assert sum(o.sum() > 0 for o in split) >= 2  # the work is really shared
    np.testing.assert_allclose(np.sum(split, axis=0), whole, rtol=1e-12)


def test_result_is_frozen_and_json_ready() -> None:
    result = oe.equity(["As 2s 3h Kd", "Ah 4c 5d Qs"], "6s 7h 8d Jc")
    with pytest.raises(FrozenInstanceError):
        result.trials = 3  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        result.players[0].equity = 1.0  # type: ignore[misc]
    data = json.loads(json.dumps(result.to_dict()))
    assert data["method"] == "exact" and data["trials"] == result.trials
    assert data["players"][1]["equity"] == result.players[1].equity
    assert set(data["players"][0]) == set(FIGURES) | {
        "nut_low",
        "stderr",
        "hand",
        "kind",
        "combos",
        "breakdown",
    }


def _batch_equity(players: list[str], board: str) -> tuple[np.ndarray, int]:
    """Exact equity through a different path: every completion listed with
    NumPy and scored by evaluate_batch (the evaluator's own batch loop)."""
    hands = [ref.cards(p) for p in players]
    known = set(ref.cards(board) if board else []) | {c for h in hands for c in h}
    deck = [c for c in range(52) if c not in known]
    need = 5 - (len(ref.cards(board)) if board else 0)
    rest = np.array(list(combinations(deck, need)), dtype=np.uint8).reshape(-1, need)
    fixed = np.array(ref.cards(board) if board else [], dtype=np.uint8)
    boards = np.ascontiguousarray(np.hstack([np.tile(fixed, (len(rest), 1)), rest]))
    values = [
        oe.evaluate_batch(np.tile(np.array(h, np.uint8), (len(boards), 1)), boards) for h in hands
    ]
    high = np.ascontiguousarray(np.stack([v[0] for v in values], axis=1))
    low = np.ascontiguousarray(np.stack([v[1] for v in values], axis=1))
    hi, lo = _core.split_rows(high, low)
    return (hi + lo).mean(axis=0), len(boards)


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["As Ks 2s 3d", "Ah Qh 4h 5c"], ""),  # preflop, both can flush
        (["As Ks 2s 3d 4s", "Ah Qh 4h 5c 5h", "Jc Tc 9c 8c 7d"], "2c"),  # Courchevel
        (["As Ks 2s 3d", "Ah Qh 4h 5c"], "Qs 6s"),
    ],
)
def test_exact_matches_batch_evaluator_on_many_boards(players: list[str], board: str) -> None:
    expected, boards = _batch_equity(players, board)
    result = oe.equity(players, board, exact=True)
    assert result.trials == boards
    np.testing.assert_allclose([p.equity for p in result.players], expected, rtol=0, atol=TOL)


@st.composite
def river_and_turn_spots(draw: st.DrawFn) -> tuple[list, str, str, bool]:
    """2 to 4 players of k = 4..6 cards, a 4- or 5-card board, 0 to 3 dead
    cards, sometimes a small weighted range, all from one shuffled deck."""
    k = draw(st.sampled_from([4, 5, 6]))
    n = draw(st.integers(2, 4))
    n_board = draw(st.sampled_from([4, 5]))
    n_dead = draw(st.integers(0, 3))
    deck = draw(st.permutations(range(52)))

    def text(ids: list[int]) -> str:
        return oe.format_cards(list(ids))

    players: list = [text(deck[i * k : (i + 1) * k]) for i in range(n)]
    at = n * k
    board, dead = text(deck[at : at + n_board]), text(deck[at + n_board : at + n_board + n_dead])
    if draw(st.booleans()):  # replace the last player by a range of 3 hands
        pool = list(deck[at + n_board + n_dead :]) + list(deck[(n - 1) * k : n * k])
        hands = [pool[j * k : (j + 1) * k] for j in range(3)]
        weights = draw(st.lists(st.floats(0.1, 5.0), min_size=3, max_size=3))
        players[-1] = (np.array(hands, dtype=np.uint8), np.array(weights))
    return players, board, dead, draw(st.booleans())


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(river_and_turn_spots())
def test_exact_matches_brute_force_on_random_spots(spot: tuple[list, str, str, bool]) -> None:
    players, board, dead, high_only = spot
    game = "omaha" if high_only else "omaha8"
    result = oe.equity(players, board, dead, exact=True, game=game)
    expected = brute_equity(*as_reference(players, board, dead), high_only=high_only)
    assert_agrees(result, expected)


@pytest.mark.parametrize("k", [4, 5, pytest.param(6, marks=pytest.mark.slow)])
def test_random_hand_expansion_lists_every_hand_once(k: int) -> None:
    from omaha_eval._checks import row_masks as _card_masks
    from omaha_eval.engine.spot import unknown_hands as _all_hands

    known = set(ref.cards("As Kd 7h 2c 9s")) | set(range(12))
    hands = _all_hands(sum(1 << c for c in known), k)
    assert hands.shape == (math.comb(52 - len(known), k), k)
    assert (np.diff(hands.astype(int), axis=1) > 0).all()  # k different cards, in order
    assert len(np.unique(_card_masks(hands))) == len(hands)  # no hand twice
    assert not set(np.unique(hands).tolist()) & set(known)
