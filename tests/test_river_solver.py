"""The river solver against what does not depend on its own code: the
clairvoyance game's textbook equilibrium (high only) and its hi/lo variant
where both players hold the same nut low (derived in docs/solver.md), the
value of a small game by the linear program of its sequence form, zero
sum, the exploitability (never negative, falling), and with no bets every
combo's EV its showdown share of the pot from the oracle's pair table."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from oracles.river import PairTable, sequence_form_value, small_tree

import omaha_eval as oe
from omaha_eval.cards import parse_cards
from omaha_eval.solver.river import cfr
from omaha_eval.solver.river.cfr import Dcfr
from omaha_eval.solver.river.solve import prepare_river

# The clairvoyance game: OOP holds the nuts (trip kings) or air (ace high),
# IP one bluff catcher (a pair of kings) that may only check, call or fold;
# every hand holds A-3, the nut low on this board, so in hi/lo the low half
# is always split.
BOARD = "Kh Qd 7c 4s 2d"
CATCHER = "AdKc3c9s"
NUTS = ["KsKdAs3s", "KsKdAh3h", "KsKdAc3d"]
AIR = ["As3h9c8c", "Ah3d9d8h", "Ac3s9h8d", "As3d6c5c", "Ah3s6d5d", "Ac3h6h5s"]
POT = 100.0


def _clairvoyance(game: str, bet: float) -> oe.RiverSolution:
    return oe.solve_river(
        BOARD,
        ", ".join(NUTS + AIR),
        CATCHER,
        pot=POT,
        stack=1000,
        bets=[bet],
        raises=[],
        allin=False,
        ip_bets=[],
        game=game,
        target_exploitability=1e-5,
    )


def _bluffs_and_calls(s: oe.RiverSolution) -> tuple[float, float]:
    """The air's share of OOP's betting range, and IP's call frequency."""
    (bet,) = [a for a in s.strategy("") if a.startswith("bet")]
    betting = s.arrivals[""] * s.strategy("")[bet]
    catcher = oe.evaluate(CATCHER, BOARD).high
    air = np.array([oe.evaluate(h, BOARD).high < catcher for h in s.hands("oop")])
    return float(betting[air].sum() / betting.sum()), float(s.strategy(bet)["call"][0])


def test_the_clairvoyance_hands_are_what_the_game_needs() -> None:
    catcher = oe.evaluate(CATCHER, BOARD)
    for hand in NUTS + AIR:
        v = oe.evaluate(hand, BOARD)
        assert (v.high > catcher.high) == (hand in NUTS)
        assert v.low == catcher.low == oe.rank_board(BOARD)[1].max()  # the same nut low
        assert not set(parse_cards(hand).tolist()) & set(parse_cards(CATCHER).tolist())


@pytest.mark.parametrize("bet", [0.5, 1.0, 2.0])
def test_clairvoyance_high_only_reaches_the_textbook_equilibrium(bet: float) -> None:
    s = _clairvoyance("omaha", bet)
    bluffs, calls = _bluffs_and_calls(s)
    b = bet * POT
    assert bluffs == pytest.approx(b / (POT + 2 * b), abs=0.01)
    assert calls == pytest.approx(POT / (POT + b), abs=0.01)
    assert 0 <= s.exploitability <= 1e-5 and s.stopped_by == "target"


@pytest.mark.parametrize("bet", [0.75, 1.0, 2.0])
def test_clairvoyance_hi_lo_with_the_same_nut_low_reaches_the_derived_equilibrium(
    bet: float,
) -> None:
    """docs/solver.md: the bluffs are (2B - P) / (2(P + 2B)) of the betting
    range and the catcher calls 3P / (3P + 2B) (a pot-size bet: a sixth,
    and 60%)."""
    s = _clairvoyance("omaha8", bet)
    bluffs, calls = _bluffs_and_calls(s)
    b = bet * POT
    assert bluffs == pytest.approx((2 * b - POT) / (2 * (POT + 2 * b)), abs=0.01)
    assert calls == pytest.approx(3 * POT / (3 * POT + 2 * b), abs=0.01)
    assert 0 <= s.exploitability <= 1e-5


