"""The Galopp Royal view without a browser: hit-testing, draw lists, the shell's panels, hidden
cards, bids, the schemer's targets, the exchange, arranging, highlights, the keyboard and the
step-by-step chair animation."""

from __future__ import annotations

import threading

import ipywidgets as widgets
import numpy as np
import pytest

import nbgames
from nbgames.galopp_royal.drawing import (
    CHAIR_FILL,
    COURSE_COLS,
    POND_COL,
    START_COL,
    chair_cols,
    parse_target,
    space_col,
)
from nbgames.galopp_royal.tables import GOALS
from nbgames.galopp_royal.view import GaloppView
from nbgames.ui.board import HIGHLIGHTS, PIECES


class Clock:
    """A scheduler that runs timers (bots, animation frames, the die) only when the test says so."""

    def __init__(self):
        self.timers = []

    def __call__(self, delay, callback):
        self.timers.append((delay, callback))

    def step(self) -> None:
        self.timers.pop(0)[1]()

    def run(self, limit: int = 200_000) -> int:
        n = 0
        while self.timers and n < limit:
            self.step()
            n += 1
        return n


def scenario_game(boards, positions=None, players=None, starter=0, race=1, deck=None, seed=1):
    players = players or len(boards)
    scenario = {"boards": boards, "race": race, "starter": starter,
                "positions": positions or [0] * players}
    options = {"scenario": scenario}
    if deck:
        options["deck"] = deck
    return nbgames.new_game("galopp_royal", players=players, seed=seed, options=options)


PLAIN = [["+1", "+2", "+3", "+5"], ["+2", "+2", "goof", "+1"], ["+3", "+1", "+2", "+3"]]


def chosen(view):
    out = []
    view.on_choose(out.append)
    return out


def all_text(widget) -> str:
    """Every string a widget tree sends to the browser (values, labels, options, tooltips)."""
    parts = []
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            parts.append(value)
    for option in getattr(widget, "options", ()) or ():
        parts.append(str(option))
    for child in getattr(widget, "children", ()) or ():
        parts.append(all_text(child))
    return "\n".join(parts)


def canvas_text(view) -> str:
    return "\n".join(str(args[0]) for _, name, args in view.ops() if name == "fill_text")


# -- geometry and hit-testing ----------------------------------------------------------------

def test_course_columns_cover_pond_start_and_all_six_goals():
    assert space_col(-4, 15) == POND_COL and space_col(-3, 15) == 1 and space_col(0, 15) == START_COL
    assert space_col(17, 15) == START_COL + 15  # past the goal: the chair stands on the goal
    assert COURSE_COLS == START_COL + max(GOALS) + 1


def test_hit_testing_names_chairs_lanes_and_slots():
    game = scenario_game(PLAIN, positions=[3, 0, -2])
    view = GaloppView(game, seat=0)
    g, b = view.geom, view.boards_geom
    assert view.target_at(*g.cell_centre(0, START_COL + 3)) == "chair:0"
    assert view.target_at(*g.cell_centre(2, START_COL - 2)) == "chair:2"
    assert view.target_at(*g.cell_centre(1, START_COL + 7)) == "lane:1:7"
    assert view.target_at(*g.cell_centre(1, POND_COL)) == "lane:1:-4"
    # the bearer slots are named rectangles of the board's region map, not a hit override
    assert view.regions.hit(*b.cell_centre(2, 3)) == "slot:2:4" == view.target_at(*b.cell_centre(2, 3))
    assert len(view.regions) == 3 * 4 and "hit" not in vars(GaloppView)
    for bad in [(-5, 3), (1e9, 1e9), ("x", 2), (float("nan"), 3), (None, None)]:
        assert view.target_at(*bad) is None
    # between the course and the boards there is nothing to click
    assert view.target_at(g.left + 5, g.height + 10) is None


def test_hover_and_the_info_panel_describe_the_target_or_the_results():
    game = scenario_game(PLAIN, positions=[3, 0, -2])
    view = GaloppView(game, seat=0)
    g, b = view.geom, view.boards_geom
    assert "Race 1 of 6" in view.info.value  # nothing under the pointer: the results
    view._on_mouse_move(*b.cell_centre(0, 3))
    assert view.info.value == "Player 1, slot 4: +5"
    view._on_mouse_move(*g.cell_centre(1, START_COL + 7))
    assert view.info.value == "space 7"
    view._on_mouse_move(*g.cell_centre(2, START_COL - 2))
    assert view.info.value == "Player 3&#x27;s chair on space -2"
    game.play("roll")
    view.refresh()  # the panel follows the game under a pointer that stays put
    assert view.info.value.startswith("Player 3&#x27;s chair")
    view._on_mouse_move(-5, -5)
    assert "Race 1 of 6" in view.info.value


