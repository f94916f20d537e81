"""RiverSolution: what solve_river found, read by action line and by hand,
summarised by hi/lo hand class, as a table, a document and a picture."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_eval import _display
from omaha_eval._checks import CardArray, FloatArray
from omaha_eval.cards import format_hands, parse_cards
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError, quote
from omaha_eval.solver.river.classes import CLASSES, ClassRow, StrategySummary
from omaha_eval.solver.river.plot import plot_strategy
from omaha_eval.solver.river.tree import PLAYER_NAMES, Node, Sizes, size_name

__all__ = ["ClassRow", "RiverSolution", "SolveInterrupted", "StrategySummary"]

# What stopped a run (RiverSolution.stopped_by).
STOPS = ("target", "iterations", "time", "stop", "interrupted")


class SolveInterrupted(KeyboardInterrupt):
    """Ctrl-C during solve_river; `solution` is the best solution measured
    before it (None when no measure was made yet)."""

    def __init__(self, solution: RiverSolution | None) -> None:
        super().__init__()
        self.solution = solution


def player_index(player: Any) -> int:
    """ "oop" (0) or "ip" (1)."""
    if isinstance(player, str) and player.strip().lower() in PLAYER_NAMES:
        return PLAYER_NAMES.index(player.strip().lower())
    raise OmahaEvalError(
        f"expected 'oop' or 'ip', got {quote(player)}", param="player", value=player
    )


@dataclass(frozen=True, eq=False)
class RiverSolution:
    """An equilibrium (approximate: `exploitability` says how near) of a
    heads-up river spot, as solve_river found it.

    - the spot: `board`, `game`, `pot`, `stack` (chips), `players` (OOP's
      and IP's range as given), `sizes`;
    - the tree: `nodes` in preorder, each named by its action line (``""``
      the root, ``check``, ``bet 50% / raise 100%``); `lines` are the
      decision nodes';
    - per player (0 OOP, 1 IP): `combos` (N, k) card ids, `weights` (range
      weights), `classes` (hand class codes into CLASSES);
    - `strategies` (line -> (actions, combos) frequencies of the player to
      act), `arrivals` (line -> each combo's weight of being there);
    - `combo_evs` each combo's EV at the root in chips, `evs` the players'
      overall EVs (they add up to the pot), `exploitabilities` each
      player's best-response gain and `exploitability` their mean, as
      fractions of the pot;
    - the run: `iterations`, `elapsed` seconds, `stopped_by` (one of
      "target", "iterations", "time", "stop", "interrupted"), `target`, and
      `curve`: (iterations, exploitability) at each measure.
    """

    board: str
    game: str
    pot: float
    stack: float
    players: tuple[str, str]
    sizes: Sizes
    nodes: tuple[Node, ...]
    combos: tuple[CardArray, CardArray]
    weights: tuple[FloatArray, FloatArray]
    classes: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]
    strategies: Mapping[str, FloatArray]
    arrivals: Mapping[str, FloatArray]
    combo_evs: tuple[FloatArray, FloatArray]
    evs: tuple[float, float]
    exploitabilities: tuple[float, float]
    exploitability: float
    iterations: int
    elapsed: float
    stopped_by: str
    target: float | None
    curve: tuple[tuple[int, float], ...] = field(default=())

    # ------------------------------------------------------------ reading

    @property
    def lines(self) -> list[str]:
        """The decision nodes' lines, in preorder (the root ``""`` first)."""
        return [n.line for n in self.nodes if not n.terminal]

    def node(self, line: str) -> Node:
        """The node of an action line (``"bet 50% / call"``; spaces around
        the slashes as written or not)."""
        if not isinstance(line, str):
            raise OmahaEvalTypeError(f"expected an action line, got {quote(line)}", param="line")
        wanted = " / ".join(part.strip() for part in line.split("/")) if line.strip() else ""
        for n in self.nodes:
            if n.line == wanted:
                return n
        some = ", ".join(repr(n.line) for n in self.nodes[:6])
        raise OmahaEvalError(
            f"no node {line!r} in the tree (its lines: {some}, ...)", param="line", value=line
        )

    def hands(self, player: str) -> list[str]:
        """The text of `player`'s combos ("oop" or "ip"), in the order of
        every array of theirs."""
        return format_hands(self.combos[player_index(player)])

    def strategy(self, line: str = "") -> dict[str, FloatArray]:
        """At the decision node `line`: each action's frequency for every
        combo of the player to act, in hands() order (they sum to 1)."""
        node = self.node(line)
        if node.terminal:
            raise OmahaEvalError(
                f"{node.line!r} ends the hand ({node.kind}): nobody acts there",
                param="line",
                value=line,
            )
        frequencies = self.strategies[node.line]
        return {a: frequencies[i].copy() for i, a in enumerate(node.actions)}

    def ev(self, player: str) -> FloatArray:
        """Each of `player`'s combos' EV at the root, in chips: what it takes
        from the pot minus what it puts in on the river."""
        values: FloatArray = self.combo_evs[player_index(player)].copy()
        return values

    @property
    def oop_ev(self) -> float:
        """OOP's EV over its range, in chips (oop_ev + ip_ev = pot)."""
        return self.evs[0]

    @property
    def ip_ev(self) -> float:
        return self.evs[1]

    @property
    def oop_exploitability(self) -> float:
        """What a best response to IP's strategy gains OOP, as a fraction of the pot."""
        return self.exploitabilities[0]

    @property
    def ip_exploitability(self) -> float:
        return self.exploitabilities[1]

    # ------------------------------------------------------------ by class

    def summary(self, line: str = "") -> StrategySummary:
        """The strategy at `line` (default: the root) by hand class."""
        node = self.node(line)
        frequencies = self.strategy(node.line)
        assert node.player is not None
        player = node.player
        weight = self.arrivals[node.line]
        codes = self.classes[player]
        evs = self.combo_evs[player] if node.line == "" else None
        total = float(weight.sum())
        rows = []
        for code, (name, label) in enumerate(CLASSES):
            rows.append(_class_row(name, label, codes == code, weight, total, frequencies, evs))
        every = np.ones(len(codes), bool)
        rows.append(_class_row("all", "every combo", every, weight, total, frequencies, evs))
        kept = tuple(r for r in rows if r.combos)
        return StrategySummary(node.line, PLAYER_NAMES[player], node.actions, kept)

    def plot(self, line: str = "") -> Any:  # a matplotlib Figure
        """The strategy at `line` by hand class, one bar of action
        frequencies a class (the ``plot`` extra: matplotlib)."""
        return plot_strategy(self.summary(line), self.board)

    # ------------------------------------------------------------ as text

    def _head(self) -> list[str]:
        reached = (
            "target reached" if self.stopped_by == "target" else f"stopped by {self.stopped_by}"
        )
        return [
            f"River {self.board} ({self.game}), pot {self.pot:g}, stack {self.stack:g}",
            f"OOP: {self.players[0]} ({len(self.combos[0]):,} combos); "
            f"IP: {self.players[1]} ({len(self.combos[1]):,} combos)",
            f"EV: OOP {self.oop_ev:.2f}, IP {self.ip_ev:.2f} chips",
            f"exploitability {100 * self.exploitability:.3f}% of the pot (OOP "
            f"{100 * self.oop_exploitability:.3f}%, IP {100 * self.ip_exploitability:.3f}%) "
            f"after {self.iterations:,} iterations in {self.elapsed:.1f} s, {reached}",
        ]

    def __str__(self) -> str:
        """The spot, the EVs and the exploitability, then the root strategy by class."""
        return "\n".join([*self._head(), "", str(self.summary())])

    def __repr__(self) -> str:
        return (
            f"RiverSolution(board={self.board!r}, nodes={len(self.nodes)}, "
            f"combos=({len(self.combos[0])}, {len(self.combos[1])}), "
            f"exploitability={self.exploitability:.3g})"
        )

    def columns(self) -> dict[str, list[Any]]:
        """The strategies as a table, column by column: a row per decision
        node and combo of the player to act, with ``line``, ``player``,
        ``hand``, ``class``, ``arrival`` (the combo's weight of being there)
        and a column per action name (NaN where the node has no such action)."""
        actions = list(dict.fromkeys(a for n in self.nodes for a in n.actions))
        columns: dict[str, list[Any]] = {
            k: [] for k in ("line", "player", "hand", "class", "arrival", *actions)
        }
        for node in self.nodes:
            if node.terminal or node.player is None:
                continue
            n = len(self.combos[node.player])
            columns["line"] += [node.line] * n
            columns["player"] += [PLAYER_NAMES[node.player]] * n
            columns["hand"] += format_hands(self.combos[node.player])
            columns["class"] += [CLASSES[c][0] for c in self.classes[node.player].tolist()]
            columns["arrival"] += self.arrivals[node.line].tolist()
            strategy = self.strategies[node.line]
            for a in actions:
                at = node.actions.index(a) if a in node.actions else None
                columns[a] += [np.nan] * n if at is None else strategy[at].tolist()
        return columns

    def to_pandas(self) -> Any:  # a pandas.DataFrame
        """columns() as a pandas DataFrame.  Needs pandas."""
        return _display.frame("RiverSolution", self.columns())

    # ------------------------------------------------------------ documents

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; ``RiverSolution.from_dict`` reads it back."""
        s = self.sizes
        per = {name: i for i, name in enumerate(PLAYER_NAMES)}
        return {
            "board": self.board,
            "game": self.game,
            "pot": self.pot,
            "stack": self.stack,
            "players": dict(zip(PLAYER_NAMES, self.players, strict=True)),
            "sizes": {
                "oop_bets": [size_name(x) for x in s.bets[0]],
                "ip_bets": [size_name(x) for x in s.bets[1]],
                "raises": [size_name(x) for x in s.raises],
                "max_raises": s.max_raises,
                "allin": s.allin,
            },
            "hands": {p: format_hands(self.combos[i]) for p, i in per.items()},
            "weights": {p: self.weights[i].tolist() for p, i in per.items()},
            "classes": {p: self.classes[i].tolist() for p, i in per.items()},
            "tree": [_node_document(n, self.nodes) for n in self.nodes],
            "strategies": {line: s.tolist() for line, s in self.strategies.items()},
            "arrivals": {line: a.tolist() for line, a in self.arrivals.items()},
            "ev": {p: self.combo_evs[i].tolist() for p, i in per.items()},
            "evs": dict(zip(PLAYER_NAMES, self.evs, strict=True)),
            "exploitability": self.exploitability,
            "exploitabilities": dict(zip(PLAYER_NAMES, self.exploitabilities, strict=True)),
            "iterations": self.iterations,
            "elapsed": self.elapsed,
            "stopped_by": self.stopped_by,
            "target": self.target,
            "curve": [list(point) for point in self.curve],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RiverSolution:
        """The solution to_dict() wrote; a malformed document raises
        OmahaEvalError naming the key (``param``: its path, e.g.
        ``"sizes.raises"``)."""
        return _read_document(_Reader(data, "data"))


def _class_row(
    name: str,
    label: str,
    members: npt.NDArray[np.bool_],
    weight: FloatArray,
    total: float,
    frequencies: dict[str, FloatArray],
    evs: FloatArray | None,
) -> ClassRow:
    w = weight[members]
    mass = float(w.sum())
    share = mass / total if total > 0 else float("nan")

    def mean(values: FloatArray) -> float:
        return float(w @ values[members]) / mass if mass > 0 else float("nan")

    return ClassRow(
        name,
        label,
        int(members.sum()),
        share,
        tuple(mean(f) for f in frequencies.values()),
        None if evs is None else mean(evs),
    )


def _node_document(node: Node, nodes: tuple[Node, ...]) -> dict[str, Any]:
    return {
        "line": node.line,
        "kind": node.kind,
        "player": None if node.player is None else PLAYER_NAMES[node.player],
        "actions": list(node.actions),
        "children": [nodes[c].line for c in node.children],
        "put": list(node.put),
        "folder": None if node.folder is None else PLAYER_NAMES[node.folder],
    }


class _Reader:
    """A document's values, each read with its type; an error names the
    key's path."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, Mapping):
            raise OmahaEvalTypeError(f"expected a dict, got {quote(data)}", param=where)
        self.data = data
        self.where = where

    def _path(self, key: str) -> str:
        return key if self.where == "data" else f"{self.where}.{key}"

    def get(self, key: str, kinds: tuple[type, ...] | type) -> Any:
        if key not in self.data:
            raise OmahaEvalError("missing from the document", param=self._path(key))
        value = self.data[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _tuple(kinds)):
            raise OmahaEvalTypeError(
                f"unexpected {type(value).__name__}: {quote(value)}",
                param=self._path(key),
                value=value,
            )
        return value

    def sub(self, key: str) -> _Reader:
        return _Reader(self.get(key, Mapping), self._path(key))

    def number(self, key: str) -> float:
        return float(self.get(key, (int, float)))

    def floats(self, key: str, n: int | None = None, dims: int = 1) -> FloatArray:
        value = self.get(key, list)
        try:
            arr = np.array(
                [np.nan if v is None else v for v in value] if dims == 1 else value, float
            )
        except (TypeError, ValueError):
            raise OmahaEvalTypeError("expected numbers", param=self._path(key)) from None
        if arr.ndim != dims or (n is not None and arr.shape[-1] != n):
            raise OmahaEvalError(
                f"expected {'a list' if dims == 1 else 'lists'} of {n} numbers, got shape "
                f"{arr.shape}",
                param=self._path(key),
            )
        return arr

    def texts(self, key: str) -> list[str]:
        value = self.get(key, list)
        if not all(isinstance(v, str) for v in value):
            raise OmahaEvalTypeError("expected a list of texts", param=self._path(key))
        return [str(v) for v in value]


def _tuple(kinds: tuple[type, ...] | type) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _read_document(doc: _Reader) -> RiverSolution:
    hands = doc.sub("hands")
    combos = tuple(_hand_rows(hands, p) for p in PLAYER_NAMES)
    n = [len(c) for c in combos]
    weights, classes, evs = doc.sub("weights"), doc.sub("classes"), doc.sub("ev")
    nodes = _read_tree(doc)
    strategies = doc.sub("strategies")
    arrivals = doc.sub("arrivals")
    decisions = [node for node in nodes if not node.terminal and node.player is not None]
    stopped_by = doc.get("stopped_by", str)
    if stopped_by not in STOPS:
        raise OmahaEvalError(f"unknown stop {stopped_by!r}", param="stopped_by")
    target = doc.data.get("target")
    players = doc.sub("players")
    exploitabilities, totals = doc.sub("exploitabilities"), doc.sub("evs")
    return RiverSolution(
        board=doc.get("board", str),
        game=doc.get("game", str),
        pot=doc.number("pot"),
        stack=doc.number("stack"),
        players=(players.get("oop", str), players.get("ip", str)),
        sizes=_read_sizes(doc.sub("sizes")),
        nodes=nodes,
        combos=(combos[0], combos[1]),
        weights=(weights.floats("oop", n[0]), weights.floats("ip", n[1])),
        classes=(_codes(classes, "oop", n[0]), _codes(classes, "ip", n[1])),
        strategies={
            d.line: strategies.floats(d.line, n[d.player], dims=2)
            for d in decisions
            if d.player is not None
        },
        arrivals={
            d.line: arrivals.floats(d.line, n[d.player]) for d in decisions if d.player is not None
        },
        combo_evs=(evs.floats("oop", n[0]), evs.floats("ip", n[1])),
        evs=(totals.number("oop"), totals.number("ip")),
        exploitabilities=(exploitabilities.number("oop"), exploitabilities.number("ip")),
        exploitability=doc.number("exploitability"),
        iterations=int(doc.get("iterations", int)),
        elapsed=doc.number("elapsed"),
        stopped_by=stopped_by,
        target=None if target is None else doc.number("target"),
        curve=tuple((int(i), float(x)) for i, x in doc.floats("curve", 2, dims=2).tolist())
        if doc.get("curve", list)
        else (),
    )


def _hand_rows(hands: _Reader, player: str) -> CardArray:
    texts = hands.texts(player)
    try:
        rows = [parse_cards(t, player) for t in texts]
    except OmahaEvalError as exc:
        raise OmahaEvalError(exc.detail, param=hands._path(player)) from None
    if not rows or len({len(r) for r in rows}) != 1:
        raise OmahaEvalError("expected hands of one size", param=hands._path(player))
    return np.ascontiguousarray(np.array(rows, np.uint8))


def _codes(classes: _Reader, player: str, n: int) -> npt.NDArray[np.uint8]:
    codes = classes.floats(player, n)
    if not np.isin(codes, np.arange(len(CLASSES))).all():
        raise OmahaEvalError("unknown class codes", param=classes._path(player))
    return codes.astype(np.uint8)


def _read_sizes(sizes: _Reader) -> Sizes:
    def fractions(key: str) -> tuple[float, ...]:
        texts = sizes.texts(key)
        try:
            return tuple(float(t.rstrip("%")) / 100 for t in texts)
        except ValueError:
            raise OmahaEvalError("expected sizes such as '50%'", param=sizes._path(key)) from None

    return Sizes(
        (fractions("oop_bets"), fractions("ip_bets")),
        fractions("raises"),
        int(sizes.get("max_raises", int)),
        sizes.get("allin", bool),
    )


def _read_tree(doc: _Reader) -> tuple[Node, ...]:
    entries = doc.get("tree", list)
    lines = {}
    for i, entry in enumerate(entries):
        lines[_Reader(entry, f"tree[{i}]").get("line", str)] = i
    nodes = []
    for i, entry in enumerate(entries):
        e = _Reader(entry, f"tree[{i}]")
        kind = e.get("kind", str)
        children = e.texts("children")
        if kind not in ("decision", "fold", "showdown") or any(c not in lines for c in children):
            raise OmahaEvalError("a node of unknown kind or children", param=f"tree[{i}]")
        put = e.floats("put", 2)
        player, folder = e.data.get("player"), e.data.get("folder")
        if player not in (None, *PLAYER_NAMES) or folder not in (None, *PLAYER_NAMES):
            raise OmahaEvalError("unknown player", param=f"tree[{i}]")
        nodes.append(
            Node(
                i,
                e.get("line", str),
                kind,
                None if player is None else PLAYER_NAMES.index(player),
                tuple(e.texts("actions")),
                tuple(lines[c] for c in children),
                (float(put[0]), float(put[1])),
                None if folder is None else PLAYER_NAMES.index(folder),
            )
        )
    if not nodes:
        raise OmahaEvalError("a tree of no node", param="tree")
    return tuple(nodes)