SPOT = dict(
    board="Jd 8c 5h 4s 2h",
    oop="AsAh3c6d@0.5, KcKd2c3d, 9s9h7c6c, As2s3s4d, QhJh9c9d, 6s7s8d8h",
    ip="Ac2d5c6h, AdKh7d7h@2, Th9h8s6h, 3h3s4c5s, KsQsJcTc",
)


def _solve(**more: object) -> oe.RiverSolution:
    args = {**SPOT, "pot": 100, "stack": 150, **more}
    return oe.solve_river(**args)  # type: ignore[arg-type]


def test_the_evs_add_up_to_the_pot_and_the_exploitability_falls() -> None:
    s = _solve(target_exploitability=None, max_iterations=500)
    assert s.oop_ev + s.ip_ev == pytest.approx(100, abs=1e-9)
    marks = dict(s.curve)
    assert all(x >= -1e-12 for x in marks.values())
    assert marks[10] > marks[100] > marks[500]
    assert s.exploitability == min(marks.values())
    assert s.exploitability == pytest.approx(
        (s.oop_exploitability + s.ip_exploitability) / 2, abs=1e-15
    )


def test_every_strategy_sums_to_one_and_the_class_rows_add_up() -> None:
    s = _solve(max_iterations=200)
    for line in s.lines:
        node = s.node(line)
        frequencies = s.strategy(line)
        assert tuple(frequencies) == node.actions
        n = len(s.hands("oop" if node.player == 0 else "ip"))
        total = sum(frequencies.values())
        assert total.shape == (n,) and np.allclose(total, 1, atol=1e-12)
    summary = s.summary()
    every = summary.rows[-1]
    assert every.name == "all" and every.combos == len(s.hands("oop"))
    assert sum(r.share for r in summary.rows[:-1]) == pytest.approx(1)
    assert every.ev == pytest.approx(s.oop_ev, abs=1e-9)  # the range's EV, weighted
    assert sum(r.combos for r in summary.rows[:-1]) == every.combos


def test_with_no_bets_every_combo_wins_its_showdown_share_of_the_pot() -> None:
    s = _solve(bets=[], max_iterations=10)
    board = parse_cards(SPOT["board"]).tolist()
    table = PairTable(board, s.combos[0].tolist(), s.combos[1].tolist(), "omaha8")
    for p in (0, 1):
        other = s.weights[1 - p]
        want = 100 * table.values(p, other) / table.live(p, other)
        np.testing.assert_allclose(s.ev(["oop", "ip"][p]), want, rtol=1e-12, atol=1e-12)
    assert s.lines == ["", "check"] and s.exploitability == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
def test_a_small_game_has_the_value_of_its_sequence_form_linear_program(game: str) -> None:
    pytest.importorskip("scipy", reason="the linear program needs scipy (the test extra)")
    spot = {
        "board": "Kh 9d 6c 3s 2h",
        "oop": "AsAh4c5d@0.5, KcKd8c8d, Qs7s5h4h",
        "ip": "Ac4s5s8h, Td9c8s7h@2, 6d6h3c3d",
    }
    prepared = prepare_river(
        spot["board"],
        spot["oop"],
        spot["ip"],
        pot=100,
        stack=500,
        bets=["100%"],
        raises=[],
        allin=False,
        game=game,
        target_exploitability=1e-5,
    )
    s = prepared.run()
    board = parse_cards(spot["board"]).tolist()
    table = PairTable(board, s.combos[0].tolist(), s.combos[1].tolist(), game)
    weights = (s.weights[0].tolist(), s.weights[1].tolist())
    value = sequence_form_value(table, weights, 100.0, small_tree(100.0))
    bound = 100 * max(s.exploitabilities)  # |EV - value| <= the larger gain, in chips
    assert s.exploitability <= 1e-5
    assert abs(s.oop_ev - value) <= bound + 1e-9
    assert abs(s.ip_ev - (100 - value)) <= bound + 1e-9


