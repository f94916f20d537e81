"""POST /api/beats: what beats a hand now (omaha_eval.beats), for the
Beats page, answered at once in a slot of the short lane: the answer's work
is priced before it is computed (prepare_beats) and refused past SHORT_WORK
(about two seconds of one core), as a short answer must be."""

from __future__ import annotations

from typing import Any

from omaha_eval.engine.plan import WORK_PER_SECOND
from omaha_eval.records import json_ready
from omaha_eval.study.beats import prepare_beats
from omaha_eval.web.bodies import ApiError, Body
from omaha_eval.web.work import SHORT_WORK

__all__ = ["MAX_VILLAINS", "beats_answer"]

MAX_VILLAINS = 9  # villains a request may name (a deal holds ten players)


def beats_answer(body: Body) -> dict[str, Any]:
    """The hand, its high and low now, and for each villain the combos that
    beat it, grouped (Beats.to_dict(), as ``omaha-eval beats --json``
    writes it)."""
    hand = body.text("hand")
    villains = body.texts("villains", MAX_VILLAINS)
    board, dead = body.text("board"), body.text("dead")
    name = body.text("game") or "omaha8"
    body.done()
    if not hand.strip():
        raise ApiError("hand: a hand is needed, such as 'AhKh3d4c'", "hand")
    prepared = prepare_beats(hand, villains, board, dead, game=name)
    if prepared.work > SHORT_WORK:
        seconds = prepared.work / WORK_PER_SECOND
        raise ApiError(
            f"villains: {prepared.combos:,} live combos are more than a short answer takes "
            f"(about {seconds:.0f} s of work); narrow the ranges",
            "villains",
        )
    return json_ready(prepared.run().to_dict())  # type: ignore[no-any-return]
