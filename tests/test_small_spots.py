"""The small-spot path (omaha_eval/engine/small.py, src_c/oe_small.c): known
hands on a flop, turn or river, read in the compiled core by the card
reader's own table and counted in one C call, give exactly the general
engine's result; everything else goes the general way."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha_eval as oe
from omaha_eval.cards import format_cards
from omaha_eval.engine.small import small_spot
from omaha_eval.equity import equity_rounds
from omaha_eval.errors import OmahaEvalError

RANKS, SUITS = "23456789TJQKA", "cdhs"


def general(players, board="", dead="", **options):
    """The general engine's answer (equity_rounds never takes the small path)."""
    (result,) = equity_rounds(players, board, dead, **options)
    return result


def write(cards: list[int], style: int) -> str:
    """Card text in the forms people type: compact, spaced, commas, lower case, 10."""
    words = [RANKS[c >> 2] + SUITS[c & 3] for c in cards]
    if style == 1:
        words = [w.lower() for w in words]
    if style == 2:
        words = ["10" + w[1] if w[0] == "T" else w for w in words]
    return ["".join, " ".join, ", ".join][style % 3](words)


spots = st.tuples(
    st.integers(2, 6),
    st.sampled_from([4, 5, 6]),
    st.sampled_from([3, 4, 5]),
    st.integers(0, 3),
    st.sampled_from(["omaha8", "omaha", "plo8"]),
    st.integers(0, 2),
    st.permutations(range(52)),
)


@settings(max_examples=150, deadline=None)
@given(spots)
def test_small_path_equals_the_general_engine(spot) -> None:
    players, k, n_board, n_dead, game, style, deck = spot
    if players * k + n_board + n_dead + (5 - n_board) > 52:
        return
    hands = [write(deck[i * k : (i + 1) * k], style) for i in range(players)]
    rest = deck[players * k :]
    board, dead = write(rest[:n_board], style), write(rest[n_board : n_board + n_dead], style)
    used = deck[: players * k] + rest[: n_board + n_dead]
    written_ten = style == 2 and any(c >> 2 == RANKS.index("T") for c in used)
    # "10h" is read by the general reader; two-character cards by the quick one
    assert (small_spot(hands, board, dead, game, 0.0) is None) == written_ten
    fast = oe.equity(hands, board, dead, game=game)
    assert fast == general(hands, board, dead, game=game)
    assert fast.players[0].hand == format_cards(deck[:k])  # its cards, however written
    as_ids = [deck[i * k : (i + 1) * k] for i in range(players)]  # lists of ids, too
    assert oe.equity(as_ids, rest[:n_board], game=game) == general(
        as_ids, rest[:n_board], game=game
    )


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["10s10hJc3d", "7c7d4c5d"], "KsQdJh", ""),  # 10 for T: the general reader
        (["AsAh2c3d", "AA"], "KsQdJh", ""),  # a range
        (["AsAh2c3d", "*"], "KsQdJh9c9h", ""),  # a random hand
        (["AsAh2c3d", "7c7d4c5d"], "KsQd", ""),  # a board of two cards
        (["AsAh2c3d", "7c7d4c5d"], "sss", ""),  # a board pattern
        ([f"{r}c{r}d{r}h{r}s" for r in "2345678"], "9c9d9h", ""),  # seven players
        (["A\u2660Ah2c3d", "7c7d4c5d"], "KsQdJh", ""),  # a suit symbol: the general reader
        (["As Ah 2c 3", "7c7d4c5d"], "KsQdJh", ""),  # half a card: a pattern there
    ],
)
def test_other_spots_go_the_general_way_with_the_same_answer(players, board, dead) -> None:
    assert small_spot(players, board, dead, "omaha8", 0.0) is None
    oe.equity(players, board, dead, trials=5_000, seed=1)  # and answers


def test_a_card_twice_goes_the_general_way_which_names_it() -> None:
    players, board, dead = ["AsAh2c3d", "7c7d4c5d"], "KsQdJh", "AsKd"
    assert small_spot(players, board, dead, "omaha8", 0.0) is None
    with pytest.raises(OmahaEvalError, match=r"card As is in both dead and players\[0\]"):
        oe.equity(players, board, dead)


@pytest.mark.parametrize(
    "args",
    [
        (b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a", 2, 4, 3, 1),  # 12 cards wanted
        (bytes(range(11)), 1, 4, 3, 0),  # one player
        (bytes(range(11)), 2, 4, 2, 1),  # a board of two
        (bytes(range(51)), 2, 4, 3, 40),  # one card left for two to come
    ],
)
def test_the_binding_refuses_a_spot_small_read_did_not_give(args) -> None:
    from omaha_eval import _core

    with pytest.raises(ValueError, match="small_spot: bad arguments"):
        _core.small_spot(*args, 0, True)


@pytest.mark.parametrize(
    ("players", "board", "dead", "options", "message"),
    [
        (
            ["AsAh2c3d", "AsKd2c3c"],
            "KsQdJh",
            "",
            {},
            "card As is in both players[0] and players[1]",
        ),
        (["AsAh2c3d", "7c7d4c5d"], "KsQdJh", "Ks", {}, "card Ks is in both board and dead"),
        (["AsAh2c3d", "7c7d4c5d"], "KsQdJh", "", {"trials": 0}, "trials:"),
        (["AsAh2c3d", "7c7d4c5d"], "KsQdJh", "", {"seed": -1}, "seed:"),
        (["AsAh2c3d", "7c7d4c5d"], "KsQdJh", "", {"game": "stud"}, "game:"),
        ([[51, 47, 0, 1], [50, 46, 2, 3]], [4, 9, 99], "", {}, "board: card id 99 is outside"),
    ],
)
def test_bad_input_gets_the_general_error(players, board, dead, options, message) -> None:
    """The small path takes none of these: the general one names the error."""
    with pytest.raises(OmahaEvalError, match=message.replace("[", r"\[").replace("]", r"\]")):
        oe.equity(players, board, dead, **options)


def test_progress_is_called_once() -> None:
    seen = []
    r = oe.equity(["AsAh2c3d", "7c7d4c5d"], "KsQdJh", progress=seen.append)
    assert seen == [r]
