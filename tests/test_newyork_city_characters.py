"""New York City's characters (NYC-12): every ability of the default set in its phase, paid with
a dollar, once a round; the VP and dollar icons; the end-of-game characters' points."""

from __future__ import annotations

import copy
import re

import pytest
from i18n_support import finished_score_panel
from test_newyork_city_positions import (
    act,
    advance,
    cards,
    give,
    hand_text,
    legal,
    new_rules,
    refusal,
    set_hand,
    set_reserve,
    to_bidding,
)

from nbgames.newyork_city.tables import DEFAULT_DATA

P, D, E, A, V, C, W = range(7)


def at_draft(players=2, seed=1):
    return advance(new_rules(players, seed), lambda r: r.stage == "draft")


def window1(number, seed=1, players=2):
    """Phase 1 after the draft, the seat owning `number` (with 1 dollar) to move."""
    rules = at_draft(players, seed)
    seat = rules.draft_order()[0]
    give(rules, seat, number)
    advance(rules, lambda r: r.stage == "window1")
    assert rules.actor == seat
    return rules, seat


def bidding(number, kind=0, seed=1, dollars=1):
    rules = to_bidding(new_rules(2, seed), kind)
    seat = rules.actor
    give(rules, seat, number, dollars)
    return rules, seat


# -- paying for abilities -------------------------------------------------------------------
def test_nyc_12_an_ability_costs_a_dollar_laid_on_the_character_once_a_round():
    rules, seat = bidding(13)
    set_hand(rules, seat, "DDV")
    act(rules, "use 13 D")
    assert rules.dollars[seat] == 0 and rules.on_chars[seat] == 1
    rules.dollars[seat] = 1
    rule, reason = refusal(rules, "use 13 V")
    assert rule == "NYC-12" and reason.startswith("Character 13") and "used this round" in reason


def test_nyc_12_no_dollar_no_ability_and_each_works_in_its_own_phase():
    rules, seat = bidding(13, dollars=0)
    set_hand(rules, seat, "DP")
    rule, reason = refusal(rules, "use 13 D")
    assert rule == "NYC-12" and "1 dollar" in reason
    give(rules, seat, 24, dollars=1)
    rule, reason = refusal(rules, "use 24")
    assert rule == "NYC-12" and "phase 3" in reason
    rule, reason = refusal(rules, "use 33")
    assert rule == "NYC-12" and "not yours" in reason
    give(rules, seat, 33)
    assert "end of the game" in refusal(rules, "use 33")[1]
    assert refusal(rules, "use 99")[0] == "NYC-6"


def test_nyc_12_vp_only_and_dollar_only_icons_pay_a_dollar_and_gain_at_once():
    data = copy.deepcopy(DEFAULT_DATA)
    data["characters"] += [{"number": 6, "phase": 1, "level": 1, "ability": "icon", "vp": 2},
                           {"number": 9, "phase": 3, "level": 1, "ability": "icon", "dollars": 2}]
    rules = advance(new_rules(2, 1, data), lambda r: r.stage == "draft")
    seat = rules.draft_order()[0]
    give(rules, seat, 6)
    give(rules, seat, 9)
    advance(rules, lambda r: r.stage == "window1")
    act(rules, "use 6")
    assert rules.vp[seat] == 2 and rules.dollars[seat] == 0 and rules.on_chars[seat] == 1
    rules.dollars[seat] = 1
    advance(rules, lambda r: r.stage == "window3" and r.actor == seat)
    act(rules, "use 9")
    assert rules.dollars[seat] == 2


# -- phase 1 ---------------------------------------------------------------------------------
def test_nyc_12_character_1_plus_1_vp_and_redraw_hand_cards():
    rules, seat = window1(1)
    set_hand(rules, seat, "DDV")
    deck = len(rules.deck)
    act(rules, "use 1 DV")
    assert rules.vp[seat] == 1 and rules.hand_size(seat) == 3 and len(rules.deck) == deck - 2
    assert 1 in rules.used[seat] and rules.dollars[seat] == 0


def test_nyc_12_character_2_takes_one_card_from_each_of_two_pairs():
    rules = at_draft()
    seat = rules.actor
    give(rules, seat, 2)
    rules.display[0], rules.display[1] = (P, D), (V, W)
    act(rules, "take 1:D 2:W")
    assert rules.display[0] == (P, V) and rules.display[1] is None  # the rest stays a pair
    assert rules.hand_pub[seat][D] == 1 and rules.hand_pub[seat][W] == 1 and rules.dollars[seat] == 0
    other = rules.actor
    give(rules, other, 4, dollars=0)
    assert refusal(rules, "take 1:P 3:" + rules.T.letter(rules.display[2][0]))[0] == "NYC-12"


