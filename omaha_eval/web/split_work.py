"""POST /api/split: the split graph of a spot (omaha_eval.split_graph), its
combos chosen by ``where``, ``sort`` and ``top`` (study/table/select.py), as the
command ``omaha-eval split`` chooses them; read and checked here, run as a
job by api.py."""

from __future__ import annotations

import math
import threading
from typing import Any

from omaha_eval.records import json_ready
from omaha_eval.study.split import graph_prototype, prepare_split_graph
from omaha_eval.study.table.select import read_selection
from omaha_eval.web.bodies import Body
from omaha_eval.web.jobs import Progress
from omaha_eval.web.work import Prepared, run_options, spot_fields

__all__ = ["SHOWN_ROWS", "prepare_split"]

# Combos an answer holds at most (the first, in the chosen order): a page
# shows them, the command line's --json has every one.
SHOWN_ROWS = 5_000


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
        return json_ready(data)  # type: ignore[no-any-return]

    return Prepared(run, math.inf)
