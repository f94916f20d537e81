"""Slow, obviously correct oracles that the fast paths are tested against.

- evaluator: plain-Python 2-from-hole x 3-from-board scoring (docs/rules.md);
- equity: brute-force equity over every runout and deal;
- ranges: range text read by brute force over all hands;
- solver: river vectors and showdowns, one pair and one pot at a time;
- inputs: what the public functions must accept or refuse.
"""
