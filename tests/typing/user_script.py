"""Typed use of the public API, as a user writes it: mypy --strict and pyright
(tests/test_typing.py) must find no error here.  Not run: type-checked only."""

from __future__ import annotations

import threading

import numpy as np
import numpy.typing as npt

import omaha_eval
from omaha_eval import batch, preflop
from omaha_eval.solver import RiverShowdown
from omaha_eval.types import Cards, GameName, Player, Seed


def heads_up(hero: Player, villain: Player, board: Cards = "", seed: Seed = None) -> float:
    return omaha_eval.equity([hero, villain], board=board, seed=seed).players[0].equity


def spot_equities(game: GameName = "plo8") -> list[float]:
    stop = threading.Event()
    aces = omaha_eval.Range("AA:$ds", game=game)
    rows: npt.NDArray[np.uint8] = aces.combos[:10]
    result = omaha_eval.equity(
        ["As Ah 2c 3d", "*", aces, (rows, np.ones(len(rows))), [[51, 47, 43, 39]]],
        board=[8, 9, 10],
        dead="2s",
        trials=10_000,
        seed=np.random.default_rng(1),
        threads=2,
        game=omaha_eval.GAMES[0],
        stop=stop,
        progress=lambda r: print(r.trials),
    )
    for rounds in omaha_eval.equity_rounds(["AsAh2c3d", "KK"], board="sss", seed=7):
        print(rounds.boards)
    return [p.equity for p in result.players]


def solver_use() -> None:
    board = "Jd 4d 3c Qd 5h"
    high, low = omaha_eval.rank_board(board)
    hands = omaha_eval.all_hands()[:100]
    live = hands[omaha_eval.rank_board(board, hands)[0] > 0]
    shares = omaha_eval.river_shares(board, live, "AA, KK", villain_weights=None, game="omaha")
    street = omaha_eval.street_equity("Jd 4d 3c", live, live, np.ones(len(live)), threads=1)
    eq: npt.NDArray[np.float64] = omaha_eval.river_equity(board, [[49, 45, 7, 3]], "*")
    index: int = omaha_eval.hand_index("As Ah Ad Ac")
    indices = omaha_eval.hand_index(np.array([[0, 1, 2, 3]], dtype=np.uint8))
    chips = omaha_eval.showdown(["Ad Kd 3s 2s", None, [51, 50, 49, 48]], board, [50, 50, 20])
    print(high[:3], low[:3], shares.equity, street.scoop, eq, index, indices, sum(chips))
    sd = RiverShowdown(board, live, "AA, KK", dead="2c", game="omaha")
    values: npt.NDArray[np.float64] = sd.values(np.ones((4, len(sd.villain_combos))))
    folds: npt.NDArray[np.float64] = sd.swapped().live([1.0] * len(sd.hero_combos))
    print(values.shape, folds.sum(), sd.hands("villain")[:2])


def evaluator_use() -> str:
    value = omaha_eval.evaluate("Ad Kd 3s 2s", [4, 9, 14, 19, 24])
    holes = np.array([[0, 1, 2, 3], [48, 49, 50, 51]], dtype=np.uint8)
    highs, lows = omaha_eval.evaluate_batch(holes, [4, 9, 14, 19, 24])
    names = omaha_eval.high_name(highs)
    category: str = omaha_eval.high_category(7462)
    print(lows, names, omaha_eval.low_name(int(lows[0])), omaha_eval.parse_cards("AsKs"))
    return value.high_name + category + omaha_eval.format_cards([51, 47])


def more_use() -> None:
    many = omaha_eval.equity_many([[[51, 47, 0, 1], [50, 46, 2, 3]]], [[4, 9, 14, 19, 24]], "omaha")
    dist = omaha_eval.equity_distribution("AA", "KK", "Jd 4d 3c", game="plo8", seed=3)
    ranked = preflop.percentile("As Ah 3s 2h", game=omaha_eval.GAMES[1], table="6h")
    versus = preflop.equity_vs_random([[48, 49, 50, 51]])
    query = omaha_eval.query("select avg(riverequity(hero)) from hero='AA', villain='*'", seed=1)
    columns = query.columns  # one statement: a QueryResult, no narrowing needed
    answers = omaha_eval.query_all("select count(winsHi(hero)) from hero='AA'; select 1", seed=1)
    print(columns[0].value, answers[0].to_pandas(), many.to_pandas(), dist.to_pandas())
    for r in batch.run([{"id": "a", "players": ["AsAh2c3d", "7c7d4c5d"]}], workers=1, seed=2):
        if r.result is not None:
            print(r.result.players[0].equity)
    print(many.equity, dist.range_equity, ranked, versus, query, omaha_eval.parse_range("KK"))