def test_the_solver_on_the_oracle_s_table_reaches_the_same_game_value() -> None:
    """Each pass's terminal values agree to rounding; and solved on either
    table (regret matching is discontinuous where a regret crosses 0, so the
    iterates themselves may part), both EVs are the game's value within
    what the exploitabilities allow."""
    p = prepare_river(SPOT["board"], SPOT["oop"], SPOT["ip"], pot=100, stack=150)
    board = parse_cards(SPOT["board"]).tolist()
    table = PairTable(board, p.combos[0].tolist(), p.combos[1].tolist(), "omaha8")
    mine, theirs = Dcfr(p.tree, p.showdown, p.weights), Dcfr(p.tree, table, p.weights)
    for player in (0, 1):
        reach = mine._reach(1 - player, {n.index: mine.current(n) for n in mine.decisions})
        np.testing.assert_allclose(
            mine._leaves(player, reach), theirs._leaves(player, reach), rtol=0, atol=1e-9
        )
    measured = []
    for solver in (mine, theirs):
        while (evaluation := solver.evaluate()).exploitability > 1e-4:
            for _ in range(10):
                solver.iterate()
        measured.append(evaluation)
    a, b = measured
    bound = max(a.gains) + max(b.gains)  # chips: each EV is within its larger gain of the value
    assert abs(a.evs[0] - b.evs[0]) <= bound + 1e-9


def test_any_thread_count_gives_the_same_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfr, "THREAD_PAIRS", 0)  # the workers take every batch
    p = prepare_river(SPOT["board"], SPOT["oop"], SPOT["ip"], pot=100, stack=150)
    board = parse_cards(SPOT["board"]).tolist()
    table = PairTable(board, p.combos[0].tolist(), p.combos[1].tolist(), "omaha8")
    solved = []
    for threads in (1, 2):
        solver = Dcfr(p.tree, table, p.weights, threads)
        for _ in range(30):
            solver.iterate()
        solved.append((solver.averages(), solver.evaluate()))
    (one, a), (two, b) = solved
    assert all(np.array_equal(one[i], two[i]) for i in one)
    assert a.evs == b.evs and a.exploitability == b.exploitability
    same = _solve(max_iterations=30, threads=1), _solve(max_iterations=30, threads=2)
    assert same[0].to_dict() | {"elapsed": 0} == same[1].to_dict() | {"elapsed": 0}


def test_the_run_stops_at_the_cap_the_time_the_event_and_the_target() -> None:
    assert _solve(target_exploitability=None, max_iterations=25).iterations == 25
    timed = _solve(target_exploitability=None, time_limit=0.2)
    assert timed.stopped_by == "time" and timed.iterations >= 1
    stop = threading.Event()
    stop.set()
    stopped = _solve(stop=stop)
    assert (stopped.stopped_by, stopped.iterations) == ("stop", 0)
    reached = _solve(target_exploitability=0.01)
    assert reached.stopped_by == "target" and reached.exploitability <= 0.01


def test_progress_sees_the_exploitability_and_can_stop_the_run() -> None:
    seen: list[cfr.SolveProgress] = []
    stop = threading.Event()

    def progress(p: cfr.SolveProgress) -> None:
        seen.append(p)
        if p.iterations >= 30:
            stop.set()

    s = _solve(target_exploitability=None, max_iterations=1000, progress=progress, stop=stop)
    assert [p.iterations for p in seen] == [10, 20, 30]
    assert s.stopped_by == "stop" and s.iterations <= 30
    assert s.exploitability == min(p.exploitability for p in seen)


def test_ctrl_c_raises_solve_interrupted_with_the_best_solution_measured() -> None:
    def progress(p: cfr.SolveProgress) -> None:
        if p.iterations == 20:
            raise KeyboardInterrupt

    with pytest.raises(oe.SolveInterrupted) as info:
        _solve(target_exploitability=None, max_iterations=1000, progress=progress)
    solution = info.value.solution
    assert solution is not None and solution.stopped_by == "interrupted"
    assert solution.iterations in (10, 20)
