"""Every kind of bad query raises QueryError (a ValueError) before any work:
one first line naming the column (or the line and column) and what is
wrong, quoting the text, then the line with a caret under the column."""

from __future__ import annotations

import pytest

import omaha_eval as oe

P = "from hero='AsAh2c3d', villain='*'"
H = "from game='omahahi', hero='AsAh2c3d', villain='*'"


def _where(text: str, needle: str) -> int:
    """The 1-based column of the last `needle` in one-line `text`."""
    assert needle in text, (needle, text)
    return text.rindex(needle) + 1


CASES = [
    # (query, the part the caret is under, words the message holds)
    # reading the text
    (f"select count(winsHi(hero)) {P} where ~", "~", ["unexpected character '~'"]),
    ("select count(winsHi(hero)) from hero='AA', villain='*", "'*", ["without its closing quote"]),
    ("count(winsHi(hero))", "count", ["starts with 'select'", "'count'"]),
    (f"select count(winsHi(hero) {P}", "from", ["expected ')'", "'from'"]),
    ("select count(winsHi(hero)) hero='AA'", "hero", ["'from'"]),
    (f"select total(winsHi(hero)) {P}", "total", ["avg, count, histogram, min, max", "'total'"]),
    (f"select count(winsHi(hero)) as {P}", "from", ["a name after 'as'"]),
    ("select count(winsHi(hero)) from hero=AA, villain='*'", "AA", ["hero: expected a quoted"]),
    ("select count(winsHi(hero)) from 'AA'", "'AA'", ["a binding such as"]),
    (f"select count(winsHi(hero)) {P} where", "where", ["got the end of the query"]),
    (f"select count(winsHi(hero)) {P} winsHi", "winsHi", ["';' or the end of the query"]),
    (f"select count(*) {P}", "*)", ["a value, a name or '('"]),
    # the bindings
    (
        "select count(winsHi(hero)) from hero='AA', hero='KK', villain='*'",
        "hero='KK'",
        ["hero is bound twice"],
    ),
    ("select count(winsHi(hero)) from river='AA', villain='*'", "river", ["keyword"]),
    ("select count(winsHi(hero)) from hero='AA'", "hero", ["2 to 10 players", "1 bound"]),
    (
        "select count(winsHi(hero)) from game='stud', hero='AA', villain='*'",
        "'stud'",
        ["'stud'", "omaha8"],
    ),
    ("select count(winsHi(hero)) from hero='AA:$xx', villain='*'", "'AA:$xx'", ["hero", "$xx"]),
    (
        "select count(winsHi(hero)) from hero='AsAh2c3d', villain='AsKh4c5d'",
        "'AsKh4c5d'",
        ["As", "hero", "villain"],
    ),
    (
        "select count(winsHi(hero)) from hero='AsAh2c3d', villain='*', board='Ac7d2h9s8s3c'",
        "'Ac7d2h9s8s3c'",
        ["board"],
    ),
    # names and functions
    (f"select count(winsHi(herro)) {P}", "herro", ["unknown name 'herro'", "hero"]),
    (f"select count(winsHi) {P}", "winsHi", ["is a function: call it"]),
    (f"select count(winz(hero)) {P}", "winz", ["unknown function 'winz'", "winsHi"]),
    (f"select count(winsHi(hero, river)) {P}", "winsHi", ["winsHi takes 1 argument", "got 2"]),
    (f"select count(winsLo(hero)) {H}", "winsLo", ["winsLo reads a low", "high only"]),
    (
        f"select avg(hiRating(villain, 'turn')) {P}",
        "'turn'",
        ["hiRating: argument 2 (street)", "a street"],
    ),
    (f"select avg(hiRating(3, river)) {P}", "3, river", ["hiRating: argument 1 (player)"]),
    (
        f"select count(minHandType(hero, river, flushes)) {P}",
        "flushes",
        ["unknown name 'flushes'", "flush"],
    ),
    (
        f"select count(minLoRating(hero, river, '9876A')) {P}",
        "'9876A'",
        ["minLoRating: argument 3", "'9876A'"],
    ),
    (f"select count(inRange(hero, 'AA:$qq')) {P}", "'AA:$qq'", ["inRange: argument 2"]),
    (f"select count(boardInRange('ZZZZZZ')) {P}", "'ZZZZZZ'", ["boardInRange: argument 1"]),
    (f"select count(turnCard() = 'Zz') {P}", "'Zz'", ["card", "'Zz'"]),
    # types
    (f"select count(not hiRating(hero, river)) {P}", "not", ["'not' needs a true/false"]),
    (f"select avg(-winsHi(hero)) {P}", "-", ["'-' needs a number"]),
    (f"select count(winsHi(hero) and 3) {P}", "3)", ["'and' needs true/false values"]),
    (f"select avg(handType(hero, river) + 1) {P}", "handType", ["'+' needs numbers"]),
    (
        f"select count(handType(hero, river) = 3.5) {P}",
        "= 3.5",
        ["cannot compare a hand type with a number"],
    ),
    (f"select count(hero = villain) {P}", "= villain", ["players cannot be compared"]),
    (f"select count(turnCard() < riverCard()) {P}", "<", ["equal or not, not ordered"]),
    (f"select count(riverEquity(hero)) {P}", "riverEquity", ["count needs a true/false"]),
    (f"select avg(handType(hero, river)) {P}", "handType", ["avg needs a number"]),
    (f"select histogram(hero) {P}", "hero)", ["histogram needs a value to count"]),
    (f"select max(winsHi(hero)) {P}", "winsHi", ["max needs an ordered value"]),
    (
        f"select count(winsHi(hero)) {P} where riverEquity(hero)",
        "riverEquity",
        ["where needs a true/false condition"],
    ),
]


