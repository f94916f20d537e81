"""Fuzzing the input boundary with Hypothesis.

Arbitrary card text, id arrays of every dtype, shape and memory layout, and
arbitrary Python objects go into the public functions.  Each call must either
raise OmahaEvalError (a ValueError; OmahaEvalTypeError is also a TypeError)
or return exactly what the plain-Python oracles give (tests/oracles/evaluator.py via
tests/oracles/inputs.py): never another exception, a crash or a silent
wrong answer.  Under tools/sanitize.sh the same tests run with ASan + UBSan.

OMAHA_EVAL_FUZZ_EXAMPLES sets the examples per test (default 200); the
figures in the README come from a run with a larger value.
"""

from __future__ import annotations

import os
from typing import Any

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import evaluator as ref
from oracles import inputs as oracle

import omaha_eval as oe
from omaha_eval.errors import OmahaEvalError

EXAMPLES = int(os.environ.get("OMAHA_EVAL_FUZZ_EXAMPLES", "200"))
fuzz = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def outcome(fn: Any, *args: Any) -> Any:
    """fn(*args), or the OmahaEvalError it raised (anything else propagates
    and fails the test)."""
    try:
        return fn(*args)
    except OmahaEvalError as exc:
        return exc


# ------------------------------------------------------------------ card text
TOKENS = [
    *"23456789TJQKAtjqka",
    "10",
    "1",
    "0",
    *"cdhsCDHS",
    *"♣♦♥♠♧♢♡♤",
    " ",
    ",",
    "\t",
    "\n",
    "\u00a0",
    "\u3000",
    "\x1c",
    "\u200b",  # separators, and not
    "\u212a",
    "\u017f",
    "\u0130",
    "\u0131",
    "\uff2b",
    "\uff13",
    "\u0301",
    "\ufe0f",
    "🂡",
    "As",
    "kd",
    "10h",
    "T♣",
    "\u212ah",
    "a\u017f",  # whole cards, and look-alikes
]
card_text = st.one_of(
    st.text(),
    st.lists(st.one_of(st.sampled_from(TOKENS), st.characters()), max_size=30).map("".join),
)


@pytest.mark.slow
@fuzz
@given(card_text)
def test_parse_cards_any_text(text):
    got = outcome(oe.parse_cards, text, "hole")
    want = oracle.parse(text)
    if want is None:
        assert isinstance(got, OmahaEvalError), f"accepted {text!r} as {got}"
        assert str(got).startswith("hole: ") and repr(text) in str(got)
    else:
        assert not isinstance(got, Exception), f"rejected {text!r}: {got}"
        assert got.dtype == np.uint8 and got.tolist() == want


@st.composite
def written_deal(draw: st.DrawFn) -> tuple[str, str]:
    """A hole and a board written the way users write them (any case, 10 or
    T, symbols, separators), sometimes with a card too many, too few or
    repeated, or one character replaced by anything."""
    k = draw(st.sampled_from([4, 5, 6, 3, 7]))
    ids = draw(st.permutations(range(52)))[: k + 5]
    if draw(st.integers(0, 9)) == 0:
        ids[-1] = ids[0]  # the same card in the hole and on the board
    sep = st.sampled_from(["", " ", ",", ", ", "\t", "\u00a0"])

    def write(card: int) -> str:
        rank = "10" if card >> 2 == 8 and draw(st.booleans()) else "23456789TJQKA"[card >> 2]
        suit = draw(st.sampled_from(["cdhs"[card & 3], "CDHS"[card & 3], "♣♦♥♠"[card & 3]]))
        return (rank.lower() if draw(st.booleans()) else rank) + suit

    texts = []
    for part in (ids[:k], ids[k:]):
        text = ""
        for card in part:
            text += write(card) + draw(sep)
        if text and draw(st.integers(0, 9)) == 0:
            i = draw(st.integers(0, len(text) - 1))
            text = text[:i] + draw(st.characters()) + text[i + 1 :]
        texts.append(text)
    return texts[0], texts[1]


@fuzz
@given(written_deal())
def test_evaluate_written_cards(deal):
    check_evaluate(deal)


