"""docs/pql.md, the query language's reference, against the package.

- The generated parts (the games, the keywords, the function reference) are
  what tools/pql_reference.py writes from the tables that own them, and the
  reference lists every function with its meaning and example verbatim.
- The grammar is written once, as the page's one ```ebnf block, and its
  rules are what the parser (syntax.py) implements: a method per rule, the
  word lists and the tokens as the parser reads them.
- Every ```sql block on the page and every function's example runs (small,
  seeded) and gives a sane answer; every ```python block runs as a doctest
  and prints what the page shows, so each figure on the page is produced by
  a run.

Needs the source tree (docs/ and tools/).
"""

from __future__ import annotations

import doctest
import importlib.util
import math
import re
from pathlib import Path
from types import ModuleType

import pytest

import omaha_eval as oe
from omaha_eval import games
from omaha_eval.pql import functions as fn
from omaha_eval.pql import syntax
from omaha_eval.pql.syntax import AGGREGATES
from omaha_eval.pql.types import Type

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "pql.md"
TOOL = ROOT / "tools" / "pql_reference.py"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

pytestmark = pytest.mark.skipif(
    not (PAGE.exists() and TOOL.exists()), reason="needs the source tree (docs/, tools/)"
)


def _page() -> str:
    return PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pql_reference", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _blocks(language: str) -> list[tuple[int, str]]:
    """(line number, text) of every fenced block of that language."""
    page = _page()
    return [
        (page.count("\n", 0, m.start()) + 2, m.group(1))
        for m in re.finditer(rf"^```{language}\n(.*?)^```$", page, flags=re.DOTALL | re.M)
    ]


FUNCTIONS = list({f.name: f for f in fn.FUNCTIONS.values()}.values())


def test_generated_parts_are_what_the_tool_writes():
    page = _page()
    assert _tool().render(page) == page, "run: PYTHONPATH=. python tools/pql_reference.py"


