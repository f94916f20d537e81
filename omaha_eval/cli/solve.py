"""``omaha-eval solve``: the library's solve_river, with a progress bar
showing the exploitability as it falls, then the root strategy by hand
class, the EVs and the exploitability reached; or JSON, CSV, a picture."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, TypedDict

import click

from omaha_eval.cli._shell import (
    EXIT_INTERRUPTED,
    FLAGS,
    Count,
    flags_of,
    game_flag,
    option_group,
    progress,
    user_errors,
)
from omaha_eval.cli.output import PLOT_FLAGS, Output, output_options, quiet_option
from omaha_eval.games import Game
from omaha_eval.records import json_text
from omaha_eval.solver.river import RiverSolution, SolveInterrupted
from omaha_eval.solver.river.cfr import SolveProgress
from omaha_eval.solver.river.solve import PreparedSolve, prepare_river
from omaha_eval.study.table.columns import columns_csv

__all__ = ["solve_command"]

SOLVE_FLAGS = {
    **FLAGS,
    "board": "BOARD",
    "oop": "OOP",
    "ip": "IP",
    **flags_of("pot", "stack", "bets", "raises", "oop_bets", "ip_bets", "max_raises"),
    **flags_of("max_iterations", "time_limit"),
    "allin": "--no-allin",
    "target_exploitability": "--target",
    **PLOT_FLAGS,
}


class Share(click.FloatRange):
    """A fraction written as a percentage (0.3%) or as a number (0.003),
    as the Python API takes it (the library checks its range)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value.strip().endswith("%"):
            try:
                return float(value.strip()[:-1]) / 100
            except ValueError:
                self.fail(f"expected a percentage such as 0.3% or a fraction, got {value!r}")
        return super().convert(value, param, ctx)


@dataclass(frozen=True)
class Betting:
    """The chips and the bet sizes, as BETTING_OPTIONS read them."""

    pot: float
    stack: float
    bets: str
    raises: str
    max_raises: int
    no_allin: bool
    oop_bets: str | None
    ip_bets: str | None

    def keywords(self) -> BettingKeywords:
        """prepare_river's keywords of the betting."""
        return BettingKeywords(
            pot=self.pot,
            stack=self.stack,
            bets=self.bets,
            raises=self.raises,
            max_raises=self.max_raises,
            allin=not self.no_allin,
            oop_bets=self.oop_bets,
            ip_bets=self.ip_bets,
        )


class BettingKeywords(TypedDict):
    """What prepare_river takes of the betting."""

    pot: float
    stack: float
    bets: str
    raises: str
    max_raises: int
    allin: bool
    oop_bets: str | None
    ip_bets: str | None


BETTING_OPTIONS = [
    click.option("--pot", type=float, required=True, help="Chips in the pot."),
    click.option("--stack", type=float, required=True, help="Effective stack behind, in chips."),
    click.option(
        "--bets",
        default="50%,100%",
        show_default=True,
        help="Bet sizes of both players, fractions of the pot (50%,100% or 0.5,1).",
    ),
    click.option(
        "--raises",
        default="100%",
        show_default=True,
        help="Raise sizes (of the pot after the call); none: no raise.",
    ),
    click.option(
        "--max-raises",
        type=Count(min=0),
        default=2,
        show_default=True,
        help="Raises after a bet, at most.",
    ),
    click.option("--no-allin", "no_allin", is_flag=True, help="No all-in beyond the sizes."),
    click.option(
        "--oop-bets", help="OOP's bet sizes, in place of --bets (none: check, call, fold)."
    ),
    click.option("--ip-bets", help="IP's bet sizes, in place of --bets (none: check, call, fold)."),
]


@click.command("solve", short_help="Solve a heads-up river spot (hi/lo CFR).")
@click.argument("board")
@click.argument("oop", metavar="OOP")
@click.argument("ip", metavar="IP")
@option_group("betting", Betting, BETTING_OPTIONS)
@click.option("-d", "--dead", default="", help="Known dead cards.")
@game_flag()
@click.option(
    "--target",
    type=Share(),
    default="0.3%",
    show_default=True,
    help="Stop once the exploitability is at most this share of the pot.",
)
@click.option("--max-iterations", type=Count(min=1), help="Stop after this many iterations.")
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    help="Stop after this many seconds.",
)
@click.option("-t", "--threads", type=Count(min=1), help="Threads (default: all cores).")
@output_options(
    "Print the whole solution as one JSON document.",
    "Print every node's strategy, a row per combo.",
    "Draw the root strategy by hand class to FILE (.png or .svg; needs matplotlib).",
)
@quiet_option
def solve_command(
    board: str,
    oop: str,
    ip: str,
    betting: Betting,
    dead: str,
    game: Game,
    target: float,
    max_iterations: int | None,
    time_limit: float | None,
    threads: int | None,
    output: Output,
    quiet: bool,
) -> None:
    """An equilibrium of a heads-up river spot: OOP (first to act) and IP
    hands or ranges (read as the equity command reads players) on the five
    cards of BOARD, with the pot and the stack behind, the bet sizes, raise
    sizes and raise cap given.  Discounted CFR runs until the strategy's
    exploitability (what a best response would win, as a share of the pot)
    is at most --target, or --max-iterations, or --time-limit; then the
    root strategy by hand class (docs/solver.md), the EVs and the
    exploitability reached.  Ctrl-C prints the best strategy found so far.

    \b
    Examples:
      omaha-eval solve Kh7d2c3s8h 'A3:$ds' 'KK:$ds' --pot 100 --stack 200
      omaha-eval solve Kh7d2c3s8h 'A2:$ds' 'KK:$ds' --pot 10 --stack 30 --bets 100% --raises none
      omaha-eval solve Jd8c5h4s2h 'A3:$ds' 'KK:$ds' --pot 9 --stack 9 --ip-bets none --target 0.1%
      omaha-eval solve Kh7d2c3s8h 'A3:$ds' 'KK:$ds' --pot 100 --stack 200 --json > solution.json
    """
    output.check_format()
    output.check_plot()
    with user_errors(SOLVE_FLAGS):
        prepared = prepare_river(
            board,
            oop,
            ip,
            **betting.keywords(),
            dead=dead,
            game=game.name,
            target_exploitability=target,
            max_iterations=max_iterations,
            time_limit=time_limit,
            threads=threads,
        )
    solution, interrupted = _run(prepared, quiet)
    if output.as_json:
        click.echo(json_text(solution.to_dict()))
    elif output.as_csv:
        click.echo(columns_csv(solution.columns()), nl=False)
    else:
        click.echo(str(solution))
    output.draw(solution.plot, "picture")
    if interrupted:
        sys.exit(EXIT_INTERRUPTED)


def _run(prepared: PreparedSolve, quiet: bool) -> tuple[RiverSolution, bool]:
    """The solution, with a progress bar showing the exploitability as it
    falls, and whether Ctrl-C stopped the run (the best strategy found so
    far); Ctrl-C before the first measure: no strategy, exit 130."""
    interrupted = False
    with progress(None, "it", quiet, scale=False) as bar:

        def show(p: SolveProgress) -> None:
            bar.update(p.iterations - bar.n)
            bar.set_postfix_str(f"exploitability {100 * p.exploitability:.3f}% of the pot")

        try:
            solution: RiverSolution | None = prepared.run(show)
        except SolveInterrupted as stopped:
            solution, interrupted = stopped.solution, True
    if solution is None:
        click.echo("omaha-eval: interrupted before the first measure; no strategy", err=True)
        sys.exit(EXIT_INTERRUPTED)
    return solution, interrupted
