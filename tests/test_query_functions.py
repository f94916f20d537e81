"""Every query function against the plain-Python oracle (tests/oracles/query.py)
over every deal of small spots, exactly.

For each function of the table (omaha_eval/pql/functions.py), every
combination of arguments (every player, every street it takes, every hand
type...) is asked as the aggregates its result allows (count, avg,
histogram, min, max) in one exact query over a spot, and compared with the
same aggregates of the oracle's values over the same deals
(tests/query_spots.py).  The spots are small (dead cards leave 9 to 16
cards to come): hi/lo and high only, 4, 5 and 6 hole cards, flops and
turns, two and three players, a seat with a few hands, a seat with any
hand; random ones in the slow tier.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref
from oracles import query as oracle
from oracles import ranges as ref_ranges
from query_spots import (
    KIND,
    QUICK,
    SEATS,
    SPECS,
    Arg,
    Spec,
    call,
    card_text,
    check,
    const,
    deals_of,
    engine,
    selectors_of,
    street,
)

import omaha_eval as oe
from omaha_eval.pql.functions import FUNCTIONS, Function
from omaha_eval.pql.types import Type


def _low_cards(text: str) -> tuple[int, ...]:
    """Five cards of the ranks of a low written as '8765A' (suits do not count)."""
    ranks = [ref.RANKS.index(ch) for ch in text]
    return tuple(4 * r + i % 4 for i, r in enumerate(ranks))


RANGE_TREES = [
    ("pat", [("A", None)]),
    ("pat", [("R", None), ("R", None)]),
    ("pat", [("*", "h"), ("*", "h")]),
    ("macro", "ds"),
    ("union", [("pat", [("K", None), ("K", None)]), ("pat", [("Q", None)])]),
]
BOARD_TREES = [
    ("pat", [("*", "h")] * 3),
    ("pat", [("R", None), ("R", None)]),
    ("pat", [("A", None)]),
    ("inter", ("pat", [("*", "h")] * 2), ("pat", [("8", None)])),
]


def _arguments(f: Function, i: int, players: int) -> list[Arg]:
    """The arguments tried for parameter i of f."""
    param = f.params[i]
    t = param.type
    if t is Type.PLAYER:
        return [const(SEATS[p], p) for p in range(players)]
    if t is Type.STREET:
        return [street(s) for s in f.streets]
    if t is Type.HANDTYPE:
        words = [
            "highcard",
            "pair",
            "twopair",
            "threeofakind",
            "straight",
            "'flush'",
            "fullhouse",
            "quads",
            "straightflush",
        ]
        return [const(w, n) for n, w in enumerate(words)]
    if t is Type.FLOPCAT:
        return [const(w, n) for n, w in enumerate(oracle.FLOP_CATEGORIES)]
    if t is Type.HIRATING:
        hands = ["'AsAdKsKdQc'", "'7c5d4h3s2c'", "'Ts9s8s7s6s'"]
        # rateHiHand takes the cards, the others their rating
        rate = f.name == "rateHiHand"
        out = [
            const(h, tuple(ref.cards(h[1:-1])) if rate else ref.high_value(ref.cards(h[1:-1])))
            for h in hands
        ]
        if not param.const:
            out += [const("3000", 3000)]
        return out
    if t is Type.LORATING:
        lows = ["'8765A'", "'5432A'", "'7542A'"]
        rate = f.name == "rateLoHand"
        out = [
            const(lo, _low_cards(lo[1:-1]) if rate else ref.low_value(list(_low_cards(lo[1:-1]))))
            for lo in lows
        ]
        if not param.const:
            out += [const("30", 30)]
        return out
    if t is Type.EQUITY:
        return [const("0.5", 0.5), const("0.25", 0.25)]
    if t is Type.INT and f.name == "minOutsToHandType":
        return [const("2", 2), const("9", 9)]
    if t is Type.INT:
        return [const(str(n), n) for n in (1, 2, 3, 4)]
    if t is Type.RANGE:
        return [const(f"'{ref_ranges.render(tree)}'", tree) for tree in RANGE_TREES]
    if t is Type.BOARD:
        return [const(f"'{ref_ranges.render(tree)}'", tree) for tree in BOARD_TREES]
    if t is Type.CARD:
        return [const("'As'", ref.card("As")), const("'10h'", ref.card("Th"))]
    if t is Type.RANK:
        return [const("'A'", 12), const("'10'", 8), const("'2'", 0)]
    assert t is Type.RANKSET, t
    streets = [street(s) for s in (3, 4, 5)]
    hero = const("hero", 0)
    return [
        *(call("boardRanks", s) for s in streets),
        call("duplicatedBoardRanks", streets[2]),
        call("handRanks", hero),
        call("intersectingHandRanks", hero, streets[1]),
        const("'AK2'", frozenset({12, 11, 0})),
    ]


def _expressions(f: Function, i: int, players: int) -> list[Arg]:
    """Arguments that are expressions of the deal, where f takes one."""
    t = f.params[i].type
    if f.params[i].const:
        return []
    seat = const("villain", 1)
    streets = [street(s) for s in (3, 5)]
    if t is Type.HIRATING:
        return [call("hiRating", seat, s) for s in streets]
    if t is Type.LORATING:
        return [call("loRating", seat, s) for s in streets]
    if t is Type.EQUITY:
        return [call("hvhEquity", seat, s) for s in streets]
    if t is Type.INT:
        return [call("outsToHandType", seat, streets[0], const("flush", 5))]
    return []


def cases(f: Function, players: int) -> list[Arg]:
    """Every combination of the arguments tried for f."""
    choices = [
        _arguments(f, i, players) + _expressions(f, i, players) for i in range(len(f.params))
    ]
    return [call(f.name, *args) for args in product(*choices)]


def function_names() -> list[str]:
    return sorted({f.name for f in FUNCTIONS.values()})


def _slow(spec: Spec, case: Arg) -> bool:
    """Cases whose oracle tries every two cards on each river board of a
    flop (nuts, or nut outs from the turn), and 6-card ranges (the engine
    reads a range over all 20 million hands): the slow tier's."""
    text = case.text
    nut = text.startswith(("nutHi(", "nutLo(", "nutHiForHandType("))
    outs = text.startswith(("nutHiOuts(", "nutLoOuts(")) and "turn" in text
    if spec.flop and ((nut and "river" in text) or outs):
        return True
    return spec.k == 6 and text.startswith("inRange(")


