"""``omaha-eval rank``: where hands stand in their game's preflop orders."""

from __future__ import annotations

import dataclasses

import click

from omaha_eval.cli._shell import game_flag, user_errors
from omaha_eval.engine.report import aligned, pct
from omaha_eval.games import Game
from omaha_eval.preflop import (
    ATLAS_HOLE_CARDS,
    TABLES,
    ExactPreflop,
    PreflopRank,
    exact_vs_random,
    preflop_rank,
)
from omaha_eval.records import json_text

__all__ = ["rank_command"]

TABLE_NAMES = {"hu": "heads-up", "6h": "6-handed"}


@click.command("rank", short_help="Percentile of hands in the preflop orders.")
@click.argument("hands", nargs=-1, required=True, metavar="HAND...")
@game_flag(help="The game whose preflop orders rank the hands.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print one JSON object (percentile in percent, 0 to 100; equity and shares as "
    "fractions, 0 to 1).",
)
def rank_command(hands: tuple[str, ...], game: Game, as_json: bool) -> None:
    """Percentile of hands in the preflop orders.

    Where each HAND (4, 5 or 6 cards) stands in the preflop orders of
    its game, heads-up and 6-handed: its class's rank (1 = best), its
    percentile (the percentage, 0 to 100, of all hands in better classes)
    and its equity against random hands: exact for a 4-card hand
    heads-up (the preflop atlas, with its hi and lo shares), a Monte Carlo
    estimate otherwise.  A hand is in the percent range p% (p%6h for the
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
                    "ranks": [[_rank_dict(r) for r in per_table] for per_table in ranks],
                }
            )
        )
        return
    click.echo(rank_table(ranks, game))


def exact_of(r: PreflopRank) -> ExactPreflop | None:
    """The atlas's exact figures of a heads-up 4-card rank (the order's
    figure is exact there), else None (the other orders are sampled)."""
    if r.table != "hu" or r.hole_cards != ATLAS_HOLE_CARDS:
        return None
    return exact_vs_random(r.hand, game=r.game)


def _rank_dict(r: PreflopRank) -> dict[str, object]:
    """A rank as JSON: its fields, ``exact`` (whether its equity is exact)
    and, when it is, the hi and lo shares (else None)."""
    exact = exact_of(r)
    return {
        **dataclasses.asdict(r),
        "exact": exact is not None,
        "hi_share": None if exact is None else exact.hi_share,
        "lo_share": None if exact is None else exact.lo_share,
    }


def rank_table(ranks: list[list[PreflopRank]], game: Game) -> str:
    """A row per hand and order (the heads-up 4-card figure exact, with its
    hi and lo shares; the others Monte Carlo estimates), then how to read a
    percentile."""
    width = max(len(per_table[0].hand) for per_table in ranks)
    rows = []
    for r in (r for per_table in ranks for r in per_table):
        exact = exact_of(r)
        shares = ["-", "-"] if exact is None else [pct(exact.hi_share), pct(exact.lo_share)]
        rows.append(
            [
                f"{r.hand:<{width}}  {TABLE_NAMES[r.table]}",
                f"{r.rank:,} of {r.classes:,}",
                f"{r.percentile:.3f}%",
                pct(r.equity),
                *shares,
                "exact" if exact is not None else "estimate",
                f"{r.class_hands:,}",
            ]
        )
    header = [f"{'hand':<{width}}  order", "class rank", "percentile", "equity"]
    header += ["hi share", "lo share", "equity is", "class hands"]
    return "\n".join(
        [
            f"{game.name}: {game.title}; preflop orders against random hands",
            *aligned(header, rows),
            "",
            "a hand is in p% (p%6h for 6-handed) exactly when p is above its percentile;",
            "heads-up 4-card figures are exact (the preflop atlas), the others Monte Carlo "
            "estimates (docs/ranges.md)",
        ]
    )
