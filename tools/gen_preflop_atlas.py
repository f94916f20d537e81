#!/usr/bin/env python
"""Generate the exact preflop atlas: omaha_eval/data/preflop_atlas_4.npz and its CSV.

Every suit class of 4-card hands (16,432) gets the exact number of heads-up
deals (a random opponent hand and a five-card board from the other 48
cards: 194,580 x 1,086,008 = 211,315,436,640 deals) it wins, ties and loses,
for high and for low, the high split by whether the pot has a low, and the
deals it scoops; the exact equity, hi share, lo share and scoop of Omaha
hi/lo and of Omaha high follow (omaha_eval._preflop: atlas_figures).

The sweep is a C program, tools/preflop_atlas.c (its header says how it
works: boards by suit class, each live hole pair scored once against the
board's ten triples, hands bucketed by value, opponents counted by
inclusion-exclusion over the subsets of a hand's cards), compiled here with
the project's evaluator sources (src_c/oe_eval.c, src_c/oe_tables.c).  A C
program rather than a kernel in the package: it runs once, by hand, for
tens of minutes, with checkpoints; the package ships only its result.

Usage (from the repository root; about 25 minutes with two workers on two
free cores, far longer on a busy machine: ``--sample 1000`` projects it;
docs/preflop.md):

    python tools/gen_preflop_atlas.py --workers 2 --work-dir build/atlas

Interrupted runs resume from the checkpoints in --work-dir (run the same
command again).  ``--ranks`` sweeps a reduced deck (tests).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import itertools
import json
import math
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # the package built in place in this checkout

from omaha_eval import _preflop as pf  # noqa: E402

SOURCE = ROOT / "tools" / "preflop_atlas.c"
C_SOURCES = [SOURCE, ROOT / "src_c" / "oe_eval.c", ROOT / "src_c" / "oe_tables.c"]
FIELDS = pf.ATLAS_FIELDS  # the C program's enum field, in order
MAGIC = 0x41544C4153303031
HEADER = 8  # int64 words before the accumulators

Ints = npt.NDArray[np.int64]


def build(out: Path) -> Path:
    """Compile the sweep (again when a source is newer than the binary)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists() and all(out.stat().st_mtime >= p.stat().st_mtime for p in C_SOURCES):
        return out
    cmd = ["cc", "-O3", "-std=c11", "-Wall", "-Wno-unused-function", f"-I{ROOT / 'src_c'}"]
    subprocess.run([*cmd, *map(str, C_SOURCES), "-o", str(out)], check=True)
    return out


def deck_of(ranks: str | None) -> list[int]:
    """Card ids of the deck: every card, or the four suits of `ranks`
    (rank characters, e.g. "A2345")."""
    if not ranks:
        return list(range(52))
    order = "23456789TJQKA"
    return sorted(4 * order.index(r) + s for r in ranks.upper() for s in range(4))


def deck_hands(deck: list[int]) -> npt.NDArray[np.uint8]:
    """Every 4-card hand of the deck, in the C program's order (colex order
    of the hands' deck positions)."""
    combos = np.array(list(itertools.combinations(range(len(deck)), 4)), dtype=np.int64)
    colex = sum(
        np.array([math.comb(int(p), i + 1) for p in combos[:, i]], np.int64) for i in range(4)
    )
    rows = np.asarray(deck, np.uint8)[combos]
    out = np.empty_like(rows)
    out[colex] = rows
    return out


def read_result(path: Path, deck: list[int]) -> tuple[Ints, Ints]:
    """(header, accumulators (rows, FIELDS)) of a result or checkpoint file."""
    raw = np.fromfile(path, dtype="<i8")
    header = raw[:HEADER]
    if header[0] != MAGIC or header[1] != len(deck) or header[7] != len(FIELDS):
        raise SystemExit(f"{path}: not a result of this sweep")
    return header, raw[HEADER:].reshape(-1, len(FIELDS))


