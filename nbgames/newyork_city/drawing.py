"""New York City's canvas as pure draw lists, from a seat's view of the game (``game.view(seat)``).

Colour is never alone: districts carry their letter, buildings and press markers their player's
number (black: "N"), cards their kind letter, vehicles and lanterns the first letters of their
colour, characters their number and phase. Fills come from the Okabe–Ito palette where the game
has that many colours. The lanterns sit on the districts' edges; what a district holds (the
mayor's tag, the blocks of buildings, its value) stays inside, clear of them (`interior`).
District names are in the page's language (katakana in Japanese), in a Japanese font on a
Japanese page (`ui/fonts.py`). Where things sit is `layout.py`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import current, localize
from ..ui.board import BACKGROUND, CELL, GRID, OKABE_ITO, PIECES, STATIC, TEXT, Op, contrast_text
from ..ui.fonts import fit_size, localize_fonts, text_width
from ..ui.i18n import t
from ..ui.regions import RegionMap, draw_region_marks
from .layout import TRACK_SPACES, Layout, fame_box, reserve_letters

SEAT_FILL = [OKABE_ITO["vermillion"], OKABE_ITO["blue"], OKABE_ITO["green"], OKABE_ITO["purple"]]
NEUTRAL_FILL = "#000000"
# The card kinds' fills in the order of the data's kinds (P, D, E, A, V, C by default), the wild
# card last: by place, not by letter, so a user's data that reletters the kinds keeps its colours.
KIND_FILLS = (OKABE_ITO["sky"], OKABE_ITO["yellow"], OKABE_ITO["orange"], OKABE_ITO["green"],
              OKABE_ITO["purple"], OKABE_ITO["vermillion"], "#FFFFFF")
UNKNOWN_CARD_FILL = "#DDD"
COLOUR_FILL = {"yellow": OKABE_ITO["yellow"], "red": OKABE_ITO["vermillion"], "blue": OKABE_ITO["blue"],
               "green": OKABE_ITO["green"], "white": "#FFFFFF", "orange": OKABE_ITO["orange"],
               "purple": OKABE_ITO["purple"], "pink": "#F7C6DC", "teal": "#5FB8A8", "brown": "#8B5A2B"}
MAYOR_FILL = "#FFF4C2"
USED_FILL = "#BDB7AA"
PHASE_MARK = {1: "1", 2: "2", 3: "3", "end": "E"}
LANTERN_R = 9.0
# Inside a district box (x, y, w, h) everything the pieces layer draws keeps to its interior,
# INSET pixels from the edge: the lanterns sit on the edges (a disc of LANTERN_R, see
# `lantern_ops`) and stay readable whatever the district holds (the mayor, five blocks).
INSET = LANTERN_R + 1
BLOCK_W, BLOCK_H, BLOCK_STEP = 26.0, 18.0, 28.0   # a player's (or the black) buildings: "2·3"
HEADER_H = 20.0                                   # the letter and the name, on the static layer
Marks = list[tuple[str, list[str]]]


def colour_fill(name: str) -> str:
    return COLOUR_FILL.get(name, "#BBBBBB")


def colour_tag(name: str, lang: str | None = None) -> str:
    """Two letters naming a colour on the canvas (the second cue beside the fill); in Japanese
    the first character of the colour's name (黄, 赤, 紫 …)."""
    if (lang or current()) != "en":
        return localize(name, lang)[:1]
    return name[:2].capitalize()


def seat_fill(seat: int) -> str:
    return SEAT_FILL[seat % len(SEAT_FILL)]


def _font(layer: int, size: float, bold: bool = False, align: str = "center") -> list[Op]:
    weight, family = "bold " if bold else "", "sans-serif"
    return [(layer, "set:font", (f"{weight}{size:g}px {family}",)),
            (layer, "set:text_align", (align,)), (layer, "set:text_baseline", ("middle",))]


