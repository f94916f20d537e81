"""range_hits (omaha_eval/study/hits.py) against a plain per-hand
reference written here from docs/hits.md's definitions, over the oracle
evaluator (tests/oracles/evaluator.py): each hand, each next card, tried
one by one."""

from __future__ import annotations

import threading
import time
from collections import Counter
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref

from omaha_eval import equity
from omaha_eval.cards import format_board, parse_cards, rank_of
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.ranges import Range
from omaha_eval.study.hits import (
    HIT_CLASSES,
    HIT_GROUPS,
    Hands,
    board_hits,
    hit_flags,
    prepare_range_hits,
    range_hits,
)

CATEGORY_NAMES = [c.name for c in HIT_CLASSES if c.group == "high"]
LOW_RANKS = {12, 0, 1, 2, 3, 4, 5, 6}  # A, 2-8 as rank ids
WINDOWS = [{12, 0, 1, 2, 3}] + [set(range(r, r + 5)) for r in range(9)]


def _category(hole: list[int], board: list[int]) -> int:
    return max(ref.high_key(five)[0] for five in ref.combos(hole, board))


def _straight(hole: list[int], board: list[int]) -> bool:
    """Two hole cards and three board cards of five consecutive ranks."""
    for five in ref.combos(hole, board):
        ranks = {ref.rank(c) for c in five}
        if len(ranks) == 5 and ranks in WINDOWS:
            return True
    return False


def _flush(hole: list[int], board: list[int]) -> bool:
    return any(len({ref.suit(c) for c in five}) == 1 for five in ref.combos(hole, board))


@cache
def _nut_lows(board: tuple[int, ...]) -> tuple[int, int]:
    """(nut, second nut) low: the best lows of any two cards not on the
    board (docs/rules.md, "The nuts": dead cards do not count)."""
    lows = {ref.best_low([a, b], list(board)) for a, b in combinations(_off(board), 2)}
    ordered = [*sorted(lows - {0}, reverse=True), 0, 0]
    return ordered[0], ordered[1]


def _off(board: tuple[int, ...]) -> list[int]:
    """A card of each rank not all on the board (the lows of two cards
    depend on their ranks alone)."""
    one_of_rank: dict[int, int] = {}
    for c in range(52):
        if c not in board:
            one_of_rank.setdefault(ref.rank(c), c)
    return sorted(one_of_rank.values())


def reference(
    hole: list[int], board: list[int], dead: list[int], has_low: bool = True
) -> dict[str, bool]:
    """Every class of one hand, straight from the definitions."""
    out: dict[str, bool] = {}
    category = _category(hole, board)
    for code, name in enumerate(CATEGORY_NAMES):
        out[name] = category == code
    unseen = [c for c in range(52) if c not in hole and c not in board and c not in dead]
    draws = len(board) < 5
    if has_low:
        low = ref.best_low(hole, board)
        nut, second = _nut_lows(tuple(board))
        out["nut_low"] = low > 0 and low == nut
        out["second_nut_low"] = low > 0 and low == second
        out["other_low"] = low > 0 and not out["nut_low"] and not out["second_nut_low"]
        out["no_low"] = low == 0
        if draws:
            after = {c: ref.best_low(hole, [*board, c]) for c in unseen}
            nut_after = {c: _nut_lows(tuple([*board, c]))[0] for c in unseen}
            out["low_draw"] = low == 0 and any(v > 0 for v in after.values())
            out["nut_low_draw"] = low == 0 and any(
                v > 0 and v == nut_after[c] for c, v in after.items()
            )
            spare = {ref.rank(c) for c in hole} & LOW_RANKS - {ref.rank(c) for c in board}
            out["nut_low_draw_backup"] = out["nut_low_draw"] and len(spare) >= 3
    if draws:
        flush_outs = [c for c in unseen if _flush(hole, [*board, c])]
        out["flush_draw"] = not _flush(hole, board) and bool(flush_outs)
        nut = False
        for s in {ref.suit(c) for c in flush_outs}:
            best = max(ref.rank(c) for c in range(52) if ref.suit(c) == s and c not in board)
            nut |= any(ref.suit(c) == s and ref.rank(c) == best for c in hole)
        out["nut_flush_draw"] = out["flush_draw"] and nut
        made = _straight(hole, board)
        outs = 0 if made else sum(_straight(hole, [*board, c]) for c in unseen)
        out["straight_made"] = made
        out["wrap_13"] = not made and outs >= 13
        out["wrap_9"] = not made and 9 <= outs <= 12
        out["straight_draw"] = not made and 1 <= outs <= 8
        out["no_straight_draw"] = not made and outs == 0
    hand = Counter(ref.rank(c) for c in hole)
    on_board = Counter(ref.rank(c) for c in board)
    top = max(on_board)
    out["set"] = any(n >= 2 and on_board[r] == 1 for r, n in hand.items())
    out["top_set"] = hand[top] >= 2 and on_board[top] == 1
    out["hole_two_pair"] = sum(1 for r in hand if on_board[r] == 1) >= 2
    out["overpair"] = any(n >= 2 and r > top for r, n in hand.items())
    out["top_pair"] = hand[top] == 1 and on_board[top] == 1
    return out


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[int], list[int]]:
    k = draw(st.sampled_from([4, 4, 4, 5]))
    n_board = draw(st.sampled_from([3, 3, 4, 5]))
    n_dead = draw(st.sampled_from([0, 0, 1, 3]))
    cards = draw(st.permutations(range(52)))
    return cards[:k], cards[k : k + n_board], cards[k + n_board : k + n_board + n_dead]