def test_the_shells_panels_show_galopps_facts():
    game = scenario_game(PLAIN, positions=[3, 0, -2])
    view = GaloppView(game, seat=1)
    panel = view.players_panel.value
    assert "Player 1 ◀: 50 coins · +1 +2 +3 +5 · space 3" in panel
    assert "Player 3: 50 coins · +3 +1 +2 +3 · space -2" in panel
    assert view.status.value == "Player 1 to move."  # seat 1 looks on: nothing to do
    assert view.actions.children == () and view.moves.disabled
    game = auction_game(4)
    view = GaloppView(game, seat=0)
    assert "no team yet" in view.players_panel.value and "space" not in view.players_panel.value
    assert "Your hand, Player 1" in view.hand.value and ">+1<" in view.hand.value  # the private card
    assert view.status.value.startswith("Player 1: your turn — bid more than 0")
    assert [b.description for b in view.actions.children] == ["Pass"]
    assert len(view.moves.options) == 51  # 50 bids and the pass


def test_parse_target_refuses_junk():
    assert parse_target("slot:1:4") == ("slot", 1, 4)
    assert parse_target("lane:2:-3") == ("lane", 2, -3)
    assert parse_target("button:roll") == ("button", "roll")
    for junk in ["chair:x", "button:format_disk", "slot:1", 7, None, "x" * 100, "space:"]:
        assert parse_target(junk) is None


# -- draw lists --------------------------------------------------------------------------------

def test_draw_lists_for_a_known_position():
    game = scenario_game(PLAIN, positions=[3, 0, -2])
    view = GaloppView(game, seat=0)
    ops = view.ops()
    g = view.geom
    discs = {}
    fill = None
    for layer, name, args in ops:
        if layer == PIECES and name == "set:fill_style":
            fill = args[0]
        if layer == PIECES and name == "fill_circles":
            for x, y in zip(args[0], args[1], strict=True):
                discs[fill] = g.hit(x, y)
    assert discs[CHAIR_FILL[0]] == (0, START_COL + 3)
    assert discs[CHAIR_FILL[1]] == (1, START_COL)
    assert discs[CHAIR_FILL[2]] == (2, START_COL - 2)
    text = canvas_text(view)
    for label in ["+5", "−2", "Player 3", "50 coins", "R1 ⚑", "R6", "1st", "20 coins", "3rd", "5 coins"]:
        assert label in text, label
    # the race line is said once, in the information panel (the podium's steps carry the prizes)
    assert "Race 1 of 6" not in text and "Race 1 of 6 · goal 15 · prizes 20/10/5" in view.info.value
    # each bearer's label sits in its slot on the board
    labels = [(args[0], view.boards_geom.hit(args[1], args[2])) for layer, name, args in ops
              if layer == PIECES and name == "fill_text" and args[0] in ("+1", "+2", "+3", "+5", "−2")]
    assert ("+5", (0, 3)) in labels and ("−2", (1, 2)) in labels and len(labels) == 12
    # batched: one fill_rects per card kind on the boards, not one call per card
    assert sum(1 for _, name, _ in ops if name == "fill_rect") < 20


def test_static_layer_is_redrawn_only_when_it_changes():
    game = scenario_game(PLAIN)
    view = GaloppView(game, seat=0)
    sent = []
    view.redraw = lambda layers=(0, 1, 2): sent.append(tuple(layers)) or 0
    game.play("roll")
    view.refresh()
    assert sent[-1] == (PIECES, HIGHLIGHTS)


# -- hidden information in the auction ---------------------------------------------------------

def auction_game(players=4, seed=3):
    # seat 0 draws a +1, everybody else a +3: a +3 must never reach seat 0's widgets
    deck = ["+1"] + ["+3"] * (players - 1)
    return nbgames.new_game("galopp_royal", players=players, seed=seed, options={"deck": deck})


