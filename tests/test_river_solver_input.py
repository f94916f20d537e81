"""The river solver's tree, inputs and outputs: the betting tree from the
sizes (names, all-ins, raise caps, a player with no sizes), every bad input
an OmahaEvalError naming its parameter, a tree too large refused before it
is built, the hand classes, and a solution read back from its document (a
malformed document names the key)."""

from __future__ import annotations

import json
import math
import threading
from typing import Any

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval import OmahaEvalError
from omaha_eval.cards import parse_cards
from omaha_eval.games import game as read_game
from omaha_eval.solver.river import solve
from omaha_eval.solver.river.classes import CLASSES, class_codes
from omaha_eval.solver.river.tree import MAX_NODES, Sizes, build_tree, read_sizes, size_name

BOARD = "Kh Qd 7c 4s 2d"
OOP = "KsKdAs3s, Ac3c5h6h, Ah3d9c9h, JcTc9d9s"
IP = "AdKc3c9s, Ac5d9c9d@0.5"


def _tree(pot: float, stack: float, **sizes: Any) -> dict[str, Any]:
    given = {"bets": ("50%", "100%"), "raises": ("100%",), "max_raises": 2, "allin": True}
    tree = build_tree(pot, stack, Sizes.read(**{**given, **sizes}))
    return {n.line: n for n in tree.nodes}


def test_the_tree_names_each_node_by_its_line_and_caps_raises_to_all_in() -> None:
    nodes = _tree(100, 200)
    assert nodes[""].actions == ("check", "bet 50%", "bet 100%", "all-in")
    assert nodes["check"].actions == ("check", "bet 50%", "bet 100%", "all-in")
    # a raise of 100% over a bet of 50 would be 250: more than the 200 behind, an all-in
    assert nodes["bet 50%"].actions == ("fold", "call", "all-in")
    assert nodes["bet 50% / all-in"].actions == ("fold", "call")
    assert nodes["bet 50% / all-in / call"].put == (200, 200)
    assert nodes["bet 100% / fold"].kind == "fold" and nodes["bet 100% / fold"].folder == 1
    assert nodes["check / check"].kind == "showdown"
    deep = _tree(100, 1000)
    assert deep["bet 50%"].actions == ("fold", "call", "raise 100%", "all-in")
    assert deep["bet 50% / raise 100%"].put == (50, 250)  # call 50, then the pot of 200
    assert deep["bet 50% / raise 100% / raise 100%"].put == (850, 250)
    assert deep["bet 50% / raise 100% / raise 100%"].actions == ("fold", "call")  # two raises


def test_a_bet_of_exactly_the_stack_keeps_its_size_and_no_all_in_repeats_it() -> None:
    nodes = _tree(100, 100, bets=("100%",))
    assert nodes[""].actions == ("check", "bet 100%")
    assert nodes["bet 100%"].actions == ("fold", "call")


def test_a_player_with_no_sizes_only_checks_calls_or_folds() -> None:
    nodes = _tree(100, 300, ip_bets=())
    assert nodes["check"].actions == ("check",)
    assert nodes["bet 50%"].actions == ("fold", "call")
    assert nodes["bet 50% / call"].kind == "showdown"
    capped = _tree(100, 300, max_raises=0, allin=False)
    assert capped["bet 100%"].actions == ("fold", "call")


def test_sizes_are_read_as_percent_or_fractions() -> None:
    assert read_sizes("50%, 100%", "bets") == (0.5, 1.0) == read_sizes([1.0, "50%"], "bets")
    assert read_sizes((), "bets") == () == read_sizes("", "bets")
    assert size_name(1 / 3) == "33.33%" and size_name(2) == "200%"


# ------------------------------------------------------------ bad input