@settings(max_examples=120, deadline=None)
@given(deals(), st.booleans())
def test_every_class_of_one_hand_matches_the_reference(deal, has_low) -> None:
    hole, board, dead = deal
    classes, flags = hit_flags(
        np.array([sorted(hole)], dtype=np.uint8),
        np.array(board, dtype=np.uint8),
        np.array(dead, dtype=np.uint8),
        has_low,
    )
    expected = reference(hole, board, dead, has_low)
    got = {c.name: bool(f) for c, f in zip(classes, flags[0], strict=True)}
    assert got == expected


# Boards that make the draws and lows happen: low cards, suits twice, connected.
BOARDS = ["7h 5h 2c", "Ah 3d 8s", "Qh Jh 4c", "9s 8s 7d 2c", "5s 4s 3s", "Kd Kh 6c", "4c 3c 2d Ah"]


@pytest.mark.parametrize("board", BOARDS)
def test_range_shares_are_the_weighted_mean_of_the_reference(board) -> None:
    rng = np.random.default_rng(sum(map(ord, board)))
    known = set(ref.cards(board))
    deck = [c for c in range(52) if c not in known]
    combos = np.array(
        sorted({tuple(sorted(rng.choice(deck, 4, replace=False).tolist())) for _ in range(60)}),
        dtype=np.uint8,
    )
    weights = rng.choice([0.25, 0.5, 1.0], size=len(combos))
    hits = range_hits((combos, weights), board)
    flags = [reference(row.tolist(), ref.cards(board), []) for row in combos]
    for j, c in enumerate(hits.classes):
        expected = sum(w for w, f in zip(weights, flags, strict=True) if f[c.name]) / weights.sum()
        assert hits[c.name] == pytest.approx(expected, abs=1e-12), c.name
        assert hits.share(c.name)[0] == hits.values[0, j]


@pytest.mark.parametrize("board", [*BOARDS, "Ah Kh Qh Jh Th"])
def test_the_shares_of_each_partition_add_up_to_one(board) -> None:
    hits = range_hits("15%", board)
    for group, partition in HIT_GROUPS.items():
        names = [c.name for c in hits.classes if c.group == group]
        if partition and names:
            assert sum(hits[n] for n in names) == pytest.approx(1.0, abs=1e-12), group


@pytest.mark.parametrize("board", BOARDS)
def test_a_single_hands_hits_are_zero_or_one(board) -> None:
    hits = range_hits("Ad 2h 6d Js", board)
    assert set(hits.values.ravel().tolist()) <= {0.0, 1.0}
    assert hits.flags is not None and hits.flags.shape == (1, len(hits.classes))
    assert hits.flags[0].tolist() == [v == 1.0 for v in hits.values[0]]


def test_nested_draws_hold_each_other() -> None:
    hits = range_hits("15%", "7h 5h Kc")
    flags = hits.flags
    assert flags is not None
    col = {c.name: j for j, c in enumerate(hits.classes)}
    assert not (flags[:, col["nut_low_draw"]] & ~flags[:, col["low_draw"]]).any()
    assert not (flags[:, col["nut_low_draw_backup"]] & ~flags[:, col["nut_low_draw"]]).any()
    assert not (flags[:, col["nut_flush_draw"]] & ~flags[:, col["flush_draw"]]).any()
    assert hits["nut_low_draw_backup"] > 0 and hits["nut_flush_draw"] > 0


def test_a_high_only_game_has_no_low_classes_and_a_river_no_draws() -> None:
    high_only = range_hits("AA", "7h 5h 2c", game="omaha")
    assert not any(c.low for c in high_only.classes)
    river = range_hits("AA", "7h 5h 2c Kd 9s")
    assert not any(c.draw for c in river.classes)


def test_dead_cards_and_the_board_remove_hands() -> None:
    hits = range_hits("AsAh**", "Ad 7c 2h", dead="Kd")
    assert hits.combos is not None
    assert not np.isin(hits.combos, ref.cards("Ad 7c 2h Kd")).any()
    assert int(hits.hands[0]) == len(hits.combos) == 1035  # C(46, 2) hands of AsAh


