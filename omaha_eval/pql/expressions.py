"""Typed expressions, as the checker (check.py) builds them, evaluated over
a block of deals (vectorised evaluation: one value per row asked, NumPy over
the values block.py computes in C), with their work per row for the plan.

``expr.evaluate(block, rows)`` gives one value per row; ``and`` and ``or``
evaluate their right side only on the rows the left leaves undecided, so a
costly test (an equity with every hand known) runs only where it matters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from omaha_eval.pql.block import Array, Block, Rows
from omaha_eval.pql.functions import Function, Shape
from omaha_eval.pql.types import Type

__all__ = [
    "ARITHMETIC",
    "COMPARISONS",
    "Apply",
    "Const",
    "Expr",
    "Logic",
    "Negate",
    "Not",
    "Operation",
    "streets_read",
]


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
class _Unary(Expr):
    """An operator on one operand: its work is the operand's."""

    operand: Expr
    type: Type
    at: int

    def cost(self, shape: Shape) -> float:
        return self.operand.cost(shape)


class Not(_Unary):
    def evaluate(self, block: Block, rows: Rows) -> Array:
        return ~self.operand.evaluate(block, rows).astype(bool)


class Negate(_Unary):
    def evaluate(self, block: Block, rows: Rows) -> Array:
        return -self.operand.evaluate(block, rows).astype(np.float64)


@dataclass
class _Binary(Expr):
    """An operator on two operands: its work is both sides'."""

    op: str
    left: Expr
    right: Expr
    type: Type
    at: int

    def cost(self, shape: Shape) -> float:
        return self.left.cost(shape) + self.right.cost(shape)


class Logic(_Binary):
    """``and`` / ``or``: the right side only where the left leaves it open."""

    def evaluate(self, block: Block, rows: Rows) -> Array:
        out = self.left.evaluate(block, rows).astype(bool)
        open_ = out if self.op == "and" else ~out
        if open_.any():
            out = out.copy()
            out[open_] = self.right.evaluate(block, rows[open_]).astype(bool)
        return out


COMPARISONS = {
    "=": np.equal,
    "<>": np.not_equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
}
ARITHMETIC = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide}


class Operation(_Binary):
    """A comparison or arithmetic."""

    def evaluate(self, block: Block, rows: Rows) -> Array:
        a, b = self.left.evaluate(block, rows), self.right.evaluate(block, rows)
        if self.op in COMPARISONS:
            return np.asarray(COMPARISONS[self.op](a, b))
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(ARITHMETIC[self.op](a.astype(np.float64), b.astype(np.float64)))


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
