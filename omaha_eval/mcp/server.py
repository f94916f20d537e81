"""The MCP server: the tools an agent calls, each described for the model
that reads it (what it answers, its inputs with an example, exact or
sampled, how ties and quarters count), over the official SDK's high-level
server (MCPServer, the FastMCP layer of mcp 1.x).

Every tool answers structured JSON (answers.py computes it) or, for bad
input, an error result ``{"error", "field", "value"}`` naming the argument
(the errors' own attributes, as the web API's 422 reads them), never a
traceback.  A question runs on a worker thread with the web page's short
lane's limits (web/jobs.py): SHORT_JOBS at once (one more is refused, not
queued), and stopped at SHORT_SECONDS; a client that cancels a call stops
its run too.
"""

from __future__ import annotations

import functools
import inspect
import re
import threading
from collections.abc import Callable
from typing import Annotated, Any

import anyio
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from omaha_eval._version import __version__
from omaha_eval.engine.plan import WORK_PER_SECOND
from omaha_eval.engine.results import DEAL_FIGURES, FIGURES
from omaha_eval.games import GAMES, PLAYERS
from omaha_eval.mcp.answers import ANSWERS, DEFAULT_HANDS, DEFAULT_ROWS, NARROW, TimedOut
from omaha_eval.pages import page_names, page_source, page_title
from omaha_eval.records import json_ready, json_text
from omaha_eval.web.bodies import Body, error_dict
from omaha_eval.web.jobs import SHORT_JOBS, SHORT_SECONDS
from omaha_eval.web.work import SHORT_WORK

__all__ = ["create_server"]

# ------------------------------------------------------------- what tools say

CARDS = (
    "Cards: rank then suit, 'As Kd Th 9c' (ranks 2-9 T J Q K A, 10 also; suits c d h s, any "
    "case, or the symbols ♠ ♥ ♦ ♣), with spaces, commas or nothing between; the same card "
    "twice anywhere in a question is an error. A hand has 4 cards (5 or 6 in the 5- and "
    "6-card games)."
)
PLAYER_TEXT = (
    "A player is a hand ('AsAh2c3d'), '*' (a random hand) or a range (the range language of "
    "docs/ranges.md: 'AA:$ds, KK@0.5', 'A2**' any hand with an ace and a deuce, '15%' the best "
    "15% of hands heads-up, '15%6h' six-handed)."
)
SPLIT = (
    "How the pot is split (docs/rules.md): each player makes a high and a low from exactly two "
    "hole cards and three board cards; half the pot goes to the best high and half to the best "
    "qualifying low (five different ranks, 8 or lower, ace low); players who tie for a half "
    "share it equally, so a player who wins the high and ties the low with one other gets 3/4 "
    "and the other 1/4 (quartered); with no qualifying low the best high takes the whole pot. "
    "Shares are fractions of the pot: equity = hi_share + lo_share, and the players' equities "
    "sum to 1."
)
RUN = (
    "Exact or sampled: exact=null (the default) enumerates every deal when that is about a "
    "second of work and samples otherwise; exact=true always enumerates; exact=false samples "
    "(trials: how many, target_stderr: stop at that standard error). The answer's method says "
    "which ('exact' or 'monte-carlo'); a sampled answer has its seed (give it again for the "
    "same figures) and standard errors; an exact one has stderr 0."
)
GAME = "game: " + "; ".join(f"'{g.name}' ({g.title}; also {', '.join(g.aliases)})" for g in GAMES)
ROWS = (
    "Rows are chosen as `omaha-eval boards` chooses them (docs/boards.md, 'Choosing rows'): "
    "where filters ('scoop>50%', 'flush_possible and p1_equity<0.4'), sort orders ('equity "
    f"desc'), top keeps the first (default {DEFAULT_ROWS})."
)
LIMITS = (
    f"A question may take about {SHORT_WORK / WORK_PER_SECOND:.0f} s of one core (estimated "
    f"before it starts) and {SHORT_SECONDS:.0f} s in all; a bigger one is refused with what to "
    "narrow."
)
ERRORS = (
    "Bad input comes back as an error result {error, field, value}: field names the argument "
    "('players[1]', 'board', 'trials')."
)
DOCS = "omaha-eval://docs/"  # the documentation pages, as resources: DOCS + "rules"
PAGES = (
    f"The pages named docs/NAME.md (the rules, the range language, the queries...) are "
    f"resources to read: {DOCS}NAME (Markdown)."
)


