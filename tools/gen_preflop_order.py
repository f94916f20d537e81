#!/usr/bin/env python
"""Generate the preflop orders of percent ranges: preflop_{game}_{k}_{table}.npz.

They are written where the package reads them in the source tree
(omaha_eval._preflop.source_dir): omaha_eval/data/ for 4 and 5 cards,
orders/omaha_eval_orders/ (the omaha-eval-orders distribution) for 6.

Every suit class of k-card hands (k = 4, 5, 6: 16,432, 134,459 and 962,988
classes) gets its all-in equity preflop (hi_share + lo_share, docs/rules.md; for
the high-only game the high takes the whole pot) against random hands dealt
with a five-card board from the rest of the deck: one random hand for the
heads-up order (table ``hu``), five for the six-handed order (``6h``).  An
order ranks the classes by that equity, best first.

Two Monte Carlo methods, both with common random numbers (the same seeded
deals serve every class, so the noise is shared and the ORDER is steadier
than each equity alone):

- ``hu``: one set of ``--deals`` deals (villain hand + board, from the full
  deck) is drawn once; each class's representative hand is scored on the
  deals that do not touch its cards (46 % of them for 4 cards, 33 % for 5,
  22 % for 6).  The villain's values are evaluated once.
- ``6h``: five villains and a board leave 27, 22 or 17 cards; a deal
  touching none of a hand's cards is then rare (1 in 1,700 for 6 cards), so
  instead every hand made of the cards a deal leaves (17,550, 26,334 or
  12,376 hands) is scored on that deal, and each class gathers the scores
  of its hands.  A class thus gets samples in proportion to its number of
  hands.  Hands are evaluated on one board at a time (the evaluator's
  one-board table).

Both games come from the same deals and evaluations (``--game omaha8 omaha``,
the default); a run for one game writes the same file.  The pot split is
the project's C split (omaha_eval._core.split_rows): it is called on twelve
rows per deal, one per outcome of the hand against the villains' best high
(worse, equal, better) and best low (none, worse, equal, better), and each
hand reads its share from that table.  Shares are whole multiples of 1/4
(heads-up) or 1/120 (six players), so sums are exact integers and the
result does not depend on the order of the work: the same --seed and
--deals give the same file whatever --workers is.

Run from the repository root with the package built in place.  The shipped
orders were made by (each makes both games; times with --workers 1 on this
project's shared 2-core machine, see docs/ranges.md):

    python setup.py build_ext --inplace
    python tools/gen_preflop_order.py --hole-cards 4 --table hu
    python tools/gen_preflop_order.py --hole-cards 5 --table hu
    python tools/gen_preflop_order.py --hole-cards 6 --table hu
    python tools/gen_preflop_order.py --hole-cards 4 --table 6h
    python tools/gen_preflop_order.py --hole-cards 5 --table 6h
    python tools/gen_preflop_order.py --hole-cards 6 --table 6h

The defaults (seed, deals) of each are in DEFAULTS below and in each file's
meta.  The 4-card heads-up hi/lo order is the one the project has shipped
since percent ranges began (same seed, deals and method).

File format (NumPy .npz, no pickles): ``equity`` is uint8 (4, C): the four
little-endian bytes, as planes, of each class's equity in whole millionths
of the pot (uint32), classes in ascending key order (omaha_eval._preflop:
keys and class sizes are enumerated at load, not stored); byte planes
because they compress to about 2.2 bytes a class.  ``meta`` is a JSON text:
how the file was made ("do not edit"), the parameters and the precision.
The order is by equity, ties broken by the smaller class key.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # the package built in place in this checkout

from tqdm import tqdm  # noqa: E402

from omaha_eval import _core  # noqa: E402
from omaha_eval import _preflop as pf  # noqa: E402
from omaha_eval.games import HOLE_SIZES  # noqa: E402
from omaha_eval.games import game as read_game  # noqa: E402

GAMES = ("omaha8", "omaha")
SEED = 20261130
# (hole cards, table) -> deals of the shipped orders.  Chosen so that each
# run takes under an hour on one core of this project's shared machine;
# docs/ranges.md gives the times and the precision.
DEFAULTS = {
    (4, "hu"): 600_000,  # the original order's deal count
    (5, "hu"): 150_000,
    (6, "hu"): 30_000,
    (4, "6h"): 150_000,
    (5, "6h"): 100_000,
    (6, "6h"): 500_000,
}
# Shares are whole multiples of 1/SCALE: quarters heads-up (a half split two
# ways); with six players a half split 1..6 ways (lcm 1..6 = 60, halved).
SCALE = {"hu": 4, "6h": 120}
DEAL_CHUNK = 50_000  # hu: deals shuffled at once (bounds memory; part of the random stream)
SUBCHUNK = 64  # 6h: deals drawn from one child seed (part of the random stream)
HU_TASK = 256  # hu: classes per task handed to a worker
SIX_TASK = 16  # 6h: subchunks per task

Ints = npt.NDArray[np.int64]


# ---------------------------------------------------------------- the split table
def state_tables(
    v_high: npt.NDArray[np.uint16], v_low: npt.NDArray[np.uint8], games: Sequence[str]
) -> tuple[Ints, Ints, dict[str, Ints]]:
    """For deals with villains' values (D, V): the villains' best high and
    best low, and per game the hand's share times SCALE in each of the 12
    outcomes 4 * hs + ls (hs: high worse/equal/better; ls: low none/worse/
    equal/better), by the C pot split on one synthetic row per outcome.
    Outcomes a deal cannot produce get whatever the split says; no hand reads them."""
    d, v = v_high.shape
    scale = 4 if v == 1 else 120
    best_high = v_high.max(axis=1).astype(np.int64)
    best_low = v_low.max(axis=1).astype(np.int64)
    high = np.empty((d, 12, v + 1), np.uint16)
    low = np.empty((d, 12, v + 1), np.uint8)
    high[:, :, 1:] = v_high[:, None, :]
    low[:, :, 1:] = v_low[:, None, :]
    hero_low = [np.zeros(d, np.int64), np.maximum(best_low - 1, 0), best_low, best_low + 1]
    for hs in range(3):
        for ls in range(4):
            high[:, 4 * hs + ls, 0] = best_high + hs - 1  # best_high >= 1: never below 0
            low[:, 4 * hs + ls, 0] = hero_low[ls]
    out = {}
    for g in games:
        rows_low = low if read_game(g).has_low else np.zeros_like(low)  # high only: no low
        hi, lo = _core.split_rows(high.reshape(-1, v + 1), rows_low.reshape(-1, v + 1))
        share = (hi[:, 0] + lo[:, 0]) * scale
        units = np.rint(share).astype(np.int64)
        assert (np.abs(units - share) < 1e-9).all(), "a share that is not a multiple of 1/SCALE"
        out[g] = units.reshape(d, 12)
    return best_high, best_low, out


def outcome(
    high: npt.NDArray[np.uint16], low: npt.NDArray[np.uint8], best_high: Ints, best_low: Ints
) -> Ints:
    """The outcome index (see state_tables) of hands against their deals."""
    h = high.astype(np.int64)
    lo = low.astype(np.int64)
    hs = (h > best_high).astype(np.int64) + (h >= best_high)
    ls = np.where(lo == 0, 0, np.where(lo < best_low, 1, np.where(lo == best_low, 2, 3)))
    return 4 * hs + ls


# ---------------------------------------------------------------- tallies
@dataclass
class Tally:
    """Exact sums per class: samples n, and per game the sum s of share *
    SCALE and q of its square; and over clusters of samples that share deals
    (heads-up: each sample; six-handed: the hands of a subchunk of deals,
    which can hold several hands of one class), nn = sum of n_b ** 2 and per
    game ns = sum of n_b * s_b and ss = sum of s_b ** 2, for the standard
    error."""

    n: Ints
    s: dict[str, Ints]
    q: dict[str, Ints]
    nn: Ints
    ns: dict[str, Ints]
    ss: dict[str, Ints]

    @classmethod
    def zeros(cls, classes: int, games: Sequence[str]) -> Tally:
        def z() -> Ints:
            return np.zeros(classes, np.int64)

        return cls(
            z(),
            {g: z() for g in games},
            {g: z() for g in games},
            z(),
            {g: z() for g in games},
            {g: z() for g in games},
        )

    def add(self, other: Tally) -> None:
        self.n += other.n
        self.nn += other.nn
        for g in self.s:
            self.s[g] += other.s[g]
            self.q[g] += other.q[g]
            self.ns[g] += other.ns[g]
            self.ss[g] += other.ss[g]

    def arrays(self) -> dict[str, Ints]:
        """Every sum by name (for digests and saving)."""
        out = {"n": self.n, "nn": self.nn}
        for g in sorted(self.s):
            for name in ("s", "q", "ns", "ss"):
                out[f"{name}_{g}"] = getattr(self, name)[g]
        return out


# ---------------------------------------------------------------- heads-up
@dataclass
class Deals:
    """Common deals for heads-up: boards, the card mask of each deal, the
    villain's best values and the share tables."""

    boards: npt.NDArray[np.uint8]
    masks: npt.NDArray[np.uint64]
    best_high: Ints
    best_low: Ints
    tables: dict[str, Ints]


