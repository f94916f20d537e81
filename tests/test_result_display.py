"""How an EquityResult shows itself: str() is the table `omaha-eval equity`
prints, _repr_html_ the same cells as an escaped HTML table, to_pandas() a
DataFrame of the same figures (and a clear error without pandas)."""

from __future__ import annotations

import dataclasses
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_cli

import omaha_eval as oe
from omaha_eval.engine.results import DEAL_FIGURES, FIGURE_TABLE, FIGURES
from omaha_eval.extras import install_hint

# (players, board, options as the library takes them, the same as flags)
SPOTS: list[tuple[list[str], str, dict[str, Any], list[str]]] = [
    (["AsAh2c3d", "7c7d4c5d"], "Ks8d2h", {}, []),
    (["AsAh2c3d", "7c7d4c5d"], "Ks8d2h", {"game": "omaha"}, ["--game", "omaha"]),
    (
        ["AsAh2c3d", "KK", "*"],
        "Ks7d2h",
        {"trials": 20_000, "seed": 7, "exact": False},
        ["--trials", "20000", "--seed", "7", "--monte-carlo"],
    ),
]


def _timeless(text: str) -> str:
    """The table without its one figure that differs run to run: the time."""
    return re.sub(r", \d+\.\d{3} s$", ", (time) s", text.strip(), flags=re.MULTILINE)


