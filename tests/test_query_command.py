"""`omaha-eval query` in a subprocess: the table, JSON equal to the
library's, the three sources of the text, --plot, Ctrl-C, a closed pipe,
the seeds, and every kind of bad input as one line."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import (
    OUTPUT_ENCODING,
    assert_one_line_error,
    cli_command,
    cli_env,
    run_cli,
    run_on_terminal,
)

import omaha_eval as oe

KNOWN = "select count(winsHi(hero)) from hero='AsAh2c3d', villain='KsKh4c5d', board='Ac7d2h'"
QUARTERED = (
    "select count(quartered(hero)) as quartered from game='omaha8', hero='A2**', "
    "villain1='15%', villain2='15%' where nutLo(hero, river)"
)
EVERY_SELECTOR = (
    "select avg(riverEquity(hero)) as eq, count(scoops(hero)) as scoop, "
    "histogram(handType(hero, river)) as made, min(hiRating(hero, river)) as worst, "
    "max(handType(hero, river)) as best from hero='15%', villain='*'"
)
TYPES = "select histogram(handType(hero, river)) as made from hero='15%', villain='*'"
NO_HISTOGRAM = "select count(scoops(hero)) from hero='A2**', villain='*'"
PNG = b"\x89PNG\r\n\x1a\n"


def query_ok(*args: str, cwd: Path) -> str:
    proc = run_cli("query", *args, cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # no progress bar when stderr is not a terminal
    return proc.stdout


def strict_json(text: str) -> Any:
    def refuse(token: str) -> Any:
        raise AssertionError(f"{token} in {text[:80]!r}: not strict JSON")

    return json.loads(text, parse_constant=refuse)


def without_elapsed(documents: Any) -> list[dict[str, Any]]:
    docs = documents if isinstance(documents, list) else [documents]
    return [{k: v for k, v in d.items() if k != "elapsed"} for d in docs]


def library(text: str, **options: Any) -> list[dict[str, Any]]:
    return without_elapsed([r.to_dict() for r in oe.query_all(text, **options)])


def table_rows(stdout: str) -> dict[str, list[str]]:
    """The cells of each row of the (first) table: the lines below its rule
    of dashes, split where two spaces or more separate the cells, by the
    row's first cell (a histogram's labels keep their indent)."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if re.fullmatch(r"-+( +-+)*", line))
    rows = {}
    for line in lines[start + 1 :]:
        if not line:
            break
        cells = re.split(r" {2,}", line.rstrip())
        if line.startswith("  "):  # "  label  value  error"
            cells = [f"  {cells[1]}", *cells[2:]]
        rows[cells[0]] = cells[1:]
    return rows


def shown_statement(block: str) -> str:
    """The statement a table shows first (maybe over several lines), on one
    line."""
    return " ".join(block.split("\n\n")[0].split())


def close_to(cell: str, value: float, scale: float = 1.0) -> bool:
    """A cell shows `value` (times `scale`), rounded to its own last digit."""
    text = cell.removeprefix("± ").removesuffix("%")
    decimals = len(text.split(".")[1]) if "." in text else 0
    return abs(float(text) - scale * value) <= 0.5 * 10**-decimals + 1e-12


# ------------------------------------------------------------------ the table


def test_table_of_an_exact_count(tmp_path: Path) -> None:
    """Known hands on a flop: every deal enumerated, the fraction as the
    library's, no error column, and a note that --trials did not apply."""
    out = query_ok(KNOWN, "--trials", "1000", cwd=tmp_path)
    r = oe.query(KNOWN)
    assert isinstance(r, oe.QueryResult)
    assert shown_statement(out) == KNOWN
    assert out.split("\n\n")[1].splitlines()[0].split() == ["column", "value"]
    [value] = table_rows(out)["count(winsHi(hero))"]
    assert close_to(value, r.columns[0].value, 100)
    assert f"exact, {r.trials:,} deals," in out
    assert "note: every deal was enumerated (exact), so --trials did not apply" in out