def make_deals(k: int, seed: int, n: int, games: Sequence[str]) -> Deals:
    """`n` seeded deals of a villain hand (k cards) and a board (5), distinct cards."""
    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, n, DEAL_CHUNK):
        m = min(DEAL_CHUNK, n - start)
        parts.append(np.argsort(rng.random((m, 52)), axis=1)[:, : k + 5].astype(np.uint8))
    cards = np.concatenate(parts)
    villain = np.ascontiguousarray(cards[:, :k])
    boards = np.ascontiguousarray(cards[:, k:])
    masks = np.zeros(n, dtype=np.uint64)
    for col in range(k + 5):
        masks |= np.left_shift(np.uint64(1), cards[:, col].astype(np.uint64))
    v_high, v_low = _core.evaluate_rows(villain, boards)
    best_high, best_low, tables = state_tables(v_high[:, None], v_low[:, None], games)
    return Deals(boards, masks, best_high, best_low, tables)


def hu_class(hero: list[int], deals: Deals) -> tuple[int, dict[str, int], dict[str, int]]:
    """(deals used, per game sum and sum of squares of share * 4) of one hand."""
    hero_mask = np.uint64(sum(1 << c for c in hero))
    ok = np.flatnonzero((deals.masks & hero_mask) == 0)
    holes = np.ascontiguousarray(np.broadcast_to(np.array(hero, np.uint8), (len(ok), len(hero))))
    high, low = _core.evaluate_rows(holes, deals.boards[ok])
    state = outcome(high, low, deals.best_high[ok], deals.best_low[ok])
    s, q = {}, {}
    for g, table in deals.tables.items():
        share = table[ok, state]
        s[g] = int(share.sum())
        q[g] = int((share * share).sum())
    return len(ok), s, q


