"""Syntax tree -> typed expressions, checked once, evaluated over blocks.

Every name is resolved (a player of the statement, a street, a hand type or
flop category keyword, true/false), every call checked against the function
table (functions.py: an unknown name is answered with the nearest ones, a
wrong argument with the function, the argument and what it expects), and
every quoted string turned into what its place needs (a card, a rank, a
hand type, a range, a board pattern, a rating) before any deal is drawn.

An expression is evaluated over a block for the rows asked
(``expr.evaluate(block, rows)``: one value per row); ``and`` and ``or``
evaluate their right side only on the rows the left leaves undecided, so a
costly test (an equity with every hand known) runs only where it matters.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval.cards import RANKS, card_id, parse_cards
from omaha_eval.errors import OmahaEvalError, describe
from omaha_eval.games import Game
from omaha_eval.pql import functions as fn
from omaha_eval.pql.block import Block
from omaha_eval.pql.functions import NUMERIC, ORDERED, Function, Shape, Type
from omaha_eval.pql.syntax import Binary, Call, Literal, Name, Node, QueryError, Unary

__all__ = ["Context", "Expr", "compile_expr"]

Array = npt.NDArray[Any]
Rows = npt.NDArray[np.int64]

# Types a histogram can count by value, and how each value is shown.
COUNTABLE = NUMERIC | {Type.BOOL, Type.HANDTYPE, Type.FLOPCAT, Type.CARD, Type.RANK, Type.RANKSET}


@dataclass(frozen=True)
class Context:
    """What names mean in a statement: its players (name -> seat), their
    hole cards, the game, and the query text (for messages)."""

    players: dict[str, int]
    k: int
    game: Game
    text: str
    shape: Shape

    def fail(self, message: str, at: int) -> QueryError:
        return QueryError(message, self.text, at)


class Expr:
    """A typed expression: evaluate(block, rows) gives one value per row;
    cost(shape) is its work per row; `constant` is its value when it is a
    constant (a literal, a keyword, a player)."""

    type: Type
    at: int
    constant: Any = None

    def evaluate(self, block: Block, rows: Rows) -> Array:
        raise NotImplementedError

    def cost(self, shape: Shape) -> float:
        return 0.0


@dataclass
class Const(Expr):
    value: Any
    type: Type
    at: int

    @property
    def constant(self) -> Any:
        return self.value

    def evaluate(self, block: Block, rows: Rows) -> Array:
        return np.full(len(rows), self.value)


@dataclass
class Apply(Expr):
    function: Function
    args: list[Any]  # constants as values, expressions as Expr
    type: Type
    at: int

    def evaluate(self, block: Block, rows: Rows) -> Array:
        values = [a.evaluate(block, rows) if isinstance(a, Expr) else a for a in self.args]
        return np.asarray(self.function.impl(block, rows, *values))

    def cost(self, shape: Shape) -> float:
        consts = [None if isinstance(a, Expr) else a for a in self.args]
        inner = sum(a.cost(shape) for a in self.args if isinstance(a, Expr))
        return float(self.function.cost(shape, *consts)) + inner


@dataclass
class Not(Expr):
    operand: Expr
    type: Type
    at: int

    def evaluate(self, block: Block, rows: Rows) -> Array:
        return ~self.operand.evaluate(block, rows).astype(bool)

    def cost(self, shape: Shape) -> float:
        return self.operand.cost(shape)


@dataclass
class Negate(Expr):
    operand: Expr
    type: Type
    at: int

    def evaluate(self, block: Block, rows: Rows) -> Array:
        return -self.operand.evaluate(block, rows).astype(np.float64)

    def cost(self, shape: Shape) -> float:
        return self.operand.cost(shape)


@dataclass
class Logic(Expr):
    """``and`` / ``or``: the right side only where the left leaves it open."""

    op: str
    left: Expr
    right: Expr
    type: Type
    at: int

    def evaluate(self, block: Block, rows: Rows) -> Array:
        out = self.left.evaluate(block, rows).astype(bool)
        open_ = out if self.op == "and" else ~out
        if open_.any():
            out = out.copy()
            out[open_] = self.right.evaluate(block, rows[open_]).astype(bool)
        return out

    def cost(self, shape: Shape) -> float:
        return self.left.cost(shape) + self.right.cost(shape)


_COMPARE = {
    "=": np.equal,
    "<>": np.not_equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
}
_ARITH = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide}


@dataclass
class Operation(Expr):
    op: str
    left: Expr
    right: Expr
    type: Type
    at: int

    def evaluate(self, block: Block, rows: Rows) -> Array:
        a, b = self.left.evaluate(block, rows), self.right.evaluate(block, rows)
        if self.op in _COMPARE:
            return np.asarray(_COMPARE[self.op](a, b))
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(_ARITH[self.op](a.astype(np.float64), b.astype(np.float64)))

    def cost(self, shape: Shape) -> float:
        return self.left.cost(shape) + self.right.cost(shape)


# ------------------------------------------------------------------ names

_KEYWORD_TYPES: dict[str, tuple[Type, int]] = {
    **{name: (Type.STREET, v) for name, v in fn.STREETS.items()},
    **{name: (Type.HANDTYPE, i) for i, name in enumerate(fn.HAND_TYPES)},
    **{name: (Type.HANDTYPE, i) for name, i in fn.HAND_TYPE_ALIASES.items()},
    **{name: (Type.FLOPCAT, i) for i, name in enumerate(fn.FLOP_CATEGORIES)},
    "true": (Type.BOOL, True),
    "false": (Type.BOOL, False),
}
KEYWORDS = frozenset(_KEYWORD_TYPES)


def _nearest(word: str, choices: Sequence[str]) -> str:
    near = difflib.get_close_matches(word.lower(), [c.lower() for c in choices], n=3, cutoff=0.6)
    by_lower = {c.lower(): c for c in choices}
    return f"; did you mean {' or '.join(by_lower[n] for n in near)}?" if near else ""


def _name(node: Name, ctx: Context) -> Expr:
    word = node.name.lower()
    if word in ctx.players:
        return Const(ctx.players[word], Type.PLAYER, node.at)
    if word in _KEYWORD_TYPES:
        t, v = _KEYWORD_TYPES[word]
        return Const(v, t, node.at)
    if word in fn.FUNCTIONS:
        raise ctx.fail(f"{node.name} is a function: call it, {node.name}(...)", node.at)
    choices = [*ctx.players, *KEYWORDS]
    raise ctx.fail(
        f"unknown name {node.name!r}: not a player of this statement "
        f"({', '.join(ctx.players)}), a street or a keyword{_nearest(word, choices)}",
        node.at,
    )


# ------------------------------------------------------------------ strings


def _card(text: str) -> int:
    cards = parse_cards(text, "card")
    if len(cards) != 1:
        raise OmahaEvalError(f"expected one card, got {len(cards)} in {text!r}")
    return int(cards[0])


def _rank(text: str) -> int:
    t = text.strip().upper()
    t = "T" if t == "10" else t
    if len(t) != 1 or t not in RANKS:
        raise OmahaEvalError(f"expected a rank (2-9, T, J, Q, K, A), got {text!r}")
    return RANKS.index(t)


def _rank_set(text: str) -> int:
    t = "".join(text.upper().replace("10", "T").split())
    mask = 0
    for ch in t:
        if ch not in RANKS:
            raise OmahaEvalError(f"expected ranks (such as 'AKQ'), got {text!r}")
        mask |= 1 << RANKS.index(ch)
    return mask


def _hand_type(text: str) -> int:
    word = "".join(text.lower().split())
    if word in fn.HAND_TYPES:
        return fn.HAND_TYPES.index(word)
    if word in fn.HAND_TYPE_ALIASES:
        return fn.HAND_TYPE_ALIASES[word]
    raise OmahaEvalError(f"expected a hand type ({', '.join(fn.HAND_TYPES)}), got {text!r}")


def _flop_category(text: str) -> int:
    word = "".join(text.lower().split())
    if word in fn.FLOP_CATEGORIES:
        return fn.FLOP_CATEGORIES.index(word)
    raise OmahaEvalError(
        f"expected a flop category (flopnothing ... flopstraightflush), got {text!r}"
    )


def _high_rating(text: str) -> int:
    cards = parse_cards(text, "hand")
    if len(cards) != 5:
        raise OmahaEvalError(f"expected a five-card hand such as 'AsAdKsKdQc', got {text!r}")
    return int(_core.high5_rows(cards.reshape(1, 5))[0])


def _low_rating(text: str) -> int:
    t = "".join(text.upper().replace("-", "").split())
    low_ranks = "A2345678"
    if len(t) != 5 or len(set(t)) != 5 or any(ch not in low_ranks for ch in t):
        raise OmahaEvalError(
            f"expected a low of five different ranks A to 8 such as '8765A', got {text!r}"
        )
    # five cards of those ranks, any suits (a low ignores them)
    cards = np.array([card_id(RANKS.index(ch), i % 4) for i, ch in enumerate(t)], dtype=np.uint8)
    return int(_core.low5_rows(cards.reshape(1, 5))[0])


def _members(text: str, k: int, game: Game) -> npt.NDArray[np.bool_]:
    """The hands of a range, as a mask over all_hands(k)."""
    from omaha_eval.ranges import Range
    from omaha_eval.solver.hands import hand_index
    from omaha_eval.solver.hands import hand_table as all_hands

    r = Range(text, hole_cards=k, game=game)
    members = np.zeros(len(all_hands(k)), dtype=bool)
    if len(r):
        members[hand_index(r.combos)] = True
    return members


def _coerce(text: str, want: Type, ctx: Context) -> Any:
    """A quoted string read as what its place wants."""
    readers: dict[Type, Any] = {
        Type.CARD: _card,
        Type.RANK: _rank,
        Type.RANKSET: _rank_set,
        Type.HANDTYPE: _hand_type,
        Type.FLOPCAT: _flop_category,
        Type.HIRATING: _high_rating,
        Type.LORATING: _low_rating,
        Type.RANGE: lambda t: _members(t, ctx.k, ctx.game),
        Type.BOARD: lambda t: _members(t, 5, ctx.game),
    }
    return readers[want](text)


# ------------------------------------------------------------------ calls


def _signature(f: Function) -> str:
    return f"{f.name}({', '.join(f'{p.name}: {p.type.value}' for p in f.params)})"


def _call(node: Call, ctx: Context) -> Expr:
    f = fn.FUNCTIONS.get(node.name.lower())
    if f is None:
        names = sorted(
            {g.name for g in fn.FUNCTIONS.values()}
            | {a for g in fn.FUNCTIONS.values() for a in g.aliases}
        )
        raise ctx.fail(f"unknown function {node.name!r}{_nearest(node.name, names)}", node.at)
    if f.low and not ctx.game.has_low:
        raise ctx.fail(
            f"{f.name} reads a low, and {ctx.game.name} is played high only (no low); "
            "use game='omaha8' for hi/lo",
            node.at,
        )
    if len(node.args) != len(f.params):
        raise ctx.fail(
            f"{f.name} takes {len(f.params)} argument{'s' if len(f.params) != 1 else ''}: "
            f"{_signature(f)}; got {len(node.args)}",
            node.at,
        )
    args: list[Any] = []
    for i, (param, arg) in enumerate(zip(f.params, node.args, strict=True), start=1):
        args.append(_argument(f, i, param, arg, ctx))
    return Apply(f, args, f.returns, node.at)


def _argument(f: Function, i: int, param: fn.Param, arg: Node, ctx: Context) -> Any:
    def wrong(got: str) -> QueryError:
        return ctx.fail(
            f"{f.name}: argument {i} ({param.name}) expects {_expects(param)}, got {got}", arg.at
        )

    if isinstance(arg, Literal) and arg.kind == "string" and param.type not in (Type.STRING,):
        if param.type in NUMERIC and param.type not in (Type.HIRATING, Type.LORATING):
            raise wrong(f"the text {arg.value!r}")
        try:
            value = _coerce(str(arg.value), param.type, ctx)
        except (OmahaEvalError, KeyError) as exc:
            # a reader of constants (no param) says what it expects
            message = describe(exc) if isinstance(exc, OmahaEvalError) else ""
            if isinstance(exc, OmahaEvalError) and exc.param is None:
                raise ctx.fail(
                    f"{f.name}: argument {i} ({param.name}): {message}", arg.at
                ) from None
            raise wrong(f"{arg.value!r} ({message})" if message else f"{arg.value!r}") from None
        return value if param.const else Const(value, param.type, arg.at)
    if param.type in (Type.RANGE, Type.BOARD):
        raise wrong("no quoted text")
    expr = compile_expr(arg, ctx)
    if param.const:
        if expr.type is Type.PLAYER and param.type is not Type.PLAYER:
            raise wrong(f"the player {getattr(arg, 'name', '')!r}")
        if not isinstance(expr, Const) or not _fits(expr.type, param.type):
            raise wrong(_shown(expr))
        if param.type is Type.STREET and expr.value not in f.streets:
            allowed = ", ".join(fn.STREET_NAMES[s] for s in f.streets)
            raise wrong(f"{fn.STREET_NAMES[expr.value]} ({f.name} takes {allowed})")
        return _number(param, expr, wrong).constant
    if not _fits(expr.type, param.type):
        raise wrong(_shown(expr))
    return _number(param, expr, wrong)


def _number(param: fn.Param, expr: Expr, wrong: Callable[[str], QueryError]) -> Expr:
    """A constant number given for a numeric argument, checked against the
    numbers it takes (its range, whole or not: fn.Param.numbers) and made
    one of them; anything else as it is (an expression's values vary)."""
    bounds = param.numbers
    if bounds is None or not isinstance(expr, Const) or expr.type not in NUMERIC:
        return expr
    value = bounds.read(float(expr.value))
    if value is None:
        raise wrong(_number_text(float(expr.value)))
    return Const(value, expr.type, expr.at)


def _number_text(x: float) -> str:
    return str(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x)


def _expects(param: fn.Param) -> str:
    what = {
        Type.PLAYER: "a player's name",
        Type.STREET: "a street (flop, turn or river)",
        Type.HANDTYPE: "a hand type (such as flush)",
        Type.FLOPCAT: "a flop category",
        Type.RANGE: "quoted range text (such as 'AA:$ds')",
        Type.BOARD: "a quoted board pattern (such as 'sss')",
        Type.HIRATING: f"a high rating ({param.numbers}) or a quoted five-card hand",
        Type.LORATING: f"a low rating ({param.numbers}) or a quoted low such as '8765A'",
        Type.EQUITY: f"an equity, {param.numbers}",
        Type.CARD: "a card (such as 'As')",
        Type.RANK: "a rank (such as 'A')",
        Type.RANKSET: "a set of ranks",
        Type.INT: str(param.numbers),
    }
    return what.get(param.type, param.type.a)


def _shown(expr: Expr) -> str:
    if isinstance(expr, Const) and expr.type is Type.STREET:
        return f"the street {fn.STREET_NAMES[expr.value]}"
    return expr.type.a


def _fits(got: Type, want: Type) -> bool:
    if got is want:
        return True
    return want in NUMERIC and got in NUMERIC


# ------------------------------------------------------------------ operators


def _operand_pair(
    left: Expr, right: Expr, left_node: Node, right_node: Node, ctx: Context
) -> tuple[Expr, Expr]:
    """Quoted text on one side of a comparison takes the other side's type."""
    for a, b, node in ((left, right, left_node), (right, left, right_node)):
        if a.type is Type.STRING and b.type in (
            Type.CARD,
            Type.RANK,
            Type.RANKSET,
            Type.HANDTYPE,
            Type.FLOPCAT,
        ):
            try:
                value = _coerce(str(a.constant), b.type, ctx)
            except OmahaEvalError as exc:
                raise ctx.fail(describe(exc), node.at) from None
            converted = Const(value, b.type, a.at)
            return (converted, b) if a is left else (b, converted)
    return left, right


def streets_read(expr: Expr) -> set[int]:
    """The streets (board sizes) whose cards an expression tells apart from
    the next street's: its functions' street arguments and orders."""
    found: set[int] = set()
    if isinstance(expr, Apply):
        found.update(expr.function.orders)
        for param, arg in zip(expr.function.params, expr.args, strict=True):
            if param.type is Type.STREET and not isinstance(arg, Expr):
                found.add(arg)
    for value in vars(expr).values():
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, Expr):
                found |= streets_read(item)
    return found


