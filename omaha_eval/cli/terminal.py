"""A docs page's Markdown laid out as terminal text (``omaha-eval help PAGE``).

markdown-it-py reads the Markdown (CommonMark with tables, as the site's
Python-Markdown does for these pages); this lays out what it read: headings
underlined, paragraphs and list items wrapped to the width, code blocks
indented and kept as written, tables in aligned columns.  What only the site
uses is dropped: HTML comments (the generators' markers), ``{#anchor}`` ids
after headings, emphasis marks; a link to another page names the command
that prints it.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

__all__ = ["terminal_text"]

INDENT = "    "  # code blocks and block quotes
GUTTER = "  "  # between a table's columns
MIN_COLUMN = 8  # a column a table squeezes into the width keeps at least this (or its longest word)
_ANCHOR = re.compile(r"\s*\{#[^}]*\}\s*$")  # attr_list's id after a heading
_PAGE_LINK = re.compile(r"^(?:\.\./docs/|docs/)?([a-z]+)\.md(?:#.*)?$")  # a link to a docs page


def terminal_text(markdown: str, width: int = 80, pages: Callable[[str], bool] = bool) -> str:
    """`markdown` as terminal text, `width` columns wide where it can wrap;
    `pages(name)`: whether ``omaha-eval help name`` prints docs/name.md."""
    root = SyntaxTreeNode(MarkdownIt("commonmark").enable("table").parse(markdown))
    blocks = _Layout(width, pages).blocks(root.children, width)
    return "\n\n".join(b for b in blocks if b) + "\n"


class _Layout:
    def __init__(self, width: int, pages: Callable[[str], bool]) -> None:
        self.width = width
        self.pages = pages

    def blocks(self, nodes: list[SyntaxTreeNode], width: int) -> list[str]:
        """Each block node's text (no trailing newline)."""
        return [self.block(node, width) for node in nodes]

    def block(self, node: SyntaxTreeNode, width: int) -> str:
        kind = node.type
        if kind == "heading":
            title = _ANCHOR.sub("", self.inline(node.children[0]))
            level = int(node.tag[1])
            rule = {1: "=", 2: "-", 3: "~"}.get(level)
            return f"{title}\n{rule * len(title)}" if rule else title
        if kind == "paragraph":
            return self.wrap(self.inline(node.children[0]), width)
        if kind in ("fence", "code_block"):
            return textwrap.indent(node.content.rstrip("\n"), INDENT)  # blank lines stay empty
        if kind in ("bullet_list", "ordered_list"):
            return self.list(node, width)
        if kind == "table":
            return self.table(node, width)
        if kind == "blockquote":
            inner = "\n\n".join(self.blocks(node.children, width - len(INDENT)))
            return textwrap.indent(inner, INDENT)
        if kind == "hr":
            return "-" * min(width, 40)
        if kind == "html_block":
            return "" if node.content.lstrip().startswith("<!--") else node.content.rstrip("\n")
        return "\n\n".join(self.blocks(node.children, width))  # anything else: its blocks

    def list(self, node: SyntaxTreeNode, width: int) -> str:
        start = int(str(node.attrs.get("start", 1)))
        items = []
        for n, item in enumerate(node.children):
            mark = f"{start + n}. " if node.type == "ordered_list" else "- "
            pad = " " * len(mark)
            inner = "\n\n".join(b for b in self.blocks(item.children, width - len(mark)) if b)
            lines = inner.splitlines() or [""]
            items.append("\n".join([mark + lines[0], *(pad + x if x else x for x in lines[1:])]))
        tight = not any("\n\n" in item for item in items)
        return ("\n" if tight else "\n\n").join(items)

    def table(self, node: SyntaxTreeNode, width: int) -> str:
        rows = [
            [self.inline(cell.children[0]) if cell.children else "" for cell in row.children]
            for part in node.children
            for row in part.children
        ]
        columns = max(map(len, rows))
        rows = [row + [""] * (columns - len(row)) for row in rows]
        widths = fit_columns(
            [max(len(row[i]) for row in rows) for i in range(columns)],
            [max((_longest_word(row[i]) for row in rows), default=0) for i in range(columns)],
            width - len(GUTTER) * (columns - 1),
        )
        lines = []
        for n, row in enumerate(rows):
            cells = [_wrap_cell(cell, w) for cell, w in zip(row, widths, strict=True)]
            for i in range(max(map(len, cells))):
                parts = [
                    (c[i] if i < len(c) else "").ljust(w)
                    for c, w in zip(cells, widths, strict=True)
                ]
                lines.append(GUTTER.join(parts).rstrip())
            if n == 0:
                lines.append(GUTTER.join("-" * w for w in widths))
        return "\n".join(lines)

    def inline(self, node: SyntaxTreeNode) -> str:
        """The text of an inline node: code in backticks, emphasis unmarked,
        links as their text (and where they lead, unless it is this page)."""
        out = []
        for child in node.children:
            kind = child.type
            if kind == "text":
                out.append(child.content)
            elif kind == "code_inline":
                out.append(f"`{child.content}`")
            elif kind in ("softbreak", "hardbreak"):
                out.append("\n" if kind == "hardbreak" else " ")
            elif kind == "link":
                out.append(self.inline(child) + self.target(str(child.attrs.get("href", ""))))
            elif kind == "image":
                out.append(child.content)
            elif kind == "html_inline":
                continue
            else:  # em, strong, and whatever holds text
                out.append(self.inline(child))
        return "".join(out)

    def target(self, href: str) -> str:
        """Where a link leads, as a terminal reader can follow it."""
        if href.startswith("#") or not href:
            return ""
        page = _PAGE_LINK.match(href)
        if page and self.pages(page[1]):
            return f" (omaha-eval help {page[1]})"
        return f" ({href})"

    @staticmethod
    def wrap(text: str, width: int) -> str:
        lines = text.split("\n")  # hard breaks stay
        return "\n".join(
            textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False)
            for line in lines
        )


def fit_columns(natural: list[int], words: list[int], room: int) -> list[int]:
    """The widths of a table's columns in `room` characters (the gutters
    left out): each column its natural width when they fit; else the widest
    column is narrowed, a character at a time, down to its floor (its
    longest word, or MIN_COLUMN, whichever is larger, but never more than
    its natural width).  A table whose floors do not fit stays wider."""
    widths = list(natural)
    floors = [min(n, max(w, MIN_COLUMN)) for n, w in zip(natural, words, strict=True)]
    while sum(widths) > room:
        slack = [w - f for w, f in zip(widths, floors, strict=True)]
        widest = max(range(len(widths)), key=lambda i: (slack[i] > 0, widths[i]))
        if slack[widest] <= 0:
            break
        widths[widest] -= 1
    return widths


def _longest_word(text: str) -> int:
    return max(map(len, text.split()), default=0)


def _wrap_cell(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]
