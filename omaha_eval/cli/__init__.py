"""The ``omaha-eval`` command: equity, hand evaluation, queries and batch
analysis.

Each command is a thin layer over the library (the same engine answers the
same question everywhere): evaluate.py, equity.py, query.py, batch.py,
range.py, rank.py, serve.py, mcp.py and solve.py hold the commands (the
equity table is the library's, engine/report.py), _shell.py what the
command says to the shell (bad input: one line naming the flag, exit code
2, never a traceback; progress bars on stderr, only on a terminal, after a
second, never with --quiet).
"""

from __future__ import annotations

import click

from omaha_eval import __version__
from omaha_eval.cli._shell import Group
from omaha_eval.cli.batch import batch_command
from omaha_eval.cli.beats import beats_command
from omaha_eval.cli.boards import boards_command
from omaha_eval.cli.equity import equity_command
from omaha_eval.cli.evaluate import eval_command
from omaha_eval.cli.help import help_command
from omaha_eval.cli.hits import hits_command
from omaha_eval.cli.mcp import mcp_command
from omaha_eval.cli.query import query_command
from omaha_eval.cli.range import range_command
from omaha_eval.cli.rank import rank_command
from omaha_eval.cli.serve import serve_command
from omaha_eval.cli.solve import solve_command
from omaha_eval.cli.split import split_command

__all__ = ["main"]


# invoke_without_command: a bare `omaha-eval` prints its help (exit 0) from
# main below, after click has looked for the shell-completion variable
# (_OMAHA_EVAL_COMPLETE=bash_source omaha-eval prints the completion script).
@click.group(
    cls=Group,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="omaha-eval")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Omaha hi/lo (Omaha 8-or-better) equity and hand evaluation.

    \b
    Examples:
      omaha-eval equity AsAh2c3d 7c7d4c5d --board Ks8d3c
      omaha-eval eval "Ad Kd 3s 2s" "Jd 4d 3c Qd 5h"
      omaha-eval query "select count(scoops(hero)) from hero='A2**', villain='15%'"
      omaha-eval batch examples/spots.csv -o results.csv
      omaha-eval range 'AA:$ds, KK@0.5'

    Cards: As Kd 10h 2c or A♠ K♦ (any case; spaces, commas or nothing
    between).  Run `omaha-eval COMMAND --help` for each command, and
    `omaha-eval help` for the documentation, offline: the rules, the range
    language, the queries and the rest (`omaha-eval help ranges`).
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


main.add_command(eval_command)
main.add_command(equity_command)
main.add_command(query_command)
main.add_command(batch_command)
main.add_command(boards_command)
main.add_command(hits_command)
main.add_command(beats_command)
main.add_command(range_command)
main.add_command(rank_command)
main.add_command(serve_command)
main.add_command(mcp_command)
main.add_command(split_command)
main.add_command(solve_command)
main.add_command(help_command)