def _figures() -> str:
    """The figures of an equity answer, in the words of their one table."""
    return "; ".join(f"{f.name}: {f.meaning}" for f in (*FIGURES, *DEAL_FIGURES))


INSTRUCTIONS = " ".join(
    [
        "Exact answers about Omaha hi/lo (Omaha 8-or-better) and Omaha high, from a C engine: "
        "hand values, equity of hands and ranges, what a range makes, board reports, queries and "
        "preflop rankings. Use these tools rather than estimating: hi/lo splits and quarters "
        "are easy to get wrong.",
        CARDS,
        PLAYER_TEXT,
        SPLIT,
        RUN,
        LIMITS,
        ERRORS,
        PAGES,
    ]
)

# ----------------------------------------------------------- the arguments
# (private: stubtest takes an Annotated alias for the type it annotates)

_Players = Annotated[
    list[str],
    Field(
        description=f"{PLAYERS[0]} to {PLAYERS[-1]} players, each a hand, '*' or a range: "
        "['AsAh2c3d', '15%']"
    ),
]
_BoardText = Annotated[
    str, Field(description="The board: 0, 3, 4 or 5 cards ('Ks8d3c'), or '' preflop")
]
_DeadText = Annotated[str, Field(description="Cards known out of the deck ('2h 9c'), or ''")]
_GameName = Annotated[str, Field(description="'omaha8' (hi/lo, the default), 'omaha' (high)")]
_Exact = Annotated[
    bool | None, Field(description="null: exact when small; true: enumerate; false: sample")
]
_Trials = Annotated[int | None, Field(description="Monte Carlo trials (or the cap with a target)")]
_Target = Annotated[
    float | None, Field(description="Sample until every standard error is at most this")
]
_Seed = Annotated[int | None, Field(description="The seed of a sampled run (repeat a run with it)")]
_Strict = Annotated[
    bool,
    Field(description="Refuse text read as a pattern that looks like cards ('AAKK' for AsAdKsKd)"),
]
_Where = Annotated[str | None, Field(description="A filter of rows: 'scoop>50%', 'flush_possible'")]
_Sort = Annotated[str | None, Field(description="Columns to order rows by: 'equity desc'")]
_Top = Annotated[int, Field(description="How many rows to answer with")]
_Group = Annotated[
    str | None, Field(description="Group the boards by a texture: 'texture', 'suits', 'pairing'")
]
_Hand = Annotated[str, Field(description="One hand: 'AsAh3s2h'")]

READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)


# --------------------------------------------------------------- one call

_slots = threading.BoundedSemaphore(SHORT_JOBS)


def _result(data: dict[str, Any], error: bool = False) -> CallToolResult:
    """A tool's answer: the JSON document as structured content, and as
    text for clients that read only text."""
    data = json_ready(data)
    return CallToolResult(
        content=[TextContent(type="text", text=json_text(data))],
        structured_content=data,
        is_error=error,
    )


_FIELD = re.compile(r"(\w+)(?:\[(\d+)\])?")


def _value(field: str | None, arguments: dict[str, Any]) -> Any:
    """The argument an error names, as the caller sent it (field
    "players[1]": that entry), or None."""
    match = _FIELD.fullmatch(field or "")
    if match is None:
        return None
    value = arguments.get(match[1])
    if match[2] is not None:
        i = int(match[2])
        value = value[i] if isinstance(value, list) and i < len(value) else None
    return value


def _answered(tool: str, arguments: dict[str, Any], stop: threading.Event) -> CallToolResult:
    """The tool's answer or its error, in a slot of SHORT_JOBS, the run
    stopped at SHORT_SECONDS."""
    if not _slots.acquire(blocking=False):
        busy = f"{SHORT_JOBS} questions are running, the most at once; ask again when one answers"
        return _result({"error": busy, "field": None, "value": None}, error=True)
    timer = threading.Timer(SHORT_SECONDS, stop.set)
    timer.start()
    try:
        return _result(ANSWERS[tool](Body(arguments), stop))
    except (TimedOut, KeyboardInterrupt):  # the engine stops so when `stop` is set
        if not stop.is_set():
            raise
        message = (
            f"stopped after {SHORT_SECONDS:.0f} s, the most a question may take here; "
            f"{NARROW.get(tool, NARROW['equity'])}"
        )
        return _result({"error": message, "field": None, "value": None}, error=True)
    except Exception as exc:
        data = error_dict(exc)
        if data is None:
            raise  # not the user's: the SDK answers "Error executing tool" and logs it
        return _result({**data, "value": _value(data["field"], arguments)}, error=True)
    finally:
        timer.cancel()
        _slots.release()


