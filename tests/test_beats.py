"""oe.beats() against brute force over the villain's combos (the plain
evaluator of tests/oracles), and its bad input gets equity()'s errors."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run_cli, run_python
from oracles import evaluator as ref
from oracles.equity import CATEGORY_NAMES

import omaha_eval as oe
from omaha_eval.cards import format_hands
from omaha_eval.evaluator import CATEGORIES
from omaha_eval.study.beats import HANDS_LISTED


def _sample_range(seed: int, size: int, k: int = 4) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    hands = oe.all_hands(k)
    combos = hands[rng.choice(len(hands), size, replace=False)]
    return combos, rng.integers(1, 5, size).astype(float) / 4


def _brute(
    hand: str, combos: np.ndarray, weights: np.ndarray, board: str, dead: str, has_low: bool = True
) -> tuple[dict, dict]:
    """{group: (weight, set of hands)} for high and for low, by the plain evaluator."""
    b, d, h = ref.cards(board), ref.cards(dead) if dead else [], ref.cards(hand)
    my_high, my_low = ref.evaluate(h, b)
    high: dict[str, tuple[float, set[str]]] = {}
    low: dict[str, tuple[float, set[str]]] = {}
    for row, w, text in zip(combos.tolist(), weights.tolist(), format_hands(combos), strict=True):
        if set(row) & (set(b) | set(d) | set(h)):
            continue  # not live
        hi, lo = ref.evaluate(row, b)
        if hi > my_high:
            best = max(ref.combos(row, b), key=ref.high_value)
            name = CATEGORY_NAMES[ref.high_key(best)[0]]
            weight, hands = high.get(name, (0.0, set()))
            high[name] = (weight + w, hands | {text})
        if has_low and lo > (my_low if my_low else 0):
            best = max(ref.combos(row, b), key=ref.low_value)
            key = ref.low_key(best)
            assert key is not None
            name = "-".join("A" if r == 1 else str(r) for r in key)
            weight, hands = low.get(name, (0.0, set()))
            low[name] = (weight + w, hands | {text})
    return high, low


def _as_dict(groups: tuple[oe.BeatsGroup, ...]) -> dict:
    for g in groups:  # every combo as ids, the first of them as text too
        assert g.combos is not None and g.count == len(g.combos)
        assert g.hands == tuple(format_hands(g.combos[:HANDS_LISTED]))
    return {g.name: (g.weight, set(format_hands(g.combos))) for g in groups}


SPOTS = [
    ("As2sJd9h", "Ks7d3c", ""),  # a flop with two low ranks: no low
    ("As2sJd9h", "Ks7d3c4h", "5d"),  # a turn: the hand holds the nut low
    ("AhKh3d4c", "Qh7h6s2c", ""),  # a turn: a low that lower lows beat
    ("KcKd7c6h", "Kh8s3d5c2s", "Ah"),  # a river with a dead card
]


@pytest.mark.parametrize(("hand", "board", "dead"), SPOTS)
def test_beats_equals_brute_force_over_the_villains_combos(hand, board, dead):
    combos, weights = _sample_range(len(board) + len(dead), 400)
    got = oe.beats(hand, [(combos, weights)], board, dead)
    want_high, want_low = _brute(hand, combos, weights, board, dead)
    v = got.villains[0]
    assert _as_dict(v.high).keys() == want_high.keys()
    for name, (weight, hands) in want_high.items():
        assert _as_dict(v.high)[name][1] == hands
        assert _as_dict(v.high)[name][0] == pytest.approx(weight)
    assert _as_dict(v.low).keys() == want_low.keys()
    for name, (weight, hands) in want_low.items():
        assert _as_dict(v.low)[name] == (pytest.approx(weight), hands)
    live = [not set(r) & set(ref.cards(board + dead + hand)) for r in combos.tolist()]
    assert v.combos == sum(live) and v.weight == pytest.approx(weights[live].sum())
    assert v.high_share == pytest.approx(sum(w for w, _ in want_high.values()) / v.weight)


def test_groups_are_best_first_and_hands_best_first():
    b = oe.beats("AhKh3d4c", "15%", "Qh7h6s2c")
    v = b.villains[0]
    order = [c.lower() for c in reversed(CATEGORIES)]
    names = [g.name for g in v.high]
    assert names == sorted(names, key=order.index)
    lows = [g.name for g in v.low]  # the better low (the lower top cards) first
    assert lows == sorted(lows, key=lambda s: [int(x) if x != "A" else 1 for x in s.split("-")])


def test_a_high_only_game_lists_no_low_and_a_hand_villain_is_listed():
    b = oe.beats("As2sJd9h", ["KsKd4c5c", "QQ"], "Kh7d3c4h", game="omaha")
    assert b.hand_low is None
    assert all(v.low == () for v in b.villains)
    assert b.villains[0].combos == 1 and b.villains[0].high[0].hands == ("KsKd5c4c",)
    assert "beats the low" not in str(b)


def test_a_random_villain_is_every_hand_of_the_cards_left():
    b = oe.beats("As2sJd9h", "*", "Ks7d3c4h5d")
    assert b.villains[0].combos == math.comb(52 - 4 - 5, 4)
    assert b.villains[0].weight == b.villains[0].combos


@pytest.mark.parametrize(
    ("args", "param"),
    [
        (("As2sJd9h", "KK", "Ks7d"), "board"),  # two board cards: nothing made now
        (("As2sJd9h", "KK", "Ks7d3x"), "board"),
        (("AsAs2d3d", "KK", "Ks7d3c"), "hand"),
        (("As2sJd9h", "KsKd4c5c", "Ks7d3c"), "villains[0]"),  # Ks twice
        (("15%", "KK", "Ks7d3c"), "hand"),
        (("As2sJd9h", "KK", "Ks7d3c", "Ks"), "dead"),
        (("As2sJd9h", "K!@", "Ks7d3c"), "villains[0]"),
        (("As2sJd9h", [], "Ks7d3c"), "villains"),
    ],
)
def test_bad_input_gets_the_errors_of_equity(args, param):
    with pytest.raises(oe.OmahaEvalError) as err:
        oe.beats(*args)
    assert err.value.param == param


def test_the_command_prints_the_library_answer(tmp_path):
    args = ["AhKh3d4c", "KK, 2345", "AA", "--board", "Qh7h6s2c", "--dead", "9c"]
    proc = run_cli("beats", *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    want = oe.beats("AhKh3d4c", ["KK, 2345", "AA"], "Qh7h6s2c", "9c")
    assert proc.stdout.rstrip("\n") == str(want)
    doc = json.loads(run_cli("beats", *args, "--json", cwd=tmp_path).stdout)
    assert doc == json.loads(json.dumps(want.to_dict()))


def test_the_command_names_the_bad_villain(tmp_path):
    proc = run_cli("beats", "AhKh3d4c", "KK", "AhKs2c2d", "--board", "Qh7h6s", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("omaha-eval: error: VILLAIN 2: card Ah")
    proc = run_cli("beats", "AhKh3d4c", "KK", "--board", "Qh7h", cwd=tmp_path)
    assert proc.returncode == 2 and "--board: expected 3, 4 or 5 cards" in proc.stderr


def test_one_villain_may_be_given_alone_or_in_a_list():
    combos, weights = _sample_range(7, 60)
    alone = oe.beats("As2sJd9h", (combos, weights), "Ks7d3c4h")
    listed = oe.beats("As2sJd9h", [(combos, weights)], "Ks7d3c4h")
    assert alone == listed and len(alone.villains) == 1
    ids = oe.beats("As2sJd9h", [40, 41, 42, 43], "Ks7d3c")  # one hand as card ids
    assert [v.villain for v in ids.villains] == ["QcQdQhQs"]


def test_the_board_is_written_highest_card_first():
    assert oe.beats("As2sJd9h", "KK", "3c Ks 7d").board == "Ks7d3c"


@pytest.mark.parametrize(
    ("villains", "live"),
    [
        ("7s7h8c8d, 2c3c4c5c", ["8d8c7s7h"]),  # the board takes 2c3c4c5c: one hand left
        (["7s7h8c8d, 2c3c4c5c", "9s9cTdJd, 7d8h8sQc"], ["8d8c7s7h", "JdTd9s9c"]),
    ],
)
def test_a_range_that_card_removal_leaves_one_hand_is_not_blocked_by_it(villains, live):
    # spot.prepare reads a range left one hand as that hand, whose cards are
    # then known: they are not a reason to drop the hand itself
    b = oe.beats("AsAhKsKh", villains, "2c7d9h")
    assert [v.combos for v in b.villains] == [1] * len(live)
    # each a set, which beats the aces
    assert [v.high[0].hands for v in b.villains] == [(hand,) for hand in live]
    assert [v.high_share for v in b.villains] == [1.0] * len(live)


def test_a_villain_of_every_hand_lists_a_bounded_number_of_hands():
    # every combo of a group is in its combos; only the first are text
    b = oe.beats("AsAd2c3h", "*", "Jc8d5c")
    v = b.villains[0]
    assert v.combos == math.comb(52 - 4 - 3, 4)
    groups = (*v.high, *v.low)
    assert sum(g.count for g in groups) > 10 * HANDS_LISTED * len(groups)
    assert all(len(g.hands) == min(g.count, HANDS_LISTED) for g in groups)
    assert len(json.dumps(b.to_dict())) < 1_000 * len(groups)
    assert len(str(b).splitlines()) < 10 + len(groups)


_PEAK = r"""
import re, sys
from omaha_eval.cli import main
try:
    main(ARGS)
except SystemExit as done:
    assert not done.code, done.code
with open("/proc/self/status", encoding="utf-8") as status:
    print(int(re.search(r"VmHWM:\s*(\d+) kB", status.read()).group(1)) // 1024, file=sys.stderr)
"""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc's VmHWM")
def test_six_card_hands_against_every_hand_answer_in_bounded_memory(tmp_path):
    # issue 45 item 2c: it built 6 M hand texts (about 2 GB, 70 s); now a
    # group lists its first hands: the peak is the range's own (20 M hands read)
    args = ["beats", "AsAhKsKhQsQh", "100%", "--board", "2c3d4h"]
    proc = run_python(f"ARGS = {args!r}\n{_PEAK}", tmp_path, 120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "6,096,454 combos live" in proc.stdout
    assert int(proc.stderr.split()[-1]) < 1_500  # MB
