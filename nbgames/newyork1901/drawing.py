"""New York 1901's canvas as pure draw lists, from a seat's view of the game (``game.view(seat)``).

Colour is never alone: every lot carries its district's letter, parks a "♣", buildings their
tier's letter and their owner's number (``S2``: silver, player 2), workers their owner's number,
market cards their district letter and size, tiles their name, tier and VP. District fills come
from the Okabe–Ito palette (lightened, so the players' buildings stand out on them). A building
sits a few pixels inside its cells, so two of one player side by side show their border. Names
(districts, avenues, legendaries, the challenge card) are written in the page's language, in
katakana in Japanese (ウォール街), with a Japanese font (`ui/fonts.py`); a label within a box
takes a smaller font where it would not fit. Where things sit is `layout.py`'s; in the narrow
layout the map is clipped to its window.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from ..i18n import N_, _, resolve
from ..ui.board import BACKGROUND, GRID, HIGHLIGHT_KINDS, HIGHLIGHTS, OKABE_ITO, PIECES, STATIC, TEXT, Op, contrast_text
from ..ui.fonts import fit_size, localize_fonts, text_width
from ..ui.i18n import t
from ..ui.tiles import Polyomino, draw_tile_preview, draw_tiles
from .layout import TRACK_ROW, Layout, market_box, window_starts

SEAT_FILL = [OKABE_ITO["vermillion"], OKABE_ITO["blue"], OKABE_ITO["black"], "#FFFFFF"]
TIER_MARK = {"bronze": "B", "silver": "S", "gold": "G", "legendary": "L"}
TIER_FILL = {"bronze": "#C9874A", "silver": "#C8C8C8", "gold": "#E8C547", "legendary": "#7A5C99"}
PARK_FILL = "#A9A9A9"
AVENUE_INK = "#1F2A44"
LOCKED_FILL = "#E4E0D8"
UNUSED_FILL = "#D9D6CF"  # a district left out (2 players, NY1901-1)
UNLOCKS = (("silver", 6), ("gold", 18))  # NY1901-5
BUILDING_GAP = 3.0  # a building sits this far inside its cells' edge: two of one player show their border
Marks = list[tuple[str, list[str]]]
# The names the canvas writes, in the page's language (katakana in Japanese: ウォール街, グリニッジ).
DISTRICT_NAMES = (N_("Greenwich"), N_("Gramercy"), N_("Midtown"), N_("Five Points"), N_("Bowery"))
AVENUE_NAMES = (N_("Broadway"), N_("Wall St"), N_("Pine St"), N_("Nassau St"), N_("Cedar St"))
LEGENDARY_NAMES = (N_("Flatiron"), N_("Woolworth"), N_("Chrysler"), N_("Empire"))
# A challenge card on the canvas: its name as the seed writes it, in Japanese with its reading.
CHALLENGE_LINES = {
    "gold_tycoon": N_("Challenge: Gold Tycoon (NY1901-12)"),
    "master_architect": N_("Challenge: Master Architect (NY1901-12)"),
    "gold_prestige": N_("Challenge: Gold Prestige (NY1901-12)"),
    "bronze_baron": N_("Challenge: Bronze Baron (NY1901-12)"),
    "generation_king": N_("Challenge: Generation King (NY1901-12)"),
}


def shown_name(text: str, lang: str | None) -> str:
    """A district's, avenue's or legendary's name as the canvas writes it in `lang`."""
    return _(text, resolve(lang))


def challenge_line(challenge: str, lang: str | None) -> str:
    """The challenge card in play, as one line of the cards section."""
    line = CHALLENGE_LINES.get(challenge)
    if line is None:
        return t("ny1901.ui.challenge_card", lang, challenge=t(f"ny1901.challenge.{challenge}", lang))
    return _(line, resolve(lang))


def seat_fill(seat: int) -> str:
    return SEAT_FILL[seat % len(SEAT_FILL)]


