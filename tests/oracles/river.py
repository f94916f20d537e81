"""Plain oracles for the river solver: the showdown as a table of every pair,
summed pair by pair, and the value of a small river game by the linear
program of its sequence form.

Nothing here shares code with omaha_eval's solver: each pair's pot share is
the split of tests/oracles/evaluator.py on its plain-Python values, and the
small game's tree is written out here, not read from solver/river/tree.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from oracles import evaluator as ref

FloatArray = npt.NDArray[np.float64]


class PairTable:
    """The showdown of two ranges on a river (the solver's PairShowdown):
    `share[h, v]` is OOP combo h's pot share against IP combo v (0 where
    they share a card), `meets[h, v]` 1 where they share none."""

    def __init__(
        self, board: list[int], oop: list[list[int]], ip: list[list[int]], game: str
    ) -> None:
        def values(hand: list[int]) -> tuple[int, int]:
            high, low = ref.evaluate(hand, board)
            return high, low if game == "omaha8" else 0

        oop_values, ip_values = [values(h) for h in oop], [values(v) for v in ip]
        self.sizes = (len(oop), len(ip))
        self.threaded = True  # the solver may call it from its threads
        self.share = np.zeros(self.sizes)
        self.meets = np.zeros(self.sizes)
        for i, (h, (hh, hl)) in enumerate(zip(oop, oop_values, strict=True)):
            for j, (v, (vh, vl)) in enumerate(zip(ip, ip_values, strict=True)):
                if set(h) & set(v):
                    continue
                his, los = ref.split([hh, vh], [hl, vl])
                self.share[i, j] = his[0] + los[0]
                self.meets[i, j] = 1.0

    def values(self, player: int, reach: FloatArray) -> FloatArray:
        if player == 0:
            return np.asarray(reach @ self.share.T)
        return np.asarray(reach @ (self.meets - self.share))

    def live(self, player: int, reach: FloatArray) -> FloatArray:
        return np.asarray(reach @ (self.meets.T if player == 0 else self.meets))


# A small river game written out: OOP checks or bets `bet`; after a check
# IP checks or bets `bet`; facing a bet, fold or call.  A node: ("act",
# player, {action: node}) or ("end", kind, folder, (put by OOP, put by IP)).
def small_tree(bet: float) -> Any:
    def facing(player: int, line_put: tuple[float, float]) -> Any:
        called = (bet, bet)
        return (
            "act",
            player,
            {"fold": ("end", "fold", player, line_put), "call": ("end", "showdown", None, called)},
        )

    return (
        "act",
        0,
        {
            "check": (
                "act",
                1,
                {
                    "check": ("end", "showdown", None, (0.0, 0.0)),
                    "bet": facing(0, (0.0, bet)),
                },
            ),
            "bet": facing(1, (bet, 0.0)),
        },
    )


def sequence_form_value(
    table: PairTable, weights: tuple[list[float], list[float]], pot: float, tree: Any
) -> float:
    """OOP's value (chips, per dealt pair) of the game `tree` over the
    table's pairs, each pair dealt with probability proportional to the
    product of the combos' weights: max over OOP's realisation plans x of
    min over IP's y of x'Ay, solved as the linear program max f'q s.t.
    F'q <= A'x, Ex = e, x >= 0 (von Stengel's sequence form)."""
    from scipy.optimize import linprog

    n = table.sizes
    sequences: list[dict[tuple[int, str, str], int]] = [{}, {}]  # (combo, line, action) -> index
    parents: list[dict[tuple[int, str], int]] = [
        {},
        {},
    ]  # info set (combo, line) -> parent sequence
    entries: dict[tuple[int, int], float] = {}

    def walk(node: Any, line: str, last: tuple[int, int]) -> list[tuple[str, Any, tuple[int, int]]]:
        """(line, terminal, last sequence of each player) of the terminals below."""
        if node[0] == "end":
            return [(line, node, last)]
        _, player, actions = node
        found = []
        for action, child in actions.items():
            found += walk(child, f"{line}/{action}", _with(last, player, (line, action)))
        return found

    def _with(last: tuple[Any, Any], player: int, step: tuple[str, str]) -> tuple[Any, Any]:
        return (step, last[1]) if player == 0 else (last[0], step)

    total = sum(
        weights[0][h] * weights[1][v] * table.meets[h, v] for h in range(n[0]) for v in range(n[1])
    )
    for _, (_, kind, folder, put), (step_o, step_i) in walk(tree, "", (None, None)):
        final = pot + put[0] + put[1]
        for h in range(n[0]):
            for v in range(n[1]):
                if not table.meets[h, v]:
                    continue
                if kind == "showdown":
                    u = table.share[h, v] * final - put[0]
                else:
                    u = -put[0] if folder == 0 else pot + put[1]
                key = (_index(sequences[0], h, step_o), _index(sequences[1], v, step_i))
                p = weights[0][h] * weights[1][v] / total
                entries[key] = entries.get(key, 0.0) + p * u
    for player, size in ((0, n[0]), (1, n[1])):
        _info_sets(tree, "", None, player, size, sequences[player], parents[player])
    return _solve(entries, sequences, parents, linprog)


def _index(sequences: dict[tuple[int, str, str], int], combo: int, step: Any) -> int:
    """The index of a player's sequence (0: the empty one)."""
    if step is None:
        return 0
    return sequences.setdefault((combo, step[0], step[1]), len(sequences) + 1)


def _info_sets(
    node: Any,
    line: str,
    last: Any,
    player: int,
    combos: int,
    sequences: dict[tuple[int, str, str], int],
    parents: dict[tuple[int, str], int],
) -> None:
    """Every info set (combo, line) of `player`, with the sequence before it."""
    if node[0] == "end":
        return
    _, acting, actions = node
    for action, child in actions.items():
        if acting == player:
            for h in range(combos):
                parents[(h, line)] = _index(sequences, h, last)
                _index(sequences, h, (line, action))
            _info_sets(
                child, f"{line}/{action}", (line, action), player, combos, sequences, parents
            )
        else:
            _info_sets(child, f"{line}/{action}", last, player, combos, sequences, parents)


def _solve(
    entries: dict[tuple[int, int], float],
    sequences: list[dict[tuple[int, str, str], int]],
    parents: list[dict[tuple[int, str], int]],
    linprog: Any,
) -> float:
    sizes = [len(s) + 1 for s in sequences]  # with the empty sequence
    a = np.zeros(sizes)
    for (i, j), value in entries.items():
        a[i, j] += value
    constraints = []
    for player in (0, 1):
        rows = [np.eye(sizes[player])[0]]  # the empty sequence: 1
        for (combo, line), parent in parents[player].items():
            row = np.zeros(sizes[player])
            row[parent] = -1.0
            for (h, at, _), index in sequences[player].items():
                if h == combo and at == line:
                    row[index] = 1.0
            rows.append(row)
        constraints.append(np.array(rows))
    e, f = constraints
    nx, nq = sizes[0], len(f)
    rhs_e = np.zeros(len(e))
    rhs_e[0] = 1.0
    rhs_f = np.zeros(nq)
    rhs_f[0] = 1.0
    cost = np.concatenate([np.zeros(nx), -rhs_f])
    upper = np.hstack([-a.T, f.T])  # F'q - A'x <= 0
    equal = np.hstack([e, np.zeros((len(e), nq))])
    bounds = [(0, None)] * nx + [(None, None)] * nq
    found = linprog(
        cost, A_ub=upper, b_ub=np.zeros(sizes[1]), A_eq=equal, b_eq=rhs_e, bounds=bounds
    )
    assert found.status == 0, found.message
    return float(-found.fun)
