"""Running a statement: its bindings read as every question is read
(engine/question.py), its expressions compiled, its deals made block by
block (Monte Carlo in the equity engine's seeded blocks and rounds, or every
deal, exactly) and summed into its selectors (aggregates.py).

Exact or Monte Carlo is chosen as ``equity()`` chooses (equity.plan_run),
by the work of every deal with the query's own work per deal (an equity
with every hand known costs a whole enumeration per deal).  Exact deals are
every assignment of hands to the players that shares no card, each
weighted as equity() weights it (the product of the range weights), times
every completion of the board.  Over a board or dead-card pattern each
board is a stratum of its own and counts alike (as in equity()).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval.engine import boards as board_reader
from omaha_eval.engine import patterns, runner
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.seeds import block_stream
from omaha_eval.engine.spot import Spot, prepare
from omaha_eval.errors import OmahaEvalError, describe
from omaha_eval.games import MAX_PLAYERS, PLAYERS, game_and_size
from omaha_eval.pql import aggregates as agg
from omaha_eval.pql.block import Block, Deals
from omaha_eval.pql.compiler import (
    COUNTABLE,
    KEYWORDS,
    Context,
    Expr,
    compile_expr,
    streets_read,
)
from omaha_eval.pql.functions import FUNCTIONS, INTEGRAL, NUMERIC, ORDERED, Shape, Type
from omaha_eval.pql.syntax import QueryError, Statement
from omaha_eval.records import json_ready

__all__ = [
    "BLOCK_ROWS",
    "BLOCK_WORK",
    "Column",
    "Prepared",
    "QueryResult",
    "plan",
    "prepare_statement",
    "run",
]

# Deals per block: equity()'s Monte Carlo block, so that a query draws the
# very deals equity() draws from the same seed (a few megabytes of rows) ...
BLOCK_ROWS = runner.BLOCK_TRIALS
# ... fewer when the query's work per deal is large (an equity per row):
# a block is at most about this much work (a fifth of a second), so that
# Ctrl-C and the rounds' progress come in time.
BLOCK_WORK = 2e7
# Exact enumeration lists its assignments of hands: at most this many.
MAX_ASSIGNMENTS = 5_000_000
# Work per deal before any function: dealing it and every hand's river value.
ROW_WORK, PLAYER_WORK = 20.0, 10.0


@dataclass(frozen=True)
class Column:
    """One selector's answer: its name (the alias, or the selector as
    written), its value and standard error.  avg and count: numbers (a
    count is the fraction of the kept trials); histogram: {label:
    fraction}, with {label: error}; min and max: the extreme seen, no
    error.  Exact answers have errors of 0; a where that keeps no trial
    gives None."""

    name: str
    aggregate: str
    value: float | dict[str, float] | str | None
    stderr: float | dict[str, float] | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "aggregate": self.aggregate,
            "value": self.value,
            "stderr": self.stderr,
        }


@dataclass(frozen=True)
class QueryResult:
    """The answer of one statement.

    - ``columns``: one Column per selector, in order;
    - ``trials``: deals enumerated (exact) or drawn (Monte Carlo); ``kept``:
      those the where clause kept (all of them without one);
    - ``method`` ("exact" or "monte-carlo"), ``seed`` (Monte Carlo: the seed
      that reproduces it, for any number of threads), ``elapsed`` (seconds);
    - ``statement``: its text; ``game``; ``boards``: the boards a board or
      dead-card pattern averages over (1 otherwise);
    - ``interrupted``: Ctrl-C stopped it (the answer of the trials so far);
      ``target_stderr``, ``target_reached``: as for equity();
    - ``notes``: what the run could not do as asked.
    """

    columns: tuple[Column, ...]
    trials: int
    kept: int
    method: Literal["exact", "monte-carlo"]
    seed: int | None
    elapsed: float = field(compare=False)
    statement: str = ""
    game: str = "omaha8"
    boards: int = 1
    interrupted: bool = False
    target_stderr: float | None = None
    target_reached: bool | None = None
    notes: tuple[str, ...] = ()

    def column(self, name: str) -> Column:
        """The column of that name (its alias, or the selector as written)."""
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)

    def __str__(self) -> str:
        """The table ``omaha-eval query`` prints (pql/report.py); a long
        statement is shown broken before its from and where.

        >>> from omaha_eval import query
        >>> print(query("select count(winsHi(hero)) as wins from hero='AsAh2c3d', "
        ...             "villain='KsKh4c5d', board='Ac7d2h'"))
        select count(winsHi(hero)) as wins
          from hero='AsAh2c3d', villain='KsKh4c5d', board='Ac7d2h'
        <BLANKLINE>
        column   value
        ------  ------
        wins    86.22%
        <BLANKLINE>
        exact, 820 deals, ... s
        """
        from omaha_eval.pql.report import query_table  # it imports this module

        return query_table(self)

    def _repr_html_(self) -> str:
        """The same table as HTML, for notebooks (Jupyter calls this)."""
        from omaha_eval.pql.report import query_html

        return query_html(self)

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per column (a histogram: a row per
        value): ``column`` (its name), ``aggregate``, ``label`` (the
        histogram's value; None otherwise), ``value`` and ``stderr`` (NaN
        where there is none); ``attrs`` holds ``statement``, ``trials``,
        ``kept``, ``method``, ``seed``, ``game``, ``boards`` and ``notes``.
        Needs pandas."""
        from omaha_eval import _display

        rows: list[tuple[str, str, str | None, Any, float]] = []
        for c in self.columns:
            if isinstance(c.value, dict):
                errors = c.stderr if isinstance(c.stderr, dict) else {}
                for label, share in c.value.items():
                    error = errors.get(label)
                    rows.append((c.name, c.aggregate, label, share, _or_nan(error)))
            else:
                error = c.stderr if not isinstance(c.stderr, dict) else None
                rows.append((c.name, c.aggregate, None, c.value, _or_nan(error)))
        names = ("column", "aggregate", "label", "value", "stderr")
        columns = {name: [row[j] for row in rows] for j, name in enumerate(names)}
        how = ("statement", "trials", "kept", "method", "seed", "game", "boards", "notes")
        return _display.frame("QueryResult", columns, {n: getattr(self, n) for n in how})

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: {"columns": [{"name", "value", "stderr"}...],
        "trials", "kept", "method", "seed", ...} (NaN as None)."""
        data = {
            "columns": [c.to_dict() for c in self.columns],
            "trials": self.trials,
            "kept": self.kept,
            "method": self.method,
            "seed": self.seed,
            "elapsed": self.elapsed,
            "statement": self.statement,
            "game": self.game,
            "boards": self.boards,
            "interrupted": self.interrupted,
            "target_stderr": self.target_stderr,
            "target_reached": self.target_reached,
            "notes": list(self.notes),
        }
        return json_ready(data)  # type: ignore[no-any-return]


def _or_nan(error: float | None) -> float:
    return float("nan") if error is None else float(error)


# ------------------------------------------------------------------ a statement, read


@dataclass
class Prepared:
    """A statement read and compiled, ready to run."""

    statement: Statement
    question: Question
    ctx: Context
    selectors: list[tuple[str, Expr]]  # (aggregate, expression)
    names: list[str]  # the columns'
    types: list[Type]
    where: Expr | None
    pairs: list[tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]]  # (board, dead) strata
    players: list[str]  # the players' names, in their seats' order
    spot: Spot | None  # one board: its spot, prepared and checked; a pattern: None

    @property
    def text(self) -> str:
        s = self.statement
        return s.text[s.start : s.end].strip()

    @property
    def streets(self) -> set[int]:
        """The streets whose cards its expressions tell from the next's."""
        exprs = [e for _, e in self.selectors] + ([self.where] if self.where else [])
        return set().union(*(streets_read(e) for e in exprs))


