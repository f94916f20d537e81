"""The figures of a board report's rows: each row is the equity run of its
board, exact or Monte Carlo, computed by the engine (omaha_eval.engine).

Fixed hands only, exactly: one shared enumeration for every row
(src_c/oe_boards_shared.c: each completion of the known board dealt once and
added to the rows it holds), or, when its tables would be too large, rows in
compiled chunks (src_c/oe_boards.c: each row's board folded and enumerated as
EquitySpot does; also the reference the shared path is tested against).
Otherwise one engine run per row (RowKernel, a part of the engine's parts
driver): exact enumeration, or Monte Carlo in blocks of ROW_BLOCK_TRIALS
trials, block b of row r drawing from the stream (r, b) of the report's
seed (so a row's figures depend on the seed and the row alone, never on the
threads or the executor that ran it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval.engine import (
    NO_DEAL_POSSIBLE,
    TARGET_FIRST_BLOCKS,
    PartSampling,
    Plan,
    dealable,
    equity_sampling,
    sample_part,
    spot_sums,
)
from omaha_eval.engine.players import Player
from omaha_eval.engine.results import DEAL_FIGURES, FIGURES, NUT_LOW, Sums, binomial_stderr
from omaha_eval.engine.spot import C_KIND, Seat, Spot, centring, prepare
from omaha_eval.errors import OmahaEvalError
from omaha_eval.streets import FLOP, TURN

__all__ = [
    "DEAL_NAMES",
    "PLAYER_FIGURES",
    "ROW_BLOCK_TRIALS",
    "ROW_FIGURES",
    "SHARED_MAX_CELLS",
    "RowBase",
    "RowBlock",
    "RowFigures",
    "RowKernel",
    "engine_row",
    "fixed_rows",
    "histogram_block",
    "histogram_rows",
    "nan_row",
    "range_block",
    "range_fits",
    "shared_block",
    "shared_fits",
    "shared_part",
]

FloatArray = npt.NDArray[np.float64]

# The per-player figures of a row (EquityResult's, its stderr aside, then the
# rows' own: board_report fills them from the row's board, study/boards/lows.py)
# and the deal's.
ROW_FIGURES = ("lost_nut_low",)
PLAYER_FIGURES = (*(f.name for f in FIGURES if f.name != "stderr"), *ROW_FIGURES)
DEAL_NAMES = tuple(f.name for f in DEAL_FIGURES)
# Monte Carlo block of a row: small, so that a target standard error stops
# a row soon after it is met (equity()'s blocks are sized for one long run).
ROW_BLOCK_TRIALS = 1024
# Rows of fixed hands per compiled call: a stop is heard between calls.
FIXED_CHUNK = 512
# The shared enumeration's tables (rows x 4^n doubles, one per part) stay
# within this many cells (32 MB); larger spots go by chunks of rows.
SHARED_MAX_CELLS = 1 << 22
_COL = _core.SUM_COLUMNS
# Where the breakdown counts the nut low (the nut_low figure of engine rows).
_NUT_COLUMN = _core.BREAKDOWN_LOW_COLUMNS[NUT_LOW]
# The figures counted beside the histogram (not functions of it), or not
# counted here at all (the rows' own).
_COUNTED = ("makes_low", "nut_low", *ROW_FIGURES)


@dataclass(frozen=True)
class RowFigures:
    """One row's figures: ``values``/``stderr`` (players x PLAYER_FIGURES),
    ``deal``/``deal_stderr`` (DEAL_NAMES), the trials (or deals) counted,
    the effective trials, and ``weight``: the row's total deal weight in
    the spot's units (exact runs; its probability up to one factor)."""

    values: FloatArray
    stderr: FloatArray
    deal: FloatArray
    deal_stderr: FloatArray
    trials: int
    effective: float
    weight: float


@dataclass(frozen=True)
class RowBlock:
    """Many rows' figures at once: RowFigures' fields with a leading row
    axis (values and stderr rows x players x PLAYER_FIGURES, deal and
    deal_stderr rows x DEAL_NAMES, trials and weight per row)."""

    values: FloatArray
    stderr: FloatArray
    deal: FloatArray
    deal_stderr: FloatArray
    trials: npt.NDArray[np.int64]
    weight: FloatArray


