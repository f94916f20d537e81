"""The solver wing: batch-first answers for programs that run millions of
spots.  Values are those of omaha_eval.evaluator: ``high`` 1..7462 and
``low`` 1..56, larger is better; ``low`` 0 means no qualifying low.

- ``hands``: the hand order (all_hands, hand_index, looking hands up) -- the
  one owner, which ranges use too;
- ``sides``, ``question``: the two sides of a street question, read as
  players are, or as the hand classes of the board;
- ``classes``: hand classes under the board's suit permutations;
- ``street``: equity vectors on a flop, turn or river, and rank_board;
- ``features``: abstraction features (equity histograms) per hand;
- ``distribution``: a hand's equity over the next cards;
- ``iso``: suit isomorphism of hands and boards, canonical boards;
- ``many``: many small spots in one call;
- ``showdown``: chip-exact payouts with side pots.

The public names are exported by omaha_eval; this package imports nothing
itself, so that omaha_eval.ranges can use ``solver.hands`` without a cycle.
"""