_deals: Deals | None = None


def _init_hu(k: int, seed: int, n: int, games: tuple[str, ...]) -> None:
    global _deals
    _deals = make_deals(k, seed, n, games)


def _hu_task(keys: list[int]) -> list[tuple[int, dict[str, int], dict[str, int]]]:
    assert _deals is not None
    return [hu_class(pf.key_hand(key), _deals) for key in keys]


def compute_hu(
    k: int,
    games: Sequence[str],
    seed: int,
    deals: int,
    workers: int = 1,
    keys: npt.NDArray[np.uint64] | None = None,
    progress: bool = False,
) -> Tally:
    """Heads-up tallies of the classes `keys` (default: all of them, ascending)."""
    keys = pf.all_class_keys(k) if keys is None else keys
    key_list = [int(x) for x in keys]
    tasks = [key_list[i : i + HU_TASK] for i in range(0, len(key_list), HU_TASK)]
    tally = Tally.zeros(len(key_list), games)
    bar = tqdm(total=len(key_list), unit="class", disable=not progress, file=sys.stderr)
    i = 0

    def collect(results: Iterable[list[tuple[int, dict[str, int], dict[str, int]]]]) -> None:
        nonlocal i
        for chunk in results:
            for n, s, q in chunk:
                tally.n[i] = tally.nn[i] = n  # each deal its own cluster
                for g in games:
                    tally.s[g][i] = tally.ns[g][i] = s[g]
                    tally.q[g][i] = tally.ss[g][i] = q[g]
                i += 1
            bar.update(len(chunk))

    args = (k, seed, deals, tuple(games))
    with bar:
        _run(workers, _init_hu, args, _hu_task, tasks, collect)
    return tally


