"""What each endpoint computes, with no HTTP in it: a request's fields in,
the library's public functions called as the command line calls them, a
JSON-safe dict out.

The runs that can be long (equity, query, boards) are prepared first (every
field read and checked, the library's cost bounds applied: an error here is
the request's 422, before any work) and return the run itself, a function
of a progress callback; the job's stop event is given to the library, so a
Cancel ends the engine's loops.  The rest answer at once.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from omaha_eval import listing
from omaha_eval._checks import card_set
from omaha_eval.cards import CARD_TEXT, format_hands
from omaha_eval.engine import lookalikes
from omaha_eval.engine.boards import known_cards, read_cards
from omaha_eval.engine.plan import DEFAULT_TRIALS, TRIAL_WORK, WORK_PER_SECOND, read_options
from omaha_eval.engine.players import hole_size, read_player
from omaha_eval.engine.question import BOARD_SIZES
from omaha_eval.engine.report import equity_cells
from omaha_eval.engine.results import EquityResult
from omaha_eval.equity import EquityRounds, equity_rounds
from omaha_eval.errors import OmahaEvalError, field_for_people, for_people
from omaha_eval.evaluator import evaluate
from omaha_eval.games import HOLE_SIZES, MAX_PLAYERS, game
from omaha_eval.pages import page_source
from omaha_eval.pql import QueryResult, QueryRounds, query_rounds
from omaha_eval.pql.report import query_cells
from omaha_eval.ranges import Range
from omaha_eval.records import json_ready, result_document
from omaha_eval.streets import DEALT_BOARDS
from omaha_eval.study.boards import BoardReportInterrupted
from omaha_eval.study.boards.board_report import prepare_board_report
from omaha_eval.web.bodies import MAX_QUERY, ApiError, Body, FieldError, error_dict
from omaha_eval.web.jobs import Progress
from omaha_eval.web.rows import read_row_choice

__all__ = [
    "DEFAULT_TRIALS",
    "MAX_TRIALS",
    "RANGE_HANDS",
    "RANGE_LIMIT",
    "SEED_LIMIT",
    "SHORT_WORK",
    "Prepared",
    "Run",
    "check_spot",
    "equity_run",
    "evaluate_hand",
    "field",
    "prepare_boards",
    "prepare_equity",
    "prepare_query",
    "query_examples",
    "query_run",
    "read_range",
    "run_options",
    "spot_fields",
]

# Monte Carlo trials one request may ask for: about a minute of one core at
# the engine's rate; the library's own bound (1e15) is for programs.
MAX_TRIALS = 100_000_000
SEED_LIMIT = 2**63  # seeds a JSON number holds exactly enough for a link
RANGE_HANDS = 1_000  # hands a range answer lists at most
RANGE_LIMIT = 50  # hands a range answer lists unless told
# A run estimated at this much work or less is short (about two seconds of
# one core, engine/plan.py's units): it runs in the short lane (jobs.py).
SHORT_WORK = 2 * WORK_PER_SECOND
# The page's way to refuse look-alike cards, named where a note names the library's.
PAGE_STRICT = 'the "Refuse look-alike cards" box'

Run = Callable[[Progress], dict[str, Any]]


@dataclass(frozen=True)
class Prepared:
    """A run ready to start, and its estimated work (engine/plan.py's
    units: WORK_PER_SECOND a second of one core), which picks its lane."""

    run: Run
    work: float

    @property
    def short(self) -> bool:
        return self.work <= SHORT_WORK


@contextmanager
def field(name: str | None) -> Iterator[None]:
    """An error of the package raised while reading the request's input
    `name` is about that input: it goes on as a FieldError holding it
    unchanged, which the page shows there (the library names its own
    parameter, "range" or "hole", which the message keeps).  None: the
    error's own param stands."""
    try:
        yield
    except OmahaEvalError as exc:
        if name is None:
            raise
        raise FieldError(exc, name) from exc


