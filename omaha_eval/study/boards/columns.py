"""A board report's rows as a table of columns (study/table/columns.py):
the columns a report has, named from its own figures (``PLAYER_FIGURES``,
``DEAL_NAMES``), so a figure added to the report is a column at once; the
same table, before the run, for reading a filter or a sort; and player 1's
figures under their bare names for ``--where`` and ``--sort``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from omaha_eval.study.boards.report import BoardReport, figure_columns
from omaha_eval.study.boards.rows import DEAL_NAMES, PLAYER_FIGURES
from omaha_eval.study.table.columns import Table
from omaha_eval.study.table.textures import Texture, texture_of_ids

__all__ = [
    "TEXTURE_NAMES",
    "board_columns",
    "board_prototype",
    "column_name",
    "with_player_aliases",
]

TEXTURE_NAMES = tuple(Texture.__dataclass_fields__)


def board_columns(report: BoardReport) -> Table:
    """A board report's columns: ``board``, ``boards``, ``probability``,
    ``probability_stderr``, ``trials``, the textures (``pairing`` ...
    ``high`` and ``texture``, their label; rows of boards only), each
    player's figures ``p1_equity`` ... with ``p1_equity_stderr`` ..., and
    the deal's figures with their standard errors."""
    table: Table = {
        "board": list(report.board_texts),
        "boards": report.boards,
        "probability": report.probability,
        "probability_stderr": report.probability_stderr,
        "trials": report.trials,
    }
    if report.labels is None:
        textures = [t for t in report.textures if t is not None]
        for name in TEXTURE_NAMES:
            table[name] = [getattr(t, name) for t in textures]
        table["texture"] = [t.label for t in textures]
    table.update(figure_columns(report))
    for j, name in enumerate(DEAL_NAMES):
        table[f"{name}_stderr"] = report.deal_stderr[:, j]
    return table


def with_player_aliases(table: Mapping[str, Any]) -> Table:
    """The table with player 1's figures also under their bare names
    (``equity`` for ``p1_equity``) where no column has that name: what
    ``--where scoop>0.5`` and ``--sort equity`` read."""
    out = dict(table)
    for name, values in table.items():
        if name.startswith("p1_") and name[3:] not in out:
            out[name[3:]] = values
    return out


def column_name(name: str, table: Mapping[str, Any]) -> str:
    """A column of with_player_aliases(table) as `table` names it: player
    1's figures by their bare names too (``scoop`` is ``p1_scoop``)."""
    return name if name in table else f"p1_{name}"


def board_prototype(players: int, grouped: bool) -> Table:
    """A one-row table of the columns board_columns gives a report of so
    many players (grouped or not), for reading a filter or a sort before
    the report is run."""
    table: Table = {
        "board": [""],
        "boards": [0],
        "probability": [0.0],
        "probability_stderr": [0.0],
        "trials": [0],
    }
    if not grouped:
        sample = texture_of_ids([0, 1, 2])
        table.update({n: [v] for n, v in sample.to_dict().items()})
        table["texture"] = [sample.label]
    for i in range(players):
        table.update({f"p{i + 1}_{n}": [0.0] for n in PLAYER_FIGURES})
        table.update({f"p{i + 1}_{n}_stderr": [0.0] for n in PLAYER_FIGURES})
    table.update({n: [0.0] for n in DEAL_NAMES})
    table.update({f"{n}_stderr": [0.0] for n in DEAL_NAMES})
    return table