def prepare_statement(statement: Statement, hole_cards: int | None = None,
                      strict: bool = False) -> Prepared:  # fmt: skip
    """Read a statement's bindings, check its cards and compile its
    expressions (QueryError, naming the column, for anything wrong).
    `hole_cards`: the hand size when the players' text does not fix it;
    `strict`: text that looks like cards but is a pattern is an error."""
    text = statement.text
    seen: dict[str, int] = {}
    game_value: Any = "omaha8"
    board: str = ""
    dead: str = ""
    players: list[str] = []
    names: list[str] = []
    at_of: dict[str, int] = {}
    for b in statement.bindings:
        key = b.key.lower()
        if key in seen:
            raise QueryError(f"{b.key} is bound twice", text, b.at)
        seen[key] = b.at
        at_of[key] = b.value_at
        if key == "game":
            game_value = b.value
        elif key == "board":
            board = b.value
        elif key == "dead":
            dead = b.value
        else:
            if key in KEYWORDS or key in FUNCTIONS:
                raise QueryError(
                    f"a player may not be called {b.key!r}: it is a keyword", text, b.at
                )
            players.append(b.value)
            names.append(b.key)
    try:
        game, k = game_and_size(game_value)
    except OmahaEvalError as exc:
        raise QueryError(describe(exc), text, at_of.get("game", statement.start)) from None
    if k is not None and hole_cards is not None and k != hole_cards:
        raise QueryError(
            f"game: {game_value!r} deals {k} hole cards, hole_cards asks {hole_cards}",
            text,
            at_of["game"],
        )
    if len(players) < 2:
        raise QueryError(
            f"a statement deals to {PLAYERS[0]} to {MAX_PLAYERS} players (hero='AA**', "
            "villain='*'); "
            f"{len(players)} bound",
            text,
            statement.bindings[0].at,
        )

    def where_from(exc: OmahaEvalError) -> QueryError:
        """The error at the binding it is about (its param: "card As is in
        both hero and villain" is villain's), else at the first binding."""
        at = at_of.get((exc.param or "").lower(), statement.bindings[0].at)
        return QueryError(describe(exc), text, at)

    try:
        question = read_question(players, board, dead, game=game, hole_cards=k or hole_cards,
                                 names=names, strict=strict)  # fmt: skip
        spot: Spot | None = None
        if question.patterned:  # each board's spot is prepared as it runs
            pairs = board_reader.scenarios(question.board, question.dead, question.players)
            _checks.disjoint(*((names[i], p.combos[0]) for i, p in enumerate(question.players)
                               if p.kind == "hand"))  # fmt: skip
        else:
            pairs = [(question.board, question.dead)]  # type: ignore[list-item]
            spot = prepare(question.players, question.k, *pairs[0], question.game, names)
    except OmahaEvalError as exc:
        raise where_from(exc) from None
    shape = Shape(
        len(players),
        question.k,
        0 if isinstance(question.dead, board_reader.CardPattern) else len(question.dead),
    )
    ctx = Context({n.lower(): i for i, n in enumerate(names)}, question.k, game, text, shape)
    selectors, column_names, types = [], [], []
    for s in statement.selectors:
        expr = compile_expr(s.expr, ctx)
        _check_selector(s.aggregate, expr, ctx)
        selectors.append((s.aggregate, expr))
        column_names.append(s.alias or text[s.at : s.end])
        types.append(expr.type)
    where = None
    if statement.where is not None:
        where = compile_expr(statement.where, ctx)
        if where.type is not Type.BOOL:
            raise QueryError(
                f"where needs a true/false condition, got {where.type.a}", text, statement.where.at
            )
    return Prepared(
        statement, question, ctx, selectors, column_names, types, where, pairs, names, spot
    )