async def _call(tool: str, arguments: dict[str, Any]) -> CallToolResult:
    """Run a tool on a worker thread; a client that cancels the call stops
    the run (the engine's loops end within a round)."""
    stop = threading.Event()
    try:
        return await anyio.to_thread.run_sync(
            _answered, tool, arguments, stop, abandon_on_cancel=True
        )
    except anyio.get_cancelled_exc_class():
        stop.set()
        raise


# What a tool returns: a CallToolResult whose structured content is a JSON object
# (private: stubtest takes an alias of a pydantic model for the model itself).
_Answer = Annotated[CallToolResult, dict[str, Any]]


class UnknownArguments:
    """Refuse a call naming an argument its tool does not have, as the web
    API refuses a misspelt field (Body.done): the SDK would drop it, and a
    misspelt board answered preflop is a wrong answer."""

    def __init__(self, arguments: dict[str, set[str]]) -> None:
        self.arguments = arguments  # tool name -> its arguments

    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        params = ctx.params or {}
        given = params.get("arguments")
        known = self.arguments.get(params.get("name", ""))
        if ctx.method == "tools/call" and known is not None and isinstance(given, dict):
            unknown = sorted(set(given) - known)
            if unknown:
                message = (
                    f"{unknown[0]}: not an argument of {params['name']} "
                    f"(the arguments: {', '.join(sorted(known))})"
                )
                error = {"error": message, "field": unknown[0], "value": given[unknown[0]]}
                return _result(error, error=True)
        return await call_next(ctx)


# ---------------------------------------------------------------- the tools


def create_server() -> MCPServer:
    """The server with its tools (``omaha-eval mcp`` runs it over stdio)."""
    arguments = {t.__name__: set(inspect.signature(t).parameters) for t, _ in TOOLS}
    server = MCPServer(
        "omaha-eval",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
        middleware=[UnknownArguments(arguments)],
    )
    for tool, more in TOOLS:
        server.add_tool(
            tool,
            description=describe(tool, more),
            annotations=READ_ONLY,
            structured_output=True,
        )
    for name in page_names():  # the pages the descriptions name, to read
        server.resource(DOCS + name, name=name, title=page_title(name), mime_type="text/markdown")(
            functools.partial(page_source, name)
        )
    return server


def describe(tool: Callable[..., Any], more: tuple[str, ...]) -> str:
    """A tool's description: its docstring, then the paragraphs it needs,
    each paragraph on one line (a model reads no line breaks of a source)."""
    paragraphs = inspect.cleandoc(tool.__doc__ or "").split("\n\n")
    return "\n\n".join([*(" ".join(p.split()) for p in paragraphs), *more])


async def evaluate_hand(
    hole: Annotated[str, Field(description="The hand: 4, 5 or 6 cards, 'Ad Kd 3s 2s'")],
    board: Annotated[str, Field(description="3, 4 or 5 board cards, 'Jd 4d 3c Qd 5h'")],
) -> _Answer:
    """The best high and the best low a hand makes on a board, exactly, with
    exactly two hole cards and three board cards (docs/rules.md).

    Example: hole 'Ad Kd 3s 2s', board 'Jd 4d 3c Qd 5h' -> high 'Flush, ace
    high' (AdKdQdJd4d), low '5-4-3-2-A'.  Answer: high {value 1..7462,
    larger is better; name; cards; used: each card and whether it comes from
    the hand}, low (null when the hand makes no qualifying low; value 1..56,
    larger is better), method 'exact'."""
    return await _call("evaluate_hand", locals())


async def equity(
    players: _Players,
    board: _BoardText = "",
    dead: _DeadText = "",
    game: _GameName = "omaha8",
    exact: _Exact = None,
    trials: _Trials = None,
    target_stderr: _Target = None,
    seed: _Seed = None,
    strict: _Strict = False,
) -> _Answer:
    """Each player's equity in a hi/lo (or high-only) pot, over every
    runout of the board and, for ranges and random hands, every deal of
    their hands.

    Example: players ['AsAh2c3d', '7c7d4c5d'], board 'Ks8d3c' -> exact over
    820 runouts: equity 0.7457 and 0.2543.  Answer: players (per player:
    hand, kind, combos and its figures, breakdown: how often it ends with
    each high category and low class), the deal figures, method, trials
    (deals counted when exact), seed, stderr, notes, and `exact` when every
    deal weighs the same: deals, each share as a fraction of the pot
    (equity '1223/1640') and each probability as a count of deals (hi_win:
    618 of the 820).
    """
    return await _call("equity", locals())


