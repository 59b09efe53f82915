"""The canvas speaks the page's language and keeps its labels readable (issue 27, items 6 and 4).

At the Python level, on the draw lists every game's view sends to its canvas:

- in Japanese no label is an English word (district, avenue and street names, market sub-labels,
  legendary tiles, the VP track, the challenge card: katakana as the seed writes パークアベニュー),
  every name comes from the game's catalogue, and every font names a Japanese face first; in
  English no label has Japanese in it and the fonts stay as they were;
- a label drawn within a box fits it (estimated width, `nbgames.ui.fonts.text_width`);
- New York City: nothing the pieces layer draws in a district (the mayor's tag, the N·2 blocks,
  the value line) covers a lantern;
- New York 1901: two buildings of one player side by side show their border (a gap where the
  board shows through), and a building shows no seam between its own cells.
"""

from __future__ import annotations

import functools
import math
import random
import re

import pytest

import nbgames
from nbgames.i18n import gettext
from nbgames.ui.board import HIGHLIGHTS, PIECES, STATIC
from nbgames.ui.fonts import font_size, text_width

GAMES = {"newyork": ("nbgames.newyork.view", "NewYorkView", 4),
         "galopp_royal": ("nbgames.galopp_royal.view", "GaloppView", 4),
         "newyork1901": ("nbgames.newyork1901.view", "NewYork1901View", 4),
         "newyork_city": ("nbgames.newyork_city.view", "NewYorkCityView", 4)}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff60]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")  # a word, not a mark ("S2", "bI2", "PE", "N·2", "NY1901-12")