def _run_options(body: Body) -> dict[str, Any]:
    """exact, trials, target_stderr, seed: the options every run takes."""
    options = {
        "exact": body.flag("exact"),
        "trials": body.whole("trials", 1, MAX_TRIALS),
        "target_stderr": body.number("target_stderr"),
        "seed": body.whole("seed", 0, SEED_LIMIT - 1),
    }
    with field("target_stderr"):
        read_options(target_stderr=options["target_stderr"])
    return options


def _spot(body: Body) -> tuple[list[str], str, str, str]:
    """players, board, dead and game of a spot, as texts: the run reads them
    (once, naming the field of an error), the game checked here."""
    players = body.texts("players", MAX_PLAYERS)
    board, dead = body.text("board"), body.text("dead")
    name = body.text("game") or "omaha8"
    with field("game"):
        game(name)
    return players, board, dead, name


def _shown(result: EquityResult | QueryResult) -> dict[str, Any]:
    """The result's document, notes in plain words, and its table as the
    command line prints it (cells of formatted numbers)."""
    notes = [for_people(n).replace(lookalikes.STRICT, PAGE_STRICT) for n in result.notes]
    if isinstance(result, EquityResult):
        header, rows, lines = equity_cells(result, notes)
    else:
        header, rows, lines = query_cells(result, notes)
    data = result_document(result, notes)
    data["table"] = {"header": header, "rows": rows, "lines": lines}
    return json_ready(data)  # type: ignore[no-any-return]


def equity_run(body: Body, stop: threading.Event) -> tuple[EquityRounds, float]:
    """The fields of equity(), checked, and its run, not started, with the
    work it is estimated at (its exact work, or its trials' work: the
    lane's measure, engine/plan.py's units).  The MCP server reads its
    equity questions so too."""
    players, board, dead, name = _spot(body)
    options = _run_options(body)
    strict = bool(body.flag("strict"))
    body.done()
    rounds = equity_rounds(players, board, dead, game=name, stop=stop, strict=strict, **options)
    plan = rounds.plan
    patterned = rounds.question.patterned  # its work counts the trials already
    return rounds, rounds.work if plan.exact or patterned else plan.trials * TRIAL_WORK


def prepare_equity(body: Body, stop: threading.Event) -> Prepared:
    """POST /api/equity: the fields of equity(), checked; the run (short
    when its exact work, or its trials' work, is at most SHORT_WORK)."""
    rounds, work = equity_run(body, stop)
    plan = rounds.plan
    total = None if plan.exact or plan.target_stderr is not None else plan.trials

    def run(progress: Progress) -> dict[str, Any]:
        last = None
        for last in rounds:
            progress(
                {
                    "method": last.method,
                    "trials": last.trials,
                    "total": total,
                    "partial": _shown(last),
                }
            )
        assert last is not None
        return _shown(last)

    return Prepared(run, work)


def query_run(body: Body, stop: threading.Event) -> QueryRounds:
    """A query text and the run options, checked, and the query's run, not
    started (the MCP server reads its queries so too)."""
    text = body.text("text", limit=MAX_QUERY)
    options = _run_options(body)
    strict = bool(body.flag("strict"))
    body.done()
    with field("text"):
        return query_rounds(text, stop=stop, strict=strict, **options)


def prepare_query(body: Body, stop: threading.Event) -> Prepared:
    """POST /api/query: a query text and the run options; the run."""
    rounds = query_run(body, stop)
    count = len(rounds.statements)

    def run(progress: Progress) -> dict[str, Any]:
        results: list[dict[str, Any]] = []
        with field("text"):  # cards dealt twice are found as the deals are made
            for i, result in rounds:
                if i == len(results):
                    results.append({})
                results[i] = _shown(result)
                progress(
                    {
                        "statement": i + 1,
                        "statements": count,
                        "trials": result.trials,
                        "method": result.method,
                    }
                )
        interrupted = len(results) < count or bool(results and results[-1]["interrupted"])
        return {"results": results, "statements": count, "interrupted": interrupted}

    return Prepared(run, float("inf"))  # a query's work is not estimated: the long lane


