"""New York, rule by rule: one or more tests per rule id (NY-1 … NY-18, V1 … V4)."""

from __future__ import annotations

import collections

import pytest
from newyork_positions import game_at, snapshot

import nbgames
from nbgames.newyork.events import NoPlay, Reshuffle
from nbgames.newyork.rules import DATA, NewYork, square_name


def refused(game, action, rule):
    """Play an illegal action: it must cite `rule` and change nothing."""
    before = snapshot(game)
    with pytest.raises(nbgames.IllegalAction) as info:
        game.play(action)
    assert info.value.rule == rule, info.value
    assert info.value.reason
    assert snapshot(game) == before
    return info.value


def play_setup(game):
    while game.rules.phase == "setup":
        game.play(game.legal_actions()[0])


# -- components -------------------------------------------------------------------------------
def test_ny1_board_is_7x7_with_named_avenues_and_streets():
    view = nbgames.new_game("newyork", 3, seed=0).view(0)
    assert len(view["board"]) == 7 and all(len(row) == 7 for row in view["board"])
    assert view["avenues"][5] == "Park Ave" and view["streets"][4] == "49th St"
    assert square_name(5 * 7 + 4) == "F5"  # Park Ave × 49th St


def test_ny2_deck_has_the_road_cards_and_jokers_and_no_stop_at_start():
    for action_cards in (False, True):
        g = nbgames.new_game("newyork", 4, seed=3, options={"action_cards": action_cards})
        play_setup(g)
        state = g.rules
        cards = collections.Counter(state.deck)
        for hand in state.hands:
            for card, n in enumerate(hand):
                cards[card] += n
        names = {nbgames.newyork.rules.card_name(c): n for c, n in cards.items() if n}
        assert all(names[a] == 4 for a in "ABCDEFG") and all(names[s] == 4 for s in "1234567")
        assert names["R*"] == 5 and names["B*"] == 5
        assert "STOP" not in names
        actions = sum(n for name, n in names.items() if "." in name)
        assert actions == (12 if action_cards else 0)
        if action_cards:
            reds = sum(n for name, n in names.items() if name.endswith(".r"))
            assert reds == 6


@pytest.mark.parametrize("players,pieces,chips,setup", [(3, 25, 8, 8), (4, 20, 6, 6), (5, 15, 5, 5)])
def test_ny3_pieces_chips_and_colours_by_player_count(players, pieces, chips, setup):
    g = nbgames.new_game("newyork", players, seed=1)
    view = g.view(0)
    assert view["chips"] == [chips] * players
    assert view["colours"] == ["red", "blue", "yellow", "green", "black"][:players]
    assert set(view["supply"].values()) == {pieces}
    assert set(view["setup_left"].values()) == {setup}


# -- setup round ------------------------------------------------------------------------------
def test_ny4_setup_starts_with_seat_0_and_goes_clockwise():
    g = nbgames.new_game("newyork", 4, seed=2)
    assert g.view()["phase"] == "setup"
    order = []
    for _ in range(8):
        order.append(g.to_move)
        g.play(g.legal_actions()[0])
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def test_ny4_every_setup_piece_is_placed_then_the_main_round_starts():
    g = nbgames.new_game("newyork", 3, seed=4)
    play_setup(g)
    assert g.rules.phase == "main"
    assert 49 - g.view()["empty_squares"] == 3 * 8


def test_ny5_setup_refuses_a_taken_square_and_a_same_colour_neighbour():
    g = nbgames.new_game("newyork", 3, seed=0)
    g.play("D4")  # red
    g.play("A1")  # blue
    g.play("G7")  # yellow
    refused(g, "D4", "NY-5")                 # taken
    err = refused(g, "D5", "NY-5")           # orthogonal neighbour of red D4
    assert "neighbour" in err.reason
    refused(g, "C4", "NY-5")
    g.play("E5")                             # diagonal is fine


