"""Board and dead-card patterns (omaha_eval/engine/boards.py): the equity over
every matching board is the mean of the equities of those boards, exact or by
stratified Monte Carlo within its standard error."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run_cli
from oracles import evaluator as ref

import omaha_eval as oe
from omaha_eval.errors import OmahaEvalError
from omaha_eval.ranges import card_sets

HANDS = ["AsAh2c3d", "KcKd4c5d"]
FIGURES = ("equity", "hi_share", "lo_share", "scoop", "hi_win", "lo_win", "makes_low")


def one_by_one(players: list, pattern: str, **options: object) -> list[oe.EquityResult]:
    """The exact result of every board the pattern matches that can be dealt."""
    known = {c for p in players if isinstance(p, str) for c in ref.cards(p)}
    results = []
    for b in card_sets(pattern):
        if set(b.tolist()) & known:
            continue
        try:
            results.append(oe.equity(players, list(b), exact=True, **options))
        except OmahaEvalError:
            continue  # a range with no hand left on this board
    return results


def test_card_sets_by_brute_force() -> None:
    spades = [c for c in range(52) if c % 4 == 3]
    assert len(card_sets("sss")) == 286 and all(c % 4 == 3 for c in card_sets("sss").ravel())
    ks = ref.cards("Ks")[0]
    assert len(card_sets("Ks**")) == 51 * 50 // 2 and (card_sets("Ks**") == ks).any(1).all()
    assert len(card_sets("$L$L$L")) == 32 * 31 * 30 // 6  # three low cards, any suits
    assert card_sets("AsKsQs").tolist() == [sorted(ref.cards("AsKsQs"))]
    assert len(spades) == 13


def small_range() -> tuple[np.ndarray, np.ndarray]:
    """Three weighted hands; their card removal differs from flop to flop."""
    hands = ["Kc Kd 4c 5d", "Qs Qh 9s 8s", "Jd Jc Ts 6s"]
    return np.array([ref.cards(h) for h in hands], np.uint8), np.array([1.0, 0.5, 2.0])


@pytest.mark.parametrize(
    "players",
    [HANDS, ["AsAh2c3d", small_range()], [small_range(), "Ad Ac 2d 3h", "7h 8h 9d Td"]],
    ids=["hands", "weighted range", "three players"],
)
def test_exact_is_the_mean_over_the_matching_flops(players: list) -> None:
    r = oe.equity(players, board="sss", exact=True)
    boards = one_by_one(players, "sss")
    assert r.boards == len(boards) and r.board == "sss"
    for i in range(len(players)):
        for name in FIGURES:
            mean = np.mean([getattr(b.players[i], name) for b in boards])
            assert getattr(r.players[i], name) == pytest.approx(mean, abs=1e-12), name
    assert r.no_low == pytest.approx(np.mean([b.no_low for b in boards]), abs=1e-12)


def test_high_only_game_over_a_pattern() -> None:
    r = oe.equity(HANDS, board="[A-T][A-T][A-T]", exact=True, game="plo")
    boards = one_by_one(HANDS, "[A-T][A-T][A-T]", game="plo")
    assert r.players[0].equity == pytest.approx(np.mean([b.players[0].equity for b in boards]))
    assert r.no_low == 1.0


def test_monte_carlo_is_within_four_standard_errors() -> None:
    exact = oe.equity(HANDS, board="sss", exact=True)
    for seed in (1, 2, 3):
        mc = oe.equity(HANDS, board="sss", exact=False, trials=100_000, seed=seed)
        assert mc.boards == exact.boards and mc.trials % mc.boards == 0  # equal per board
        p, q = mc.players[0], exact.players[0]
        assert abs(p.equity - q.equity) < 4 * p.stderr
    again = oe.equity(HANDS, board="sss", exact=False, trials=100_000, seed=3, threads=1)
    assert again.players == mc.players


def test_stratified_standard_error_is_honest() -> None:
    """The spread of 30 seeded estimates is what their standard error says."""
    runs = [oe.equity(HANDS, board="Ks7h*", exact=False, trials=4_000, seed=s) for s in range(30)]
    values = np.array([r.players[0].equity for r in runs])
    reported = np.mean([r.players[0].stderr for r in runs])
    assert 0.6 < values.std(ddof=1) / reported < 1.5  # wide: 30 runs estimate the spread to ~13%


def test_dead_card_pattern() -> None:
    r = oe.equity(["Kh Kd 7c 8c", "Qs Qh Jc Tc"], board="Ks 7h 2d", dead="AA", exact=True)
    aces = [list(b) for b in card_sets("AA")]
    each = [oe.equity(["Kh Kd 7c 8c", "Qs Qh Jc Tc"], "Ks 7h 2d", dead=a) for a in aces]
    assert r.boards == 6
    assert r.players[0].equity == pytest.approx(np.mean([e.players[0].equity for e in each]))


def test_patterns_that_match_nothing_say_so() -> None:
    with pytest.raises(OmahaEvalError, match="board: no set of cards matches 'AsAh\\*'"):
        oe.equity(HANDS, board="AsAh*")
    with pytest.raises(OmahaEvalError, match=r"board: column 1: .* same number of cards"):
        oe.equity(HANDS, board="ss, sss")
    with pytest.raises(OmahaEvalError) as info:
        oe.equity(HANDS, board="ss$ds")
    assert str(info.value).startswith("board: column 3")
    assert str(info.value).splitlines()[2].index("^") == 4 + 2  # a caret under column 3
    with pytest.raises(OmahaEvalError, match="target_stderr: not available"):
        oe.equity(HANDS, board="sss", target_stderr=0.01)


@pytest.mark.parametrize(("where", "text", "got"), [("board", "******", 6), ("dead", "*******", 7)])
def test_a_pattern_of_too_many_cards_says_how_many_it_may_name(
    where: str, text: str, got: int
) -> None:
    with pytest.raises(
        OmahaEvalError,
        match=rf"^{where}: column 1: a {where} pattern names at most 5 cards, got {got}",
    ):
        oe.equity(HANDS, **{where: text})


@pytest.mark.slow
def test_command_line_board_pattern(tmp_path: Path) -> None:
    proc = run_cli("equity", *HANDS, "--board", "sss", "--exact", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["boards"] == 220 and doc["board"] == "sss"
    assert doc["players"] == oe.equity(HANDS, board="sss", exact=True).to_dict()["players"]
    table = run_cli("equity", *HANDS, "--board", "sss", "--exact", cwd=tmp_path).stdout
    assert "over 220 boards matching 'sss'" in table
