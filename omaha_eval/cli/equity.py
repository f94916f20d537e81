"""``omaha-eval equity``: the library's equity_rounds, with a progress bar,
Ctrl-C keeping the trials done, and notes where a flag did not apply."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from omaha_eval.cards import card_count
from omaha_eval.cli._shell import (
    EXIT_INTERRUPTED,
    SLOW,
    RunKeywords,
    Sampling,
    duration,
    fail,
    for_shell,
    game_flag,
    progress,
    sampling_options,
    strict_cards_option,
    user_errors,
    warn,
)
from omaha_eval.cli.output import (
    PLOT_FLAGS,
    check_plot,
    draw_plot,
    drawing_interruptible,
    one_format,
    plot_option,
    quiet_option,
)
from omaha_eval.engine.plan import WORK_PER_SECOND, RunOptions, read_options
from omaha_eval.engine.question import Question, read_question
from omaha_eval.engine.report import aligned, breakdown_table, equity_table, pct
from omaha_eval.engine.results import EquityResult
from omaha_eval.equity import EquityRounds, rounds_of
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import HOLE_SIZES, MAX_PLAYERS, PLAYERS, Game
from omaha_eval.plots import plot_spot
from omaha_eval.preflop import ATLAS_HOLE_CARDS, ExactPreflop, exact_vs_random
from omaha_eval.records import csv_header, csv_line, json_text, result_document, spot_record
from omaha_eval.solver.distribution import distribution_of

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["equity_command"]

# pokenum's separators: '-' between hands, '--' before the board, '/' before the dead cards.
POKENUM_SEPARATORS = ("-", "--", "/")


class _EquityCommand(click.Command):
    """Keeps what followed a '--' (which click drops), for the pokenum hint."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" in args:
            ctx.meta["after --"] = len(args) - args.index("--") - 1
        return super().parse_args(ctx, args)


def pokenum_hint(
    players: tuple[str, ...], after_dashes: int | None, hole_cards: int | None
) -> str | None:
    """The expected form of a pokenum-style command line (one card an
    argument, hands parted by '-', the last `after_dashes` arguments after
    a '--', the board, '/' before the dead cards), or None when the players
    do not look like one."""
    split = len(players) - (after_dashes or 0)
    dashes = ["--"] if after_dashes and split else []  # a leading '--' only ends the options
    tokens = [*players[:split], *dashes, *players[split:]]
    cards = [a for a in tokens if a not in POKENUM_SEPARATORS]
    if len(cards) < 2 or not all(card_count(a) for a in cards):
        return None
    singles = [a for a in cards if card_count(a) == 1]
    if not singles and not any(a in ("-", "/") for a in tokens):
        return None  # whole hands around a '--': not pokenum's single cards
    if tokens == cards:
        if singles != cards:
            return None
        size = hole_cards or 4
        if len(singles) % size or len(singles) < 2 * size:
            return None  # single cards, but not whole hands: a range each
        tokens = [x for i, a in enumerate(singles) for x in ([a] if i % size else ["-", a])]
    hands: list[list[str]] = [[]]
    board: list[str] = []
    dead: list[str] = []
    into = hands[-1]
    for token in tokens:
        if token == "-" and into is hands[-1]:
            hands.append([])
            into = hands[-1]
        elif token == "--":
            into = board
        elif token == "/":
            into = dead
        elif into is hands[-1] and card_count(token) > 1:  # a hand written whole
            hands += [[token], []]
            into = hands[-1]
        else:
            into.append(token)
    line = ["omaha-eval equity", *("".join(h) for h in hands if h)]
    line += [f"--board {''.join(board)}"] if board else []
    line += [f"--dead {''.join(dead)}"] if dead else []
    return f"write each hand as one argument: {' '.join(line)}"