@pytest.mark.parametrize(("players", "board", "options", "flags"), SPOTS)
def test_str_is_the_table_the_command_prints(
    players: list[str], board: str, options: dict[str, Any], flags: list[str], tmp_path: Path
) -> None:
    proc = run_cli("equity", *players, "--board", board, "--quiet", *flags, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    result = oe.equity(players, board, **options)
    assert _timeless(str(result)) == _timeless(proc.stdout)


def _figure_of_label(label: str) -> str:
    return next(f.name for f in FIGURE_TABLE.values() if f.label == label)


def _spot_result() -> oe.EquityResult:
    return oe.equity(["AsAh2c3d", "KK", "*"], "Ks7d2h", trials=5000, seed=3, exact=False)


def test_str_rows_hold_each_players_label_and_figures_as_percentages() -> None:
    result = _spot_result()
    lines = str(result).splitlines()
    labels = lines[0].split("  ")
    labels = [x.strip() for x in labels if x.strip()]
    assert labels[0] == "hand"
    names = [_figure_of_label(label) for label in labels[1:]]
    assert names == [f.name for f in FIGURES if f.name != "stderr"]
    labels_shown = ["AsAh2c3d", f"KK  range, {result.players[1].combos:,} combos", "*  random"]
    for line, p, label in zip(lines[2:5], result.players, labels_shown, strict=True):
        assert line.startswith(label + " ")
        cells = line[len(label) :].split()
        assert cells == [f"{100 * getattr(p, name):.2f}%" for name in names]
    deal = "   ".join(f"{f.label} {100 * getattr(result, f.name):.2f}%" for f in DEAL_FIGURES)
    assert lines[6] == deal
    assert lines[7].startswith("monte-carlo, 5,000 trials, seed 3, largest standard error ")


def test_str_shows_notes_and_an_interruption() -> None:
    result = dataclasses.replace(_spot_result(), notes=("a note",), interrupted=True)
    lines = str(result).splitlines()
    assert lines[-2:] == [
        "note: a note",
        "INTERRUPTED: the figures are from the trials run before Ctrl-C",
    ]


class _Cells(HTMLParser):
    """The text of every th/td cell, row by row, and of every paragraph."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self.paragraphs: list[str] = []
        self._text: list[str] | None = None
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        if tag in ("th", "td", "p"):
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._text is not None:
            self.rows[-1].append("".join(self._text))
            self._text = None
        if tag == "p" and self._text is not None:
            self.paragraphs.append("".join(self._text))
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def _parsed(markup: str) -> _Cells:
    cells = _Cells()
    cells.feed(markup)
    cells.close()
    return cells


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
def test_html_holds_the_text_tables_cells_and_lines(game: str) -> None:
    result = oe.equity(
        ["AsAh2c3d", "KK", "*"], "Ks7d2h", trials=5000, seed=3, exact=False, game=game
    )
    html = _parsed(result._repr_html_())
    text = str(result).splitlines()
    header, *rows = html.rows
    assert header == [x.strip() for x in re.split(r"  +", text[0])]
    for row, line in zip(rows, text[2:], strict=False):
        assert line.startswith(row[0] + " ") and line[len(row[0]) :].split() == row[1:]
    assert len(rows) == len(result.players)
    # the lines under the table, each a paragraph
    assert html.paragraphs == [line for line in text[len(rows) + 3 :]]


def test_html_escapes_every_text() -> None:
    result = _spot_result()
    odd = dataclasses.replace(result.players[0], hand="<b>A&K</b>")
    result = dataclasses.replace(
        result, players=(odd, *result.players[1:]), notes=("<script>alert(1)</script>",)
    )
    markup = result._repr_html_()
    assert "<b>" not in markup and "<script>" not in markup
    assert "&lt;b&gt;A&amp;K&lt;/b&gt;" in markup
    html = _parsed(markup)
    assert html.rows[1][0] == "<b>A&K</b>"
    assert html.paragraphs[-1] == "note: <script>alert(1)</script>"
    assert set(html.tags) == {"table", "thead", "tbody", "tr", "th", "td", "p"}


@pytest.mark.slow  # needs pandas (in test-slow)
def test_to_pandas_holds_every_players_figures() -> None:
    result = _spot_result()
    frame = result.to_pandas()
    names = ["hand", "kind", "combos", *(f.name for f in FIGURES)]
    assert list(frame.columns) == names
    assert frame.values.tolist() == [[getattr(p, n) for n in names] for p in result.players]
    for f in DEAL_FIGURES:
        assert frame.attrs[f.name] == getattr(result, f.name)
    assert (frame.attrs["method"], frame.attrs["trials"], frame.attrs["seed"]) == (
        "monte-carlo",
        5000,
        result.seed,
    )


def test_to_pandas_without_pandas_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    with pytest.raises(ImportError, match=r"to_pandas\(\) needs pandas") as info:
        _spot_result().to_pandas()
    assert str(info.value).endswith(install_hint("pandas"))  # the extra, not the library


# ------------------------------------------------------------------ queries

QUERIES: list[tuple[str, dict[str, Any], list[str]]] = [
    (
        "select count(winsHi(hero)) as wins, avg(riverEquity(hero)) as eq, "
        "histogram(handType(hero, river)) as made "
        "from hero='AsAh2c3d', villain='KsKh4c5d', board='Ac7d2h'",
        {},
        [],
    ),
    (
        "select count(scoops(hero)), max(handType(hero, river)) from hero='A2**', villain='*', "
        "board='Ks7d2h'",
        {"trials": 3000, "seed": 5, "exact": False},
        ["--trials", "3000", "--seed", "5", "--monte-carlo"],
    ),
]


@pytest.mark.parametrize(("text", "options", "flags"), QUERIES)
def test_str_of_a_query_is_the_table_the_command_prints(
    text: str, options: dict[str, Any], flags: list[str], tmp_path: Path
) -> None:
    proc = run_cli("query", text, "--quiet", *flags, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert _timeless(str(oe.query(text, **options))) == _timeless(proc.stdout)


@pytest.mark.parametrize(("text", "options", "flags"), QUERIES)
def test_query_html_holds_the_text_tables_cells_and_lines(
    text: str, options: dict[str, Any], flags: list[str]
) -> None:
    result = oe.query(text, **options)
    lines = str(result).splitlines()
    html = _parsed(result._repr_html_())
    start = lines.index("")  # the statement, then a blank line, then the table
    header, *rows = html.rows
    assert header == [x.strip() for x in re.split(r"  +", lines[start + 1])]
    table = lines[start + 3 : start + 3 + len(rows)]
    for row, line in zip(rows, table, strict=True):
        cells = [x for x in re.split(r"  +", line.strip()) if x]
        assert [c.strip() for c in row if c.strip()] == cells
    assert html.paragraphs == lines[start + 4 + len(rows) :]


def test_query_html_escapes_every_text() -> None:
    result = oe.query(QUERIES[0][0])
    result = dataclasses.replace(result, statement="select <b>&</b>", notes=("<i>",))
    markup = result._repr_html_()
    assert "<b>" not in markup and "<i>" not in markup
    assert "<pre>select &lt;b&gt;&amp;&lt;/b&gt;</pre>" in markup
    assert _parsed(markup).paragraphs[-1] == "note: <i>"
