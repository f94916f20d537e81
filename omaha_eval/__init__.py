"""omaha_eval: a fast, exact Omaha hi/lo (Omaha 8-or-better) evaluator.

Card ids: id = 4 * rank + suit, rank 2..A = 0..12, suit c, d, h, s = 0..3
(see omaha_eval.cards).  The rules scored are those of docs/rules.md: exactly
two hole cards and three board cards, eight-or-better low, the pot split
hi/lo.
"""

import importlib as _importlib
from typing import TYPE_CHECKING, Any

try:
    from omaha_eval import _core  # noqa: F401  (the compiled core; everything needs it)
except ImportError:  # pragma: no cover - only in an unbuilt source tree
    from pathlib import Path as _Path

    if (_Path(__file__).parent / "_core.pyx").exists():
        raise ImportError(
            "omaha_eval: the compiled core is not built in this source tree "
            f"({_Path(__file__).parent}); run `pip install -e .` (or `python setup.py "
            "build_ext --inplace`) here, or import the installed package from another directory"
        ) from None
    raise

from omaha_eval._version import __version__ as __version__
from omaha_eval.cards import format_cards, parse_cards
from omaha_eval.equity import EquityInterrupted, EquityResult, PlayerEquity, equity, equity_rounds
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.evaluator import (
    CATEGORIES,
    HIGH_MAX,
    LOW_MAX,
    LOW_NONE,
    HandValue,
    evaluate,
    evaluate_batch,
    high_category,
    high_name,
    low_name,
)
from omaha_eval.games import GAMES, Game
from omaha_eval.hands import N_HANDS, all_hands, hand_index
from omaha_eval.ranges import Range, parse_range

# The rest is imported on first use (`__getattr__` below), so that `import
# omaha_eval` costs what a first equity() needs: a name, then the module
# that holds it (a module's own name: the module itself).  Each name also
# stands in the TYPE_CHECKING block below, for type checkers and editors;
# tests/test_import_time.py checks that the two agree.
_LAZY = {
    "batch": "omaha_eval.batch",
    "preflop": "omaha_eval.preflop",
    "QueryError": "omaha_eval.pql",
    "QueryInterrupted": "omaha_eval.pql",
    "QueryResult": "omaha_eval.pql",
    "query": "omaha_eval.pql",
    "query_all": "omaha_eval.pql",
    "query_rounds": "omaha_eval.pql",
    "HandClasses": "omaha_eval.solver.classes",
    "hand_classes": "omaha_eval.solver.classes",
    "EquityDistribution": "omaha_eval.solver.distribution",
    "equity_distribution": "omaha_eval.solver.distribution",
    "EquityFeatures": "omaha_eval.solver.features",
    "equity_features": "omaha_eval.solver.features",
    "HandIndexer": "omaha_eval.solver.iso",
    "canonical": "omaha_eval.solver.iso",
    "canonical_flops": "omaha_eval.solver.iso",
    "canonical_rivers": "omaha_eval.solver.iso",
    "canonical_turns": "omaha_eval.solver.iso",
    "ManyEquity": "omaha_eval.solver.many",
    "equity_many": "omaha_eval.solver.many",
    "RiverSolution": "omaha_eval.solver.river",
    "SolveInterrupted": "omaha_eval.solver.river",
    "solve_river": "omaha_eval.solver.river",
    "showdown": "omaha_eval.solver.showdown",
    "RiverShares": "omaha_eval.solver.street",
    "StreetShares": "omaha_eval.solver.street",
    "rank_board": "omaha_eval.solver.street",
    "river_equity": "omaha_eval.solver.street",
    "river_shares": "omaha_eval.solver.street",
    "street_equity": "omaha_eval.solver.street",
    "Beats": "omaha_eval.study.beats",
    "BeatsGroup": "omaha_eval.study.beats",
    "BoardReport": "omaha_eval.study",
    "RangeHits": "omaha_eval.study",
    "SplitGraph": "omaha_eval.study",
    "VillainBeats": "omaha_eval.study.beats",
    "beats": "omaha_eval.study.beats",
    "board_report": "omaha_eval.study",
    "range_hits": "omaha_eval.study",
    "split_graph": "omaha_eval.study",
}

if TYPE_CHECKING:
    from omaha_eval import batch, preflop
    from omaha_eval.pql import (
        QueryError,
        QueryInterrupted,
        QueryResult,
        query,
        query_all,
        query_rounds,
    )
    from omaha_eval.solver.classes import HandClasses, hand_classes
    from omaha_eval.solver.distribution import EquityDistribution, equity_distribution
    from omaha_eval.solver.features import EquityFeatures, equity_features
    from omaha_eval.solver.iso import (
        HandIndexer,
        canonical,
        canonical_flops,
        canonical_rivers,
        canonical_turns,
    )
    from omaha_eval.solver.many import ManyEquity, equity_many
    from omaha_eval.solver.river import RiverSolution, SolveInterrupted, solve_river
    from omaha_eval.solver.showdown import showdown
    from omaha_eval.solver.street import (
        RiverShares,
        StreetShares,
        rank_board,
        river_equity,
        river_shares,
        street_equity,
    )
    from omaha_eval.study import (
        BoardReport,
        RangeHits,
        SplitGraph,
        board_report,
        range_hits,
        split_graph,
    )

    # beats from its own module: from the package, the type checker takes the
    # function and the submodule of the same name for two definitions
    from omaha_eval.study.beats import Beats, BeatsGroup, VillainBeats, beats


def __getattr__(name: str) -> Any:
    """A name of _LAZY, imported now and kept (a later use is a plain
    attribute)."""
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = _importlib.import_module(where)
    value = module if where == f"{__name__}.{name}" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, those not imported yet too."""
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "CATEGORIES",
    "GAMES",
    "HIGH_MAX",
    "LOW_MAX",
    "LOW_NONE",
    "N_HANDS",
    "Beats",
    "BeatsGroup",
    "BoardReport",
    "EquityDistribution",
    "EquityFeatures",
    "EquityInterrupted",
    "EquityResult",
    "Game",
    "HandClasses",
    "HandIndexer",
    "HandValue",
    "ManyEquity",
    "OmahaEvalError",
    "OmahaEvalTypeError",
    "PlayerEquity",
    "QueryError",
    "QueryInterrupted",
    "QueryResult",
    "Range",
    "RangeHits",
    "RiverShares",
    "RiverSolution",
    "SolveInterrupted",
    "SplitGraph",
    "StreetShares",
    "VillainBeats",
    "all_hands",
    "batch",
    "beats",
    "board_report",
    "canonical",
    "canonical_flops",
    "canonical_rivers",
    "canonical_turns",
    "equity",
    "equity_distribution",
    "equity_features",
    "equity_many",
    "equity_rounds",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "hand_classes",
    "hand_index",
    "high_category",
    "high_name",
    "low_name",
    "parse_cards",
    "parse_range",
    "preflop",
    "query",
    "query_all",
    "query_rounds",
    "range_hits",
    "rank_board",
    "river_equity",
    "river_shares",
    "showdown",
    "solve_river",
    "split_graph",
    "street_equity",
]
