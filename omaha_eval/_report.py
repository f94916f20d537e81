"""Equity results as records (JSON, CSV rows) and as a text table.

One schema for `omaha-eval equity --json`, batch JSON Lines and batch CSV
(README, "JSON output"): deal-level figures at the top, one object per player
under "players".  Figures are read by name from the equity result, so this
module only depends on the documented fields of EquityResult/PlayerEquity.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

__all__ = [
    "DEAL_FIGURES",
    "PLAYER_FIGURES",
    "csv_header",
    "csv_row",
    "equity_record",
    "equity_table",
]

# Per player, in the order of the table and of the CSV columns.
PLAYER_FIGURES = (
    "equity",
    "hi_share",
    "lo_share",
    "scoop",
    "hi_win",
    "hi_tie",
    "lo_win",
    "lo_tie",
    "makes_low",
    "stderr",
)
# Per deal.
DEAL_FIGURES = ("no_low", "quartered", "method", "trials", "seed", "elapsed")
# CSV columns before the per-player ones.
CSV_LEAD = ("id", "status", "error", "board", "dead", "game", *DEAL_FIGURES, "interrupted")


def _plain(value: Any) -> Any:
    """NumPy scalars as plain JSON-ready Python."""
    if value is None or isinstance(value, (bool, str, int, float)):
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return str(value)


def equity_record(
    result: Any,
    hands: Sequence[str],
    board: str,
    dead: str,
    game: str,
    *,
    interrupted: bool = False,
) -> dict[str, Any]:
    """A JSON-ready dict of an equity result: the deal's figures, then
    ``players``: one dict per player with ``hand`` (as given) and its figures."""
    record: dict[str, Any] = {"board": board, "dead": dead, "game": game}
    for name in DEAL_FIGURES:
        record[name] = _plain(getattr(result, name))
    record["interrupted"] = interrupted
    record["players"] = [
        {"hand": hand, **{name: _plain(getattr(p, name)) for name in PLAYER_FIGURES}}
        for hand, p in zip(hands, result.players, strict=True)
    ]
    return record


def csv_header(n_players: int) -> list[str]:
    """CSV columns for spots of up to n_players players."""
    columns = list(CSV_LEAD)
    for i in range(1, n_players + 1):
        columns += [f"p{i}_hand"] + [f"p{i}_{name}" for name in PLAYER_FIGURES]
    return columns


def csv_row(record: Mapping[str, Any]) -> dict[str, Any]:
    """A batch record (JSON form) flattened to the CSV columns."""
    row = {k: record.get(k) for k in CSV_LEAD if k in record}
    for i, player in enumerate(record.get("players", ()), start=1):
        if isinstance(player, str):  # error entries keep the players as typed
            row[f"p{i}_hand"] = player
            continue
        row[f"p{i}_hand"] = player["hand"]
        for name in PLAYER_FIGURES:
            row[f"p{i}_{name}"] = player[name]
    return {k: "" if v is None else v for k, v in row.items()}


def _pct(x: float) -> str:
    return f"{100 * x:6.2f}%"


def equity_table(record: Mapping[str, Any]) -> str:
    """The readable table of `omaha-eval equity`: a row per player, then the
    deal's figures."""
    columns = (
        "hand",
        "equity",
        "hi share",
        "lo share",
        "scoop",
        "hi win",
        "hi tie",
        "lo win",
        "lo tie",
        "makes low",
    )
    rows = [
        [p["hand"]] + [_pct(p[name]) for name in PLAYER_FIGURES if name != "stderr"]
        for p in record["players"]
    ]
    widths = [max(len(columns[j]), *(len(r[j]) for r in rows)) for j in range(len(columns))]
    lines = [
        "  ".join(
            c.ljust(w) if j == 0 else c.rjust(w)
            for j, (c, w) in enumerate(zip(columns, widths, strict=True))
        )
    ]
    lines.append("  ".join("-" * w for w in widths))
    for r in rows:
        lines.append(
            "  ".join(
                c.ljust(w) if j == 0 else c.rjust(w)
                for j, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    stderr = max(p["stderr"] for p in record["players"])
    method = record["method"]
    lines.append("")
    if record["game"] == "omaha8":
        lines.append(
            f"no low {_pct(record['no_low']).strip()}   "
            f"quartered {_pct(record['quartered']).strip()}"
        )
    trials = record["trials"]
    what = ("deal" if method == "exact" else "trial") + ("" if trials == 1 else "s")
    detail = f"{method}, {trials:,} {what}"
    if method != "exact":
        detail += f", seed {record['seed']}"
        detail += f", largest standard error {100 * stderr:.3f}%" if math.isfinite(stderr) else ""
    detail += f", {record['elapsed']:.3f} s"
    lines.append(detail)
    if record.get("interrupted"):
        lines.append("INTERRUPTED: the figures are from the trials run before Ctrl-C")
    return "\n".join(lines)
