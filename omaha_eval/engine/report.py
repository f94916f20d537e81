"""The readable tables of an equity result, as text and as HTML, made from
the figures each result carries (results.FIGURES, DEAL_FIGURES): what
``omaha-eval equity`` prints, ``str(result)`` and a notebook's display of
it.  No click here: the library and the command share it."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Protocol

from omaha_eval.engine.boards import averaged_over
from omaha_eval.games import game as read_game


# What the tables read of a result (results.EquityResult, which shows itself
# with them: results imports this module, never the other way round).
class ShownFigure(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def low(self) -> bool: ...


class ShownPlayer(Protocol):
    """What the tables show of a player (results.PlayerEquity; its figures
    are read by name)."""

    @property
    def hand(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def combos(self) -> int: ...
    @property
    def stderr(self) -> float: ...
    @property
    def breakdown(self) -> Mapping[str, float]: ...


class ShownResult(Protocol):
    """What the tables show of a result (results.EquityResult)."""

    @property
    def FIGURES(self) -> Sequence[ShownFigure]: ...
    @property
    def DEAL_FIGURES(self) -> Sequence[ShownFigure]: ...

    @property
    def players(self) -> Sequence[ShownPlayer]: ...
    @property
    def game(self) -> str: ...
    @property
    def method(self) -> str: ...
    @property
    def trials(self) -> int: ...
    @property
    def boards(self) -> int: ...
    @property
    def board(self) -> str: ...
    @property
    def dead(self) -> str: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def notes(self) -> Sequence[str]: ...
    @property
    def interrupted(self) -> bool: ...


__all__ = [
    "aligned",
    "breakdown_table",
    "equity_cells",
    "equity_html",
    "equity_table",
    "html_table",
    "pct",
    "player_label",
    "shown_text",
]


def pct(x: float) -> str:
    """A fraction as the tables show it: a percentage, to two decimals."""
    return f"{100 * x:.2f}%"


# Characters of a player's text a table shows: a long range would widen every
# row past the terminal (--json and --csv keep the whole text).
LABEL_TEXT = 24
_CUT = "..."  # ASCII: any terminal encoding shows it


def shown_text(text: str) -> str:
    """`text` as a table's label shows it: at most LABEL_TEXT characters,
    cut ones ending in ``...``."""
    if len(text) <= LABEL_TEXT:
        return text
    return text[: LABEL_TEXT - len(_CUT)].rstrip() + _CUT


def player_label(p: ShownPlayer) -> str:
    """The player as given (a long text cut), and what it is when it is not
    a hand."""
    text = shown_text(p.hand)
    if p.kind == "range":
        return f"{text}  range, {p.combos:,} combo{'' if p.combos == 1 else 's'}"
    if p.kind == "random":
        return f"{text}  random"
    return text


def aligned(header: list[str], rows: list[list[str]]) -> list[str]:
    """Header, a rule of dashes under each heading, and the rows, aligned:
    the first column to the left, the numbers to the right."""
    widths = [max(len(r[j]) for r in [header, *rows]) for j in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if j == 0 else c.rjust(w)
            for j, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def _grid(result: ShownResult) -> tuple[list[str], list[list[str]]]:
    """The table's header and a row per player: the game's figures as
    percentages (a high-only game has no low columns)."""
    has_low = read_game(result.game).has_low
    shown = [f for f in result.FIGURES if f.name != "stderr" and (has_low or not f.low)]
    header = ["hand", *(f.label for f in shown)]
    rows = [[player_label(p), *(pct(getattr(p, f.name)) for f in shown)] for p in result.players]
    return header, rows


def _below(result: ShownResult, notes: Sequence[str]) -> list[str]:
    """The lines under the table: the deal's figures, how it was computed,
    the notes and whether Ctrl-C cut it short."""
    has_low = read_game(result.game).has_low
    lines = []
    deal = [f for f in result.DEAL_FIGURES if has_low or not f.low]
    if deal:
        lines.append("   ".join(f"{f.label} {pct(getattr(result, f.name))}" for f in deal))
    what = ("deal" if result.method == "exact" else "trial") + ("" if result.trials == 1 else "s")
    detail = f"{result.method}, {result.trials:,} {what}"
    if result.boards > 1:
        detail += f" over {averaged_over(result.board, result.dead, result.boards)}"
    if result.method != "exact":
        stderr = max(p.stderr for p in result.players)
        detail += f", seed {result.seed}"
        if math.isfinite(stderr):
            detail += f", largest standard error {100 * stderr:.3f}%"
    detail += f", {result.elapsed:.3f} s"
    lines.append(detail)
    lines.extend(f"note: {note}" for note in notes)
    if result.interrupted:
        lines.append("INTERRUPTED: the figures are from the trials run before Ctrl-C")
    return lines


def equity_cells(
    result: ShownResult, notes: Sequence[str] | None = None
) -> tuple[list[str], list[list[str]], list[str]]:
    """equity_table's parts, for a page to lay out: the header, a row per
    player (every number formatted as the table shows it), the lines under."""
    header, rows = _grid(result)
    return header, rows, _below(result, result.notes if notes is None else notes)


def equity_table(result: ShownResult, notes: Sequence[str] | None = None) -> str:
    """A row per player (the game's figures as percentages), the deal's
    figures, how it was computed, and the notes (default: the result's)."""
    header, rows = _grid(result)
    shown = result.notes if notes is None else notes
    return "\n".join([*aligned(header, rows), "", *_below(result, shown)])


def _escaped(text: str) -> str:
    """`text` escaped for HTML (html imported when a result is first shown
    as HTML, not with the package)."""
    import html

    return html.escape(text)


def html_table(kind: str, header: list[str], rows: list[list[str]], style: str = "") -> str:
    """A table's cells as an HTML <table> of class `kind`, every text
    escaped; the first column left-aligned, the others right (`style`: more
    CSS for every cell)."""

    def row(cells: list[str], tag: str) -> str:
        return (
            "<tr>"
            + "".join(
                f'<{tag} style="text-align: {"left" if j == 0 else "right"}{style}">'
                f"{_escaped(c)}</{tag}>"
                for j, c in enumerate(cells)
            )
            + "</tr>"
        )

    return "\n".join(
        [
            f'<table class="{kind}">',
            f"<thead>{row(header, 'th')}</thead>",
            "<tbody>" + "".join(row(r, "td") for r in rows) + "</tbody>",
            "</table>",
        ]
    )


def equity_html(result: ShownResult, notes: Sequence[str] | None = None) -> str:
    """equity_table as HTML (a notebook's display): the same cells in a
    <table>, the lines under it as paragraphs, every text escaped."""
    header, rows = _grid(result)
    shown = result.notes if notes is None else notes

    parts = [
        html_table("omaha-eval-equity", header, rows),
        *(f"<p>{_escaped(line)}</p>" for line in _below(result, shown)),
    ]
    return "\n".join(parts)


def breakdown_table(result: ShownResult) -> str:
    """A row per high category and low class, a column per player: how often
    each player ends with it."""
    names = list(result.players[0].breakdown)
    header = ["makes", *(shown_text(p.hand) for p in result.players)]
    rows = [[name, *(pct(p.breakdown[name]) for p in result.players)] for name in names]
    return "\n".join(aligned(header, rows))
