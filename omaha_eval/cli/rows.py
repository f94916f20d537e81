"""The flags that choose a report's rows, shared by the commands that print
many rows (``boards``, ``hits``, ``split``): ``--where``, ``--sort`` and ``--top``
(omaha_eval/study/table/select.py reads them)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from omaha_eval.cli._shell import Count, user_errors
from omaha_eval.study.table.select import RowSelection, read_selection

__all__ = ["ROW_FLAGS", "read_row_flags", "row_flags", "row_options"]

ROW_FLAGS = {"where": "--where", "sort": "--sort", "top": "--top", "table": "--where"}

F = TypeVar("F", bound=Callable[..., Any])


def row_flags(where: str, sort: str) -> Callable[[F], F]:
    """--where, --sort and --top (the command's parameters where_text,
    sort_text and top), their help giving `where` and `sort` as examples:
    each command's own, read against its own columns (a test runs them)."""
    options = [
        click.option(
            "--where",
            "where_text",
            metavar="FILTER",
            help=f"Only the rows that pass, e.g. {where} (columns by their names; "
            "docs/boards.md, 'Choosing rows').",
        ),
        click.option(
            "--sort",
            "sort_text",
            metavar="COLUMNS",
            help=f"Order the rows by these columns, e.g. {sort} "
            "(numbers highest first, text A to Z, unless asc or desc follows).",
        ),
        click.option("--top", type=Count(min=1), help="Only the first N rows (after --sort)."),
    ]

    def apply(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


# A board report's (boards, and hits until it gives its own).
row_options = row_flags(
    "'scoop>0.5', 'pairing=paired and equity<40%'", "'scoop' or 'pairing, equity asc'"
)


def read_row_flags(
    prototype: Mapping[str, Any],
    where: str | None,
    sort: str | None,
    top: int | None,
    flags: Mapping[str, str] = ROW_FLAGS,
) -> RowSelection:
    """--where, --sort and --top read once, against the columns the report
    will have (its prototype), before the work: a typo costs no wait (bad
    text: one line naming its flag, exit code 2)."""
    with user_errors(flags):
        return read_selection(prototype, where=where, sort=sort, top=top)
