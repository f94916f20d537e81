"""The ``omaha-eval`` command: equity, hand evaluation and batch analysis.

Bad input exits with code 2 and one line naming the argument, never a
traceback.  Progress bars go to stderr, only when it is a terminal, after a
second, and never with --quiet.
"""

from __future__ import annotations

import importlib
import json
import re
import secrets
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import click

from omaha_eval import __version__, _chunks, _report, batch
from omaha_eval._validate import GAMES
from omaha_eval.equity import equity
from omaha_eval.errors import OmahaEvalError
from omaha_eval.evaluator import evaluate

__all__ = ["main"]

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # the shell's code for a process stopped by Ctrl-C
PROGRESS_DELAY = 1.0  # seconds before a progress bar appears


def _fail(message: str) -> NoReturn:
    """One line on stderr, exit code 2 (the code click gives usage errors)."""
    # The engine names players as the Python API does (players[0]); on the
    # command line they are the first, second... HAND_OR_RANGE.
    message = re.sub(r"players\[(\d+)\]", lambda m: f"player {int(m[1]) + 1}", message)
    # One line: range errors add the text with a caret below; the first line
    # already names the column.
    first = message.strip().splitlines()[0] if message.strip() else message
    click.echo(f"omaha-eval: error: {' '.join(first.split())}", err=True)
    sys.exit(EXIT_BAD_INPUT)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Bad input becomes one line and exit code 2, not a traceback."""
    try:
        yield
    except OmahaEvalError as exc:
        _fail(str(exc))


def _progress(total: int | None, unit: str, quiet: bool) -> Any:
    """A tqdm bar on stderr, shown after PROGRESS_DELAY seconds, only when
    stderr is a terminal and not --quiet."""
    from tqdm import tqdm

    disable = quiet or not sys.stderr.isatty()
    return tqdm(
        total=total,
        unit=unit,
        unit_scale=True,
        delay=PROGRESS_DELAY,
        file=sys.stderr,
        disable=disable,
        leave=False,
        dynamic_ncols=True,
    )


class _Group(click.Group):
    """Click's errors on one line (naming the argument), exit code 2."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "omaha-eval"
            hint = f" (see '{where} --help')" if exc.ctx is not None else ""
            _fail(f"{exc.format_message().rstrip('.')}{hint}")
        except click.ClickException as exc:
            _fail(exc.format_message())
        except click.Abort:  # Ctrl-C outside the places that handle it themselves
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:  # `omaha-eval ... | head`
            sys.stderr.close()
            sys.exit(0)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="omaha-eval")
def main() -> None:
    """Omaha hi/lo (Omaha 8-or-better) equity and hand evaluation.

    \b
    Examples:
      omaha-eval equity AsAh2c3d 7c7d4c5d --board KsQdJh
      omaha-eval eval "Ad Kd 3s 2s" "Jd 4d 3c Qd 5h"
      omaha-eval batch examples/spots.csv -o results.csv

    Cards: As Kd 10h 2c or A♠ K♦ (any case; spaces, commas or nothing
    between).  Run `omaha-eval COMMAND --help` for each command.
    """


# ---------------------------------------------------------------- eval


@main.command("eval")
@click.argument("hole")
@click.argument("board")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def eval_command(hole: str, board: str, as_json: bool) -> None:
    """Best high and best low of HOLE (4, 5 or 6 cards) on a five-card BOARD.

    Each hand uses exactly two hole cards and three board cards; the five
    cards used are shown best first.

    \b
    Examples:
      omaha-eval eval AdKd3s2s JdQd4d3c5h
      omaha-eval eval "A♠ 2♦ K♣ K♥" "3c 5h 8d Ks Qd" --json
    """
    with _user_errors():
        value = evaluate(hole, board)
    if as_json:
        click.echo(
            json.dumps(
                ensure_ascii=False,
                obj={
                    "hole": hole,
                    "board": board,
                    "high": {
                        "value": value.high,
                        "name": value.high_name,
                        "cards": value.high_cards,
                    },
                    "low": None
                    if value.low_name is None
                    else {"value": value.low, "name": value.low_name, "cards": value.low_cards},
                },
            )
        )
        return
    click.echo(f"high  {value.high_name:<32} {value.high_cards}  (value {value.high})")
    if value.low_name is None:
        click.echo("low   none (no eight-or-better low)")
    else:
        click.echo(f"low   {value.low_name:<32} {value.low_cards}  (value {value.low})")


