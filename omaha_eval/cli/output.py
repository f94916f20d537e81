"""The flags of what a command prints besides its table, shared by the
commands that have them: --json and --csv (one of them), --plot FILE (checked
before the work, drawn after the answer is printed) and --quiet."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import click

from omaha_eval.cli._shell import EXIT_INTERRUPTED, fail, flags_of, option_group, user_errors
from omaha_eval.plots import check_plot_target, save_figure

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = [
    "PLOT_FLAGS",
    "Output",
    "check_plot",
    "draw_plot",
    "drawing_interruptible",
    "one_format",
    "output_options",
    "plot_option",
    "quiet_option",
]

PLOT_FLAGS = flags_of("plot")

F = TypeVar("F", bound=Callable[..., Any])


def plot_option(help: str) -> Callable[[F], F]:
    """--plot FILE (the command's parameter plot_path); `help`: what it draws."""
    return click.option(
        "--plot", "plot_path", metavar="FILE", type=click.Path(dir_okay=False), help=help
    )


def quiet_option(command: F) -> F:
    """-q/--quiet: no progress bar."""
    return click.option("-q", "--quiet", is_flag=True, help="No progress bar.")(command)


def one_format(as_json: bool, as_csv: bool) -> None:
    """--json and --csv: at most one (else one line and exit code 2)."""
    if as_json and as_csv:
        fail("--json and --csv exclude each other", {})


def check_plot(path: str | None, flags: Mapping[str, str] = PLOT_FLAGS) -> None:
    """--plot's file checked before the work (matplotlib there, a .png or
    .svg name): a bad one costs no wait."""
    if path is not None:
        with user_errors(flags):
            check_plot_target(path)


def draw_plot(
    path: str,
    figure: Callable[[], Figure],
    drawn: str | None,
    flags: Mapping[str, str] = PLOT_FLAGS,
) -> None:
    """Save the `figure` drawn to `path`, its errors naming --plot, then a
    note of what was `drawn` ("pictures"; None: no note, the output is a
    document that stays whole: JSON or CSV)."""
    with user_errors(flags):
        save_figure(figure(), path, "plot")
    if drawn is not None:
        click.echo(f"note: {drawn} drawn to {path}")


@contextmanager
def drawing_interruptible() -> Iterator[None]:
    """Ctrl-C while drawing: one line saying no picture was written, exit 130."""
    try:
        yield
    except KeyboardInterrupt:
        click.echo("omaha-eval: interrupted while drawing; no picture written", err=True)
        sys.exit(EXIT_INTERRUPTED)


@dataclass(frozen=True)
class Output:
    """--json, --csv and --plot as output_options reads them, handed to the
    command as one parameter, `output`."""

    as_json: bool
    as_csv: bool
    plot_path: str | None

    @property
    def document(self) -> bool:
        """Whether stdout is one document (JSON or CSV) that notes must not break."""
        return self.as_json or self.as_csv

    def check_format(self) -> None:
        """--json and --csv: at most one (one_format)."""
        one_format(self.as_json, self.as_csv)

    def check_plot(self) -> None:
        """--plot's file, checked before the work (check_plot)."""
        check_plot(self.plot_path)

    def draw(self, figure: Callable[[], Figure], drawn: str = "pictures") -> None:
        """With --plot, save the `figure` drawn to its file (draw_plot)."""
        if self.plot_path is not None:
            draw_plot(self.plot_path, figure, None if self.document else drawn)


def output_options(json_help: str, csv_help: str, plot_help: str) -> Callable[[F], F]:
    """--json, --csv and --plot (each with its help), handed to the command
    as one Output, its parameter `output`."""
    options = [
        click.option("--json", "as_json", is_flag=True, help=json_help),
        click.option("--csv", "as_csv", is_flag=True, help=csv_help),
        plot_option(plot_help),
    ]
    return option_group("output", Output, options)