def test_ny5_a_colour_with_no_legal_square_skips_its_remaining_setup_pieces():
    # Red's only empty squares all touch red pieces: red (seat 0) is skipped; blue places.
    board = ["y.r.r.y", ".r.r.r.", "r.r.r.r", ".r.y.r.", "r.r.r.r", ".r.r.r.", "y.r.r.y"]
    g = game_at(board, phase="setup", setup_left={"red": 3, "blue": 2, "yellow": 0}, to_move=1)
    assert not g.rules._can_place_setup(0)
    assert g.to_move == 1
    g.play(g.legal_actions()[0])
    assert g.to_move == 1  # red is skipped, yellow has no pieces left
    g.play(g.legal_actions()[0])
    assert g.rules.phase == "main"


def test_ny6_real_colours_are_dealt_at_random_after_setup():
    changed = 0
    for seed in range(20):
        g = nbgames.new_game("newyork", 3, seed=seed)
        play_setup(g)
        seat_colours = g.view()["seat_colours"]
        assert sorted(c for cs in seat_colours for c in cs) == ["blue", "red", "yellow"]
        changed += seat_colours != [["red"], ["blue"], ["yellow"]]
    assert changed > 5


# -- main round -------------------------------------------------------------------------------
def test_ny7_opening_hands_have_two_red_and_two_blue_and_counts_are_public():
    g = nbgames.new_game("newyork", 5, seed=8)
    play_setup(g)
    for seat in range(5):
        hand = g.view(seat)["hand"]
        reds = sum(1 for c in hand if c in "ABCDEFG" or c == "R*")
        blues = sum(1 for c in hand if c in "1234567" or c == "B*")
        assert reds >= 2 and blues >= 2
        assert g.view(None)["hand_counts"][seat] == {"red": reds, "blue": blues}
    assert g.view(None)["hand"] == [] and g.view(0)["hand"] != g.view(1)["hand"] or True
    assert g.view(None)["hand"] == []


def test_ny8_the_red_player_takes_the_first_turn():
    for seed in range(10):
        g = nbgames.new_game("newyork", 4, seed=seed)
        play_setup(g)
        assert g.view()["seat_colours"][g.to_move] == ["red"]


def test_ny9_a_turn_plays_one_red_and_one_blue_card_then_refills():
    g = game_at(hands=[["C", "3", "E", "6"], ["A", "1", "B", "2"], ["A", "1", "B", "2"]],
                deck=["A", "1", "F"], to_move=0)
    g.play("C3")
    view = g.view(0)
    assert view["board"][2][2] == 0
    assert view["discard_top"] == ["C", "3"]
    assert sorted(view["hand"]) == sorted(["E", "6", "A", "1"])
    assert g.to_move == 1
    assert view["deck_size"] == 1


def test_ny9_cards_not_in_hand_are_refused():
    g = game_at(hands=[["C", "3", "E", "6"], [], []])
    refused(g, "D3", "NY-9")
    refused(g, "*3@C3", "NY-9")
    refused(g, "hello", "NY-9")


def test_ny9_a_joker_names_any_line_and_two_jokers_any_square():
    g = game_at(hands=[["R*", "3", "B*", "E"], [], []])
    legal = set(map(str, g.legal_actions()))
    assert {"*3@A3", "*3@G3", "E*@E1", "**@A1", "**@G7", "E3"} <= legal
    assert "*3@A4" not in legal  # the exact blue card fixes the street
    g.play("**@G7")
    assert g.view(0)["board"][6][6] == 0


def test_ny10_empty_square_gets_a_piece_from_supply():
    g = game_at(hands=[["C", "3", "A", "1"], [], []])
    before = g.view()["supply"]["red"]
    g.play("C3")
    assert g.view()["supply"]["red"] == before - 1


