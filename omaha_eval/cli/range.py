"""``omaha-eval range``: what a range text means, before it is used."""

from __future__ import annotations

import json

import click

from omaha_eval import listing
from omaha_eval.cards import format_hands
from omaha_eval.cli._shell import game_flag, user_errors
from omaha_eval.games import HOLE_SIZES, Game
from omaha_eval.ranges import Range

__all__ = ["range_command"]

SHOWN = 10  # hands listed in the text output (--json lists them all)
JSON_ROWS = 65_536  # hands formatted and written at a time by --json: memory stays flat

SYNTAX = """\b
Range syntax (every construct with an example: the site's "Range language" page):
  AA         hands holding two aces or more   AsKs       hands holding both cards
  *          any card                         xxyy       suit variables (double-suited)
  RRON       rank variables (one pair)        $ds $ss $rb $np  hand macros
  $L $B $W   low, broadway, wheel cards       [A,K] [A-T] [KQ-87]  brackets
  TT+  KK-   up to aces, down to deuces       AA-TT A-T AsKs-AsTs  spans
  15% 5%-10% the top of the preflop order     , : ! ( )  union, and, but not, groups
  @0.5       a weight (the largest wins)"""


@click.command("range", short_help="The hands a range text holds, strongest first.", epilog=SYNTAX)
@click.argument("text", metavar="TEXT")
@click.option(
    "-k",
    "--hole-cards",
    type=click.IntRange(min(HOLE_SIZES), max(HOLE_SIZES)),
    default=4,
    show_default=True,
    help="Cards per hand: the deck the range is read in.",
)
@game_flag(help="The game whose preflop order percent ranges use.")
@click.option(
    "--order",
    type=click.Choice(listing.ORDERS),
    help="How hands are listed: best first in the heads-up (hu) or six-handed (6h) preflop "
    "order of the game, or in card order.  [default: the order the text's percent terms "
    "name (15%6h: 6h), else hu]",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object with every hand.")
def range_command(text: str, hole_cards: int, game: Game, order: str | None, as_json: bool) -> None:
    """The hands a range TEXT holds: their count, the share of all hands,
    the distinct weights and the first hands (all of them with --json),
    strongest first.

    \b
    Examples:
      omaha-eval range 'AA:$ds, KK@0.5'
      omaha-eval range "15%6h"
      omaha-eval range "AsKs" --json --order cards
      omaha-eval range "15%" --hole-cards 5
    """
    flags = {"range": "TEXT", "hole_cards": "--hole-cards", "game": "--game"}
    with user_errors(flags):
        r = Range(text, hole_cards=hole_cards, game=game)
    if order is None:
        order = listing.named_order(text, hole_cards, game)
    weights = listing.weight_counts(r.weights)
    if as_json:
        head = {
            "text": text,
            "hole_cards": hole_cards,
            "game": game.name,
            "count": len(r),
            "fraction": r.fraction,
            "weights": [{"weight": w, "count": n} for w, n in weights],
            "order": order,
        }
        listed = listing.positions(r, order)
        # the document json.dumps would give with "hands" last, written a
        # part at a time: a 20 M-hand range never sits in memory as text
        click.echo(json.dumps(head, ensure_ascii=False)[:-1] + ', "hands": [', nl=False)
        for lo in range(0, len(r), JSON_ROWS):
            rows = slice(lo, lo + JSON_ROWS) if listed is None else listed[lo : lo + JSON_ROWS]
            items = ", ".join(
                f'{{"hand": "{hand}", "weight": {w!r}}}'
                for hand, w in zip(
                    format_hands(r.combos[rows]), r.weights[rows].tolist(), strict=True
                )
            )
            click.echo((", " if lo else "") + items, nl=False)
        click.echo("]}")
        return
    click.echo(listing.summary(r))
    click.echo("weights: " + ", ".join(listing.weights_text(w, n) for w, n in weights))
    if len(r):
        how = listing.order_name(game, order)
        more = f"first {SHOWN} of {len(r):,}, " if len(r) > SHOWN else ""
        click.echo(f"hands ({more}{how}):")
        combos, first_weights = listing.first_hands(r, order, SHOWN)
        for hand, w in zip(format_hands(combos), first_weights.tolist(), strict=True):
            click.echo(f"  {hand}" + ("" if w == 1 else f"  @{w:g}"))
