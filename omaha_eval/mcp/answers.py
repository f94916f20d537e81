"""What each tool of the MCP server answers, with no protocol in it: the
tool's arguments read as the web API reads a request (web/bodies.py's
Body: each field of its type within the page's bounds, a misspelt field
refused), the library called as the web API calls it, a JSON-ready dict
out, and a user's error raised as the API raises it (its field named).

The cost of a question is bounded by the rules of the web page's short
lane (web/work.py, web/jobs.py), not by a second set: an equity run is
estimated before it starts and refused, saying what to narrow, above
SHORT_WORK (about two seconds of one core); the runs the page does not
estimate (board reports, split graphs, queries) are given the `stop`
event, which the server sets after SHORT_SECONDS (server.py); the answers
the page gives at once (eval, range, hits) are given at once here too.
Rows and hands listed are bounded as the page bounds them.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any

import omaha_eval._preflop as _preflop
from omaha_eval.engine.plan import TRIAL_WORK, WORK_PER_SECOND
from omaha_eval.errors import for_people
from omaha_eval.games import MAX_PLAYERS
from omaha_eval.mcp.exact import exact_counts
from omaha_eval.pql import QueryResult
from omaha_eval.preflop import TABLES, PreflopRank, exact_vs_random, preflop_rank
from omaha_eval.records import json_ready, result_document
from omaha_eval.study.beats import beats
from omaha_eval.web import split_work, work
from omaha_eval.web.bodies import ApiError, Body
from omaha_eval.web.hits import prepare_hits
from omaha_eval.web.work import RANGE_HANDS, SHORT_WORK, field

__all__ = [
    "ANSWERS",
    "DEFAULT_HANDS",
    "DEFAULT_ROWS",
    "SHORT_TRIALS",
    "Answer",
    "TimedOut",
]

# Rows of a table (a board report's boards, a split graph's combos, every
# flop's hits) and hands of a beats group an answer lists unless told: an
# agent reads every line it is given.  At most the page's own bounds.
DEFAULT_ROWS = 20
DEFAULT_HANDS = 10
# The Monte Carlo trials a question of the short lane may ask for.
SHORT_TRIALS = int(SHORT_WORK / TRIAL_WORK)

Answer = Callable[[Body, threading.Event], dict[str, Any]]


class TimedOut(Exception):
    """A run the server stopped at its time limit (server.py): refused with
    what to narrow (NARROW, by tool)."""


# What to narrow when a run took too long, by tool.
NARROW = {
    "equity": "give exact=false with fewer trials, more board cards or narrower ranges",
    "board_report": "give a longer board (a turn: fewer rows than a flop), fewer players or "
    "narrower ranges, or exact=false with fewer trials",
    "split_graph": "give a narrower hero range, a longer board or fewer villains, or "
    "exact=false with fewer trials",
    "query": "give fewer statements, a longer board or narrower ranges, or exact=false with "
    "fewer trials",
}


def _notes(notes: tuple[str, ...] | list[str]) -> list[str]:
    return [for_people(n) for n in notes]


def evaluate_hand(body: Body, stop: threading.Event) -> dict[str, Any]:
    """The best high and low of a hand on a board (web POST /api/eval)."""
    return {**work.evaluate_hand(body), "method": "exact"}


def _too_big(rounds: Any, estimate: float) -> ApiError:
    """The refusal of an equity run above SHORT_WORK, saying what to narrow."""
    cost = estimate / WORK_PER_SECOND
    seconds = f"about {cost:,.{1 if cost < 10 else 0}f} s of one core"
    limit = f"the {SHORT_WORK / WORK_PER_SECOND:.0f} s a question may take here"
    if rounds.plan.exact:
        return ApiError(
            f"exact: enumerating this spot is {seconds}, over {limit}; give exact=false "
            f"(Monte Carlo, up to {SHORT_TRIALS:,} trials), more board cards, fewer players "
            "or narrower ranges",
            "exact",
        )
    return ApiError(
        f"trials: {rounds.plan.trials:,} trials are {seconds}, over {limit}; ask for at "
        f"most {SHORT_TRIALS:,} trials (with target_stderr too: trials is its cap)",
        "trials",
    )


def equity(body: Body, stop: threading.Event) -> dict[str, Any]:
    """The equity of a spot (web POST /api/equity, the same fields): the
    result's document, its notes, and `exact` (its counts) when exact."""
    rounds, estimate = work.equity_run(body, stop)
    if estimate > SHORT_WORK:
        rounds.close()
        raise _too_big(rounds, estimate)
    last = None
    for result in rounds:  # the running results of Monte Carlo: the last is the answer
        last = result
    assert last is not None
    if stop.is_set():
        raise TimedOut
    answer = result_document(last, _notes(last.notes))
    answer["exact"] = exact_counts(last, rounds.question)
    return json_ready(answer)  # type: ignore[no-any-return]


