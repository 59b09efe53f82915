"""Where everything of the New York 1901 board sits on its one canvas, wide or narrow.

Wide: the 13 × 13 map on the left (40-pixel cells, avenue names along their edges) with the VP
track below it; on the right the open market, the tiles of the seat shown (and the legendaries)
and the avenue and challenge cards in play.

Narrow (a phone-sized page): a 13 × 13 grid on a 358-pixel screen would leave 27-pixel cells,
too small to tap. The map shows a *window* of 8 × 8 cells at 40 pixels instead, and a 3 × 3
window picker below it (each square ≥ 36 pixels) moves the window over the board: tap the part
of the map you want, then tap a cell. Windows overlap by at least 3 cells, so every tile fits
wholly into some window. Market, tiles and track follow in one column 360 pixels wide.

Targets: grid cells by name ("C4"), ``market:<i>`` (the i-th open market card), ``tile:<name>``
(a tile of the viewer's supply or a legendary) and, narrow only, ``window:<row>:<col>``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..ui.board import Geometry
from ..ui.regions import Region, RegionMap

CELL = 40.0
CARD_W, CARD_H = 70.0, 44.0
TILE_W, TILE_H = 76.0, 58.0
GAP = 6.0
WINDOW = 8  # cells per side of the narrow map's window
PICK = 36.0  # a window picker square
TRACK_ROW = 24.0
NARROW_W = 360


@dataclass(frozen=True)
class Layout:
    """The canvas's sections for a board of `rows` × `cols` and a number of players."""

    rows: int
    cols: int
    players: int
    narrow: bool
    width: int
    height: int
    grid: Geometry  # the whole board's grid (narrow: shifted so the window shows)
    window: tuple[int, int, int, int]  # first row, first col, rows, cols shown
    market_at: tuple[float, float]
    tiles_at: tuple[float, float]
    tiles_per_row: int
    track_at: tuple[float, float]
    track_w: float
    cards_at: tuple[float, float]
    picker_at: tuple[float, float]

    @property
    def window_box(self) -> tuple[float, float, float, float]:
        """The map's visible part in canvas pixels (x, y, w, h)."""
        r0, c0, nr, nc = self.window
        x, y = self.grid.cell_origin(r0, c0)
        return x, y, nc * self.grid.cell, nr * self.grid.cell

    def shows(self, row: int, col: int) -> bool:
        r0, c0, nr, nc = self.window
        return r0 <= row < r0 + nr and c0 <= col < c0 + nc

    def market_box(self, index: int) -> tuple[float, float, float, float]:
        x, y = self.market_at
        return x + index * (CARD_W + GAP), y + 18, CARD_W, CARD_H

    def tile_box(self, index: int) -> tuple[float, float, float, float]:
        row, col = divmod(index, self.tiles_per_row)
        x, y = self.tiles_at
        return x + col * (TILE_W + GAP), y + 18 + row * (TILE_H + GAP), TILE_W, TILE_H

    def picker_box(self, i: int, j: int) -> tuple[float, float, float, float]:
        x, y = self.picker_at
        return x + j * (PICK + 2), y + 18 + i * (PICK + 2), PICK, PICK


def window_starts(size: int, window: int = WINDOW) -> list[int]:
    """Where the windows along one side start: the first, the middle and the last."""
    if size <= window:
        return [0]
    return sorted({0, (size - window) // 2, size - window})


def layout_for(rows: int, cols: int, players: int, narrow: bool = False, window: tuple[int, int] = (0, 0),
               tiles: int = 21) -> Layout:
    """The wide layout, or the narrow one with its window starting at cell `window`."""
    tile_rows = math.ceil(tiles / 4)
    if not narrow:
        grid = Geometry(rows, cols, cell=CELL, left=30.0, top=30.0, right=20.0, bottom=12.0)
        x0 = grid.left + cols * CELL + 24
        track_at = (grid.left, grid.top + rows * CELL + 26)
        market_at = (x0, 8.0)
        tiles_at = (x0, market_at[1] + 18 + CARD_H + 14)
        cards_at = (x0, tiles_at[1] + 18 + tile_rows * (TILE_H + GAP) + 8)
        width = int(x0 + 4 * (TILE_W + GAP) + 8)
        height = int(max(track_at[1] + 18 + players * TRACK_ROW + 12, cards_at[1] + 110) + 8)
        return Layout(rows, cols, players, False, width, height, grid, (0, 0, rows, cols), market_at, tiles_at, 4,
                      track_at, cols * CELL, cards_at, (0.0, 0.0))
    nr, nc = min(rows, WINDOW), min(cols, WINDOW)
    r0 = min(max(0, window[0]), rows - nr)
    c0 = min(max(0, window[1]), cols - nc)
    left, top = 26.0, 26.0
    grid = Geometry(rows, cols, cell=CELL, left=left - c0 * CELL, top=top - r0 * CELL, right=0.0, bottom=0.0)
    y = top + nr * CELL + 8
    picker_at = (12.0, y)
    market_at = (12.0 + 3 * (PICK + 2) + 14, y)
    y += 18 + 3 * (PICK + 2) + 8
    tiles_at = (12.0, y)
    y += 18 + tile_rows * (TILE_H + GAP) + 6
    track_at = (12.0, y)
    y += 18 + players * TRACK_ROW + 20
    cards_at = (12.0, y)
    height = int(y + 110)
    # the market wraps to two rows of two beside the picker (4 × 70 would not fit)
    return Layout(rows, cols, players, True, NARROW_W, height, grid, (r0, c0, nr, nc), market_at, tiles_at, 4,
                  track_at, NARROW_W - 24 - 40, cards_at, picker_at)


def market_box(layout: Layout, index: int) -> tuple[float, float, float, float]:
    """An open market card's box (narrow: two rows of two beside the window picker)."""
    if not layout.narrow:
        return layout.market_box(index)
    x, y = layout.market_at
    row, col = divmod(index, 2)
    return x + col * (CARD_W + 14), y + 18 + row * (CARD_H + 8), CARD_W + 8, CARD_H


def regions_for(layout: Layout, market: int, tile_names: list[str]) -> RegionMap:
    """Every target off the grid: market cards, tiles, and (narrow) the window picker."""
    regions = [Region.rect(f"market:{i}", *market_box(layout, i)) for i in range(market)]
    regions += [Region.rect(f"tile:{name}", *layout.tile_box(i)) for i, name in enumerate(tile_names)]
    if layout.narrow:
        rows, cols = window_starts(layout.rows), window_starts(layout.cols)
        regions += [Region.rect(f"window:{r}:{c}", *layout.picker_box(i, j))
                    for i, r in enumerate(rows) for j, c in enumerate(cols)]
    return RegionMap(regions)
