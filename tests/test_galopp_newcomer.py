"""What a newcomer tripped over in Galopp Royal (issue 16), without a browser: the board laid out
for a phone, the information panel after a swap, refusals that say why (the schemer's chairs, the
bid slider), the podium inside the canvas, the race line said once, and the player's own roll
kept in sight while fast bots roll."""

from __future__ import annotations

import numpy as np
import pytest
from test_galopp_view import PLAIN, Clock, scenario_game

import nbgames
from nbgames.galopp_royal.layout import COURSE_COLS, START_COL, layout_for
from nbgames.galopp_royal.lessons import learn
from nbgames.galopp_royal.text import card_text
from nbgames.galopp_royal.view import GaloppView
from nbgames.ui.board import HIGHLIGHTS, PIECES, STATIC

PHONE_DISPLAY = 358  # CSS px a canvas is shown at on a 390 px wide page
MIN_TARGET = 32  # CSS px


def drawn_boxes(view):
    """Every rectangle and text anchor the draw lists put on the canvas, as (x, y, w, h)."""
    boxes = []
    for _, name, args in view.ops((STATIC, PIECES, HIGHLIGHTS)):
        if name in ("fill_rect", "stroke_rect"):
            boxes.append(tuple(float(a) for a in args[:4]))
        elif name in ("fill_rects", "stroke_rects"):
            xs, ys = np.atleast_1d(args[0]), np.atleast_1d(args[1])
            boxes += [(float(x), float(y), float(args[2]), float(args[3])) for x, y in zip(xs, ys, strict=True)]
        elif name == "fill_text":
            boxes.append((float(args[1]), float(args[2]), 0.0, 0.0))
    return boxes


# -- item 4: a phone-sized page ----------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_phone_page_gets_the_course_in_bands_with_every_target_big_enough(players):
    boards = [PLAIN[i % 3] for i in range(players)]
    game = scenario_game(boards, positions=[min(3 * s, 30) - 3 for s in range(players)])
    view = GaloppView(game, seat=0)
    wide = view.canvas.width
    view.set_width(390)
    assert view.narrow and view.canvas.width <= 400 < wide
    scale = PHONE_DISPLAY / view.canvas.width
    assert view.layout.course.cell * scale >= MIN_TARGET and view.boards_geom.cell * scale >= MIN_TARGET
    # every course cell (the pond, behind START, START, spaces 1-30) and every slot is reached by a click
    cols = view.chair_cols()
    for seat in range(players):
        for col in range(COURSE_COLS):
            x, y = view.geom.cell_centre(*view.layout.grid_cell(seat, col))
            expected = f"chair:{seat}" if col == cols[seat] else f"lane:{seat}:{col - START_COL}"
            assert view.target_at(x, y) == expected
        for slot in range(1, 5):
            x, y = view.boards_geom.cell_centre(seat, slot - 1)
            assert view.target_at(x, y) == f"slot:{seat}:{slot}"
    # a band's row of space numbers is no target, and everything drawn is on the canvas
    assert view.target_at(*view.geom.cell_centre(0, 0)) is None
    for x, y, w, h in drawn_boxes(view):
        assert 0 <= x and x + w <= view.canvas.width + 0.5 and 0 <= y and y + h <= view.canvas.height + 0.5
    # marks land on the cells they name (a lesson's hint on a chair, a whole column of a space)
    view.highlight(["chair:1", "space:20"], kind="hint")
    rects = [args for layer, name, args in view.highlight_ops() if name == "stroke_rects"]
    marked = {view.geom.hit(x + 5, y + 5) for args in rects for x, y in zip(args[0], args[1], strict=True)}
    assert view.layout.grid_cell(1, cols[1]) in marked
    assert {view.layout.grid_cell(seat, START_COL + 20) for seat in range(players)} <= marked
    # a click reaches the game: your own chair rolls
    out = []
    view.on_choose(out.append)
    view._on_mouse_down(*view.geom.cell_centre(*view.layout.grid_cell(0, cols[0])))
    assert [str(a) for a in out] == ["roll"]
    # back to a wide page: the wide board again
    view.set_width(1200)
    assert not view.narrow and view.canvas.width == wide and view.target_at(*view.geom.cell_centre(1, 9)) == \
        f"lane:1:{9 - START_COL}"


def test_a_new_game_on_a_phone_keeps_the_narrow_layout():
    view = GaloppView(scenario_game(PLAIN), seat=0)
    view.set_width(390)
    view.set_game(nbgames.new_game("galopp_royal", players=5, seed=2))
    assert view.layout == layout_for(5, narrow=True) and view.canvas.height == view.layout.height


