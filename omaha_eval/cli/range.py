"""``omaha-eval range``: what a range text means, before it is used."""

from __future__ import annotations

import json

import click
import numpy as np
import numpy.typing as npt

from omaha_eval.cards import CARD_TEXT
from omaha_eval.cli._shell import game_option, user_errors
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
    weights = _weight_counts(r.weights)
    if as_json:
        head = {
            "text": text,
            "hole_cards": hole_cards,
            "game": game.name,
            "count": len(r),
            "fraction": r.fraction,
            "weights": [{"weight": w, "count": n} for w, n in weights],
        }
        # the document json.dumps would give with "hands" last, written a
        # part at a time: a 20 M-hand range never sits in memory as text
        click.echo(json.dumps(head, ensure_ascii=False)[:-1] + ', "hands": [', nl=False)
        for lo in range(0, len(r), JSON_ROWS):
            rows = slice(lo, lo + JSON_ROWS)
            items = ", ".join(
                f'{{"hand": "{hand}", "weight": {w!r}}}'
                for hand, w in zip(
                    _hand_texts(r.combos[rows]), r.weights[rows].tolist(), strict=True
                )
            )
            click.echo((", " if lo else "") + items, nl=False)
        click.echo("]}")
        return
    click.echo(f"{len(r):,} hands of {r.total:,} ({100 * r.fraction:.3f}%), "
               f"{hole_cards}-card {game.title}")  # fmt: skip
    click.echo("weights: " + ", ".join(f"{w:g} ({n:,} hands)" for w, n in weights))
    if len(r):
        more = f" (first {SHOWN} of {len(r):,})" if len(r) > SHOWN else ""
        click.echo(f"hands{more}:")
        shown = _hand_texts(r.combos[:SHOWN])
        for hand, w in zip(shown, r.weights[:SHOWN].tolist(), strict=True):
            click.echo(f"  {hand}" + ("" if w == 1 else f"  @{w:g}"))


# each card's two characters, by card id
_CARD_BYTES = np.frombuffer("".join(CARD_TEXT).encode("ascii"), dtype=np.uint8).reshape(52, 2)


def _hand_texts(combos: npt.NDArray[np.uint8]) -> list[str]:
    """Text of each hand, best card first (as format_cards writes the cards
    in that order), for many hands at once."""
    n, k = combos.shape
    chars = np.ascontiguousarray(_CARD_BYTES[combos[:, ::-1]].reshape(n, 2 * k))
    return [b.decode("ascii") for b in chars.view(f"S{2 * k}").ravel().tolist()]


def _weight_counts(weights: npt.NDArray[np.float64]) -> list[tuple[float, int]]:
    """The distinct weights, ascending, with how many hands have each."""
    if len(weights) and bool((weights == 1.0).all()):
        return [(1.0, len(weights))]
    values, counts = np.unique(weights, return_counts=True)
    return list(zip(values.tolist(), counts.tolist(), strict=True))
