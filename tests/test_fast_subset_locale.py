"""The wheels' fast subset where text is not UTF-8 by default.

Windows machines often read text files in cp1252 unless told otherwise, and a
test that reads README.md without encoding= fails there.  This runs the fast
subset ([tool.cibuildwheel] test-command, as cibuildwheel runs it: from copies
of test-sources) in the C locale with UTF-8 mode and locale coercion off, so
that the locale encoding is ASCII, and with ``-X warn_default_encoding``: every
open without an encoding is recorded, and none may come from the tests or the
package.  Slow: the subset takes about a minute.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli_env

import omaha_eval

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(omaha_eval.__file__).resolve().parent
NOT_COPIED = shutil.ignore_patterns("__pycache__")

# A pytest plugin for the run: the file each EncodingWarning is attributed to.
PROBE = """
import json, os

FOUND = []


def pytest_warning_recorded(warning_message, when, nodeid, location):
    if issubclass(warning_message.category, EncodingWarning):
        FOUND.append(warning_message.filename)


def pytest_unconfigure(config):
    with open(os.environ["ENCODING_PROBE_OUT"], "w", encoding="utf-8") as f:
        json.dump(FOUND, f)
"""
# Reads itself without an encoding: the one warning the probe must report.
CANARY = """
from pathlib import Path


def test_reads_itself_in_the_locale_encoding():
    assert Path(__file__).read_text().isascii()
"""


@pytest.mark.slow
@pytest.mark.skipif(
    not (ROOT / "pyproject.toml").exists(), reason="needs the source tree (pyproject.toml)"
)
def test_fast_subset_passes_in_an_ascii_locale_and_names_every_encoding(tmp_path: Path) -> None:
    cibw = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "cibuildwheel"
    ]
    subset = tmp_path / "subset"
    for source in cibw["test-sources"]:
        (subset / source).parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / source).is_dir():
            shutil.copytree(ROOT / source, subset / source, ignore=NOT_COPIED)
        else:
            shutil.copy2(ROOT / source, subset / source)
    canary = subset / "tests" / "test_encoding_canary.py"
    canary.write_text(CANARY, encoding="utf-8")
    (tmp_path / "probe").mkdir()
    (tmp_path / "probe" / "encoding_probe.py").write_text(PROBE, encoding="utf-8")

    command = shlex.split(cibw["test-command"])
    assert command[:3] == ["python", "-m", "pytest"], command
    env = {k: v for k, v in cli_env().items() if not k.startswith(("LC_", "LANG", "PYTHONIO"))}
    env.update(LC_ALL="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0")
    env["OMAHA_EVAL_TEST_TIME_LIMIT"] = "off"  # this run is about encodings, not time
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "probe"), env["PYTHONPATH"]])
    env["ENCODING_PROBE_OUT"] = str(tmp_path / "found.json")
    check = [sys.executable, "-c", "import locale; print(locale.getpreferredencoding(False))"]
    locale_encoding = subprocess.run(check, env=env, capture_output=True, encoding="utf-8")
    assert locale_encoding.stdout.strip() == "ANSI_X3.4-1968", locale_encoding  # ASCII

    probed = ["-p", "encoding_probe", str(canary.relative_to(subset))]
    run = subprocess.run(
        [sys.executable, "-X", "warn_default_encoding", *command[1:], *probed],
        cwd=subset,
        env=env,
        capture_output=True,
        encoding="utf-8",
        errors="replace",
    )
    assert run.returncode == 0, (run.stdout + run.stderr)[-6000:]
    found = json.loads((tmp_path / "found.json").read_text(encoding="utf-8"))
    ours = {
        Path(f).resolve().as_posix()
        for f in found
        if Path(f).resolve().is_relative_to(subset.resolve())
        or Path(f).resolve().is_relative_to(PACKAGE)
    }
    assert ours == {canary.resolve().as_posix()}, "opened without encoding="