async def range_size(
    text: Annotated[str, Field(description="A range: 'AA:$ds, KK@0.5', 'A2**', '15%'")],
    hole_cards: Annotated[int | None, Field(description="Cards a hand: 4 (default), 5, 6")] = None,
    game: _GameName = "omaha8",
    order: Annotated[
        str | None, Field(description="Order of the hands listed: 'cards', 'hu' or '6h' strength")
    ] = None,
    limit: Annotated[int | None, Field(description="Hands to list (default 50)")] = None,
) -> _Answer:
    """What a range holds, exactly: how many hands, their share of all hands
    of that size, its weights, and its first hands.

    Example: text 'AA:$ds, KK@0.5' -> count 7,819 hands, fraction 0.0289 of
    all 4-card hands, weights 1 and 0.5.  Answer: count, total (weighted),
    fraction, summary, weights [{weight, count}], order, hands [{hand,
    weight}] (strongest first for a percent range), method 'exact'."""
    return await _call("range_size", locals())


async def preflop_rank(hand: _Hand, game: _GameName = "omaha8") -> _Answer:
    """Where a hand (4, 5 or 6 cards) stands in its game's preflop orders,
    heads-up and six-handed: its class's rank (1 = best), its percentile
    (the share of all hands in better classes: the hand is in the range
    'p%' exactly when its percentile is below p) and its all-in equity
    preflop against random hands.

    Example: hand 'As Ah 3s 2h' -> heads-up rank 1, percentile 0.
    Answer: orders [{table 'hu' or '6h', rank, classes, percentile, equity,
    class_hands, method}]: 4-card hands heads-up are exact (the atlas), the
    other orders Monte Carlo (their seed and stderr given)."""
    return await _call("preflop_rank", locals())


async def preflop_exact(hand: _Hand, game: _GameName = "omaha8") -> _Answer:
    """A 4-card hand's exact all-in equity preflop against one random hand,
    heads-up (the exact preflop atlas, docs/preflop.md): every deal of an
    opponent hand and a five-card board counted, 211,315,436,640 of them.

    Example: hand 'As Ah 3s 2h' -> exact_equity '61368796061/84526174656'
    (0.7260).  Answer: equity, hi_share, lo_share, scoop (floats);
    exact_equity, exact_hi_share, exact_lo_share, exact_scoop (fractions as
    text); deals; counts (deals by outcome: hi_win_low_pot, lo_win, scoop,
    ...); class_hands; method 'exact'.  Ties and quarters count as the pot
    split says: a tied half is shared, so the shares are in quarter pots."""
    return await _call("preflop_exact", locals())


async def range_hits(
    range: Annotated[str, Field(description="A range or a hand: '15%', 'A2**', 'AsAh2c3d'")],
    board: Annotated[
        str, Field(description="3, 4 or 5 board cards, or '' for a row per flop")
    ] = "",
    dead: _DeadText = "",
    game: _GameName = "omaha8",
    group: _Group = None,
    where: _Where = None,
    sort: _Sort = None,
    top: _Top = DEFAULT_ROWS,
) -> _Answer:
    """What a range makes on a board, exactly: the weighted share of its
    live hands in each class (docs/hits.md): high categories (pair, two
    pair, set, flush...), lows (nut low, second nut low, other, none),
    draws (flush draw, nut low draw, wraps), top pair, overpair.  With no
    board, one row per flop (1,755 classes of flops), or per texture group.

    Example: range 'AA**', board 'Ks8d3c' -> pair 0.965, set 0.0088,
    low_draw 0.689.  Answer: classes, mean (each class over the rows),
    columns and data (the chosen rows, column by column; `same`: columns
    equal in every row), rows_total, method 'exact'."""
    return await _call("range_hits", locals())


async def beats(
    hand: _Hand,
    villains: Annotated[list[str], Field(description="One or more hands or ranges: ['KK, 34']")],
    board: Annotated[str, Field(description="3, 4 or 5 board cards: 'Ks7d3c'")],
    dead: _DeadText = "",
    game: _GameName = "omaha8",
    hands: Annotated[
        int, Field(description="Hands to list in each group (counts are always whole)")
    ] = DEFAULT_HANDS,
) -> _Answer:
    """What beats a hand now, on this board, for high and for low: each
    villain's combos that beat it, grouped by high category (and by low),
    with their weight and share of the villain's combos, exactly.  A tie
    does not beat the hand.

    Example: hand 'As2sJd9h', villains ['KK, 34'], board 'Ks7d3c' -> the
    hand has ace high; three of a kind beats it in 3,139 combos of 12,199.
    Answer: hand_high, hand_low, villains [{combos, weight, high_share,
    low_share, high [{name, weight, share, hands, hands_total}], low}],
    method 'exact'."""
    return await _call("beats", locals())


