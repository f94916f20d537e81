"""``omaha-eval mcp``: the MCP server (omaha_eval.mcp) over stdio, for an
agent's client to start."""

from __future__ import annotations

import click

from omaha_eval import extras
from omaha_eval.cli._shell import fail

__all__ = ["mcp_command"]


@click.command("mcp", short_help="An MCP server over stdio, for agents.")
def mcp_command() -> None:
    """Serve the calculator to an agent: a Model Context Protocol server
    over stdio (standard input and output carry the protocol; messages go
    to standard error).

    An MCP client (a desktop assistant, an IDE, an agent framework) starts
    this command and calls its tools: hand values, equity of hands and
    ranges, what a range makes, the split graph, what beats a hand, board
    reports, queries, a range's size, preflop ranks and the exact preflop
    atlas.  Each tool says what it answers, whether exactly or by sampling,
    and how ties and quarters count; each answers JSON.  How to add it to a
    client: `omaha-eval help agents`.

    A client's configuration names the command and its argument:
    {"mcpServers": {"omaha-eval": {"command": "omaha-eval", "args": ["mcp"]}}}

    \b
    Examples:
      omaha-eval mcp
    """
    try:
        from omaha_eval.mcp import create_server
    except ImportError as exc:
        fail(extras.missing("mcp", f"mcp needs {exc.name}, which is not installed"), {})
    create_server().run("stdio")
