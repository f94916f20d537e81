"""Board and dead-card patterns: a spot averaged over every matching board.

``board="sss"`` (every all-spade flop), ``"Ks**"`` (every flop holding the
Ks), ``dead="AA"`` (some two aces are dead): range-language patterns over
sets of cards (omaha_eval.ranges.card_sets).  The answer is the mean of the
spot's figures over every matching board (and dead-card set) that can be
dealt with the players' known hands, each equally likely (RULES.md,
"Equity", applied to each board in turn).

- Exact: each board is enumerated as a spot of its own and the boards'
  figures are averaged.
- Monte Carlo, stratified: every board gets the same number of trials (at
  least 2; the trials are rounded up to a multiple of the boards), board s
  drawing from ``SeedSequence(seed, spawn_key=(s, block))``; the standard
  error comes from the variance within each board: stratified sampling.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

import omaha_eval._checks as _checks
from omaha_eval._checks import CardArray
from omaha_eval.cards import card_count
from omaha_eval.engine import runner
from omaha_eval.engine.players import Player
from omaha_eval.engine.results import EquityResult, Sums, deal_results, player_results
from omaha_eval.engine.spot import Spot, prepare
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import Game

__all__ = ["MAX_BOARDS", "CardPattern", "pattern_result", "read_cards", "scenarios", "work"]

MAX_BOARDS = 100_000  # (board, dead) combinations one question may average over


@dataclass(frozen=True)
class CardPattern:
    """Cards given by a pattern: every set of cards it matches."""

    text: str
    sets: CardArray  # (S, n), rows ascending


def read_cards(value: object, name: str, sizes: Sequence[int] | None) -> CardArray | CardPattern:
    """Known cards (text or ids), or a pattern when the text is not cards."""
    if isinstance(value, str) and value.strip() and card_count(value) == 0:
        from omaha_eval.ranges import card_sets  # the range language reads the pattern

        sets = card_sets(value, name, most=5 if name == "board" else 52)
        if sizes is not None and sets.shape[1] not in sizes:
            raise OmahaEvalError(f"{name}: the pattern {value.strip()!r} names {sets.shape[1]} "
                                 f"cards; a board has {_checks.sizes_text(sizes)}")  # fmt: skip
        return CardPattern(value.strip(), sets)
    return _checks.card_set(value, name, sizes)


def scenarios(
    board: CardArray | CardPattern, dead: CardArray | CardPattern, players: list[Player]
) -> list[tuple[CardArray, CardArray]]:
    """Every (board, dead cards) pair the patterns allow that shares no card
    with the other or with a player's hand."""
    fixed = 0
    for p in players:
        if p.kind == "hand":
            fixed |= _checks.card_mask(p.combos[0])
    boards = _choices(board, fixed, "board")
    deads = _choices(dead, fixed, "dead")
    if len(boards) * len(deads) > MAX_BOARDS:
        raise OmahaEvalError(
            f"board: the patterns allow {len(boards) * len(deads):,} board and dead-card "
            f"combinations, more than {MAX_BOARDS:,}; narrow the pattern"
        )
    pairs = [
        (b, d)
        for (b, bm), (d, dm) in itertools.product(boards, deads)
        if not bm & dm
    ]
    if not pairs:
        raise OmahaEvalError(
            "board: no board matching the pattern can be dealt with these dead cards and hands"
        )
    return pairs


def _choices(
    cards: CardArray | CardPattern, fixed: int, name: str
) -> list[tuple[CardArray, int]]:
    if not isinstance(cards, CardPattern):
        return [(cards, _checks.card_mask(cards))]
    masks = _checks.row_masks(cards.sets)
    keep = np.flatnonzero((masks & np.uint64(fixed)) == 0)
    if not len(keep):
        raise OmahaEvalError(
            f"{name}: no set of cards matches {cards.text!r} without a card of a player's hand"
        )
    return [(cards.sets[i], int(masks[i])) for i in keep.tolist()]


def work(
    players: list[Player], k: int, pairs: list[tuple[CardArray, CardArray]], game: Game
) -> float:
    """Estimated work of exact enumeration over every pair (each board's
    spot has the same shape: the first one that can be dealt tells)."""
    for b, d in pairs:
        try:
            return prepare(players, k, b, d, game).work() * len(pairs)
        except OmahaEvalError:
            continue
    return 0.0


def pattern_result(
    players: list[Player],
    k: int,
    pairs: list[tuple[CardArray, CardArray]],
    game: Game,
    plan: runner.Plan,
    start: float,
    board_text: str,
    dead_text: str,
) -> Iterator[EquityResult]:
    """The run over every (board, dead) pair: one result, at the end."""
    spots: list[tuple[int, Spot]] = []
    for s, (b, d) in enumerate(pairs):
        try:
            spots.append((s, prepare(players, k, b, d, game)))
        except OmahaEvalError:
            continue  # a range with no hand left on this board: that board cannot be dealt
    if not spots:
        raise OmahaEvalError(
            "board: no board matching the pattern leaves a hand in every player's range"
        )
    if plan.exact:
        sums, stderr = _exact(spots, plan.threads, plan.stop), [0.0] * len(players)
    else:
        sums, stderr = _stratified(spots, plan)
    first = spots[0][1]
    seats = [(s.player.label, s.player.kind, s.live) for s in first.seats]
    yield EquityResult(
        players=player_results(seats, sums, stderr, game.has_low),
        **deal_results(sums),
        method="exact" if plan.exact else "monte-carlo",
        trials=sums.count,
        seed=None if plan.exact else plan.seed,
        elapsed=time.perf_counter() - start,
        game=game.name,
        board=board_text,
        dead=dead_text,
        boards=len(spots),
    )


def _mean(parts: list[Sums]) -> Sums:
    """The boards' figures averaged, each board's sums scaled to weight 1."""
    total = Sums.zero(len(parts[0].makes_low))
    for p in parts:
        total = total + p.scaled(1.0 / p.total)
    return total.scaled(1.0 / len(parts))


def _exact(spots: list[tuple[int, Spot]], threads: int, stop: object) -> Sums:
    return _mean(
        [runner.exact_sums(spot, spot.c_spot(exact=True), threads, stop) for _, spot in spots]
    )


def _stratified(spots: list[tuple[int, Spot]], plan: runner.Plan) -> tuple[Sums, list[float]]:
    """Equal trials per board; the stratified estimate and its standard error."""
    assert plan.seed is not None
    each = max(2, math.ceil(plan.trials / len(spots)))
    parts = [
        runner.monte_carlo_sums(spot, each, plan.seed, (s,), plan.threads, plan.stop)
        for s, spot in spots
    ]
    n = len(spots[0][1].seats)
    total = Sums.zero(n)
    for sums, _ in parts:
        total = total + sums
    # stratified: Var = sum over boards of (n_s / N)^2 * (standard error of board s)^2
    variance = np.zeros(n)
    for sums, se in parts:
        variance += (sums.count / total.count) ** 2 * np.array(se) ** 2
    return total, [math.sqrt(v) for v in variance.tolist()]
