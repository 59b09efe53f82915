"""Set positions (the ``position`` option, which any saved record can carry) are checked
against the rules before a game starts from one, and refusals give the rule that really
applies. Each test here failed before its fix."""

from __future__ import annotations

import pytest
from newyork_positions import EMPTY, game_at, position

import nbgames
from nbgames.newyork.tables import STOP

RECORD = {"format": "nbgames-record", "version": 1, "game": "newyork", "rules_version": "2", "seed": 1,
          "actions": []}


def record_with(pos, players=4):
    return {**RECORD, "players": players, "options": {"position": pos}}


def setup_position(board, players=4, **extra):
    colours = ["red", "blue", "yellow", "green", "black"]
    return {"phase": "setup", "board": board, "seat_colours": [[c] for c in colours[:players]], **extra}


# -- positions that cannot be played on ------------------------------------------------------
RED_17 = ["rrrrrrr", "rrrrrrr", "rrr....", ".......", ".......", ".......", "......."]


def test_a_setup_position_cannot_give_a_colour_more_pieces_than_it_has():
    """NY-3: 17 red pieces on the board and 6 setup pieces to place would leave red -3 pieces."""
    with pytest.raises(ValueError, match="red has 17 pieces on the board and 6 setup pieces"):
        nbgames.new_game("newyork", 4, seed=1, options={"position": setup_position(RED_17)})
    with pytest.raises(nbgames.RecordError, match="red has 17"):
        nbgames.from_record(record_with(setup_position(RED_17)))
    game = nbgames.new_game("newyork", 4, seed=1, options={"position": setup_position(
        RED_17, setup_left={"red": 3})})  # 17 + 3 = all 20 of red's pieces: fine
    assert game.view()["supply"]["red"] == 3


def test_a_setup_position_with_nothing_left_to_place_goes_on_to_the_main_round():
    left = {"red": 0, "blue": 0, "yellow": 0, "green": 0}
    game = nbgames.new_game("newyork", 4, seed=1, options={"position": setup_position(
        ["r.b.y.g"] + EMPTY[1:], setup_left=left)})
    assert game.view()["phase"] == "main" and game.legal_actions()  # NY-6 dealt, NY-7 drawn
    assert sorted(c for cs in game.view()["seat_colours"] for c in cs) == ["blue", "green", "red", "yellow"]


def test_a_setup_position_runs_the_ny5_skip_on_load():
    # Every empty square touches red: red (seat 0, to move) cannot place and is skipped at once.
    board = ["y.r.r.y", ".r.r.r.", "r.r.r.r", ".r.y.r.", "r.r.r.r", ".r.r.r.", "y.r.r.y"]
    game = game_at(board, phase="setup", setup_left={"red": 3, "blue": 2, "yellow": 0}, to_move=0)
    assert game.to_move == 1 and game.legal_actions()


def test_stop_cards_named_in_a_position_are_armed_and_never_added_twice():
    board = ["rbyrbyr", "byrbyrb", "yrbyrby", "rbyrbyr", "byrbyrb", "yrbyrby", "....."[:5] + "by"]
    game = game_at(board, hands=[["G", "1", "A", "2"], ["A", "3", "B", "4"], ["C", "5", "D", "6"]],
                   deck=["E", "6", "F", "7", "STOP", "STOP"])
    assert game.view()["stop_armed"]  # NY-15 has happened: the STOP cards are among the cards
    game.play("G1")  # 4 empty squares now: the NY-15 trigger must not add two more STOP cards
    state = game.rules
    assert state.deck.count(STOP) + state.discard.count(STOP) == 2


@pytest.mark.parametrize("extra, message", [
    ({"deck": ["A", "1", "STOP"], "stop_armed": False}, "stop_armed is false"),
    ({"stop_armed": True}, "no STOP card"),
    ({"hands": [[], [], []], "deck": [], "discard": []}, "no pair could ever be played"),
    ({"hands": [["A", "B"], ["C"], []], "deck": ["D", "E"], "discard": []}, "no pair could ever be played"),
])
def test_a_position_from_which_play_cannot_go_on_is_refused(extra, message):
    pos = position(players=3, **extra)
    with pytest.raises(ValueError, match=message):
        nbgames.new_game("newyork", 3, seed=1, options={"position": pos})
    with pytest.raises(nbgames.RecordError, match=message):
        nbgames.from_record(record_with(pos, players=3))


# -- refusals cite the rule that applies -----------------------------------------------------
def test_a_colour_suffix_in_a_one_colour_game_is_refused_for_the_suffix():
    game = game_at(hands=[["C", "3", "A", "1"], [], []], options={"action_cards": True})
    for text in ("C3/r", "C3/b"):
        error = game.refusal(text)
        assert error.rule == "NY-10" and "suffix" in error.reason, (text, error)  # not NY-12, not V3
    assert game.refusal("C3") is None


def test_v1_noplay_is_allowed_without_a_playable_pair_even_with_an_action_card():
    """NY-13 with V1: no playable pair (two red cards only), a playable Sanierung: both may be
    played; without V1 the only move is noplay; with a playable pair noplay is refused."""
    game = game_at(hands=[["A", "B", "sanierung.r"], [], []], options={"action_cards": True})
    assert sorted(map(str, game.legal_actions())) == ["noplay", "sanierung.r"]
    game.play("noplay")
    assert game.events()[-2].kind == "noplay" and "sanierung.r" in game.events()[-2].cards
    paired = game_at(hands=[["A", "1", "sanierung.r"], [], []], options={"action_cards": True})
    error = paired.refusal("noplay")
    assert error.rule == "NY-13" and "A1" in error.reason
