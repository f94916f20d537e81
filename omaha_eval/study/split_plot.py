"""Pictures of a split graph (omaha_eval.study.split): the sorted
curves of its figures and the hi share x lo share picture of every combo.

Matplotlib is the optional ``plot`` extra; the figures are made as in
omaha_eval.plots (its object API, returned, saved with ``save_figure``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from omaha_eval.engine.report import shown_text
from omaha_eval.plots import new_figure

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from omaha_eval.study.split import SplitGraph

__all__ = ["CURVES", "plot_split", "plot_split_curves", "plot_split_map"]

# The figures drawn as sorted curves, each sorted on its own.
CURVES = ("equity", "hi_share", "lo_share", "scoop", "quartered", "makes_low")
# The largest marker of the picture (points squared), for the heaviest combo.
MARKER_AREA = 60.0


def plot_split(graph: SplitGraph, title: str | None = None) -> Figure:
    """Both pictures of a graph in one figure: the sorted curves above, the
    hi share x lo share picture below."""
    fig = new_figure(8.0, 10.0)
    top, bottom = fig.subplots(2, 1)
    name = title or _title(graph)
    _curves(top, graph, f"sorted curves: {name}")
    _map(fig, bottom, graph, f"hi share x lo share: {name}")
    return fig


def plot_split_curves(graph: SplitGraph, title: str | None = None) -> Figure:
    """One curve per figure (CURVES): the combos sorted by that figure, x
    the share of the range by weight (weight x live weight), y the figure."""
    fig = new_figure(7.0, 4.5)
    _curves(fig.add_subplot(), graph, title or _title(graph))
    return fig


def plot_split_map(graph: SplitGraph, title: str | None = None) -> Figure:
    """Each combo at (hi share, lo share): the lines hi + lo = constant are
    its equity; a marker's area is the combo's share of the range, its
    colour its scoop."""
    fig = new_figure(6.5, 5.5)
    _map(fig, fig.add_subplot(), graph, title or _title(graph))
    return fig


def _title(graph: SplitGraph) -> str:
    against = ", ".join(shown_text(v) for v in graph.villains)
    return f"{shown_text(graph.hero)} vs {against}, board {graph.board or '(none)'}"


def _curves(ax: Any, graph: SplitGraph, title: str) -> None:
    for name in CURVES:
        x, y = graph.curve(name)
        ax.plot(100 * x, 100 * y, label=f"{name} ({100 * graph.mean(name):.1f}%)")
    _frame(ax, 100, "share of the range, by weight (%)", "figure (%)", title)
    ax.legend(loc="best", fontsize="small")


def _map(fig: Any, ax: Any, graph: SplitGraph, title: str) -> None:
    mass = graph.mass
    area = MARKER_AREA * np.sqrt(mass / mass.max()) if len(mass) else mass
    points = ax.scatter(
        100 * graph.hi_share,
        100 * graph.lo_share,
        s=area,
        c=100 * graph.scoop,
        cmap="viridis",
        vmin=0,
        vmax=100,
        alpha=0.6,
        linewidths=0,
    )
    for equity in (25, 50, 75):  # the lines of equal equity
        ax.plot([0, equity], [equity, 0], color="grey", linewidth=0.5, linestyle=":")
    _frame(ax, 50, "hi share (% of the pot)", "lo share (% of the pot)", title)
    fig.colorbar(points, ax=ax, label="scoop (%)")


def _frame(ax: Any, top: float, xlabel: str, ylabel: str, title: str) -> None:
    """A picture's axes: x from 0 to 100 (%), y from 0 to `top`, a light grid."""
    ax.set_xlim(0, 100)
    ax.set_ylim(0, top)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
