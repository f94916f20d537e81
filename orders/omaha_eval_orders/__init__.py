"""The 6-card preflop orders of omaha-eval's percent ranges: data only.

Each ``preflop_{game}_6_{table}.npz`` beside this file is an order written by
omaha_eval's tools/gen_preflop_order.py; omaha_eval._preflop reads them
(``order_dir``).  Nothing here is meant to be imported by users.
"""
