"""``omaha-eval beats``: the villains' combos that beat a hand now, for high
and for low, grouped by category with their weights (omaha_eval.study.beats)."""

from __future__ import annotations

import click

from omaha_eval.cli._shell import FLAGS, game_flag, output_errors, user_errors
from omaha_eval.games import Game
from omaha_eval.records import json_text
from omaha_eval.study.beats import beats

__all__ = ["beats_command"]


@click.command("beats", short_help="What beats a hand now, for high and for low.")
@click.argument("hand", metavar="HAND")
@click.argument("villains", nargs=-1, required=True, metavar="VILLAIN...")
@click.option("-b", "--board", required=True, help="The board now: a flop, turn or river.")
@click.option("-d", "--dead", default="", help="Known dead cards.")
@game_flag()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def beats_command(
    hand: str, villains: tuple[str, ...], board: str, dead: str, game: Game, as_json: bool
) -> None:
    """The VILLAIN combos (hands, ranges, or * for any hand) that beat HAND
    on the board as it is, for high and for low, grouped by high category
    and by low with each group's share of the villain's live combos
    (weighted as the range says).  Ties do not beat.

    \b
    Examples:
      omaha-eval beats AhKh3d4c 15% --board Qh7h6s2c
    """
    # the library's parameters as this command spells them (villains counted from 1)
    flags = {**FLAGS, "hand": "HAND", "villains": "VILLAIN"}
    flags.update({f"villains[{i}]": f"VILLAIN {i + 1}" for i in range(len(villains))})
    with user_errors(flags):
        answer = beats(hand, list(villains), board, dead, game=game)
    with output_errors():
        click.echo(json_text(answer.to_dict()) if as_json else str(answer))