@click.command(
    "equity",
    cls=_EquityCommand,
    short_help=f"Equity of {PLAYERS[0]} to {MAX_PLAYERS} hands or ranges.",
)
@click.argument("players", nargs=-1, required=True, metavar="HAND_OR_RANGE...")
@click.option("-b", "--board", default="", help="Known board cards (0 to 5).")
@click.option("-d", "--dead", default="", help="Known dead cards.")
@sampling_options("equity's")
@game_flag()
@click.option(
    "-k",
    "--hole-cards",
    type=click.IntRange(min(HOLE_SIZES), max(HOLE_SIZES)),
    help="Cards per hand (default: the first hand's, or 4); text of that many cards is a hand.",
)
@click.option(
    "--breakdown",
    is_flag=True,
    help="Also print how often each player ends with each high category and low class.",
)
@plot_option(
    "Draw each range player's equity distribution (heads-up; with --breakdown, the "
    "categories too) to FILE, .png or .svg (needs the plot extra: matplotlib)."
)
@strict_cards_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (see README).")
@click.option(
    "--csv",
    "as_csv",
    is_flag=True,
    help="Print a CSV header and one row: the columns of a batch output's CSV.",
)
@quiet_option
def equity_command(
    players: tuple[str, ...],
    board: str,
    dead: str,
    sampling: Sampling,
    game: Game,
    hole_cards: int | None,
    breakdown: bool,
    plot_path: str | None,
    strict_cards: bool,
    as_json: bool,
    as_csv: bool,
    quiet: bool,
) -> None:
    """Equity of 2 to 10 hands or ranges: hi and lo shares, scoops, wins and ties.

    Each HAND_OR_RANGE is a hand (AsAh2c3d: exactly the hand's number of
    cards), "*" (a random hand) or a range (AA:$ds, KK@0.5, 15%, AsKs = every
    hand holding both; `omaha-eval range --help` has the syntax); quote it
    from the shell.  --board and --dead take patterns too (--board sss:
    every all-spade flop).  Text that looks like cards but is read as a
    pattern (AsAh2c3x: x is a suit variable) gets a note saying how it was
    read; --strict-cards refuses it.  Exact when the deals are few, Monte
    Carlo otherwise; a 4-card hand against "*" preflop with --exact is
    answered from the exact preflop atlas (its equity, hi and lo shares and
    scoop; docs/preflop.md).  Ctrl-C during Monte Carlo prints the result so far,
    marked interrupted, and exits 130.  The same
    --seed gives the same answer as the Python API and batch, for any
    --threads.

    \b
    Examples:
      omaha-eval equity AsAh2c3d 7c7d4c5d --board KsQdJh
      omaha-eval equity 6c6d6h6s 5c4d3h2s --exact
      omaha-eval equity AsAh2c3d "KK, QQ" "15%" --board Ks7d2h
      omaha-eval equity AsKs2d3d "*" "*" --trials 1000000 --seed 7 --json
      omaha-eval equity AsAh2c3d 7c7d4c5d --board Ks8d2h --csv > spot.csv
      omaha-eval equity 'AA:$ds' KcKd4c5d --board Ks7d2h --breakdown --plot spot.png
    """
    one_format(as_json, as_csv)
    hint = _pokenum_hint(players, hole_cards)
    keywords = sampling.keywords()
    check_plot(plot_path)
    spot = _Spot(list(players), board, dead, game, hole_cards, strict_cards)
    if keywords["exact"] and not (as_csv or breakdown or plot_path):
        if _answered_from_atlas(spot, as_json):
            return
    result, draw = _run(spot, keywords, quiet, breakdown)
    notes = [*map(for_shell, result.notes), *sampling.notes(result)]
    if hint is not None:  # whole hands of single-card ranges: most likely a pokenum habit
        notes.append(f"each hand above is one card; {hint}")
    _show(result, notes, _Output(as_json, as_csv, breakdown, plot_path), draw)
    if result.interrupted:
        sys.exit(EXIT_INTERRUPTED)


def _pokenum_hint(players: tuple[str, ...], hole_cards: int | None) -> str | None:
    """pokenum_hint of the command line; a line that is surely pokenum's
    (over 10 players, a '--', a separator) is refused with it."""
    after_dashes = click.get_current_context().meta.get("after --")
    hint = pokenum_hint(players, after_dashes, hole_cards)
    if hint is not None and (
        len(players) > 10 or after_dashes or any(p in POKENUM_SEPARATORS for p in players)
    ):
        pokenum = "cards as pokenum takes them ('-' between hands, '--' before the board)"
        fail(f"players: {pokenum}; {hint}", {})
    return hint


