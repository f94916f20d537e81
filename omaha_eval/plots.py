"""Pictures of a spot: equity distribution curves and hand-strength bars.

Matplotlib is an optional extra (``pip install ".[plot]"`` in the source tree); the
figures are made with its object API (no pyplot, no display needed) and
returned, so a notebook shows them and a script saves them
(:func:`save_figure`, PNG or SVG by the file's extension).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from omaha_eval import extras
from omaha_eval._files import write_whole
from omaha_eval.errors import OmahaEvalError, OutputFileError

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from omaha_eval.engine.results import EquityResult
    from omaha_eval.solver.distribution import EquityDistribution

__all__ = [
    "FORMATS",
    "check_plot_target",
    "new_figure",
    "plot_breakdown",
    "plot_distributions",
    "plot_spot",
    "save_figure",
]

FORMATS = (".png", ".svg")


def new_figure(width: float, height: float) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise extras.missing("plot", "pictures need matplotlib", param="plot") from None
    return Figure(figsize=(width, height), layout="constrained")


def plot_distributions(distributions: Sequence[EquityDistribution], title: str) -> Figure:
    """One curve per distribution: its combos sorted by equity, x the share
    of the range by weight, y the equity against the other player."""
    fig = new_figure(7.0, 4.5)
    _distributions(fig.add_subplot(), distributions, title)
    return fig


def _distributions(ax: Any, distributions: Sequence[EquityDistribution], title: str) -> None:
    for d in distributions:
        x, y = d.curve()
        ax.plot(100 * x, 100 * y, label=f"{d.hero} vs {d.villain} ({100 * d.range_equity:.1f}%)")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("share of the range, by weight (%)")
    ax.set_ylabel("equity (%)")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper right", fontsize="small")


def plot_breakdown(result: EquityResult, title: str) -> Figure:
    """Bars of each player's chance to end with each high category and, in a
    game with a low, each low class (PlayerEquity.breakdown)."""
    fig = new_figure(8.0, 4.5)
    _breakdown(fig.add_subplot(), result, title)
    return fig


def _breakdown(ax: Any, result: EquityResult, title: str) -> None:
    names = list(result.players[0].breakdown)
    width = 0.8 / len(result.players)
    for i, p in enumerate(result.players):
        xs = [j + (i - (len(result.players) - 1) / 2) * width for j in range(len(names))]
        ax.bar(xs, [100 * p.breakdown[n] for n in names], width, label=p.hand)
    ax.set_xticks(range(len(names)), names, rotation=40, ha="right")
    ax.set_ylabel("probability (%)")
    ax.set_title(title)
    ax.legend(fontsize="small")


def plot_spot(
    result: EquityResult | None,
    distributions: Sequence[EquityDistribution],
    title: str,
) -> Figure:
    """The pictures of one spot in one figure: the distribution curves (if
    any) and, when `result` is given, the breakdown bars below them."""
    rows = bool(distributions) + (result is not None)
    fig = new_figure(8.0, 4.5 * rows)
    axes = fig.subplots(rows, 1, squeeze=False)[:, 0]
    if distributions:
        _distributions(axes[0], distributions, f"equity distribution: {title}")
    if result is not None:
        _breakdown(axes[-1], result, f"what each hand makes: {title}")
    return fig


def check_plot_target(path: str | Path, name: str = "plot") -> Path:
    """A picture's file, checked before any work: .png or .svg, in a
    directory that exists and can be written, not a directory itself, and
    matplotlib installed."""
    target = Path(path)
    if target.suffix.lower() not in FORMATS:
        raise OmahaEvalError(f"{str(target)!r} must end in .png or .svg", param=name)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputFileError(
            f"the directory {str(folder)!r} of {str(target)!r} does not exist", param=name
        )
    if target.is_dir():
        raise OmahaEvalError(f"{str(target)!r} is a directory, not a file", param=name)
    if not os.access(folder, os.W_OK):
        raise OutputFileError(f"cannot write {str(target)!r}", param=name)
    new_figure(1, 1)  # says what to install when matplotlib is missing
    return target


def save_figure(fig: Figure, path: str | Path, name: str = "plot") -> Path:
    """Save as PNG or SVG, by the file's extension, whole or not at all: the
    picture is written beside the target and moved onto it once complete
    (a full disk leaves no truncated file), readable as the umask says (a
    new file's permissions; a picture written over keeps its own)."""
    target = check_plot_target(path, name)
    kind = target.suffix.lower().lstrip(".")
    try:
        write_whole(target, lambda temporary: fig.savefig(temporary, dpi=100, format=kind))
    except OSError as exc:
        raise OutputFileError(f"cannot write {str(target)!r}: {exc.strerror}", param=name) from None
    return target
