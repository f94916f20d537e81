"""The optional parts of the package (its extras) and how to install them:
the one place a hint to install something is written, so that every hint
names the extra (``pip install "omaha-eval[plot]"``, never the library
behind it) in the form that fits how this copy was installed.

An installed copy (from the package index, a wheel, or a source tree with
``pip install .`` or ``pip install -e .``) adds an extra with ``pip install
"omaha-eval[NAME]"``: pip keeps the installed package and adds the extra's
libraries, with no second build of the C core; a checkout used in place,
not installed, is told ``pip install ".[NAME]"`` run there.  The 6-card
preflop orders are the extra ``six``: the distribution omaha-eval-orders,
pinned to this version; a source tree has it in ``orders/`` (``pip install
./orders``), since a release not yet published cannot be fetched.
"""

from __future__ import annotations

from pathlib import Path

from omaha_eval.errors import MissingExtraError

__all__ = ["EXTRAS", "install_hint", "installed", "missing", "source_tree"]

DISTRIBUTION = "omaha-eval"
# The extras a user installs for a capability (pyproject.toml's
# [project.optional-dependencies]; tests/test_extras.py checks they agree).
EXTRAS = {
    "plot": "pictures: --plot, omaha_eval.plots (matplotlib)",
    "web": "omaha-eval serve: the local web page and JSON API (starlette, uvicorn)",
    "mcp": "omaha-eval mcp: the MCP server for agents (the mcp SDK)",
    "dask": "batch and board reports on a Dask cluster (distributed)",
    "pandas": "results' to_pandas() (pandas)",
    "six": "6-card percent ranges and preflop lookups (the omaha-eval-orders data)",
}
_ROOT = Path(__file__).resolve().parents[1]


def source_tree() -> Path | None:
    """The source tree this copy was installed from, or runs in (an editable
    install, a checkout on sys.path); None for a wheel from an index."""
    if (_ROOT / "pyproject.toml").is_file() and (_ROOT / "omaha_eval" / "_core.pyx").is_file():
        return _ROOT
    # only a hint needs these: deferred, `import omaha_eval` is quicker without them
    import json
    from importlib.metadata import PackageNotFoundError, distribution
    from urllib.parse import unquote, urlparse

    try:
        direct = distribution(DISTRIBUTION).read_text("direct_url.json")
    except PackageNotFoundError:
        return None
    if not direct:
        return None
    try:
        info = json.loads(direct)
    except ValueError:
        return None
    url = urlparse(str(info.get("url", "")))
    if "dir_info" not in info or url.scheme != "file":
        return None  # an archive or a VCS checkout pip built and threw away
    return Path(unquote(url.path))


def installed() -> bool:
    """Whether pip has a record of the package (installed from the index, a
    wheel or a source tree, editable or not), rather than a checkout used in
    place (its core built there, on PYTHONPATH)."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        distribution(DISTRIBUTION)
    except PackageNotFoundError:
        return False
    return True


def install_hint(extra: str, tree: Path | bool | None = True) -> str:
    """The command that installs `extra` (one of EXTRAS), for this copy:
    `tree` is the source tree it came from (None: a wheel from the index;
    True, the default: find out with source_tree()).

    An installed copy adds an extra by name, wherever it came from: pip
    keeps the package as installed and adds the extra's libraries, so the
    C core is not built again (``pip install ".[NAME]"`` in a tree would
    build it, minutes).  Only a checkout used in place (not installed) is
    told the tree's form; the 6-card orders come from the tree's orders/."""
    if extra not in EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; the extras are {', '.join(EXTRAS)}")
    where = source_tree() if tree is True else tree
    if isinstance(where, Path) and extra == "six":
        return f"pip install ./orders (in the source tree, {where})"
    if isinstance(where, Path) and not installed():
        return f'pip install ".[{extra}]" (in the source tree, {where})'
    return f'pip install "{DISTRIBUTION}[{extra}]"'


def missing(
    extra: str, needs: str, param: str | None = None, value: object = None
) -> MissingExtraError:
    """The error for a capability whose extra is not installed: `needs` says
    what needs what ("pictures need matplotlib"); the hint follows."""
    return MissingExtraError(
        f"{needs} (the {extra} extra): {install_hint(extra)}",
        extra=extra,
        param=param,
        value=value,
    )