def test_table_of_every_selector(tmp_path: Path) -> None:
    """count, and avg of an equity, as percentages, each with its standard
    error; a histogram's values as rows of percentages; min and max as the
    values seen; the run's trials and seed below."""
    out = query_ok(EVERY_SELECTOR, "-n", "20000", "-s", "5", cwd=tmp_path)
    r = oe.query(EVERY_SELECTOR, trials=20000, seed=5)
    assert isinstance(r, oe.QueryResult)
    rows = table_rows(out)
    eq, scoop, made = r.column("eq"), r.column("scoop"), r.column("made")
    assert eq.percent and rows["eq"][0].endswith("%")  # a share of the pot, as counts are
    assert close_to(rows["eq"][0], eq.value, 100) and close_to(rows["eq"][1], eq.stderr, 100)
    assert close_to(rows["scoop"][0], scoop.value, 100)
    assert close_to(rows["scoop"][1], scoop.stderr, 100)
    assert rows["made"] == []
    assert isinstance(made.value, dict) and isinstance(made.stderr, dict)
    labels = [name.strip() for name in rows if name.startswith("  ")]
    assert labels == list(made.value)  # every value seen, in the library's order
    for label, share in made.value.items():
        shown, error = rows[f"  {label}"]
        assert close_to(shown, share, 100) and close_to(error, made.stderr[label], 100)
    assert rows["worst"] == [f"{r.column('worst').value:g}"]
    assert rows["best"] == [r.column("best").value]
    assert "monte-carlo, 20,000 trials, seed 5," in out


def test_shares_are_percents_and_other_averages_numbers(tmp_path: Path) -> None:
    """Never 25.24% beside 0.557317: an average of a share (an equity, a
    condition) is a percent as a count is; an average of a count of cards is
    a number."""
    text = (
        "select count(scoops(hero)) as scoop, avg(riverEquity(hero)) as eq, "
        "avg(nutHi(hero, river)) as nuts, avg(outsToHandType(hero, flop, flush)) as outs "
        "from hero='A2**', villain='15%', board='Jd4d3c'"
    )
    rows = table_rows(query_ok(text, "-n", "4000", "-s", "1", cwd=tmp_path))
    r = oe.query(text, trials=4000, seed=1)
    assert isinstance(r, oe.QueryResult)
    for name in ("scoop", "eq", "nuts"):
        assert rows[name][0].endswith("%") and rows[name][1].endswith("%"), rows[name]
        assert close_to(rows[name][0], r.column(name).value, 100)
    assert not rows["outs"][0].endswith("%") and close_to(rows["outs"][0], r.column("outs").value)
    assert [c.percent for c in r.columns] == [False, True, True, False]


def test_table_of_the_quartering_query(tmp_path: Path) -> None:
    """A long statement is shown broken before from and where; the kept
    trials are counted."""
    out = query_ok(QUARTERED, "-n", "50000", "-s", "3", cwd=tmp_path)
    r = oe.query(QUARTERED, trials=50000, seed=3)
    assert isinstance(r, oe.QueryResult)
    lines = out.splitlines()
    assert lines[0] == "select count(quartered(hero)) as quartered"
    assert lines[1].startswith("  from game='omaha8'") and lines[2].startswith("  where nutLo")
    assert shown_statement(out) == QUARTERED
    value, _ = table_rows(out)["quartered"]
    assert close_to(value, r.columns[0].value, 100)
    assert f"50,000 trials, {r.kept:,} kept ({100 * r.kept / r.trials:.2f}%), seed 3" in out


def test_a_where_keeping_nothing_says_so(tmp_path: Path) -> None:
    text = KNOWN + " where hiRating(hero, river) > 100000"
    out = query_ok(text, cwd=tmp_path)
    assert table_rows(out)["count(winsHi(hero))"] == ["-"]
    assert "0 kept" in out and "note: the where clause kept none" in out
    doc = strict_json(query_ok(text, "--json", cwd=tmp_path))
    assert doc["kept"] == 0 and doc["columns"][0]["value"] is None