def test_ny10_own_piece_returns_to_supply_without_a_fee():
    board = ["r......", "......."] + ["......."] * 5
    g = game_at(board, hands=[["A", "1", "B", "2"], [], []])
    g.play("A1")
    view = g.view()
    assert view["board"][0][0] is None and view["supply"]["red"] == 25 and view["chips"][0] == 8


# -- eviction fees (NY-11, the seed's worked example) ----------------------------------------
PARK = ["."] * 7


def park_board():
    # Blue owns 4 on Park Ave (row F): F1, F2, F3, F5; and 4 on 38th St (column 2): B2, C2, D2, F2.
    rows = [list(".......") for _ in range(7)]
    for r, c in [(5, 0), (5, 1), (5, 2), (5, 4), (1, 1), (2, 1), (3, 1)]:
        rows[r][c] = "b"
    return ["".join(r) for r in rows]


def test_ny11_fee_is_the_smaller_line_count_including_the_evicted_piece():
    g = game_at(park_board(), hands=[["F", "5", "F", "2"], [], []])
    assert g.rules.fee(5 * 7 + 4) == 1  # Park Ave × 49th St: 4 on Park Ave, 1 on 49th St
    assert g.rules.fee(5 * 7 + 1) == 4  # Park Ave × 38th St: 4 on Park Ave, 4 on 38th St
    g.play("F5")
    view = g.view()
    assert view["chips"] == [7, 9, 8]  # paid 1 to blue
    assert view["board"][5][4] == 0 and view["supply"]["blue"] == 25 - 7 + 1


def test_ny11_fee_of_four_is_paid_to_the_owner():
    g = game_at(park_board(), hands=[["F", "2", "A", "1"], [], []])
    g.play("F2")
    assert g.view()["chips"] == [4, 12, 8]


def test_ny12_a_pair_whose_fee_you_cannot_pay_is_refused():
    g = game_at(park_board(), hands=[["F", "2", "F", "5"], [], []], chips=[3, 8, 8])
    err = refused(g, "F2", "NY-12")
    assert "4" in err.reason
    assert "F5" in map(str, g.legal_actions())


def test_ny12_empty_supply_blocks_empty_and_eviction_but_not_your_own_piece():
    board = ["r.b....", "......."] + ["......."] * 5
    g = game_at(board, hands=[["A", "1", "A", "3", "B", "2"], [], []])
    g.rules.supply[0] = 0  # set through the state for the test only: red's supply is used up
    refused(g, "B2", "NY-12")  # empty square
    refused(g, "A3", "NY-12")  # blue's piece
    g.play("A1")               # own piece: allowed
    assert g.view()["supply"]["red"] == 1


def test_ny12a_joker_or_exact_card_is_the_players_choice():
    g = game_at(hands=[["C", "R*", "3", "A"], [], []], deck=["A", "1", "B", "2"])
    legal = set(map(str, g.legal_actions()))
    assert {"C3", "*3@C3"} <= legal
    g1, g2 = g.clone(), g.clone()
    g1.play("C3")
    g2.play("*3@C3")
    assert "R*" in g1.view(0)["hand"] and "C" not in g1.view(0)["hand"]
    assert "C" in g2.view(0)["hand"] and "R*" not in g2.view(0)["hand"]


def test_ny13_no_playable_pair_reveals_discards_and_redraws():
    board = park_board()
    g = game_at(board, hands=[["F", "F", "2"], [], []], chips=[0, 8, 8], deck=["G", "D", "5", "6"])
    assert [str(a) for a in g.legal_actions()] == ["noplay"]
    g.play("noplay")
    view = g.view(0)
    assert sorted(view["hand"]) == ["5", "6", "D", "G"]
    assert view["discard_size"] == 3
    assert g.to_move == 1
    assert g.events()[-2] == NoPlay(0, ("F", "F", "2"))  # the revealed hand is public


def test_ny13_noplay_is_refused_while_a_pair_is_playable():
    g = game_at(hands=[["A", "1", "B", "2"], [], []])
    refused(g, "noplay", "NY-13")