def test_the_auction_panel_fits_a_phone():
    view = GaloppView(nbgames.new_game("galopp_royal", players=4, seed=3), seat=0)
    assert view.auction_box.layout.max_width == "560px"  # a max, not a width: it shrinks with the page
    assert view.auction_box.layout.width in (None, "", "auto") and view.bid_row.layout.flex_flow == "row wrap"


# -- item 10: the podium, the race line, your own roll ---------------------------------------------
@pytest.mark.parametrize("narrow", [False, True])
@pytest.mark.parametrize("players", [3, 4])
def test_the_podium_and_the_die_are_inside_the_canvas(players, narrow):
    boards = [["+3"] * 4, ["goof"] * 4] + [["+2", "+3", "+2", "+3"]] * (players - 2)
    game = scenario_game(boards, positions=[13, -3] + [5] * (players - 2))
    view = GaloppView(game, seat=0)
    if narrow:
        view.set_width(390)
    for _ in range(40):
        if game.view(None)["results"]:
            break
        game.play("roll")
    view.refresh()
    assert game.view(None)["results"]  # the race is over: podium full, "last:" under it
    view._die = {"seat": 0, "die": 2, "card": "+5"}
    for x, y, w, h in drawn_boxes(view):
        assert x + w <= view.canvas.width + 0.5 and y + h <= view.canvas.height + 0.5, (x, y, w, h)


def test_with_fast_bots_your_own_roll_stays_in_sight():
    game = scenario_game([["+1"] * 4, ["+2"] * 4, ["+3"] * 4])
    view = GaloppView(game, seat=0)
    clock = Clock()
    view.scheduler = clock
    game.play("roll")
    view.refresh()
    game.play("roll")  # the bots roll at once
    view.refresh()
    game.play("roll")
    view.refresh()
    assert view._die["seat"] == 0  # the canvas still shows your die
    assert "Player 3 rolled" in view.die.value and "Your last roll: " in view.die.value
    clock.run()
    assert view._die is None and "Your last roll: " in view.die.value  # the words stay until you roll again
    game.play("roll")
    view.refresh()
    assert "Player 1 rolled" in view.die.value and "Your last roll" not in view.die.value


# -- item 2: the information panel after a swap ----------------------------------------------------
def test_after_a_swap_the_information_panel_tells_the_bearer_now_in_the_slot():
    game = nbgames.new_game("galopp_royal", players=3, seed=4)
    rng = np.random.default_rng(5)
    while game.view(None)["phase"] != "arrange":
        legal = game.legal_actions()
        game.play(legal[int(rng.integers(len(legal)))])
    seat = game.to_move
    board = game.view(seat)["boards"][seat]
    view = GaloppView(game, seat=seat)
    assert board[0] != board[3]
    view.click(f"slot:{seat}:1")
    view._on_mouse_move(*view.boards_geom.cell_centre(seat, 3))  # the pointer on slot 4 …
    view._on_mouse_down(*view.boards_geom.cell_centre(seat, 3))  # … clicks it: the two swap
    assert view.display_board(seat)[3] == board[0]
    assert f"slot 4: {card_text(board[0])}" in view.info.value


# -- item 7: what cannot be done says why ----------------------------------------------------------
def test_a_schemers_push_the_rules_refuse_says_why_on_the_status_line():
    runner = learn(start=4)  # lesson 5: the schemer, option (a)
    view = runner.view
    view.control("button:roll").click()
    view.choose_scheme_option(1)
    view.click("chair:3")  # Player 4 on −2: back 2 would drop it into the pond
    assert view.confirm_button.disabled
    assert view.status.value.startswith("Not allowed (GR-11)") and "pond" in view.status.value
    assert runner.feedback_verdict.rule == "GR-11" and "pond" in runner.feedback.value  # the lesson repeats it
    view.click("chair:3")  # taken back: the line asks again
    assert "your turn" in view.status.value and not view.status.value.startswith("Not allowed")
    view.click("chair:0")  # your own chair is no target: the engine says so
    assert view.status.value.startswith("Not allowed (GR-11)") and "own chair" in view.status.value
    assert "*" not in view.status.value
    view.click("chair:1")
    assert "your turn" in view.status.value and not view.confirm_button.disabled


