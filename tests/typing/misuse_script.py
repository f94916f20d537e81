"""Misuses of the public API that type checkers must refuse: each line below
(after the imports) is one error for mypy --strict and one for pyright
(tests/test_typing.py counts them: EXPECTED_ERRORS).  Not run: it would fail."""

import numpy as np

import omaha_eval
from omaha_eval import PlayerEquity, batch, preflop

omaha_eval.equity([3.5, object()], board=42, seed="abc")  # the issue's: players, board, seed
omaha_eval.equity([3.5, object()])  # players: neither cards, text, nor a range
omaha_eval.equity(["AsAh2c3d", "*"], board=42)  # board: a number, not cards
omaha_eval.equity(["AsAh2c3d", "*"], seed="abc")  # seed: text, not an int or a SeedSequence
omaha_eval.equity(["AsAh2c3d", "*"], dead=2.5)  # dead: a float
omaha_eval.equity(["AsAh2c3d", "*"], game=8)  # game: a number, not a name or a Game
omaha_eval.equity(["AsAh2c3d", "*"], stop=True)  # stop: a bool, not an Event
omaha_eval.equity_rounds(["AsAh2c3d", "*"], seed=1.5)  # seed: a float
omaha_eval.evaluate(1234, "Jd 4d 3c Qd 5h")  # hole: a number
omaha_eval.evaluate_batch(np.zeros((2, 4)), [0, 1, 2, 3, 4])  # holes: float ids
omaha_eval.equity_many("AsAh2c3d", [[0, 1, 2]])  # hands: text, not (N, P, k) ids
omaha_eval.river_shares("Jd4d3cQd5h", [[0, 1, 2, 3]], "*", "heavy")  # villain_weights: text
omaha_eval.street_equity("Jd 4d 3c", 3.5, "*")  # hero: a float
omaha_eval.showdown(["AdKd3s2s", "QsQh7c6c"], "Jd4d3cQd5h", [50, 49.5])  # contributions: a float
omaha_eval.hand_index(4.0)  # hand: a float
omaha_eval.equity_distribution("AA", {"KK": 1})  # villain: a dict
omaha_eval.Range("AA", game=None)  # game: None
omaha_eval.query("select count(*) from hero='AA'", stop="now")  # stop: text
len(omaha_eval.query("select count(*) from hero='AA'"))  # one QueryResult, not a list
omaha_eval.query_all("select count(*) from hero='AA'").column("x")  # a list, not a result
preflop.percentile(3.5)  # hands: a float
batch.run([{"id": "a"}], dask=8786)  # dask: a port, not an address or a Client
PlayerEquity(hand="AsAh2c3d", kind="hand", combos=1)  # the figures are required fields
omaha_eval.EquityResult(players=())  # the deal figures (no_low, ...) are required
