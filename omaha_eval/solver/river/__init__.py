"""The river solver: equilibrium strategies of heads-up hi/lo river spots
(docs/solver.md, "The river solver").

- ``tree``: the betting tree from the sizes, nodes named by action line;
- ``cfr``: discounted CFR over the tree, vectorised over combos, and the
  exact best responses that measure the exploitability;
- ``showdown``: what the solver asks of a showdown, and where it gets one;
- ``classes``: the hi/lo hand classes of a solution's summary;
- ``solution``: RiverSolution, what a solve found;
- ``solve``: solve_river, the spot read once and solved;
- ``plot``: a solution's strategy by class as a picture (the plot extra).
"""

from omaha_eval.solver.river.solution import RiverSolution, SolveInterrupted
from omaha_eval.solver.river.solve import solve_river

__all__ = ["RiverSolution", "SolveInterrupted", "solve_river"]
