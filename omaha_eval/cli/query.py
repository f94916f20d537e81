"""``omaha-eval query``: the library's query_rounds, run as ``equity`` runs
equity_rounds (a progress bar, Ctrl-C keeping the trials done, notes where a
flag did not apply), with a table per statement, --json and --plot."""

from __future__ import annotations

import dataclasses
import math
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, NoReturn

import click

from omaha_eval.batch.files import regular_file
from omaha_eval.cli._shell import (
    EXIT_INTERRUPTED,
    FLAGS,
    SLOW,
    Sampling,
    duration,
    error_for_shell,
    fail,
    for_shell,
    progress,
    sampling_options,
    strict_cards_option,
    user_errors,
    warn,
)
from omaha_eval.cli.output import (
    check_plot,
    draw_plot,
    drawing_interruptible,
    plot_option,
    quiet_option,
)
from omaha_eval.engine.plan import Plan
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import HOLE_SIZES
from omaha_eval.pql import QueryError, QueryResult, QueryRounds, query_rounds
from omaha_eval.pql.report import query_table
from omaha_eval.pql.syntax import MAX_TEXT
from omaha_eval.records import json_text, result_document

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["query_command"]

# The run's parameters as the command line spells them; any other error is
# about the query text, named by where the text came from.
PARAMETERS = {
    name: FLAGS[name]
    for name in ("trials", "seed", "threads", "target_stderr", "exact", "hole_cards")
}


@click.command("query", short_help="Answer a query over the deals of a spot.")
@click.argument("text", required=False, metavar="[TEXT]")
@click.option(
    "-f",
    "--file",
    "file_path",
    metavar="FILE",
    help="Read the query from FILE (UTF-8; -- comments, statements separated by ;).",
)
@sampling_options("avg's and count's")
@click.option(
    "-k",
    "--hole-cards",
    type=click.IntRange(min(HOLE_SIZES), max(HOLE_SIZES)),
    help="Cards per hand when no player's text fixes it (range text such as '15%' is read "
    "in it; default 4, or 5 for omaha85 and omahahi5).",
)
@plot_option(
    "Draw the histogram columns as bars, with their standard errors, to FILE, .png or "
    ".svg (needs the plot extra: matplotlib)."
)
@strict_cards_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (see README).")
@quiet_option
def query_command(
    text: str | None,
    file_path: str | None,
    sampling: Sampling,
    hole_cards: int | None,
    plot_path: str | None,
    strict_cards: bool,
    as_json: bool,
    quiet: bool,
) -> None:
    """Answer a query: how often, or how much, over the deals of a spot.

    TEXT is a query (docs/pql.md has the language), quoted from the shell:
    select avg, count, histogram, min or max of expressions, from the game,
    the players (each with hand or range text), the board and the dead
    cards, where a condition holds; ";" separates statements.  TEXT "-"
    reads the query from standard input, --file from a file.  Exact when the
    deals are few, Monte Carlo otherwise; each avg and count carries its
    standard error.  Ctrl-C prints the results so far, marked interrupted,
    and exits 130.  The same --seed gives the same answer as the Python API
    (omaha_eval.query()), for any --threads.

    \b
    Examples:
      omaha-eval query "select count(winsHi(hero)) from hero='AsAh2c3d', villain='KsKh4c5d'"
      omaha-eval query "select avg(riverEquity(hero)) from hero='A2**', villain='15%'" -n 200000
      omaha-eval query "select histogram(handType(hero, river)) from hero='15%', villain='*'" \\
          --plot types.png
      cat quartered.pql | omaha-eval query - --trials 1000000
      omaha-eval query --file quartered.pql --seed 7 --json

    \b
    A query file, quartered.pql (-- starts a comment):
      -- how often A2 is quartered when it makes the nut low
      select count(quartered(hero)) as quartered
        from game='omaha8', hero='A2**', villain1='15%', villain2='15%'
        where nutLo(hero, river)
    """
    keywords = sampling.keywords()
    text, source = _source(text, file_path)
    with _query_errors(source):  # the prepared run: the text read, checked and planned once
        rounds = query_rounds(text, hole_cards=hole_cards, strict=strict_cards, **keywords)
    if plot_path is not None:
        _check_plot(rounds, plot_path)
    with _query_errors(source):
        results, stopped = _run(rounds, quiet)
    notes = [[*map(for_shell, r.notes), *sampling.notes(r)] for r in results]
    # the answer first: drawing takes time, and Ctrl-C or a full disk there
    # must not cost the table
    count = len(rounds.statements)
    click.echo(_answer(results, notes, count, stopped, as_json))
    if plot_path is not None and not stopped:
        with drawing_interruptible():
            drawn = None if as_json else "histograms"
            draw_plot(plot_path, lambda: _plot(results, count > 1), drawn)
    if stopped:
        sys.exit(EXIT_INTERRUPTED)


