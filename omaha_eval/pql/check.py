"""The checker: a statement -> a Prepared statement, every name, call and
type checked once, before any deal is drawn.

The query engine is parser (syntax.py) -> checker (here) -> plan (plan.py)
-> vectorised evaluation (evaluate.py) -> result (result.py, report.py).

The from clause is read first (bind.py).  Then every name is resolved (a
player of the statement, a street, a hand type or flop category keyword,
true/false), every call checked against the function table (functions.py:
an unknown name is answered with the nearest ones, a wrong argument with
the function, the argument and what it expects), every operator and
selector against the type rules (types.py, the one table of them), and
every quoted string turned into what its place needs (a card, a rank, a
hand type, a range, a board pattern, a rating).  The result is a tree of
typed expressions (expressions.py).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import omaha_eval._core as _core
from omaha_eval.cards import LOW_RANKS, RANKS, SUITS, card_id, parse_cards
from omaha_eval.engine.question import Question
from omaha_eval.engine.spot import Spot
from omaha_eval.errors import OmahaEvalError, describe
from omaha_eval.games import Game
from omaha_eval.hands import hand_index, hand_table
from omaha_eval.pql import functions as fn
from omaha_eval.pql.bind import Strata, bind
from omaha_eval.pql.expressions import (
    ARITHMETIC,
    Apply,
    Const,
    Expr,
    Logic,
    Negate,
    Not,
    Operation,
    streets_read,
)
from omaha_eval.pql.functions import Function, Param, Shape
from omaha_eval.pql.syntax import Binary, Call, Literal, Name, Node, QueryError, Statement, Unary
from omaha_eval.pql.types import NUMERIC, RULES, SELECTORS, Type, comparable, expects, fits
from omaha_eval.ranges import Range

__all__ = ["READERS", "Context", "Prepared", "check_expr", "prepare_statement"]


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


# ------------------------------------------------------------------ a statement


@dataclass
class Prepared:
    """A statement read and checked, ready to plan and run."""

    statement: Statement
    question: Question
    ctx: Context
    selectors: list[tuple[str, Expr]]  # (aggregate, expression)
    names: list[str]  # the columns'
    types: list[Type]
    where: Expr | None
    pairs: Strata  # (board, dead) strata
    players: list[str]  # the players' names, in their seats' order
    spot: Spot | None  # one board: its spot, prepared and checked; a pattern: None

    @property
    def text(self) -> str:
        s = self.statement
        return s.text[s.start : s.end].strip()

    @property
    def streets(self) -> set[int]:
        """The streets whose cards its expressions tell from the next's."""
        exprs = [e for _, e in self.selectors] + ([self.where] if self.where else [])
        return set().union(*(streets_read(e) for e in exprs))


def prepare_statement(
    statement: Statement, hole_cards: int | None = None, strict: bool = False
) -> Prepared:
    """Read a statement's bindings, check its cards and compile its
    expressions (QueryError, naming the column, for anything wrong).
    `hole_cards`: the hand size when the players' text does not fix it;
    `strict`: text that looks like cards but is a pattern is an error."""
    table = bind(statement, hole_cards, strict)
    text = statement.text
    question = table.question
    seats = {n.lower(): i for i, n in enumerate(table.players)}
    ctx = Context(seats, question.k, question.game, text, table.shape)
    selectors, column_names, types = [], [], []
    for s in statement.selectors:
        expr = check_expr(s.expr, ctx)
        takes = SELECTORS[s.aggregate]
        if not takes.test(expr.type):
            raise ctx.fail(f"{s.aggregate} needs {takes.needs}, got {expr.type.a}", expr.at)
        selectors.append((s.aggregate, expr))
        column_names.append(s.alias or text[s.at : s.end])
        types.append(expr.type)
    where = None
    if statement.where is not None:
        where = check_expr(statement.where, ctx)
        if where.type is not Type.BOOL:
            raise ctx.fail(
                f"where needs a true/false condition, got {where.type.a}", statement.where.at
            )
    return Prepared(
        statement,
        question,
        ctx,
        selectors,
        column_names,
        types,
        where,
        table.pairs,
        table.players,
        table.spot,
    )


