"""Galopp Royal's canvas as pure draw lists, from a seat's view of the game (``game.view(seat)``).

One canvas holds two grids of the widget kit: the **course** (one lane per chair, one column per
space: the shell pond, the spaces behind START, START, then spaces 1 … 30, so the six goal
positions all show) and the **bearer boards** (one row per player, slots 1–4). Beside the boards:
the podium of the current race with its prizes and, for a moment after each roll, the die. Where
each sits — wide, or wrapped for a phone-sized page — is `layout.py`'s `Layout`.

Targets have names: ``chair:<seat>`` (where that chair stands), ``lane:<seat>:<space>`` (any other
cell of the course), ``slot:<seat>:<1-4>`` (a board's slot: a region of the canvas), ``space:<n>``
(a whole column, for highlights) and ``button:<name>``; `parse_target` reads them (and nothing
else).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..ui.board import (
    BACKGROUND,
    HIGHLIGHTS,
    OKABE_ITO,
    PIECES,
    STATIC,
    TEXT,
    Geometry,
    Op,
    draw_discs,
    draw_grid,
    draw_marks,
)
from ..ui.fonts import localize_fonts
from ..ui.i18n import t
from .layout import COURSE_COLS, DIE_SIZE, LEFT, PODIUM_H, PODIUM_W, POND_COL, START_COL, Layout, layout_for
from .tables import GOALS, POND_DEPTH, PRIZES, SLOTS
from .text import CARD_SHORT, place_text, player_name

__all__ = ["COURSE_COLS", "LEFT", "POND_COL", "START_COL", "layout_for"]  # the layout's names, re-exported

# Chair colours (Okabe–Ito) with the player's number on every chair: colour is never alone.
CHAIR_FILL = [OKABE_ITO["vermillion"], OKABE_ITO["blue"], OKABE_ITO["green"], OKABE_ITO["yellow"],
              OKABE_ITO["purple"], OKABE_ITO["sky"]]
CHAIR_INK = ["#FFFFFF", "#FFFFFF", "#FFFFFF", "#000000", "#000000", "#000000"]
# Bearer cards: fill and a short label (the label carries the meaning, the fill only helps).
CARD_FILL = {"+1": "#DCEEF8", "+2": "#B4DBF1", "+3": "#56B4E9", "+5": "#0072B2",
             "goof": "#D55E00", "schemer": "#CC79A7"}
CARD_INK = {"+1": TEXT, "+2": TEXT, "+3": TEXT, "+5": "#FFFFFF", "goof": "#FFFFFF", "schemer": TEXT}
POND_FILL = "#BFE0F0"
BEHIND_FILL = "#DCD3C0"
BEYOND_FILL = "#F3F0E8"
MAX_SPACE = max(GOALS)
MAX_FRAMES = 16         # a long sequence of moves is shown in at most this many steps
BUTTONS = ("bid", "bid_amount", "pass", "roll", "keep", "confirm", "scheme_plus", "scheme_minus")
Marks = list[tuple[str, list[str]]]  # (highlight kind, target names)


def space_col(space: int, goal: int) -> int:
    """Course column of a space (chairs past the goal stand on it; below the pond edge: pond)."""
    if space < -POND_DEPTH:
        return POND_COL
    return START_COL + min(space, goal)


def chair_cols(table: dict[str, Any]) -> list[int]:
    """The course column of each chair in a view of the game (a pond chair has no position)."""
    return [POND_COL if space is None else space_col(space, table["goal"]) for space in table["positions"]]


def parse_target(name: Any) -> tuple | None:
    """``"chair:2"`` -> ("chair", 2); ``"slot:1:4"`` -> ("slot", 1, 4); ``"lane:0:-2"`` ->
    ("lane", 0, -2); ``"space:-2"``, ``"button:roll"``; None for anything else."""
    if not isinstance(name, str) or len(name) > 40:
        return None
    kind, _, rest = name.partition(":")
    try:
        if kind == "chair":
            return ("chair", int(rest))
        if kind in ("slot", "lane"):
            seat, _, slot = rest.partition(":")
            return (kind, int(seat), int(slot))
        if kind == "space":
            return ("space", int(rest))
    except ValueError:
        return None
    if kind == "button" and rest in BUTTONS:
        return ("button", rest)
    return None


def course_target(seat: int, col: int, cols: list[int]) -> str:
    """The name of a course cell: the chair standing there (chairs in columns `cols`), else the
    lane's space (the pond column is space −POND_DEPTH−1)."""
    return f"chair:{seat}" if col == cols[seat] else f"lane:{seat}:{col - START_COL}"


