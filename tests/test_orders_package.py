"""The preflop orders split in two distributions: the 4- and 5-card orders in
omaha-eval, the 6-card ones in omaha-eval-orders (orders/ in the source tree).

Wherever an order is read from, it is the order recorded here (digests of
its equities and its ranking, taken from the files before the split); the
6-card orders are found installed or in a source checkout, and without them
a 6-card percent range says in one line how to install them.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import omaha_eval
from omaha_eval import _preflop
from omaha_eval.errors import MissingExtraError, OmahaEvalError
from omaha_eval.extras import install_hint

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
ORDERS_DIR = ROOT / "orders"
needs_source = pytest.mark.skipif(
    not (ORDERS_DIR / "pyproject.toml").exists(), reason="needs the source tree (orders/)"
)

# sha256 of (equity in whole millionths as little-endian int64, ranking as
# little-endian int64) of each order, from omaha_eval/data/ before the split.
DIGESTS = {
    (4, "omaha8", "hu"): (
        "4edc078c2a0ec68717ceb7bf9d6759d4a3203e0fa0a86666d63d37d57bf8bd01",
        "bfe8798d79f7f88f230314a994487b57875f40038ef0767164b6ed1b735157a5",
    ),
    (4, "omaha8", "6h"): (
        "f217146293b7838963e0fa0b58fc08a1fd3089904ec766c8f7c99d8ad4cc6ece",
        "51753652abe6d1ab33462878b873dd8a90fa1c853850060c5f25574150ad3ed0",
    ),
    (4, "omaha", "hu"): (
        "61de1b152621a19e76c96b87059dcb6d29f3a8b336dedd0c464c2ced42cd805e",
        "95d0b8ae8f4da56bdaa4c68204de496100889fb7710a8717609b661e14e4ee86",
    ),
    (4, "omaha", "6h"): (
        "5fc49c30fe19156f8f345424c11d63198d0a0a7817000b9a753f81f8409e4575",
        "3868c0fbef5180957936d123108993639b493537b7f57ea545893c018b219741",
    ),
    (5, "omaha8", "hu"): (
        "9803dd89e79a39efdef656a1642a8a05b4e4a6a879cb3339a7d924cf68729482",
        "76585b6c5ef554a9dd4010a5fe7eb921ac81adfd2abc45a78404c735552d7514",
    ),
    (5, "omaha8", "6h"): (
        "69aee7189e4aa7f4a2a94386289991afbff0efcccaeb5b312c5f455767b621c4",
        "babfbb675a539cb436a309f42ab727b97b2ef23df80f50a60539012a359cdd01",
    ),
    (5, "omaha", "hu"): (
        "3fb6575caf24f680716e7f93e07639bb1c02da21410bdee4201730036e658bff",
        "5c2606652fa48c04a7b6b0a5756a119338823866e6930789dc642c4bc9ee6a56",
    ),
    (5, "omaha", "6h"): (
        "9344d4f233cea0f4ed815e3c423fde5fbf2470f6e56cd1f587728857522d616e",
        "e73e6d724c2123cb4c307e4064648516c2f91ff9e5ef772d21e0888d4a966cbb",
    ),
    (6, "omaha8", "hu"): (
        "5eb3358098709f83bb15547ae03bf83b8e5a3dba131c80aa73d675ea463b4629",
        "dab0146f566850e92371ea595fc638ae1f2d4547a302f466faf2a3370820f171",
    ),
    (6, "omaha8", "6h"): (
        "95b42402585e4b70cff2649d5a4fea9d7105bbfa348c0d44731444800b6950bf",
        "a97efa9b0f1d180bc1d50099004f8e16a537c37e5ab64a930a24a1f95ed4285b",
    ),
    (6, "omaha", "hu"): (
        "d0a3790d5741e9c157e356b65aae38fd6e16b50927d454ccea2f6f5074f77600",
        "ba435d7cac0f707404edda8d37d51344209d5466ab126973f2e2fcbebf1a0aa4",
    ),
    (6, "omaha", "6h"): (
        "13800f74fa01b5a96cc6da04be02d643baa5e59eebdd9711976e4de133e0bb14",
        "deb7fb05de4aeadbdd4dd05c80a95c131fa5c2e9ae5f92f755df688a239022d1",
    ),
}


@pytest.mark.parametrize(("k", "game", "table"), sorted(DIGESTS))
def test_each_order_holds_the_recorded_hands_and_order(k: int, game: str, table: str) -> None:
    # the files (the heads-up 4-card orders the package reads are the exact
    # atlas's when it ships: tests/test_preflop_exact.py)
    order = _preflop.load_order_file(k, game, table)
    units = np.rint(order.equity * _preflop.EQUITY_SCALE).astype("<i8")
    assert (units / _preflop.EQUITY_SCALE == order.equity).all()  # whole millionths
    ranking = order.ranking.astype("<i8")
    digests = (
        hashlib.sha256(units.tobytes()).hexdigest(),
        hashlib.sha256(ranking.tobytes()).hexdigest(),
    )
    assert digests == DIGESTS[(k, game, table)]


def test_six_card_orders_are_read_from_their_own_package() -> None:
    six = _preflop.order_dir(6)
    assert sorted(p.name for p in six.iterdir() if p.name.endswith(".npz")) == sorted(
        _preflop.order_file(6, g, t) for g in ("omaha", "omaha8") for t in _preflop.TABLES
    )
    for k in (4, 5):
        inside = _preflop.order_dir(k)
        assert str(inside).startswith(str(Path(omaha_eval.__file__).parent))
        assert not any(p.name.startswith("preflop_") and "_6_" in p.name for p in inside.iterdir())


def _without_orders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """As where omaha-eval is installed without omaha-eval-orders, outside a
    source tree (the orders read fresh, not from the cache)."""
    monkeypatch.setitem(sys.modules, _preflop.ORDERS_PACKAGE, None)  # its import fails
    monkeypatch.setattr(_preflop, "_ROOT", tmp_path)
    monkeypatch.setattr(_preflop, "load_order", _preflop.load_order.__wrapped__)
    monkeypatch.setattr(_preflop, "load_order_file", _preflop.load_order_file.__wrapped__)


def test_without_the_orders_a_six_card_percent_range_says_how_to_install_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _without_orders(monkeypatch, tmp_path)
    with pytest.raises(OmahaEvalError) as info:
        omaha_eval.Range("12.5%", hole_cards=6)
    assert install_hint("six") in str(info.value) and "omaha-eval-orders" in str(info.value)
    assert isinstance(info.value, MissingExtraError) and info.value.extra == "six"
    assert omaha_eval.Range("12.5%", hole_cards=5).fraction > 0  # 4 and 5 cards need nothing

    from omaha_eval.cli import main

    # through the group, as the shell runs it: a command invoked alone keeps
    # the help option of a context without the group's (-h), which click caches
    result = CliRunner().invoke(main, ["range", "12.5%", "--hole-cards", "6"])
    assert result.exit_code == 1  # data not installed: a failure, not a usage error
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and install_hint("six") in lines[0], result.output
    assert "Traceback" not in result.output


def test_a_source_checkout_finds_the_orders_without_installing_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "orders" / "omaha_eval_orders").mkdir(parents=True)
    (tmp_path / "orders" / "omaha_eval_orders" / "__init__.py").write_text("", encoding="utf-8")
    _without_orders(monkeypatch, tmp_path)
    assert Path(str(_preflop.order_dir(6))) == tmp_path / "orders" / "omaha_eval_orders"
    assert _preflop.source_dir(6) == tmp_path / "orders" / "omaha_eval_orders"
    assert _preflop.source_dir(4) == tmp_path / "omaha_eval" / "data"


@needs_source
def test_orders_distribution_has_the_package_version_and_licence() -> None:
    project = tomllib.loads((ORDERS_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["name"] == "omaha-eval-orders"
    assert project["project"]["version"] == omaha_eval.__version__  # one release, both
    assert project["project"]["dependencies"] == []  # data only
    assert (ORDERS_DIR / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    kept = sorted(p.name for p in (ORDERS_DIR / "omaha_eval_orders").glob("*.npz"))
    assert kept == sorted(
        _preflop.order_file(6, g, t) for g in ("omaha", "omaha8") for t in _preflop.TABLES
    )
    assert not list((ROOT / "omaha_eval" / "data").glob("*_6_*.npz"))  # one copy of each


@pytest.mark.slow
@needs_source
def test_orders_wheel_is_pure_and_holds_the_six_card_orders(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path), str(ORDERS_DIR)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, (run.stdout + run.stderr)[-4000:]
    (wheel,) = tmp_path.glob("*.whl")
    assert re.fullmatch(
        rf"omaha_eval_orders-{re.escape(omaha_eval.__version__)}-py3-none-any\.whl", wheel.name
    )
    names = zipfile.ZipFile(wheel).namelist()
    data = sorted(n for n in names if n.endswith(".npz"))
    assert data == sorted(
        f"omaha_eval_orders/{_preflop.order_file(6, g, t)}"
        for g in ("omaha", "omaha8")
        for t in _preflop.TABLES
    )
    assert "omaha_eval_orders/__init__.py" in names
    for n in data:  # the same bytes as the source tree's
        assert zipfile.ZipFile(wheel).read(n) == (ORDERS_DIR / n).read_bytes()
