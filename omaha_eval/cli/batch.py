"""``omaha-eval batch``: every spot of a file through the engine, resumable."""

from __future__ import annotations

import sys
import time
from typing import Literal

import click

import omaha_eval.batch as batch
from omaha_eval.cli._shell import (
    EXIT_INTERRUPTED,
    Count,
    flags_of,
    game_flag,
    progress,
    user_errors,
)
from omaha_eval.games import Game

__all__ = ["batch_command"]

FLAGS = {
    "INPUT": "INPUT",
    "OUTPUT": "--output",
    **flags_of("workers", "dask", "seed", "executor"),
}


@click.command("batch", short_help="Equity of every spot of a CSV or JSON Lines file.")
@click.argument("input_path", metavar="INPUT", type=click.Path(dir_okay=False))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    help="Results file, .csv or .jsonl; appended to, spots already in it are skipped.",
)
@click.option("-w", "--workers", type=Count(min=1), help="Local workers (default: all cores).")
@click.option(
    "--executor",
    type=click.Choice(["thread", "process"]),
    default="thread",
    show_default=True,
    help="Local workers are threads (the engine releases the GIL) or processes.",
)
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    help="Run on this Dask scheduler, e.g. tcp://10.0.0.5:8786.",
)
@click.option(
    "-n",
    "--trials",
    type=Count(min=1),
    help="Monte Carlo trials for spots that give none.",
)
@click.option(
    "-s",
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Batch seed: a spot without a seed gets one from this and its id.",
)
@click.option(
    "-t",
    "--threads",
    type=Count(min=1),
    default=1,
    show_default=True,
    help="Engine threads per spot.",
)
@game_flag(
    help="Game for spots that give none (default omaha8; plo8, omaha, plo...).", default=None
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary.")
def batch_command(
    input_path: str,
    output: str,
    workers: int | None,
    executor: Literal["thread", "process"],  # the click.Choice above
    dask_address: str | None,
    trials: int | None,
    seed: int,
    threads: int,
    game: Game | None,
    quiet: bool,
) -> None:
    """Equity of every spot in INPUT (CSV or JSON Lines), results to OUTPUT.

    A spot has: id, players (hands or ranges, '|' between them in CSV),
    board, dead, and optionally trials, exact, seed, target_stderr, game,
    hole_cards.  Each result is written and flushed as soon as it is known;
    run the same command again after an interruption and it skips the spots
    already in OUTPUT.  A bad row becomes an error entry; the others still
    run.  Exit code 1 when some spots are error entries.

    \b
    Examples:
      omaha-eval batch examples/spots.csv -o results.csv
      omaha-eval batch examples/spots.jsonl -o results.jsonl --workers 4 --trials 200000
      omaha-eval batch spots.csv -o results.csv --dask tcp://scheduler:8786
    """
    defaults = _defaults(trials, game)
    bar = progress(None, "spot", quiet, scale=False)
    start = time.perf_counter()
    try:
        with user_errors(FLAGS):
            summary = batch.run_file(
                input_path,
                output,
                workers=workers,
                executor=executor,
                dask=dask_address,
                seed=seed,
                threads=threads,
                defaults=defaults,
                on_start=lambda todo: bar.reset(total=todo),
                on_result=lambda result: bar.update(1),
            )
    except KeyboardInterrupt:
        bar.close()
        click.echo(
            f"omaha-eval: interrupted; finished spots are in {output}. "
            "Run the same command again to complete the rest.",
            err=True,
        )
        sys.exit(EXIT_INTERRUPTED)
    finally:
        bar.close()
    if not quiet:
        click.echo(_summary_line(summary, output, time.perf_counter() - start), err=True)
    if summary.errors:
        sys.exit(1)


def _defaults(trials: int | None, game: Game | None) -> dict[str, object]:
    """What a spot that gives no trials or no game takes: --trials, --game."""
    defaults: dict[str, object] = {}
    if trials is not None:
        defaults["trials"] = trials
    if game is not None:
        defaults["game"] = game.name
    return defaults


def _summary_line(summary: batch.BatchSummary, output: str, seconds: float) -> str:
    """What the run did: the spots run, the errors, those already in OUTPUT."""
    return (
        f"{_count(summary.done, 'spot')} run ({_count(summary.errors, 'error')}), "
        f"{summary.skipped:,} already in {output}, {seconds:.1f} s"
    )


def _count(n: int, noun: str) -> str:
    """``1 error``, ``2 errors``."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
