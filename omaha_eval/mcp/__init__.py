"""An MCP (Model Context Protocol) server: ``omaha-eval mcp`` gives an agent
the package's exact answers as tools over stdio (needs the ``mcp`` extra:
the official SDK), with the web page's bounds on input and cost
(docs/agents.md).

The parts: server.py (the tools, what each says of itself, one call's
slot, time limit and errors), answers.py (what each tool answers, through
the library, as the web API reads its requests), exact.py (the counts
behind an exact equity).
"""

from omaha_eval.mcp.server import create_server

__all__ = ["create_server"]
