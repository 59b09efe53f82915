"""The New York 1901 view without a browser: draw lists, hit-testing, picking, turning, mirroring
and placing a tile by clicks, the red preview naming its rule, acquiring by market card then lot,
demolish-and-rebuild by a click, keys, the narrow layout with its window, the final scoring."""

from __future__ import annotations

import random
import re

import pytest

import nbgames
from nbgames.newyork1901.drawing import UNUSED_FILL, seat_fill, tint
from nbgames.newyork1901.layout import market_box
from nbgames.newyork1901.teaching import position_game
from nbgames.newyork1901.view import NewYork1901View
from nbgames.ui.board import HIGHLIGHT_KINDS, HIGHLIGHTS, OKABE_ITO, PIECES, STATIC


def texts(ops, layer=None):
    return [args[0] for lyr, name, args in ops if name == "fill_text" and (layer is None or lyr == layer)]


def chosen_view(game, seat=0):
    view = NewYork1901View(game, seat=seat)
    chosen = []
    view.on_choose(chosen.append)
    return view, chosen


def centre(view, target):
    """Canvas point at the middle of a cell ("E1") or a region ("market:0")."""
    cell = view.cell_of(target) if ":" not in target else None
    if cell is not None:
        return view.geom.cell_centre(*cell)
    return view.regions.centre(target)


@pytest.fixture
def two_lots():
    """Player 1 (Greenwich) holds workers on lots E1 (E1, F1) and E2 (E2, F2), just above Pine St."""
    return position_game([{"lots": ["E1", "E2"]}, {}], market=["orange2", "orange3", "sky2", "yellow2"])


def test_the_map_is_drawn_with_a_second_cue_for_every_colour(two_lots):
    view, _ = chosen_view(two_lots)
    static = view.ops((STATIC,))
    words = texts(static)
    assert "O2" in words and "S3" in words and "Y2" in words  # district letter and lot size
    assert words.count("♣") == len(two_lots.view(None)["board"]["parks"])
    pieces = texts(view.ops((PIECES,)), PIECES)
    assert "★ Wall St" in pieces and "Broadway" in pieces  # over the buildings; in play: starred
    assert {"A", "M", "1", "13"} <= set(words)  # row and column labels
    pieces = texts(view.ops((PIECES,)), PIECES)
    assert "B1" in pieces and "B2" in pieces  # the starter buildings: bronze, players 1 and 2
    assert pieces.count("1") >= 2  # player 1's two workers carry their number
    assert {"O2", "O3", "S2", "Y2"} <= set(pieces)  # the market's cards
    assert {"bI2", "sS4", "gR6", "Empire"} <= set(pieces)  # tiles and legendaries
    assert "6: S" in pieces and "18: G" in pieces  # the VP track's unlock marks
    assert any("Challenge: Bronze Baron" in w for w in pieces)


def test_with_two_players_the_fifth_district_is_grey_and_the_strip_gives_each_seats_facts(two_lots):
    view, _ = chosen_view(two_lots)
    fills = [args[0] for _, name, args in view.ops((STATIC,)) if name == "set:fill_style"]
    assert UNUSED_FILL in fills and tint(OKABE_ITO["purple"]) not in fills
    assert "Greenwich (O) · 0 VP · bronze · workers 2 · tiles B6 S6 G6" in view.players_panel.value
    assert "{" not in view.players_panel.value


def test_a_building_is_its_polyomino_in_its_owners_colour_with_its_tier():
    game = position_game([{"buildings": ["bO4@E1r0"]}, {}])
    view, _ = chosen_view(game)
    ops = view.ops((PIECES,))
    assert "B1" in texts(ops)
    at = ops.index((PIECES, "set:fill_style", (seat_fill(0),)))
    layer, name, (xs, ys, *_) = ops[at + 1]
    cells = sorted({view.geom.hit(x + 1, y + 1) for x, y in zip(xs, ys, strict=True)})  # a cell may be in parts
    assert name == "fill_rects" and cells == [(2, 2), (3, 2), (4, 0), (4, 1), (5, 0), (5, 1)]  # starter + O


def test_hit_testing_names_cells_market_cards_and_tiles(two_lots):
    view, _ = chosen_view(two_lots)
    assert view.target_at(*view.geom.cell_centre(2, 3)) == "C4"
    assert view.target_at(*centre(view, "market:1")) == "market:1"
    assert view.target_at(*centre(view, "tile:bO4")) == "tile:bO4"
    assert view.target_at(-5, -5) is None and view.target_at("x", None) is None


def test_pick_and_place_a_tile_by_clicks(two_lots):
    view, chosen = chosen_view(two_lots)
    view.click("tile:bO4")
    assert view.selection.tile == "bO4" and "bO4" in view.status.value
    view.click("E1")
    assert [str(a) for a in chosen] == ["bO4@E1r0"]


