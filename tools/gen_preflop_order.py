#!/usr/bin/env python
"""Generate omaha_eval/data/preflop_order_4.txt: the preflop order of percent ranges.

Every one of the 16,432 suit-isomorphic classes of four-card hands is ranked
by its all-in Omaha hi/lo equity (hi_share + lo_share, RULES.md) against one
uniformly random hand, over Monte Carlo deals of the villain's hand and a
five-card board.

Common random numbers: one set of `--deals` deals (villain hand + board, from
the full deck, seeded) is drawn once and used for every class; a class uses
the deals that do not touch its own four cards (about 46 % of them).  So the
noise is shared between classes and their ORDER is much more stable than
each class's equity alone.  The villain's values are evaluated once.  The
pot split is the project's C split (omaha_eval._core.split_rows).

Run from the repository root with the package built in place:

    python setup.py build_ext --inplace
    python tools/gen_preflop_order.py --workers 2        # defaults below

With the default 600,000 deals this evaluates about 4.5e9 hands: it took
26 minutes with one worker on a shared 2-core machine (150,000 deals with
--workers 2: 4.5 minutes).  The result depends only on --seed and --deals
(and NumPy's PCG64 stream), not on --workers.

File format: '#' header lines (how it was made), then one line per class,
best first: representative hand (suits assigned s, h, d, c by decreasing rank
mask), the number of hands in the class, the equity (6 decimals) and its
standard error.  Ties in the rounded equity are broken by the class key.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # the package built in place in this checkout

import omaha_eval  # noqa: E402
from omaha_eval import _core  # noqa: E402
from omaha_eval._preflop import N_CLASSES, N_HANDS, class_keys, hand_text, key_hand  # noqa: E402

DEFAULT_SEED = 20261130
DEFAULT_DEALS = 600_000
DEFAULT_OUT = ROOT / "omaha_eval" / "data" / "preflop_order_4.txt"


@dataclass
class Deals:
    """The common random deals: villain hands, boards, the 52-bit mask of the
    nine cards of each deal, and the villain's values on its board."""

    villain: npt.NDArray[np.uint8]
    boards: npt.NDArray[np.uint8]
    masks: npt.NDArray[np.uint64]
    v_high: npt.NDArray[np.uint16]
    v_low: npt.NDArray[np.uint8]


DEAL_CHUNK = 50_000  # deals shuffled at once (bounds memory; part of the random stream)


def make_deals(seed: int, n: int) -> Deals:
    """`n` seeded deals of nine distinct cards: villain hand (4) and board (5)."""
    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, n, DEAL_CHUNK):
        m = min(DEAL_CHUNK, n - start)
        parts.append(np.argsort(rng.random((m, 52)), axis=1)[:, :9].astype(np.uint8))
    cards = np.concatenate(parts)
    villain = np.ascontiguousarray(cards[:, :4])
    boards = np.ascontiguousarray(cards[:, 4:])
    masks = np.zeros(n, dtype=np.uint64)
    for col in range(9):
        masks |= np.left_shift(np.uint64(1), cards[:, col].astype(np.uint64))
    v_high, v_low = omaha_eval.evaluate_batch(villain, boards)
    return Deals(villain, boards, masks, v_high, v_low)


def class_equity(hero: list[int], deals: Deals) -> tuple[float, float, int]:
    """(equity, standard error, deals used) of one hand against a random hand."""
    hero_mask = np.uint64(sum(1 << c for c in hero))
    ok = (deals.masks & hero_mask) == 0
    boards = deals.boards[ok]
    n = boards.shape[0]
    holes = np.ascontiguousarray(np.broadcast_to(np.array(hero, dtype=np.uint8), (n, 4)))
    h_high, h_low = omaha_eval.evaluate_batch(holes, boards)
    high = np.ascontiguousarray(np.column_stack([h_high, deals.v_high[ok]]))
    low = np.ascontiguousarray(np.column_stack([h_low, deals.v_low[ok]]))
    hi, lo = _core.split_rows(high, low)
    share = hi[:, 0] + lo[:, 0]
    return float(share.mean()), float(share.std(ddof=1) / np.sqrt(n)), n


def all_classes() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int64]]:
    """Every class key (ascending) and its number of hands."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    keys, counts = np.unique(class_keys(hands), return_counts=True)
    assert len(keys) == N_CLASSES and counts.sum() == N_HANDS
    return keys, counts.astype(np.int64)


_worker_deals: Deals | None = None


def _init_worker(seed: int, n: int) -> None:
    global _worker_deals
    _worker_deals = make_deals(seed, n)


def _chunk_equity(keys: list[int]) -> list[tuple[float, float, int]]:
    assert _worker_deals is not None
    return [class_equity(key_hand(k), _worker_deals) for k in keys]


def compute(
    keys: npt.NDArray[np.uint64], seed: int, deals: int, workers: int, progress: bool = False
) -> list[tuple[float, float, int]]:
    """(equity, stderr, deals used) of each class key, in the order given."""
    key_list = [int(k) for k in keys]
    chunks = [key_list[i : i + 256] for i in range(0, len(key_list), 256)]
    out: list[tuple[float, float, int]] = []
    t0 = time.perf_counter()

    def collect(results: Iterable[list[tuple[float, float, int]]]) -> None:
        for i, r in enumerate(results):
            out.extend(r)
            if progress:
                print(
                    f"  {i + 1}/{len(chunks)} chunks, {time.perf_counter() - t0:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )

    if workers <= 1:
        _init_worker(seed, deals)
        collect(map(_chunk_equity, chunks))
    else:
        with ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(seed, deals)) as pool:
            collect(pool.map(_chunk_equity, chunks))
    return out


def render(
    keys: npt.NDArray[np.uint64],
    counts: npt.NDArray[np.int64],
    results: list[tuple[float, float, int]],
    seed: int,
    deals: int,
) -> str:
    rows = []
    for key, count, (eq, se, _) in zip(keys.tolist(), counts.tolist(), results, strict=True):
        rows.append((-round(eq, 6), key, count, eq, se))
    rows.sort()
    used = [n for _, _, n in results]
    lines = [
        "# omaha_eval preflop order, 4-card Omaha hi/lo. "
        "Generated by tools/gen_preflop_order.py; do not edit.",
        f"# classes={len(rows)} hands={int(counts.sum())} seed={seed} deals={deals} "
        f"deals_per_class={min(used)}..{max(used)} numpy={np.__version__}",
        "# equity: all-in hi/lo pot share against one uniformly random hand (Monte Carlo,",
        "# common random numbers: the same seeded deals for every class, "
        "minus those touching its cards).",
        "# columns: hand (representative of its suit class) combos equity stderr; best first,",
        "# ties in the rounded equity broken by class key.",
    ]
    lines += [
        f"{hand_text(key_hand(key))} {count} {-neg:.6f} {se:.6f}" for neg, key, count, _, se in rows
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--deals", type=int, default=DEFAULT_DEALS)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    keys, counts = all_classes()
    results = compute(keys, args.seed, args.deals, args.workers, progress=True)
    args.out.write_text(render(keys, counts, results, args.seed, args.deals), encoding="ascii")
    print(f"wrote {args.out} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