def test_nyc_12_character_3_plus_1_vp_and_a_third_reserve_card():
    rules, seat = window1(3)
    act(rules, "use 3")
    assert sum(rules.reserve[seat]) == 3 and rules.vp[seat] == 1
    rules.used[seat].clear()
    rules.dollars[seat] = 1
    rules.todo.insert(0, ("window1", seat))
    rules._run()
    assert "use 3" not in legal(rules)


def test_nyc_12_character_4_takes_two_pairs_in_the_first_lap_and_skips_the_second():
    rules = at_draft(3, seed=2)
    seat = rules.actor
    give(rules, seat, 4)
    act(rules, "take 1+2")
    assert rules.hand_size(seat) == 7 and rules.display[0] is None and rules.display[1] is None
    movers = []
    while rules.stage == "draft":
        movers.append(rules.actor)
        act(rules, legal(rules)[0])
    assert seat not in movers[2:] and len(movers) == 4  # 6 turns, one of them taken already, one skipped


def test_nyc_12_character_4_refused_in_the_second_lap():
    rules = at_draft(2, seed=2)
    act(rules, "take 1")
    act(rules, "take 2")
    seat = rules.actor
    give(rules, seat, 4)
    rule, reason = refusal(rules, "take 3+4")
    assert rule == "NYC-12" and "first lap" in reason


def test_nyc_12_character_5_draws_three_and_discards_two():
    rules, seat = window1(5)
    act(rules, "use 5")
    assert rules.stage == "drop" and rules.hand_size(seat) == 10
    set_hand(rules, seat, "PPPDDVVEEC")
    assert refusal(rules, "drop WW")[0] == "NYC-12"
    act(rules, "drop DE")
    assert hand_text(rules, seat) == "PPPDEVVC"


def test_nyc_12_character_7_trades_a_character_for_one_a_level_higher():
    rules, seat = window1(7)
    give(rules, seat, 13)  # level 1
    assert refusal(rules, "use 7 13>20")[0] == "NYC-12"  # level 4
    act(rules, "use 7 13>14")  # 14 has level 2
    assert 14 in rules.chars[seat] and 13 not in rules.chars[seat] and 13 in rules.pool


def test_nyc_12_character_8_takes_matching_reserve_cards_then_refills():
    rules, seat = window1(8)
    rules.last_pick[seat] = (D, V)
    set_reserve(rules, seat, "VC")
    before = rules.hand(seat, V)
    act(rules, "use 8")
    assert rules.hand(seat, V) == before + 1 and rules.reserve[seat][C] == 1 and sum(rules.reserve[seat]) == 2
    rules2, seat2 = window1(8, seed=3)
    rules2.last_pick[seat2] = (D, D)
    set_reserve(rules2, seat2, "VC")
    assert "use 8" not in legal(rules2)


def test_nyc_12_character_11_replaces_a_black_building_with_your_own():
    rules, seat = window1(11)
    act(rules, f"use 11 {rules.letters[4]}")
    assert rules.neutral[4] == 1 and rules.buildings[4][seat] >= 1 and rules.board[seat] == 3


# -- phase 2 ---------------------------------------------------------------------------------
def test_nyc_12_character_12_plus_1_vp_and_replaces_reserve_cards():
    rules, seat = bidding(12)
    set_reserve(rules, seat, "DV")
    act(rules, "use 12 D")
    assert rules.vp[seat] == 1 and rules.reserve[seat][V] == 1 and sum(rules.reserve[seat]) == 2
    assert rules.discard[-1] == (D, -1)


def test_nyc_12_character_13_one_card_counts_for_this_round():
    rules, seat = bidding(13)
    set_hand(rules, seat, "VW")
    assert refusal(rules, "use 13 W")[0] == "NYC-12"
    act(rules, "use 13 V")
    act(rules, "play W")  # it is a real card: a wild may copy it
    assert rules.bid_value[seat] == 2


def test_nyc_12_character_14_drops_press_spaces_for_wilds():
    rules, seat = bidding(14)
    rules.press[seat] = 3
    set_hand(rules, seat, "P")
    assert "alone" in refusal(rules, "use 14 2")[1]
    act(rules, "play P")
    act(rules, "use 14 2")
    assert rules.press[seat] == 1 and rules.bid_value[seat] == 3


def test_nyc_12_character_15_plays_a_matching_reserve_card_and_refills():
    rules, seat = bidding(15)
    set_hand(rules, seat, "P")
    set_reserve(rules, seat, "PD")
    act(rules, "use 15 P")
    assert rules.bid_value[seat] == 2 and sum(rules.reserve[seat]) == 2 and rules.hand_size(seat) == 0
    rules2, seat2 = bidding(15, seed=2)
    set_hand(rules2, seat2, "D")
    set_reserve(rules2, seat2, "DV")
    act(rules2, "use 15 D")  # another kind: the two identical cards count as one
    assert rules2.bid_value[seat2] == 1