def test_r_turns_and_m_mirrors_the_picked_tile(two_lots):
    view, chosen = chosen_view(two_lots)
    view.click("tile:bI2")
    view._on_key("r")
    view.click("E1")
    assert str(chosen[-1]) == "bI2@E1r1"  # turned: E1 and F1
    view.click("tile:bL3")
    view._on_key("M")
    view.click("E2")
    assert str(chosen[-1]) == two_lots.parse("bL3@E2r0m")  # mirrored: E2, F1, F2
    assert sorted(two_lots.preview(chosen[-1])["cells"]) == ["E2", "F1", "F2"]


def test_a_locked_tile_is_not_picked_and_the_status_says_why(two_lots):
    view, chosen = chosen_view(two_lots)
    view.click("tile:sO4")  # silver at 0 VP
    assert view.selection.tile is None
    assert "NY1901-5" in view.status.value and "6 VP" in view.status.value
    view.click("tile:bI2")
    view.click("tile:Empire")  # another tile picked before: still refused, the pick stays
    assert view.selection.tile == "bI2" and "18 VP" in view.status.value


def test_the_turn_and_mirror_buttons_do_what_the_keys_do(two_lots):
    view, chosen = chosen_view(two_lots)
    assert view.rotate_button.disabled  # nothing picked
    view.click("tile:bI2")
    assert not view.rotate_button.disabled
    view.rotate_button.click()
    view.mirror_button.click()
    view.click("E1")
    assert sorted(two_lots.preview(chosen[-1])["cells"]) == ["E1", "F1"]


def test_hover_shows_a_green_or_red_preview_and_the_rule_when_red(two_lots):
    view, chosen = chosen_view(two_lots)
    view.click("tile:bI2")
    view._on_mouse_move(*centre(view, "E1"))  # E1 + E2: on the estate but touching no avenue or park
    cells, legal, words = view._preview
    assert not legal and sorted(cells) == [(4, 0), (4, 1)]
    assert "NY1901-5" in words and "avenue or a park" in words and words in view.info.value
    refused = HIGHLIGHT_KINDS["refused"][0]
    assert (HIGHLIGHTS, "set:fill_style", (refused,)) in view.ops((HIGHLIGHTS,))
    view.click("E1")
    assert chosen == [] and "NY1901-5" in view.status.value  # refused: the status line says why
    view._on_key("r")  # turned over the same cell: E1 + F1 touches Pine St
    cells, legal, words = view._preview
    assert legal and "+2 VP" in words
    assert (HIGHLIGHTS, "set:fill_style", (HIGHLIGHT_KINDS["legal"][0],)) in view.ops((HIGHLIGHTS,))


def test_a_tile_off_the_estate_is_refused_with_its_rule(two_lots):
    view, chosen = chosen_view(two_lots)
    view.click("tile:bI2")
    view.click("A1")
    assert chosen == [] and "NY1901-5" in view.status.value and "estate" in view.status.value


def test_acquire_by_market_card_then_a_lit_lot(two_lots):
    view, chosen = chosen_view(two_lots)
    view.click("market:1")  # Greenwich size 3
    lit = view.legal_targets()
    assert lit and all(two_lots.view(None)["board"]["lots"] for _ in lit)
    sizes = {lot["name"]: (lot["district"], lot["size"]) for lot in two_lots.view(None)["board"]["lots"]}
    assert {sizes[target[4:]] for target in lit} == {("orange", 3)}
    assert ("last", ["market:1"]) in view.highlight_marks()
    view.click("A1")  # a size-2 lot: not the chosen card
    assert chosen == [] and "NY1901-5" in view.status.value and "does not match" in view.status.value
    view.click("B4")  # a cell of lot A4 (size 3): acquire or Land Grab? size 3: acquire only
    assert [str(a) for a in chosen] == ["lot A4"]


def test_a_lot_two_ways_asks_which(two_lots):
    view, chosen = chosen_view(two_lots)
    view.click("A1")  # acquire or Land Grab (size 2)
    assert chosen == [] and {b.tooltip for b in view.choices.children} == {"lot A1", "grab A1"}


def test_a_taken_lot_gives_the_engines_refusal(two_lots):
    view, chosen = chosen_view(two_lots)
    view.click("C3")  # player 1's starting lot
    assert chosen == [] and "NY1901-5" in view.status.value


def test_over_your_own_building_a_click_demolishes_and_rebuilds():
    game = position_game([{"buildings": ["bI2@E1r1"], "lots": ["E2"], "vp": 6}, {}])
    view, chosen = chosen_view(game)
    view.click("tile:sO4")
    view.click("E1")
    assert [str(a) for a in chosen] == ["demolish E1 sO4@E1r0"]