def tint(colour: str, amount: float = 0.55) -> str:
    """`colour` mixed with white (`amount` of white)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(v + (255 - v) * amount) for v in (r, g, b)]
    return "#" + "".join(f"{v:02X}" for v in mix)


def cell_rc(name: str) -> tuple[int, int]:
    """"C4" -> (2, 3)."""
    return ord(name[0]) - ord("A"), int(name[1:]) - 1


FONT_FAMILY = "sans-serif"


def _font(layer: int, size: float, bold: bool = False, align: str = "center") -> list[Op]:
    return [(layer, "set:font", (f"{'bold ' if bold else ''}{size:g}px {FONT_FAMILY}",)),
            (layer, "set:text_align", (align,)), (layer, "set:text_baseline", ("middle",))]


def _text(layer: int, text: str, x: float, y: float, size: float = 12, bold: bool = False, align: str = "left",
          ink: str = TEXT, room: float | None = None) -> list[Op]:
    """A label; with `room` (its box's width) a smaller font where it would not fit, and the
    canvas's ``max_width`` as a last resort."""
    if room is None:
        return _font(layer, size, bold, align) + [(layer, "set:fill_style", (ink,)), (layer, "fill_text", (text, x, y))]
    size = fit_size(text, room, size, bold)
    return _font(layer, size, bold, align) + [(layer, "set:fill_style", (ink,)),
                                              (layer, "fill_text", (text, x, y, room))]


def _box(layer: int, box: Sequence[float], fill: str, outline: str = GRID, width: float = 1.5) -> list[Op]:
    return [(layer, "set:fill_style", (fill,)), (layer, "fill_rect", tuple(box)),
            (layer, "set:stroke_style", (outline,)), (layer, "set:line_width", (width,)),
            (layer, "stroke_rect", tuple(box))]


def _clip(layer: int, layout: Layout) -> list[Op]:
    """Draw only inside the map's window (a no-op box when the whole map shows)."""
    return [(layer, "save", ()), (layer, "begin_path", ()), (layer, "rect", layout.window_box), (layer, "clip", ())]


def _unclip(layer: int) -> list[Op]:
    return [(layer, "restore", ())]


# -- the static layer: the map -------------------------------------------------------------------
def static_ops(layout: Layout, board: dict[str, Any], avenues_in_play: Sequence[str], districts_in_play: Sequence[str],
               lang: str) -> list[Op]:
    """Background, district fills with their letters (a district not in play: grey), parks, lot
    outlines, avenues with their names, row and column labels, and the titles of the side
    sections."""
    g = layout.grid
    ops: list[Op] = [(STATIC, "clear", ()), (STATIC, "set:fill_style", (BACKGROUND,)),
                     (STATIC, "fill_rect", (0, 0, layout.width, layout.height))]
    ops += _clip(STATIC, layout)
    colours = {d["name"]: tint(d["colour"]) if d["name"] in districts_in_play else UNUSED_FILL
               for d in board["districts"]}
    letters = {d["name"]: d["letter"] for d in board["districts"]}
    lot_of: dict[tuple[int, int], int] = {}
    for index, lot in enumerate(board["lots"]):
        cells = [cell_rc(c) for c in lot["cells"]]
        for rc in cells:
            lot_of[rc] = index
        ops += [(STATIC, "set:fill_style", (colours[lot["district"]],))]
        ops += [(STATIC, "fill_rect", (*g.cell_origin(r, c), g.cell, g.cell)) for r, c in cells]
    parks = [cell_rc(p) for p in board["parks"]]
    ops += [(STATIC, "set:fill_style", (PARK_FILL,))]
    ops += [(STATIC, "fill_rect", (*g.cell_origin(r, c), g.cell, g.cell)) for r, c in parks]
    # thin cell lines, thick lot outlines
    ops += [(STATIC, "set:stroke_style", (GRID,)), (STATIC, "set:line_width", (0.6,))]
    thin, thick = [], []
    for r in range(layout.rows):
        for c in range(layout.cols):
            x, y = g.cell_origin(r, c)
            here = lot_of.get((r, c), -1 - r * layout.cols - c)
            right, below = lot_of.get((r, c + 1), -2), lot_of.get((r + 1, c), -3)
            (thin if here == right else thick).append(((x + g.cell, y), (x + g.cell, y + g.cell)))
            (thin if here == below else thick).append(((x, y + g.cell), (x + g.cell, y + g.cell)))
    ops += [(STATIC, "stroke_line_segments", (_segments(thin),)), (STATIC, "set:stroke_style", (TEXT,)),
            (STATIC, "set:line_width", (2.0,)), (STATIC, "stroke_line_segments", (_segments(thick),)),
            (STATIC, "stroke_rect", (g.left, g.top, layout.cols * g.cell, layout.rows * g.cell))]
    ops += _font(STATIC, 10, True, "left")
    for lot in board["lots"]:
        r, c = cell_rc(lot["cells"][0])
        x, y = g.cell_origin(r, c)
        ink = TEXT
        ops += [(STATIC, "set:fill_style", (ink,)),
                (STATIC, "fill_text", (f"{letters[lot['district']]}{lot['size']}", x + 3, y + 8))]
    ops += _font(STATIC, 16, True)
    ops += [(STATIC, "set:fill_style", (contrast_text(PARK_FILL),))]
    ops += [(STATIC, "fill_text", ("♣", *g.cell_centre(r, c))) for r, c in parks]
    ops += _unclip(STATIC)
    ops += _labels(layout)
    ops += _titles(layout, lang)
    return localize_fonts(ops, lang)


def _segments(pairs: list) -> Any:
    import numpy as np

    return np.array(pairs, dtype=float).reshape(-1, 2, 2)


def _avenue_ops(g, avenues: list[dict[str, Any]], in_play: set[str], lang: str | None = None) -> list[Op]:
    """Each avenue as a thick line on its cell edges, its name written along its longest part
    (avenues whose bonus card is in play: a star before the name). Drawn over the buildings, so
    a building never hides which avenue it touches."""
    layer = PIECES
    ops: list[Op] = []
    for avenue in avenues:
        segments = []
        for kind, at, start, end in avenue["edges"]:
            if kind == "v":  # ("v", column edge, first row, last row edge)
                x = g.left + at * g.cell
                segments.append(((x, g.top + start * g.cell), (x, g.top + end * g.cell)))
            else:  # ("h", row edge, first column, last column edge)
                y = g.top + at * g.cell
                segments.append(((g.left + start * g.cell, y), (g.left + end * g.cell, y)))
        ops += [(layer, "set:stroke_style", (AVENUE_INK,)), (layer, "set:line_width", (5.0,)),
                (layer, "stroke_line_segments", (_segments(segments),))]
        (x1, y1), (x2, y2) = max(segments, key=lambda s: abs(s[1][0] - s[0][0]) + abs(s[1][1] - s[0][1]))
        label = ("★ " if avenue["name"] in in_play else "") + shown_name(avenue["name"], lang)
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        width = text_width(label, 11, True) + 8
        angle = -math.pi / 2 if x1 == x2 else 0.0
        ops += [(layer, "save", ()), (layer, "translate", (cx, cy)), (layer, "rotate", (angle,)),
                (layer, "set:fill_style", (AVENUE_INK,)), (layer, "fill_rect", (-width / 2, -8, width, 16))]
        ops += _text(layer, label, 0, 0, 11, True, "center", "#FFFFFF")
        ops += [(layer, "restore", ())]
    return ops


def _labels(layout: Layout) -> list[Op]:
    g = layout.grid
    r0, c0, nr, nc = layout.window
    ops = _font(STATIC, 12, True)
    ops += [(STATIC, "set:fill_style", (TEXT,))]
    for r in range(r0, r0 + nr):
        ops.append((STATIC, "fill_text", (chr(ord("A") + r), g.left + c0 * g.cell - 13, g.cell_centre(r, 0)[1])))
    for c in range(c0, c0 + nc):
        ops.append((STATIC, "fill_text", (str(c + 1), g.cell_centre(0, c)[0], g.top + r0 * g.cell - 13)))
    return ops


def _titles(layout: Layout, lang: str) -> list[Op]:
    ops: list[Op] = []
    for key, (x, y) in (("market", layout.market_at), ("tiles", layout.tiles_at), ("track", layout.track_at),
                        ("cards", layout.cards_at)):
        ops += _text(STATIC, t(f"ny1901.ui.section.{key}", lang), x, y + 8, 13, True, room=layout.width - x - 4)
    if layout.narrow:
        x, y = layout.picker_at
        ops += _text(STATIC, t("ny1901.ui.section.window", lang), x, y + 8, 13, True, room=layout.width - x - 4)
    return ops


# -- the pieces layer ----------------------------------------------------------------------------
def building_label(building: dict[str, Any]) -> str:
    return f"{TIER_MARK[building['tier']]}{building['owner'] + 1}"


def piece_ops(layout: Layout, table: dict[str, Any], shown: int, tile_names: list[str], lang: str) -> list[Op]:
    """Buildings (owner's colour, tier letter and owner number), workers, the market, the shown
    seat's tiles and the legendaries, the VP track and the cards in play."""
    g = layout.grid
    ops: list[Op] = [(PIECES, "clear", ())]
    ops += _clip(PIECES, layout)
    buildings = [([cell_rc(c) for c in b["cells"]], seat_fill(b["owner"]), building_label(b))
                 for b in table["buildings"]]
    ops += draw_tiles(g, buildings, layer=PIECES, clear=False, gap=BUILDING_GAP)
    ops += _avenue_ops(g, table["board"]["avenues"], set(table["avenues_in_play"]), lang)
    ops += _worker_ops(g, table)
    ops += _unclip(PIECES)
    ops += _market_ops(layout, table, lang)
    ops += _tile_ops(layout, table, shown, tile_names, lang)
    ops += _track_ops(layout, table, lang)
    ops += _cards_ops(layout, table, lang)
    if layout.narrow:
        ops += _picker_ops(layout)
    return localize_fonts(ops, lang)


def worker_cell(table: dict[str, Any], lot_name: str) -> tuple[int, int]:
    """Where a worker stands: its lot's first cell with no building."""
    lot = next(lot for lot in table["board"]["lots"] if lot["name"] == lot_name)
    built = {c for b in table["buildings"] for c in b["cells"]}
    return cell_rc(next((c for c in lot["cells"] if c not in built), lot["cells"][0]))


def _worker_ops(g, table: dict[str, Any]) -> list[Op]:
    ops: list[Op] = []
    radius = g.cell * 0.3
    for lot_name, seat in sorted(table["workers"].items()):
        x, y = g.cell_centre(*worker_cell(table, lot_name))
        fill = seat_fill(seat)
        ops += [(PIECES, "set:fill_style", (fill,)), (PIECES, "fill_circle", (x, y, radius)),
                (PIECES, "set:stroke_style", (TEXT,)), (PIECES, "set:line_width", (2.0,)),
                (PIECES, "stroke_circle", (x, y, radius))]
        ops += _text(PIECES, str(seat + 1), x, y + 1, 14, True, "center", contrast_text(fill))
    return ops


def district_of_card(table: dict[str, Any], card: str) -> dict[str, Any]:
    """A lot card's district ("green2" -> the green district's facts)."""
    return next(d for d in table["board"]["districts"] if card.startswith(d["name"]))


def _market_ops(layout: Layout, table: dict[str, Any], lang: str | None = None) -> list[Op]:
    ops: list[Op] = []
    for i, card in enumerate(table["market"]):
        district = district_of_card(table, card)
        x, y, w, h = box = market_box(layout, i)
        ops += _box(PIECES, box, tint(district["colour"], 0.3), TEXT, 2.0)
        ops += _text(PIECES, f"{district['letter']}{card[len(district['name']):]}", x + w / 2, y + 15, 16, True,
                     "center")
        ops += _text(PIECES, shown_name(district["title"], lang), x + w / 2, y + h - 11, 10, False, "center",
                     room=w - 6)
    return ops


def tile_facts(table: dict[str, Any], shown: int, name: str) -> dict[str, Any]:
    """A tile of the board's set with how many the shown seat has left (legendaries: 1 while free)."""
    tile = next(x for x in table["board"]["tiles"] if x["name"] == name)
    seat = table["seats"][shown]
    if tile["tier"] == "legendary":
        owner = table["legendaries"].get(name)
        left = 1 if owner is None and seat["legendary"] is None else 0
        return {**tile, "left": left, "owner": owner}
    return {**tile, "left": seat["tiles_left"].get(name, 0), "owner": None}


def tier_open(table: dict[str, Any], shown: int, tier: str) -> bool:
    """Whether the shown seat may build this tier now (NY1901-5)."""
    order = ["bronze", "silver", "gold"]
    unlocked = table["seats"][shown]["tier"]
    return order.index("gold" if tier == "legendary" else tier) <= order.index(unlocked)


def _tile_ops(layout: Layout, table: dict[str, Any], shown: int, names: list[str], lang: str) -> list[Op]:
    ops: list[Op] = []
    for i, name_ in enumerate(names):
        tile = tile_facts(table, shown, name_)
        x, y, w, h = box = layout.tile_box(i)
        usable = tile["left"] > 0 and tier_open(table, shown, tile["tier"])
        ops += _box(PIECES, box, "#FFFFFF" if usable else LOCKED_FILL, TEXT if usable else GRID)
        shape = Polyomino.from_picture(tile["shape"])
        unit = min(9.0, 34.0 / max(shape.width, shape.height))
        sx, sy = x + 4, y + 4
        fill = TIER_FILL[tile["tier"]] if usable else "#BBBBBB"
        ops += [(PIECES, "set:fill_style", (fill,))]
        ops += [(PIECES, "fill_rect", (sx + c * unit, sy + r * unit, unit - 1, unit - 1)) for r, c in shape.cells]
        ops += _text(PIECES, f"{tile['vp']}", x + w - 6, y + 12, 14, True, "right")
        label = shown_name(name_, lang) if tile["tier"] == "legendary" else name_
        ops += _text(PIECES, label, x + w / 2, y + h - 20, 11, True, "center", room=w - 6)
        if tile["owner"] is not None:
            note = t("ny1901.ui.tile_owner", lang, n=tile["owner"] + 1)
        elif not tier_open(table, shown, tile["tier"]):
            note = t("ny1901.ui.tile_locked", lang, vp=dict(UNLOCKS)["gold" if tile["tier"] == "legendary" else
                                                                     tile["tier"]])
        else:
            note = f"×{tile['left']}"
        ops += _text(PIECES, note, x + w / 2, y + h - 8, 10, False, "center", room=w - 6)
    return ops


def _track_ops(layout: Layout, table: dict[str, Any], lang: str | None = None) -> list[Op]:
    """One bar per seat: its VP, with the unlock marks at 6 (silver) and 18 (gold)."""
    x0, y0 = layout.track_at
    x0 += 34
    width = layout.track_w - 34
    top = max(40, max(s["vp"] for s in table["seats"]) + 5)
    ops: list[Op] = []
    for seat, facts in enumerate(table["seats"]):
        y = y0 + 18 + seat * TRACK_ROW
        ops += _text(PIECES, f"P{seat + 1}", x0 - 30, y + TRACK_ROW / 2 - 2, 12, True)
        ops += _box(PIECES, (x0, y + 2, width, TRACK_ROW - 8), "#FFFFFF")
        length = width * min(facts["vp"], top) / top
        ops += [(PIECES, "set:fill_style", (seat_fill(seat),)),
                (PIECES, "fill_rect", (x0, y + 2, length, TRACK_ROW - 8))]
        ops += [(PIECES, "set:stroke_style", (TEXT,)), (PIECES, "set:line_width", (1.0,)),
                (PIECES, "stroke_rect", (x0, y + 2, length, TRACK_ROW - 8))]
        label_x = x0 + length + 4 if length < width - 40 else x0 + length - 4
        ops += _text(PIECES, _("{n} VP", resolve(lang)).format(n=facts["vp"]), label_x, y + TRACK_ROW / 2 - 2, 11, True,
                     "left" if length < width - 40 else "right",
                     TEXT if length < width - 40 else contrast_text(seat_fill(seat)))
    bottom = y0 + 18 + len(table["seats"]) * TRACK_ROW
    for tier, vp in UNLOCKS:
        x = x0 + width * vp / top
        ops += [(PIECES, "set:stroke_style", (TEXT,)), (PIECES, "set:line_width", (2.0,)),
                (PIECES, "set_line_dash", ([4, 3],)),
                (PIECES, "stroke_line", (x, y0 + 16, x, bottom)), (PIECES, "set_line_dash", ([],))]
        ops += _text(PIECES, f"{vp}: {TIER_MARK[tier]}", x + 3, bottom + 6, 10, True)
    return ops


def _cards_ops(layout: Layout, table: dict[str, Any], lang: str) -> list[Op]:
    x, y = layout.cards_at
    comma = "、" if resolve(lang) == "ja" else ", "
    avenues = comma.join(shown_name(a, lang) for a in table["avenues_in_play"])
    lines = [t("ny1901.ui.avenue_cards", lang), "  " + avenues,
             challenge_line(table["challenge"], lang), t("ny1901.ui.pile", lang, n=table["pile_size"])]
    ops: list[Op] = []
    for i, line in enumerate(lines):
        ops += _text(PIECES, line, x, y + 26 + i * 16, 12, room=layout.width - x - 6)
    return ops


def _picker_ops(layout: Layout) -> list[Op]:
    """The narrow map's window picker: the window shown is filled."""
    rows, cols = window_starts(layout.rows), window_starts(layout.cols)
    r0, c0, _, _ = layout.window
    ops: list[Op] = []
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            here = (r, c) == (r0, c0)
            box = layout.picker_box(i, j)
            ops += _box(PIECES, box, AVENUE_INK if here else "#FFFFFF", TEXT)
            ops += _text(PIECES, f"{chr(ord('A') + r)}{c + 1}", box[0] + box[2] / 2, box[1] + box[3] / 2, 10, True,
                         "center", "#FFFFFF" if here else TEXT)
    return ops


# -- the highlights layer ------------------------------------------------------------------------
def highlight_ops(layout: Layout, cell_marks: Sequence[tuple[str, Iterable[tuple[int, int]]]],
                  region_marks: Sequence[tuple[str, Sequence[Sequence[float]]]],
                  preview: tuple[list[tuple[int, int]], bool] | None) -> list[Op]:
    """Outlines on cells (lit lots, lesson marks, the cursor) and regions (the chosen market card
    or tile), and the picked tile's green or red preview under the pointer."""
    g = layout.grid
    ops: list[Op] = [(HIGHLIGHTS, "clear", ())]
    ops += _clip(HIGHLIGHTS, layout)
    for kind, cells in cell_marks:
        colour, width, dashed = HIGHLIGHT_KINDS.get(kind, HIGHLIGHT_KINDS["hint"])
        inset = 3 + width / 2
        boxes = [(g.left + c * g.cell + inset, g.top + r * g.cell + inset, g.cell - 2 * inset, g.cell - 2 * inset)
                 for r, c in cells]
        if boxes:
            ops += [(HIGHLIGHTS, "set:stroke_style", (colour,)), (HIGHLIGHTS, "set:line_width", (width,)),
                    (HIGHLIGHTS, "set_line_dash", ([6, 4] if dashed else [],))]
            ops += [(HIGHLIGHTS, "stroke_rect", box) for box in boxes]
    ops.append((HIGHLIGHTS, "set_line_dash", ([],)))
    if preview is not None:
        ops += draw_tile_preview(g, preview[0], preview[1], clear=False)
    ops += _unclip(HIGHLIGHTS)
    for kind, boxes in region_marks:
        colour, width, _ = HIGHLIGHT_KINDS.get(kind, HIGHLIGHT_KINDS["hint"])
        ops += [(HIGHLIGHTS, "set:stroke_style", (colour,)), (HIGHLIGHTS, "set:line_width", (width,))]
        ops += [(HIGHLIGHTS, "stroke_rect", (x - 3, y - 3, w + 6, h + 6)) for x, y, w, h in boxes]
    return ops