def test_several_statements_a_table_each(tmp_path: Path) -> None:
    text = f"{KNOWN}; {NO_HISTOGRAM}"
    out = query_ok(text, "-n", "2000", "-s", "1", cwd=tmp_path)
    first, second = out.split("\n\n" + NO_HISTOGRAM)
    assert shown_statement(first) == KNOWN and "exact, 820 deals" in first
    assert "count(scoops(hero))" in second and "monte-carlo, 2,000 trials, seed 1" in second


def test_help_reads_with_examples(tmp_path: Path) -> None:
    out = query_ok("--help", cwd=tmp_path)
    assert "Usage: omaha-eval query [OPTIONS] [TEXT]" in out
    examples = out.split("Examples:")[1]
    assert examples.count("omaha-eval query") >= 4 and "--file" in examples
    # the query file shown runs as it is
    file_text = out.split("(-- starts a comment):\n")[1].split("\n\n")[0]
    (tmp_path / "quartered.pql").write_text(file_text, encoding="utf-8")
    table = query_ok("--file", "quartered.pql", "-n", "2000", cwd=tmp_path)
    assert "quartered" in table_rows(table)


def test_the_command_list_shows_query(tmp_path: Path) -> None:
    group = run_cli("--help", cwd=tmp_path).stdout
    assert "omaha-eval query" in group.split("Examples:")[1]
    assert "query" in group.split("Commands:")[1].split()


# ------------------------------------------------------------------ JSON


def test_json_equals_the_library(tmp_path: Path) -> None:
    """One statement: the result's to_dict(); several: a list of them, the
    same as the library's for the same seed (but the time taken)."""
    text = f"{TYPES}; {NO_HISTOGRAM}"
    doc = strict_json(query_ok(text, "-n", "5000", "-s", "9", "--json", cwd=tmp_path))
    assert isinstance(doc, list) and len(doc) == 2
    assert without_elapsed(doc) == library(text, trials=5000, seed=9)
    one = strict_json(query_ok(TYPES, "-n", "5000", "-s", "9", "--json", cwd=tmp_path))
    assert isinstance(one, dict) and set(one) >= {"columns", "trials", "kept", "method", "seed"}
    assert without_elapsed(one) == library(TYPES, trials=5000, seed=9)


def test_one_trial_is_refused_and_two_give_strict_json(tmp_path: Path) -> None:
    """One trial has no standard error: an error naming --trials, not NaN."""
    one = run_cli("query", NO_HISTOGRAM, "-n", "1", "--monte-carlo", "--json", cwd=tmp_path)
    assert_one_line_error(one, "--trials", ">= 2", "got 1")
    doc = strict_json(query_ok(NO_HISTOGRAM, "-n", "2", "--monte-carlo", "--json", cwd=tmp_path))
    assert doc["trials"] == 2


def test_same_seed_same_output_for_any_threads(tmp_path: Path) -> None:
    def table(threads: str) -> str:
        out = query_ok(QUARTERED, "-n", "100000", "-s", "4", "-t", threads, cwd=tmp_path)
        return re.sub(r", [0-9.]+ s$", "", out, flags=re.MULTILINE)

    assert table("1") == table("2")


# ------------------------------------------------------------------ sources


def test_query_from_standard_input(tmp_path: Path) -> None:
    text = f"{TYPES};\n{NO_HISTOGRAM}\n"
    proc = subprocess.run(
        cli_command("query", "-", "-n", "3000", "-s", "2", "--json"),
        cwd=tmp_path,
        env=cli_env(),
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert without_elapsed(strict_json(proc.stdout)) == library(text, trials=3000, seed=2)


def test_query_from_a_file_with_comments(tmp_path: Path) -> None:
    text = (
        "-- what A2 makes, and how often it scoops\n"
        f"{TYPES};  -- the high hands\r\n"
        "\n"
        f"{NO_HISTOGRAM};\n"
        "-- the end\n"
    )
    (tmp_path / "q.pql").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))  # a BOM is skipped
    doc = strict_json(query_ok("--file", "q.pql", "-n", "3000", "-s", "2", "--json", cwd=tmp_path))
    assert without_elapsed(doc) == library(text, trials=3000, seed=2)