GOOD = {"pot": 100, "stack": 200, "max_iterations": 10}
BAD = [
    ({"board": "Kh Qd 7c"}, "board"),
    ({"board": "Kh Qd 7c 4s Zz"}, "board"),
    ({"oop": "AA@-1"}, "oop"),
    ({"ip": "Kh2c3c4c"}, "ip"),  # a hand holding a board card
    ({"oop": "Kh**"}, "oop"),  # every hand holds a board card
    ({"dead": "Kh"}, "dead"),
    ({"pot": 0}, "pot"),
    ({"pot": -5}, "pot"),
    ({"pot": math.nan}, "pot"),
    ({"pot": "100"}, "pot"),
    ({"stack": -1}, "stack"),
    ({"stack": math.inf}, "stack"),
    ({"bets": ["-50%"]}, "bets"),
    ({"bets": [0]}, "bets"),
    ({"bets": [math.nan]}, "bets"),
    ({"bets": ["half"]}, "bets"),
    ({"bets": ["50"]}, "bets"),  # fifty pots
    ({"bets": ["50%", 0.5]}, "bets"),
    ({"bets": [f"{i + 1}%" for i in range(21)]}, "bets"),
    ({"bets": ["300%"]}, "bets"),  # 300 chips, more than the stack
    ({"bets": {"50%"}}, "bets"),
    ({"raises": ["0%"]}, "raises"),
    ({"oop_bets": ["x"]}, "oop_bets"),
    ({"ip_bets": ["250%"]}, "ip_bets"),
    ({"max_raises": -1}, "max_raises"),
    ({"max_raises": 2.5}, "max_raises"),
    ({"allin": "yes"}, "allin"),
    ({"game": "poker"}, "game"),
    ({"target_exploitability": 0}, "target_exploitability"),
    ({"target_exploitability": 2}, "target_exploitability"),
    ({"target_exploitability": math.nan}, "target_exploitability"),
    ({"target_exploitability": "0.3%"}, "target_exploitability"),
    ({"target_exploitability": None, "max_iterations": None}, "target_exploitability"),
    ({"max_iterations": 0}, "max_iterations"),
    ({"time_limit": 0}, "time_limit"),
    ({"time_limit": math.nan}, "time_limit"),
    ({"threads": 0}, "threads"),
    ({"progress": 5}, "progress"),
    ({"stop": "now"}, "stop"),
]


@pytest.mark.parametrize(("given", "param"), BAD)
def test_bad_input_is_an_error_naming_its_parameter(given: dict[str, Any], param: str) -> None:
    args = {"board": BOARD, "oop": OOP, "ip": IP, **GOOD, **given}
    with pytest.raises(OmahaEvalError) as info:
        oe.solve_river(**args)
    assert info.value.param == param, str(info.value)
    assert str(info.value).startswith(f"{param}: ")


def test_a_tree_too_large_is_refused_before_it_is_built() -> None:
    sizes = [f"{10 * (i + 1)}%" for i in range(20)]
    with pytest.raises(OmahaEvalError) as info:
        oe.solve_river(BOARD, OOP, IP, pot=1, stack=1e9, bets=sizes, raises=sizes, max_raises=10)
    assert info.value.param == "bets" and f"{MAX_NODES:,} nodes" in str(info.value)


def test_a_solve_too_large_for_memory_is_refused_with_its_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(solve, "MEMORY_LIMIT", 100)
    with pytest.raises(OmahaEvalError) as info:
        oe.solve_river(BOARD, OOP, IP, pot=100, stack=200, max_iterations=10)
    assert info.value.param == "bets" and "GB, over the limit" in str(info.value)


def test_a_combo_no_opponent_can_meet_leaves_the_game() -> None:
    # IP's two combos both hold As or Ac: OOP's AsAc... meets neither
    s = oe.solve_river(
        BOARD, "AsAc5h6h, JcJh9d9s", "As4h5c6c, Ac8h8s6d", pot=100, stack=100, max_iterations=10
    )
    assert s.hands("oop") == ["JhJc9s9d"]


# ------------------------------------------------------------ reading a solution


@pytest.fixture(scope="module")
def solution() -> oe.RiverSolution:
    return oe.solve_river(BOARD, OOP, IP, pot=100, stack=200, max_iterations=40)


