"""MkDocs hook: docs/cli.md gets every command's ``--help``.

The line ``<!-- omaha-eval commands -->`` in the page becomes the commands,
as omaha_eval.cli.help writes them for ``omaha-eval help cli``: the
site and the terminal show the same text.  Each help is a text block, so
nothing in it is read as Markdown (``"*" "*"`` stays two quoted stars, the
examples stay one per line).
"""

from __future__ import annotations

from typing import Any


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    from omaha_eval.cli import help, main

    return help.with_commands(markdown, main) if help.MARKER in markdown else markdown
