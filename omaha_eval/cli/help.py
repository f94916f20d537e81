"""``omaha-eval help PAGE``: a page of the documentation, offline.

The pages are those the package ships (omaha_eval/pages.py).  The command
reference (``cli``) is
docs/cli.md with every command's ``--help`` in it, the text the site's
"Command line" page shows too (tools/docs_cli_hook.py calls with_commands).
"""

from __future__ import annotations

import inspect
import re
import shutil
import sys

import click
from click.shell_completion import CompletionItem

import omaha_eval
from omaha_eval.cli._shell import as_written, user_errors
from omaha_eval.cli.terminal import terminal_text
from omaha_eval.pages import page_names, page_source, page_title

__all__ = [
    "MARKER",
    "PAGES",
    "cli_page",
    "commands_markdown",
    "help_command",
    "page_text",
    "terminal_page",
    "terminal_width",
    "with_commands",
]

# What each page holds (docs/<name>.md), in the order the list shows them.
ABOUT = {
    "index": "getting started: install, a first query, where to go next",
    "rules": "how a hand and a pot are scored, for each game",
    "ranges": "the range language, every construct with an example",
    "pql": "queries: the language, its functions, examples",
    "cli": "every command and its options (each command's --help)",
    "solver": "vectors over every hand, showdowns, suit isomorphism, the river solver",
    "boards": "board reports: every flop (turn, river) at once, textures, groups",
    "hits": "what a range makes: lows, draws, sets, on a board or every flop",
    "batch": "many spots from a CSV or JSON Lines file",
    "web": "the local web page and its JSON API (omaha-eval serve)",
    "split": "the hi x lo split of every hand of a range: scoops, quarters, lows",
    "api": "every function and class the package exports (Python)",
    "benchmarks": "how the speed is measured, and the figures",
}
# The pages offered: every page the package ships (a page not in ABOUT is
# described by its title).
PAGES = {
    **{name: about for name, about in ABOUT.items() if name in page_names()},
    **{name: page_title(name).lower() for name in page_names() if name not in ABOUT},
}
MARKER = "<!-- omaha-eval commands -->"  # in docs/cli.md: where the commands go
API_MARKER = "<!-- omaha_eval.__all__ -->"  # in docs/api.md: where the exports go
_ROLE = re.compile(r":[a-z]+:`")  # a docstring's Sphinx role (:class:`Range`) before its name
WIDTH = 80  # commands' --help, wrapped the same on every terminal and on the site; pages in a pipe
MIN_WIDTH = 40  # a page in a narrower terminal is laid out for this width


def _summary(command: click.Command) -> str:
    """The first paragraph of a command's help, whole (click's own listing
    cuts it at 45 characters)."""
    text = inspect.cleandoc(command.help or "")
    return " ".join(text.split("\n\n")[0].split())


def _help(command: click.Command, path: str, parent: click.Context | None) -> str:
    ctx = click.Context(
        command,
        info_name=path.rsplit(" ", 1)[-1],
        parent=parent,
        terminal_width=WIDTH,
        max_content_width=WIDTH,
        **command.context_settings,
    )
    return command.get_help(ctx)


def commands_markdown(main: click.Group, prog: str = "omaha-eval") -> str:
    """Markdown for every command: a table of them, then for each its
    ``--help`` as printed (a text block, so nothing in it is read as Markdown)."""
    root = click.Context(
        main, info_name=prog, terminal_width=WIDTH, max_content_width=WIDTH, **main.context_settings
    )
    names = sorted(main.commands)
    rows = [f"| [`{prog} {n}`](#{prog}-{n}) | {_summary(main.commands[n])} |" for n in names]
    parts = [
        "## Commands\n",
        "| Command | What it does |\n| --- | --- |\n" + "\n".join(rows) + "\n",
        f"## {prog}\n",
        f"```text\n{_help(main, prog, None)}\n```\n",
    ]
    for name in names:
        parts += [
            f"## {prog} {name}\n",
            f"```text\n{_help(main.commands[name], f'{prog} {name}', root)}\n```\n",
        ]
    return "\n".join(parts)