def test_reading_a_line_that_is_not_a_decision_names_the_line(solution: oe.RiverSolution) -> None:
    assert set(solution.strategy("bet 50%")) == {"fold", "call", "all-in"}
    for line in ("bet 50% / fold", "raise 7%", 3):
        with pytest.raises(OmahaEvalError) as info:
            solution.strategy(line)  # type: ignore[arg-type]
        assert info.value.param == "line"
    with pytest.raises(OmahaEvalError) as info:
        solution.ev("villain")
    assert info.value.param == "player"
    assert solution.node("bet 50%/ all-in").line == "bet 50% / all-in"


def test_a_solution_reads_back_from_its_json_document(solution: oe.RiverSolution) -> None:
    data = json.loads(json.dumps(solution.to_dict()))
    back = oe.RiverSolution.from_dict(data)
    assert back.to_dict() == solution.to_dict()
    assert str(back) == str(solution)
    for line in solution.lines:
        assert np.array_equal(back.strategies[line], solution.strategies[line])


@pytest.mark.parametrize(
    ("change", "param"),
    [
        (lambda d: d.pop("board"), "board"),
        (lambda d: d.update(pot="100"), "pot"),
        (lambda d: d["sizes"].update(raises=5), "sizes.raises"),
        (lambda d: d["hands"].update(oop=["AsAsKdKc"]), "hands.oop"),
        (lambda d: d["weights"].update(ip=[1.0]), "weights.ip"),
        (lambda d: d["tree"][1].update(children=["nowhere"]), "tree[1]"),
        (lambda d: d["strategies"].update({"": [[1.0]]}), "strategies."),
        (lambda d: d.update(stopped_by="boredom"), "stopped_by"),
        (lambda d: d["classes"].update(oop=[99] * len(d["classes"]["oop"])), "classes.oop"),
    ],
)
def test_a_malformed_document_names_the_key(
    solution: oe.RiverSolution, change: Any, param: str
) -> None:
    data = json.loads(json.dumps(solution.to_dict()))
    change(data)
    with pytest.raises(OmahaEvalError) as info:
        oe.RiverSolution.from_dict(data)
    assert info.value.param == param
    with pytest.raises(OmahaEvalError) as info:
        oe.RiverSolution.from_dict([1, 2])  # type: ignore[arg-type]
    assert info.value.param == "data"


# ------------------------------------------------------------ hand classes


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
def test_the_hand_classes_follow_their_definitions(game: str) -> None:
    hands = {
        "KsKdAs3s": (0.9, "scoop", "scoop"),  # the high and the nut low
        "AsKc9h8h": (0.7, "high", "scoop"),  # the high, no low
        "Ac3c5h6h": (0.1, "nut_low_missed", "air"),  # a 3 or an 8 made a straight
        "Ah3d9c9h": (0.1, "nut_low", "air"),
        "Ac5d9c9d": (0.1, "low", "air"),  # 7-5-4-2-A
        "JcTc9d9s": (0.2, "air", "air"),
    }
    combos = np.array([parse_cards(h) for h in hands], np.uint8)
    share = np.array([v[0] for v in hands.values()])
    codes = class_codes(parse_cards(BOARD), combos, share, read_game(game))
    names = [CLASSES[c][0] for c in codes.tolist()]
    assert names == [v[1] if game == "omaha8" else v[2] for v in hands.values()]


def test_the_summary_and_the_table_hold_every_combo(solution: oe.RiverSolution) -> None:
    text = str(solution)
    assert "exploitability" in text and "OOP to act at the root" in text
    assert str(solution.summary("check")).startswith("IP to act after check")
    pd = pytest.importorskip("pandas", reason="to_pandas needs pandas (the pandas extra)")
    frame = solution.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    decisions = [solution.node(line) for line in solution.lines]
    assert len(frame) == sum(len(solution.combos[n.player or 0]) for n in decisions)
    root = frame[frame["line"] == ""]
    assert np.allclose(root["check"], solution.strategy("")["check"])


def test_a_stop_event_set_early_still_answers_a_measured_solution() -> None:
    stop = threading.Event()
    stop.set()
    s = oe.solve_river(BOARD, OOP, IP, pot=100, stack=200, stop=stop)
    assert s.iterations == 0 and s.curve == ((0, s.exploitability),)
