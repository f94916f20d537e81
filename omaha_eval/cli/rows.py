"""The flags that choose a report's rows, shared by the commands that print
many rows (``boards``, ``hits``, ``split``): ``--where``, ``--sort`` and ``--top``
(omaha_eval/study/table/select.py reads them)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from omaha_eval.cli._shell import Count, flags_of, option_group, user_errors
from omaha_eval.study.table.select import RowSelection, read_selection

__all__ = ["ROW_FLAGS", "RowFlags", "examples_of_rows", "row_options"]

ROW_FLAGS = {**flags_of("where", "sort", "top"), "table": "--where"}

F = TypeVar("F", bound=Callable[..., Any])


def row_options(command: F) -> F:
    """--where, --sort and --top (the command's parameter row_flags), their
    help's examples a board report's."""
    return examples_of_rows(
        ("scoop>0.5", "pairing=paired and equity<40%"),
        ("scoop", "pairing, equity asc"),
        "figures and textures by their column names; docs/boards.md",
    )(command)


@dataclass(frozen=True)
class RowFlags:
    """--where, --sort and --top as given (None: not given), handed to the
    command as one parameter, `row_flags`."""

    where_text: str | None
    sort_text: str | None
    top: int | None

    @property
    def given(self) -> bool:
        """Whether any of the three was given."""
        return self.where_text is not None or self.sort_text is not None or self.top is not None

    def read(
        self,
        prototype: Mapping[str, Any],
        flags: Mapping[str, str] = ROW_FLAGS,
        default_sort: str | None = None,
    ) -> RowSelection:
        """The flags read once, against the columns the report will have
        (its prototype), before the work: a typo costs no wait (bad text:
        one line naming its flag, exit code 2).  `default_sort`: the order
        when --sort is not given."""
        sort = self.sort_text if default_sort is None else (self.sort_text or default_sort)
        with user_errors(flags):
            return read_selection(prototype, where=self.where_text, sort=sort, top=self.top)


def examples_of_rows(where: tuple[str, ...], sort: tuple[str, ...], names: str) -> Callable[[F], F]:
    """--where, --sort and --top as row_options gives them, with the
    examples of a command's own columns in their help (`where`, `sort`:
    texts that command reads; `names`: where its columns are named)."""
    quoted = ", ".join(f"'{w}'" for w in where)
    sorts = " or ".join(f"'{w}'" for w in sort)
    options = [
        click.option(
            "--where",
            "where_text",
            metavar="FILTER",
            help=f"Only the rows that pass, e.g. {quoted} ({names}).",
        ),
        click.option(
            "--sort",
            "sort_text",
            metavar="COLUMNS",
            help=f"Order the rows by these columns, e.g. {sorts} (numbers highest first, "
            "text A to Z, unless asc or desc follows).",
        ),
        click.option("--top", type=Count(min=1), help="Only the first N rows (after --sort)."),
    ]
    return option_group("row_flags", RowFlags, options)
