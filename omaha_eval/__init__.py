"""omaha_eval: a fast, exact Omaha hi/lo (Omaha 8-or-better) evaluator.

Card ids: id = 4 * rank + suit, rank 2..A = 0..12, suit c, d, h, s = 0..3
(see omaha_eval.cards).  The rules scored are those of RULES.md: exactly two
hole cards and three board cards, eight-or-better low, the pot split hi/lo.
"""

from omaha_eval import batch
from omaha_eval._version import __version__ as __version__
from omaha_eval.cards import format_cards, parse_cards
from omaha_eval.equity import EquityResult, PlayerEquity, equity
from omaha_eval.errors import OmahaEvalError, OmahaEvalTypeError
from omaha_eval.evaluator import (
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
from omaha_eval.ranges import Range, parse_range
from omaha_eval.solver import (
    N_HANDS,
    RiverShares,
    all_hands,
    hand_index,
    rank_board,
    river_equity,
    river_shares,
    showdown,
)

__all__ = [
    "HIGH_MAX",
    "LOW_MAX",
    "LOW_NONE",
    "N_HANDS",
    "EquityResult",
    "HandValue",
    "OmahaEvalError",
    "OmahaEvalTypeError",
    "PlayerEquity",
    "Range",
    "RiverShares",
    "all_hands",
    "batch",
    "equity",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "hand_index",
    "high_category",
    "high_name",
    "low_name",
    "parse_cards",
    "parse_range",
    "rank_board",
    "river_equity",
    "river_shares",
    "showdown",
]
