"""How the command talks to the shell: bad input as one line naming the flag,
exit codes, output that cannot be written, and progress bars on stderr."""

from __future__ import annotations

import codecs
import errno
import functools
import locale
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any, NoReturn, Protocol, TypedDict, TypeVar, cast

import click
from click.shell_completion import CompletionItem
from tqdm import tqdm

from omaha_eval.cards import SUIT_SYMBOLS
from omaha_eval.engine import lookalikes
from omaha_eval.engine.plan import DEFAULT_TRIALS
from omaha_eval.errors import OmahaEvalError, OmahaEvalFailure, describe, for_people, printable
from omaha_eval.games import Game, game, game_names

# Exit codes (docs/cli.md, "Exit codes"): 0 done; 1 a failure that is not the
# input's fault (an extra or data not installed, an output file that cannot be
# written, a run that failed); 2 a usage error (bad input: click's code too).
EXIT_FAILURE = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # the shell's code for a process stopped by Ctrl-C
PROGRESS_DELAY = 1.0  # seconds before a progress bar appears
SLOW = 30.0  # seconds: a run expected to take longer says so on stderr


def flags_of(*params: str) -> dict[str, str]:
    """The flags of library parameters whose flag is their name, dashed:
    max_raises is --max-raises."""
    return {param: "--" + param.replace("_", "-") for param in params}


# The library's parameter names as the command line spells them.
FLAGS = {
    **flags_of(
        "board", "dead", "trials", "exact", "seed", "threads", "target_stderr", "game", "hole_cards"
    ),
    "strict": "--strict-cards",
}
_LEADING_NAME = re.compile(r"^([A-Za-z_]+):")

F = TypeVar("F", bound=Callable[..., Any])


def for_shell(note: str, flags: Mapping[str, str] = FLAGS) -> str:
    """A library note ("board: ... read as a pattern") as one line naming
    the flag (or the player, counted from 1).  Notes are text; errors carry
    their field (error_for_shell)."""
    line = for_people(note).replace(lookalikes.STRICT, "--strict-cards")
    return _LEADING_NAME.sub(lambda m: f"{flags.get(m[1], m[1])}:", line, count=1)


def error_for_shell(exc: OmahaEvalError, flags: Mapping[str, str] = FLAGS) -> str:
    """A library error as one line naming its field as the command line
    spells it: the flag, or the player counted from 1."""
    return describe(exc, flags).replace(lookalikes.STRICT, "--strict-cards")


def fail(
    message: str | OmahaEvalError, flags: Mapping[str, str] = FLAGS, code: int | None = None
) -> NoReturn:
    """One line on stderr, then exit: the command's own message, or a
    library error naming its flag (or the player, counted from 1).  The
    code: `code` if given, else 1 for an OmahaEvalFailure (an extra not
    installed, a file not written), else 2 (bad input)."""
    line = error_for_shell(message, flags) if isinstance(message, OmahaEvalError) else message
    click.echo(f"omaha-eval: error: {printable(line)}", err=True)
    if code is None:
        code = EXIT_FAILURE if isinstance(message, OmahaEvalFailure) else EXIT_BAD_INPUT
    sys.exit(code)


def strict_cards_option(command: F) -> F:
    """--strict-cards (equity and query): text that looks like cards but
    is read as a pattern is an error, not a note."""
    return click.option(
        "--strict-cards",
        "strict_cards",
        is_flag=True,
        help="Refuse text that looks like cards but is read as a pattern (AsAh2c3x: x is a "
        "suit variable), rather than noting how it was read.",
    )(command)


@contextmanager
def user_errors(flags: Mapping[str, str] = FLAGS) -> Iterator[None]:
    """Bad input becomes one line and exit code 2 (a failure that is not
    the input's fault, 1), not a traceback."""
    try:
        yield
    except OmahaEvalError as exc:
        fail(exc, flags)


@contextmanager
def output_errors() -> Iterator[None]:
    """A write to stdout that fails becomes an exit, never a traceback: a
    pipe closed by its reader (``| head``) exits 0, as a finished command
    does; anything else (a full disk: ``> /dev/full``) is one line on
    stderr and exit code 1.  What stdout still buffers is written here, so
    the failure cannot come later, when Python flushes stdout at exit."""
    try:
        try:
            yield
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()
    except OSError as exc:
        if exc.filename is not None:  # a file's error, not the output's
            raise
        _output_failed(exc)


def _output_failed(exc: OSError) -> NoReturn:
    _discard(sys.stdout)  # what stayed in its buffer would fail again at exit
    if exc.errno == errno.EPIPE:
        sys.exit(0)
    try:
        click.echo(f"omaha-eval: error: cannot write the output: {exc.strerror or exc}", err=True)
    except OSError:  # stderr cannot be written either
        _discard(sys.stderr)
    sys.exit(EXIT_FAILURE)