# ---------------------------------------------------------------- equity


@main.command("equity")
@click.argument("players", nargs=-1, required=True, metavar="HAND_OR_RANGE...")
@click.option("-b", "--board", default="", help="Known board cards (0 to 5).")
@click.option("-d", "--dead", default="", help="Known dead cards.")
@click.option("-n", "--trials", type=click.IntRange(min=1), help="Monte Carlo trials.")
@click.option("--exact", is_flag=True, help="Enumerate every deal (no sampling).")
@click.option(
    "--monte-carlo",
    "monte_carlo",
    is_flag=True,
    help="Sample even when the deals are few enough to enumerate.",
)
@click.option(
    "--target-stderr",
    type=click.FloatRange(min=0, min_open=True),
    help="Monte Carlo: stop once every equity's standard error is below this.",
)
@click.option("-s", "--seed", type=click.IntRange(min=0), help="Seed (Monte Carlo).")
@click.option("-t", "--threads", type=click.IntRange(min=1), help="Threads (default: all cores).")
@click.option(
    "-g",
    "--game",
    type=click.Choice(list(GAMES)),
    default="omaha8",
    show_default=True,
    help="omaha8 = hi/lo; omaha = high only.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (see README).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
def equity_command(
    players: tuple[str, ...],
    board: str,
    dead: str,
    trials: int | None,
    exact: bool,
    monte_carlo: bool,
    target_stderr: float | None,
    seed: int | None,
    threads: int | None,
    game: str,
    as_json: bool,
    quiet: bool,
) -> None:
    """Equity of 2 to 10 hands or ranges: hi and lo shares, scoops, wins and ties.

    Each HAND_OR_RANGE is a hand (AsAh2c3d), "*" (a random hand) or a range
    (docs/ranges.md: AA:$ds, KK@0.5, 15%, ...); quote it from the shell.
    Exact when the deals are few, Monte Carlo otherwise; Ctrl-C during
    Monte Carlo prints the result so far, marked interrupted, and exits 130.

    \b
    Examples:
      omaha-eval equity AsAh2c3d 7c7d4c5d --board KsQdJh
      omaha-eval equity 6c6d6h6s 5c4d3h2s --exact
      omaha-eval equity AsAh2c3d "KK, QQ" "15%" --board Ks7d2h
      omaha-eval equity AsKs2d3d "*" "*" --trials 1000000 --seed 7 --json
    """
    if exact and monte_carlo:
        _fail("--exact and --monte-carlo exclude each other")
    with _user_errors():
        record, interrupted = _run_equity(
            equity,
            list(players),
            board,
            dead,
            trials=trials,
            exact=True if exact else (False if monte_carlo else None),
            target_stderr=target_stderr,
            seed=seed,
            threads=threads,
            game=game,
            quiet=quiet,
        )
    click.echo(json.dumps(record, ensure_ascii=False) if as_json else _report.equity_table(record))
    if interrupted:
        sys.exit(EXIT_INTERRUPTED)


def _run_equity(
    equity_fn: Callable[..., Any],
    players: list[str],
    board: str,
    dead: str,
    *,
    trials: int | None,
    exact: bool | None,
    target_stderr: float | None,
    seed: int | None,
    threads: int | None,
    game: str,
    quiet: bool,
) -> tuple[dict[str, Any], bool]:
    """Equity as the command runs it; returns (record, interrupted).

    --exact is one call.  Otherwise Monte Carlo runs in seeded chunks
    (omaha_eval/_chunks.py) so that progress shows and Ctrl-C keeps the
    trials done; the first chunk is called with exact=None, and when the
    engine finds the spot small enough to enumerate, that exact answer is
    the result.
    """
    # The module (its defaults), not the function the package exports under that name.
    equity_module = importlib.import_module("omaha_eval.equity")
    common = {"threads": threads, "game": game}
    hands = players
    players = batch.engine_players(hands)  # ranges parsed once, not once per chunk
    if exact:
        result = equity_fn(players, board, dead, exact=True, **common)
        return _report.equity_record(result, hands, board, dead, game), False

    if seed is None:  # draw one, and report it, so every run can be repeated
        seed = secrets.randbits(53)
    if target_stderr is not None:
        total = trials or equity_module.TARGET_MAX_TRIALS
    else:
        total = trials or equity_module.DEFAULT_TRIALS
    start = time.perf_counter()
    chunks: list[Any] = []
    interrupted = False
    # With a target the run usually stops well before its cap: no fixed total.
    with _progress(None if target_stderr else total, "trial", quiet) as bar:
        try:
            for size, chunk_seed in zip(
                _chunks.chunk_sizes(total), _chunks.chunk_seeds(seed), strict=False
            ):
                result = equity_fn(
                    players, board, dead, trials=size, seed=chunk_seed,
                    exact=exact if not chunks else False, **common,
                )  # fmt: skip
                if result.method == "exact":
                    return _report.equity_record(result, hands, board, dead, game), False
                chunks.append(result)
                bar.update(result.trials)
                if target_stderr is not None:
                    if max(_chunks.pooled_stderr(chunks)) <= target_stderr:
                        break
        except KeyboardInterrupt:
            interrupted = True
    if not chunks:
        _fail_interrupted()
    pooled = _chunks.pool(chunks, seed=seed, elapsed=time.perf_counter() - start)
    record = _report.equity_record(pooled, hands, board, dead, game, interrupted=interrupted)
    return record, interrupted


def _fail_interrupted() -> NoReturn:
    click.echo("omaha-eval: interrupted before the first trials finished", err=True)
    sys.exit(EXIT_INTERRUPTED)


# ---------------------------------------------------------------- batch


@main.command("batch")
@click.argument("input_path", metavar="INPUT", type=click.Path(dir_okay=False))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    help="Results file, .csv or .jsonl; appended to, spots already in it are skipped.",
)
@click.option(
    "-w",
    "--workers",
    type=click.IntRange(min=1),
    help="Local workers (default: all cores).",
)
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
    type=click.IntRange(min=1),
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
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Engine threads per spot.",
)
@click.option(
    "-g",
    "--game",
    type=click.Choice(list(GAMES)),
    help="Game for spots that give none (default omaha8).",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary.")
def batch_command(
    input_path: str,
    output: str,
    workers: int | None,
    executor: str,
    dask_address: str | None,
    trials: int | None,
    seed: int,
    threads: int,
    game: str | None,
    quiet: bool,
) -> None:
    """Equity of every spot in INPUT (CSV or JSON Lines), results to OUTPUT.

    A spot has: id, players (hands or ranges, '|' between them in CSV),
    board, dead, and optionally trials, exact, seed, target_stderr, game.
    Each result is written and flushed as soon as it is known; run the same
    command again after an interruption and it skips the spots already in
    OUTPUT.  A bad row becomes an error entry; the others still run.  Exit
    code 1 when some spots are error entries.

    \b
    Examples:
      omaha-eval batch examples/spots.csv -o results.csv
      omaha-eval batch spots.jsonl -o results.jsonl --workers 4 --trials 200000
      omaha-eval batch spots.csv -o results.csv --dask tcp://scheduler:8786
    """
    defaults = {k: v for k, v in (("trials", trials), ("game", game)) if v is not None}
    bar = _progress(None, "spot", quiet)
    start = time.perf_counter()
    summary = None
    try:
        with _user_errors():
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
        click.echo(
            f"{summary.done} spots run ({summary.errors} errors), {summary.skipped} already in "
            f"{output}, {time.perf_counter() - start:.1f} s",
            err=True,
        )
    if summary.errors:
        sys.exit(1)
