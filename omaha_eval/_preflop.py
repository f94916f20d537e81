"""The preflop orders behind percent ranges (``15%``, ``5%-10%6h``): private.

k-card hands (k = 4, 5, 6) fall into classes under the 24 relabellings of
the suits: 16,432 classes of 4-card hands, 134,459 of 5-card hands and
962,988 of 6-card hands.  A class is keyed by its four per-suit rank masks
(13 bits each, bit r = rank r) sorted in decreasing order and packed into
one integer, so hands that differ only by suit names share a key.  The keys
of every class are enumerated here (`all_class_keys`), not stored, and so
are the class sizes (`class_counts`).

An order is data: one file per game, hand size and table,
``preflop_{game}_{k}_{table}.npz``, written by ``tools/gen_preflop_order.py``
(its ``meta`` says how).  The 4- and 5-card orders ship in the package
(``omaha_eval/data/``); the 6-card orders, 8.3 MB of the 9.5, ship in a
second, pure-Python distribution, ``omaha-eval-orders`` (``orders/`` in the
source tree), so that each platform wheel stays small and a release carries
them once (`order_dir` finds them).  It holds each
class's equity (in millionths of the pot, classes in ascending key order);
the order is by equity, best first, ties broken by the smaller key.  Files
are read only when an order is first asked for (`load_order`).
"""

from __future__ import annotations

import itertools
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval import extras
from omaha_eval._cache import cache, lru_cache
from omaha_eval.cards import CARD_TEXT, card_id

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

TABLES = ("hu", "6h")  # heads-up (one random opponent), six-handed (five)
OPPONENTS = {"hu": 1, "6h": 5}
N_CLASSES = {4: 16_432, 5: 134_459, 6: 962_988}
EQUITY_SCALE = 1_000_000  # stored equities are whole millionths of the pot
FORMAT = 1  # version of the .npz layout, in each file's meta

# Representatives give the suit with the largest rank mask to spades, then
# hearts, diamonds, clubs (a fixed, readable choice).
_REP_SUITS = (3, 2, 1, 0)
_MASK_SHIFTS = (39, 26, 13, 0)  # where each of the four sorted masks sits in a key


# Hand sizes whose orders ship in the separate distribution omaha-eval-orders,
# whose one package is ORDERS_PACKAGE (orders/ in the source tree).
SEPARATE_SIZES = frozenset({6})
ORDERS_PACKAGE = "omaha_eval_orders"
_ROOT = Path(__file__).resolve().parents[1]  # the source tree, when run from one


def order_file(k: int, game: str, table: str) -> str:
    """File name of an order (in `order_dir`)."""
    return f"preflop_{game}_{k}_{table}.npz"


def source_dir(k: int) -> Path:
    """Where the orders of k-card hands are kept in the source tree (the
    generator writes there)."""
    if k in SEPARATE_SIZES:
        return _ROOT / "orders" / ORDERS_PACKAGE
    return _ROOT / "omaha_eval" / "data"


def order_dir(k: int) -> Traversable:
    """The directory the orders of k-card hands are read from: the package's
    data/, or for SEPARATE_SIZES the installed omaha_eval_orders package, else
    (a source checkout, an editable install) the source tree's orders/.
    Without either, an error that says how to install it."""
    # imported when orders are read: `import omaha_eval` is quicker without them
    from importlib.resources import files

    if k not in SEPARATE_SIZES:
        return files("omaha_eval").joinpath("data")
    try:
        return files(ORDERS_PACKAGE)
    except ModuleNotFoundError:
        pass
    checkout = source_dir(k)
    if (checkout / "__init__.py").is_file():
        return checkout
    raise extras.missing(
        "six",
        f"{k}-card percent ranges and preflop lookups need the {k}-card preflop orders, "
        "which ship apart (the omaha-eval-orders distribution)",
        param="hole_cards",
        value=k,
    )


