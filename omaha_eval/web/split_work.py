"""POST /api/split: the split graph of a spot (omaha_eval.split_graph), its
combos chosen by ``where``, ``sort`` and ``top`` (study/table/select.py), as the
command ``omaha-eval split`` chooses them; read and checked here, run as a
job by api.py."""

from __future__ import annotations

import math
import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval.cards import format_hands
from omaha_eval.records import json_ready
from omaha_eval.study.split import SplitGraph, graph_prototype, prepare_split_graph
from omaha_eval.study.table.select import read_selection
from omaha_eval.web.bodies import Body
from omaha_eval.web.jobs import Progress
from omaha_eval.web.work import Prepared, run_options, spot_fields

__all__ = ["PICTURE_CELLS", "PICTURE_POINTS", "SHOWN_ROWS", "picture_points", "prepare_split"]

# Combos an answer holds at most (the first, in the chosen order): a page
# shows them, the command line's --json has every one.
SHOWN_ROWS = 5_000
# The picture draws every combo: one point each up to PICTURE_POINTS combos;
# more are pooled by cells of 1/PICTURE_CELLS of the pot (hi share) and of
# the same up the lo share (at most PICTURE_CELLS^2 / 2 points).
PICTURE_POINTS = 5_000
PICTURE_CELLS = 100
# Digits of a point's figures: far finer than a picture's pixel.
PICTURE_DIGITS = 5


def prepare_split(body: Body, stop: threading.Event) -> Prepared:
    """The first player is the hero (a range or a hand), the others the
    villains; a cancelled run answers ``{"interrupted": true}``.  A graph
    runs one spot per combo: always the long lane."""
    players, board, dead, name = spot_fields(body)
    options = run_options(body)
    where, sort = body.text("where") or None, body.text("sort") or None
    top = body.whole("top", 1, SHOWN_ROWS)
    body.done()
    # read once, here: bad input is a 422 before the run, which computes the
    # combos from what was read
    prepared = prepare_split_graph(
        players[0], players[1:], board, dead, game=name, stop=stop, **options
    )
    selection = read_selection(graph_prototype(), where=where, sort=sort or "equity", top=top)

    def run(progress: Progress) -> dict[str, Any]:
        def step(done: int, total: int) -> None:
            progress({"done": done, "total": total})

        try:
            graph = prepared.run(step)
        except KeyboardInterrupt:
            return {"interrupted": True}
        data = graph.to_dict()
        rows = selection.rows(graph.columns())
        chosen = rows[:SHOWN_ROWS].tolist()
        data["rows"] = chosen
        data["matched"] = len(rows)
        data["columns"] = {k: [v[i] for i in chosen] for k, v in data["columns"].items()}
        data["run"] = graph.run_text()  # how it ran, as the command line says it
        data["read"] = list(selection.columns)  # the columns to show beside the figures
        where = selection.where  # the combos the filter keeps, --top aside
        kept = np.ones(len(graph.combos), bool) if where is None else where.mask(graph.columns())
        data["points"] = picture_points(graph, kept)
        return json_ready(data)  # type: ignore[no-any-return]

    return Prepared(run, math.inf)


def picture_points(graph: SplitGraph, kept: npt.NDArray[np.bool_]) -> dict[str, Any]:
    """Every combo of the graph as a point of the hi share x lo share
    picture: ``hi_share``, ``lo_share``, ``mass`` (its share of the range,
    weight times live weight), ``scoop`` and ``kept`` (the filter keeps
    it), and ``hand`` (its text).  Over PICTURE_POINTS combos, the combos
    of each cell (a 1/PICTURE_CELLS square) are one point at their
    mass-weighted mean, its mass theirs, kept when one of them is, and
    ``combos`` (how many) in place of ``hand``; ``pooled`` says so."""
    figures = {"hi_share": graph.hi_share, "lo_share": graph.lo_share, "scoop": graph.scoop}
    mass = graph.mass
    pooled = len(mass) > PICTURE_POINTS
    if pooled:
        cell = np.clip((figures["hi_share"] * PICTURE_CELLS).astype(np.int64), 0, PICTURE_CELLS - 1)
        row = np.clip((figures["lo_share"] * PICTURE_CELLS).astype(np.int64), 0, PICTURE_CELLS - 1)
        cells, at = np.unique(cell * PICTURE_CELLS + row, return_inverse=True)

        def summed(values: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
            return np.bincount(at, weights=values, minlength=len(cells)).astype(np.float64)

        total = summed(mass)
        share = np.where(total > 0, total, 1.0)
        figures = {name: summed(mass * values) / share for name, values in figures.items()}
        kept, mass = summed(kept.astype(np.float64)) > 0, total
        named: dict[str, Any] = {"combos": summed(np.ones(len(at))).astype(np.int64).tolist()}
    else:
        named = {"hand": format_hands(graph.combos)}
    figures["mass"] = mass
    rounded = {name: np.round(v, PICTURE_DIGITS).tolist() for name, v in figures.items()}
    return {"pooled": pooled, **rounded, "kept": kept.tolist(), **named}
