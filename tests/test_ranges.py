"""Range language: every construct against brute force over all 270,725 hands,
the API, weights and percent ranges.  The predicates are plain Python on
Counters of ranks and suits, written from docs/ranges.md."""

from __future__ import annotations

import doctest
import itertools
import math
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import cli_env

import omaha_eval
from omaha_eval import OmahaEvalError, OmahaEvalTypeError, Range, parse_range
from omaha_eval import _range_parse as rp
from omaha_eval import ranges as ranges_module
from omaha_eval.hands import hand_table

A, K, Q, J, T = 12, 11, 10, 9, 8
LOW = {12, 0, 1, 2, 3, 4, 5, 6}  # A, 2..8
SPADES, HEARTS = 3, 2


class Hand:
    """A hand with its rank and suit counts, for predicates."""

    __slots__ = ("cards", "r", "rs", "s")

    def __init__(self, cards: tuple[int, ...]) -> None:
        self.cards = cards
        self.r = Counter(c // 4 for c in cards)
        self.s = Counter(c % 4 for c in cards)
        self.rs = sorted(self.r.values(), reverse=True)


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    return [Hand(h) for h in itertools.combinations(range(52), 4)]


def suited_with(h: Hand, r1: int, r2: int) -> bool:
    return any(4 * r1 + s in h.cards and 4 * r2 + s in h.cards for s in range(4))


def offsuit_pair_of(h: Hand, r1: int, r2: int) -> bool:
    return any(
        4 * r1 + s1 in h.cards and 4 * r2 + s2 in h.cards
        for s1 in range(4)
        for s2 in range(4)
        if s1 != s2
    )


CASES: list[tuple[str, Callable[[Hand], bool]]] = [
    ("AA", lambda h: h.r[A] >= 2),
    ("AA**", lambda h: h.r[A] >= 2),
    ("aa", lambda h: h.r[A] >= 2),
    ("AxAy", lambda h: h.r[A] >= 2),  # two aces always differ in suit
    ("AxAx", lambda h: False),
    ("AxKx", lambda h: suited_with(h, A, K)),
    ("AxKy", lambda h: offsuit_pair_of(h, A, K)),
    ("A2", lambda h: h.r[A] >= 1 and h.r[0] >= 1),
    ("AAA", lambda h: h.r[A] >= 3),
    ("xxyy", lambda h: sum(n >= 2 for n in h.s.values()) >= 2),
    ("$ds", lambda h: sorted(h.s.values()) == [2, 2]),
    ("$ss", lambda h: sum(n >= 2 for n in h.s.values()) == 1),
    ("$rb", lambda h: len(h.s) == 4),
    ("$np", lambda h: len(h.r) == 4),
    ("xxx", lambda h: max(h.s.values()) >= 3),
    ("ss", lambda h: h.s[SPADES] >= 2),
    ("As", lambda h: 4 * A + SPADES in h.cards),
    ("10s", lambda h: 4 * T + SPADES in h.cards),
    # a space parts a suit from its rank: an ace and a spade, two different cards
    (
        "A s",
        lambda h: (
            h.r[A] >= 1
            and h.s[SPADES] >= 1
            and not (h.r[A] == 1 and h.s[SPADES] == 1 and 51 in h.cards)
        ),
    ),
    ("*s*h", lambda h: h.s[SPADES] >= 1 and h.s[HEARTS] >= 1),
    ("AsKx", lambda h: 4 * A + SPADES in h.cards and any(4 * K + s in h.cards for s in range(3))),
    ("AsKh7d2c", lambda h: h.cards == (0, 21, 46, 51)),
    ("As Kh, 7d", lambda h: {46, 51} <= set(h.cards) or 4 * 5 + 1 in h.cards),
    (
        "AxAyxy",
        lambda h: (
            h.r[A] >= 2
            and sorted(h.s.values()) == [2, 2]
            and len({c % 4 for c in h.cards if c // 4 == A}) == 2
            and all(h.s[c % 4] == 2 for c in h.cards if c // 4 == A)
        ),
    ),
    ("RR", lambda h: h.rs[0] >= 2),
    ("RRON", lambda h: h.rs == [2, 1, 1]),
    ("RROO", lambda h: h.rs == [2, 2]),
    ("RRR", lambda h: h.rs[0] >= 3),
    ("AARR", lambda h: h.r[A] == 2 and h.rs == [2, 2]),
    ("AR", lambda h: h.r[A] >= 1 and len(h.r) >= 2),
    ("RONP", lambda h: len(h.r) == 4),
    ("rron", lambda h: h.rs == [2, 1, 1]),
    ("TT+", lambda h: any(h.r[r] >= 2 for r in range(T, 13))),
    ("KQ+", lambda h: (h.r[K] and h.r[Q]) or (h.r[A] and h.r[K])),
    ("A+", lambda h: h.r[A] >= 1),
    ("[A,2,3]", lambda h: any(h.r[r] for r in (A, 0, 1))),
    ("[A-T]", lambda h: any(h.r[r] for r in range(T, 13))),
    ("[T-A]", lambda h: any(h.r[r] for r in range(T, 13))),
    ("[A-T]s", lambda h: any(4 * r + SPADES in h.cards for r in range(T, 13))),
    ("[A,K][2,3]", lambda h: (h.r[A] or h.r[K]) and (h.r[0] or h.r[1])),
    ("[KQ-87]", lambda h: any(h.r[r] and h.r[r - 1] for r in range(6, 12))),
    ("[KK+,55]", lambda h: h.r[K] >= 2 or h.r[A] >= 2 or h.r[3] >= 2),
    ("[AxKx-QxJx]", lambda h: any(suited_with(h, r, r - 1) for r in (Q, K, A))),
    # spans outside brackets (ProPokerTools): pairs, one rank, fixed cards, down to 2
    ("AA-TT", lambda h: any(h.r[r] >= 2 for r in range(T, 13))),
    ("TT-AA", lambda h: any(h.r[r] >= 2 for r in range(T, 13))),
    ("KK-", lambda h: any(h.r[r] >= 2 for r in range(0, K + 1))),
    ("A-T", lambda h: any(h.r[r] for r in range(T, 13))),
    ("55-", lambda h: any(h.r[r] >= 2 for r in range(0, 4))),
    (
        "AsKs-AsTs",
        lambda h: 51 in h.cards and any(4 * r + SPADES in h.cards for r in range(T, K + 1)),
    ),
    ("AxKx-AxTx", lambda h: any(suited_with(h, A, r) for r in range(T, K + 1))),
    ("AK-A2", lambda h: h.r[A] >= 1 and any(h.r[r] for r in range(0, K + 1))),
    ("KQ-", lambda h: any(h.r[r] and h.r[r - 1] for r in range(1, K + 1))),
    ("[AK-AT]2", lambda h: h.r[0] and h.r[A] and any(h.r[r] for r in range(T, K + 1))),
    ("$L$L$L", lambda h: sum(n for r, n in h.r.items() if r in LOW) >= 3),
    ("$B$B", lambda h: sum(n for r, n in h.r.items() if r >= T) >= 2),
    ("$W", lambda h: any(h.r[r] for r in (A, 0, 1, 2, 3))),
    ("$Ls$Ls", lambda h: sum(1 for c in h.cards if c % 4 == SPADES and c // 4 in LOW) >= 2),
    ("[A,2]R", lambda h: any(h.r[a] and len(h.r) >= 2 for a in (A, 0))),
    ("*", lambda h: True),
    ("****", lambda h: True),
    ("AA, KK", lambda h: h.r[A] >= 2 or h.r[K] >= 2),
    ("AA:KK", lambda h: h.r[A] >= 2 and h.r[K] >= 2),
    ("AA!AAA", lambda h: h.r[A] == 2),
    ("JJ!JJJ", lambda h: h.r[J] == 2),
    (
        "A2:$ds!AA",
        lambda h: h.r[A] >= 1 and h.r[0] >= 1 and sorted(h.s.values()) == [2, 2] and h.r[A] < 2,
    ),
    (
        "AA:xxyy, JJ!JJJ, KK",
        lambda h: (h.r[A] >= 2 and sorted(h.s.values()) == [2, 2]) or h.r[J] == 2 or h.r[K] >= 2,
    ),
    ("(AA, KK)!$ds", lambda h: (h.r[A] >= 2 or h.r[K] >= 2) and sorted(h.s.values()) != [2, 2]),
    ("AA!KK!QQ", lambda h: h.r[A] >= 2 and h.r[K] < 2 and h.r[Q] < 2),
    ("AA!KK:$ds", lambda h: h.r[A] >= 2 and h.r[K] < 2 and sorted(h.s.values()) == [2, 2]),
    ("AA!(KK:$ds)", lambda h: h.r[A] >= 2 and not (h.r[K] >= 2 and sorted(h.s.values()) == [2, 2])),
    (
        "AA:$ds, A2**@0.5",
        lambda h: (h.r[A] >= 2 and sorted(h.s.values()) == [2, 2]) or (h.r[A] >= 1 and h.r[0] >= 1),
    ),
]


@pytest.mark.parametrize(("text", "pred"), CASES, ids=[c[0] for c in CASES])
def test_construct_against_brute_force(
    hands: list[Hand], text: str, pred: Callable[[Hand], bool]
) -> None:
    r = Range(text)
    want = [h.cards for h in hands if pred(h)]
    assert len(r) == len(want)
    assert r.combos.tolist() == [list(c) for c in want]  # same hands, same order


def test_counts_known_by_combinatorics() -> None:
    assert len(Range("AA")) == math.comb(4, 2) * math.comb(48, 2) + 4 * 48 + 1
    assert len(Range("$ds")) == 6 * math.comb(13, 2) ** 2
    assert len(Range("$rb")) == 13**4
    assert len(Range("RRON")) == 13 * 6 * math.comb(12, 2) * 16
    assert len(Range("$np")) == math.comb(13, 4) * 4**4


def test_weights(hands: list[Hand]) -> None:
    r = Range("KK@0.5, AA@2, QQ")
    got = {tuple(row): w for row, w in zip(r.combos.tolist(), r.weights.tolist(), strict=True)}
    for h in hands:
        # a hand in several parts takes the largest weight, whatever the order
        parts = [2.0 * (h.r[A] >= 2), 0.5 * (h.r[K] >= 2), 1.0 * (h.r[Q] >= 2)]
        assert got.get(h.cards, 0.0) == max(parts)


def test_overlapping_weights_largest_wins() -> None:
    for text in ("KK@50, AA@100", "AA@100, KK@50"):
        r = Range(text)
        row = r.combos.tolist().index(sorted(omaha_eval.parse_cards("AsAhKsKh").tolist()))
        assert r.weights[row] == 100.0
    r = Range("AA@0.25, AA:$ds")  # unweighted means weight 1: the larger
    double_suited = set(map(tuple, Range("AA:$ds").combos.tolist()))
    in_both = np.array([tuple(row) in double_suited for row in r.combos.tolist()])
    assert set(r.weights[in_both].tolist()) == {1.0}
    assert set(r.weights[~in_both].tolist()) == {0.25}
    # nested weights multiply; intersection multiplies; but-not keeps the left weight
    assert set(Range("(AA@0.5, KK)@0.5").weights.tolist()) == {0.25, 0.5}
    assert set(Range("(AA@0.5):(AA@3)").weights.tolist()) == {1.5}
    assert set(Range("(AA@0.5)!(KK@3)").weights.tolist()) == {0.5}
    assert set(Range("AA:$ds@0.25").weights.tolist()) == {0.25}
    assert set(Range("AA").weights.tolist()) == {1.0}


def test_percent_ranges() -> None:
    n = 270_725
    assert len(Range("100%")) == n
    assert len(Range("0%")) == 0
    top10, low5, mid = Range("10%"), Range("5%"), Range("5%-10%")
    assert len(low5) + len(mid) == len(top10)
    assert not set(map(tuple, low5.combos.tolist())) & set(map(tuple, mid.combos.tolist()))
    # a class straddling the boundary is in: the range covers at least p%
    assert len(top10) >= 0.10 * n
    assert len(Range("10.5%")) >= len(top10)
    # the best class (A-A-3-2 double-suited) is in 1%; 2-2-2-2 is last
    assert "As Ah 3s 2h" in Range("1%")
    assert "2s 2h 2d 2c" in Range("99.999%-100%")
    assert "2s 2h 2d 2c" not in Range("99.99%")
    # percent combines with the other operators
    assert len(Range("15%:$ds")) == len(Range("15%")) - len(Range("15%!$ds"))


def test_api() -> None:
    r = parse_range("AA:$ds, KK@0.5")
    assert isinstance(r, omaha_eval.Range)
    assert r.combos.dtype == np.uint8 and r.combos.shape == (len(r), 4)
    assert r.weights.dtype == np.float64 and r.weights.shape == (len(r),)
    assert r.combos.flags.c_contiguous
    assert not r.combos.flags.writeable and not r.weights.flags.writeable
    assert (np.diff(r.combos.astype(int), axis=1) > 0).all()  # each row ascending
    assert r.fraction == len(r) / 270_725
    assert r.text == "AA:$ds, KK@0.5" and r.hole_cards == 4
    assert "AA:$ds" in repr(r)
    assert "Ah As Kh Ks" in r and [51, 50, 47, 46] in r and "Kh Kd 7c 2c" in r
    assert "Ah Ad Kc Ks" in r  # through KK
    assert "Qh Qd 7c 2c" not in r
    with pytest.raises(OmahaEvalError, match="hand"):
        _ = "Ah As Kh" in r
    with pytest.raises(OmahaEvalError, match="hand"):
        _ = "Ah As Kh Zz" in r


def test_bad_arguments() -> None:
    with pytest.raises(OmahaEvalTypeError, match="range"):
        Range(b"AA")  # type: ignore[arg-type]
    with pytest.raises(OmahaEvalTypeError, match="range"):
        Range(None)  # type: ignore[arg-type]
    with pytest.raises(OmahaEvalError, match="hole_cards"):
        Range("AA", hole_cards=3)
    with pytest.raises(OmahaEvalTypeError, match="hole_cards"):
        Range("AA", hole_cards="4")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("AA,", 4, "expected a hand pattern"),
        ("AA:$dx", 4, "unknown macro"),
        ("AK1", 3, "'1' is not a rank"),
        ("AAKKQ", 1, "5 cards"),
        ("(AA, KK", 8, "expected ')'"),
        ("AA)", 3, "')' without '('"),
        ("AsAs", 3, "appears twice"),
        ("[KQ-86]", 5, "same step"),
        ("AA$ds", 3, "hand macro"),
        ("AA@0", 4, "positive"),
        ("101%", 1, "above 100"),
        ("  AA ? KK", 6, "cannot read a card"),
        ("AA@0.5!KK", 7, "after a weight"),
        ("xx-", 1, "none to lower"),
        ("AA-K", 4, "same form"),
        ("AK-QT", 4, "same step"),
        ("[AK,QJ]-", 8, "needs one without brackets"),
        ("[AK,QJ]+", 8, "needs one without brackets"),
        ("AA-TT-55", 6, "unexpected '-'"),
        ("", 1, "empty range"),
    ],
)
def test_errors_point_at_the_column(text: str, column: int, words: str) -> None:
    with pytest.raises(OmahaEvalError) as info:
        Range(text)
    message = str(info.value)
    assert f"column {column}:" in message and words in message
    first, shown, caret = message.split("\n")
    assert shown.strip() == text.strip()
    assert caret.index("^") - 4 == column - 1  # the caret sits under the column
    assert first.startswith("range: ")


def test_five_and_six_card_hands() -> None:
    r5 = Range("AA", hole_cards=5)
    assert len(r5) == math.comb(52, 5) - math.comb(48, 5) - 4 * math.comb(48, 4)
    assert r5.combos.shape[1] == 5
    assert "As Ah Kd 7c 2h" in r5 and "As Kh Kd 7c 2h" not in r5
    assert len(Range("$rb", hole_cards=5)) == 0  # five cards cannot be rainbow
    # a 6-card pattern needs 6-card hands
    with pytest.raises(OmahaEvalError, match="6 cards but hands have 5"):
        Range("AAKKQQ", hole_cards=5)
    rng = np.random.default_rng(4)
    sample = [tuple(sorted(rng.choice(52, 5, replace=False).tolist())) for _ in range(300)]
    ds = Range("$ds", hole_cards=5)
    for h in sample:
        suits = Counter(c % 4 for c in h)
        assert (h in ds) == (sum(n >= 2 for n in suits.values()) >= 2)


@pytest.mark.slow
def test_six_card_hands() -> None:
    r6 = Range("AAKK", hole_cards=6)
    assert len(r6) == math.comb(4, 2) ** 2 * math.comb(44, 2) + 2 * 4 * 6 * 44 + 2 * 6 + 16
    assert "As Ah Ks Kh 7c 2h" in r6


def test_docstrings() -> None:
    failures, tried = doctest.testmod(ranges_module)
    assert tried > 0 and failures == 0


DOCS = Path(__file__).resolve().parent.parent / "docs" / "ranges.md"


def test_docs_examples_run() -> None:
    failures, tried = doctest.testfile(str(DOCS), module_relative=False)
    assert tried > 0 and failures == 0


def _count_rows(text: str) -> list[list[str]]:
    """The table rows of some docs text that end in a count."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"[\d,]+", cells[-1]):
            rows.append(cells)
    return rows


def test_docs_counts() -> None:
    """Every table row of docs/ranges.md that ends in a count: the example
    has that many hands (the first `code` in the cell before the count) or,
    in the board patterns' section, that many sets of cards (the pattern in
    the first cell)."""
    hands_part, boards_part = DOCS.read_text(encoding="utf-8").split(
        "## Board and dead-card patterns"
    )
    checked = 0
    for cells in _count_rows(hands_part):
        example = re.search(r"`([^`]+)`", cells[-2])
        assert example, cells
        assert len(Range(example.group(1))) == int(cells[-1].replace(",", "")), cells
        checked += 1
    assert checked >= 30
    boards = _count_rows(boards_part)
    for cells in boards:
        pattern = re.search(r"`([^`]+)`", cells[0])
        assert pattern, cells
        assert len(ranges_module.card_sets(pattern.group(1))) == int(cells[-1].replace(",", ""))
    assert len(boards) >= 5


# ---------------------------------------------------------------- weights meet
def _weights_by_hand(text: str) -> dict[tuple[int, ...], float]:
    r = Range(text)
    return {tuple(row): w for row, w in zip(r.combos.tolist(), r.weights.tolist(), strict=True)}


def _double_suited(h: Hand) -> bool:
    return sorted(h.s.values()) == [2, 2]


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        # a ':' or '!' part gives weight only to the hands of its result
        ("(AA@5):$ds, AA", lambda h: 5.0 * (h.r[A] >= 2 and _double_suited(h)) or h.r[A] >= 2),
        ("AA, (KK@2):$ds", lambda h: 2.0 * (h.r[K] >= 2 and _double_suited(h)) or h.r[A] >= 2),
        ("KK, (AA@2)!KK", lambda h: 2.0 * (h.r[A] >= 2 and h.r[K] < 2) or h.r[K] >= 2),
        ("KK@0.25, AA:(*@0.5)", lambda h: 0.5 * (h.r[A] >= 2) or 0.25 * (h.r[K] >= 2)),
        (
            "(AA@3)!$ds!$np, AA@2",
            lambda h: (
                3.0 * (h.r[A] >= 2 and not _double_suited(h) and len(h.r) < 4)
                or 2.0 * (h.r[A] >= 2)
            ),
        ),
        ("(AA@2):(KK@3), KK", lambda h: 6.0 * (h.r[A] >= 2 and h.r[K] >= 2) or h.r[K] >= 2),
    ],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_weights_stay_with_the_hands_of_their_part(
    hands: list[Hand], text: str, weight: Callable[[Hand], float]
) -> None:
    got = _weights_by_hand(text)
    for h in hands:
        assert got.get(h.cards, 0.0) == float(weight(h)), (text, h.cards)


def test_weight_leak_changed_equity() -> None:
    """The figure the leak moved: the double-suited aces weigh 5, the other
    aces 1, the same as the range written with no ':' or '!' inside a union."""
    board = "Kc8d2h"
    leak = omaha_eval.equity(["KsKh7c7d", "(AA@5):$ds, AA"], board=board, exact=True)
    same = omaha_eval.equity(["KsKh7c7d", "AxAyxy@5, AA"], board=board, exact=True)
    assert leak.players[0].equity == pytest.approx(same.players[0].equity, abs=1e-12)
    assert round(leak.players[0].equity, 4) == 0.6652


# ---------------------------------------------------------------- bounds
def test_long_chains_are_read_without_recursion() -> None:
    assert len(Range("AA:" * 1000 + "KK")) == len(Range("AA:KK"))
    assert Range("*" + "!AA" * 1000).combos.tolist() == Range("*!AA").combos.tolist()
    assert len(ranges_module.card_sets(":".join(["s**"] * 1000))) == len(
        ranges_module.card_sets("s**")
    )


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("1" * 5000 + "%", 1, "number of 5,000 characters"),
        ("AA@" + "1" * 5000, 4, "number of 5,000 characters"),
        ("AA, " * 5000 + "KK", rp.MAX_TEXT_LENGTH + 1, "more than the limit of 20,000"),
        # 144 alternatives a pattern: the 70th takes the whole past 10,000
        ("[AK-32][AK-32], " * 70, 69 * 16 + 1, "limit 10,000 for a whole range"),
        # weights of 1e49: the seventh product passes 1e300
        ("(" * 7 + "AA" + (")@1" + "0" * 49) * 7, 9 + 6 * 52 + 2, "beyond what a float"),
    ],
)
def test_bounds_are_one_error_with_the_column(text: str, column: int, words: str) -> None:
    with pytest.raises(OmahaEvalError) as info:
        Range(text)
    message = str(info.value)
    assert f"column {column}:" in message and words in message, message
    _, shown, caret = message.split("\n")
    assert len(shown) < 90  # a window of a long text, not all of it
    # the caret sits under the spot: the column's character, or the window's
    spot = caret.index("^") - 4
    left = shown[4:].startswith("...")
    assert shown[4 + spot] == text[column - 1] or (left and spot < 3)


def test_text_at_the_length_limit_is_read() -> None:
    text = "AA, " * (rp.MAX_TEXT_LENGTH // 4 - 2) + "KK"
    text += " " * (rp.MAX_TEXT_LENGTH - len(text))
    assert len(Range(text)) == len(Range("AA, KK"))


def test_costly_range_is_refused_before_any_hand_is_matched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_matching(*args: object) -> None:
        raise AssertionError("matched hands before refusing")

    monkeypatch.setattr(ranges_module._core, "match_rows", no_matching)
    text = ", ".join(["xxyy", "RRON", "xyzwRO", "AA"])
    with pytest.raises(OmahaEvalError) as info:
        Range(text, hole_cards=6)
    message = str(info.value)
    assert "column 13:" in message and "too costly" in message  # at xyzwRO
    assert f"{ranges_module.MAX_STEPS:,}" in message and "narrow the range" in message


def test_cost_estimate_charges_variables_more_than_written_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ranges_module, "MAX_STEPS", 10**15)

    def steps(text: str, k: int = 6) -> int:
        budget = ranges_module._Budget(text, "range", k)
        ranges_module._plan(rp.parse(text, k), k, budget)
        return budget.steps

    assert steps("AsKs") < steps("AA") < steps("RR") < steps("xxyy") < steps("xyzwRO")
    assert 2 * steps("AA") < steps("AA, KK") < 3 * steps("AA")  # two patterns and a union
    assert steps("AA", 4) < steps("AA", 5) < steps("AA", 6)


@pytest.mark.parametrize(
    "text",
    ["AA:$ds, KK@0.5", "(AA@5):$ds, AA", "RRON!xxyy, 15%@2", "(KK@2, QQ@3):$np!AAA", "xyzw, AsKs"],
)
def test_chunks_and_blocks_give_the_same_range(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    whole = Range(text)
    monkeypatch.setattr(ranges_module, "CHUNK_ROWS", 10_007)  # chunks end mid-way anywhere
    monkeypatch.setattr(ranges_module, "CALL_STEPS", 1)  # C calls of 1,024 hands
    parts = Range(text)
    assert parts.combos.tolist() == whole.combos.tolist()
    assert parts.weights.tolist() == whole.weights.tolist()


def test_hand_tables_match_the_c_enumeration() -> None:
    for k in (4, 5):
        assert (hand_table(k) == ranges_module._core.all_hands_k(k)).all()


@pytest.mark.slow
def test_six_card_table_built_from_five_cards_is_the_c_enumeration() -> None:
    assert (hand_table(6) == ranges_module._core.all_hands_k(6)).all()


CTRL_C_CHILD = """
import time
from omaha_eval import Range
try:
    print("running", flush=True)
    # expanded again and again (a new text each time, no cache), so the
    # matching is still running when the signal comes, on any machine
    for i in range(200):
        Range(f"xxyy, RRON@{1 - i / 1000}", hole_cards=6)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("caught", repr(time.monotonic()), flush=True)
"""


@pytest.mark.slow
def test_ctrl_c_stops_a_six_card_expansion_quickly(tmp_path: Path) -> None:
    """SIGINT in the middle of a long 6-card range (seconds of matching):
    KeyboardInterrupt between two short C calls.  The bound is generous (the
    machine may be loaded); a single call over all hands took 24 s."""
    proc = subprocess.Popen(
        [sys.executable, "-c", CTRL_C_CHILD],
        cwd=tmp_path,  # never the repository root: its source tree is not built in CI
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "running"
    time.sleep(3.0)  # the tables built, well into the matching
    sent = time.monotonic()  # CLOCK_MONOTONIC: the same clock in both processes
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    words = out.split()
    assert words[:1] == ["caught"], (out, err)
    assert float(words[1]) - sent < 2.0


def test_nodes_lists_every_node_of_a_tree_in_reading_order() -> None:
    from omaha_eval import _range_parse as rp

    tree = rp.parse("AA:$ds!KK, (QQ, 15%6h)@0.5")
    found = [
        type(n).__name__ + (f" {n.text}" if isinstance(n, rp.Pattern) else "")
        for n in rp.nodes(tree)
    ]
    assert found == [
        "Union_",
        "Chain",
        "Pattern AA",
        "Macro",
        "Pattern KK",
        "Weighted",
        "Union_",
        "Pattern QQ",
        "Percent",
    ]
    deep = rp.parse("(" * 40 + "AA" + ")" * 40 + ", KK" * 2000)
    assert sum(isinstance(n, rp.Pattern) for n in rp.nodes(deep)) == 2001


@pytest.mark.parametrize("text", ["*", "****", "100%", "100%6h"])
def test_every_hand_is_known_without_listing_the_hands(text) -> None:
    r = Range(text)
    assert r.holds_every_hand and len(r) == math.comb(52, 4) and r.fraction == 1
    assert r.combos is hand_table(4)  # the shared table, no copy
    assert r.weights.shape == (len(r),) and set(r.weights[:1000].tolist()) == {1.0}
    assert "AsKs2c3d" in r
    assert not Range("*@0.5").holds_every_hand and not Range("99%").holds_every_hand


@pytest.mark.parametrize("order", ["hu", "6h", "cards"])
@pytest.mark.parametrize("text", ["*", "100%"])
def test_the_first_hands_of_every_hand_are_those_of_the_whole_order(text, order) -> None:
    from omaha_eval import listing

    r = Range(text)
    rows = listing.positions(r, order, first=300)
    want = r.combos[slice(0, 300) if rows is None else rows]
    got, weights = listing.first_hands(r, order, 300)
    assert got.tolist() == want.tolist() and weights.tolist() == [1.0] * 300
