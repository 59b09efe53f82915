"""The Galopp Royal choices that take several clicks, without any widget: the schemer's option
and chairs, one bearer per board for the exchange, swapping bearers to arrange a team."""

from __future__ import annotations

import subprocess
import sys

from test_galopp_view import play_until
from test_galopp_view import scenario_game as scenario

import nbgames
from nbgames.galopp_royal.selection import Selection


def at(game, seat=None):
    seat = game.to_move if seat is None else seat
    selection = Selection()
    selection.update(game.view(seat), game.legal_actions())
    return selection


SCHEMERS = [["schemer"] * 4, ["+1", "+2", "+3", "+5"], ["+2", "+2", "+1", "+1"], ["+1"] * 4]


def test_the_selection_needs_no_widgets():
    code = ("import sys, nbgames.galopp_royal.selection, nbgames.galopp_royal.text;"
            "print('ipywidgets' in sys.modules, 'ipycanvas' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_schemer_option_then_at_most_two_chairs_then_the_legal_action():
    game = scenario(SCHEMERS, [0, 4, -2, 1])
    game.play("roll")
    sel = at(game)
    assert sel.click(("chair", 1)).lines == ["Choose the schemer's option (+2 or −2) first."]
    assert sel.selected() is None
    sel.choose_scheme_option(1)
    assert sel.scheme_candidates() == [1, 2, 3]  # seat 2 on −2 may only go back 1, in a pair
    for seat in (2, 1, 3):
        sel.click(("chair", seat))
    assert sel.scheme_targets == [1, 3] and str(sel.selected()) == "scheme +2 1:-1 3:-1"
    sel.click(("chair", 1))  # clicking a chosen chair again takes it back
    assert str(sel.selected()) == "scheme +2 3:-2"
    sel.click(("lane", 1, 9))  # anywhere in a chair's lane picks that chair
    assert sel.scheme_targets == [3, 1]
    sel.click(("lane", 1, -4))
    assert "cannot be moved" in sel.click(("chair", 0)).lines[0]  # the schemer's own chair
    sel.choose_scheme_option(-1)
    assert sel.scheme_targets == [3] and str(sel.selected()) == "scheme -2 3:+2"
    assert ("hint", ["chair:3"]) in sel.marks()


def test_exchange_one_bearer_per_board():
    game = scenario([["+1", "+2", "+3", "+5"], ["+2"] * 4, ["+3"] * 4], [0, 0, 0], seed=2)
    play_until(game, "exchange")
    sel = at(game)
    sel.click(("slot", 0, 2))
    sel.click(("slot", 1, 4))
    reply = sel.click(("slot", 0, 3))  # another slot of the same board replaces the choice
    assert "2 of 3 boards" in reply.lines[-1] and sel.selected() is None
    sel.click(("slot", 2, 1))
    assert str(sel.selected()) == "exchange 0:3 1:4 2:1"
    sel.click(("slot", 2, 1))
    assert sel.selected() is None and sel.exchange == {0: 2, 1: 3}
    assert dict(sel.marks())["refused"] == ["slot:0:3", "slot:1:4"]


def test_arranging_by_swaps_shows_the_new_order_before_it_is_played():
    game = nbgames.new_game("galopp_royal", players=3, seed=4)
    play_until(game, "arrange")
    seat = game.to_move
    board = game.view(seat)["boards"][seat]
    sel = at(game)
    assert str(sel.selected()) == "keep"
    sel.click(("slot", seat, 1))
    reply = sel.click(("slot", seat, 4))
    assert reply.boards_changed and sel.boards_shown()[seat] == [board[3], board[1], board[2], board[0]]
    assert str(sel.selected()) == "arrange 4,2,3,1"
    assert game.view(seat)["boards"][seat] == board  # nothing is played by choosing
    # what is said about the clicked slot is read after the swap: the bearer now there
    sel.click(("slot", seat, 2))
    reply = sel.click(("slot", seat, 3), lambda: f"slot 3: {sel.boards_shown()[seat][2]}")
    assert reply.lines == [f"slot 3: {board[1]}"]


def test_a_schemers_choice_the_rules_refuse_is_named_for_the_view_to_explain():
    game = scenario(SCHEMERS, [0, 4, -2, 1])
    game.play("roll")
    sel = at(game)
    assert sel.refused() is None  # nothing chosen yet
    sel.choose_scheme_option(1)
    sel.click(("chair", 2))  # on -2: back 2 alone would drop it into the pond
    assert str(sel.refused()) == "scheme +2 2:-2" and sel.selected() is None
    assert game.refusal(sel.refused()).rule == "GR-11"
    sel.click(("chair", 1))  # two chairs back 1 each: legal
    assert sel.refused() is None and str(sel.selected()) == "scheme +2 1:-1 2:-1"


def test_a_click_on_your_own_chair_rolls_and_a_new_decision_forgets_choices():
    game = scenario(SCHEMERS, [0, 4, -2, 1])
    sel = at(game)
    assert str(sel.click(("chair", 0)).action) == "roll"
    assert sel.click(("chair", 2), lambda: "Player 3's chair on space -2").lines == ["Player 3's chair on space -2"]
    game.play("roll")
    sel.update(game.view(0), game.legal_actions())
    sel.choose_scheme_option(1)
    sel.click(("chair", 1))
    sel.update(game.view(0), game.legal_actions())  # the same decision: kept
    assert sel.pending
    game.play(sel.selected())
    sel.update(game.view(0), [])  # another seat to move: nothing to choose
    assert not sel.pending and sel.click(("chair", 1)) is None and sel.marks() == []
