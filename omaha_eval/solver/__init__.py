"""The solver wing: batch-first answers for programs that run millions of
spots.  Values are those of omaha_eval.evaluator: ``high`` 1..7462 and
``low`` 1..56, larger is better; ``low`` 0 means no qualifying low.

- ``sides``, ``question``: the two sides of a street question, read as
  players are, or as the hand classes of the board;
- ``classes``: hand classes under the board's suit permutations;
- ``street``: equity vectors on a flop, turn or river, and rank_board;
- ``river_showdown``: RiverShowdown, a river showdown prepared once for
  solver loops (reach-weighted pot shares and fold values);
- ``features``: abstraction features (equity histograms) per hand;
- ``distribution``: a hand's equity over the next cards;
- ``iso``: suit isomorphism of hands and boards, canonical boards;
- ``many``: many small spots in one call;
- ``showdown``: chip-exact payouts with side pots;
- ``river``: the river solver (solve_river, RiverSolution).

The study views built on the same engine for players (hits, the split
graph, beats, board reports) are omaha_eval.study.

Its rows follow the hand order of omaha_eval/hands.py (all_hands,
hand_index), which ranges and queries share.  The public names are exported
by omaha_eval; this package exports RiverShowdown
(``omaha_eval.solver.RiverShowdown``).
"""

from omaha_eval.solver.river_showdown import RiverShowdown

__all__ = ["RiverShowdown"]