def sweep(
    deck: list[int],
    work: Path,
    workers: int = 1,
    symmetry: bool = True,
    every: float = 60.0,
    limit: int | None = None,
    nice: bool = True,
    rows: npt.NDArray[np.int32] | None = None,
    binary: Path | None = None,
) -> Ints:
    """Run (or resume) the sweep in `workers` processes; the summed
    accumulators, one row per hand (deck_hands order) or, with `rows` (the
    row of each hand, e.g. its class position), per row."""
    binary = binary or build(work / "preflop_atlas")
    text = ",".join(map(str, deck))
    rows_file = _rows_file(work, deck, rows)
    procs = []
    for part in range(workers):
        args = [str(binary), text, str(rows_file), str(part), str(workers)]
        args += [str(work / f"part{part}.out"), str(work / f"part{part}.ckpt")]
        args += [str(every), str(int(symmetry))] + ([str(limit)] if limit is not None else [])
        if (work / f"part{part}.out").exists():
            continue
        procs.append(subprocess.Popen((["nice"] if nice else []) + args))
    codes = [p.wait() for p in procs]
    if any(codes):
        raise SystemExit(f"the sweep failed: exit codes {codes}")
    total = None
    for part in range(workers):
        path = work / f"part{part}.out"
        if not path.exists():  # a LIMIT run stops at a checkpoint
            path = work / f"part{part}.ckpt"
        header, acc = read_result(path, deck)
        if (int(header[2]), int(header[3]), int(header[4])) != (part, workers, int(symmetry)):
            raise SystemExit(f"{path} is part {header[2]}/{header[3]} symmetry {header[4]}")
        total = acc.copy() if total is None else total + acc
    assert total is not None
    return total


def class_totals(acc: Ints, hands: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.uint64], Ints]:
    """(class keys ascending, per-class sums of the accumulators) of the
    suit classes present among `hands`."""
    keys = pf.class_keys(hands)
    uniq, inv = np.unique(keys, return_inverse=True)
    out = np.zeros((len(uniq), acc.shape[1]), np.int64)
    np.add.at(out, inv, acc)
    return uniq, out


def per_hand(keys: npt.NDArray[np.uint64], totals: Ints, hands: npt.NDArray[np.uint8]) -> Ints:
    """Class totals -> each hand's counts (every hand of a class has the same
    counts; a total that does not divide by the class size is an error)."""
    sizes = np.bincount(np.searchsorted(keys, pf.class_keys(hands)), minlength=len(keys))
    if (totals % sizes[:, None]).any():
        raise SystemExit("a class total does not divide by its class size")
    return totals // sizes[:, None]


def atlas_arrays(counts: Ints, seconds: float, workers: int) -> dict[str, object]:
    """The contents of the shipped file: per-class counts and meta."""
    meta = {
        "generated_by": "tools/gen_preflop_atlas.py; do not edit",
        "format": pf.ATLAS_FORMAT,
        "hole_cards": 4,
        "classes": len(counts),
        "fields": list(FIELDS),
        "deals_per_hand": pf.ATLAS_DEALS,
        "counts": "per hand of each class (classes in ascending key order): deals out of "
        "deals_per_hand; see omaha_eval/_preflop.py",
        "sweep_seconds": round(seconds),
        "workers": workers,
    }
    return {"counts": counts, "meta": json.dumps(meta, sort_keys=True)}


def write_atlas(path: Path, counts: Ints, seconds: float, workers: int) -> None:
    """The shipped file (read by omaha_eval._preflop.read_atlas)."""
    arrays = atlas_arrays(counts, seconds, workers)
    buf = io.BytesIO()
    np.savez_compressed(buf, counts=counts, meta=np.array(arrays["meta"]))
    path.write_bytes(buf.getvalue())


def digest(counts: Ints) -> str:
    """sha256 of the counts (little-endian int64, classes x fields)."""
    return hashlib.sha256(np.ascontiguousarray(counts, dtype="<i8").tobytes()).hexdigest()


CSV_FIGURES = {  # column: figure of pf.atlas_figures
    "equity": "omaha8_equity",
    "hi_share": "omaha8_hi_share",
    "lo_share": "omaha8_lo_share",
    "scoop": "omaha8_scoop",
    "omaha_high_equity": "omaha_equity",
    "omaha_high_scoop": "omaha_scoop",
    "low_pot_share": "low_pot",
}