def figures_of(sums: Sums, exact: bool) -> RowFigures:
    """A row's figures from the engine's sums (standard errors: equity's as
    equity() gives it; each other figure's binomial_stderr over the row's
    effective trials: the binomial error of a probability, from its Wilson
    interval where the trials saw the event seldom or never, and a bound
    for the shares; none below rare_floor, so that a figure seen 0 or n
    times is not shown as certain)."""
    total = sums.total
    n = len(sums.makes_low)
    values = np.zeros((n, len(PLAYER_FIGURES)))
    for j, name in enumerate(PLAYER_FIGURES):
        if name == "equity":
            values[:, j] = sums.equity()
        elif name == "makes_low":
            values[:, j] = sums.makes_low / total
        elif name == "nut_low":
            values[:, j] = sums.breakdown[:, _NUT_COLUMN] / total
        elif name in ROW_FIGURES:
            values[:, j] = 0.0  # board_report fills it
        else:
            values[:, j] = sums.means(name)
    deal = np.array([sums.deal[_core.DEAL_COLUMNS[name]] / total for name in DEAL_NAMES])
    effective = sums.effective_trials()
    if exact:
        return RowFigures(
            values, np.zeros_like(values), deal, np.zeros_like(deal), sums.count, effective, total
        )
    errors = binomial_stderr(np.concatenate([values.ravel(), deal]), effective)  # one call
    stderr, deal_stderr = errors[: values.size].reshape(values.shape), errors[values.size :]
    stderr[:, PLAYER_FIGURES.index("equity")] = sums.stderr()  # never below rare_floor either
    return RowFigures(values, stderr, deal, deal_stderr, sums.count, effective, total)


_CELL_MAPS: dict[int, tuple[FloatArray, FloatArray]] = {}


def _cell_maps(n: int) -> tuple[FloatArray, FloatArray]:
    """What one deal in each outcome cell adds to the figure sums (4^n, n x
    N_SUMS) and the deal sums (4^n, N_DEAL_SUMS): every sum is linear in the
    histogram, so a row's sums are its histogram times these (the C
    summary, _core.equity_sums, run once per cell)."""
    if n not in _CELL_MAPS:
        cells = 1 << (2 * n)
        sums = np.zeros((cells, n * _core.N_SUMS))
        deal = np.zeros((cells, _core.N_DEAL_SUMS))
        unit = np.zeros(cells)
        for c in range(cells):
            unit[:] = 0.0
            unit[c] = 1.0
            s, d = np.zeros((n, _core.N_SUMS)), np.zeros(_core.N_DEAL_SUMS)
            _core.equity_sums(n, unit, s, d)
            sums[c], deal[c] = s.reshape(-1), d
        _CELL_MAPS[n] = (sums, deal)
    return _CELL_MAPS[n]


_ROW_MAPS: dict[int, FloatArray] = {}


def _row_map(n: int) -> FloatArray:
    """What one deal in each outcome cell adds to a row's figure sums, as one
    matrix (4^n, n x PLAYER_FIGURES + DEAL_NAMES + total): _cell_maps'
    columns in the order of the row's figures (makes_low's and nut_low's
    are 0: the histogram does not hold them)."""
    if n not in _ROW_MAPS:
        cell_sums, cell_deal = _cell_maps(n)
        sums = cell_sums.reshape(-1, n, _core.N_SUMS)
        nf = len(PLAYER_FIGURES)
        out = np.zeros((len(cell_sums), n * nf + len(DEAL_NAMES) + 1))
        players = out[:, : n * nf].reshape(-1, n, nf)  # a view: writes go to out
        for j, name in enumerate(PLAYER_FIGURES):
            if name == "equity":
                players[:, :, j] = sums[:, :, _COL["hi_share"]] + sums[:, :, _COL["lo_share"]]
            elif name not in _COUNTED:
                players[:, :, j] = sums[:, :, _COL[name]]
        for j, name in enumerate((*DEAL_NAMES, "total")):
            out[:, n * nf + j] = cell_deal[:, _core.DEAL_COLUMNS[name]]
        _ROW_MAPS[n] = out
    return _ROW_MAPS[n]


def histogram_block(
    outcome: FloatArray, makes_low: FloatArray, nut_low: FloatArray, deals: npt.NDArray[np.uint64]
) -> RowBlock:
    """Exact figures of many rows from their histograms (rows x 4^n) and
    their makes-low and nut-low weights (rows x n), at once."""
    rows, n = makes_low.shape
    nf, nd = len(PLAYER_FIGURES), len(DEAL_NAMES)
    row_map = _row_map(n)
    sums = np.empty((rows, row_map.shape[1]))
    _core.rows_times(np.ascontiguousarray(outcome), row_map, sums)
    total = sums[:, -1].copy()
    values = sums[:, : n * nf].reshape(rows, n, nf)
    values[:, :, PLAYER_FIGURES.index("makes_low")] = makes_low
    values[:, :, PLAYER_FIGURES.index("nut_low")] = nut_low
    values /= total[:, None, None]
    deal_values = sums[:, n * nf : n * nf + nd] / total[:, None]
    return RowBlock(
        values,
        np.zeros_like(values),
        deal_values,
        np.zeros_like(deal_values),
        deals.astype(np.int64),
        total,
    )


