"""``omaha-eval boards``: the library's board_report, with a progress bar,
Ctrl-C keeping the rows done, and its table, JSON, CSV or picture."""

from __future__ import annotations

import csv
import io
import sys
from typing import Any

import click

from omaha_eval.batch.executors import dask_client
from omaha_eval.cli._shell import (
    EXIT_INTERRUPTED,
    FLAGS,
    Count,
    complete_game,
    fail,
    game_option,
    method,
    progress,
    sampling_options,
    user_errors,
)
from omaha_eval.engine.report import aligned
from omaha_eval.games import Game
from omaha_eval.plots import check_plot_target, save_figure
from omaha_eval.records import json_text
from omaha_eval.reports import board_report
from omaha_eval.reports.board_report import REPORT_TRIALS, ROW_MIN_TRIALS, ROW_TRIALS
from omaha_eval.reports.plot import plot_report
from omaha_eval.reports.report import SORTABLE, BoardReport, BoardReportInterrupted
from omaha_eval.reports.table import heading, rows_grid
from omaha_eval.reports.textures import GROUPINGS

__all__ = ["boards_command"]

BOARD_FLAGS = {**FLAGS, "by": "--group", "figure": "--sort", "executor": "--workers",
               "dask": "--dask", "plot": "--plot"}  # fmt: skip


@click.command("boards", short_help="Figures of every flop, turn or river at once.")
@click.argument("players", nargs=-1, required=True, metavar="HAND_OR_RANGE...")
@click.option("-b", "--board", default="", help="Known board cards (0 to 4): the rows are "
              "the next street's boards.")  # fmt: skip
@click.option("-d", "--dead", default="", help="Known dead cards.")
@sampling_options("row's equity", f"Monte Carlo trials of each row [default: {ROW_TRIALS:,}, "
                  f"fewer for a report of over {REPORT_TRIALS // ROW_TRIALS:,} rows, down to "
                  f"{ROW_MIN_TRIALS:,}].")  # fmt: skip
@click.option(
    "-g", "--game", callback=game_option, shell_complete=complete_game, metavar="GAME",
    default="omaha8", show_default=True,
    help="omaha8 (o8, plo8) = hi/lo; omaha (plo) = high only.",
)  # fmt: skip
@click.option("--group", "group_by", type=click.Choice(list(GROUPINGS)),
              help="Print the rows grouped by a texture instead.")  # fmt: skip
@click.option("--sort", "sort_by", type=click.Choice(list(SORTABLE)), default=None,
              help="Order the rows by this figure of player 1 (highest first).")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (docs/boards.md).")
@click.option("--csv", "as_csv", is_flag=True, help="Print a CSV row per row.")
@click.option("--plot", "plot_path", metavar="FILE", type=click.Path(dir_okay=False),
              help="Draw equity and scoop by group and equity over the boards to FILE "
              "(.png or .svg; needs matplotlib).")  # fmt: skip
@click.option("-w", "--workers", type=Count(min=1),
              help="Run the rows on this many local worker processes.")  # fmt: skip
@click.option("--dask", "dask_address", metavar="ADDRESS",
              help="Run the rows on this Dask scheduler, e.g. tcp://10.0.0.5:8786.")  # fmt: skip
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
def boards_command(
    players: tuple[str, ...],
    board: str,
    dead: str,
    trials: int | None,
    exact: bool,
    monte_carlo: bool,
    target_stderr: float | None,
    seed: int | None,
    threads: int | None,
    game: Game,
    group_by: str | None,
    sort_by: str | None,
    as_json: bool,
    as_csv: bool,
    plot_path: str | None,
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
      omaha-eval boards As2sKd3h KcKh7c8h --json > flops.json
    """
    if as_json and as_csv:
        fail("--json and --csv exclude each other", {})
    if workers is not None and dask_address is not None:
        fail("--workers and --dask exclude each other", {})
    chosen = method(exact, monte_carlo)
    if plot_path is not None:
        with user_errors({"plot": "--plot"}):
            check_plot_target(plot_path)
    executor: Any = None
    if dask_address is not None:
        with user_errors(BOARD_FLAGS):
            executor = dask_client(dask_address)
    elif workers is not None:
        executor, threads = "process", workers
    interrupted = False
    with progress(None, "row", quiet, scale=False) as bar:

        def show(partial: BoardReport) -> None:
            bar.total = partial.total_rows
            bar.update(len(partial) - bar.n)

        with user_errors(BOARD_FLAGS):
            try:
                report = board_report(
                    list(players), board, dead, game=game.name, exact=chosen, trials=trials,
                    target_stderr=target_stderr, seed=seed, threads=threads, executor=executor,
                    progress=show,
                )  # fmt: skip
            except BoardReportInterrupted as stopped:
                report, interrupted = stopped.report, True
    shown = report.group(group_by) if group_by else report
    if sort_by:
        shown = shown.sorted(sort_by)
    if as_json:
        click.echo(json_text(shown.to_dict()))
    elif as_csv:
        click.echo(_csv_text(shown), nl=False)
    else:
        click.echo(str(shown) if not (group_by or sort_by) else _full_table(shown))
    if plot_path is not None and len(report):
        with user_errors({"plot": "--plot"}):
            save_figure(plot_report(report, group_by or "texture"), plot_path, "plot")
        if not (as_json or as_csv):
            click.echo(f"note: pictures drawn to {plot_path}")
    if interrupted:
        sys.exit(EXIT_INTERRUPTED)


def _full_table(report: BoardReport) -> str:
    """Every row, in the report's order, under its heading."""
    header, rows = rows_grid(report)
    return "\n".join([*heading(report), "", *aligned(header, rows)])


def _csv_text(report: BoardReport) -> str:
    """A CSV header and a row per report row (to_pandas' columns)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    data = report.to_dict(groups=None)
    names = ["board", "boards", "probability", "probability_stderr", "trials"]
    figures = [k for k in data["rows"][0]["players"][0] if k != "stderr"] if data["rows"] else []
    header = list(names)
    for i in range(len(report.players)):
        header += [f"p{i + 1}_{f}" for f in figures] + [f"p{i + 1}_{f}_stderr" for f in figures]
    header += ["no_low", "quartered"]
    writer.writerow(header)
    for row in data["rows"]:
        cells = [row[n] for n in names]
        for p in row["players"]:
            cells += [p[f] for f in figures] + [p["stderr"][f] for f in figures]
        cells += [row["no_low"], row["quartered"]]
        writer.writerow(["" if c is None else c for c in cells])
    return out.getvalue()