def test_the_bid_slider_starts_at_the_lowest_legal_bid_and_says_why_it_is_grey():
    runner = learn(start=1)  # lesson 2: the bid is 5; first a question, then the bid
    view = runner.view
    assert view.bid_amount.disabled and (view.bid_amount.min, view.bid_amount.value) == (6, 6)
    assert view.bid_amount.max == runner.session.game.view(0)["coins"][0]
    assert "answer the step above" in view.bid_note.value
    runner.choices.children[1].click()  # "2": right
    assert not view.bid_amount.disabled and view.bid_amount.value == 6 and view.bid_note.value == ""
    assert view.bid_button.description == "Bid 6"


def test_the_bid_note_names_the_reason():
    deck = ["+1", "+3", "+3", "+3"]
    game = nbgames.new_game("galopp_royal", players=4, seed=3, options={"deck": deck})
    view = GaloppView(game, seat=1)
    assert "Player 1 bids now" in view.bid_note.value and "GR-7" in view.bid_note.value
    game.play("bid 48")
    game.play("pass")
    view.refresh()
    assert "You passed" in view.bid_note.value
    poor = GaloppView(game, seat=2)
    game.play("bid 49")  # Player 3 bids 49
    game.play("pass")  # Player 4 passes; Player 1 (48 bid, 50 coins) bids 50
    game.play("bid 50")
    poor.refresh()
    assert game.to_move == 2 and poor.bid_amount.disabled
    assert poor.bid_note.value.startswith("Not allowed (GR-7)")


def test_the_information_panel_follows_what_is_under_a_pointer_that_stays_put():
    game = scenario_game([["+2"] * 4, ["+1"] * 4, ["+3"] * 4], positions=[3, 0, 0])
    view = GaloppView(game, seat=0)
    view._on_mouse_move(*view.geom.cell_centre(0, START_COL + 3))  # on Player 1's chair
    assert view.info.value.startswith("Player 1&#x27;s chair on space 3")
    game.play("roll")  # the chair walks away to 5 (no clock here: no animation)
    view.refresh()
    assert view.info.value == "space 3"  # the panel tells what is under the pointer now
    view._on_mouse_move(*view.geom.cell_centre(1, START_COL + 1))  # where Player 2's chair will stand
    assert view.info.value == "space 1"
    game.play("roll")
    view.refresh()
    assert view.info.value.startswith("Player 2&#x27;s chair on space 1")

    clock = Clock()  # with a clock the chair walks step by step: the panel follows at the end
    view.scheduler = clock
    view._on_mouse_move(*view.geom.cell_centre(2, START_COL + 3))
    game.play("roll")
    view.refresh()
    assert view.animating
    clock.run()
    assert view.info.value.startswith("Player 3&#x27;s chair on space 3")


# -- "Show me" marks where a move that takes several clicks or the slider is made ------------------
def test_show_me_marks_the_controls_and_targets_of_each_kind_of_move():
    runner = learn(start=4)  # lesson 5: roll, then the schemer
    view = runner.view
    view.control("button:roll").click()
    targets, words = view.how_to_play(runner.session.game.parse("scheme +2 1:-2"))
    assert targets == ["button:scheme_plus", "chair:1", "button:confirm"]
    assert "Schemer: me +2, others back" in words and "Player 2" in words and "Confirm schemer" in words
    runner.show_me()
    assert "Schemer: me +2" in runner.feedback.value and runner.session.step_index == 1  # shown, not played
    assert "chair:1" in dict(view.highlight_marks())["shown"] and view.scheme_plus.button_style == "warning"
    game = nbgames.new_game("galopp_royal", players=4, seed=3)
    view = GaloppView(game, seat=0)
    assert view.how_to_play(game.parse("bid 7")) == (["button:bid_amount", "button:bid"],
                                                     "Set “Your bid” to 7 on the marked slider, then press “Bid 7”.")
    assert view.how_to_play(game.parse("pass"))[0] == ["button:pass"]
    targets, words = view.how_to_play(game.parse("exchange 0:1 1:3 2:3 3:4"))
    assert targets[:4] == ["slot:0:1", "slot:1:3", "slot:2:3", "slot:3:4"] and "Player 4 4" in words


def test_the_last_lesson_links_to_a_full_game_and_prose_has_no_literal_asterisks():
    from nbgames.galopp_royal.lessons import lessons
    from nbgames.ui.lesson import markdown_lite

    assert "<a href='play.ipynb'" in markdown_lite(lessons()[-1].summary)
    for lesson in lessons():
        for text in [lesson.intro, lesson.summary, *(s.prompt for s in lesson.steps if isinstance(s.prompt, str))]:
            assert "*" not in markdown_lite(text).replace("×", ""), (lesson.id, text)