# ------------------------------------------------------------------ id arrays
ANY_DTYPE = st.one_of(
    hnp.boolean_dtypes(),
    hnp.integer_dtypes(endianness="?"),
    hnp.unsigned_integer_dtypes(endianness="?"),
    hnp.floating_dtypes(endianness="?"),
    hnp.complex_number_dtypes(endianness="?"),
    hnp.datetime64_dtypes(endianness="?"),
    hnp.timedelta64_dtypes(endianness="?"),
    hnp.byte_string_dtypes(max_len=3),
    hnp.unicode_string_dtypes(max_len=3),
)
INT_DTYPE = st.one_of(
    hnp.integer_dtypes(endianness="?"), hnp.unsigned_integer_dtypes(endianness="?")
)
LAYOUTS = ["c", "fortran", "strided", "negative", "readonly", "swapped", "list"]


def relayout(arr: np.ndarray, how: str) -> Any:
    """The same values in another memory layout (or as Python lists)."""
    if how == "fortran":
        return np.asfortranarray(arr)
    if how == "strided" and arr.ndim:
        big = np.zeros((*arr.shape[:-1], 2 * arr.shape[-1]), dtype=arr.dtype)
        big[..., ::2] = arr
        return big[..., ::2]
    if how == "negative" and arr.ndim:
        return arr[::-1].copy()[::-1]
    if how == "readonly":
        out = arr.copy()
        out.flags.writeable = False
        return out
    if how == "swapped" and arr.dtype.kind not in "bSO":
        return arr.astype(arr.dtype.newbyteorder())
    if how == "list":
        return arr.tolist()
    return arr


any_array = hnp.arrays(
    dtype=ANY_DTYPE,
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=7),
)
object_array = hnp.arrays(
    dtype=object,
    shape=hnp.array_shapes(min_dims=1, max_dims=2, min_side=0, max_side=6),
    elements=st.one_of(st.integers(-3, 60), st.none(), st.floats(), st.text(max_size=2)),
)
BAD_IDS = [-1, 52, 53, 63, 64, 127, 128, 255, 256, 2**31 - 1, -(2**31), 2**63 - 1]


@st.composite
def near_valid_batch(draw: st.DrawFn) -> tuple[Any, Any]:
    """holes (n, k) and boards (n, 5) or (5,) that are mostly valid: seeded
    deals, then maybe one defect, any integer dtype, any layout."""
    n = draw(st.integers(0, 12))
    k = draw(st.sampled_from([4, 4, 5, 6, 3, 7]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    shared = draw(st.booleans())
    deals = np.array([rng.permutation(52)[: k + 5] for _ in range(max(n, 1))], dtype=np.int64)
    if shared:
        board = deals[0, k:]
        rest = np.setdiff1d(np.arange(52), board)
        holes = np.array([rng.choice(rest, size=k, replace=False) for _ in range(n)], np.int64)
        holes, boards = holes.reshape(n, k), board.copy()
    else:
        holes, boards = deals[:n, :k].copy(), deals[:n, k:].copy()
    defect = draw(st.sampled_from(["none"] * 6 + ["bad id", "repeat", "overlap", "shape"]))
    target = holes if draw(st.booleans()) or boards.size == 0 else boards
    if defect == "bad id" and target.size:
        target.flat[draw(st.integers(0, target.size - 1))] = draw(st.sampled_from(BAD_IDS))
    elif defect == "repeat" and holes.size:
        r = draw(st.integers(0, n - 1))
        holes[r, 1] = holes[r, 0]
    elif defect == "overlap" and holes.size:
        r = draw(st.integers(0, n - 1))
        holes[r, 0] = boards[0] if shared else boards[r, 0]
    elif defect == "shape":
        boards = boards[None] if draw(st.booleans()) else boards[..., :4]
    dtype = draw(INT_DTYPE)
    with np.errstate(over="ignore"):  # a bad id may wrap in a small dtype: still an input
        holes, boards = holes.astype(dtype), boards.astype(dtype)
    return (
        relayout(holes, draw(st.sampled_from(LAYOUTS))),
        relayout(boards, draw(st.sampled_from(LAYOUTS))),
    )


def check_batch(holes: Any, boards: Any) -> None:
    got = outcome(oe.evaluate_batch, holes, boards)
    want = oracle.expected_batch(holes, boards)
    if want is None:
        assert isinstance(got, OmahaEvalError), f"accepted {holes!r} / {boards!r}"
        assert str(got).split(":")[0] in ("holes", "boards", "holes/boards")
    else:
        assert not isinstance(got, Exception), f"rejected {holes!r} / {boards!r}: {got}"
        high, low = got
        assert high.dtype == np.uint16 and low.dtype == np.uint8
        assert list(zip(high.tolist(), low.tolist(), strict=True)) == want


@fuzz
@given(near_valid_batch())
def test_evaluate_batch_near_valid_arrays(batch):
    check_batch(*batch)


@fuzz
@given(
    st.one_of(any_array, object_array, near_valid_batch().map(lambda b: b[0])),
    st.one_of(any_array, object_array, near_valid_batch().map(lambda b: b[1])),
    st.sampled_from(LAYOUTS),
)
def test_evaluate_batch_any_array(holes, boards, layout):
    check_batch(relayout(holes, layout) if isinstance(holes, np.ndarray) else holes, boards)


@st.composite
def near_valid_hand(draw: st.DrawFn) -> tuple[Any, Any]:
    """One hand and its board as id arrays, mostly valid, any integer dtype
    and layout."""
    k = draw(st.sampled_from([4, 5, 6, 3, 7]))
    ids = np.array(draw(st.permutations(range(52)))[: k + 5], dtype=np.int64)
    if draw(st.integers(0, 5)) == 0:
        ids[draw(st.integers(0, k + 4))] = draw(st.sampled_from([*BAD_IDS, int(ids[0])]))
    dtype = draw(INT_DTYPE)
    with np.errstate(over="ignore"):
        ids = ids.astype(dtype)
    return (
        relayout(ids[:k], draw(st.sampled_from(LAYOUTS))),
        relayout(ids[k:], draw(st.sampled_from(LAYOUTS))),
    )


def python_values() -> st.SearchStrategy[Any]:
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(0, 51),
        st.floats(),
        st.text(max_size=4),
        st.binary(max_size=4),
        st.complex_numbers(),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=7),
            st.tuples(inner, inner),
            st.dictionaries(st.integers(0, 5), inner, max_size=3),
            st.frozensets(st.integers(0, 51), max_size=6),
        ),
        max_leaves=12,
    )