def _discard(stream: Any) -> None:
    """Point a standard stream's file descriptor at the null device (the
    Python docs' answer to SIGPIPE); a stream without one is left alone."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError, AttributeError):  # no descriptor (None, a test's capture)
        pass


def progress(total: int | None, unit: str, quiet: bool, scale: bool = True) -> Any:
    """A tqdm bar on stderr, shown after PROGRESS_DELAY seconds, only when
    stderr is a terminal and not --quiet.  `scale`: counts as 1.00M (for
    millions of trials); False counts whole units (5/10 spots)."""
    disable = quiet or sys.stderr is None or not sys.stderr.isatty()
    return tqdm(
        total=total,
        unit=unit,
        unit_scale=scale,
        delay=PROGRESS_DELAY,
        file=sys.stderr,
        disable=disable,
        leave=False,
        dynamic_ncols=True,
    )


def warn(message: str, quiet: bool) -> None:
    """A note on stderr that a run will be slow, and how to stop it."""
    if not quiet:
        click.echo(f"omaha-eval: note: {message}; Ctrl-C stops it", err=True)


def duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.1f} hours"


class Answer(Protocol):
    """What Sampling.notes reads of a result (an equity's or a query's)."""

    @property
    def method(self) -> str: ...
    @property
    def trials(self) -> int: ...
    @property
    def interrupted(self) -> bool: ...
    @property
    def target_reached(self) -> bool | None: ...


class Count(click.IntRange):
    """A whole number in a range, also written as a whole float (``1e5``,
    ``2.0``), as the Python API takes counts (omaha_eval._checks.whole); a
    fraction stays an error naming the flag."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            try:
                number = float(value)
            except ValueError:
                number = None
            if number is not None and number.is_integer() and not value.strip().isdigit():
                value = str(int(number))
        return super().convert(value, param, ctx)


TRIALS_HELP = f"Monte Carlo trials [default: {DEFAULT_TRIALS:,}]."


@dataclass(frozen=True)
class Sampling:
    """The options of how to run as sampling_options reads them, handed to
    the command as one parameter, `sampling`."""

    trials: int | None
    exact: bool
    monte_carlo: bool
    target_stderr: float | None
    seed: int | None
    threads: int | None

    def method(self) -> bool | None:
        """--exact / --monte-carlo as the API's exact= (None: let it choose)."""
        if self.exact and self.monte_carlo:
            fail("--exact and --monte-carlo exclude each other", {})
        return True if self.exact else (False if self.monte_carlo else None)

    def keywords(self) -> RunKeywords:
        """The API's run keywords (exact, trials, target_stderr, seed,
        threads); --exact with --monte-carlo is one line and exit code 2."""
        return RunKeywords(
            exact=self.method(),
            trials=self.trials,
            target_stderr=self.target_stderr,
            seed=self.seed,
            threads=self.threads,
        )

    def notes(self, result: Answer) -> list[str]:
        """What the flags given did not do."""
        notes = []
        if result.method == "exact" and self.trials is not None:
            notes.append(
                "every deal was enumerated (exact), so --trials did not apply; "
                "add --monte-carlo to sample"
            )
        if result.method == "exact" and self.target_stderr is not None:
            notes.append("every deal was enumerated (exact), so --target-stderr did not apply")
        if result.target_reached is False and not result.interrupted:
            notes.append(
                f"the --target-stderr of {self.target_stderr} was not reached within "
                f"{result.trials:,} trials; raise --trials to go further"
            )
        return notes


class RunKeywords(TypedDict):
    """The run keywords every prepared run of the library takes."""

    exact: bool | None
    trials: int | None
    target_stderr: float | None
    seed: int | None
    threads: int | None


def sampling_options(figures: str, trials: str = TRIALS_HELP) -> Callable[[F], F]:
    """The options of how to run (shared by equity, query, boards and
    split): --trials (`trials`: its help), --exact, --monte-carlo,
    --target-stderr (`figures`: what it bounds), --seed, --threads; the
    command receives them as one Sampling, its parameter `sampling`."""
    options = [
        click.option("-n", "--trials", type=Count(min=1), help=trials),
        click.option("--exact", is_flag=True, help="Enumerate every deal (no sampling)."),
        click.option(
            "--monte-carlo",
            "monte_carlo",
            is_flag=True,
            help="Sample even when the deals are few enough to enumerate.",
        ),
        click.option(
            "--target-stderr",
            type=click.FloatRange(min=0, min_open=True),
            help=f"Monte Carlo: stop once every {figures} standard error is at most this.",
        ),
        click.option("-s", "--seed", type=click.IntRange(min=0), help="Seed (Monte Carlo)."),
        click.option("-t", "--threads", type=Count(min=1), help="Threads (default: all cores)."),
    ]
    return option_group("sampling", Sampling, options)