def split_cases(spec: Spec, name: str) -> tuple[list[Arg], list[Arg]]:
    """(quick, slow) cases of the function on the spot (none for a function
    reading a low in a game without one: it is refused, test_query_errors.py)."""
    f = FUNCTIONS[name.lower()]
    if spec.game == "omaha" and f.low:
        return [], []
    every = cases(f, len(spec.players))
    return [c for c in every if not _slow(spec, c)], [c for c in every if _slow(spec, c)]


# ------------------------------------------------------------------ the tests


def test_every_function_is_tested() -> None:
    """Each function of the table has its oracle and its cases here, and
    the quick spots try every function on some spot."""
    assert set(function_names()) == set(oracle.FUNCTIONS)
    for name in function_names():
        assert any(split_cases(SPECS[s], name)[0] for s in QUICK), name


def test_aliases_answer_as_their_function() -> None:
    spec = SPECS["turn4-omaha8"]
    aliases = [(key, f) for key, f in FUNCTIONS.items() if key != f.name.lower()]
    assert aliases
    for key, f in aliases:
        case = cases(f, 2)[0]
        alias = key + case.text[len(f.name) :]
        kind = KIND[f.returns]
        assert engine(spec, selectors_of(kind, alias), False) == engine(
            spec, selectors_of(kind, case.text), False
        ), (key, f.name)


def _quick_pairs() -> list[tuple[str, str]]:
    """The default tier's (spot, function) pairs: each function on two of
    the quick spots that have cases for it, taken in turn, so that every
    function and every quick spot is tried."""
    pairs = []
    for i, name in enumerate(function_names()):
        usable = [s for s in QUICK if split_cases(SPECS[s], name)[0]]
        chosen = {usable[i % len(usable)], usable[(i + 1) % len(usable)]}
        pairs += [(s, name) for s in usable if s in chosen]
    return pairs


QUICK_PAIRS = _quick_pairs()


@pytest.mark.parametrize(("spec", "name"), QUICK_PAIRS)
def test_function_matches_the_oracle(spec: str, name: str) -> None:
    quick, _ = split_cases(SPECS[spec], name)
    assert check(SPECS[spec], quick, KIND[FUNCTIONS[name.lower()].returns]) >= len(quick)


SLOW_PAIRS = [
    (spec, name)
    for spec in sorted(SPECS)
    for name in function_names()
    if (spec, name) not in QUICK_PAIRS or split_cases(SPECS[spec], name)[1]
]


def test_every_quick_spot_is_tried() -> None:
    assert {s for s, _ in QUICK_PAIRS} == set(QUICK)


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "name"), SLOW_PAIRS)
def test_function_matches_the_oracle_on_more_spots(spec: str, name: str) -> None:
    quick, slow = split_cases(SPECS[spec], name)
    chosen = slow + (quick if (spec, name) not in QUICK_PAIRS else [])
    assert check(SPECS[spec], chosen, KIND[FUNCTIONS[name.lower()].returns]) >= len(chosen)