@fuzz
@given(
    st.one_of(near_valid_hand(), st.tuples(python_values(), python_values())),
)
def test_evaluate_any_ids_or_objects(deal):
    check_evaluate(deal)


def check_evaluate(deal):
    """evaluate() answers as the oracle does, or refuses exactly what it refuses."""
    hole, board = deal
    got = outcome(oe.evaluate, hole, board)
    want = oracle.expected_evaluate(hole, board)
    if want is None:
        assert isinstance(got, OmahaEvalError), f"accepted {deal!r}"
    else:
        assert not isinstance(got, Exception), f"rejected {deal!r}: {got}"
        assert (got.high, got.low) == want


@fuzz
@given(python_values(), python_values())
def test_evaluate_batch_any_objects(holes, boards):
    check_batch(holes, boards)


# ------------------------------------------------------------------ helpers
@fuzz
@given(st.one_of(st.lists(st.integers(-60, 120), max_size=8), python_values()))
def test_format_cards_any_ids(value):
    got = outcome(oe.format_cards, value)
    try:
        ids = np.asarray(value).ravel().tolist()
        valid = all(type(c) is int and 0 <= c <= 51 for c in ids)
    except (TypeError, ValueError):
        valid = False
    if valid:
        assert got == "".join(ref.RANKS[c >> 2] + ref.SUITS[c & 3] for c in ids)
    else:
        assert isinstance(got, OmahaEvalError)


@fuzz
@given(
    st.one_of(
        st.integers(),
        st.integers(-10, 8000),
        st.integers(-10, 8000).map(np.int64),
        st.integers(0, 60).map(np.uint8),
        st.floats(),
        st.text(max_size=3),
        st.none(),
    )
)
def test_value_names_any_value(value):
    for fn, top in ((oe.high_name, 7462), (oe.high_category, 7462), (oe.low_name, 56)):
        got = outcome(fn, value)
        is_int = isinstance(value, (int, np.integer))
        lowest = 0 if fn is oe.low_name else 1
        if is_int and lowest <= int(value) <= top:
            assert isinstance(got, str) or (got is None and value == 0 and fn is oe.low_name)
        else:
            assert isinstance(got, OmahaEvalError)


# ------------------------------------------------------------------ regressions
@pytest.mark.parametrize(
    "text",
    [
        "\u212as Kd",  # KELVIN SIGN: re.IGNORECASE folded it to k, then a bare ValueError
        "A\u017f Kd",  # LATIN SMALL LETTER LONG S: folded to s, same
    ],
)
def test_unicode_case_folding_is_not_a_card(text):
    with pytest.raises(OmahaEvalError, match=r"cards: cannot read a card at column"):
        oe.parse_cards(text)