def class_keys(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """Suit-isomorphism key of each row of an (N, k) array of card ids
    (computed in C: src_c/oe_ranges.h, oe_suit_class_keys)."""
    return _core.suit_class_keys(np.ascontiguousarray(hands, dtype=np.uint8))


def key_masks(keys: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """(N, 4) per-suit rank masks of keys, largest first."""
    k = np.asarray(keys, dtype=np.uint64)
    return np.stack([((k >> np.uint64(s)) & np.uint64(0x1FFF)) for s in _MASK_SHIFTS], 1).astype(
        np.int64
    )


@lru_cache(maxsize=3)
def all_class_keys(k: int) -> npt.NDArray[np.uint64]:
    """Every class key of k-card hands, ascending (read-only).

    A class is a multiset of four rank masks (one per suit, empty allowed)
    whose sizes add up to k; the masks are enumerated in C
    (src_c/oe_ranges.h, oe_all_class_keys), then sorted."""
    keys = np.sort(_core.all_class_keys(k))
    keys.flags.writeable = False
    return keys


def class_hands(keys: npt.NDArray[np.uint64], k: int) -> npt.NDArray[np.uint8]:
    """Every hand of the classes of `keys` (k-card class keys, each once),
    as (N, k) ascending rows in lexicographic order, the order of
    ``ranges.all_hands(k)``: the classes' members are listed in C as masks
    whose descending order is that order (src_c/oe_ranges.h, oe_class_hands)."""
    masks = _core.class_hands(np.ascontiguousarray(keys, dtype=np.uint64))
    np.invert(masks, out=masks)  # descending by an ascending sort, in place
    masks.sort()
    np.invert(masks, out=masks)
    return _core.lex_masks_to_rows(masks, k)


def class_counts(keys: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """Number of hands in each class: 24 suit relabellings over those that
    leave the class's hand unchanged (equal masks swapped)."""
    m = key_masks(keys)
    stabiliser = np.ones(len(m), dtype=np.int64)
    run: npt.NDArray[np.int64] = np.ones(len(m), dtype=np.int64)
    for col in range(1, 4):  # masks are sorted: equal masks are adjacent
        run = np.where(m[:, col] == m[:, col - 1], run + 1, 1)
        stabiliser *= run
    return 24 // stabiliser


def key_hand(key: int) -> list[int]:
    """The representative hand (card ids, best card first) of a class key."""
    cards = []
    for i, suit in enumerate(_REP_SUITS):
        mask = (int(key) >> _MASK_SHIFTS[i]) & 0x1FFF
        cards += [card_id(r, suit) for r in range(13) if mask >> r & 1]
    return sorted(cards, reverse=True)  # best first: by rank, then suit, as ids


def hand_text(cards: list[int]) -> str:
    return "".join(CARD_TEXT[c] for c in cards)


# ---------------------------------------------------------------- key -> class
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing multiplier


class ClassIndex:
    """Position of each key in a sorted key array, by an open-addressing hash
    table (NumPy's searchsorted takes about ten times longer on the 20 M
    six-card hands).  Keys not in the array give -1."""

    def __init__(self, keys: npt.NDArray[np.uint64]) -> None:
        n = len(keys)
        bits = max(4, (4 * n - 1).bit_length())  # load <= 1/4: most keys found at once
        self.keys = keys
        self.size = 1 << bits
        self.shift = np.uint64(64 - bits)
        self.slot = np.full(self.size, -1, dtype=np.int32)
        home = self._home(keys)
        pending = np.arange(n)
        while pending.size:
            free = self.slot[home[pending]] < 0
            want, at = pending[free], home[pending[free]]
            taken, first = np.unique(at, return_index=True)
            self.slot[taken] = want[first]  # the first key wanting a free slot gets it
            placed = np.zeros(n, dtype=np.bool_)
            placed[want[first]] = True
            pending = pending[~placed[pending]]
            home[pending] = (home[pending] + 1) & (self.size - 1)

    def _home(self, keys: npt.NDArray[np.uint64]) -> npt.NDArray[np.intp]:
        home: npt.NDArray[np.intp] = ((keys * _GOLDEN) >> self.shift).astype(np.intp)
        return home

    def __call__(self, keys: npt.NDArray[np.uint64]) -> npt.NDArray[np.int32]:
        keys = np.asarray(keys, dtype=np.uint64)
        at = self._home(keys)
        out: npt.NDArray[np.int32] = self.slot[at]
        open_ = np.flatnonzero((out >= 0) & (self.keys[np.maximum(out, 0)] != keys))
        while open_.size:  # collisions: probe the next slots
            at[open_] = (at[open_] + 1) & (self.size - 1)
            out[open_] = self.slot[at[open_]]
            found = out[open_]
            open_ = open_[(found >= 0) & (self.keys[np.maximum(found, 0)] != keys[open_])]
        return out


@lru_cache(maxsize=3)
def class_index(k: int) -> ClassIndex:
    """The key -> class position lookup of k-card classes (cached)."""
    return ClassIndex(all_class_keys(k))


# ---------------------------------------------------------------- orders
@dataclass(frozen=True)
class PreflopOrder:
    """One shipped order.  Arrays are per class, classes in ascending key
    order (``keys``); ``ranking`` lists the classes best first.

    counts: hands in the class; equity: its pot share (to a millionth);
    rank: its place in the order (0 = best); start: hands in better
    classes; meta: how the file was made."""

    hole_cards: int
    game: str
    table: str
    keys: npt.NDArray[np.uint64]
    counts: npt.NDArray[np.int64]
    equity: npt.NDArray[np.float64]
    ranking: npt.NDArray[np.int64]
    rank: npt.NDArray[np.int64]
    start: npt.NDArray[np.int64]
    meta: dict[str, Any]

    @property
    def hands(self) -> int:
        return math.comb(52, self.hole_cards)


def ranking_of(
    keys: npt.NDArray[np.uint64], equity_units: npt.NDArray[np.int64]
) -> npt.NDArray[np.intp]:
    """Classes best first: by equity (whole units, 0..EQUITY_SCALE), then by
    the smaller key.  Keys ascend (all_class_keys), so the smaller key is
    the smaller position: one sort of (EQUITY_SCALE - units, position)
    packed into an integer, about five times quicker than np.lexsort."""
    if len(keys) > 1 and not (keys[1:] > keys[:-1]).all():
        raise ValueError("ranking_of: keys must ascend")
    units = np.asarray(equity_units, dtype=np.int64)
    if units.size and not (0 <= units.min() and units.max() <= EQUITY_SCALE):
        raise ValueError(f"ranking_of: equities must be 0..{EQUITY_SCALE} units")
    shift = np.int64(max(1, len(keys).bit_length()))
    packed = (EQUITY_SCALE - units) << shift | np.arange(len(keys), dtype=np.int64)
    packed.sort()
    ranking: npt.NDArray[np.intp] = (packed & ((np.int64(1) << shift) - 1)).astype(np.intp)
    return ranking


def make_order(
    k: int, game: str, table: str, equity_units: npt.NDArray[np.int64], meta: dict[str, Any]
) -> PreflopOrder:
    keys = all_class_keys(k)
    if equity_units.shape != keys.shape:
        raise ValueError(f"order {game} {k} {table}: {equity_units.shape} equities for {len(keys)}")
    ranking = ranking_of(keys, equity_units).astype(np.int64)
    equity = equity_units / EQUITY_SCALE  # division: the nearest double to each decimal
    return ranked_order(k, game, table, ranking, equity, meta)


def ranked_order(
    k: int,
    game: str,
    table: str,
    ranking: npt.NDArray[np.int64],
    equity: npt.NDArray[np.float64],
    meta: dict[str, Any],
) -> PreflopOrder:
    """An order from its ranking (classes best first, positions in
    all_class_keys(k)) and each class's equity."""
    keys = all_class_keys(k)
    counts = class_counts(keys)
    rank = np.empty_like(ranking)
    rank[ranking] = np.arange(len(ranking))
    ordered = counts[ranking]
    start = np.empty_like(counts)
    start[ranking] = np.cumsum(ordered) - ordered
    arrays = (counts, ranking, rank, start)
    for a in arrays:
        a.flags.writeable = False
    equity.flags.writeable = False
    return PreflopOrder(k, game, table, keys, counts, equity, ranking, rank, start, meta)


def pack_equity(units: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
    """Whole millionths -> the stored (4, C) byte planes of their uint32
    little-endian bytes (planes compress about 20 % better than the words)."""
    words = np.ascontiguousarray(units, dtype="<u4")
    return np.ascontiguousarray(words.view(np.uint8).reshape(-1, 4).T)


def unpack_equity(planes: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """The stored byte planes -> whole millionths."""
    return np.ascontiguousarray(planes.T).view("<u4").ravel().astype(np.int64)


def _meta(z: Any) -> dict[str, Any]:
    """The JSON `meta` of an open .npz file (json imported with the first
    file read, not with the package)."""
    import json

    meta: dict[str, Any] = json.loads(str(z["meta"]))
    return meta


def read_order(data: Any, k: int, game: str, table: str) -> PreflopOrder:
    """An order from an open .npz file (the layout of tools/gen_preflop_order.py)."""
    with np.load(data, allow_pickle=False) as z:
        meta = _meta(z)
        units = unpack_equity(z["equity"])
    made = (meta.get("hole_cards"), meta.get("game"), meta.get("table"))
    if made != (k, game, table):
        raise ValueError(f"preflop order for {(k, game, table)} holds the order of {made}")
    return make_order(k, game, table, units, meta)


@cache
def load_order(k: int, game: str, table: str) -> PreflopOrder:
    """The shipped order of a hand size, game name and table (read once).
    Heads-up 4-card orders are exact, from the atlas, when the package
    ships it (atlas_shipped); the others are the Monte Carlo files."""
    if (k, table) == (4, "hu") and atlas_shipped():
        return exact_order(game)
    return load_order_file(k, game, table)


@cache
def load_order_file(k: int, game: str, table: str) -> PreflopOrder:
    """The Monte Carlo order file of a hand size, game name and table
    (tools/gen_preflop_order.py; read once), whatever load_order reads."""
    path = order_dir(k).joinpath(order_file(k, game, table))
    with path.open("rb") as f:
        return read_order(f, k, game, table)


# ---------------------------------------------------------------- the exact atlas
# The exact heads-up counts of every 4-card class (tools/gen_preflop_atlas.py;
# docs/preflop.md): per hand of each class, deals (a random opponent hand and
# a five-card board from the other 48 cards) by outcome.
ATLAS_FILE = "preflop_atlas_4.npz"
ATLAS_FORMAT = 1
ATLAS_FIELDS = (
    "hi_win_low_pot",  # high wins in deals whose pot has a low (someone makes one)
    "hi_tie_low_pot",  # high ties in those deals
    "low_pot",  # deals whose pot has a low
    "hi_win_no_low",  # high wins in deals without a low
    "hi_tie_no_low",  # high ties in those deals
    "lo_win",  # the hand's low beats the opponent's (or the opponent has none)
    "lo_tie",  # equal lows
    "own_low",  # deals in which the hand makes a low
    "boards",  # boards the hand meets (each with ATLAS_OPPONENTS opponent hands)
    "scoop",  # the hand wins the whole pot alone: better high, and better low or no low
)
ATLAS_OPPONENTS = math.comb(43, 4)  # opponent hands per hand and board
ATLAS_BOARDS = math.comb(48, 5)
ATLAS_DEALS = ATLAS_OPPONENTS * ATLAS_BOARDS  # 211,315,436,640 deals per hand


def _heads_up_quarters(hero: tuple[int, int], villain: tuple[int, int]) -> tuple[int, int]:
    """The hero's (high, low) share of one heads-up pot, in quarter pots, by
    the project's pot split (src_c/oe_split.c, the rule's owner) on one
    showdown of (high, low) values."""
    high = np.array([[hero[0], villain[0]]], np.uint16)
    low = np.array([[hero[1], villain[1]]], np.uint8)
    hi, lo = _core.split_rows(high, low)
    quarters = (4 * float(hi[0, 0]), 4 * float(lo[0, 0]))
    if any(q != int(q) for q in quarters):
        raise ValueError(f"a heads-up share that is not whole quarters: {quarters}")
    return int(quarters[0]), int(quarters[1])


@cache
def atlas_weights(game: str) -> tuple[dict[str, int], dict[str, int]]:
    """Quarter pots each atlas field's deal is worth to the hand in `game`
    ("omaha8" or "omaha"): (high half's weights, low half's weights), from
    the pot split itself on heads-up showdowns whose outcomes are the
    fields' (values 2 against 1, 2 or 3: worse, equal, better; low 0 =
    none).  Checks that the shares depend on nothing else the fields do not
    hold: a high's share only on whether anyone has a low, a low's not on
    the highs.  High only: no low counts, every pot is the high's."""
    has_low = game == "omaha8"
    low = 2 if has_low else 0  # the hero's low when it has one
    hi = {
        "hi_win_low_pot": _heads_up_quarters((2, low), (1, low))[0],
        "hi_tie_low_pot": _heads_up_quarters((2, low), (2, low))[0],
        "hi_win_no_low": _heads_up_quarters((2, 0), (1, 0))[0],
        "hi_tie_no_low": _heads_up_quarters((2, 0), (2, 0))[0],
    }
    lo = {"lo_win": _heads_up_quarters((2, low), (2, low - 1 if low else 0))[1]}
    lo["lo_tie"] = _heads_up_quarters((2, low), (2, low))[1]
    villain_lows = (0, low - 1, low, low + 1) if low else (0,)  # none, worse, equal, better
    for hero_low, villain_low in itertools.product((0, low), villain_lows):
        if (hero_low, villain_low) == (0, 0):
            continue
        for villain_high, win, tie in ((1, 1, 0), (2, 0, 1), (3, 0, 0)):
            got = _heads_up_quarters((2, hero_low), (villain_high, villain_low))
            want_hi = win * hi["hi_win_low_pot"] + tie * hi["hi_tie_low_pot"]
            want_lo = 0
            if hero_low and villain_low < hero_low:
                want_lo = lo["lo_win"]
            elif hero_low and villain_low == hero_low:
                want_lo = lo["lo_tie"]
            if got != (want_hi, want_lo):
                raise ValueError(f"the pot split no longer has the atlas's form: {got}")
    return hi, lo


def atlas_quarters(counts: npt.NDArray[np.int64]) -> dict[str, npt.NDArray[np.int64]]:
    """Per row of counts (fields ATLAS_FIELDS): the pot won, in quarter pots
    summed over the deals (exact integers): the high and low halves of
    hi/lo ("omaha8_hi", "omaha8_lo") and high only ("omaha"), each field's
    deals weighted by atlas_weights."""
    c = {name: counts[..., i] for i, name in enumerate(ATLAS_FIELDS)}
    out = {}
    halves = (("omaha8_hi", "omaha8", 0), ("omaha8_lo", "omaha8", 1), ("omaha", "omaha", 0))
    for name, game, half in halves:
        weights = atlas_weights(game)[half]
        out[name] = sum((w * c[f] for f, w in weights.items()), np.zeros_like(c["boards"]))
    return out


def atlas_figures(
    counts: npt.NDArray[np.int64], opponents: int = ATLAS_OPPONENTS
) -> dict[str, npt.NDArray[np.float64]]:
    """Equity, hi share and lo share (hi/lo), equity (high only) and the
    share of deals with a low in the pot, per row of counts."""
    q = atlas_quarters(counts)
    deals = (counts[..., ATLAS_FIELDS.index("boards")] * opponents).astype(np.float64)
    out = {
        "omaha8_hi_share": q["omaha8_hi"] / (4 * deals),
        "omaha8_lo_share": q["omaha8_lo"] / (4 * deals),
        "omaha8_equity": (q["omaha8_hi"] + q["omaha8_lo"]) / (4 * deals),
        "omaha_equity": q["omaha"] / (4 * deals),
        "low_pot": counts[..., ATLAS_FIELDS.index("low_pot")] / deals,
        "omaha8_scoop": atlas_scoops(counts, "omaha8") / deals,
        "omaha_scoop": atlas_scoops(counts, "omaha") / deals,
    }
    return out


def atlas_scoops(counts: npt.NDArray[np.int64], game: str) -> npt.NDArray[np.int64]:
    """Deals in which the hand wins the whole pot alone (docs/rules.md's
    scoop), per row of counts: the sweep's joint count in hi/lo; high only,
    every outright high win (no low counts)."""
    c = {name: counts[..., i] for i, name in enumerate(ATLAS_FIELDS)}
    if game == "omaha8":
        return c["scoop"]
    return c["hi_win_low_pot"] + c["hi_win_no_low"]


@dataclass(frozen=True)
class Atlas:
    """The shipped atlas: counts (classes x ATLAS_FIELDS, per hand of each
    class, classes in ascending key order, as all_class_keys(4)) and meta."""

    counts: npt.NDArray[np.int64]
    meta: dict[str, Any]


def read_atlas(data: Any) -> Atlas:
    """The atlas from an open .npz file (the layout of tools/gen_preflop_atlas.py)."""
    with np.load(data, allow_pickle=False) as z:
        meta = _meta(z)
        counts = np.ascontiguousarray(z["counts"], dtype=np.int64)
    if meta.get("format") != ATLAS_FORMAT or tuple(meta.get("fields", ())) != ATLAS_FIELDS:
        raise ValueError(f"preflop atlas: format {meta.get('format')}, fields {meta.get('fields')}")
    if counts.shape != (N_CLASSES[4], len(ATLAS_FIELDS)):
        raise ValueError(f"preflop atlas: counts of shape {counts.shape}")
    counts.flags.writeable = False
    return Atlas(counts, meta)


@cache
def load_atlas() -> Atlas:
    """The shipped atlas (read once)."""
    with order_dir(4).joinpath(ATLAS_FILE).open("rb") as f:
        return read_atlas(f)


def atlas_shipped() -> bool:
    """Whether this installation has the atlas file."""
    return order_dir(4).joinpath(ATLAS_FILE).is_file()


def atlas_pot_quarters(counts: npt.NDArray[np.int64], game: str) -> npt.NDArray[np.int64]:
    """Quarter pots won over a hand's deals in `game` ("omaha8" or "omaha"):
    the exact numerator of its equity (denominator 4 * deals)."""
    q = atlas_quarters(counts)
    return q["omaha8_hi"] + q["omaha8_lo"] if game == "omaha8" else q["omaha"]


def exact_ranking(quarters: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Classes best first by their exact equity (every class has the same
    deals, so quarter pots compare exactly), ties broken by the smaller
    class key (the smaller position: the rule of every order)."""
    positions = np.arange(len(quarters), dtype=np.int64)
    ranking: npt.NDArray[np.int64] = np.lexsort((positions, -quarters)).astype(np.int64)
    return ranking


def order_from_atlas(atlas: Atlas, game: str) -> PreflopOrder:
    """The exact heads-up order of 4-card hands in `game`, from an atlas."""
    quarters = atlas_pot_quarters(atlas.counts, game)
    deals = atlas.counts[:, ATLAS_FIELDS.index("boards")] * ATLAS_OPPONENTS
    meta = dict(atlas.meta, game=game, table="hu", equity="exact: quarter pots / (4 * deals)")
    return ranked_order(4, game, "hu", exact_ranking(quarters), quarters / (4 * deals), meta)


@cache
def exact_order(game: str) -> PreflopOrder:
    """The exact heads-up 4-card order of `game`, from the shipped atlas."""
    return order_from_atlas(load_atlas(), game)
