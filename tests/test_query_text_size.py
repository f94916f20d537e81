"""`omaha-eval query -` and `--file` read at most a little past the longest
query text (100,000 characters: 4 bytes each of UTF-8 and a byte-order
mark), then refuse in one line: standard input or a file of gigabytes is
never read whole (issue 29: 2 GB on standard input was a MemoryError
traceback).  A text of exactly the limit, in characters of any width, is
read."""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

from cli_helpers import assert_one_line_error, cli_command, cli_env, run_cli

from omaha_eval.cli.query import MAX_TEXT_BYTES
from omaha_eval.pql.syntax import MAX_TEXT

QUERY = "select count(winsHi(hero)) from hero='AsAh2c3d', villain='KsKh4c5d', board='Ac7d2h'"
CHUNK = 1 << 16
ENDLESS = 256 << 20  # bytes offered on standard input: more than the command may read


def _feed(proc: subprocess.Popen[bytes], written: list[int]) -> None:
    """Write to the command's standard input until it stops reading."""
    assert proc.stdin is not None
    block = b" " * CHUNK
    try:
        while written[0] < ENDLESS:
            proc.stdin.write(block)
            written[0] += CHUNK
        proc.stdin.close()
    except (BrokenPipeError, ValueError, OSError):
        pass


def test_endless_standard_input_is_refused_after_a_bounded_read(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        cli_command("query", "-"),
        cwd=tmp_path,
        env=cli_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    written = [0]
    feeder = threading.Thread(target=_feed, args=(proc, written), daemon=True)
    feeder.start()
    assert proc.stdout is not None and proc.stderr is not None
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.wait(timeout=120)
    feeder.join(timeout=120)
    result = subprocess.CompletedProcess(proc.args, proc.returncode, out.decode(), err.decode())
    assert_one_line_error(result, "query: the standard input holds more than 100,000 characters")
    # what it read, and what the pipe held when it stopped: a few hundred kilobytes
    assert written[0] <= MAX_TEXT_BYTES + 4 * (1 << 20)


def test_a_file_of_gigabytes_is_refused_after_a_bounded_read(tmp_path: Path) -> None:
    big = tmp_path / "big.pql"
    with big.open("wb") as f:
        f.truncate(3 << 30)  # sparse: three gigabytes of zeros that take no disk
    assert_one_line_error(
        run_cli("query", "--file", "big.pql", cwd=tmp_path),
        "--file: 'big.pql' holds more than 100,000 characters",
    )


def test_one_character_past_the_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    text = QUERY + " " * (MAX_TEXT + 1 - len(QUERY))
    (tmp_path / "q.pql").write_text(text, encoding="utf-8")
    assert_one_line_error(
        run_cli("query", "--file", "q.pql", cwd=tmp_path), "holds more than 100,000 characters"
    )


def test_a_text_of_exactly_the_limit_in_wide_characters_is_read(tmp_path: Path) -> None:
    comment = "\n-- "
    wide = "\U0001f0a1"  # a playing card: 4 bytes of UTF-8
    text = QUERY + comment + wide * (MAX_TEXT - len(QUERY) - len(comment))
    assert len(text) == MAX_TEXT
    (tmp_path / "q.pql").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert len(text.encode("utf-8")) + 3 <= MAX_TEXT_BYTES
    proc = run_cli("query", "--file", "q.pql", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    piped = subprocess.run(
        cli_command("query", "-", "--json"),
        cwd=tmp_path,
        env=cli_env(),
        input=text.encode("utf-8"),
        capture_output=True,
        timeout=120,
    )
    assert piped.returncode == 0, piped.stderr
    assert '"method": "exact"' in proc.stdout
