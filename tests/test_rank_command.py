"""`omaha-eval rank HAND...` in a subprocess: where hands stand in their
game's preflop orders, equal to omaha_eval.preflop.preflop_rank."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from cli_helpers import assert_one_line_error, run_cli

from omaha_eval import Range, preflop
from omaha_eval.preflop import TABLES


def test_json_holds_the_library_ranks_of_every_order(tmp_path: Path) -> None:
    hands = ["KsKh9s8h", "As Ah 4d 3s 2h"]  # 6-card orders: tests/test_preflop_lookup.py
    proc = run_cli("rank", *hands, "--game", "plo", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["game"] == "omaha"
    want = [
        [dataclasses.asdict(preflop.preflop_rank(h, "omaha", t)) for t in TABLES] for h in hands
    ]
    exact = preflop.exact_vs_random(hands[0], game="omaha")
    for got, ranks in zip(doc["ranks"], want, strict=True):
        for g, r in zip(got, ranks, strict=True):
            atlas = r["hole_cards"] == 4 and r["table"] == "hu"  # issue 47: said exact, hi and lo
            shares = {"hi_share": exact.hi_share, "lo_share": 0.0} if atlas else {}
            assert g == {**r, "exact": atlas, "hi_share": None, "lo_share": None, **shares}


def _rows(stdout: str) -> dict[tuple[str, str], list[str]]:
    """The table's rows by (hand, order), each's cells after those two."""
    lines = stdout.splitlines()
    body = lines[3 : lines.index("")]
    return {(cells[0], cells[1]): cells[2:] for cells in (line.split() for line in body)}


def test_table_shows_which_percent_ranges_hold_a_hand(tmp_path: Path) -> None:
    """The issue's example: double-suited 2233 is in 15%6h, AcAdKhKs
    rainbow is not (and neither is in 15% heads-up)."""
    proc = run_cli("rank", "2s2h3s3h", "AcAdKhKs", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("omaha8: Omaha hi/lo")
    rows = _rows(proc.stdout)
    assert list(rows) == [
        ("3s3h2s2h", "heads-up"),
        ("3s3h2s2h", "6-handed"),
        ("AdAcKsKh", "heads-up"),
        ("AdAcKsKh", "6-handed"),
    ]
    for (hand, order), cells in rows.items():
        table = "hu" if order == "heads-up" else "6h"
        r = preflop.preflop_rank(hand, table=table)
        assert cells[:3] == [f"{r.rank:,}", "of", "16,432"]
        assert cells[3:5] == [f"{r.percentile:.3f}%", f"{100 * r.equity:.2f}%"]
        if table == "hu":  # exact, with its hi and lo shares (issue 47 item 3)
            exact = preflop.exact_vs_random(hand)
            assert cells[5:7] == [f"{100 * exact.hi_share:.2f}%", f"{100 * exact.lo_share:.2f}%"]
        else:  # a Monte Carlo order: no split of its equity
            assert cells[5:7] == ["-", "-"]
        assert cells[-2:] == ["exact" if table == "hu" else "estimate", "6"]
    six_handed = Range("15%6h")
    assert float(rows["3s3h2s2h", "6-handed"][3][:-1]) < 15 and "2s2h3s3h" in six_handed
    assert float(rows["AdAcKsKh", "6-handed"][3][:-1]) > 15 and "AcAdKhKs" not in six_handed
    heads_up = Range("15%")
    assert float(rows["3s3h2s2h", "heads-up"][3][:-1]) > 15 and "2s2h3s3h" not in heads_up
    assert float(rows["AdAcKsKh", "heads-up"][3][:-1]) > 15 and "AcAdKhKs" not in heads_up
    assert "a hand is in p% (p%6h for 6-handed) exactly when p is above" in proc.stdout


def test_bad_hands_are_one_line_naming_the_argument(tmp_path: Path) -> None:
    assert_one_line_error(run_cli("rank", "AsAh3h", cwd=tmp_path), "HAND:", "got 3", "'AsAh3h'")
    proc = run_cli("rank", "AsAh3h2d", "KdKd2c3c", cwd=tmp_path)
    assert_one_line_error(proc, "HAND 2:", "Kd")
    assert_one_line_error(run_cli("rank", "AsAh3h2d", "-g", "bigo", cwd=tmp_path), "--game")


def test_rank_is_listed_in_the_help(tmp_path: Path) -> None:
    assert "rank " in run_cli("--help", cwd=tmp_path).stdout
    assert "omaha-eval rank 2s2h3s3h AcAdKhKs" in run_cli("rank", "--help", cwd=tmp_path).stdout
