"""How the array results show themselves (omaha_eval/_display.py): str() a
summary and at most 2 * SHOWN rows, whatever the number of hands (never a
dump of arrays); _repr_html_ the same cells as an HTML table; to_pandas()
every row, its columns equal to the arrays; and QueryResult.to_pandas()."""

from __future__ import annotations

import math
import re
import sys
from html.parser import HTMLParser
from typing import Any

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval import _display
from omaha_eval.cards import format_cards

BOARD = "Qd7h2d"
HERO, VILLAIN = "AAKK", "JJTT"  # 36 hands each: more rows than a table shows
NAMES = [
    "StreetShares",
    "RiverShares",
    "EquityDistribution",
    "EquityFeatures",
    "HandClasses",
    "ManyEquity",
]
MAX_LINES = 2 * _display.SHOWN + 8  # summary lines, a blank, header, rule, rows, "...", "more"
MAX_CHARS = 2_000  # was 27-36 KB of arrays


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    """One of each array result, each with more rows than a table shows."""
    spots = 300
    hands = np.array([[[51, 47, 0, 1], [50, 46, 2, 3]]] * spots)
    return {
        "StreetShares": oe.street_equity(BOARD, HERO, VILLAIN),
        "RiverShares": oe.river_shares(BOARD + "3s4c", HERO, VILLAIN),
        "EquityDistribution": oe.equity_distribution(HERO, VILLAIN, BOARD),
        "EquityFeatures": oe.equity_features(BOARD, HERO, VILLAIN, bins=10),
        "HandClasses": oe.hand_classes(BOARD, "AA"),
        "ManyEquity": oe.equity_many(hands, np.array([[4, 9, 14]] * spots)),
    }


def _n_rows(result: Any) -> int:
    if isinstance(result, oe.HandClasses):
        return len(result)
    if isinstance(result, oe.ManyEquity):
        return len(result.equity)
    if isinstance(result, oe.EquityDistribution):
        return len(result.combos)
    return len(result.hero_combos)


def _first_hand(result: Any) -> str:
    """The first row's label as the table shows it (cards best first)."""
    if isinstance(result, oe.HandClasses):
        return str(int(result.class_ids[0]))
    if isinstance(result, oe.ManyEquity):
        return "0"
    cards = result.combos[0] if isinstance(result, oe.EquityDistribution) else result.hero_combos[0]
    return format_cards(sorted(cards.tolist(), reverse=True))


@pytest.mark.parametrize("name", NAMES)
def test_str_is_a_short_summary_with_the_key_figures(results: dict[str, Any], name: str) -> None:
    result = results[name]
    text = str(result)
    n = _n_rows(result)
    assert n > 2 * _display.SHOWN  # long enough to be cut
    assert len(text.splitlines()) <= MAX_LINES and len(text) <= MAX_CHARS, text
    assert "array(" not in text and "[[" not in text  # no dump
    assert f"{n:,}" in text.splitlines()[0] + text.splitlines()[1]  # how many rows, in the summary
    assert f"{n - 2 * _display.SHOWN:,} more" in text.splitlines()[-1]
    rows = [line for line in text.splitlines() if line.startswith(_first_hand(result) + " ")]
    assert rows, text  # the first row, labelled by its hand (class id, spot)
    assert repr(result) != text  # repr stays the dataclass's own


@pytest.mark.parametrize("name", ["StreetShares", "RiverShares"])
def test_street_shares_str_shows_the_range_equity_and_each_hands_figures(
    results: dict[str, Any], name: str
) -> None:
    r = results[name]
    text = str(r)
    assert f"range equity {100 * r.range_equity():.2f}%" in text.splitlines()[0]
    first = next(line for line in text.splitlines() if line.startswith(_first_hand(r) + " "))
    cells = first.split()
    figures = [r.equity[0], r.hi_share[0], r.lo_share[0], r.scoop[0]]
    assert cells[1:5] == [f"{100 * x:.2f}%" for x in figures]
    assert float(cells[5].replace(",", "")) == r.live_weight[0]