@st.composite
def random_specs(draw: st.DrawFn) -> Spec:
    """2 or 3 known hands of 4, 5 or 6 cards, a flop or a turn, 9 to 12
    cards to come, hi/lo or high only."""
    deck = draw(st.permutations(range(52)))
    k = draw(st.sampled_from((4, 5, 6)))
    n = draw(st.sampled_from((2, 3)))
    board = draw(st.sampled_from((3, 4)))
    live = draw(st.integers(9, 12))
    text = ["".join(card_text(c) for c in deck[i * k : (i + 1) * k]) for i in range(n)]
    rest = deck[n * k :]
    return Spec(
        "random",
        tuple(text),
        "".join(card_text(c) for c in rest[:board]),
        " ".join(card_text(c) for c in rest[board : board + live]),
        draw(st.sampled_from(("omaha8", "omaha"))),
    )


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=random_specs(), name=st.sampled_from([n for n in function_names() if n != "inRange"]))
def test_function_matches_the_oracle_on_random_spots(spec: Spec, name: str) -> None:
    quick, slow = split_cases(spec, name)
    every = quick + slow  # none for a low function in a high-only game
    try:
        check(spec, every, KIND[FUNCTIONS[name.lower()].returns])
    finally:
        deals_of.cache_clear()


# ------------------------------------------------------------------ the order of the streets

# Exact enumeration lists a completion once when nothing read tells the
# streets apart, and deals each street group in order when something does:
# a flop spot's turn is each card to come, not the lower of its last two.


def _direct(spec: Spec, case_list: list[Arg]) -> list[tuple[str, object, object]]:
    """(selector, engine, oracle) of the cases asked straight on the spot."""
    deals = deals_of(spec)
    out = []
    for c in case_list:
        kind = "card" if "Card()" in c.text else "bool" if "paired" in c.text else "handtype"
        sels = selectors_of(kind, c.text)[:1]
        got = engine(spec, sels, turn=False)[0]
        want = oracle.aggregate([(d.weight, c.value(d)) for d in deals], kind)
        out.append((sels[0], got, want.mean if kind == "bool" else want.histogram))
    return out


def _order_cases(s: int) -> list[Arg]:
    hero = const("hero", 0)
    return [call("pairedBoard", street(s)), call("handType", hero, street(s))]


def test_turn_of_a_flop_spot_is_any_card_to_come() -> None:
    spec = SPECS["flop4-omaha8"]
    cases_ = [call("turnCard"), call("riverCard"), *_order_cases(4)]
    for sel, got, want in _direct(spec, cases_):
        assert got == pytest.approx(want, abs=1e-12), sel


PREFLOP = Spec("preflop4", ("Ah2h5c9d", "KsKd3h4c"), "", "2d 4s 5d 6h 8c 9h Th Qs Kh Jd")


def test_flop_of_a_preflop_spot_is_any_three_cards_to_come() -> None:
    for sel, got, want in _direct(PREFLOP, _order_cases(3)):
        assert got == pytest.approx(want, abs=1e-12), sel


def test_river_of_a_preflop_spot_matches_the_oracle() -> None:
    """What the river reads does not depend on the order of the streets."""
    hero, villain = const("hero", 0), const("villain", 1)
    river = street(5)
    check(PREFLOP, [call("riverEquity", hero), call("hiRating", villain, river)], "number")
    check(PREFLOP, [call("handType", hero, river), call("winningHandType")], "handtype")
    check(PREFLOP, [call("scoops", villain), call("nutLo", hero, river)], "bool")


@pytest.mark.parametrize(
    ("hole", "flop"),
    [
        ("2c2d2h2s3c", "4h4s5c"),  # a pocket pair under a paired flop
        ("Kh7c2d3h", "Ks7d2c"),  # top two
        ("Kh2d3h4c", "Ks7d2c"),  # top and bottom
        ("7h2h3h4c", "Ks7d2c"),  # bottom two
        ("AhAd3c4c", "9s9d2c"),  # an overpair on a paired flop
        ("5h5d3c4c", "9s9d2c"),  # a pocket pair between a paired flop's ranks
    ],
)
def test_flop_categories_of_two_pair_hands_match_the_oracle(hole: str, flop: str) -> None:
    """Two pair on the flop, where the key's second pair is its third card."""
    got = (
        oe.query(
            f"select histogram(flopHandCategory(hero)) from hero='{hole}', villain='*', board='{flop}'",
            exact=False,
            trials=200,
            seed=1,
            hole_cards=len(hole) // 2,
        )
        .columns[0]
        .value
    )  # the flop is known: every deal alike
    want = oracle.FLOP_CATEGORIES[
        oracle._flop_category(tuple(ref.cards(hole)), tuple(ref.cards(flop)))
    ]
    assert got == {want: 1.0}
