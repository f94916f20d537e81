"""The atlas as data: its reader, the exact figures of
preflop.exact_vs_random, the exact heads-up 4-card orders read from it; and
the shipped file itself (its digest, its invariants, Monte Carlo) when the
package has it."""

from __future__ import annotations

import io
import json
import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval import _preflop as pf
from omaha_eval import preflop
from omaha_eval.errors import OmahaEvalError

N = pf.N_CLASSES[4]
BOARDS = pf.ATLAS_FIELDS.index("boards")
# sha256 of the shipped counts (tools/gen_preflop_atlas.py prints it; docs/preflop.md)
ATLAS_SHA256: str | None = "cc14d3528b5df9bc42fc53fb09c531a8735bf46f3721b88b2440751efe8245b1"


def synthetic_counts(seed: int) -> np.ndarray:
    """Counts of the atlas's shape that obey its bounds (not real figures):
    for tests of the reader, the figures and the order."""
    rng = np.random.default_rng(seed)
    deals = pf.ATLAS_DEALS
    c = np.zeros((N, len(pf.ATLAS_FIELDS)), np.int64)
    f = {name: i for i, name in enumerate(pf.ATLAS_FIELDS)}
    c[:, f["boards"]] = pf.ATLAS_BOARDS
    c[:, f["low_pot"]] = rng.integers(0, deals, N)
    c[:, f["hi_win_low_pot"]] = rng.integers(0, c[:, f["low_pot"]] // 2 + 1)
    c[:, f["hi_tie_low_pot"]] = rng.integers(0, c[:, f["low_pot"]] // 2 + 1)
    no_low = deals - c[:, f["low_pot"]]
    c[:, f["hi_win_no_low"]] = rng.integers(0, no_low // 2 + 1)
    c[:, f["hi_tie_no_low"]] = rng.integers(0, no_low // 2 + 1)
    c[:, f["own_low"]] = rng.integers(0, c[:, f["low_pot"]] + 1)
    c[:, f["lo_win"]] = rng.integers(0, c[:, f["own_low"]] // 2 + 1)
    c[:, f["lo_tie"]] = rng.integers(0, c[:, f["own_low"]] // 2 + 1)
    extra = np.minimum(c[:, f["hi_win_low_pot"]], c[:, f["lo_win"]])
    c[:, f["scoop"]] = c[:, f["hi_win_no_low"]] + rng.integers(0, extra + 1)
    c[100:110] = c[99]  # ten classes tied with class 99
    return c


def atlas_file(counts: np.ndarray, **meta: Any) -> io.BytesIO:
    info = {"format": pf.ATLAS_FORMAT, "fields": list(pf.ATLAS_FIELDS), **meta}
    buf = io.BytesIO()
    np.savez_compressed(buf, counts=counts, meta=np.array(json.dumps(info)))
    buf.seek(0)
    return buf


@pytest.fixture
def synthetic_atlas(monkeypatch: pytest.MonkeyPatch) -> pf.Atlas:
    atlas = pf.read_atlas(atlas_file(synthetic_counts(1)))
    monkeypatch.setattr(pf, "atlas_shipped", lambda: True)
    monkeypatch.setattr(pf, "load_atlas", lambda: atlas)
    return atlas


def test_the_reader_gives_back_the_counts_read_only() -> None:
    counts = synthetic_counts(2)
    atlas = pf.read_atlas(atlas_file(counts, note="x"))
    assert np.array_equal(atlas.counts, counts) and atlas.meta["note"] == "x"
    assert not atlas.counts.flags.writeable


@pytest.mark.parametrize(
    ("counts", "meta"),
    [
        (synthetic_counts(3)[:-1], {}),  # a class short
        (synthetic_counts(3)[:, :-1], {"fields": list(pf.ATLAS_FIELDS[:-1])}),
        (synthetic_counts(3), {"format": pf.ATLAS_FORMAT + 1}),
    ],
)
def test_the_reader_refuses_another_layout(counts: np.ndarray, meta: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="preflop atlas"):
        pf.read_atlas(atlas_file(counts, **meta))


def test_exact_figures_follow_from_the_counts(synthetic_atlas: pf.Atlas) -> None:
    """Hi/lo: with a low in the pot a half to the better high (a quarter on
    a tie) and a half to the better low; without one the pot to the better
    high.  High only: every pot to the better high."""
    hand = "As Ah 3s 2h"
    cls = int(pf.class_index(4)(pf.class_keys(np.array([[2, 7, 50, 51]], np.uint8)))[0])
    c = dict(zip(pf.ATLAS_FIELDS, synthetic_atlas.counts[cls].tolist(), strict=True))
    deals = pf.ATLAS_DEALS
    r = preflop.exact_vs_random(hand)
    hi = Fraction(2 * c["hi_win_low_pot"] + c["hi_tie_low_pot"], 4 * deals) + Fraction(
        2 * c["hi_win_no_low"] + c["hi_tie_no_low"], 2 * deals
    )
    lo = Fraction(2 * c["lo_win"] + c["lo_tie"], 4 * deals)
    assert (r.exact_hi_share, r.exact_lo_share, r.exact_equity) == (hi, lo, hi + lo)
    assert r.counts == c and r.deals == deals and r.game == "omaha8" and r.class_hands == 12
    assert r.to_dict()["exact_equity"] == str(hi + lo)
    assert r.exact_scoop == Fraction(c["scoop"], deals)
    high = preflop.exact_vs_random("Ad Ac 3d 2c", game="plo")  # the same class, suits renamed
    wins = c["hi_win_low_pot"] + c["hi_win_no_low"]
    ties = c["hi_tie_low_pot"] + c["hi_tie_no_low"]
    assert high.exact_equity == Fraction(2 * wins + ties, 2 * deals)
    assert high.exact_lo_share == 0 and high.game == "omaha"
    assert high.exact_scoop == Fraction(wins, deals)


def test_the_exact_orders_rank_by_exact_equity_ties_by_the_smaller_key(
    synthetic_atlas: pf.Atlas,
) -> None:
    for game in ("omaha8", "omaha"):
        order = pf.order_from_atlas(synthetic_atlas, game)
        q = pf.atlas_pot_quarters(synthetic_atlas.counts, game)
        want = sorted(range(N), key=lambda i: (-int(q[i]), i))  # keys ascend with positions
        assert order.ranking.tolist() == want
        assert order.rank[100] == order.rank[99] + 1  # tied with 99: after it, by key
        assert np.allclose(order.equity, q / (4 * pf.ATLAS_DEALS))


def test_exact_vs_random_refuses_bad_hands(synthetic_atlas: pf.Atlas) -> None:
    for bad in ("As Ah 3s", "As Ah 3s 2h 2d", "As As 3s 2h", "hello"):
        with pytest.raises(OmahaEvalError, match="hand") as err:
            preflop.exact_vs_random(bad)
        assert err.value.param == "hand"
    with pytest.raises(OmahaEvalError, match="game"):
        preflop.exact_vs_random("As Ah 3s 2h", game="holdem")


def test_exact_vs_random_without_the_atlas_says_how_to_make_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pf, "atlas_shipped", lambda: False)
    with pytest.raises(OmahaEvalError, match="gen_preflop_atlas"):
        preflop.exact_vs_random("As Ah 3s 2h")


# ---------------------------------------------------------------- the shipped atlas
shipped = pytest.mark.skipif(
    not pf.atlas_shipped(), reason="the atlas is not shipped yet (tools/gen_preflop_atlas.py)"
)


@shipped
def test_the_shipped_atlas_has_its_recorded_digest() -> None:
    counts = pf.load_atlas().counts
    digest = __import__("hashlib").sha256(np.ascontiguousarray(counts, "<i8").tobytes())
    assert ATLAS_SHA256 is not None, f"record the digest: {digest.hexdigest()}"
    assert digest.hexdigest() == ATLAS_SHA256


@shipped
def test_the_shipped_counts_add_up_and_average_one_half() -> None:
    counts = pf.load_atlas().counts
    sizes = pf.class_counts(pf.all_class_keys(4))
    assert sizes.sum() == math.comb(52, 4)
    assert (counts[:, BOARDS] == pf.ATLAS_BOARDS).all() and (counts >= 0).all()
    c = {name: counts[:, i] for i, name in enumerate(pf.ATLAS_FIELDS)}
    deals = pf.ATLAS_DEALS
    assert (c["hi_win_low_pot"] + c["hi_tie_low_pot"] <= c["low_pot"]).all()
    assert (c["hi_win_no_low"] + c["hi_tie_no_low"] <= deals - c["low_pot"]).all()
    assert (c["lo_win"] + c["lo_tie"] <= c["own_low"]).all()
    assert (c["hi_win_no_low"] <= c["scoop"]).all()
    assert (c["scoop"] <= c["hi_win_no_low"] + c["hi_win_low_pot"]).all()
    for game in ("omaha8", "omaha"):  # equity against a random hand: exactly 1/2 on average
        assert 2 * int((sizes * pf.atlas_pot_quarters(counts, game)).sum()) == 4 * deals * int(
            sizes.sum()
        )
    low_pots = int((sizes * c["low_pot"]).sum())
    assert int((sizes * (2 * c["lo_win"] + c["lo_tie"])).sum()) == low_pots
    assert int((sizes * (2 * c["hi_win_low_pot"] + c["hi_tie_low_pot"])).sum()) == low_pots


def check_heads_up_orders_are_exact() -> None:
    """The heads-up 4-card orders, the lookups and Range("15%") read the atlas."""
    for game in ("omaha8", "omaha"):
        order = pf.load_order(4, game, "hu")
        assert order is pf.exact_order(game)
        hand = pf.key_hand(int(order.keys[order.ranking[0]]))
        assert preflop.percentile(hand, game) == 0.0
        exact = preflop.exact_vs_random(hand, game=game).equity
        assert preflop.equity_vs_random(hand, game) == exact
        # Range("15%") heads-up: the classes of this order whose percentile is below 15
        top = oe.Range("15%", game=game)
        inside = order.start * 100 / order.hands < 15
        assert len(top) == int(order.counts[inside].sum())
        assert hand in top
    assert pf.load_order(4, "omaha8", "6h").meta["table"] == "6h"  # six-handed: Monte Carlo
    assert "deals" in pf.load_order(4, "omaha8", "6h").meta


@pytest.fixture
def orders_from(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Make the package read a given atlas (its caches cleared around)."""

    def use(atlas: pf.Atlas) -> None:
        monkeypatch.setattr(pf, "atlas_shipped", lambda: True)
        monkeypatch.setattr(pf, "load_atlas", lambda: atlas)
        pf.load_order.cache_clear()
        pf.exact_order.cache_clear()

    yield use
    pf.load_order.cache_clear()
    pf.exact_order.cache_clear()


def test_with_an_atlas_the_heads_up_four_card_orders_read_it(orders_from: Any) -> None:
    orders_from(pf.read_atlas(atlas_file(synthetic_counts(4))))
    check_heads_up_orders_are_exact()


@shipped
def test_heads_up_four_card_orders_are_the_exact_ones() -> None:
    check_heads_up_orders_are_exact()


@shipped
@pytest.mark.slow
def test_fifty_classes_agree_with_monte_carlo() -> None:
    """50 classes spread over the order against Monte Carlo (10^7 trials
    each, seeded): within 4 standard errors."""
    order = pf.load_order(4, "omaha8", "hu")
    for i, cls in enumerate(order.ranking[:: len(order.ranking) // 50][:50].tolist()):
        hand = pf.key_hand(int(order.keys[cls]))
        exact = preflop.exact_vs_random(hand).equity
        mc = oe.equity([hand, "*"], trials=10**7, exact=False, seed=i).players[0]
        assert abs(mc.equity - exact) < 4 * mc.stderr, (pf.hand_text(hand), exact, mc.equity)