def prepare_boards(body: Body, stop: threading.Event) -> Prepared:
    """POST /api/boards: the board report of a spot (omaha_eval.board_report);
    a cancelled report answers with the rows it holds (``interrupted``)."""
    players, board, dead, name = _spot(body)
    options = _run_options(body)
    choice = read_row_choice(body, len(players))  # group, where, sort, top: web/rows.py
    body.done()
    # read once, here: bad input is a 422 before the run, which deals the
    # rows from what was read
    prepared = prepare_board_report(players, board, dead, game=name, stop=stop, **options)

    def run(progress: Progress) -> dict[str, Any]:
        def step(partial: Any) -> None:
            progress({"done": len(partial), "total": partial.total_rows})

        try:
            report = prepared.run(step)
        except BoardReportInterrupted as stopped:
            report = stopped.report
        return choice.apply(report)

    return Prepared(run, float("inf"))  # a report of many rows: the long lane


def check_spot(body: Body) -> dict[str, Any]:
    """POST /api/check: each player, the board and the dead cards read on
    their own as they are typed (the page shows each reading or error beside
    its input), and every card the texts name (the card picker greys them
    out).  Empty players are skipped."""
    texts = body.texts("players", MAX_PLAYERS)
    name = body.text("game") or "omaha8"
    board, dead = body.text("board"), body.text("dead")
    body.done()
    out: dict[str, Any] = {"players": [], "used": []}
    used: set[int] = set()
    named: list[tuple[str, str, list[int]]] = []  # the known cards of each input, in order
    try:
        the_game = game(name)
    except OmahaEvalError as exc:
        out["game"] = _error(exc, "game")
        return out
    k = next((s for s in map(hole_size, texts) if s is not None), 4)
    for i, text in enumerate(texts):
        if not text.strip():
            out["players"].append(None)
            continue
        try:
            player = read_player(text, f"players[{i}]", k, the_game)
        except OmahaEvalError as exc:
            out["players"].append(_error(exc, f"players[{i}]"))
            continue
        n = len(player.combos)
        reading = {"hand": "hand", "random": "random hand"}.get(player.kind)
        if reading is None:
            reading = f"range, {n:,} combo{'' if n == 1 else 's'}"
        if player.kind == "hand":
            used.update(int(c) for c in player.combos[0])
            named.append((f"players[{i}]", f"player {i + 1}'s hand", player.combos[0].tolist()))
        note = (
            for_people(player.note).replace(lookalikes.STRICT, PAGE_STRICT) if player.note else None
        )
        out["players"].append({"kind": player.kind, "combos": n, "reading": reading, "note": note})
    for which, text, sizes in (("board", board, BOARD_SIZES), ("dead", dead, None)):
        try:
            cards = read_cards(text, which, sizes)
        except OmahaEvalError as exc:
            out[which] = _error(exc, which)
            continue
        ids = getattr(cards, "tolist", None)
        shown = {"pattern": ids is None}
        if ids is not None:
            used.update(int(c) for c in cards.tolist())  # type: ignore[union-attr]
            named.append((which, f"the {which}", cards.tolist()))  # type: ignore[union-attr]
        out[which] = shown
    _mark_twice(out, named)
    out["used"] = [CARD_TEXT[c] for c in sorted(used)]
    return out


def _mark_twice(out: dict[str, Any], named: list[tuple[str, str, list[int]]]) -> None:
    """A hand, board or dead-card text fine on its own but naming a card an
    earlier one names (`named`: field, who, cards, in order) is refused
    where it is typed, as the run refuses it: the page shows it there."""
    first: dict[int, str] = {}
    for name, who, cards in named:
        clash = next((c for c in cards if c in first), None)
        if clash is None:
            first.update((c, who) for c in cards)
            continue
        message = f"{field_for_people(name)}: {CARD_TEXT[clash]} is also in {first[clash]}"
        entry = {"error": message, "field": name}
        if name.startswith("players["):
            out["players"][int(name[8:-1])] = entry
        else:
            out[name] = entry