@pytest.mark.parametrize("players", [4, 5, 6])
def test_auction_panel_shows_only_the_viewers_private_card(players):
    game = auction_game(players)
    assert game.view(1)["auction"]["my_private"] == ["+3"]
    view = GaloppView(game, seat=0)
    text = all_text(view.widget) + canvas_text(view) + "\n".join(view.event_lines())
    assert "+1" in view.auction.value and "only you see" in view.auction.value
    assert "+3" not in text
    assert "Player 2: 1 card face down" in view.auction.value
    # another seat sees its own +3 and never seat 0's +1
    other = GaloppView(game, seat=1)
    assert "+3" in other.auction.value and "+1" not in all_text(other.widget) + canvas_text(other)


def test_hidden_view_between_hot_seat_players_shows_no_private_card():
    game = auction_game(4)
    view = GaloppView(game, seat=None)
    view.reveal = False
    view.refresh()
    text = all_text(view.widget)
    assert "+1" not in text and "+3" not in text and "hidden" in view.auction.value
    assert "Hand hidden" in view.hand.value and view.status.value == "Player 1 to move."
    assert view.bid_button.disabled and view.control("button:pass") is None and view.moves.disabled


def test_private_cards_become_public_only_when_the_lot_is_won():
    game = auction_game(4)
    view = GaloppView(game, seat=0)
    for notation in ["bid 3", "pass", "pass", "pass"]:
        game.play(notation)
    view.refresh()
    assert "Player 1 wins the lot for 3 coins: +1 +3 +3 +3" in view.event_lines()[-1] or \
        any("wins the lot" in line and "+3" in line for line in view.event_lines())


# -- bidding -------------------------------------------------------------------------------------

def test_bid_slider_is_limited_to_legal_bids_and_buttons_emit_legal_actions():
    game = auction_game(4)
    view = GaloppView(game, seat=0)
    out = chosen(view)
    assert (view.bid_amount.min, view.bid_amount.max) == (1, 50)
    view.bid_amount.value = 7
    assert view.bid_button.description == "Bid 7"
    view.bid_button.click()
    assert [str(a) for a in out] == ["bid 7"]
    game.play("bid 7")
    view.refresh()
    assert view.bid_button.disabled  # seat 1 to move: seat 0's view offers nothing
    game.play("bid 20")
    game.play("pass")
    game.play("pass")
    view.refresh()
    assert (view.bid_amount.min, view.bid_amount.max) == (21, game.view(0)["coins"][0])  # bids up to your coins
    view.control("button:pass").click()
    assert [str(a) for a in out] == ["bid 7", "pass"]


def test_forged_bids_are_ignored():
    game = auction_game(4)
    view = GaloppView(game, seat=0)
    out = chosen(view)
    view._emit_notation("bid 51")
    view._emit_notation("bid -3")
    view._emit_notation("roll")
    with pytest.raises(Exception):  # noqa: B017 - the widget itself refuses a value out of range
        view.bid_amount.value = "lots"
    assert out == []


# -- the schemer ----------------------------------------------------------------------------------

SCHEMERS = [["schemer"] * 4, ["+1", "+2", "+3", "+5"], ["+2", "+2", "+1", "+1"]]


def test_schemer_targets_are_chosen_on_the_course():
    game = scenario_game(SCHEMERS, positions=[0, 4, -2])
    view = GaloppView(game, seat=0)
    out = chosen(view)
    view.control("button:roll").click()
    game.play(out.pop())
    view.refresh()
    assert game.view(0)["phase"] == "scheme" and not view.scheme_plus.disabled
    assert view.confirm_button.disabled
    view.click("chair:1")  # no option chosen yet: explained, nothing selected
    assert "first" in view.info.value and view.selection.scheme_targets == []
    view.scheme_plus.click()
    # seat 2 on -2 cannot be pushed back 2 (pond), but can be pushed back 1 as one of two
    assert view.scheme_candidates() == [1, 2]
    view.click("chair:2")
    assert view.confirm_button.disabled  # "scheme +2 2:-2" is not legal
    g = view.geom
    view._on_mouse_down(*g.cell_centre(1, 3))  # anywhere in seat 1's lane picks seat 1's chair
    assert sorted(view.selection.scheme_targets) == [1, 2] and not view.confirm_button.disabled
    view.click("chair:0")  # own chair: not a target
    assert "cannot be moved" in view.info.value
    view.confirm_button.click()
    assert [str(a) for a in out] == ["scheme +2 1:-1 2:-1"]