def test_format_cards_rejects_ragged_and_bool():
    with pytest.raises(OmahaEvalError, match=r"cards: not a sequence of card ids"):
        oe.format_cards([[1], [2, 3]])
    with pytest.raises(OmahaEvalError, match=r"cards: True is not a card id"):
        oe.format_cards(True)


def test_array_whose_repr_fails_still_gets_our_error():
    """Found by tools/fuzz_inputs.py: a 'U' array built from raw bytes can
    hold an invalid code point; NumPy's repr() of it raises SystemError,
    which leaked out of the error message's quoting."""
    broken = np.frombuffer(b"\xff\xff\xff\x04", dtype="U1")  # NumPy 2.4: repr() raises
    with pytest.raises(OmahaEvalError, match=r"holes: expected integer card ids, got dtype <U1"):
        oe.evaluate_batch(broken, [0, 1, 2, 3, 4])
    with pytest.raises(OmahaEvalError, match=r"hole: expected integer card ids"):
        oe.evaluate(broken, [0, 1, 2, 3, 4])


# ------------------------------------------------------------------ equity
class RangeObject:  # the documented duck type: .combos and .weights
    def __init__(self, combos: Any, weights: Any) -> None:
        self.combos, self.weights = combos, weights


@st.composite
def equity_spot(draw: st.DrawFn) -> dict[str, Any]:
    """A valid equity question small enough for the brute-force reference:
    2 or 3 players (known hands in any written form, or ranges of up to 3
    weighted hands as a tuple or an object), a turn or river board, maybe
    dead cards, hi/lo or high only."""
    n = draw(st.integers(2, 3))
    k = draw(st.sampled_from([4, 5, 6]))
    cards = draw(st.permutations(range(52)))
    n_board = draw(st.sampled_from([4, 5]))
    n_dead = draw(st.integers(0, 3))
    board, dead = cards[:n_board], cards[n_board : n_board + n_dead]
    pool = cards[n_board + n_dead :]
    players: list[Any] = []
    for i in range(n):
        hand = pool[i * k : (i + 1) * k]
        form = draw(st.sampled_from(["text", "ids", "array", "range", "object"]))
        if form == "text":
            players.append(oracle_text(hand, draw(st.sampled_from([" ", "", ","]))))
        elif form == "ids":
            players.append(list(hand))
        elif form == "array":
            players.append(np.array(hand, dtype=draw(INT_DTYPE)))
        else:  # a range: this hand and up to two from the cards still unused
            spare = pool[n * k :]
            rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
            combos = [hand] + [
                list(rng.choice(spare, size=k, replace=False))
                for _ in range(draw(st.integers(0, 2)))
            ]
            weights = draw(
                st.lists(
                    st.one_of(st.floats(1e-3, 1e3), st.integers(1, 5)),
                    min_size=len(combos),
                    max_size=len(combos),
                )
            )
            value = (np.array(combos), np.array(weights, dtype=float))
            players.append(value if form == "range" else RangeObject(*value))
    return {
        "players": players,
        "board": oracle_text(board, " ") if draw(st.booleans()) else list(board),
        "dead": oracle_text(dead, ""),
        "game": draw(st.sampled_from(["omaha8", "omaha"])),
    }


def oracle_text(ids: list[int], sep: str) -> str:
    return sep.join(ref.RANKS[c >> 2] + ref.SUITS[c & 3] for c in ids)


def as_brute(spot: dict[str, Any]) -> tuple[list[Any], list[int], list[int]]:
    """The spot in tests/oracles/equity.py's terms: hands and weights as
    plain lists, cards as ids, through the oracle's own parser."""
    players = []
    for p in spot["players"]:
        if isinstance(p, str):
            players.append([(oracle.parse(p), 1.0)])
        elif isinstance(p, (tuple, RangeObject)):
            combos, weights = p if isinstance(p, tuple) else (p.combos, p.weights)
            players.append(list(zip(combos.tolist(), weights.tolist(), strict=True)))
        else:
            players.append([([int(c) for c in p], 1.0)])
    board = spot["board"]
    board = oracle.parse(board) if isinstance(board, str) else board
    return players, board, oracle.parse(spot["dead"]) or []


