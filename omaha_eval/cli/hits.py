"""``omaha-eval hits``: what a range makes on a board (the library's
range_hits), as a table of the classes, or with no board a row per flop,
grouped, filtered and sorted; JSON or CSV."""

from __future__ import annotations

from typing import Any

import click

from omaha_eval.cli._shell import FLAGS, fail, game_flag, user_errors
from omaha_eval.cli.output import one_format
from omaha_eval.cli.rows import ROW_FLAGS, RowFlags, examples_of_rows
from omaha_eval.engine.report import aligned, pct
from omaha_eval.games import Game
from omaha_eval.study.hits import (
    HIT_GROUPS,
    SHOW_DEFAULT,
    RangeHits,
    column_prototype,
    range_hits,
    read_show,
    shown_columns,
)
from omaha_eval.study.table.columns import columns_csv, columns_json, take_rows
from omaha_eval.study.table.textures import GROUPINGS

__all__ = ["hits_command"]

HITS_FLAGS = {**FLAGS, "range": "RANGE", "by": "--group", "show": "--show", **ROW_FLAGS}


@click.command("hits", short_help="What a range makes on a board: lows, draws, sets...")
@click.argument("range_text", metavar="RANGE")
@click.option(
    "-b", "--board", default="", help="The board: a flop, turn or river (none: every flop)."
)
@click.option("-d", "--dead", default="", help="Known dead cards.")
@game_flag(help="omaha8 (o8, plo8) = hi/lo; omaha (plo) = high only, no low classes.")
@click.option(
    "--group",
    "group_by",
    type=click.Choice(list(GROUPINGS)),
    help="With no board: the flops grouped by a texture.",
)
@click.option(
    "--show",
    "show_text",
    metavar="GROUPS",
    help="With no board: the groups of classes the table of rows shows, e.g. 'low' or "
    f"'high,made' ({', '.join(HIT_GROUPS)}; default: {','.join(SHOW_DEFAULT)}): every class "
    "of each, so that a partition adds up to 100% in each row.",
)
@examples_of_rows(
    ("set>20%", "pairing=paired and nut_low_draw>0"),
    ("set", "suits, nut_low asc"),
    "classes and textures by their column names; docs/hits.md",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (docs/hits.md).")
@click.option("--csv", "as_csv", is_flag=True, help="Print a CSV line per row.")
def hits_command(
    range_text: str,
    board: str,
    dead: str,
    game: Game,
    group_by: str | None,
    show_text: str | None,
    row_flags: RowFlags,
    as_json: bool,
    as_csv: bool,
) -> None:
    """The share of RANGE's hands (weighted, those the board and the dead
    cards leave) in every class of docs/hits.md: the high categories, nut
    and second-nut lows, low and nut-low draws, flush draws, wraps by outs,
    sets, overpairs...  Exact.

    With no --board, a row per flop (flops alike under the suits taken
    once) with its chance; --group groups them by texture, --where, --sort
    and --top choose rows by any column (a class by its name: nut_low,
    set...; a texture: pairing, suits...).

    \b
    Examples:
      omaha-eval hits '15%' --board Kh7d2c
      omaha-eval hits 'A2**' --board 7h5h9c --json
      omaha-eval hits AAKK --group texture
      omaha-eval hits AAKK --where 'set>20% and suits=rainbow' --sort set --top 5
      omaha-eval hits 'A2**' --show low,low_draws --sort nut_low_draw_backup --top 5
      omaha-eval hits '*' --board Ah7d2c --game omaha
    """
    one_format(as_json, as_csv)
    if board.strip():
        _refuse_row_flags(group_by, row_flags, show_text)
    # the texts are read before the work: a typo costs no wait
    selection = row_flags.read(column_prototype(game.has_low, group_by is not None), HITS_FLAGS)
    with user_errors(HITS_FLAGS):
        groups = read_show(show_text, game.has_low)
    with user_errors(HITS_FLAGS):
        found = range_hits(range_text, board, dead, game=game.name, by=group_by)
    table = found.columns()
    rows = selection.rows(table)
    chosen = take_rows(table, rows)
    if as_json:
        run = found.to_dict()
        for key in ("columns", "rows", "same", "data"):
            run.pop(key)
        click.echo(columns_json(chosen, **run))
    elif as_csv:
        click.echo(columns_csv(chosen), nl=False)
    elif len(found) == 1:
        click.echo(str(found))
    else:
        names = shown_columns(found.classes, groups, selection)
        click.echo(_rows_table(found, chosen, len(rows), names))


def _refuse_row_flags(group_by: str | None, row_flags: RowFlags, show_text: str | None) -> None:
    """With a board there is one row: the flags that group, choose or show
    the rows of every flop are one line naming the first given, exit 2."""
    if group_by:
        fail("--group: the rows of every flop are grouped; give no --board", {})
    given = {
        "--where": row_flags.where_text,
        "--sort": row_flags.sort_text,
        "--top": row_flags.top,
        "--show": show_text,
    }
    flag = next((f for f, value in given.items() if value), None)
    if flag:
        does = "picks the columns of" if flag == "--show" else "chooses among"
        fail(f"{flag}: {does} the rows of every flop; give no --board", {})


def _rows_table(found: RangeHits, table: dict[str, Any], count: int, names: list[str]) -> str:
    """The chosen rows with the columns shown: the classes of the groups
    asked, whole, then those the rows were chosen by (every class: --csv or
    --json)."""
    first = "group" if found.labels is not None else "board"
    header = [first, "boards", "probability", *names]
    cells = []
    for r in range(count):
        row = [
            str(table["board"][r]),
            f"{int(table['boards'][r]):,}",
            pct(float(table["probability"][r])),
        ]
        row += [_cell(table[n][r]) for n in names]
        cells.append(row)
    head = str(found).splitlines()[0]
    shown = f"{count:,} of {len(found):,} {'groups' if found.labels is not None else 'rows'}"
    lines = [head, shown, "", *aligned(header, cells)]
    lines += ["", "Every class: --show, --csv or --json.  The mean over every row:"]
    lines += [f"  {n}: {pct(found.mean(n))}" for n in names if n in found.names]
    return "\n".join(lines)


def _cell(value: Any) -> str:
    """A class's share as a percentage; a texture as its text."""
    if isinstance(value, (bool, str)) or not isinstance(value, (int, float)):
        return str(value)
    return pct(float(value))
