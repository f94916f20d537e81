"""The one equity engine under the library, the command line and batch.

A question goes through the same four steps wherever it is asked:

1. ``players.read_players``: what each player is (a hand, a range, a random
   hand), by one rule;
2. ``spot.prepare``: the known cards checked and removed from the ranges,
   the work of exact enumeration estimated;
3. ``runner.spot_rounds``: exact enumeration in parts or Monte Carlo in seeded
   blocks, on threads, in rounds, stoppable by Ctrl-C;
4. ``results``: the figures, declared once (FIGURES), as EquityResult.

``omaha_eval.equity`` (``equity`` and ``equity_rounds``) is its public face.
"""
