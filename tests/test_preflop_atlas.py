"""The exact preflop atlas: the sweep (tools/preflop_atlas.c, driven by
tools/gen_preflop_atlas.py) on reduced decks against brute force over every
board and every pair of hands; the invariants of the counts."""

from __future__ import annotations

import functools
import importlib.util
import itertools
import math
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from omaha_eval import _core
from omaha_eval import _preflop as pf

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "gen_preflop_atlas.py"

pytestmark = [
    pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler"),
    # the sweep is compiled from the evaluator's sources: a wheel's test run has none
    pytest.mark.skipif(
        not (ROOT / "src_c" / "oe_eval.c").is_file()
        or not (ROOT / "tools" / "preflop_atlas.c").is_file(),
        reason="needs the source tree (src_c/*.c, tools/preflop_atlas.c)",
    ),
]


def _gen():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("gen_preflop_atlas", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_preflop_atlas"] = module
    spec.loader.exec_module(module)
    return module


gen = _gen()


def cards(ranks: str, suits: str) -> list[int]:
    order = "23456789TJQKA"
    return sorted(4 * order.index(r) + "cdhs".index(s) for r in ranks for s in suits)


def brute_force(deck: list[int]) -> np.ndarray:
    """Per hand of the deck (gen.deck_hands order), the atlas fields from
    every board and every pair of disjoint hands, each scored by the
    package's evaluator."""
    hands = gen.deck_hands(deck)
    index = {tuple(h): i for i, h in enumerate(hands.tolist())}
    acc = np.zeros((len(hands), len(pf.ATLAS_FIELDS)), np.int64)
    f = {name: i for i, name in enumerate(pf.ATLAS_FIELDS)}
    for board in itertools.combinations(deck, 5):
        live = [c for c in deck if c not in board]
        rows = np.array(list(itertools.combinations(live, 4)), np.uint8)
        hv, lv = _core.evaluate_rows(rows, np.array([board], np.uint8))
        hv, lv = hv.astype(np.int64), lv.astype(np.int64)
        bits = (np.uint64(1) << rows.astype(np.uint64)).sum(axis=1)
        apart = (bits[:, None] & bits[None, :]) == 0
        low_pot = apart & ((lv[:, None] > 0) | (lv[None, :] > 0))
        no_low = apart & ~low_pot
        win = hv[:, None] > hv[None, :]
        tie = hv[:, None] == hv[None, :]
        has_low = (lv > 0)[:, None]
        at = [index[tuple(r)] for r in rows.tolist()]
        acc[at, f["hi_win_low_pot"]] += (low_pot & win).sum(1)
        acc[at, f["hi_tie_low_pot"]] += (low_pot & tie).sum(1)
        acc[at, f["low_pot"]] += low_pot.sum(1)
        acc[at, f["hi_win_no_low"]] += (no_low & win).sum(1)
        acc[at, f["hi_tie_no_low"]] += (no_low & tie).sum(1)
        acc[at, f["lo_win"]] += (apart & (lv[:, None] > lv[None, :])).sum(1)
        acc[at, f["lo_tie"]] += (apart & has_low & (lv[:, None] == lv[None, :])).sum(1)
        acc[at, f["own_low"]] += (apart & has_low).sum(1)
        acc[at, f["boards"]] += 1
        no_low_at_all = (lv[:, None] == 0) & (lv[None, :] == 0)
        alone = win & ((lv[:, None] > lv[None, :]) | no_low_at_all)
        acc[at, f["scoop"]] += (apart & alone).sum(1)
    return acc


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("atlas")


@pytest.fixture(scope="module")
def binary(work: Path) -> Path:
    built: Path = gen.build(work / "preflop_atlas")
    return built


def run(deck: list[int], work: Path, binary: Path, name: str, **kw: object) -> np.ndarray:
    d = work / name
    d.mkdir()
    return gen.sweep(deck, d, nice=False, binary=binary, **kw)


LOW_DECK = cards("A2345", "cdhs")  # 20 cards: lows and every suit relabelling


@pytest.fixture(scope="module")
def every_low_deck(work: Path, binary: Path) -> np.ndarray:
    """The sweep of every board (no board classes) of LOW_DECK, per hand."""
    return run(LOW_DECK, work, binary, "every_A2345", symmetry=False)


@functools.cache
def brute(deck: tuple[int, ...]) -> np.ndarray:
    return brute_force(list(deck))


# Reduced decks: lows, counterfeits, wheels and flushes need five low ranks
# and five cards of a suit; some decks admit every suit relabelling (full
# board classes), others only some.
SMALL = cards("A2345", "cd") + cards("K", "cdhs")  # 14 cards: lows; swaps c-d and h-s
DECKS = {
    "A2345_cdh": cards("A2345", "cdh"),  # 15 cards: relabellings of c, d, h
    "89TJ_cdhs": cards("89TJ", "cdhs"),  # 16 cards: every relabelling
    "A2378_cd_Kcdhs": cards("A2378", "cd") + cards("K", "cdhs"),
}


@pytest.fixture(scope="module")
def small_brute() -> np.ndarray:
    """Brute force on SMALL, per hand (computed once, in the fixture)."""
    return brute(tuple(SMALL))


def test_sweep_of_every_board_equals_brute_force_hand_for_hand(
    work: Path, binary: Path, small_brute: np.ndarray
) -> None:
    got = run(SMALL, work, binary, "every_small", symmetry=False)
    assert np.array_equal(got, small_brute)
    assert got[:, pf.ATLAS_FIELDS.index("lo_tie")].sum() > 0  # the deck makes lows


def test_sweep_of_board_classes_equals_brute_force_class_for_class(
    work: Path, binary: Path, small_brute: np.ndarray
) -> None:
    hands = gen.deck_hands(SMALL)
    got = run(SMALL, work, binary, "classes_small", workers=2)
    keys, totals = gen.class_totals(got, hands)
    want_keys, want = gen.class_totals(small_brute, hands)
    assert np.array_equal(keys, want_keys)
    assert np.array_equal(totals, want)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DECKS))