def _check_selector(aggregate: str, expr: Expr, ctx: Context) -> None:
    t = expr.type
    ok = {
        "count": t is Type.BOOL,
        "avg": t in NUMERIC or t is Type.BOOL,
        "histogram": t in COUNTABLE,
        "min": t in ORDERED,
        "max": t in ORDERED,
    }[aggregate]
    if not ok:
        need = {
            "count": "a true/false condition",
            "avg": "a number or a condition",
            "histogram": "a value to count (not a player or a street)",
            "min": "an ordered value (a number, a hand type, a rank...)",
            "max": "an ordered value (a number, a hand type, a rank...)",
        }[aggregate]
        raise QueryError(f"{aggregate} needs {need}, got {t.a}", ctx.text, expr.at)


# ------------------------------------------------------------------ running


class _NoStop:
    """Exact rows are made in short blocks: nothing to stop inside them."""

    def stop(self) -> None:
        pass


def row_work(prep: Prepared) -> float:
    """The work of one deal: dealing it, every river value, the functions."""
    shape = prep.ctx.shape
    exprs = [e for _, e in prep.selectors] + ([prep.where] if prep.where else [])
    return ROW_WORK + PLAYER_WORK * shape.players + sum(e.cost(shape) for e in exprs)


def block_rows(prep: Prepared) -> int:
    """The deals of a block: BLOCK_ROWS, halved until the block's work is at
    most BLOCK_WORK (decided by the query, so the same seed deals the same
    blocks on every machine)."""
    rows = BLOCK_ROWS
    while rows > 1 and rows * row_work(prep) > BLOCK_WORK:
        rows //= 2
    return rows


