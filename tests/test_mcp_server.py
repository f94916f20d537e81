"""The MCP server (omaha_eval.mcp, ``omaha-eval mcp``) driven as an agent's
client drives it: the SDK's own Client, over stdio, to the server in a
subprocess (``python -m omaha_eval mcp``, started once for the module).
Every tool is listed with a description that says what it answers, and
called; its answer is checked against the Python API, and the example
each description quotes against the answer.  Bad input comes back as an
error result naming the argument; a question too big is refused with what
to narrow.  The slow test starts the installed ``omaha-eval mcp`` command,
as a client's configuration does (docs/agents.md)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import sys
import threading
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

mcp = pytest.importorskip("mcp", reason="the mcp extra (in the test extra) is not installed")

import anyio  # noqa: E402
from anyio.from_thread import BlockingPortal, start_blocking_portal  # noqa: E402
from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

import omaha_eval as oe  # noqa: E402
from omaha_eval.engine.plan import WORK_PER_SECOND  # noqa: E402
from omaha_eval.mcp import answers, server  # noqa: E402
from omaha_eval.pages import page_source  # noqa: E402
from omaha_eval.preflop import exact_vs_random, preflop_rank  # noqa: E402
from omaha_eval.web.jobs import SHORT_JOBS, SHORT_SECONDS  # noqa: E402

# The server's command; the SDK's stdio transport starts it (Client takes the
# transport in every 2.x release; the parameters themselves only from 2.1), in
# this environment (the SDK passes on only a few variables; PYTHONPATH=. pytest
# needs its own).
SERVER = StdioServerParameters(
    command=sys.executable, args=["-m", "omaha_eval", "mcp"], env=dict(os.environ)
)


class Session:
    """A client session held open across the module's tests: calls are
    run in the portal's event loop, from the test's thread."""

    def __init__(self, portal: BlockingPortal, client: Client) -> None:
        self.portal, self.client = portal, client

    def call(self, tool: str, **arguments: Any) -> Any:
        return self.portal.call(self.client.call_tool, tool, arguments)

    def answer(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.call(tool, **arguments)
        assert not result.is_error, result.content[0].text
        data: dict[str, Any] = result.structured_content
        return data

    def error(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.call(tool, **arguments)
        assert result.is_error, result.structured_content
        data: dict[str, Any] = result.structured_content
        assert set(data) >= {"error", "field", "value"}
        assert "Traceback" not in data["error"]
        return data

    def tools(self) -> dict[str, Any]:
        listed = self.portal.call(self.client.list_tools)
        return {t.name: t for t in listed.tools}


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    # the server's stderr to a file of its own (pytest --capture=sys, as
    # tools/sanitize.sh runs, gives a sys.stderr with no file descriptor)
    log = tmp_path_factory.mktemp("mcp") / "server-stderr.txt"
    with (
        log.open("w", encoding="utf-8") as errors,
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(Client(stdio_client(SERVER, errors))) as client,
    ):
        yield Session(portal, client)


# ------------------------------------------------------------------ listing


def test_every_tool_is_listed_with_a_description_of_what_it_answers(session: Session) -> None:
    tools = session.tools()
    assert set(tools) == set(answers.ANSWERS)
    for name, tool in tools.items():
        text = tool.description
        assert "Example:" in text and "Answer:" in text, name
        assert "exact" in text.lower(), name  # whether the answer is exact or sampled
        assert tool.output_schema["type"] == "object", name
        assert tool.annotations.read_only_hint, name
        properties = tool.input_schema["properties"]
        assert properties, name
        for argument, schema in properties.items():
            assert schema.get("description"), (name, argument)
    for name in ("equity", "board_report", "split_graph", "query"):
        text = tools[name].description
        assert "quartered" in text and "tie" in text and "seed" in text, name  # ties, quarters


def test_the_server_says_who_it_is_and_how_to_use_it(session: Session) -> None:
    assert session.client.server_info.name == "omaha-eval"
    assert session.client.server_info.version == oe.__version__
    assert "exactly two hole cards" in session.client.instructions


def test_the_pages_the_descriptions_name_are_resources_to_read(session: Session) -> None:
    listed = session.portal.call(session.client.list_resources).resources
    uris = {str(r.uri) for r in listed}
    assert {f"{server.DOCS}{name}" for name in ("rules", "ranges", "pql", "agents")} <= uris
    read = session.portal.call(session.client.read_resource, f"{server.DOCS}ranges")
    assert read.contents[0].text == page_source("ranges")


# ------------------------------------------------------------------ answers

HAND, VILLAIN, FLOP = "AsAh2c3d", "7c7d4c5d", "Ks8d3c"


def _described(session: Session, tool: str, *quoted: str) -> None:
    """The description's example quotes these (the test checks them)."""
    text = session.tools()[tool].description
    for q in quoted:
        assert q in text, (tool, q)