def _box(layer: int, box: tuple[float, float, float, float], fill: str, label: str = "", *,
         outline: str = GRID, size: float = 13, width: float = 1.5) -> list[Op]:
    """A filled, outlined rectangle with a centred label in the contrasting ink."""
    x, y, w, h = box
    ops: list[Op] = [(layer, "set:fill_style", (fill,)), (layer, "fill_rect", (x, y, w, h)),
                     (layer, "set:stroke_style", (outline,)), (layer, "set:line_width", (width,)),
                     (layer, "stroke_rect", (x, y, w, h))]
    if label:
        lines = label.split("\n")
        size = min(fit_size(line, w - 4, size, True) for line in lines)
        ops += _font(layer, size, bold=True)
        for i, line in enumerate(lines):
            ops += [(layer, "set:fill_style", (contrast_text(fill),)),
                    (layer, "fill_text", (line, x + w / 2, y + h / 2 + (i - (len(lines) - 1) / 2) * (size + 1),
                                          w - 4))]
    return ops


def _text(layer: int, text: str, x: float, y: float, size: float = 12, bold: bool = False,
          align: str = "left", room: float | None = None) -> list[Op]:
    """A label; with `room` (the width it may take) a smaller font where it would not fit, and
    the canvas's ``max_width`` as a last resort."""
    ink: list[Op] = [(layer, "set:fill_style", (TEXT,))]
    if room is None:
        return _font(layer, size, bold, align) + ink + [(layer, "fill_text", (text, x, y))]
    size = fit_size(text, room, size, bold)
    return _font(layer, size, bold, align) + ink + [(layer, "fill_text", (text, x, y, room))]


