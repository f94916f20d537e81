"""The speed figures of the README, each against a previous build in the same run.

    python benchmarks/bench_speed.py [--repeat 5] [--baseline DIR] [CASE ...]

(The slow cases of the previous build -- 9-way and hero + 5 x 15% --
take a minute a run there: give them their own run with --repeat 1.)
A baseline tree, e.g. for the commit before a round's speed work:

    git archive 9eff516 | tar -x -C build/baseline
    (cd build/baseline && python setup.py build_ext --inplace)

The poker-equity lines need the peer (benchmarks/requirements.txt).

DIR is a source tree of the previous implementation with its _core built in
place (see benchmarks/benchlib.py); without it only the current figures are
printed.  Each line: median and best wall time of the runs, the rate, and a
checksum (equal checksums = equal results; Monte Carlo checksums differ
between builds that draw differently).  One thread everywhere.  The machine
is shared: read the medians and the ratios, and the load printed first.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchlib

import omaha_eval as oe
from omaha_eval import _core

HU = ["As Ah 2c 3d", "Kc Kd 4c 5d"]
NINE = ["As Ah 2c 3d", "AA", "KK", "QQ", "JJ", "TT", "99", "88", "77"]


def spot(players: list[str], board: str = "", game: int = 0) -> Any:
    """An EquitySpot from hand text or range text (built the same way by
    every version: parse_range, combos touching a known card removed)."""
    b = np.array(oe.parse_cards(board) if board else [], dtype=np.uint8)
    hands = {i: oe.parse_cards(p) for i, p in enumerate(players) if len(p.split()) == 4}
    known = 0
    for c in [*b.tolist(), *(int(c) for h in hands.values() for c in h)]:
        known |= 1 << int(c)
    kinds, combos, weights, masks = [], [], [], []
    for i, p in enumerate(players):
        if i in hands:
            kinds.append(0)
            combos.append(np.ascontiguousarray(hands[i], dtype=np.uint8).reshape(1, 4))
            weights.append(np.ones(1))
            masks.append(np.zeros(1, np.uint64))
            continue
        r = oe.parse_range(p)
        m = np.zeros(len(r.combos), dtype=np.uint64)
        for col in range(4):
            m |= np.left_shift(np.uint64(1), r.combos[:, col].astype(np.uint64))
        keep = (m & np.uint64(known)) == 0
        kinds.append(1)
        combos.append(np.ascontiguousarray(r.combos[keep]))
        weights.append(np.ascontiguousarray(r.weights[keep]))
        masks.append(np.ascontiguousarray(m[keep]))
    args = (4, game, b, known, kinds, combos, weights, masks)
    try:  # builds with samplers: let the spot choose
        return _core.EquitySpot(*args, sampler="auto")
    except TypeError:  # the previous build
        return _core.EquitySpot(*args)


def histogram_checksum(out: np.ndarray) -> int:
    return int((out * np.arange(1, len(out) + 1)).sum()) % 1_000_000_007


def exact_case(players: list[str], board: str = "") -> benchlib.Case:
    def case() -> Any:
        s = spot(players, board)

        def run() -> np.ndarray:
            out, low = np.zeros(1 << (2 * s.n)), np.zeros(s.n)
            s.exact(0, 1, out, low)
            return out

        return run, float(run().sum()), histogram_checksum

    return case


def draw(s: Any, rng: Any, trials: int, out: np.ndarray, low: np.ndarray) -> Any:
    """s.monte_carlo in any build: the sequential sampler (this build's, for
    ranges that rarely fit) also counts the squared weights."""
    if getattr(s, "sampler", None) == "sequential":
        return s.monte_carlo(rng, trials, 10**9, out, low, None, np.zeros_like(out))
    return s.monte_carlo(rng, trials, 10**9, out, low)


def mc_case(
    players: list[str], board: str = "", trials: int = 2_000_000, block: int = 32_768
) -> benchlib.Case:
    """Monte Carlo in blocks of `block` trials, one seeded PCG64 per block;
    the checksum is player 0's equity (hi + lo share), rounded."""

    def case() -> Any:
        s = spot(players, board)
        seeds = np.random.SeedSequence(2026).spawn(-(-trials // block))

        def run() -> np.ndarray:
            out, low = np.zeros(1 << (2 * s.n)), np.zeros(s.n)
            left = trials
            for seed in seeds:
                done, _ = draw(s, np.random.PCG64(seed), min(block, left), out, low)
                left -= done
            return out

        def check(out: np.ndarray) -> float:
            sums, deal = np.zeros((s.n, _core.N_SUMS)), np.zeros(_core.N_DEAL_SUMS)
            _core.equity_sums(s.n, out, sums, deal)
            return round(float(sums[0, 0] + sums[0, 1]) / deal[0], 4)

        return run, float(trials), check

    return case


def to_stderr_case(players: list[str], target: float = 0.005, block: int = 4096) -> benchlib.Case:
    """Time to a standard error of `target` on player 0's equity.  With the
    samplers of this build: blocks of `block` trials, one seeded PCG64 each,
    the standard error from the spread of the block means (valid for both
    samplers), at least 16 blocks.  A build without samplers: equity() with
    target_stderr (per-trial standard error, valid for its independent
    sampler)."""

    def case() -> Any:
        s = spot(players)
        if not hasattr(s, "sampler"):
            return (
                lambda: (
                    oe.equity(players, exact=False, target_stderr=target, threads=1, seed=1)
                    .players[0]
                    .equity
                ),
                1.0,
                lambda e: round(e, 2),
            )
        seeds = np.random.SeedSequence(2026).spawn(10_000)

        def run() -> float:
            means: list[float] = []
            while True:
                out, low = np.zeros(1 << (2 * s.n)), np.zeros(s.n)
                draw(s, np.random.PCG64(seeds[len(means)]), block, out, low)
                sums, deal = np.zeros((s.n, _core.N_SUMS)), np.zeros(_core.N_DEAL_SUMS)
                _core.equity_sums(s.n, out, sums, deal)
                means.append(float(sums[0, 0] + sums[0, 1]) / deal[0])
                if len(means) >= 16 and np.std(means, ddof=1) / len(means) ** 0.5 <= target:
                    return float(np.mean(means))

        return run, 1.0, lambda e: round(e, 2)

    return case


def api_exact_case(players: list[str]) -> benchlib.Case:
    def case() -> Any:
        def run() -> Any:
            return oe.equity(players, exact=True, threads=1)

        return run, float(run().trials), lambda r: round(r.players[0].equity, 9)

    return case


def pairs_case(k: int, api: bool, n: int = 2_000_000) -> benchlib.Case:
    """Random (hole, board) pairs, hi+lo: evaluate_batch (validated) or the C
    loop alone (_core.evaluate_rows)."""

    def case() -> Any:
        rng = np.random.default_rng(2026 + k)
        d = np.argsort(rng.random((n, 52)), axis=1)[:, : k + 5].astype(np.uint8)
        holes, boards = np.ascontiguousarray(d[:, :k]), np.ascontiguousarray(d[:, k:])

        def run() -> Any:
            return oe.evaluate_batch(holes, boards) if api else _core.evaluate_rows(holes, boards)

        def check(r: Any) -> int:
            return int(r[0].astype(np.int64).sum() * 57 + r[1].astype(np.int64).sum())

        return run, float(n), check

    return case


def many_spots(n: int, b: int, seed: int = 13) -> tuple[np.ndarray, np.ndarray]:
    d = np.argsort(np.random.default_rng(seed).random((n, 52)), axis=1)[:, : 8 + b]
    return d[:, :8].reshape(n, 2, 4).astype(np.uint8), d[:, 8:].astype(np.uint8)


def many_case(n: int, b: int) -> benchlib.Case:
    """equity_many on n heads-up spots with b board cards (new: no baseline)."""

    def case() -> Any:
        from omaha_eval.solver.many import equity_many

        hands, boards = many_spots(n, b)
        return (
            lambda: equity_many(hands, boards),
            float(n),
            lambda r: round(float(r.equity[:, 0].sum()), 6),
        )

    return case


def per_spot_case(n: int, b: int) -> benchlib.Case:
    """The same spots one equity(exact=True) call each: the way before."""

    def case() -> Any:
        hands, boards = many_spots(n, b)
        rows = [(h.tolist(), bd.tolist()) for h, bd in zip(hands, boards, strict=True)]

        def run() -> list[float]:
            return [
                oe.equity(h, board=bd, exact=True, threads=1).players[0].equity for h, bd in rows
            ]

        return run, float(n), lambda r: round(float(sum(r)), 6)

    return case


SIX = ["As Ah 2c 3d", "Kc Kd 4c 5d", "Qs Js Ts 9s", "Qh Jh 8c 7c", "6d 6h 5s 4s", "Td 9d 8h 7d"]
RIVER = (["Ad Kd 3s 2s", "Ac 4h Qc Qs"], "Jd 4d 3c Qd 5h")


def peer_case(kind: str) -> benchlib.Case:
    """poker-equity (benchmarks/requirements.txt) on the same spots, one thread."""

    def case() -> Any:
        import poker_equity as pe

        game = "omaha_hi_lo"
        if kind == "exact":
            return (
                lambda: pe.exact_from_text(game, HU),
                1_086_008.0,
                lambda r: round(r["players"][0]["equity"], 9),
            )
        if kind == "river":
            return (
                lambda: [pe.exact_from_text(game, *RIVER) for _ in range(1000)],
                1000.0,
                lambda r: round(r[0]["players"][0]["equity"], 9),
            )
        hands = HU if kind == "mc hu" else SIX
        return (
            lambda: pe.chunk_from_text(game, hands, samples=2_000_000, seed=1, threads=1),
            2_000_000.0,
            lambda r: round(r["players"][0]["equity"], 4),
        )

    return case


def river_call_case() -> benchlib.Case:
    def case() -> Any:
        return (
            lambda: [oe.equity(*RIVER, exact=True, threads=1) for _ in range(1000)],
            1000.0,
            lambda r: round(r[0].players[0].equity, 9),
        )

    return case


CASES: dict[str, benchlib.Case] = {
    "poker-equity exact HU preflop": peer_case("exact"),
    "poker-equity MC HU preflop": peer_case("mc hu"),
    "poker-equity MC 6-way preflop": peer_case("mc six"),
    "poker-equity river spot per call": peer_case("river"),
    "equity() river spot per call": river_call_case(),
    "equity_many river HU": many_case(200_000, 5),
    "equity() per spot, river HU": per_spot_case(2_000, 5),
    "equity_many turn HU": many_case(20_000, 4),
    "equity() per spot, turn HU": per_spot_case(1_000, 4),
    "equity_many flop HU": many_case(2_000, 3),
    "equity() per spot, flop HU": per_spot_case(200, 3),
    "pairs k=4, evaluate_batch": pairs_case(4, True),
    "pairs k=4, C loop": pairs_case(4, False),
    "pairs k=5, C loop": pairs_case(5, False),
    "pairs k=6, C loop": pairs_case(6, False),
    "exact HU preflop (C)": exact_case(HU),
    "exact HU preflop, equity()": api_exact_case(HU),
    "exact 3-way flop (C)": exact_case(["As Ah 2c 3d", "Kc Kd 4c 5d", "Qs Js Ts 9s"], "7h 8d 2s"),
    "MC HU preflop": mc_case(HU),
    "MC 6-way preflop": mc_case(SIX),
    "MC 15% vs AA:$ds,KK:$ds flop": mc_case(["15%", "AA:$ds,KK:$ds"], "Kh 7d 2c", 500_000),
    "MC 9-way tight ranges": mc_case(NINE, "", 2048, 2048),
    "MC hero + 5 x 15%": mc_case(["As Ah 2c 3d"] + ["15%"] * 5, "", 4096, 4096),
    "9-way tight ranges to 0.5% SE (runs/s)": to_stderr_case(NINE),
    "hero + 5 x 15% to 0.5% SE (runs/s)": to_stderr_case(["As Ah 2c 3d"] + ["15%"] * 5),
}


def main() -> None:
    if benchlib.worker_main(CASES):
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", default=None)
    parser.add_argument("cases", nargs="*", default=list(CASES))
    args = parser.parse_args()
    print(benchlib.platform_line())
    unknown = [c for c in args.cases if c not in CASES]
    if unknown:
        parser.error(f"unknown cases {unknown}; known: {list(CASES)}")
    new_only = {n for n in CASES if n.startswith(("poker-equity", "equity_many"))}
    benchlib.compare(
        __file__,
        CASES,
        args.cases,
        args.repeat,
        args.baseline,
        "units",
        old_ok=set(CASES) - new_only,
    )
    print(benchlib.platform_line())


if __name__ == "__main__":
    main()