def test_nyc_12_character_18_plus_1_dollar_and_bids_last():
    rules, seat = bidding(18)
    other = rules.bid_order[1]
    act(rules, "use 18")
    assert rules.dollars[seat] == 1 and rules.actor == other and rules.bid_order == [other, seat]
    act(rules, "pass")
    assert rules.actor == seat and "use 18" not in legal(rules)


def test_nyc_12_character_19_doubles_the_vp_cards_in_the_vp_round():
    rules, seat = bidding(19, kind=0)
    assert "VP bidding round" in refusal(rules, "use 19")[1]
    rules, seat = bidding(19, kind=4)
    set_hand(rules, seat, "VV")
    act(rules, "use 19")
    act(rules, "play V")
    act(rules, "play V")
    act(rules, "done")
    act(rules, "pass")
    assert rules.vp[seat] == 2 * 2 + 1  # the cards doubled, the most-cards bonus not


def test_nyc_12_character_20_one_card_counts_as_two():
    rules, seat = bidding(20)
    set_hand(rules, seat, "A")
    act(rules, "use 20 A")
    assert rules.bid_value[seat] == 2


def test_nyc_12_character_21_builds_one_more_from_stock_in_construction():
    rules, seat = bidding(21, kind=5)
    set_hand(rules, seat, "C")
    mayor = rules.mayor
    stock, built = rules.stock[seat], rules.buildings[mayor][seat]
    act(rules, "use 21")
    act(rules, "play C")
    act(rules, "done")
    act(rules, "pass")
    assert rules.buildings[mayor][seat] == built + 3 and rules.stock[seat] == stock - 1  # 1 + bonus, + 1


def test_nyc_12_character_22_takes_up_to_two_played_cards_back():
    rules, seat = bidding(22)
    set_hand(rules, seat, "PPW")
    act(rules, "use 22")
    act(rules, "play P")
    act(rules, "play P")
    act(rules, "play W")
    act(rules, "done")
    assert rules.stage == "back" and rules.actor == seat
    assert refusal(rules, "back PPW")[0] == "NYC-12"
    act(rules, "back PW")
    assert hand_text(rules, seat) == "PW" and rules.bid_value[seat] == 3
    act(rules, "pass")
    assert rules.press[seat] == 4  # the bid still counted: 3 + 1


# -- phase 3 ---------------------------------------------------------------------------------
def window3(number, seed=1):
    rules, seat = bidding(number, kind=5, seed=seed)
    advance(rules, lambda r: r.stage == "window3")
    assert rules.actor == seat
    return rules, seat


def test_nyc_12_character_24_plus_1_vp_and_a_building_from_stock():
    rules, seat = window3(24)
    vp, board = rules.vp[seat], rules.board[seat]
    act(rules, "use 24")
    assert (rules.vp[seat], rules.board[seat]) == (vp + 1, board + 1)


def test_nyc_12_character_26_plus_1_press_and_a_building_from_stock():
    rules, seat = window3(26)
    press, board = rules.press[seat], rules.board[seat]
    act(rules, "use 26")
    assert (rules.press[seat], rules.board[seat]) == (press + 1, board + 1)


@pytest.mark.parametrize("players, rank, steps", [(2, 2, 3), (2, 1, 1), (3, 3, 3), (4, 2, 2)])
def test_nyc_12_character_27_press_up_by_rank(players, rank, steps):
    rules = new_rules(players, seed=1)
    seat = rules.press_order()[rank - 1]
    give(rules, seat, 27)
    rules.stage, rules.actor = "window3", seat
    rules.todo.insert(0, ("window3", seat))
    act(rules, "use 27")
    assert rules.press[seat] == steps


# -- end of game ------------------------------------------------------------------------------
def empty_city(players=2):
    rules = new_rules(players, seed=0)
    rules.buildings = [[0] * players for _ in range(6)]
    rules.chars = [[] for _ in range(players)]
    rules.dollars = [0] * players
    rules.board = [0] * players
    return rules


def end_points(rules, seat, number):
    rules.chars[seat].append(number)
    return {p.get("character"): p["points"] for p in rules.explain_scores()[seat]["parts"]}[number]


@pytest.mark.parametrize("number", [28, 29, 30, 31, 32])
def test_nyc_12_characters_28_to_32_a_vp_per_building_where_their_lantern_burns(number):
    rules = empty_city()
    colour = rules.T.characters[number].lantern
    for d in range(6):
        rules.buildings[d][0] = d + 1
    expected = sum(d + 1 for d in range(6) if colour in rules.T.lanterns_of[d])
    assert 0 < expected < 21 and end_points(rules, 0, number) == expected


def test_nyc_12_character_33_half_the_press_position_rounded_up():
    rules = empty_city()
    rules.press[0] = 7
    assert end_points(rules, 0, 33) == 4