def interior(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Where a district's contents go: its box without the lanterns' band along the edges."""
    x, y, w, h = box
    return x + INSET, y + INSET, w - 2 * INSET, h - 2 * INSET


def block_box(box: tuple[float, float, float, float], k: int) -> tuple[float, float, float, float]:
    """The k-th block of buildings in a district (3 a row, two rows below the value line); the
    sixth place (k = 5) is the mayor's tag."""
    ix, iy, iw, ih = interior(box)
    col, row = k % 3, k // 3
    return ix + 2 + col * BLOCK_STEP, iy + ih - 2 * BLOCK_H - 2 + row * (BLOCK_H + 2), BLOCK_W, BLOCK_H


# -- the static layer --------------------------------------------------------------------------
def static_ops(layout: Layout, table: dict[str, Any], lang: str) -> list[Op]:
    """Background, routes with their lanterns, district frames with letter and name, the press
    track's spaces and every section's title."""
    return without_repeats(localize_fonts(_static_ops(layout, table, lang), lang))


def _static_ops(layout: Layout, table: dict[str, Any], lang: str) -> list[Op]:
    ops: list[Op] = [(STATIC, "clear", ()), (STATIC, "set:fill_style", (BACKGROUND,)),
                     (STATIC, "fill_rect", (0, 0, layout.width, layout.height))]
    letters = [d["letter"] for d in table["districts"]]
    ops += [(STATIC, "set:stroke_style", (GRID,)), (STATIC, "set:line_width", (6.0,))]
    for route in table["routes"]:
        (x1, y1), (x2, y2) = (layout.district_centre(letters.index(e)) for e in route["ends"])
        ops.append((STATIC, "stroke_line", (x1, y1, x2, y2)))
    for i, district in enumerate(table["districts"]):
        x, y, w, h = layout.district_box(i)
        ops += [(STATIC, "set:fill_style", (CELL,)), (STATIC, "fill_rect", (x, y, w, h)),
                (STATIC, "set:stroke_style", (TEXT,)), (STATIC, "set:line_width", (2.0,)),
                (STATIC, "stroke_rect", (x, y, w, h))]
        ix, iy, iw, _ = interior((x, y, w, h))
        ops += _text(STATIC, district["letter"], ix + 2, iy + HEADER_H / 2, size=16, bold=True)
        ops += _text(STATIC, localize(district["name"], lang), ix + 18, iy + HEADER_H / 2, size=10, room=iw - 20)
    for route in table["routes"]:
        ops += lantern_ops(layout, route, letters, lang)
    x0, y0 = layout.track_at
    cell = layout.track_cell
    ops += _text(STATIC, t("nyc.ui.press_track", lang), x0, y0 + 6, bold=True)
    for space in range(TRACK_SPACES):
        ops += _box(STATIC, (x0 + space * cell, y0 + 16, cell, 22), "#FFFFFF" if space < 5 else "#E2EEF6",
                    str(space), size=10, width=1.0)
    titles = ((layout.fame_at, "nyc.ui.fame_up"), (layout.display_at, "nyc.ui.display"),
              (layout.hand_at, "nyc.ui.hand"), (layout.reserve_at, "nyc.ui.reserve"),
              (layout.pool_at, "nyc.ui.pool"))
    for (x, y), key in titles:
        ops += _text(STATIC, t(key, lang), x, y + 6, bold=True)
    if layout.narrow:
        ops += _text(STATIC, t("nyc.ui.boards", lang), layout.boards_at[0], layout.boards_at[1] - 12, bold=True)
    return ops


def lantern_ops(layout: Layout, route: dict[str, Any], letters: list[str],
                lang: str | None = None) -> list[Op]:
    """A route's two lanterns: a disc at each end, inside the end's district, with its colour's
    first letters."""
    ops: list[Op] = []
    ends = [layout.district_centre(letters.index(e)) for e in route["ends"]]
    for k, (colour, end) in enumerate(zip(route["lanterns"], route["ends"], strict=True)):
        (x1, y1), (x2, y2) = ends[k], ends[1 - k]
        bx, by, w, h = layout.district_box(letters.index(end))
        f = lantern_fraction(x1, y1, x2, y2, w, h)
        cx, cy = x1 + (x2 - x1) * f, y1 + (y2 - y1) * f
        ops += [(STATIC, "set:fill_style", (colour_fill(colour),)), (STATIC, "fill_circle", (cx, cy, 9)),
                (STATIC, "set:stroke_style", (TEXT,)), (STATIC, "set:line_width", (1.0,)),
                (STATIC, "stroke_circle", (cx, cy, 9))]
        ops += _font(STATIC, 9, bold=True) + [(STATIC, "set:fill_style", (contrast_text(colour_fill(colour)),)),
                                              (STATIC, "fill_text", (colour_tag(colour, lang), cx, cy))]
    return ops


def lantern_fraction(x1: float, y1: float, x2: float, y2: float, w: float, h: float) -> float:
    """How far along a route (from its end's centre) its lantern sits: on the box's edge, where
    the route leaves the district."""
    dx, dy = abs(x2 - x1) or 1e-9, abs(y2 - y1) or 1e-9
    return min((w / 2) / dx, (h / 2) / dy, 0.5)


# -- the pieces layer --------------------------------------------------------------------------
def without_repeats(ops: list[Op]) -> list[Op]:
    """The draw list without attribute settings that repeat the value already set on their layer
    (fewer commands for the browser; the first setting of each attribute always stays)."""
    current: dict[tuple[int, str], Any] = {}
    out: list[Op] = []
    for op in ops:
        layer, name, args = op
        if name.startswith("set:"):
            if current.get((layer, name), object()) == args[0]:
                continue
            current[(layer, name)] = args[0]
        out.append(op)
    return out


def piece_ops(layout: Layout, table: dict[str, Any], card_letters: str, viewer: int | None,
              lang: str) -> list[Op]:
    return without_repeats(localize_fonts(_piece_ops(layout, table, card_letters, viewer, lang), lang))


def _piece_ops(layout: Layout, table: dict[str, Any], card_letters: str, viewer: int | None,
               lang: str) -> list[Op]:
    ops: list[Op] = [(PIECES, "clear", ())]
    ops += district_ops(layout, table, lang)
    ops += vehicle_ops(layout, table, lang)
    ops += press_ops(layout, table)
    ops += fame_ops(layout, table, lang)
    ops += display_ops(layout, table, card_letters)
    ops += cards_ops(layout, table, card_letters, viewer, lang)
    ops += boards_ops(layout, table, lang)
    ops += pool_ops(layout, table)
    return ops


def district_ops(layout: Layout, table: dict[str, Any], lang: str) -> list[Op]:
    """Per district: its value (score tile + fame tiles), the mayor, the buildings of every
    player (number on the player's colour) and the black neutral ones ("N")."""
    ops: list[Op] = []
    for i, district in enumerate(table["districts"]):
        box = layout.district_box(i)
        ix, iy, iw, ih = interior(box)
        line_y = iy + HEADER_H + 7  # the value line, between the header and the blocks
        pieces = [(seat_fill(s), f"{s + 1}·{n}") for s, n in enumerate(district["buildings"]) if n]
        if district["neutral"]:
            pieces.append((NEUTRAL_FILL, f"N·{district['neutral']}"))
        if district["mayor"]:  # the district's lower part in the mayor's colour, the tag after the blocks
            ops += [(PIECES, "set:fill_style", (MAYOR_FILL,)),
                    (PIECES, "fill_rect", (ix, iy + HEADER_H, iw, ih - HEADER_H))]
            ops += _box(PIECES, mayor_box(box, len(pieces)), MAYOR_FILL, mayor_tag(box, len(pieces), lang), size=10,
                        outline=TEXT, width=1.0)
        value = t("nyc.ui.value", lang, value=district["value"])
        fame = " ".join(f"+{v}" for v in fame_values(table, district["fame"]))
        fame_w = 0.0
        if fame:
            fame = t("nyc.ui.fame_on", lang, tiles=fame)
            fame_w = min(text_width(fame, 10), iw * 0.55)
            ops += _text(PIECES, fame, ix + 2, line_y, size=10, room=fame_w)
        ops += _text(PIECES, value, ix + iw - 2, line_y, size=12, bold=True, align="right",
                     room=iw - 4 - (fame_w + 6 if fame else 0))
        for k, (fill, label) in enumerate(pieces):
            ops += _box(PIECES, block_box(box, k), fill, label, size=11, outline=TEXT)
    return ops


def mayor_box(box: tuple[float, float, float, float], blocks: int) -> tuple[float, float, float, float]:
    """The mayor's tag: the lower row after its blocks, to the interior's right edge (with five
    blocks, room for "★ Mayor" beside the last two)."""
    ix, _, iw, _ = interior(box)
    x, y, _, h = block_box(box, max(blocks, 3))
    return x, y, min(ix + iw - 2 - x, 70.0), h


def mayor_tag(box: tuple[float, float, float, float], blocks: int, lang: str | None) -> str:
    """"★ Mayor", or the star alone where five blocks leave one place and the words would not fit
    (the district's colour and the info panel say the rest)."""
    tag = t("nyc.ui.mayor", lang)
    room = mayor_box(box, blocks)[2] - 4
    if text_width(tag, 8.5, True) <= room:
        return tag
    return tag.split()[0] if tag.split() else tag


def fame_values(table: dict[str, Any], ids: Sequence[int]) -> list[int]:
    """The values of fame tiles by id (placed tiles are listed by id in a district)."""
    known = {tile["id"]: tile["value"] for tile in table.get("fame_tiles", [])}
    return [known.get(i, 0) for i in ids] if known else list(ids)


def vehicle_ops(layout: Layout, table: dict[str, Any], lang: str | None = None) -> list[Op]:
    """The vehicle still on each route, at its middle, with its colour's letters and route id."""
    ops: list[Op] = []
    letters = [d["letter"] for d in table["districts"]]
    for route in table["routes"]:
        (x1, y1), (x2, y2) = (layout.district_centre(letters.index(e)) for e in route["ends"])
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        if route["vehicle"] is None:
            ops += _box(PIECES, (mx - 14, my - 9, 28, 18), BACKGROUND, route["id"], size=9, width=1.0)
            continue
        fill = colour_fill(route["vehicle_colour"])
        ops += _box(PIECES, (mx - 15, my - 9, 30, 18), fill, colour_tag(route["vehicle_colour"], lang), size=11,
                    outline=TEXT, width=2.0)
    return ops


def press_ops(layout: Layout, table: dict[str, Any]) -> list[Op]:
    """Press markers under their space, the top of a stack first (black: "N")."""
    ops: list[Op] = []
    x0, y0 = layout.track_at
    cell = layout.track_cell
    stacks: dict[int, list[str | int]] = {}
    for who in table["press_order"]:  # highest first: within a space the top comes first
        space = table["neutral_press"] if who == "black" else table["seats"][who]["press"]
        stacks.setdefault(space, []).append(who)
    for space, stack in stacks.items():
        for k, who in enumerate(stack):
            fill = NEUTRAL_FILL if who == "black" else seat_fill(int(who))
            label = "N" if who == "black" else str(int(who) + 1)
            ops += _box(PIECES, (x0 + space * cell + 2, y0 + 42 + k * 15, cell - 4, 14), fill, label, size=10,
                        outline=TEXT, width=1.0)
    return ops


def fame_ops(layout: Layout, table: dict[str, Any], lang: str) -> list[Op]:
    """The face-up fame tiles (vehicle colour, value, number) and the Statue's next value."""
    ops: list[Op] = []
    for i, tile in enumerate(table["fame_up"]):
        ops += _box(PIECES, fame_box(layout, i), colour_fill(tile["vehicle"]),
                    f"{colour_tag(tile['vehicle'], lang)} +{tile['value']}\n#{tile['id']}", size=11, outline=TEXT)
    x0, y0 = layout.fame_at
    statue = t("nyc.ui.statue", lang, value=table["statue"]["next"])
    ops += _text(PIECES, statue, x0 + 140, y0 + 28, size=12, bold=True)
    ops += _text(PIECES, t("nyc.ui.fame_left", lang, n=table["fame_left"]), x0 + 140, y0 + 46, size=11)
    holders = table["statue"]["holders"]
    if holders:
        taken = ", ".join(f"{s + 1} ({table['seats'][s]['statue']} VP)" for s in holders)
        ops += _text(PIECES, t("nyc.ui.statue_taken", lang, players=taken), x0 + 140, y0 + 10, size=11)
    return ops


def card_fill(letter: str, card_letters: str) -> str:
    """The fill of a card of `letter` among the game's `card_letters` (its kinds, then the wild)."""
    place = card_letters.find(letter) if len(letter) == 1 else -1
    return KIND_FILLS[place] if 0 <= place < len(KIND_FILLS) else UNKNOWN_CARD_FILL


def card_label(letter: str, count: int | None = None) -> str:
    return letter if count is None else f"{letter}\n×{count}"


def display_ops(layout: Layout, table: dict[str, Any], card_letters: str) -> list[Op]:
    """The display's pairs (numbered); a taken pair leaves an empty frame."""
    ops: list[Op] = []
    for slot, pair in enumerate(table["display"]):
        x, y, w, h = layout.pair_box(slot)
        if pair is None:
            ops += _box(PIECES, (x, y, w, h), BACKGROUND, "", width=1.0)
            continue
        ops += _text(PIECES, str(slot + 1), x + w / 2, y + 8, size=10, bold=True, align="center")
        for k, letter in enumerate(pair):
            ops += _box(PIECES, (x + 4, y + 16 + k * 20, w - 8, 18), card_fill(letter, card_letters), letter,
                        size=12, outline=TEXT, width=1.0)
    return ops


def cards_ops(layout: Layout, table: dict[str, Any], card_letters: str, viewer: int | None,
              lang: str) -> list[Op]:
    """The viewer's hand (every kind, with its count) and reserve; without a viewer a note."""
    if viewer is None:
        return _text(PIECES, t("nyc.ui.hidden", lang), layout.hand_at[0], layout.hand_at[1] + 36)
    facts = table["seats"][viewer]
    hand = facts["hand"] or {}
    ops: list[Op] = []
    for i, letter in enumerate(card_letters):
        fill = card_fill(letter, card_letters) if hand.get(letter) else "#F1EEE6"
        ops += _box(PIECES, layout.chip_box(layout.hand_at, i), fill, card_label(letter, hand.get(letter, 0)),
                    size=12, outline=TEXT if hand.get(letter) else GRID)
    for i, letter in enumerate(reserve_letters(table, viewer, card_letters)):
        ops += _box(PIECES, layout.chip_box(layout.reserve_at, i), card_fill(letter, card_letters),
                    card_label(letter, facts["reserve"][letter]), size=12, outline=TEXT)
    return ops + bid_strip_ops(layout, table, viewer, lang)


def bid_strip_ops(layout: Layout, table: dict[str, Any], viewer: int, lang: str) -> list[Op]:
    """Beside the hand title: the viewer's bid so far in this bidding round."""
    bidding = table["bidding"]
    if table["stage"] != "bid" or not bidding["cards"][viewer] and not bidding["values"][viewer]:
        return []
    cards = " ".join(bidding["cards"][viewer])
    text = t("nyc.ui.your_bid", lang, cards=cards or "–", value=bidding["values"][viewer])
    return _text(PIECES, text, layout.hand_at[0] + 110, layout.hand_at[1] + 6, size=12, bold=True)


def char_tile(box: tuple[float, float, float, float], number: int, phase: Any, used: bool) -> list[Op]:
    fill = USED_FILL if used else "#FFFFFF"
    label = f"{number}\n{'$' if used else 'P' + PHASE_MARK.get(phase, '?')}"
    return _box(PIECES, box, fill, label, size=12, outline=TEXT)


def boards_ops(layout: Layout, table: dict[str, Any], lang: str) -> list[Op]:
    """Each player's personal board: colour and number, buildings, dollars, VP, and the
    characters (number; P1/P2/P3/PE for the phase; "$" on a character used this round)."""
    ops: list[Op] = []
    x0, y0 = layout.boards_at
    for seat, facts in enumerate(table["seats"]):
        y = y0 + seat * layout.board_row
        line = t("nyc.ui.board_line", lang, board=facts["board"], dollars=facts["dollars"], vp=facts["vp"])
        vehicles = " ".join(f"{colour_tag(c, lang)}×{k}" for c, k in sorted(facts["vehicles"].items()))
        if layout.narrow:
            ops += _box(PIECES, (x0, y, 16, 16), seat_fill(seat), str(seat + 1), size=10, outline=TEXT)
            ops += _text(PIECES, f"{line} · {vehicles}" if vehicles else line, x0 + 22, y + 8, size=11)
        else:  # beside the characters: the vehicles on a second line
            ops += _box(PIECES, (x0, y + 4, 22, 22), seat_fill(seat), str(seat + 1), size=12, outline=TEXT)
            ops += _text(PIECES, line, x0 + 28, y + 12, size=11)
            if vehicles:
                ops += _text(PIECES, vehicles, x0 + 28, y + 28, size=11)
        for i, c in enumerate(facts["characters"]):
            ops += char_tile(layout.char_box(seat, i), c["number"], c["phase"], c["used"])
    return ops


def pool_ops(layout: Layout, table: dict[str, Any]) -> list[Op]:
    """The characters that can be hired with the elevator (number and level)."""
    levels = table.get("pool_levels", {})
    ops: list[Op] = []
    for i, number in enumerate(table["pool"]):
        level = levels.get(str(number))
        ops += _box(PIECES, layout.pool_box(i), "#FFFFFF", f"{number}\nL{level}" if level else str(number),
                    size=11, outline=TEXT)
    return ops


# -- highlights ------------------------------------------------------------------------------
def highlight_ops(regions: RegionMap, marks: Marks) -> list[Op]:
    return draw_region_marks(regions, marks)