def test_an_error_in_a_file_names_the_file_and_line(tmp_path: Path) -> None:
    bad = "  where winz(hero)"
    (tmp_path / "q.pql").write_text(f"-- one statement\n{NO_HISTOGRAM}\n{bad}\n", encoding="utf-8")
    column = bad.index("winz") + 1
    proc = run_cli("query", "--file", "q.pql", cwd=tmp_path)
    assert_one_line_error(
        proc,
        f"omaha-eval: error: --file: 'q.pql': line 3, column {column}: unknown function 'winz'",
    )


@pytest.mark.parametrize(
    ("content", "needles"),
    [
        (None, ["--file", "'q.pql'", "does not exist"]),
        (b"select \xff", ["--file", "'q.pql'", "not UTF-8"]),
        (b"", ["--file", "'q.pql'", "line 1, column 1", "no statement"]),
    ],
)
def test_a_bad_query_file_is_one_line(
    tmp_path: Path, content: bytes | None, needles: list[str]
) -> None:
    if content is not None:
        (tmp_path / "q.pql").write_bytes(content)
    assert_one_line_error(run_cli("query", "--file", "q.pql", cwd=tmp_path), *needles)


def test_bad_standard_input_is_one_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        cli_command("query", "-"),
        cwd=tmp_path,
        env=cli_env(),
        input=b"select \xff",
        capture_output=True,
        timeout=120,
    )
    out = subprocess.CompletedProcess(
        proc.args, proc.returncode, proc.stdout.decode(), proc.stderr.decode()
    )
    assert_one_line_error(out, "query:", "standard input", "not UTF-8")


# ------------------------------------------------------------------ --plot


@pytest.mark.slow  # matplotlib takes seconds to load and draw on a busy machine
def test_plot_draws_the_histograms(tmp_path: Path) -> None:
    text = f"{TYPES}; select histogram(boardSuitCount(river)) from hero='A2**', villain='*'"
    out = query_ok(text, "-n", "5000", "-s", "1", "--plot", "bars.png", cwd=tmp_path)
    assert out.rstrip().endswith("note: histograms drawn to bars.png")
    assert (tmp_path / "bars.png").read_bytes()[:8] == PNG


