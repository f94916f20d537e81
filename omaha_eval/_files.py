"""Output files written whole, with the permissions of any new file.

A file is written beside its target under a name of its own and moved onto
it once complete, so that a full disk or a kill leaves the old file or the
new one, never half of one.  The new file is made by the system with mode
0o666 less the process's umask, as ``open()`` makes a file (so a user's
umask 022 gives a picture others can read; ``tempfile.mkstemp`` would make
it 0o600 whatever the umask); a file written over keeps its permissions, as
it would when opened and written.  Batch outputs (batch/files.py) append to
the file itself, or rewrite it beside itself with its own permissions.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path

__all__ = ["write_whole"]

NEW_FILE_MODE = 0o666  # less the umask: the mode open() gives a new file
NAME_TRIES = 100  # names drawn for the file beside the target before giving up


def _new_beside(target: Path) -> Path:
    """A new empty file in the target's directory, made with NEW_FILE_MODE
    (the system takes the umask off), under a name nothing else has."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(NAME_TRIES):
        path = target.with_name(f".{target.stem}-{os.urandom(6).hex()}{target.suffix}")
        try:
            os.close(os.open(path, flags, NEW_FILE_MODE))
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"no free name beside {str(target)!r}")


def write_whole(target: Path, write: Callable[[Path], object]) -> None:
    """Make `target` the file `write(path)` writes at `path` (a new file
    beside it), moved onto it once written: its mode that of a new file, or
    the mode of the file it replaces.  OSError as the system raises it."""
    keep = None
    with contextlib.suppress(FileNotFoundError):
        keep = stat.S_IMODE(target.stat().st_mode)
    temporary = _new_beside(target)
    try:
        if keep is not None:
            os.chmod(temporary, keep)
        write(temporary)
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
