"""Equity of Omaha hi/lo hands: exact enumeration or Monte Carlo.

``equity(players, board, dead)`` answers "what share of the pot does each
player win, on average, over the cards still to come?" under the rules and
the definition of RULES.md ("Equity"): every completion of the board and,
for ranges and random hands, every non-colliding deal, weighted by the
product of the hands' weights.

Both methods count each deal's outcome (who wins the high half, who wins the
low half) in C; who wins is decided by the one pot-split function of the C
core, and the shares come from it too (``_core.split_rows``).

>>> r = equity(["As Ah 2c 3d", "7c 7d 4c 5d"], board="Ks Qd Jh 9c 9h")
>>> [p.equity for p in r.players], r.method, r.no_low
([1.0, 0.0], 'exact', 1.0)
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any, Literal, TypeVar

import numpy as np
import numpy.typing as npt

from omaha_eval import _core, _validate
from omaha_eval.cards import is_card_text
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.ranges import parse_range

__all__ = ["EquityResult", "PlayerEquity", "equity"]

# Exact enumeration is chosen by itself when its estimated work (see
# _exact_work: roughly one unit per fixed-hand evaluation or counted deal,
# five per range-hand evaluation) is at most this: about a second of one core.
AUTO_EXACT_WORK = 1e8
# exact=True refuses above this (hours of work; use Monte Carlo instead).
EXACT_WORK_LIMIT = 1e11
# Monte Carlo size when neither `trials` nor `target_stderr` is given.
DEFAULT_TRIALS = 1_000_000
# With `target_stderr` alone, stop here even if the target is not met.
TARGET_MAX_TRIALS = 100_000_000
# First round per worker when aiming at `target_stderr`: enough trials for
# a stable variance estimate.
TARGET_FIRST_ROUND = 20_000
# A range deal that collides is drawn again; this many in a row means the
# ranges can (almost) never be dealt together.
MAX_REJECTS = 1_000_000

_KIND = {"fixed": 0, "range": 1, "random": 2}
# Text made only of cards (the forms omaha_eval.cards reads) is a hand.
CardArray = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float64]
T = TypeVar("T")


@dataclass(frozen=True)
class PlayerEquity:
    """One player's figures, each an expectation over the deals (a
    probability or a fraction of the pot).

    - ``equity``: expected fraction of the pot won; ``hi_share + lo_share``.
    - ``hi_share``: expected fraction won through the high half (the whole
      pot when no low qualifies).
    - ``lo_share``: expected fraction won through the low half.
    - ``scoop``: probability of winning the whole pot alone: sole best high
      and sole best low, or sole best high when no low qualifies.
    - ``hi_win``: probability of the sole best high; ``hi_tie``: of sharing
      the best high with others.
    - ``lo_win``: probability of the sole best qualifying low; ``lo_tie``: of
      sharing the best low with others.
    - ``makes_low``: probability of holding a qualifying low (best or not).
    - ``stderr``: standard error of ``equity`` (Monte Carlo: from the
      per-trial variance; exact: 0).

    With ``game="omaha"`` (high only) the low figures are all 0.
    """

    equity: float
    hi_share: float
    lo_share: float
    scoop: float
    hi_win: float
    hi_tie: float
    lo_win: float
    lo_tie: float
    makes_low: float
    stderr: float


@dataclass(frozen=True)
class EquityResult:
    """The answer of `equity`.

    - ``players``: one PlayerEquity per entry of ``players``, in order.
    - ``no_low``: probability that no player has a qualifying low (1 for
      ``game="omaha"``).
    - ``quartered``: probability that the low half is split between two or
      more players.
    - ``method``: ``"exact"`` or ``"monte-carlo"``.
    - ``trials``: deals counted (exact: every board completion times every
      non-colliding assignment of range hands; Monte Carlo: trials drawn).
    - ``seed``: Monte Carlo only: the entropy that reproduces the run when
      passed back as ``seed`` with the same ``threads`` (None when a
      Generator or a spawned SeedSequence was given, and for exact).
    - ``elapsed``: seconds, wall clock.
    """

    players: tuple[PlayerEquity, ...]
    no_low: float
    quartered: float
    method: Literal["exact", "monte-carlo"]
    trials: int
    seed: int | None
    elapsed: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: plain floats, ints, strings and lists."""
        data = asdict(self)
        data["players"] = [asdict(p) for p in self.players]
        return data


