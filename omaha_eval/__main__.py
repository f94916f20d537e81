"""`python -m omaha_eval` runs the omaha-eval command."""

from omaha_eval.cli import main

if __name__ == "__main__":  # imported (by stubtest, by pydoc) it does nothing
    main(prog_name="omaha-eval")