def test_evaluate_hand_is_the_libraries_value(session: Session) -> None:
    got = session.answer("evaluate_hand", hole="Ad Kd 3s 2s", board="Jd 4d 3c Qd 5h")
    value = oe.evaluate("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h")
    assert (got["high"]["value"], got["high"]["name"]) == (value.high, value.high_name)
    assert (got["low"]["value"], got["low"]["name"]) == (value.low, value.low_name)
    assert got["method"] == "exact"
    _described(session, "evaluate_hand", "'Flush, ace high'", "'5-4-3-2-A'")


def test_exact_equity_is_the_libraries_with_its_counts(session: Session) -> None:
    got = session.answer("equity", players=[HAND, VILLAIN], board=FLOP)
    want = oe.equity([HAND, VILLAIN], board=FLOP)
    assert got["method"] == want.method == "exact" and got["trials"] == want.trials == 820
    for mine, theirs in zip(got["players"], want.players, strict=True):
        assert mine["equity"] == theirs.equity and mine["breakdown"] == theirs.breakdown
    exact = got["exact"]
    assert exact["deals"] == 820
    for counted, theirs in zip(exact["players"], want.players, strict=True):
        assert float(Fraction(counted["equity"])) == pytest.approx(theirs.equity, abs=1e-15)
        assert counted["hi_win"] == round(theirs.hi_win * 820)
    assert exact["players"][0]["equity"] == "1223/1640" and exact["players"][0]["hi_win"] == 618
    _described(session, "equity", "'1223/1640'", "618 of the 820", "0.7457", "820 runouts")


def test_sampled_equity_has_its_seed_and_errors_and_repeats(session: Session) -> None:
    got = session.answer("equity", players=[HAND, "15%"], trials=20_000, seed=5)
    want = oe.equity([HAND, "15%"], trials=20_000, seed=5)
    assert got["method"] == "monte-carlo" and got["seed"] == 5 and got["exact"] is None
    assert [p["equity"] for p in got["players"]] == [p.equity for p in want.players]
    assert [p["stderr"] for p in got["players"]] == [p.stderr for p in want.players]


def test_range_size_counts_the_hands(session: Session) -> None:
    got = session.answer("range_size", text="AA:$ds, KK@0.5", limit=3)
    r = oe.Range("AA:$ds, KK@0.5")
    assert got["count"] == len(r) == 7819 and got["fraction"] == r.fraction
    assert len(got["hands"]) == 3
    _described(session, "range_size", "7,819 hands", "0.0289")


def test_preflop_rank_is_the_orders_place(session: Session) -> None:
    got = session.answer("preflop_rank", hand="As Ah 3s 2h")
    for order in got["orders"]:
        want = preflop_rank("As Ah 3s 2h", table=order["table"])
        assert (order["rank"], order["percentile"]) == (want.rank, want.percentile)
    heads_up, six = got["orders"]
    assert heads_up["method"] == "exact" and heads_up["rank"] == 1
    assert six["method"] == "monte-carlo" and six["seed"] is not None and six["stderr"]
    _described(session, "preflop_rank", "heads-up rank 1, percentile 0")


def test_preflop_exact_gives_the_atlas_fractions(session: Session) -> None:
    got = session.answer("preflop_exact", hand="As Ah 3s 2h")
    assert got == exact_vs_random("As Ah 3s 2h").to_dict()
    _described(session, "preflop_exact", "'61368796061/84526174656'", "211,315,436,640")


def test_range_hits_are_the_librarys_shares(session: Session) -> None:
    got = session.answer("range_hits", range="AA**", board=FLOP)
    want = oe.range_hits("AA**", FLOP).to_dict()["mean"]
    assert got["mean"] == pytest.approx(want, rel=1e-12)
    assert got["method"] == "exact"
    _described(session, "range_hits", f"'{FLOP}'", f"pair {want['pair']:.3f}")


def test_range_hits_of_every_flop_answer_the_top_rows(session: Session) -> None:
    got = session.answer("range_hits", range="AA**", sort="flush", top=2)
    # every flop but the three-ace ones (they leave AA** no hand: no row)
    assert got["rows_total"] == 1754 and got["rows"] == 2