def course_cell(target: tuple, cols: list[int]) -> tuple[int, int] | None:
    """The course cell of a parsed ``chair`` or ``lane`` target, or None."""
    n = len(cols)
    if target[0] == "chair" and 0 <= target[1] < n:
        return target[1], cols[target[1]]
    if target[0] == "lane" and 0 <= target[1] < n and 0 <= target[2] + START_COL < COURSE_COLS:
        return target[1], target[2] + START_COL
    return None


# -- the layers ----------------------------------------------------------------------------------
def static_ops(layout: Layout, goal: int, lang: str) -> list[Op]:
    """The course band by band (pond, spaces behind START, the spaces past this race's goal
    shaded; START and the six goals marked, this race's thick) and the empty bearer boards."""
    n, boards = layout.players, layout.boards
    ops: list[Op] = [(STATIC, "clear", ()), (STATIC, "set:fill_style", (BACKGROUND,)),
                     (STATIC, "fill_rect", (0, 0, layout.width, layout.height))]
    names = [t("gr.pond", lang)[:1].upper()] + [str(s) for s in range(-POND_DEPTH, 0)] + ["S"]
    names += [str(s) for s in range(1, MAX_SPACE + 1)]
    lanes = [t("gr.lane_short", lang, n=s + 1) if layout.narrow else player_name(s, lang) for s in range(n)]
    for band in range(layout.bands):
        first, g = layout.band_lanes(band)
        label_y = g.top - g.cell / 2 + 8 if layout.narrow else None  # narrow: in the band's label row
        ops += draw_grid(g, lanes, names[first:first + g.cols], clear=False, label_y=label_y)
        ops += band_marks(g, first, goal, label_y, lang)
    ops += draw_grid(boards, lanes, [str(i) for i in range(1, SLOTS + 1)], clear=False, label_y=boards.top - 12)
    return localize_fonts(ops, lang)


def band_marks(g: Geometry, first: int, goal: int, label_y: float | None, lang: str | None = None) -> list[Op]:
    """One band of the course (lanes `g`, course columns from `first`): the shaded pond, spaces
    behind START and past the goal, the START line and the goal lines with their race labels."""
    n, last = g.rows, first + g.cols
    ops: list[Op] = []
    shades = ((POND_FILL, range(POND_COL, POND_COL + 1)), (BEHIND_FILL, range(1, START_COL)),
              (BEYOND_FILL, range(START_COL + goal + 1, COURSE_COLS)))
    for fill, cols in shades:
        cols = [c - first for c in cols if first <= c < last]
        if cols:
            rr, cc = np.repeat(np.arange(n), len(cols)), np.tile(np.array(cols), n)
            ops += [(STATIC, "set:fill_style", (fill,)),
                    (STATIC, "fill_rects", (g.left + cc * g.cell + 1, g.top + rr * g.cell + 1, g.cell - 2, g.cell - 2))]
    ops += [(STATIC, "set:stroke_style", (TEXT,)), (STATIC, "set:text_align", ("center",)),
            (STATIC, "set:text_baseline", ("middle",))]
    if first <= START_COL < last:
        x = g.left + (START_COL - first) * g.cell
        ops += [(STATIC, "set:line_width", (2.0,)), (STATIC, "stroke_line", (x, g.top, x, g.top + n * g.cell))]
    for race, gpos in enumerate(GOALS, start=1):
        col = START_COL + gpos
        if not first <= col < last:
            continue
        x = g.left + (col - first + 1) * g.cell  # the goal line: right of the goal's space
        current = gpos == goal
        label_at = 8 if label_y is None else label_y - 16
        ops += [(STATIC, "set:line_width", (4.0 if current else 1.0,)),
                (STATIC, "set_line_dash", ([] if current else [4, 3],)),
                (STATIC, "stroke_line", (x, g.top - 12, x, g.top + n * g.cell)),
                (STATIC, "set:fill_style", (TEXT,)),
                (STATIC, "set:font", ("bold 12px sans-serif" if current else "11px sans-serif",)),
                (STATIC, "fill_text", (t("gr.race_label", lang, race=race) + (" ⚑" if current else ""),
                                       x - g.cell / 2, label_at))]
    return ops + [(STATIC, "set_line_dash", ([],))]