def histogram_rows(
    outcome: FloatArray, makes_low: FloatArray, nut_low: FloatArray, deals: npt.NDArray[np.uint64]
) -> list[RowFigures]:
    """histogram_block's rows one by one."""
    b = histogram_block(outcome, makes_low, nut_low, deals)
    return [
        RowFigures(
            b.values[r],
            b.stderr[r],
            b.deal[r],
            b.deal_stderr[r],
            int(b.trials[r]),
            float(b.trials[r]),
            float(b.weight[r]),
        )
        for r in range(len(b.trials))
    ]


def _fixed_inputs(spot: Spot) -> tuple[npt.NDArray[np.uint8], int, npt.NDArray[np.uint8]]:
    """The fixed hands (players x k), the dead cards' mask and the board, as
    _core.BoardsExact takes them."""
    hands = np.ascontiguousarray(np.stack([s.combos[0] for s in spot.seats]), dtype=np.uint8)
    dead = 0
    for c in spot.dead.tolist():
        dead |= 1 << c
    return hands, dead, np.ascontiguousarray(spot.board, dtype=np.uint8)


def fixed_rows(
    spot: Spot, reps: npt.NDArray[np.uint8], work: Any, first: int, count: int
) -> list[RowFigures]:
    """Exact figures of rows first..first+count-1 of fixed hands only (`work`:
    a _core.BoardsExact, whose stop() ends the call between rows:
    KeyboardInterrupt then)."""
    n = spot.n
    hands, dead, board = _fixed_inputs(spot)
    news = np.ascontiguousarray(reps[first : first + count], dtype=np.uint8)
    outcome = np.zeros((count, 1 << (2 * n)))
    makes_low = np.zeros((count, n))
    nut_low = np.zeros((count, n))
    deals = np.zeros(count, dtype=np.uint64)
    done, code = work.run(
        hands, spot.game.code, board, dead, news, outcome, makes_low, nut_low, deals
    )
    if code:
        raise KeyboardInterrupt
    return histogram_rows(outcome[:done], makes_low[:done], nut_low[:done], deals[:done])


Tables = tuple[FloatArray, FloatArray, FloatArray, npt.NDArray[np.uint64]]


def shared_fits(n: int, rows: int) -> bool:
    """Whether the shared enumeration takes `rows` rows of n fixed hands."""
    return n <= _core.BOARDS_MAX_PLAYERS and rows * (1 << (2 * n)) <= SHARED_MAX_CELLS


def shared_part(
    spot: Spot, news: npt.NDArray[np.uint8], work: Any, part: int, parts: int
) -> Tables:
    """Part `part` of `parts` of the shared enumeration of fixed hands only
    over the rows `news` (each row's new cards, all live, none twice): its
    outcome (rows x 4^n), makes_low and nut_low (rows x n) and deals tables, which add
    up over the parts to the rows' exact histograms.  `work`: a
    _core.BoardsExact, whose stop() ends the call (KeyboardInterrupt)."""
    n, rows = spot.n, len(news)
    hands, dead, board = _fixed_inputs(spot)
    outcome = np.empty((rows, 1 << (2 * n)))
    makes_low = np.empty((rows, n))
    nut_low = np.empty((rows, n))
    deals = np.empty(rows, dtype=np.uint64)
    news = np.ascontiguousarray(news, dtype=np.uint8)
    if work.run_shared(
        hands, spot.game.code, board, dead, news, part, parts, outcome, makes_low, nut_low, deals
    ):
        raise KeyboardInterrupt
    return outcome, makes_low, nut_low, deals


def shared_block(tables: list[Tables]) -> RowBlock:
    """The rows' figures from the parts' tables, added in part order (their
    entries are whole counts, so the sums are exact whatever the parts)."""
    outcome, makes_low, nut_low, deals = tables[0]
    if len(tables) > 1:  # the first part's tables are added to, not changed
        outcome, makes_low, nut_low, deals = (
            outcome.copy(),
            makes_low.copy(),
            nut_low.copy(),
            deals.copy(),
        )
    for o, m, u, d in tables[1:]:
        outcome += o
        makes_low += m
        nut_low += u
        deals += d
    return histogram_block(outcome, makes_low, nut_low, deals)