def _check_plot(rounds: QueryRounds, path: str) -> None:
    """What --plot needs, checked before the run: a histogram column to
    draw, and a file it can draw to."""
    statements = rounds.statements
    if not any(s.aggregate == "histogram" for st in statements for s in st.selectors):
        fail("--plot: the query has no histogram column to draw", {})
    check_plot(path)


def _answer(
    results: list[QueryResult], notes: list[list[str]], count: int, stopped: bool, as_json: bool
) -> str:
    """The results of the statements run (of `count`) as JSON (one document,
    a list of them for several statements) or their tables (and, when
    Ctrl-C `stopped` the run, which statements did not run)."""
    if as_json:
        documents = [result_document(r, n) for r, n in zip(results, notes, strict=True)]
        return json_text(documents if count > 1 else documents[0])
    tables = [query_table(r, n) for r, n in zip(results, notes, strict=True)]
    if stopped and len(results) < count:
        tables.append(f"INTERRUPTED: {_not_run(len(results), count)} did not run")
    return "\n\n".join(tables)


def _not_run(done: int, count: int) -> str:
    """The statements after the first `done` of `count`."""
    if done + 1 == count:
        return f"statement {count} of {count}"
    return f"statements {done + 1} to {count} of {count}"


def _source(text: str | None, file_path: str | None) -> tuple[str, str]:
    """The query text, and how an error in it names where it came from."""
    if text is not None and file_path is not None:
        fail(
            f"TEXT and --file: give the query one way, not both (got TEXT {text!r} and "
            f"--file {file_path!r})",
            {},
        )
    if file_path is not None:
        with user_errors({"file": "--file"}):
            regular_file(Path(file_path), "file")
        try:
            with open(file_path, "rb") as stream:
                data = _read_some(stream)
        except OSError as exc:
            fail(f"--file: cannot read {file_path!r}: {exc.strerror}", {})
        return _decoded(data, "--file", repr(file_path)), f"--file: {file_path!r}"
    if text is None:
        fail("no query: give it as TEXT, as - (read from standard input) or with --file FILE", {})
    if text == "-":
        data = _read_some(sys.stdin.buffer) if sys.stdin is not None else b""
        return _decoded(data, "query", "the standard input"), "query"
    return text, "query"


# A query's text is at most MAX_TEXT characters, so at most this many bytes
# of UTF-8 (four a character, and a byte-order mark): the most read of a
# file or standard input, which may hold gigabytes.
MAX_TEXT_BYTES = 4 * MAX_TEXT + 3


def _read_some(stream: BinaryIO) -> bytes:
    """The stream's bytes, up to one past MAX_TEXT_BYTES (then it is too long)."""
    return stream.read(MAX_TEXT_BYTES + 1)


def _decoded(data: bytes, where: str, what: str) -> str:
    """The query text of the bytes read: UTF-8 (a byte-order mark skipped),
    at most MAX_TEXT characters (else a one-line error, before any parsing)."""
    too_long = f"{where}: {what} holds more than {MAX_TEXT:,} characters, the most a query holds"
    if len(data) > MAX_TEXT_BYTES:
        fail(too_long, {})
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        fail(f"{where}: {what} is not UTF-8 text ({exc.reason} at byte {exc.start})", {})
    if len(text) > MAX_TEXT:
        fail(too_long, {})
    return text


