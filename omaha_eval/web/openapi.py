"""The API's OpenAPI 3.1 document, written by hand (Starlette generates
none; a test checks that every route of the app is in it and no other).
/api/openapi.json serves it and /api/docs shows it, rendered in the page by
static/apidocs.js (no CDN)."""

from __future__ import annotations

from typing import Any

from omaha_eval import listing
from omaha_eval._version import __version__
from omaha_eval.engine.plan import MIN_TARGET
from omaha_eval.games import GAMES, HOLE_SIZES, MAX_PLAYERS, PLAYERS
from omaha_eval.solver.river.solve import MIN_TARGET as MIN_EXPLOITABILITY
from omaha_eval.solver.river.tree import MAX_RAISES
from omaha_eval.web.beats import MAX_VILLAINS
from omaha_eval.web.bodies import MAX_BODY, MAX_QUERY, MAX_TEXT
from omaha_eval.web.hits import MAX_ROWS as HITS_ROWS
from omaha_eval.web.solve_work import MAX_ITERATIONS
from omaha_eval.web.work import (
    DEFAULT_TRIALS,
    MAX_TRIALS,
    RANGE_HANDS,
    RANGE_LIMIT,
    SEED_LIMIT,
)

__all__ = ["document"]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


_NULL_BOOL = {"type": ["boolean", "null"]}
_RUN = {
    "exact": {
        **_NULL_BOOL,
        "description": "true: enumerate every deal; false: Monte Carlo; "
        "null: exact when about a second of work or less",
    },
    "trials": {
        "type": ["integer", "null"],
        "minimum": 1,
        "maximum": MAX_TRIALS,
        "description": f"Monte Carlo trials (default {DEFAULT_TRIALS:,}; with "
        "target_stderr, a cap)",
    },
    "target_stderr": {
        "type": ["number", "null"],
        "minimum": MIN_TARGET,
        "exclusiveMaximum": 1,
        "description": "Monte Carlo: stop once every standard error is at most this",
    },
    "seed": {
        "type": ["integer", "null"],
        "minimum": 0,
        "maximum": SEED_LIMIT - 1,
        "description": "the seed (the result's seed reproduces it)",
    },
}
_SPOT = {
    "players": {
        "type": "array",
        "minItems": PLAYERS[0],
        "maxItems": MAX_PLAYERS,
        "items": {"type": "string", "maxLength": MAX_TEXT},
        "description": "each a hand (AsAh2c3d), '*' or range text (AA:$ds, 15%)",
    },
    "board": {
        "type": "string",
        "default": "",
        "maxLength": MAX_TEXT,
        "description": "0 to 5 cards, or a pattern (sss)",
    },
    "dead": {"type": "string", "default": "", "maxLength": MAX_TEXT},
    "game": {
        "type": ["string", "null"],
        "default": GAMES[0].name,
        "description": " or ".join(g.name for g in GAMES),
    },
}