def test_schemer_option_minus_with_one_target():
    game = scenario_game(SCHEMERS, positions=[0, 4, -2])
    view = GaloppView(game, seat=0)
    out = chosen(view)
    game.play("roll")
    view.refresh()
    view.scheme_minus.click()
    view.click("chair:2")
    view.confirm_button.click()
    assert [str(a) for a in out] == ["scheme -2 2:+2"]
    assert "Schemer: own chair −2, Player 3 +2" == view.describe(out[0])


# -- the exchange and arranging ---------------------------------------------------------------

def play_until(game, phase, limit=2000):
    import random

    rng = random.Random(5)
    for _ in range(limit):
        if game.view(None)["phase"] == phase:
            return
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError(f"never reached {phase}")


def test_exchange_by_clicking_one_bearer_per_board():
    game = scenario_game(PLAIN, seed=2)
    play_until(game, "exchange")
    chooser = game.view(None)["last_placed"]
    view = GaloppView(game, seat=chooser)
    out = chosen(view)
    assert "placed last" in view.status.value and view.confirm_button.disabled
    assert len(view.moves.options) == 4 ** 3  # every exchange is listed too
    b = view.boards_geom
    view._on_mouse_down(*b.cell_centre(0, 1))
    view._on_mouse_down(*b.cell_centre(1, 3))
    view._on_mouse_down(*b.cell_centre(0, 2))  # another slot on the same board replaces the choice
    assert view.confirm_button.disabled and "2 of 3 boards" in view.info.value
    view._on_mouse_move(*b.cell_centre(2, 0))  # hovering tells what is there and what is chosen
    assert "Player 3, slot 1" in view.info.value and "2 of 3 boards" in view.info.value
    view.click("slot:2:1")
    view.click("slot:2:1")  # clicking it again takes the choice back
    assert view.confirm_button.disabled
    view.click("slot:2:4")
    assert not view.confirm_button.disabled
    view.confirm_button.click()
    assert [str(a) for a in out] == ["exchange 0:3 1:4 2:4"]
    # the chosen slots are marked on the boards
    marks = dict(view.highlight_marks())
    assert "slot:0:3" in marks["refused"]


def test_more_moves_than_a_list_can_hold_are_made_by_clicking_only():
    game = nbgames.new_game("galopp_royal", players=5, seed=3)
    play_until(game, "exchange")
    view = GaloppView(game)
    assert len(game.legal_actions()) == 4 ** 5 and view.moves.options == ()
    assert view.moves.disabled and view.play_selected.disabled


def test_arranging_by_swapping_two_bearers():
    game = nbgames.new_game("galopp_royal", players=3, seed=4)
    play_until(game, "arrange")
    seat = game.to_move
    view = GaloppView(game, seat=seat)
    out = chosen(view)
    board = game.view(seat)["boards"][seat]
    assert view.control("button:keep") is not None and not view.confirm_button.disabled  # identity = keep
    view.click(f"slot:{seat}:1")
    view.click(f"slot:{seat}:3")
    assert view.display_board(seat) == [board[2], board[1], board[0], board[3]]
    view.confirm_button.click()
    assert [str(a) for a in out] == ["arrange 3,2,1,4"]


# -- highlights (the lessons' interface) ------------------------------------------------------

def test_highlight_targets_and_buttons():
    game = scenario_game(PLAIN, positions=[3, 0, -2])
    view = GaloppView(game, seat=0)
    view.highlight(["chair:1", "slot:0:2", "space:5", "lane:0:9", "button:roll", "button:bid", "nonsense"],
                   kind="hint")
    ops = view.highlight_ops()
    rects = [args for layer, name, args in ops if layer == HIGHLIGHTS and name == "stroke_rects"]
    course = {view.geom.hit(x + 5, y + 5) for args in rects for x, y in zip(args[0], args[1], strict=True)}
    boards = {view.boards_geom.hit(x + 5, y + 5) for args in rects for x, y in zip(args[0], args[1], strict=True)}
    assert {(1, START_COL), (0, START_COL + 9), (2, START_COL + 5)} <= course and (0, 1) in boards
    assert len(course - {None}) == 1 + 1 + 3 + 1  # chair, lane cell, a column of 3, the legal chair 0
    roll = view.control("button:roll")
    assert "nbg-hint" in roll._dom_classes and roll.button_style == "warning"
    assert "nbg-hint" in view.bid_button._dom_classes  # a disabled control is pointed at too
    view.highlight([], kind="hint")
    assert "nbg-hint" not in roll._dom_classes and roll.button_style == ""
    assert "hint" not in dict(view.highlight_marks())