def range_fits(spot: Spot) -> bool:
    """Whether the shared enumeration of one range takes the spot's rows:
    exactly one range, every other player a fixed hand, on a flop or a turn."""
    kinds = [s.kind for s in spot.seats]
    return (
        kinds.count("range") == 1
        and kinds.count("hand") == spot.n - 1
        and len(spot.board) in (FLOP, TURN)
        and spot.n <= _core.BOARDS_MAX_PLAYERS
    )


def range_block(
    players: tuple[Player, ...], spot: Spot, news: npt.NDArray[np.uint8], work: Any
) -> RowBlock:
    """Exact figures of the rows `news` (one live new card each, none twice)
    of fixed hands against one range (range_fits), by one shared
    enumeration: what engine_row gives each row, its weight in the same
    units (the range's input weights).  `work`: a _core.BoardsExact, whose
    stop() ends the call (KeyboardInterrupt)."""
    n, rows = spot.n, len(news)
    seat = next(i for i, s in enumerate(spot.seats) if s.kind == "range")
    fixed = np.ascontiguousarray(
        np.stack([s.combos[0] for i, s in enumerate(spot.seats) if i != seat]), dtype=np.uint8
    )
    _, dead, board = _fixed_inputs(spot)
    row_of = np.full(52, -1, dtype=np.int32)
    row_of[np.asarray(news, dtype=np.intp).reshape(rows)] = np.arange(rows, dtype=np.int32)
    outcome = np.empty((rows, 1 << (2 * n)))
    makes_low = np.empty((rows, n))
    nut_low = np.empty((rows, n))
    deals = np.empty(rows, dtype=np.uint64)
    combos = np.ascontiguousarray(spot.seats[seat].combos, dtype=np.uint8)
    weights = np.ascontiguousarray(spot.seats[seat].weights, dtype=np.float64)
    if work.run_range(
        fixed,
        seat,
        combos,
        weights,
        spot.game.code,
        board,
        dead,
        row_of,
        outcome,
        makes_low,
        nut_low,
        deals,
    ):
        raise KeyboardInterrupt
    with np.errstate(invalid="ignore", divide="ignore"):  # rows of no deal: trials 0, dropped
        block = histogram_block(outcome, makes_low, nut_low, deals)
    # the spot's weights are the input's divided by its largest live one
    scale = _range_scale(players, spot) * math.prod(centring(spot.seats))
    return replace(block, weight=block.weight * scale)


class RowBase:
    """The spot's players as every row starts from them: the input spot's
    seats after its card removal, with each range's card masks, computed
    once.  A row removes the hands its new cards touch (`row_spot`)."""

    def __init__(self, players: tuple[Player, ...], spot: Spot) -> None:
        self.players = players
        self.spot = spot
        # each range's combos, weights and card masks, as rows_clear_of reads them
        self.ranges = [
            (
                np.ascontiguousarray(s.combos, dtype=np.uint8),
                np.ascontiguousarray(s.weights, dtype=np.float64),
                _checks.row_masks(s.combos),
            )
            if s.kind == "range"
            else None
            for s in spot.seats
        ]

    def row_spot(self, new: npt.NDArray[np.uint8]) -> Spot:
        return self.row(new)[0]

    def row(self, new: npt.NDArray[np.uint8]) -> tuple[Spot, list[Any] | None]:
        """The spot of the board plus `new` (prepare()'s card removal, done
        from the input spot's seats; a range left with one hand or none goes
        through prepare() itself, which turns it into a hand or names the
        error), and the range masks of its seats (None after prepare())."""
        spot = self.spot
        board = np.concatenate([spot.board, new]).astype(np.uint8)
        new_mask = 0
        for c in new.tolist():
            new_mask |= 1 << c
        known = spot.known | new_mask
        seats = []
        row_masks: list[Any] = []
        for s, ranged in zip(spot.seats, self.ranges, strict=True):
            if ranged is None:
                seats.append(Seat(s.player, s.kind, s.combos, s.weights, s.live))
                continue
            # one pass in C (a boolean index of a 6-card range's rows took
            # most of a sampled row's time)
            combos, weights, kept = _core.rows_clear_of(*ranged, new_mask)
            live = len(weights)
            if live <= 1:
                return prepare(self.players, spot.k, board, spot.dead, spot.game), None
            top = float(weights.max())
            seats.append(
                Seat(s.player, "range", combos, weights / top if top != 1.0 else weights, live)
            )
            row_masks.append(kept)
        out = Spot(seats, spot.k, board, spot.dead, spot.game, known)
        for seat in seats:
            if seat.kind == "random":
                seat.live = math.comb(out.deck, spot.k)
        return out, row_masks

    def sampling_spot(self, spot: Spot, masks: list[Any] | None) -> _core.EquitySpot:
        """spot.c_spot(exact=False), from the masks already computed."""
        if masks is None:
            return spot.c_spot(exact=False)
        kinds, combos, weights, all_masks = [], [], [], []
        ranges = iter(masks)
        for seat in spot.seats:
            kinds.append(C_KIND[seat.kind])
            combos.append(np.ascontiguousarray(seat.combos, dtype=np.uint8))
            weights.append(np.ascontiguousarray(seat.weights, dtype=np.float64))
            all_masks.append(
                next(ranges) if seat.kind == "range" else np.zeros(len(seat.combos), np.uint64)
            )
        return _core.EquitySpot(
            spot.k,
            spot.game.code,
            spot.board,
            spot.known,
            kinds,
            combos,
            weights,
            all_masks,
            "auto",
        )


