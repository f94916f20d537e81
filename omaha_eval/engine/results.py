"""Equity results and the one table of their figures.

Every figure is declared once, in FIGURE_TABLE: its table label, what it
means, whether it exists only in games with a low, and which C sum it is
the mean of (the columns of ``_core.equity_sums``, named by
src_c/oe_equity.h).  The result types take their figure fields from it
(`figure`): ``PlayerEquity`` and ``EquityResult`` here, and the array
results of the solver, ``equity_many`` and equity distributions.  The
command line's table, its JSON and batch's JSON Lines and CSV are all made
from FIGURES and DEAL_FIGURES, and every EquityResult is built by
`equity_result`.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, asdict, dataclass, field, fields
from typing import Any, ClassVar, Literal, TypeVar

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval import extras
from omaha_eval._reprs import short_repr
from omaha_eval.engine.players import Kind
from omaha_eval.engine.report import equity_html, equity_table
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.evaluator import CATEGORIES

__all__ = [
    "BREAKDOWN_NAMES",
    "DEAL_FIGURES",
    "FIGURES",
    "FIGURE_TABLE",
    "NUT_LOW",
    "WILSON_Z",
    "EquityResult",
    "Figure",
    "PlayerEquity",
    "Sums",
    "binomial_stderr",
    "cell_sums",
    "equity_result",
    "figure",
    "player_figures",
    "player_result",
    "rare_floor",
]


@dataclass(frozen=True)
class Figure:
    """One reported figure: its name (attribute, JSON key and CSV column),
    its table label, its meaning, whether only hi/lo games have it, and the C
    sum it is the mean of (None when derived from others)."""

    name: str
    label: str
    meaning: str
    low: bool = False
    c_sum: str | None = None


FIGURE_TABLE: Mapping[str, Figure] = {
    f.name: f
    for f in (
        Figure("equity", "equity", "expected fraction of the pot won: hi_share + lo_share"),
        Figure(
            "hi_share",
            "hi share",
            "expected fraction of the pot won through the high half "
            "(the whole pot when no low qualifies)",
            c_sum="hi_share",
        ),
        Figure(
            "lo_share",
            "lo share",
            "expected fraction of the pot won through the low half",
            low=True,
            c_sum="lo_share",
        ),
        Figure(
            "scoop",
            "scoop",
            "probability of winning the whole pot alone: the sole best high and the sole "
            "best low, or the sole best high when no low qualifies",
            c_sum="scoop",
        ),
        Figure("hi_win", "hi win", "probability of the sole best high", c_sum="hi_win"),
        Figure(
            "hi_tie", "hi tie", "probability of sharing the best high with others", c_sum="hi_tie"
        ),
        Figure(
            "lo_win",
            "lo win",
            "probability of the sole best qualifying low",
            low=True,
            c_sum="lo_win",
        ),
        Figure(
            "lo_tie",
            "lo tie",
            "probability of sharing the best low with others",
            low=True,
            c_sum="lo_tie",
        ),
        Figure(
            "quartered",
            "quartered",
            "probability of getting exactly a quarter of the pot (as a player sharing "
            "the best low two ways without the best high)",
            c_sum="quartered",
        ),
        Figure(
            "makes_low",
            "makes low",
            "probability of holding a qualifying low (best or not)",
            low=True,
        ),
        Figure(
            "nut_low",
            "nut low",
            "probability of holding the best low the final board allows (the breakdown's nut low)",
            low=True,
        ),
        Figure(
            "lost_nut_low",
            "lost nut low",
            "board-report rows one street ahead: probability of holding the nut low on "
            "the known board and no longer on the row's board",
            low=True,
        ),
        Figure("stderr", "stderr", "standard error of equity (Monte Carlo; 0 when exact)"),
        Figure(
            "no_low",
            "no low",
            "probability that no player has a qualifying low (the high takes all)",
            low=True,
            c_sum="no_low",
        ),
        Figure(
            "low_split",
            "low split",
            "probability that the low half is split between two or more players",
            low=True,
            c_sum="low_split",
        ),
        Figure(
            "any_quartered",
            "any quartered",
            "probability that some player gets exactly a quarter of the pot",
            c_sum="any_quartered",
        ),
    )
}


def figure(name: str) -> dict[str, Figure]:
    """The field metadata of figure `name`, for every result type that has
    it: ``x: float = field(metadata=figure("x"))`` (a field without a
    default, as type checkers see it)."""
    return {"figure": FIGURE_TABLE[name]}


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result: who they were and their figures, each an
    expectation over the deals (a probability or a fraction of the pot).

    - ``hand``: the player as given (text), or its cards, or "range of K hands";
    - ``kind``: "hand", "range" or "random";
    - ``combos``: the hands it could hold after card removal (1 for a hand;
      for a random hand, every hand of the cards not known).

    The figures are listed with their meanings in FIGURES; in a high-only
    game the low figures are 0.  ``breakdown`` maps each high category
    ("straight flush" ... "high card") and, in a game with a low, each low
    class ("nut low": the best low that board allows, "other low", "no
    low") to the probability of ending with it (BREAKDOWN_NAMES); each part
    sums to 1.
    """

    hand: str
    kind: Kind
    combos: int
    equity: float = field(metadata=figure("equity"))
    hi_share: float = field(metadata=figure("hi_share"))
    lo_share: float = field(metadata=figure("lo_share"))
    scoop: float = field(metadata=figure("scoop"))
    hi_win: float = field(metadata=figure("hi_win"))
    hi_tie: float = field(metadata=figure("hi_tie"))
    lo_win: float = field(metadata=figure("lo_win"))
    lo_tie: float = field(metadata=figure("lo_tie"))
    quartered: float = field(metadata=figure("quartered"))
    makes_low: float = field(metadata=figure("makes_low"))
    nut_low: float = field(metadata=figure("nut_low"))
    stderr: float = field(metadata=figure("stderr"))
    breakdown: dict[str, float] = field(default_factory=dict)

    def __repr__(self) -> str:
        """Short: the breakdown as its size (``str()`` of the result shows it)."""
        return short_repr(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerEquity:
        """A player as ``EquityResult.to_dict()`` writes one (NaN as None)."""
        values = _fields_of(cls, data)
        for f in FIGURES:
            values[f.name] = _nan_if_none(values[f.name])
        values["breakdown"] = {k: _nan_if_none(v) for k, v in values["breakdown"].items()}
        return cls(**values)


@dataclass(frozen=True)
class EquityResult:
    """The answer of ``equity()``: one PlayerEquity per player, in order,
    the deal's figures (DEAL_FIGURES) and how it was computed.

    - ``method``: "exact" (every deal enumerated) or "monte-carlo";
    - ``trials``: deals counted (exact: every board completion times every
      non-colliding assignment of range hands) or trials drawn;
    - ``seed``: Monte Carlo: the seed that reproduces this result, for any
      number of threads (pass it back as ``seed``); None when exact;
    - ``elapsed``: seconds, wall clock;
    - ``game``, ``board``, ``dead``: the game's name and the known cards;
    - ``interrupted``: Ctrl-C stopped the run; the figures are from the
      trials done before it;
    - ``target_stderr``: the standard error asked for, if any, and
      ``target_reached``: whether every player's reached it (None without a
      target, and when exact);
    - ``boards``: how many boards the figures average over: 1 for known
      cards, every matching board (and dead-card set) that can be dealt for
      a board or dead-card pattern such as ``"sss"``;
    - ``notes``: what the run could not do as asked (empty when nothing).

    ``str(result)`` is the table ``omaha-eval equity`` prints; a notebook
    shows it as an HTML table (``_repr_html_``); ``to_pandas()`` gives a
    DataFrame of the players' figures.
    """

    # The figures, declared once by the fields: per player (PlayerEquity's)
    # and per deal (these); set below, for the tables that show a result.
    FIGURES: ClassVar[tuple[Figure, ...]]
    DEAL_FIGURES: ClassVar[tuple[Figure, ...]]

    players: tuple[PlayerEquity, ...]
    no_low: float = field(metadata=figure("no_low"))
    low_split: float = field(metadata=figure("low_split"))
    any_quartered: float = field(metadata=figure("any_quartered"))
    method: Literal["exact", "monte-carlo"] = "exact"
    trials: int = 0
    seed: int | None = None
    elapsed: float = field(default=0.0, compare=False)  # equal answers, whatever the time
    game: str = "omaha8"
    board: str = ""
    dead: str = ""
    interrupted: bool = False
    target_stderr: float | None = None
    target_reached: bool | None = None
    boards: int = 1
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: plain floats, ints, strings and lists."""
        data = asdict(self)
        data["players"] = [asdict(p) for p in self.players]
        data["notes"] = list(self.notes)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EquityResult:
        """The result ``to_dict()`` wrote (or its JSON read back, NaN as
        None): ``EquityResult.from_dict(r.to_dict()) == r``."""
        values = _fields_of(cls, data)
        values["players"] = tuple(PlayerEquity.from_dict(p) for p in values["players"])
        for f in DEAL_FIGURES:
            values[f.name] = _nan_if_none(values[f.name])
        values["notes"] = tuple(values["notes"])
        return cls(**values)

    def __repr__(self) -> str:
        """Short: the first players and a count of the rest (``str()``: the table)."""
        return short_repr(self)

    def __str__(self) -> str:
        """The table ``omaha-eval equity`` prints (engine/report.py): a row
        per player, the deal's figures, how it was computed, the notes.

        >>> import omaha_eval as oe
        >>> print(oe.equity(["AsAh2c3d", "KsKh4c5d"], "Qd7h2d3s"))
        hand      equity  hi share  lo share   scoop  hi win  hi tie  lo win  lo tie  quartered  ...
        --------  ------  --------  --------  ------  ------  ------  ------  ------  ---------  ...
        AsAh2c3d  47.50%    40.00%     7.50%  15.00%  80.00%   0.00%  15.00%   0.00%      0.00%  ...
        KsKh4c5d  52.50%    10.00%    42.50%  20.00%  20.00%   0.00%  85.00%   0.00%      0.00%  ...
        <BLANKLINE>
        no low 0.00%   low split 0.00%   any quartered 0.00%
        exact, 40 deals, ... s
        """
        return equity_table(self)

    def _repr_html_(self) -> str:
        """The same table as HTML, for notebooks (Jupyter calls this)."""
        return equity_html(self)

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per player: ``hand``, ``kind``,
        ``combos`` and every figure of FIGURES as a fraction (not a
        percentage); ``attrs`` holds the deal's figures and how the run went
        (method, trials, seed, game, board, dead, boards, notes).  Needs
        pandas, which omaha_eval does not install.

        >>> import omaha_eval as oe
        >>> df = oe.equity(["AsAh2c3d", "KsKh4c5d"], "Qd7h2d3s").to_pandas()
        >>> list(df.columns[:6])
        ['hand', 'kind', 'combos', 'equity', 'hi_share', 'lo_share']
        >>> df.loc[1, "hand"], float(df.loc[1, "equity"]), df.attrs["trials"]
        ('KsKh4c5d', 0.525, 40)
        """
        try:  # imported by name: pandas ships no type stubs for mypy
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise ImportError(
                f"EquityResult.to_pandas() needs pandas, which is not installed: "
                f"{extras.install_hint('pandas')}"
            ) from None
        names = ["hand", "kind", "combos", *(f.name for f in FIGURES)]
        frame = pandas.DataFrame(
            [[getattr(p, name) for name in names] for p in self.players], columns=names
        )
        how = ("method", "trials", "seed", "game", "board", "dead", "boards", "notes")
        frame.attrs.update({f.name: getattr(self, f.name) for f in DEAL_FIGURES})
        frame.attrs.update({name: getattr(self, name) for name in how})
        return frame


def _fields_of(cls: type, data: Mapping[str, Any]) -> dict[str, Any]:
    """The dataclass fields of `cls` from `data` (a dict that to_dict wrote):
    every field without a default must be there; keys it does not know are
    an error (a document of another type)."""
    if not isinstance(data, Mapping):
        raise OmahaEvalTypeError(f"expected a dict, got {type(data).__name__}", param="data")
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise OmahaEvalError(
            f"{cls.__name__} has no field {', '.join(unknown)}", param="data", value=unknown
        )
    defaults = {n for n, f in known.items() if (f.default, f.default_factory) != (MISSING, MISSING)}
    missing = [n for n in known if n not in data and n not in defaults]
    if missing:
        raise OmahaEvalError(f"{cls.__name__} needs {', '.join(missing)}", param="data")
    return {n: data[n] for n in known if n in data}


def _nan_if_none(value: Any) -> float:
    """A figure from JSON, where NaN is written null."""
    return math.nan if value is None else float(value)


def _figures(cls: type) -> tuple[Figure, ...]:
    return tuple(f.metadata["figure"] for f in fields(cls) if "figure" in f.metadata)


FIGURES = _figures(PlayerEquity)  # per player, in table and CSV order
DEAL_FIGURES = _figures(EquityResult)  # per deal
EquityResult.FIGURES, EquityResult.DEAL_FIGURES = FIGURES, DEAL_FIGURES
# The breakdown's names, best first: the high categories (evaluator.CATEGORIES,
# in the C enum's order, worst first), then the low classes.
_CATEGORY_NAMES = tuple(name.lower() for name in CATEGORIES)
HIGH_NAMES = tuple(reversed(_CATEGORY_NAMES))
LOW_NAMES = tuple(_core.BREAKDOWN_LOW_COLUMNS)
NUT_LOW = "nut low"  # the low class of the breakdown that the nut_low figure is
BREAKDOWN_NAMES = HIGH_NAMES + LOW_NAMES
# Where each breakdown name sits in a row of the C loops' breakdown counts.
_BREAKDOWN_OF = {name: i for i, name in enumerate(_CATEGORY_NAMES)} | dict(
    _core.BREAKDOWN_LOW_COLUMNS
)


@dataclass(frozen=True)
class Sums:
    """What the C loops counted, summed over the parts or blocks of a run:
    the figure sums (players x columns of SUM_COLUMNS), the deal sums
    (DEAL_COLUMNS), the makes-low weights per player, the breakdown weights
    (players x N_BREAKDOWN) and the deals or trials counted.  Weighted
    trials (the sequential sampler) also bring the same sums of their
    squared weights (`sq_sums`, `sq_deal`; None when every weight is 1)."""

    sums: npt.NDArray[np.float64]
    deal: npt.NDArray[np.float64]
    makes_low: npt.NDArray[np.float64]
    breakdown: npt.NDArray[np.float64]
    count: int
    sq_sums: npt.NDArray[np.float64] | None = None
    sq_deal: npt.NDArray[np.float64] | None = None

    @staticmethod
    def zero(n: int, weighted: bool = False) -> Sums:
        def sums() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
            return np.zeros((n, _core.N_SUMS)), np.zeros(_core.N_DEAL_SUMS)

        sq = sums() if weighted else (None, None)
        return Sums(*sums(), np.zeros(n), np.zeros((n, _core.N_BREAKDOWN)), 0, *sq)

    def __add__(self, other: Sums) -> Sums:
        sq_sums = sq_deal = None
        if self.sq_sums is not None and other.sq_sums is not None:
            assert self.sq_deal is not None and other.sq_deal is not None
            sq_sums, sq_deal = self.sq_sums + other.sq_sums, self.sq_deal + other.sq_deal
        return Sums(
            self.sums + other.sums,
            self.deal + other.deal,
            self.makes_low + other.makes_low,
            self.breakdown + other.breakdown,
            self.count + other.count,
            sq_sums,
            sq_deal,
        )

    def scaled(self, factor: float) -> Sums:
        """Every weight times `factor` (the count as it is)."""
        return Sums(
            self.sums * factor,
            self.deal * factor,
            self.makes_low * factor,
            self.breakdown * factor,
            self.count,
            None if self.sq_sums is None else self.sq_sums * factor**2,
            None if self.sq_deal is None else self.sq_deal * factor**2,
        )

    @staticmethod
    def of(
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
        breakdown: npt.NDArray[np.float64],
        n: int,
        count: int,
        outcome_sq: npt.NDArray[np.float64] | None = None,
    ) -> Sums:
        """Sums of one histogram (as filled by the C loops), and of the
        squared weights' histogram when the trials were weighted."""

        def summed(
            histogram: npt.NDArray[np.float64],
        ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
            sums = np.zeros((n, _core.N_SUMS))
            deal = np.zeros(_core.N_DEAL_SUMS)
            _core.equity_sums(n, histogram, sums, deal)
            return sums, deal

        sq = (None, None) if outcome_sq is None else summed(outcome_sq)
        return Sums(*summed(outcome), makes_low.copy(), breakdown.copy(), count, *sq)

    @property
    def total(self) -> float:
        return float(self.deal[_core.DEAL_COLUMNS["total"]])

    def means(self, column: str) -> npt.NDArray[np.float64]:
        """Per player, the mean of one C sum column."""
        mean: npt.NDArray[np.float64] = self.sums[:, _core.SUM_COLUMNS[column]] / self.total
        return mean

    def equity(self) -> npt.NDArray[np.float64]:
        """Per player, the mean pot share."""
        equity: npt.NDArray[np.float64] = self.means("hi_share") + self.means("lo_share")
        return equity

    def effective_trials(self) -> float:
        """The trials' effective sample size, (sum w)^2 / sum w^2: the trials
        themselves when every weight is 1."""
        if self.sq_deal is None:
            return float(self.count)
        square = float(self.sq_deal[_core.DEAL_COLUMNS["total"]])
        return self.total**2 / square if square > 0 else 0.0

    def stderr(self) -> list[float]:
        """Standard error of each player's equity, valid for one run of
        independent trials: from the per-trial variance (weight 1), or for
        weighted trials (a ratio estimator) from the weighted residuals,
        Var = sum w^2 (f - m)^2 / (sum w)^2, scaled by N / (N - 1); never
        below rare_floor of the effective trials (an equity of 0 or 1 in
        every trial is not shown as certain)."""
        n_players = len(self.makes_low)
        total, count = self.total, self.count
        if count <= 1 or total <= 0:
            return [math.nan] * n_players
        equity = self.equity()
        if self.sq_sums is None or self.sq_deal is None:
            square = self.means("share_sq")
            variance = np.maximum(square - equity**2, 0.0) / total
        else:
            col = _core.SUM_COLUMNS
            s2 = float(self.sq_deal[_core.DEAL_COLUMNS["total"]])
            s2f = self.sq_sums[:, col["hi_share"]] + self.sq_sums[:, col["lo_share"]]
            s2ff = self.sq_sums[:, col["share_sq"]]
            variance = np.maximum(s2ff - 2 * equity * s2f + equity**2 * s2, 0.0) / total**2
        floor = rare_floor(self.effective_trials())
        return [max(math.sqrt(v * count / (count - 1)), floor) for v in variance.tolist()]


# Where each figure's mean sits in a row of the C sums, and each deal
# figure in the deal sums.
_SUM_OF = {f.name: _core.SUM_COLUMNS[f.c_sum] for f in FIGURES if f.c_sum}
_DEAL_OF = {f.name: _core.DEAL_COLUMNS[f.c_sum] for f in DEAL_FIGURES if f.c_sum}
# EquityResult's fields that have defaults, with them; every field's name.
_RESULT_DEFAULTS = {f.name: f.default for f in fields(EquityResult) if f.default is not MISSING}
_RESULT_FIELDS = frozenset(f.name for f in fields(EquityResult))
# The breakdown's names in a game with a low (True) or without, and where
# each sits in a row of the C loops' breakdown counts.
_BREAKDOWN_COLUMNS = {
    low: [(n, _BREAKDOWN_OF[n]) for n in names]
    for low, names in ((True, BREAKDOWN_NAMES), (False, HIGH_NAMES))
}


# The small spots' core builds a player's figures by these names (one owner:
# this module says which figure sits in which column).
_core.small_figure_keys(
    tuple(_SUM_OF.items()),
    "makes_low",
    "breakdown",
    tuple(_BREAKDOWN_COLUMNS[True]),
    tuple(_BREAKDOWN_COLUMNS[False]),
)


_COEFFICIENTS: dict[int, tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]] = {}


def _cell_coefficients(n: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """What one unit of weight in each outcome cell adds to every sum: the C
    summary (the one split) of a histogram holding that cell alone; made
    once a player count (two threads at once make the same arrays)."""
    if n not in _COEFFICIENTS:
        _COEFFICIENTS[n] = _coefficients_of(n)
    return _COEFFICIENTS[n]


def _coefficients_of(n: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    cells = 1 << (2 * n)
    sums = np.zeros((cells, n, _core.N_SUMS))
    deal = np.zeros((cells, _core.N_DEAL_SUMS))
    for c in range(cells):
        unit = np.zeros(cells)
        unit[c] = 1.0
        _core.equity_sums(n, unit, sums[c], deal[c])
    return sums, deal


def cell_sums(
    outcomes: npt.NDArray[np.float64], n: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The sums of many outcome histograms at once (rows of 4^n cells, as the
    C loops fill them): each row's figure sums (rows x n x SUM_COLUMNS) and
    deal sums (rows x DEAL_COLUMNS), what Sums.of gives row by row, as one
    product with the summary of each cell."""
    sums, deal = _cell_coefficients(n)
    per_row = np.einsum("rc,cps->rps", outcomes, sums)
    return per_row, np.einsum("rc,cd->rd", outcomes, deal)


def rare_floor(n: float) -> float:
    """The least standard error of a sampled figure of `n` (effective)
    trials: that of a probability of 1/(n + 2), the estimate of an event
    seen 0 times in n trials with a uniform prior (Laplace's rule), about
    1/n.  A figure seen 0 or n times then shows 0% or 100% with a standard
    error of about 1/n, not 0: the sampling cannot tell it from a rare
    event.  Above a few events in n the binomial error is larger and stands."""
    f = 1.0 / (n + 2.0)
    return math.sqrt(f * (1.0 - f) / max(n - 1.0, 1.0))


# A binomial figure's error is read off its Wilson score interval at this
# many standard errors (99.7%): the chance of a |z| over 5 is then about a
# normal's (6e-7) whatever the chance estimated, where the plain binomial
# error of an event seen a few times gives one in a hundred.
WILSON_Z = 3.0


def binomial_stderr(p: npt.ArrayLike, n: float) -> npt.NDArray[np.float64]:
    """The standard error of each probability `p` estimated from `n`
    (effective) trials: the distance from p to the far end of its Wilson
    score interval at WILSON_Z standard errors, divided by WILSON_Z, and
    never below rare_floor(n).  Where the trials saw the event often, this
    is the binomial sqrt(p (1 - p) / n); where they saw it seldom, the
    interval reaches farther toward 1/2 than that, as the chance itself
    may: an event seen once in 2,000 trials gets about 0.16%, not 0.05%,
    since it may well be 0.4%.  For a share in [0, 1] (a mean of values in
    [0, 1]) it bounds the error of the mean."""
    p = np.asarray(p, dtype=np.float64)
    z2 = WILSON_Z * WILSON_Z
    centre = (p * n + z2 / 2) / (n + z2)
    half = WILSON_Z / (n + z2) * np.sqrt(np.clip(n * p * (1 - p), 0.0, None) + z2 / 4)
    far = (np.abs(centre - p) + half) / WILSON_Z
    error: npt.NDArray[np.float64] = np.maximum(far, rare_floor(n))
    return error


R = TypeVar("R")


def _filled(cls: type[R], values: dict[str, Any]) -> R:
    """An instance of a frozen result class from a value for each of its
    fields: what its __init__ does (these classes have no __post_init__),
    without a frozen setattr per field, which is most of a small spot's
    time in Python.  `values` becomes the instance's dict: the caller gives
    it up."""
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", values)  # the dict itself: no copy
    return obj


def player_result(
    seat: tuple[str, Kind, int], figures: dict[str, Any], stderr: float
) -> PlayerEquity:
    """One seat's PlayerEquity (hand, kind, combos) from its figures by name
    (each figure with a C sum, makes_low and breakdown: player_figures, or
    the small spots' core, which names them as small_figure_keys says).
    `figures` is made for this seat alone: it becomes the result's own
    fields, not a copy (a small spot's time is mostly building objects)."""
    figures["hand"], figures["kind"], figures["combos"] = seat
    figures["equity"] = figures["hi_share"] + figures["lo_share"]
    figures["nut_low"] = figures["breakdown"].get(NUT_LOW, 0.0)
    figures["stderr"] = stderr
    return _filled(PlayerEquity, figures)


def player_figures(
    means: Sequence[float], makes_low: float, breakdown: Sequence[float], has_low: bool
) -> dict[str, Any]:
    """A player's figures by name from its means: a row of the C sums, the
    makes-low weight and a row of breakdown weights, each divided by the
    total weight."""
    figures: dict[str, Any] = {name: means[i] for name, i in _SUM_OF.items()}
    figures["makes_low"] = makes_low
    figures["breakdown"] = {name: breakdown[i] for name, i in _BREAKDOWN_COLUMNS[has_low]}
    return figures


def player_results(
    seats: Sequence[tuple[str, Kind, int]], sums: Sums, stderr: Sequence[float], has_low: bool
) -> tuple[PlayerEquity, ...]:
    """The PlayerEquity of each seat (hand, kind, combos) from the sums."""
    total = sums.total
    means = (sums.sums / total).tolist()
    makes_low = (sums.makes_low / total).tolist()
    breakdown = (sums.breakdown / total).tolist()
    rows = zip(seats, means, makes_low, breakdown, stderr, strict=True)
    return tuple(
        player_result(seat, player_figures(m, low, bd, has_low), se)
        for seat, m, low, bd, se in rows
    )


def deal_figures(deal: Sequence[float]) -> dict[str, float]:
    """The deal figures (no_low, low_split, any_quartered) from the deal sums."""
    total = deal[_core.DEAL_COLUMNS["total"]]
    return {name: deal[i] / total for name, i in _DEAL_OF.items()}


def equity_result(
    players: tuple[PlayerEquity, ...], deal: Mapping[str, float], **how: Any
) -> EquityResult:
    """The one builder of EquityResult: the players' results, the deal
    figures and how the run went (method, trials, seed, elapsed, game,
    board, dead, ...: EquityResult's other fields, defaults for the rest)."""
    if not (how.keys() <= _RESULT_FIELDS and deal.keys() <= _RESULT_FIELDS):
        unknown = (how.keys() | deal.keys()) - _RESULT_FIELDS
        raise TypeError(f"equity_result: unknown fields {sorted(unknown)}")
    values = {**_RESULT_DEFAULTS, "players": players, **deal, **how}
    return _filled(EquityResult, values)