# -- animation and the die ------------------------------------------------------------------------

def test_chair_moves_step_by_step_and_the_die_shows_briefly():
    game = scenario_game([["+5"] * 4, ["+1"] * 4, ["+2"] * 4], positions=[2, 0, 0])
    view = GaloppView(game, seat=0)
    clock = Clock()
    view.scheduler = clock
    game.play("roll")
    view.refresh()
    assert view.animating and view.chair_cols()[0] == START_COL + 2
    seen = []
    while view.animating:
        clock.step()
        seen.append(view.chair_cols()[0])
    assert seen == [START_COL + k for k in range(3, 8)]
    assert view._die is not None and "rolled" in view.die.value
    assert any(name == "fill_text" and args[0] == str(game.view(0)["last_roll"]["die"])
               for _, name, args in view.highlight_ops())
    clock.run()
    assert view._die is None and "rolled" in view.die.value  # the text twin stays


def test_without_any_clock_nothing_animates():
    # A fresh thread has no running event loop (Playwright's sync API leaves one in the main
    # thread while a browser fixture is open, and the view would animate on it).
    seen = {}

    def body():
        game = scenario_game(PLAIN)
        view = GaloppView(game, seat=0)
        game.play("roll")
        view.refresh()
        seen["animating"], seen["same"] = view.animating, view.chair_cols() == chair_cols(game.view(0))

    worker = threading.Thread(target=body)
    worker.start()
    worker.join(30)
    assert seen == {"animating": False, "same": True}


def test_set_game_with_more_players_resizes_the_canvas():
    view = GaloppView(scenario_game(PLAIN), seat=0)
    height = view.canvas.height
    view.set_game(nbgames.new_game("galopp_royal", players=6, seed=1))
    assert view.canvas.height > height and view.geom.rows == 6 and view.boards_geom.rows == 6
    assert isinstance(view.widget, widgets.VBox)
    assert np.isfinite(view.boards_geom.height)


# -- keyboard ---------------------------------------------------------------------------------

def test_keyboard_rolls_walks_the_boards_and_undoes():
    game = scenario_game(PLAIN)
    view = GaloppView(game, seat=0)
    out = chosen(view)
    commands = []
    view.on_command(commands.append)
    view._on_key("Enter")  # no cursor yet: Enter plays the only move, the roll
    assert [str(a) for a in out] == ["roll"]
    view._on_key("u")
    view._on_key("r")
    assert commands == ["undo", "redo"]
    view._on_key("ArrowUp")  # from the first board into the last lane: onto its chair
    assert view._cursor == "chair:2" and "Player 3&#x27;s chair on START" in view.info.value
    view._on_key("ArrowRight")
    assert view._cursor == "lane:2:1" and view.info.value == "space 1"
    marks = dict(view.highlight_marks())
    assert marks["cursor"] == ["lane:2:1"]

    game = scenario_game(PLAIN, seed=2)
    play_until(game, "exchange")
    view = GaloppView(game, seat=game.view(None)["last_placed"])
    out = chosen(view)
    view._on_key("ArrowRight")  # the cursor starts on Player 1's board: slot 2
    assert "Player 1, slot 2" in view.info.value
    view._on_key("Enter")
    for _ in range(2):
        view._on_key("ArrowDown")
        view._on_key("Enter")
    assert view.selection.exchange == {0: 1, 1: 1, 2: 1}
    view.confirm_button.click()
    assert [str(a) for a in out] == ["exchange 0:2 1:2 2:2"]
    view._on_key("ArrowUp")  # from the boards up into the course lanes
    for _ in range(5):
        view._on_key("ArrowUp")
    assert view._cursor == "chair:0"
    for _ in range(40):
        view._on_key("ArrowLeft")
    assert view._cursor == "lane:0:-4"  # the pond, the course's left end
