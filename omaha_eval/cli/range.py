"""``omaha-eval range``: what a range text means, before it is used."""

from __future__ import annotations

import json
from collections import Counter

import click

from omaha_eval.cards import format_cards
from omaha_eval.cli._shell import game_option, user_errors
from omaha_eval.games import HOLE_SIZES, Game
from omaha_eval.ranges import Range

__all__ = ["range_command"]

SHOWN = 10  # hands listed in the text output (--json lists them all)

SYNTAX = """\b
Range syntax (every construct with an example: the site's "Range language" page):
  AA         hands holding two aces or more   AsKs       hands holding both cards
  *          any card                         xxyy       suit variables (double-suited)
  RRON       rank variables (one pair)        $ds $ss $rb $np  hand macros
  $L $B $W   low, broadway, wheel cards       [A,K] [A-T] [KQ-87]  brackets
  TT+  KK-   up to aces, down to deuces       AA-TT A-T AsKs-AsTs  spans
  15% 5%-10% the top of the preflop order     , : ! ( )  union, and, but not, groups
  @0.5       a weight (the largest wins)"""


@click.command("range", epilog=SYNTAX)
@click.argument("text", metavar="TEXT")
@click.option(
    "-k", "--hole-cards", type=click.IntRange(min(HOLE_SIZES), max(HOLE_SIZES)), default=4,
    show_default=True,
    help="Cards per hand: the deck the range is read in.",
)  # fmt: skip
@click.option(
    "-g", "--game", callback=game_option, metavar="GAME", default="omaha8", show_default=True,
    help="The game whose preflop order percent ranges use.",
)  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object with every hand.")
def range_command(text: str, hole_cards: int, game: Game, as_json: bool) -> None:
    """The hands a range TEXT holds: their count, the share of all hands,
    the distinct weights and the first hands (all of them with --json).

    \b
    Examples:
      omaha-eval range "AA:$ds, KK@0.5"
      omaha-eval range "AsKs" --json
      omaha-eval range "15%" --hole-cards 5
    """
    flags = {"range": "TEXT", "hole_cards": "--hole-cards", "game": "--game"}
    with user_errors(flags):
        r = Range(text, hole_cards=hole_cards, game=game)
    weights = Counter(r.weights.tolist())
    hands = [format_cards(sorted(row.tolist(), reverse=True)) for row in r.combos]  # best first
    if as_json:
        doc = {
            "text": text,
            "hole_cards": hole_cards,
            "game": game.name,
            "count": len(r),
            "fraction": r.fraction,
            "weights": [{"weight": w, "count": n} for w, n in sorted(weights.items())],
            "hands": [
                {"hand": h, "weight": w} for h, w in zip(hands, r.weights.tolist(), strict=True)
            ],
        }
        click.echo(json.dumps(doc, ensure_ascii=False))
        return
    click.echo(f"{len(r):,} hands of {r.total:,} ({100 * r.fraction:.3f}%), "
               f"{hole_cards}-card {game.title}")  # fmt: skip
    click.echo("weights: " + ", ".join(f"{w:g} ({n:,} hands)" for w, n in sorted(weights.items())))
    if hands:
        more = f" (first {SHOWN} of {len(hands):,})" if len(hands) > SHOWN else ""
        click.echo(f"hands{more}:")
        for hand, w in zip(hands[:SHOWN], r.weights.tolist(), strict=False):
            click.echo(f"  {hand}" + ("" if w == 1 else f"  @{w:g}"))