def check_equity_result(r: Any, n: int) -> None:
    """What every answer must satisfy, whatever the method."""
    assert len(r.players) == n and r.method in ("exact", "monte-carlo")
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-9)
    for p in r.players:
        assert p.equity == pytest.approx(p.hi_share + p.lo_share, abs=1e-12)
        for figure in (
            p.equity,
            p.hi_share,
            p.lo_share,
            p.scoop,
            p.hi_win,
            p.hi_tie,
            p.lo_win,
            p.lo_tie,
            p.makes_low,
        ):
            assert -1e-12 <= figure <= 1 + 1e-12
        assert p.stderr >= 0 and np.isfinite(p.stderr)
    assert 0 <= r.no_low <= 1 and 0 <= r.low_split <= 1 and 0 <= r.any_quartered <= 1
    for p in r.players:
        assert 0 <= p.quartered <= 1 and 0 <= p.nut_low <= p.makes_low + 1e-12


@pytest.mark.slow
@settings(fuzz, max_examples=max(EXAMPLES // 4, 20))
@given(equity_spot())
def test_equity_valid_spots_match_brute_force(spot):
    from oracles.equity import FIGURES, brute_equity

    players, board, dead = as_brute(spot)
    want = brute_equity(players, board, dead, high_only=spot["game"] == "omaha")
    got = outcome(lambda: oe.equity(**spot))
    assert not isinstance(got, Exception), f"rejected a valid spot {spot!r}: {got}"
    assert got.method == "exact" and got.trials == want["deals"]
    check_equity_result(got, len(players))
    for mine, theirs in zip(got.players, want["players"], strict=True):
        for figure in FIGURES:
            assert getattr(mine, figure) == pytest.approx(float(theirs[figure]), abs=1e-9)
    assert got.no_low == pytest.approx(float(want["no_low"]), abs=1e-9)


def option_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 3),
        st.integers(),
        st.floats(),
        st.text(max_size=6),
        st.sampled_from(["omaha8", "omaha", "*", "OMAHA8"]),
        st.just(np.random.SeedSequence(5)),
        st.just(np.int64(2)),
        python_values(),
        st.just(np.array(["omaha8", "omaha"])),
        st.just(np.array([1, 2])),
    )


@pytest.mark.slow
@fuzz
@given(
    equity_spot(),
    st.dictionaries(
        st.sampled_from(["trials", "exact", "seed", "threads", "target_stderr", "game"]),
        option_values(),
        max_size=3,
    ),
    st.sampled_from(["none", "player", "board", "dead", "players"]),
    python_values(),
)
def test_equity_any_arguments(spot, options, replace, junk):
    """Valid spots with arbitrary options, or with one argument replaced by
    anything: an OmahaEvalError or an answer that satisfies every invariant
    (and matches brute force when exact).  Monte Carlo is kept small."""
    args = dict(spot)
    if replace == "player":
        args["players"] = [junk, *spot["players"][1:]]
    elif replace in ("board", "dead"):
        args[replace] = junk
    elif replace == "players":
        args["players"] = junk
    if isinstance(options.get("trials"), int) and not isinstance(options["trials"], bool):
        options["trials"] = min(options["trials"], 2000)  # bounded work, still any sign
    if isinstance(options.get("threads"), int) and not isinstance(options["threads"], bool):
        options["threads"] = min(options["threads"], 4)
    if isinstance(options.get("target_stderr"), float) and options["target_stderr"] < 0.01:
        options.setdefault("trials", 2000)
    if options.get("exact") is False or "target_stderr" in options:
        options.setdefault("trials", 2000)
    try:
        got = oe.equity(**(args | options))
    except OmahaEvalError:
        return
    check_equity_result(got, len(got.players))


HANDS = ["3c 3d 3h 3s", "4c 4d 4h 4s"]


@pytest.mark.parametrize(
    "player",
    [(None, []), ("x", [1, [2]]), [b"\x80", "x"], ([[0, 1, 2, 3]], [1.0], 7)],
    ids=["tuple-ragged", "text-and-ragged", "bytes", "three-tuple"],
)
def test_equity_odd_player_values_raise_our_error(player):
    with pytest.raises(OmahaEvalError, match=r"players\[0\]"):
        oe.equity([player, HANDS[1]], board="Kc Kd Kh Ks")


def test_equity_array_game_raises_our_error():
    with pytest.raises(OmahaEvalError, match=r"game: expected a game, one of"):
        oe.equity(HANDS, board="Kc Kd Kh Ks", game=np.array(["omaha8", "omaha"]))