@contextmanager
def _query_errors(source: str) -> Iterator[None]:
    """A bad query becomes one line naming where (the column; with --file,
    the file, line and column), exit code 2; a bad flag names the flag."""
    try:
        yield
    except OmahaEvalError as exc:
        _query_failed(exc, source)


def _query_failed(exc: OmahaEvalError, source: str) -> NoReturn:
    if exc.param in PARAMETERS:
        fail(exc, PARAMETERS)
    if isinstance(exc, QueryError):
        if source == "query":  # the error's own text: "query: [line L, ]column C: ..."
            fail(exc, {})
        if exc.column is not None:
            line, column = exc.column
            fail(f"{source}: line {line}, column {column}: {exc.message}", {})
        fail(f"{source}: {exc.message}", {})
    # found while running (cards dealt twice, say)
    fail(f"{source}: {error_for_shell(exc, {})}", {})


def _run(rounds: QueryRounds, quiet: bool) -> tuple[list[QueryResult], bool]:
    """The last result of each statement run, and whether Ctrl-C stopped
    the run, with a progress bar of the running statement's trials.  Ctrl-C
    keeps the results so far, the running statement's marked interrupted.  A
    statement that will be slow says so after its first round."""
    results: list[QueryResult] = []
    count = len(rounds.plans)

    def total(plan: Plan) -> int | None:  # the trials a bar counts to (a target: unknown)
        return None if plan.exact or plan.target_stderr is not None else plan.trials

    with progress(total(rounds.plans[0]), "trial", quiet) as bar:
        try:
            for i, result in rounds:
                if i == len(results):  # the first round of statement i
                    results.append(result)
                    cap = total(rounds.plans[i])
                    if count > 1:
                        bar.reset(cap)
                        bar.set_description(f"statement {i + 1}/{count}")
                    if cap is not None and 0 < result.trials < cap:  # a first round, more to come
                        left = (cap - result.trials) * result.elapsed / result.trials
                        if left > SLOW:
                            what = f"statement {i + 1}" if count > 1 else "this query"
                            warn(
                                f"{cap:,} trials of {what} will take about {duration(left)}", quiet
                            )
                results[i] = result
                bar.update(result.trials - bar.n)
        except KeyboardInterrupt:
            if not results:
                click.echo("omaha-eval: interrupted before the first trials finished", err=True)
                sys.exit(EXIT_INTERRUPTED)
            # an exact statement answers once, whole: the next one was running
            if results[-1].method != "exact":
                results[-1] = dataclasses.replace(results[-1], interrupted=True)
            return results, True
    return results, results[-1].interrupted


# ------------------------------------------------------------------ --plot


def _plot(results: Sequence[QueryResult], several: bool) -> Figure:
    """A bar chart per histogram column, one figure."""
    from matplotlib.figure import Figure  # check_plot_target has checked it is there

    bars = [
        (f"statement {i + 1}: {c.name}" if several else c.name, c, r)
        for i, r in enumerate(results)
        for c in r.columns
        if c.aggregate == "histogram"
    ]
    fig = Figure(figsize=(8.0, 4.0 * len(bars)), layout="constrained")
    axes = fig.subplots(len(bars), 1, squeeze=False)[:, 0]
    for ax, (title, c, r) in zip(axes, bars, strict=True):
        ax.set_title(title)
        ax.set_ylabel("share of the trials kept (%)")
        if not isinstance(c.value, dict) or not isinstance(c.stderr, dict):
            ax.text(0.5, 0.5, "the where clause kept no trial", ha="center", transform=ax.transAxes)
            continue
        labels = list(c.value)
        errors = None if r.method == "exact" else [100 * c.stderr[k] for k in labels]
        ax.bar(range(len(labels)), [100 * c.value[k] for k in labels], yerr=errors, capsize=3)
        step = max(1, math.ceil(len(labels) / 40))  # at most 40 labels fit under the bars
        ticks = list(range(0, len(labels), step))
        ax.set_xticks(ticks, [labels[j] for j in ticks], rotation=40, ha="right")
        ax.grid(True, axis="y", alpha=0.3)
    return fig
