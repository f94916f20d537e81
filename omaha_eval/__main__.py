"""`python -m omaha_eval` runs the omaha-eval command."""

from omaha_eval.cli import main

main(prog_name="omaha-eval")
