# Type stubs for the compiled core (omaha_eval/_core.pyx).  Private: every
# function trusts its input; the public modules validate first.
import numpy as np
import numpy.typing as npt

HIGH_MAX: int
LOW_MAX: int

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
def high_key(high: int) -> tuple[int, tuple[int, ...]]: ...
def low_mask(low: int) -> int: ...
def split_rows(
    high: npt.NDArray[np.uint16], low: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...

# ---- equity (_equity.pxi)
class EquitySpot:
    n: int
    def __init__(
        self,
        k: int,
        high_only: bool,
        board: npt.NDArray[np.uint8],
        known: int,
        kinds: list[int],
        combos: list[npt.NDArray[np.uint8]],
        weights: list[npt.NDArray[np.float64]],
        masks: list[npt.NDArray[np.uint64]],
    ) -> None: ...
    def exact(
        self,
        part: int,
        parts: int,
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
    ) -> int: ...
    def monte_carlo(
        self,
        bit_generator: np.random.BitGenerator,
        trials: int,
        max_rejects: int,
        outcome: npt.NDArray[np.float64],
        makes_low: npt.NDArray[np.float64],
    ) -> tuple[int, bool]: ...

def equity_sums(
    n: int,
    outcome: npt.NDArray[np.float64],
    sums: npt.NDArray[np.float64],
    deal: npt.NDArray[np.float64],
) -> None: ...

# ---- ranges (_ranges.pxi) ----
def all_hands(k: int) -> npt.NDArray[np.uint8]: ...
def match_rows(
    alternatives: list[list[tuple[int, int, int, int, int]]], hands: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint8]: ...
def hand_shapes(
    hands: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
def suit_class_keys(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]: ...
