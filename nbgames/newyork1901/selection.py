"""What the player has chosen so far on the New York 1901 board, before a move is complete.

Two moves take more than one click:

- **placing a tile** (NY1901-5, NY1901-6): pick a tile, turn it (R) or mirror it (M), then click
  the cell where its first cell goes (the top row's leftmost cell of the tile as it lies, as the
  notation writes it). Over the player's own building the same click demolishes and rebuilds.
- **acquiring** (NY1901-5): click an open market card, then an empty lot that matches it (the
  matching lots light up); a lot can also be clicked straight away.

This module holds that state and turns a click into the notation the engine parses. It never
decides legality: the view asks the game (`legal_actions`, `refusal`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ui.tiles import Placement, Polyomino
from .drawing import cell_rc


@dataclass
class Selection:
    """The tile picked (with its orientation) or the market card chosen; one at a time."""

    tile: str | None = None
    rotation: int = 0
    mirrored: bool = False
    card: int | None = None  # index into the open market

    def reset(self) -> None:
        self.tile, self.rotation, self.mirrored, self.card = None, 0, False, None

    def pick_tile(self, name: str) -> None:
        """Pick a tile (again: put it down)."""
        if self.tile == name:
            self.tile = None
        else:
            self.tile, self.rotation, self.mirrored = name, 0, False
        self.card = None

    def pick_card(self, index: int) -> None:
        """Choose an open market card (again: put it back)."""
        self.card = None if self.card == index else index
        self.tile = None

    def rotate(self, turns: int = 1) -> None:
        """Turn the picked tile clockwise (`Placement.turned`)."""
        if self.tile is not None:
            self.rotation = (self.rotation + turns) % 4

    def mirror(self) -> None:
        """Mirror the picked tile left–right as it lies (`Placement.flipped`)."""
        if self.tile is not None:
            self.rotation, self.mirrored = -self.rotation % 4, not self.mirrored

    def placement_at(self, shape: Polyomino, cell: tuple[int, int]) -> Placement:
        """The picked tile as it lies, its first cell on `cell`."""
        return Placement(shape, cell[0], cell[1], self.rotation, self.mirrored)

    def notation(self, shape: Polyomino, cell: tuple[int, int]) -> str:
        """The build the picked tile makes with its first cell on `cell` (``sL4@C3r1m``)."""
        return self.placement_at(shape, cell).notation()

    def cells(self, shape: Polyomino, cell: tuple[int, int]) -> list[tuple[int, int]]:
        return list(self.placement_at(shape, cell).cells())


def tile_shape(table: dict[str, Any], name: str) -> Polyomino:
    """A tile of the board's set as a named polyomino."""
    tile = next(x for x in table["board"]["tiles"] if x["name"] == name)
    return Polyomino.from_picture(tile["shape"], name)


def own_building_under(table: dict[str, Any], seat: int | None, cells: list[tuple[int, int]]) -> str | None:
    """The first cell of `seat`'s building under any of `cells`, or None."""
    wanted = set(cells)
    for building in table["buildings"]:
        if building["owner"] == seat and any(cell_rc(c) in wanted for c in building["cells"]):
            return building["cells"][0]
    return None


def build_notation(table: dict[str, Any], seat: int | None, selection: Selection, cell: tuple[int, int]) -> str:
    """What a click on `cell` with the picked tile means: a build, or over the seat's own building
    a demolish-and-rebuild of that building (NY1901-6)."""
    shape = tile_shape(table, selection.tile or "")
    placement = selection.notation(shape, cell)
    under = own_building_under(table, seat, selection.cells(shape, cell))
    return f"demolish {under} {placement}" if under is not None else placement