def write_csv(path: Path, counts: Ints) -> None:
    """The atlas for people: one row per class, in the exact hi/lo order
    (best first; exact ties by the smaller class key), its figures to nine
    decimals and its counts (columns named count_<field>)."""
    keys = pf.all_class_keys(4)
    sizes = pf.class_counts(keys)
    fig = pf.atlas_figures(counts)
    ranking = pf.exact_ranking(pf.atlas_pot_quarters(counts, "omaha8"))
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(
            ["rank", "hand", "hands_in_class", *CSV_FIGURES] + [f"count_{name}" for name in FIELDS]
        )
        for r, c in enumerate(ranking.tolist(), 1):
            hand = pf.hand_text(pf.key_hand(int(keys[c])))
            figures = [f"{fig[name][c]:.9f}" for name in CSV_FIGURES.values()]
            w.writerow([r, hand, int(sizes[c]), *figures, *(int(x) for x in counts[c])])


def sample(deck: list[int], work: Path, every: int, rows: npt.NDArray[np.int32] | None) -> None:
    """Time the sweep on every `every`-th board class (one process, part 0
    of `every`: classes spread over the whole sweep) and print the rate and
    the projection for the whole sweep, in CPU time and in wall time with
    two workers on two free cores."""
    d = work / f"sample{every}"
    for old in d.glob("part*"):
        old.unlink()
    d.mkdir(parents=True, exist_ok=True)
    binary = build(work / "preflop_atlas")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(
        [
            str(binary),
            ",".join(map(str, deck)),
            str(_rows_file(d, deck, rows)),
            "0",
            str(every),
            str(d / "part0.out"),
            str(d / "part0.ckpt"),
            "0",
            "1",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    header, _ = read_result(d / "part0.out", deck)
    done, total = int(header[6]), int(header[6]) * every
    print(proc.stderr.splitlines()[0])
    print(
        f"{done} board classes: {wall:.1f} s wall, {cpu:.1f} s CPU ({done / cpu:.1f} a CPU second);"
        f" load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"whole sweep (about {total:,} classes): {total / done * cpu / 60:.0f} min of CPU, "
        f"{total / done * cpu / 120:.0f} min with 2 workers on 2 free cores"
    )


def _rows_file(work: Path, deck: list[int], rows: npt.NDArray[np.int32] | None) -> Path:
    """The rows file the C program reads: each hand's row (default: its own)."""
    if rows is None:
        rows = np.arange(math.comb(len(deck), 4), dtype=np.int32)
    path = work / "rows.i32"
    path.write_bytes(np.ascontiguousarray(rows, dtype="<i4").tobytes())
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--work-dir", type=Path, default=ROOT / "build" / "atlas")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--ranks", help="a reduced deck: these ranks in four suits (tests)")
    ap.add_argument("--checkpoint-seconds", type=float, default=60.0)
    ap.add_argument("--limit", type=int, help="board classes per worker, then stop (timing)")
    ap.add_argument(
        "--sample",
        type=int,
        metavar="K",
        help="time every K-th board class and print the projected time of the sweep",
    )
    ap.add_argument("--out", type=Path, default=ROOT / "omaha_eval" / "data" / pf.ATLAS_FILE)
    ap.add_argument("--csv", type=Path, default=ROOT / "docs" / "data" / "preflop_atlas.csv")
    args = ap.parse_args(argv)
    deck = deck_of(args.ranks)
    args.work_dir.mkdir(parents=True, exist_ok=True)
    hands = deck_hands(deck)
    rows = None if args.ranks else pf.class_index(4)(pf.class_keys(hands))
    if args.sample:
        sample(deck, args.work_dir, args.sample, rows)
        return 0
    t0 = time.perf_counter()
    acc = sweep(
        deck,
        args.work_dir,
        args.workers,
        every=args.checkpoint_seconds,
        limit=args.limit,
        rows=rows,
    )
    seconds = time.perf_counter() - t0
    if args.limit is not None or args.ranks:
        print(f"{seconds:.1f} s; accumulators sum {int(acc.sum())}", file=sys.stderr)
        return 0
    keys = pf.all_class_keys(4)
    counts = per_hand(keys, acc, hands)
    boards = counts[:, FIELDS.index("boards")]
    if (boards != math.comb(48, 5)).any():
        raise SystemExit("a class does not meet every board")
    write_atlas(args.out, counts, seconds, args.workers)
    args.csv.parent.mkdir(parents=True, exist_ok=True)
    write_csv(args.csv, counts)
    print(f"wrote {args.out} and {args.csv}; digest {digest(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