# ------------------------------------------------------------------ names


def _nearest(word: str, choices: Sequence[str]) -> str:
    near = difflib.get_close_matches(word.lower(), [c.lower() for c in choices], n=3, cutoff=0.6)
    by_lower = {c.lower(): c for c in choices}
    return f"; did you mean {' or '.join(by_lower[n] for n in near)}?" if near else ""


def _name(node: Name, ctx: Context) -> Expr:
    word = node.name.lower()
    if word in ctx.players:
        return Const(ctx.players[word], Type.PLAYER, node.at)
    if word in fn.KEYWORDS:
        t, v = fn.KEYWORDS[word]
        return Const(v, t, node.at)
    if word in fn.FUNCTIONS:
        raise ctx.fail(f"{node.name} is a function: call it, {node.name}(...)", node.at)
    choices = [*ctx.players, *fn.KEYWORDS]
    raise ctx.fail(
        f"unknown name {node.name!r}: not a player of this statement "
        f"({', '.join(ctx.players)}), a street or a keyword{_nearest(word, choices)}",
        node.at,
    )


# ------------------------------------------------------------------ quoted text


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
    if len(t) != 5 or len(set(t)) != 5 or any(ch not in LOW_RANKS for ch in t):
        raise OmahaEvalError(
            f"expected a low of five different ranks A to 8 such as '8765A', got {text!r}"
        )
    # five cards of those ranks, any suits (a low ignores them)
    ids = [card_id(RANKS.index(ch), i % len(SUITS)) for i, ch in enumerate(t)]
    cards = np.array(ids, dtype=np.uint8)
    return int(_core.low5_rows(cards.reshape(1, 5))[0])


def _members(text: str, k: int, game: Game) -> npt.NDArray[np.bool_]:
    """The hands of a range, as a mask over the hand order (hand_table(k))."""
    r = Range(text, hole_cards=k, game=game)
    members = np.zeros(len(hand_table(k)), dtype=bool)
    if len(r):
        members[hand_index(r.combos)] = True
    return members


# How quoted text is read as each type whose rules read it (the `quoted` of
# types.RULES), before any deal is drawn.
READERS: dict[Type, Callable[[str, Context], Any]] = {
    Type.CARD: lambda t, ctx: _card(t),
    Type.RANK: lambda t, ctx: _rank(t),
    Type.RANKSET: lambda t, ctx: _rank_set(t),
    Type.HANDTYPE: lambda t, ctx: _hand_type(t),
    Type.FLOPCAT: lambda t, ctx: _flop_category(t),
    Type.HIRATING: lambda t, ctx: _high_rating(t),
    Type.LORATING: lambda t, ctx: _low_rating(t),
    Type.RANGE: lambda t, ctx: _members(t, ctx.k, ctx.game),
    Type.BOARD: lambda t, ctx: _members(t, 5, ctx.game),
}


def _quoted(text: str, want: Type, ctx: Context) -> Any:
    """Quoted text read as what its place wants (KeyError for a type that
    reads none)."""
    return READERS[want](text, ctx)


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


