# Type stubs for the compiled core (omaha_eval/_core.pyx and one .pxi per C
# header).  Private: every function trusts its input; the public modules
# validate first.
from collections.abc import Mapping, Sequence
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

# ---- evaluation (_eval.pxi)
HIGH_MAX: int
LOW_MAX: int
LOW_NONE: int
MAX_HOLE: int
N_CATEGORIES: int
CATEGORY_CODES: dict[str, int]
GAME_OMAHA8: int
GAME_OMAHA: int

def high5_rows(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
def low5_rows(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...
def evaluate_rows(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
def first_invalid_row(holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]) -> int: ...
def evaluate_detail(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> tuple[int, int, tuple[int, ...], tuple[int, ...] | None]: ...
def high_category(high: int) -> int: ...
def evaluate_partial(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> tuple[int, int, tuple[int, ...], tuple[int, ...] | None]: ...

# ---- the evaluator's tables (_tables.pxi)
def high_key(high: int) -> tuple[int, tuple[int, ...]]: ...
def low_mask(low: int) -> int: ...
def nut_low_table() -> npt.NDArray[np.uint8]: ...
def best_low_table() -> npt.NDArray[np.uint8]: ...
def low_bits() -> npt.NDArray[np.uint8]: ...
def live_hands(
    combos: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64] | None, known: int
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]: ...
def high_keys() -> npt.NDArray[np.uint32]: ...
def high_key_table() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]: ...

# ---- the pot split (_split.pxi)
SPLIT_MAX_PLAYERS: int

def pot_winners(
    high: npt.NDArray[np.uint16], low: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]: ...
def scoopers(
    hi_winners: npt.NDArray[np.uint32], lo_winners: npt.NDArray[np.uint32], n: int
) -> npt.NDArray[np.uint32]: ...
def quartered_players(
    hi_winners: npt.NDArray[np.uint32], lo_winners: npt.NDArray[np.uint32], n: int
) -> npt.NDArray[np.uint32]: ...
def split_rows(
    high: npt.NDArray[np.uint16], low: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...

# ---- solver (_solver.pxi)
_F64 = npt.NDArray[np.float64]
N_HANDS4: int

def rank_all_hands(
    board: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
def rank_hands(
    board: npt.NDArray[np.uint8], holes: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
@overload
def showdown_chips(
    board: npt.NDArray[np.uint8],
    holes: list[npt.NDArray[np.uint8] | None],
    contribution: npt.NDArray[np.int64],
    button: int,
    game: int,
    detail: Literal[False] = False,
) -> npt.NDArray[np.int64]: ...
@overload
def showdown_chips(
    board: npt.NDArray[np.uint8],
    holes: list[npt.NDArray[np.uint8] | None],
    contribution: npt.NDArray[np.int64],
    button: int,
    game: int,
    detail: Literal[True],
) -> tuple[npt.NDArray[np.int64], list[tuple[int, int, int, int]], npt.NDArray[np.int64]]: ...

# ---- street equity (_street.pxi)
STREET_CELLS: int

class StreetSpot:
    n_hero: int
    runouts: int
    def __init__(
        self,
        board: npt.NDArray[np.uint8],
        hero: npt.NDArray[np.uint8],
        villain: npt.NDArray[np.uint8],
        weight: npt.NDArray[np.float64],
        game: int,
        dead: int = 0,
        hero_weight: npt.NDArray[np.float64] | None = None,
    ) -> None: ...
    @property
    def deals(self) -> int: ...
    def run(self, first: int, count: int) -> _F64: ...
    @overload
    def run_outcomes(
        self, first: int, count: int, breakdown: Literal[True] = True
    ) -> tuple[_F64, _F64, _F64]: ...
    @overload
    def run_outcomes(
        self, first: int, count: int, breakdown: Literal[False]
    ) -> tuple[_F64, _F64]: ...
    @overload
    def run_outcomes(self, first: int, count: int, breakdown: bool) -> tuple[_F64, ...]: ...
    def run_totals(self, first: int, count: int) -> tuple[_F64, _F64, _F64]: ...
    def finish(self, sums: _F64) -> tuple[_F64, _F64, _F64, _F64]: ...

# ---- the prepared river showdown (_showdown.pxi)
class ShowdownSpot:
    n_hero: int
    n_villain: int
    def __init__(
        self,
        board: npt.NDArray[np.uint8],
        hero: npt.NDArray[np.uint8],
        villain: npt.NDArray[np.uint8],
        game: int,
    ) -> None: ...
    def values(self, side: int, reach: _F64) -> _F64: ...
    def live(self, side: int, reach: _F64) -> _F64: ...

# ---- abstraction features (_features.pxi)
def street_features(spot: StreetSpot, first: int, count: int, bins: int) -> tuple[_F64, _F64]: ...

# ---- equity (_equity.pxi)
EQ_OK: int
EQ_NO_DEAL: int
EQ_STOPPED: int
EQ_MAX_PLAYERS: int
EQ_FIXED: int
EQ_RANGE: int
EQ_RANDOM: int
SUM_COLUMNS: dict[str, int]
N_SUMS: int
DEAL_COLUMNS: dict[str, int]
N_DEAL_SUMS: int
N_BREAKDOWN: int
BREAKDOWN_LOW_COLUMNS: dict[str, int]

class EquitySpot:
    n: int
    def __init__(
        self,
        k: int,
        game: int,
        board: npt.NDArray[np.uint8],
        known: int,
        kinds: list[int],
        combos: list[npt.NDArray[np.uint8]],
        weights: list[npt.NDArray[np.float64]],
        masks: list[npt.NDArray[np.uint64]],
        sampler: str = "independent",
    ) -> None: ...
    @property
    def sampler(self) -> str: ...
    def exact(
        self,
        part: int,
        parts: int,
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
        breakdown: npt.NDArray[np.float64] | None = None,
    ) -> tuple[int, int]: ...
    def dealable(self, budget: int) -> bool | None: ...
    def stop(self) -> None: ...
    def monte_carlo(
        self,
        bit_generator: np.random.BitGenerator,
        trials: int,
        max_rejects: int,
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
        breakdown: npt.NDArray[np.float64] | None = None,
        outcome_sq: npt.NDArray[np.float64] | None = None,
    ) -> tuple[int, int]: ...

def equity_sums(
    n: int,
    outcome: npt.NDArray[np.float64],
    sums: npt.NDArray[np.float64],
    deal: npt.NDArray[np.float64],
) -> None: ...

# ---- ranges (_ranges.pxi) ----
def all_hands_k(k: int) -> npt.NDArray[np.uint8]: ...
def match_rows(
    alternatives: list[list[tuple[int, int, int, int, int]]], hands: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint8]: ...
def hand_shapes(
    hands: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
def suit_class_keys(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]: ...
def all_class_keys(k: int) -> npt.NDArray[np.uint64]: ...
def class_hands(keys: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]: ...
def lex_masks_to_rows(masks: npt.NDArray[np.uint64], k: int) -> npt.NDArray[np.uint8]: ...

# ---- many spots (_many.pxi)
MANY_MAX_PLAYERS: int

def many_exact(
    hands: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    game: int,
    equity: npt.NDArray[np.float64],
    hi_share: npt.NDArray[np.float64],
    lo_share: npt.NDArray[np.float64],
    scoop: npt.NDArray[np.float64],
    dead: npt.NDArray[np.uint64] | None = None,
) -> None: ...
def many_bad_rows(
    hands: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint8]: ...

# ---- one small spot (_small.pxi)
SMALL_MAX_PLAYERS: int

def small_card_table(two_character_ids: Mapping[str, int]) -> None: ...
def small_read(players: Any, board: Any, dead: Any) -> tuple[bytes, int, int, int] | None: ...
def small_figure_keys(
    figures: Sequence[tuple[str, int]],
    makes_low: str,
    breakdown: str,
    breakdown_low: Sequence[tuple[str, int]],
    breakdown_high: Sequence[tuple[str, int]],
) -> None: ...
def small_spot(
    cards: bytes, P: int, k: int, nb: int, nd: int, game: int, has_low: bool
) -> tuple[list[dict[str, Any]], dict[str, float], int]: ...

# ---- deals as rows, for queries (_rows.pxi)
OUTS_NUT_LOW: int
OUTS_NUT_HIGH: int
OUTS_CATEGORY: int

def deal_rows(
    spot: EquitySpot,
    bit_generator: np.random.BitGenerator,
    trials: int,
    max_rejects: int,
    hands: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
) -> tuple[int, int]: ...
def exact_rows(
    deck: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    assigned: npt.NDArray[np.uint8],
    assigned_weight: npt.NDArray[np.float64],
    groups: Sequence[int],
    completions: int,
    first: int,
    count: int,
    hands: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
) -> None: ...
def street_values(
    hands: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    n_board: int,
    game: int,
    high: npt.NDArray[np.uint16] | None = None,
    low: npt.NDArray[np.uint8] | None = None,
    players: int = 0xFFFFFFFF,
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
def board_summary(
    boards: npt.NDArray[np.uint8], n_board: int
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
def nut_high(boards: npt.NDArray[np.uint8], n_board: int) -> npt.NDArray[np.uint16]: ...
def nut_by_category(boards: npt.NDArray[np.uint8], n_board: int) -> npt.NDArray[np.uint16]: ...
def outs(
    hands: npt.NDArray[np.uint8],
    boards: npt.NDArray[np.uint8],
    player: int,
    n_board: int,
    dead: int,
    game: int,
    what: int,
    category: int,
) -> npt.NDArray[np.uint8]: ...

class Isomorphism:
    size: int
    first_cards: int
    rest_cards: int
    def __init__(self, sizes: tuple[int, ...]) -> None: ...
    def index_rows(
        self, first: npt.NDArray[np.uint8], rest: npt.NDArray[np.uint8]
    ) -> tuple[npt.NDArray[np.int64], int]: ...
    def unindex_rows(
        self, index: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...

BOARDS_MAX_PLAYERS: int

class BoardsExact:
    def stop(self) -> None: ...
    def run(
        self,
        hands: npt.NDArray[np.uint8],
        game: int,
        board: npt.NDArray[np.uint8],
        dead: int,
        news: npt.NDArray[np.uint8],
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
        nut_low: npt.NDArray[np.float64],
        deals: npt.NDArray[np.uint64],
    ) -> tuple[int, int]: ...
    def run_shared(
        self,
        hands: npt.NDArray[np.uint8],
        game: int,
        board: npt.NDArray[np.uint8],
        dead: int,
        news: npt.NDArray[np.uint8],
        part: int,
        parts: int,
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
        nut_low: npt.NDArray[np.float64],
        deals: npt.NDArray[np.uint64],
    ) -> int: ...
    def run_range(
        self,
        fixed: npt.NDArray[np.uint8],
        seat: int,
        combos: npt.NDArray[np.uint8],
        weights: npt.NDArray[np.float64],
        game: int,
        board: npt.NDArray[np.uint8],
        dead: int,
        row_of: npt.NDArray[np.int32],
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
        nut_low: npt.NDArray[np.float64],
        deals: npt.NDArray[np.uint64],
    ) -> int: ...

def rows_times(
    a: npt.NDArray[np.float64], b: npt.NDArray[np.float64], out: npt.NDArray[np.float64]
) -> None: ...

# ---- who holds the nut low (_lows.pxi)
def nut_low_held(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint8]: ...

# _clear.pxi
def rows_clear_of(
    combos: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.float64],
    masks: npt.NDArray[np.uint64],
    known: int,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64], npt.NDArray[np.uint64]]: ...

class GraphSpot:
    n: int
    def __init__(
        self,
        k: int,
        game: int,
        board: npt.NDArray[np.uint8],
        known: int,
        kinds: list[int],
        combos: list[npt.NDArray[np.uint8]],
        weights: list[npt.NDArray[np.float64]],
        masks: list[npt.NDArray[np.uint64]],
        hero: int,
    ) -> None: ...
    def stop(self) -> None: ...
    def run(
        self,
        hands: npt.NDArray[np.uint8],
        index: npt.NDArray[np.uint64],
        key: npt.NDArray[np.uint64],
        trials: int,
        target: float,
        first: int,
        block_min: int,
        block_max: int,
        overshoot: float,
        max_rejects: int,
        budget: int,
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
        breakdown: npt.NDArray[np.float64],
        done: npt.NDArray[np.uint64],
        error: npt.NDArray[np.float64],
    ) -> tuple[int, int]: ...