# players, no_low, quartered: the figures every method ends with
Summary = tuple[tuple[PlayerEquity, ...], float, float]


@dataclass
class _Player:
    kind: str  # "fixed", "range", "random" or "text" (a range not yet expanded)
    combos: CardArray  # (K, k); fixed: K = 1; random and text: K = 0
    weights: FloatArray  # (K,)
    text: str = ""


def _range_player(combos: CardArray, weights: FloatArray) -> _Player:
    """A weighted range, its weights scaled to a maximum of 1: only relative
    weights matter, and products over players must not overflow or underflow."""
    top = float(weights.max()) if len(weights) else 0.0
    return _Player("range", combos, weights / top if top > 0 else weights)


def _player_from_text(text: str, name: str) -> _Player:
    """Text that is neither a hand nor "*": a range, expanded by
    _expand_text_ranges once the players' hole size is known."""
    return _Player("text", np.zeros((0, 0), np.uint8), np.zeros(0), text)


def _expand_text_ranges(parsed: list[_Player], k: int) -> list[_Player]:
    """Range text -> weighted combos of k cards (the range language)."""
    out = []
    for i, p in enumerate(parsed):
        if p.kind == "text":
            try:
                r = parse_range(p.text, hole_cards=k)
            except OmahaEvalError as exc:
                raise OmahaEvalError(f"players[{i}]: {exc}") from None
            p = _range_player(*_validate.weighted_hands(r, f"players[{i}]"))
        out.append(p)
    return out


def _parse_player(value: Any, name: str) -> _Player:
    if isinstance(value, str):
        if value.strip() == "*":
            return _Player("random", np.zeros((0, 0), np.uint8), np.zeros(0))
        if not is_card_text(value):
            return _player_from_text(value, name)
        hand = _validate.cards(value, name, _validate.HOLE_SIZES)
        return _Player("fixed", hand.reshape(1, -1), np.ones(1))
    if hasattr(value, "combos") and hasattr(value, "weights"):
        combos, weights = _validate.weighted_hands(value, name)
        return _range_player(combos, weights)
    if isinstance(value, tuple) and len(value) == 2 and _validate._ndim(value[0]) == 2:
        combos, weights = _validate.weighted_hands(value, name)
        return _range_player(combos, weights)
    if _validate._ndim(value) == 2:
        raise OmahaEvalError(f"{name}: a 2-D array of hands needs weights: pass (combos, weights)")
    hand = _validate.cards(value, name, _validate.HOLE_SIZES)
    return _Player("fixed", hand.reshape(1, -1), np.ones(1))


def _card_masks(combos: CardArray) -> npt.NDArray[np.uint64]:
    """The 52-bit card mask of each row (a column at a time: big ranges)."""
    masks = np.zeros(len(combos), np.uint64)
    for column in combos.T:
        masks |= np.left_shift(np.uint64(1), column.astype(np.uint64))
    return masks


def _mask(cards: CardArray) -> int:
    mask = 0
    for c in cards.tolist():
        mask |= 1 << c
    return mask


