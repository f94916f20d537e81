"""Reports over many boards at once: ``board_report()`` (board_report.py),
its answer ``BoardReport`` (report.py) and the board textures (textures.py)."""

from omaha_eval.reports.board_report import board_report
from omaha_eval.reports.report import BoardReport, BoardReportInterrupted
from omaha_eval.reports.textures import Texture, texture

__all__ = ["BoardReport", "BoardReportInterrupted", "Texture", "board_report", "texture"]
