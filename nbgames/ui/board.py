"""`BoardView`: a grid board on an ipycanvas `MultiCanvas`, game-agnostic.

Drawing is split in two steps so it can be tested without a browser:

1. pure *draw-list* functions (`draw_static`, `draw_pieces`, `draw_highlights`) return a list of
   `Op` tuples ``(layer, name, args)``; ``name`` is a canvas method (``"fill_rects"``) or
   ``"set:<attribute>"`` (``"set:fill_style"``);
2. `render` replays every list on the canvas inside one `hold_canvas()` (one message).

Layers: 0 static board, 1 pieces, 2 highlights (the top layer also receives mouse and keys).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import numpy as np
from ipycanvas import MultiCanvas, hold_canvas

from .scheduler import Scheduler, call_later

if TYPE_CHECKING:
    from .regions import RegionMap

STATIC, PIECES, HIGHLIGHTS = 0, 1, 2
LAYER_NAMES = ("static", "pieces", "highlights")

Op = tuple[int, str, tuple]

# Okabe–Ito colour-blind-safe palette; pieces also carry a letter so colour is never alone.
OKABE_ITO = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
}
BACKGROUND = "#FAF7F0"
CELL = "#E8E2D4"
GRID = "#8C8577"
TEXT = "#222222"
HIGHLIGHT_KINDS = {  # kind -> (stroke colour, line width, dash)
    "legal": (OKABE_ITO["blue"], 3.0, True),
    "hint": (OKABE_ITO["orange"], 5.0, False),
    "cursor": (OKABE_ITO["black"], 3.0, False),
    "hover": (OKABE_ITO["sky"], 3.0, False),
    "last": (OKABE_ITO["purple"], 4.0, False),
    "refused": (OKABE_ITO["vermillion"], 4.0, False),
}

WHITE = "#FFFFFF"


def contrast_text(fill: str) -> str:
    """The ink for text on `fill` ("#RRGGBB" or "#RGB"): white on dark colours, else `TEXT`.

    The threshold keeps Galopp Royal's chair inks: white on vermillion, blue, green and black;
    dark on yellow, sky, orange and purple. Unparsable colours get `TEXT`.
    """
    digits = fill[1:] if isinstance(fill, str) and fill.startswith("#") else ""
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    try:
        channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)] if len(digits) == 6 else None
    except ValueError:
        channels = None
    if channels is None:
        return TEXT
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return WHITE if luminance < 0.28 else TEXT


@dataclass(frozen=True)
class Geometry:
    """Where the grid sits on the canvas, in canvas pixels."""

    rows: int
    cols: int
    cell: float = 60.0
    left: float = 120.0   # room for row labels
    top: float = 44.0     # room for column labels
    right: float = 12.0
    bottom: float = 12.0

    @property
    def width(self) -> int:
        return int(math.ceil(self.left + self.cols * self.cell + self.right))

    @property
    def height(self) -> int:
        return int(math.ceil(self.top + self.rows * self.cell + self.bottom))

    def cell_origin(self, row: int, col: int) -> tuple[float, float]:
        return self.left + col * self.cell, self.top + row * self.cell

    def cell_centre(self, row: int, col: int) -> tuple[float, float]:
        x, y = self.cell_origin(row, col)
        return x + self.cell / 2, y + self.cell / 2

    def hit(self, x: Any, y: Any) -> tuple[int, int] | None:
        """The (row, col) under canvas point (x, y), or None.

        Coordinates come from the browser and may be anything (strings, NaN, huge numbers):
        everything that is not a finite point inside the grid is None.
        """
        try:
            fx, fy = float(x), float(y)
        except (TypeError, ValueError, OverflowError):
            return None
        if not (math.isfinite(fx) and math.isfinite(fy)):
            return None
        col = math.floor((fx - self.left) / self.cell)
        row = math.floor((fy - self.top) / self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None


def draw_grid(geom: Geometry, row_labels: Sequence[str], col_labels: Sequence[str],
              shaded: Iterable[tuple[int, int]] = (), *, clear: bool = True,
              label_y: float | None = None) -> list[Op]:
    """Static layer: background, cells (one batched call), grid lines and line labels.

    ``clear=False`` adds a second grid to a canvas that already has one (no clear, no background);
    ``label_y`` places the column labels (default: the middle of the top margin).
    """
    idx = np.arange(geom.rows * geom.cols)
    rows, cols = idx // geom.cols, idx % geom.cols
    xs = geom.left + cols * geom.cell + 1
    ys = geom.top + rows * geom.cell + 1
    ops: list[Op] = [
        (STATIC, "clear", ()),
        (STATIC, "set:fill_style", (BACKGROUND,)),
        (STATIC, "fill_rect", (0, 0, geom.width, geom.height)),
    ] if clear else []
    ops += [
        (STATIC, "set:fill_style", (CELL,)),
        (STATIC, "fill_rects", (xs, ys, geom.cell - 2, geom.cell - 2)),
    ]
    shaded = list(shaded)
    if shaded:
        sr = np.array([r for r, _ in shaded])
        sc = np.array([c for _, c in shaded])
        ops += [(STATIC, "set:fill_style", ("#D9D0BC",)),
                (STATIC, "fill_rects", (geom.left + sc * geom.cell + 1, geom.top + sr * geom.cell + 1,
                                        geom.cell - 2, geom.cell - 2))]
    ops += [(STATIC, "set:stroke_style", (GRID,)), (STATIC, "set:line_width", (1.0,)),
            (STATIC, "stroke_rect", (geom.left, geom.top, geom.cols * geom.cell, geom.rows * geom.cell)),
            (STATIC, "set:fill_style", (TEXT,)), (STATIC, "set:font", ("13px sans-serif",)),
            (STATIC, "set:text_baseline", ("middle",)), (STATIC, "set:text_align", ("right",))]
    for r, label in enumerate(row_labels):
        _, cy = geom.cell_centre(r, 0)
        ops.append((STATIC, "fill_text", (label, geom.left - 8, cy)))
    ops.append((STATIC, "set:text_align", ("center",)))
    for c, label in enumerate(col_labels):
        cx, _ = geom.cell_centre(0, c)
        ops.append((STATIC, "fill_text", (label, cx, geom.top / 2 if label_y is None else label_y)))
    return ops


def draw_discs(geom: Geometry, discs: Sequence[tuple[int, int, str, str, str]], *,
               clear: bool = True) -> list[Op]:
    """Pieces layer: discs ``(row, col, fill, letter, letter_colour)``, batched per colour.

    ``clear=False`` adds to what the layer already holds (a second grid on the same canvas).
    """
    ops: list[Op] = [(PIECES, "clear", ())] if clear else []
    if not discs:
        return ops
    radius = geom.cell * 0.36
    by_colour: dict[str, list[tuple[float, float]]] = {}
    for row, col, fill, _, _ in discs:
        by_colour.setdefault(fill, []).append(geom.cell_centre(row, col))
    all_centres = np.array([geom.cell_centre(r, c) for r, c, *_ in discs])
    for fill, centres in by_colour.items():
        arr = np.array(centres)
        ops += [(PIECES, "set:fill_style", (fill,)),
                (PIECES, "fill_circles", (arr[:, 0], arr[:, 1], radius))]
    # a dark outline so light colours (yellow) stand out on the light board
    ops += [(PIECES, "set:stroke_style", (TEXT,)), (PIECES, "set:line_width", (2.0,)),
            (PIECES, "stroke_circles", (all_centres[:, 0], all_centres[:, 1], radius)),
            (PIECES, "set:font", (f"bold {int(geom.cell * 0.4)}px sans-serif",)),
            (PIECES, "set:text_align", ("center",)), (PIECES, "set:text_baseline", ("middle",))]
    for row, col, _, letter, letter_colour in discs:
        cx, cy = geom.cell_centre(row, col)
        ops += [(PIECES, "set:fill_style", (letter_colour,)), (PIECES, "fill_text", (letter, cx, cy + 1))]
    return ops


def draw_marks(geom: Geometry, marks: Sequence[tuple[str, Sequence[tuple[int, int]]]], *,
               clear: bool = True) -> list[Op]:
    """Highlights layer: for each ``(kind, cells)`` a batched outline (`HIGHLIGHT_KINDS`).

    ``clear=False`` adds to what the layer already holds (a second grid on the same canvas).
    """
    ops: list[Op] = [(HIGHLIGHTS, "clear", ())] if clear else []
    for kind, cells in marks:
        cells = list(cells)
        if not cells:
            continue
        colour, width, dashed = HIGHLIGHT_KINDS.get(kind, HIGHLIGHT_KINDS["hint"])
        if kind.startswith("#"):  # a raw colour: used for per-player group outlines
            colour, width, dashed = kind, 5.0, False
        rows = np.array([r for r, _ in cells], dtype=float)
        cols = np.array([c for _, c in cells], dtype=float)
        inset = 3 + width / 2
        ops += [(HIGHLIGHTS, "set:stroke_style", (colour,)), (HIGHLIGHTS, "set:line_width", (width,)),
                (HIGHLIGHTS, "set_line_dash", ([6, 4] if dashed else [],)),
                (HIGHLIGHTS, "stroke_rects", (geom.left + cols * geom.cell + inset,
                                              geom.top + rows * geom.cell + inset,
                                              geom.cell - 2 * inset, geom.cell - 2 * inset))]
    ops.append((HIGHLIGHTS, "set_line_dash", ([],)))
    return ops


def render(canvas: MultiCanvas, ops: Iterable[Op]) -> int:
    """Replay draw lists on the canvas as one batch; returns the number of ops sent."""
    n = 0
    with hold_canvas():
        for layer, name, args in ops:
            target = canvas[layer]
            if name.startswith("set:"):
                setattr(target, name[4:], args[0])
            else:
                getattr(target, name)(*args)
            n += 1
    return n


#: Seconds after a browser's "client ready" at which the board and its readiness label are sent
#: again. The browser's widget manager creates all models of a page in parallel and silently
#: drops a message that reaches a model not created yet; a canvas announces itself ready while
#: other models (the canvas manager, the label) may still be in creation. When the kernel answers
#: fast, the first redraw or label update can be lost: a page whose board is never drawn (seen
#: in about 1 load in 50, and in most preheated loads once the websocket stopped delaying small
#: frames). Sending again once the page has settled costs two small messages per page load.
RESEND_AFTER_READY = (0.25, 1.0, 3.0)


def _reset_canvas_manager() -> None:
    """Work around the ipycanvas 0.14 + Voilà "clearCanvas of undefined" trap (TESTING.md).

    When a browser connects, the kernel-side canvas manager still believes that browser has a
    canvas selected, so it skips the "switch canvas" command, the browser throws, and every later
    drawing is silently dropped. Forgetting the current canvas forces the switch command to be
    sent again. This touches a private name: keep it here only, ipycanvas is pinned to 0.14, and
    tests/browser checks that drawing still works after a page reload.
    """
    import ipycanvas.canvas as _ipc

    manager = getattr(_ipc, "_CANVAS_MANAGER", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None


class BoardView:
    """A grid board widget: three canvas layers, hit-testing, redraw on every state change.

    Subclasses implement `static_ops`, `piece_ops`, `highlight_ops` (pure draw lists) and
    `on_cell(row, col)`; they call `redraw()` when their state changes. A view of an area map
    passes `regions` and listens with `on_region(name)`: a click outside the grid hits the
    topmost region instead (no `hit` override needed).
    """

    def __init__(self, geom: Geometry, max_width: int | None = None,
                 size: tuple[int, int] | None = None, regions: RegionMap | None = None):
        self.geom = geom
        self.regions = regions
        self.scheduler: Scheduler = call_later  # the controller hands views its own clock
        width, height = size or (geom.width, geom.height)  # `size`: a canvas holding several grids
        # Explicit pixel size, displayed responsively: never wider than its container or its
        # natural size, height following the aspect ratio (the browser maps clicks back).
        self.canvas = MultiCanvas(3, width=width, height=height, layout=widgets.Layout(
            width="100%", max_width=f"{max_width or width}px", height="auto"))
        self.canvas.add_class("nbg-canvas")
        self.client_draws = 0
        # "Board drawn (n)": a readiness signal for tests and screen readers, not for the eye.
        self.drawn_label = widgets.Label(value="", layout=widgets.Layout(width="1px", height="1px",
                                                                         overflow="hidden", margin="0"))
        self.drawn_label.add_class("nbg-drawn")
        self._cell_callbacks: list[Callable[[int, int], None]] = []
        self._region_callbacks: list[Callable[[str], None]] = []
        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_down(self._on_mouse_down)

    # -- draw lists (subclasses) ----------------------------------------------------------
    def static_ops(self) -> list[Op]:
        return draw_grid(self.geom, [str(r) for r in range(self.geom.rows)],
                         [str(c) for c in range(self.geom.cols)])

    def piece_ops(self) -> list[Op]:
        return draw_discs(self.geom, [])

    def highlight_ops(self) -> list[Op]:
        return draw_marks(self.geom, [])

    def ops(self, layers: Sequence[int] = (STATIC, PIECES, HIGHLIGHTS)) -> list[Op]:
        """The complete draw list for some layers."""
        out: list[Op] = []
        if STATIC in layers:
            out += self.static_ops()
        if PIECES in layers:
            out += self.piece_ops()
        if HIGHLIGHTS in layers:
            out += self.highlight_ops()
        return out

    def resize(self, width: int, height: int) -> None:
        """Give the canvas a new pixel size (e.g. another number of players); redraw afterwards."""
        if (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas.width, self.canvas.height = width, height
            self.canvas.layout.max_width = f"{width}px"

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self, layers: Sequence[int] = (STATIC, PIECES, HIGHLIGHTS)) -> int:
        """Draw the given layers now (one batched message)."""
        return render(self.canvas, self.ops(layers))

    def _on_client_ready(self) -> None:
        # A browser (re)connected with blank canvases: everything drawn before is lost.
        _reset_canvas_manager()
        self.redraw()
        self.client_draws += 1
        from .i18n import t
        self.drawn_label.value = t("board.drawn", n=self.client_draws)
        for delay in RESEND_AFTER_READY:
            self.scheduler(delay, self._resend)

    def _resend(self) -> None:
        """Send the board and the readiness label again (see `RESEND_AFTER_READY`)."""
        if self.client_draws == 0:  # the page says it is shown, but the canvas never said "ready"
            self._on_client_ready()
            return
        _reset_canvas_manager()
        self.redraw()
        self.drawn_label.send_state("value")

    # -- input -----------------------------------------------------------------------------
    def hit(self, x: Any, y: Any) -> tuple[int, int] | None:
        return self.geom.hit(x, y)

    def on_cell(self, callback: Callable[[int, int], None]) -> None:
        """Call `callback(row, col)` when a cell is clicked."""
        self._cell_callbacks.append(callback)

    def hit_region(self, x: Any, y: Any) -> str | None:
        """The name of the topmost region under (x, y); None without `regions` or outside them."""
        return None if self.regions is None else self.regions.hit(x, y)

    def on_region(self, callback: Callable[[str], None]) -> None:
        """Call `callback(name)` when a region is clicked outside the grid."""
        self._region_callbacks.append(callback)

    def _on_mouse_down(self, x: Any, y: Any) -> None:
        cell = self.hit(x, y)
        if cell is None:
            name = self.hit_region(x, y)
            if name is not None:
                for callback in list(self._region_callbacks):
                    callback(name)
            return
        for callback in list(self._cell_callbacks):
            callback(*cell)
