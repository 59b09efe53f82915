"""New York variant V1: the five action cards."""

from __future__ import annotations

import pytest
from newyork_positions import game_at, snapshot

import nbgames

V1 = {"action_cards": True}


def refused(game, action, rule):
    before = snapshot(game)
    with pytest.raises(nbgames.IllegalAction) as info:
        game.play(action)
    assert info.value.rule == rule, info.value
    assert snapshot(game) == before


def test_v1_sanierung_clears_the_centre_and_players_refill_it_clockwise():
    board = [".......", ".......", "...b...", "..yrb..", "...y...", ".......", "......."]
    g = game_at(board, hands=[["sanierung.r", "A", "1", "B", "2"], [], []], options=V1,
                deck=["C", "3"])
    g.play("sanierung.r")
    view = g.view()
    assert all(view["board"][r][c] is None for r, c in [(2, 3), (3, 2), (3, 3), (3, 4), (4, 3)])
    assert view["supply"] == {"red": 25, "blue": 25, "yellow": 25}
    fillers = []
    while g.view()["pending"]:
        fillers.append(g.to_move)
        g.play(g.legal_actions()[0])
    assert fillers == [0, 1, 2, 0, 1]
    assert g.to_move == 1  # then the next player's turn
    assert sorted(g.view(0)["hand"]) == ["1", "2", "A", "B"]  # already 2 + 2: no refill


def test_v1_ruine_clears_the_corners_and_skips_players_without_supply():
    board = ["r.....y", ".......", ".......", ".......", ".......", ".......", "y.....r"]
    g = game_at(board, hands=[["ruine.b", "A", "1", "B", "2"], [], []], options=V1)
    g.rules.supply[1] = 0  # blue has no pieces left (set on the state for this test)
    g.play("ruine.b")
    fillers = []
    while g.view()["pending"]:
        fillers.append(g.to_move)
        g.play(g.legal_actions()[0])
    assert fillers == [0, 2, 0, 2]
    refused_square = g.view()["board"]
    assert all(refused_square[r][c] is not None for r, c in [(0, 0), (0, 6), (6, 0), (6, 6)])


def test_v1_spekulation_needs_a_player_with_eight_pieces():
    board = ["bbbbbbb", "b......"] + ["......."] * 5
    g = game_at(board, hands=[["spekulation.r", "A", "1", "B", "2"], [], []], options=V1)
    legal = set(map(str, g.legal_actions()))
    assert "spekulation.r>1" in legal and "spekulation.r>2" not in legal
    refused(g, "spekulation.r>2", "NY-V1")
    g.play("spekulation.r>1")
    assert g.to_move == 1  # blue chooses which piece to give up
    refused(g, "remove C3", "NY-V1")
    g.play("remove A4")
    view = g.view()
    assert view["board"][0][3] == 0 and view["supply"]["blue"] == 25 - 8 + 1
    assert g.to_move == 1  # the card's player's turn ended; next seat


def test_v1_baulowe_takes_another_players_piece_in_the_line_without_a_fee():
    board = ["..bb...", "......."] + ["......."] * 5
    g = game_at(board, hands=[["baulowe.b", "A", "1", "B", "2"], [], []], options=V1)
    legal = set(map(str, g.legal_actions()))
    assert {"baulowe.b+A@A3", "baulowe.b+A@A4"} <= legal
    assert "baulowe.b+A@A1" not in legal  # empty: Baulöwe only takes pieces
    refused(g, "baulowe.b+A@A1", "NY-V1")
    g.play("baulowe.b+A@A4")
    view = g.view()
    assert view["board"][0][3] == 0 and view["chips"] == [8, 8, 8]


def test_v1_statik_the_player_with_most_pieces_gives_one_up_and_ties_are_chosen():
    board = ["bbyy...", "......."] + ["......."] * 5
    g = game_at(board, hands=[["statik.b", "A", "1", "B", "2"], [], []], options=V1)
    legal = set(map(str, g.legal_actions()))
    assert {"statik.b+A>1", "statik.b+A>2"} <= legal and "statik.b+A" not in legal
    g.play("statik.b+A>2")
    assert g.to_move == 2
    refused(g, "remove A1", "NY-V1")  # not yellow's piece
    g.play("remove A3")
    assert g.view()["board"][0][2] == 0


def test_v1_statik_without_other_pieces_in_the_line_has_no_effect():
    g = game_at(hands=[["statik.r", "1", "A", "2"], [], []], options=V1)
    g.play("statik.r+1")
    assert g.view()["empty_squares"] == 49 and g.to_move == 1


def test_v1_action_cards_are_refused_without_the_variant():
    g = game_at(hands=[["A", "1", "B", "2"], [], []])
    refused(g, "sanierung.r", "NY-V1")


def test_v1_random_games_with_action_cards_end_and_replay():
    for seed in range(15):
        g = nbgames.new_game("newyork", 4, seed=seed, options=V1)
        bot = nbgames.RandomBot(seed)
        while not g.is_over:
            g.play(bot.choose(g))
        again = nbgames.from_record(g.to_record())
        assert again.view(0) == g.view(0) and again.scores() == g.scores()