def check_sample_work(prep: Prepared, plan: runner.Plan, given: bool) -> None:
    """Refuse, before any work, a Monte Carlo run whose trials would take
    hours (an equity per deal is costly): the trials given or the default,
    and with a target standard error the most it may draw (its cap: the
    trials given, or TARGET_MAX_TRIALS), since a target far out of reach
    runs to its cap."""
    from omaha_eval.engine.spot import EXACT_WORK_LIMIT, WORK_PER_SECOND

    work = plan.trials * row_work(prep)
    if work <= EXACT_WORK_LIMIT:
        return
    fit = int(EXACT_WORK_LIMIT / row_work(prep))
    hours = f"about {work / WORK_PER_SECOND / 3600:.2g} hours of one core"
    if plan.target_stderr is not None and not given:
        raise OmahaEvalError(
            f"a target standard error may draw up to {plan.trials:,} trials "
            f"(when trials are not given), and that many of this query need about {work:.2g} "
            f"units of work ({hours}), above the limit of {EXACT_WORK_LIMIT:.0e}; give "
            f"trials of at most {fit:,} with the target, to cap it",
            param="target_stderr",
        )
    asked = f"{plan.trials:,} trials" + ("" if given else " (the default)")
    raise OmahaEvalError(
        f"{asked} of this query need about {work:.2g} units of work ({hours}), "
        f"above the limit of {EXACT_WORK_LIMIT:.0e}; ask at most {fit:,} trials",
        param="trials",
    )


def _board_spot(prep: Prepared, board: Any, dead: Any) -> Spot | None:
    """The spot of one board of a pattern; None when it cannot be dealt."""
    q = prep.question
    try:
        return prepare(q.players, q.k, board, dead, q.game, prep.players)
    except OmahaEvalError:
        return None