def with_commands(markdown: str, main: click.Group) -> str:
    """A page (docs/cli.md) with the commands where its MARKER line is."""
    return markdown.replace(MARKER, commands_markdown(main))


def cli_page(main: click.Group) -> str:
    """docs/cli.md with the commands in it."""
    return with_commands(page_source("cli"), main)


def api_markdown() -> str:
    """Every name of omaha_eval.__all__ with the first line of its
    docstring, what the site's API page renders in full."""
    rows = []
    for name in sorted(omaha_eval.__all__, key=str.lower):
        obj = getattr(omaha_eval, name)
        doc = inspect.getdoc(obj) if callable(obj) or inspect.ismodule(obj) else None
        first = _ROLE.sub("`", " ".join((doc or "").split("\n\n")[0].split()))
        rows.append(f"- `{name}`: {first}" if first else f"- `{name}`")
    return "## Exports\n\n" + "\n".join(rows) + "\n"


def page_text(name: str, main: click.Group) -> str:
    """The Markdown of the page ``omaha-eval help NAME`` prints."""
    if name == "cli":
        return cli_page(main)
    if name == "api":
        return page_source(name).replace(API_MARKER, api_markdown())
    return page_source(name)


def terminal_page(name: str, main: click.Group, width: int = WIDTH) -> str:
    """The page ``omaha-eval help NAME`` prints: laid out for a terminal
    `width` columns wide (its text and its tables; code stays as written)."""
    return terminal_text(page_text(name, main), width, PAGES.__contains__)


def terminal_width() -> int:
    """The width the pages are laid out for: the terminal's, when stdout is
    one (at least MIN_WIDTH), else WIDTH (a pipe, a file)."""
    if sys.stdout is None or not sys.stdout.isatty():
        return WIDTH
    return max(MIN_WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)


def _page(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """PAGE is one of PAGES (not click.Choice, whose metavar would replace
    the name PAGE in the usage line and in the error)."""
    if value is not None and value not in PAGES:
        pages = ", ".join(map(repr, PAGES))
        raise click.BadParameter(
            f"{value!r} is not a page; the pages are {pages}", param_hint="PAGE"
        )
    return value


def _complete_page(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """The pages, for the shell's completion (`omaha-eval help r<TAB>`)."""
    return [
        CompletionItem(name, help=about)
        for name, about in PAGES.items()
        if name.startswith(incomplete)
    ]


@click.command("help", short_help="Print a page of the documentation, offline.")
@click.argument("page", required=False, callback=_page, shell_complete=_complete_page)
def help_command(page: str | None) -> None:
    """Print a page of the documentation, offline.

    The page is the one the site is built from, shipped with the package,
    laid out for a terminal (through a pager, as `git help` does, when the
    output is one); without PAGE, the list of pages.

    \b
    Examples:
      omaha-eval help ranges
      omaha-eval help cli | less
      omaha-eval help
    """
    if page is None:
        width = max(map(len, PAGES))
        lines = [f"  {name:<{width}}  {about}" for name, about in PAGES.items()]
        click.echo("Pages (omaha-eval help PAGE):\n" + "\n".join(lines))
        return
    main = click.get_current_context().find_root().command  # the group that holds this command
    assert isinstance(main, click.Group)
    with user_errors({"page": "PAGE"}):
        text = terminal_page(page, main, terminal_width())
    if sys.stdout is not None and sys.stdout.isatty():
        # click writes to the pager in stdout's encoding, strictly: what that
        # cannot hold is written plain first (A♠ as As in a cp1252 console)
        click.echo_via_pager(as_written(text, sys.stdout.encoding or "utf-8"))
    else:
        click.echo(text, nl=False)