def piece_ops(layout: Layout, table: dict[str, Any], cols: list[int], shown: Sequence[list[str] | None],
              lang: str) -> list[Op]:
    """Chairs in course columns `cols`, the bearers `shown` on each board, coins and the podium."""
    b, n = layout.boards, layout.players
    ops = draw_discs(layout.course, [(*layout.grid_cell(s, cols[s]), CHAIR_FILL[s], str(s + 1), CHAIR_INK[s])
                                     for s in range(n)])
    cells: dict[str, list[tuple[int, int]]] = {}  # bearers batched per kind, each with its label
    labels = []
    for seat, board in enumerate(shown):
        for slot, card in enumerate(board or ()):
            cells.setdefault(card, []).append((seat, slot))
            labels.append((seat, slot, card))
    for card, where in cells.items():
        rr = np.array([r for r, _ in where])
        cc = np.array([c for _, c in where])
        ops += [(PIECES, "set:fill_style", (CARD_FILL[card],)),
                (PIECES, "fill_rects", (b.left + cc * b.cell + 3, b.top + rr * b.cell + 3, b.cell - 6, b.cell - 6))]
    ops += [(PIECES, "set:font", ("bold 15px sans-serif",)), (PIECES, "set:text_align", ("center",)),
            (PIECES, "set:text_baseline", ("middle",))]
    for seat, slot, card in labels:
        cx, cy = b.cell_centre(seat, slot)
        ops += [(PIECES, "set:fill_style", (CARD_INK[card],)), (PIECES, "fill_text", (CARD_SHORT[card], cx, cy))]
    ops += [(PIECES, "set:fill_style", (TEXT,)), (PIECES, "set:font", ("13px sans-serif",)),
            (PIECES, "set:text_align", ("left",))]
    for seat in range(n):
        _, cy = b.cell_centre(seat, 0)
        x = b.left + b.cols * b.cell + 10
        coins = t("gr.coins", lang, coins=table["coins"][seat])
        if table["boards"][seat] is None:  # two short lines: they fit beside a narrow board too
            ops += [(PIECES, "fill_text", (coins, x, cy - 8)),
                    (PIECES, "fill_text", (t("gr.no_team", lang), x, cy + 8))]
        else:
            ops.append((PIECES, "fill_text", (coins, x, cy)))
    return localize_fonts(ops + podium_ops(layout, table, lang), lang)


def racing(table: dict[str, Any]) -> bool:
    return table["phase"] in ("race", "scheme")


def podium_order(table: dict[str, Any]) -> list[int]:
    """Seats on the podium: the finishers so far, or the last race's final order."""
    if racing(table):
        return list(table["finished"])
    return list(table["results"][-1]) if table["results"] else []


def podium_ops(layout: Layout, table: dict[str, Any], lang: str) -> list[Op]:
    """The podium: three steps, each with its place and this race's prize, the chairs on them and,
    between races, who placed last."""
    x0, y0 = layout.podium
    step_w, base = PODIUM_W / 3, y0 + PODIUM_H - 26
    heights = {1: 90.0, 2: 64.0, 3: 44.0}
    xs = {2: x0, 1: x0 + step_w, 3: x0 + 2 * step_w}
    prizes = dict(zip((1, 2, 3), PRIZES[table["race"] - 1], strict=True))
    ops: list[Op] = [(PIECES, "set:fill_style", ("#D9D0BC",))]
    for place, h in heights.items():
        ops.append((PIECES, "fill_rect", (xs[place], base - h, step_w - 4, h)))
    ops += [(PIECES, "set:fill_style", (TEXT,)), (PIECES, "set:font", ("12px sans-serif",)),
            (PIECES, "set:text_align", ("center",))]
    for place, h in heights.items():
        cx = xs[place] + step_w / 2 - 2
        ops += [(PIECES, "fill_text", (place_text(place, lang), cx, base - h + 13)),
                (PIECES, "fill_text", (t("gr.prize", lang, coins=prizes[place]), cx, base - h + 29))]
    for place, seat in enumerate(podium_order(table)[:3], start=1):
        cx, cy = xs[place] + step_w / 2 - 2, base - heights[place] - 14
        ops += [(PIECES, "set:fill_style", (CHAIR_FILL[seat],)), (PIECES, "fill_circle", (cx, cy, 12)),
                (PIECES, "set:stroke_style", (TEXT,)), (PIECES, "set:line_width", (2.0,)),
                (PIECES, "stroke_circle", (cx, cy, 12)), (PIECES, "set:fill_style", (CHAIR_INK[seat],)),
                (PIECES, "set:font", ("bold 13px sans-serif",)), (PIECES, "fill_text", (str(seat + 1), cx, cy + 1))]
    if not racing(table) and table["results"]:
        ops += [(PIECES, "set:fill_style", (TEXT,)), (PIECES, "set:font", ("12px sans-serif",)),
                (PIECES, "fill_text", (t("gr.last", lang, player=player_name(table["last_placed"], lang)),
                                       x0 + PODIUM_W / 2, base + 14))]
    return ops