@pytest.mark.parametrize(
    ("board", "dead", "param"),
    [
        ("Ah Kh Qh", "Ah", "dead"),
        ("7h 5h 2c", "7h", "dead"),
        ("7h7h5h", "", "board"),
        ("As 5h 2c", "", "players[0]"),
        ("7h 5h 2c", "Ks Qs Jd Ks", "dead"),
    ],
)
def test_bad_cards_get_the_errors_of_equity(board, dead, param) -> None:
    with pytest.raises(OmahaEvalError) as ours:
        range_hits("AsAhKsKh", board, dead)
    with pytest.raises(OmahaEvalError) as theirs:
        equity(["AsAhKsKh", "*"], board, dead)
    assert type(ours.value) is type(theirs.value)
    assert theirs.value.param == param
    assert ours.value.param == param.replace("players[0]", "range")
    # the same error, its field named once: equity's detail names the range
    # inside the player's field
    assert ours.value.detail == theirs.value.detail.removeprefix("range: ").replace(
        "players[0]", "range"
    )


@pytest.mark.parametrize("board", ["Ah Kh Qh Jh Th 9h", "Ah", "Ah Kh"])
def test_a_board_of_another_size_is_refused_as_equity_refuses_six_cards(board) -> None:
    with pytest.raises(OmahaEvalError, match=r"^board: expected 0, 3, 4 or 5 cards, got \d"):
        range_hits("AA", board)


@pytest.mark.parametrize(
    ("board", "dead", "param"), [("Ah Kh Zz", "", "board"), ("", "Xy", "dead")]
)
def test_card_patterns_are_refused_naming_the_parameter(board, dead, param) -> None:
    with pytest.raises(OmahaEvalError, match=rf"^{param}: cannot read a card"):
        range_hits("AA", board, dead)


def test_bad_range_text_gets_the_range_error_of_equity() -> None:
    with pytest.raises(OmahaEvalError) as ours:
        range_hits("AA:$zz", "7h 5h 2c")
    with pytest.raises(OmahaEvalError) as theirs:
        equity(["AA:$zz", "*"], "7h 5h 2c")
    assert ours.value.param == "range" and theirs.value.param == "players[0]"
    # the same error, its field named once: equity's detail names the range
    # inside the player's field
    assert ours.value.detail == theirs.value.detail.removeprefix("range: ")


@pytest.mark.parametrize(
    ("value", "hole_cards"),
    [(None, None), (12, None), ([1.5, 2, 3, 4], None), ("AA", 7), (None, 7)],
)
def test_a_bad_range_or_hole_count_gets_the_error_of_equity(value, hole_cards) -> None:
    # the range is read as every view reads a player (engine/players.py)
    with pytest.raises(OmahaEvalError) as ours:
        range_hits(value, "7h 5h 2c", hole_cards=hole_cards)
    with pytest.raises(OmahaEvalError) as theirs:
        equity([value, "*"], "7h 5h 2c", hole_cards=hole_cards)
    assert type(ours.value) is type(theirs.value)
    assert ours.value.param == theirs.value.param.replace("players[0]", "range")
    assert ours.value.detail == theirs.value.detail


@pytest.mark.parametrize("stars", ["*", "****"])
def test_stars_are_every_hand(stars) -> None:
    every = range_hits("100%", "Kh 7d 2c", dead="As")
    hits = range_hits(stars, "Kh 7d 2c", dead="As")
    assert hits.range == stars and hits.hands.tolist() == every.hands.tolist() == [comb(48, 4)]
    np.testing.assert_array_equal(hits.values, every.values)


def test_a_grouping_that_does_not_exist_is_named() -> None:
    with pytest.raises(OmahaEvalError, match=r"by: expected one of texture"):
        range_hits("AAKK", by="colour")


def _flop_chance(i: int, j: int) -> float:
    """The chance that a flop from the 48 cards an AAKK hand leaves holds i
    of the two other aces and j of the two other kings."""
    return comb(2, i) * comb(2, j) * comb(44, 3 - i - j) / comb(48, 3)


def test_every_flop_means_match_the_flop_counts_of_a_pair_of_pairs() -> None:
    hits = range_hits("AAKK")  # every hand of two aces and two kings, every flop
    assert hits.probability.sum() == pytest.approx(1.0, abs=1e-12)
    # every flop but the four of three aces and the four of three kings (no hand left)
    assert int(hits.boards.sum()) == comb(52, 3) - 2 * comb(4, 3)
    counts = [(i, j) for i in range(3) for j in range(3) if i + j <= 3]
    assert hits["set"] == pytest.approx(sum(_flop_chance(i, j) for i, j in counts if 1 in (i, j)))
    assert hits["overpair"] == pytest.approx(sum(_flop_chance(0, j) for j in range(3)))
    four = sum(_flop_chance(i, j) for i, j in counts if 2 in (i, j))
    assert hits["four_of_a_kind"] == pytest.approx(four)