def test_beats_groups_are_the_librarys_with_their_hands_cut(session: Session) -> None:
    got = session.answer("beats", hand="As2sJd9h", villains=["KK, 34"], board="Ks7d3c", hands=2)
    want = oe.beats("As2sJd9h", ["KK, 34"], "Ks7d3c").to_dict()
    for mine, theirs in zip(got["villains"][0]["high"], want["villains"][0]["high"], strict=True):
        assert (mine["name"], mine["weight"], mine["share"]) == (
            theirs["name"],
            theirs["weight"],
            theirs["share"],
        )
        assert mine["hands"] == theirs["hands"][:2]
        assert mine["hands_total"] == len(theirs["hands"])
    _described(session, "beats", "3,139 combos of 12,199")


def test_split_graph_rows_are_the_librarys_combos(session: Session) -> None:
    got = session.answer(
        "split_graph",
        players=["AA**", VILLAIN],
        board="Ks8d3c2h9s",
        exact=True,
        sort="equity",
        top=3,
    )
    graph = oe.split_graph("AA**", VILLAIN, "Ks8d3c2h9s", exact=True)
    columns = graph.columns()
    best = sorted(columns["equity"], reverse=True)[:3]
    assert got["method"] == "exact" and got["columns"]["equity"] == best
    assert got["combos"] == len(columns["equity"]) and got["matched"] == 3


def test_board_report_rows_are_the_librarys(session: Session) -> None:
    got = session.answer(
        "board_report", players=[HAND, VILLAIN], board=FLOP, sort="p2_equity", top=2
    )
    report = oe.board_report([HAND, VILLAIN], FLOP)
    best = sorted((row["players"][1]["equity"] for row in report.to_dict()["rows"]), reverse=True)
    assert [row["players"][1]["equity"] for row in got["rows"]] == best[:2]
    assert got["rows_all"] == 41 and got["rows_shown"] == 2 and got["method"] == "exact"


QUERY = (
    "select avg(riverequity(hero)), count(scoops(hero)) "
    f"from hero='{HAND}', villain='{VILLAIN}', board='{FLOP}'"
)


def test_a_query_answers_the_librarys_figures(session: Session) -> None:
    got = session.answer("query", text=QUERY)
    want = oe.query(QUERY)
    (result,) = got["results"]
    assert [c["value"] for c in result["columns"]] == [c.value for c in want.columns]
    assert result["method"] == "exact" and result["trials"] == 820
    _described(session, "query", "0.7457", "0.5732", "820 deals")


# ------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("tool", "arguments", "field", "value"),
    [
        ("equity", {"players": [HAND, "AsKd"], "board": FLOP}, "players[1]", "AsKd"),
        ("equity", {"players": [HAND, VILLAIN], "board": "Ks8d3c3c"}, "board", "Ks8d3c3c"),
        ("equity", {"players": [HAND, VILLAIN], "bord": FLOP}, "bord", None),
        ("equity", {"players": [HAND, VILLAIN], "trials": 0}, "trials", 0),
        ("evaluate_hand", {"hole": "As Kd Qh As", "board": FLOP}, "hole", None),
        ("range_size", {"text": "AAA:$zz"}, "text", None),
        (
            "board_report",
            {"players": [HAND, VILLAIN], "board": FLOP, "where": "nope>1"},
            "where",
            None,
        ),
        ("query", {"text": "select avg(nothing(hero)) from hero='AA'"}, "text", None),
        ("preflop_exact", {"hand": "AsAhKsKh2c"}, "hand", None),
        ("beats", {"hand": "AA", "villains": ["KK"], "board": FLOP}, "hand", "AA"),
    ],
)
def test_bad_input_is_an_error_naming_its_argument(
    session: Session, tool: str, arguments: dict[str, Any], field: str, value: Any
) -> None:
    error = session.error(tool, **arguments)
    assert error["field"] == field, error
    if value is not None:
        assert error["value"] == value


def test_a_query_error_says_where_in_the_text(session: Session) -> None:
    error = session.error("query", text="select avg(riverequity(hero) from hero='AA'")
    assert error["field"] == "text" and len(error["column"]) == 2


def test_an_argument_of_the_wrong_type_is_refused_naming_it(session: Session) -> None:
    result = session.call("equity", players=[HAND, VILLAIN], trials="many")
    assert result.is_error and "trials" in result.content[0].text


# -------------------------------------------------------------------- costs