async def split_graph(
    players: Annotated[
        list[str],
        Field(description="The hero first (a range or a hand), then the villains: ['15%', '*']"),
    ],
    board: _BoardText = "",
    dead: _DeadText = "",
    game: _GameName = "omaha8",
    exact: _Exact = None,
    trials: _Trials = None,
    target_stderr: _Target = None,
    seed: _Seed = None,
    where: _Where = None,
    sort: _Sort = None,
    top: _Top = DEFAULT_ROWS,
) -> _Answer:
    """Every hand of the hero's range split into its high and low shares
    against the villains: which hands scoop, which only freeroll the low
    (docs/split.md).

    Example: players ['AA**', '7c7d4c5d'], board 'Ks8d3c2h', sort 'equity'
    -> the hero's combos with the best equity first.  Answer: the graph's
    figures per combo (columns: hand, equity, hi_share, lo_share, scoop,
    ...) for the chosen combos, means (the whole range), combos (the hero's
    combos), matched (how many were chosen), method, seed."""
    return await _call("split_graph", locals())


async def board_report(
    players: _Players,
    board: Annotated[
        str, Field(description="0 to 4 board cards: each row adds the next street's card(s)")
    ] = "",
    dead: _DeadText = "",
    game: _GameName = "omaha8",
    exact: _Exact = None,
    trials: _Trials = None,
    target_stderr: _Target = None,
    seed: _Seed = None,
    group: _Group = None,
    where: _Where = None,
    sort: _Sort = None,
    top: _Top = DEFAULT_ROWS,
) -> _Answer:
    """Every board of the next street at once (every flop, every turn or
    every river, classes of boards under suit changes): each board's
    chance and each player's figures on it (docs/boards.md).

    Example: players ['AsAh2c3d', '7c7d4c5d'], board 'Ks8d3c', sort
    'p2_equity' -> the turns that help the 7-7-5-4 most.  Answer:
    players, method, seed, mean (the whole street), rows [{board, boards,
    probability, textures, players [{equity, hi_share, ..., stderr}]}],
    rows_shown, rows_all, notes."""
    return await _call("board_report", locals())


async def query(
    text: Annotated[
        str,
        Field(
            description='Statements of the query language (docs/pql.md): "select '
            "avg(riverequity(hero)) from hero='A2**', villain='15%', board='Ks8d3c'\""
        ),
    ],
    exact: _Exact = None,
    trials: _Trials = None,
    target_stderr: _Target = None,
    seed: _Seed = None,
    strict: _Strict = False,
) -> _Answer:
    """Conditional and per-street questions in the query language
    (docs/pql.md): averages, counts and histograms over the deals, of
    equities, scoops, made hands and lows on any street, with conditions.

    Example: "select avg(riverequity(hero)), count(scoops(hero)) from
    hero='AsAh2c3d', villain='7c7d4c5d', board='Ks8d3c'" -> 0.7457 and
    0.5732, exact over 820 deals.  Answer: results (one per statement:
    columns [{name, aggregate, value, stderr}], trials, kept, method, seed,
    notes), statements."""
    return await _call("query", locals())


# Each tool and what its description adds to its docstring: the paragraphs
# its inputs and answer need.
_FIGURES = f"Figures: {_figures()}."
TOOLS = (
    (evaluate_hand, (CARDS,)),
    (equity, (PLAYER_TEXT, GAME, RUN, SPLIT, _FIGURES, LIMITS)),
    (range_size, (GAME,)),
    (preflop_rank, (CARDS, GAME)),
    (preflop_exact, (CARDS, GAME)),
    (range_hits, (CARDS, GAME, ROWS)),
    (beats, (CARDS, PLAYER_TEXT, GAME)),
    (split_graph, (PLAYER_TEXT, GAME, RUN, SPLIT, ROWS, LIMITS)),
    (board_report, (PLAYER_TEXT, GAME, RUN, SPLIT, _FIGURES, ROWS, LIMITS)),
    (query, (RUN, SPLIT, LIMITS)),
)