_STRICT = {
    **_NULL_BOOL,
    "description": "true: text that looks like cards but reads as a pattern (AsAh2c3x) is an "
    "error; false or null (the default): it is read as a pattern, with a note",
}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error", "field"],
        "properties": {
            "error": {"type": "string", "description": "what is wrong, in plain words"},
            "field": {
                "type": ["string", "null"],
                "description": "the request's field it is about (players[1], board...)",
            },
            "column": {
                "type": ["array", "null"],
                "items": {"type": "integer"},
                "description": "query errors: [line, column] in the text",
            },
        },
    },
    "EquityRequest": {
        "type": "object",
        "required": ["players"],
        "properties": {**_SPOT, **_RUN, "strict": _STRICT},
    },
    "BoardsRequest": {
        "type": "object",
        "required": ["players"],
        "properties": {
            **_SPOT,
            **_RUN,
            "group": {"type": ["string", "null"], "description": "a texture grouping of the rows"},
            "where": {"type": ["string", "null"], "description": "a filter: scoop>0.5"},
            "sort": {"type": ["string", "null"], "description": "columns, asc or desc"},
            "top": {"type": ["integer", "null"], "minimum": 1},
        },
    },
    "SplitRequest": {
        "type": "object",
        "required": ["players"],
        "properties": {
            **_SPOT,
            **_RUN,
            "where": {
                "type": ["string", "null"],
                "description": "keep the combos passing this filter (scoop>50% and makes_low<0.2)",
            },
            "sort": {
                "type": ["string", "null"],
                "description": "columns, highest first (default: equity)",
            },
            "top": {"type": ["integer", "null"], "minimum": 1, "maximum": 5000},
        },
    },
    "SolveRequest": {
        "type": "object",
        "required": ["board", "oop", "ip", "pot", "stack"],
        "properties": {
            "board": {"type": "string", "maxLength": MAX_TEXT, "description": "the river: 5 cards"},
            "oop": {
                "type": "string",
                "maxLength": MAX_TEXT,
                "description": "the first to act: a hand or range text",
            },
            "ip": {"type": "string", "maxLength": MAX_TEXT, "description": "a hand or range text"},
            "pot": {"type": "number", "exclusiveMinimum": 0, "description": "chips in the pot"},
            "stack": {"type": "number", "minimum": 0, "description": "the effective stack behind"},
            "bets": {
                "type": ["string", "null"],
                "default": "50%,100%",
                "description": "bet sizes of both players, of the pot ('none': no bet)",
            },
            "raises": {"type": ["string", "null"], "default": "100%"},
            "oop_bets": {
                "type": ["string", "null"],
                "description": "OOP's sizes, in place of bets",
            },
            "ip_bets": {"type": ["string", "null"], "description": "IP's sizes, in place of bets"},
            "max_raises": {
                "type": ["integer", "null"],
                "minimum": 0,
                "maximum": MAX_RAISES,
                "default": 2,
            },
            "allin": {**_NULL_BOOL, "default": True},
            "dead": {"type": "string", "default": "", "maxLength": MAX_TEXT},
            "game": _SPOT["game"],
            "target_exploitability": {
                "type": ["number", "null"],
                "minimum": MIN_EXPLOITABILITY,
                "maximum": 1,
                "default": 0.003,
                "description": "stop at this exploitability, a fraction of the pot (0.003: 0.3%)",
            },
            "max_iterations": {
                "type": ["integer", "null"],
                "minimum": 1,
                "maximum": MAX_ITERATIONS,
            },
            "time_limit": {
                "type": ["number", "null"],
                "exclusiveMinimum": 0,
                "description": "seconds",
            },
        },
    },
    "QueryRequest": {
        "type": "object",
        "required": ["text"],
        "properties": {
            "text": {"type": "string", "maxLength": MAX_QUERY},
            **_RUN,
            "strict": _STRICT,
        },
    },
    "CheckRequest": {"type": "object", "required": ["players"], "properties": _SPOT},
    "RangeRequest": {
        "type": "object",
        "required": ["text"],
        "properties": {
            "text": {"type": "string", "maxLength": MAX_TEXT},
            "hole_cards": {"type": ["integer", "null"], "enum": [*HOLE_SIZES, None]},
            "game": {"type": ["string", "null"]},
            "order": {"type": ["string", "null"], "enum": [*listing.ORDERS, None]},
            "limit": {
                "type": ["integer", "null"],
                "minimum": 1,
                "maximum": RANGE_HANDS,
                "default": RANGE_LIMIT,
            },
        },
    },
    "EvalRequest": {
        "type": "object",
        "required": ["hole", "board"],
        "properties": {
            "hole": {"type": "string", "maxLength": MAX_TEXT},
            "board": {"type": "string", "maxLength": MAX_TEXT},
        },
    },
    "HitsRequest": {
        "type": "object",
        "required": ["range"],
        "properties": {
            "range": {"type": "string", "description": "range text (15%, A2**) or a hand"},
            "board": {"type": "string", "default": "", "description": "0, 3, 4 or 5 cards"},
            "dead": {"type": "string", "default": ""},
            "game": {"type": ["string", "null"], "default": "omaha8"},
            "group": {"type": ["string", "null"], "description": "no board: a texture grouping"},
            "show": {
                "type": ["string", "null"],
                "description": "no board: the groups of classes a table shows (high, low, "
                "low_draws, flush_draws, straights, made; default high), comma-separated",
            },
            "where": {"type": ["string", "null"], "description": "a filter: set>10%"},
            "sort": {"type": ["string", "null"], "description": "columns, asc or desc"},
            "top": {"type": ["integer", "null"], "minimum": 1, "maximum": HITS_ROWS},
        },
    },
    "BeatsRequest": {
        "type": "object",
        "required": ["hand", "villains", "board"],
        "properties": {
            "hand": {"type": "string", "maxLength": MAX_TEXT, "description": "one hand"},
            "villains": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_VILLAINS,
                "items": {"type": "string", "maxLength": MAX_TEXT},
                "description": "each a hand, range text or '*'",
            },
            "board": {"type": "string", "maxLength": MAX_TEXT, "description": "3, 4 or 5 cards"},
            "dead": {"type": "string", "default": "", "maxLength": MAX_TEXT},
            "game": {"type": ["string", "null"], "default": GAMES[0].name},
        },
    },
    "Job": {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "kind": {"type": "string"},
            "lane": {"enum": ["short", "long"]},
            "state": {"enum": ["running", "done", "failed", "cancelled"]},
            "progress": {"type": "object"},
            "result": {"type": ["object", "null"]},
            "error": {"oneOf": [_ref("Error"), {"type": "null"}]},
            "elapsed": {"type": "number"},
            "url": {"type": "string"},
            "events": {"type": "string"},
        },
    },
    "Object": {"type": "object"},
}