def _seat_rows(spot: Spot, i: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """A seat's hands for exact enumeration (a random hand: every hand of the
    cards not known) and their weights."""
    from omaha_eval.engine.spot import live_rows
    from omaha_eval.solver.hands import hand_table as all_hands

    seat = spot.seats[i]
    if seat.kind == "random":
        hands = all_hands(spot.k)
        live = np.ascontiguousarray(hands[live_rows(hands, spot.known)])
        return live, np.ones(len(live))
    return seat.combos, seat.weights


def _seat_size(spot: Spot, i: int) -> int:
    """How many hands _seat_rows lists for the seat, without listing them."""
    seat = spot.seats[i]
    return comb(spot.deck, spot.k) if seat.kind == "random" else len(seat.combos)


def street_groups(n_board: int, streets: set[int]) -> list[int]:
    """The cards to come in the groups exact enumeration deals in order: one
    group when nothing read tells the streets apart (each completion listed
    once), else a group per street to come up to the last one read (the
    turn of a flop spot is then each card to come, not the lower of two)."""
    cuts = sorted(s for s in streets if n_board < s < 5)
    bounds = [n_board, *cuts, 5]
    return [b - a for a, b in itertools.pairwise(bounds) if b > a]


def _completions(cards: int, groups: list[int]) -> int:
    total = 1
    for g in groups:
        total *= comb(max(cards, 0), g)
        cards -= g
    return total


def deal_count(spot: Spot, streets: set[int]) -> float:
    """An upper bound of the deals of exact enumeration: every assignment of
    the seats' hands (colliding ones too) times the completions."""
    sizes = [_seat_size(spot, i) for i in range(spot.n)]
    drawn = sum(spot.k for s in spot.seats if s.kind != "hand")
    groups = street_groups(len(spot.board), streets)
    return float(math.prod(sizes)) * _completions(spot.deck - drawn, groups)


def _assignments(spot: Spot) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """Every assignment of hands to the seats that shares no card (n x k
    cards each), with its weight: the product of its hands' weights.
    OmahaEvalError when there are more than MAX_ASSIGNMENTS, found before
    the memory for them is taken (not by the product of the ranges' sizes)."""
    # (annotated: NumPy 2.2's stubs would fix each to its first shape)
    chosen: npt.NDArray[np.intp] = np.zeros((1, 0), np.intp)
    masks: npt.NDArray[np.uint64] = np.zeros(1, np.uint64)
    w: npt.NDArray[np.float64] = np.ones(1)
    rows = [_seat_rows(spot, i) for i in range(spot.n)]
    for hands, weights in rows:
        m = _checks.row_masks(hands)
        a, c = _disjoint_pairs(masks, m)
        chosen = np.column_stack([chosen[a], c])
        masks, w = masks[a] | m[c], w[a] * weights[c]
    assigned = np.stack([rows[p][0][chosen[:, p]] for p in range(spot.n)], axis=1)
    return np.ascontiguousarray(assigned, dtype=np.uint8), np.ascontiguousarray(w)


# Pairs (an assignment so far, the next seat's hand) compared at once while
# listing assignments: a temporary of a few tens of megabytes, whatever the
# sizes of the ranges (their product may be billions).
PAIRS_AT_ONCE = 1 << 22


def _disjoint_pairs(masks: npt.NDArray[np.uint64], m: npt.NDArray[np.uint64]
                    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:  # fmt: skip
    """The pairs (i, j), in order, of masks[i] and m[j] sharing no card:
    compared a slice of `masks` at a time, refused (OmahaEvalError) as soon
    as they pass MAX_ASSIGNMENTS."""
    step = max(1, PAIRS_AT_ONCE // max(len(m), 1))
    found: list[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]] = []
    total = 0
    for start in range(0, len(masks), step):
        a, c = np.nonzero((masks[start : start + step, None] & m[None, :]) == 0)
        total += len(a)
        if total > MAX_ASSIGNMENTS:
            raise OmahaEvalError(
                f"more than {MAX_ASSIGNMENTS:,} assignments of hands to list; "
                "sample instead (Monte Carlo)",
                param="exact",
            )
        found.append((a + start, c))
    if not found:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    return np.concatenate([a for a, _ in found]), np.concatenate([c for _, c in found])


def check_assignments(spot: Spot) -> None:
    """Refuse, before any statement runs, exact enumeration of a spot with
    more than MAX_ASSIGNMENTS assignments of hands (listed, bounded, only
    when the product of the seats' sizes could pass it)."""
    if math.prod(_seat_size(spot, i) for i in range(spot.n)) > MAX_ASSIGNMENTS:
        _assignments(spot)


def _exact_tally(prep: Prepared, spot: Spot, threads: int, stop: Any) -> agg.Tally | None:
    """The sums of every deal of the spot; None when no deal is possible."""
    assigned, weights = _assignments(spot)
    deck = np.array([c for c in range(52) if not spot.known >> c & 1], dtype=np.uint8)
    drawn = sum(spot.k for s in spot.seats if s.kind != "hand")
    groups = street_groups(len(spot.board), prep.streets)
    completions = _completions(len(deck) - drawn, groups)
    total = len(assigned) * completions
    if total == 0:
        return None
    n, k = spot.n, spot.k
    rows = block_rows(prep)

    def part(p: int, parts: int) -> agg.Tally:
        first = p * rows
        count = min(rows, total - first)
        deals = Deals(
            np.zeros((count, n, k), np.uint8), np.zeros((count, 5), np.uint8), np.zeros(count)
        )
        _core.exact_rows(
            deck,
            spot.board,
            assigned,
            weights,
            groups,
            completions,
            first,
            count,
            deals.hands,
            deals.boards,
            deals.weights,
        )
        block = Block(deals, spot.game, _checks.card_mask(spot.dead))
        return agg.tally_block(prep.selectors, prep.where, block)

    parts = -(-total // rows)
    tally = agg.Tally()
    for t in runner.exact_parts(_NoStop(), part, parts, threads, stop):
        tally = tally.add(t)
    return tally


def _sampling(
    prep: Prepared, spot: Spot, c_spot: _core.EquitySpot, seed: int, prefix: tuple[int, ...]
) -> runner.Sampling[agg.Tally]:
    n, k = spot.n, spot.k
    dead = _checks.card_mask(spot.dead)
    stderr_columns = [i for i, (a, _) in enumerate(prep.selectors) if a in ("avg", "count")]

    def block(index: int, size: int) -> agg.Tally:
        deals = Deals(
            np.zeros((size, n, k), np.uint8), np.zeros((size, 5), np.uint8), np.zeros(size)
        )
        done, code = _core.deal_rows(
            c_spot,
            block_stream(seed, (*prefix, index)),
            size,
            runner.MAX_REJECTS,
            deals.hands,
            deals.boards,
            deals.weights,
        )
        if code == _core.EQ_NO_DEAL:
            raise OmahaEvalError(runner.NO_DEAL, param="players")
        if done < size:  # stopped: the rows drawn so far
            deals = Deals(deals.hands[:done], deals.boards[:done], deals.weights[:done])
        return agg.tally_block(prep.selectors, prep.where, Block(deals, spot.game, dead))

    def stderr(total: agg.Tally, _: list[agg.Tally]) -> list[float]:
        errors = [agg.estimate([total], i)[1] for i in stderr_columns]
        return errors or [0.0]

    def check(total: agg.Tally) -> None:
        if total.trials and total.weight == 0:
            raise OmahaEvalError(runner.NO_DEAL, param="players")

    return runner.Sampling(
        block=block,
        zero=agg.Tally(),
        add=agg.Tally.add,
        trials=lambda t: t.trials,
        stderr=stderr,
        block_trials=block_rows(prep),
        check=check,
    )


def plan(
    prep: Prepared,
    *,
    exact: bool | None,
    trials: int | None,
    target: float | None,
    seed: int,
    threads: int,
    stop: Any,
) -> runner.Plan:
    """Exact or Monte Carlo, chosen as equity() chooses (equity.plan_run) by
    the work of every deal with the query's work per deal; every cost
    bound checked (before any statement runs)."""
    from omaha_eval.equity import plan_run  # the one choice of method (equity imports engine)

    per_row = row_work(prep)
    if prep.spot is not None:
        deals = deal_count(prep.spot, prep.streets)
        chosen = plan_run(deals * per_row, exact, trials, target, seed, threads, stop)
        if chosen.exact:
            check_assignments(prep.spot)
        else:
            check_sample_work(prep, chosen, trials is not None)
        return chosen
    patterns.no_target(target)
    q = prep.question
    streets = prep.streets

    def exact_work(spot: Spot) -> float:
        return deal_count(spot, streets) * per_row

    work = patterns.pattern_work(q.players, q.k, prep.pairs, q.game, exact_work=exact_work)
    chosen = plan_run(work, exact, trials, None, seed, threads, stop)
    if chosen.exact:  # the boards are alike in size: the first that can be dealt tells
        first = next(filter(None, (_board_spot(prep, b, d) for b, d in prep.pairs)), None)
        if first is not None:
            check_assignments(first)
    else:
        sampled = patterns.pattern_work(q.players, q.k, prep.pairs, q.game, chosen.trials,
                                        trial_work=per_row)  # fmt: skip
        patterns.check_sampling_work(sampled, len(prep.pairs), chosen.trials)
    return chosen


def run(prep: Prepared, plan: runner.Plan, start: float) -> Iterator[QueryResult]:
    """The statement's running results: after each round of Monte Carlo, or
    once at the end (exact, and patterns)."""
    if prep.spot is not None:  # one board: the spot was prepared with the statement
        spot = prep.spot
        if plan.exact:
            tally = _exact_tally(prep, spot, plan.threads, plan.stop)
            if tally is None:
                raise OmahaEvalError(runner.NO_DEAL_POSSIBLE, param="players")
            yield _result(prep, [tally], plan, start, 1)
            return
        c_spot = spot.c_spot(exact=False)
        if not runner.dealable(c_spot):
            raise OmahaEvalError(runner.NO_DEAL_POSSIBLE, param="players")
        sampling = _sampling(prep, spot, c_spot, plan.seed or 0, ())
        for r in runner.sample(c_spot, sampling, plan):
            yield _result(prep, [r.total], plan, start, 1, r.interrupted)
        return
    # A board or dead-card pattern: every board that can be dealt a stratum,
    # counted alike (merge_strata); the boards prepared one at a time, and
    # those skipped where no deal fits, as equity() runs them.
    each = runner.Plan(
        exact=False,
        trials=max(2, math.ceil(plan.trials / len(prep.pairs))),
        target_stderr=None,
        seed=plan.seed,
        threads=plan.threads,
        stop=plan.stop,
    )
    strata = []
    for s, (b, d) in enumerate(prep.pairs):
        if plan.stop is not None and plan.stop.is_set():
            raise KeyboardInterrupt
        board_spot = _board_spot(prep, b, d)
        if board_spot is None:
            continue
        if plan.exact:
            tally = _exact_tally(prep, board_spot, plan.threads, plan.stop)
            if tally is not None:  # no assignment fits on this board: it cannot be dealt
                strata.append(tally)
            continue
        c_spot = board_spot.c_spot(exact=False)
        if not runner.dealable(c_spot):
            continue  # no assignment fits on this board: it cannot be dealt
        sampling = _sampling(prep, board_spot, c_spot, plan.seed or 0, (s,))
        last = None
        for last in runner.sample(c_spot, sampling, each, rounds=False):
            if last.interrupted:
                raise KeyboardInterrupt
        assert last is not None
        strata.append(last.total)
    if not strata:
        raise OmahaEvalError(
            "no board matching the pattern leaves a hand in every player's range", param="board"
        )
    yield _result(prep, strata, plan, start, len(strata))


def _result(
    prep: Prepared,
    strata: Sequence[agg.Tally],
    plan: runner.Plan,
    start: float,
    boards: int,
    interrupted: bool = False,
) -> QueryResult:
    merged = agg.merge_strata(strata)
    trials = sum(s.trials for s in strata)
    kept = sum(s.kept for s in strata)
    columns = []
    errors: list[float] = []
    for i, ((aggregate, _), name, t) in enumerate(
        zip(prep.selectors, prep.names, prep.types, strict=True)
    ):
        value: Any
        stderr: Any
        if aggregate in ("avg", "count"):
            value, stderr = agg.estimate(merged, i, exact=plan.exact)
            errors.append(stderr)
            if value is None:  # nothing kept: no estimate, no error
                stderr = None
        elif aggregate == "histogram":
            keys = sorted({key for s in merged for key in (s.columns[i] if s.columns else {})})
            # values shown alike are one bar (equal shares computed a rounding apart)
            bars: dict[str, tuple[Any, ...]] = {}
            for key in keys:
                bars[agg.label(key, t)] = (*bars.get(agg.label(key, t), ()), key)
            value, stderr = {}, {}
            for shown, group in bars.items():
                value[shown], stderr[shown] = agg.estimate(merged, i, group, exact=plan.exact)
            if not kept:
                value = stderr = None
        else:
            seen = [s.columns[i][1] for s in merged if s.columns and s.columns[i][1] is not None]
            extreme = (max if aggregate == "max" else min)(seen) if seen else None
            value = (
                None
                if extreme is None
                else int(extreme)
                if t in INTEGRAL
                else float(extreme)
                if t in NUMERIC
                else agg.label(extreme, t)
            )
            stderr = None
        columns.append(Column(name, aggregate, value, stderr))
    notes = list(prep.question.notes)  # text that looks like cards, read as a pattern
    if trials and not kept:
        what = "deals" if plan.exact else "trials"
        notes.append(f"the where clause kept none of the {trials:,} {what}")
    elif not plan.exact and kept < runner.MIN_EFFECTIVE_TRIALS:
        notes.append(
            f"the where clause kept only {kept:,} of the {trials:,} trials, too few for "
            "the standard errors to be trusted; give more trials"
        )
    reached = None
    if not plan.exact and plan.target_stderr is not None:
        reached = bool(errors) and max(errors) <= plan.target_stderr
    return QueryResult(
        columns=tuple(columns),
        trials=trials,
        kept=kept,
        method="exact" if plan.exact else "monte-carlo",
        seed=plan.seed,
        elapsed=time.perf_counter() - start,
        statement=prep.text,
        game=prep.question.game.name,
        boards=boards,
        interrupted=interrupted,
        target_stderr=plan.target_stderr,
        target_reached=reached,
        notes=tuple(notes),
    )
