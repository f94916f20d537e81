"""``omaha-eval split``: the library's split_graph, every combo of the
hero's range with its equity, hi share, lo share, scoop, quartered and
makes-low figures; rows chosen with --where, --sort and --top; a table,
JSON (column-wise), CSV or a picture."""

from __future__ import annotations

import sys
from typing import Any

import click
import numpy as np

from omaha_eval.cli._shell import (
    EXIT_INTERRUPTED,
    FLAGS,
    SLOW,
    Sampling,
    duration,
    game_flag,
    progress,
    sampling_options,
    user_errors,
    warn,
)
from omaha_eval.cli.output import PLOT_FLAGS, Output, output_options, quiet_option
from omaha_eval.cli.rows import ROW_FLAGS, RowFlags, examples_of_rows
from omaha_eval.engine.plan import WORK_PER_SECOND
from omaha_eval.engine.report import aligned
from omaha_eval.games import Game
from omaha_eval.records import json_text
from omaha_eval.study.split import (
    COMBO_TRIALS,
    SPLIT_FIGURES,
    PreparedGraph,
    SplitGraph,
    graph_prototype,
    prepare_split_graph,
)
from omaha_eval.study.split_plot import plot_split
from omaha_eval.study.table.columns import columns_csv, take_rows

__all__ = ["split_command"]

SPLIT_FLAGS = {**FLAGS, **ROW_FLAGS, **PLOT_FLAGS, "players[0]": "HERO"}
# Rows a table prints without --top (every row goes to JSON and CSV).
TABLE_ROWS = 50


@click.command("split", short_help="The hi x lo split of every hand of a range.")
@click.argument("hero", metavar="HERO_RANGE")
@click.argument("villains", nargs=-1, required=True, metavar="VILLAIN...")
@click.option("-b", "--board", default="", help="Known board cards (0 to 5).")
@click.option("-d", "--dead", default="", help="Known dead cards.")
@sampling_options(
    "combo's equity", f"Monte Carlo trials of each combo [default: {COMBO_TRIALS:,}]."
)
@game_flag()
@examples_of_rows(
    ("scoop>50%", "makes_low>0.5 and equity<40%"),
    ("lo_share", "makes_low, equity asc"),
    "the figures by their column names; docs/split.md",
)
@output_options(
    "Print one JSON document, column-wise.",
    "Print a CSV row per combo.",
    "Draw the sorted curves and the hi share x lo share picture to FILE "
    "(.png or .svg; needs matplotlib).",
)
@quiet_option
def split_command(
    hero: str,
    villains: tuple[str, ...],
    board: str,
    dead: str,
    sampling: Sampling,
    game: Game,
    row_flags: RowFlags,
    output: Output,
    quiet: bool,
) -> None:
    """Every combo of HERO_RANGE against the VILLAIN hands or ranges (at
    most one range): its equity, hi share, lo share, scoop, quartered
    (exactly a quarter of the pot) and makes low, with its weight and, when
    sampled, its standard error.  The combos' mean, weighted by weight and
    the villain weight dealt against each, is the range's equity, as the
    equity command gives it.

    A VILLAIN may be "*", any hand.

    Columns for --where and --sort (which orders by equity, highest
    first, unless given): hand, weight, equity, hi_share,
    lo_share, scoop, quartered, makes_low, stderr, trials, live_weight.

    \b
    Examples:
      omaha-eval split 'AA:$ds' KcKd7h6h --board Kh7d2c
      omaha-eval split 'AsAh:$ds' 'KK:$ds' -b Kh7d2c --where "lo_share>20%" --trials 500 -s 1
      omaha-eval split 'AsAh2c3d, KsKd4c5d@0.5, Ac2c3h4h' 'QQ:$ds' -b Kh8d2d3s --top 2
      omaha-eval split 'AA:$ds' KcKd7h6h -b Kh7d2c --sort lo_share --csv > split.csv
    """
    output.check_format()
    keywords = sampling.keywords()
    # the texts are read before the work: a typo costs no wait
    selection = row_flags.read(graph_prototype(), SPLIT_FLAGS, default_sort="equity")
    with user_errors(SPLIT_FLAGS):
        output.check_plot()
        prepared = prepare_split_graph(
            hero, list(villains), board, dead, game=game.name, **keywords
        )
        graph = _run(prepared, quiet)
        columns = graph.columns()
        rows = selection.rows(columns)
    if output.as_json:
        click.echo(_json(graph, rows))
    elif output.as_csv:
        click.echo(columns_csv(take_rows(columns, rows)), nl=False)
    else:
        click.echo(_table(graph, rows, row_flags.top, selection.columns))
    output.draw(lambda: plot_split(graph))


def _json(graph: SplitGraph, rows: np.ndarray) -> str:
    """The JSON of ``--json``: the graph's, its columns those of the combos
    chosen, in order."""
    data = graph.to_dict()
    chosen = rows.tolist()
    data["rows"] = chosen
    data["columns"] = {name: [v[i] for i in chosen] for name, v in data["columns"].items()}
    return json_text(data)


def _run(prepared: PreparedGraph, quiet: bool) -> SplitGraph:
    """The graph, with a progress bar of the combos done; a run that will
    be slow says so first, with its estimate.  Ctrl-C: no graph (one with
    combos left out has no meaning), exit 130."""
    combos = len(prepared.spot.seats[0].combos)
    seconds = prepared.work / WORK_PER_SECOND
    if seconds > SLOW:
        if prepared.plan.exact:
            what = f"enumerating every deal of the {combos:,} combos"
            how = " (--monte-carlo samples instead)"
        else:
            what, how = f"sampling each of the {combos:,} combos", ""
        warn(f"{what} will take about {duration(seconds)}{how}", quiet)
    with progress(combos, "combo", quiet, scale=False) as bar:
        try:
            return prepared.run(lambda done, total: bar.update(done - bar.n))
        except KeyboardInterrupt:
            click.echo("omaha-eval: interrupted; no graph", err=True)
            sys.exit(EXIT_INTERRUPTED)


def _table(graph: SplitGraph, rows: np.ndarray, limit: int | None, read: tuple[str, ...]) -> str:
    """The summary lines of the graph, then the chosen combos (at most
    TABLE_ROWS without --top), with the columns the filter and the sort
    read (`read`) beside the figures."""
    summary = str(graph).split("\n\n")[0].splitlines()
    shown = rows if limit is not None else rows[:TABLE_ROWS]
    exact = graph.method == "exact"
    header = ["hand", "weight", *SPLIT_FIGURES, *([] if exact else ["stderr"])]
    header += [name for name in read if name not in header]
    columns = graph.columns()
    cells = []
    for i in shown.tolist():
        line = [str(columns["hand"][i]), f"{graph.weights[i]:.6g}"]
        cells.append(line + [_cell(name, columns[name][i]) for name in header[2:]])
    means = "  ".join(f"{f} {100 * graph.mean(f):.2f}%" for f in SPLIT_FIGURES)
    tail = [f"{len(rows) - len(shown):,} more combos (--top N, --json or --csv for them)"]
    lines = [*summary, f"range: {means}", "", *aligned(header, cells)]
    return "\n".join(lines + (tail if len(shown) < len(rows) else []))


def _cell(name: str, value: Any) -> str:
    """A combo's value of column `name`: its figures and standard error as
    percentages, its trials a count, its weights as numbers."""
    if name == "trials":
        return f"{int(value):,}"
    if name in ("weight", "live_weight"):
        return f"{float(value):.6g}"
    return f"{100 * float(value):.2f}%"