def range_size(body: Body, stop: threading.Event) -> dict[str, Any]:
    """What a range holds (web POST /api/range): its hands, their share of
    all hands, its weights and its first hands."""
    return {**work.read_range(body), "method": "exact"}


def range_hits(body: Body, stop: threading.Event) -> dict[str, Any]:
    """What a range makes (web POST /api/hits), exactly; every flop stops at
    the server's time limit as board reports do."""
    answer = prepare_hits(body, stop).run(lambda progress: None)
    if stop.is_set():
        raise TimedOut
    return {**answer, "method": "exact"}


def board_report(body: Body, stop: threading.Event) -> dict[str, Any]:
    """Every board of the next street at once (web POST /api/boards)."""
    answer = work.prepare_boards(body, stop).run(lambda progress: None)
    if stop.is_set():
        raise TimedOut
    return answer


def split_graph(body: Body, stop: threading.Event) -> dict[str, Any]:
    """The hi x lo split of every hand of a range (web POST /api/split)."""
    answer = split_work.prepare_split(body, stop).run(lambda progress: None)
    if stop.is_set():
        raise TimedOut
    return answer


def query(body: Body, stop: threading.Event) -> dict[str, Any]:
    """A query's statements (web POST /api/query), each result's document."""
    rounds = work.query_run(body, stop)
    results: dict[int, QueryResult] = {}
    with field("text"):  # cards dealt twice are found as the deals are made
        for i, result in rounds:
            results[i] = result
    if stop.is_set():
        raise TimedOut
    documents = [result_document(r, _notes(r.notes)) for _, r in sorted(results.items())]
    return json_ready({"results": documents, "statements": len(documents)})  # type: ignore[no-any-return]


def beats_now(body: Body, stop: threading.Event) -> dict[str, Any]:
    """What beats a hand now, for high and for low (omaha_eval.beats), each
    group listing its first `hands` hands (with ``hands_total``)."""
    hand, board, dead = body.text("hand"), body.text("board"), body.text("dead")
    villains = body.texts("villains", MAX_PLAYERS - 1)
    game = body.text("game") or "omaha8"
    shown = body.whole("hands", 0, RANGE_HANDS)
    body.done()
    answer = beats(hand, villains, board, dead, game=game).to_dict()
    for villain in answer["villains"]:
        for group in (*villain["high"], *villain["low"]):
            group["hands_total"] = len(group["hands"])
            group["hands"] = group["hands"][: DEFAULT_HANDS if shown is None else shown]
    return {**answer, "method": "exact"}


def _order_method(rank: PreflopRank) -> dict[str, Any]:
    """How the equities of a rank's order were made: exactly (the atlas:
    4-card hands heads-up) or by Monte Carlo, with its seed and standard
    errors (the order file's own record)."""
    if (rank.hole_cards, rank.table) == (4, "hu") and _preflop.atlas_shipped():
        return {"method": "exact"}
    meta = _preflop.load_order_file(rank.hole_cards, rank.game, rank.table).meta
    return {"method": "monte-carlo", "seed": meta.get("seed"), "stderr": meta.get("stderr")}


def preflop_place(body: Body, stop: threading.Event) -> dict[str, Any]:
    """Where a hand stands in its game's preflop orders, heads-up and
    six-handed (``omaha-eval rank``)."""
    hand, game = body.text("hand"), body.text("game") or "omaha8"
    body.done()
    ranks = []
    for table in TABLES:
        r = preflop_rank(hand, game, table)
        ranks.append({**dataclasses.asdict(r), **_order_method(r)})
    return {"hand": ranks[0]["hand"], "game": ranks[0]["game"], "orders": ranks}


def preflop_exact(body: Body, stop: threading.Event) -> dict[str, Any]:
    """A 4-card hand's exact all-in equity preflop against one random hand
    (the atlas, docs/preflop.md): its fractions and counts."""
    hand, game = body.text("hand"), body.text("game") or "omaha8"
    body.done()
    return exact_vs_random(hand, game=game).to_dict()


# The answer of each tool, by its name.
ANSWERS: dict[str, Answer] = {
    "evaluate_hand": evaluate_hand,
    "equity": equity,
    "range_size": range_size,
    "preflop_rank": preflop_place,
    "preflop_exact": preflop_exact,
    "range_hits": range_hits,
    "beats": beats_now,
    "split_graph": split_graph,
    "board_report": board_report,
    "query": query,
}