def test_ny14_empty_draw_pile_reshuffles_the_discard_pile():
    g = game_at(hands=[["A", "1", "B", "2"], [], []], deck=[], discard=["C", "3", "D"])
    g.play("A1")  # the played A and 1 join the discard pile, which becomes the draw pile
    view = g.view(0)
    assert Reshuffle() in g.events()
    assert view["deck_size"] + view["discard_size"] + len(view["hand"]) == 3 + 2 + 2
    reds = sum(c in "ABCD" for c in view["hand"])
    assert reds >= 2 and len(view["hand"]) - reds >= 2


def test_ny14_both_piles_empty_stops_drawing():
    g = game_at(hands=[["A", "1"], [], []], deck=[], discard=[])
    g.play("A1")  # refill reshuffles just A and 1 back, then both piles are empty
    assert sorted(g.view(0)["hand"]) == ["1", "A"]
    assert g.to_move == 1 and not g.is_over


# -- end --------------------------------------------------------------------------------------
def full_board(empties):
    rows = []
    letters = "rby"
    for r in range(7):
        rows.append("".join(letters[(r + c) % 3] for c in range(7)))
    flat = list("".join(rows))
    for sq in empties:
        flat[sq] = "."
    return ["".join(flat[i * 7:(i + 1) * 7]) for i in range(7)]


def test_ny15_stop_cards_go_to_the_discard_pile_at_four_empty_squares_once():
    board = full_board([0, 1, 2, 3, 4])  # 5 empty; A1 empty
    # red plays onto empty A1 -> 4 empty: STOP armed
    g = game_at(board, hands=[["A", "1", "A", "3"], ["A", "2", "A", "4"], []],
                deck=["B", "5", "B", "6", "C", "7"])
    g.play("A1")
    view = g.view()
    assert view["stop_armed"] and view["empty_squares"] == 4
    assert view["discard_size"] == 2 + 2  # the played pair and both STOP cards
    assert view["deck_size"] > 0  # STOP cards are not in the draw pile
    g.play("A2")  # blue plays onto empty -> 3 empty; no second trigger
    assert g.view()["discard_size"] == 4 + 2


def test_ny16_drawing_a_stop_card_ends_the_game_at_once():
    g = game_at(hands=[["A", "1"], [], []], deck=[], discard=["STOP", "STOP"], stop_armed=True)
    g.play("A1")
    assert g.is_over and g.to_move is None
    assert g.view()["stop_drawn_by"] == 0
    refused(g, "A2", "NY-16")
    assert g.legal_actions() == []


# -- scoring ----------------------------------------------------------------------------------
EXAMPLE_BOARD = ["rrrrrrr", "rbbbbbb", "yyyyyyy", "y.r.r.r", "b.b.bbb", "byyy.yy", "rbyrbyy"]


def test_ny17_the_rulebook_example_scores_31_28_30():
    g = game_at(EXAMPLE_BOARD, hands=[[], [], []], chips=[10, 8, 6])
    explained = g.explain_scores()
    assert [e["total"] for e in explained] == [31, 28, 30]
    assert [[p["count"] for p in e["parts"]] for e in explained] == [[8, 5, 10], [6, 8, 8], [8, 8, 6]]
    assert all(p["rule"] == "NY-17" for e in explained for p in e["parts"])
    assert explained[0]["largest_group"] == ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "B1"]


def test_ny17_only_one_group_doubles_when_two_tie():
    board = ["rr.rr..", "......."] + ["......."] * 5
    g = game_at(board, hands=[[], [], []], chips=[0, 0, 0])
    assert g.scores()[0] == 2 * 2 + 2