def _error(exc: OmahaEvalError, name: str) -> dict[str, Any]:
    """The error body of an error about the input `name`."""
    data = error_dict(FieldError(exc, name))
    assert data is not None  # the package's own error always has one
    return data


def read_range(body: Body) -> dict[str, Any]:
    """POST /api/range: what a range text holds (as ``omaha-eval range``
    says it): the count and share of all hands, the distinct weights, and
    the first hands, strongest first."""
    text = body.text("text")
    k = body.whole("hole_cards", min(HOLE_SIZES), max(HOLE_SIZES)) or 4
    name = body.text("game") or "omaha8"
    order = body.text("order") or None
    limit = body.whole("limit", 1, RANGE_HANDS) or RANGE_LIMIT
    body.done()
    if order is not None and order not in listing.ORDERS:
        raise ApiError(
            f"order: expected one of {', '.join(listing.ORDERS)}, got {order!r}", "order"
        )
    with field("game"):
        the_game = game(name)
    if not text.strip():
        raise ApiError("text: a range is needed, such as 'AA:$ds, KK@0.5'", "text")
    with field("text"):
        r = Range(text, hole_cards=k, game=the_game)
    order = order or listing.named_order(text, k, the_game)
    combos, first_weights = listing.first_hands(r, order, limit)
    hands = format_hands(combos)
    weights = first_weights.tolist()
    return {
        "text": text,
        "hole_cards": k,
        "game": the_game.name,
        "count": len(r),
        "total": r.total,
        "fraction": r.fraction,
        "summary": listing.summary(r),
        "weights": [
            {"weight": w, "count": n, "shown": listing.weights_text(w, n)}
            for w, n in listing.weight_counts(r.weights)
        ],
        "order": order,
        "hands": [{"hand": h, "weight": w} for h, w in zip(hands, weights, strict=True)],
    }


def evaluate_hand(body: Body) -> dict[str, Any]:
    """POST /api/eval: the best high and low of a hand on a board (as
    ``omaha-eval eval --json``), each with its five cards and which of them
    come from the hand."""
    hole, board = body.text("hole"), body.text("board")
    body.done()
    # each text read once, by the readers evaluate() uses; evaluate() is
    # given the cards, not the texts again
    with field("hole"):
        hand = card_set(hole, "hole", HOLE_SIZES)
    with field("board"):
        dealt = known_cards(board, "board", DEALT_BOARDS)
    with field(None):
        value = evaluate(hand, dealt)
    held = {CARD_TEXT[c] for c in hand.tolist()}

    def made(cards: str) -> list[dict[str, Any]]:
        shown = [cards[i : i + 2] for i in range(0, len(cards), 2)]  # format_cards' text
        return [{"card": card, "from_hand": card in held} for card in shown]

    low = None
    if value.low_name is not None and value.low_cards is not None:
        low = {
            "value": value.low,
            "name": value.low_name,
            "cards": value.low_cards,
            "used": made(value.low_cards),
        }
    high = {
        "value": value.high,
        "name": value.high_name,
        "cards": value.high_cards,
        "used": made(value.high_cards),
    }
    return {"hole": hole, "board": board, "high": high, "low": low}


def query_examples() -> list[str]:
    """The example statements of docs/pql.md (its ```sql blocks), as the
    package ships the page (``omaha-eval help pql`` reads the same copy)."""
    try:
        page = page_source("pql")
    except OmahaEvalError:  # a copy without its docs: no examples to offer
        return []
    return [m.strip() for m in re.findall(r"```sql\n(.*?)```", page, re.S)]


# The readers of a spot and of its run options, for the pages' other runs
# (split_work.py).
spot_fields = _spot
run_options = _run_options
