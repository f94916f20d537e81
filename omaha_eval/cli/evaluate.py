"""``omaha-eval eval``: the best high and the best low of one hand."""

from __future__ import annotations

import click

from omaha_eval.cli._shell import user_errors
from omaha_eval.evaluator import evaluate
from omaha_eval.records import json_text

__all__ = ["eval_command"]

FLAGS = {"hole": "HOLE", "board": "BOARD"}


@click.command("eval", short_help="Best high and best low of a hand on a board.")
@click.argument("hole")
@click.argument("board")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def eval_command(hole: str, board: str, as_json: bool) -> None:
    """Best high and best low of HOLE (4, 5 or 6 cards) on a BOARD of 3, 4 or
    5 cards (the flop, the turn or the river).

    Each hand uses exactly two hole cards and three board cards; the five
    cards used are shown best first.

    \b
    Examples:
      omaha-eval eval AdKd3s2s JdQd4d3c5h
      omaha-eval eval AdKd3s2s Jd4d5h
      omaha-eval eval "A♠ 2♦ K♣ K♥" "3c 5h 8d Ks Qd" --json
    """
    with user_errors(FLAGS):
        value = evaluate(hole, board)
    if as_json:
        low = None
        if value.low_name is not None:
            low = {"value": value.low, "name": value.low_name, "cards": value.low_cards}
        high = {"value": value.high, "name": value.high_name, "cards": value.high_cards}
        click.echo(json_text({"hole": hole, "board": board, "high": high, "low": low}))
        return
    click.echo(f"high  {value.high_name:<32} {value.high_cards}  (value {value.high})")
    if value.low_name is None:
        click.echo("low   none (no eight-or-better low)")
    else:
        click.echo(f"low   {value.low_name:<32} {value.low_cards}  (value {value.low})")