@pytest.mark.parametrize(("text", "at", "words"), CASES, ids=[c[0][:60] for c in CASES])
def test_a_bad_query_is_one_error_at_its_column(text: str, at: str, words: list[str]) -> None:
    with pytest.raises(oe.QueryError) as caught:
        oe.query(text, trials=1000, seed=1)
    err = caught.value
    assert isinstance(err, ValueError) and isinstance(err, oe.OmahaEvalError)
    first, line, caret = str(err).split("\n")
    column = len(text) + 1 if text.endswith("where") else _where(text, at)
    assert first.startswith(f"query: column {column}: "), (first, column)
    for word in words:
        assert word in first, (word, first)
    if column <= len(text):  # the caret under the character named
        assert line[caret.index("^")] == text[column - 1], (line, caret)


def test_an_error_on_a_later_line_names_line_and_column() -> None:
    text = "select count(winsHi(hero))\nfrom hero='AA', villain='*'\nwhere foo(hero)"
    with pytest.raises(oe.QueryError, match=r"^query: line 3, column 7: unknown function 'foo'"):
        oe.query(text)


def test_a_bad_second_statement_stops_the_query_before_the_first_runs() -> None:
    seen = []
    text = f"select count(winsHi(hero)) {P}; select count(winz(hero)) {P}"
    with pytest.raises(oe.QueryError, match=r"column .*unknown function 'winz'"):
        oe.query(text, trials=1000, seed=1, progress=seen.append)
    assert seen == []


def test_work_too_large_to_enumerate_is_refused_before_it_starts() -> None:
    with pytest.raises(oe.OmahaEvalError, match="exact"):
        oe.query(
            "select count(winsHi(hero)) from hero='15%', villain='15%', villain2='*'", exact=True
        )


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"trials": 0}, ["trials", "0"]),
        ({"trials": "many"}, ["trials", "'many'"]),
        ({"seed": -1}, ["seed", "-1"]),
        ({"threads": 0}, ["threads", "0"]),
        ({"target_stderr": 0}, ["target_stderr", "0"]),
        ({"hole_cards": 7}, ["hole_cards", "7"]),
        ({"exact": "yes"}, ["exact", "'yes'"]),
        ({"stop": 3}, ["stop", "3"]),
        ({"progress": 3}, ["progress", "3"]),
    ],
)
def test_bad_options_name_the_parameter_and_quote_it(options: dict, words: list[str]) -> None:
    with pytest.raises((oe.OmahaEvalError, TypeError)) as caught:
        oe.query(f"select count(winsHi(hero)) {P}", **options)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))


def test_text_that_is_not_a_string_is_refused() -> None:
    with pytest.raises(oe.QueryError, match="expected query text, got bytes"):
        oe.query(b"select count(winsHi(hero)) from hero='AA', villain='*'")  # type: ignore[arg-type]