def cells(names: Sequence[str], cols: list[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Course cells (seat, course column) and board cells of named targets (buttons and junk have
    none)."""
    course, boards = [], []
    n = len(cols)
    for target in filter(None, map(parse_target, names)):
        cell = course_cell(target, cols)
        if cell is not None:
            course.append(cell)
        elif target[0] == "slot" and 0 <= target[1] < n and 1 <= target[2] <= SLOTS:
            boards.append((target[1], target[2] - 1))
        elif target[0] == "space":
            col = space_col(target[1], MAX_SPACE)
            course += [(r, col) for r in range(n)]
    return course, boards


def highlight_ops(layout: Layout, marks: Marks, cols: list[int], die: dict[str, Any] | None,
                  lang: str) -> list[Op]:
    """Marks on both grids, and the die (a roll ``{"seat", "die", "card"}``) when shown."""
    course_marks, board_marks = [], []
    for kind, targets in marks:
        on_course, on_boards = cells(targets, cols)
        course_marks.append((kind, [layout.grid_cell(*cell) for cell in on_course]))
        board_marks.append((kind, on_boards))
    ops = draw_marks(layout.course, course_marks) + draw_marks(layout.boards, board_marks, clear=False)
    return localize_fonts(ops + die_ops(layout, die, lang), lang) if die else ops


def die_ops(layout: Layout, roll: dict[str, Any], lang: str) -> list[Op]:
    x, y = layout.die
    size = DIE_SIZE
    label = f"{player_name(roll['seat'], lang)}: {CARD_SHORT[roll['card']]}"
    return [(HIGHLIGHTS, "set:fill_style", ("#FFFFFF",)), (HIGHLIGHTS, "fill_rect", (x, y, size, size)),
            (HIGHLIGHTS, "set:stroke_style", (CHAIR_FILL[roll["seat"]],)), (HIGHLIGHTS, "set:line_width", (5.0,)),
            (HIGHLIGHTS, "stroke_rect", (x, y, size, size)), (HIGHLIGHTS, "set:fill_style", (TEXT,)),
            (HIGHLIGHTS, "set:text_align", ("center",)), (HIGHLIGHTS, "set:text_baseline", ("middle",)),
            (HIGHLIGHTS, "set:font", ("bold 44px sans-serif",)),
            (HIGHLIGHTS, "fill_text", (str(roll["die"]), x + size / 2, y + size / 2 - 6)),
            (HIGHLIGHTS, "set:font", ("bold 13px sans-serif",)),
            (HIGHLIGHTS, "fill_text", (label, x + size / 2, y + size - 11))]


# -- animation -----------------------------------------------------------------------------------
def animation_frames(moves: Sequence[Any], start: list[int], goal: int) -> list[list[int]]:
    """Chair columns step by step through `moves` (chair-moved events) from columns `start`:
    one frame per space entered, at most MAX_FRAMES (evenly picked)."""
    frames: list[list[int]] = []
    cur = list(start)
    for move in moves:
        step = 1 if move.after > move.before else -1
        for space in range(move.before + step, move.after + step, step):
            col = space_col(space, goal)
            if col != cur[move.seat]:
                cur = list(cur)
                cur[move.seat] = col
                frames.append(cur)
    if len(frames) > MAX_FRAMES:
        picks = np.linspace(0, len(frames) - 1, MAX_FRAMES).round().astype(int)
        frames = [frames[i] for i in picks]
    return frames