def _range_scale(players: tuple[Player, ...], spot: Spot) -> float:
    """What the row's deal weights were divided by: each range's largest
    live weight (prepare makes it 1, a range left with one hand weight 1)
    and the exact enumeration's centring."""
    scale = 1.0
    for p, seat in zip(players, spot.seats, strict=True):
        if p.kind == "range":
            known = spot.known
            if seat.kind == "hand":  # the range's one live hand: not a card it must miss
                known &= ~_checks.card_mask(seat.combos[0])
            live = (_checks.row_masks(p.combos) & np.uint64(known)) == 0
            scale *= float(p.weights[live].max())
    for factor in centring(spot.seats):
        scale /= factor
    return scale


def engine_row(base: RowBase, new: npt.NDArray[np.uint8], plan: Plan) -> RowFigures:
    """One row by the engine: exact over every deal, or Monte Carlo with the
    plan's trials (cap), target standard error and streams, on one thread
    (the parts driver's one stopping rule: blocks of ROW_BLOCK_TRIALS, the
    target looked at after two).  KeyboardInterrupt when the plan's stop is
    set or on Ctrl-C."""
    spot, masks = base.row(new)
    if plan.exact:
        sums = spot_sums(spot, plan)
        figures = figures_of(sums, True)
        return replace(figures, weight=figures.weight * _range_scale(base.players, spot))
    assert plan.seed is not None
    c_spot = base.sampling_spot(spot, masks)
    if not dealable(c_spot):
        raise OmahaEvalError(NO_DEAL_POSSIBLE)
    sampling = equity_sampling(spot, c_spot, plan.seed, plan.key)
    part = PartSampling(
        block=sampling.block,
        zero=sampling.zero,
        add=sampling.add,
        trials=sampling.trials,
        error=lambda total: max(total.stderr()),
        first=ROW_BLOCK_TRIALS,
        least=ROW_BLOCK_TRIALS,
        most=ROW_BLOCK_TRIALS,
        min_blocks=TARGET_FIRST_BLOCKS,
        trusted=sampling.trusted,
        check=sampling.check,
    )
    return figures_of(sample_part(part, plan), False)


@dataclass(frozen=True)
class RowKernel:
    """A board report's rows as parts of one run (the engine's parts
    driver): row r is the known board plus ``news[r]``, run by engine_row
    with its own plan.  It holds the spot as read (arrays only: it
    travels to worker processes and Dask workers), and prepares the rows'
    common start (RowBase) once where it runs."""

    players: tuple[Player, ...]
    spot: Spot
    news: npt.NDArray[np.uint8]

    def start(self) -> Callable[[int, Plan], RowFigures]:
        base = RowBase(self.players, self.spot)

        def row(r: int, plan: Plan) -> RowFigures:
            try:
                return engine_row(base, self.news[r], plan)
            except OmahaEvalError:  # the input is checked: no deal fits this board
                return nan_row(self.spot.n)  # probability 0

        return row


def nan_row(n: int) -> RowFigures:
    """A row that could not be dealt (no deal fits its board)."""
    values = np.full((n, len(PLAYER_FIGURES)), math.nan)
    deal = np.full(len(DEAL_NAMES), math.nan)
    return RowFigures(values, values.copy(), deal, deal.copy(), 0, 0.0, 0.0)