def test_the_reference_lists_every_function_with_its_meaning_and_example():
    page = _page()
    reference = page.split("<!-- begin functions:", 1)[1]
    for f in FUNCTIONS:
        heading = f"### {f.name}({', '.join(p.name for p in f.params)}) {{#{f.name.lower()}}}"
        assert reference.count(heading) == 1, heading
        section = reference.split(heading, 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
        assert f"- **meaning**: {f.meaning}\n" in section, f.name
        examples = re.findall(r"```sql\n(.*?)```", section, flags=re.DOTALL)
        assert [" ".join(e.split()) for e in examples] == [" ".join(f.example.split())], f.name
        assert f"- **result**: {f.returns.a}\n" in section, f.name
        for alias in f.aliases:
            assert f"`{alias}`" in section, alias


def test_the_reference_groups_every_function_once():
    groups = [name for *_, names in _tool().GROUPS for name in names]
    assert sorted(groups) == sorted(f.name for f in FUNCTIONS)


def test_every_game_name_and_keyword_is_on_the_page():
    page = _page()
    for name in [*games.game_names(), *games.FIVE_CARD_NAMES]:
        assert f"`{name}`" in page, name
    for word in [*fn.HAND_TYPES, *fn.HAND_TYPE_ALIASES, *fn.FLOP_CATEGORIES, *fn.STREETS]:
        assert f"`{word}`" in page, word
    for aggregate in AGGREGATES:
        assert f"`{aggregate}(" in page, aggregate


def test_the_types_table_has_every_type():
    types = _page().split("## Types", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip() for line in types.splitlines() if line.startswith("| ")}
    assert {t.value for t in Type} <= rows


def _grammar() -> dict[str, str]:
    """The rules of the page's grammar: name -> its right side, one line."""
    ((_, block),) = _blocks("ebnf")
    rules: dict[str, str] = {}
    for line in block.splitlines():
        rule = re.match(r"(\w+)\s+::=\s+(.*)", line)
        if rule:
            name = rule.group(1)
            rules[name] = rule.group(2)
        elif line.strip():
            assert line.startswith(" "), f"not a rule nor its continuation: {line!r}"
            rules[name] += " " + line.strip()
    return rules


def _quoted(right: str) -> list[str]:
    """The quoted terminals of a right side."""
    return [a or b for a, b in re.findall(r"\"([^\"]+)\"|'([^']+)'", right)]


def _referenced(right: str) -> set[str]:
    """The rules a right side names: its bare words, outside quotes and
    character classes."""
    bare = re.sub(r"\"[^\"]*\"|'[^']*'|\[[^]]*\]", " ", right)
    return set(re.findall(r"[A-Za-z_]\w*", bare))


# The rules the parser reads without a method of their own, and where.
WORD_LISTS = {
    "aggregate": AGGREGATES,
    "comparison": syntax.COMPARISONS,
    "keyword": sorted(syntax.KEYWORDS),
}
TOKENS = {"NAME": "name", "NUMBER": "number", "STRING": "string"}  # rule -> token kind


def test_the_grammar_is_written_once_as_ebnf():
    assert len(_blocks("ebnf")) == 1
    assert _page().count("::=") == len(_grammar()), "a rule outside the ```ebnf block"
    assert "::=" not in (syntax.__doc__ or "") and ":=" not in (syntax.__doc__ or "")


def test_every_rule_the_grammar_names_is_defined():
    rules = _grammar()
    for name, right in rules.items():
        assert _referenced(right) <= set(rules), name


def test_each_grammar_rule_is_a_method_of_the_parser():
    # the parser's rules: its methods that return what they read (the
    # others say whether a token is next, fail, or build a node)
    reads = {"Node", "Statement", "Selector", "Binding", "list[Statement]"}
    methods = {
        name.rstrip("_")
        for name, f in vars(syntax.Parser).items()
        if callable(f) and f.__annotations__.get("return") in reads
    }
    rules = _grammar()
    lexical = {"name", "comment", *WORD_LISTS, *TOKENS}
    assert methods == set(rules) - lexical
    assert rules["name"] == "NAME - keyword"


def test_the_grammar_s_words_are_the_parser_s():
    rules = _grammar()
    for rule, words in WORD_LISTS.items():
        assert sorted(_quoted(rules[rule])) == sorted(words), rule
        assert _referenced(rules[rule]) == set(), rule
    syntactic = [
        w
        for name, right in rules.items()
        if name not in TOKENS and name != "comment"
        for w in _quoted(right)
    ]
    assert {w for w in syntactic if w.isalpha()} == set(AGGREGATES) | syntax.KEYWORDS
    for symbol in (w for w in syntactic if not w.isalpha()):
        kinds = [(t.kind, t.text) for t in syntax.tokens(symbol)]
        assert kinds == [("op", symbol), ("end", "")], symbol


def test_the_grammar_s_tokens_are_the_tokenizer_s():
    examples = {
        "NAME": ["hero", "_p2", "winsHi"],
        "NUMBER": ["2", "0.5", ".5", "1e-3", "7.", "2E+5"],
        "STRING": ["'As'", '"AKQ"', "'it''s'"],
    }
    assert set(examples) == set(TOKENS) == {n for n in _grammar() if n.isupper()}
    for rule, texts in examples.items():
        for text in texts:
            (token, end) = syntax.tokens(text)
            assert token.kind == TOKENS[rule] and end.kind == "end", text
    assert [t.kind for t in syntax.tokens("-- a comment")] == ["end"]


def _check_answer(result: oe.QueryResult, text: str) -> None:
    """An example's answer: some deal kept, counts in [0, 1], histograms
    summing to 1, every value present."""
    assert result.kept > 0, f"the where clause of {text!r} kept nothing"
    for c in result.columns:
        assert c.value is not None, c.name
        if c.aggregate == "count":
            assert 0 <= c.value <= 1, c.name
        if c.aggregate == "histogram":
            assert math.isclose(sum(c.value.values()), 1.0), c.name
        if c.aggregate in ("count", "avg"):
            assert c.stderr is not None and c.stderr >= 0, c.name


def _run(text: str) -> list[oe.QueryResult]:
    return oe.query_all(text, trials=2_000, seed=1, threads=1)


@pytest.mark.parametrize(
    "text", [text for _, text in _blocks("sql")], ids=[f"line{n}" for n, _ in _blocks("sql")]
)
def test_every_query_on_the_page_runs(text):
    for result in _run(text):
        _check_answer(result, text)


@pytest.mark.parametrize("f", FUNCTIONS, ids=[f.name for f in FUNCTIONS])
def test_every_function_example_runs_and_uses_its_function(f):
    assert re.search(rf"\b{f.name}\(", f.example), f"{f.name}'s example does not call it"
    for result in _run(f.example):
        _check_answer(result, f.example)


@pytest.mark.parametrize(
    "block",
    [text for _, text in _blocks("python")],
    ids=[f"line{n}" for n, _ in _blocks("python")],
)
def test_every_python_example_prints_what_the_page_shows(block):
    test = doctest.DocTestParser().get_doctest(block, {"oe": oe}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    summary = runner.summarize(verbose=False)
    assert summary.attempted > 0 and summary.failed == 0
