"""Queries: a PQL (Poker Query Language) for Omaha hi/lo.

``query(text)`` answers ProPokerTools-style questions such as "how often
does A2 get quartered against two 15% hands when it makes the nut low"::

    select count(quartered(hero)) as quartered
    from game='omaha8', hero='A2**', villain1='15%', villain2='15%'
    where nutLo(hero, river)

docs/pql.md is the reference: the grammar, the statements, the bindings,
the expressions, and every function with its meaning in Omaha.  The engine
is a pipeline, a file a step:

1. syntax.py, the parser: text -> statements (the grammar: docs/pql.md);
2. check.py, the checker: bind.py reads the from clause (the players, the
   game, the board), then every name, call and type is checked against the
   function table (functions.py) and the type rules (types.py, one table),
   giving typed expressions (expressions.py);
3. plan.py: exact or Monte Carlo, the cost bounds, what exact enumeration
   lists, the block layout;
4. evaluate.py, vectorised evaluation: the deals made block by block in C,
   their values (block.py), the expressions over them, the selectors' sums
   (aggregates.py);
5. result.py: the QueryResult; report.py: its table (what the command
   prints and ``str(result)``).

>>> r = query("select count(winsHi(hero)) from hero='AsAh2c3d', villain='KsKh4c5d', "
...           "board='Ac7d2h'")
>>> r.method, round(r.columns[0].value, 4)
('exact', 0.8622)
"""

from __future__ import annotations

import dataclasses
import time
import warnings
from collections.abc import Callable, Iterator, Sequence

from omaha_eval import _checks
from omaha_eval.engine import Rounds
from omaha_eval.engine.plan import Plan, read_options, read_progress
from omaha_eval.pql.check import Prepared, prepare_statement
from omaha_eval.pql.evaluate import run
from omaha_eval.pql.plan import plan
from omaha_eval.pql.result import Column, QueryResult
from omaha_eval.pql.syntax import QueryError, Statement, parse
from omaha_eval.types import Seed, StopFlag

__all__ = [
    "Column",
    "QueryError",
    "QueryInterrupted",
    "QueryResult",
    "QueryRounds",
    "query",
    "query_all",
    "query_rounds",
]


class QueryInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped ``query()``: ``results`` holds the statements answered
    and the one running, from the trials done (``interrupted`` set)."""

    def __init__(self, results: list[QueryResult]) -> None:
        super().__init__("query interrupted")
        self.results = results


class QueryRounds(Rounds[tuple[int, QueryResult]]):
    """The running results of a query (an iterator of (statement number,
    result)), with what it will do: `statements`, the query's statements
    as read (its one reading: callers look at them here), and `plans`, each
    statement's plan (exact or Monte Carlo, its trials; engine/plan.py)."""

    def __init__(
        self,
        results: Iterator[tuple[int, QueryResult]],
        plans: list[Plan],
        statements: Sequence[Statement] = (),
    ) -> None:
        super().__init__(results)
        self.plans = plans
        self.statements = tuple(statements)


def query_rounds(
    text: str,
    *,
    trials: int | None = None,
    target_stderr: float | None = None,
    exact: bool | None = None,
    seed: Seed = None,
    threads: int | None = None,
    stop: StopFlag | None = None,
    hole_cards: int | None = None,
    strict: bool = False,
) -> QueryRounds:
    """The run of :func:`query`: (statement number, its running result)
    after each round of Monte Carlo (exact: once per statement), statement
    after statement.  Every statement is read and checked before any runs.
    Ctrl-C during a round, or setting `stop`, ends the run: the statement's
    result so far is yielded, marked interrupted (exact: KeyboardInterrupt).
    Every statement is read, checked and planned (exact or Monte Carlo, the
    cost bounds) before any runs."""
    options = read_options(
        trials=trials,
        exact=exact,
        target_stderr=target_stderr,
        seed=seed,
        threads=threads,
        stop=stop,
    )
    k = None if hole_cards is None else _checks.hole_cards(hole_cards)
    statements = parse(text)
    prepared = [prepare_statement(s, k, strict) for s in statements]
    plans = [plan(p, options) for p in prepared]
    return QueryRounds(_rounds(prepared, plans), plans, statements)


