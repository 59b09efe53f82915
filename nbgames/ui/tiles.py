"""Polyomino tiles for the board kit: shapes, orientations, placements, notation and draw lists.

A `Polyomino` is a set of grid cells ``(row, col)`` normalised so its top row and left column are
0. A `Placement` puts one on a grid: the tile is first mirrored (left–right) if ``mirrored``, then
turned ``rotation`` quarter-turns clockwise, and its *first cell* (top row, leftmost) lands on the
anchor ``(row, col)``, so the cell under the pointer is always covered.

Placement notation: ``<tile>@<row letter><column number>r<rotation>[m]``, e.g. ``L@C3r1m`` is the
L tile mirrored, turned once clockwise, first cell on row C (the third), column 3 (rows A–Z,
columns from 1, as New York's squares). Views only draw placements; legality comes from the game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .board import HIGHLIGHT_KINDS, HIGHLIGHTS, PIECES, TEXT, Geometry, Op, contrast_text

Cell = tuple[int, int]

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_NAME = re.compile(r"[A-Za-z0-9_]{1,16}")
_NOTATION = re.compile(r"([A-Za-z0-9_]{1,16})@([A-Z])([1-9][0-9]{0,2})r([0-3])(m?)")


def _is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


@dataclass(frozen=True)
class Polyomino:
    """Edge-connected grid cells, sorted, shifted so the smallest row and column are 0."""

    cells: tuple[Cell, ...]
    name: str = ""

    def __post_init__(self) -> None:
        try:
            cells = [(r, c) for r, c in self.cells]
        except (TypeError, ValueError):
            cells = []
        if not cells or not all(_is_int(r) and _is_int(c) for r, c in cells):
            raise ValueError("a polyomino needs one or more (row, col) integer cells")
        if self.name and not _NAME.fullmatch(self.name):
            raise ValueError(f"tile name {self.name!r}: use 1–16 letters, digits or _")
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        normal = tuple(sorted({(int(r) - top, int(c) - left) for r, c in cells}))
        if not _connected(normal):
            raise ValueError(f"tile {self.name!r}: cells must touch edge to edge")
        object.__setattr__(self, "cells", normal)

    @classmethod
    def from_picture(cls, picture: str, name: str = "") -> Polyomino:
        """A tile from rows of ``#`` (cell) and ``.`` (gap) separated by ``/`` or new lines."""
        rows = [row.strip() for row in re.split(r"[/\n]", picture.strip())]
        return cls(tuple((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"), name)

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1

    def picture(self) -> str:
        """Rows of ``#`` and ``.`` joined by ``/`` (the text twin of the shape)."""
        cells = set(self.cells)
        return "/".join("".join("#" if (r, c) in cells else "." for c in range(self.width))
                        for r in range(self.height))

    def rotate(self, turns: int = 1) -> Polyomino:
        """Turned `turns` quarter-turns clockwise (negative: anticlockwise)."""
        cells = self.cells
        for _ in range(turns % 4):
            cells = tuple((c, -r) for r, c in cells)  # clockwise on screen: right -> down
        return Polyomino(cells, self.name)

    def mirror(self) -> Polyomino:
        """Mirrored left–right."""
        return Polyomino(tuple((r, -c) for r, c in self.cells), self.name)

    def oriented(self, rotation: int = 0, mirrored: bool = False) -> Polyomino:
        """Mirrored first (if `mirrored`), then turned `rotation` quarter-turns clockwise."""
        return (self.mirror() if mirrored else self).rotate(rotation)

    def orientations(self) -> tuple[Polyomino, ...]:
        """The distinct shapes under rotation and mirroring (1 to 8), in `oriented` order:
        rotations 0–3 unmirrored, then mirrored."""
        seen: dict[tuple[Cell, ...], Polyomino] = {}
        for mirrored in (False, True):
            for rotation in range(4):
                shape = self.oriented(rotation, mirrored)
                seen.setdefault(shape.cells, shape)
        return tuple(seen.values())


def _connected(cells: Sequence[Cell]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    present = set(cells)
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in present and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(present)


def _tile_set(pictures: Mapping[str, str]) -> dict[str, Polyomino]:
    return {name: Polyomino.from_picture(picture, name) for name, picture in pictures.items()}


MONOMINO = Polyomino(((0, 0),), "O1")
DOMINO = Polyomino(((0, 0), (0, 1)), "I2")
TROMINOES = _tile_set({"I": "###", "L": "#./##"})
TETROMINOES = _tile_set({"I": "####", "O": "##/##", "T": "###/.#.", "S": ".##/##.", "L": "#./#./##"})
PENTOMINOES = _tile_set({
    "F": ".##/##./.#.", "I": "#####", "L": "#./#./#./##", "N": "##../.###", "P": "##/##/#.",
    "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###", "W": "#../##./.##", "X": ".#./###/.#.",
    "Y": "..#./####", "Z": "##./.#./.##",
})


@dataclass(frozen=True)
class Placement:
    """A tile on a grid: first cell at ``(row, col)`` after mirroring, then turning clockwise.

    ``rotation`` is stored modulo 4. Different (rotation, mirrored) pairs may give the same shape
    for symmetric tiles; `canonical` picks one.
    """

    tile: Polyomino
    row: int
    col: int
    rotation: int = 0
    mirrored: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.tile, Polyomino):
            raise TypeError("a placement needs a Polyomino")
        if not (_is_int(self.row) and _is_int(self.col) and _is_int(self.rotation)):
            raise ValueError("row, col and rotation must be integers")
        object.__setattr__(self, "row", int(self.row))
        object.__setattr__(self, "col", int(self.col))
        object.__setattr__(self, "rotation", int(self.rotation) % 4)
        object.__setattr__(self, "mirrored", bool(self.mirrored))

    @property
    def shape(self) -> Polyomino:
        """The tile as it lies: mirrored and turned."""
        return self.tile.oriented(self.rotation, self.mirrored)

    def cells(self) -> tuple[Cell, ...]:
        """The grid cells covered, sorted (may include cells off any particular grid)."""
        shape = self.shape.cells
        r0, c0 = shape[0]
        return tuple((self.row + r - r0, self.col + c - c0) for r, c in shape)

    def turned(self, turns: int = 1) -> Placement:
        """The lying shape turned clockwise `turns` quarter-turns, same anchor."""
        return replace(self, rotation=self.rotation + turns)

    def flipped(self) -> Placement:
        """The lying shape mirrored left–right, same anchor."""
        # mirror ∘ turn^k ∘ mirror^m = turn^(-k) ∘ mirror^(m+1)
        return replace(self, rotation=-self.rotation, mirrored=not self.mirrored)

    def moved(self, row: int, col: int) -> Placement:
        """The same orientation anchored at another cell."""
        return replace(self, row=row, col=col)

    def canonical(self) -> Placement:
        """The placement covering the same cells with the smallest (mirrored, rotation)."""
        target = self.shape.cells
        for mirrored in (False, True):
            for rotation in range(4):
                if self.tile.oriented(rotation, mirrored).cells == target:
                    return replace(self, rotation=rotation, mirrored=mirrored)
        return self  # unreachable: the placement's own orientation matches

    def notation(self) -> str:
        """``<tile>@<row letter><column number>r<rotation>[m]``, e.g. ``L@C3r1m``.

        ValueError for an unnamed tile or an anchor outside rows A–Z, columns 1–999.
        """
        if not self.tile.name:
            raise ValueError("an unnamed tile has no notation")
        if not (0 <= self.row < len(ROW_LETTERS) and 0 <= self.col < 999):
            raise ValueError(f"anchor ({self.row}, {self.col}) has no notation")
        return f"{self.tile.name}@{ROW_LETTERS[self.row]}{self.col + 1}r{self.rotation}{'m' if self.mirrored else ''}"

    def __str__(self) -> str:
        try:
            return self.notation()
        except ValueError:
            return repr(self)


def parse_placement(text: Any, tiles: Mapping[str, Polyomino]) -> Placement | None:
    """The placement written `text` (see `Placement.notation`) with a tile from `tiles`, or None
    for anything else: other types, unknown tiles, bad rows, columns or rotations."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    match = _NOTATION.fullmatch(text.strip())
    if match is None:
        return None
    name, row, col, rotation, mirrored = match.groups()
    tile = tiles.get(name)
    if not isinstance(tile, Polyomino):
        return None
    return Placement(tile, ROW_LETTERS.index(row), int(col) - 1, int(rotation), mirrored == "m")


#: Keys that change the orientation of a placement under the pointer: turns, or None to mirror.
ORIENTATION_KEYS: dict[str, int | None] = {"r": 1, "R": -1, "f": None, "F": None, "m": None, "M": None}


def apply_key(placement: Placement, key: Any) -> Placement | None:
    """The placement after pressing `key`: ``r`` turns clockwise, ``R`` (shift) anticlockwise,
    ``f``/``m`` mirror. None for any other key (the caller may handle it)."""
    if not isinstance(key, str) or key not in ORIENTATION_KEYS:
        return None
    turns = ORIENTATION_KEYS[key]
    return placement.flipped() if turns is None else placement.turned(turns)


def placement_under(geom: Geometry, x: Any, y: Any, placement: Placement) -> Placement | None:
    """`placement` moved to the grid cell under canvas point (x, y), or None off the grid."""
    cell = geom.hit(x, y)
    return None if cell is None else placement.moved(*cell)


# -- draw lists ------------------------------------------------------------------------------
def cells_on_grid(geom: Geometry, cells: Iterable[Any]) -> list[Cell]:
    """The cells of `cells` that lie on the grid, in order, without repeats; others are skipped."""
    out: dict[Cell, None] = {}
    for cell in cells:
        try:
            r, c = cell
        except (TypeError, ValueError):
            continue
        if _is_int(r) and _is_int(c) and 0 <= r < geom.rows and 0 <= c < geom.cols:
            out[(int(r), int(c))] = None
    return list(out)


def _outline(geom: Geometry, cells: Sequence[Cell]) -> np.ndarray:
    """Segments ``(n, 2, 2)`` around the union of `cells`: cell sides with no neighbour inside."""
    present = set(cells)
    segments = []
    for r, c in cells:
        x, y = geom.cell_origin(r, c)
        s = geom.cell
        if (r - 1, c) not in present:
            segments.append(((x, y), (x + s, y)))
        if (r + 1, c) not in present:
            segments.append(((x, y + s), (x + s, y + s)))
        if (r, c - 1) not in present:
            segments.append(((x, y), (x, y + s)))
        if (r, c + 1) not in present:
            segments.append(((x + s, y), (x + s, y + s)))
    return np.array(segments, dtype=float).reshape(-1, 2, 2)


def _label_cell(cells: Sequence[Cell]) -> Cell:
    """The cell nearest the middle of the tile (inside it, even for L and U shapes)."""
    mr = sum(r for r, _ in cells) / len(cells)
    mc = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))


def _rects(geom: Geometry, cells: Sequence[Cell], inset: float) -> tuple:
    rows = np.array([r for r, _ in cells], dtype=float)
    cols = np.array([c for _, c in cells], dtype=float)
    return (geom.left + cols * geom.cell + inset, geom.top + rows * geom.cell + inset,
            geom.cell - 2 * inset, geom.cell - 2 * inset)


def _text_ops(geom: Geometry, layer: int) -> list[Op]:
    return [(layer, "set:font", (f"bold {int(geom.cell * 0.4)}px sans-serif",)),
            (layer, "set:text_align", ("center",)), (layer, "set:text_baseline", ("middle",))]


def _inset_rects(geom: Geometry, cells: Sequence[Cell], gap: float) -> tuple:
    """The tile's cells shrunk `gap` pixels from the tile's edge (not from each other): each cell
    as up to nine pieces (a 3 × 3 split at `gap` from its sides), a side piece kept where the
    neighbour on that side is in the tile, a corner piece where both sides and the diagonal are.
    No seam inside a tile, and two tiles side by side stay 2 × `gap` apart."""
    present = set(cells)
    s, g = geom.cell, gap
    spans = ((-1, 0.0, g), (0, g, s - 2 * g), (1, s - g, g))  # (step, offset, length) per third
    out = []
    for r, c in cells:
        x, y = geom.cell_origin(r, c)
        for dr, oy, h in spans:
            for dc, ox, w in spans:
                if all(n in present for n in {(r + dr, c), (r, c + dc), (r + dr, c + dc)}):
                    out.append((x + ox, y + oy, w, h))
    arr = np.array(out, dtype=float).reshape(-1, 4)
    return arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3]


def _inset_outline(geom: Geometry, cells: Sequence[Cell], gap: float) -> np.ndarray:
    """Segments ``(n, 2, 2)`` around the tile shrunk by `gap` (see `_inset_rects`): each side of
    the tile's edge moved inwards, shortened at an outer corner and lengthened at an inner one."""
    present = set(cells)
    s, g = geom.cell, gap
    segments = []

    def end(side_free: bool, diagonal_in: bool) -> float:
        return g if side_free else (-g if diagonal_in else 0.0)

    for r, c in cells:
        x, y = geom.cell_origin(r, c)
        for dr in (-1, 1):  # top and bottom sides
            if (r + dr, c) in present:
                continue
            yy = y + g if dr < 0 else y + s - g
            a = x + end((r, c - 1) not in present, (r + dr, c - 1) in present)
            b = x + s - end((r, c + 1) not in present, (r + dr, c + 1) in present)
            segments.append(((a, yy), (b, yy)))
        for dc in (-1, 1):  # left and right sides
            if (r, c + dc) in present:
                continue
            xx = x + g if dc < 0 else x + s - g
            a = y + end((r - 1, c) not in present, (r - 1, c + dc) in present)
            b = y + s - end((r + 1, c) not in present, (r + 1, c + dc) in present)
            segments.append(((xx, a), (xx, b)))
    return np.array(segments, dtype=float).reshape(-1, 2, 2)


def draw_tiles(geom: Geometry, tiles: Sequence[tuple[Iterable[Cell], str, str]], *, layer: int = PIECES,
               clear: bool = True, gap: float = 0.0) -> list[Op]:
    """Tiles ``(cells, colour, label)``: one ``fill_rects`` per colour, one outline call around
    each tile's edge, and each label on the tile's middle cell. Cells off the grid are skipped.

    ``clear=False`` adds to what the layer holds. ``gap`` > 0 draws each tile `gap` pixels inside
    its cells' edge, with no seams between its own cells: two tiles of one colour side by side
    keep a visible border (the board shows between them), whatever the colour.
    """
    ops: list[Op] = [(layer, "clear", ())] if clear else []
    placed = [(cells, colour, label) for cells, colour, label in
              ((cells_on_grid(geom, cells), colour, label) for cells, colour, label in tiles) if cells]
    if not placed:
        return ops
    if gap > 0:
        by_tiles: dict[str, list[Sequence[Cell]]] = {}
        for cells, colour, _ in placed:
            by_tiles.setdefault(colour, []).append(cells)
        for colour, groups in by_tiles.items():
            parts = [_inset_rects(geom, cells, gap) for cells in groups]
            rects = tuple(np.concatenate([p[i] for p in parts]) for i in range(4))
            ops += [(layer, "set:fill_style", (colour,)), (layer, "fill_rects", rects)]
        outline = np.concatenate([_inset_outline(geom, cells, gap) for cells, _, _ in placed])
        width = 2.0
    else:
        by_colour: dict[str, list[Cell]] = {}
        for cells, colour, _ in placed:
            by_colour.setdefault(colour, []).extend(cells)
        for colour, cells in by_colour.items():
            ops += [(layer, "set:fill_style", (colour,)), (layer, "fill_rects", _rects(geom, cells, 1.0))]
        outline = np.concatenate([_outline(geom, cells) for cells, _, _ in placed])
        width = 2.5
    ops += [(layer, "set:stroke_style", (TEXT,)), (layer, "set:line_width", (width,)),
            (layer, "stroke_line_segments", (outline,))]
    ops += _text_ops(geom, layer)
    for cells, colour, label in placed:
        ops += [(layer, "set:fill_style", (contrast_text(colour),)),
                (layer, "fill_text", (label, *geom.cell_centre(*_label_cell(cells))))]
    return ops


def draw_tile(geom: Geometry, cells: Iterable[Cell], colour: str, label: str, *, layer: int = PIECES,
              clear: bool = False) -> list[Op]:
    """One tile (see `draw_tiles`); by default added to what the layer holds."""
    return draw_tiles(geom, [(cells, colour, label)], layer=layer, clear=clear)


PREVIEW_ALPHA = 0.35


def draw_tile_preview(geom: Geometry, cells: Iterable[Cell], legal: bool, *, label: str | None = None,
                      layer: int = HIGHLIGHTS, clear: bool = True) -> list[Op]:
    """Where a tile would go: a translucent fill and an outline around it, with a label.

    Legal: the "legal" colour with a solid outline and "✓"; illegal: the "refused" colour with a
    dashed outline and "✗" (`label` replaces the sign). Cells off the grid are skipped.
    ``clear=False`` adds to what the layer holds (e.g. other highlights).
    """
    ops: list[Op] = [(layer, "clear", ())] if clear else []
    cells = cells_on_grid(geom, cells)
    if not cells:
        return ops
    colour = HIGHLIGHT_KINDS["legal" if legal else "refused"][0]
    ops += [(layer, "set:global_alpha", (PREVIEW_ALPHA,)), (layer, "set:fill_style", (colour,)),
            (layer, "fill_rects", _rects(geom, cells, 1.0)), (layer, "set:global_alpha", (1.0,)),
            (layer, "set:stroke_style", (colour,)), (layer, "set:line_width", (3.0,)),
            (layer, "set_line_dash", ([] if legal else [6, 4],)),
            (layer, "stroke_line_segments", (_outline(geom, cells),)),
            (layer, "set_line_dash", ([],))]
    ops += _text_ops(geom, layer)
    ops += [(layer, "set:fill_style", (TEXT,)),
            (layer, "fill_text", (("✓" if legal else "✗") if label is None else label,
                                  *geom.cell_centre(*_label_cell(cells))))]
    return ops