@dataclass(frozen=True)
class _Spot:
    """The spot as the command line gives it: players, board, dead cards,
    game, cards per hand, and --strict-cards."""

    players: list[str]
    board: str
    dead: str
    game: Game
    hole_cards: int | None
    strict: bool


@dataclass(frozen=True)
class _Output:
    """What the command prints and draws besides the equity table."""

    as_json: bool
    as_csv: bool
    breakdown: bool
    plot_path: str | None


def _run(
    spot: _Spot, keywords: RunKeywords, quiet: bool, breakdown: bool
) -> tuple[EquityResult, Callable[[], Figure]]:
    """The spot's result (bad input: one line naming its flag), and what
    draws its pictures, from the question and the run options
    read once (the run's seed: the distributions reproduce)."""
    with user_errors():
        options = read_options(**keywords)
        rounds = rounds_of(
            options,
            spot.players,
            spot.board,
            spot.dead,
            game=spot.game,
            hole_cards=spot.hole_cards,
            strict=spot.strict,
        )
        result = _last_round(rounds, quiet)
    return result, lambda: _plot(result, rounds.question, options, breakdown)


def _show(
    result: EquityResult, notes: list[str], output: _Output, draw: Callable[[], Figure]
) -> None:
    """The result as the output flags ask: JSON, CSV or the table (and the
    breakdown's), then --plot's pictures.  What --plot can draw is checked
    first; the answer is printed before drawing, which takes time: Ctrl-C
    or a full disk there must not cost the table."""
    path = output.plot_path
    if path is not None:
        with user_errors(PLOT_FLAGS):
            _check_plot(result, output.breakdown)
    if output.as_json:
        click.echo(json_text(result_document(result, notes)))
    elif output.as_csv:
        click.echo(_csv_text(result, notes), nl=False)
    else:
        click.echo(equity_table(result, notes))
        if output.breakdown:
            click.echo("\n" + breakdown_table(result))
    if path is not None and not result.interrupted:
        with drawing_interruptible():
            document = output.as_json or output.as_csv  # the documents stay whole
            flags = {**PLOT_FLAGS, "villain": "--plot", "hero": "--plot"}
            draw_plot(path, draw, None if document else "pictures", flags)


def _answered_from_atlas(spot: _Spot, as_json: bool) -> bool:
    """Print the exact preflop atlas's answer, if it has the spot's."""
    with user_errors():
        atlas = _from_atlas(
            spot.players, spot.board, spot.dead, spot.game, spot.hole_cards, spot.strict
        )
    if atlas is None:
        return False
    click.echo(json_text(_atlas_document(atlas)) if as_json else _atlas_table(atlas))
    return True


def _from_atlas(
    players: list[str],
    board: str,
    dead: str,
    game: Game,
    hole_cards: int | None,
    strict: bool,
) -> ExactPreflop | None:
    """The exact preflop atlas's answer (docs/preflop.md) when the question
    is exactly its own: a 4-card hand against one random hand, no board
    and no dead cards, asked exactly (enumerating its 211 billion deals is
    refused as too much work: the atlas has counted them)."""
    if len(players) != 2 or players[1].strip() != "*" or board.strip() or dead.strip():
        return None
    question = read_question(
        players, game=game, hole_cards=hole_cards, patterns=False, strict=strict
    )
    hand = question.players[0]
    if hand.kind != "hand" or question.k != ATLAS_HOLE_CARDS:
        return None
    return exact_vs_random(hand.combos[0], game=game.name)


_ATLAS_FIGURES = ("equity", "hi_share", "lo_share", "scoop")


def _atlas_players(answer: ExactPreflop) -> list[dict[str, Any]]:
    """The two players as equity's result lists them: the hand's figures,
    then the random hand's shares (the atlas counts the hand's scoops, not
    the random hand's: None)."""
    hi, lo = answer.opponent_shares()
    return [
        {"hand": answer.hand, **{name: getattr(answer, name) for name in _ATLAS_FIGURES}},
        {
            "hand": "*",
            "equity": float(1 - answer.exact_equity),
            "hi_share": float(hi),
            "lo_share": float(lo),
            "scoop": None,
        },
    ]