def _rounds(prepared: list[Prepared], plans: list[Plan]) -> Iterator[tuple[int, QueryResult]]:
    for i, (prep, chosen) in enumerate(zip(prepared, plans, strict=True)):
        start = time.perf_counter()
        for result in run(prep, chosen, start):
            yield i, result
            if result.interrupted:
                return


def query(
    text: str,
    *,
    trials: int | None = None,
    target_stderr: float | None = None,
    exact: bool | None = None,
    seed: Seed = None,
    threads: int | None = None,
    progress: Callable[[QueryResult], object] | None = None,
    stop: StopFlag | None = None,
    hole_cards: int | None = None,
    strict: bool = False,
) -> QueryResult:
    """Run a one-statement query: its QueryResult (several statements:
    :func:`query_all`).

    ``exact=None`` enumerates every deal when that is about a second of work
    or less and samples otherwise, as ``equity()`` chooses; the other
    arguments are :func:`query_all`'s.  Given several statements, query()
    still returns their list, as it did, with a DeprecationWarning: its type
    says one QueryResult, so that ``query(text).columns`` type-checks.
    """
    answered = query_all(
        text,
        trials=trials,
        target_stderr=target_stderr,
        exact=exact,
        seed=seed,
        threads=threads,
        progress=progress,
        stop=stop,
        hole_cards=hole_cards,
        strict=strict,
    )
    if len(answered) == 1:
        return answered[0]
    warnings.warn(
        f"query(): the text has {len(answered)} statements; query_all() returns their "
        "list (query() will refuse several statements)",
        DeprecationWarning,
        stacklevel=2,
    )
    return answered  # type: ignore[return-value]  # the deprecated form, as before


def query_all(
    text: str,
    *,
    trials: int | None = None,
    target_stderr: float | None = None,
    exact: bool | None = None,
    seed: Seed = None,
    threads: int | None = None,
    progress: Callable[[QueryResult], object] | None = None,
    stop: StopFlag | None = None,
    hole_cards: int | None = None,
    strict: bool = False,
) -> list[QueryResult]:
    """Run a query of one or more statements: their QueryResults, in order
    (a list, also for one statement).

    ``exact=None`` enumerates every deal when that is about a second of work
    or less and samples otherwise, as ``equity()`` chooses; ``exact=True``
    always enumerates, ``exact=False`` always samples.  Monte Carlo draws
    `trials` deals (default 1,000,000), or with `target_stderr` stops once
    the standard error of every avg and count is at most that.  The same
    `seed` gives the same answer for any number of `threads`.
    `hole_cards` (4, 5 or 6) sets the hand size when no player's text fixes
    it (range text such as '15%' is read in it), as for ``equity()``; so is
    `strict` (text that looks like cards but is a pattern: an error, not a
    note in the result's ``notes``).  `progress`
    is called with the running result after each round.  Ctrl-C raises
    QueryInterrupted (a KeyboardInterrupt) holding the results so far.
    Bad text raises QueryError (an OmahaEvalError, a ValueError) naming the
    column, with the line and a caret in its text.
    """
    read_progress(progress)
    results: dict[int, QueryResult] = {}
    try:
        for i, result in query_rounds(
            text,
            trials=trials,
            target_stderr=target_stderr,
            exact=exact,
            seed=seed,
            threads=threads,
            stop=stop,
            hole_cards=hole_cards,
            strict=strict,
        ):
            results[i] = result
            if progress is not None:
                progress(result)
    except KeyboardInterrupt:
        answered = [results[i] for i in sorted(results)]
        if answered and answered[-1].method == "monte-carlo":  # the one running
            answered[-1] = dataclasses.replace(answered[-1], interrupted=True)
        raise QueryInterrupted(answered) from None
    answered = [results[i] for i in sorted(results)]
    if answered and answered[-1].interrupted:
        raise QueryInterrupted(answered)
    return answered