def test_too_many_trials_are_refused_with_what_to_ask(session: Session) -> None:
    error = session.error(
        "equity", players=[HAND, VILLAIN], exact=False, trials=answers.SHORT_TRIALS + 1
    )
    assert error["field"] == "trials" and f"{answers.SHORT_TRIALS:,}" in error["error"]


def test_exact_work_over_the_short_lane_is_refused_with_what_to_narrow(session: Session) -> None:
    error = session.error("equity", players=[HAND, VILLAIN, "*"], board=FLOP, exact=True)
    assert error["field"] == "exact" and "exact=false" in error["error"]


def _call_in_process(tool: str, **arguments: Any) -> dict[str, Any]:
    """The server's own call path (slot, time limit, errors), in this process."""
    result = server._answered(tool, arguments, threading.Event())
    data: dict[str, Any] = result.structured_content
    return {**data, "is_error": result.is_error}


def test_a_run_past_the_time_limit_is_stopped_and_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "SHORT_SECONDS", 0.05)
    args = {"players": ["15%", "20%"], "board": "", "top": 1, "exact": False, "trials": 10_000_000}
    got = _call_in_process("board_report", **args)
    assert got["is_error"] and got["error"].startswith("stopped after 0 s")
    assert "fewer players or narrower ranges" in got["error"]


def test_one_more_question_than_the_slots_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    held = [server._slots.acquire(blocking=False) for _ in range(SHORT_JOBS)]
    try:
        assert all(held)
        got = _call_in_process("range_size", text="AA")
        assert got["is_error"] and f"{SHORT_JOBS} questions are running" in got["error"]
    finally:
        for _ in held:
            server._slots.release()
    assert not _call_in_process("range_size", text="AA")["is_error"]


# ------------------------------------------------------------- the page

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "agents.md"
SCRIPT = ROOT / "tools" / "agents_transcript.py"
needs_the_page = pytest.mark.skipif(
    not (PAGE.exists() and SCRIPT.exists()), reason="needs the source tree (docs/, tools/)"
)


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("agents_transcript", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@needs_the_page
def test_the_pages_transcript_is_what_the_server_answers(session: Session) -> None:
    """docs/agents.md's session, made by tools/agents_transcript.py: the
    same calls answer the same now (python tools/agents_transcript.py
    --write makes it again)."""
    script = _script()
    listed = session.portal.call(session.client.list_tools).tools
    made = session.portal.call(script.transcript, session.client.call_tool, listed)
    assert script.page_transcript(PAGE.read_text(encoding="utf-8")) == made


@needs_the_page
def test_the_pages_limits_are_the_servers() -> None:
    page = " ".join(PAGE.read_text(encoding="utf-8").split())
    for said in (
        f"about {answers.SHORT_WORK / WORK_PER_SECOND:.0f} s of one core",
        f"{answers.SHORT_TRIALS:,} Monte Carlo trials",
        f"every run by {SHORT_SECONDS:.0f} s",
        f"{SHORT_JOBS} questions at once",
        f"first {answers.DEFAULT_ROWS} rows",
        f"lists {answers.DEFAULT_HANDS} hands",
    ):
        assert said in page, said


def _configured() -> dict[str, Any]:
    """The server entry of the page's client configuration."""
    page = PAGE.read_text(encoding="utf-8")
    (block,) = re.findall(r"```text\n(\{\n\s+\"mcpServers\".*?)```", page, re.S)
    entry: dict[str, Any] = json.loads(block)["mcpServers"]["omaha-eval"]
    return entry


# ------------------------------------------------------- the command itself


@pytest.mark.slow  # starts the installed command, as a client's configuration does
@needs_the_page
def test_the_omaha_eval_mcp_command_serves_a_client(tmp_path: Path) -> None:
    """The page's configuration, as a client reads it: its command, found
    on PATH, with its arguments."""
    entry = _configured()
    command = shutil.which(entry["command"])
    if command is None:
        pytest.skip("the omaha-eval command is not installed")

    async def session() -> tuple[list[str], dict[str, Any]]:
        server = StdioServerParameters(command=command, args=entry["args"])
        with (tmp_path / "server-stderr.txt").open("w", encoding="utf-8") as errors:
            async with Client(stdio_client(server, errors)) as client:
                listed = await client.list_tools()
                args = {"players": [HAND, VILLAIN], "board": FLOP}
                result = await client.call_tool("equity", args)
                return [t.name for t in listed.tools], result.structured_content

    names, got = anyio.run(session)
    assert set(names) == set(answers.ANSWERS)
    assert got["exact"]["players"][0]["equity"] == "1223/1640"