def option_group(
    name: str, group: type[Any], options: Sequence[Callable[[Any], Any]]
) -> Callable[[F], F]:
    """The `options`, in that order, handed to the command as one object:
    `group` (a dataclass whose fields are the options' parameters) built
    of their values, the command's parameter `name`."""
    names = [field.name for field in fields(group)]

    def apply(command: F) -> F:
        @functools.wraps(command)
        def read(*args: Any, **kwargs: Any) -> Any:
            values = {field: kwargs.pop(field) for field in names}
            return command(*args, **{name: group(**values)}, **kwargs)

        for option in reversed(options):
            read = option(read)
        return cast(F, read)

    return apply


def game_option(ctx: click.Context, param: click.Parameter, value: str | None) -> Game | None:
    """--game: any name or alias of omaha_eval.games, any case."""
    if value is None:
        return None
    try:
        return game(value)
    except OmahaEvalError as exc:
        raise click.BadParameter(exc.detail, ctx, param) from None


def complete_game(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """--game's names and aliases, for the shell's completion (`-g o<TAB>`),
    each described by its game's title."""
    prefix = incomplete.lower()
    return [
        CompletionItem(name, help=game(name).title)
        for name in game_names()
        if name.startswith(prefix)
    ]


GAME_HELP = "omaha8 (o8, plo8) = hi/lo; omaha (plo) = high only."


def game_flag(help: str = GAME_HELP, default: str | None = "omaha8") -> Callable[[F], F]:
    """The -g/--game option of every command: read by game_option, completed
    by complete_game; `default` None leaves the game to the input (batch)."""
    shown: dict[str, Any] = {} if default is None else {"default": default, "show_default": True}
    return click.option(
        "-g",
        "--game",
        callback=game_option,
        shell_complete=complete_game,
        metavar="GAME",
        help=help,
        **shown,
    )


# What a character the output's encoding cannot hold is written as: a Windows
# console pipe or file (cp1252) and a C locale (ASCII) cannot hold the suit
# symbols, which read as the suit letters every command takes (A♠ -> As).
PLAIN = {
    **SUIT_SYMBOLS,
    "→": "->",
    "≤": "<=",
    "≥": ">=",
    "−": "-",
    "—": "--",
    "–": "-",
    "…": "...",
    "×": "x",
    "·": ".",
    "─": "-",
    "┐": "+",
    "┼": "+",
    "┘": "+",
}
PLAIN_ERRORS = "omaha_eval.plain"  # the codecs error handler that writes them


def _plain(error: UnicodeError) -> tuple[str, int]:
    """PLAIN's text for what the encoding cannot hold, else a backslash escape."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    text = "".join(PLAIN.get(ch) or ch.encode("ascii", "backslashreplace").decode() for ch in bad)
    return text, error.end


codecs.register_error(PLAIN_ERRORS, _plain)


def pipe_encoding(environ: Mapping[str, str]) -> str:
    """The encoding the command writes to a pipe or a file in an environment
    (a parent that reads its output decodes with it): PYTHONIOENCODING, else
    UTF-8 in UTF-8 mode, else the locale's (cp1252 on a Windows runner);
    click writes UTF-8 where that is ASCII (a C locale)."""
    named = environ.get("PYTHONIOENCODING", "").split(":")[0]
    if not named and environ.get("PYTHONUTF8", "1" if sys.flags.utf8_mode else "") == "1":
        named = "utf-8"
    encoding = codecs.lookup(named or locale.getpreferredencoding(False)).name
    return "utf-8" if encoding == "ascii" else encoding


def as_written(text: str, encoding: str) -> str:
    """`text` as the command writes it to a stream of `encoding` (PLAIN)."""
    return text.encode(encoding, PLAIN_ERRORS).decode(encoding)


def _tolerant_streams() -> None:
    """Text the output's encoding cannot show (suit symbols in a cp1252 pipe
    on Windows, or under PYTHONIOENCODING=latin-1) is written plain (PLAIN),
    not a crash; a closed stream (``2>&-``) is None, which click and the
    progress bar skip."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=PLAIN_ERRORS)
            except (OSError, ValueError):  # a closed or odd stream: leave it as it is
                pass


class Group(click.Group):
    """Click's errors on one line (naming the argument), exit code 2 for
    usage errors.
    Output that cannot be written is caught where it is written
    (output_errors), before click's own handler would exit 1 on a closed
    pipe."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with output_errors():  # --help and --version write here
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with output_errors():
            return super().invoke(ctx)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        _tolerant_streams()
        try:
            code = super().main(*args, **kwargs)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "omaha-eval"
            hint = f" (see '{where} --help')" if exc.ctx is not None else ""
            fail(f"{exc.format_message().rstrip('.')}{hint}", {})
        except click.ClickException as exc:  # click's own exit code: 1 for a file it cannot open
            fail(exc.format_message(), {}, exc.exit_code)
        except click.Abort:  # Ctrl-C outside the places that handle it themselves
            sys.exit(EXIT_INTERRUPTED)
        sys.exit(code if isinstance(code, int) else 0)
