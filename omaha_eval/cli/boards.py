"""``omaha-eval boards``: the library's board_report, with a progress bar,
Ctrl-C keeping the rows done, and its table, JSON, CSV or picture."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from omaha_eval.batch.executors import dask_client
from omaha_eval.cli._shell import (
    EXIT_INTERRUPTED,
    FLAGS,
    Count,
    Sampling,
    fail,
    flags_of,
    game_flag,
    progress,
    sampling_options,
    user_errors,
)
from omaha_eval.cli.output import Output, output_options, quiet_option
from omaha_eval.cli.rows import ROW_FLAGS, RowFlags, row_options
from omaha_eval.engine.report import aligned
from omaha_eval.games import Game
from omaha_eval.records import json_text
from omaha_eval.study.boards.board_report import (
    REPORT_TRIALS,
    ROW_MIN_TRIALS,
    ROW_TRIALS,
    PreparedReport,
    prepare_board_report,
)
from omaha_eval.study.boards.columns import (
    TEXTURE_NAMES,
    board_columns,
    board_prototype,
    column_name,
    with_player_aliases,
)
from omaha_eval.study.boards.plot import plot_report
from omaha_eval.study.boards.report import BoardReport, BoardReportInterrupted
from omaha_eval.study.boards.table import heading, rows_grid
from omaha_eval.study.table.columns import columns_csv, columns_json, take_rows
from omaha_eval.study.table.select import RowSelection
from omaha_eval.study.table.textures import GROUPINGS

__all__ = ["boards_command"]

BOARD_FLAGS = {
    **FLAGS,
    "by": "--group",
    "figure": "--sort",
    "executor": "--workers",
    **flags_of("dask", "plot"),
    **ROW_FLAGS,
}


@click.command("boards", short_help="Figures of every flop, turn or river at once.")
@click.argument("players", nargs=-1, required=True, metavar="HAND_OR_RANGE...")
@click.option(
    "-b",
    "--board",
    default="",
    help="Known board cards (0 to 4): the rows are the next street's boards.",
)
@click.option("-d", "--dead", default="", help="Known dead cards.")
@sampling_options(
    "row's equity",
    f"Monte Carlo trials of each row [default: {ROW_TRIALS:,}, "
    f"fewer for a report of over {REPORT_TRIALS // ROW_TRIALS:,} rows, down to "
    f"{ROW_MIN_TRIALS:,}].",
)
@game_flag()
@click.option(
    "--group",
    "group_by",
    type=click.Choice(list(GROUPINGS)),
    help="Print the rows grouped by a texture instead.",
)
@row_options
@output_options(
    "Print one JSON document, column by column (docs/boards.md).",
    "Print a CSV row per row (the same columns).",
    "Draw equity and scoop by group and equity over the boards to FILE "
    "(.png or .svg; needs matplotlib).",
)
@click.option(
    "-w", "--workers", type=Count(min=1), help="Run the rows on this many local worker processes."
)
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    help="Run the rows on this Dask scheduler, e.g. tcp://10.0.0.5:8786.",
)
@quiet_option
def boards_command(
    players: tuple[str, ...],
    board: str,
    dead: str,
    sampling: Sampling,
    game: Game,
    group_by: str | None,
    row_flags: RowFlags,
    output: Output,
    workers: int | None,
    dask_address: str | None,
    quiet: bool,
) -> None:
    """Every board of the next street (no --board: every flop; a flop:
    every turn; a turn: every river), one row per class of boards alike
    under suit permutation, with each row's probability and figures.

    Players as for `omaha-eval equity`.  Exact when the deals are few,
    Monte Carlo per row otherwise (--trials per row, or --target-stderr);
    the same --seed gives the same report for any --threads, --workers or
    --dask.  Ctrl-C prints the rows done, marked interrupted, and exits 130.

    \b
    Examples:
      omaha-eval boards As2sKd3h KcKh7c8h
      omaha-eval boards As2sKd3h KcKh7c8h --group low
      omaha-eval boards 'AA:$ds' '15%' --target-stderr 0.005 --seed 1
      omaha-eval boards JhTh9s8s 7c7d5h4h --board 7s6h2c --sort scoop
      omaha-eval boards As2sKd3h KcKh7c8h --where 'scoop>50% and pairing=unpaired' --top 5
      omaha-eval boards As2sKd3h KcKh7c8h --json > flops.json
    """
    output.check_format()
    if workers is not None and dask_address is not None:
        fail("--workers and --dask exclude each other", {})
    keywords = sampling.keywords()
    # the texts are read before the work: a typo costs no wait
    prototype = with_player_aliases(board_prototype(len(players), group_by is not None))
    selection = row_flags.read(prototype, BOARD_FLAGS)
    output.check_plot()
    executor = _executor(workers, dask_address)
    if workers is not None:
        keywords["threads"] = workers  # a process each
    report, interrupted = _run(
        lambda show: prepare_board_report(
            list(players), board, dead, game=game.name, executor=executor, progress=show, **keywords
        ),
        quiet,
        output.as_json,
    )
    _print(report, group_by, selection, row_flags.given, output)
    if len(report):
        output.draw(lambda: plot_report(report, group_by or "texture"))
    if interrupted:
        sys.exit(EXIT_INTERRUPTED)


def _executor(workers: int | None, dask_address: str | None) -> Any:
    """Where the rows run: the Dask scheduler at `dask_address`, local
    worker processes (their number the run's threads), or the threads of
    this process (None)."""
    if dask_address is not None:
        with user_errors(BOARD_FLAGS):
            return dask_client(dask_address)
    return None if workers is None else "process"


def _run(
    prepare: Callable[[Callable[[BoardReport], None]], PreparedReport], quiet: bool, as_json: bool
) -> tuple[BoardReport, bool]:
    """The report `prepare` (given the progress callback) reads and runs,
    with a progress bar of the rows, and whether Ctrl-C stopped it (the
    rows done, marked interrupted)."""
    with progress(None, "row", quiet, scale=False) as bar:

        def show(partial: BoardReport) -> None:
            bar.total = partial.total_rows
            bar.update(len(partial) - bar.n)

        with user_errors(BOARD_FLAGS):
            try:
                return prepare(show).run(), False
            except BoardReportInterrupted as stopped:
                return stopped.report, True
            except KeyboardInterrupt:  # while the players were read: no report yet
                _stopped_before_the_report(as_json)


def _print(
    report: BoardReport,
    group_by: str | None,
    selection: RowSelection,
    chosen: bool,
    output: Output,
) -> None:
    """The report's rows (grouped `group_by`) the selection chooses, as
    JSON, CSV or a table (the report's own, unless rows were `chosen` or
    grouped)."""
    shown = report.group(group_by) if group_by else report
    table = board_columns(shown)
    named = with_player_aliases(table)
    rows = selection.rows(named)
    if output.as_json:
        click.echo(_json(shown, take_rows(table, rows)))
    elif output.as_csv:
        click.echo(columns_csv(take_rows(table, rows)), nl=False)
    else:
        read = {column_name(name, table): named[name] for name in selection.columns}
        click.echo(_full_table(shown, rows, read) if (group_by or chosen) else str(shown))


def _full_table(report: BoardReport, rows: Any, read: dict[str, Any]) -> str:
    """The chosen rows, in that order, under the report's heading, with the
    columns the filter and the sort read (`read`) beside the grid's."""
    header, cells = rows_grid(report, [int(r) for r in rows], read)
    return "\n".join([*heading(report), "", *aligned(header, cells)])


def _stopped_before_the_report(as_json: bool) -> NoReturn:
    """Ctrl-C before the report existed: one line, and with --json a
    document saying so (stdout stays JSON)."""
    message = "interrupted before the first row; no rows"
    if as_json:
        click.echo(json_text({"interrupted": True, "rows": [], "error": message}))
    click.echo(f"omaha-eval: {message}", err=True)
    sys.exit(EXIT_INTERRUPTED)


def _json(report: BoardReport, table: dict[str, Any]) -> str:
    """The JSON of ``--json``: the run (BoardReport.to_dict's keys but its
    rows and groups), then the chosen rows column by column, but the
    textures (functions of the board: study/table/textures.py)."""
    run = report.to_dict(groups=None, rows=[])
    run.pop("rows")
    textures = {*TEXTURE_NAMES, "texture"}
    return columns_json({k: v for k, v in table.items() if k not in textures}, **run)
