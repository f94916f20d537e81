"""`omaha-eval range TEXT` in a subprocess: what a range text holds, equal to
Range(TEXT) in Python, with every hand in --json."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from cli_helpers import assert_one_line_error, run_cli

from omaha_eval import Range
from omaha_eval.cards import format_cards


def test_summary_matches_the_range(tmp_path: Path) -> None:
    proc = run_cli("range", "AA:$ds, KK@0.5", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    r = Range("AA:$ds, KK@0.5")
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(f"{len(r):,} hands of 270,725 ({100 * r.fraction:.3f}%)")
    assert lines[1] == "weights: 0.5 (6,955 hands), 1 (864 hands)"
    assert lines[2] == "hands (first 10 of 7,819):"
    first = format_cards(sorted(r.combos[0].tolist(), reverse=True))
    assert lines[3].split() == [first, "@0.5"]


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
