"""The default tier where text is not UTF-8: as on a Windows runner.

A Windows runner has UTF-8 mode off and the locale encoding cp1252: files
opened without encoding= and pipes (the command's output, as a test reads it)
are cp1252 there.  This runs the wheels' test-command ([tool.cibuildwheel]:
the whole default tier, as cibuildwheel runs it, from copies of test-sources)
under the closest this machine has: a cp1252 locale (generated with localedef
into a temporary LOCPATH, so the locale encoding, the pipes and open() are all
cp1252, as on Windows), with PYTHONUTF8=0; where localedef or its sources are
missing, the C locale (ASCII) with PYTHONIOENCODING=cp1252 (the pipes cp1252,
open() stricter still).  What POSIX cannot emulate: Windows passes arguments
as UTF-16, a cp1252 POSIX locale cannot pass A♠ at all (those tests skip, see
cli_helpers.skip_unless_arguments_encode).  With ``-X warn_default_encoding``
every open without an encoding is recorded, and none may come from the tests
or the package.  Slow: it is the whole default tier again.
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


def windows_like_locale(tmp_path: Path) -> dict[str, str]:
    """The environment settings of a cp1252 locale (see the docstring)."""
    settings = {"PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    localedef = shutil.which("localedef")
    if localedef is not None and sys.platform.startswith("linux"):
        locales = tmp_path / "locales"
        made = locales / "en_US.CP1252"
        # its exit code is not read: localedef warns, and exits 1, on some glibc
        subprocess.run([localedef, "-f", "CP1252", "-i", "en_US", str(made)], capture_output=True)
        if made.is_dir():
            return {**settings, "LOCPATH": str(locales), "LC_ALL": "en_US.CP1252"}
    return {**settings, "LC_ALL": "C", "PYTHONIOENCODING": "cp1252"}


@pytest.mark.slow
@pytest.mark.skipif(
    not (ROOT / "pyproject.toml").exists(), reason="needs the source tree (pyproject.toml)"
)
def test_default_tier_passes_in_a_cp1252_locale_and_names_every_encoding(tmp_path: Path) -> None:
    cibw = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "cibuildwheel"
    ]
    copies = tmp_path / "copies"
    for source in cibw["test-sources"]:
        (copies / source).parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / source).is_dir():
            shutil.copytree(ROOT / source, copies / source, ignore=NOT_COPIED)
        else:
            shutil.copy2(ROOT / source, copies / source)
    # beside tests/, not in it: the encoding test there reads every file of tests/
    (copies / "canary").mkdir()
    canary = copies / "canary" / "test_encoding_canary.py"
    canary.write_text(CANARY, encoding="utf-8")
    (tmp_path / "probe").mkdir()
    (tmp_path / "probe" / "encoding_probe.py").write_text(PROBE, encoding="utf-8")

    command = shlex.split(cibw["test-command"])
    assert command[:3] == ["python", "-m", "pytest"], command
    env = {k: v for k, v in cli_env().items() if not k.startswith(("LC_", "LANG", "PYTHONIO"))}
    env.update(windows_like_locale(tmp_path))
    env["OMAHA_EVAL_TEST_TIME_LIMIT"] = "off"  # this run is about encodings, not time
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "probe"), env["PYTHONPATH"]])
    env["ENCODING_PROBE_OUT"] = str(tmp_path / "found.json")
    check = [
        sys.executable,
        "-c",
        "import locale, sys; print(locale.getpreferredencoding(False), sys.stdout.encoding)",
    ]
    encodings = subprocess.run(check, env=env, capture_output=True, encoding="utf-8")
    assert encodings.stdout.split() in (["CP1252", "cp1252"], ["ANSI_X3.4-1968", "cp1252"]), (
        encodings
    )

    # -n 0: in one process, whose probe sees every file the run opens
    probed = ["-n", "0", "-p", "encoding_probe", str(canary.relative_to(copies))]
    run = subprocess.run(
        [sys.executable, "-X", "warn_default_encoding", *command[1:], *probed],
        cwd=copies,
        env=env,
        capture_output=True,
        encoding="utf-8",
        errors="replace",
    )
    failures = run.stdout.find("= FAILURES =")  # the first failures, then the summary
    shown = run.stdout[failures : failures + 8000] if failures >= 0 else run.stdout[-6000:]
    assert run.returncode == 0, shown + run.stdout[-1500:] + run.stderr[-1500:]
    found = json.loads((tmp_path / "found.json").read_text(encoding="utf-8"))
    ours = {
        Path(f).resolve().as_posix()
        for f in found
        # the package's, and the canary's; the tests' own subprocess.run(text=True)
        # calls without encoding= (compiler and tool output) are not yet held to it
        if Path(f).resolve() == canary.resolve() or Path(f).resolve().is_relative_to(PACKAGE)
    }
    assert ours == {canary.resolve().as_posix()}, "opened without encoding="
