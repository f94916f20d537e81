"""The worked transcript of docs/agents.md: an agent's session with the MCP
server, made by the SDK's own client, never typed by hand.

    python tools/agents_transcript.py           # print it
    python tools/agents_transcript.py --write   # put it in docs/agents.md

It starts ``python -m omaha_eval mcp`` (the package this interpreter
imports), lists the tools and makes the calls of CALLS, printing each call
and what came back: the JSON answer, or the error result, with the keys
CALLS names (an answer's every figure would fill pages).
tests/test_mcp_server.py makes the same calls and checks that the page
holds what they answer.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "agents.md"
START = "<!-- transcript: python tools/agents_transcript.py --write -->"
END = "<!-- end of the transcript -->"


# What of an answer the transcript shows: None, all of it; a list of keys,
# those (of an object, or of each object of a list); an object, each key's
# own part.
Shown = None | list[str] | dict[str, "Shown"]


@dataclass(frozen=True)
class Call:
    """A tool call of the transcript, and what of its answer to show."""

    tool: str
    arguments: dict[str, Any]
    shown: Shown = None


FIGURES = ["hand", "equity", "hi_share", "lo_share", "scoop", "stderr"]
CALLS = [
    Call("evaluate_hand", {"hole": "Ad Kd 3s 2s", "board": "Jd 4d 3c Qd 5h"}),
    Call(
        "equity",
        {"players": ["AsAh2c3d", "7c7d4c5d"], "board": "Ks8d3c"},
        {
            "method": None,
            "trials": None,
            "players": FIGURES,
            "exact": {"deals": None, "players": [*FIGURES[1:5], "hi_win", "lo_win"]},
        },
    ),
    Call(
        "equity",
        {"players": ["AsAh2c3d", "15%", "*"], "board": "Ks8d3c", "trials": 200000, "seed": 7},
        {"method": None, "trials": None, "seed": None, "players": FIGURES, "exact": None},
    ),
    Call(
        "range_hits",
        {"range": "A2**", "board": "Ks8d3c"},
        {"method": None, "mean": ["pair", "two_pair", "set", "nut_low_draw", "wrap_9"]},
    ),
    Call(
        "preflop_exact",
        {"hand": "As Ah 3s 2h"},
        ["hand", "method", "exact_equity", "equity", "deals"],
    ),
    Call("equity", {"players": ["AsAh2c3d", "KsKd2c9h"], "board": "Ks8d3c"}),
    Call("equity", {"players": ["AsAh2c3d", "*"], "exact": False, "trials": 50000000}),
    Call("equity", {"players": ["AsAh2c3d", "7c7d4c5d"], "bord": "Ks8d3c"}),
]

Caller = Callable[[str, dict[str, Any]], Awaitable[Any]]


def shown(value: Any, spec: Shown) -> Any:
    """The part of an answer the transcript shows (Shown)."""
    if spec is None:
        return value
    if isinstance(value, list):
        return [shown(v, spec) for v in value]
    if isinstance(spec, list):
        return {k: v for k, v in value.items() if k in spec}
    return {k: shown(value[k], sub) for k, sub in spec.items()}


def first_sentence(text: str) -> str:
    return re.split(r"(?<=\.)\s", text.strip(), maxsplit=1)[0]


WIDTH = 96  # a JSON value goes on one line when it fits in this many characters


def as_json(value: Any, indent: str = "") -> str:
    """JSON laid out for reading: a value on one line when it fits, else
    its entries one a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(indent) + len(flat) <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {as_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    return "[\n" + ",\n".join(inner + as_json(v, inner) for v in value) + f"\n{indent}]"


async def transcript(call: Caller, tools: list[Any]) -> str:
    """The transcript's text: the tools listed, then each call of CALLS and
    its answer (`call(tool, arguments)` gives a CallToolResult)."""
    lines = ["> tools/list"]
    lines += [f"{t.name}: {first_sentence(t.description)}" for t in tools]
    for c in CALLS:
        result = await call(c.tool, c.arguments)
        data = result.structured_content
        lines.append("")
        lines.append(f"> tools/call {c.tool} {json.dumps(c.arguments, ensure_ascii=False)}")
        kind = "error" if result.is_error else "answer"
        body = data if result.is_error else shown(data, c.shown)
        lines.append(f"< {kind} {as_json(body)}")
    return "\n".join(lines)


def in_page(text: str) -> str:
    """The page's transcript block for `text`."""
    return f"{START}\n\n```text\n{text}\n```\n\n{END}"


def page_transcript(page: str) -> str:
    """The transcript docs/agents.md holds."""
    match = re.search(
        re.escape(START) + r"\n\n```text\n(.*?)\n```\n\n" + re.escape(END), page, re.S
    )
    if match is None:
        raise SystemExit(f"{PAGE}: no transcript between {START!r} and {END!r}")
    return match.group(1)


async def _session() -> str:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    server = StdioServerParameters(
        command=sys.executable, args=["-m", "omaha_eval", "mcp"], env=dict(os.environ)
    )
    async with Client(stdio_client(server)) as client:
        listed = await client.list_tools()
        return await transcript(client.call_tool, listed.tools)


def main() -> None:
    import anyio

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"put it in {PAGE.name}")
    args = parser.parse_args()
    text = anyio.run(_session)
    if not args.write:
        print(text)
        return
    page = PAGE.read_text(encoding="utf-8")
    page_transcript(page)  # there is one to replace
    start, end = page.index(START), page.index(END) + len(END)
    PAGE.write_text(page[:start] + in_page(text) + page[end:], encoding="utf-8")
    print(f"wrote the transcript to {PAGE}")


if __name__ == "__main__":
    main()
