"""Card text, the encoding, and clear errors for bad input (text and arrays)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracles import evaluator as ref

import omaha_eval as oe
from omaha_eval import cards as cards_module
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "text",
    ["As Kd", "AsKd", "as kd", "A♠ K♦", "As,Kd", "As, Kd", " as\tKD ", "A♤K♢"],
)
def test_written_forms(text):
    assert oe.parse_cards(text).tolist() == [51, 45]


def test_ten_forms_and_order():
    assert oe.parse_cards("10d Td".replace("Td", "Th")).tolist() == [33, 34]
    assert oe.parse_cards("2c3c4c5c").tolist() == [0, 4, 8, 12]
    assert oe.parse_cards("").dtype == np.uint8 and len(oe.parse_cards("")) == 0


@given(st.lists(st.integers(0, 51), unique=True, max_size=12))
def test_format_and_parse_round_trip(ids):
    text = oe.format_cards(ids)
    assert oe.parse_cards(text).tolist() == ids
    assert [ref.card(text[i : i + 2]) for i in range(0, len(text), 2)] == ids


def test_encoding_is_stated_identically_everywhere():
    """id = 4*rank + suit with the same rank and suit orders in the C header,
    the Python module and the README."""
    header = (ROOT / "src_c" / "oe_cards.h").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    doc = cards_module.__doc__ or ""
    for text in (header, readme, doc):
        assert re.search(r"id\s*=\s*4\s*\*\s*rank\s*\+\s*suit", text)
    assert "2=0 3=1 4=2 5=3 6=4 7=5 8=6 9=7 T=8 J=9 Q=10 K=11 A=12" in header
    assert "c=0 d=1 h=2 s=3" in header
    for text in (readme, doc):
        assert re.search(r"rank\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+9\s+T\s+J\s+Q\s+K\s+A", text)
        assert re.search(r"value\s+0\s+1\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+9\s+10\s+11\s+12", text)
        assert re.search(r"suit\s+c\s+d\s+h\s+s", text)
    assert cards_module.RANKS == ref.RANKS and cards_module.SUITS == ref.SUITS
    assert [oe.parse_cards(r + s)[0] for r in "2A" for s in "cs"] == [0, 3, 48, 51]


# ------------------------------------------------------------ text errors
@pytest.mark.parametrize(
    ("hole", "board", "pattern"),
    [
        ("As Kd Xh 2c", "Jd 4d 3c Qd 5h", r"hole: cannot read a card at column 7 \('Xh'\)"),
        ("As Kd Qh 2c", "Jd 4d 3c Qd 5z", r"board: cannot read a card .*'5z'"),
        ("As Kd Qh 1c", "Jd 4d 3c Qd 5h", r"hole: cannot read"),
        ("As Kd Qh As", "Jd 4d 3c Qd 5h", r"hole: card As appears twice in 'As Kd Qh As'"),
        ("As Kd Qh 2c", "Jd 4d 3c Qd As", r"card As is in both hole and board"),
        ("As Kd Qh", "Jd 4d 3c Qd 5h", r"hole: expected 4, 5 or 6 cards, got 3 in 'As Kd Qh'"),
        ("As Kd Qh 2c 3c 4c 5c", "Jd 4d 3s Qd 5h", r"hole: expected 4, 5 or 6 cards, got 7"),
        ("As Kd Qh 2c", "Jd 4d", r"board: expected 3, 4 or 5 cards, got 2 in 'Jd 4d'"),
        ("As Kd Qh 2c", "", r"board: expected 3, 4 or 5 cards, got 0"),
    ],
)
def test_text_errors_name_the_parameter_and_quote_the_input(hole, board, pattern):
    with pytest.raises(OmahaEvalError, match=pattern):
        oe.evaluate(hole, board)


@pytest.mark.parametrize(
    ("hole", "board", "exc", "pattern"),
    [
        ([51, 47, 43, 52], [0, 4, 8, 12, 16], OmahaEvalError, r"hole: card id 52 is outside 0..51"),
        ([51, 47, 43, -1], [0, 4, 8, 12, 16], OmahaEvalError, r"hole: card id -1 is outside"),
        (
            [51, 47, 43, 43],
            [0, 4, 8, 12, 16],
            OmahaEvalError,
            r"hole: card Qs appears twice in \[51, 47, 43, 43\]",
        ),
        ([51.0, 47, 43, 3], [0, 4, 8, 12, 16], OmahaEvalTypeError, r"hole: expected integer"),
        ([[51, 47, 43, 3]], [0, 4, 8, 12, 16], OmahaEvalError, r"hole: expected a 1-D array"),
        ([51, 47, 43, 3], None, OmahaEvalTypeError, r"board: expected integer card ids"),
        (12345, [0, 4, 8, 12, 16], OmahaEvalError, r"hole: expected a 1-D array"),
        (np.array([1, 0, 1, 1], bool), [0, 4, 8, 12, 16], OmahaEvalTypeError, r"dtype bool"),
    ],
)
def test_id_errors(hole, board, exc, pattern):
    with pytest.raises(exc, match=pattern):
        oe.evaluate(hole, board)


def test_type_errors_are_both_type_errors_and_package_errors():
    with pytest.raises(TypeError):
        oe.evaluate(["As", "Kd"], "Jd 4d 3c Qd 5h")  # strings in a list are not ids
    assert issubclass(OmahaEvalTypeError, OmahaEvalError)
    assert issubclass(OmahaEvalError, ValueError)
    with pytest.raises(OmahaEvalTypeError, match="expected card text"):
        oe.parse_cards(b"AsKd")  # type: ignore[arg-type]


# ------------------------------------------------------------ array errors
def good() -> tuple[np.ndarray, np.ndarray]:
    deals = np.array([np.random.default_rng(i).permutation(52)[:9] for i in range(6)])
    return deals[:, :4].astype(np.uint8), deals[:, 4:].astype(np.uint8)


def test_batch_errors():
    holes, boards = good()
    cases = [
        (
            holes.astype(np.float32),
            boards,
            OmahaEvalTypeError,
            r"holes: expected integer card ids, got dtype float32",
        ),
        (holes.astype(bool), boards, OmahaEvalTypeError, r"holes: expected integer .* dtype bool"),
        (
            holes,
            boards.astype(object),
            OmahaEvalTypeError,
            r"boards: expected integer .* dtype object",
        ),
        (
            holes[0],
            boards,
            OmahaEvalError,
            r"holes: expected a 2-D array of card ids, got shape \(4,\)",
        ),
        (
            holes[:, :3],
            boards,
            OmahaEvalError,
            r"holes: expected 4, 5 or 6 cards per row, got shape \(6, 3\)",
        ),
        (np.hstack([holes, holes[:, :3]]), boards, OmahaEvalError, r"got shape \(6, 7\)"),
        (holes, boards[:, :2], OmahaEvalError, r"boards: expected shape \(6, m\) or \(m,\)"),
        (holes, boards[:5], OmahaEvalError, r"boards: expected shape \(6, m\)"),
        (holes, boards[0, :2], OmahaEvalError, r"boards: a shared board needs 3, 4 or 5 cards"),
        (holes, boards[None], OmahaEvalError, r"boards: expected a 2-D array"),
        (
            holes.astype(np.int64) + 52,
            boards,
            OmahaEvalError,
            r"holes: card id \d+ is outside 0..51",
        ),
        (holes, boards.astype(np.int16) - 60, OmahaEvalError, r"boards: card id -\d+ is outside"),
        ("AsKdQh2c", boards, OmahaEvalTypeError, r"holes: expected an array of card ids, got text"),
        ([[1, 2, 3], [4, 5]], boards, OmahaEvalTypeError, r"holes: not an array of card ids"),
    ]
    for h, b, exc, pattern in cases:
        with pytest.raises(exc, match=pattern):
            oe.evaluate_batch(h, b)


def test_batch_duplicates_name_the_row():
    holes, boards = good()
    holes = holes.copy()
    holes[3, 1] = holes[3, 0]
    with pytest.raises(OmahaEvalError, match=r"holes/boards: row 3 repeats a card"):
        oe.evaluate_batch(holes, boards)
    holes, boards = good()
    holes[4, 2] = boards[4, 4]
    with pytest.raises(OmahaEvalError, match=r"row 4 repeats a card"):
        oe.evaluate_batch(holes, boards)
    shared = np.array([0, 1, 2, 3, 3], dtype=np.uint8)
    with pytest.raises(OmahaEvalError, match=r"row 0 repeats a card"):
        oe.evaluate_batch(np.array([[10, 11, 12, 13]]), shared)


def test_value_helpers_reject_out_of_range():
    for bad in (0, 7463, -1, 1.5, "7"):
        with pytest.raises(OmahaEvalError, match=r"high: expected a high value 1\.\.7462"):
            oe.high_name(bad)  # type: ignore[arg-type]
    for bad in (57, -1, None):
        with pytest.raises(OmahaEvalError, match=r"low: expected a low value 0\.\.56"):
            oe.low_name(bad)  # type: ignore[arg-type]
    with pytest.raises(OmahaEvalError, match=r"cards: 52 is not a card id 0..51"):
        oe.format_cards([1, 52])


def test_format_cards_refuses_bytes_and_the_small_spots_helper_matches_it():
    # bytes are one NumPy string, not card ids: refused, empty or not
    for ids in (b"", b"\x01\x33", b"\x34"):
        with pytest.raises(OmahaEvalError, match=r"is not a card id 0\.\.51"):
            oe.format_cards(ids)
    every = bytes(range(52))
    assert cards_module.text_of_checked_ids(every) == oe.format_cards(list(every))
    assert cards_module.text_of_checked_ids(b"") == ""


def test_card_text_longer_than_any_deck_is_refused_before_it_is_read() -> None:
    import time

    from omaha_eval.cards import CARD_TEXT, MAX_TEXT, parse_cards

    start = time.perf_counter()
    with pytest.raises(OmahaEvalError, match="characters of card text") as caught:
        parse_cards("As " * 3_000_000, "board")
    assert caught.value.param == "board" and len(str(caught.value)) < 300
    assert time.perf_counter() - start < 1.0  # 6 s of matching before the bound
    assert len(parse_cards(" , ".join(CARD_TEXT))) == 52  # a whole deck fits easily
    assert len(" , ".join(CARD_TEXT)) < MAX_TEXT
