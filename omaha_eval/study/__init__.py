"""Study views: what a player studies a spot with, over the one engine.

- ``range_hits`` (hits.py): what a range makes on a board or on every flop;
- ``split_graph`` (split.py): the hi x lo split of every hand of a range,
  with its picture (split_plot.py);
- ``beats`` (beats.py): what beats a hand now, for high and for low;
- ``board_report`` (boards/): every board of the next street at once;
- table/: their shared table (columns, the rows chosen by where, sort and
  top, and the board textures).
"""

from omaha_eval.study.beats import Beats, BeatsGroup, VillainBeats, beats
from omaha_eval.study.boards import BoardReport, BoardReportInterrupted, board_report
from omaha_eval.study.hits import RangeHits, range_hits
from omaha_eval.study.split import SplitGraph, split_graph
from omaha_eval.study.table.textures import Texture, texture

__all__ = [
    "Beats",
    "BeatsGroup",
    "BoardReport",
    "BoardReportInterrupted",
    "RangeHits",
    "SplitGraph",
    "Texture",
    "VillainBeats",
    "beats",
    "board_report",
    "range_hits",
    "split_graph",
    "texture",
]