def test_plot_refuses_a_query_without_histograms(tmp_path: Path) -> None:
    proc = run_cli("query", NO_HISTOGRAM, "--plot", "bars.png", cwd=tmp_path)
    assert_one_line_error(proc, "--plot", "no histogram")
    assert not (tmp_path / "bars.png").exists()


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["select count(winsHi(hero) from hero='AA', villain='*'"], ["query: column 27", "')'"]),
        (
            ["select count(winz(hero)) from hero='AA', villain='*'"],
            ["query: column 14", "'winz'", "winsHi"],
        ),
        (
            ["select count(winsHi(hero, 3)) from hero='AA', villain='*'"],
            ["query: column 14", "winsHi takes 1 argument"],
        ),
        (
            ["select count(winsHi(hero)) from hero='AA:$xx', villain='*'"],
            ["query: column 38", "$xx"],
        ),
        (["select count(winsHi(hero)) from hero='AsAh2c3d', villain='AsKh4c5d'"], ["query:", "As"]),
        (
            ["select count(winsHi(hero)) from hero='AA',\n villain='*' where foo"],
            ["query: line 2, column 20", "'foo'"],
        ),
        (["  -- nothing but a comment"], ["query: column 1", "no statement"]),
        ([KNOWN, "--file", "q.pql"], ["TEXT", "--file", "not both"]),
        ([], ["no query", "TEXT", "--file"]),
        ([KNOWN, "--trials", "0"], ["--trials", "0"]),
        ([KNOWN, "--trials", "many"], ["--trials", "many"]),
        ([KNOWN, "--seed", "-1"], ["--seed", "-1"]),
        ([KNOWN, "--seed", "x"], ["--seed", "'x'"]),
        ([KNOWN, "--seed", str(2**200)], ["--seed", "2**128"]),
        ([KNOWN, "--threads", "0"], ["--threads"]),
        ([KNOWN, "--target-stderr", "0"], ["--target-stderr"]),
        ([KNOWN, "--exact", "--monte-carlo"], ["--exact", "--monte-carlo"]),
        ([NO_HISTOGRAM, "--exact"], ["--exact", "limit"]),
        ([TYPES, "--plot", "bars.jpg"], ["--plot", "'bars.jpg'", ".png or .svg"]),
        ([TYPES, "--plot", "."], ["--plot", "directory"]),
    ],
)
def test_bad_query_input(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    assert_one_line_error(run_cli("query", *args, cwd=tmp_path), *needles)


def test_a_plot_file_in_a_missing_directory_is_a_failure_exit_1(tmp_path: Path) -> None:
    """An output file that cannot be written is not a usage error: exit 1."""
    proc = run_cli("query", TYPES, "--plot", "nowhere/bars.png", cwd=tmp_path)
    assert_one_line_error(proc, "--plot", "'nowhere'", "does not exist", code=1)


def test_the_plot_file_is_checked_before_any_work(tmp_path: Path) -> None:
    """A run of a billion trials: refused at once, not after it."""
    proc = run_cli(
        "query", TYPES, "-n", "1000000000", "--plot", "bars.gif", cwd=tmp_path, timeout=30
    )
    assert_one_line_error(proc, "--plot", "'bars.gif'")


# ------------------------------------------------------------------ the shell


@pytest.mark.skipif(
    sys.platform == "win32", reason="sends SIGINT to the command: POSIX (Windows has CTRL_C_EVENT)"
)
@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_prints_the_results_so_far(tmp_path: Path, as_json: bool) -> None:
    """SIGINT during the second statement's Monte Carlo (once its first
    round says on stderr how long the run will take): exit 130, the first
    statement whole, the second from the trials done, marked interrupted,
    and the third said not to have run."""
    text = f"{KNOWN}; {NO_HISTOGRAM}; {TYPES}"
    args = ["query", text, "-n", "1000000000", "-s", "2", *(["--json"] if as_json else [])]
    proc = subprocess.Popen(
        cli_command(*args),
        cwd=tmp_path,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding=OUTPUT_ENCODING,
    )
    assert proc.stderr is not None
    note = proc.stderr.readline()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert note.startswith("omaha-eval: note: 1,000,000,000 trials of statement 2"), note + err
    assert proc.returncode == 130, err
    assert err == ""
    if as_json:
        first, second = strict_json(out)  # the statements answered
        assert first["interrupted"] is False and first["method"] == "exact"
        assert second["interrupted"] is True and 0 < second["trials"] < 1_000_000_000
        assert 0 < second["columns"][0]["stderr"] < 0.05
    else:
        first, second = out.split("\n\n" + NO_HISTOGRAM)
        assert "INTERRUPTED" not in first and "exact, 820 deals" in first
        assert second.rstrip().endswith(
            "INTERRUPTED: the figures are from the trials run before Ctrl-C\n\n"
            "INTERRUPTED: statement 3 of 3 did not run"
        )
        assert "± " in table_rows(second)["count(scoops(hero))"][1]


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_a_closed_pipe_is_a_quiet_exit_0(tmp_path: Path, extra: list[str]) -> None:
    """`omaha-eval query ... | head -1`, the reader gone before the output."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            cli_command("query", KNOWN, *extra),
            cwd=tmp_path,
            env=cli_env(),
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert (proc.returncode, proc.stderr) == (0, "")


@pytest.mark.slow
def test_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    """A run of a few seconds shows a bar on a terminal; --quiet shows none
    (the other tests check that piped runs show none)."""
    args = ["query", QUARTERED, "-n", "8000000", "-t", "1", "-s", "1"]
    code, shown = run_on_terminal(args, tmp_path)
    assert code == 0
    assert "trial" in shown and "8.00M" in shown, shown
    code, shown = run_on_terminal([*args, "--quiet"], tmp_path)
    assert code == 0 and shown == ""
