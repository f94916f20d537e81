"""Text that looks like cards but is read as a pattern: the note saying how
(engine/lookalikes.py), strict=True / --strict-cards refusing it, and hands
labelled by their cards however they were typed."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_eval import Range, batch, equity
from omaha_eval.cards import CARD_TEXT, RANKS, SUITS, format_cards, parse_cards
from omaha_eval.engine.boards import CardPattern, read_cards
from omaha_eval.engine.lookalikes import reading
from omaha_eval.engine.players import read_player, read_players
from omaha_eval.engine.question import read_question
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.pql import query

REFUSED = "strict=True refuses it"


def note_of(text: str, k: int = 4) -> str | None:
    return read_player(text, "players[0]", k).note


def ids(text: str) -> set[int]:
    return set(parse_cards(text).tolist())


# --- players --------------------------------------------------------------


def test_a_suit_variable_in_a_hand_is_noted_with_the_one_hand_it_leaves() -> None:
    # x must be a suit not written elsewhere (s, h and c are): diamonds only
    (only,) = [s for s in SUITS if s not in "shc"]
    hand = Range("AsAh2c3x")
    assert [ids(format_cards(c)) for c in hand.combos] == [ids(f"AsAh2c3{only}")]
    assert note_of("AsAh2c3x") == (
        "players[0]: 'AsAh2c3x' read as a pattern (x is a suit variable), matching only "
        f"{format_cards(hand.combos[0])}; {REFUSED}"
    )


def test_three_cards_in_a_four_card_spot_are_every_hand_holding_them() -> None:
    holding = 52 - 3  # the fourth card: any other
    assert note_of("AsAh2c") == (
        "players[0]: 'AsAh2c' read as a pattern (3 cards where hands hold 4), matching "
        f"{holding} hands of a full deck; {REFUSED}"
    )


def test_a_macro_without_its_dollar_is_two_cards() -> None:
    deck = range(52)
    # AA:ds as read: two aces, and a diamond and a spade (any ranks)
    count = sum(
        1
        for h in itertools.combinations(deck, 4)
        if sum(c // 4 == 12 for c in h) >= 2
        and any(c % 4 == 1 for c in h)
        and any(c % 4 == 3 for c in h)
    )
    assert note_of("AA:ds") == (
        "players[0]: 'AA:ds' read as a pattern (ds is two cards, a diamond and a spade, not "
        f"the hand macro $ds), matching {count:,} hands of a full deck; {REFUSED}"
    )
    assert note_of("AA:$ds") is None


def test_a_rank_variable_that_makes_five_cards_is_named_in_the_error() -> None:
    with pytest.raises(OmahaEvalError) as info:
        read_player("AsAh2c3p", "players[0]", 4)
    first = str(info.value).splitlines()[0]
    assert "pattern has 5 cards but hands have 4" in first
    assert "'AsAh2c3p' was read as a pattern: p is a rank variable, 3p is two cards" in first


def test_commas_make_each_card_a_term_and_the_note_says_so() -> None:
    # "As,Ah,2c" is three one-card terms: every hand holding any of them
    either = Range("As, Ah, 2c")
    assert len(either) == len(Range("As")) + len(Range("Ah")) + len(Range("2c")) - len(
        Range("AsAh")
    ) - len(Range("As2c")) - len(Range("Ah2c")) + len(Range("AsAh2c"))
    assert note_of("As,Ah,2c") == (
        "players[0]: 'As,Ah,2c' read as a pattern (',' separates terms, each a pattern of its "
        f"own), matching {len(either):,} hands of a full deck; {REFUSED}"
    )


@pytest.mark.parametrize("text", ["AsAh2c3x", "AsAh2c", "AA:ds", "AsAh2c3p", "as ah 2c 3X"])
def test_strict_refuses_player_text_that_looks_like_cards(text: str) -> None:
    with pytest.raises(OmahaEvalError) as info:
        read_player(text, "players[1]", 4, strict=True)
    message = str(info.value)
    assert message.startswith(f"players[1]: {text!r} would be read as a pattern (")
    assert message.endswith(REFUSED)


@pytest.mark.parametrize(
    "text", ["AA", "15%", "AK**", "*", "**", "AA:$ds", "AxAy", "KK, QQ", "A2**:$ds", "[A-T]s*"]
)
def test_ordinary_ranges_get_no_note_even_when_strict(text: str) -> None:
    assert note_of(text) is None
    assert read_player(text, "players[0]", 4, strict=True).note is None


def test_equity_carries_the_notes_in_order_and_strict_refuses() -> None:
    r = equity(["AsAh2c3x", "8s8d7h6h"], board="Ks Qd Jh 9y")
    assert [n.split(":")[0] for n in r.notes] == ["players[0]", "board"]
    assert r.to_dict()["notes"] == list(r.notes)
    with pytest.raises(OmahaEvalError, match=r"^board: 'Ks Qd Jh 9y' would be read"):
        equity(["AsAh2c3d", "8s8d7h6h"], board="Ks Qd Jh 9y", strict=True)
    with pytest.raises(OmahaEvalTypeError, match="strict: expected True or False, got 'yes'"):
        equity(["AsAh2c3d", "8s8d7h6h"], strict="yes")  # type: ignore[arg-type]


def test_query_carries_the_note_and_strict_refuses() -> None:
    text = "select count(winsHi(hero)) from hero='AsAh2c3x', villain='KsKh4c5d'"
    result = query(text)
    assert not isinstance(result, list)
    assert [n.split(":")[0] for n in result.notes] == ["hero"]
    with pytest.raises(OmahaEvalError, match="hero: 'AsAh2c3x' would be read as a pattern"):
        query(text, strict=True)


def test_batch_spots_carry_the_note_and_take_strict() -> None:
    spots = [
        {"id": "noted", "players": ["AsAh2c3x", "8s8d7h6h"]},
        {"id": "strict", "players": "AsAh2c3x|8s8d7h6h", "strict": "true"},
    ]
    records = {r.id: r.record for r in batch.run(spots)}
    assert records["noted"]["notes"] == [note_of("AsAh2c3x")]
    assert records["strict"]["status"] == "error"
    assert records["strict"]["error"].startswith("player 1: 'AsAh2c3x' would be read as a pattern")


# --- board and dead cards -------------------------------------------------


def test_a_suit_variable_on_the_board_leaves_only_the_unnamed_suit() -> None:
    board = read_cards("Ks Qd Jh 9y", "board", range(6))
    assert isinstance(board, CardPattern)
    # y takes a suit not written elsewhere: s, d and h are, so clubs
    assert [set(row.tolist()) for row in board.sets] == [ids("Ks Qd Jh 9c")]
    assert board.note == (
        "board: 'Ks Qd Jh 9y' read as a pattern (y is a suit variable), matching only "
        f"{format_cards(board.sets[0])}; {REFUSED}"
    )


def test_a_suit_variable_letter_in_a_flop_makes_it_a_turn_pattern() -> None:
    board = read_cards("KsQdZh", "board", range(6))
    assert isinstance(board, CardPattern)
    # Z is suit variable z (a club: the one suit not named) and h any heart
    clubs = [4 * r + SUITS.index("c") for r in range(13)]
    hearts = [4 * r + SUITS.index("h") for r in range(13)]
    expected = {frozenset({*ids("KsQd"), c, h}) for c in clubs for h in hearts}
    assert {frozenset(row.tolist()) for row in board.sets} == expected
    assert board.note == (
        "board: 'KsQdZh' read as a pattern (Z is a suit variable, Zh is two cards), matching "
        f"{len(expected)} boards of a full deck; {REFUSED}"
    )


@pytest.mark.parametrize("text", ["sss", "Ks**", "[A-8][A-8][A-8]"])
def test_ordinary_board_patterns_get_no_note(text: str) -> None:
    board = read_cards(text, "board", range(6), strict=True)
    assert isinstance(board, CardPattern) and board.note is None


def test_dead_pattern_gets_no_note_and_the_table_says_what_it_averages_over(
    tmp_path: Path,
) -> None:
    dead = read_cards("AA", "dead", None, strict=True)
    assert isinstance(dead, CardPattern) and dead.note is None
    proc = run_cli("equity", "KsKd7h8h", "9s9d6c5c", "--dead", "AA", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    aces = sum(1 for _ in itertools.combinations("cdhs", 2))
    assert f"over {aces} dead-card sets matching 'AA'" in proc.stdout
    assert "matching ''" not in proc.stdout


# --- property: cards are never noted --------------------------------------

_WRITTEN_RANKS = {r: [r, r.lower()] for r in RANKS} | {"T": ["T", "t", "10"]}
_WRITTEN_SUITS = {
    "c": ["c", "C", "♣"],
    "d": ["d", "D", "♦"],
    "h": ["h", "H", "♥"],
    "s": ["s", "S", "♠"],
}


@st.composite
def card_text(draw: st.DrawFn, n: int) -> tuple[str, list[int]]:
    """n distinct cards, each in a random written form, random separators:
    spaces or nothing, or commas between every two cards (a comma after a
    group of cards makes the text a list of range terms, engine/players.py)."""
    cards = draw(st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))
    separators = draw(st.sampled_from([["", " "], [",", ", "]]))
    parts = []
    for c in cards:
        rank, suit = CARD_TEXT[c]
        parts.append(
            draw(st.sampled_from(_WRITTEN_RANKS[rank]))
            + draw(st.sampled_from(_WRITTEN_SUITS[suit]))
        )
        parts.append(draw(st.sampled_from(separators)))
    return "".join(parts), cards


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([4, 5, 6]).flatmap(lambda k: st.tuples(st.just(k), card_text(k))))
def test_text_of_distinct_cards_is_a_hand_and_never_noted(
    case: tuple[int, tuple[str, list[int]]],
) -> None:
    k, (text, cards) = case
    p = read_player(text, "players[0]", k, strict=True)
    assert (p.kind, p.note) == ("hand", None)
    assert p.label == format_cards(cards)  # labelled by its cards, however typed


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 5).flatmap(card_text))
def test_board_of_distinct_cards_is_cards_and_never_noted(case: tuple[str, list[int]]) -> None:
    text, cards = case
    board = read_cards(text, "board", range(6), strict=True)
    assert not isinstance(board, CardPattern)
    assert board.tolist() == cards
    assert reading(text) is None
    q = read_question(["*", "*"], text, strict=True)
    assert q.notes == ()


# --- labels ---------------------------------------------------------------


def test_hands_are_labelled_by_their_cards_in_every_path() -> None:
    typed = ["kc kd qc qd", "as,ah, 2c,10d"]
    labels = [format_cards(parse_cards(t)) for t in typed]
    assert labels == ["KcKdQcQd", "AsAh2cTd"]
    small = equity(typed, board="Ks7d2h")  # the small-spot path
    general = equity(typed, board="Ks7d2h", hole_cards=4)  # the general path
    sampled = equity([*typed, "*"], trials=1000, seed=1)
    for r in (small, general, sampled):
        assert [p.hand for p in r.players][:2] == labels
    players, _ = read_players(typed)
    assert [p.label for p in players] == labels


# --- the command line -----------------------------------------------------


def test_cli_table_shows_the_note_with_the_flag(tmp_path: Path) -> None:
    proc = run_cli("equity", "AsAh2c3x", "KsKd7h8h", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    notes = [line for line in proc.stdout.splitlines() if line.startswith("note: ")]
    assert notes == [
        "note: player 1: 'AsAh2c3x' read as a pattern (x is a suit variable), matching only "
        "2c3dAhAs; --strict-cards refuses it"
    ]


def test_cli_strict_cards_refuses_in_one_line(tmp_path: Path) -> None:
    proc = run_cli(
        "equity", "AsAh2c3d", "8s8d7h6h", "--board", "KsQdZh", "--strict-cards", cwd=tmp_path
    )
    assert_one_line_error(
        proc, "--board: 'KsQdZh' would be read as a pattern", "--strict-cards refuses it"
    )


def test_cli_labels_hands_by_their_cards_in_table_and_json(tmp_path: Path) -> None:
    proc = run_cli("equity", "kc kd qc qd", "AsAh2c3d", "--board", "Ks7d2h", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rows = proc.stdout.splitlines()[2:4]
    assert [row.split()[0] for row in rows] == ["KcKdQcQd", "AsAh2c3d"]
    proc = run_cli("equity", "kc kd qc qd", "AsAh2c3d", "--json", cwd=tmp_path)
    assert '"hand": "KcKdQcQd"' in proc.stdout
