"""Exact equity of many spots at once, for batch analysts and solvers.

``equity_many(hands, boards, game="omaha8")``: spot r is the players'
fixed hands ``hands[r]`` (P hands of k cards) on the known board
``boards[r]`` (b = 3, 4 or 5 cards); every completion of the board is dealt
(no dead cards).  The whole array is checked first, then every spot runs in
C without the GIL, in chunks (so Ctrl-C is seen between chunks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._checks as _checks
import omaha_eval._core as _core
from omaha_eval import _display
from omaha_eval.engine.results import figure
from omaha_eval.engine.spot import check_deck
from omaha_eval.errors import OmahaEvalError
from omaha_eval.games import PLAYERS
from omaha_eval.games import game as read_game
from omaha_eval.streets import DEALT_BOARDS
from omaha_eval.types import CardRows, FloatArray, GameName, SpotHands

__all__ = ["ManyEquity", "equity_many"]


BOARD_SIZES = DEALT_BOARDS
CHUNK = 4096  # spots per C call
BAD_ROWS_QUOTED = 5


@dataclass(frozen=True, repr=False)
class ManyEquity(_display.RowsShown):
    """Exact figures of N spots of P players, each a float64 (N, P) array:
    ``equity`` (= hi_share + lo_share; each row sums to 1), ``hi_share`` and
    ``lo_share`` (expected fraction of the pot won through the high half, or
    the whole pot when no low qualifies, and through the low half), and
    ``scoop`` (probability of winning the whole pot alone)."""

    equity: FloatArray = field(metadata=figure("equity"))
    hi_share: FloatArray = field(metadata=figure("hi_share"))
    lo_share: FloatArray = field(metadata=figure("lo_share"))
    scoop: FloatArray = field(metadata=figure("scoop"))

    _rows_word = "spots"  # str() and _repr_html_: _display.RowsShown
    _html_kind = "omaha-eval-many"

    def _table_parts(self) -> tuple[list[str], list[str], _display.Row, int]:
        n, p = self.equity.shape
        summary = [f"ManyEquity: {n:,} spot{'' if n == 1 else 's'} of {p} players, exact equity"]
        header = ["spot", *(f"player {j + 1}" for j in range(p))]

        def row(i: int) -> list[str]:
            return [f"{i:,}", *(_display.share(float(e)) for e in self.equity[i])]

        return summary, header, row, n

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """A pandas DataFrame with a row per spot and player (spot-major, as
        the arrays ravel): ``spot`` and ``player`` (the arrays' row and
        column, from 0), ``equity``, ``hi_share``, ``lo_share``, ``scoop``.
        Needs pandas."""
        n, p = self.equity.shape
        columns: dict[str, Any] = {
            "spot": np.repeat(np.arange(n), p),
            "player": np.tile(np.arange(p), n),
        }
        for name in ("equity", "hi_share", "lo_share", "scoop"):
            columns[name] = getattr(self, name).ravel()
        return _display.frame("ManyEquity", columns)


def _check(hands: Any, boards: Any) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    h = _checks.int_array(hands, "hands", 3)
    b = _checks.int_array(boards, "boards", 2)
    n, p, k = h.shape
    if p not in PLAYERS:
        raise OmahaEvalError(
            f"expected 2 to {PLAYERS[-1]} players per spot, got {p} (shape {h.shape})",
            param="hands",
        )
    if k not in _checks.HOLE_SIZES:
        raise OmahaEvalError(
            f"expected {_checks.sizes_text(_checks.HOLE_SIZES)} cards per hand, got {k} "
            f"(shape {h.shape})",
            param="hands",
        )
    if b.shape[1] not in BOARD_SIZES or b.shape[0] != n:
        raise OmahaEvalError(
            f"expected shape ({n}, 3), ({n}, 4) or ({n}, 5) for {n} spots, got {b.shape}",
            param="boards",
        )
    check_deck(p, k, b.shape[1], 0, "hands")
    # Every row (in C when the ids fit in a byte), then one error naming all
    # the bad ones.
    if not any(a.size and (a.min() < 0 or a.max() > 51) for a in (h, b)):
        hh = np.ascontiguousarray(h, dtype=np.uint8)
        bb = np.ascontiguousarray(b, dtype=np.uint8)
        if not _core.many_bad_rows(hh, bb).any():
            return hh, bb
    raise _bad_rows(h, b)


def _row_error(h: npt.NDArray[Any], b: npt.NDArray[Any], r: int) -> str:
    """What equity() would say of spot r: its hands and board read and
    checked by the same checks (the ids, a card twice in one hand or the
    board, a card in two places)."""
    try:
        hands = [_checks.card_set(h[r, i].tolist(), f"hands[{r}][{i}]") for i in range(h.shape[1])]
        board = _checks.card_set(b[r].tolist(), f"boards[{r}]")
        _checks.disjoint(
            *((f"hands[{r}][{i}]", x) for i, x in enumerate(hands)), (f"boards[{r}]", board)
        )
    except OmahaEvalError as exc:
        return str(exc)
    return f"row {r} was refused"  # pragma: no cover - a row is only checked when it is bad


def _bad_rows(h: npt.NDArray[Any], b: npt.NDArray[Any]) -> OmahaEvalError:
    """The one error naming every bad row (some row is bad)."""
    n, p, k = h.shape
    # numpy here: this path also reads ids that do not fit in a byte
    rows = np.concatenate([h.reshape(n, p * k), b], axis=1).astype(np.int64)
    out_of_range = np.asarray(((rows < 0) | (rows > 51)).any(axis=1))
    ordered = np.sort(np.where(out_of_range[:, None], -1, rows), axis=1)
    repeated = np.asarray(((ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] >= 0)).any(axis=1))
    bad = np.flatnonzero(out_of_range | repeated)
    reasons = [_row_error(h, b, r) for r in bad[:BAD_ROWS_QUOTED].tolist()]
    more = f"; and {bad.size - BAD_ROWS_QUOTED} more" if bad.size > BAD_ROWS_QUOTED else ""
    listed = ", ".join(map(str, bad[:20].tolist())) + (", ..." if bad.size > 20 else "")
    return OmahaEvalError(
        f"hands, boards: {bad.size} bad row(s) ({listed}): " + "; ".join(reasons) + more
    )


def equity_many(hands: SpotHands, boards: CardRows, game: GameName = "omaha8") -> ManyEquity:
    """Exact equity of every spot: hands (N, P, k) integer card ids (P = 2..10
    players, k = 4, 5 or 6 cards each), boards (N, b), b = 3, 4 or 5.

    Every row is checked first (ids 0..51, no card twice in a spot, among
    the hands and the board); all bad rows are named, by index, in one
    OmahaEvalError before any work.  `game` is any name of omaha_eval.games
    (``"omaha"`` or ``"plo"`` play high only).

    >>> r = equity_many([[[51, 47, 0, 1], [50, 46, 2, 3]]], [[4, 9, 14, 19, 24]])
    >>> r.equity.shape, float(r.equity.sum())
    ((1, 2), 1.0)
    """
    code = read_game(game).code
    h, b = _check(hands, boards)
    n, p, _ = h.shape
    equity, hi_share, lo_share, scoop = (np.zeros((n, p)) for _ in range(4))
    for start in range(0, n, CHUNK):
        end = min(n, start + CHUNK)
        part = slice(start, end)
        _core.many_exact(
            h[part], b[part], code, equity[part], hi_share[part], lo_share[part], scoop[part]
        )
    return ManyEquity(equity=equity, hi_share=hi_share, lo_share=lo_share, scoop=scoop)