def _argument(f: Function, i: int, param: Param, arg: Node, ctx: Context) -> Any:
    def wrong(got: str) -> QueryError:
        return ctx.fail(
            f"{f.name}: argument {i} ({param.name}) expects "
            f"{expects(param.type, param.numbers)}, got {got}",
            arg.at,
        )

    rules = RULES[param.type]
    if isinstance(arg, Literal) and arg.kind == "string" and param.type is not Type.STRING:
        if rules.number and not rules.quoted:
            raise wrong(f"the text {arg.value!r}")
        try:
            value = _quoted(str(arg.value), param.type, ctx)
        except (OmahaEvalError, KeyError) as exc:
            # a reader of constants (no param) says what it expects
            message = describe(exc) if isinstance(exc, OmahaEvalError) else ""
            if isinstance(exc, OmahaEvalError) and exc.param is None:
                raise ctx.fail(
                    f"{f.name}: argument {i} ({param.name}): {message}", arg.at
                ) from None
            raise wrong(f"{arg.value!r} ({message})" if message else f"{arg.value!r}") from None
        return value if param.const else Const(value, param.type, arg.at)
    if rules.quoted == "only":
        raise wrong("no quoted text")
    expr = check_expr(arg, ctx)
    if param.const:
        if expr.type is Type.PLAYER and param.type is not Type.PLAYER:
            raise wrong(f"the player {getattr(arg, 'name', '')!r}")
        if not isinstance(expr, Const) or not fits(expr.type, param.type):
            raise wrong(_shown(expr))
        if param.type is Type.STREET and expr.value not in f.streets:
            allowed = ", ".join(fn.STREET_NAMES[s] for s in f.streets)
            raise wrong(f"{fn.STREET_NAMES[expr.value]} ({f.name} takes {allowed})")
        return _number(param, expr, wrong).constant
    if not fits(expr.type, param.type):
        raise wrong(_shown(expr))
    return _number(param, expr, wrong)


def _number(param: Param, expr: Expr, wrong: Callable[[str], QueryError]) -> Expr:
    """A constant number given for a numeric argument, checked against the
    numbers it takes (its range, whole or not: Param.numbers) and made one
    of them; anything else as it is (an expression's values vary)."""
    bounds = param.numbers
    if bounds is None or not isinstance(expr, Const) or expr.type not in NUMERIC:
        return expr
    value = bounds.read(float(expr.value))
    if value is None:
        raise wrong(_number_text(float(expr.value)))
    return Const(value, expr.type, expr.at)


def _number_text(x: float) -> str:
    return str(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x)


def _shown(expr: Expr) -> str:
    if isinstance(expr, Const) and expr.type is Type.STREET:
        return f"the street {fn.STREET_NAMES[expr.value]}"
    return expr.type.a


# ------------------------------------------------------------------ operators


def _operand_pair(
    left: Expr, right: Expr, left_node: Node, right_node: Node, ctx: Context
) -> tuple[Expr, Expr]:
    """Quoted text on one side of a comparison takes the other side's type
    (when that type's rules read it there)."""
    for a, b, node in ((left, right, left_node), (right, left, right_node)):
        if a.type is Type.STRING and RULES[b.type].quoted == "compared":
            try:
                value = _quoted(str(a.constant), b.type, ctx)
            except OmahaEvalError as exc:
                raise ctx.fail(describe(exc), node.at) from None
            converted = Const(value, b.type, a.at)
            return (converted, b) if a is left else (b, converted)
    return left, right


def check_expr(node: Node, ctx: Context) -> Expr:
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
        operand = check_expr(node.operand, ctx)
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
    left, right = check_expr(node.left, ctx), check_expr(node.right, ctx)
    if node.op in ("and", "or"):
        for side, sub in ((left, node.left), (right, node.right)):
            if side.type is not Type.BOOL:
                raise ctx.fail(f"'{node.op}' needs true/false values, got {_shown(side)}", sub.at)
        return Logic(node.op, left, right, Type.BOOL, node.at)
    left, right = _operand_pair(left, right, node.left, node.right, ctx)
    if node.op in ARITHMETIC:
        for side, sub in ((left, node.left), (right, node.right)):
            if side.type not in NUMERIC:
                raise ctx.fail(f"'{node.op}' needs numbers, got {_shown(side)}", sub.at)
        return Operation(node.op, left, right, Type.NUM, node.at)
    if not comparable(left.type, right.type):
        raise ctx.fail(f"cannot compare {_shown(left)} with {_shown(right)}", node.at)
    compare = RULES[left.type].compare
    if not compare:
        raise ctx.fail(f"{left.type.value}s cannot be compared", node.at)
    if node.op not in ("=", "<>") and compare != "order":
        raise ctx.fail(f"{left.type.value}s are equal or not, not ordered: use = or <>", node.at)
    return Operation(node.op, left, right, Type.BOOL, node.at)