def test_distribution_str_says_what_was_asked_and_the_range_equity(results: dict[str, Any]) -> None:
    d = results["EquityDistribution"]
    text = str(d)
    assert (
        text.splitlines()[0]
        == f"EquityDistribution: {HERO} against {VILLAIN}, board {BOARD}, omaha8, exact"
    )
    assert f"range equity {100 * d.range_equity:.2f}%" in text.splitlines()[1]
    assert "stderr" not in text  # exact: no error column


def test_a_short_result_shows_every_row() -> None:
    s = oe.street_equity(BOARD, [[51, 47, 0, 3], [50, 46, 4, 5]], VILLAIN)
    text = str(s)
    assert "more" not in text and "..." not in text
    assert len(text.splitlines()) == 1 + 1 + 2 + 2


class _Table(HTMLParser):
    """The <table>'s header and body cells, and the tags met."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.header: list[str] = []
        self.rows: list[list[str]] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr" and "tbody" in self.tags:
            self.rows.append([])
        if tag in ("th", "td"):
            self._in = tag

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "th":
            self.header.append(data)
        elif self._in == "td":
            self.rows[-1].append(data)


@pytest.mark.parametrize("name", NAMES)
def test_repr_html_is_a_table_of_the_same_cells(results: dict[str, Any], name: str) -> None:
    result = results[name]
    markup = result._repr_html_()
    table = _Table()
    table.feed(markup)
    assert table.tags.count("table") == 1 and "thead" in table.tags and "tbody" in table.tags
    text_lines = str(result).splitlines()
    header_line = (
        next(i for i, line in enumerate(text_lines) if set(line) <= {"-", " "} and line) - 1
    )
    assert " ".join(table.header).split() == text_lines[header_line].split()
    assert len(table.rows) == 2 * _display.SHOWN + 1  # the shown rows and "..."
    assert table.rows[0][0] == _first_hand(result)
    assert len(markup) <= 3 * MAX_CHARS


@pytest.mark.slow  # pandas: the slow tier's extra
@pytest.mark.parametrize("name", ["StreetShares", "RiverShares"])
def test_street_shares_to_pandas_holds_the_arrays(results: dict[str, Any], name: str) -> None:
    pytest.importorskip("pandas")
    r = results[name]
    df = r.to_pandas()
    assert list(df.columns) == ["hand", "equity", "hi_share", "lo_share", "scoop", "live_weight"]
    for column in df.columns[1:]:
        np.testing.assert_array_equal(df[column].to_numpy(), getattr(r, column))
    assert df["hand"].tolist() == [
        format_cards(sorted(h, reverse=True)) for h in r.hero_combos.tolist()
    ]


@pytest.mark.slow  # pandas: the slow tier's extra
def test_distribution_to_pandas_holds_the_arrays(results: dict[str, Any]) -> None:
    pytest.importorskip("pandas")
    d = results["EquityDistribution"]
    df = d.to_pandas()
    assert list(df.columns) == ["hand", "weight", "equity", "scoop", "live_weight", "stderr"]
    np.testing.assert_array_equal(df["weight"].to_numpy(), d.weights)
    for column in ("equity", "scoop", "live_weight", "stderr"):
        np.testing.assert_array_equal(df[column].to_numpy(), getattr(d, column))
    assert df.attrs["range_equity"] == d.range_equity and df.attrs["villain"] == VILLAIN


@pytest.mark.slow  # pandas: the slow tier's extra
def test_features_to_pandas_holds_the_arrays(results: dict[str, Any]) -> None:
    pytest.importorskip("pandas")
    f = results["EquityFeatures"]
    df = f.to_pandas()
    bins = f.histogram.shape[1]
    assert list(df.columns) == [
        "hand",
        "ehs",
        "ehs2",
        "live_weight",
        *(f"hist_{b}" for b in range(bins)),
    ]
    np.testing.assert_array_equal(df[[f"hist_{b}" for b in range(bins)]].to_numpy(), f.histogram)
    np.testing.assert_array_equal(df["ehs"].to_numpy(), f.ehs)
    np.testing.assert_array_equal(df["ehs2"].to_numpy(), f.ehs2)
    assert df.attrs["edges"] == f.edges.tolist()


@pytest.mark.slow  # pandas: the slow tier's extra
def test_classes_to_pandas_holds_the_arrays(results: dict[str, Any]) -> None:
    pytest.importorskip("pandas")
    c = results["HandClasses"]
    df = c.to_pandas()
    assert list(df.columns) == ["class_id", "representative", "size", "orbit_size"]
    np.testing.assert_array_equal(df["class_id"].to_numpy(), c.class_ids)
    np.testing.assert_array_equal(df["size"].to_numpy(), c.sizes)
    np.testing.assert_array_equal(df["orbit_size"].to_numpy(), c.orbit_sizes)
    assert df["size"].sum() == len(c.hands) and df.attrs["board"] == BOARD


@pytest.mark.slow  # pandas: the slow tier's extra
def test_many_to_pandas_has_a_row_per_spot_and_player(results: dict[str, Any]) -> None:
    pytest.importorskip("pandas")
    m = results["ManyEquity"]
    df = m.to_pandas()
    n, p = m.equity.shape
    assert list(df.columns) == ["spot", "player", "equity", "hi_share", "lo_share", "scoop"]
    for name in ("equity", "hi_share", "lo_share", "scoop"):
        np.testing.assert_array_equal(df[name].to_numpy().reshape(n, p), getattr(m, name))
    row = df.iloc[2 * p + 1]
    assert (row["spot"], row["player"]) == (2, 1) and row["equity"] == m.equity[2, 1]


@pytest.mark.slow  # pandas: the slow tier's extra
def test_query_result_to_pandas_has_a_row_per_column_and_histogram_value() -> None:
    pytest.importorskip("pandas")
    r = oe.query(
        "select count(winsHi(hero)) as wins, histogram(handtype(hero, river)) as made "
        "from hero='AsAh2c3d', villain='*', board='Ac7d2h'",
        trials=5_000,
        seed=3,
        exact=False,
    )
    df = r.to_pandas()
    assert list(df.columns) == ["column", "aggregate", "label", "value", "stderr"]
    wins, made = r.column("wins"), r.column("made")
    first = df.iloc[0]
    assert (first["column"], first["value"], first["stderr"]) == ("wins", wins.value, wins.stderr)
    assert isinstance(made.value, dict) and isinstance(made.stderr, dict)
    hist = df[df["column"] == "made"]
    assert dict(zip(hist["label"], hist["value"], strict=True)) == made.value
    assert dict(zip(hist["label"], hist["stderr"], strict=True)) == made.stderr
    assert df.attrs["trials"] == r.trials and df.attrs["method"] == "monte-carlo"


@pytest.mark.slow  # pandas: the slow tier's extra
def test_min_and_max_have_no_error_in_pandas() -> None:
    pytest.importorskip("pandas")
    r = oe.query(
        "select max(handtype(hero, river)) as best from hero='AsAh2c3d', villain='*', "
        "board='Ac7d2h'"
    )
    (row,) = r.to_pandas().itertuples()
    assert row.value == r.column("best").value and math.isnan(row.stderr)


@pytest.mark.parametrize("name", NAMES)
def test_to_pandas_without_pandas_says_how_to_install_it(
    results: dict[str, Any], name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    owner = "StreetShares" if name == "RiverShares" else name
    with pytest.raises(ImportError, match=re.escape(f"{owner}.to_pandas() needs pandas")):
        results[name].to_pandas()


def test_query_all_returns_a_list_and_query_warns_for_several_statements() -> None:
    one = "select count(winsHi(hero)) as w from hero='AsAh2c3d', villain='KsKh4c5d', board='Ac7d2h'"
    two = one + "; " + one.replace("KsKh4c5d", "QsQh4c5d")
    assert isinstance(oe.query(one), oe.QueryResult)
    both = oe.query_all(two)
    assert [type(r) for r in both] == [oe.QueryResult] * 2 and len(oe.query_all(one)) == 1
    with pytest.warns(DeprecationWarning, match="query_all"):
        old = oe.query(two)
    assert isinstance(old, list) and [r.to_dict()["columns"] for r in old] == [
        r.to_dict()["columns"] for r in both
    ]
