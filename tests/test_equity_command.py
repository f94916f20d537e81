"""`omaha-eval equity` in a subprocess: table, JSON schema, the same answers
as the library, notes, progress, Ctrl-C and errors."""

from __future__ import annotations

import csv
import io
import json
import math
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_one_line_error, cli_command, cli_env, run_cli, run_on_terminal

import omaha_eval
from omaha_eval.engine import report as table
from omaha_eval.records import csv_header

PLAYER_KEYS = {
    "hand",
    "kind",
    "combos",
    "breakdown",
    "equity",
    "hi_share",
    "lo_share",
    "scoop",
    "hi_win",
    "hi_tie",
    "lo_win",
    "lo_tie",
    "quartered",
    "makes_low",
    "nut_low",
    "stderr",
}
DEAL_KEYS = {
    "board",
    "dead",
    "game",
    "no_low",
    "low_split",
    "any_quartered",
    "method",
    "trials",
    "seed",
    "elapsed",
    "interrupted",
    "target_stderr",
    "target_reached",
    "boards",
    "players",
    "notes",
}


def equity_json(*args: str, cwd: Path) -> dict[str, Any]:
    proc = run_cli("equity", *args, "--json", cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # no progress bar when stderr is not a terminal
    doc: dict[str, Any] = json.loads(proc.stdout)
    return doc


def check_schema(doc: dict[str, Any], n_players: int) -> None:
    assert set(doc) == DEAL_KEYS
    assert len(doc["players"]) == n_players
    for p in doc["players"]:
        assert set(p) == PLAYER_KEYS
        assert math.isclose(p["equity"], p["hi_share"] + p["lo_share"], abs_tol=1e-12)
        for key in PLAYER_KEYS - {"hand", "kind", "combos", "breakdown"}:
            assert 0.0 <= p[key] <= 1.0, (key, p[key])
    assert math.isclose(sum(p["equity"] for p in doc["players"]), 1.0, abs_tol=1e-9)
    assert doc["method"] in ("exact", "monte-carlo")


def test_table(tmp_path: Path) -> None:
    proc = run_cli("equity", "AsAh2c3d", "7c7d4c5d", "--board", "KsQdJh9c9h", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split() == [
        "hand",
        "equity",
        "hi",
        "share",
        "lo",
        "share",
        "scoop",
        "hi",
        "win",
        "hi",
        "tie",
        "lo",
        "win",
        "lo",
        "tie",
        "quartered",
        "makes",
        "low",
        "nut",
        "low",
    ]
    assert lines[2].split()[:2] == ["AsAh2c3d", "100.00%"]
    assert lines[3].split()[:2] == ["7c7d4c5d", "0.00%"]
    assert "no low 100.00%" in proc.stdout and "low split 0.00%" in proc.stdout
    assert "exact, 1 deal," in proc.stdout


LONG_RANGE = "KK:$ds, QQ:$ds, JJ:$ds, TT:$ds, 99:$ds, AKQJ, AKQT, 2345"


def test_long_range_text_is_cut_in_the_tables_only(tmp_path: Path) -> None:
    """The label column is bounded (the table stays as wide as for a short
    text), --json keeps the whole text."""
    args = ["AsAh2c3d", LONG_RANGE, "--board", "Ks7d2h"]
    proc = run_cli("equity", *args, "--breakdown", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    shown = LONG_RANGE[: table.LABEL_TEXT - 3] + "..."
    assert len(shown) == table.LABEL_TEXT
    rows = proc.stdout.splitlines()
    assert rows[3].startswith(shown + "  range, 3,080 combos  ")
    assert LONG_RANGE not in proc.stdout
    twice = run_cli(
        "equity", "AsAh2c3d", f"{LONG_RANGE}, {LONG_RANGE}", "-b", "Ks7d2h", cwd=tmp_path
    )
    assert twice.stdout.splitlines()[:4] == rows[:4]  # the same range, twice the text
    breakdown = rows[rows.index("") + 4 :]  # the deal's lines, then the breakdown's header
    assert breakdown[0].endswith(f"AsAh2c3d  {shown}"), breakdown[0]
    assert equity_json(*args, cwd=tmp_path)["players"][1]["hand"] == LONG_RANGE


def test_json_equals_library_exact(tmp_path: Path) -> None:
    """The documented schema, and every figure equal to omaha_eval.equity()."""
    args = ["As2s3hKd", "KcKhQsJs", "7d8d9cTc"]
    doc = equity_json(*args, "--board", "Ah4s5c", "--dead", "2d", cwd=tmp_path)
    check_schema(doc, 3)
    lib = omaha_eval.equity(args, "Ah4s5c", "2d")
    assert doc["method"] == lib.method == "exact"
    assert doc["trials"] == lib.trials
    assert doc["no_low"] == lib.no_low and doc["low_split"] == lib.low_split
    assert doc["any_quartered"] == lib.any_quartered
    for mine, theirs, hand in zip(doc["players"], lib.players, args, strict=True):
        assert mine["hand"] == hand
        assert {k: mine[k] for k in PLAYER_KEYS - {"hand"}} == {
            k: getattr(theirs, k) for k in PLAYER_KEYS - {"hand"}
        }


def test_csv_is_the_batch_outputs_row(tmp_path: Path) -> None:
    """--csv prints the header and the row a batch CSV output holds for the
    same spot (every cell but the id and the time taken)."""
    spot = ["As2s3hKd", "KcKhQsJs", "7d8d9cTc"]
    proc = run_cli("equity", *spot, "--board", "Ah4s5c", "--dead", "2d", "--csv", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    (mine,) = list(csv.DictReader(io.StringIO(proc.stdout)))
    (tmp_path / "spots.jsonl").write_text(
        json.dumps({"id": "x", "players": spot, "board": "Ah4s5c", "dead": "2d"}) + "\n",
        encoding="utf-8",
    )
    assert run_cli("batch", "spots.jsonl", "-o", "out.csv", cwd=tmp_path).returncode == 0
    with (tmp_path / "out.csv").open(newline="", encoding="utf-8") as f:
        (theirs,) = list(csv.DictReader(f))
    assert list(mine) == list(theirs) == csv_header(3)
    assert mine["id"] == "" and mine["status"] == "ok" and mine["method"] == "exact"
    same = set(mine) - {"id", "elapsed"}
    assert {k: mine[k] for k in same} == {k: theirs[k] for k in same}
    lib = omaha_eval.equity(spot, "Ah4s5c", "2d")
    assert [float(mine[f"p{i}_equity"]) for i in (1, 2, 3)] == [p.equity for p in lib.players]


def test_csv_and_json_exclude_each_other(tmp_path: Path) -> None:
    proc = run_cli("equity", "AdKd3s2s", "QsQh2c3c", "--csv", "--json", cwd=tmp_path)
    assert_one_line_error(proc, "--json", "--csv")


def test_known_preflop_value(tmp_path: Path) -> None:
    """Issue 3's known value: 6c6d6h6s vs 5c4d3h2s preflop is 54.04% vs 45.96%."""
    doc = equity_json("6c6d6h6s", "5c4d3h2s", "--exact", cwd=tmp_path)
    check_schema(doc, 2)
    assert doc["method"] == "exact" and doc["trials"] == 1_086_008
    assert abs(doc["players"][0]["equity"] - 0.5404) < 5e-5


def test_ranges_as_players(tmp_path: Path) -> None:
    """Range text is parsed (once) into a Range: the same figures as the
    library given that Range."""
    doc = equity_json("AsAh2c3d", "KK, QQ", "-b", "Ks7d2h", cwd=tmp_path)
    check_schema(doc, 2)
    assert doc["players"][1]["hand"] == "KK, QQ"
    lib = omaha_eval.equity(["AsAh2c3d", omaha_eval.Range("KK, QQ")], "Ks7d2h")
    assert doc["method"] == lib.method == "exact"
    assert [p["equity"] for p in doc["players"]] == [p.equity for p in lib.players]


def test_high_only_game(tmp_path: Path) -> None:
    doc = equity_json("AsAh2c3d", "7c7d4c5d", "-b", "2h4d8c", "--game", "omaha", cwd=tmp_path)
    check_schema(doc, 2)
    assert doc["game"] == "omaha" and doc["no_low"] == 1.0
    assert all(p["lo_share"] == 0 for p in doc["players"])


def test_small_spots_are_enumerated_even_with_trials(tmp_path: Path) -> None:
    """As the library does with exact=None: --trials only matters when the
    engine samples."""
    doc = equity_json("AdKd3s2s", "QhQcJhTc", "-b", "Jd4d8c", "-n", "1000", cwd=tmp_path)
    assert doc["method"] == "exact" and doc["seed"] is None


def test_monte_carlo_equals_the_library_and_agrees_with_exact(tmp_path: Path) -> None:
    """1,000,000 trials with --seed 11: exactly equity(..., seed=11) from
    Python (whatever the threads), and within 4 standard errors of exact
    enumeration of the same spot."""
    hands = ["AdKd3s2s", "QhQcJhTc", "*"]
    doc = equity_json(
        *hands,
        "-b",
        "Jd4d8c5s",
        "--monte-carlo",
        "-n",
        "1000000",
        "--seed",
        "11",
        "-t",
        "1",
        cwd=tmp_path,
    )
    check_schema(doc, 3)
    assert doc["method"] == "monte-carlo" and doc["trials"] == 1_000_000 and doc["seed"] == 11
    exact = omaha_eval.equity(hands, "Jd4d8c5s", exact=True)
    library = omaha_eval.equity(hands, "Jd4d8c5s", exact=False, trials=1_000_000, seed=11)
    assert doc["players"] == library.to_dict()["players"]
    assert doc["no_low"] == library.no_low
    for mine, truth in zip(doc["players"], exact.players, strict=True):
        assert abs(mine["equity"] - truth.equity) < 4 * mine["stderr"]


def test_same_seed_same_answer(tmp_path: Path) -> None:
    args = ["AdKd3s2s", "*", "*", "-n", "600000", "--seed", "3", "-t", "2"]
    first, second = equity_json(*args, cwd=tmp_path), equity_json(*args, cwd=tmp_path)
    for doc in (first, second):
        doc.pop("elapsed")
    assert first == second
    other = equity_json("AdKd3s2s", "*", "*", "-n", "600000", "--seed", "4", cwd=tmp_path)
    assert other["players"][0]["equity"] != first["players"][0]["equity"]


def test_seed_drawn_and_reported(tmp_path: Path) -> None:
    doc = equity_json("AdKd3s2s", "*", "*", "-n", "300000", "-t", "1", cwd=tmp_path)
    again = equity_json(
        "AdKd3s2s", "*", "*", "-n", "300000", "-t", "1", "--seed", str(doc["seed"]), cwd=tmp_path
    )
    assert again["players"] == doc["players"]


def test_target_stderr_stops_at_target(tmp_path: Path) -> None:
    doc = equity_json("AdKd3s2s", "*", "--target-stderr", "0.002", "--seed", "1", cwd=tmp_path)
    assert doc["method"] == "monte-carlo"
    assert max(p["stderr"] for p in doc["players"]) <= 0.002
    assert doc["target_reached"] is True and doc["notes"] == []
    assert doc["trials"] <= 250_000  # a few blocks are far more than enough


@pytest.mark.slow
@pytest.mark.parametrize("as_json", [True, False])
def test_ctrl_c_prints_the_result_so_far(tmp_path: Path, as_json: bool) -> None:
    """SIGINT during a long Monte Carlo run: exit 130 and the result of the
    trials done, marked interrupted, with its standard error."""
    args = ["equity", "AdKd3s2s", "*", "*", "*", "*", "*", "-n", "1000000000", "--seed", "2"]
    for wait in (4.0, 12.0):  # a slow machine may not finish a round in the first wait
        proc = subprocess.Popen(
            cli_command(*args, *(["--json"] if as_json else [])),
            cwd=tmp_path,
            env=cli_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(wait)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        assert "Traceback" not in err, err
        if out:
            break
    else:
        pytest.fail("no trials finished before Ctrl-C")
    if as_json:
        doc = json.loads(out)
        check_schema(doc, 6)
        assert doc["interrupted"] is True
        assert 0 < doc["trials"] < 1_000_000_000
        assert all(0 < p["stderr"] < 0.01 for p in doc["players"])
    else:
        assert "INTERRUPTED" in out and "standard error" in out


@pytest.mark.slow
def test_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    """A run of a few seconds shows a bar on a terminal; --quiet shows none;
    piped runs show none (the other tests check stderr is empty)."""
    args = [
        "equity",
        "AdKd3s2s",
        "*",
        "*",
        "*",
        "*",
        "*",
        "-n",
        "6000000",
        "-t",
        "1",
        "--seed",
        "1",
    ]
    code, shown = run_on_terminal(args, tmp_path)
    assert code == 0
    assert "trial" in shown and "6.00M" in shown, shown
    code, shown = run_on_terminal([*args, "--quiet"], tmp_path)
    assert code == 0 and shown == ""


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["AdKd3s2s", "AdQd2c3c"], ["Ad", "player 1", "player 2"]),
        (["AdKd3s2s", "QsQh2c3c", "-b", "AhKhQdJd5c5s"], ["board", "6"]),
        (["AdKd3s2s", "QsQh2c3c", "-d", "Qs"], ["Qs", "dead"]),
        (["AdKd3s2s"], ["players", "got 1"]),
        (["AdKd3s2s", "QsQh2c3c4c5c6c"], ["player 2", "7 cards"]),
        (["AdKd3s2s", "QsQh2c3c", "-b", "Ks?d"], ["--board: column 3", "'?'"]),
        (["AdKd3s2s", "AA:$xx"], ["player 2", "range: column 4", "$xx"]),
        (["AdKd3s2s", "QsQh2c3c", "--target-stderr", "0"], ["--target-stderr"]),
        (["AdKd3s2s", "QsQh2c3c", "--seed", "-1"], ["--seed"]),
        (["AdKd3s2s", "QsQh2c3c", "--exact", "--monte-carlo"], ["--exact", "--monte-carlo"]),
        (["AdKd3s2s4h", "QsQh2c3c5c", "-g", "Big-O"], ["--game", "'Big-O'", "5-card hands"]),
    ],
)
def test_bad_equity_input(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    assert_one_line_error(run_cli("equity", *args, cwd=tmp_path), *needles)


def test_only_a_big_o_name_gets_the_five_card_hint(tmp_path: Path) -> None:
    proc = run_cli("equity", "AdKd3s2s", "QsQh2c3c", "--game", "holdem", cwd=tmp_path)
    assert_one_line_error(proc, "--game", "'holdem'")
    assert "Big O" not in proc.stderr


@pytest.mark.skipif(
    sys.platform == "win32", reason="sends SIGINT to the command: POSIX (Windows has CTRL_C_EVENT)"
)
def test_slow_spots_say_so_on_stderr(tmp_path: Path) -> None:
    """An exact run of minutes warns before it starts; a long Monte Carlo run
    after its first round; both say how to stop (the run is then Ctrl-C'd)."""
    for args, needle in [
        (["AdKd3s2s", "*", "*", "--board", "Jd4d3c9h8s", "--exact"], "enumerating every deal"),
        (["AdKd3s2s", "*", "*", "*", "*", "*", "-n", "1000000000"], "1,000,000,000 trials"),
    ]:
        proc = subprocess.Popen(
            cli_command("equity", *args),
            cwd=tmp_path,
            env=cli_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stderr is not None
        line = proc.stderr.readline()
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)
        assert line.startswith("omaha-eval: note: ") and needle in line and "Ctrl-C" in line


# ------------------------------------------------ issue 47 item 3: the atlas


@pytest.mark.parametrize("game", ["omaha8", "omaha"])
def test_a_4_card_hand_against_a_random_hand_preflop_is_answered_from_the_atlas(
    tmp_path: Path, game: str
) -> None:
    # was refused: "this spot needs about 2e+12 units of work ... sample it instead"
    from omaha_eval.preflop import exact_vs_random

    proc = run_cli("equity", "AsAd2s3d", "*", "--exact", "-g", game, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    want = exact_vs_random("AsAd2s3d", game=game)
    header, _, hand, rest, _, how = proc.stdout.splitlines()
    assert header.split() == ["hand", "equity", "hi", "share", "lo", "share", "scoop"]
    shares = (want.equity, want.hi_share, want.lo_share, want.scoop)
    assert hand.split() == [want.hand, *(table.pct(x) for x in shares)]
    hi, lo = want.opponent_shares()
    assert rest.split() == [
        "*",
        *(table.pct(float(x)) for x in (1 - want.exact_equity, hi, lo)),
        "-",
    ]
    assert how.startswith("exact, 211,315,436,640 deals, from the preflop atlas")
    as_json = run_cli("equity", "AsAd2s3d", "*", "--exact", "-g", game, "--json", cwd=tmp_path)
    document = json.loads(as_json.stdout)
    players = document.pop("players")  # as `equity --json` lists them (a fuzz test found none)
    assert document == json.loads(json.dumps(want.to_dict()))
    assert [p["hand"] for p in players] == [want.hand, "*"]
    assert players[0]["equity"] == want.equity and players[1]["scoop"] is None
    assert players[1]["equity"] == float(1 - want.exact_equity)
    assert (players[1]["hi_share"], players[1]["lo_share"]) == (float(hi), float(lo))
    assert sum(p["equity"] for p in players) == pytest.approx(1.0, abs=1e-12)


def test_the_random_hand_s_shares_agree_with_sampling() -> None:
    from omaha_eval.preflop import exact_vs_random

    hi, lo = exact_vs_random("AsAd2s3d").opponent_shares()
    sampled = omaha_eval.equity(["AsAd2s3d", "*"], exact=False, trials=200_000, seed=2)
    bound = 5 * 0.5 / math.sqrt(200_000)  # a share's error is at most 1/2 / sqrt(n)
    assert abs(sampled.players[1].hi_share - float(hi)) < bound
    assert abs(sampled.players[1].lo_share - float(lo)) < bound


@pytest.mark.parametrize(
    "args",
    [
        ("AsAd2s3d", "*", "-b", "Kh7d2c5s"),  # a board: not the atlas's question
        ("AsAd2s3d", "*", "*"),
        ("AsAd2s3d", "*", "--csv"),  # a batch row needs every figure
    ],
)
def test_only_the_atlas_s_own_question_is_answered_from_it(tmp_path: Path, args: Any) -> None:
    proc = run_cli("equity", *args, "--exact", cwd=tmp_path)
    assert "preflop atlas" not in proc.stdout
