"""Every numeric argument of every query function takes the numbers of its
range and kind (functions.Param.numbers: a rating 1 to 7,462, nthRank's n
a whole number 1 to 13, an equity 0 to 1...), and any other constant is a
QueryError naming the function, the argument and the number, before any
deal is drawn: issue 29's nthRank(1e309, ...) OverflowError,
rateHiHand(1e309) as -9.2e18, rateHiHand(99999) accepted, 7462.7 read as
7462.  An argument that is an expression of the deal is not a constant: its
values are whatever the deal gives."""

from __future__ import annotations

import math

import pytest

import omaha_eval as oe
from omaha_eval.pql import functions as fn
from omaha_eval.pql.check import prepare_statement
from omaha_eval.pql.functions import Function, Param
from omaha_eval.pql.syntax import QueryError, parse
from omaha_eval.pql.types import NUMERIC, Type

FROM = "from hero='AsAh2c3d', villain='*', board='Kc8d4h'"

# An argument of each non-numeric type, as a query writes it.
WRITTEN = {
    Type.PLAYER: "hero",
    Type.HANDTYPE: "flush",
    Type.FLOPCAT: "flopset",
    Type.RANKSET: "handRanks(hero)",
    Type.RANGE: "'AA'",
    Type.BOARD: "'sss'",
    Type.CARD: "'As'",
    Type.RANK: "'A'",
}

NUMBERED = sorted(
    {
        (f.name, i)
        for f in fn.FUNCTIONS.values()
        for i, p in enumerate(f.params)
        if p.type in NUMERIC
    }
)


def _call(f: Function, i: int, number: str) -> str:
    args = []
    for j, p in enumerate(f.params):
        if j == i:
            args.append(number)
        elif p.type is Type.STREET:
            args.append(fn.STREET_NAMES[f.streets[0]])
        else:
            args.append(WRITTEN[p.type])
    return f"{f.name}({', '.join(args)})"


def _statement(f: Function, i: int, number: str) -> str:
    aggregate = (
        "count" if f.returns is Type.BOOL else "max" if f.returns in NUMERIC else "histogram"
    )
    return f"select {aggregate}({_call(f, i, number)}) {FROM}"


def _compiled(text: str) -> None:
    prepare_statement(parse(text)[0])


def _written(x: float) -> str:
    """A number as a query writes it and as the error quotes it."""
    x = float(x)
    return str(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x)


def _param(name: str, i: int) -> tuple[Function, Param]:
    f = fn.FUNCTIONS[name.lower()]
    return f, f.params[i]


def test_every_numeric_argument_has_a_finite_range() -> None:
    assert NUMBERED, "no function takes a number"
    for name, i in NUMBERED:
        bounds = _param(name, i)[1].numbers
        assert bounds is not None and math.isfinite(bounds.low) and math.isfinite(bounds.high)


@pytest.mark.parametrize(("name", "i"), NUMBERED)
def test_the_ends_of_the_range_are_taken(name: str, i: int) -> None:
    f, p = _param(name, i)
    assert p.numbers is not None
    for x in (p.numbers.low, p.numbers.high):
        _compiled(_statement(f, i, _written(x)))


@pytest.mark.parametrize(("name", "i"), NUMBERED)
def test_numbers_out_of_range_or_of_the_wrong_kind_are_refused(name: str, i: int) -> None:
    f, p = _param(name, i)
    bounds = p.numbers
    assert bounds is not None
    bad = [bounds.low - 1, bounds.high + 1, bounds.high * 1000 + 7, -1e300, 1e300]
    if bounds.whole:
        bad.append(bounds.low + 0.5)
        bad.append(bounds.high - 0.3)  # 7461.7: never read as 7461
    for x in bad:
        text = _statement(f, i, _written(x))
        with pytest.raises(QueryError) as info:
            _compiled(text)
        message = info.value.message
        assert message.startswith(f"{f.name}: argument {i + 1} ({p.name}) expects"), message
        assert str(bounds) in message and message.endswith(f"got {_written(x)}"), message
        assert info.value.column is not None
        assert text[info.value.column[1] - 1 :].startswith(_written(x))


@pytest.mark.parametrize(
    "selector",
    [
        "histogram(nthRank(1e309, handRanks(hero)))",
        "max(rateHiHand(1e309))",
        "avg(1e309)",
        "avg(riverEquity(hero) * 1e400)",
    ],
)
def test_a_number_past_the_largest_double_is_refused_as_read(selector: str) -> None:
    with pytest.raises(QueryError, match="is too large"):
        oe.query(f"select {selector} {FROM}")


def test_a_whole_number_written_as_a_float_is_that_number() -> None:
    r = oe.query(
        "select max(rateHiHand(7462.0)) as top, histogram(nthRank(2.0, handRanks(hero))) as second, "
        f"count(minHvHEquity(hero, river, 0)) as always {FROM.replace('Kc8d4h', 'Kc8d4h9s7s')}",
        exact=True,
    )
    assert isinstance(r, oe.QueryResult)
    assert r.column("top").value == 7462
    assert r.column("second").value == {"3": 1.0}  # A, 3, 2: the second highest is 3
    assert r.column("always").value == 1.0


def test_an_expression_argument_is_not_checked_as_a_constant() -> None:
    r = oe.query(
        f"select count(minHiRating(hero, river, hiRating(villain, river) + 1)) as beats {FROM}",
        trials=2_000,
        seed=1,
    )
    assert isinstance(r, oe.QueryResult)
    assert r.column("beats").value is not None


def test_a_range_leaves_the_rest_of_the_function_as_it_was() -> None:
    """Functions whose spec gives a range ("n:INT 1..13") still read no low:
    they run in a high-only game."""
    r = oe.query(
        "select histogram(nthRank(1, handRanks(hero))) as top, "
        "count(minOutsToHandType(hero, flop, flush, 0)) as any "
        "from game='omahahi', hero='AsAh2c3d', villain='*', board='Kc8d4h'",
        trials=2_000,
        seed=1,
    )
    assert isinstance(r, oe.QueryResult)
    assert r.column("top").value == {"A": 1.0} and r.column("any").value == 1.0
