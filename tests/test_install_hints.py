"""Every hint to install something names the extra (``pip install
"omaha-eval[plot]"``, never the library behind it), in the form that fits
how the package was installed: by name when pip has a record of it (from
the index, a wheel or a source tree: no second build of the core), in the
tree (``pip install ".[plot]"`` there) for a checkout used in place; the
6-card orders from ``orders/`` of a tree."""

from __future__ import annotations

import importlib.metadata
import json
from pathlib import Path

import pytest

from omaha_eval import extras
from omaha_eval.errors import MissingExtraError, OmahaEvalError, OmahaEvalFailure


@pytest.mark.parametrize("extra", sorted(extras.EXTRAS))
def test_a_wheel_install_is_told_the_extra_by_the_distribution_name(extra: str) -> None:
    assert extras.install_hint(extra, None) == f'pip install "omaha-eval[{extra}]"'


@pytest.mark.parametrize("extra", sorted(set(extras.EXTRAS) - {"six"}))
def test_an_install_from_a_source_tree_is_told_the_extra_by_name(
    extra: str, tmp_path: Path
) -> None:
    """pip keeps the installed package and adds the extra's libraries: no
    second build of the core, as `pip install ".[extra]"` in the tree would."""
    assert extras.installed()  # the tests run against an installed package
    assert extras.install_hint(extra, tmp_path) == f'pip install "omaha-eval[{extra}]"'


@pytest.mark.parametrize("extra", sorted(set(extras.EXTRAS) - {"six"}))
def test_a_checkout_used_in_place_is_told_the_extra_of_the_tree(
    extra: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def not_installed(name: str) -> None:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", not_installed)
    assert not extras.installed()
    hint = extras.install_hint(extra, tmp_path)
    assert hint == f'pip install ".[{extra}]" (in the source tree, {tmp_path})'


def test_a_source_tree_install_takes_the_six_card_orders_from_the_tree(tmp_path: Path) -> None:
    # the orders' release is pinned to this version, which a tree may be ahead of
    assert (
        extras.install_hint("six", tmp_path)
        == f"pip install ./orders (in the source tree, {tmp_path})"
    )


def test_an_unknown_extra_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="matplotlib"):
        extras.install_hint("matplotlib", None)


class _Dist:
    def __init__(self, direct: str | None) -> None:
        self.direct = direct

    def read_text(self, name: str) -> str | None:
        assert name == "direct_url.json"
        return self.direct


@pytest.mark.parametrize(
    ("direct", "expected"),
    [
        (None, None),  # from an index: pip writes no direct_url.json
        (json.dumps({"url": "file:///src/omaha%20eval", "dir_info": {}}), Path("/src/omaha eval")),
        (json.dumps({"url": "file:///src/oe", "dir_info": {"editable": True}}), Path("/src/oe")),
        (json.dumps({"url": "file:///dl/oe.whl", "archive_info": {}}), None),  # a wheel file
        (json.dumps({"url": "https://x/oe.git", "vcs_info": {"vcs": "git"}}), None),
        ("not json", None),
    ],
)
def test_how_the_package_was_installed_is_read_from_pips_record(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, direct: str | None, expected: Path | None
) -> None:
    monkeypatch.setattr(extras, "_ROOT", tmp_path)  # not run from a source tree
    # read when a hint is made (extras imports importlib.metadata then, not at import)
    monkeypatch.setattr(importlib.metadata, "distribution", lambda name: _Dist(direct))
    assert extras.source_tree() == expected


def test_run_from_a_source_tree_the_tree_is_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "omaha_eval").mkdir()
    (tmp_path / "omaha_eval" / "_core.pyx").write_text("", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    monkeypatch.setattr(extras, "_ROOT", tmp_path)
    assert extras.source_tree() == tmp_path


def test_a_missing_extra_is_a_failure_naming_its_extra_and_the_hint() -> None:
    error = extras.missing("plot", "pictures need matplotlib", param="plot")
    assert isinstance(error, MissingExtraError) and isinstance(error, OmahaEvalFailure)
    assert isinstance(error, OmahaEvalError)  # every consumer's except clause still holds
    assert error.extra == "plot" and error.param == "plot"
    assert error.detail.startswith("pictures need matplotlib (the plot extra): pip install")
    assert error.detail.endswith(extras.install_hint("plot"))


def test_a_missing_extra_survives_pickling() -> None:  # process pools, Dask workers
    import pickle

    error = pickle.loads(pickle.dumps(extras.missing("dask", "a cluster needs distributed")))
    assert type(error) is MissingExtraError and error.extra == "dask"