def compile_expr(node: Node, ctx: Context) -> Expr:
    """The typed expression of a syntax tree node (QueryError when it does
    not fit together)."""
    if isinstance(node, Literal):
        if node.kind == "number":
            return Const(float(node.value), Type.NUM, node.at)
        return Const(node.value, Type.STRING, node.at)
    if isinstance(node, Name):
        return _name(node, ctx)
    if isinstance(node, Call):
        return _call(node, ctx)
    if isinstance(node, Unary):
        operand = compile_expr(node.operand, ctx)
        if node.op == "not":
            if operand.type is not Type.BOOL:
                raise ctx.fail(f"'not' needs a true/false value, got {_shown(operand)}", node.at)
            return Not(operand, Type.BOOL, node.at)
        if operand.type not in NUMERIC:
            raise ctx.fail(f"'-' needs a number, got {_shown(operand)}", node.at)
        if isinstance(operand, Const):  # -1: a constant, as an argument's range reads it
            return Const(-float(operand.value), Type.NUM, node.at)
        return Negate(operand, Type.NUM, node.at)
    assert isinstance(node, Binary)
    left, right = compile_expr(node.left, ctx), compile_expr(node.right, ctx)
    if node.op in ("and", "or"):
        for side, sub in ((left, node.left), (right, node.right)):
            if side.type is not Type.BOOL:
                raise ctx.fail(f"'{node.op}' needs true/false values, got {_shown(side)}", sub.at)
        return Logic(node.op, left, right, Type.BOOL, node.at)
    left, right = _operand_pair(left, right, node.left, node.right, ctx)
    if node.op in _ARITH:
        for side, sub in ((left, node.left), (right, node.right)):
            if side.type not in NUMERIC:
                raise ctx.fail(f"'{node.op}' needs numbers, got {_shown(side)}", sub.at)
        return Operation(node.op, left, right, Type.NUM, node.at)
    same = left.type is right.type or (left.type in NUMERIC and right.type in NUMERIC)
    if not same:
        raise ctx.fail(f"cannot compare {_shown(left)} with {_shown(right)}", node.at)
    if left.type in (Type.STREET, Type.PLAYER, Type.STRING):
        raise ctx.fail(f"{left.type.value}s cannot be compared", node.at)
    if node.op not in ("=", "<>") and left.type not in ORDERED:
        raise ctx.fail(f"{left.type.value}s are equal or not, not ordered: use = or <>", node.at)
    return Operation(node.op, left, right, Type.BOOL, node.at)