def test_sweep_equals_brute_force_on_larger_decks(name: str, work: Path, binary: Path) -> None:
    deck = DECKS[name]
    hands = gen.deck_hands(deck)
    want = brute(tuple(deck))
    assert np.array_equal(run(deck, work, binary, f"every_{name}", symmetry=False), want)
    got = run(deck, work, binary, f"classes_{name}", workers=2)
    assert np.array_equal(gen.class_totals(got, hands)[1], gen.class_totals(want, hands)[1])


def test_board_classes_agree_with_every_board_on_a_deck_with_lows(
    work: Path, binary: Path, every_low_deck: np.ndarray
) -> None:
    """Five low ranks in four suits (every suit relabelling, lows possible):
    board classes with multiplicities give each class's totals of all
    boards, and each hand of a class the same counts."""
    deck, every = LOW_DECK, every_low_deck
    hands = gen.deck_hands(deck)
    keys, want = gen.class_totals(every, hands)
    rows = np.searchsorted(keys, pf.class_keys(hands)).astype(np.int32)
    classes = run(deck, work, binary, "classes_A2345", workers=2, rows=rows)
    assert every[:, pf.ATLAS_FIELDS.index("lo_win")].sum() > 0
    assert np.array_equal(classes, want)
    per = gen.per_hand(keys, classes, hands)
    assert np.array_equal(per[np.searchsorted(keys, pf.class_keys(hands))], every)


def test_counts_add_up_and_shares_average_one_half(every_low_deck: np.ndarray) -> None:
    """Invariants of exact counts over every hand: each count fits in its
    deals; the pot shares of all hands average exactly 1/2 (each deal
    counted from both seats), and so do the high half in low pots, the
    whole pot without a low, and the low half."""
    deck, acc = LOW_DECK, every_low_deck
    c = {name: acc[:, i] for i, name in enumerate(pf.ATLAS_FIELDS)}
    opponents = math.comb(len(deck) - 9, 4)
    deals = c["boards"] * opponents
    assert (c["boards"] == math.comb(len(deck) - 4, 5)).all()
    assert (c["hi_win_low_pot"] + c["hi_tie_low_pot"] <= c["low_pot"]).all()
    assert (c["hi_win_no_low"] + c["hi_tie_no_low"] <= deals - c["low_pot"]).all()
    assert (c["lo_win"] + c["lo_tie"] <= c["own_low"]).all()
    assert (c["own_low"] <= c["low_pot"]).all()
    assert (c["scoop"] >= c["hi_win_no_low"]).all()
    assert (c["scoop"] <= c["hi_win_no_low"] + c["hi_win_low_pot"]).all()
    assert (c["scoop"] - c["hi_win_no_low"] <= c["lo_win"]).all()
    q = pf.atlas_quarters(acc)
    assert 2 * (q["omaha8_hi"] + q["omaha8_lo"]).sum() == 4 * deals.sum()
    assert 2 * q["omaha"].sum() == 4 * deals.sum()
    assert (2 * c["hi_win_low_pot"] + c["hi_tie_low_pot"]).sum() == c["low_pot"].sum()
    assert (2 * c["hi_win_no_low"] + c["hi_tie_no_low"]).sum() == (deals - c["low_pot"]).sum()
    assert (2 * c["lo_win"] + c["lo_tie"]).sum() == c["low_pot"].sum()