def test_ny18_highest_total_wins_and_ties_share():
    g = game_at(EXAMPLE_BOARD, hands=[[], [], []], chips=[10, 8, 6])
    assert g.winners() == [0]
    g2 = game_at(EXAMPLE_BOARD, hands=[[], [], []], chips=[9, 8, 7])  # 30, 28, 31
    assert g2.winners() == [2]
    g3 = game_at(EXAMPLE_BOARD, hands=[[], [], []], chips=[9, 8, 6])  # 30, 28, 30
    assert g3.winners() == [0, 2]


# -- variants ---------------------------------------------------------------------------------
def test_v2_colour_choice_picks_before_setup_and_keeps_colours():
    g = nbgames.new_game("newyork", 3, seed=5, options={"colour_choice": True})
    assert g.view()["phase"] == "pick"
    g.play("pick yellow")
    refused(g, "pick yellow", "NY-V2")
    g.play("pick red")
    g.play("pick blue")
    assert g.view()["seat_colours"] == [["yellow"], ["red"], ["blue"]]
    play_setup(g)
    assert g.view()["seat_colours"] == [["yellow"], ["red"], ["blue"]]
    assert g.to_move == 1  # the red player starts


def test_v3_two_players_own_two_colours_and_have_twelve_chips():
    g = nbgames.new_game("newyork", 2, seed=3)
    view = g.view()
    assert view["chips"] == [12, 12] and len(view["colours"]) == 4
    assert all(str(a).endswith(("/r", "/y")) for a in g.legal_actions())
    play_setup(g)
    assert sorted(len(cs) for cs in g.view()["seat_colours"]) == [2, 2]


def test_v3_you_may_not_target_your_other_colour():
    board = ["ry.....", "......."] + ["......."] * 5
    g = game_at(board, hands=[["A", "1", "A", "2"], []], players=2, options={"two_player": True},
                seat_colours=[["red", "yellow"], ["blue", "green"]])
    legal = set(map(str, g.legal_actions()))
    assert "A1/r" in legal and "A1/y" not in legal and "A2/y" in legal and "A2/r" not in legal
    refused(g, "A1/y", "NY-V3")
    g.play("A2/y")
    assert g.view()["board"][0][1] is None  # own yellow piece returned


def test_v3_only_the_colour_with_the_larger_largest_group_scores():
    board = ["rrr.yy.", "......y", "y......"] + ["......."] * 4
    g = game_at(board, hands=[[], []], players=2, options={"two_player": True},
                seat_colours=[["red", "yellow"], ["blue", "green"]], chips=[0, 0])
    explained = g.explain_scores()[0]
    assert explained["colour"] == "red" and explained["total"] == 6  # red 3 → 6; yellow 3+1 → 7 ignored


def test_v4_teams_place_a_teammates_piece_and_still_pay_fees():
    board = ["..y....", "......."] + ["......."] * 5
    g = game_at(board, hands=[["A", "1", "A", "3"], [], [], []], players=4, options={"teams": True})
    legal = set(map(str, g.legal_actions()))
    assert "A1/y" in legal  # seat 2 (yellow) is seat 0's teammate
    assert "A3/y" not in legal  # a teammate's piece only on an empty square
    refused(g, "A3/y", "NY-V4")
    g.play("A3")  # evicting the teammate costs the fee
    assert g.view()["chips"] == [5, 6, 7, 6]


def test_v4_the_team_with_the_higher_sum_wins():
    board = ["rrrr...", "......."] + ["......."] * 5
    g = game_at(board, hands=[[], [], [], []], players=4, options={"teams": True}, chips=[0, 5, 0, 0])
    assert g.scores() == [8, 5, 0, 0]
    assert g.winners() == [0, 2]


def test_options_are_validated():
    for bad in ({"teams": True}, {"two_player": True}, {"colour": "red"}, {"action_cards": 1}):
        with pytest.raises(ValueError):
            nbgames.new_game("newyork", 3, seed=1, options=bad)
    with pytest.raises(ValueError):
        NewYork.normalize_options(2, {"two_player": False})
    assert DATA["house_resolutions"]