def _atlas_document(answer: ExactPreflop) -> dict[str, Any]:
    """The atlas's answer as JSON: its own document (the exact fractions and
    counts, ExactPreflop.to_dict) with the players as `equity --json` lists
    them, so that a reader of either finds ``players``."""
    return {**answer.to_dict(), "players": _atlas_players(answer)}


def _atlas_table(answer: ExactPreflop) -> str:
    """The atlas's answer as the equity table shows a result, and how it was
    computed."""
    rows = [
        [p["hand"], *(pct(p[n]) if p[n] is not None else "-" for n in _ATLAS_FIGURES)]
        for p in _atlas_players(answer)
    ]
    return "\n".join(
        [
            *aligned(["hand", "equity", "hi share", "lo share", "scoop"], rows),
            "",
            f"exact, {answer.deals:,} deals, from the preflop atlas (docs/preflop.md): "
            f"equity {answer.exact_equity} of the pot",
        ]
    )


def _csv_text(result: EquityResult, notes: list[str]) -> str:
    """The result as a batch CSV output holds a spot's: the header, then its
    row (no id; status "interrupted" after Ctrl-C)."""
    status = "interrupted" if result.interrupted else "ok"
    record = spot_record("", status, None, result_document(result, notes))
    columns = csv_header(len(result.players))
    return ",".join(columns) + "\n" + csv_line(columns, record)


def _check_plot(result: EquityResult, breakdown: bool) -> None:
    """What --plot can draw of this spot (before anything is printed)."""
    ranged = [p for p in result.players if p.kind == "range"]
    if len(result.players) != 2 and ranged:
        raise OmahaEvalError("equity distributions are drawn for heads-up spots only", param="plot")
    if not ranged and not breakdown:
        raise OmahaEvalError(
            "no range player to draw a distribution of; add --breakdown for the hand-strength bars",
            param="plot",
        )


def _plot(result: EquityResult, question: Question, options: RunOptions, breakdown: bool) -> Figure:
    """The spot's pictures."""
    ranged = [i for i, p in enumerate(result.players) if p.kind == "range"]
    distributions = [
        distribution_of(question, i, seed=options.seed, threads=options.threads) for i in ranged
    ]
    title = " vs ".join(p.hand for p in result.players)
    title += f" on {result.board}" if result.board else " preflop"
    title += f" ({question.game.name})"
    return plot_spot(result if breakdown else None, distributions, title)


def _last_round(rounds: EquityRounds, quiet: bool) -> EquityResult:
    """The last result of the rounds, with a progress bar of the trials;
    Ctrl-C between rounds keeps the last one, marked interrupted.  A run
    that will be slow says so first (exact) or after its first round."""
    last: EquityResult | None = None
    plan = rounds.plan
    if plan.exact and rounds.work / WORK_PER_SECOND > SLOW:
        warn(
            f"enumerating every deal will take about {duration(rounds.work / WORK_PER_SECOND)}"
            " (--monte-carlo samples instead)",
            quiet,
        )
    elif rounds.question.patterned and rounds.work / WORK_PER_SECOND > SLOW:
        warn(
            f"every board of the pattern will take about "
            f"{duration(rounds.work / WORK_PER_SECOND)} in all",
            quiet,
        )
    total = None if plan.target_stderr else plan.trials
    first = True
    with progress(total, "trial", quiet) as bar:
        try:
            for last in rounds:
                if first and not plan.exact and 0 < last.trials < plan.trials:
                    left = (plan.trials - last.trials) * last.elapsed / last.trials
                    if left > SLOW and plan.target_stderr is None:
                        warn(
                            f"{plan.trials:,} trials of this spot will take about {duration(left)}",
                            quiet,
                        )
                first = False
                bar.update(last.trials - bar.n)
        except KeyboardInterrupt:
            if last is None:
                click.echo("omaha-eval: interrupted before the first trials finished", err=True)
                sys.exit(EXIT_INTERRUPTED)
            last = dataclasses.replace(last, interrupted=True)
    assert last is not None
    return last
