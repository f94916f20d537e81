"""`omaha-eval range TEXT` in a subprocess: what a range text holds, equal to
Range(TEXT) in Python, with every hand in --json."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import assert_one_line_error, run_cli
from click.testing import CliRunner

from omaha_eval import Range, preflop
from omaha_eval.cards import format_cards, format_hands
from omaha_eval.cli import main
from omaha_eval.cli import range as range_cli


def test_summary_matches_the_range(tmp_path: Path) -> None:
    proc = run_cli("range", "AA:$ds, KK@0.5", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    r = Range("AA:$ds, KK@0.5")
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(f"{len(r):,} hands of 270,725 ({100 * r.fraction:.3f}%)")
    assert lines[1] == "weights: 0.5 (6,955 hands), 1 (864 hands)"
    assert lines[2] == "hands (first 10 of 7,819, best first in the omaha8 heads-up preflop order):"
    best = _by_strength(r)[:10]
    assert [line.split()[0] for line in lines[3:]] == [_text(row) for row in r.combos[best]]
    assert lines[3].split() == [_text(r.combos[best[0]])]  # weight 1: no @
    assert preflop.percentile(r.combos[best[0]]) == 0.0  # AA:$ds holds the top class


def _text(row: np.ndarray) -> str:
    return format_cards(sorted(row.tolist(), reverse=True))


def _by_strength(r: Range, table: str = "hu") -> np.ndarray:
    """The range's hands by their percentile in the order (a class's
    percentile grows with its rank), ties in card order."""
    return np.argsort(preflop.percentile(r.combos, r.game, table), kind="stable")


def test_json_lists_every_hand(tmp_path: Path) -> None:
    proc = run_cli("range", "AsKd3s2z", "--json", cwd=tmp_path)
    doc = json.loads(proc.stdout)
    assert doc["count"] == 2 and [h["hand"] for h in doc["hands"]] == ["AsKd3s2c", "AsKd3s2h"]
    proc = run_cli("range", "QQ@2, JJ", "--json", cwd=tmp_path)
    doc = json.loads(proc.stdout)
    r = Range("QQ@2, JJ")
    assert doc["count"] == len(r) == len(doc["hands"])
    assert doc["weights"] == [
        {"weight": w, "count": n} for w, n in sorted(Counter(r.weights.tolist()).items())
    ]


def test_hole_cards_select_the_deck(tmp_path: Path) -> None:
    doc = json.loads(run_cli("range", "AsKs", "-k", "5", "--json", cwd=tmp_path).stdout)
    assert doc["hole_cards"] == 5 and doc["count"] == len(Range("AsKs", hole_cards=5))


def test_bad_text_is_one_line_naming_the_argument(tmp_path: Path) -> None:
    assert_one_line_error(run_cli("range", "AA:$dx", cwd=tmp_path), "TEXT: column 4", "$dx")
    assert_one_line_error(run_cli("range", "AA", "-k", "7", cwd=tmp_path), "--hole-cards")


def test_help_shows_the_syntax_summary(tmp_path: Path) -> None:
    help_text = run_cli("range", "--help", cwd=tmp_path).stdout
    assert "Range syntax" in help_text and "AA-TT" in help_text and "$ds" in help_text


def _json_as_dumped(text: str, hole_cards: int = 4, order: str = "hu") -> str:
    """The --json document as json.dumps writes it from the Range."""
    r = Range(text, hole_cards=hole_cards)
    listed = np.arange(len(r)) if order == "cards" else _by_strength(r, order)
    hands = [_text(row) for row in r.combos[listed]]
    doc = {
        "text": text,
        "hole_cards": hole_cards,
        "game": "omaha8",
        "count": len(r),
        "fraction": r.fraction,
        "weights": [
            {"weight": w, "count": n} for w, n in sorted(Counter(r.weights.tolist()).items())
        ],
        "order": order,
        "hands": [
            {"hand": h, "weight": w} for h, w in zip(hands, r.weights[listed].tolist(), strict=True)
        ],
    }
    return json.dumps(doc, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("text", ["QQ@2, JJ", "(AA@5):$ds, AA", "AsKd3s2z", "AAAA!AAAA"])
@pytest.mark.parametrize("order", ["hu", "6h", "cards"])
def test_json_is_written_in_parts_as_one_document(
    monkeypatch: pytest.MonkeyPatch, text: str, order: str
) -> None:
    monkeypatch.setattr(range_cli, "JSON_ROWS", 1000)  # parts end anywhere
    args = [text, "--json"] + ([] if order == "hu" else ["--order", order])
    result = CliRunner().invoke(main, ["range", *args])
    assert result.exit_code == 0, result.output
    assert result.output == _json_as_dumped(text, order=order)


def test_listing_formats_only_the_hands_it_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    formatted: list[int] = []
    real = format_hands

    def counting(combos: np.ndarray) -> list[str]:
        formatted.append(len(combos))
        return real(combos)

    monkeypatch.setattr(range_cli, "format_hands", counting)
    result = CliRunner().invoke(main, ["range", "AA, KK"])
    assert result.exit_code == 0, result.output
    assert sum(formatted) == range_cli.SHOWN
    r = Range("AA, KK")
    shown = [line.split()[0] for line in result.output.splitlines()[3:]]
    assert shown == [_text(row) for row in r.combos[_by_strength(r)[:10]]]


def test_percent_range_lists_its_best_hands_first(tmp_path: Path) -> None:
    """15%6h: the six-handed order's best hands, not 3d3c2d2c (card order)."""
    proc = run_cli("range", "15%6h", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert (
        lines[2] == "hands (first 10 of 40,632, best first in the omaha8 six-handed preflop order):"
    )
    r = Range("15%6h")
    best = _by_strength(r, "6h")[:10]
    assert [line.strip() for line in lines[3:]] == [_text(row) for row in r.combos[best]]
    assert "3d3c2d2c" not in proc.stdout
    assert _text(r.combos[0]) == "3d3c2d2c"  # what card order would list first
    cards = run_cli("range", "15%6h", "--order", "cards", cwd=tmp_path).stdout.splitlines()
    assert cards[2] == "hands (first 10 of 40,632, in card order):" and cards[3] == "  3d3c2d2c"


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("15%6h", "6h"),
        ("(AA:(5%-10%6h))@2, KK:(20%6h)", "6h"),  # every term names 6h, inside groups
        ("10%, 5%6h", "hu"),  # two orders: heads-up
        ("15%", "hu"),
        ("AA:$ds", "hu"),
    ],
)
def test_the_order_is_the_one_the_percent_terms_name(text: str, order: str) -> None:
    doc = json.loads(CliRunner().invoke(main, ["range", text, "--json"]).output)
    assert doc["order"] == order
    r = Range(text)
    assert [h["hand"] for h in doc["hands"][:20]] == [
        _text(row) for row in r.combos[_by_strength(r, order)[:20]]
    ]


def test_too_costly_range_is_one_line_naming_the_argument(tmp_path: Path) -> None:
    proc = run_cli("range", "xyzwRO", "-k", "6", cwd=tmp_path)
    assert_one_line_error(proc, "TEXT: column 1", "too costly", "narrow the range")