_ERRORS = {
    "413": {
        "description": f"the body is over {MAX_BODY:,} bytes",
        "content": {"application/json": {"schema": _ref("Error")}},
    },
    "422": {
        "description": "bad input: the message and the field",
        "content": {"application/json": {"schema": _ref("Error")}},
    },
}
_BUSY = {
    "429": {
        "description": "every slot of the lane is taken (short and long work have "
        "lanes of their own)",
        "content": {"application/json": {"schema": _ref("Error")}},
    }
}


def _post(
    summary: str, request: str, answer: str, more: dict[str, Any] | None = None, status: str = "200"
) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": _ref(request)}},
            },
            "responses": {
                status: {
                    "description": answer,
                    "content": {
                        "application/json": {"schema": _ref("Job" if status == "202" else "Object")}
                    },
                },
                **_ERRORS,
                **(more or {}),
            },
        }
    }


def _job_paths() -> dict[str, Any]:
    job_id = [{"name": "job_id", "in": "path", "required": True, "schema": {"type": "string"}}]
    found = {"description": "the job", "content": {"application/json": {"schema": _ref("Job")}}}
    missing = {
        "404": {
            "description": "no such job",
            "content": {"application/json": {"schema": _ref("Error")}},
        }
    }
    return {
        "/api/jobs/{job_id}": {
            "get": {
                "summary": "A job's state, progress and result (a poll)",
                "parameters": job_id,
                "responses": {"200": found, **missing},
            },
            "delete": {
                "summary": "Cancel a job: the engine stops within a round",
                "parameters": job_id,
                "responses": {"200": found, **missing},
            },
        },
        "/api/jobs/{job_id}/events": {
            "get": {
                "summary": "Server-sent events: 'progress' while it runs, then 'done', 'failed' or "
                "'cancelled'; closing the stream cancels the job",
                "parameters": job_id,
                "responses": {
                    "200": {
                        "description": "text/event-stream of Job objects",
                        "content": {"text/event-stream": {}},
                    },
                    **missing,
                },
            }
        },
    }


