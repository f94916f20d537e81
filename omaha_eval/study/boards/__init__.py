"""Board reports: every board of the next street at once.  ``board_report()``
(board_report.py) reads and plans a report, its rows' figures come from the
engine (rows.py), the boards are classed under the suit permutations
(classes.py), and ``BoardReport`` (report.py) is the answer with its table
(table.py), columns (columns.py) and picture (plot.py)."""

from omaha_eval.study.boards.board_report import board_report
from omaha_eval.study.boards.report import BoardReport, BoardReportInterrupted

__all__ = ["BoardReport", "BoardReportInterrupted", "board_report"]