def _run(
    workers: int,
    init: Callable[..., None],
    args: tuple[Any, ...],
    task: Callable[[Any], Any],
    tasks: list[Any],
    collect: Callable[[Iterable[Any]], None],
) -> None:
    """Run tasks in this process or in a pool, results in task order."""
    if workers <= 1:
        init(*args)
        collect(map(task, tasks))
    else:
        with ProcessPoolExecutor(workers, initializer=init, initargs=args) as pool:
            collect(pool.map(task, tasks))


# ---------------------------------------------------------------- six-handed
@dataclass
class SixSetup:
    k: int
    seed: int
    games: tuple[str, ...]
    combos: npt.NDArray[np.intp]  # every k-subset of the cards a deal leaves
    index: pf.ClassIndex


_six: SixSetup | None = None

VILLAINS = 5


def _init_six(k: int, seed: int, games: tuple[str, ...]) -> None:
    global _six
    left = 52 - 5 - VILLAINS * k
    combos = np.array(list(itertools.combinations(range(left), k)), dtype=np.intp)
    _six = SixSetup(k, seed, games, combos, pf.class_index(k))


def villain_values(
    perm: npt.NDArray[np.uint8], k: int, villains: int
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """High and low values (D, villains) of the villains each deal holds:
    a row of `perm` is a shuffled deck, the board first, then the villains'
    k cards each."""
    boards = np.ascontiguousarray(perm[:, :5])
    high = np.empty((len(perm), villains), np.uint16)
    low = np.empty((len(perm), villains), np.uint8)
    for v in range(villains):
        hand = np.ascontiguousarray(perm[:, 5 + k * v : 5 + k * (v + 1)])
        high[:, v], low[:, v] = _core.evaluate_rows(hand, boards)
    return high, low


def six_subchunk(setup: SixSetup, j: int, deals: int, tally: Tally) -> None:
    """Score `deals` deals of child seed j: every hand of the cards left by
    five villains and a board, added to `tally`."""
    k = setup.k
    rng = np.random.default_rng(np.random.SeedSequence(setup.seed, spawn_key=(j,)))
    perm = np.argsort(rng.random((deals, 52)), axis=1).astype(np.uint8)
    boards = np.ascontiguousarray(perm[:, :5])
    v_high, v_low = villain_values(perm, k, VILLAINS)
    best_high, best_low, tables = state_tables(v_high, v_low, setup.games)
    left = np.sort(perm[:, 5 + VILLAINS * k :], axis=1)
    hands = np.ascontiguousarray(left[:, setup.combos].reshape(-1, k))  # rows ascending
    per = len(setup.combos)
    high = np.empty(len(hands), np.uint16)
    low = np.empty(len(hands), np.uint8)
    for d in range(deals):  # one board at a time: the evaluator's one-board table
        rows = slice(d * per, (d + 1) * per)
        high[rows], low[rows] = _core.evaluate_rows(hands[rows], boards[d : d + 1])
    deal = np.repeat(np.arange(deals), per)
    state = outcome(high, low, best_high[deal], best_low[deal])
    cls = setup.index(pf.class_keys(hands))
    c = len(tally.n)
    n = np.bincount(cls, minlength=c)
    tally.n += n
    tally.nn += n * n  # the subchunk is a cluster: its hands of a class share deals
    for g in setup.games:
        share = tables[g][deal, state].astype(np.float64)  # whole numbers: sums stay exact
        s = np.bincount(cls, share, c).astype(np.int64)
        tally.s[g] += s
        tally.q[g] += np.bincount(cls, share * share, c).astype(np.int64)
        tally.ns[g] += n * s
        tally.ss[g] += s * s


def _six_task(job: tuple[int, int, int]) -> Tally:
    assert _six is not None
    first, last, total = job
    tally = Tally.zeros(pf.N_CLASSES[_six.k], _six.games)
    for j in range(first, last):
        six_subchunk(_six, j, min(SUBCHUNK, total - j * SUBCHUNK), tally)
    return tally


def compute_6h(
    k: int, games: Sequence[str], seed: int, deals: int, workers: int = 1, progress: bool = False
) -> Tally:
    """Six-handed tallies of every class (ascending key order)."""
    subchunks = math.ceil(deals / SUBCHUNK)
    jobs = [(j, min(j + SIX_TASK, subchunks), deals) for j in range(0, subchunks, SIX_TASK)]
    tally = Tally.zeros(pf.N_CLASSES[k], games)
    bar = tqdm(total=deals, unit="deal", disable=not progress, file=sys.stderr)

    def collect(results: Iterable[Tally]) -> None:
        for (first, last, _), part in zip(jobs, results, strict=True):
            tally.add(part)  # integers: the sum does not depend on the grouping
            bar.update(min(last * SUBCHUNK, deals) - first * SUBCHUNK)

    with bar:
        _run(workers, _init_six, (k, seed, tuple(games)), _six_task, jobs, collect)
    return tally


# ---------------------------------------------------------------- output
def equity_units(s: Ints, n: Ints, scale: int) -> Ints:
    """Equity in whole millionths, as the original order rounded it: the
    mean share (a double) printed with six decimals."""
    out = np.empty(len(n), np.int64)
    for i, (si, ni) in enumerate(zip(s.tolist(), n.tolist(), strict=True)):
        out[i] = int(f"{si / scale / ni:.6f}".replace(".", ""))
    return out


def stderr(tally: Tally, game: str, scale: int) -> npt.NDArray[np.float64]:
    """Standard error of each class's mean share, from the cluster sums
    (samples that share deals are not independent)."""
    n = tally.n.astype(np.float64)
    mean = tally.s[game] / n
    spread = tally.ss[game] - 2 * mean * tally.ns[game] + mean * mean * tally.nn
    return np.sqrt(np.maximum(spread, 0.0)) / n / scale


def command(k: int, table: str, game: str, seed: int, deals: int) -> str:
    return (
        f"python tools/gen_preflop_order.py --hole-cards {k} --table {table} --game {game} "
        f"--seed {seed} --deals {deals}"
    )


def order_arrays(
    k: int, game: str, table: str, tally: Tally, seed: int, deals: int
) -> dict[str, Any]:
    """The contents of one order file: equity planes and meta."""
    n = tally.n
    if (n == 0).any():
        raise SystemExit(f"{(n == 0).sum()} classes got no deal; use more --deals for a file")
    scale = SCALE[table]
    units = equity_units(tally.s[game], n, scale)
    se = stderr(tally, game, scale)
    method = (
        "common deals (villain + board) for every class; a class's representative hand "
        "scored on the deals that miss its cards"
        if table == "hu"
        else "every hand of the cards each deal (5 villains + board) leaves is scored on it; "
        "a class pools its hands' scores"
    )
    meta = {
        "generated_by": "tools/gen_preflop_order.py; do not edit",
        "command": command(k, table, game, seed, deals),
        "format": pf.FORMAT,
        "hole_cards": k,
        "game": game,
        "table": table,
        "opponents": pf.OPPONENTS[table],
        "equity": "all-in pot share (hi_share + lo_share) against random hands, preflop",
        "method": method,
        "seed": seed,
        "deals": deals,
        "classes": len(n),
        "hands": math.comb(52, k),
        "equity_unit": 1 / pf.EQUITY_SCALE,
        "samples_per_class": {
            "min": int(n.min()),
            "median": float(np.median(n)),
            "max": int(n.max()),
        },
        "stderr": {
            "median": round(float(np.median(se)), 6),
            "p90": round(float(np.percentile(se, 90)), 6),
            "max": round(float(se.max()), 6),
        },
        "numpy": np.__version__,
    }
    return {"equity": pf.pack_equity(units), "meta": json.dumps(meta, sort_keys=True)}


def digest(arrays: dict[str, Any]) -> str:
    """sha256 of an order's contents, the NumPy version left out."""
    meta = json.loads(arrays["meta"])
    meta.pop("numpy", None)
    h = hashlib.sha256(np.ascontiguousarray(arrays["equity"]).tobytes())
    h.update(json.dumps(meta, sort_keys=True).encode())
    return h.hexdigest()


def tally_digest(tally: Tally) -> str:
    """sha256 of a tally (for small runs whose classes are not all covered)."""
    h = hashlib.sha256()
    for name, a in tally.arrays().items():
        h.update(name.encode())
        h.update(a.astype("<i8").tobytes())
    return h.hexdigest()


def save(path: Path, arrays: dict[str, Any]) -> None:
    buf = io.BytesIO()
    np.savez_compressed(buf, equity=arrays["equity"], meta=np.array(arrays["meta"]))
    path.write_bytes(buf.getvalue())


def save_tally(path: Path, tally: Tally, k: int, table: str, seed: int, deals: int) -> None:
    """The raw sums of a run, to render the files again without recomputing."""
    params = np.array([k, SCALE[table], seed, deals])
    np.savez_compressed(path, params=params, **tally.arrays())  # type: ignore[arg-type]


def load_tally(path: Path) -> tuple[Tally, int, int, int]:
    """(tally, hole cards, seed, deals) saved by save_tally."""
    with np.load(path) as z:
        games = [g for g in GAMES if f"s_{g}" in z]
        sums = {name: {g: z[f"{name}_{g}"] for g in games} for name in ("s", "q", "ns", "ss")}
        tally = Tally(z["n"], sums["s"], sums["q"], z["nn"], sums["ns"], sums["ss"])
        k, _, seed, deals = (int(x) for x in z["params"])
    return tally, k, seed, deals


# ---------------------------------------------------------------- report
def estimated_moves(order: pf.PreflopOrder, seed: int = 1) -> tuple[float, float, float]:
    """(median and 90th-percentile move in percentile points, hand-weighted;
    share of the hands of ``15%`` that leave it) between two runs, estimated
    by redrawing each class's equity twice with independent normal noise of
    its standard error.  The real runs share deals between classes (common
    random numbers), so their noise is correlated and they swap fewer
    classes: these are upper estimates.  Per-class errors: the file's median
    one, scaled (six-handed) by the class's size, since a class's samples
    grow with its number of hands."""
    se = np.full(len(order.counts), order.meta["stderr"]["median"])
    if order.table == "6h":
        se = se * np.sqrt(np.median(order.counts) / order.counts)
    rng = np.random.default_rng(seed)
    units = [
        np.round((order.equity + rng.normal(0.0, se)) * pf.EQUITY_SCALE).astype(np.int64)
        for _ in range(2)
    ]
    starts = [pf.make_order(order.hole_cards, order.game, order.table, u, {}).start for u in units]
    moved = np.abs(starts[0] - starts[1]) * 100 / order.hands
    by_move = np.argsort(moved)
    cum = np.cumsum(order.counts[by_move]) / order.counts.sum()
    median, p90 = (float(moved[by_move][np.searchsorted(cum, q)]) for q in (0.5, 0.9))
    cut = math.ceil(0.15 * order.hands)
    inside = [start < cut for start in starts]
    out = order.counts[inside[0] & ~inside[1]].sum() / order.counts[inside[0]].sum()
    return median, p90, float(out)


def report(data: Path | None) -> None:
    """The tables of docs/ranges.md, from the shipped files (in `data`, else
    where the source tree keeps each): each order's best classes, deals,
    samples, standard errors, estimated moves, size."""
    print(
        "| order | best classes | deals | samples per class | stderr (median, p90) "
        "| moved (median, p90) | 15% out | file |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for k, table, game in itertools.product(HOLE_SIZES, pf.TABLES, GAMES):
        path = (data or pf.source_dir(k)) / pf.order_file(k, game, table)
        if not path.exists():
            print(f"| {k}-card {game} {table} | (missing: {path.name}) |||||||")
            continue
        order = pf.read_order(path, k, game, table)
        m = order.meta
        best = ", ".join(pf.hand_text(pf.key_hand(int(order.keys[c]))) for c in order.ranking[:3])
        median, p90, out = estimated_moves(order)
        print(
            f"| {k}-card {game} {table} | {best} | {m['deals']:,} "
            f"| {m['samples_per_class']['median']:,.0f} "
            f"| {m['stderr']['median']:.4f}, {m['stderr']['p90']:.4f} "
            f"| {median:.2f}, {p90:.2f} | {100 * out:.1f}% | {path.stat().st_size / 1e6:.2f} MB |"
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument(
        "--report",
        action="store_true",
        help="print the shipped orders' precision table (docs/ranges.md) and stop",
    )
    ap.add_argument("--hole-cards", type=int, choices=HOLE_SIZES)
    ap.add_argument("--table", choices=pf.TABLES)
    ap.add_argument("--game", nargs="+", choices=GAMES, default=list(GAMES))
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--deals", type=int, help="default: DEFAULTS for the hole cards and table")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out-dir", type=Path, help="default: where the source tree keeps them")
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--save-tally", type=Path, help="also save the raw sums (.npz) here")
    ap.add_argument("--from-tally", type=Path, help="write the files from saved sums")
    args = ap.parse_args(argv)
    if args.report:
        report(args.out_dir)
        return 0
    if args.hole_cards is None or args.table is None:
        ap.error("--hole-cards and --table are required (unless --report)")
    k, table, seed = args.hole_cards, args.table, args.seed
    deals = args.deals or DEFAULTS[(k, table)]
    games = [g for g in GAMES if g in args.game]
    t0 = time.perf_counter()
    if args.from_tally:
        tally, saved_k, seed, deals = load_tally(args.from_tally)
        if saved_k != k or not all(g in tally.s for g in games):
            raise SystemExit(f"{args.from_tally} holds {saved_k}-card sums of {sorted(tally.s)}")
    else:
        run = compute_hu if table == "hu" else compute_6h
        tally = run(k, games, seed, deals, args.workers, progress=not args.no_progress)
        if args.save_tally:
            save_tally(args.save_tally, tally, k, table, seed, deals)
    for g in games:
        arrays = order_arrays(k, g, table, tally, seed, deals)
        path = (args.out_dir or pf.source_dir(k)) / pf.order_file(k, g, table)
        save(path, arrays)
        size = path.stat().st_size
        print(f"wrote {path} ({size:,} bytes), digest {digest(arrays)}", file=sys.stderr)
    print(f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