def test_r_is_redo_without_a_picked_tile_and_escape_puts_the_tile_down(two_lots):
    view, _ = chosen_view(two_lots)
    commands = []
    view.on_command(commands.append)
    view._on_key("R")
    assert commands == ["redo"]
    view.click("tile:bI2")
    view._on_key("R")
    assert commands == ["redo"] and view.selection.rotation == 1
    view._on_key("Escape")
    assert view.selection.tile is None


def test_action_cards_and_end_are_buttons(two_lots):
    view, chosen = chosen_view(two_lots)
    names = {b.tooltip for b in view.actions.children}
    assert names == {"boom", "shift"}
    next(b for b in view.actions.children if b.tooltip == "boom").click()
    assert [str(a) for a in chosen] == ["boom"]


def test_characters_are_chosen_by_buttons():
    game = nbgames.new_game("newyork1901", players=2, seed=3)
    view, chosen = chosen_view(game, seat=None)
    assert {b.tooltip for b in view.actions.children} == {f"character {d}" for d in
                                                          ("orange", "sky", "green", "yellow")}
    assert "character" in view.status.value


def test_the_narrow_layout_has_big_targets_and_a_window_picker(two_lots):
    view, chosen = chosen_view(two_lots)
    view.set_width(360)
    assert view.narrow and view.canvas.width == 360
    scale = 358 / view.canvas.width  # the canvas shown 358 CSS pixels wide
    assert view.geom.cell * scale >= 32
    for region in view.regions:
        left, top, right, bottom = region.bounds
        assert min(right - left, bottom - top) * scale >= 32, region.name
    x, y, w, h = view.layout.window_box
    assert x + w <= view.canvas.width and w / view.geom.cell == 8
    # the window starts at A1: M13 is not shown, a tap there is no cell
    assert view.target_at(*view.geom.cell_centre(12, 12)) != "M13"
    view.click("window:5:5")
    assert view.layout.window[:2] == (5, 5)
    assert view.target_at(*view.geom.cell_centre(12, 12)) == "M13"
    view.click("window:0:0")
    view.click("tile:bO4")
    view.click(view.target_at(*view.geom.cell_centre(4, 0)))
    assert [str(a) for a in chosen] == ["bO4@E1r0"]
    view.set_width(1200)
    assert not view.narrow and view.layout.window == (0, 0, 13, 13)


def test_on_a_phone_the_window_follows_the_keyboard_cursor(two_lots):
    view, _ = chosen_view(two_lots)
    view.set_width(360)
    view.click("window:0:0")
    for _ in range(6):  # (a 7th would go on to the market and tiles right of the map)
        view._on_key("ArrowRight")
    assert view._cursor == "G13" and view.layout.window[:2] == (0, 5)  # rows A–H, columns 6–13
    assert view.target_cells("G13") == [(6, 12)]


def test_market_boxes_of_the_narrow_layout_fit_the_canvas(two_lots):
    view, _ = chosen_view(two_lots)
    view.set_width(360)
    for i in range(4):
        x, y, w, h = market_box(view.layout, i)
        assert x + w <= 360


def test_a_finished_game_explains_its_scores_line_by_line():
    game = nbgames.new_game("newyork1901", players=2, seed=5, options={"characters": "deal"})
    rng = random.Random(5)
    while not game.is_over:
        actions = game.legal_actions()
        builds = [a for a in actions if a.kind == "build"]
        game.play(rng.choice(builds or actions))
    view, _ = chosen_view(game, seat=None)
    assert "NY1901-10" in view.scores.value and "NY1901-11" in view.scores.value
    assert "NY1901-12" in view.scores.value and re.search(r"buildings \(\d+ standing\): \d+ VP \(NY1901-5\)",
                                                            view.scores.value)
    assert not hasattr(view, "score_notes")  # the kit's score table lists every part once already


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_comes_from_the_catalogue_through_a_whole_game(players):
    """Through a random game: every move's words, every cell's and target's facts, the strip and
    the status line are filled in (no raw catalogue key, no unfilled placeholder)."""
    game = nbgames.new_game("newyork1901", players=players, seed=players)
    view, _ = chosen_view(game, seat=None)
    rng = random.Random(players)
    targets = [f"{chr(65 + r)}{c + 1}" for r in range(13) for c in range(13)] + list(view.regions.names)
    checked = 0
    while not game.is_over:
        view.refresh()
        words = [view.describe(a) for a in game.legal_actions()]
        if checked % 10 == 0:
            words += [line for target in targets for line in view.target_facts(target)]
        words += [view.players_panel.value, view.status.value, view.info.value]
        assert not [w for w in words if "ny1901." in w or "{" in w], words
        actions = game.legal_actions()
        builds = [a for a in actions if a.kind in ("build", "demolish")]
        game.play(rng.choice(builds or actions))
        checked += 1
    view.refresh()
    assert "{" not in view.scores.value and "ny1901." not in view.scores.value
    assert len(view.ops()) > 100