def test_a_stopped_sweep_resumes_from_its_checkpoint(work: Path, binary: Path) -> None:
    deck = LOW_DECK
    whole = run(deck, work, binary, "whole", workers=1)
    d = work / "resumed"
    d.mkdir()
    gen.sweep(deck, d, 1, every=0.0, limit=100, nice=False, binary=binary)  # stops at 100
    assert (d / "part0.ckpt").exists() and not (d / "part0.out").exists()
    gen.sweep(deck, d, 1, every=0.0, nice=False, binary=binary)
    assert (d / "part0.out").exists()
    assert np.array_equal(gen.sweep(deck, d, 1, nice=False, binary=binary), whole)


def test_the_generator_writes_what_the_package_reads(tmp_path: Path) -> None:
    counts = np.arange(pf.N_CLASSES[4] * len(pf.ATLAS_FIELDS), dtype=np.int64)
    counts = counts.reshape(pf.N_CLASSES[4], -1)
    gen.write_atlas(tmp_path / pf.ATLAS_FILE, counts, 12.0, 2)
    with (tmp_path / pf.ATLAS_FILE).open("rb") as f:
        atlas = pf.read_atlas(f)
    assert np.array_equal(atlas.counts, counts)
    assert atlas.meta["fields"] == list(pf.ATLAS_FIELDS)
    assert atlas.meta["deals_per_hand"] == pf.ATLAS_DEALS
    assert "do not edit" in atlas.meta["generated_by"]


@pytest.mark.slow
def test_full_deck_sweep_of_some_boards_equals_brute_force_for_sampled_hands(
    work: Path, binary: Path
) -> None:
    """The full deck (47 live cards a board: the counters' real sizes),
    every 200,000th board (no classes; 13 boards spread over all ranks):
    sampled hands' counts against brute force on the same boards."""
    deck = list(range(52))
    every = 200_000
    d = work / "full"
    d.mkdir()
    rows = np.arange(math.comb(52, 4), dtype=np.int32)
    args = [str(binary), ",".join(map(str, deck)), str(gen._rows_file(d, deck, rows))]
    subprocess.run([*args, "0", str(every), str(d / "out"), str(d / "ckpt"), "0", "0"], check=True)
    _, got = gen.read_result(d / "out", deck)
    colex = sorted(itertools.combinations(range(52), 5), key=lambda b: b[::-1])
    boards = colex[::every]
    hands = gen.deck_hands(deck)
    rng = np.random.default_rng(41)
    sample = rng.choice(len(hands), 300, replace=False)
    f = {name: i for i, name in enumerate(pf.ATLAS_FIELDS)}
    want = np.zeros((len(sample), len(f)), np.int64)
    bits = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1)
    for board in boards:
        board_bits = sum(np.uint64(1) << np.uint64(c) for c in board)
        live = (bits & board_bits) == 0
        hv, lv = _core.evaluate_rows(hands[live], np.array([board], np.uint8))
        hv, lv, live_bits = hv.astype(np.int64), lv.astype(np.int64), bits[live]
        for row, h in enumerate(sample):
            if not live[h]:
                continue
            i = int(np.flatnonzero(np.flatnonzero(live) == h)[0])
            apart = (live_bits & bits[h]) == 0
            ohv, olv = hv[apart], lv[apart]
            win, tie = hv[i] > ohv, hv[i] == ohv
            low_pot = (lv[i] > 0) | (olv > 0)
            want[row, f["hi_win_low_pot"]] += (win & low_pot).sum()
            want[row, f["hi_tie_low_pot"]] += (tie & low_pot).sum()
            want[row, f["low_pot"]] += low_pot.sum()
            want[row, f["hi_win_no_low"]] += (win & ~low_pot).sum()
            want[row, f["hi_tie_no_low"]] += (tie & ~low_pot).sum()
            want[row, f["lo_win"]] += (lv[i] > olv).sum()
            want[row, f["lo_tie"]] += ((lv[i] == olv) & (lv[i] > 0)).sum()
            want[row, f["own_low"]] += len(olv) if lv[i] > 0 else 0
            want[row, f["boards"]] += 1
            alone = win & ((lv[i] > olv) | ((lv[i] == 0) & (olv == 0)))
            want[row, f["scoop"]] += alone.sum()
    assert want[:, f["lo_win"]].sum() > 0  # some boards make lows
    assert np.array_equal(got[sample], want)
