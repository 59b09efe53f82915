"""Where everything of the Galopp Royal board sits on its one canvas: the course, the bearer
boards, the podium and the die — wide (the course in one band, the podium right of the boards)
or narrow for a phone-sized page (the course wrapped into bands of a few spaces, each band with
its own row of space numbers; boards, then podium and die below, every target at least 36
canvas pixels on a canvas about as wide as the phone).

The course has *logical* cells ``(seat, column)`` (`drawing.space_col`); the canvas grid
(`Layout.course`, a kit `Geometry`) has *grid* cells ``(row, col)``. `grid_cell` and `logical`
translate; a band's label row and the cells past the course's end have no logical cell.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..ui.board import Geometry
from ..ui.regions import Region, RegionMap
from .tables import GOALS, POND_DEPTH, SLOTS

POND_COL = 0
START_COL = POND_DEPTH + 1
COURSE_COLS = START_COL + max(GOALS) + 1
LEFT = 96.0  # where the wide course starts (the browser tests look there)
PODIUM_W, PODIUM_H = 210.0, 176.0  # the podium's three steps, chairs above, "last:" below
DIE_SIZE = 84.0

WIDE = {"course_cell": 28.0, "board_cell": 40.0, "left": LEFT}
NARROW = {"width": 360, "course_cell": 36.0, "board_cell": 44.0, "left": 30.0, "right": 6.0}


@dataclass(frozen=True)
class Layout:
    """The canvas's geometry for a number of players, wide or `narrow`."""

    players: int
    narrow: bool
    course: Geometry  # the course's canvas grid (all bands, label rows included)
    boards: Geometry  # one row of slots 1–4 per player
    band_cols: int  # course columns per band (all of them when wide)
    podium: tuple[float, float]  # top-left corner of the podium's area
    die: tuple[float, float]  # top-left corner of the die
    width: int
    height: int

    @property
    def label_rows(self) -> int:
        """Rows of space numbers above each band's lanes (wide: none, the top margin has them)."""
        return 1 if self.narrow else 0

    @property
    def band_rows(self) -> int:
        return self.label_rows + self.players

    @property
    def bands(self) -> int:
        return math.ceil(COURSE_COLS / self.band_cols)

    def grid_cell(self, seat: int, col: int) -> tuple[int, int]:
        """The canvas grid cell of course column `col` in `seat`'s lane."""
        band, c = divmod(col, self.band_cols)
        return band * self.band_rows + self.label_rows + seat, c

    def logical(self, row: int, c: int) -> tuple[int, int] | None:
        """The (seat, course column) of a canvas grid cell; None for a label row or past the end."""
        band, r = divmod(row, self.band_rows)
        seat, col = r - self.label_rows, band * self.band_cols + c
        if not 0 <= seat < self.players or not 0 <= col < COURSE_COLS:
            return None
        return seat, col

    def band_lanes(self, band: int) -> tuple[int, Geometry]:
        """A band's first course column and the grid of its lanes (for drawing)."""
        first = band * self.band_cols
        g = self.course
        return first, Geometry(self.players, min(self.band_cols, COURSE_COLS - first), cell=g.cell,
                               left=g.left, top=g.top + (band * self.band_rows + self.label_rows) * g.cell,
                               right=g.right, bottom=0.0)


def layout_for(players: int, narrow: bool = False) -> Layout:
    """The wide layout (course in one band, podium and die right of the boards) or the narrow one."""
    if not narrow:
        course = Geometry(players, COURSE_COLS, cell=WIDE["course_cell"], left=WIDE["left"], top=44.0,
                          bottom=8.0)
        boards = Geometry(players, SLOTS, cell=WIDE["board_cell"], left=WIDE["left"], top=course.height + 34.0,
                          bottom=12.0)
        x0, y0 = boards.left + boards.cols * boards.cell + 240.0, boards.top  # right of the coins text
        die = (x0 + PODIUM_W + 40.0, y0)
        height = max(boards.height, int(math.ceil(y0 + PODIUM_H + 8)))
        return Layout(players, False, course, boards, COURSE_COLS, (x0, y0), die,
                      max(course.width, int(die[0] + DIE_SIZE + 12)), height)
    width, cell, left, right = NARROW["width"], NARROW["course_cell"], NARROW["left"], NARROW["right"]
    band_cols = int((width - left - right) // cell)
    bands = math.ceil(COURSE_COLS / band_cols)
    course = Geometry(bands * (players + 1), band_cols, cell=cell, left=left, top=4.0, right=right, bottom=8.0)
    boards = Geometry(players, SLOTS, cell=NARROW["board_cell"], left=left, top=course.height + 30.0, bottom=12.0)
    x0, y0 = 12.0, float(boards.height + 8)
    die = (x0 + PODIUM_W + 20.0, y0 + 20.0)
    return Layout(players, True, course, boards, band_cols, (x0, y0), die, width,
                  int(math.ceil(y0 + PODIUM_H + 8)))


def slot_regions(boards: Geometry) -> RegionMap:
    """Every bearer slot as a named rectangle (``slot:<seat>:<1-4>``) for hit-testing."""
    return RegionMap(Region.rect(f"slot:{seat}:{slot + 1}", *boards.cell_origin(seat, slot), boards.cell, boards.cell)
                     for seat in range(boards.rows) for slot in range(SLOTS))