@pytest.mark.parametrize("text", ["AsAhKsKh", "AsAh**:$ds"])
def test_flops_that_leave_the_range_no_hand_are_no_rows(text) -> None:
    hits = range_hits(text)
    masks = [sum(1 << int(c) for c in row) for row in Range(text).combos]
    dealt = sum(
        1
        for flop in combinations(range(52), 3)
        if any(not m & (1 << flop[0] | 1 << flop[1] | 1 << flop[2]) for m in masks)
    )
    assert int(hits.boards.sum()) == dealt < comb(52, 3)
    assert (hits.hands > 0).all() and (hits.probability > 0).all()
    for group, partition in HIT_GROUPS.items():
        columns = [j for j, c in enumerate(hits.classes) if c.group == group]
        if partition and columns:
            np.testing.assert_allclose(hits.values[:, columns].sum(axis=1), 1.0, atol=1e-12)
    # a filter for rows of nothing finds none
    assert not (hits.values[:, [c.group == "high" for c in hits.classes]].sum(axis=1) == 0).any()


@pytest.mark.slow
def test_every_flop_rows_agree_with_each_flop_asked_alone() -> None:
    """The rows (flops up to suit permutations) against every flop one by
    one: each flop's shares (board_hits, checked hand by hand above),
    weighted by its live hands' weight."""
    text = "AA:$ds, KQJT@0.5"
    hits = range_hits(text)
    whole = Range(text)
    hands = Hands.of(whole.combos)
    direct = np.zeros(len(hits.classes))
    total = 0.0
    for flop in combinations(range(52), 3):
        live = ~np.isin(whole.combos, flop).any(axis=1)
        weights = np.where(live, whole.weights, 0.0)
        mass = float(weights.sum())
        if mass == 0:
            continue
        one = board_hits(hands, np.array(flop, dtype=np.uint8), np.zeros(0, np.uint8), True, live)
        direct += mass * one.shares(hands, weights)
        total += mass
    means = np.array([hits.mean(c.name) for c in hits.classes])
    np.testing.assert_allclose(means, direct / total, atol=1e-12)


def test_boards_are_written_as_every_view_writes_them_highest_card_first() -> None:
    # one way to write a flop (cards.format_board, as board reports write theirs)
    one = range_hits("A2**", "2c 3c Ac 5d")
    assert one.board == format_board(parse_cards("2c 3c Ac 5d")) == "Ac3c2c5d"
    every = range_hits("AsAh2c3d")
    for text in every.board_texts:
        ids = parse_cards(text)
        assert text == format_board(ids)
        assert [rank_of(int(c)) for c in ids] == sorted(
            (rank_of(int(c)) for c in ids), reverse=True
        )
    assert "Ac3c2c" in str(range_hits("A2**", "2c3cAc"))


def test_progress_counts_the_boards_done() -> None:
    seen: list[tuple[int, int]] = []
    hits = range_hits("AAKK", progress=lambda done, total: seen.append((done, total)))
    total = seen[0][1]
    assert seen == [(i, total) for i in range(1, total + 1)] and total >= len(hits)
    one: list[tuple[int, int]] = []
    range_hits("AAKK", "Kh7d2c", progress=lambda done, total: one.append((done, total)))
    assert one == [(1, 1)]


def test_a_stop_set_ends_the_run_within_a_flop() -> None:
    stop = threading.Event()
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done == 5:
            stop.set()

    with pytest.raises(KeyboardInterrupt):
        range_hits("15%", progress=progress, stop=stop)
    assert seen == [1, 2, 3, 4, 5]
    with pytest.raises(KeyboardInterrupt):  # set before: no work at all
        range_hits("15%", "Kh7d2c", stop=stop)


@pytest.mark.parametrize(("name", "value"), [("stop", "yes"), ("progress", 3)])
def test_a_bad_stop_or_progress_is_named(name, value) -> None:
    with pytest.raises(OmahaEvalTypeError) as error:
        range_hits("AA", "Kh7d2c", **{name: value})
    assert error.value.param == name


def test_a_run_over_the_work_limit_is_refused_before_any_work() -> None:
    start = time.process_time()
    with pytest.raises(OmahaEvalError, match=r"^range: 20,358,520 hands on 1,755 flops"):
        range_hits("*", hole_cards=6)  # every six-card hand on every flop
    assert time.process_time() - start < 1.0  # counted, not listed
    prepared = prepare_range_hits("*", "Kh7d2c", hole_cards=6)  # one board is fine
    assert prepared.hands == comb(49, 6) and prepared.boards == 1
