"""Percent ranges and the shipped preflop orders: suit classes, the data
files' integrity, the generator (small runs against recorded digests, a
regenerated slice of each heads-up order), ``N%`` for every game, hand size
and table, and the six-handed orders against the heads-up ones."""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from cli_helpers import run_python

import omaha_eval
from omaha_eval import _core, _preflop, preflop
from omaha_eval.errors import OmahaEvalError
from omaha_eval.hands import hand_table as all_hands
from omaha_eval.ranges import Range

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "gen_preflop_order.py"
GAMES = ("omaha8", "omaha")
ORDERS = [(k, g, t) for k in (4, 5, 6) for g in GAMES for t in ("hu", "6h")]


def _plain_key(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Suit class by brute force: the smallest sorted relabelling over all 24."""
    return min(
        tuple(sorted(4 * (c // 4) + perm[c % 4] for c in hand))
        for perm in itertools.permutations(range(4))
    )


@pytest.fixture(scope="module")
def gen() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_preflop_order", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_preflop_order"] = module  # dataclasses look the module up
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------- suit classes
def test_class_keys_are_suit_classes() -> None:
    hands = all_hands(4)
    keys = _preflop.class_keys(hands)
    assert len(np.unique(keys)) == _preflop.N_CLASSES[4] == 16_432
    rng = np.random.default_rng(11)
    rows = rng.choice(len(hands), 3000, replace=False)
    by_key: dict[int, tuple[int, ...]] = {}
    for i in rows.tolist():
        plain = _plain_key(tuple(hands[i].tolist()))
        assert by_key.setdefault(int(keys[i]), plain) == plain  # one key, one class
    assert len(set(by_key.values())) == len(by_key)  # one class, one key
    # five- and six-card hands are keyed the same way
    five = np.array([[51, 47, 43, 39, 35], [50, 46, 42, 38, 34], [51, 47, 43, 39, 34]], np.uint8)
    k5 = _preflop.class_keys(five)
    assert k5[0] == k5[1] != k5[2]


@pytest.mark.parametrize("k", [4, 5])
def test_enumerated_classes_are_those_of_all_hands(k: int) -> None:
    keys, counts = np.unique(_preflop.class_keys(all_hands(k)), return_counts=True)
    assert (_preflop.all_class_keys(k) == keys).all()
    assert (_preflop.class_counts(keys) == counts).all()
    assert len(keys) == _preflop.N_CLASSES[k]


def test_six_card_classes_count_every_hand() -> None:
    keys = _preflop.all_class_keys(6)
    assert len(keys) == _preflop.N_CLASSES[6] == 962_988
    assert (keys[1:] > keys[:-1]).all()
    assert _preflop.class_counts(keys).sum() == math.comb(52, 6)
    # a sample of hands maps onto the enumeration
    rng = np.random.default_rng(6)
    hands = np.sort(np.array([rng.choice(52, 6, replace=False) for _ in range(20_000)]), axis=1)
    assert (_preflop.class_index(6)(_preflop.class_keys(hands.astype(np.uint8))) >= 0).all()


@pytest.mark.slow
def test_six_card_classes_are_those_of_all_hands() -> None:
    keys = np.unique(_preflop.class_keys(all_hands(6)))
    assert (_preflop.all_class_keys(6) == keys).all()


@pytest.mark.parametrize("k", [4, 5, 6])
def test_class_index_finds_each_key_and_only_those(k: int) -> None:
    keys = _preflop.all_class_keys(k)
    index = _preflop.class_index(k)
    assert (index(keys) == np.arange(len(keys))).all()
    rng = np.random.default_rng(k)
    pick = rng.choice(len(keys), 5000)
    assert (index(keys[pick]) == pick).all()
    absent = np.array([1, 3, (1 << 52) - 1], dtype=np.uint64)  # not sorted mask tuples
    assert (index(absent) == -1).all()


def test_representatives_round_trip() -> None:
    for k in (4, 5):
        keys = _preflop.all_class_keys(k)[:: 1 if k == 4 else 7]
        reps = np.array([_preflop.key_hand(int(x)) for x in keys], dtype=np.uint8)
        assert (_preflop.class_keys(reps) == keys).all()


def test_all_class_keys_refuses_a_hand_size_it_has_no_classes_for() -> None:
    for k in (0, 7):
        with pytest.raises(ValueError, match=r"k must be 1\.\.6"):
            _core.all_class_keys(k)


@pytest.mark.parametrize("k", [4, 5])
def test_class_hands_lists_every_hand_once_in_lexicographic_order(k: int) -> None:
    assert np.array_equal(_preflop.class_hands(_preflop.all_class_keys(k), k), all_hands(k))


def test_class_hands_lists_the_members_of_each_class() -> None:
    keys = _preflop.all_class_keys(6)[::4099]
    counts = _preflop.class_counts(keys)
    for key, count in zip(keys.tolist(), counts.tolist(), strict=True):
        rows = _preflop.class_hands(np.array([key], dtype=np.uint64), 6)
        assert len(rows) == count and (np.diff(rows, axis=1) > 0).all()
        assert set(_preflop.class_keys(rows).tolist()) == {key}
        # each member once: every relabelling of the representative, deduplicated
        rep = _preflop.key_hand(key)
        members = {
            tuple(sorted(4 * (c // 4) + perm[c % 4] for c in rep))
            for perm in itertools.permutations(range(4))
        }
        assert sorted(map(tuple, rows.tolist())) == sorted(members)


def test_lex_masks_to_rows_refuses_a_mask_of_the_wrong_size() -> None:
    masks = np.array([(1 << 51) | (1 << 50) | (1 << 49) | 1, 0b111], dtype=np.uint64)
    assert _core.lex_masks_to_rows(masks[:1], 4).tolist() == [[0, 1, 2, 51]]
    with pytest.raises(ValueError, match="1 masks are not 4 cards"):
        _core.lex_masks_to_rows(masks, 4)
    with pytest.raises(ValueError, match="1 masks are not 4 cards"):
        _core.lex_masks_to_rows(np.array([1 << 60 | 0b111], dtype=np.uint64), 4)


@pytest.mark.parametrize("n", [0, 1, 2, 1000, 50_000])
def test_ranking_is_by_equity_then_by_the_smaller_key(n: int) -> None:
    rng = np.random.default_rng(n)
    keys = np.sort(rng.choice(1 << 52, n, replace=False).astype(np.uint64))
    units = rng.integers(0, _preflop.EQUITY_SCALE + 1, n)
    units[: n // 2] = units[n // 2 : 2 * (n // 2)]  # many ties
    assert np.array_equal(_preflop.ranking_of(keys, units), np.lexsort((keys, -units)))


def test_ranking_refuses_what_it_cannot_pack() -> None:
    keys = np.array([1, 2], dtype=np.uint64)
    with pytest.raises(ValueError, match="equities must be"):
        _preflop.ranking_of(keys, np.array([0, _preflop.EQUITY_SCALE + 1]))
    with pytest.raises(ValueError, match="keys must ascend"):
        _preflop.ranking_of(keys[::-1], np.array([0, 1]))


# A percent range alone lists its classes' hands directly (Range); every other
# range passes over all hands (ranges._expand), the reference here.
PERCENT_TEXTS = ["15%", "5%-10%6h", "0%", "100%", "0.5%-0.7%6h", "33.3%-40%"]


def _hands_by_the_pass_over_every_hand(text: str, k: int) -> np.ndarray:
    from omaha_eval import _range_parse, ranges

    mask, _ = ranges._expand(_range_parse.parse(text, k, game="omaha8"), k, text)
    return ranges._rows(mask, all_hands(k))


@pytest.mark.parametrize("k", [4, 5, pytest.param(6, marks=pytest.mark.slow)])
@pytest.mark.parametrize("text", PERCENT_TEXTS)
def test_a_percent_range_holds_the_hands_of_the_pass_over_every_hand(text: str, k: int) -> None:
    r = Range(text, hole_cards=k)
    assert np.array_equal(r.combos, _hands_by_the_pass_over_every_hand(text, k))
    assert (r.weights == 1.0).all() and not r.combos.flags.writeable


# The order of each shipped file: sha256 of its ranking (int64, little-endian),
# first 32 hex digits.  A new storage of the orders must keep these.
ORDER_DIGESTS = {
    (4, "omaha8", "hu"): "bfe8798d79f7f88f230314a994487b57",
    (4, "omaha8", "6h"): "51753652abe6d1ab33462878b873dd8a",
    (4, "omaha", "hu"): "95d0b8ae8f4da56bdaa4c68204de4961",
    (4, "omaha", "6h"): "3868c0fbef5180957936d12310899363",
    (5, "omaha8", "hu"): "76585b6c5ef554a9dd4010a5fe7eb921",
    (5, "omaha8", "6h"): "babfbb675a539cb436a309f42ab727b9",
    (5, "omaha", "hu"): "5c2606652fa48c04a7b6b0a5756a1193",
    (5, "omaha", "6h"): "e73e6d724c2123cb4c307e4064648516",
    (6, "omaha8", "hu"): "dab0146f566850e92371ea595fc638ae",
    (6, "omaha8", "6h"): "a97efa9b0f1d180bc1d50099004f8e16",
    (6, "omaha", "hu"): "ba435d7cac0f707404edda8d37d51344",
    (6, "omaha", "6h"): "deb7fb05de4aeadbdd4dd05c80a95c13",
}


@pytest.mark.parametrize(("k", "game", "table"), ORDERS)
def test_shipped_order_is_the_recorded_order(k: int, game: str, table: str) -> None:
    ranking = _preflop.load_order_file(k, game, table).ranking.astype("<i8")
    digest = hashlib.sha256(ranking.tobytes()).hexdigest()[:32]
    assert digest == ORDER_DIGESTS[(k, game, table)]


# ---------------------------------------------------------------- shipped orders
@pytest.mark.parametrize(("k", "game", "table"), ORDERS)
def test_shipped_order_integrity(k: int, game: str, table: str) -> None:
    order = _preflop.load_order_file(k, game, table)
    keys = _preflop.all_class_keys(k)
    # every class exactly once, with its number of hands
    assert order.keys is keys and len(order.equity) == len(keys) == _preflop.N_CLASSES[k]
    assert order.counts.sum() == math.comb(52, k) == order.hands
    assert sorted(order.ranking.tolist()) == list(range(len(keys)))
    # best first: equities never rise along the ranking, ties by the smaller key
    eq = order.equity[order.ranking]
    assert (np.diff(eq) <= 0).all() and 0 < eq[-1] < eq[0] < 1
    tie = np.flatnonzero(np.diff(eq) == 0)
    assert (keys[order.ranking][tie] < keys[order.ranking][tie + 1]).all()
    start = order.start[order.ranking]
    assert start[0] == 0 and (np.diff(start) == order.counts[order.ranking][:-1]).all()
    # the file says how it was made
    meta = order.meta
    assert "do not edit" in meta["generated_by"] and "gen_preflop_order.py" in meta["generated_by"]
    assert (meta["hole_cards"], meta["game"], meta["table"]) == (k, game, table)
    assert meta["command"].endswith(f"--seed {meta['seed']} --deals {meta['deals']}")
    assert meta["samples_per_class"]["min"] >= 100
    # a random hand wins on average its fair share against random hands:
    # 1/2 heads-up, 1/6 six-handed (within a few standard errors)
    mean = float((order.equity * order.counts).sum() / order.hands)
    fair = 1 / (1 + _preflop.OPPONENTS[table])
    assert abs(mean - fair) < 4 * meta["stderr"]["median"]


@pytest.mark.parametrize("k", [pytest.param(4, marks=pytest.mark.slow), 5, 6])
def test_script_regenerates_a_slice_of_each_heads_up_order(gen: ModuleType, k: int) -> None:
    """Recompute a few classes with the files' seed and deal count: the same
    equities, to the millionth (the run is deterministic)."""
    orders = {g: _preflop.load_order_file(k, g, "hu") for g in GAMES}
    meta = orders["omaha8"].meta
    assert {(o.meta["seed"], o.meta["deals"]) for o in orders.values()} == {
        (meta["seed"], meta["deals"])
    }
    ranking = orders["omaha8"].ranking
    picks = ranking[[0, 1, len(ranking) // 3, len(ranking) - 1]]
    tally = gen.compute_hu(k, GAMES, meta["seed"], meta["deals"], keys=orders["omaha8"].keys[picks])
    for g, order in orders.items():
        units = gen.equity_units(tally.s[g], tally.n, gen.SCALE["hu"])
        assert (units == np.rint(order.equity[picks] * 1e6)).all()


def test_four_card_hi_lo_order_is_the_original_one() -> None:
    """The first 4-card hi/lo order (shipped as text before; the file
    stays, though with the exact atlas the package reads that instead): its
    best and worst classes and the size of its 15% are unchanged."""
    order = _preflop.load_order_file(4, "omaha8", "hu")
    best = [_preflop.hand_text(_preflop.key_hand(int(order.keys[i]))) for i in order.ranking[:3]]
    assert best == ["AsAh3s2h", "AsAh4s3h", "AsAh4s2h"]
    assert order.equity[order.ranking[0]] == 0.727003
    worst = [_preflop.hand_text(_preflop.key_hand(int(order.keys[i]))) for i in order.ranking[-3:]]
    assert worst == ["4s4h4d4c", "3s3h3d3c", "2s2h2d2c"]
    assert int(order.counts[order.start * 100 < 15 * order.hands].sum()) == 40_630
    assert order.meta["seed"] == 20261130 and order.meta["deals"] == 600_000


# ---------------------------------------------------------------- the generator
def test_split_table_equals_the_split(gen: ModuleType) -> None:
    """Each hand's share read from the twelve-outcome table is the C split's."""
    rng = np.random.default_rng(3)
    for villains, k in itertools.product((1, 5), (4, 5, 6)):
        n = 4000
        perm = np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8)
        boards = np.ascontiguousarray(perm[:, :5])
        vh, vl = gen.villain_values(perm, k, villains)
        hero = np.ascontiguousarray(perm[:, 5 + villains * k : 5 + (villains + 1) * k])
        hh, hl = _core.evaluate_rows(hero, boards)
        best_high, best_low, tables = gen.state_tables(vh, vl, GAMES)
        state = gen.outcome(hh, hl, best_high, best_low)
        high = np.ascontiguousarray(np.column_stack([hh, vh]))
        low = np.ascontiguousarray(np.column_stack([hl, vl]))
        scale = gen.SCALE["hu" if villains == 1 else "6h"]
        for g, rows_low in (("omaha8", low), ("omaha", np.zeros_like(low))):
            hi, lo = _core.split_rows(high, rows_low)
            want = (hi[:, 0] + lo[:, 0]) * scale
            assert np.allclose(tables[g][np.arange(n), state], want, atol=1e-9)
        assert len(np.unique(state)) >= 8  # the outcomes are exercised


# Digests of small runs, recorded from tools/gen_preflop_order.py: a change in
# the method, the random stream or the evaluator shows up here.
HU_DIGESTS = {
    4: "90b3c05e7e6383d1a966151d894c46a306ea26d4ce1f00bc60f3f07bb814a56a",
    6: "7b65da704e56abcd0e154838564d5310fc68de8aab83f2494a42a5d9e49ec032",
}
SIX_DIGESTS = {
    4: "c714903fe8f4f4d95147d928679d8e2e5357a23f20125ba98bbeae8c28a24ee3",
    5: "4061a1a271efe32fb7ab53ec385231283c0b11d63b9a671ca5043d0fa9dd9f6c",
    6: "006c0bc0a471c6035c9dd88f9da5701f31f2399a995a4c1a8fe6a37aa60f3e7b",
}
# a whole (small) 4-card heads-up file: its equities and meta
FILE_DIGEST = "6ad9f603656a516627e3696d8e80d2e61dab4f3508e4f42da29b2099162d9e34"


@pytest.mark.parametrize("k", sorted(HU_DIGESTS))
def test_small_heads_up_run_reproduces_its_digest(gen: ModuleType, k: int) -> None:
    keys = _preflop.all_class_keys(k)[::997]
    tally = gen.compute_hu(k, GAMES, 7, 1500, keys=keys)
    assert gen.tally_digest(tally) == HU_DIGESTS[k]
    pooled = gen.compute_hu(k, GAMES, 7, 1500, workers=2, keys=keys)
    assert gen.tally_digest(pooled) == HU_DIGESTS[k]  # whatever the worker count


@pytest.mark.slow
@pytest.mark.parametrize("k", sorted(SIX_DIGESTS))
def test_small_six_handed_run_reproduces_its_digest(gen: ModuleType, k: int) -> None:
    deals = 2 * gen.SUBCHUNK * gen.SIX_TASK + 5  # three tasks, the last one short
    tally = gen.compute_6h(k, GAMES, 7, deals)
    per = math.comb(52 - 5 - 5 * k, k)
    assert tally.n.sum() == deals * per  # every hand of every deal, once
    assert gen.tally_digest(tally) == SIX_DIGESTS[k]
    if k == 4:
        pooled = gen.compute_6h(k, GAMES, 7, deals, workers=2)
        assert gen.tally_digest(pooled) == SIX_DIGESTS[k]


@pytest.mark.slow
def test_small_file_reproduces_its_digest(gen: ModuleType, tmp_path: Path) -> None:
    """A whole 4-card heads-up order from 300 deals: written, read back as an
    order, and the same contents as recorded."""
    out = gen.main(
        [
            "--hole-cards",
            "4",
            "--table",
            "hu",
            "--deals",
            "300",
            "--seed",
            "7",
            "--game",
            "omaha",
            "--out-dir",
            str(tmp_path),
            "--no-progress",
        ]
    )
    assert out == 0
    path = tmp_path / "preflop_omaha_4_hu.npz"
    with np.load(path, allow_pickle=False) as z:
        arrays = {"equity": z["equity"], "meta": str(z["meta"])}
    assert gen.digest(arrays) == FILE_DIGEST
    with path.open("rb") as f:
        order = _preflop.read_order(f, 4, "omaha", "hu")
    assert (
        order.meta["deals"] == 300 and "--game omaha --seed 7 --deals 300" in order.meta["command"]
    )
    assert json.loads(arrays["meta"])["generated_by"].endswith("do not edit")


# ---------------------------------------------------------------- percent ranges
def _boundary(order: _preflop.PreflopOrder, p: float) -> tuple[int, int]:
    """(hands in p%, the size of the class that crosses p% of all hands)."""
    target = math.ceil(p * order.hands / 100)
    start = order.start[order.ranking]
    sizes = order.counts[order.ranking]
    inside = int(sizes[start < target].sum())
    cross = int(sizes[start < target][-1]) if inside else 0
    return inside, cross


@pytest.mark.parametrize(
    ("k", "game", "table"),
    # the first 6-card percent range lists every 6-card hand (seconds)
    [pytest.param(*o, marks=pytest.mark.slow) if o[0] == 6 else o for o in ORDERS],
)
def test_n_percent_holds_n_percent_of_the_hands(k: int, game: str, table: str) -> None:
    suffix = "" if table == "hu" else table
    order = _preflop.load_order(k, game, table)
    for p in [15] if k == 6 else [0.5, 5, 15, 50]:
        r = Range(f"{p}%{suffix}", hole_cards=k, game=game)
        want = p * order.hands / 100
        inside, cross = _boundary(order, p)
        assert len(r) == inside
        assert want <= len(r) < want + cross  # whole classes, within one class
        assert cross <= 24
    # the hands of 15% are the classes whose percentile is below 15
    r = Range(f"15%{suffix}", hole_cards=k, game=game)
    pct = preflop.percentile(r.combos, game, table)
    assert isinstance(pct, np.ndarray) and (pct < 15).all()
    rest = Range(f"15%-100%{suffix}", hole_cards=k, game=game)
    assert len(r) + len(rest) == order.hands
    sample = rest.combos[:: max(1, len(rest) // 5000)]
    assert (preflop.percentile(sample, game, table) >= 15).all()


@pytest.mark.parametrize(("game", "table"), list(itertools.product(GAMES, ("hu", "6h"))))
def test_percent_spans_and_ends(game: str, table: str) -> None:
    suffix = "" if table == "hu" else table
    n = 270_725
    assert len(Range(f"100%{suffix}", game=game)) == n and len(Range(f"0%{suffix}")) == 0
    ten, five, mid = (Range(f"{t}{suffix}", game=game) for t in ("10%", "5%", "5%-10%"))
    assert len(five) + len(mid) == len(ten)
    assert not set(map(tuple, five.combos.tolist())) & set(map(tuple, mid.combos.tolist()))
    spaced = Range(f"5% - 10%{suffix}", game=game)
    assert (spaced.combos == mid.combos).all()


def test_suffix_and_game_select_the_order() -> None:
    """Each game and table has its own order; the suffix is case-blind."""
    tops = {
        (g, t): Range(f"2%{'' if t == 'hu' else t}", game=g).combos.tobytes()
        for g in GAMES
        for t in ("hu", "6h")
    }
    assert len(set(tops.values())) == 4
    assert (Range("2%6H").combos == Range("2%6h").combos).all()
    assert (Range("2%", game="plo").combos == Range("2%", game="omaha").combos).all()
    r = Range("10%6h:$ds, KK", hole_cards=5, game="omaha")
    assert r.game.name == "omaha" and "game='omaha'" in repr(r)


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("15%7h", 4, "unknown table size '7h'"),
        ("15%6x", 4, "unknown table size '6x'"),
        ("15%6", 4, "unknown table size '6'"),
        ("AA, 5%-10%9h", 11, "unknown table size '9h'"),
        ("5%6h-10%", 3, "after the whole span"),
        ("15%6h6h", 4, "unknown table size '6h6h'"),
    ],
)
def test_bad_table_suffix_points_at_it(text: str, column: int, words: str) -> None:
    with pytest.raises(OmahaEvalError) as info:
        Range(text)
    first, shown, caret = str(info.value).split("\n")
    assert first.startswith(f"range: column {column}: ") and words in first
    assert shown.strip() == text and caret.index("^") - 4 == column - 1


def test_bad_game_names_the_parameter() -> None:
    with pytest.raises(OmahaEvalError, match=r"game: expected a game.*'holdem'"):
        Range("15%", game="holdem")


def test_orders_are_read_only_when_asked_for(tmp_path: Path) -> None:
    code = (
        "import omaha_eval\n"
        "from omaha_eval import _preflop\n"
        "loaded = []\n"
        "real = _preflop.read_order\n"
        "_preflop.read_order = lambda f, *a: loaded.append(a) or real(f, *a)\n"
        "omaha_eval.Range('AA:$ds, KK'); omaha_eval.Range('AA', hole_cards=5)\n"
        "print(loaded)\n"
        "omaha_eval.Range('15%6h, 5%', hole_cards=5, game='plo'); omaha_eval.Range('15%6h', 5, 'omaha')\n"
        "print(loaded)\n"
    )
    run = run_python(code, tmp_path, check=True)
    assert run.stdout.split("\n")[:2] == ["[]", "[(5, 'omaha', '6h'), (5, 'omaha', 'hu')]"]


# ---------------------------------------------------------------- six-handed
def _kinds(k: int) -> dict[str, np.ndarray]:
    """Masks over the classes of k-card hands (ascending keys) by what they hold."""
    masks = _preflop.key_masks(_preflop.all_class_keys(k))
    ranks = np.stack([sum((masks[:, s] >> r) & 1 for s in range(4)) for r in range(13)], 1)
    popcount = np.array([bin(m).count("1") for m in range(1 << 13)])
    suits = np.sort(popcount[masks], axis=1)  # cards per suit, fewest first
    held = ranks > 0
    runs = np.zeros(len(masks), dtype=np.int64)  # the longest run of consecutive ranks
    run = np.zeros(len(masks), dtype=np.int64)
    for r in range(13):
        run = np.where(held[:, r], run + 1, 0)
        runs = np.maximum(runs, run)
    aces = ranks[:, 12]
    return {
        "A23": held[:, 12] & held[:, 0] & held[:, 1],
        "ace and wheel card": held[:, 12] & held[:, 0:4].any(1),
        # exactly two aces, no other pair, as few suited cards as k cards
        # allow, every other card 9 or lower
        "bare aces": (aces == 2)
        & ((ranks >= 2).sum(1) == 1)
        & (suits[:, -1] <= 2)
        & ((suits == 2).sum(1) == k - 4)
        & ~held[:, 8:12].any(1),
        # four consecutive ranks or more, two suits of two cards or more
        "suited rundown": (runs >= 4) & (suits[:, -2] >= 2),
        "paired or double-suited": (ranks >= 2).any(1) | (suits[:, -2] >= 2),
    }


def _climb(k: int, game: str, select: np.ndarray) -> float:
    """Hand-weighted mean change of percentile from the heads-up order to the
    six-handed one of the classes selected (positive: they climb)."""
    hu = _preflop.load_order(k, game, "hu")
    six = _preflop.load_order(k, game, "6h")
    change = (hu.start - six.start)[select] * 100 / hu.hands
    return float((change * hu.counts[select]).sum() / hu.counts[select].sum())


@pytest.mark.parametrize("k", [4, 5, 6])
def test_six_handed_orders_differ_from_heads_up(k: int) -> None:
    for game in GAMES:
        hu = _preflop.load_order(k, game, "hu")
        six = _preflop.load_order(k, game, "6h")
        moved = np.abs(six.start - hu.start) * 100 / hu.hands
        # the orders agree broadly (the same game) but far from class by class
        assert np.corrcoef(hu.rank, six.rank)[0, 1] > 0.5
        assert float((moved * hu.counts).sum() / hu.hands) > 4


@pytest.mark.parametrize("k", [4, 5, 6])
def test_six_handed_top_hands_are_the_expected_kind(k: int) -> None:
    """Against five hands a pot goes to a hand that improves to the nuts, so
    nut-low hands climb in hi/lo and suited connected hands in both games,
    while a bare pair of aces (which wins heads-up often unimproved) falls
    in high only.  The effects shrink as hands grow (4 to 20 percentile
    points for 4 cards, 4 to 11 for 6: more cards, more ways to improve);
    a class moves by 0.4 to 3 points between runs (docs/ranges.md), and the
    mean over a kind's 28 to thousands of classes by well under one."""
    kinds = _kinds(k)
    effect = 3  # percentile points
    assert _climb(k, "omaha8", kinds["A23"]) > effect  # nut lows, hard to counterfeit
    assert _climb(k, "omaha", kinds["bare aces"]) < -effect
    for game in GAMES:
        assert _climb(k, game, kinds["suited rundown"]) > effect
    # the best six-handed classes: hi/lo, an ace with a wheel card (draws to
    # the nut low); high only, a pair (sets, full houses) or two flush draws
    for game, kind in (("omaha8", "ace and wheel card"), ("omaha", "paired or double-suited")):
        six = _preflop.load_order(k, game, "6h")
        assert kinds[kind][six.ranking[: len(six.ranking) // 500]].all()


# ---------------------------------------------------------------- equity
@pytest.mark.parametrize(
    ("k", "table"),
    [
        (5, "hu"),
        pytest.param(6, "hu", marks=pytest.mark.slow),
        (5, "6h"),
        pytest.param(6, "6h", marks=pytest.mark.slow),
    ],
)
def test_percent_ranges_in_equity_agree_with_the_order(k: int, table: str) -> None:
    """The engine's equity of ``15%`` against random hands is the average of
    the order's equities over the range's classes (weighted by hands)."""
    suffix = "" if table == "hu" else table
    r = Range(f"15%{suffix}", hole_cards=k)
    order = _preflop.load_order(k, "omaha8", table)
    mean = float(preflop.equity_vs_random(r.combos, "omaha8", table).mean())
    players = [r] + ["*"] * _preflop.OPPONENTS[table]
    result = omaha_eval.equity(players, trials=300_000, seed=11, threads=2)
    se = math.hypot(result.players[0].stderr, order.meta["stderr"]["median"])
    assert abs(result.players[0].equity - mean) < 4 * se
    assert mean > 1.1 / (1 + _preflop.OPPONENTS[table])  # the top beats a random hand
    # range text in equity() reads the same order
    text = omaha_eval.equity([f"15%{suffix}", *players[1:]], hole_cards=k, trials=20_000, seed=1)
    again = omaha_eval.equity(players, trials=20_000, seed=1)
    assert text.players[0].equity == again.players[0].equity


def test_every_entry_point_reads_percent_text_in_its_game() -> None:
    """``15%`` in a high-only spot is the high-only order's top, in equity(),
    equity_distribution() and the solver functions alike (one reader)."""
    high = Range("15%", game="omaha")
    hilo = Range("15%")
    assert len(set(map(tuple, high.combos.tolist())) ^ set(map(tuple, hilo.combos.tolist()))) > 0
    spot = dict(trials=20_000, seed=3, threads=1)
    by_text = omaha_eval.equity(["15%", "*"], game="omaha", **spot)
    by_range = omaha_eval.equity([high, "*"], game="omaha", **spot)
    assert by_text.players[0].equity == by_range.players[0].equity
    board = "Kc 7d 2h 9s"
    text = omaha_eval.street_equity(board, "As Ah Kd Qd", "15%", game="omaha")
    obj = omaha_eval.street_equity(board, "As Ah Kd Qd", high, game="omaha")
    assert np.array_equal(text.equity, obj.equity) and np.array_equal(
        text.live_weight, obj.live_weight
    )
    other = omaha_eval.street_equity(board, "As Ah Kd Qd", hilo, game="omaha")
    assert not np.array_equal(text.live_weight, other.live_weight)
    dist = omaha_eval.equity_distribution("15%", "As Ah Kd Qd", board, game="omaha")
    vector = omaha_eval.street_equity(board, high, "As Ah Kd Qd", game="omaha")
    live = np.isfinite(vector.equity)  # the hands that meet the villain's
    assert np.array_equal(dist.combos, vector.hero_combos[live])