@functools.cache  # the tests only read a view's draw lists: one view per set of arguments
def view_of(game_name: str, lang: str, moves: int = 40, seed: int = 3, narrow: bool = False):
    import importlib

    module, cls, players = GAMES[game_name]
    game = nbgames.new_game(game_name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    view = getattr(importlib.import_module(module), cls)(game, seat=0, lang=lang)
    if narrow:
        view.set_width(390)  # a phone: the narrow layout
        assert view.narrow
    view.refresh()
    return view


def texts(ops) -> list[str]:
    return [str(args[0]) for _layer, name, args in ops if name == "fill_text"]


@pytest.fixture(scope="module", params=sorted(GAMES))
def views(request):
    name = request.param
    return name, {lang: view_of(name, lang) for lang in ("en", "ja")}


def test_japanese_labels_have_no_english_word_and_english_labels_no_japanese(views):
    name, by_lang = views
    ja = texts(by_lang["ja"].ops((STATIC, PIECES, HIGHLIGHTS)))
    en = texts(by_lang["en"].ops((STATIC, PIECES, HIGHLIGHTS)))
    assert ja and en
    english_left = sorted({label for label in ja if ENGLISH_WORD.search(label)})
    print(f"\n{name}: {len(ja)} Japanese labels, {sum(bool(JAPANESE.search(x)) for x in ja)} with Japanese; "
          f"English words left: {english_left}")
    assert not english_left, f"{name}: English words on the Japanese canvas: {english_left[:8]}"
    assert not [label for label in en if JAPANESE.search(label)], f"{name}: Japanese on the English canvas"
    assert any(JAPANESE.search(label) for label in ja)
    for moves, narrow in ((0, True), (2000, False)):  # a phone at the start, a finished game
        more = texts(view_of(name, "ja", moves=moves, narrow=narrow).ops((STATIC, PIECES, HIGHLIGHTS)))
        assert not [label for label in more if ENGLISH_WORD.search(label)], (name, moves, narrow)


NAMES = {  # names each game's canvas writes, in the seed's katakana (parts a label may carry)
    "newyork": ["Broadway", "Madison Ave", "Park Ave", "Lexington Ave", "34th St", "57th St"],
    "newyork_city": ["Harlem", "Upper West Side", "Greenwich Village", "Lower Manhattan"],
}


@pytest.mark.parametrize("game_name", sorted(NAMES))
def test_names_come_from_the_catalogue_in_katakana(game_name):
    view = view_of(game_name, "ja", moves=8)
    labels = " ".join(texts(view.ops((STATIC, PIECES))))
    for english in NAMES[game_name]:
        japanese = gettext(english, "ja", game_name)
        assert japanese != english and re.fullmatch(r"[\u30a0-\u30ff\d番街]+", japanese), (english, japanese)
        # a long name may break before アベニュー/ストリート: its first part is on the board
        head = re.sub(r"(アベニュー|ストリート)$", "", japanese)
        assert head in labels, (english, japanese)


def test_new_york_1901_writes_its_avenues_legendaries_and_market_in_japanese():
    view = view_of("newyork1901", "ja", moves=0)
    labels = texts(view.ops((STATIC, PIECES)))
    for english in ("Broadway", "Wall St", "Pine St", "Nassau St", "Cedar St"):  # every avenue is drawn
        assert any(gettext(english, "ja", "newyork1901") in x for x in labels), english
    for english in ("Flatiron", "Woolworth", "Chrysler", "Empire"):  # the legendaries are always shown
        assert gettext(english, "ja", "newyork1901") in labels, english
    districts = {d["title"] for d in view.table["board"]["districts"]}
    market = [gettext(t, "ja", "newyork1901") for t in districts]
    assert any(x in labels for x in market)
    assert any(re.fullmatch(r"\d+点", x) for x in labels), "the VP track writes 点"
    assert any(x.startswith("ボーナスチャレンジ：") and not ENGLISH_WORD.search(x) for x in labels)


def fonts(ops) -> list[str]:
    return [str(args[0]) for _layer, name, args in ops if name == "set:font"]


def test_a_japanese_canvas_names_a_japanese_font_first(views):
    name, by_lang = views
    ja, en = fonts(by_lang["ja"].ops((STATIC, PIECES))), fonts(by_lang["en"].ops((STATIC, PIECES)))
    assert ja and all('"Noto Sans CJK JP"' in f and f.rstrip().endswith("sans-serif") for f in ja), name
    assert en and all("CJK" not in f for f in en), name


# -- fitting ---------------------------------------------------------------------------------------
def placed_texts(ops, layers=(STATIC, PIECES)):
    """Each label with the font, alignment and transform depth in force when it is drawn."""
    state: dict[int, dict] = {}
    out = []
    for layer, name, args in ops:
        if layer not in layers:
            continue
        s = state.setdefault(layer, {"font": "10px sans-serif", "align": "start", "depth": 0, "stack": []})
        if name == "set:font":
            s["font"] = args[0]
        elif name == "set:text_align":
            s["align"] = args[0]
        elif name == "save":
            s["stack"].append((s["font"], s["align"], s["depth"]))
        elif name == "restore" and s["stack"]:
            s["font"], s["align"], s["depth"] = s["stack"].pop()
        elif name in ("translate", "rotate", "clip"):  # moved or clipped: not checked against the edge
            s["depth"] += 1
        elif name == "fill_text":
            size, bold = font_size(s["font"])
            room = args[3] if len(args) > 3 else None
            out.append({"text": str(args[0]), "x": args[1], "y": args[2], "size": size, "bold": bold,
                        "align": s["align"], "room": room, "moved": s["depth"] > 0, "layer": layer})
    return out


def text_box(label) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a label drawn with a middle baseline (as all of these are)."""
    width = text_width(label["text"], label["size"], label["bold"])
    if label["room"] is not None:
        width = min(width, label["room"])
    x = label["x"]
    x0 = x - width if label["align"] == "right" else x - width / 2 if label["align"] == "center" else x
    half = label["size"] * 0.6
    return x0, label["y"] - half, x0 + width, label["y"] + half


@pytest.mark.parametrize("narrow", [False, True])
def test_labels_fit_their_boxes_and_the_canvas(views, narrow):
    name, _ = views
    squeezed, outside = [], []
    for lang in ("en", "ja"):
        view = view_of(name, lang, narrow=narrow)
        width = view.canvas.width
        for label in placed_texts(view.ops((STATIC, PIECES))):
            estimate = text_width(label["text"], label["size"], label["bold"])
            if label["room"] is not None and estimate > 1.15 * label["room"]:
                squeezed.append((lang, label["text"], round(estimate), label["room"]))
            x0, _, x1, _ = text_box(label)
            if not label["moved"] and (x0 < -1 or x1 > width + 1):
                outside.append((lang, label["text"], round(x0), round(x1), width))
    print(f"\n{name} {'narrow' if narrow else 'wide'}: squeezed {squeezed[:3]}, outside {outside[:3]}")
    assert not squeezed, f"{name}: labels squeezed by more than 15 %: {squeezed[:5]}"
    assert not outside, f"{name}: labels past the canvas's edge: {outside[:5]}"


# -- New York City: lanterns stay readable ----------------------------------------------------------
def nyc_crowded_table():
    """A New York City table where every district holds the mayor, fame tiles and five blocks of
    buildings (four players and the black ones): the most a district ever shows at once."""
    game = nbgames.new_game("newyork_city", players=4, seed=5)
    table = game.view(0)
    for i, district in enumerate(table["districts"]):  # five blocks, or four (then the tag has words)
        district.update(mayor=True, buildings=[3, 12, 1, 4] if i % 2 else [3, 0, 10, 4], neutral=2, value=12,
                        fame=[tile["id"] for tile in table.get("fame_tiles", [])[:3]] or [3, 2, 1])
    return game, table


def circles(ops, layer):
    return [args for lay, name, args in ops if lay == layer and name == "fill_circle"]


def piece_boxes(ops):
    """Every rectangle and label the pieces layer draws, as (x0, y0, x1, y1, what)."""
    boxes = [(x, y, x + w, y + h, "rect") for lay, name, (x, y, w, h, *_) in
             ((lay, name, args) for lay, name, args in ops if name in ("fill_rect", "stroke_rect"))
             if lay == PIECES]
    boxes += [(*text_box(label), label["text"]) for label in placed_texts(ops, (PIECES,))]
    return boxes


def disc_hits_box(cx, cy, r, box) -> bool:
    x0, y0, x1, y1 = box[:4]
    nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
    return math.hypot(cx - nx, cy - ny) < r - 0.5


@pytest.mark.parametrize("narrow", [False, True])
def test_new_york_city_lanterns_stay_clear_of_the_mayor_and_the_blocks(narrow):
    from nbgames.newyork_city import drawing
    from nbgames.newyork_city.layout import layout_for

    game, table = nyc_crowded_table()
    layout = layout_for(4, narrow)
    letters = "PDEAVCW"
    static = drawing.static_ops(layout, table, "ja")
    lanterns = circles(static, STATIC)
    assert len(lanterns) == 2 * len(table["routes"])
    pieces = drawing.piece_ops(layout, table, letters, 0, "ja")
    boxes = piece_boxes(pieces)  # the districts' contents, the vehicles on the routes and the rest
    hits = [(round(cx), round(cy), box[4]) for cx, cy, r in lanterns for box in boxes if disc_hits_box(cx, cy, r, box)]
    mayor = drawing.t("nyc.ui.mayor", "ja")
    assert sum(1 for b in boxes if b[4] == mayor) == len(table["districts"])  # words and star, even beside 5 blocks
    assert sum(1 for b in boxes if str(b[4]).startswith("N·")) == len(table["districts"])
    print(f"\nNew York City ({'narrow' if narrow else 'wide'}): {len(lanterns)} lanterns, "
          f"{len(boxes)} piece boxes, lanterns covered: {len(hits)}")
    assert not hits, f"lanterns covered by the pieces layer: {hits[:6]}"


def test_new_york_city_district_names_fit_beside_their_letter():
    from nbgames.newyork_city import drawing
    from nbgames.newyork_city.layout import layout_for

    _, table = nyc_crowded_table()
    layout = layout_for(4)
    labels = placed_texts(drawing.static_ops(layout, table, "ja"), (STATIC,))
    for i, district in enumerate(table["districts"]):
        x, y, w, h = layout.district_box(i)
        name = gettext(district["name"], "ja", "newyork_city")
        label = next(lb for lb in labels if lb["text"] == name)
        x0, y0, x1, y1 = text_box(label)
        assert x < x0 and x1 < x + w - drawing.INSET and label["size"] >= 8, (name, label)


# -- New York 1901: one player's buildings side by side ---------------------------------------------
def ny1901_ops(buildings):
    from nbgames.newyork1901 import drawing

    game = nbgames.new_game("newyork1901", players=3, seed=2)
    view = nbgames.newyork1901.view.NewYork1901View(game, seat=0, lang="en")
    view.refresh()
    table = dict(view.table, buildings=buildings)
    return view.layout, drawing.piece_ops(view.layout, table, 0, view.tile_names(), "en"), drawing


def covered(ops, colour, x, y) -> bool:
    """Whether a fill of `colour` on the pieces layer covers the point (x, y)."""
    fill = None
    for layer, name, args in ops:
        if layer != PIECES:
            continue
        if name == "set:fill_style":
            fill = args[0]
        elif name == "fill_rects" and fill == colour:
            import numpy as np

            xs, ys, ws, hs = (np.broadcast_to(np.asarray(a, dtype=float), np.shape(args[0])) for a in args)
            if np.any((xs <= x) & (x <= xs + ws) & (ys <= y) & (y <= ys + hs)):
                return True
        elif name == "fill_rect" and fill == colour:
            bx, by, bw, bh = args
            if bx <= x <= bx + bw and by <= y <= by + bh:
                return True
    return False


@pytest.mark.parametrize("owner", [0, 1, 2])
def test_new_york_1901_two_buildings_of_one_player_show_their_border(owner):
    import nbgames.newyork1901.view  # noqa: F401

    buildings = [{"cells": ["E1", "E2"], "owner": owner, "tier": "bronze"},
                 {"cells": ["E3", "F3"], "owner": owner, "tier": "silver"}]
    layout, ops, drawing = ny1901_ops(buildings)
    g, colour = layout.grid, drawing.seat_fill(owner)
    # the edge E2 | E3 (row 4, between columns 1 and 2): its middle and 2 px either side are board
    x_edge, y_mid = g.left + 2 * g.cell, g.top + 4 * g.cell + g.cell / 2
    border = [covered(ops, colour, x_edge + dx, y_mid + dy) for dx in (-2, 0, 2) for dy in (-8, 0, 8)]
    # inside one building, the seam between its cells E1 | E2 is filled: no line that looks like a border
    seam = [covered(ops, colour, g.left + g.cell + dx, y_mid + dy) for dx in (-1, 0, 1) for dy in (-8, 0, 8)]
    seam += [covered(ops, colour, g.left + 2.5 * g.cell + dx, g.top + 5 * g.cell) for dx in (-8, 0, 8)]  # E3 | F3
    print(f"\nNew York 1901, player {owner + 1}: border filled at {sum(border)}/9 points, seams filled at "
          f"{sum(seam)}/12 points")
    assert not any(border), "the border between two buildings of one player is filled over"
    assert all(seam), "a building shows a seam between its own cells"