def test_nyc_12_character_34_two_vp_per_reserve_card_of_one_kind():
    rules = empty_city()
    rules.reserve[0] = cards("DDDVW")
    assert end_points(rules, 0, 34) == 6  # the best kind: three D; a wild is no kind


def test_nyc_12_character_35_two_vp_per_district_with_three_of_yours():
    rules = empty_city()
    for d, count in enumerate([3, 2, 4, 3, 0, 1]):
        rules.buildings[d][0] = count
    assert end_points(rules, 0, 35) == 6


@pytest.mark.parametrize("number", [37, 38, 39])
def test_nyc_12_characters_37_to_39_five_vp_per_set_of_two_vehicles(number):
    rules = empty_city()
    a, b = rules.T.characters[number].vehicles
    rules.vehicles[0][a], rules.vehicles[0][b] = 2, 1
    assert end_points(rules, 0, number) == 5


@pytest.mark.parametrize("number", [40, 41, 42])
def test_nyc_12_characters_40_to_42_six_vp_per_vehicle_with_a_dollar_or_building(number):
    rules = empty_city()
    (colour,) = rules.T.characters[number].vehicles
    rules.vehicles[0][colour] = 2
    rules.dollars[0] = 1
    assert end_points(rules, 0, number) == 6
    rules.board[0] = 3
    assert end_points(rules, 0, number) == 12


def test_nyc_12_character_2_refusals_name_the_character():
    rules = at_draft()
    seat = rules.actor
    give(rules, seat, 2)
    rules.display[0], rules.display[1] = (P, D), (V, W)
    rule, reason = refusal(rules, "take 1:V 2:W")
    assert rule == "NYC-12" and reason.startswith("Character 2:") and "pair it is named with" in reason
    assert refusal(rules, "take 1:P 9:W")[1].startswith("Character 2: There is no pair 9")
    rules.chars[seat].remove(2)
    assert "do not have" in refusal(rules, "take 1:P 2:W")[1]


def test_nyc_12_a_face_down_discard_does_not_tell_which_card_went():
    """Character 1 redraws unseen: whether the drafted D or a dealt card went, the others now
    know only what is certain to be left (one discard: one fewer of each known kind)."""
    views = []
    for discarded in ("D", "V"):
        rules, seat = window1(1, seed=5)
        rules.hand_pub[seat], rules.hand_sec[seat] = cards("DDA"), cards("VV")
        act(rules, f"use 1 {discarded}")
        views.append(rules.view(1 - seat)["seats"][seat]["known_hand"])
    assert views[0] == views[1] == {"D": 1}


def test_nyc_10_a_swap_in_the_phase_1_window_changes_what_character_8_takes():
    """The reserve may be swapped in the phase-1 window too, before character 8 looks at it."""
    rules, seat = window1(8)
    rules.last_pick[seat] = (D, V)
    set_reserve(rules, seat, "PC")
    set_hand(rules, seat, "DVA")
    assert rules.stage == "window1" and "use 8" not in legal(rules)  # no reserve card matches D or V
    act(rules, "swap A>P")
    assert "use 8" not in legal(rules)
    act(rules, "swap D>C")  # a D is in the reserve now: 8 takes it back and refills
    assert rules.reserve[seat] == cards("AD") and "use 8" in legal(rules)
    act(rules, "use 8")
    assert rules.hand(seat, D) == 1 and rules.reserve[seat][A] == 1 and sum(rules.reserve[seat]) == 2


def test_nyc_9_the_phase_1_refusal_suggests_only_characters_the_seat_holds():
    rules, seat = window1(8)
    rules.last_pick[seat] = (D, V)
    set_reserve(rules, seat, "DC")
    rule, reason = refusal(rules, "take 1")
    assert rule == "NYC-9" and "'use 8'" in reason and "use 3" not in reason
    assert all(f"use {n}" not in reason for n in range(1, 43) if n not in rules.chars[seat])
    rules3, seat3 = window1(3, seed=3)
    reason = refusal(rules3, "hire 14")[1]
    assert "'use 3'" in reason and "use 8" not in reason


def test_an_end_characters_score_line_cites_its_rule_once():
    """"character 29: 3 points [NYC-12]": the line names the character, the bracket the rule
    (it read "[NYC-12 (29)]", the number twice and brackets in brackets)."""
    for seed in range(20):
        _, table, lines = finished_score_panel("newyork_city", 4, seed=seed, lang="en", moves_seed=seed)
        characters = [line for line in lines if re.match(r"character \d+:", line)]
        if characters:
            break
    assert characters, "no random game ended with an end-of-game character"
    assert all(re.fullmatch(r"character \d+: \d+ points? \[NYC-12\]", line) for line in characters), characters
    assert "NYC-12 (" not in table
