"""``omaha-eval rank``: where hands stand in their game's preflop orders."""

from __future__ import annotations

import dataclasses

import click

from omaha_eval.cli._shell import game_flag, user_errors
from omaha_eval.engine.report import aligned
from omaha_eval.games import Game
from omaha_eval.preflop import TABLES, PreflopRank, preflop_rank
from omaha_eval.records import json_text

__all__ = ["rank_command"]

TABLE_NAMES = {"hu": "heads-up", "6h": "6-handed"}


@click.command("rank", short_help="Percentile of hands in the preflop orders.")
@click.argument("hands", nargs=-1, required=True, metavar="HAND...")
@game_flag(help="The game whose preflop orders rank the hands.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def rank_command(hands: tuple[str, ...], game: Game, as_json: bool) -> None:
    """Percentile of hands in the preflop orders.

    Where each HAND (4, 5 or 6 cards) stands in the preflop orders of
    its game, heads-up and 6-handed: its class's rank (1 = best), its
    percentile (the share of all hands in better classes) and its equity
    against random hands.  A hand is in the percent range p% (p%6h for the
    6-handed order) exactly when its percentile is below p.

    \b
    Examples:
      omaha-eval rank 2s2h3s3h AcAdKhKs
      omaha-eval rank AsAh3s2h4d --game omaha
      omaha-eval rank KsKh9s8h --json
    """
    ranks = []
    for i, hand in enumerate(hands, start=1):
        with user_errors({"hand": "HAND" if len(hands) == 1 else f"HAND {i}"}):
            ranks.append([preflop_rank(hand, game, table) for table in TABLES])
    if as_json:
        click.echo(
            json_text(
                {
                    "game": game.name,
                    "ranks": [[dataclasses.asdict(r) for r in per_table] for per_table in ranks],
                }
            )
        )
        return
    click.echo(rank_table(ranks, game))


def rank_table(ranks: list[list[PreflopRank]], game: Game) -> str:
    """A row per hand and order, then how to read a percentile."""
    width = max(len(per_table[0].hand) for per_table in ranks)
    rows = [
        [
            f"{r.hand:<{width}}  {TABLE_NAMES[r.table]}",
            f"{r.rank:,} of {r.classes:,}",
            f"{r.percentile:.3f}%",
            f"{100 * r.equity:.2f}%",
            f"{r.class_hands:,}",
        ]
        for per_table in ranks
        for r in per_table
    ]
    header = [f"{'hand':<{width}}  order", "class rank", "percentile", "equity", "class hands"]
    return "\n".join(
        [
            f"{game.name}: {game.title}; preflop orders against random hands",
            *aligned(header, rows),
            "",
            "a hand is in p% (p%6h for 6-handed) exactly when p is above its percentile",
        ]
    )