# The endpoints that answer a request, in the document's order: path,
# summary, the request's schema, the answer and the responses besides 200
# and the errors.
_ANSWERS: tuple[tuple[str, str, str, str, dict[str, Any]], ...] = (
    (
        "/api/equity",
        f"Equity of {PLAYERS[0]} to {MAX_PLAYERS} hands or ranges (waits for the answer; "
        "a client that disconnects cancels it)",
        "EquityRequest",
        "EquityResult.to_dict(), notes in plain words, and 'table': the cells the "
        "command line prints",
        _BUSY,
    ),
    (
        "/api/query",
        "Answer a PQL query (docs/pql.md)",
        "QueryRequest",
        "{'results': [QueryResult.to_dict() + 'table'], 'statements', 'interrupted'}",
        _BUSY,
    ),
    (
        "/api/boards",
        "The board report of a spot",
        "BoardsRequest",
        "BoardReport.to_dict() of the rows chosen, 'rows_shown', 'rows_all' and 'read' "
        "(the columns the filter and the sort read, a value per row)",
        {**_BUSY, "501": {"description": "no board reports in this version"}},
    ),
    (
        "/api/split",
        "The split graph of the first player's range against the others (docs/split.md)",
        "SplitRequest",
        "SplitGraph.to_dict() of the combos kept, 'rows', 'matched', 'run' (how it ran), "
        "'read' (the columns the filter and the sort read) and 'points' (every combo "
        "for the picture)",
        _BUSY,
    ),
    (
        "/api/solve",
        "An equilibrium of a heads-up river spot (docs/solver.md), by discounted CFR",
        "SolveRequest",
        "the solution's figures, its exploitability curve and each decision node's "
        "strategy by hand class ('nodes')",
        _BUSY,
    ),
    (
        "/api/check",
        "Read each player, the board and the dead cards on their own, as typed",
        "CheckRequest",
        "{'players': [reading or error], 'board', 'dead', 'used': cards}",
        _BUSY,
    ),
    (
        "/api/range",
        "What a range text holds",
        "RangeRequest",
        "count, fraction, weights, the first hands strongest first",
        _BUSY,
    ),
    (
        "/api/eval",
        "Best high and low of a hand on a board",
        "EvalRequest",
        "high and low: value, name, the five cards and which are the hand's",
        _BUSY,
    ),
    (
        "/api/beats",
        "What beats a hand now, for high and for low (a short answer: priced, and "
        "refused past a few seconds of work)",
        "BeatsRequest",
        "Beats.to_dict(): each villain's groups, best first, their combos' count and first hands",
        _BUSY,
    ),
)


def document() -> dict[str, Any]:
    paths: dict[str, Any] = {
        path: _post(summary, request, answer, more)
        for path, summary, request, answer, more in _ANSWERS
    }
    paths["/api/examples"] = {
        "get": {
            "summary": "The example queries of docs/pql.md",
            "responses": {"200": {"description": "{'examples': [text]}"}},
        }
    }
    for kind, schema in (
        ("equity", "EquityRequest"),
        ("query", "QueryRequest"),
        ("boards", "BoardsRequest"),
        ("split", "SplitRequest"),
        ("hits", "HitsRequest"),
        ("solve", "SolveRequest"),
    ):
        paths[f"/api/jobs/{kind}"] = _post(
            f"Start {kind} as a job: 202 with its id and its event stream",
            schema,
            "the job",
            _BUSY,
            status="202",
        )
    paths["/api/hits"] = _post(
        "What a range makes on a board, or on every flop (docs/hits.md; waits for the "
        "answer: every flop is a long job, a client that disconnects cancels it)",
        "HitsRequest",
        "RangeHits.to_dict(): the run, then the chosen rows column by column; rows_total; "
        "shown (the columns a table shows)",
        _BUSY,
    )
    paths.update(_job_paths())
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "omaha_eval local API",
            "version": __version__,
            "description": "Omaha hi/lo equity, queries, board reports, ranges and hands, "
            "served on this machine by `omaha-eval serve`.  Errors are 422 "
            "{'error': message, 'field': name}.",
        },
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }
