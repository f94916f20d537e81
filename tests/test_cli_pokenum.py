"""A pokenum-style command line (one card an argument, '-' between hands,
'--' before the board, '/' before the dead cards) gets the expected form."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, run_cli

from omaha_eval.cli.equity import pokenum_hint

EXPECTED = "write each hand as one argument: omaha-eval equity AsAh2c3d 7c7d4c5d --board Ks8d3c"


@pytest.mark.parametrize(
    "args",
    [
        "As Ah 2c 3d - 7c 7d 4c 5d -- Ks 8d 3c",  # pokenum's own form
        "AsAh2c3d 7c7d4c5d -- Ks 8d 3c",  # hands whole, the board pokenum's way
        "As Ah 2c 3d - 7c 7d 4c 5d --board Ks8d3c",
    ],
)
def test_pokenum_line_is_one_error_with_the_expected_form(tmp_path: Path, args: str) -> None:
    proc = run_cli("equity", *args.split(), cwd=tmp_path)
    if "--board" in args:
        assert_one_line_error(proc, "players:", EXPECTED.removesuffix(" --board Ks8d3c"))
    else:
        assert_one_line_error(proc, "players:", "pokenum", EXPECTED)


def test_whole_hands_of_single_cards_run_with_a_note_of_the_expected_form(tmp_path: Path) -> None:
    """Eight single cards are eight one-card ranges, which the command may
    mean; it runs them and notes the form of two hands."""
    proc = run_cli(
        "equity", *"As Ah 2c 3d 7c 7d 4c 5d".split(), "-n", "2000", "-s", "1", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert (
        "note: each hand above is one card; write each hand as one argument: "
        "omaha-eval equity AsAh2c3d 7c7d4c5d" in proc.stdout
    )


@pytest.mark.parametrize(
    ("players", "after_dashes", "hole_cards", "hint"),
    [
        (
            ("As", "Ah", "2c", "3d", "-", "7c", "7d", "4c", "5d", "Ks", "8d", "3c"),
            3,
            None,
            "omaha-eval equity AsAh2c3d 7c7d4c5d --board Ks8d3c",
        ),
        (
            ("As", "Ah", "2c", "3d", "-", "7c", "7d", "4c", "5d", "/", "2h"),
            None,
            None,
            "omaha-eval equity AsAh2c3d 7c7d4c5d --dead 2h",
        ),
        (
            ("As", "Ah", "2c", "3d", "4h", "7c", "7d", "4c", "5d", "6h"),
            None,
            5,
            "omaha-eval equity AsAh2c3d4h 7c7d4c5d6h",
        ),
        (("AsAh2c3d", "-", "7c7d4c5d"), None, None, "omaha-eval equity AsAh2c3d 7c7d4c5d"),
    ],
)
def test_hint_groups_the_cards_as_pokenum_does(players, after_dashes, hole_cards, hint) -> None:
    assert (
        pokenum_hint(players, after_dashes, hole_cards)
        == f"write each hand as one argument: {hint}"
    )


@pytest.mark.parametrize(
    ("players", "after_dashes"),
    [
        (("AsAh2c3d", "7c7d4c5d"), None),  # the expected form
        (("AsAh2c3d", "7c7d4c5d"), 2),  # a leading '--' only ends the options
        (("AsAh2c3d", "7c7d4c5d", "Ks8d3c"), 1),  # whole hands around a '--'
        (("As", "Kd"), None),  # two one-card ranges: hands holding As, hands holding Kd
        (("As", "Ah", "2c", "3d", "7c", "7d"), None),  # single cards, not whole hands
        (("AA:$ds", "-", "KK"), None),  # ranges: not pokenum's cards
    ],
)
def test_no_hint_where_the_line_is_not_pokenums(players, after_dashes) -> None:
    assert pokenum_hint(players, after_dashes, None) is None


def test_a_leading_double_dash_only_ends_the_options(tmp_path: Path) -> None:
    proc = run_cli("equity", "--", "AsAh2c3d", "7c7d4c5d", cwd=tmp_path)
    assert proc.returncode == 0 and "pokenum" not in proc.stdout + proc.stderr, proc.stderr