def _prepare_players(
    players: Any, board: CardArray, dead: CardArray
) -> tuple[list[_Player], int, int]:
    """Parse, check and reduce the players; returns them, their hole size k
    and the mask of known cards (board, dead, fixed hands)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise OmahaEvalTypeError(
            f"players: expected a list of 2 to {_validate.MAX_PLAYERS} players, "
            f"got {_validate._quote(players)}"
        )
    n = len(players)
    if not 2 <= n <= _validate.MAX_PLAYERS:
        raise OmahaEvalError(f"players: expected 2 to {_validate.MAX_PLAYERS} players, got {n}")
    parsed = [_parse_player(p, f"players[{i}]") for i, p in enumerate(players)]

    sized = [
        (i, p.combos.shape[1]) for i, p in enumerate(parsed) if p.kind not in ("random", "text")
    ]
    k = sized[0][1] if sized else 4  # only random hands and range text: Omaha's four
    for i, size in sized:
        if size != k:
            raise OmahaEvalError(
                f"players[{i}]: {size} hole cards, but players[{sized[0][0]}] has {k}; "
                "every player must hold the same number"
            )
    parsed = _expand_text_ranges(parsed, k)  # after the cheap checks
    _validate.disjoint(
        ("board", board),
        ("dead", dead),
        *((f"players[{i}]", p.combos[0]) for i, p in enumerate(parsed) if p.kind == "fixed"),
    )
    left = 52 - len(board) - len(dead) - n * k
    if left < 5 - len(board):
        raise OmahaEvalError(
            f"too few cards left: {n} players x {k} hole cards, {len(board)} board and "
            f"{len(dead)} dead cards leave {max(left, 0)} for the {5 - len(board)} board "
            "cards to come"
        )
    for p in parsed:
        if p.kind == "random":
            p.combos = np.zeros((0, k), np.uint8)

    # Card removal: drop range hands that touch a known card (or weigh 0);
    # a range left with one hand is that hand, whose cards are then known.
    known = _mask(board) | _mask(dead)
    for p in parsed:
        if p.kind == "fixed":
            known |= _mask(p.combos[0])
    changed = True
    while changed:
        changed = False
        for i, p in enumerate(parsed):
            if p.kind != "range":
                continue
            keep = ((_card_masks(p.combos) & np.uint64(known)) == 0) & (p.weights > 0)
            if not keep.any():
                raise OmahaEvalError(
                    f"players[{i}]: no hand of the range is left after removing the board, "
                    "the dead cards and the other players' known hands (or every weight is 0)"
                )
            p.combos = np.ascontiguousarray(p.combos[keep])
            p.weights = np.ascontiguousarray(p.weights[keep])
            if len(p.combos) == 1:
                p.kind, p.weights = "fixed", np.ones(1)
                known |= _mask(p.combos[0])
                changed = True
    return parsed, k, known


def _exact_work(players: list[_Player], k: int, n_board: int, known: int) -> float:
    """Estimated work of exact enumeration, in the units of AUTO_EXACT_WORK."""
    deck = 52 - bin(known).count("1")
    boards = math.comb(deck, 5 - n_board)
    random_combos = math.comb(deck, k)
    sizes = [
        random_combos if p.kind == "random" else len(p.combos) for p in players if p.kind != "fixed"
    ]
    n_fixed = sum(p.kind == "fixed" for p in players)
    # per board: each fixed hand, each range hand, each assignment (deal)
    return float(boards * (n_fixed + 5 * sum(sizes) + math.prod(sizes)))


def _all_hands(known: int, k: int) -> CardArray:
    """Every k-card hand of the cards not known, as rows of increasing ids."""
    deck = np.array([c for c in range(52) if not known >> c & 1], dtype=np.uint8)
    rows = np.arange(len(deck), dtype=np.uint8)[:, None]  # index combinations, by columns
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        more = len(deck) - 1 - last  # how many larger indices each row can take
        first = np.cumsum(more) - more
        step = np.arange(int(more.sum())) - np.repeat(first, more)
        column = (np.repeat(last + 1, more) + step).astype(np.uint8)
        rows = np.column_stack([np.repeat(rows, more, axis=0), column])
    return np.ascontiguousarray(deck[rows])


def _spot(players: list[_Player], k: int, board: CardArray, known: int, high_only: bool,
          expand_random: bool) -> _core.EquitySpot:  # fmt: skip
    kinds, combos, weights, masks = [], [], [], []
    for p in players:
        c, w = p.combos, p.weights
        kind = p.kind
        if kind == "random" and expand_random:
            c = _all_hands(known, k)
            w = np.ones(len(c))
            kind = "range"
        kinds.append(_KIND[kind])
        combos.append(np.ascontiguousarray(c, dtype=np.uint8))
        weights.append(np.ascontiguousarray(w, dtype=np.float64))
        masks.append(_card_masks(c) if kind == "range" else np.zeros(len(c), np.uint64))
    game = _core.GAME_OMAHA if high_only else _core.GAME_OMAHA8
    return _core.EquitySpot(k, game, board, known, kinds, combos, weights, masks)


def _default_threads() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _run_all(jobs: Sequence[Callable[[], T]]) -> list[T]:
    """Run the jobs, each in its own thread (their C loops release the GIL)."""
    if len(jobs) == 1:
        return [jobs[0]()]
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [pool.submit(job) for job in jobs]
        return [f.result() for f in futures]


def _seed_root(seed: Any) -> np.random.SeedSequence | np.random.Generator | None:
    """The seed normalised once: a Generator as given, else a SeedSequence;
    None stays None (fresh entropy is only drawn if Monte Carlo runs)."""
    if seed is None or isinstance(seed, (np.random.Generator, np.random.SeedSequence)):
        return seed
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        try:
            return np.random.SeedSequence(int(seed))
        except (TypeError, ValueError) as exc:
            raise OmahaEvalError(f"seed: expected an int >= 0, got {seed!r}") from exc
    raise OmahaEvalTypeError(
        "seed: expected None, an int, a numpy SeedSequence or a Generator, "
        f"got {_validate._quote(seed)}"
    )


def _streams(
    root: np.random.SeedSequence | np.random.Generator | None, threads: int
) -> tuple[list[Any], int | None]:
    """One BitGenerator per worker, spawned from the root, and the entropy
    that reproduces them (None when it cannot)."""
    if root is None:
        root = np.random.SeedSequence()
    if isinstance(root, np.random.Generator):
        return [g.bit_generator for g in root.spawn(threads)], None
    entropy = root.entropy if isinstance(root.entropy, int) and not root.spawn_key else None
    return [np.random.PCG64(child) for child in root.spawn(threads)], entropy


_SUM_NAMES = ("hi_share", "lo_share", "share_sq", "scoop", "hi_win", "hi_tie", "lo_win",
              "lo_tie")  # fmt: skip  # the columns of _core.equity_sums


def _summary(outcome: FloatArray, makes_low: FloatArray, n: int, monte_carlo: bool) -> Summary:
    """Every figure from the outcome histogram (weight per (high winners,
    low winners) pair, summed in C through the one split) and the makes-low
    sums."""
    sums = np.zeros((n, len(_SUM_NAMES)))
    deal = np.zeros(3)
    _core.equity_sums(n, outcome, sums, deal)
    total, no_low, quartered = deal.tolist()
    players = []
    for i, row in enumerate(sums.tolist()):
        mean = {name: value / total for name, value in zip(_SUM_NAMES, row, strict=True)}
        equity_ = mean["hi_share"] + mean["lo_share"]
        stderr = 0.0
        if monte_carlo and total > 1:  # trials have weight 1: total = trials
            variance = max(mean["share_sq"] - equity_**2, 0.0) * total / (total - 1)
            stderr = math.sqrt(variance / total)
        players.append(
            PlayerEquity(
                equity=equity_,
                hi_share=mean["hi_share"],
                lo_share=mean["lo_share"],
                scoop=mean["scoop"],
                hi_win=mean["hi_win"],
                hi_tie=mean["hi_tie"],
                lo_win=mean["lo_win"],
                lo_tie=mean["lo_tie"],
                makes_low=float(makes_low[i]) / total,
                stderr=stderr,
            )
        )
    return tuple(players), no_low / total, quartered / total


def _run_exact(spot: _core.EquitySpot, n: int, parts: int) -> tuple[Summary, int]:
    """Every deal, in `parts` disjoint shares run by as many threads."""
    outcomes = [np.zeros(1 << (2 * n)) for _ in range(parts)]
    lows = [np.zeros(n) for _ in range(parts)]
    jobs = [partial(spot.exact, p, parts, outcomes[p], lows[p]) for p in range(parts)]
    deals = sum(count for count, _ in _run_all(jobs))
    if deals == 0:
        raise OmahaEvalError(
            "players: no deal is possible: every combination of the ranges shares a card"
        )
    summary = _summary(np.sum(outcomes, axis=0), np.sum(lows, axis=0), n, monte_carlo=False)
    return summary, deals


def _run_monte_carlo(
    spot: _core.EquitySpot,
    n: int,
    streams: list[Any],
    cap: int,
    target_stderr: float | None,
) -> tuple[Summary, int]:
    """`cap` trials shared by the workers (one per stream), or rounds of
    them until every standard error is at most `target_stderr`."""
    workers = len(streams)
    outcomes = [np.zeros(1 << (2 * n)) for _ in range(workers)]
    lows = [np.zeros(n) for _ in range(workers)]
    done = 0
    round_size = min(cap, TARGET_FIRST_ROUND * workers) if target_stderr else cap
    while True:
        shares = [round_size // workers + (w < round_size % workers) for w in range(workers)]
        jobs = [
            partial(spot.monte_carlo, streams[w], shares[w], MAX_REJECTS, outcomes[w], lows[w])
            for w in range(workers)
        ]
        results = _run_all(jobs)
        if any(code == _core.EQ_NO_DEAL for _, code in results):
            raise OmahaEvalError(
                f"players: {MAX_REJECTS:,} deals in a row gave two ranges the same card; "
                "these ranges cannot (or almost never) be dealt together"
            )
        done += sum(count for count, _ in results)
        summary = _summary(np.sum(outcomes, axis=0), np.sum(lows, axis=0), n, monte_carlo=True)
        if target_stderr is None or done >= cap:
            return summary, done
        worst = max(p.stderr for p in summary[0])
        if worst <= target_stderr:
            return summary, done
        # Standard errors shrink as 1/sqrt(trials): aim just past the target.
        wanted = math.ceil(done * (worst / target_stderr) ** 2 * 1.05)
        round_size = min(cap - done, max(wanted - done, TARGET_FIRST_ROUND * workers))


def equity(
    players: Sequence[Any],
    board: Any = "",
    dead: Any = "",
    *,
    trials: int | None = None,
    exact: bool | None = None,
    seed: Any = None,
    threads: int | None = None,
    target_stderr: float | None = None,
    game: str = "omaha8",
) -> EquityResult:
    """Equity of 2 to 10 Omaha players, by exact enumeration or Monte Carlo.

    Each entry of `players` is a hand (text like ``"As Kd 3c 2h"`` or card
    ids; 4, 5 or 6 cards, the same for everybody), ``"*"`` (any hand, dealt
    uniformly from the cards left), or a weighted set of hands: an object
    with attributes ``combos`` (K x k card ids) and ``weights`` (K), or a
    ``(combos, weights)`` pair.  Hands of a range that touch a known card
    are removed first.  `board` holds 0 to 5 known board cards, `dead` the
    known removed cards.

    ``exact=None`` enumerates every deal when the estimated work is small
    (about a second; see AUTO_EXACT_WORK) and uses Monte Carlo otherwise;
    ``exact=True`` always enumerates (refused above EXACT_WORK_LIMIT);
    ``exact=False`` always samples.  Monte Carlo draws `trials` deals
    (default DEFAULT_TRIALS), or with `target_stderr` stops once every
    player's standard error is at most that (`trials` then caps the work,
    default TARGET_MAX_TRIALS).  `threads` workers (default: every core)
    run independent streams spawned from `seed` (None, an int, a
    SeedSequence or a Generator); the same seed and threads give the same
    result.  ``game="omaha"`` plays high only: the whole pot to the high.

    Raises OmahaEvalError for bad input: a card twice anywhere (players,
    board, dead), wrong card counts, too few cards left, a range with no
    hand left after card removal.

    >>> r = equity(["6c6d6h6s", "5c4d3h2s"], board="Ks Qd Jh")
    >>> r.method, round(sum(p.equity for p in r.players), 12)
    ('exact', 1.0)
    """
    start = time.perf_counter()
    trials, exact, threads, target_stderr, game = _validate.equity_options(
        trials, exact, threads, target_stderr, game
    )
    root = _seed_root(seed)
    b = _validate.cards(board, "board", range(6))
    d = _validate.cards(dead, "dead")
    parsed, k, known = _prepare_players(players, b, d)
    n = len(parsed)
    high_only = game == "omaha"
    workers = threads or _default_threads()

    work = _exact_work(parsed, k, len(b), known)
    if exact is True and work > EXACT_WORK_LIMIT:
        raise OmahaEvalError(
            f"exact: this spot needs about {work:.2g} units of work, above the limit of "
            f"{EXACT_WORK_LIMIT:.0e}; use exact=None or exact=False (Monte Carlo)"
        )
    use_exact = exact is True or (exact is None and work <= AUTO_EXACT_WORK)

    if use_exact:
        spot = _spot(parsed, k, b, known, high_only, expand_random=True)
        parts = workers if work >= 1e6 else 1  # threads only pay off on big spots
        summary, deals = _run_exact(spot, n, parts)
        return EquityResult(*summary, method="exact", trials=deals, seed=None,
                            elapsed=time.perf_counter() - start)  # fmt: skip
    spot = _spot(parsed, k, b, known, high_only, expand_random=False)
    streams, entropy = _streams(root, workers)
    cap = trials or (TARGET_MAX_TRIALS if target_stderr else DEFAULT_TRIALS)
    summary, done = _run_monte_carlo(spot, n, streams, cap, target_stderr)
    return EquityResult(*summary, method="monte-carlo", trials=done, seed=entropy,
                        elapsed=time.perf_counter() - start)  # fmt: skip
