"""A river solution's strategy at one node by hand class, as a picture: a
bar a class, split into the frequencies of the actions (the plot extra;
matplotlib's object API, as omaha_eval.plots draws, the figure returned)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from omaha_eval.plots import new_figure

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from omaha_eval.solver.river.classes import StrategySummary

__all__ = ["plot_strategy"]


def plot_strategy(summary: StrategySummary, board: str) -> Figure:
    """One horizontal bar per hand class (the summary's rows, top down),
    its length split into the actions' frequencies; each class's label
    says its share of the combos at the node."""
    rows = summary.rows
    fig = new_figure(7.5, 1.2 + 0.45 * len(rows))
    ax = fig.add_subplot()
    labels = [f"{r.name} ({100 * r.share:.0f}%)" for r in rows]
    y = list(range(len(rows)))[::-1]
    left = [0.0] * len(rows)
    for i, action in enumerate(summary.actions):
        widths = [100 * r.frequencies[i] for r in rows]
        ax.barh(y, widths, left=left, label=action, color=f"C{i}")
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 100)
    ax.set_xlabel("frequency (%)")
    where = f"after {summary.line}" if summary.line else "at the root"
    ax.set_title(f"{summary.player.upper()}'s strategy {where} on {board}, by hand class")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.08), ncols=min(4, len(summary.actions)))
    return fig
