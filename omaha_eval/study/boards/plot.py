"""The picture of a board report: equity and scoop by group, and the spread
of equity over the rows (matplotlib, the optional plot extra, as
omaha_eval/plots.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from omaha_eval.plots import new_figure

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from omaha_eval.study.boards.report import BoardReport

__all__ = ["plot_report"]


def plot_report(report: BoardReport, by: str = "texture") -> Figure:
    """Left: the first player's equity and scoop in each group (`by`), bars
    ordered by probability.  Right: the first player's equity over the rows,
    rows sorted by it, x the share of the probability so far."""
    groups = report.group(by)
    order = np.argsort(-groups.probability, kind="stable")
    fig = new_figure(11.0, 4.8)
    left, right = fig.subplots(1, 2, width_ratios=[3, 2])
    y = np.arange(len(order))
    eq = 100 * groups.figure("equity")[order]
    sc = 100 * groups.figure("scoop")[order]
    left.barh(y - 0.2, eq, height=0.4, label="equity")
    left.barh(y + 0.2, sc, height=0.4, label="scoop")
    left.set_yticks(
        y,
        [f"{groups.board_texts[i]} ({100 * groups.probability[i]:.1f}%)" for i in order],
        fontsize=7,
    )
    left.invert_yaxis()
    left.set_xlim(0, 100)
    left.set_xlabel(f"{report.players[0]}, %")
    left.set_title(f"by {by}")
    left.legend(loc="lower right")
    _spread(right, report)
    title = " vs ".join(report.players) + (f" on {report.board}" if report.board else " preflop")
    fig.suptitle(f"{title} ({report.game}, {report.method})")
    return fig


def _spread(ax: Any, report: BoardReport) -> None:
    equity = report.figure("equity")
    order = np.argsort(-equity, kind="stable")
    x = np.concatenate([[0.0], np.cumsum(report.probability[order])])
    ax.step(100 * x, 100 * np.concatenate([equity[order][:1], equity[order]]), where="pre")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("boards, by probability (%)")
    ax.set_ylabel(f"{report.players[0]} equity, %")
    ax.set_title("equity over the boards")
