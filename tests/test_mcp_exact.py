"""The exact counts an MCP equity answer carries (omaha_eval/mcp/exact.py)
against the brute-force oracle's Fractions (tests/oracles/equity.py): the
deals, every probability as a count of deals and every pot share as the
exact fraction, on seeded random spots of 2 to 4 players (hands and
ranges, ties and quarters among them), hi/lo and high only; and no counts
where a deal's weight differs or the run sampled."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from oracles.equity import brute_equity

pytest.importorskip("mcp", reason="the mcp extra (in the test extra) is not installed")

import omaha_eval as oe
from omaha_eval.equity import equity_rounds
from omaha_eval.mcp.exact import POT_SHARES, exact_counts, resolvable

PROBABILITIES = ("scoop", "hi_win", "hi_tie", "lo_win", "lo_tie", "quartered", "makes_low")


def _counts(players: list[Any], board: str, dead: str = "", game: str = "omaha8") -> Any:
    rounds = equity_rounds(players, board, dead, game=game, exact=True)
    (result,) = list(rounds)
    return result, exact_counts(result, rounds.question)


def _oracle_players(players: list[Any]) -> list[list[tuple[list[int], float]]]:
    out = []
    for p in players:
        if p.isalnum() and len(p) == 8:  # a hand
            out.append([(oe.parse_cards(p).tolist(), 1.0)])
        else:
            r = oe.Range(p)
            out.append([(c.tolist(), float(w)) for c, w in zip(r.combos, r.weights, strict=True)])
    return out


def _check_against_oracle(players: list[Any], board: str, dead: str, game: str) -> None:
    result, counted = _counts(players, board, dead, game)
    assert counted is not None
    oracle = brute_equity(
        _oracle_players(players),
        oe.parse_cards(board).tolist(),
        oe.parse_cards(dead).tolist() if dead else [],
        high_only=game == "omaha",
    )
    deals = oracle["deals"]
    assert counted["deals"] == deals == result.trials
    # The oracle splits a half in floats (1/3 is not exact): its share is
    # within 1e-15 of a fraction of denominator at most `most`, and two such
    # fractions differ by more than 1/most**2, so the nearest is the share.
    most = deals * 2 * math.lcm(*range(1, len(players) + 1))
    for mine, theirs in zip(counted["players"], oracle["players"], strict=True):
        for share in POT_SHARES:
            assert Fraction(mine[share]) == theirs[share].limit_denominator(most), share
        for name in PROBABILITIES:
            assert mine[name] == theirs[name] * deals, name
    for name in ("no_low", "low_split", "any_quartered"):
        assert counted[name] == oracle[name] * deals, name


def _random_spot(rng: np.random.Generator) -> tuple[list[str], str, str]:
    n = int(rng.integers(2, 5))
    board_size = int(rng.choice([4, 5]))
    cards = rng.permutation(52)[: 4 * n + board_size + 1].tolist()
    hands = [oe.format_cards(cards[4 * i : 4 * i + 4]) for i in range(n)]
    board = oe.format_cards(cards[4 * n : 4 * n + board_size])
    dead = oe.format_cards(cards[-1:]) if rng.random() < 0.3 else ""
    return hands, board, dead


@pytest.mark.parametrize("seed", range(12))
def test_counts_of_random_hands_are_the_oracles(seed: int) -> None:
    rng = np.random.default_rng(seed)
    players, board, dead = _random_spot(rng)
    _check_against_oracle(players, board, dead, "omaha" if seed % 4 == 3 else "omaha8")


@pytest.mark.parametrize(
    ("players", "board"),
    [
        # the low tied often, the high not: quarters
        (["As3sKdKc", "Ac3cQdQh"], "Ks8d4c5h"),
        # three players, ties of three in the high (a board straight) and in the low
        (["As2s9c9d", "Ac2cTdTh", "Ad2dJhJs"], "3h4c5d6s"),
        # a range of one weight against a hand, on the river
        (["AdAc**", "7c7d4c5d"], "Ks8d3c2h9s"),
    ],
)
def test_counts_with_ties_quarters_and_ranges_are_the_oracles(
    players: list[str], board: str
) -> None:
    _check_against_oracle(players, board, "", "omaha8")


def test_a_quartered_spot_counts_its_quarters() -> None:
    """The first spot above holds quarters: the counts say how many."""
    _, counted = _counts(["As3sKdKc", "Ac3cQdQh"], "Ks8d4c5h")
    assert counted["players"][1]["quartered"] > 0


def test_no_counts_where_deals_weigh_differently_or_were_sampled() -> None:
    _, weighted = _counts(["AsAh2c3d", "KK@0.5, QQ"], "Ks8d3c2h7d")
    assert weighted is None
    rounds = equity_rounds(["AsAh2c3d", "7c7d4c5d"], "Ks8d3c", exact=False, trials=1000, seed=1)
    (sampled,) = list(rounds)[-1:]
    assert exact_counts(sampled, rounds.question) is None


def test_counts_are_given_only_while_the_floats_tell_them_apart() -> None:
    assert resolvable(10**6, 2) and resolvable(10**5, 4)
    assert not resolvable(10**9, 10)
